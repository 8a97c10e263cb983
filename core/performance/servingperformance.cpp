// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/servingperformance.h"

#include "base/diagnostic.h"
#include "comm/grouplinks.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "pipeline/stagetime.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace core {

namespace {

// Expected number of distinct experts that B tokens, each routed to k of E experts uniformly, touch.
double expertsTouched(int experts, int topK, double tokens)
{
    if (experts <= 0)
        return 0;
    const double k = std::min(topK, experts);
    return experts * (1 - std::pow(1 - k / experts, tokens));
}

struct StageCost
{
    double prefillCompute = 0, prefillMemory = 0, prefillComm = 0;
    double decodeCompute = 0, decodeMemory = 0, decodeComm = 0, decodeBytes = 0;
    double prefill() const { return std::max(prefillCompute, prefillMemory) + prefillComm; }
    double decode() const { return std::max(decodeCompute, decodeMemory) + decodeComm; }
    void add(const StageCost& other)
    {
        prefillCompute += other.prefillCompute;
        prefillMemory += other.prefillMemory;
        prefillComm += other.prefillComm;
        decodeCompute += other.decodeCompute;
        decodeMemory += other.decodeMemory;
        decodeComm += other.decodeComm;
    }
};

constexpr double kActivationBytes = 2; // BF16 activations between GPUs

// What every stage's cost reads: the replica's GPU and links, the request's shape.
struct Replica
{
    const Design& design;
    const GpuSpec& gpu;
    double efficiency = 0; // of the GEMMs at the width hidden / TP
    double flopRate = 0; // peak × efficiency
    double weightBytes = 0; // per parameter
    std::int64_t promptTokens = 0;
    int batch = 0; // sequences in flight
    double P = 0; // promptTokens
    double B = 0; // batch
    double meanContext = 0; // P + O/2
    GroupLinks tpLinks{};
    GroupLinks epLinks{};
    std::vector<int> stageLayers{};
};

// One layer's compute and its TP and EP collectives, for the prompt and for one decode step.
void addLayer(StageCost& c, const Replica& in, int layer)
{
    const ModelArchitecture& m = in.design.model;
    const ParallelLayout& l = in.design.layout;
    const int tp = l.tp(), cp = l.cp();
    const double h = static_cast<double>(m.hidden);
    const LayerFlops prefill
        = layerForwardFlops(m, layer, in.promptTokens, 1, tp, cp, ExpertSplit{l.effectiveExpertTp()});
    c.prefillCompute += prefill.total() / in.flopRate;
    // Decode: one new token per sequence; attention reads the whole cached context.
    const LayerFlops step
        = layerForwardFlops(m, layer, 1, in.batch, tp, 1, ExpertSplit{l.effectiveExpertTp()});
    const double keys = m.isSlidingLayer(layer)
        ? std::min(in.meanContext, static_cast<double>(m.slidingWindow.tokens))
        : in.meanContext; // a sliding-window layer reads at most the window
    const double attention = 4 * in.B * keys * m.heads * static_cast<double>(m.headDim) / (tp * cp);
    c.decodeCompute += (step.linear + attention) / in.flopRate;
    const double tpAllReduces = 2; // attention output and MLP output (Megatron's row-parallel layers)
    c.prefillComm += tpAllReduces
        * collectiveSeconds(CollectiveOp::AllReduce, tp, in.P / cp * h * kActivationBytes, in.tpLinks);
    c.decodeComm += tpAllReduces
        * collectiveSeconds(CollectiveOp::AllReduce, tp, in.B * h * kActivationBytes, in.tpLinks);
    if (m.isMoeLayer(layer) && l.ep() > 1) {
        const double k = m.moe.topK;
        c.prefillComm += 2
            * collectiveSeconds(CollectiveOp::AllToAll, l.ep(), in.P * k * h * kActivationBytes, in.epLinks);
        c.decodeComm += 2
            * collectiveSeconds(CollectiveOp::AllToAll, l.ep(), in.B * k * h * kActivationBytes, in.epLinks);
    }
}

// The stage's KV bytes per token of one sequence, on one GPU, from the memory model's cache.
double kvBytesPerTokenAndSequence(const MemoryReport& memory, const ServingWorkload& w, int ppRank)
{
    double bytes = 0;
    for (const RankRole& role : memory.roles)
        if (role.ppRank == ppRank && w.concurrency > 0 && w.contextLength > 0)
            bytes
                = std::max(bytes,
                           role.figure(MemoryCategory::KvCache).bytes
                               / (static_cast<double>(w.concurrency) * static_cast<double>(w.contextLength)));
    return bytes;
}

// What pipeline rank r costs a token: its layers (all its virtual chunks) and the output head on the last,
// the weights it reads once per forward (decode also the batch's KV cache), the send to the next stage.
StageCost stageCost(const Replica& in, const PlacedLayout& placed, const MemoryReport& memory, int r)
{
    const ModelArchitecture& m = in.design.model;
    const ParallelLayout& l = in.design.layout;
    const double h = static_cast<double>(m.hidden);
    const int tp = l.tp(), cp = l.cp();
    StageCost c;
    const RankShard shard = rankShard(in.design, r);
    for (int stage : shard.stages) {
        int firstLayer = 0;
        for (int s = 0; s < stage; ++s)
            firstLayer += in.stageLayers[static_cast<std::size_t>(s)];
        for (int i = 0; i < in.stageLayers[static_cast<std::size_t>(stage)]; ++i)
            addLayer(c, in, firstLayer + i);
    }
    if (shard.hasOutputHead) {
        const double head = 2 * h * static_cast<double>(m.vocab) / tp; // logits of the last token only
        c.prefillCompute += head / in.flopRate;
        c.decodeCompute += in.B * head / in.flopRate;
    }
    // Memory: the weights once per forward; decode also the KV cache of the batch. MoE decode reads only
    // the experts the batch routes to.
    const double experts
        = m.moe.isMoe() ? expertsTouched(m.moe.experts, m.moe.topK, in.B) / m.moe.experts : 1;
    const double weights = (shard.dense + shard.expert * std::min(experts, 1.0)) * in.weightBytes;
    const double kvPerTokenSequence = kvBytesPerTokenAndSequence(memory, in.design.workload.serving, r);
    c.prefillMemory = (shard.dense + shard.expert) * in.weightBytes / in.gpu.hbmBandwidth;
    double kvRead = in.B * in.meanContext * kvPerTokenSequence;
    if (m.slidingWindow.any()) {
        // The cache the memory model holds at the full context, scaled to the mean context layer by layer:
        // sliding-window layers hold and read at most the window.
        const double context = static_cast<double>(in.design.workload.serving.contextLength);
        double atMean = 0, atFull = 0;
        for (int stage : shard.stages) {
            int firstLayer = 0;
            for (int s = 0; s < stage; ++s)
                firstLayer += in.stageLayers[static_cast<std::size_t>(s)];
            const int layers = in.stageLayers[static_cast<std::size_t>(stage)];
            atMean += kvTokensOfLayers(m, firstLayer, layers, in.meanContext / cp);
            atFull += kvTokensOfLayers(m, firstLayer, layers, context / cp);
        }
        kvRead = atFull > 0 ? in.B * kvPerTokenSequence * context * atMean / atFull : 0.0;
    }
    c.decodeBytes = weights + kvRead;
    c.decodeMemory = c.decodeBytes / in.gpu.hbmBandwidth;
    // The activation to the next stage.
    if (r + 1 < l.pp()) {
        const std::span<const int> pipeline = placed.mesh.groupOfRank(Dim::Pp, 0);
        const std::array<int, 2> hop{pipeline[static_cast<std::size_t>(r)], pipeline[static_cast<std::size_t>(r + 1)]};
        const GroupLinks pair = groupLinks(in.design, placed, hop);
        c.prefillComm
            += collectiveSeconds(CollectiveOp::SendRecv, 2, in.P / (tp * cp) * h * kActivationBytes, pair);
        c.decodeComm += collectiveSeconds(CollectiveOp::SendRecv, 2, in.B / tp * h * kActivationBytes, pair);
    }
    return c;
}

void explainServing(ServingPerformance& out, const Replica& in, const StageCost& all)
{
    out.ttft.formula = MW_TR_NOOP(
        "Explanations", "Σ stages [max(prefill FLOPs / (peak × η), weights / HBM) + TP all-reduces + send]");
    out.ttft.input(MW_TR_NOOP("Explanations", "prompt tokens P"), in.P, "tokens")
        .input(MW_TR_NOOP("Explanations", "compute, all stages"), all.prefillCompute, "s")
        .input(MW_TR_NOOP("Explanations", "weight reads, all stages"), all.prefillMemory, "s")
        .input(MW_TR_NOOP("Explanations", "communication"), all.prefillComm, "s")
        .input(MW_TR_NOOP("Explanations", "GEMM efficiency η"), in.efficiency);
    out.ttft.source = "Megatron's layer FLOPs (stagetime.h); one prompt on an idle replica";
    out.itl.formula
        = MW_TR_NOOP("Explanations",
                     "Σ stages [max(decode FLOPs / (peak × η), (weights + B × context × KV per token) / HBM) "
                     "+ TP all-reduces + EP all-to-all + send]");
    out.itl.input(MW_TR_NOOP("Explanations", "sequences in flight B"), in.B, "sequences")
        .input(MW_TR_NOOP("Explanations", "mean context P + O/2"), in.meanContext, "tokens")
        .input(MW_TR_NOOP("Explanations", "compute, all stages"), all.decodeCompute, "s")
        .input(MW_TR_NOOP("Explanations", "memory reads, all stages"), all.decodeMemory, "s")
        .input(MW_TR_NOOP("Explanations", "communication"), all.decodeComm, "s")
        .input(MW_TR_NOOP("Explanations", "bytes read per step, slowest stage"), out.decodeBytesPerStep,
               "bytes");
    out.itl.source = "the decode roofline: each step reads every weight and the batch's KV cache once";
    out.itl.note = out.decodeMemoryBound
        ? MW_TR_NOOP("Explanations", "memory-bound: more sequences per step cost little until compute binds")
        : MW_TR_NOOP("Explanations", "compute-bound at this batch");
    out.throughput.formula = MW_TR_NOOP("Explanations", "replicas × B / inter-token latency");
    out.throughput.input(MW_TR_NOOP("Explanations", "replicas"), static_cast<double>(out.replicas))
        .input(MW_TR_NOOP("Explanations", "sequences per replica B"), in.B, "sequences")
        .input(MW_TR_NOOP("Explanations", "inter-token latency"), out.interTokenLatency, "s");
    out.throughput.source = "the reference article on serving: report the throughput of the whole serving group";
}

} // namespace

std::optional<ServingPerformance> estimateServing(const Design& design, const PlacedLayout& placed,
                                                  const MemoryReport& memory)
{
    if (design.workload.mode != Mode::Serving || placed.ranks.empty() || placed.ranks.front().nodeIndex < 0)
        return std::nullopt;
    const ParallelLayout& l = design.layout;
    const ServingWorkload& w = design.workload.serving;
    const RankInfo& first = placed.ranks.front();
    const std::string& gpuType = design.cluster.nodes[static_cast<std::size_t>(first.nodeIndex)]
                                     .gpus[static_cast<std::size_t>(first.slot)]
                                     .type;
    const GpuSpec* gpu = placed.presets().gpu(gpuType);
    if (!gpu || gpu->bf16Flops <= 0 || gpu->hbmBandwidth <= 0)
        return std::nullopt;

    ServingPerformance out;
    out.promptTokens = w.promptTokens();
    out.outputTokens = w.outputLength;
    out.batch = w.concurrency;
    out.replicas = l.batchReplicas();
    Replica in{design, *gpu};
    in.promptTokens = out.promptTokens;
    in.batch = out.batch;
    in.P = static_cast<double>(out.promptTokens);
    in.B = out.batch;
    in.meanContext = in.P + static_cast<double>(out.outputTokens) / 2;
    in.efficiency = design.compute.efficiency(static_cast<double>(design.model.hidden) / l.tp(), gpuType);
    in.flopRate = gpu->bf16Flops * in.efficiency;
    in.weightBytes = stateBytesPerParameter(design.workload).weights;
    in.tpLinks = rankGroupLinks(design, placed, Dim::Tp, 0);
    in.epLinks = rankGroupLinks(design, placed, Dim::Ep, 0);
    in.stageLayers = layersOfStages(design.model, l);

    // A token passes every stage in turn: TTFT and the inter-token latency are sums over the stages.
    StageCost all;
    double worstDecode = -1;
    for (int r = 0; r < l.pp(); ++r) {
        const StageCost c = stageCost(in, placed, memory, r);
        if (c.decode() > worstDecode) {
            worstDecode = c.decode();
            out.decodeMemoryBound = c.decodeMemory >= c.decodeCompute;
            out.decodeBytesPerStep = c.decodeBytes;
        }
        out.timeToFirstToken += c.prefill();
        out.interTokenLatency += c.decode();
        all.add(c);
    }
    out.requestSeconds = out.timeToFirstToken + static_cast<double>(out.outputTokens) * out.interTokenLatency;
    if (out.interTokenLatency > 0) {
        out.replicaTokensPerSecond = in.B / out.interTokenLatency;
        out.groupTokensPerSecond = out.replicaTokensPerSecond * static_cast<double>(out.replicas);
    }
    explainServing(out, in, all);
    return out;
}

Json servingPerformanceToJson(const ServingPerformance& s)
{
    return {{"promptTokens", s.promptTokens},
            {"outputTokens", s.outputTokens},
            {"batchPerReplica", s.batch},
            {"replicas", s.replicas},
            {"timeToFirstTokenSeconds", s.timeToFirstToken},
            {"interTokenLatencySeconds", s.interTokenLatency},
            {"requestSeconds", s.requestSeconds},
            {"replicaTokensPerSecond", s.replicaTokensPerSecond},
            {"tokensPerSecond", s.groupTokensPerSecond},
            {"decodeMemoryBound", s.decodeMemoryBound},
            {"decodeBytesPerStep", s.decodeBytesPerStep},
            {"explanations",
             {{"timeToFirstToken", explanationToJson(s.ttft)},
              {"interTokenLatency", explanationToJson(s.itl)},
              {"tokensPerSecond", explanationToJson(s.throughput)}}}};
}

} // namespace core
