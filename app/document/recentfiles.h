// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The recently opened or saved designs, newest first, kept in the settings.

#include <QStringList>

namespace app {

class RecentFiles
{
public:
    static constexpr int kMaxEntries = 8;
    static QStringList list();
    static void add(const QString& path);
    static void remove(const QString& path);
    static void clear();
};

} // namespace app
