// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives step by step (collective.h): specs and their checks, and the traces of the ring, pairwise,
// hierarchical and direct algorithms. The double binary tree's rounds are collectivetree.cpp's, the
// buffers' contents collectivestate.cpp's.
#include "comm/collective.h"

#include "base/diagnostickinds.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "comm/collectivetree.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <tuple>

namespace core {

namespace {

// The largest buffer a collective may move (10^18 bytes, an exabyte) keeps every time finite.
constexpr double kMaxCollectiveBytes = 1e18;

int positiveModulo(std::int64_t value, int modulus)
{
    const std::int64_t r = value % modulus;
    return static_cast<int>(r < 0 ? r + modulus : r);
}

std::string str(std::int64_t value)
{
    return std::to_string(value);
}

std::string opLabel(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "all-reduce";
    case CollectiveOp::AllGather:
        return "all-gather";
    case CollectiveOp::ReduceScatter:
        return "reduce-scatter";
    case CollectiveOp::AllToAll:
        return "all-to-all";
    case CollectiveOp::SendRecv:
        return "send/receive";
    }
    return "?";
}

bool isPowerOfTwo(int value)
{
    return value > 0 && std::has_single_bit(static_cast<unsigned>(value));
}

int ceilLog2(int value)
{
    return value <= 1 ? 0 : static_cast<int>(std::bit_width(static_cast<unsigned>(value - 1)));
}

bool needsEvenShares(CollectiveAlgorithm algorithm)
{
    return algorithm == CollectiveAlgorithm::Ring || algorithm == CollectiveAlgorithm::Pairwise
        || algorithm == CollectiveAlgorithm::Hierarchical;
}

int effectiveRanksPerNode(const CollectiveSpec& spec)
{
    return spec.ranksPerNode <= 0 ? spec.ranks : spec.ranksPerNode;
}

// An upper bound on the step count, known before the trace is built (the tree's exact count comes from
// its schedule; its depth is at most ⌈lg n⌉, so up and down take at most 2⌈lg n⌉ + chunks steps).
std::int64_t stepBound(const CollectiveSpec& spec, int chunks)
{
    const std::int64_t n = spec.ranks;
    switch (spec.algorithm) {
    case CollectiveAlgorithm::Ring:
        if (spec.op == CollectiveOp::AllReduce)
            return 2 * (n - 1);
        return spec.op == CollectiveOp::SendRecv ? 1 : n - 1;
    case CollectiveAlgorithm::Tree:
        return (std::int64_t{chunks} + 1) / 2 + 2 * ceilLog2(spec.ranks) + 2;
    case CollectiveAlgorithm::Pairwise:
        return n - 1;
    case CollectiveAlgorithm::Hierarchical: {
        const std::int64_t g = effectiveRanksPerNode(spec);
        return 2 * (g - 1) + 2 * (n / g - 1);
    }
    case CollectiveAlgorithm::Direct:
        return 1;
    }
    return 0;
}

// Builds the trace one step at a time, applying each step's sends to a copy of the state.
class TraceBuilder
{
public:
    explicit TraceBuilder(CollectiveTrace& trace)
        : m_trace(trace)
        , m_state(trace.initial)
    { }

    void step(CollectivePhase phase, std::vector<CollectiveSend> sends)
    {
        std::sort(sends.begin(), sends.end(), [](const CollectiveSend& a, const CollectiveSend& b) {
            return std::tie(a.channel, a.from, a.chunk, a.to) < std::tie(b.channel, b.from, b.chunk, b.to);
        });
        CollectiveState next = m_state;
        const CollectiveState& source = m_trace.sendsReadInput ? m_trace.initial : m_state;
        for (const CollectiveSend& s : sends) {
            if (s.reduces)
                next.addFrom(s.to, s.toChunk, source, s.from, s.chunk);
            else
                next.copyFrom(s.to, s.toChunk, source, s.from, s.chunk);
        }
        m_state = next;
        CollectiveStep out;
        out.index = static_cast<int>(m_trace.steps.size());
        out.phase = phase;
        out.sends = std::move(sends);
        out.after = std::move(next);
        m_trace.steps.push_back(std::move(out));
    }

private:
    CollectiveTrace& m_trace;
    CollectiveState m_state;
};

// One ring: `members` in ring order, and segment s (a list of chunks) for each ring position s.
struct Ring
{
    std::vector<int> members;
    std::vector<std::vector<int>> segments;
};

// NCCL src/device/reduce_scatter.h and all_reduce.h runRing: in reduce-scatter step t the member at ring
// position i sends segment (i − 1 − t) mod n to position i + 1, which adds its own; after n − 1 steps
// position i holds segment i fully reduced ("rank r owns chunk r", the NCCL labelling; the textbook
// labelling of Horovod/Baidu sends (i − t) and ends owning i + 1).
void addRingReduceScatterSends(const Ring& ring, int t, std::vector<CollectiveSend>& out)
{
    const int n = static_cast<int>(ring.members.size());
    for (int i = 0; i < n; ++i) {
        const int from = ring.members[static_cast<std::size_t>(i)];
        const int to = ring.members[static_cast<std::size_t>((i + 1) % n)];
        for (int chunk : ring.segments[static_cast<std::size_t>(positiveModulo(i - 1 - t, n))])
            out.push_back({from, to, chunk, chunk, true, 0});
    }
}

// NCCL src/device/all_gather.h runRing: in all-gather step u position i sends segment (i − u) mod n (its
// own first) and receives segment (i − 1 − u) mod n; the last one it receives is segment i + 1.
void addRingAllGatherSends(const Ring& ring, int u, std::vector<CollectiveSend>& out)
{
    const int n = static_cast<int>(ring.members.size());
    for (int i = 0; i < n; ++i) {
        const int from = ring.members[static_cast<std::size_t>(i)];
        const int to = ring.members[static_cast<std::size_t>((i + 1) % n)];
        for (int chunk : ring.segments[static_cast<std::size_t>(positiveModulo(i - u, n))])
            out.push_back({from, to, chunk, chunk, false, 0});
    }
}

// All ranks in rank order, rank r's segment being chunks [r·m, (r+1)·m).
Ring flatRing(int ranks, int chunks)
{
    Ring ring;
    const int m = chunks / ranks;
    for (int r = 0; r < ranks; ++r) {
        ring.members.push_back(r);
        std::vector<int> segment;
        for (int c = r * m; c < (r + 1) * m; ++c)
            segment.push_back(c);
        ring.segments.push_back(std::move(segment));
    }
    return ring;
}

void runRings(TraceBuilder& builder, const std::vector<Ring>& rings, int steps, CollectivePhase phase,
              bool reduceScatter)
{
    for (int t = 0; t < steps; ++t) {
        std::vector<CollectiveSend> sends;
        for (const Ring& ring : rings) {
            if (reduceScatter)
                addRingReduceScatterSends(ring, t, sends);
            else
                addRingAllGatherSends(ring, t, sends);
        }
        builder.step(phase, std::move(sends));
    }
}

// Horovod NCCLHierarchicalAllreduce::Execute (horovod/common/ops/nccl_operations.cc): reduce-scatter inside
// each node, so local rank l holds segment l of the node's sum; all-reduce of segment l across nodes among
// the ranks with local rank l; all-gather inside each node. All nodes (and all local ranks) run at once.
void traceHierarchical(const CollectiveSpec& spec, TraceBuilder& builder)
{
    const int n = spec.ranks;
    const int g = effectiveRanksPerNode(spec);
    const int k = n / g;
    const int chunks = effectiveChunks(spec);
    const int perLocal = chunks / g; // chunks of segment l
    const int perSub = perLocal / k; // chunks of sub-segment j of segment l
    std::vector<Ring> intra(static_cast<std::size_t>(k));
    for (int node = 0; node < k; ++node) {
        Ring& ring = intra[static_cast<std::size_t>(node)];
        for (int l = 0; l < g; ++l) {
            ring.members.push_back(node * g + l);
            std::vector<int> segment;
            for (int c = l * perLocal; c < (l + 1) * perLocal; ++c)
                segment.push_back(c);
            ring.segments.push_back(std::move(segment));
        }
    }
    std::vector<Ring> inter(static_cast<std::size_t>(g));
    for (int l = 0; l < g; ++l) {
        Ring& ring = inter[static_cast<std::size_t>(l)];
        for (int node = 0; node < k; ++node) {
            ring.members.push_back(node * g + l);
            std::vector<int> segment;
            for (int c = l * perLocal + node * perSub; c < l * perLocal + (node + 1) * perSub; ++c)
                segment.push_back(c);
            ring.segments.push_back(std::move(segment));
        }
    }
    runRings(builder, intra, g - 1, CollectivePhase::IntraReduceScatter, true);
    runRings(builder, inter, k - 1, CollectivePhase::InterReduceScatter, true);
    runRings(builder, inter, k - 1, CollectivePhase::InterAllGather, false);
    runRings(builder, intra, g - 1, CollectivePhase::IntraAllGather, false);
}

CollectiveState initialState(const CollectiveSpec& spec, int chunks)
{
    const int n = spec.ranks;
    CollectiveState state(n, chunks);
    const int m = chunks / n; // chunks per rank's block (ring, pairwise)
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < chunks; ++c) {
            // An all-gather starts with each rank's own block only (nccl-tests: o[K-th block] = i_K).
            if (spec.op == CollectiveOp::AllGather && c / m != r)
                continue;
            state.setSingle(r, c, r, c);
        }
    return state;
}

} // namespace

// ---- Specs and checks ----------------------------------------------------------------------------------

std::vector<CollectiveAlgorithm> algorithmsFor(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Tree, CollectiveAlgorithm::Hierarchical};
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
        return {CollectiveAlgorithm::Ring};
    case CollectiveOp::AllToAll:
        return {CollectiveAlgorithm::Pairwise};
    case CollectiveOp::SendRecv:
        return {CollectiveAlgorithm::Direct, CollectiveAlgorithm::Ring};
    }
    return {};
}

bool algorithmApplies(CollectiveOp op, CollectiveAlgorithm algorithm)
{
    const std::vector<CollectiveAlgorithm> all = algorithmsFor(op);
    return std::find(all.begin(), all.end(), algorithm) != all.end();
}

int effectiveChunks(const CollectiveSpec& spec)
{
    if (spec.chunks > 0)
        return spec.chunks;
    if (spec.op == CollectiveOp::SendRecv)
        return 1;
    return std::max(spec.ranks, 1);
}

int nodeCount(const CollectiveSpec& spec)
{
    if (spec.ranks <= 0)
        return 0;
    const int g = effectiveRanksPerNode(spec);
    return (spec.ranks + g - 1) / g;
}

std::vector<Diagnostic> checkCollective(const CollectiveSpec& spec)
{
    std::vector<Diagnostic> out;
    const int n = spec.ranks;
    const bool ranksOk = n >= 1 && n <= limits::kMaxWorldSize;
    if (n < 1)
        out.push_back(makeDiagnostic(diag::kCollectiveRanks, "/ranks", {str(n)}));
    else if (n > limits::kMaxWorldSize)
        out.push_back(
            makeDiagnostic(diag::kCollectiveRanksTooMany, "/ranks", {str(n), str(limits::kMaxWorldSize)}));
    else if (n == 1 && spec.algorithm != CollectiveAlgorithm::Direct)
        out.push_back(makeDiagnostic(diag::kCollectiveSingleRank, "/ranks", {opLabel(spec.op)}));

    const bool bytesOk = std::isfinite(spec.bytes) && spec.bytes >= 1 && spec.bytes <= kMaxCollectiveBytes;
    if (!bytesOk)
        out.push_back(makeDiagnostic(
            diag::kCollectiveBytes, "/bytes",
            {formatNumber(spec.bytes) + " bytes", MW_TR_NOOP("DiagnosticArguments", "10^18 bytes")}));

    const bool algorithmOk = algorithmApplies(spec.op, spec.algorithm);
    if (!algorithmOk) {
        std::string choices;
        for (CollectiveAlgorithm a : algorithmsFor(spec.op))
            choices += (choices.empty() ? "" : " or ") + std::string(enumName(a));
        out.push_back(makeDiagnostic(diag::kCollectiveAlgorithm, "/algorithm",
                                     {std::string(enumName(spec.algorithm)), opLabel(spec.op), choices}));
    }

    if (spec.ranksPerNode < 0)
        out.push_back(
            makeDiagnostic(diag::kCollectiveRanksPerNode, "/ranksPerNode", {str(spec.ranksPerNode)}));
    else if (ranksOk && algorithmOk && spec.algorithm == CollectiveAlgorithm::Hierarchical
             && n % effectiveRanksPerNode(spec) != 0)
        out.push_back(makeDiagnostic(diag::kCollectiveHierarchicalNodes, "/ranksPerNode",
                                     {str(n), str(spec.ranksPerNode)}));

    const int chunks = effectiveChunks(spec);
    if (spec.chunks < 0) {
        out.push_back(makeDiagnostic(diag::kCollectiveChunks, "/chunks", {str(spec.chunks)}));
    } else {
        if (ranksOk && algorithmOk && needsEvenShares(spec.algorithm) && spec.op != CollectiveOp::SendRecv
            && chunks % n != 0)
            out.push_back(makeDiagnostic(diag::kCollectiveChunksUneven, "/chunks",
                                         {std::string(enumName(spec.algorithm)), str(chunks), str(n)}));
        if (bytesOk && chunks > spec.bytes)
            out.push_back(makeDiagnostic(diag::kCollectiveChunksExceedBytes, "/chunks",
                                         {str(chunks), formatNumber(spec.bytes) + " bytes"}));
    }

    if (algorithmOk && spec.algorithm == CollectiveAlgorithm::Direct && n >= 1
        && (spec.source < 0 || spec.source >= n || spec.destination < 0 || spec.destination >= n
            || spec.source == spec.destination))
        out.push_back(makeDiagnostic(diag::kCollectivePeers, "/destination",
                                     {str(n - 1), str(spec.source), str(spec.destination)}));
    return out;
}

// ---- Traces --------------------------------------------------------------------------------------------

CollectiveTrace traceCollective(const CollectiveSpec& spec)
{
    CollectiveTrace trace;
    trace.spec = spec;
    trace.diagnostics = checkCollective(spec);
    if (spec.ranks > kMaxTraceRanks && spec.ranks <= limits::kMaxWorldSize)
        trace.diagnostics.push_back(
            makeDiagnostic(diag::kCollectiveTraceRanks, "/ranks", {str(spec.ranks), str(kMaxTraceRanks)}));
    if (!trace.valid()) {
        sortDiagnostics(trace.diagnostics);
        return trace;
    }
    const int n = spec.ranks;
    const int chunks = effectiveChunks(spec);
    trace.spec.chunks = chunks;

    // Every step keeps the full state: ranks × chunks slots of one bit per rank and a block index.
    const double slotBytes = 8.0 * ((n + 63) / 64) + 4.0;
    const double steps = static_cast<double>(stepBound(spec, chunks));
    const double traceBytes = (steps + 1) * n * static_cast<double>(chunks) * slotBytes;
    if (traceBytes > kMaxTraceBytes) {
        trace.diagnostics.push_back(makeDiagnostic(diag::kCollectiveTraceTooLarge, "/chunks",
                                                   {formatNumber(steps, 6), str(n), str(chunks),
                                                    formatBytes(traceBytes, ByteUnits::Binary),
                                                    formatBytes(kMaxTraceBytes, ByteUnits::Binary)}));
        sortDiagnostics(trace.diagnostics);
        return trace;
    }

    trace.initial = initialState(spec, chunks);
    trace.sendsReadInput = spec.op == CollectiveOp::AllToAll;
    TraceBuilder builder(trace);
    if (n == 1)
        return trace;

    switch (spec.algorithm) {
    case CollectiveAlgorithm::Ring: {
        const Ring ring = flatRing(n, chunks);
        if (spec.op == CollectiveOp::AllReduce || spec.op == CollectiveOp::ReduceScatter)
            runRings(builder, {ring}, n - 1, CollectivePhase::ReduceScatter, true);
        if (spec.op == CollectiveOp::AllReduce || spec.op == CollectiveOp::AllGather)
            runRings(builder, {ring}, n - 1, CollectivePhase::AllGather, false);
        if (spec.op == CollectiveOp::SendRecv) {
            // nccl-tests sendrecv: every rank sends its buffer to r + 1 and receives from r − 1.
            std::vector<CollectiveSend> sends;
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < chunks; ++c)
                    sends.push_back({r, (r + 1) % n, c, c, false, 0});
            builder.step(CollectivePhase::Send, std::move(sends));
        }
        break;
    }
    case CollectiveAlgorithm::Tree:
        for (int r = 0; r < n; ++r) {
            const std::array<TreeNode, 2> node = doubleBinaryTreeNode(n, r);
            trace.trees[0].push_back(node[0]);
            trace.trees[1].push_back(node[1]);
        }
        for (CollectiveRound& round : doubleTreeRounds(trace.trees, chunks))
            builder.step(round.phase, std::move(round.sends));
        break;
    case CollectiveAlgorithm::Pairwise: {
        // MPICH alltoall_intra_pairwise.c: the own block is copied locally (it is already in place here),
        // then p − 1 exchanges; rank r's block j goes to rank j's slot r.
        const int m = chunks / n;
        for (int i = 1; i < n; ++i) {
            std::vector<CollectiveSend> sends;
            for (int r = 0; r < n; ++r) {
                const int peer = pairwiseSendPeer(n, r, i);
                for (int o = 0; o < m; ++o)
                    sends.push_back({r, peer, peer * m + o, r * m + o, false, 0});
            }
            builder.step(CollectivePhase::Exchange, std::move(sends));
        }
        break;
    }
    case CollectiveAlgorithm::Hierarchical:
        traceHierarchical(trace.spec, builder);
        break;
    case CollectiveAlgorithm::Direct: {
        std::vector<CollectiveSend> sends;
        for (int c = 0; c < chunks; ++c)
            sends.push_back({spec.source, spec.destination, c, c, false, 0});
        builder.step(CollectivePhase::Send, std::move(sends));
        break;
    }
    }
    sortDiagnostics(trace.diagnostics);
    return trace;
}

int pairwiseSendPeer(int ranks, int rank, int step)
{
    if (ranks <= 0)
        return -1;
    return isPowerOfTwo(ranks) ? (rank ^ step) : positiveModulo(std::int64_t{rank} + step, ranks);
}

int pairwiseReceivePeer(int ranks, int rank, int step)
{
    if (ranks <= 0)
        return -1;
    return isPowerOfTwo(ranks) ? (rank ^ step) : positiveModulo(std::int64_t{rank} - step, ranks);
}

} // namespace core
