// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pipelined double binary tree of traceCollective (collective.h), on its own: the rounds of sends it
// makes, for collective.cpp to apply one by one. Internal to core/comm; binaryTreeNode and
// doubleBinaryTreeNode, which build the trees, are collective.h's.

#include "comm/collective.h"

#include <array>
#include <vector>

namespace core {

// One step's sends and what they do.
struct CollectiveRound
{
    CollectivePhase phase = CollectivePhase::TreeReduce;
    std::vector<CollectiveSend> sends;
};

// The double binary tree, pipelined (NCCL runTreeSplit): the all-reduce of `chunks` chunks over the two
// trees (one TreeNode per rank each), tree 0 carrying the first ⌈chunks/2⌉.
std::vector<CollectiveRound> doubleTreeRounds(const std::array<std::vector<TreeNode>, 2>& trees, int chunks);

} // namespace core
