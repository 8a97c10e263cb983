// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The time strip of the collective view: one segment per step, as wide as the step's share of the time
// (every step stays wide enough to see and click), coloured by phase, with the playhead on it.

#include "collectives/collectivescene.h"

#include <QRectF>
#include <vector>

class QPainter;

namespace widgets {

// The bar the segments sit in, inside the strip's `area`.
QRectF timeStripBar(const QRectF& area);
// Each step's segment; empty without a trace or a time for every step.
std::vector<QRectF> timeStripSegments(const CollectiveScene& scene, const QRectF& area);
void paintTimeStrip(QPainter& painter, const CollectivePaintContext& context, const QRectF& area);

} // namespace widgets
