// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every file Meshwright writes goes through here: QSaveFile writes to a temporary file and renames it
// over the target only when everything was written, so a failed save never destroys the old file.

#include <QByteArray>
#include <QString>

namespace app {

// On failure returns false and sets `error` to a sentence naming the path and the reason.
bool saveFileAtomically(const QString& path, const QByteArray& contents, QString* error);

} // namespace app
