// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/grouplinks.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace core {

ClusterLinkSpecs::ClusterLinkSpecs(const Cluster& cluster, const Catalog& catalog)
    : fabric(catalog.link(cluster.fabric))
    , oversubscription(std::max(1.0, cluster.oversubscription))
    , topology(cluster.fabricTopology)
{
    intra.reserve(cluster.nodes.size());
    cardShare.reserve(cluster.nodes.size());
    for (std::size_t n = 0; n < cluster.nodes.size(); ++n) {
        const Node& node = cluster.nodes[n];
        intra.push_back(catalog.link(node.intraLink));
        const double gpus = static_cast<double>(node.gpus.size());
        const double cards = cluster.nicsOfNode(static_cast<int>(n));
        cardShare.push_back(gpus > 0 ? std::min(1.0, cards / gpus) : 1.0);
    }
}

GroupNodes groupNodes(const ClusterLinkSpecs& links, std::span<const int> nodeIndices)
{
    GroupNodes out;
    int gcd = 0;
    int firstCount = -1;
    int firstKnown = -1;
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
            if (static_cast<std::size_t>(node) < links.cardShare.size())
                out.cardShare = std::min(out.cardShare, links.cardShare[static_cast<std::size_t>(node)]);
            if (firstKnown < 0)
                firstKnown = node;
            // Nodes arrive ascending: the group spans leaf switches when its first and last differ.
            out.crossesSpine = out.crossesSpine
                || (links.topology == FabricTopology::FatTree ? node != firstKnown
                                                               : node / kNodesPerRailGroup
                                                                   != firstKnown / kNodesPerRailGroup);
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

GroupLinks groupLinksOnNodes(const ClusterLinkSpecs& specs, std::span<const int> nodeIndices)
{
    GroupLinks out;
    const GroupNodes spread = groupNodes(specs, nodeIndices);
    if (spread.slowestIntra)
        out.links.intraNode = linkCost(*spread.slowestIntra);
    out.nodes = std::max(1, spread.nodes);
    out.ranks = static_cast<int>(nodeIndices.size());
    out.ranksPerNode = spread.ranksPerNode;
    if (specs.fabric) {
        const double spine = spread.crossesSpine ? specs.oversubscription : 1.0;
        out.rails = std::max(1, spread.ranksPerNode) * spread.cardShare;
        out.links.interNode = linkCost(*specs.fabric, out.rails / spine);
        out.interNodePerGpu = linkCost(*specs.fabric, spread.cardShare / spine);
    }
    return out;
}

namespace {

// The node index of every member of `group` (−1: no GPU), sorted, into `nodes` (scratch space, so that a
// table of many groups allocates once).
void nodesOfGroup(const PlacedLayout& placed, std::span<const int> group, std::vector<int>& nodes)
{
    nodes.clear();
    for (int rank : group)
        if (rank >= 0 && static_cast<std::size_t>(rank) < placed.ranks.size())
            nodes.push_back(placed.ranks[static_cast<std::size_t>(rank)].nodeIndex);
    if (!std::is_sorted(nodes.begin(), nodes.end())) // the default placement fills nodes in rank order
        std::sort(nodes.begin(), nodes.end());
}

GroupLinks linksOfGroup(const ClusterLinkSpecs& specs, const PlacedLayout& placed, std::span<const int> group,
                        std::vector<int>& nodes)
{
    nodesOfGroup(placed, group, nodes);
    GroupLinks out = groupLinksOnNodes(specs, nodes);
    out.ranks = static_cast<int>(group.size());
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
    std::vector<int> nodes, previous;
    for (std::span<const int> group : groups) {
        // The groups of one dimension are of one size, so groups on the same nodes have the same links:
        // neighbouring groups often are (TP 8 in a node, DP across the same nodes), priced once.
        nodesOfGroup(placed, group, nodes);
        if (!table.empty() && nodes == previous) {
            table.push_back(table.back());
        } else {
            table.push_back(groupLinksOnNodes(*m_specs, nodes));
            table.back().ranks = static_cast<int>(group.size());
            previous = nodes;
        }
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

const std::vector<GroupLinks>& PlacedGroupLinks::pipelineHop(const PlacedLayout& placed, int pipelineRank) const
{
    std::call_once(m_hopsFilled, [&] {
        const RankGroups& pipelines = placed.mesh.groupsOf(Dim::Pp);
        const int p = pipelines.empty() ? 0 : static_cast<int>(pipelines.front().size());
        m_hops.resize(static_cast<std::size_t>(p));
        for (int r = 0; r < p && p > 1; ++r)
            m_hops[static_cast<std::size_t>(r)] = pipelineSendLinks(*m_specs, placed, r, (r + 1) % p);
    });
    static const std::vector<GroupLinks> none;
    return pipelineRank >= 0 && static_cast<std::size_t>(pipelineRank) < m_hops.size()
        ? m_hops[static_cast<std::size_t>(pipelineRank)]
        : none;
}

std::vector<GroupLinks> pipelineSendLinks(const ClusterLinkSpecs& specs, const PlacedLayout& placed, int from,
                                          int to)
{
    std::vector<GroupLinks> out;
    const auto nodeOf = [&placed](std::span<const int> pipeline, int pipelineRank) {
        if (pipelineRank < 0 || static_cast<std::size_t>(pipelineRank) >= pipeline.size())
            return -1;
        const int rank = pipeline[static_cast<std::size_t>(pipelineRank)];
        return rank >= 0 && static_cast<std::size_t>(rank) < placed.ranks.size()
            ? placed.ranks[static_cast<std::size_t>(rank)].nodeIndex
            : -1;
    };
    std::array<int, 2> previous{-2, -2};
    for (std::span<const int> pipeline : placed.mesh.groupsOf(Dim::Pp)) {
        const int a = nodeOf(pipeline, from);
        const int b = nodeOf(pipeline, to);
        const std::array<int, 2> nodes{std::min(a, b), std::max(a, b)};
        if (nodes == previous) // neighbouring pipelines mostly send between the same two nodes
            continue;
        previous = nodes;
        GroupLinks pair = groupLinksOnNodes(specs, nodes);
        if (std::find(out.begin(), out.end(), pair) == out.end())
            out.push_back(std::move(pair));
    }
    return out;
}

double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links)
{
    if (ranks < 2 || !(bytes > 0))
        return 0;
    CollectiveSpec spec;
    spec.op = op;
    spec.ranks = ranks;
    spec.bytes = bytes;
    spec.ranksPerNode = links.ranksPerNode;
    CollectiveLinks priced = links.links;
    if (op == CollectiveOp::AllToAll || op == CollectiveOp::SendRecv)
        priced.interNode = links.interNodePerGpu; // no rings: each GPU through its own card
    return ncclCollective(spec, priced).seconds;
}

} // namespace core
