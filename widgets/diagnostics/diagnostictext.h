// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Core diagnostics in the user's language: the message template is translated in the context
// "Diagnostics" (the core marks every template with MW_TR_NOOP), then the arguments are filled in.

#include "base/diagnostic.h"

#include <QIcon>
#include <QString>

namespace widgets {

QString diagnosticMessage(const core::Diagnostic& diagnostic);
QString severityText(core::Severity severity);
QIcon severityIcon(core::Severity severity);

} // namespace widgets
