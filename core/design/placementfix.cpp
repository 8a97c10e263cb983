// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placementfix.h"

#include "design/placement.h"

#include <algorithm>
#include <unordered_map>

namespace core {

int groupsSpanningNodes(const Cluster& cluster, const LayoutMesh& mesh, Dim dim,
                        const std::vector<int>& gpuOfRank)
{
    std::unordered_map<int, int> nodeOfGpu;
    for (std::size_t n = 0; n < cluster.nodes.size(); ++n)
        for (const Gpu& gpu : cluster.nodes[n].gpus)
            nodeOfGpu.emplace(gpu.id, static_cast<int>(n));
    const auto nodeOfRank = [&](int rank) {
        if (rank < 0 || static_cast<std::size_t>(rank) >= gpuOfRank.size())
            return -1;
        const auto it = nodeOfGpu.find(gpuOfRank[static_cast<std::size_t>(rank)]);
        return it == nodeOfGpu.end() ? -1 : it->second;
    };
    int spanning = 0;
    for (std::span<const int> group : mesh.groupsOf(dim)) {
        const int first = nodeOfRank(group.front());
        spanning
            += std::any_of(group.begin(), group.end(), [&](int rank) { return nodeOfRank(rank) != first; })
            ? 1
            : 0;
    }
    return spanning;
}

namespace {

// `first` leads the order, in that sequence; the other dimensions keep their relative order.
std::vector<Dim> orderLedBy(const std::vector<Dim>& order, const std::vector<Dim>& first)
{
    std::vector<Dim> out = first;
    for (Dim dim : order)
        if (std::find(first.begin(), first.end(), dim) == first.end())
            out.push_back(dim);
    return out;
}

std::optional<TpPlacementFix> suggestPlacementFix(const Design& design, Dim dim,
                                                  const std::vector<Dim>& leading)
{
    const ParallelLayout& layout = design.layout;
    const int world = static_cast<int>(layout.worldSize());
    if (layout.degree(dim) <= 1 || world > design.cluster.inServiceGpuCount())
        return std::nullopt;
    const LayoutMesh mesh = buildMesh(layout);
    std::vector<Diagnostic> ignored;
    const RankPlacement now = placeRanks(design.cluster, layout, design.placement, world, ignored);
    const int spanning = groupsSpanningNodes(design.cluster, mesh, dim, now.gpuOfRank);
    if (spanning == 0)
        return std::nullopt;

    if (now.explicitPlacement
        && groupsSpanningNodes(design.cluster, mesh, dim, defaultPlacement(design.cluster, layout, world))
            == 0)
        return TpPlacementFix{TpPlacementRemedy::AutoPlace, layout.order, spanning};

    ParallelLayout reordered = layout;
    reordered.order = orderLedBy(layout.order, leading);
    if (reordered.order != layout.order
        && groupsSpanningNodes(design.cluster, buildMesh(reordered), dim,
                               defaultPlacement(design.cluster, reordered, world))
            == 0)
        return TpPlacementFix{TpPlacementRemedy::TpFirstOrder, reordered.order, spanning};
    return std::nullopt;
}

} // namespace

std::optional<TpPlacementFix> suggestTpPlacementFix(const Design& design)
{
    return suggestPlacementFix(design, Dim::Tp, {Dim::Tp});
}

std::optional<TpPlacementFix> suggestEpPlacementFix(const Design& design)
{
    if (!design.model.moe.isMoe())
        return std::nullopt;
    return suggestPlacementFix(design, Dim::Ep, {Dim::Tp, Dim::Ep});
}

} // namespace core
