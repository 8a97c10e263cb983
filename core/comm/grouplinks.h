// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The links a process group talks over, by one rule for every model that prices a group's collectives
// (a layer's TP/CP/EP collectives in stagetime.h, the data-parallel buckets and FSDP in steptimeline.h,
// serving, and the group a user plays in groupcollective.h):
//   inside a node, the slowest intra-node link among the group's nodes — a ring moves as fast as its
//   slowest hop, and the nodes of one group meet in every step;
//   between nodes, the cluster's fabric;
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
    const LinkSpec* fabric = nullptr;

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
};
// `nodeIndices`: the node index of every member, ascending (−1 for a member without a GPU).
GroupNodes groupNodes(const ClusterLinkSpecs& links, const std::vector<int>& nodeIndices);

// A group's links, as the timing models price its collectives with.
struct GroupLinks
{
    CollectiveLinks links; // the slowest intra-node link, the fabric (each left default when unknown)
    int ranksPerNode = 0;
    int nodes = 1;
    int ranks = 0; // the group's size
    bool operator==(const GroupLinks&) const = default;
};
GroupLinks groupLinks(const Design& design, const PlacedLayout& placed, std::span<const int> group);
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
    // The distinct links between pipeline ranks r and r + 1 (mod PP) over every pipeline, for the
    // activations a stage sends to the next (nullptr: an unknown link).
    const std::vector<const LinkSpec*>& pipelineHop(const PlacedLayout& placed, int pipelineRank) const;

private:
    void fill(const PlacedLayout& placed, Dim dim) const;

    std::shared_ptr<const ClusterLinkSpecs> m_specs;
    mutable std::array<std::once_flag, kDimCount> m_filled;
    mutable std::array<std::vector<GroupLinks>, kDimCount> m_ofGroup;
    mutable std::array<std::vector<std::vector<GroupLinks>>, kDimCount> m_ofPipelineRank;
    mutable std::once_flag m_hopsFilled;
    mutable std::vector<std::vector<const LinkSpec*>> m_hops;
};
// α–β time of one collective on the group (ring; pairwise all-to-all); 0 for fewer than 2 ranks.
double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links);

} // namespace core
