// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The traffic paths the cluster canvas draws over the GPUs: the hovered rank's groups, every dimension in
// its own colour, along the route their traffic takes through the drawn network; else the selected group's;
// else, by example, rank 0's group of the coloured dimension where it crosses between nodes.

#include "cluster/clusteritems.h"

#include <vector>

namespace widgets {

std::vector<OverlayItem::Path> trafficPaths(const ClusterViewState& state);

} // namespace widgets
