// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/grouplinks.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace core {

ClusterLinkSpecs::ClusterLinkSpecs(const Cluster& cluster, const Catalog& catalog)
    : fabric(catalog.link(cluster.fabric))
{
    intra.reserve(cluster.nodes.size());
    for (const Node& node : cluster.nodes)
        intra.push_back(catalog.link(node.intraLink));
}

GroupNodes groupNodes(const ClusterLinkSpecs& links, const std::vector<int>& nodeIndices)
{
    GroupNodes out;
    int gcd = 0;
    int firstCount = -1;
    for (std::size_t i = 0; i < nodeIndices.size();) {
        std::size_t next = i;
        while (next < nodeIndices.size() && nodeIndices[next] == nodeIndices[i])
            ++next;
        const int count = static_cast<int>(next - i);
        ++out.nodes;
        gcd = std::gcd(gcd, count);
        if (firstCount < 0)
            firstCount = count;
        out.uneven = out.uneven || count != firstCount;
        if (const int node = nodeIndices[i]; node >= 0) {
            const LinkSpec* intra = static_cast<std::size_t>(node) < links.intra.size()
                ? links.intra[static_cast<std::size_t>(node)]
                : nullptr;
            if (!intra) {
                if (out.unknownIntraNode < 0)
                    out.unknownIntraNode = node;
            } else if (!out.slowestIntra || intra->bandwidth < out.slowestIntra->bandwidth) {
                out.slowestIntra = intra;
            }
        }
        i = next;
    }
    out.ranksPerNode = out.nodes > 1 ? gcd : 0;
    return out;
}

namespace {

// `nodes`: scratch space, so that a table of many groups allocates once.
GroupLinks linksOfGroup(const ClusterLinkSpecs& specs, const PlacedLayout& placed, std::span<const int> group,
                        std::vector<int>& nodes)
{
    GroupLinks out;
    if (specs.fabric)
        out.links.interNode = linkCost(*specs.fabric);
    nodes.clear(); // the node index of every member (−1: no GPU), sorted
    for (int rank : group)
        if (rank >= 0 && static_cast<std::size_t>(rank) < placed.ranks.size())
            nodes.push_back(placed.ranks[static_cast<std::size_t>(rank)].nodeIndex);
    std::sort(nodes.begin(), nodes.end());
    const GroupNodes spread = groupNodes(specs, nodes);
    if (spread.slowestIntra)
        out.links.intraNode = linkCost(*spread.slowestIntra);
    out.nodes = std::max(1, spread.nodes);
    out.ranks = static_cast<int>(group.size());
    out.ranksPerNode = spread.ranksPerNode;
    return out;
}

} // namespace

GroupLinks groupLinks(const Design& design, const PlacedLayout& placed, std::span<const int> group)
{
    std::vector<int> nodes;
    if (placed.groupLinks)
        return linksOfGroup(placed.groupLinks->specs(), placed, group, nodes);
    return linksOfGroup(ClusterLinkSpecs(design.cluster, placed.presets()), placed, group, nodes);
}

GroupLinks rankGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim, int rank)
{
    if (placed.groupLinks)
        return placed.groupLinks->ofGroup(
            placed, dim,
            static_cast<std::size_t>(placed.mesh.groupOf[static_cast<std::size_t>(dim)][static_cast<std::size_t>(rank)]));
    return groupLinks(design, placed, placed.mesh.groupOfRank(dim, rank));
}

std::vector<GroupLinks> stageGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim,
                                        int pipelineRank)
{
    if (placed.groupLinks)
        return placed.groupLinks->ofPipelineRank(placed, dim, pipelineRank);
    const ClusterLinkSpecs specs(design.cluster, placed.presets());
    const auto& groupOf = placed.mesh.groupOf[static_cast<std::size_t>(dim)];
    std::vector<char> seen(placed.mesh.groupsOf(dim).size(), 0);
    std::vector<GroupLinks> out;
    std::vector<int> nodes;
    for (std::span<const int> pipeline : placed.mesh.groupsOf(Dim::Pp)) {
        const auto group = static_cast<std::size_t>(
            groupOf[static_cast<std::size_t>(pipeline[static_cast<std::size_t>(pipelineRank)])]);
        if (std::exchange(seen[group], 1))
            continue;
        const GroupLinks links = linksOfGroup(specs, placed, placed.mesh.groupsOf(dim)[group], nodes);
        if (std::find(out.begin(), out.end(), links) == out.end())
            out.push_back(links);
    }
    return out;
}

PlacedGroupLinks::PlacedGroupLinks(std::shared_ptr<const ClusterLinkSpecs> specs)
    : m_specs(std::move(specs))
{
}

void PlacedGroupLinks::fill(const PlacedLayout& placed, Dim dim) const
{
    const auto d = static_cast<std::size_t>(dim);
    const RankGroups& groups = placed.mesh.groupsOf(dim);
    std::vector<GroupLinks>& table = m_ofGroup[d];
    table.reserve(groups.size());
    std::vector<std::vector<GroupLinks>>& stages = m_ofPipelineRank[d];
    std::vector<int> nodes;
    for (std::span<const int> group : groups) {
        table.push_back(linksOfGroup(*m_specs, placed, group, nodes));
        // Every member of a TP, CP, EP or DP group sits at the same pipeline position.
        const int first = group.empty() ? -1 : group.front();
        if (first < 0 || static_cast<std::size_t>(first) >= placed.mesh.coords.size())
            continue;
        const auto pp = static_cast<std::size_t>(placed.mesh.coords[static_cast<std::size_t>(first)]
                                                                     [static_cast<std::size_t>(Dim::Pp)]);
        if (stages.size() <= pp)
            stages.resize(pp + 1);
        if (std::find(stages[pp].begin(), stages[pp].end(), table.back()) == stages[pp].end())
            stages[pp].push_back(table.back());
    }
}

const GroupLinks& PlacedGroupLinks::ofGroup(const PlacedLayout& placed, Dim dim, std::size_t group) const
{
    std::call_once(m_filled[static_cast<std::size_t>(dim)], [&] { fill(placed, dim); });
    return m_ofGroup[static_cast<std::size_t>(dim)][group];
}

const std::vector<GroupLinks>& PlacedGroupLinks::ofPipelineRank(const PlacedLayout& placed, Dim dim,
                                                                int pipelineRank) const
{
    static const std::vector<GroupLinks> none;
    if (dim == Dim::Pp)
        return none;
    std::call_once(m_filled[static_cast<std::size_t>(dim)], [&] { fill(placed, dim); });
    const auto& stages = m_ofPipelineRank[static_cast<std::size_t>(dim)];
    return pipelineRank >= 0 && static_cast<std::size_t>(pipelineRank) < stages.size()
        ? stages[static_cast<std::size_t>(pipelineRank)]
        : none;
}

const std::vector<const LinkSpec*>& PlacedGroupLinks::pipelineHop(const PlacedLayout& placed,
                                                                 int pipelineRank) const
{
    std::call_once(m_hopsFilled, [&] {
        const RankGroups& pipelines = placed.mesh.groupsOf(Dim::Pp);
        const std::size_t p = pipelines.empty() ? 0 : pipelines.front().size();
        m_hops.resize(p);
        for (std::size_t r = 0; r < p && p > 1; ++r)
            for (std::span<const int> pipeline : pipelines) {
                const RankInfo& a = placed.ranks[static_cast<std::size_t>(pipeline[r])];
                const RankInfo& b = placed.ranks[static_cast<std::size_t>(pipeline[(r + 1) % p])];
                const LinkSpec* link = a.nodeIndex == b.nodeIndex
                    ? m_specs->intra[static_cast<std::size_t>(a.nodeIndex)]
                    : m_specs->fabric;
                if (std::find(m_hops[r].begin(), m_hops[r].end(), link) == m_hops[r].end())
                    m_hops[r].push_back(link);
            }
    });
    static const std::vector<const LinkSpec*> none;
    return pipelineRank >= 0 && static_cast<std::size_t>(pipelineRank) < m_hops.size()
        ? m_hops[static_cast<std::size_t>(pipelineRank)]
        : none;
}

double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links)
{
    if (ranks < 2 || !(bytes > 0))
        return 0;
    CollectiveSpec spec;
    spec.op = op;
    spec.algorithm = op == CollectiveOp::AllToAll ? CollectiveAlgorithm::Pairwise : CollectiveAlgorithm::Ring;
    spec.ranks = ranks;
    spec.bytes = bytes;
    spec.ranksPerNode = links.ranksPerNode;
    const CollectiveCost cost = collectiveCost(spec, links.links);
    return cost.valid() ? cost.timeSeconds : 0;
}

} // namespace core
