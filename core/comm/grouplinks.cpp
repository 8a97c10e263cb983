// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/grouplinks.h"

#include <algorithm>
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

GroupNodes groupNodes(const ClusterLinkSpecs& links, const std::vector<int>& nodeIndices)
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

GroupLinks groupLinksOnNodes(const ClusterLinkSpecs& specs, const std::vector<int>& nodeIndices)
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

GroupLinks linksOfGroup(const ClusterLinkSpecs& specs, const PlacedLayout& placed,
                        const std::vector<int>& group)
{
    std::vector<int> nodes; // the node index of every member (−1: no GPU), sorted
    nodes.reserve(group.size());
    for (int rank : group)
        if (rank >= 0 && static_cast<std::size_t>(rank) < placed.ranks.size())
            nodes.push_back(placed.ranks[static_cast<std::size_t>(rank)].nodeIndex);
    std::sort(nodes.begin(), nodes.end());
    GroupLinks out = groupLinksOnNodes(specs, nodes);
    out.ranks = static_cast<int>(group.size());
    return out;
}

} // namespace

GroupLinks groupLinks(const Design& design, const PlacedLayout& placed, const std::vector<int>& group)
{
    return linksOfGroup(ClusterLinkSpecs(design.cluster, placed.presets()), placed, group);
}

std::vector<GroupLinks> stageGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim,
                                        int pipelineRank)
{
    const ClusterLinkSpecs specs(design.cluster, placed.presets());
    const auto& groupOf = placed.mesh.groupOf[static_cast<std::size_t>(dim)];
    std::vector<char> seen(placed.mesh.groupsOf(dim).size(), 0);
    std::vector<GroupLinks> out;
    for (const std::vector<int>& pipeline : placed.mesh.groupsOf(Dim::Pp)) {
        const auto group = static_cast<std::size_t>(
            groupOf[static_cast<std::size_t>(pipeline[static_cast<std::size_t>(pipelineRank)])]);
        if (std::exchange(seen[group], 1))
            continue;
        const GroupLinks links = linksOfGroup(specs, placed, placed.mesh.groupsOf(dim)[group]);
        if (std::find(out.begin(), out.end(), links) == out.end())
            out.push_back(links);
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
