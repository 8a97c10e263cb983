// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/stagetime.h"

#include "base/units.h"
#include "comm/expertdispatch.h"
#include "comm/groupcollective.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/activations.h"
#include "pipeline/hostlaunch.h"
#include "pipeline/kernelterms.h"
#include "pipeline/layerkernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);

double d(std::int64_t v)
{
    return static_cast<double>(v);
}

} // namespace

std::vector<int> layersOfStages(const ModelArchitecture& model, const ParallelLayout& layout)
{
    // DualPipe cuts the model into PP stages and runs them once in each direction (modelshard.h).
    const bool dualPipe = layout.schedule == Schedule::DualPipe;
    const int stages = std::max(1, dualPipe ? layout.pp() : layout.pp() * layout.virtualStages);
    std::vector<int> split;
    if (static_cast<int>(layout.layersPerStage.size()) == stages) {
        split = layout.layersPerStage;
    } else {
        split.assign(static_cast<std::size_t>(stages), model.layers / stages);
        for (int s = 0; s < model.layers % stages; ++s)
            ++split[static_cast<std::size_t>(s)];
    }
    if (dualPipe)
        split.insert(split.end(), split.begin(), split.end());
    return split;
}

ExpertSplit expertSplit(const ParallelLayout& layout)
{
    return {layout.effectiveExpertTp(), layout.routerTokenShare(), layout.routedTokenShare()};
}

LayerFlops layerForwardFlops(const ModelArchitecture& model, int layer, std::int64_t sequence,
                             std::int64_t microBatch, int tp, int cp, const ExpertSplit& experts, bool causal)
{
    const double s = d(sequence);
    const double tokens = s / cp * d(microBatch); // this CP rank's tokens; they attend to all s keys (ring attention)
    const LayerParameters p = layerParameters(model, layer);
    LayerFlops flops;
    flops.linear = 2 * tokens * ((p.attention + p.mlp) / tp + p.router * experts.routerShare);
    if (model.isMoeLayer(layer))
        flops.linear += 2 * tokens * experts.routedShare * model.moe.topK
            * mlpParameters(model, model.moe.expertFfn) / std::max(experts.expertTp, 1);
    flops.attention
        = attentionForwardFlops(model, s, d(microBatch), tp, cp, causal, d(model.attentionWindow(layer)));
    return flops;
}

double stageOpSeconds(const StageWork& stage, PipelineOpKind kind)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return stage.seconds[kF];
    case PipelineOpKind::Backward:
        return stage.seconds[kI] + stage.seconds[kW];
    case PipelineOpKind::BackwardInput:
        return stage.seconds[kI];
    case PipelineOpKind::BackwardWeight:
        return stage.seconds[kW];
    case PipelineOpKind::ForwardBackward:
        break;
    }
    return 0;
}

namespace {

// The kernels of one pipeline rank: those of the slowest GPU type that holds it in any replica (the
// pipeline shown is rank 0's; the replicas meet at every gradient sync). Priced once per GPU type, not
// per rank.
struct RankKernels
{
    const GpuSpec* gpu = nullptr;
    LayerKernels dense;
    LayerKernels moe;
    LayerGemm head;
    LayerGemm mtpProjection; // only where the model has multi-token prediction
    double peak = 0; // dense BF16 FLOP/s
    double hbm = 0; // bytes/s

    double layerSeconds(const LayerKernels& k) const
    {
        double sum = k.parts.attentionForward + k.parts.attentionBackward + k.parts.elementwiseForward
            + k.parts.elementwiseBackward;
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            sum += k.parts.attentionProjections(pass) + k.parts.mlp(pass) + k.parts.permute[pass]
                + k.parts.unpermute[pass];
        return sum;
    }
};

std::vector<RankKernels> pipelineRankKernels(const Design& design, const PlacedLayout& placed,
                                             const ComputeModel& compute, const GemmModel& gemms, int denseIndex,
                                             int moeIndex)
{
    const auto p = static_cast<std::size_t>(std::max(1, design.layout.pp()));
    const Catalog& catalog = placed.presets();
    std::vector<RankKernels> byType; // one per GPU type in the cluster
    std::vector<std::string_view> types;
    std::vector<int> slowest(p, -1);
    std::vector<double> slowestSeconds(p, -1);
    const auto take = [&](std::size_t pp, const std::string& type) {
        auto at = std::find(types.begin(), types.end(), type);
        if (at == types.end()) {
            const GpuSpec* gpu = catalog.gpu(type);
            if (!gpu)
                return;
            const double scale = compute.kernelTimeScale(type);
            RankKernels k;
            k.gpu = gpu;
            k.peak = gpu->bf16Flops;
            k.hbm = gpu->hbmBandwidth;
            k.dense = layerKernels(design, denseIndex, *gpu, gemms, scale, compute.elementwisePasses);
            if (design.model.moe.isMoe())
                k.moe = layerKernels(design, moeIndex, *gpu, gemms, scale, compute.elementwisePasses);
            k.head = outputHeadGemm(design, *gpu, gemms, scale);
            if (trainedMtpLayers(design) > 0)
                k.mtpProjection = mtpProjectionGemm(design, *gpu, gemms, scale);
            byType.push_back(std::move(k));
            types.push_back(type);
            at = types.end() - 1;
        }
        const int index = static_cast<int>(at - types.begin());
        const RankKernels& k = byType[static_cast<std::size_t>(index)];
        const double seconds = k.layerSeconds(k.dense) + k.layerSeconds(k.moe);
        if (pp < p && seconds > slowestSeconds[pp]) {
            slowestSeconds[pp] = seconds;
            slowest[pp] = index;
        }
    };
    // The placement's roles: each pipeline rank's GPU types, found once (placedlayout.h).
    if (placed.roles)
        for (const RankRoles::Role& role : placed.roles->roles)
            if (!role.gpuType.empty())
                take(static_cast<std::size_t>(role.ppRank), role.gpuType);
    std::vector<RankKernels> out(p);
    for (std::size_t r = 0; r < p; ++r)
        if (slowest[r] >= 0)
            out[r] = byType[static_cast<std::size_t>(slowest[r])];
    return out;
}

// What every stage of the design shares: how TP meets the GEMMs, the size of one activation, and the
// layers that stand for all others (every dense layer has the same shape, and every MoE layer).
struct StageShape
{
    TpOverlap tpOverlap;
    double valueBytes = 2; // bytes of one activation value on the wire
    TpGatherBytes tpGather; // of a dense TP region's all-gathers (FP8 where the framework gathers so)
    double activationValues = 0; // one [s/CP, b, h] tensor
    int denseIndex = 0;
    int moeIndex = 0;
    double moeHostSeconds = 0; // the least a MoE layer waits for the host (hostlaunch.h); 0: none
};

StageShape stageShape(const Design& design)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const bool sp = l.sequenceParallel && l.tp() > 1;
    StageShape shape;
    shape.tpOverlap
        = TpOverlap{.sp = sp,
                    .overlap = l.tpOverlapInEffect(),
                    .chunks = l.tp(),
                    .forwardReduceScatterChunks = overlapChunks(tpRegionMethods(design).last[kF], l.tp()),
                    .weightGradientGather = tpWeightGradientGather(design),
                    .epOverlap = l.ep() > 1 && switchOn(design, Switch::OverlapMoeAllToAll)};
    shape.valueBytes = activationBytesPerElement(design.workload.precision);
    shape.tpGather = tpGatherBytesPerElement(design);
    shape.activationValues = d(design.workload.sequenceLength) / l.cp() * l.microBatch * d(model.hidden);
    shape.denseIndex = [&] {
        for (int layer = 0; layer < model.layers; ++layer)
            if (!model.isMoeLayer(layer))
                return layer;
        return 0;
    }();
    shape.moeIndex = model.moe.isMoe() ? model.moe.firstDenseLayers : 0;
    shape.moeHostSeconds = eagerMoeLayersWaitForHost(design) ? kEagerMoeLayerHostSeconds : 0.0;
    return shape;
}

// The TP, CP and EP collectives of one of the stage's layers. A collective of the stage takes as long as
// in its slowest group among the replicas (a node on a slower link holds back every replica, which meet
// at each gradient sync), as the GPU speed does.
LayerComm stageCollectives(const Design& design, const PlacedLayout& placed, const StageWork& stage,
                           const StageShape& shape)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const Workload& w = design.workload;
    std::array<std::optional<std::vector<GroupLinks>>, kDimCount> stageLinks; // looked up on first use
    const auto slowestOf = [&](Dim dim, const auto& secondsOn) {
        auto& links = stageLinks[static_cast<std::size_t>(dim)];
        if (!links)
            links = stageGroupLinks(design, placed, dim, stage.rank);
        double seconds = 0;
        for (const GroupLinks& group : *links)
            seconds = std::max(seconds, secondsOn(group));
        return seconds;
    };
    const auto slowest = [&](Dim dim, CollectiveOp op, double bytes) {
        return slowestOf(dim, [&](const GroupLinks& g) { return collectiveSeconds(op, g.ranks, bytes, g); });
    };
    LayerComm comm;
    if (l.tp() > 1) {
        const double bytes = shape.activationValues * shape.valueBytes;
        comm.tpAllReduce = slowest(Dim::Tp, CollectiveOp::AllReduce, bytes);
        comm.tpAllGather = slowest(Dim::Tp, CollectiveOp::AllGather, bytes);
        // A dense region's gather at its own bytes per value; priced again only where they differ.
        const auto gatherOf = [&](double bytesPerValue) {
            return bytesPerValue == shape.valueBytes
                ? comm.tpAllGather
                : slowest(Dim::Tp, CollectiveOp::AllGather, shape.activationValues * bytesPerValue);
        };
        comm.tpInputAllGather = gatherOf(shape.tpGather.input);
        comm.tpGradientAllGather = gatherOf(shape.tpGather.gradient);
        comm.tpReduceScatter = slowest(Dim::Tp, CollectiveOp::ReduceScatter, bytes);
    }
    if (l.cp() > 1) {
        // K and V of this rank's tokens for the KV heads of its TP shard (at least one head).
        const double kvShare
            = std::max(1.0, static_cast<double>(model.kvHeads) / l.tp()) / std::max(1, model.kvHeads);
        const double block = kvElementsPerTokenPerLayer(model) * kvShare * d(w.sequenceLength) / l.cp()
            * l.microBatch * shape.valueBytes;
        const double hop = slowest(Dim::Cp, CollectiveOp::SendRecv, block);
        comm.cpRingForward = (l.cp() - 1) * hop;
        comm.cpRingBackward = 2 * (l.cp() - 1) * hop;
    }
    if (l.ep() > 1 && stage.moeLayers > 0) {
        // Every rank sends its tokens' copies (comm/expertdispatch.h); the busiest receives load.rank × the
        // mean, and the combine sends them back: it sets the pace of both (moeload.h).
        const double tokens = d(w.sequenceLength) / l.cp() * l.microBatch * l.routedTokenShare();
        const double tokenBytes = d(model.hidden) * shape.valueBytes * moeLoad(design).rank;
        comm.epAllToAll = slowestOf(Dim::Ep, [&](const GroupLinks& g) {
            return expertDispatchSeconds(l.moeDispatcher, model.moe, tokens, tokenBytes, g);
        });
    }
    return comm;
}

// The parts of the stage's mean layer of one kind when `sliding` of its `layers` have a sliding window:
// their attention is the windowed kernel's, the others' the full one's.
LayerPartTimes meanLayerParts(const LayerKernels& k, int sliding, int layers)
{
    LayerPartTimes parts = k.parts;
    if (sliding > 0 && layers > 0) {
        const double share = static_cast<double>(sliding) / layers;
        parts.attentionForward += share * (k.windowedAttentionForward - k.parts.attentionForward);
        parts.attentionBackward += share * (k.windowedAttentionBackward - k.parts.attentionBackward);
    }
    return parts;
}

// The visible part of the stage's activation copies to and from host memory (stagetime.h): each offloaded
// layer's activations cross the GPU's host link once each way, under the pass of the layer beside it.
void offloadCopies(StageWork& stage, const Design& design, const RankKernels& kernels)
{
    const ModelArchitecture& model = design.model;
    const int last = std::min(stage.firstLayer + stage.layers, design.layout.activationOffloadLayers);
    stage.offloadedLayers = std::max(0, last - stage.firstLayer);
    if (stage.offloadedLayers == 0 || !kernels.gpu || kernels.gpu->hostCopyBandwidth() <= 0)
        return;
    int moeLayers = 0;
    for (int layer = stage.firstLayer; layer < last; ++layer)
        moeLayers += model.isMoeLayer(layer) ? 1 : 0;
    const ActivationConfig config = activationConfig(design);
    const auto add = [&](bool moe, int layers) {
        if (layers == 0)
            return;
        const auto& pattern = moe ? stage.moeLayer : stage.denseLayer;
        const double copy
            = layerActivationBytes(model, moe, config).total() / kernels.gpu->hostCopyBandwidth();
        stage.offloadSeconds[kF] += layers * std::max(0.0, copy - pattern[kF].seconds);
        stage.offloadSeconds[kI] += layers * std::max(0.0, copy - pattern[kI].seconds - pattern[kW].seconds);
    };
    add(false, stage.offloadedLayers - moeLayers);
    add(true, moeLayers);
}

// Multi-token prediction on the last stage (catalog/model.h mtpLayers), per depth: its layer with the
// stage's collectives, recomputed whole under full recomputation (Megatron-Core's MTP layer checkpoints
// itself whenever recompute_granularity is full), its projection, and the head and loss as the stage's
// own (computed before this). Megatron-LM's num_floating_point_operations counts the same: a layer of
// the last layer's kind, the projection and one more logit layer per depth.
void multiTokenPrediction(StageWork& stage, const Design& design, const StageShape& shape,
                          const RankKernels& kernels)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const bool moe = model.mtpLayerIsMoe();
    const bool full = l.recompute == Recompute::Full;
    stage.mtpLayer = layerPatterns((moe ? kernels.moe : kernels.dense).parts, stage.comm, shape.tpOverlap,
                                   moe, l.recompute, full ? 1.0 : 0.0);
    if (moe)
        applyHostFloor(stage.mtpLayer, shape.moeHostSeconds);
    const std::array<LayerPattern, kPassCount>& layer = stage.mtpLayer;
    const LayerGemm& projection = kernels.mtpProjection;
    const double bandwidth = kernels.gpu ? elementwiseTime(*kernels.gpu, 1).bandwidth : 0.0;
    stage.mtpLayers = trainedMtpLayers(design);
    for (std::size_t pass = 0; pass < kPassCount; ++pass) {
        double depth = layer[pass].seconds + projection.times[pass].seconds + stage.headSeconds[pass];
        if (full && pass == kI)
            depth += projection.times[kF].seconds; // the checkpoint reruns the projection too
        if (pass == kW && bandwidth > 0)
            depth += gradientAccumulationBytes(design, {projection}) / bandwidth;
        stage.mtpSeconds[pass] = stage.mtpLayers * depth;
    }
    const LayerFlops flops = layerForwardFlops(model, model.layers - 1, design.workload.sequenceLength,
                                               l.microBatch, l.tp(), l.cp(), expertSplit(l));
    stage.mtpForwardFlops = stage.mtpLayers * (flops.total() + projection.times[kF].flops);
}

// The stage's compute with its layers' collectives in place: the dense and the MoE layer's pattern in
// every pass (the mean of its layers of that kind, when some have a sliding window), the output head on
// the last stage, the totals and the forward FLOPs.
void computeStage(StageWork& stage, const Design& design, const StageShape& shape, const RankKernels& kernels)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const Workload& w = design.workload;
    int slidingDense = 0, slidingMoe = 0;
    if (model.slidingWindow.any())
        for (int layer = stage.firstLayer; layer < stage.firstLayer + stage.layers; ++layer)
            if (model.isSlidingLayer(layer))
                ++(model.isMoeLayer(layer) ? slidingMoe : slidingDense);
    // The chunk's first layers recompute their forward (all of them unless recomputeLayers says how many).
    int recomputedDense = 0, recomputedMoe = 0;
    const int recomputed = l.recomputedLayers(stage.layers);
    for (int layer = stage.firstLayer; layer < stage.firstLayer + recomputed; ++layer)
        ++(model.isMoeLayer(layer) ? recomputedMoe : recomputedDense);
    const auto share
        = [](int part, int whole) { return whole > 0 ? static_cast<double>(part) / whole : 0.0; };
    const int denseLayers = stage.layers - stage.moeLayers;
    stage.denseLayer
        = layerPatterns(meanLayerParts(kernels.dense, slidingDense, denseLayers), stage.comm, shape.tpOverlap,
                        false, l.recompute, share(recomputedDense, denseLayers));
    if (model.moe.isMoe())
        stage.moeLayer
            = layerPatterns(meanLayerParts(kernels.moe, slidingMoe, stage.moeLayers), stage.comm,
                            shape.tpOverlap, true, l.recompute, share(recomputedMoe, stage.moeLayers));
    applyHostFloor(stage.moeLayer, shape.moeHostSeconds);
    // The HBM bandwidth the head's loss, the embedding's lookup and their gradients' accumulation stream at.
    const double bandwidth = kernels.gpu ? elementwiseTime(*kernels.gpu, 1).bandwidth : 0.0;
    stage.copyBandwidth = bandwidth;
    if (stage.outputHead) {
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            stage.headSeconds[pass] = stage.headGemmSeconds[pass] = kernels.head.times[pass].seconds;
        // Its weight gradient joins the gradient buffer as the layers' do, and the loss over its logits runs
        // after its forward and before its backward (layerkernels.h).
        if (bandwidth > 0) {
            const CrossEntropyBytes loss = crossEntropyBytes(kernels.head, lossKernel(design));
            stage.headSeconds[kF] += loss.forward() / bandwidth;
            stage.headSeconds[kI] += loss.backward() / bandwidth;
            stage.headSeconds[kW] += gradientAccumulationBytes(design, {kernels.head}) / bandwidth;
        }
    }
    if (stage.embedding && bandwidth > 0) {
        const EmbeddingBytes lookup = embeddingBytes(kernels.head);
        stage.embeddingSeconds[kF] = lookup.forward / bandwidth;
        if (w.mode == Mode::Training)
            stage.embeddingSeconds[kW]
                = (lookup.backward + gradientAccumulationBytes(design, {kernels.head})) / bandwidth;
    }
    if (stage.outputHead && trainedMtpLayers(design) > 0)
        multiTokenPrediction(stage, design, shape, kernels);
    offloadCopies(stage, design, kernels);
    for (std::size_t pass = 0; pass < kPassCount; ++pass)
        stage.seconds[pass] = denseLayers * stage.denseLayer[pass].seconds
            + stage.moeLayers * stage.moeLayer[pass].seconds + stage.embeddingSeconds[pass]
            + stage.headSeconds[pass] + stage.mtpSeconds[pass] + stage.offloadSeconds[pass];
    const LayerFlops dense = layerForwardFlops(model, shape.denseIndex, w.sequenceLength, l.microBatch,
                                               l.tp(), l.cp(), expertSplit(l));
    const LayerFlops moe = layerForwardFlops(model, shape.moeIndex, w.sequenceLength, l.microBatch, l.tp(),
                                             l.cp(), expertSplit(l));
    stage.selectiveRecomputeFlops = denseLayers * kernels.dense.selectiveRecomputeFlops
        + stage.moeLayers * kernels.moe.selectiveRecomputeFlops;
    stage.forwardFlops = denseLayers * dense.total() + stage.moeLayers * moe.total()
        + (stage.outputHead ? (1 + stage.mtpLayers) * kernels.head.times[kF].flops : 0.0)
        + stage.mtpForwardFlops;
    // The representative layers stand for every other's attention only without a window.
    if (model.slidingWindow.any())
        stage.forwardFlops
            += layersAttentionForwardFlops(model, stage.firstLayer, stage.layers, d(w.sequenceLength),
                                           d(l.microBatch), l.tp(), l.cp(), true)
            - denseLayers * dense.attention - stage.moeLayers * moe.attention;
}

// Seconds of each pipeline send from stage s to s + 1 (0 where both are on one rank): a send between the
// two GPUs priced as every transfer is, a 2-rank SendRecv on the links of their node or node pair
// (grouplinks.h: NCCL's base latency, the message-size efficiency, and across nodes one GPU's network card,
// docs/collectives.md). The slowest pipeline group decides, since the replicas meet at every gradient sync.
std::vector<double> pipelineSendSeconds(const Design& design, const PlacedLayout& placed,
                                        const ScheduleSpec& spec, double bytes)
{
    const int stages = stageCount(spec);
    std::vector<double> out(static_cast<std::size_t>(std::max(0, stages - 1)), 0.0);
    std::optional<ClusterLinkSpecs> own; // without the placement's table, the cluster's links looked up here
    if (!placed.groupLinks)
        own.emplace(design.cluster, placed.presets());
    const ClusterLinkSpecs& links = placed.groupLinks ? placed.groupLinks->specs() : *own;
    std::vector<GroupLinks> looked; // the links of a hop that the placement's table does not hold
    for (int s = 0; s + 1 < stages; ++s) {
        const int from = rankOfStage(spec, s);
        const int to = rankOfStage(spec, s + 1);
        if (from == to)
            continue;
        const int p = spec.ranks;
        // The placement's table holds the hops between neighbouring pipeline ranks, looked up once.
        const int hop = to == (from + 1) % p ? from : from == (to + 1) % p ? to : -1;
        const bool cached = placed.groupLinks && hop >= 0;
        if (!cached)
            looked = pipelineSendLinks(links, placed, from, to);
        double slowest = 0;
        for (const GroupLinks& pair : cached ? placed.groupLinks->pipelineHop(placed, hop) : looked)
            slowest = std::max(slowest, collectiveSeconds(CollectiveOp::SendRecv, 2, bytes, pair));
        out[static_cast<std::size_t>(s)] = slowest;
    }
    return out;
}

// The spec's durations: means per chunk, each stage's total work as its factor, the sends.
// DualPipe's overlapped pair, F of one micro-batch with the full backward of another on the rank's other
// stage, for the mean stage: the two run their compute one after the other on the GPU while each one's
// collectives (the EP all-to-alls, the TP and CP traffic that the layers wait for) run under the other's
// compute (DeepSeek-V3 technical report §3.2.1 and Figure 4: "both all-to-all and PP communication can be
// fully hidden"), so the pair takes the longer of the two streams. PyTorch's ScheduleDualPipeV runs its pair
// one after the other unless a model registers its own overlap, so DualPipeV keeps F + B.
double overlappedPairSeconds(const StageTimes& times)
{
    if (times.stages.empty())
        return 0;
    double compute = 0, waits = 0;
    for (const StageWork& stage : times.stages) {
        const int dense = stage.layers - stage.moeLayers;
        for (std::size_t pass = 0; pass < kPassCount; ++pass) {
            const double layerCompute = dense * stage.denseLayer[pass].computeSeconds
                + stage.moeLayers * stage.moeLayer[pass].computeSeconds + stage.headSeconds[pass];
            compute += layerCompute;
            waits += stage.seconds[pass] - layerCompute;
        }
    }
    const double stages = static_cast<double>(times.stages.size());
    return std::max(compute, waits) / stages;
}

void timeSpec(ScheduleSpec& spec, const StageTimes& times)
{
    const int v = spec.virtualStages;
    const auto stages = static_cast<double>(times.stages.size());
    std::array<double, kPassCount> mean{};
    for (const StageWork& stage : times.stages)
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            mean[pass] += stage.seconds[pass] / stages;
    const double meanTotal = mean[kF] + mean[kI] + mean[kW];
    spec.forward = mean[kF] * v;
    spec.backward = mean[kI] * v;
    spec.weightGrad = mean[kW] * v;
    spec.stageScale.clear();
    bool even = true;
    for (const StageWork& stage : times.stages) {
        const double factor = (stage.seconds[kF] + stage.seconds[kI] + stage.seconds[kW]) / meanTotal;
        spec.stageScale.push_back(factor);
        even = even && std::abs(factor - 1) < 1e-12;
    }
    if (even)
        spec.stageScale.clear();
    spec.boundaryTransfer = times.boundarySeconds;
    spec.forwardBackward = 0;
    if (spec.kind == Schedule::DualPipe)
        spec.forwardBackward = overlappedPairSeconds(times) * v;
}

} // namespace

StageTimes stageTimes(const Design& design, const PlacedLayout& placed, const StageTimeOptions& options)
{
    StageTimes out;
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const int p = l.pp();
    const int stages = p * l.virtualStages;
    out.compute = options.compute;

    ScheduleSpec& spec = out.spec;
    spec.kind = l.schedule;
    spec.ranks = p;
    spec.virtualStages = l.virtualStages;
    spec.microBatches
        = static_cast<int>(std::min<std::int64_t>(placed.microBatches, std::numeric_limits<int>::max()));

    const StageShape shape = stageShape(design);
    const GemmModel& gemms = options.gemms ? *options.gemms : placed.kernels();
    const std::vector<RankKernels> kernels
        = pipelineRankKernels(design, placed, options.compute, gemms, shape.denseIndex, shape.moeIndex);
    out.gpuPeakFlops = std::numeric_limits<double>::infinity();
    out.gpuMemoryBandwidth = std::numeric_limits<double>::infinity();
    out.computeEfficiency = std::numeric_limits<double>::infinity();
    for (const RankKernels& k : kernels) {
        out.gpuPeakFlops = std::min(out.gpuPeakFlops, k.peak);
        out.gpuMemoryBandwidth = std::min(out.gpuMemoryBandwidth, k.hbm);
        // The efficiency reported: the slowest pipeline rank's GEMMs' achieved share of its BF16 peak.
        if (k.peak > 0)
            out.computeEfficiency = std::min(out.computeEfficiency, k.dense.gemmFlopsPerSecond() / k.peak);
    }

    const std::vector<int> split = layersOfStages(model, l);
    int firstLayer = 0;
    out.stages.resize(static_cast<std::size_t>(stages));
    for (int s = 0; s < stages; ++s) {
        StageWork& stage = out.stages[static_cast<std::size_t>(s)];
        stage.stage = s;
        stage.rank = rankOfStage(spec, s);
        if (isEntryStage(spec, s))
            firstLayer = 0; // DualPipe's reverse direction starts the model again at stage p
        stage.firstLayer = firstLayer;
        stage.layers = split[static_cast<std::size_t>(s)];
        stage.embedding = isEntryStage(spec, s);
        stage.outputHead = isExitStage(spec, s);
        firstLayer += stage.layers;
        for (int layer = stage.firstLayer; layer < stage.firstLayer + stage.layers; ++layer)
            stage.moeLayers += model.isMoeLayer(layer);
        stage.comm = stageCollectives(design, placed, stage, shape);
        const auto r = static_cast<std::size_t>(stage.rank);
        computeStage(stage, design, shape, kernels[r]);
    }

    out.boundaryBytes = pipelineBoundaryBytes(
        {design.workload.sequenceLength, l.microBatch, model.hidden, shape.valueBytes}, l.tp(),
        l.sequenceParallel, l.cp());
    out.boundarySeconds = pipelineSendSeconds(design, placed, spec, out.boundaryBytes);
    timeSpec(spec, out);
    const RankKernels* first = !kernels.empty() && kernels.front().gpu ? &kernels.front() : nullptr;
    out.kernelSource = first ? kernelSourceSummary(first->dense, first->head, *first->gpu, gemms) : "";
    out.gemmOrigin = first ? gemmOrigin(first->dense, first->head, gemms) : "";
    out.terms = modelTerms(design, out); // their sources name the kernel source
    if (first) {
        appendKernelTerms(out.terms, first->dense, *first->gpu, gemms, "");
        if (design.model.moe.isMoe())
            appendKernelTerms(out.terms, first->moe, *first->gpu, gemms, "moe.");
        appendEmbeddingTerm(out.terms, first->head, *first->gpu);
        appendHeadTerm(out.terms, first->head, *first->gpu, gemms, lossKernel(design));
    }
    return out;
}

std::vector<CommBand> opCommBands(const StageTimes& times, const ScheduleSpec& spec, const PipelineOp& op,
                                  std::size_t maxBands)
{
    std::vector<CommBand> out;
    const int stages = static_cast<int>(times.stages.size());
    auto valid = [&](int stage) { return stage >= 0 && stage < stages; };
    if (!valid(op.stage) || (op.kind == PipelineOpKind::ForwardBackward && !valid(op.backwardStage)))
        return out;

    // The passes the op runs, in order, each on its stage.
    struct Part
    {
        const StageWork* stage;
        std::vector<std::size_t> passes; // per layer, in this order
        bool backward;
    };
    std::vector<Part> parts;
    const StageWork& stage = times.stages[static_cast<std::size_t>(op.stage)];
    switch (op.kind) {
    case PipelineOpKind::Forward:
        parts.push_back({&stage, {kF}, false});
        break;
    case PipelineOpKind::Backward:
        parts.push_back({&stage, {kI, kW}, true});
        break;
    case PipelineOpKind::BackwardInput:
        parts.push_back({&stage, {kI}, true});
        break;
    case PipelineOpKind::BackwardWeight:
        parts.push_back({&stage, {kW}, true});
        break;
    case PipelineOpKind::ForwardBackward:
        parts.push_back({&stage, {kF}, false});
        parts.push_back({&times.stages[static_cast<std::size_t>(op.backwardStage)], {kI, kW}, true});
        break;
    }
    double exact = 0;
    for (const Part& part : parts)
        for (std::size_t pass : part.passes)
            exact += part.stage->seconds[pass];
    const double stretch = exact > 0 ? (op.end - op.start) / exact : 0;
    auto limitReached = [&] { return maxBands > 0 && out.size() >= maxBands; };

    double clock = op.start;
    const auto addBands = [&](const LayerPattern& pattern) {
        for (const CommBand& band : pattern.bands) {
            if (limitReached())
                break;
            out.push_back(
                {band.kind, clock + band.start * stretch, clock + band.end * stretch, band.exposed});
        }
    };
    // The head and the multi-token prediction depths run last in forward and first in backward; each depth
    // is its layer (with the layer's collectives) and its projection and head.
    const auto addHeadAndDepths = [&](const StageWork& st, std::size_t pass, bool backward) {
        if (!backward)
            clock += st.headSeconds[pass] * stretch;
        const LayerPattern& depthLayer = st.mtpLayer[pass];
        const double depthRest
            = st.mtpLayers > 0 ? st.mtpSeconds[pass] / st.mtpLayers - depthLayer.seconds : 0.0;
        for (int depth = 0; depth < st.mtpLayers; ++depth) {
            if (backward)
                clock += depthRest * stretch;
            addBands(depthLayer);
            clock += depthLayer.seconds * stretch;
            if (!backward)
                clock += depthRest * stretch;
        }
        if (backward)
            clock += st.headSeconds[pass] * stretch;
    };
    for (const Part& part : parts) {
        const StageWork& st = *part.stage;
        for (std::size_t pass : part.passes) {
            if (part.backward)
                addHeadAndDepths(st, pass, true);
            for (int i = 0; i < st.layers && !limitReached(); ++i) {
                // MoE layers of the stage sit at its end for this drawing when both kinds share a stage;
                // the per-layer order does not change the totals.
                const int index = part.backward ? st.layers - 1 - i : i;
                const bool moe = index >= st.layers - st.moeLayers;
                const LayerPattern& pattern = (moe ? st.moeLayer : st.denseLayer)[pass];
                addBands(pattern);
                clock += pattern.seconds * stretch;
            }
            if (!part.backward)
                addHeadAndDepths(st, pass, false);
        }
    }

    for (const CommBand& band : opSendBands(times, spec, op))
        if (!limitReached())
            out.push_back(band);
    return out;
}

std::vector<CommBand> opSendBands(const StageTimes& times, const ScheduleSpec& spec, const PipelineOp& op)
{
    std::vector<CommBand> out;
    const int stages = static_cast<int>(times.stages.size());
    auto send = [&](int from, int to) {
        if (from < 0 || from >= stages || to < 0 || to >= stages
            || rankOfStage(spec, from) == rankOfStage(spec, to))
            return;
        const std::size_t boundary = static_cast<std::size_t>(std::min(from, to));
        if (boundary < times.boundarySeconds.size() && times.boundarySeconds[boundary] > 0)
            out.push_back({CommKind::PipelineSend, op.end, op.end + times.boundarySeconds[boundary], false});
    };
    switch (op.kind) {
    case PipelineOpKind::Forward:
        send(op.stage, op.stage + 1);
        break;
    case PipelineOpKind::Backward:
    case PipelineOpKind::BackwardInput:
        send(op.stage, op.stage - 1);
        break;
    case PipelineOpKind::BackwardWeight:
        break;
    case PipelineOpKind::ForwardBackward:
        send(op.stage, op.stage + 1);
        send(op.backwardStage, op.backwardStage - 1);
        break;
    }
    return out;
}

} // namespace core
