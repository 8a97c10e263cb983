// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/savefile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace app {

bool saveFileAtomically(const QString& path, const QByteArray& contents, QString* error)
{
    QSaveFile file(path);
    auto fail = [&](const QString& what) {
        if (error)
            *error = QCoreApplication::translate("SaveFile", "Cannot save %1: %2").arg(path, what);
        file.cancelWriting();
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (file.write(contents) != contents.size())
        return fail(file.errorString());
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace app
