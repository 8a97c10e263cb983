// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placedlayout.h"

#include <algorithm>

namespace core {

bool PlacedLayout::everyRankPlaced() const
{
    return hasMesh
        && std::all_of(ranks.begin(), ranks.end(), [](const RankInfo& r) { return r.nodeIndex >= 0; });
}

} // namespace core
