// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Ranks ↔ coordinates in the parallel mesh, and the process groups of every dimension.
//
// A rank's coordinate along the dimension that varies fastest is rank mod its degree, and so on outwards,
// as Megatron-Core's RankGenerator does (parallel_state.py, generate_masked_orthogonal_rank_groups): with
// order tp-dp-pp, TP=2, DP=2, PP=4 the TP groups are [0,1],[2,3],…, the DP groups [0,2],[1,3],[4,6],…
// and the PP groups [0,4,8,12],[1,5,9,13],….

#include "design/layout.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace core {

using Coords = std::array<int, kDimCount>; // indexed by Dim
using RankGroups = std::vector<std::vector<int>>;

// A mesh over some of the dimensions, fastest-varying first.
class RankMesh
{
public:
    explicit RankMesh(std::vector<std::pair<Dim, int>> dimsFastestFirst);

    int size() const { return m_size; }
    int coordinate(int rank, Dim dim) const; // 0 when the mesh lacks the dimension
    // Groups along one dimension: ranks that differ only in that coordinate, ordered by their first rank.
    RankGroups groups(Dim dim) const;

private:
    std::vector<std::pair<Dim, int>> m_dims;
    std::vector<int> m_strides;
    int m_size = 1;
};

struct LayoutMesh
{
    int worldSize = 0;
    std::vector<Coords> coords; // per rank
    std::array<RankGroups, kDimCount> groups; // per dimension
    std::array<std::vector<int>, kDimCount> groupOf; // per dimension: rank → index into groups
    // Megatron expert mode only: the expert-TP and expert-DP groups of the MoE layers.
    RankGroups expertTpGroups;
    RankGroups expertDpGroups;

    const RankGroups& groupsOf(Dim dim) const { return groups[static_cast<std::size_t>(dim)]; }
    const std::vector<int>& groupOfRank(Dim dim, int rank) const;
};

// Precondition: every degree ≥ 1, the world size fits in an int, and in Megatron mode expert-TP × EP × PP
// divides the world size (validate() checks all three).
LayoutMesh buildMesh(const ParallelLayout& layout);

} // namespace core
