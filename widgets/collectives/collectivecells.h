// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The chunk cells of the collective view: one cell per chunk of a rank's buffer, striped in the colours of
// the ranks whose data it holds, with a text saying which (cellTexts in collectivegeometry.h). Packets in
// flight are drawn the same way, so that a packet looks like the cell it leaves.

#include "collectives/collectivescene.h"

#include <QColor>
#include <QRectF>
#include <QStringList>
#include <vector>

class QPainter;

namespace widgets {

// Rank colours: distinct hues for up to 16 ranks (the group hues first, then evenly spaced).
QColor rankColor(int rank, int ranks);

// Vertical stripes, one per contributor in `who`, in rank order, clipped to a rounded rect.
void paintStripes(QPainter& painter, const QRectF& rect, const std::vector<int>& who, int ranks,
                  double radius);
// The first of `texts` that fits the rect, as large as fits, on a light pill that reads on any stripe.
void paintCellText(QPainter& painter, const QRectF& rect, const QStringList& texts, const QFont& base);
// Cell `slot` of `rank` in `state`: dashed when empty, striped otherwise, a finished sum framed; `faded`
// for a slot the rank does not keep.
void paintCell(QPainter& painter, const CollectivePaintContext& context, const QRectF& rect,
               const core::CollectiveState& state, int rank, int slot, bool faded);

} // namespace widgets
