// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/performance.h"

#include "base/diagnostic.h"
#include "base/units.h"
#include "compute/gpupeaks.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "performance/heldoutnote.h"
#include "performance/offloadtime.h"
#include "pipeline/layerkernels.h"
#include "pipeline/pipelinetimeline.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"

#include <algorithm>

namespace core {

namespace {

// Collectives of one layer per micro-batch, counted on Megatron-LM's mappings.py: forward and input
// gradient each run the layer's two TP regions (an all-reduce each, or with SP an all-gather before and a
// reduce-scatter after), the weight gradient all-gathers the SP inputs again; a fully recomputed forward
// repeats the forward's collectives, in the share of the layers that recompute it. A MoE layer adds a
// dispatch and a combine all-to-all per pass.
struct LayerCollectiveCounts
{
    double allReduce = 0, allGather = 0, reduceScatter = 0, allToAll = 0;
};

LayerCollectiveCounts collectiveCounts(bool sp, double recomputedShare, bool weightGradientGather)
{
    const double passes = 2 + recomputedShare; // forward, (recomputed forward,) input gradient
    LayerCollectiveCounts c;
    if (sp) {
        c.allGather = 2 * passes + (weightGradientGather ? 2 : 0);
        c.reduceScatter = 2 * passes;
    } else {
        c.allReduce = 2 * passes;
    }
    c.allToAll = 2 * passes;
    return c;
}

// Exposed collectives inside the layers, per pipeline rank, as the layer patterns wait for them (TP and EP
// collectives, the CP ring beyond the attention it overlaps); the rank that works longest is critical.
struct CriticalRank
{
    int rank = 0;
    ExposedCommunication exposed; // per step
    double slowdown = 0; // per step: what the layers' hidden collectives add to their compute
    double host = 0; // per step: what the layers wait for the host to launch them (pipeline/hostlaunch.h)
};

ExposedCommunication layerExposed(const std::array<LayerPattern, kPassCount>& pattern)
{
    ExposedCommunication sum;
    for (const LayerPattern& pass : pattern)
        sum.add(pass.exposed);
    return sum;
}

CriticalRank exposedInLayers(const ScheduleEvaluation& schedule, int p, double m)
{
    std::vector<ExposedCommunication> perRank(static_cast<std::size_t>(p));
    std::vector<double> slowdown(static_cast<std::size_t>(p)), host(static_cast<std::size_t>(p));
    const auto sum = [](const std::array<LayerPattern, kPassCount>& pattern, double LayerPattern::*part) {
        double total = 0;
        for (const LayerPattern& pass : pattern)
            total += pass.*part;
        return total;
    };
    for (const StageWork& stage : schedule.times.stages) {
        ExposedCommunication& e = perRank[static_cast<std::size_t>(stage.rank)];
        for (const auto& [out, part] : {std::pair{&slowdown, &LayerPattern::slowdownSeconds},
                                        std::pair{&host, &LayerPattern::hostSeconds}})
            (*out)[static_cast<std::size_t>(stage.rank)] += m
                * (sum(stage.denseLayer, part) * (stage.layers - stage.moeLayers)
                   + sum(stage.moeLayer, part) * stage.moeLayers
                   + sum(stage.mtpLayer, part) * stage.mtpLayers);
        e.add(layerExposed(stage.denseLayer), m * (stage.layers - stage.moeLayers));
        e.add(layerExposed(stage.moeLayer), m * stage.moeLayers);
        // A prediction depth's layer waits for its collectives as the stage's own do (stagetime.h).
        e.add(layerExposed(stage.mtpLayer), m * stage.mtpLayers);
    }
    int critical = 0;
    for (int r = 1; r < p; ++r)
        if (schedule.timeline.ranks[static_cast<std::size_t>(r)].busy
            > schedule.timeline.ranks[static_cast<std::size_t>(critical)].busy)
            critical = r;
    const auto c = static_cast<std::size_t>(critical);
    return {critical, perRank[c], slowdown[c], host[c]};
}

// Pipeline sends: what the boundary transfers add to the makespan.
void addPipelineSends(const ScheduleEvaluation& schedule, Performance& perf)
{
    ScheduleSpec withoutSends = schedule.spec();
    withoutSends.boundaryTransfer.assign(withoutSends.boundaryTransfer.size(), 0.0);
    withoutSends.p2pLatency = 0;
    const PipelineTimeline free = simulateSchedule(withoutSends);
    if (free.valid())
        perf.exposed.p2p += std::max(0.0, perf.pipelineSeconds - free.makespan);
}

// Data parallelism after the pipeline.
struct DataParallelSync
{
    double end = 0; // when the last rank's synchronisation ends (DDP, ZeRO-1/2)
    double reduce = 0; // DDP/ZeRO: the exposed reduction of the slowest rank
    double gather = 0; // ZeRO-1/2: the parameter all-gather after the optimizer
    double fsdpExposed = 0; // ZeRO-3/FSDP, per micro-batch that synchronises
    double fsdpStepExposed = 0; // ZeRO-3/FSDP, over the step's micro-batches
    // FSDP2's copies in and out of its collective buffers on the compute stream, over the step
    // (pipeline/fsdptimeline.h FsdpUnit).
    double fsdpCopies = 0;
    // What the hidden data-parallel collectives add to the compute beside them (comm/overlapslowdown.h),
    // on the rank that decides.
    double slowdown = 0;
    double stageCopies = 0; // DualPipe: the slowest pair's gradient sum, exposed
};

double stageCopySeconds(const ScheduleEvaluation& schedule, int pipelineRank)
{
    const auto r = static_cast<std::size_t>(pipelineRank);
    return r < schedule.stageCopies.size() ? schedule.stageCopies[r].seconds : 0.0;
}

// DDP and ZeRO-1/2: the rank whose last backward plus its exposed synchronisation ends last decides.
void addBucketSync(const ScheduleEvaluation& schedule, Performance& perf, DataParallelSync& sync)
{
    sync.end = perf.pipelineSeconds;
    for (const DdpStepTimeline& ddp : schedule.ddp) {
        // DualPipe's stage copies are summed once the rank's reduction is done (stageCopySyncs).
        const double end = ddp.backwardEnd + ddp.slowdownSeconds + ddp.overlap.exposedSeconds
            + stageCopySeconds(schedule, ddp.pipelineRank) + ddp.parameterGatherExposedSeconds;
        if (end > sync.end)
            sync.slowdown = ddp.slowdownSeconds;
        sync.end = std::max(sync.end, end);
        sync.reduce = std::max(sync.reduce, ddp.overlap.exposedSeconds);
        sync.gather = std::max(sync.gather, ddp.parameterGatherExposedSeconds);
    }
    if (!schedule.ddp.empty()) {
        if (schedule.ddp.front().reduction == CollectiveOp::AllReduce)
            perf.exposed.allReduce += sync.reduce;
        else
            perf.exposed.reduceScatter += sync.reduce;
        perf.exposed.allGather += sync.gather;
    }
}

// ZeRO-3/FSDP synchronises per layer instead: the gathers and reduce-scatters that compute cannot hide,
// over the step's micro-batches as the gradient-sync cadence has them (steptimeline.h), shared between the
// two kinds in proportion to their time on the link.
void addFsdpSync(const ScheduleEvaluation& schedule, Performance& perf, DataParallelSync& sync)
{
    sync.end = perf.pipelineSeconds;
    const FsdpLayerTimeline* worst = nullptr;
    for (const FsdpLayerTimeline& layer : schedule.fsdp)
        if (!worst
            || layer.stepExposedSeconds + layer.stepSlowdownSeconds + layer.stepCopySeconds
                > sync.fsdpStepExposed + sync.slowdown + sync.fsdpCopies) {
            worst = &layer;
            sync.fsdpExposed = layer.exposedSeconds;
            sync.fsdpStepExposed = layer.stepExposedSeconds;
            sync.slowdown = layer.stepSlowdownSeconds;
            sync.fsdpCopies = layer.stepCopySeconds;
        }
    if (!worst || sync.fsdpStepExposed <= 0)
        return;
    double gathering = 0, reducing = 0;
    for (const FsdpSpan& span : worst->spans) {
        if (span.stream == FsdpStream::AllGather)
            gathering += span.end - span.start;
        else if (span.stream == FsdpStream::ReduceScatter)
            reducing += span.end - span.start;
    }
    const double share = gathering + reducing > 0 ? gathering / (gathering + reducing) : 1;
    perf.exposed.allGather += sync.fsdpStepExposed * share;
    perf.exposed.reduceScatter += sync.fsdpStepExposed * (1 - share);
}

// DualPipe: each rank sums its two stage copies' gradients with rank PP − 1 − r after its last backward,
// and the first and last stage their word embedding's copies (comm/stagecopy.h), with nothing to hide it
// under (steptimeline.h, StageCopySync). Without bucketed data parallelism (one DP rank, or FSDP, whose
// per-layer exposure is counted apart) it follows the backward directly.
void addStageCopySync(const ScheduleEvaluation& schedule, Performance& perf, DataParallelSync& sync,
                      bool afterBuckets)
{
    for (const StageCopySync& copy : schedule.stageCopies) {
        sync.stageCopies = std::max(sync.stageCopies, copy.seconds);
        if (!afterBuckets)
            sync.end = std::max(sync.end, copy.backwardEnd + copy.seconds);
    }
    perf.exposed.allReduce += sync.stageCopies;
}

// The optimizer step on the rank with the most parameters to update, bound by HBM; with offload, on the
// host, with the transfers the compute does not hide (offloadtime.h).
double optimizerStepSeconds(const Design& design, const StageTimes& times, const OffloadTime& offload)
{
    if (design.workload.offload != Offload::None)
        return offload.total();
    double updated = 0;
    for (int r = 0; r < std::max(design.layout.pp(), 1); ++r)
        updated = std::max(updated, optimizerShardParameters(design, r));
    return times.gpuMemoryBandwidth > 0
        ? updated * optimizerBytesPerParameter(design) / times.gpuMemoryBandwidth
        : 0;
}

// Useful work: every GPU of a stage runs its share; the model FLOPs leave recomputation out.
struct StepFlops
{
    double peakSum = 0; // Σ GPU dense BF16 peak, FLOP/s
    double fp8PeakSum = 0; // Σ GPU dense FP8 peak (BF16 where a GPU has none)
    double model = 0;
    double hardware = 0;
    double nonCausal = 0; // model FLOPs with the attention counted over the whole s × s square
    double palm = 0; // PaLM (Chowdhery et al. 2022, appendix B): 6N + 12·L·h·s per token
};

StepFlops stepFlops(const Design& design, const PlacedLayout& placed, const StageTimes& times, double m)
{
    const ParallelLayout& l = design.layout;
    const double gpusPerStage = static_cast<double>(placed.worldSize) / std::max(l.pp(), 1);
    StepFlops out;
    const Catalog& catalog = placed.presets();
    const auto addPeaks = [&out](const GpuSpec& gpu, double ranks) {
        out.peakSum += gpu.bf16Flops * ranks;
        const GpuPeaks peaks = gpuPeaks(gpu);
        out.fp8PeakSum += (peaks.hasFp8() ? peaks.fp8Flops : peaks.bf16Flops) * ranks;
    };
    // The placement's roles: the ranks on each GPU type, counted once (placedlayout.h).
    if (placed.roles)
        for (const RankRoles::Role& role : placed.roles->roles)
            if (const GpuSpec* gpu = role.gpuType.empty() ? nullptr : catalog.gpu(role.gpuType))
                addPeaks(*gpu, static_cast<double>(role.ranks.size()));
    double forward = 0, recomputed = 0, squareExtra = 0;
    for (const StageWork& stage : times.stages) {
        forward += stage.forwardFlops;
        const LayerFlops layer
            = layerForwardFlops(design.model, stage.firstLayer, design.workload.sequenceLength, l.microBatch,
                                l.tp(), l.cp(), expertSplit(l));
        const LayerFlops square
            = layerForwardFlops(design.model, stage.firstLayer, design.workload.sequenceLength, l.microBatch,
                                l.tp(), l.cp(), expertSplit(l), false);
        // Every layer of the stage as its first; with a sliding window, the stage's own mix of windowed and
        // full layers.
        double attention = stage.layers * layer.attention;
        double extra = stage.layers * (square.attention - layer.attention);
        double whole = stage.layers * layer.total();
        if (design.model.slidingWindow.any()) {
            const double s = static_cast<double>(design.workload.sequenceLength);
            const double b = static_cast<double>(l.microBatch);
            attention = layersAttentionForwardFlops(design.model, stage.firstLayer, stage.layers, s, b,
                                                    l.tp(), l.cp(), true);
            extra = layersAttentionForwardFlops(design.model, stage.firstLayer, stage.layers, s, b, l.tp(),
                                                l.cp(), false)
                - attention;
            whole = stage.layers * (layer.total() - layer.attention) + attention;
        }
        if (stage.mtpLayers > 0) {
            // The multi-token prediction layers (stagetime.h), of the last layer's kind.
            const int last = design.model.layers - 1;
            const double s = static_cast<double>(design.workload.sequenceLength);
            extra += stage.mtpLayers
                * (layersAttentionForwardFlops(design.model, last, 1, s, l.microBatch, l.tp(), l.cp(), false)
                   - layersAttentionForwardFlops(design.model, last, 1, s, l.microBatch, l.tp(), l.cp(),
                                                 true));
        }
        squareExtra += extra;
        if (l.recompute == Recompute::Full)
            recomputed += whole * l.recomputedLayers(stage.layers) / std::max(stage.layers, 1)
                + stage.mtpForwardFlops;
        else if (l.recompute == Recompute::Selective)
            recomputed += (recomputesCoreAttention(design) ? attention : 0.0) + stage.selectiveRecomputeFlops;
    }
    // DualPipe's 2·PP stages hold the model twice; each micro-batch runs through one copy.
    const double copies = l.schedule == Schedule::DualPipe ? 2.0 : 1.0;
    out.model = 3 * forward * m * gpusPerStage / copies;
    out.hardware = out.model + recomputed * m * gpusPerStage / copies;
    out.nonCausal = out.model + 3 * squareExtra * m * gpusPerStage / copies;
    const ModelArchitecture& model = design.model;
    const ParameterBreakdown active = countParameters(model).active;
    const double tokens = static_cast<double>(design.workload.globalBatch)
        * static_cast<double>(design.workload.sequenceLength);
    const double attentionWidth = static_cast<double>(model.heads) * static_cast<double>(model.headDim);
    out.palm = tokens
        * (6 * (active.total() - active.embedding)
           + 12.0 * model.layers * attentionWidth * static_cast<double>(design.workload.sequenceLength));
    return out;
}

void explainStep(Performance& perf, const StepFlops& flops, const StageTimes& times)
{
    perf.step.formula = MW_TR_NOOP(
        "Explanations", "pipeline makespan + exposed data-parallel synchronisation + optimizer step");
    perf.step.input(MW_TR_NOOP("Explanations", "pipeline makespan"), perf.pipelineSeconds, "s")
        .input(MW_TR_NOOP("Explanations", "data-parallel synchronisation, exposed"), perf.dataParallelSeconds,
               "s")
        .input(MW_TR_NOOP("Explanations", "optimizer step"), perf.optimizerSeconds, "s")
        .input(MW_TR_NOOP("Explanations",
                          "of these, compute slowed beside hidden collectives (18.9 % while both run)"),
               perf.overlapSlowdownSeconds, "s");
    if (perf.dataParallelCopySeconds > 0)
        perf.step.input(
            MW_TR_NOOP("Explanations",
                       "of these, FSDP2's copies out of its all-gather and into its reduce-scatter "
                       "buffers"),
            perf.dataParallelCopySeconds, "s");
    if (perf.hostWaitSeconds > 0)
        perf.step.input(
            MW_TR_NOOP("Explanations", "of these, the GPU waiting for the host to launch eager MoE layers"),
            perf.hostWaitSeconds, "s");
    perf.step.input(MW_TR_NOOP("Explanations", "bubble (share of GPU time)"), perf.bubbleFraction)
        .input(MW_TR_NOOP("Explanations", "GEMM efficiency"), perf.computeEfficiency);
    perf.step.source = "list scheduling (docs/pipeline-schedules.md); DDP buckets and FSDP2 prefetch "
                       "(docs/data-parallel-overlap.md); compute beside a hidden collective 18.9 % slower "
                       "(Lee et al. 2025, arXiv 2507.03114; comm/overlapslowdown.h); kernel times "
                       "(docs/kernel-model.md): "
        + times.kernelSource;
    if (perf.hostWaitSeconds > 0)
        perf.step.source += "; an eager Megatron-Core MoE layer no shorter than its host's launches, "
                            "forward and backward, as Megatron-LM's functional tests measure them "
                            "(pipeline/hostlaunch.h)";
    if (perf.dataParallelCopySeconds > 0)
        perf.step.source += "; FSDP2's buffer copies at η_HBM × HBM bandwidth (PyTorch "
                            "torch/distributed/fsdp/_fully_shard: foreach_all_gather_copy_out, "
                            "foreach_reduce_scatter_copy_in)";
    const double peakSum = flops.peakSum;
    perf.mfuExplanation.formula = MW_TR_NOOP(
        "Explanations", "3 × forward FLOPs × micro-batches × GPUs per stage / (step × Σ GPU peak)");
    perf.mfuExplanation
        .input(MW_TR_NOOP("Explanations", "model FLOPs per step (Megatron, causal attention)"),
               perf.modelFlopsPerStep, "FLOP")
        .input(MW_TR_NOOP("Explanations", "hardware FLOPs per step (with recomputation)"),
               perf.hardwareFlopsPerStep, "FLOP")
        .input(MW_TR_NOOP("Explanations", "Σ GPU dense BF16 peak"), peakSum, "FLOP/s")
        .input(MW_TR_NOOP("Explanations", "Σ GPU dense FP8 peak"), flops.fp8PeakSum, "FLOP/s")
        .input(MW_TR_NOOP("Explanations", "step"), perf.stepSeconds, "s")
        .input(MW_TR_NOOP("Explanations", "MFU against the FP8 peak"), perf.mfuFp8Peak)
        .input(MW_TR_NOOP("Explanations",
                          "model FLOPs per step, Megatron non-causal (Narayanan et al. 2021 eq. 3 without "
                          "recomputation)"),
               flops.nonCausal, "FLOP")
        .input(MW_TR_NOOP("Explanations", "MFU, Megatron non-causal"),
               perf.stepSeconds > 0 && peakSum > 0 ? flops.nonCausal / (perf.stepSeconds * peakSum) : 0.0)
        .input(MW_TR_NOOP("Explanations", "model FLOPs per step, PaLM 6N + 12·L·h·s per token"), flops.palm,
               "FLOP")
        .input(MW_TR_NOOP("Explanations", "MFU, PaLM"),
               perf.stepSeconds > 0 && peakSum > 0 ? flops.palm / (perf.stepSeconds * peakSum) : 0.0);
    perf.mfuExplanation.source = "Korthikanti et al. 2022 eq. (7) and (8); Narayanan et al. 2021 appendix "
                                 "(Megatron-LM num_floating_point_operations); causal attention as Dao 2023 "
                                 "§4.1 counts it; PaLM: Chowdhery et al. 2022, appendix B";
    perf.mfuExplanation.note = MW_TR_NOOP(
        "Explanations",
        "MFU is stated against the dense BF16 peak, with Megatron-LM's FLOP count and causal attention (the "
        "work the kernels do). Papers that count attention over the whole square (Megatron 2021, "
        "Korthikanti 2022) or use PaLM's 6N + 12·L·h·s report a higher MFU for the same run: compare with "
        "the row of the same convention.");
}

// With offload the optimizer step is the host's: its parts, for the step's explanation.
void explainOffload(Performance& perf, const OffloadTime& offload)
{
    perf.step
        .input(MW_TR_NOOP("Explanations", "optimizer on the CPU (host memory bound)"), offload.cpuStepSeconds,
               "s")
        .input(MW_TR_NOOP("Explanations", "updated parameters back to the GPU"), offload.uploadSeconds, "s")
        .input(MW_TR_NOOP("Explanations", "host transfers the compute does not hide"),
               offload.transferExposedSeconds, "s")
        .input(MW_TR_NOOP("Explanations", "parameters updated on the host, slowest rank"), offload.parameters)
        .input(MW_TR_NOOP("Explanations", "host link per direction"), offload.hostLinkBandwidth, "B/s")
        .input(MW_TR_NOOP("Explanations", "host memory bandwidth per GPU"), offload.hostMemoryBandwidth,
               "B/s");
    perf.step.note = MW_TR_NOOP("Explanations",
                                "With CPU offload the optimizer step runs on the host: its time is the CPU "
                                "optimizer, bound by host memory, plus the transfers over the host link that "
                                "the compute does not hide (docs/offload.md).");
}

// Where the visible communication of each kind comes from, on the critical pipeline rank.
void explainExposed(Performance& perf, const Design& design, const StageTimes& times, int critical, double m,
                    const DataParallelSync& sync)
{
    const ParallelLayout& l = design.layout;
    const bool sp = l.sequenceParallel && l.tp() > 1;
    const StageWork* first = nullptr;
    int criticalLayers = 0, recomputedLayers = 0;
    for (const StageWork& stage : times.stages)
        if (stage.rank == critical) {
            first = first ? first : &stage;
            criticalLayers += stage.layers;
            recomputedLayers += l.recomputedLayers(stage.layers);
        }
    const LayerCollectiveCounts counts
        = collectiveCounts(sp, static_cast<double>(recomputedLayers) / std::max(criticalLayers, 1),
                           tpWeightGradientGather(design));
    Explanation& x = perf.exposedExplanation;
    x.formula = MW_TR_NOOP(
        "Explanations",
        "inside the layers: micro-batches × layers (and prediction depths) × what each layer waits for (its "
        "collectives, less what its GEMMs hide with TP overlap); after the "
        "pipeline: what the last backward cannot hide (DDP buckets, ZeRO's parameter all-gather); FSDP: "
        "per-layer gathers and reduce-scatters compute cannot hide × micro-batches; point-to-point: "
        "what the stage sends add to the schedule, and the CP ring beyond the attention it overlaps");
    x.input(MW_TR_NOOP("Explanations", "micro-batches per step"), m)
        .input(MW_TR_NOOP("Explanations", "layers on the critical pipeline rank"), criticalLayers)
        .input(MW_TR_NOOP("Explanations", "TP all-reduces per layer and micro-batch"), counts.allReduce)
        .input(MW_TR_NOOP("Explanations", "TP all-gathers per layer and micro-batch"), counts.allGather)
        .input(MW_TR_NOOP("Explanations", "TP reduce-scatters per layer and micro-batch"),
               counts.reduceScatter)
        .input(MW_TR_NOOP("Explanations", "EP dispatches and combines per MoE layer and micro-batch"),
               counts.allToAll);
    if (first) {
        x.input(MW_TR_NOOP("Explanations", "one TP all-reduce"), first->comm.tpAllReduce, "s")
            .input(MW_TR_NOOP("Explanations", "one TP all-gather"), first->comm.tpAllGather, "s")
            .input(MW_TR_NOOP("Explanations", "one TP reduce-scatter"), first->comm.tpReduceScatter, "s")
            .input(MW_TR_NOOP("Explanations", "one EP dispatch or combine"), first->comm.epAllToAll, "s");
        // Under FP8 the dense layers' gathers move the quantised copies (tpGatherBytesPerElement).
        if (first->comm.tpInputAllGather != first->comm.tpAllGather
            || first->comm.tpGradientAllGather != first->comm.tpAllGather)
            x.input(MW_TR_NOOP("Explanations", "one TP all-gather of a layer's input, in FP8"),
                    first->comm.tpInputAllGather, "s")
                .input(MW_TR_NOOP("Explanations", "one TP all-gather of a layer's gradient, in FP8"),
                       first->comm.tpGradientAllGather, "s");
        const ExposedCommunication layer = layerExposed(first->denseLayer);
        x.input(MW_TR_NOOP("Explanations", "one layer and micro-batch, all-reduce visible"), layer.allReduce,
                "s")
            .input(MW_TR_NOOP("Explanations", "one layer and micro-batch, all-gather visible"),
                   layer.allGather, "s")
            .input(MW_TR_NOOP("Explanations", "one layer and micro-batch, reduce-scatter visible"),
                   layer.reduceScatter, "s");
    }
    x.input(MW_TR_NOOP("Explanations", "data-parallel reduction after the pipeline"), sync.reduce, "s")
        .input(MW_TR_NOOP("Explanations", "ZeRO parameter all-gather after the optimizer"), sync.gather, "s")
        .input(MW_TR_NOOP("Explanations", "FSDP, per micro-batch that synchronises"), sync.fsdpExposed, "s")
        .input(MW_TR_NOOP("Explanations", "FSDP, over the step"), sync.fsdpStepExposed, "s")
        .input(MW_TR_NOOP("Explanations", "visible all-reduce"), perf.exposed.allReduce, "s")
        .input(MW_TR_NOOP("Explanations", "visible all-gather"), perf.exposed.allGather, "s")
        .input(MW_TR_NOOP("Explanations", "visible reduce-scatter"), perf.exposed.reduceScatter, "s")
        .input(MW_TR_NOOP("Explanations", "visible all-to-all"), perf.exposed.allToAll, "s")
        .input(MW_TR_NOOP("Explanations", "visible point-to-point"), perf.exposed.p2p, "s");
    const PipelineCopies copies = pipelineCopies(design);
    if (copies == PipelineCopies::Stages)
        x.input(MW_TR_NOOP("Explanations", "DualPipe: both copies of each stage's gradients summed, exposed"),
                sync.stageCopies, "s");
    else if (copies == PipelineCopies::Embedding)
        x.input(MW_TR_NOOP(
                    "Explanations",
                    "the word embedding's two copies' gradients summed by the first and last stage, exposed"),
                sync.stageCopies, "s");
    x.source
        = "collectives per layer: Megatron-LM tensor_parallel/mappings.py; overlap: DDP buckets and FSDP2 "
          "prefetch (docs/data-parallel-overlap.md); times: the α–β model on the group's links "
          "(collectivecost.h). Switches: "
        + switchesInEffect(design);
    if (copies == PipelineCopies::Stages)
        x.source += "; DualPipe's stage copies: deepseek-ai/DualPipe examples/example_dualpipe.py sums the "
                    "gradients of ranks r and PP−1−r after step()";
    else if (copies == PipelineCopies::Embedding)
        x.source += "; the embedding's copies: Megatron-LM distributed/finalize_model_grads.py "
                    "_allreduce_word_embedding_grads, after the data-parallel reduction";
    const bool symmetric = frameworkProfile(design).tpOverlap == TpOverlapRuntime::SymmetricMemory;
    if (l.tpOverlapInEffect() && symmetric)
        x.note = MW_TR_NOOP(
            "Explanations",
            "Asynchronous TP (torch.compile's micro-pipelined TP): each TP all-gather and reduce-scatter "
            "of a dense layer is fused with its neighbouring matmul in TP chunks, two at a time, and hides "
            "but for one chunk; the copies run on the copy engines, and each reduce-scatter ends in a sum "
            "of the TP partial products over HBM (torch/distributed/_symmetric_memory, "
            "docs/kernel-model.md).");
    else if (l.tp() == 1)
        x.note = MW_TR_NOOP("Explanations", "No TP collectives: TP is 1.");
    else if (symmetric && l.sequenceParallel)
        x.note = MW_TR_NOOP(
            "Explanations",
            "TP collectives are exposed, as PyTorch runs DTensor's all-gathers and reduce-scatters "
            "without asynchronous TP.");
    else
        x.note = l.tpOverlapInEffect()
            ? MW_TR_NOOP(
                "Explanations",
                "TP communication overlap (--tp-comm-overlap): each TP all-gather and reduce-scatter of a "
                "dense layer hides under its neighbouring GEMM but for one of its chunks (TransformerEngine "
                "userbuffers: TP chunks on the ring exchange, 4 on the forward's pipelined reduce-scatter), "
                "and the GEMMs beside the pipelined and bulk collectives run on the SMs those leave "
                "(docs/kernel-model.md).")
            : MW_TR_NOOP("Explanations",
                         "TP collectives are exposed, as Megatron-LM runs them without --tp-comm-overlap.");
}

} // namespace

std::string switchesInEffect(const Design& design)
{
    std::string text;
    for (Switch s : kAllSwitches) {
        if (switchApplies(design, s))
            text += (text.empty() ? "" : "; ") + switchExplanation(design, s);
    }
    return text;
}

double optimizerBytesPerParameter(const Design& design)
{
    const StateBytes bytes = stateBytesPerParameter(design.workload);
    return 2 * bytes.optimizer + bytes.gradients + bytes.weights;
}

Performance estimatePerformance(const Design& design, const PlacedLayout& placed,
                                const ScheduleEvaluation& schedule)
{
    const StageTimes& times = schedule.times;
    const int p = std::max(design.layout.pp(), 1);
    const double m = std::max(schedule.spec().microBatches, 1);
    Performance perf;
    perf.computeEfficiency = times.computeEfficiency;
    perf.pipelineSeconds = schedule.timeline.makespan;
    perf.bubbleFraction = schedule.timeline.bubbleFraction;

    // Communication the pipeline waits for: inside the layers of the critical rank, then the sends.
    const CriticalRank critical = exposedInLayers(schedule, p, m);
    perf.exposed = critical.exposed;
    if (p > 1)
        addPipelineSends(schedule, perf);
    // Then the data-parallel synchronisation after the pipeline, and the optimizer step.
    DataParallelSync sync;
    if (design.layout.zeroStage >= 3)
        addFsdpSync(schedule, perf, sync);
    else
        addBucketSync(schedule, perf, sync);
    addStageCopySync(schedule, perf, sync, design.layout.zeroStage < 3 && !schedule.ddp.empty());
    perf.dataParallelSlowdownSeconds = sync.slowdown;
    perf.dataParallelCopySeconds = sync.fsdpCopies;
    perf.overlapSlowdownSeconds = critical.slowdown + sync.slowdown;
    perf.hostWaitSeconds = critical.host;
    perf.dataParallelSeconds = (sync.end - perf.pipelineSeconds) + sync.fsdpStepExposed + sync.fsdpCopies
        + (design.layout.zeroStage >= 3 ? sync.slowdown : 0.0);
    const OffloadTime offload = offloadTime(design, placed, times, m);
    perf.optimizerSeconds = optimizerStepSeconds(design, times, offload);
    perf.stepSeconds = perf.pipelineSeconds + perf.dataParallelSeconds + perf.optimizerSeconds;

    const StepFlops flops = stepFlops(design, placed, times, m);
    perf.modelFlopsPerStep = flops.model;
    perf.hardwareFlopsPerStep = flops.hardware;
    if (perf.stepSeconds > 0 && flops.peakSum > 0) {
        perf.mfu = perf.modelFlopsPerStep / (perf.stepSeconds * flops.peakSum);
        perf.hfu = perf.hardwareFlopsPerStep / (perf.stepSeconds * flops.peakSum);
        perf.mfuFp8Peak = flops.fp8PeakSum > 0 ? perf.modelFlopsPerStep / (perf.stepSeconds * flops.fp8PeakSum)
                                               : 0.0;
        perf.tokensPerSecond = static_cast<double>(design.workload.globalBatch)
            * static_cast<double>(design.workload.sequenceLength) / perf.stepSeconds;
    }
    explainStep(perf, flops, times);
    // Megatron-LM's count (and Megatron-Bridge's flop_utils.py) has no window: every layer's attention over
    // the whole causal triangle; the model counts the band a windowed layer computes (docs/kernel-model.md,
    // GPT-OSS 120B).
    if (design.model.slidingWindow.any())
        perf.mfuExplanation.note += std::string(" ")
            + MW_TR_NOOP("Explanations",
                         "The sliding-window layers count the band they compute; Megatron-LM's count takes "
                         "every layer's whole causal triangle and reports a higher MFU for such a model.");
    if (design.workload.offload != Offload::None)
        explainOffload(perf, offload);
    if (const std::string note = heldOutNote(design); !note.empty())
        perf.step.note = perf.step.note.empty() ? note : perf.step.note + " " + note;
    explainExposed(perf, design, times, critical.rank, m, sync);
    return perf;
}

Json exposedToJson(const ExposedCommunication& exposed)
{
    return {{"allReduce", exposed.allReduce},
            {"allGather", exposed.allGather},
            {"reduceScatter", exposed.reduceScatter},
            {"allToAll", exposed.allToAll},
            {"p2p", exposed.p2p}};
}

Json performanceToJson(const Performance& perf)
{
    return {{"stepSeconds", perf.stepSeconds},
            {"tokensPerSecond", perf.tokensPerSecond},
            {"mfu", perf.mfu},
            {"mfuFp8Peak", perf.mfuFp8Peak},
            {"hfu", perf.hfu},
            {"bubbleFraction", perf.bubbleFraction},
            {"exposedCommSeconds", exposedToJson(perf.exposed)},
            {"pipelineSeconds", perf.pipelineSeconds},
            {"dataParallelSeconds", perf.dataParallelSeconds},
            {"overlapSlowdownSeconds", perf.overlapSlowdownSeconds},
            {"hostWaitSeconds", perf.hostWaitSeconds},
            {"optimizerSeconds", perf.optimizerSeconds},
            {"modelFlopsPerStep", perf.modelFlopsPerStep},
            {"hardwareFlopsPerStep", perf.hardwareFlopsPerStep},
            {"computeEfficiency", perf.computeEfficiency},
            {"explanations",
             {{"step", explanationToJson(perf.step)},
              {"mfu", explanationToJson(perf.mfuExplanation)},
              {"exposedCommSeconds", explanationToJson(perf.exposedExplanation)}}}};
}

} // namespace core
