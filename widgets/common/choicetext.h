// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Short names of the design's choices in the user's language, for tables and summaries that list a
// layout's settings ("selective", not the file's "Selective"). The Layout panel's longer texts are its own.

#include "design/layout.h"

#include <QString>

namespace widgets {

// "1F1B", "Interleaved 1F1B", … (the Timeline tab first named them).
QString scheduleName(core::Schedule schedule);
QString recomputeName(core::Recompute recompute);

} // namespace widgets
