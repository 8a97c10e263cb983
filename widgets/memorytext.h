#pragma once

// How the memory categories are called and coloured, in every memory view alike.

#include "memory.h"

#include <QColor>
#include <QString>

namespace widgets {

QString categoryName(core::MemoryCategory category);
QColor categoryColor(core::MemoryCategory category);
// "72.3 GB", in decimal units as the seed writes them.
QString bytesText(double bytes);

} // namespace widgets
