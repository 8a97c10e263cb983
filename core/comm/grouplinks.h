// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The links a process group talks over, by one rule for every model that prices a group's collectives
// (a layer's TP/CP/EP collectives in stagetime.h, the data-parallel buckets and FSDP in steptimeline.h,
// serving, and the group a user plays in groupcollective.h):
//   inside a node, the slowest intra-node link among the group's nodes — a ring moves as fast as its
//   slowest hop, and the nodes of one group meet in every step;
//   between nodes, the cluster's fabric, on as many rails as the group has members per node: NCCL builds
//   one ring (channel) per network card it can use, each leaving a node through the card of the GPU it
//   leaves from (src/graph/search.cc, rings on rails), so a ring's inter-node hop runs at
//   min(members per node, cards per node) × the card's bandwidth, bounded by the intra-node link by the
//   slowest-hop rule, and divided by the fabric's oversubscription where the group crosses the spine. A
//   card serving several GPUs (fewer cards than GPUs) gives each its share. All-to-all has no rings: each
//   GPU sends through its own card's share;
//   CollectiveSpec::ranksPerNode = 0 when every member sits on one node, else the greatest common divisor
//   of the members per node (CollectiveSpec can only say "g per node").

#include "catalog/catalog.h"
#include "comm/collectivecost.h"
#include "design/design.h"
#include "design/placedlayout.h"

#include <array>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace core {

// The cluster's links looked up once: each node's intra-node link and the fabric (nullptr: no such
// preset).
struct ClusterLinkSpecs
{
    std::vector<const LinkSpec*> intra; // per node index
    std::vector<double> cardShare; // per node index: network cards per GPU, at most 1
    const LinkSpec* fabric = nullptr;
    double oversubscription = 1;
    FabricTopology topology = FabricTopology::RailOptimized;

    ClusterLinkSpecs(const Cluster& cluster, const Catalog& catalog);
};

// How a group's members spread over the nodes.
struct GroupNodes
{
    int nodes = 0; // distinct nodes; members without a GPU count as one more
    int ranksPerNode = 0; // 0 on one node, else the greatest common divisor of the members per node
    bool uneven = false; // the nodes hold different numbers of members
    const LinkSpec* slowestIntra = nullptr; // by bandwidth, the first of equals; unknown links left out
    int unknownIntraNode = -1; // the first node index whose intra-node link is no preset; -1: none
    double cardShare = 1; // the smallest network cards per GPU among the group's nodes
    bool crossesSpine = false; // the group's nodes sit under different leaf switches
};
// `nodeIndices`: the node index of every member, ascending (−1 for a member without a GPU).
GroupNodes groupNodes(const ClusterLinkSpecs& links, std::span<const int> nodeIndices);

// A group's links, as the timing models price its collectives with.
struct GroupLinks
{
    // The slowest intra-node link and, between nodes, the fabric on the rings' rails (each left default when
    // unknown).
    CollectiveLinks links;
    LinkCost interNodePerGpu; // one GPU's share of the fabric, as all-to-all and point-to-point use it
    double rails = 1; // network cards a ring's inter-node hop runs on (fractional: shared cards)
    int ranksPerNode = 0;
    int nodes = 1;
    int ranks = 0; // the group's size
    bool operator==(const GroupLinks&) const = default;
};
GroupLinks groupLinks(const Design& design, const PlacedLayout& placed, std::span<const int> group);
// The links of a group whose members sit on `nodeIndices` (one entry per member, ascending), as the
// command line prices a collective on catalogue hardware without a design.
GroupLinks groupLinksOnNodes(const ClusterLinkSpecs& specs, std::span<const int> nodeIndices);
// The links of the group of `dim` that holds `rank` (from the placed layout's table when it has one).
GroupLinks rankGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim, int rank);
// The distinct links of the groups of `dim` that hold pipeline rank `pipelineRank` in any replica (groups
// on the same kinds of links count once).
std::vector<GroupLinks> stageGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim,
                                        int pipelineRank);

// The links of a placed layout's groups, looked up once per placement instead of once per question: the
// search asks the same questions of every variant of one set of degrees (ZeRO stage, micro-batch,
// schedule, recomputation), and walking the groups costs in proportion to the GPUs. The cluster's links
// are resolved once per cluster (`specs`, shared by every placement on it); each dimension's table is filled
// on its first use, once, from any thread. Every entry is what groupLinks() computes for the group. The
// table belongs to the placement whose PlacedLayout holds it (PlacedLayout::groupLinks), which every call
// passes: copies of that layout share it, and whoever changes the mesh or the ranks drops it.
class PlacedGroupLinks
{
public:
    explicit PlacedGroupLinks(std::shared_ptr<const ClusterLinkSpecs> specs);

    const ClusterLinkSpecs& specs() const { return *m_specs; }
    // The links of group `group` of `dim` (an index into placed.mesh.groupsOf(dim)).
    const GroupLinks& ofGroup(const PlacedLayout& placed, Dim dim, std::size_t group) const;
    // stageGroupLinks() for one pipeline rank.
    const std::vector<GroupLinks>& ofPipelineRank(const PlacedLayout& placed, Dim dim, int pipelineRank) const;
    // pipelineSendLinks() from pipeline rank r to r + 1 (mod PP), for the activations a stage sends to the
    // next.
    const std::vector<GroupLinks>& pipelineHop(const PlacedLayout& placed, int pipelineRank) const;

private:
    void fill(const PlacedLayout& placed, Dim dim) const;

    std::shared_ptr<const ClusterLinkSpecs> m_specs;
    mutable std::array<std::once_flag, kDimCount> m_filled;
    mutable std::array<std::vector<GroupLinks>, kDimCount> m_ofGroup;
    mutable std::array<std::vector<std::vector<GroupLinks>>, kDimCount> m_ofPipelineRank;
    mutable std::once_flag m_hopsFilled;
    mutable std::vector<std::vector<GroupLinks>> m_hops;
};
// The distinct links of the sends from pipeline rank `from` to pipeline rank `to`, over every pipeline: each
// send is a group of two, the GPUs' node (both on one node) or their two nodes, priced by collectiveSeconds
// as CollectiveOp::SendRecv on 2 ranks (docs/collectives.md, "Point-to-point sends").
std::vector<GroupLinks> pipelineSendLinks(const ClusterLinkSpecs& specs, const PlacedLayout& placed, int from,
                                          int to);

// Time of one collective on the group as NCCL runs it (collectivecost.h, ncclCollective: ring or tree as
// NCCL's tuning would choose, with the message-size efficiency; all-to-all and sends on each GPU's share of
// a card); 0 for fewer than 2 ranks.
double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links);

} // namespace core
