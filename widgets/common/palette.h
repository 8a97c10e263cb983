// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every colour the views use, named by what it means, so that one colour says one thing in every view
// (the legend of one view is the legend of all). Views take their colours from here and from
// groupcolors.h (which picks among the group hues); no view writes a literal colour.

#include <QColor>

namespace widgets::palette {

// Text, frames and backgrounds shared by every view.

// Cluster canvas (widgets/cluster).

// Collectives (widgets/collectives).

// Timeline and plots (widgets/timeline, widgets/performance).

// Memory (widgets/memory).

// Learn views (widgets/teaching).

} // namespace widgets::palette
