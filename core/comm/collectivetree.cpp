// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's double binary tree (collective.h, CollectiveAlgorithm::Tree): the two trees over the ranks, and
// the all-reduce's chunks carried up and down both of them, step by step.
#include "comm/collectivetree.h"

#include <algorithm>

namespace core {

TreeNode binaryTreeNode(int ranks, int rank)
{
    TreeNode node;
    if (ranks <= 0 || rank < 0 || rank >= ranks)
        return node;
    int bit = 1;
    while (bit < ranks && (bit & rank) == 0)
        bit <<= 1;
    if (rank == 0) {
        // The root's only child is the highest power of two below ranks (NCCL: "child 1, not 0").
        node.child1 = ranks > 1 ? bit >> 1 : -1;
        return node;
    }
    int up = (rank ^ bit) | (bit << 1);
    if (up >= ranks)
        up = rank ^ bit;
    node.parent = up;
    int lowbit = bit >> 1;
    node.child0 = lowbit == 0 ? -1 : rank - lowbit;
    // The second child shrinks towards the rank until it exists.
    int down1 = lowbit == 0 ? -1 : rank + lowbit;
    while (down1 >= ranks) {
        down1 = lowbit == 0 ? -1 : rank + lowbit;
        lowbit >>= 1;
    }
    node.child1 = down1;
    return node;
}

std::array<TreeNode, 2> doubleBinaryTreeNode(int ranks, int rank)
{
    std::array<TreeNode, 2> nodes{binaryTreeNode(ranks, rank), TreeNode{}};
    if (ranks <= 0 || rank < 0 || rank >= ranks)
        return nodes;
    const auto map = [ranks](int x, bool mirror) {
        if (x < 0)
            return -1;
        return mirror ? ranks - 1 - x : (x + 1) % ranks;
    };
    const bool mirror = ranks % 2 == 0;
    const int other = mirror ? ranks - 1 - rank : (rank - 1 + ranks) % ranks;
    const TreeNode base = binaryTreeNode(ranks, other);
    nodes[1] = {map(base.parent, mirror), map(base.child0, mirror), map(base.child1, mirror)};
    return nodes;
}

// The double binary tree, pipelined (NCCL runTreeSplit): tree t carries its chunks up (each rank adds its
// children's chunk to its own and passes it on once every child's has arrived) and the root's finished
// chunks down, both halves at once on different chunks. A rank sends at most one chunk per tree and
// direction in a step, and its chunks in order. The trees span ranks, not nodes as in NCCL (connect.cc
// builds them over nodes with a chain inside each node): the trace shows the tree itself.
TreeDepths treeDepths(const std::vector<TreeNode>& tree)
{
    const int n = static_cast<int>(tree.size());
    TreeDepths out;
    out.depth.assign(static_cast<std::size_t>(n), 0);
    for (int r = 0; r < n; ++r) {
        int d = 0; // bounded by n: a malformed tree with a cycle cannot loop for ever
        for (int x = r; tree[static_cast<std::size_t>(x)].parent >= 0 && d <= n;
             x = tree[static_cast<std::size_t>(x)].parent)
            ++d;
        out.depth[static_cast<std::size_t>(r)] = d;
        if (tree[static_cast<std::size_t>(r)].parent < 0)
            out.root = r;
    }
    return out;
}

std::vector<CollectiveRound> doubleTreeRounds(const std::array<std::vector<TreeNode>, 2>& trees, int chunks)
{
    const int n = static_cast<int>(trees[0].size());
    const int firstHalf = (chunks + 1) / 2;
    std::vector<std::vector<CollectiveSend>> byStep;
    auto emit = [&byStep](int step, CollectiveSend send) {
        if (static_cast<std::size_t>(step) >= byStep.size())
            byStep.resize(static_cast<std::size_t>(step) + 1);
        byStep[static_cast<std::size_t>(step)].push_back(send);
    };
    for (int t = 0; t < 2; ++t) {
        const std::vector<TreeNode>& tree = trees[static_cast<std::size_t>(t)];
        const int first = t == 0 ? 0 : firstHalf;
        const int count = t == 0 ? firstHalf : chunks - firstHalf;
        if (count == 0)
            continue;
        // Named members, not a structured binding: clang before 16 cannot capture a binding in a lambda.
        const TreeDepths depths = treeDepths(tree);
        const std::vector<int>& depth = depths.depth;
        const int root = depths.root;
        std::vector<int> order(static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r)
            order[static_cast<std::size_t>(r)] = r;
        std::stable_sort(order.begin(), order.end(), [&depth](int a, int b) {
            return depth[static_cast<std::size_t>(a)] > depth[static_cast<std::size_t>(b)];
        });
        const auto at = [count](int rank, int k) {
            return static_cast<std::size_t>(rank) * static_cast<std::size_t>(count)
                + static_cast<std::size_t>(k);
        };
        const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(count);
        std::vector<int> upSend(cells, -1); // step in which rank sends chunk k to its parent
        std::vector<int> ready(cells, -1); // the step after which rank holds the finished chunk k
        auto children = [&tree](int r) {
            const TreeNode& node = tree[static_cast<std::size_t>(r)];
            std::vector<int> out;
            for (int c : {node.child0, node.child1})
                if (c >= 0)
                    out.push_back(c);
            return out;
        };
        for (int r : order) { // deepest first: children before parents
            for (int k = 0; k < count; ++k) {
                int complete = -1;
                for (int c : children(r))
                    complete = std::max(complete, upSend[at(c, k)]);
                if (r == root) {
                    ready[at(r, k)] = complete;
                    continue;
                }
                const int previous = k > 0 ? upSend[at(r, k - 1)] + 1 : 0;
                upSend[at(r, k)] = std::max(complete + 1, previous);
                emit(upSend[at(r, k)],
                     {r, tree[static_cast<std::size_t>(r)].parent, first + k, first + k, true, t});
            }
        }
        for (auto it = order.rbegin(); it != order.rend(); ++it) { // root first: parents before children
            const int r = *it;
            const std::vector<int> kids = children(r);
            if (kids.empty())
                continue;
            int previous = -1;
            for (int k = 0; k < count; ++k) {
                const int send = std::max(ready[at(r, k)] + 1, previous + 1);
                previous = send;
                for (int c : kids) {
                    ready[at(c, k)] = send;
                    emit(send, {r, c, first + k, first + k, false, t});
                }
            }
        }
    }
    std::vector<CollectiveRound> rounds;
    for (std::vector<CollectiveSend>& sends : byStep) {
        const bool anyReduce
            = std::any_of(sends.begin(), sends.end(), [](const auto& s) { return s.reduces; });
        const bool anyCopy
            = std::any_of(sends.begin(), sends.end(), [](const auto& s) { return !s.reduces; });
        const CollectivePhase phase = anyReduce && anyCopy ? CollectivePhase::TreeReduceBroadcast
            : anyReduce                                    ? CollectivePhase::TreeReduce
                                                           : CollectivePhase::TreeBroadcast;
        rounds.push_back({phase, std::move(sends)});
    }
    return rounds;
}

} // namespace core
