// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/pipelineschedule.h"

#include "base/diagnostickinds.h"
#include "base/sizelimits.h"
#include "base/units.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <utility>

namespace core {

namespace {

using Diagnostics = std::vector<Diagnostic>;
using RankOps = std::vector<PipelineOp>;

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

std::string durationPath(std::string_view field)
{
    return std::string(schedulepath::kDurations) + "/" + std::string(field);
}

bool inRange(Diagnostics& out, std::string_view path, std::string_view label, std::int64_t value,
             std::int64_t min, std::int64_t max)
{
    if (value >= min && value <= max)
        return true;
    out.push_back(makeDiagnostic(diag::kValueRange, std::string(path),
                                 {std::string(label), str(min), str(max), str(value)}));
    return false;
}

// Durations are bounded above as well: a million operations of at most limits::kMaxSeconds each keep
// every sum finite (a forward time of 1e308 made the makespan infinite). `zeroAllowed`: 0 is a valid
// duration (the weight gradient, the overlapped pair, the latency), else it must be positive.
void checkDuration(Diagnostics& out, std::string_view field, std::string_view label, double value,
                   bool zeroAllowed)
{
    if (!std::isfinite(value) || value < 0 || (value == 0 && !zeroAllowed))
        out.push_back(makeDiagnostic(zeroAllowed ? diag::kScheduleDurationNegative : diag::kScheduleDuration,
                                     durationPath(field), {std::string(label), formatNumber(value, 6)}));
    else if (value > limits::kMaxSeconds)
        out.push_back(makeDiagnostic(diag::kValueRange, durationPath(field),
                                     {std::string(label), "0", formatNumber(limits::kMaxSeconds, 6),
                                      formatNumber(value, 6)}));
}

// Virtual stages each schedule runs with: Megatron's interleaved schedule needs a virtual pipeline
// (v ≥ 2); torch's ZB-V and DualPipeV raise ValueError unless there are exactly 2 stages per rank.
bool virtualStagesFit(Schedule kind, int v, std::string& required)
{
    switch (kind) {
    case Schedule::Interleaved:
        required = "at least 2";
        return v >= 2;
    case Schedule::ZbV:
    case Schedule::DualPipeV:
    case Schedule::DualPipe:
        required = "2";
        return v == 2;
    case Schedule::GPipe:
    case Schedule::OneFOneB:
    case Schedule::ZbH1:
        break;
    }
    required = "1";
    return v == 1;
}

// Two chunks per rank placed as a V: stage s < p on rank s, stage s ≥ p on rank 2p − 1 − s.
bool vPlacement(Schedule kind)
{
    return kind == Schedule::ZbV || kind == Schedule::DualPipeV || kind == Schedule::DualPipe;
}

bool splitsBackward(Schedule kind)
{
    return kind == Schedule::ZbH1 || kind == Schedule::ZbV || kind == Schedule::DualPipeV
        || kind == Schedule::DualPipe;
}

PipelineOp makeOp(const ScheduleSpec& spec, PipelineOpKind kind, int microBatch, int stage)
{
    PipelineOp op;
    op.kind = kind;
    op.microBatch = microBatch;
    op.stage = stage;
    op.chunk = chunkOfStage(spec, stage);
    return op;
}

// GPipe: all forwards, then all backwards, both in ascending micro-batch order
// (torch ScheduleGPipe._step_microbatches).
RankOps gpipeRank(const ScheduleSpec& spec, int rank)
{
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(2 * spec.microBatches));
    for (int j = 0; j < spec.microBatches; ++j)
        ops.push_back(makeOp(spec, PipelineOpKind::Forward, j, rank));
    for (int j = 0; j < spec.microBatches; ++j)
        ops.push_back(makeOp(spec, PipelineOpKind::Backward, j, rank));
    return ops;
}

// Megatron-LM forward_backward_pipelining_without_interleaving: warm-up forwards, then steady
// forward–backward pairs, then the remaining backwards.
RankOps oneFOneBRank(const ScheduleSpec& spec, int rank)
{
    const int m = spec.microBatches;
    const int warmup = *warmupForwards(spec, rank);
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(2 * m));
    for (int j = 0; j < warmup; ++j)
        ops.push_back(makeOp(spec, PipelineOpKind::Forward, j, rank));
    for (int i = 0; i < m - warmup; ++i) {
        ops.push_back(makeOp(spec, PipelineOpKind::Forward, warmup + i, rank));
        ops.push_back(makeOp(spec, PipelineOpKind::Backward, i, rank));
    }
    for (int j = m - warmup; j < m; ++j)
        ops.push_back(makeOp(spec, PipelineOpKind::Backward, j, rank));
    return ops;
}

// Megatron-LM forward_backward_pipelining_with_interleaving: virtual micro-batch k runs the table's
// (micro-batch, chunk) forward and, as a backward, the same micro-batch on chunk v−1−chunk
// (get_model_chunk_id with forward=False).
RankOps interleavedRank(const ScheduleSpec& spec, int rank, const std::vector<VirtualMicroBatch>& table)
{
    const int v = spec.virtualStages;
    const int total = static_cast<int>(table.size());
    const int warmup = *warmupForwards(spec, rank);
    auto forward = [&](int k) {
        return makeOp(spec, PipelineOpKind::Forward, table[k].microBatch,
                      stageOfChunk(spec, rank, table[k].chunk));
    };
    auto backward = [&](int k) {
        return makeOp(spec, PipelineOpKind::Backward, table[k].microBatch,
                      stageOfChunk(spec, rank, v - 1 - table[k].chunk));
    };
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(2 * total));
    for (int k = 0; k < warmup; ++k)
        ops.push_back(forward(k));
    for (int k = 0; k < total - warmup; ++k) {
        ops.push_back(forward(k + warmup));
        ops.push_back(backward(k));
    }
    for (int k = total - warmup; k < total; ++k)
        ops.push_back(backward(k));
    return ops;
}

// torch ScheduleInterleavedZeroBubble with one stage per rank (_get_1f1b_rank_ops with
// enable_zero_bubble=True, num_1f1b_microbatches = rank): 1F1B with the backward split, where from the
// (r+1)-th forward–backward step on each step is followed by the weight gradient of the oldest pending
// micro-batch, and the leftover weight gradients run at the end. This is the ZB-H1 order.
RankOps zbH1Rank(const ScheduleSpec& spec, int rank)
{
    const int m = spec.microBatches;
    const int warmup = *warmupForwards(spec, rank);
    const int steady = m - warmup;
    const int total = warmup + steady + warmup;
    int forwards = 0;
    int inputs = 0;
    int weights = 0;
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(3 * m));
    for (int op = 0; op < total; ++op) {
        if (op < warmup) {
            ops.push_back(makeOp(spec, PipelineOpKind::Forward, forwards++, rank));
            continue;
        }
        if (op < warmup + steady)
            ops.push_back(makeOp(spec, PipelineOpKind::Forward, forwards++, rank));
        ops.push_back(makeOp(spec, PipelineOpKind::BackwardInput, inputs++, rank));
        if (op - warmup >= rank)
            ops.push_back(makeOp(spec, PipelineOpKind::BackwardWeight, weights++, rank));
    }
    while (weights < inputs)
        ops.push_back(makeOp(spec, PipelineOpKind::BackwardWeight, weights++, rank));
    return ops;
}

// torch ScheduleZBVZeroBubble._calculate_single_rank_operations. The generator runs with
// n = max(2p−1, m) micro-batches and then drops every operation on a micro-batch ≥ m, exactly as torch
// replaces them by None.
RankOps zbVRank(const ScheduleSpec& spec, int rank)
{
    const int p = spec.ranks;
    const int m = spec.microBatches;
    const int n = std::max(2 * p - 1, m);
    const int stage0 = stageOfChunk(spec, rank, 0);
    const int stage1 = stageOfChunk(spec, rank, 1);
    int f0 = 0, f1 = 0, b0 = 0, b1 = 0;
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(6 * m));
    auto add = [&](PipelineOpKind kind, int microBatch, int stage) {
        if (microBatch < m)
            ops.push_back(makeOp(spec, kind, microBatch, stage));
    };
    using K = PipelineOpKind;
    for (int i = 0; i < 2 * (p - rank) - 1; ++i)
        add(K::Forward, f0++, stage0);
    for (int i = 0; i < rank; ++i) {
        add(K::Forward, f1++, stage1);
        add(K::Forward, f0++, stage0);
    }
    for (int i = 0; i < p - rank; ++i) {
        add(K::Forward, f1++, stage1);
        add(K::BackwardInput, b1, stage1);
        add(K::BackwardWeight, b1++, stage1);
    }
    while (f1 < f0 || f0 < n) {
        if (f0 < n)
            add(K::Forward, f0++, stage0);
        add(K::BackwardInput, b0, stage0);
        add(K::BackwardWeight, b0++, stage0);
        add(K::Forward, f1++, stage1);
        add(K::BackwardInput, b1, stage1);
        add(K::BackwardWeight, b1++, stage1);
    }
    int w0 = b0, w1 = b1;
    for (int i = 0; i < rank; ++i) {
        add(K::BackwardInput, b0++, stage0);
        add(K::BackwardInput, b1++, stage1);
    }
    for (int i = 0; i < p - rank; ++i) {
        add(K::BackwardInput, b0++, stage0);
        add(K::BackwardWeight, w0++, stage0);
    }
    while (w1 < b1)
        add(K::BackwardWeight, w1++, stage1);
    while (w0 < b0)
        add(K::BackwardWeight, w0++, stage0);
    return ops;
}

// The eight steps DualPipe and DualPipeV share, for one rank of `p` (half) ranks at position `rank`,
// running `m` micro-batches through each of its two chunks: phase 0 on `stage0`, phase 1 on `stage1`,
// numbered from first0 and first1. A full backward counts as input and weight gradient; an input-gradient
// backward queues its weight gradient, which a later step pops oldest first.
struct DualPipePhases
{
    int p = 1; // DualPipeV: devices; DualPipe: half the ranks
    int rank = 0; // DualPipeV: the rank; DualPipe: its distance from the nearer end, min(r, P − 1 − r)
    int m = 1; // micro-batches through each chunk
    int stage0 = 0, stage1 = 0;
    int first0 = 0, first1 = 0;
};

RankOps dualPipeSteps(const ScheduleSpec& spec, const DualPipePhases& phases)
{
    const int p = phases.p;
    const int rank = phases.rank;
    const int m = phases.m;
    const int stage0 = phases.stage0;
    const int stage1 = phases.stage1;
    using K = PipelineOpKind;
    int forwards[2] = {phases.first0, phases.first1};
    int backwards[2] = {phases.first0, phases.first1};
    std::deque<std::pair<int, int>> pendingWeights; // (stage, micro-batch), oldest first
    RankOps ops;
    ops.reserve(static_cast<std::size_t>(6 * m));
    auto index = [&](int stage) { return stage == stage0 ? 0 : 1; };
    auto add = [&](K kind, int stage) {
        const int c = index(stage);
        if (kind == K::Forward) {
            ops.push_back(makeOp(spec, kind, forwards[c]++, stage));
            return;
        }
        const int microBatch = backwards[c]++;
        ops.push_back(makeOp(spec, kind, microBatch, stage));
        if (kind == K::BackwardInput)
            pendingWeights.emplace_back(stage, microBatch);
    };
    auto addPendingWeight = [&] {
        if (pendingWeights.empty())
            return;
        const auto [stage, microBatch] = pendingWeights.front();
        pendingWeights.pop_front();
        ops.push_back(makeOp(spec, K::BackwardWeight, microBatch, stage));
    };
    auto addOverlapped = [&](int forwardStage, int backwardStage) {
        PipelineOp op = makeOp(spec, K::ForwardBackward, forwards[index(forwardStage)]++, forwardStage);
        op.backwardMicroBatch = backwards[index(backwardStage)]++;
        op.backwardStage = backwardStage;
        op.backwardChunk = chunkOfStage(spec, backwardStage);
        ops.push_back(op);
    };

    for (int i = 0; i < 2 * (p - rank - 1); ++i) // step 1: F0
        add(K::Forward, stage0);
    for (int i = 0; i < rank + 1; ++i) { // step 2: F0 F1
        add(K::Forward, stage0);
        add(K::Forward, stage1);
    }
    for (int i = 0; i < p - rank - 1; ++i) { // step 3: I1 W F1 (zero bubble)
        add(K::BackwardInput, stage1);
        addPendingWeight();
        add(K::Forward, stage1);
    }
    for (int i = 0; i < m - 2 * p + rank + 1; ++i) { // step 4: F0&B1, F1&B0
        if (i == 0 && rank == p - 1) {
            // torch: "We don't overlap these two chunks to further reduce bubble size."
            add(K::Forward, stage0);
            add(K::Backward, stage1);
        } else {
            addOverlapped(stage0, stage1);
        }
        addOverlapped(stage1, stage0);
    }
    for (int i = 0; i < p - rank - 1; ++i) { // step 5: B1, F1&B0
        add(K::Backward, stage1);
        addOverlapped(stage1, stage0);
    }
    // Step 6: B1 B0; the second half switches to split backwards, for odd ranks before that
    // iteration's B1, for even ranks between its B1 and B0.
    const int step6 = rank + 1;
    bool split = false;
    for (int i = 0; i < step6; ++i) {
        if (i == step6 / 2 && rank % 2 == 1)
            split = true;
        add(split ? K::BackwardInput : K::Backward, stage1);
        if (i == step6 / 2 && rank % 2 == 0)
            split = true;
        add(split ? K::BackwardInput : K::Backward, stage0);
    }
    for (int i = 0; i < p - rank - 1; ++i) { // step 7: W, B0
        addPendingWeight();
        add(split ? K::BackwardInput : K::Backward, stage0);
    }
    for (int i = 0; i < rank + 1; ++i) // step 8: W
        addPendingWeight();
    return ops;
}

// torch ScheduleDualPipeV._calculate_single_rank_operations (after deepseek-ai/DualPipe dualpipev.py).
// Chunk 0 is stage r, chunk 1 stage 2p−1−r; every micro-batch runs through both.
RankOps dualPipeVRank(const ScheduleSpec& spec, int rank)
{
    return dualPipeSteps(spec, {spec.ranks, rank, spec.microBatches, stageOfChunk(spec, rank, 0),
                                stageOfChunk(spec, rank, 1), 0, 0});
}

// deepseek-ai/DualPipe dualpipe.py DualPipe.step, bidirectional: micro-batches 0 … m/2 − 1 enter at rank 0
// and run through stages 0 … P − 1 (the forward direction, chunk 0 of rank r is stage r), micro-batches
// m/2 … m − 1 enter at rank P − 1 and run through stages P … 2P − 1 (the reverse direction, chunk 1 of rank
// r is stage 2P − 1 − r, the model's stage P − 1 − r). Rank r runs DualPipeV's steps with half the ranks,
// at its distance h = min(r, P − 1 − r) from the nearer end and m/2 micro-batches a direction; its phase 0
// is the direction that enters at its end (dualpipe.py: phase ^= is_in_second_half).
RankOps dualPipeRank(const ScheduleSpec& spec, int rank)
{
    const int p = spec.ranks;
    const int half = spec.microBatches / 2;
    const bool secondHalf = rank >= p / 2;
    const int forwardStage = stageOfChunk(spec, rank, 0);
    const int reverseStage = stageOfChunk(spec, rank, 1);
    DualPipePhases phases{p / 2, std::min(rank, p - 1 - rank), half, forwardStage, reverseStage, 0, half};
    if (secondHalf) {
        std::swap(phases.stage0, phases.stage1);
        std::swap(phases.first0, phases.first1);
    }
    return dualPipeSteps(spec, phases);
}

} // namespace

std::string opLabel(const PipelineOp& op, bool withStage)
{
    if (op.kind == PipelineOpKind::ForwardBackward) {
        // Built with += rather than a chain of operator+: GCC 12 at -O2 reports a false -Wrestrict on
        // "literal" + std::to_string(…) (GCC bug 105329).
        std::string label = "F";
        label += std::to_string(op.microBatch);
        if (withStage)
            label += "@s" + std::to_string(op.stage);
        label += "&B";
        label += std::to_string(op.backwardMicroBatch);
        if (withStage)
            label += "@s" + std::to_string(op.backwardStage);
        return label;
    }
    std::string label = std::string(enumName(op.kind)) + std::to_string(op.microBatch);
    if (withStage)
        label += "@s" + std::to_string(op.stage);
    return label;
}

std::string opLabels(const std::vector<PipelineOp>& ops, bool withStage)
{
    std::string out;
    for (const PipelineOp& op : ops) {
        if (!out.empty())
            out += ' ';
        out += opLabel(op, withStage);
    }
    return out;
}

int stageCount(const ScheduleSpec& spec)
{
    return spec.ranks * spec.virtualStages;
}

int rankOfStage(const ScheduleSpec& spec, int stage)
{
    const int p = spec.ranks;
    if (vPlacement(spec.kind))
        return stage < p ? stage : 2 * p - 1 - stage;
    return stage % p;
}

int chunkOfStage(const ScheduleSpec& spec, int stage)
{
    return stage / spec.ranks;
}

bool stageRunsMicroBatch(const ScheduleSpec& spec, int stage, int microBatch)
{
    if (spec.kind != Schedule::DualPipe)
        return true;
    return (stage < spec.ranks) == (microBatch < spec.microBatches / 2);
}

bool isEntryStage(const ScheduleSpec& spec, int stage)
{
    return stage == 0 || (spec.kind == Schedule::DualPipe && stage == spec.ranks);
}

bool isExitStage(const ScheduleSpec& spec, int stage)
{
    return stage == stageCount(spec) - 1 || (spec.kind == Schedule::DualPipe && stage == spec.ranks - 1);
}

int stageOfChunk(const ScheduleSpec& spec, int rank, int chunk)
{
    const int p = spec.ranks;
    if (vPlacement(spec.kind) && chunk == 1)
        return 2 * p - 1 - rank;
    return chunk * p + rank;
}

std::vector<VirtualMicroBatch> megatronScheduleTable(int microBatches, int chunks, int groupSize)
{
    std::vector<VirtualMicroBatch> table;
    if (microBatches < 1 || chunks < 1 || groupSize < 1)
        return table;
    table.reserve(static_cast<std::size_t>(microBatches) * static_cast<std::size_t>(chunks));
    // 64-bit steps: first + N must not overflow for N near INT_MAX.
    for (std::int64_t first = 0; first < microBatches; first += groupSize) {
        // Megatron builds the last group from every micro-batch left: min(first + N, m).
        const std::int64_t last = std::min<std::int64_t>(first + groupSize, microBatches);
        for (int chunk = 0; chunk < chunks; ++chunk)
            for (std::int64_t j = first; j < last; ++j)
                table.push_back({static_cast<int>(j), chunk});
    }
    return table;
}

int effectiveGroupSize(const ScheduleSpec& spec)
{
    return spec.microBatchGroupSize > 0 ? spec.microBatchGroupSize : spec.ranks;
}

std::optional<int> warmupForwards(const ScheduleSpec& spec, int rank)
{
    const int p = spec.ranks;
    const int m = spec.microBatches;
    switch (spec.kind) {
    case Schedule::GPipe:
        return m;
    case Schedule::OneFOneB: // Megatron get_pp_rank_microbatches: p − r − 1, capped at m
    case Schedule::ZbH1: // torch _get_warmup_ops with v = 1 and multiply_factor 1: the same
        return std::min(p - rank - 1, m);
    case Schedule::Interleaved: { // Megatron get_pp_rank_microbatches, with virtual pipeline
        const std::int64_t warmup = std::int64_t{2} * (p - rank - 1)
            + std::int64_t{spec.virtualStages - 1} * effectiveGroupSize(spec);
        return static_cast<int>(std::min<std::int64_t>(warmup, std::int64_t{m} * spec.virtualStages));
    }
    case Schedule::ZbV:
    case Schedule::DualPipeV:
    case Schedule::DualPipe:
        break;
    }
    return std::nullopt;
}

std::optional<int> torchInterleavedGroupSize(int ranks, int microBatches)
{
    if (ranks < 1 || microBatches < 1)
        return std::nullopt;
    // torch ScheduleInterleaved1F1B.__init__: number_of_rounds, microbatches_per_round
    const int rounds = std::max(1, microBatches / ranks);
    if (microBatches % rounds != 0)
        return std::nullopt;
    return microBatches / rounds;
}

namespace {

// The rules of the chosen schedule on its counts.
void checkScheduleKind(const ScheduleSpec& spec, Diagnostics& out)
{
    const int p = spec.ranks;
    const int m = spec.microBatches;
    switch (spec.kind) {
    case Schedule::Interleaved:
        // Megatron forward_backward_pipelining_with_interleaving: N in [p, m] (ValueError), and the last
        // group m mod N empty or ≥ p (RuntimeError). With the default N = p both say: m a multiple of p.
        if (spec.microBatchGroupSize == 0) {
            if (m % p != 0)
                out.push_back(makeDiagnostic(diag::kScheduleInterleavedMicroBatches,
                                             std::string(schedulepath::kMicroBatches), {str(m), str(p)}));
        } else {
            const int n = spec.microBatchGroupSize;
            if (n < p || n > m) {
                out.push_back(makeDiagnostic(diag::kScheduleGroupSize, std::string(schedulepath::kGroupSize),
                                             {str(n), str(p), str(m)}));
            } else if (const int rest = m % n; rest > 0 && rest < p) {
                out.push_back(makeDiagnostic(diag::kScheduleGroupRemainder,
                                             std::string(schedulepath::kGroupSize),
                                             {str(rest), str(m), str(n), str(p)}));
            }
        }
        break;
    case Schedule::DualPipeV:
        // deepseek-ai/DualPipe dualpipev.py and torch ScheduleDualPipeV: m ≥ 2 × devices (= stages).
        if (m < 2 * p)
            out.push_back(makeDiagnostic(diag::kScheduleDualPipeMicroBatches,
                                         std::string(schedulepath::kMicroBatches), {str(2 * p), str(m)}));
        break;
    case Schedule::DualPipe:
        // deepseek-ai/DualPipe dualpipe.py DualPipe.step: assert num_ranks % 2 == 0, and num_chunks even
        // and ≥ 2 × num_ranks (half of them enter from each end).
        if (p % 2 != 0)
            out.push_back(makeDiagnostic(diag::kScheduleDualPipeRanks, std::string(schedulepath::kRanks),
                                         {str(p)}));
        if (m < 2 * p || m % 2 != 0)
            out.push_back(makeDiagnostic(diag::kScheduleDualPipeBidirectionalMicroBatches,
                                         std::string(schedulepath::kMicroBatches), {str(2 * p), str(m)}));
        break;
    case Schedule::GPipe:
    case Schedule::OneFOneB:
    case Schedule::ZbH1:
    case Schedule::ZbV:
        // Runs, but never fills the pipeline; torch Schedule1F1B raises ValueError for m < stages.
        if (m < p)
            out.push_back(makeDiagnostic(diag::kScheduleFewMicroBatches,
                                         std::string(schedulepath::kMicroBatches), {str(m), str(p)}));
        break;
    }
}

} // namespace

std::vector<Diagnostic> checkSchedule(const ScheduleSpec& spec)
{
    Diagnostics out;
    const std::string name(enumName(spec.kind));
    bool countsOk = inRange(out, schedulepath::kRanks, MW_TR_NOOP("DiagnosticArguments", "Pipeline ranks"),
                            spec.ranks, 1, limits::kMaxDegree);
    countsOk &= inRange(out, schedulepath::kMicroBatches, MW_TR_NOOP("DiagnosticArguments", "Micro-batches"),
                        spec.microBatches, 1, limits::kMaxBatch);
    countsOk
        &= inRange(out, schedulepath::kVirtualStages, MW_TR_NOOP("DiagnosticArguments", "Virtual stages"),
                   spec.virtualStages, 1, limits::kMaxVirtualStages);
    countsOk &= inRange(out, schedulepath::kGroupSize,
                        MW_TR_NOOP("DiagnosticArguments", "The micro-batch group size"),
                        spec.microBatchGroupSize, 0, limits::kMaxBatch);
    checkDuration(out, "forward", MW_TR_NOOP("DiagnosticArguments", "The forward time"), spec.forward, false);
    checkDuration(out, "backward", MW_TR_NOOP("DiagnosticArguments", "The backward time"), spec.backward,
                  false);
    checkDuration(out, "weightGrad", MW_TR_NOOP("DiagnosticArguments", "The weight-gradient time"),
                  spec.weightGrad, true);
    checkDuration(out, "forwardBackward",
                  MW_TR_NOOP("DiagnosticArguments", "The overlapped forward–backward time"),
                  spec.forwardBackward, true);
    checkDuration(out, "p2pLatency", MW_TR_NOOP("DiagnosticArguments", "The point-to-point latency"),
                  spec.p2pLatency, true);
    if (!countsOk)
        return out;

    const int p = spec.ranks;
    const int m = spec.microBatches;
    const int v = spec.virtualStages;
    std::string required;
    const bool virtualStagesOk = virtualStagesFit(spec.kind, v, required);
    if (!virtualStagesOk)
        out.push_back(makeDiagnostic(diag::kScheduleVirtualStages, std::string(schedulepath::kVirtualStages),
                                     {name, required, str(v)}));

    const std::int64_t stages = std::int64_t{p} * v;
    const std::int64_t opsPerChunk = splitsBackward(spec.kind) ? 3 : 2;
    const std::int64_t ops = stages * m * opsPerChunk; // < 2^16 · 2^10 · 10^9 · 3, no overflow
    if (ops > limits::kMaxPipelineOps) {
        out.push_back(makeDiagnostic(diag::kScheduleTooLarge, std::string(schedulepath::kMicroBatches),
                                     {str(p), str(v), str(m), str(ops), str(limits::kMaxPipelineOps)}));
        return out;
    }

    if (!spec.stageScale.empty()) {
        if (static_cast<std::int64_t>(spec.stageScale.size()) != stages) {
            out.push_back(makeDiagnostic(
                diag::kScheduleStageScaleCount, durationPath("stageScale"),
                {str(static_cast<std::int64_t>(spec.stageScale.size())), str(p), str(v), str(stages)}));
        } else {
            // The first few bad factors are enough to see the problem.
            constexpr std::size_t kMaxReported = 8;
            std::size_t reported = 0;
            for (std::size_t s = 0; s < spec.stageScale.size() && reported < kMaxReported; ++s) {
                const double f = spec.stageScale[s];
                if (std::isfinite(f) && f > 0)
                    continue;
                ++reported;
                out.push_back(makeDiagnostic(diag::kScheduleStageScaleValue,
                                             durationPath("stageScale/" + std::to_string(s)),
                                             {str(static_cast<std::int64_t>(s)), formatNumber(f, 6)}));
            }
        }
    }

    if (!spec.boundaryTransfer.empty()) {
        if (static_cast<std::int64_t>(spec.boundaryTransfer.size()) != stages - 1) {
            out.push_back(makeDiagnostic(diag::kScheduleTransferCount, durationPath("boundaryTransfer"),
                                         {str(static_cast<std::int64_t>(spec.boundaryTransfer.size())),
                                          str(stages - 1), str(stages)}));
        } else {
            constexpr std::size_t kMaxReported = 8;
            std::size_t reported = 0;
            for (std::size_t s = 0; s < spec.boundaryTransfer.size() && reported < kMaxReported; ++s) {
                const double t = spec.boundaryTransfer[s];
                if (std::isfinite(t) && t >= 0)
                    continue;
                ++reported;
                out.push_back(makeDiagnostic(
                    diag::kScheduleDurationNegative, durationPath("boundaryTransfer/" + std::to_string(s)),
                    {phraseArgument(MW_TR_NOOP("DiagnosticArguments", "The transfer time after stage %1"),
                                    {std::to_string(s)}),
                     formatNumber(t, 6)}));
            }
        }
    }

    checkScheduleKind(spec, out);
    return out;
}

std::vector<std::vector<PipelineOp>> scheduleOrder(const ScheduleSpec& spec)
{
    std::vector<RankOps> ranks;
    if (hasErrors(checkSchedule(spec)))
        return ranks;
    ranks.reserve(static_cast<std::size_t>(spec.ranks));
    std::vector<VirtualMicroBatch> table;
    if (spec.kind == Schedule::Interleaved)
        table = megatronScheduleTable(spec.microBatches, spec.virtualStages, effectiveGroupSize(spec));
    for (int r = 0; r < spec.ranks; ++r) {
        switch (spec.kind) {
        case Schedule::GPipe:
            ranks.push_back(gpipeRank(spec, r));
            break;
        case Schedule::OneFOneB:
            ranks.push_back(oneFOneBRank(spec, r));
            break;
        case Schedule::Interleaved:
            ranks.push_back(interleavedRank(spec, r, table));
            break;
        case Schedule::ZbH1:
            ranks.push_back(zbH1Rank(spec, r));
            break;
        case Schedule::ZbV:
            ranks.push_back(zbVRank(spec, r));
            break;
        case Schedule::DualPipeV:
            ranks.push_back(dualPipeVRank(spec, r));
            break;
        case Schedule::DualPipe:
            ranks.push_back(dualPipeRank(spec, r));
            break;
        }
    }
    return ranks;
}

} // namespace core
