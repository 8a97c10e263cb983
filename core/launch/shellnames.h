// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A shell variable's name as bash reads it: a letter or '_', then letters, digits and '_' (the readers of
// launchreader.cpp and shellarithmetic.cpp). Internal to core.

namespace core::launch {

inline bool isShellNameStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

inline bool isShellNameChar(char c)
{
    return isShellNameStart(c) || (c >= '0' && c <= '9');
}

} // namespace core::launch
