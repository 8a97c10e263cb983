#include "placementfix.h"

#include "placement.h"

#include <algorithm>
#include <unordered_map>

namespace core {

int tpGroupsSpanningNodes(const Cluster& cluster, const LayoutMesh& mesh, const std::vector<int>& gpuOfRank)
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
    for (const std::vector<int>& group : mesh.groupsOf(Dim::Tp)) {
        const int first = nodeOfRank(group.front());
        spanning
            += std::any_of(group.begin(), group.end(), [&](int rank) { return nodeOfRank(rank) != first; })
            ? 1
            : 0;
    }
    return spanning;
}

std::optional<TpPlacementFix> suggestTpPlacementFix(const Design& design)
{
    const ParallelLayout& layout = design.layout;
    const int world = static_cast<int>(layout.worldSize());
    if (layout.tp() <= 1 || world > design.cluster.inServiceGpuCount())
        return std::nullopt;
    const LayoutMesh mesh = buildMesh(layout);
    std::vector<Diagnostic> ignored;
    const RankPlacement now = placeRanks(design.cluster, layout, design.placement, world, ignored);
    const int spanning = tpGroupsSpanningNodes(design.cluster, mesh, now.gpuOfRank);
    if (spanning == 0)
        return std::nullopt;

    if (now.explicitPlacement
        && tpGroupsSpanningNodes(design.cluster, mesh, defaultPlacement(design.cluster, layout, world)) == 0)
        return TpPlacementFix{TpPlacementRemedy::AutoPlace, layout.order, spanning};

    const auto tpAt = std::find(layout.order.begin(), layout.order.end(), Dim::Tp);
    if (tpAt != layout.order.end() && tpAt != layout.order.begin()) {
        ParallelLayout tpFirst = layout;
        tpFirst.order.erase(tpFirst.order.begin() + (tpAt - layout.order.begin()));
        tpFirst.order.insert(tpFirst.order.begin(), Dim::Tp);
        const LayoutMesh reordered = buildMesh(tpFirst);
        if (tpGroupsSpanningNodes(design.cluster, reordered, defaultPlacement(design.cluster, tpFirst, world))
            == 0)
            return TpPlacementFix{TpPlacementRemedy::TpFirstOrder, tpFirst.order, spanning};
    }
    return std::nullopt;
}

} // namespace core
