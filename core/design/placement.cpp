// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/placement.h"

#include "base/diagnostickinds.h"

#include <algorithm>
#include <unordered_map>

namespace core {

namespace {

// Every in-service GPU, node after node, and where each node's GPUs start in that list: flat, so that a
// cluster of 16,384 nodes costs two allocations, not one per node.
struct InServiceGpus
{
    std::vector<GpuLocation> gpus;
    std::vector<std::size_t> nodeStart; // per node, and one past the last
};

InServiceGpus inServiceGpus(const Cluster& cluster)
{
    InServiceGpus out;
    out.nodeStart.reserve(cluster.nodes.size() + 1);
    for (std::size_t n = 0; n < cluster.nodes.size(); ++n) {
        out.nodeStart.push_back(out.gpus.size());
        const std::vector<Gpu>& gpus = cluster.nodes[n].gpus;
        for (std::size_t s = 0; s < gpus.size(); ++s)
            if (gpus[s].inService)
                out.gpus.push_back({static_cast<int>(n), static_cast<int>(s)});
    }
    out.nodeStart.push_back(out.gpus.size());
    return out;
}

std::vector<GpuLocation> sequentialLocations(const InServiceGpus& inService, int worldSize)
{
    std::vector<GpuLocation> out(static_cast<std::size_t>(worldSize));
    std::copy_n(inService.gpus.begin(), std::min(out.size(), inService.gpus.size()), out.begin());
    return out;
}

// The default placement as locations (an invalid location: no GPU left for the rank).
std::vector<GpuLocation> defaultLocations(const Cluster& cluster, const ParallelLayout& layout, int worldSize)
{
    const InServiceGpus inService = inServiceGpus(cluster);
    const int block = (!layout.order.empty() && layout.order.front() == Dim::Tp) ? layout.tp() : 1;
    if (block <= 1 || worldSize % block != 0)
        return sequentialLocations(inService, worldSize);

    // Fill nodes in order, one TP group at a time; a group that does not fit in what is left of a node
    // moves on to the next node. If the groups run out of room that way, fall back to filling every GPU.
    std::vector<GpuLocation> out;
    out.reserve(static_cast<std::size_t>(worldSize));
    const std::size_t nodes = cluster.nodes.size();
    std::size_t node = 0, used = 0;
    const auto left = [&] { return inService.nodeStart[node + 1] - inService.nodeStart[node] - used; };
    for (int start = 0; start < worldSize; start += block) {
        while (node < nodes && left() < static_cast<std::size_t>(block)) {
            ++node;
            used = 0;
        }
        if (node == nodes)
            return sequentialLocations(inService, worldSize);
        for (int k = 0; k < block; ++k)
            out.push_back(inService.gpus[inService.nodeStart[node] + used++]);
    }
    return out;
}

int gpuIdAt(const Cluster& cluster, GpuLocation at)
{
    return at.valid() ? cluster.nodes[static_cast<std::size_t>(at.nodeIndex)]
                            .gpus[static_cast<std::size_t>(at.slot)]
                            .id
                      : -1;
}

} // namespace

std::vector<int> defaultPlacement(const Cluster& cluster, const ParallelLayout& layout, int worldSize)
{
    const std::vector<GpuLocation> at = defaultLocations(cluster, layout, worldSize);
    std::vector<int> gpus;
    gpus.reserve(at.size());
    for (GpuLocation location : at)
        gpus.push_back(gpuIdAt(cluster, location));
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
    if (!usable) {
        result.locationOfRank = defaultLocations(cluster, layout, worldSize);
        result.gpuOfRank.reserve(result.locationOfRank.size());
        for (GpuLocation at : result.locationOfRank)
            result.gpuOfRank.push_back(gpuIdAt(cluster, at));
        return result;
    }
    result.gpuOfRank = placement;

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
