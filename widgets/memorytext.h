#pragma once

// How the memory categories are called and coloured, in every memory view alike.

#include "memory.h"
#include "unitstext.h"

#include <QColor>
#include <QString>

namespace widgets {

QString categoryName(core::MemoryCategory category);
QColor categoryColor(core::MemoryCategory category);

} // namespace widgets
