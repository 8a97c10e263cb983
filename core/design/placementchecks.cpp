// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placementchecks.h"

#include <algorithm>

namespace core {

namespace {

// Counts a spanning group, keeping the first one's ranks as the example.
void noteSpanning(SpanningGroups& out, std::span<const int> group)
{
    if (++out.spanning > 1)
        return;
    for (int rank : group) {
        if (!out.example.empty())
            out.example += ", ";
        out.example += std::to_string(rank);
    }
}

// `nodeOf(rank)` is the node index that runs a rank, −1 for none.
template<class NodeOf>
PlacementChecks check(const Design& design, const Catalog& catalog, const LayoutMesh& mesh, NodeOf nodeOf)
{
    PlacementChecks out;
    out.nodes.resize(design.cluster.nodes.size());
    const auto spans = [&](std::span<const int> group) {
        const int first = nodeOf(group.front());
        return std::any_of(group.begin(), group.end(), [&](int rank) { return nodeOf(rank) != first; });
    };
    const auto mark = [&](std::span<const int> group, bool NodePlacementWarnings::*warning) {
        for (int rank : group)
            if (const int node = nodeOf(rank); node >= 0)
                out.nodes[static_cast<std::size_t>(node)].*warning = true;
    };

    const int tp = design.layout.tp();
    if (tp > 1) {
        const auto& groups = mesh.groupsOf(Dim::Tp);
        out.tp.groups = static_cast<int>(groups.size());
        for (std::span<const int> group : groups) {
            if (spans(group)) {
                noteSpanning(out.tp, group);
                mark(group, &NodePlacementWarnings::tpSpansNodes);
                continue;
            }
            const int node = nodeOf(group.front());
            if (tp <= 2 || node < 0)
                continue;
            const LinkSpec* link
                = catalog.link(design.cluster.nodes[static_cast<std::size_t>(node)].intraLink);
            if (link && link->linkClass == LinkClass::Pcie) {
                out.tpOverPcie = true;
                out.nodes[static_cast<std::size_t>(node)].tpOverPcie = true;
            }
        }
    }

    const int ep = design.layout.ep();
    if (ep > 1 && design.model.moe.isMoe() && design.cluster.isUniform() && !design.cluster.nodes.empty()) {
        const auto perNode = static_cast<int>(design.cluster.nodes.front().gpus.size());
        out.expertTpTimesEp = design.layout.effectiveExpertTp() * ep;
        const auto& groups = mesh.groupsOf(Dim::Ep);
        out.ep.groups = static_cast<int>(groups.size());
        for (std::span<const int> group : groups)
            if (spans(group))
                noteSpanning(out.ep, group);
        out.epSpansNodes = out.ep.spanning > 0 && perNode % out.expertTpTimesEp == 0;
        if (out.epSpansNodes)
            for (std::span<const int> group : groups)
                if (spans(group))
                    mark(group, &NodePlacementWarnings::epSpansNodes);
    }
    return out;
}

} // namespace

PlacementChecks checkPlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                               const RankPlacement& placement)
{
    return check(design, catalog, mesh, [&](int rank) {
        return placement.locationOfRank[static_cast<std::size_t>(rank)].nodeIndex;
    });
}

PlacementChecks checkPlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                               const std::vector<RankInfo>& ranks)
{
    return check(design, catalog, mesh,
                 [&](int rank) { return ranks[static_cast<std::size_t>(rank)].nodeIndex; });
}

} // namespace core
