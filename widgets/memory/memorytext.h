// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the memory categories are called and coloured, in every memory view alike.

#include "memory/memory.h"
#include "common/unitstext.h"

#include <QColor>
#include <QString>

namespace widgets {

QString categoryName(core::MemoryCategory category);
QColor categoryColor(core::MemoryCategory category);

} // namespace widgets
