// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/recentfiles.h"

#include <QFileInfo>
#include <QSettings>

namespace app {

namespace {
const QString kKey = QStringLiteral("files/recent");
}

QStringList RecentFiles::list()
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = list();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxEntries)
        files.removeLast();
    QSettings().setValue(kKey, files);
}

void RecentFiles::remove(const QString& path)
{
    QStringList files = list();
    files.removeAll(path);
    QSettings().setValue(kKey, files);
}

void RecentFiles::clear()
{
    QSettings().remove(kKey);
}

} // namespace app
