// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The topology of the collective view: the ranks as discs on a ring (in bands per node), or the two trees
// of the double binary tree, every link the collective uses, and the shown step's links with their
// packets.

#include "collectives/collectivescene.h"

#include <QRectF>

class QPainter;

namespace widgets {

void paintTopology(QPainter& painter, const CollectivePaintContext& context, const QRectF& area);

} // namespace widgets
