// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which physical GPU runs which rank.
//
// The default placement is topology-aware in the way torchrun and Megatron-Core are: ranks fill the
// nodes in order (rank r on the r-th GPU), so with TP first in the mesh order each TP group lands on
// consecutive GPUs of one node. When nodes hold different numbers of GPUs, a TP group is never split
// across a node boundary if another node can hold it whole.

#include "design/cluster.h"
#include "base/diagnostic.h"
#include "design/layout.h"

#include <vector>

namespace core {

struct RankPlacement
{
    std::vector<int> gpuOfRank; // GPU id per rank; -1 when the cluster ran out of GPUs
    std::vector<GpuLocation> locationOfRank;
    bool explicitPlacement = false;
};

std::vector<int> defaultPlacement(const Cluster& cluster, const ParallelLayout& layout, int worldSize);

// The explicit placement when it is usable, else the default one; problems go to `diagnostics`.
RankPlacement placeRanks(const Cluster& cluster, const ParallelLayout& layout,
                         const std::vector<int>& placement, int worldSize,
                         std::vector<Diagnostic>& diagnostics);

} // namespace core
