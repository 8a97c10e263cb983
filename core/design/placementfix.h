// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one-click fix for TP groups that span nodes (the reference article, «Ein Layout aus der Topologie
// zusammensetzen»: «Legen Sie häufige, latency-empfindliche Collectives, meist TP, in die schnellste
// geeignete Domäne», so every TP group stays inside a node).
// Two remedies, tried in order: drop an explicit placement for the topology-aware default, or put TP
// first in the mesh order (so TP groups are consecutive ranks) and place by default. A fix is offered only
// when it actually keeps every TP group inside one node.

#include "design/design.h"
#include "design/mesh.h"

#include <optional>
#include <vector>

namespace core {

enum class TpPlacementRemedy { AutoPlace, TpFirstOrder };

struct TpPlacementFix
{
    TpPlacementRemedy remedy = TpPlacementRemedy::AutoPlace;
    std::vector<Dim> order; // the new mesh order (TpFirstOrder; the current one for AutoPlace)
    int spanningBefore = 0; // TP groups that span nodes now
};

// Groups of `dim` whose ranks sit on more than one node, for ranks placed on `gpuOfRank` (GPU ids).
int groupsSpanningNodes(const Cluster& cluster, const LayoutMesh& mesh, Dim dim,
                        const std::vector<int>& gpuOfRank);
inline int tpGroupsSpanningNodes(const Cluster& cluster, const LayoutMesh& mesh,
                                 const std::vector<int>& gpuOfRank)
{
    return groupsSpanningNodes(cluster, mesh, Dim::Tp, gpuOfRank);
}

// Needs degrees that form a mesh (Evaluation::hasMesh). nullopt: nothing to fix, or no remedy helps.
std::optional<TpPlacementFix> suggestTpPlacementFix(const Design& design);
// The same for EP groups (the ep-spans-nodes warning): the order remedy puts TP first and EP right after
// it, so that TP × EP consecutive ranks share a node.
std::optional<TpPlacementFix> suggestEpPlacementFix(const Design& design);

} // namespace core
