// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/performance.h"

#include "evaluate.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "pipeline/pipelinetimeline.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "base/units.h"

#include <algorithm>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);

// Collectives of one layer per micro-batch, counted on Megatron-LM's mappings.py: forward and input
// gradient each run the layer's two TP regions (an all-reduce each, or with SP an all-gather before and a
// reduce-scatter after), the weight gradient all-gathers the SP inputs again; a fully recomputed forward
// repeats the forward's collectives. A MoE layer adds a dispatch and a combine all-to-all per pass.
struct LayerCollectiveCounts
{
    double allReduce = 0, allGather = 0, reduceScatter = 0, allToAll = 0;
};

LayerCollectiveCounts collectiveCounts(bool sp, Recompute recompute)
{
    const double passes
        = recompute == Recompute::Full ? 3 : 2; // forward, (recomputed forward,) input gradient
    LayerCollectiveCounts c;
    if (sp) {
        c.allGather = 2 * passes + 2;
        c.reduceScatter = 2 * passes;
    } else {
        c.allReduce = 2 * passes;
    }
    c.allToAll = 2 * passes;
    return c;
}

} // namespace

double optimizerBytesPerParameter(const Design& design)
{
    const StateBytes bytes = stateBytesPerParameter(design.workload.precision, design.workload.optimizer);
    return 2 * bytes.optimizer + bytes.gradients + bytes.weights;
}

std::optional<Performance> estimatePerformance(const Design& design, const Evaluation& evaluation,
                                               const Catalog& catalog)
{
    if (!evaluation.schedule || design.workload.mode != Mode::Training)
        return std::nullopt;
    const ScheduleEvaluation& schedule = *evaluation.schedule;
    const StageTimes& times = schedule.times;
    const ParallelLayout& l = design.layout;
    const int p = std::max(l.pp(), 1);
    const double m = std::max(schedule.spec().microBatches, 1);
    Performance perf;
    perf.computeEfficiency = times.computeEfficiency;
    perf.pipelineSeconds = schedule.timeline.makespan;
    perf.bubbleFraction = schedule.timeline.bubbleFraction;

    // Exposed collectives inside the layers, per pipeline rank, as the layer patterns wait for them (TP and
    // EP collectives, the CP ring beyond the attention it overlaps); the rank that works longest is critical.
    const bool sp = l.sequenceParallel && l.tp() > 1;
    const LayerCollectiveCounts counts = collectiveCounts(sp, l.recompute);
    std::vector<ExposedCommunication> perRank(static_cast<std::size_t>(p));
    auto layerExposed = [](const std::array<LayerPattern, kPassCount>& pattern) {
        ExposedCommunication sum;
        for (const LayerPattern& pass : pattern)
            sum.add(pass.exposed);
        return sum;
    };
    for (const StageWork& stage : times.stages) {
        ExposedCommunication& e = perRank[static_cast<std::size_t>(stage.rank)];
        e.add(layerExposed(stage.denseLayer), m * (stage.layers - stage.moeLayers));
        e.add(layerExposed(stage.moeLayer), m * stage.moeLayers);
    }
    int critical = 0;
    for (int r = 1; r < p; ++r)
        if (schedule.timeline.ranks[static_cast<std::size_t>(r)].busy
            > schedule.timeline.ranks[static_cast<std::size_t>(critical)].busy)
            critical = r;
    perf.exposed = perRank[static_cast<std::size_t>(critical)];

    // Pipeline sends: what the boundary transfers add to the makespan.
    if (p > 1) {
        ScheduleSpec withoutSends = schedule.spec();
        withoutSends.boundaryTransfer.assign(withoutSends.boundaryTransfer.size(), 0.0);
        withoutSends.p2pLatency = 0;
        const PipelineTimeline free = simulateSchedule(withoutSends);
        if (free.valid())
            perf.exposed.p2p += std::max(0.0, perf.pipelineSeconds - free.makespan);
    }

    // Data parallelism after the pipeline: the rank whose last backward plus its exposed synchronisation
    // ends last decides.
    // ZeRO-3/FSDP synchronises per layer instead (below); the bucket timeline is for stages 0 to 2.
    const bool fsdp = l.zeroStage >= 3;
    double end = perf.pipelineSeconds;
    double ddpReduce = 0, ddpGather = 0;
    for (const DdpStepTimeline& ddp : schedule.ddp) {
        if (fsdp)
            break;
        end = std::max(end, ddp.backwardEnd + ddp.overlap.exposedSeconds + ddp.parameterGatherSeconds);
        ddpReduce = std::max(ddpReduce, ddp.overlap.exposedSeconds);
        ddpGather = std::max(ddpGather, ddp.parameterGatherSeconds);
    }
    if (!fsdp && !schedule.ddp.empty()) {
        if (schedule.ddp.front().reduction == CollectiveOp::AllReduce)
            perf.exposed.allReduce += ddpReduce;
        else
            perf.exposed.reduceScatter += ddpReduce;
        perf.exposed.allGather += ddpGather;
    }
    // FSDP: the per-layer gathers and reduce-scatters that compute cannot hide, for every micro-batch,
    // shared between the two kinds in proportion to their time on the link.
    double fsdpExposed = 0;
    const FsdpLayerTimeline* worst = nullptr;
    if (fsdp)
        for (const FsdpLayerTimeline& layer : schedule.fsdp)
            if (!worst || layer.exposedSeconds > fsdpExposed) {
                worst = &layer;
                fsdpExposed = layer.exposedSeconds;
            }
    if (worst && fsdpExposed > 0) {
        double gathering = 0, reducing = 0;
        for (const FsdpSpan& span : worst->spans) {
            if (span.stream == FsdpStream::AllGather)
                gathering += span.end - span.start;
            else if (span.stream == FsdpStream::ReduceScatter)
                reducing += span.end - span.start;
        }
        const double share = gathering + reducing > 0 ? gathering / (gathering + reducing) : 1;
        perf.exposed.allGather += fsdpExposed * m * share;
        perf.exposed.reduceScatter += fsdpExposed * m * (1 - share);
    }
    perf.dataParallelSeconds = (end - perf.pipelineSeconds) + fsdpExposed * m;

    // The optimizer step on the rank with the most parameters to update.
    double updated = 0;
    for (int r = 0; r < p; ++r) {
        const RankShard shard = rankShard(design, r);
        const double dense = shard.dense / (l.zeroStage >= 1 ? denseShardGroup(l) : 1);
        const double expert = shard.expert / (l.zeroStage >= 1 ? expertShardGroup(l) : 1);
        updated = std::max(updated, dense + expert);
    }
    if (design.workload.offload != Offload::Cpu && times.gpuMemoryBandwidth > 0)
        perf.optimizerSeconds = updated * optimizerBytesPerParameter(design) / times.gpuMemoryBandwidth;

    perf.stepSeconds = perf.pipelineSeconds + perf.dataParallelSeconds + perf.optimizerSeconds;

    // Useful work: every GPU of a stage runs its share; the model FLOPs leave recomputation out.
    const double gpusPerStage = static_cast<double>(evaluation.worldSize) / p;
    double peakSum = 0;
    for (const RankInfo& rank : evaluation.ranks)
        if (rank.nodeIndex >= 0)
            if (const GpuSpec* gpu
                = catalog.gpu(design.cluster.nodes[static_cast<std::size_t>(rank.nodeIndex)]
                                  .gpus[static_cast<std::size_t>(rank.slot)]
                                  .type))
                peakSum += gpu->bf16Flops;
    double forward = 0, recomputed = 0;
    for (const StageWork& stage : times.stages) {
        forward += stage.forwardFlops;
        const LayerFlops layer
            = layerForwardFlops(design.model, stage.firstLayer, design.workload.sequenceLength, l.microBatch,
                                l.tp(), l.cp(), l.effectiveExpertTp());
        if (l.recompute == Recompute::Full)
            recomputed += stage.layers * layer.total();
        else if (l.recompute == Recompute::Selective)
            recomputed += stage.layers * layer.attention;
    }
    perf.modelFlopsPerStep = 3 * forward * m * gpusPerStage;
    perf.hardwareFlopsPerStep = perf.modelFlopsPerStep + recomputed * m * gpusPerStage;
    if (perf.stepSeconds > 0 && peakSum > 0) {
        perf.mfu = perf.modelFlopsPerStep / (perf.stepSeconds * peakSum);
        perf.hfu = perf.hardwareFlopsPerStep / (perf.stepSeconds * peakSum);
        perf.tokensPerSecond = static_cast<double>(design.workload.globalBatch)
            * static_cast<double>(design.workload.sequenceLength) / perf.stepSeconds;
    }

    perf.step.formula = "pipeline makespan + exposed data-parallel synchronisation + optimizer step";
    perf.step.input("pipeline makespan", perf.pipelineSeconds, "s")
        .input("data-parallel synchronisation, exposed", perf.dataParallelSeconds, "s")
        .input("optimizer step", perf.optimizerSeconds, "s")
        .input("bubble (share of GPU time)", perf.bubbleFraction)
        .input("GEMM efficiency", perf.computeEfficiency);
    perf.step.source
        = "reference §0 (list scheduling), §5 (DDP buckets, FSDP2 prefetch); compute model in stagetime.h";
    perf.mfuExplanation.formula = "3 × forward FLOPs × micro-batches × GPUs per stage / (step × Σ GPU peak)";
    perf.mfuExplanation.input("model FLOPs per step", perf.modelFlopsPerStep, "FLOP")
        .input("hardware FLOPs per step (with recomputation)", perf.hardwareFlopsPerStep, "FLOP")
        .input("Σ GPU peak", peakSum, "FLOP/s")
        .input("step", perf.stepSeconds, "s");
    perf.mfuExplanation.source = "Korthikanti et al. 2022 eq. (7) and (8); Narayanan et al. 2021 appendix";

    // Where the visible communication of each kind comes from, on the critical pipeline rank.
    const StageWork* first = nullptr;
    int criticalLayers = 0;
    for (const StageWork& stage : times.stages)
        if (stage.rank == critical) {
            first = first ? first : &stage;
            criticalLayers += stage.layers;
        }
    Explanation& x = perf.exposedExplanation;
    x.formula
        = "inside the layers: micro-batches × layers × what each layer waits for (its collectives, less what "
          "its GEMMs hide with TP overlap); after the "
          "pipeline: what the last backward cannot hide (DDP buckets, ZeRO's parameter all-gather); FSDP: "
          "per-layer gathers and reduce-scatters compute cannot hide × micro-batches; point-to-point: "
          "what the stage sends add to the schedule, and the CP ring beyond the attention it overlaps";
    x.input("micro-batches per step", m)
        .input("layers on the critical pipeline rank", criticalLayers)
        .input("TP all-reduces per layer and micro-batch", counts.allReduce)
        .input("TP all-gathers per layer and micro-batch", counts.allGather)
        .input("TP reduce-scatters per layer and micro-batch", counts.reduceScatter)
        .input("EP all-to-alls per MoE layer and micro-batch", counts.allToAll);
    if (first) {
        x.input("one TP all-reduce", first->comm.tpAllReduce, "s")
            .input("one TP all-gather", first->comm.tpAllGather, "s")
            .input("one TP reduce-scatter", first->comm.tpReduceScatter, "s")
            .input("one EP all-to-all", first->comm.epAllToAll, "s");
        const ExposedCommunication layer = layerExposed(first->denseLayer);
        x.input("one layer and micro-batch, all-reduce visible", layer.allReduce, "s")
            .input("one layer and micro-batch, all-gather visible", layer.allGather, "s")
            .input("one layer and micro-batch, reduce-scatter visible", layer.reduceScatter, "s");
    }
    x.input("data-parallel reduction after the pipeline", ddpReduce, "s")
        .input("ZeRO parameter all-gather after the optimizer", ddpGather, "s")
        .input("FSDP, per micro-batch", fsdpExposed, "s")
        .input("visible all-reduce", perf.exposed.allReduce, "s")
        .input("visible all-gather", perf.exposed.allGather, "s")
        .input("visible reduce-scatter", perf.exposed.reduceScatter, "s")
        .input("visible all-to-all", perf.exposed.allToAll, "s")
        .input("visible point-to-point", perf.exposed.p2p, "s");
    x.source = "collectives per layer: Megatron-LM tensor_parallel/mappings.py; overlap: reference §5 (DDP "
               "buckets, "
               "FSDP2 prefetch); times: the α–β model on the group's links (collectivecost.h)";
    x.note = sp && l.tpCommOverlap
        ? "TP communication overlap (--tp-comm-overlap): each TP all-gather and reduce-scatter of a dense "
          "layer hides under its neighbouring GEMM but for one of TP chunks (TransformerEngine userbuffers)"
        : "TP collectives are exposed, as Megatron-LM runs them without --tp-comm-overlap";
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
            {"hfu", perf.hfu},
            {"bubbleFraction", perf.bubbleFraction},
            {"exposedCommSeconds", exposedToJson(perf.exposed)},
            {"pipelineSeconds", perf.pipelineSeconds},
            {"dataParallelSeconds", perf.dataParallelSeconds},
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
