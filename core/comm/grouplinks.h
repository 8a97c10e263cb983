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
GroupNodes groupNodes(const ClusterLinkSpecs& links, const std::vector<int>& nodeIndices);

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
GroupLinks groupLinks(const Design& design, const PlacedLayout& placed, const std::vector<int>& group);
// The links of a group whose members sit on `nodeIndices` (one entry per member, ascending), as the
// command line prices a collective on catalogue hardware without a design.
GroupLinks groupLinksOnNodes(const ClusterLinkSpecs& specs, const std::vector<int>& nodeIndices);
// The distinct links of the groups of `dim` that hold pipeline rank `pipelineRank` in any replica (groups
// on the same kinds of links count once).
std::vector<GroupLinks> stageGroupLinks(const Design& design, const PlacedLayout& placed, Dim dim,
                                        int pipelineRank);
// Time of one collective on the group as NCCL runs it (collectivecost.h, ncclCollectiveSeconds: ring,
// tree or NVLink SHARP as NCCL's tuning would choose, with the message-size efficiency); 0 for fewer than
// 2 ranks.
double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links);

} // namespace core
