// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The cluster canvas's context menu: what can be done to the selected GPUs and the node under the pointer
// (out of service and back, remove, duplicate, the intra-node link), the fabric between the nodes, the
// placement and the view. Every entry ends in one of the canvas's intents (clusterEditRequested,
// fieldEdited) or a view action; the menu changes nothing itself.

#include "cluster/clustergeometry.h"
#include "cluster/clusteritems.h"

#include <vector>

class QMenu;

namespace widgets {

class ClusterCanvas;

// Fills `menu` for a right-click at `hit`; `selectedGpus` are the GPUs the GPU entries act on (sorted ids,
// the right-clicked GPU among them). The state must hold a snapshot.
void fillClusterMenu(QMenu& menu, ClusterCanvas& canvas, const ClusterViewState& state,
                     ClusterGeometry::Hit hit, const std::vector<int>& selectedGpus);

} // namespace widgets
