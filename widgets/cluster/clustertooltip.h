// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The cluster canvas's tooltip: the node under the pointer (its GPUs and link), and on a GPU its type and
// slot, its rank with the coordinates in every dimension, its memory and what it sends per step.

#include "cluster/clusteritems.h"

#include <QPointF>
#include <QString>

namespace widgets {

// Rich text for the point `scenePos`; empty off every node.
QString clusterToolTip(const ClusterViewState& state, QPointF scenePos);

} // namespace widgets
