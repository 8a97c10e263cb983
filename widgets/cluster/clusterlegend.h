// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The key of the cluster canvas: what its colours mean in the current mode (the groups of a dimension in
// shades of its accent, or, where those groups lie scattered over nodes, each GPU's position in its group
// in the stage colours), the memory bar at each GPU's foot, and a note when an edit switched the mode.
// Also the dimension a design is first shown in.

#include "design/design.h"

#include <QString>

namespace widgets {

class ClusterCanvas;

// One line of rich text for the canvas as it is drawn now.
QString colourLegendText(const ClusterCanvas& canvas);
// Said once after an edit that made the canvas switch between colouring by group and by position.
QString colouringSwitchNote(core::Dim dim, bool nowByPosition);
// The dimension that tells a design's story: EP for expert-parallel designs, DP for sharded data
// parallelism without model splits, otherwise the first split the design makes (TP, PP, CP), DP last.
core::Dim storyDimension(const core::ParallelLayout& layout);

} // namespace widgets
