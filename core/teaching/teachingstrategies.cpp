// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/teachingstrategies.h"

#include "comm/commvolume.h"
#include "comm/groupcollective.h"
#include "design/designio.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

#include <algorithm>
#include <cstddef>

namespace core {

namespace {

std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}

// Activations and gradients travel in BF16, as the traffic model assumes (traffic.cpp,
// Context::elementBytes); the lessons' bytes per phase must add up to its bytes per GPU.
constexpr double kWireBytesPerElement = 2;

// What each GPU holds under each strategy: the reference article's figure, panel by panel («Was jede
// Strategie aufteilt»; for serving, the table «Was speichert jede GPU?» of the article on serving). Bytes
// come from the memory model; this table only says which word describes them.
struct HoldingRow
{
    Holding weights, gradients, optimizer, activations, kvCache;
};

HoldingRow holdingsOf(Strategy s)
{
    using H = Holding;
    switch (s) {
    case Strategy::Ddp:
        return {H::Whole, H::Whole, H::Whole, H::OwnBatch, H::None};
    case Strategy::Fsdp:
        return {H::Shard, H::Shard, H::Shard, H::OwnBatch, H::None};
    case Strategy::Tp:
        return {H::Shard, H::Shard, H::Shard, H::Shard, H::None};
    case Strategy::Pp:
        return {H::Layers, H::Layers, H::Layers, H::Layers, H::None};
    // CP replicates the weights over the context group (the reference article, «Context Parallelism»).
    case Strategy::Cp:
        return {H::Whole, H::Whole, H::Whole, H::Shard, H::None};
    // The non-expert weights are replicated, the experts split (the Experts row shows their share).
    case Strategy::Ep:
        return {H::DenseWhole, H::DenseWhole, H::DenseWhole, H::OwnBatch, H::None};
    case Strategy::ServingTp:
        return {H::Shard, H::None, H::None, H::Shard, H::Shard};
    case Strategy::ServingPp:
        return {H::Layers, H::None, H::None, H::Layers, H::Layers};
    case Strategy::ServingReplicas:
        return {H::Whole, H::None, H::None, H::OwnBatch, H::OwnBatch};
    case Strategy::ServingEp:
        return {H::DenseWhole, H::None, H::None, H::OwnBatch, H::OwnBatch};
    }
    return {};
}

// The example's one node of four GPUs, read from the catalog the lesson evaluates with.
Cluster teachingCluster(const Catalog& catalog)
{
    const auto example = exampleDesign("teaching-4gpu", catalog);
    return example ? example->cluster : Cluster{};
}

// The catalog's smallest mixture-of-experts or dense model, by parameter count.
const ModelArchitecture* smallestModel(const Catalog& catalog, bool moe)
{
    const ModelArchitecture* smallest = nullptr;
    double smallestCount = 0;
    for (const ModelArchitecture& m : catalog.models()) {
        if (m.moe.isMoe() != moe)
            continue;
        const double count = countParameters(m).all.total();
        if (!smallest || count < smallestCount) {
            smallest = &m;
            smallestCount = count;
        }
    }
    return smallest;
}

} // namespace

bool isServing(Strategy s)
{
    return s == Strategy::ServingTp || s == Strategy::ServingPp || s == Strategy::ServingReplicas
        || s == Strategy::ServingEp;
}

Dim strategyDimension(Strategy s)
{
    switch (s) {
    case Strategy::Tp:
    case Strategy::ServingTp:
        return Dim::Tp;
    case Strategy::Pp:
    case Strategy::ServingPp:
        return Dim::Pp;
    case Strategy::Cp:
        return Dim::Cp;
    case Strategy::Ep:
    case Strategy::ServingEp:
        return Dim::Ep;
    case Strategy::Ddp:
    case Strategy::Fsdp:
    case Strategy::ServingReplicas:
        return Dim::Dp;
    }
    return Dim::Dp;
}

double idealBubbleFraction(int stages, std::int64_t microBatches)
{
    if (stages <= 1 || microBatches <= 0)
        return 0;
    return static_cast<double>(stages - 1) / static_cast<double>(microBatches + stages - 1);
}

const ModelArchitecture* teachingMoeModel(const Catalog& catalog)
{
    if (const ModelArchitecture* article = catalog.model("mixtral-8x7b"))
        return article;
    return smallestModel(catalog, true);
}

Design strategyDesign(const Design& base, Strategy strategy, const Catalog& catalog)
{
    Design design = base;
    design.placement.clear();
    Cluster cluster = teachingCluster(catalog);
    // Keep the base's GPU type, so that the capacity line is the user's GPU.
    if (!base.cluster.nodes.empty() && !base.cluster.nodes.front().gpus.empty())
        for (Node& node : cluster.nodes)
            for (Gpu& gpu : node.gpus)
                gpu.type = base.cluster.nodes.front().gpus.front().type;
    cluster.calibratedLinks = base.cluster.calibratedLinks;
    design.cluster = std::move(cluster);

    const bool expert = strategy == Strategy::Ep || strategy == Strategy::ServingEp;
    if (expert && !design.model.moe.isMoe())
        if (const ModelArchitecture* moe = teachingMoeModel(catalog))
            design.model = *moe;

    ParallelLayout layout;
    layout.setDegree(strategyDimension(strategy), kTeachingGpus);
    layout.zeroStage = strategy == Strategy::Fsdp ? 3 : 0;
    layout.microBatch = 1;
    layout.schedule = Schedule::OneFOneB;
    design.layout = layout;

    if (isServing(strategy)) {
        design.workload.mode = Mode::Serving;
    } else {
        design.workload.mode = Mode::Training;
        // The global batch must split over the data-parallel replicas; 4 divides any multiple of 4.
        design.workload.globalBatch = std::max<std::int64_t>(
            kTeachingGpus, base.workload.globalBatch / kTeachingGpus * kTeachingGpus);
    }
    design.name = enumName(strategy);
    return design;
}

namespace {

// What each GPU of the lesson's design holds, from the memory model's figures.
void fillHoldings(const Evaluation& evaluation, Strategy strategy, StrategyLesson& lesson)
{
    const Design& design = lesson.design;
    const MemoryReport& memory = *evaluation.memory;
    const HoldingRow row = holdingsOf(strategy);
    const int experts = design.model.moe.experts;
    const int ep = design.layout.ep();
    for (const RankInfo& info : evaluation.ranks) {
        const RankRole& role = memory.roleOf(info.rank);
        const RankShard shard = rankShard(design, info.coord(Dim::Pp));
        GpuHoldings gpu;
        gpu.rank = info.rank;
        gpu.totalBytes = role.totalBytes;
        const auto put = [&](StateKind kind, Holding holding, double bytes) {
            gpu.states[idx(static_cast<int>(kind))] = {kind, bytes > 0 ? holding : Holding::None, bytes};
        };
        put(StateKind::Weights, row.weights, role.figure(MemoryCategory::Parameters).bytes);
        put(StateKind::Gradients, row.gradients, role.figure(MemoryCategory::Gradients).bytes);
        put(StateKind::Optimizer, row.optimizer, role.figure(MemoryCategory::Optimizer).bytes);
        put(StateKind::Activations, row.activations,
            role.figure(MemoryCategory::Activations).bytes
                + (isServing(strategy) ? role.figure(MemoryCategory::Workspace).bytes : 0));
        put(StateKind::KvCache, row.kvCache, role.figure(MemoryCategory::KvCache).bytes);
        // Expert weights are part of the Parameters figure: the same bytes per parameter, for this GPU's
        // experts.
        const double bytesPerParameter
            = shard.total() > 0 ? role.figure(MemoryCategory::Parameters).bytes / shard.total() : 0;
        const double expertWeightBytes = shard.expert * bytesPerParameter;
        // EP gives each GPU some of the experts; otherwise the experts are split as the weights are (TP cuts
        // every expert's matrices, PP keeps its layers' experts, a replica holds them all).
        const Holding expertHolding = ep > 1     ? Holding::Shard
            : row.weights == Holding::DenseWhole ? Holding::Whole
                                                 : row.weights;
        put(StateKind::Experts, expertHolding, expertWeightBytes);
        if (!shard.stages.empty()) {
            gpu.firstLayer = stageLayers(design)[idx(shard.stages.front())].firstLayer;
            gpu.layers = shard.layers;
        }
        gpu.inFlight = role.inFlight;
        if (experts > 0) {
            gpu.experts = experts / std::max(ep, 1);
            gpu.firstExpert = info.coord(Dim::Ep) * gpu.experts;
        }
        lesson.modelStateBytes = std::max(lesson.modelStateBytes,
                                          role.figure(MemoryCategory::Parameters).bytes
                                              + role.figure(MemoryCategory::Gradients).bytes
                                              + role.figure(MemoryCategory::Optimizer).bytes);
        lesson.capacityBytes = role.capacityBytes;
        lesson.gpus.push_back(gpu);
    }
}

// Which collective runs in which phase (the reference article, «Was jede Strategie aufteilt und
// kommuniziert»: DDP all-reduces gradient buckets during backward; FSDP all-gathers weights in forward
// and backward and reduce-scatters gradients; TP all-reduces partial sums in every layer; PP sends
// activations forward and gradients back; CP passes KV blocks around a ring; EP moves tokens with
// all-to-all). Training bytes per phase come from commvolume.h with the traffic model's inputs, and add up
// to TrafficReport's bytes per GPU (tests/core/teaching/tst_teaching.cpp).
std::vector<PhaseCollective> phaseCollectives(const Design& design, Strategy strategy,
                                              std::int64_t evaluatedMicroBatches)
{
    using Op = CollectiveOp;
    std::vector<PhaseCollective> list;
    StateBytes stateBytes = stateBytesPerParameter(design.workload);
    stateBytes.gradients = gradientBytesPerElement(design); // reduced as the framework keeps them
    const ParallelLayout& l = design.layout;
    const ModelArchitecture& m = design.model;
    const double microBatches = static_cast<double>(evaluatedMicroBatches);
    const RankShard shard0 = rankShard(design, 0);
    const double parameters = shard0.total();
    const double e = kWireBytesPerElement;
    const std::int64_t tokens = design.workload.sequenceLength / std::max(l.cp(), 1);
    const bool serving = isServing(strategy);
    const auto training = [&](double bytes) { return serving ? 0.0 : bytes; };
    switch (strategy) {
    case Strategy::Ddp:
        list.push_back({StepPhase::Backward, Op::AllReduce, Dim::Dp,
                        collectiveSendBytes(Op::AllReduce, l.dp(), parameters * stateBytes.gradients),
                        "gradients"});
        break;
    case Strategy::Fsdp: {
        // As often per step as FSDP2 runs them over the micro-batches (dataParallelCadence).
        const DataParallelCadence cadence = dataParallelCadence(design, evaluatedMicroBatches);
        const double gather = collectiveSendBytes(Op::AllGather, l.dp(), parameters * stateBytes.weights);
        const auto times = [](std::int64_t n) { return static_cast<double>(n); };
        list.push_back({StepPhase::Forward, Op::AllGather, Dim::Dp,
                        times(cadence.gathers - cadence.regathers) * gather, "weights"});
        list.push_back(
            {StepPhase::Backward, Op::AllGather, Dim::Dp, times(cadence.regathers) * gather, "weights"});
        list.push_back(
            {StepPhase::Backward, Op::ReduceScatter, Dim::Dp,
             times(cadence.reduceScatters)
                 * collectiveSendBytes(Op::ReduceScatter, l.dp(), parameters * stateBytes.gradients),
             "gradients"});
        break;
    }
    case Strategy::Tp:
    case Strategy::ServingTp: {
        // Two all-reduces forward (after attention and after the MLP), two backward (mappings.py g, f).
        const TpLayerCommunication c = tpLayerCommunication(
            ActivationShape{tokens, l.microBatch, m.hidden, e}, l.tp(), TpCommunication::AllReduce);
        const double half = c.sendBytes / 2 * shard0.layers * microBatches;
        list.push_back({StepPhase::Forward, Op::AllReduce, Dim::Tp, training(half), "partial-sums"});
        if (!serving)
            list.push_back({StepPhase::Backward, Op::AllReduce, Dim::Tp, half, "partial-sums"});
        break;
    }
    case Strategy::Pp:
    case Strategy::ServingPp: {
        const double boundary = pipelineBoundaryBytes(
            ActivationShape{design.workload.sequenceLength, l.microBatch, m.hidden, e}, l.tp(),
            l.sequenceParallel, l.cp());
        // A middle stage, the busiest: one send forward, one back, per micro-batch.
        list.push_back(
            {StepPhase::Forward, Op::SendRecv, Dim::Pp, training(boundary * microBatches), "activations"});
        if (!serving)
            list.push_back(
                {StepPhase::Backward, Op::SendRecv, Dim::Pp, boundary * microBatches, "gradients"});
        break;
    }
    case Strategy::Cp: {
        const int kvHeads = std::max(1, m.kvHeads / std::max(l.tp(), 1));
        const ContextParallelRing ring = contextParallelRing(design.workload.sequenceLength, l.microBatch,
                                                             kvHeads, static_cast<int>(m.headDim), e, l.cp());
        const double perStep = shard0.layers * microBatches;
        list.push_back(
            {StepPhase::Forward, Op::SendRecv, Dim::Cp, ring.forwardSendBytes * perStep, "kv-blocks"});
        list.push_back(
            {StepPhase::Backward, Op::SendRecv, Dim::Cp, ring.backwardSendBytes * perStep, "kv-blocks"});
        list.push_back({StepPhase::Backward, Op::AllReduce, Dim::Dp,
                        collectiveSendBytes(Op::AllReduce, l.cp(), parameters * stateBytes.gradients),
                        "gradients"});
        break;
    }
    case Strategy::Ep:
    case Strategy::ServingEp: {
        const ExpertAllToAll a2a = expertAllToAll(tokens * l.microBatch, m.moe.topK, m.hidden, e, l.ep());
        // Dispatch and combine in forward, their mirror images in backward.
        const double pair = 2 * a2a.leavingBytes * shard0.moeLayers * microBatches;
        list.push_back({StepPhase::Forward, Op::AllToAll, Dim::Ep, training(pair), "tokens"});
        if (!serving) {
            list.push_back({StepPhase::Backward, Op::AllToAll, Dim::Ep, pair, "tokens"});
            // The EP ranks train on different data, so the non-expert gradients are all-reduced over them.
            list.push_back({StepPhase::Backward, Op::AllReduce, Dim::Dp,
                            collectiveSendBytes(Op::AllReduce, l.ep(), shard0.dense * stateBytes.gradients),
                            "gradients"});
        }
        break;
    }
    case Strategy::ServingReplicas:
        break; // independent replicas: no communication between them («Was speichert jede GPU?»)
    }
    return list;
}

double activationsOf(const StrategyLesson& lesson)
{
    return lesson.gpus.empty() ? 0.0 : lesson.gpus.front().state(StateKind::Activations).bytes;
}

// The baseline of "what the split saves": the same model as a full replica on every GPU, and for TP the
// same split with sequence parallelism as well (Korthikanti et al. 2022, §4.2.2: it also splits what TP
// leaves whole).
void compareWithReplica(const Design& base, const Catalog& catalog, StrategyLesson& lesson)
{
    const Strategy replica = isServing(lesson.strategy) ? Strategy::ServingReplicas : Strategy::Ddp;
    if (lesson.strategy == replica) {
        lesson.replicaPeakBytes = lesson.peakBytes;
        lesson.replicaModelStateBytes = lesson.modelStateBytes;
        lesson.replicaActivationBytes = activationsOf(lesson);
    } else {
        Design sameModel = base;
        sameModel.model = lesson.design.model;
        const StrategyLesson full = strategyLesson(sameModel, replica, catalog);
        lesson.replicaPeakBytes = full.peakBytes;
        lesson.replicaModelStateBytes = full.modelStateBytes;
        lesson.replicaActivationBytes = activationsOf(full);
    }
    if (lesson.strategy == Strategy::Tp) {
        Design sequenceParallel = lesson.design;
        sequenceParallel.layout.sequenceParallel = true;
        const Evaluation withSp = evaluate(sequenceParallel, catalog);
        if (withSp.memory)
            lesson.sequenceParallelActivationBytes
                = withSp.memory->roleOf(0).figure(MemoryCategory::Activations).bytes;
    }
}

} // namespace

StrategyLesson strategyLesson(const Design& base, Strategy strategy, const Catalog& catalog)
{
    StrategyLesson lesson;
    lesson.strategy = strategy;
    lesson.design = strategyDesign(base, strategy, catalog);
    lesson.substitutedModel = lesson.design.model.name != base.model.name;
    const Evaluation evaluation = evaluate(lesson.design, catalog);
    lesson.parameters = evaluation.parameters.all.total();
    if (!evaluation.memory)
        return lesson;
    lesson.peakBytes = evaluation.memory->peakBytes;
    lesson.fits = evaluation.memory->fits;
    fillHoldings(evaluation, strategy, lesson);
    lesson.collectives = phaseCollectives(lesson.design, strategy, evaluation.microBatches);
    for (const PhaseCollective& c : lesson.collectives)
        lesson.sendBytesPerGpu += c.bytesPerGpu;
    if (evaluation.performance)
        lesson.bubbleFraction = evaluation.performance->bubbleFraction;
    lesson.microBatches = evaluation.microBatches;
    lesson.idealBubbleFraction = idealBubbleFraction(lesson.design.layout.pp(), evaluation.microBatches);
    compareWithReplica(base, catalog, lesson);
    return lesson;
}

const ModelArchitecture* teachingDenseModel(const Catalog& catalog)
{
    return smallestModel(catalog, false);
}

StrategyLessons strategyLessons(const Design& base, const std::vector<Strategy>& strategies,
                                std::string_view chosenPreset, const Catalog& catalog)
{
    const auto lessonsOf = [&](const Design& design) {
        std::vector<StrategyLesson> lessons;
        for (Strategy s : strategies)
            lessons.push_back(strategyLesson(design, s, catalog));
        return lessons;
    };
    StrategyLessons result;
    result.designModelName = base.model.name;
    Design design = base;
    if (const ModelArchitecture* chosen = chosenPreset.empty() ? nullptr : catalog.model(chosenPreset)) {
        design.model = *chosen;
        result.reason = TeachingModelReason::Chosen;
        result.lessons = lessonsOf(design);
        result.model = design.model;
        return result;
    }
    result.lessons = lessonsOf(design);
    result.model = design.model;
    // A stand-in MoE model (EP on a dense model) says nothing about whether the design's model fits.
    const bool someFits = std::any_of(result.lessons.begin(), result.lessons.end(),
                                      [](const StrategyLesson& l) { return l.fits && !l.substitutedModel; });
    const ModelArchitecture* small = teachingDenseModel(catalog);
    if (someFits || !small || small->name == base.model.name)
        return result;
    design.model = *small;
    result.reason = TeachingModelReason::DesignFitsNowhere;
    result.lessons = lessonsOf(design);
    result.model = design.model;
    return result;
}

} // namespace core
