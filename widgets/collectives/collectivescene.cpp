// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivescene.h"

#include <algorithm>

namespace widgets {

const core::CollectiveState& stateAfterSteps(const core::CollectiveTrace& trace, int steps)
{
    if (steps <= 0 || trace.steps.empty())
        return trace.initial;
    return trace
        .steps[static_cast<std::size_t>(std::min<int>(steps, static_cast<int>(trace.steps.size())) - 1)]
        .after;
}

QString CollectivePaintContext::discLabel(int column) const
{
    return column < scene.discLabels.size() ? scene.discLabels[column] : QString::number(column);
}

} // namespace widgets
