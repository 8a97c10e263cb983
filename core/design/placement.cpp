// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placement.h"

#include "base/diagnostickinds.h"

#include <unordered_map>

namespace core {

namespace {

std::vector<std::vector<int>> inServiceGpusPerNode(const Cluster& cluster)
{
    std::vector<std::vector<int>> perNode;
    perNode.reserve(cluster.nodes.size());
    for (const Node& node : cluster.nodes) {
        std::vector<int> ids;
        for (const Gpu& gpu : node.gpus)
            if (gpu.inService)
                ids.push_back(gpu.id);
        perNode.push_back(std::move(ids));
    }
    return perNode;
}

std::vector<int> sequentialPlacement(const std::vector<std::vector<int>>& perNode, int worldSize)
{
    std::vector<int> gpus(static_cast<std::size_t>(worldSize), -1);
    std::size_t rank = 0;
    for (const auto& node : perNode)
        for (int id : node)
            if (rank < gpus.size())
                gpus[rank++] = id;
    return gpus;
}

} // namespace

std::vector<int> defaultPlacement(const Cluster& cluster, const ParallelLayout& layout, int worldSize)
{
    const auto perNode = inServiceGpusPerNode(cluster);
    const int block = (!layout.order.empty() && layout.order.front() == Dim::Tp) ? layout.tp() : 1;
    if (block <= 1 || worldSize % block != 0)
        return sequentialPlacement(perNode, worldSize);

    // Fill nodes in order, one TP group at a time; a group that does not fit in what is left of a node
    // moves on to the next node. If the groups run out of room that way, fall back to filling every GPU.
    std::vector<int> gpus;
    gpus.reserve(static_cast<std::size_t>(worldSize));
    std::size_t node = 0, used = 0;
    for (int start = 0; start < worldSize; start += block) {
        while (node < perNode.size() && perNode[node].size() - used < static_cast<std::size_t>(block)) {
            ++node;
            used = 0;
        }
        if (node == perNode.size())
            return sequentialPlacement(perNode, worldSize);
        for (int k = 0; k < block; ++k)
            gpus.push_back(perNode[node][used++]);
    }
    return gpus;
}

RankPlacement placeRanks(const Cluster& cluster, const ParallelLayout& layout,
                         const std::vector<int>& placement, int worldSize,
                         std::vector<Diagnostic>& diagnostics)
{
    RankPlacement result;
    bool usable = !placement.empty();
    if (usable && static_cast<int>(placement.size()) != worldSize) {
        diagnostics.push_back(makeDiagnostic(diag::kPlacementStale, "/placement",
                                             {std::to_string(placement.size()), std::to_string(worldSize)}));
        usable = false;
    }
    if (usable) {
        std::unordered_map<int, int> rankOnGpu;
        for (int rank = 0; rank < worldSize; ++rank) {
            const int id = placement[static_cast<std::size_t>(rank)];
            const std::string where = "/placement/" + std::to_string(rank);
            const Gpu* gpu = cluster.gpu(id);
            if (!gpu) {
                diagnostics.push_back(makeDiagnostic(diag::kPlacementUnknownGpu, where,
                                                     {std::to_string(rank), std::to_string(id)}));
                usable = false;
            } else if (!gpu->inService) {
                diagnostics.push_back(makeDiagnostic(diag::kPlacementOutOfService, where,
                                                     {std::to_string(rank), std::to_string(id)}));
                usable = false;
            }
            const auto [it, inserted] = rankOnGpu.emplace(id, rank);
            if (!inserted) {
                diagnostics.push_back(
                    makeDiagnostic(diag::kPlacementDuplicate, where,
                                   {std::to_string(id), std::to_string(it->second), std::to_string(rank)}));
                usable = false;
            }
        }
    }
    result.explicitPlacement = usable;
    result.gpuOfRank = usable ? placement : defaultPlacement(cluster, layout, worldSize);

    // One pass over the cluster to locate every placed GPU.
    std::unordered_map<int, GpuLocation> where;
    where.reserve(static_cast<std::size_t>(cluster.gpuCount()));
    for (std::size_t n = 0; n < cluster.nodes.size(); ++n)
        for (std::size_t s = 0; s < cluster.nodes[n].gpus.size(); ++s)
            where.emplace(cluster.nodes[n].gpus[s].id, GpuLocation{static_cast<int>(n), static_cast<int>(s)});
    result.locationOfRank.reserve(result.gpuOfRank.size());
    for (int id : result.gpuOfRank) {
        const auto it = where.find(id);
        result.locationOfRank.push_back(it == where.end() ? GpuLocation{} : it->second);
    }
    return result;
}

} // namespace core
