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
#include <span>
#include <utility>
#include <vector>

namespace core {

using Coords = std::array<int, kDimCount>; // indexed by Dim

// The process groups of one dimension as one flat list of ranks, group after group, with the offset at
// which each group starts: one allocation for all groups, however many (a dimension of degree 1 on
// 131,072 GPUs has 131,072 groups of one rank). A group reads as a span of its ranks.
class RankGroups
{
public:
    class Iterator
    {
    public:
        using value_type = std::span<const int>;
        using difference_type = std::ptrdiff_t;
        Iterator() = default;
        Iterator(const RankGroups* groups, std::size_t index) : m_groups(groups), m_index(index) {}
        std::span<const int> operator*() const { return (*m_groups)[m_index]; }
        Iterator& operator++()
        {
            ++m_index;
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator old = *this;
            ++m_index;
            return old;
        }
        bool operator==(const Iterator& other) const { return m_index == other.m_index; }

    private:
        const RankGroups* m_groups = nullptr;
        std::size_t m_index = 0;
    };

    RankGroups() = default;
    RankGroups(std::initializer_list<std::initializer_list<int>> groups);

    std::size_t size() const { return m_offsets.size() - 1; }
    bool empty() const { return size() == 0; }
    std::span<const int> operator[](std::size_t group) const
    {
        return {m_ranks.data() + m_offsets[group], m_offsets[group + 1] - m_offsets[group]};
    }
    std::span<const int> front() const { return (*this)[0]; }
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }
    // Every rank of every group, group after group.
    const std::vector<int>& ranks() const { return m_ranks; }

    void reserve(std::size_t groups, std::size_t ranks);
    void push_back(std::span<const int> group);
    // Opens a new, empty group; add() appends to the last one.
    void addGroup() { m_offsets.push_back(m_offsets.back()); }
    void add(int rank)
    {
        m_ranks.push_back(rank);
        ++m_offsets.back();
    }
    std::vector<std::vector<int>> toVectors() const;
    // Groups of equal size, written in place: `ranks` holds group after group, `size` ranks each.
    static RankGroups ofEqualSize(std::vector<int> ranks, std::size_t size);

    bool operator==(const RankGroups& other) const = default;

private:
    std::vector<int> m_ranks;
    std::vector<std::size_t> m_offsets{0};
};

// A mesh over some of the dimensions, fastest-varying first.
class RankMesh
{
public:
    explicit RankMesh(std::vector<std::pair<Dim, int>> dimsFastestFirst);

    int size() const { return m_size; }
    int coordinate(int rank, Dim dim) const; // 0 when the mesh lacks the dimension
    // Groups along one dimension: ranks that differ only in that coordinate, ordered by their first rank.
    // With `groupOf`, also each rank's group index in them.
    RankGroups groups(Dim dim, std::vector<int>* groupOf = nullptr) const;

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
    std::span<const int> groupOfRank(Dim dim, int rank) const;
};

// Precondition: every degree ≥ 1, the world size fits in an int, and in Megatron mode expert-TP × EP × PP
// divides the world size (validate() checks all three).
LayoutMesh buildMesh(const ParallelLayout& layout);

} // namespace core
