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

RankGroups RankMesh::groups(Dim dim) const
{
    std::size_t index = m_dims.size();
    for (std::size_t i = 0; i < m_dims.size(); ++i)
        if (m_dims[i].first == dim)
            index = i;
    RankGroups result;
    // A dimension the mesh does not have: every rank is a group of its own.
    const int stride = index == m_dims.size() ? 1 : m_strides[index];
    const int extent = index == m_dims.size() ? 1 : m_dims[index].second;
    result.reserve(static_cast<std::size_t>(m_size / extent), static_cast<std::size_t>(m_size));
    for (int base = 0; base < m_size; ++base) {
        if ((base / stride) % extent != 0)
            continue;
        result.addGroup();
        for (int k = 0; k < extent; ++k)
            result.add(base + k * stride);
    }
    return result;
}

std::span<const int> LayoutMesh::groupOfRank(Dim dim, int rank) const
{
    const auto d = static_cast<std::size_t>(dim);
    return groups[d][static_cast<std::size_t>(groupOf[d][static_cast<std::size_t>(rank)])];
}

namespace {

std::vector<int> indexGroups(const RankGroups& groups, int worldSize)
{
    std::vector<int> groupOf(static_cast<std::size_t>(worldSize), 0);
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (int rank : groups[g])
            groupOf[static_cast<std::size_t>(rank)] = static_cast<int>(g);
    return groupOf;
}

} // namespace

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
    mesh.coords.resize(static_cast<std::size_t>(mesh.worldSize));
    for (int rank = 0; rank < mesh.worldSize; ++rank)
        for (Dim dim : kAllDims)
            mesh.coords[static_cast<std::size_t>(rank)][static_cast<std::size_t>(dim)]
                = dense.coordinate(rank, dim);
    for (Dim dim : kAllDims)
        if (!(megatron && dim == Dim::Ep))
            mesh.groups[static_cast<std::size_t>(dim)] = dense.groups(dim);

    if (megatron) {
        // Megatron-Core regroups the same ranks for the MoE layers with tp → expert TP, cp folded away and
        // dp → expert DP = world / (expert TP · EP · PP), keeping the order (RankGenerator for experts).
        const int etp = layout.effectiveExpertTp();
        const int edp = mesh.worldSize / (etp * layout.ep() * layout.pp());
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
        mesh.groups[static_cast<std::size_t>(Dim::Ep)] = expert.groups(Dim::Ep);
        mesh.expertTpGroups = expert.groups(Dim::Tp);
        mesh.expertDpGroups = expert.groups(Dim::Dp);
    }

    for (Dim dim : kAllDims)
        mesh.groupOf[static_cast<std::size_t>(dim)]
            = indexGroups(mesh.groups[static_cast<std::size_t>(dim)], mesh.worldSize);
    return mesh;
}

} // namespace core
