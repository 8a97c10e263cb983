// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/stagetime.h"

#include "memory/activations.h"
#include "comm/commvolume.h"
#include "comm/groupcollective.h"
#include "base/units.h"
#include "design/validate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);

double d(std::int64_t v)
{
    return static_cast<double>(v);
}

// Builds a LayerPattern piece by piece: compute advances the layer's clock, an exposed collective too,
// an overlapped one runs beside the compute that follows it and is waited for only where it outlasts it.
class PatternBuilder
{
public:
    void compute(double seconds)
    {
        m_pattern.seconds += seconds;
        m_pattern.computeSeconds += seconds;
    }
    void exposed(CommKind kind, CollectiveOp op, double seconds)
    {
        if (seconds <= 0)
            return;
        m_pattern.bands.push_back({kind, m_pattern.seconds, m_pattern.seconds + seconds, true});
        wait(op, seconds);
    }
    // A collective that overlaps `work` seconds of compute: the compute runs, and whatever the
    // collective takes beyond it is waited for.
    void overlapped(CommKind kind, CollectiveOp op, double seconds, double work)
    {
        overlappedWithVisible(kind, op, seconds, work, std::max(0.0, seconds - work));
    }
    // A collective cut into `chunks` pieces pipelined with the GEMM it feeds or drains
    // (TransformerEngine's split-pipelined userbuffers overlap): the first (or last) piece cannot hide,
    // the rest hide under the other chunks of the GEMM.
    void pipelined(CommKind kind, CollectiveOp op, double seconds, double gemm, int chunks)
    {
        const double k = std::max(1, chunks);
        overlappedWithVisible(kind, op, seconds, gemm, std::max(seconds / k, seconds - gemm * (k - 1) / k));
    }
    void append(const LayerPattern& other)
    {
        for (CommBand band : other.bands) {
            band.start += m_pattern.seconds;
            band.end += m_pattern.seconds;
            m_pattern.bands.push_back(band);
        }
        m_pattern.seconds += other.seconds;
        m_pattern.computeSeconds += other.computeSeconds;
        m_pattern.exposed.add(other.exposed);
    }
    LayerPattern take() { return std::move(m_pattern); }

private:
    void wait(CollectiveOp op, double seconds)
    {
        m_pattern.seconds += seconds;
        m_pattern.exposed.add(op, seconds);
    }
    void overlappedWithVisible(CommKind kind, CollectiveOp op, double seconds, double work, double visible)
    {
        const double start = m_pattern.seconds;
        compute(work);
        if (seconds <= 0)
            return;
        m_pattern.bands.push_back({kind, start, start + seconds, seconds <= work});
        if (visible > 0)
            wait(op, visible);
    }

    LayerPattern m_pattern;
};

struct LayerTimes
{
    double attentionProjections = 0; // forward, seconds
    double attentionProducts = 0;
    double mlp = 0; // dense MLP, or shared + routed experts + router
    double elementwise = 0; // forward; backward moves twice as much
    double scoreElementwise = 0; // the part on the attention scores (redone by selective recomputation)
    // The GEMMs a TP collective can hide under: QKV's share of the attention projections (the rest is the
    // output projection), FC1's share of the MLP (the rest is FC2; 2/3 for a gated MLP).
    double qkvShare = 0.5;
    double upShare = 0.5;
};

// How a layer's TP collectives meet its GEMMs.
struct TpOverlap
{
    bool sp = false; // all-gather before, reduce-scatter after a TP region (else one all-reduce after)
    bool overlap = false; // --tp-comm-overlap: each runs under its neighbouring GEMM (stagetime.h)
    int chunks = 1; // TP
};

std::array<LayerPattern, kPassCount> layerPatterns(const LayerTimes& t, const LayerComm& c, TpOverlap tp,
                                                   bool moe, Recompute recompute)
{
    // A TP region: its first GEMM, what lies between, its last GEMM. Without overlap the all-gather comes
    // before and the reduce-scatter (or all-reduce) after, exposed; with it they hide under those GEMMs.
    // The MoE block keeps its collectives exposed (stagetime.h).
    auto region
        = [&](PatternBuilder& b, double firstGemm, const auto& between, double lastGemm, bool overlappable) {
              if (tp.overlap && overlappable) {
                  b.pipelined(CommKind::TensorParallel, CollectiveOp::AllGather, c.tpAllGather, firstGemm,
                              tp.chunks);
                  between(b);
                  b.pipelined(CommKind::TensorParallel, CollectiveOp::ReduceScatter, c.tpReduceScatter,
                              lastGemm, tp.chunks);
                  return;
              }
              if (tp.sp)
                  b.exposed(CommKind::TensorParallel, CollectiveOp::AllGather, c.tpAllGather);
              b.compute(firstGemm);
              between(b);
              b.compute(lastGemm);
              if (tp.sp)
                  b.exposed(CommKind::TensorParallel, CollectiveOp::ReduceScatter, c.tpReduceScatter);
              else
                  b.exposed(CommKind::TensorParallel, CollectiveOp::AllReduce, c.tpAllReduce);
          };
    const double qkv = t.attentionProjections * t.qkvShare;
    const double out = t.attentionProjections - qkv;
    const double up = t.mlp * t.upShare; // FC1 (gate and up), FC2 the rest
    const double down = t.mlp - up;
    auto dispatch = [&](PatternBuilder& b) {
        b.exposed(CommKind::ExpertParallel, CollectiveOp::AllToAll, c.epAllToAll);
    };
    auto none = [](PatternBuilder&) {};
    // The MLP's TP region, its GEMMs in the pass's order; a MoE block sends its tokens to the experts and
    // back inside it, with its collectives exposed (stagetime.h).
    auto mlpRegion = [&](PatternBuilder& b, double firstGemm, double lastGemm) {
        if (!moe) {
            region(b, firstGemm, none, lastGemm, true);
            return;
        }
        const auto experts = [&](PatternBuilder& inner) {
            dispatch(inner);
            inner.compute(t.mlp);
            dispatch(inner);
        };
        region(b, 0, experts, 0, false);
    };

    // Forward: norm, (AG) QKV, attention, out-projection (RS | AR); (AG) [dispatch] MLP [combine] (RS | AR).
    PatternBuilder forward;
    forward.compute(t.elementwise);
    region(
        forward, qkv,
        [&](PatternBuilder& b) {
            b.overlapped(CommKind::ContextParallel, CollectiveOp::SendRecv, c.cpRingForward,
                         t.attentionProducts);
        },
        out, true);
    mlpRegion(forward, up, down);
    const LayerPattern forwardPattern = forward.take();

    // Input gradient: the recomputed forward first, then the layer backwards with the mirrored
    // collectives (f ↔ g of Megatron's mappings.py: the backward of an all-reduce is an all-reduce, of an
    // all-gather a reduce-scatter and vice versa). The all-gather of the incoming gradient now feeds the
    // region's last GEMM (its dgrad), the reduce-scatter drains the first.
    PatternBuilder input;
    if (recompute == Recompute::Full)
        input.append(forwardPattern);
    else if (recompute == Recompute::Selective)
        input.compute(t.attentionProducts + t.scoreElementwise);
    input.compute(2 * t.elementwise);
    mlpRegion(input, down, up);
    region(
        input, out,
        [&](PatternBuilder& b) {
            b.overlapped(CommKind::ContextParallel, CollectiveOp::SendRecv, c.cpRingBackward,
                         2 * t.attentionProducts);
        },
        qkv, true);

    // Weight gradient: the linear layers once more; with SP Megatron all-gathers their inputs again
    // (LinearWithGradAccumulationAndAsyncCommunication keeps them sharded). With overlap TE gathers them
    // under the dgrad GEMMs in bulk; here each hides under the wgrad GEMM it feeds.
    PatternBuilder weight;
    auto gatherFor = [&](double gemm, bool overlappable) {
        if (!tp.sp)
            weight.compute(gemm);
        else if (tp.overlap && overlappable)
            weight.pipelined(CommKind::TensorParallel, CollectiveOp::AllGather, c.tpAllGather, gemm,
                             tp.chunks);
        else {
            weight.exposed(CommKind::TensorParallel, CollectiveOp::AllGather, c.tpAllGather);
            weight.compute(gemm);
        }
    };
    gatherFor(t.mlp, !moe);
    gatherFor(t.attentionProjections, true);
    return {forwardPattern, input.take(), weight.take()};
}

// How fast one pipeline rank computes: its GEMM rate (the slowest GPU's peak × the efficiency at this
// design's width) and its HBM bandwidth.
struct ComputeRates
{
    double gemm = 0; // FLOP/s
    double memory = 0; // bytes/s
};

// The time the layer's linear parts and products take, and its elementwise traffic.
LayerTimes layerTimes(const ModelArchitecture& model, int layer, const Design& design,
                      const ComputeRates& rates, const ComputeModel& compute)
{
    const double rate = rates.gemm;
    const ParallelLayout& l = design.layout;
    const double s = d(design.workload.sequenceLength);
    const double tokens = s / l.cp() * l.microBatch;
    const LayerParameters p = layerParameters(model, layer);
    const LayerFlops flops = layerForwardFlops(model, layer, design.workload.sequenceLength, l.microBatch,
                                               l.tp(), l.cp(), l.effectiveExpertTp());
    LayerTimes t;
    t.attentionProjections = 2 * tokens * p.attention / l.tp() / rate;
    t.attentionProducts = flops.attention / rate;
    t.mlp = std::max(0.0, flops.linear / rate - t.attentionProjections);
    const double outputProjection = static_cast<double>(model.heads)
        * d(model.attention == AttentionKind::Mla ? model.mla.vHeadDim : model.headDim) * d(model.hidden);
    if (p.attention > 0)
        t.qkvShare = std::clamp(1.0 - outputProjection / p.attention, 0.0, 1.0);
    t.upShare = model.mlp == MlpKind::Gated ? 2.0 / 3.0 : 0.5; // gate and up against down

    // Elementwise traffic: the bytes the layer saves for backward as the memory model counts them, without
    // recomputation (every tensor is written once and read again), and the s×s scores when the attention
    // is not fused.
    ActivationConfig config;
    config.tokens = s / l.cp();
    config.attendedTokens = s;
    config.microBatch = l.microBatch;
    config.tp = l.tp();
    config.expertTp = l.expertMode == ExpertMode::Megatron ? l.effectiveExpertTp() : l.tp();
    config.sequenceParallel = l.sequenceParallel && l.tp() > 1;
    config.flashAttention = design.workload.flashAttention;
    config.capacityFactor = design.workload.moeCapacityFactor;
    const LayerActivations saved = layerActivationBytes(model, model.isMoeLayer(layer), config);
    if (rates.memory > 0) {
        t.elementwise = compute.elementwisePasses * saved.total() / rates.memory;
        t.scoreElementwise = compute.elementwisePasses * saved.scores / rates.memory;
    }
    return t;
}

std::array<double, kPassCount> headSeconds(const Design& design, double rate)
{
    const ParallelLayout& l = design.layout;
    const double tokens = d(design.workload.sequenceLength) / l.cp() * l.microBatch;
    // The vocabulary-parallel output layer (Megatron ColumnParallelLinear over the vocabulary); the
    // cross-entropy on its logits is elementwise and left out.
    const double forward = 2 * tokens * d(design.model.hidden) * d(design.model.vocab) / l.tp() / rate;
    return {forward, forward, forward};
}

ModelTerm term(std::string id, double value, std::string unit, std::string formula, std::string source)
{
    return {std::move(id), value, std::move(unit), std::move(formula), std::move(source)};
}

} // namespace

std::vector<int> layersOfStages(const ModelArchitecture& model, const ParallelLayout& layout)
{
    const int stages = std::max(1, layout.pp() * layout.virtualStages);
    if (static_cast<int>(layout.layersPerStage.size()) == stages)
        return layout.layersPerStage;
    std::vector<int> split(static_cast<std::size_t>(stages), model.layers / stages);
    for (int s = 0; s < model.layers % stages; ++s)
        ++split[static_cast<std::size_t>(s)];
    return split;
}

LayerFlops layerForwardFlops(const ModelArchitecture& model, int layer, std::int64_t sequence,
                             std::int64_t microBatch, int tp, int cp, int expertTp)
{
    const double s = d(sequence);
    const double queries = s / cp; // this CP rank's tokens; they attend to all s keys (ring attention)
    const double tokens = queries * d(microBatch);
    const LayerParameters p = layerParameters(model, layer);
    LayerFlops flops;
    flops.linear = 2 * tokens * ((p.attention + p.mlp) / tp + p.router);
    if (model.isMoeLayer(layer))
        flops.linear += 2 * tokens * model.moe.topK * mlpParameters(model, model.moe.expertFfn) / expertTp;
    double qk = d(model.headDim);
    double value = d(model.headDim);
    if (model.attention == AttentionKind::Mla) {
        qk = d(model.mla.qkNopeHeadDim + model.mla.qkRopeHeadDim);
        value = d(model.mla.vHeadDim);
    }
    flops.attention = 2 * d(microBatch) * queries * s * model.heads * (qk + value) / tp;
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

// The cluster's links looked up once: each node's intra-node link and the fabric.
struct ClusterLinkSpecs
{
    std::vector<const LinkSpec*> intra; // per node
    const LinkSpec* fabric = nullptr;

    ClusterLinkSpecs(const Design& design, const Catalog& catalog)
        : fabric(catalog.link(design.cluster.fabric))
    {
        for (const Node& node : design.cluster.nodes)
            intra.push_back(catalog.link(node.intraLink));
    }
};

GroupLinks linksOfGroup(const ClusterLinkSpecs& specs, const Evaluation& evaluation,
                        const std::vector<int>& group)
{
    GroupLinks out;
    if (specs.fabric)
        out.links.interNode = linkCost(*specs.fabric);
    std::vector<int> nodes; // the node index of every member (−1: no GPU), sorted
    nodes.reserve(group.size());
    for (int rank : group)
        if (rank >= 0 && static_cast<std::size_t>(rank) < evaluation.ranks.size())
            nodes.push_back(evaluation.ranks[static_cast<std::size_t>(rank)].nodeIndex);
    std::sort(nodes.begin(), nodes.end());
    const LinkSpec* slowestIntra = nullptr;
    int distinct = 0;
    int gcd = 0;
    for (std::size_t i = 0; i < nodes.size();) {
        std::size_t next = i;
        while (next < nodes.size() && nodes[next] == nodes[i])
            ++next;
        ++distinct;
        gcd = std::gcd(gcd, static_cast<int>(next - i));
        if (nodes[i] >= 0)
            if (const LinkSpec* intra = specs.intra[static_cast<std::size_t>(nodes[i])];
                intra && (!slowestIntra || intra->bandwidth < slowestIntra->bandwidth))
                slowestIntra = intra;
        i = next;
    }
    if (slowestIntra)
        out.links.intraNode = linkCost(*slowestIntra);
    out.nodes = std::max(1, distinct);
    out.ranks = static_cast<int>(group.size());
    out.ranksPerNode = distinct > 1 ? gcd : 0;
    return out;
}

} // namespace

GroupLinks groupLinks(const Design& design, const Evaluation& evaluation, const Catalog& catalog,
                      const std::vector<int>& group)
{
    return linksOfGroup(ClusterLinkSpecs(design, catalog), evaluation, group);
}

std::vector<GroupLinks> stageGroupLinks(const Design& design, const Evaluation& evaluation,
                                        const Catalog& catalog, Dim dim, int pipelineRank)
{
    const ClusterLinkSpecs specs(design, catalog);
    const auto& groupOf = evaluation.mesh.groupOf[static_cast<std::size_t>(dim)];
    std::vector<char> seen(evaluation.mesh.groupsOf(dim).size(), 0);
    std::vector<GroupLinks> out;
    for (const std::vector<int>& pipeline : evaluation.mesh.groupsOf(Dim::Pp)) {
        const auto group = static_cast<std::size_t>(
            groupOf[static_cast<std::size_t>(pipeline[static_cast<std::size_t>(pipelineRank)])]);
        if (std::exchange(seen[group], 1))
            continue;
        const GroupLinks links = linksOfGroup(specs, evaluation, evaluation.mesh.groupsOf(dim)[group]);
        if (std::find(out.begin(), out.end(), links) == out.end())
            out.push_back(links);
    }
    return out;
}

double collectiveSeconds(CollectiveOp op, int ranks, double bytes, const GroupLinks& links)
{
    if (ranks < 2 || !(bytes > 0))
        return 0;
    CollectiveSpec spec;
    spec.op = op;
    spec.algorithm = op == CollectiveOp::AllToAll ? CollectiveAlgorithm::Pairwise : CollectiveAlgorithm::Ring;
    spec.ranks = ranks;
    spec.bytes = bytes;
    spec.ranksPerNode = links.ranksPerNode;
    const CollectiveCost cost = collectiveCost(spec, links.links);
    return cost.valid() ? cost.timeSeconds : 0;
}

StageTimes stageTimes(const Design& design, const Evaluation& evaluation, const Catalog& catalog,
                      const StageTimeOptions& options)
{
    StageTimes out;
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const Workload& w = design.workload;
    const int p = l.pp();
    const int v = l.virtualStages;
    const int stages = p * v;
    out.compute = options.compute;

    ScheduleSpec& spec = out.spec;
    spec.kind = l.schedule;
    spec.ranks = p;
    spec.virtualStages = v;
    spec.microBatches = static_cast<int>(
        std::min<std::int64_t>(microBatchesPerStep(design), std::numeric_limits<int>::max()));

    // The pipeline shown is the one of rank 0; every pipeline rank's stage runs as slow as the slowest
    // GPU that holds it in any replica.
    std::vector<double> peak(static_cast<std::size_t>(p), std::numeric_limits<double>::infinity());
    std::vector<double> hbm(static_cast<std::size_t>(p), std::numeric_limits<double>::infinity());
    // GEMM rate: the GPU's peak × its type's efficiency at the width each GPU multiplies (hidden / TP).
    const double width = d(model.hidden) / std::max(1, l.tp());
    std::vector<double> gemm(static_cast<std::size_t>(p), std::numeric_limits<double>::infinity());
    for (const RankInfo& rank : evaluation.ranks) {
        if (rank.nodeIndex < 0)
            continue;
        const Gpu& gpu = design.cluster.nodes[static_cast<std::size_t>(rank.nodeIndex)]
                             .gpus[static_cast<std::size_t>(rank.slot)];
        const GpuSpec* gpuSpec = catalog.gpu(gpu.type);
        const auto pp = static_cast<std::size_t>(rank.coord(Dim::Pp));
        if (gpuSpec) {
            peak[pp] = std::min(peak[pp], gpuSpec->bf16Flops);
            hbm[pp] = std::min(hbm[pp], gpuSpec->hbmBandwidth);
            gemm[pp] = std::min(gemm[pp], gpuSpec->bf16Flops * options.compute.efficiency(width, gpu.type));
        }
    }
    out.gpuPeakFlops = *std::min_element(peak.begin(), peak.end());
    out.gpuMemoryBandwidth = *std::min_element(hbm.begin(), hbm.end());
    // The efficiency reported: the slowest pipeline rank's achieved share of its peak.
    out.computeEfficiency = std::numeric_limits<double>::infinity();
    for (int r = 0; r < p; ++r)
        out.computeEfficiency = std::min(
            out.computeEfficiency, gemm[static_cast<std::size_t>(r)] / peak[static_cast<std::size_t>(r)]);

    const bool sp = l.sequenceParallel && l.tp() > 1;
    const TpOverlap tpOverlap{sp, sp && l.tpCommOverlap, l.tp()};
    const double valueBytes = activationBytesPerElement(w.precision);
    const double activationValues
        = d(w.sequenceLength) / l.cp() * l.microBatch * d(model.hidden); // one [s/CP, b, h] tensor
    const std::vector<int> split = layersOfStages(model, l);

    // Every dense layer has the same shape, and every MoE layer: one of each stands for all.
    const int denseIndex = [&] {
        for (int layer = 0; layer < model.layers; ++layer)
            if (!model.isMoeLayer(layer))
                return layer;
        return 0;
    }();
    const int moeIndex = model.moe.isMoe() ? model.moe.firstDenseLayers : 0;

    int firstLayer = 0;
    out.stages.resize(static_cast<std::size_t>(stages));
    for (int s = 0; s < stages; ++s) {
        StageWork& stage = out.stages[static_cast<std::size_t>(s)];
        stage.stage = s;
        stage.rank = rankOfStage(spec, s);
        stage.firstLayer = firstLayer;
        stage.layers = split[static_cast<std::size_t>(s)];
        stage.embedding = s == 0;
        stage.outputHead = s == stages - 1;
        firstLayer += stage.layers;
        for (int layer = stage.firstLayer; layer < stage.firstLayer + stage.layers; ++layer)
            stage.moeLayers += model.isMoeLayer(layer);

        const ComputeRates rates{gemm[static_cast<std::size_t>(stage.rank)],
                                 hbm[static_cast<std::size_t>(stage.rank)]};
        const double rate = rates.gemm;
        // A collective of the stage takes as long as in its slowest group among the replicas (a node on a
        // slower link holds back every replica, which meet at each gradient sync), as the GPU speed above.
        std::array<std::optional<std::vector<GroupLinks>>, kDimCount> stageLinks; // looked up on first use
        const auto slowest = [&](Dim dim, CollectiveOp op, double bytes) {
            auto& links = stageLinks[static_cast<std::size_t>(dim)];
            if (!links)
                links = stageGroupLinks(design, evaluation, catalog, dim, stage.rank);
            double seconds = 0;
            for (const GroupLinks& group : *links)
                seconds = std::max(seconds, collectiveSeconds(op, group.ranks, bytes, group));
            return seconds;
        };
        LayerComm comm;
        if (l.tp() > 1) {
            const double bytes = activationValues * valueBytes;
            comm.tpAllReduce = slowest(Dim::Tp, CollectiveOp::AllReduce, bytes);
            comm.tpAllGather = slowest(Dim::Tp, CollectiveOp::AllGather, bytes);
            comm.tpReduceScatter = slowest(Dim::Tp, CollectiveOp::ReduceScatter, bytes);
        }
        if (l.cp() > 1) {
            // K and V of this rank's tokens for the KV heads of its TP shard (at least one head).
            const double kvShare
                = std::max(1.0, static_cast<double>(model.kvHeads) / l.tp()) / std::max(1, model.kvHeads);
            const double block = kvElementsPerTokenPerLayer(model) * kvShare * d(w.sequenceLength) / l.cp()
                * l.microBatch * valueBytes;
            const double hop = slowest(Dim::Cp, CollectiveOp::SendRecv, block);
            comm.cpRingForward = (l.cp() - 1) * hop;
            comm.cpRingBackward = 2 * (l.cp() - 1) * hop;
        }
        if (l.ep() > 1 && stage.moeLayers > 0) {
            const double bytes
                = d(w.sequenceLength) / l.cp() * l.microBatch * model.moe.topK * d(model.hidden) * valueBytes;
            comm.epAllToAll = slowest(Dim::Ep, CollectiveOp::AllToAll, bytes);
        }

        stage.denseLayer = layerPatterns(layerTimes(model, denseIndex, design, rates, options.compute), comm,
                                         tpOverlap, false, l.recompute);
        if (model.moe.isMoe())
            stage.moeLayer = layerPatterns(layerTimes(model, moeIndex, design, rates, options.compute), comm,
                                           tpOverlap, true, l.recompute);
        if (stage.outputHead)
            stage.headSeconds = headSeconds(design, rate);
        const int denseLayers = stage.layers - stage.moeLayers;
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            stage.seconds[pass] = denseLayers * stage.denseLayer[pass].seconds
                + stage.moeLayers * stage.moeLayer[pass].seconds + stage.headSeconds[pass];
        const LayerFlops dense = layerForwardFlops(model, denseIndex, w.sequenceLength, l.microBatch, l.tp(),
                                                   l.cp(), l.effectiveExpertTp());
        const LayerFlops moe = layerForwardFlops(model, moeIndex, w.sequenceLength, l.microBatch, l.tp(),
                                                 l.cp(), l.effectiveExpertTp());
        stage.forwardFlops
            = denseLayers * dense.total() + stage.moeLayers * moe.total() + stage.headSeconds[kF] * rate;
        stage.comm = comm;
    }

    // Boundaries: the slowest pipeline group decides, since the replicas meet at every gradient sync.
    out.boundaryBytes = pipelineBoundaryBytes({w.sequenceLength, l.microBatch, model.hidden, valueBytes},
                                              l.tp(), l.sequenceParallel, l.cp());
    out.boundarySeconds.assign(static_cast<std::size_t>(std::max(0, stages - 1)), 0.0);
    const LinkSpec* fabric = catalog.link(design.cluster.fabric);
    for (int s = 0; s + 1 < stages; ++s) {
        const int from = rankOfStage(spec, s);
        const int to = rankOfStage(spec, s + 1);
        if (from == to)
            continue;
        double slowest = 0;
        for (const std::vector<int>& group : evaluation.mesh.groupsOf(Dim::Pp)) {
            const RankInfo& a
                = evaluation.ranks[static_cast<std::size_t>(group[static_cast<std::size_t>(from)])];
            const RankInfo& b
                = evaluation.ranks[static_cast<std::size_t>(group[static_cast<std::size_t>(to)])];
            const LinkSpec* link = a.nodeIndex == b.nodeIndex
                ? catalog.link(design.cluster.nodes[static_cast<std::size_t>(a.nodeIndex)].intraLink)
                : fabric;
            if (link && link->bandwidth > 0)
                slowest = std::max(slowest, link->latency + out.boundaryBytes / link->bandwidth);
        }
        out.boundarySeconds[static_cast<std::size_t>(s)] = slowest;
    }

    // The spec: means per chunk, each stage's total work as its factor.
    std::array<double, kPassCount> mean{};
    for (const StageWork& stage : out.stages)
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            mean[pass] += stage.seconds[pass] / stages;
    const double meanTotal = mean[kF] + mean[kI] + mean[kW];
    spec.forward = mean[kF] * v;
    spec.backward = mean[kI] * v;
    spec.weightGrad = mean[kW] * v;
    spec.stageScale.clear();
    bool even = true;
    for (const StageWork& stage : out.stages) {
        const double factor = (stage.seconds[kF] + stage.seconds[kI] + stage.seconds[kW]) / meanTotal;
        spec.stageScale.push_back(factor);
        even = even && std::abs(factor - 1) < 1e-12;
    }
    if (even)
        spec.stageScale.clear();
    spec.boundaryTransfer = out.boundarySeconds;

    // The terms a person needs to redo the numbers.
    const LayerFlops dense
        = layerForwardFlops(model, 0, w.sequenceLength, l.microBatch, l.tp(), l.cp(), l.effectiveExpertTp());
    const std::string narayanan
        = "Narayanan et al., SC'21, appendix; Megatron-LM num_floating_point_operations";
    out.terms.push_back(
        term("gpuPeakFlops", out.gpuPeakFlops, "FLOP/s", "dense BF16 peak of the slowest GPU", "GPU preset"));
    out.terms.push_back(term("gpuMemoryBandwidth", out.gpuMemoryBandwidth, "B/s",
                             "HBM bandwidth of the slowest GPU", "GPU preset"));
    out.terms.push_back(term(
        "computeEfficiency", out.computeEfficiency, "",
        "η_max · n / (n + n_half), n = hidden / TP; η_max = " + formatNumber(options.compute.gemmEfficiency)
            + ", n_half = " + formatNumber(options.compute.gemmHalfWidth),
        "ComputeModel, chosen once against calibration.json (README, Performance model)"));
    out.terms.push_back(term("layerLinearFlops", dense.linear, "FLOP",
                             "2·s/CP·b·((attention + MLP parameters)/TP + router + top-k experts/expert TP)",
                             narayanan));
    out.terms.push_back(term("layerAttentionFlops", dense.attention, "FLOP",
                             "2·b·(s/CP)·s·heads·(d_qk + d_v)/TP", narayanan));
    out.terms.push_back(term("backwardFactor", 2, "",
                             "input gradient = linear + 2 × attention products; "
                             "weight gradient = linear",
                             "Narayanan et al., SC'21, appendix (backward = 2 × forward)"));
    if (!out.stages.empty()) {
        const StageWork& first = out.stages.front();
        out.terms.push_back(term(
            "layerForwardSeconds", first.denseLayer[kF].seconds, "s",
            "FLOPs / (peak × efficiency) + elementwise bytes / HBM bandwidth + exposed TP/EP communication",
            narayanan));
        out.terms.push_back(term("stageForwardSeconds", first.seconds[kF], "s",
                                 "layers × layer time (+ head)", "this model"));
        out.terms.push_back(term("headForwardSeconds", out.stages.back().headSeconds[kF], "s",
                                 "2·s/CP·b·h·vocab/TP / (peak × efficiency)", "Megatron-LM output layer"));
    }
    out.terms.push_back(term("boundaryBytes", out.boundaryBytes, "B",
                             "[s/CP (/TP with SP), b, h] × bytes per value (2 in BF16)",
                             "Megatron-LM schedules.py get_tensor_shapes"));
    if (!out.boundarySeconds.empty())
        out.terms.push_back(term("boundarySeconds",
                                 *std::max_element(out.boundarySeconds.begin(), out.boundarySeconds.end()),
                                 "s", "latency + bytes / bandwidth of the link between the two stages' GPUs",
                                 "link presets; reference §4.1 (p2p: α + nβ)"));
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
    for (const Part& part : parts) {
        const StageWork& st = *part.stage;
        // The head runs last in forward and first in backward; it has no collectives here.
        for (std::size_t pass : part.passes) {
            if (part.backward)
                clock += st.headSeconds[pass] * stretch;
            for (int i = 0; i < st.layers && !limitReached(); ++i) {
                // MoE layers of the stage sit at its end for this drawing when both kinds share a stage;
                // the per-layer order does not change the totals.
                const int index = part.backward ? st.layers - 1 - i : i;
                const bool moe = index >= st.layers - st.moeLayers;
                const LayerPattern& pattern = (moe ? st.moeLayer : st.denseLayer)[pass];
                for (const CommBand& band : pattern.bands) {
                    if (limitReached())
                        break;
                    out.push_back(
                        {band.kind, clock + band.start * stretch, clock + band.end * stretch, band.exposed});
                }
                clock += pattern.seconds * stretch;
            }
            if (!part.backward)
                clock += st.headSeconds[pass] * stretch;
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
