// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/mesh.h"

#include <algorithm>

namespace core {

RankGroups::RankGroups(std::initializer_list<std::initializer_list<int>> groups)
{
    for (const auto& group : groups)
        push_back(std::span<const int>(group.begin(), group.size()));
}

void RankGroups::reserve(std::size_t groups, std::size_t ranks)
{
    m_offsets.reserve(groups + 1);
    m_ranks.reserve(ranks);
}

void RankGroups::push_back(std::span<const int> group)
{
    m_ranks.insert(m_ranks.end(), group.begin(), group.end());
    m_offsets.push_back(m_ranks.size());
}

std::vector<std::vector<int>> RankGroups::toVectors() const
{
    std::vector<std::vector<int>> out;
    out.reserve(size());
    for (std::span<const int> group : *this)
        out.emplace_back(group.begin(), group.end());
    return out;
}

RankGroups RankGroups::ofEqualSize(std::vector<int> ranks, std::size_t size)
{
    RankGroups out;
    const std::size_t count = size > 0 ? ranks.size() / size : 0;
    out.m_offsets.resize(count + 1);
    for (std::size_t g = 0; g <= count; ++g)
        out.m_offsets[g] = g * size;
    out.m_ranks = std::move(ranks);
    return out;
}

RankMesh::RankMesh(std::vector<std::pair<Dim, int>> dimsFastestFirst)
    : m_dims(std::move(dimsFastestFirst))
{
    m_strides.reserve(m_dims.size());
    for (const auto& [dim, size] : m_dims) {
        m_strides.push_back(m_size);
        m_size *= size;
    }
}

int RankMesh::coordinate(int rank, Dim dim) const
{
    for (std::size_t i = 0; i < m_dims.size(); ++i)
        if (m_dims[i].first == dim)
            return (rank / m_strides[i]) % m_dims[i].second;
    return 0;
}

RankGroups RankMesh::groups(Dim dim, std::vector<int>* groupOf) const
{
    std::size_t index = m_dims.size();
    for (std::size_t i = 0; i < m_dims.size(); ++i)
        if (m_dims[i].first == dim)
            index = i;
    // A dimension the mesh does not have: every rank is a group of its own.
    const int stride = index == m_dims.size() ? 1 : m_strides[index];
    const int extent = index == m_dims.size() ? 1 : m_dims[index].second;
    std::vector<int> ranks(static_cast<std::size_t>(m_size));
    if (groupOf)
        groupOf->resize(static_cast<std::size_t>(m_size));
    // The groups' first ranks are those whose coordinate in `dim` is 0: `stride` consecutive ranks at the
    // start of every block of stride × extent, in increasing order — no division per rank.
    std::size_t at = 0;
    int group = 0;
    for (int block = 0; block < m_size; block += stride * extent)
        for (int base = block; base < block + stride; ++base, ++group)
            for (int rank = base; rank < base + extent * stride; rank += stride) {
                ranks[at++] = rank;
                if (groupOf)
                    (*groupOf)[static_cast<std::size_t>(rank)] = group;
            }
    return RankGroups::ofEqualSize(std::move(ranks), static_cast<std::size_t>(extent));
}

std::span<const int> LayoutMesh::groupOfRank(Dim dim, int rank) const
{
    const auto d = static_cast<std::size_t>(dim);
    return groups[d][static_cast<std::size_t>(groupOf[d][static_cast<std::size_t>(rank)])];
}

LayoutMesh buildMesh(const ParallelLayout& layout)
{
    const bool megatron = layout.expertMode == ExpertMode::Megatron;

    // The dense mesh: every dimension in the user's order; in Megatron mode EP is not one of them.
    std::vector<std::pair<Dim, int>> denseDims;
    for (Dim dim : layout.order)
        if (!(megatron && dim == Dim::Ep))
            denseDims.emplace_back(dim, layout.degree(dim));
    const RankMesh dense(denseDims);

    LayoutMesh mesh;
    mesh.worldSize = dense.size();
    // Coordinates by counting, fastest dimension first (an odometer), not a division per rank and dimension.
    mesh.coords.resize(static_cast<std::size_t>(mesh.worldSize));
    Coords at{};
    for (Coords& coords : mesh.coords) {
        coords = at;
        for (const auto& [dim, size] : denseDims) {
            int& c = at[static_cast<std::size_t>(dim)];
            if (++c < size)
                break;
            c = 0;
        }
    }
    for (Dim dim : kAllDims)
        if (!(megatron && dim == Dim::Ep)) {
            const auto d = static_cast<std::size_t>(dim);
            mesh.groups[d] = dense.groups(dim, &mesh.groupOf[d]);
        }

    if (megatron) {
        // Megatron-Core regroups the same ranks for the MoE layers with tp → expert TP, cp folded away and
        // dp → expert DP = world / (expert TP · EP · PP), keeping the order (RankGenerator for experts).
        const int etp = layout.effectiveExpertTp();
        const auto edp = static_cast<int>(layout.expertDataParallel());
        std::vector<std::pair<Dim, int>> expertDims;
        for (Dim dim : layout.order) {
            switch (dim) {
            case Dim::Tp:
                expertDims.emplace_back(Dim::Tp, etp);
                break;
            case Dim::Ep:
                expertDims.emplace_back(Dim::Ep, layout.ep());
                break;
            case Dim::Dp:
                expertDims.emplace_back(Dim::Dp, edp);
                break;
            case Dim::Pp:
                expertDims.emplace_back(Dim::Pp, layout.pp());
                break;
            case Dim::Cp:
                break;
            }
        }
        const RankMesh expert(expertDims);
        for (int rank = 0; rank < mesh.worldSize; ++rank)
            mesh.coords[static_cast<std::size_t>(rank)][static_cast<std::size_t>(Dim::Ep)]
                = expert.coordinate(rank, Dim::Ep);
        const auto ep = static_cast<std::size_t>(Dim::Ep);
        mesh.groups[ep] = expert.groups(Dim::Ep, &mesh.groupOf[ep]);
        mesh.expertTpGroups = expert.groups(Dim::Tp);
        mesh.expertDpGroups = expert.groups(Dim::Dp);
    }
    return mesh;
}

} // namespace core
