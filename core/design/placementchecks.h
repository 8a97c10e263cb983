// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the placed ranks put the groups that talk most, and what that costs: the rules behind the warnings
// tp-spans-nodes, tp-over-pcie and ep-spans-nodes, for the whole layout and per node. validatePlacement
// words them as diagnostics; the cluster canvas marks the nodes they are about. One rule in one place, so
// that a badge on a node and a warning in the list never disagree.

#include "catalog/catalog.h"
#include "design/design.h"
#include "design/mesh.h"
#include "design/placement.h"
#include "design/rankinfo.h"

#include <string>
#include <vector>

namespace core {

// The groups of one dimension whose ranks sit on more than one node.
struct SpanningGroups
{
    int spanning = 0;
    int groups = 0; // all groups of the dimension
    std::string example; // the ranks of the first spanning group: "0, 1, 9"
};

struct NodePlacementWarnings
{
    bool tpSpansNodes = false; // runs a member of a TP group that spans nodes
    bool tpOverPcie = false; // runs a TP group of more than two ranks over its PCIe
    bool epSpansNodes = false; // runs a member of an EP group that leaves its node though TP × EP fits one
    bool any() const { return tpSpansNodes || tpOverPcie || epSpansNodes; }
};

struct PlacementChecks
{
    std::vector<NodePlacementWarnings> nodes; // per node index of the cluster
    // TP talks in every layer, forward and backward: its groups belong inside a node (TP > 1).
    SpanningGroups tp;
    // Without NVLink the reference article keeps TP at 1 or 2: a larger group inside a PCIe node.
    bool tpOverPcie = false;
    // EP's all-to-all runs in every MoE layer, forward and backward, and is latency-sensitive: the reference
    // article puts such collectives in the fastest domain. Worth a warning only where expert TP × EP fits a
    // node of a uniform cluster, so that an order keeps it there (an EP larger than a node crosses the fabric
    // by design).
    SpanningGroups ep; // counted when EP > 1 on a MoE model and a uniform cluster
    bool epSpansNodes = false;
    int expertTpTimesEp = 0;
};

// The rules on the ranks as `placement` puts them. A rank without a GPU counts as on no node: a group with
// such a member spans nodes, and no node is marked for it.
PlacementChecks checkPlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                               const RankPlacement& placement);
// The same on an evaluation's ranks (Evaluation::ranks, with its mesh and catalog).
PlacementChecks checkPlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                               const std::vector<RankInfo>& ranks);

} // namespace core
