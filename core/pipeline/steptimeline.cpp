// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/steptimeline.h"

#include "base/diagnostickinds.h"
#include "comm/groupcollective.h"
#include "comm/overlapslowdown.h"
#include "comm/stagecopy.h"
#include "framework/frameworkswitches.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);

std::span<const int> groupOf(const PlacedLayout& placed, Dim dim, int rank)
{
    return placed.mesh.groupOfRank(dim, rank);
}

// The part of a timed op that computes stage `stage`'s gradients, and the passes it runs there.
struct GradientWindow
{
    double start = 0;
    double end = 0;
    std::vector<std::size_t> passes;
};

GradientWindow gradientWindow(const StageTimes& times, const PipelineOp& op)
{
    GradientWindow w{op.start, op.end, {}};
    switch (op.kind) {
    case PipelineOpKind::Backward:
        w.passes = {kI, kW};
        break;
    case PipelineOpKind::BackwardWeight:
        w.passes = {kW};
        break;
    case PipelineOpKind::ForwardBackward: {
        w.passes = {kI, kW};
        const StageWork& forward = times.stages[static_cast<std::size_t>(op.stage)];
        const StageWork& backward = times.stages[static_cast<std::size_t>(op.backwardStage)];
        const double f = forward.seconds[kF];
        const double b = backward.seconds[kI] + backward.seconds[kW];
        if (f + b > 0)
            w.start = op.start + (op.end - op.start) * f / (f + b);
        break;
    }
    case PipelineOpKind::Forward:
    case PipelineOpKind::BackwardInput:
        break;
    }
    return w;
}

bool producesWeightGradients(const PipelineOp& op, int stage)
{
    switch (op.kind) {
    case PipelineOpKind::Backward:
    case PipelineOpKind::BackwardWeight:
        return op.stage == stage;
    case PipelineOpKind::ForwardBackward:
        return op.backwardStage == stage;
    case PipelineOpKind::Forward:
    case PipelineOpKind::BackwardInput:
        break;
    }
    return false;
}

double passSeconds(const std::array<LayerPattern, kPassCount>& pattern,
                   const std::vector<std::size_t>& passes)
{
    double seconds = 0;
    for (std::size_t pass : passes)
        seconds += pattern[pass].seconds;
    return seconds;
}

// A rank's stage and the last op that computes its weight gradients.
struct GradientSource
{
    const StageWork* stage;
    const PipelineOp* op;
};

// The rank's stages with their last weight-gradient ops, in the order of those.
std::vector<GradientSource> gradientSources(const StageTimes& times, const std::vector<PipelineOp>& ops,
                                            int pipelineRank)
{
    std::vector<GradientSource> sources;
    for (const StageWork& stage : times.stages) {
        if (stage.rank != pipelineRank)
            continue;
        const PipelineOp* last = nullptr;
        for (const PipelineOp& op : ops)
            if (producesWeightGradients(op, stage.stage))
                last = &op;
        if (last)
            sources.push_back({&stage, last});
    }
    std::sort(sources.begin(), sources.end(),
              [](const GradientSource& a, const GradientSource& b) { return a.op->start < b.op->start; });
    return sources;
}

// The rank's compute beside its buckets runs slower (comm/overlapslowdown.h): its backward ends that much
// later, and the buckets have as much longer to hide under (their gradients, ready a little later too, are
// left where they were).
double bucketSlowdown(const std::vector<PipelineOp>& ops, const DdpOverlap& overlap)
{
    std::vector<TimeInterval> computing, reducing; // both in time order: a rank runs its ops one by one
    double busy = 0;
    for (const PipelineOp& op : ops) {
        computing.push_back({op.start, op.end});
        busy += op.end - op.start;
    }
    for (std::size_t k = 0; k < overlap.startSeconds.size(); ++k)
        reducing.push_back({overlap.startSeconds[k], overlap.endSeconds[k]});
    return overlapSlowdownSeconds(concurrentSeconds(reducing, computing), busy);
}

} // namespace

DdpStepTimeline ddpStepTimeline(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                                const PipelineTimeline& timeline, int pipelineRank)
{
    DdpStepTimeline out;
    out.pipelineRank = pipelineRank;
    if (pipelineRank < 0 || static_cast<std::size_t>(pipelineRank) >= timeline.ranks.size())
        return out;
    const int global = placed.mesh.groupsOf(Dim::Pp).front()[static_cast<std::size_t>(pipelineRank)];
    const std::span<const int> dp = groupOf(placed, Dim::Dp, global);
    out.dataParallelRanks = static_cast<int>(dp.size());
    out.reduction = design.layout.zeroStage == 0 ? CollectiveOp::AllReduce : CollectiveOp::ReduceScatter;
    const double gradBytes = gradientBytesPerElement(design);
    const std::vector<PipelineOp>& ops = timeline.ranks[static_cast<std::size_t>(pipelineRank)].ops;
    out.backwardEnd = timeline.ranks[static_cast<std::size_t>(pipelineRank)].lastEnd;

    const std::vector<GradientSource> sources = gradientSources(times, ops, pipelineRank);
    out.windowStart = sources.empty() ? out.backwardEnd : gradientWindow(times, *sources.front().op).start;

    double parameters = 0;
    const GatherBytes gathered = parameterGatherBytes(design);
    double gatherBytes = 0; // what the distributed optimizer's all-gather of them moves
    auto add = [&](double params, double ready, double gathered) {
        if (params <= 0)
            return;
        parameters += params;
        gatherBytes += gathered;
        out.tensorBytes.push_back(params * gradBytes);
        out.tensorReadySeconds.push_back(ready);
    };
    const RankShard held = rankShard(design, pipelineRank); // its vocabulary: memory/modelshard.h
    const VocabularyShard vocabulary = vocabularyShard(design, held);
    for (const GradientSource& source : sources) {
        const StageWork& stage = *source.stage;
        const GradientWindow window = gradientWindow(times, *source.op);
        double exact = 0;
        for (std::size_t pass : window.passes)
            exact += stage.seconds[pass];
        const double stretch = exact > 0 ? (window.end - window.start) / exact : 0;
        double clock = window.start;
        for (std::size_t pass : window.passes)
            clock += stage.headSeconds[pass] * stretch;
        const auto addOther
            = [&](double params, double ready) { add(params, ready, gathered.of(0, params)); };
        // A layer's gradients as three tensors in the order its backward finishes them: the MLP block, the
        // attention (with a prediction depth's projection), the norms.
        const auto addLayer = [&](const LayerShard& shard, double ready) {
            add(shard.mlp + shard.experts + shard.router, ready,
                gathered.of(shard.mlp + shard.experts, shard.router));
            add(shard.attention + shard.projection, ready,
                gathered.of(shard.attentionGemm + shard.projection, shard.attention - shard.attentionGemm));
            addOther(shard.norms, ready);
        };
        // The prediction depths feed on the last layer's output: their backward (with the head's second
        // use) comes before the layers', and the head's gradient is whole after it. Their embedding copy's
        // gradient too (ModelArchitecture::mtpLayers).
        for (std::size_t pass : window.passes)
            clock += stage.mtpSeconds[pass] * stretch;
        if (stage.outputHead)
            addOther(vocabulary.finalNorm + vocabulary.outputHead
                         + (held.hasEmbedding ? 0.0 : vocabulary.embedding),
                     clock);
        for (int depth = 0; depth < stage.mtpLayers; ++depth)
            addLayer(mtpDepthShard(design), clock);
        for (int i = stage.layers - 1; i >= 0; --i) {
            const int layer = stage.firstLayer + i;
            const bool moe = design.model.isMoeLayer(layer);
            clock += passSeconds(moe ? stage.moeLayer : stage.denseLayer, window.passes) * stretch;
            addLayer(layerShard(design, moe), clock);
        }
        if (stage.embedding)
            addOther(vocabulary.embedding, window.end);
    }
    out.gradientBytes = parameters * gradBytes;

    out.buckets = assignDdpBuckets(out.tensorBytes);
    const GroupLinks links = rankGroupLinks(design, placed, Dim::Dp, global);
    // Without overlap the buckets are reduced one after the other once the backward has ended (Megatron-LM
    // finalize_model_grads; DeepSpeed without overlap_comm).
    out.overlapGradReduce = switchOn(design, Switch::OverlapGradReduce);
    for (const DdpBucket& bucket : out.buckets) {
        double ready = 0;
        for (int tensor : bucket.tensors)
            ready = std::max(ready, out.tensorReadySeconds[static_cast<std::size_t>(tensor)]);
        out.bucketReadySeconds.push_back(out.overlapGradReduce ? ready : std::max(ready, out.backwardEnd));
        // A reduce-scatter's S is its whole input: the bucket.
        out.bucketSeconds.push_back(
            collectiveSeconds(out.reduction, out.dataParallelRanks, bucket.bytes, links));
    }
    out.overlap = ddpOverlap(out.bucketReadySeconds, out.bucketSeconds, out.backwardEnd);
    out.slowdownSeconds = bucketSlowdown(ops, out.overlap);
    if (!out.overlap.endSeconds.empty())
        out.overlap.exposedSeconds
            = std::max(0.0, out.overlap.endSeconds.back() - out.backwardEnd - out.slowdownSeconds);
    if (out.reduction == CollectiveOp::ReduceScatter)
        out.parameterGatherSeconds
            = collectiveSeconds(CollectiveOp::AllGather, out.dataParallelRanks, gatherBytes, links);
    // Megatron-LM --overlap-param-gather: each bucket's all-gather is waited for in the forward pre-hook of
    // its first layer, so the rank's first forward of the next step hides it (param_and_grad_buffer.py).
    for (const StageWork& stage : times.stages)
        if (stage.rank == pipelineRank)
            out.firstForwardSeconds += stage.seconds[kF];
    out.overlapParamGather = out.reduction == CollectiveOp::ReduceScatter
        && switchOn(design, Switch::OverlapParamGather);
    if (out.overlapParamGather) {
        const double slowed = overlapSlowdownSeconds(out.parameterGatherSeconds, out.firstForwardSeconds);
        out.slowdownSeconds += slowed;
        out.parameterGatherExposedSeconds
            = std::max(0.0, out.parameterGatherSeconds - out.firstForwardSeconds - slowed);
    } else {
        out.parameterGatherExposedSeconds = out.parameterGatherSeconds;
    }
    return out;
}

std::vector<StageCopySync> stageCopySyncs(const Design& design, const PlacedLayout& placed,
                                          const PipelineTimeline& timeline)
{
    std::vector<StageCopySync> out;
    const int p = design.layout.pp();
    const RankGroups& pipelines = placed.mesh.groupsOf(Dim::Pp);
    if (!hasStageCopies(design) || pipelines.empty() || timeline.ranks.size() != static_cast<std::size_t>(p))
        return out;
    const std::span<const int> pipeline = pipelines.front();
    for (int r = 0; r < p; ++r) {
        StageCopySync sync;
        sync.pipelineRank = r;
        sync.partnerRank = stageCopyPartner(design, r);
        sync.copies = pipelineCopies(design);
        sync.gradientBytes = stageCopyBytes(design, r); // the same bytes as the traffic's (stagecopy.h)
        sync.backwardEnd = timeline.ranks[static_cast<std::size_t>(r)].lastEnd;
        if (sync.partnerRank < 0) { // between the ends of an embedding copy: nothing to sum
            out.push_back(sync);
            continue;
        }
        std::array<int, 2> pair{pipeline[static_cast<std::size_t>(r)],
                                pipeline[static_cast<std::size_t>(sync.partnerRank)]};
        std::sort(pair.begin(), pair.end());
        const GroupLinks links = groupLinks(design, placed, pair);
        sync.crossesNodes = links.nodes > 1;
        sync.seconds = collectiveSeconds(CollectiveOp::AllReduce, 2, sync.gradientBytes, links);
        out.push_back(sync);
    }
    return out;
}

std::vector<double> activationBytesPerStage(const Design& design, const MemoryReport* memory,
                                            const StageTimes& times)
{
    std::vector<double> out;
    const int v = std::max(1, design.layout.virtualStages);
    for (const StageWork& stage : times.stages) {
        // The memory model's activations of the rank at its peak, over the whole-stage micro-batches it
        // holds then, give one micro-batch's bytes on the rank's whole stage; a chunk keeps 1/v of them.
        double bytes = -1;
        if (memory)
            for (const RankRole& role : memory->roles)
                if (role.ppRank == stage.rank && role.inFlight > 0)
                    bytes
                        = std::max(bytes, role.figure(MemoryCategory::Activations).bytes / role.inFlight / v);
        out.push_back(std::max(bytes, 0.0));
    }
    return out;
}

std::vector<std::vector<ActivationPoint>> activationCurves(const PipelineTimeline& timeline,
                                                           const std::vector<double>& bytesPerStage)
{
    auto bytesOf = [&](int stage) {
        return stage >= 0 && static_cast<std::size_t>(stage) < bytesPerStage.size()
            ? bytesPerStage[static_cast<std::size_t>(stage)]
            : 0.0;
    };
    std::vector<std::vector<ActivationPoint>> curves;
    curves.reserve(timeline.ranks.size());
    for (const RankTimeline& rank : timeline.ranks) {
        std::vector<ActivationPoint> curve;
        curve.reserve(2 * rank.ops.size() + 1);
        double level = 0;
        curve.push_back({0, 0});
        auto ramp = [&](double start, double end, double delta) {
            if (curve.back().time != start || curve.back().bytes != level)
                curve.push_back({start, level});
            level += delta;
            curve.push_back({end, level});
        };
        for (const PipelineOp& op : rank.ops) {
            switch (op.kind) {
            case PipelineOpKind::Forward:
                ramp(op.start, op.end, bytesOf(op.stage));
                break;
            // A split backward frees the micro-batch at W, which still needs the linear layers' inputs
            // (memory.cpp inFlightMicroBatches; RankTimeline::peakInFlightToWeightGrad).
            case PipelineOpKind::Backward:
            case PipelineOpKind::BackwardWeight:
                ramp(op.start, op.end, -bytesOf(op.stage));
                break;
            case PipelineOpKind::BackwardInput:
                break;
            case PipelineOpKind::ForwardBackward: {
                const double middle = (op.start + op.end) / 2;
                ramp(op.start, middle, bytesOf(op.stage));
                ramp(middle, op.end, -bytesOf(op.backwardStage));
                break;
            }
            }
        }
        curves.push_back(std::move(curve));
    }
    return curves;
}

std::vector<double> bytesPerStageFromRanks(const ScheduleSpec& spec, const std::vector<double>& bytesPerRank)
{
    std::vector<double> out;
    const int stages = stageCount(spec);
    for (int s = 0; s < stages; ++s) {
        const int rank = rankOfStage(spec, s);
        out.push_back(rank >= 0 && static_cast<std::size_t>(rank) < bytesPerRank.size()
                          ? bytesPerRank[static_cast<std::size_t>(rank)]
                          : 0.0);
    }
    return out;
}

double activationAt(const std::vector<ActivationPoint>& curve, double time)
{
    if (curve.empty() || time < curve.front().time)
        return 0;
    // The last point at or before `time`; between two points, the line joining them.
    const auto after = std::upper_bound(curve.begin(), curve.end(), time,
                                        [](double t, const ActivationPoint& p) { return t < p.time; });
    if (after == curve.end())
        return curve.back().bytes;
    const ActivationPoint& b = *after;
    const ActivationPoint& a = *(after - 1);
    if (b.time <= a.time)
        return b.bytes;
    return a.bytes + (b.bytes - a.bytes) * (time - a.time) / (b.time - a.time);
}

double peakActivation(const std::vector<ActivationPoint>& curve)
{
    double peak = 0;
    for (const ActivationPoint& p : curve)
        peak = std::max(peak, p.bytes);
    return peak;
}

std::vector<BubblePoint> bubbleCurve(ScheduleSpec spec, const std::vector<int>& microBatchCounts,
                                     std::int64_t operationBudget)
{
    std::vector<BubblePoint> out;
    std::int64_t spent = 0;
    const std::int64_t opsPerChunk
        = spec.kind == Schedule::ZbH1 || spec.kind == Schedule::ZbV || spec.kind == Schedule::DualPipeV
            || spec.kind == Schedule::DualPipe
        ? 3
        : 2;
    for (int m : microBatchCounts) {
        spec.microBatches = m;
        if (hasErrors(checkSchedule(spec)))
            continue;
        spent += std::int64_t{stageCount(spec)} * m * opsPerChunk;
        if (spent > operationBudget)
            break;
        const PipelineTimeline t = simulateSchedule(spec);
        if (t.valid())
            out.push_back({m, t.bubbleFraction, t.makespan});
    }
    return out;
}

std::vector<int> bubbleCurveCounts(int ranks, int current)
{
    const int limit = std::max({64, 4 * ranks, 2 * current});
    std::vector<int> counts;
    // 1, 2, 3, 4, 6, 8, 12, 16, 24, …: two points per doubling, so a log axis is evenly covered.
    for (int m = 1; m <= limit; m *= 2) {
        counts.push_back(m);
        if (m >= 2 && m + m / 2 <= limit)
            counts.push_back(m + m / 2);
    }
    // Multiples of p, which the interleaved schedule needs, and p itself, where 1F1B fills.
    for (int k = 1; std::int64_t{k} * ranks <= limit; k *= 2)
        counts.push_back(k * ranks);
    if (current > 0)
        counts.push_back(current);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

std::shared_ptr<const ScheduleEvaluation> evaluateSchedule(const Design& design, const PlacedLayout& placed,
                                                           const MemoryReport* memory,
                                                           std::vector<Diagnostic>& diagnostics)
{
    if (design.workload.mode != Mode::Training || !placed.everyRankPlaced()
        || placed.mesh.groupsOf(Dim::Pp).empty())
        return nullptr;
    const ParallelLayout& l = design.layout;
    const std::int64_t m = placed.microBatches;
    const std::int64_t opsPerChunk
        = l.schedule == Schedule::ZbH1 || l.schedule == Schedule::ZbV || l.schedule == Schedule::DualPipeV
            || l.schedule == Schedule::DualPipe
        ? 3
        : 2;
    const std::int64_t ops = std::int64_t{l.pp()} * l.virtualStages * m * opsPerChunk;
    if (m < 1)
        return nullptr;
    if (ops > kMaxEvaluatedPipelineOps) {
        diagnostics.push_back(
            makeDiagnostic(diag::kScheduleNotSimulated, std::string(schedulepath::kMicroBatches),
                           {std::to_string(ops), std::to_string(kMaxEvaluatedPipelineOps)}));
        return nullptr;
    }

    auto result = std::make_shared<ScheduleEvaluation>();
    result->times = stageTimes(design, placed, StageTimeOptions{design.compute});
    result->timeline = simulateSchedule(result->times.spec);
    if (!result->timeline.valid())
        return nullptr; // validate() raises the same rules; nothing to add
    const std::span<const int> firstPipeline = placed.mesh.groupsOf(Dim::Pp).front();
    result->pipelineRanks.assign(firstPipeline.begin(), firstPipeline.end());
    if (l.dp() > 1) {
        for (int r = 0; r < l.pp(); ++r) {
            result->ddp.push_back(ddpStepTimeline(design, placed, result->times, result->timeline, r));
            result->fsdp.push_back(fsdpLayerTimeline(design, placed, result->times, r));
        }
    }
    result->stageCopies = stageCopySyncs(design, placed, result->timeline);
    result->activationsFromMemoryModel = memory != nullptr;
    result->activations
        = activationCurves(result->timeline, activationBytesPerStage(design, memory, result->times));
    return result;
}

} // namespace core
