// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placedlayout.h"

#include <algorithm>

namespace core {

bool PlacedLayout::everyRankPlaced() const
{
    if (placedKnown >= 0)
        return hasMesh && placedKnown == 1;
    return hasMesh
        && std::all_of(ranks.begin(), ranks.end(), [](const RankInfo& r) { return r.nodeIndex >= 0; });
}

RankRoles rankRoles(const Cluster& cluster, const std::vector<RankInfo>& ranks, int pp)
{
    RankRoles map;
    map.roleOfRank.assign(ranks.size(), -1);
    std::vector<std::vector<int>> rolesOfPp(static_cast<std::size_t>(std::max(pp, 1)));
    static const std::string noGpu;
    int last = -1;
    for (const RankInfo& rank : ranks) {
        const auto position = static_cast<std::size_t>(rank.coord(Dim::Pp));
        const std::string& gpuType = rank.nodeIndex >= 0
            ? cluster.nodes[static_cast<std::size_t>(rank.nodeIndex)].gpus[static_cast<std::size_t>(rank.slot)].type
            : noGpu;
        if (position >= rolesOfPp.size())
            rolesOfPp.resize(position + 1);
        // Neighbouring ranks mostly share the role: try the last one before the stage's list.
        int index = -1;
        if (last >= 0 && map.roles[static_cast<std::size_t>(last)].ppRank == static_cast<int>(position)
            && map.roles[static_cast<std::size_t>(last)].gpuType == gpuType)
            index = last;
        for (std::size_t i = 0; index < 0 && i < rolesOfPp[position].size(); ++i)
            if (const int candidate = rolesOfPp[position][i];
                map.roles[static_cast<std::size_t>(candidate)].gpuType == gpuType)
                index = candidate;
        last = index;
        if (index < 0) {
            index = static_cast<int>(map.roles.size());
            map.roles.push_back({static_cast<int>(position), gpuType, {}});
            rolesOfPp[position].push_back(index);
            last = index;
        }
        map.roleOfRank[static_cast<std::size_t>(rank.rank)] = index;
        map.roles[static_cast<std::size_t>(index)].ranks.push_back(rank.rank);
    }
    return map;
}

} // namespace core
