// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The legend of the collective view: a swatch per rank colour, and what stripes, frames, numbers and the
// orange packets mean for the operation shown.

#include "collectives/collectivescene.h"

#include <QRectF>

class QPainter;

namespace widgets {

// Lays the legend out from the top of `area`, drawing it when `painter` is given, and returns the height
// it takes: the view measures with it first, so that its geometry leaves room for every line.
double layoutCollectiveLegend(QPainter* painter, const CollectivePaintContext& context, const QRectF& area);

} // namespace widgets
