// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Collectives step by step: which rank sends which chunk to whom in every step, and what every rank's
// buffer holds afterwards. This is what the collective animation shows and what the cost model prices
// (collectivecost.h). Each algorithm follows public code, named at its function: NCCL's ring and double
// binary tree (src/device/all_reduce.h, src/graph/trees.cc), MPICH's pairwise all-to-all, Horovod's
// hierarchical all-reduce; S is nccl-tests' (doc/PERFORMANCE.md). The reference article («Wie Ranks
// kommunizieren») names the five operations, with sums as the reduction. The code lives in
// collective.cpp (specs, checks, rings, pairwise exchange), collectivetree.cpp (the double binary tree)
// and collectivestate.cpp (the buffers' contents).
//
// A step is one round in which every rank sends at most one message per peer; a message may span
// several chunks (the ring sends a rank's whole segment of C/N chunks at once), and every chunk is
// listed as its own CollectiveSend so that the animation can move cells.

#include "base/diagnostic.h"
#include "base/enumnames.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace core {

enum class CollectiveOp { AllReduce, AllGather, ReduceScatter, AllToAll, SendRecv };

template<> struct EnumNames<CollectiveOp>
{
    static constexpr std::array table{
        std::pair{CollectiveOp::AllReduce, std::string_view{"allreduce"}},
        std::pair{CollectiveOp::AllGather, std::string_view{"allgather"}},
        std::pair{CollectiveOp::ReduceScatter, std::string_view{"reducescatter"}},
        std::pair{CollectiveOp::AllToAll, std::string_view{"alltoall"}},
        std::pair{CollectiveOp::SendRecv, std::string_view{"sendrecv"}}};
};

enum class CollectiveAlgorithm {
    Ring, // NCCL ring (all-reduce, all-gather, reduce-scatter); for sendrecv the nccl-tests ring shift
    Tree, // NCCL double binary tree (all-reduce)
    Pairwise, // MPICH pairwise exchange (all-to-all)
    Hierarchical, // Horovod: reduce-scatter in the node, all-reduce across nodes, all-gather in the node
    Direct // one send from one rank to another (sendrecv)
};

template<> struct EnumNames<CollectiveAlgorithm>
{
    static constexpr std::array table{
        std::pair{CollectiveAlgorithm::Ring, std::string_view{"ring"}},
        std::pair{CollectiveAlgorithm::Tree, std::string_view{"tree"}},
        std::pair{CollectiveAlgorithm::Pairwise, std::string_view{"pairwise"}},
        std::pair{CollectiveAlgorithm::Hierarchical, std::string_view{"hierarchical"}},
        std::pair{CollectiveAlgorithm::Direct, std::string_view{"direct"}}};
};

// What a step does. Tree steps mix reduce (up) and broadcast (down) sends on different chunks, because
// NCCL runs both halves at once (runTreeSplit).
enum class CollectivePhase {
    ReduceScatter,
    AllGather,
    TreeReduce,
    TreeBroadcast,
    TreeReduceBroadcast,
    Exchange,
    Send,
    IntraReduceScatter,
    InterReduceScatter,
    InterAllGather,
    IntraAllGather
};

template<> struct EnumNames<CollectivePhase>
{
    static constexpr std::array table{
        std::pair{CollectivePhase::ReduceScatter, std::string_view{"reduce-scatter"}},
        std::pair{CollectivePhase::AllGather, std::string_view{"all-gather"}},
        std::pair{CollectivePhase::TreeReduce, std::string_view{"reduce"}},
        std::pair{CollectivePhase::TreeBroadcast, std::string_view{"broadcast"}},
        std::pair{CollectivePhase::TreeReduceBroadcast, std::string_view{"reduce+broadcast"}},
        std::pair{CollectivePhase::Exchange, std::string_view{"exchange"}},
        std::pair{CollectivePhase::Send, std::string_view{"send"}},
        std::pair{CollectivePhase::IntraReduceScatter, std::string_view{"intra-reduce-scatter"}},
        std::pair{CollectivePhase::InterReduceScatter, std::string_view{"inter-reduce-scatter"}},
        std::pair{CollectivePhase::InterAllGather, std::string_view{"inter-all-gather"}},
        std::pair{CollectivePhase::IntraAllGather, std::string_view{"intra-all-gather"}}};
};

// Step-by-step traces are for looking at: at most this many ranks, and a trace (the state after every
// step) of at most kMaxTraceBytes. Costs (collectivecost.h) have no such limit.
inline constexpr int kMaxTraceRanks = 1024;
inline constexpr double kMaxTraceBytes = 64.0 * 1024 * 1024;

struct CollectiveSpec
{
    CollectiveOp op = CollectiveOp::AllReduce;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    int ranks = 0;
    // S as nccl-tests defines it (doc/PERFORMANCE.md), which is also the n of the α–β formulas: the
    // all-reduce buffer; the whole gathered output of an all-gather (ranks × shard); the whole input of a
    // reduce-scatter (ranks × output); the whole send buffer of an all-to-all (ranks × block); the message
    // of a sendrecv.
    double bytes = 0;
    // How many chunks the buffer is cut into; 0 = the default (one per rank; one for sendrecv). Ring,
    // pairwise and hierarchical need a multiple of the ranks (rank r's block is chunks [r·C/N, (r+1)·C/N));
    // the tree takes any count and pipelines them, tree 0 carrying the first ⌈C/2⌉.
    int chunks = 0;
    // Ranks r and s share a node when r / ranksPerNode == s / ranksPerNode; 0 = all in one node.
    int ranksPerNode = 0;
    // Direct sendrecv: who sends to whom.
    int source = 0;
    int destination = 1;

    bool operator==(const CollectiveSpec&) const = default;
};

// The algorithms that implement an op, the first being the default.
std::vector<CollectiveAlgorithm> algorithmsFor(CollectiveOp op);
bool algorithmApplies(CollectiveOp op, CollectiveAlgorithm algorithm);
// The chunk count after applying the default.
int effectiveChunks(const CollectiveSpec& spec);
// Nodes the ranks span (ranks per node 0 = one node).
int nodeCount(const CollectiveSpec& spec);
// Checks that apply to traces and costs alike; JSON pointers name the fields of a collective request
// ("/ranks", "/bytes", …). A single rank is an Info: nothing moves.
std::vector<Diagnostic> checkCollective(const CollectiveSpec& spec);

// One chunk moving in one step. The receiver's slot `toChunk` becomes the sender's slot `chunk` as it was
// at the start of the step: added to what the receiver holds when `reduces`, replacing it otherwise. For
// all-to-all the sender reads its input (send) buffer, which the algorithm never changes.
struct CollectiveSend
{
    int from = 0;
    int to = 0;
    int chunk = 0;
    int toChunk = 0; // differs from chunk only for all-to-all
    bool reduces = false;
    int channel = 0; // the double tree's tree 0 or 1 (NCCL channel c or c + nChannels); 0 otherwise
    bool operator==(const CollectiveSend&) const = default;
};

// What every rank's buffer holds at one moment: for each rank and chunk slot, the set of ranks whose
// contributions the slot holds (this is what the animation colours), and which chunk of those ranks'
// input it is. For reductions the chunk is the slot itself; for all-gather slot j holds chunk j of its
// owner; for all-to-all rank r's slot j ends up holding chunk r of rank j (with one chunk per block).
class CollectiveState
{
public:
    CollectiveState() = default;
    CollectiveState(int ranks, int chunks);

    int ranks() const { return m_ranks; }
    int chunks() const { return m_chunks; }

    bool holds(int rank, int slot, int contributor) const;
    int contributorCount(int rank, int slot) const;
    std::vector<int> contributors(int rank, int slot) const; // ascending
    bool isEmpty(int rank, int slot) const { return contributorCount(rank, slot) == 0; }
    bool holdsAll(int rank, int slot) const { return contributorCount(rank, slot) == m_ranks; }
    // Which chunk of the contributors' input the slot holds; -1 when it is empty.
    int block(int rank, int slot) const;

    void setSingle(int rank, int slot, int contributor, int block);
    void clear(int rank, int slot);
    // The slot becomes the union of what it holds and `source`'s slot (a reduction).
    void addFrom(int rank, int slot, const CollectiveState& source, int sourceRank, int sourceSlot);
    // The slot becomes a copy of `source`'s slot.
    void copyFrom(int rank, int slot, const CollectiveState& source, int sourceRank, int sourceSlot);

    bool operator==(const CollectiveState&) const = default;

private:
    std::size_t index(int rank, int slot) const;

    int m_ranks = 0;
    int m_chunks = 0;
    int m_words = 0; // 64-bit words per slot
    std::vector<std::uint64_t> m_bits;
    std::vector<int> m_blocks;
};

struct CollectiveStep
{
    int index = 0;
    CollectivePhase phase = CollectivePhase::ReduceScatter;
    std::vector<CollectiveSend> sends; // sorted by channel, sender, chunk
    CollectiveState after;
};

// A rank in NCCL's binary tree: parent and up to two children, -1 where there is none.
struct TreeNode
{
    int parent = -1;
    int child0 = -1;
    int child1 = -1;
    bool operator==(const TreeNode&) const = default;
};

struct CollectiveTrace
{
    CollectiveSpec spec; // as asked for, with the chunk count made explicit
    std::vector<Diagnostic> diagnostics;
    CollectiveState initial; // what the ranks hold before (the "before" of the reference article's figure)
    std::vector<CollectiveStep> steps;
    bool sendsReadInput = false; // all-to-all: senders read `initial`, not the step's start
    std::array<std::vector<TreeNode>, 2> trees; // the double binary tree, for the tree algorithm

    bool valid() const { return !hasErrors(diagnostics); }
    const CollectiveState& finalState() const { return steps.empty() ? initial : steps.back().after; }
};

CollectiveTrace traceCollective(const CollectiveSpec& spec);

// NCCL src/graph/trees.cc ncclGetBtree: rank 0 is the root; a rank's lowest set bit decides its parent and
// children. Valid for 0 <= rank < ranks.
TreeNode binaryTreeNode(int ranks, int rank);
// How many edges below the root each rank of a tree sits, and which rank is the root (the one without a
// parent); the tree's rounds and its drawing both follow the depth.
struct TreeDepths
{
    std::vector<int> depth; // per rank
    int root = 0;
};
TreeDepths treeDepths(const std::vector<TreeNode>& tree);
// NCCL ncclGetDtree: tree 1 mirrors tree 0 (rank → n−1−rank) for even n, and shifts it by one for odd n.
std::array<TreeNode, 2> doubleBinaryTreeNode(int ranks, int rank);

// MPICH alltoall_intra_pairwise.c: in step i (1 ≤ i < p) rank r sends to r XOR i and receives from it when
// p is a power of two, else it sends to (r + i) mod p and receives from (r − i) mod p.
int pairwiseSendPeer(int ranks, int rank, int step);
int pairwiseReceivePeer(int ranks, int rank, int step);

// The trace on numbers: buffers[rank][slot]. A reducing send adds, any other replaces; every send reads
// the values at the start of its step (the input for all-to-all). Returns the buffers after each step, or
// nothing when the trace is invalid or the input does not have ranks × chunks values.
using RankBuffers = std::vector<std::vector<double>>;
std::vector<RankBuffers> simulateCollective(const CollectiveTrace& trace, const RankBuffers& input);

} // namespace core
