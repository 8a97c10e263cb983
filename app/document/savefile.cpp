// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/savefile.h"

#include <QCoreApplication>
#include <QSaveFile>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <unistd.h>
#endif

namespace app {

bool saveFileAtomically(const QString& path, const QByteArray& contents, QString* error)
{
    QSaveFile file(path);
    auto fail = [&](const QString& what) {
        if (error)
            *error = QCoreApplication::translate("SaveFile", "Cannot save %1: %2").arg(path, what);
        file.cancelWriting(); // removes the temporary file; the old file stays as it was
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (file.write(contents) != contents.size())
        return fail(file.errorString());
    // Qt 6.4's commit() flushes its buffer itself but reports success even when that flush failed (a
    // full disk: ENOSPC, then the rename anyway), which leaves an empty file in place of the old one.
    // So the buffer is flushed and checked here, before commit() is asked to rename anything.
    if (!file.flush() || file.error() != QFileDevice::NoError)
        return fail(file.errorString());
#ifdef Q_OS_UNIX
    // The data on the disk before the rename makes it visible: after a crash, the old file or the new
    // one, never an empty one (ext4 and XFS do not promise the order otherwise).
    if (::fsync(file.handle()) != 0)
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
#endif
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace app
