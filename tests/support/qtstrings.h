// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A QStringList from UTF-8 literals, for tables of expected texts.

#include <QString>
#include <QStringList>
#include <initializer_list>

namespace testing {

inline QStringList strings(std::initializer_list<const char*> texts)
{
    QStringList out;
    for (const char* text : texts)
        out << QString::fromUtf8(text);
    return out;
}

} // namespace testing
