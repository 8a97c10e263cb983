// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Edits of the cluster and the placement, one per user gesture on the cluster canvas. An edit is a plain
// value that names GPUs and nodes by their stable ids, so that a view can emit it as an intent and an undo
// command can hold it; applyClusterEdit carries it out on a design.

#include "catalog/catalog.h"
#include "design/design.h"

#include <string>
#include <variant>
#include <vector>

namespace core {

namespace edit {

// Adds `count` GPUs of a preset type to a node, at a slot (−1: after the last GPU). nodeId −1 adds a new
// node for them, with the GPU type's usual intra-node link.
struct AddGpus
{
    int nodeId = -1;
    int slot = -1;
    std::string type;
    int count = 1;
    bool operator==(const AddGpus&) const = default;
};

// Moves GPUs (in the given order) to a node, starting at a slot of the node as it was before the move
// (−1: to the end). A GPU keeps its id, so an explicit placement follows it.
struct MoveGpus
{
    std::vector<int> gpuIds;
    int nodeId = -1;
    int slot = -1;
    bool operator==(const MoveGpus&) const = default;
};

// Removes whole nodes and single GPUs in one step.
struct Remove
{
    std::vector<int> nodeIds;
    std::vector<int> gpuIds;
    bool operator==(const Remove&) const = default;
};

// "Add K nodes of G GPUs of type T" (intraLink empty: the GPU type's usual link).
struct AddNodes
{
    int count = 1;
    int gpusPerNode = 8;
    std::string gpuType;
    std::string intraLink;
    bool operator==(const AddNodes&) const = default;
};

// Copies of nodes (their GPUs, types and links, all in service), appended after the last node.
struct DuplicateNodes
{
    std::vector<int> nodeIds;
    bool operator==(const DuplicateNodes&) const = default;
};

// What if: takes GPUs out of service (or back into it).
struct SetInService
{
    std::vector<int> gpuIds;
    bool inService = true;
    bool operator==(const SetInService&) const = default;
};

// A node's intra-node link (e.g. a slower preset: NVLink → PCIe).
struct SetIntraLink
{
    std::vector<int> nodeIds;
    std::string link;
    bool operator==(const SetIntraLink&) const = default;
};

// Puts a rank on a GPU. The rank that was there, if any, takes the first rank's old GPU: dragging a rank
// onto another GPU swaps the two. Makes the placement explicit.
struct PlaceRank
{
    int rank = 0;
    int gpuId = 0;
    bool operator==(const PlaceRank&) const = default;
};

// Drops the explicit placement: ranks go back to the topology-aware default.
struct AutoPlace
{
    bool operator==(const AutoPlace&) const = default;
};

} // namespace edit

using ClusterEdit
    = std::variant<edit::AddGpus, edit::MoveGpus, edit::Remove, edit::AddNodes, edit::DuplicateNodes,
                   edit::SetInService, edit::SetIntraLink, edit::PlaceRank, edit::AutoPlace>;

// Carries the edit out on the design's cluster and placement. Returns false, leaving the design as it
// was, when the edit would change nothing or names ids the design does not have.
bool applyClusterEdit(Design& design, const ClusterEdit& edit, const Catalog& catalog = Catalog::builtin());

} // namespace core
