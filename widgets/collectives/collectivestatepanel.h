// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The state panels of the collective view: "before", the animated "now" and "after", each one column per
// rank and one cell per chunk, as in the figure of the reference article; and the packets that travel
// between the "now" panel's cells while a step is in flight.

#include "collectives/collectivegeometry.h"
#include "collectives/collectivescene.h"

class QPainter;

namespace widgets {

enum class StatePanelRole { Before, Now, After };

// The "now" panel's title: the step it shows.
QString nowPanelTitle(const CollectivePlayhead& playhead);

void paintStatePanel(QPainter& painter, const CollectivePaintContext& context,
                     const CollectiveGeometry::Panel& panel, const core::CollectiveState& state,
                     StatePanelRole role);
// The packets of the step in flight, from cell to cell of `panel` (the "now" panel).
void paintPacketsInFlight(QPainter& painter, const CollectivePaintContext& context,
                          const CollectiveGeometry::Panel& panel);

} // namespace widgets
