// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/servingperformance.h"

#include <algorithm>
#include <cmath>

#include "evaluate.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "pipeline/stagetime.h"

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
};

} // namespace

std::optional<ServingPerformance> estimateServing(const Design& design, const Evaluation& evaluation,
                                                  const Catalog& catalog)
{
    if (design.workload.mode != Mode::Serving || !evaluation.valid() || !evaluation.memory
        || evaluation.ranks.empty() || evaluation.ranks.front().nodeIndex < 0)
        return std::nullopt;
    const ModelArchitecture& m = design.model;
    const ParallelLayout& l = design.layout;
    const ServingWorkload& w = design.workload.serving;
    const RankInfo& first = evaluation.ranks.front();
    const std::string& gpuType
        = design.cluster.nodes[static_cast<std::size_t>(first.nodeIndex)].gpus[static_cast<std::size_t>(first.slot)].type;
    const GpuSpec* gpu = catalog.gpu(gpuType);
    if (!gpu || gpu->bf16Flops <= 0 || gpu->hbmBandwidth <= 0)
        return std::nullopt;

    ServingPerformance out;
    out.promptTokens = w.promptTokens();
    out.outputTokens = w.outputLength;
    out.batch = w.concurrency;
    out.replicas = l.batchReplicas();
    const double P = static_cast<double>(out.promptTokens);
    const double B = out.batch;
    const double meanContext = P + static_cast<double>(out.outputTokens) / 2;
    const int tp = l.tp(), cp = l.cp();
    const double h = static_cast<double>(m.hidden);
    const double activationBytes = 2; // BF16 activations between GPUs
    const double efficiency = design.compute.efficiency(h / tp, gpuType);
    const double flopRate = gpu->bf16Flops * efficiency;
    const double weightBytes = stateBytesPerParameter(design.workload.precision, design.workload.optimizer).weights;

    const GroupLinks tpLinks = groupLinks(design, evaluation, catalog, evaluation.mesh.groupOfRank(Dim::Tp, 0));
    const GroupLinks epLinks = groupLinks(design, evaluation, catalog, evaluation.mesh.groupOfRank(Dim::Ep, 0));
    const std::vector<int>& pipeline = evaluation.mesh.groupOfRank(Dim::Pp, 0);

    const std::vector<int> stageLayers = layersOfStages(m, l);
    const int p = l.pp();
    std::vector<StageCost> stages(static_cast<std::size_t>(p));
    double worstDecode = -1;
    for (int r = 0; r < p; ++r) {
        StageCost& c = stages[static_cast<std::size_t>(r)];
        const RankShard shard = rankShard(design, r);
        // Compute: every layer of the stage (all its virtual chunks), the output head on the last.
        for (int stage : shard.stages) {
            int firstLayer = 0;
            for (int s = 0; s < stage; ++s)
                firstLayer += stageLayers[static_cast<std::size_t>(s)];
            for (int i = 0; i < stageLayers[static_cast<std::size_t>(stage)]; ++i) {
                const int layer = firstLayer + i;
                const LayerFlops prefill
                    = layerForwardFlops(m, layer, out.promptTokens, 1, tp, cp, l.effectiveExpertTp());
                c.prefillCompute += prefill.total() / flopRate;
                // Decode: one new token per sequence; attention reads the whole cached context.
                const LayerFlops step = layerForwardFlops(m, layer, 1, out.batch, tp, 1, l.effectiveExpertTp());
                const double attention
                    = 4 * B * meanContext * m.heads * static_cast<double>(m.headDim) / (tp * cp);
                c.decodeCompute += (step.linear + attention) / flopRate;
                const double tpAllReduces = 2; // attention output and MLP output (Megatron's row-parallel layers)
                c.prefillComm += tpAllReduces * collectiveSeconds(CollectiveOp::AllReduce, tp, P / cp * h * activationBytes, tpLinks);
                c.decodeComm += tpAllReduces * collectiveSeconds(CollectiveOp::AllReduce, tp, B * h * activationBytes, tpLinks);
                if (m.isMoeLayer(layer) && l.ep() > 1) {
                    const double k = m.moe.topK;
                    c.prefillComm += 2 * collectiveSeconds(CollectiveOp::AllToAll, l.ep(), P * k * h * activationBytes, epLinks);
                    c.decodeComm += 2 * collectiveSeconds(CollectiveOp::AllToAll, l.ep(), B * k * h * activationBytes, epLinks);
                }
            }
        }
        if (shard.hasOutputHead) {
            const double head = 2 * h * static_cast<double>(m.vocab) / tp; // logits of the last token only
            c.prefillCompute += head / flopRate;
            c.decodeCompute += B * head / flopRate;
        }
        // Memory: the weights once per forward; decode also the KV cache of the batch.
        const double experts = m.moe.isMoe() ? expertsTouched(m.moe.experts, m.moe.topK, B) / m.moe.experts : 1;
        const double weights = (shard.dense + shard.expert * std::min(experts, 1.0)) * weightBytes;
        double kvPerTokenSequence = 0; // this stage's KV bytes per token of one sequence, on one GPU
        for (const RankRole& role : evaluation.memory->roles)
            if (role.ppRank == r && w.concurrency > 0 && w.contextLength > 0)
                kvPerTokenSequence = std::max(kvPerTokenSequence,
                                              role.figure(MemoryCategory::KvCache).bytes
                                                  / (static_cast<double>(w.concurrency) * static_cast<double>(w.contextLength)));
        c.prefillMemory = (shard.dense + shard.expert) * weightBytes / gpu->hbmBandwidth;
        c.decodeBytes = weights + B * meanContext * kvPerTokenSequence;
        c.decodeMemory = c.decodeBytes / gpu->hbmBandwidth;
        // The activation to the next stage.
        if (r + 1 < p) {
            const GroupLinks pair = groupLinks(design, evaluation, catalog,
                                               {pipeline[static_cast<std::size_t>(r)], pipeline[static_cast<std::size_t>(r + 1)]});
            c.prefillComm += collectiveSeconds(CollectiveOp::SendRecv, 2, P / (tp * cp) * h * activationBytes, pair);
            c.decodeComm += collectiveSeconds(CollectiveOp::SendRecv, 2, B / tp * h * activationBytes, pair);
        }
        if (c.decode() > worstDecode) {
            worstDecode = c.decode();
            out.decodeMemoryBound = c.decodeMemory >= c.decodeCompute;
            out.decodeBytesPerStep = c.decodeBytes;
        }
    }
    double prefillCompute = 0, prefillMemory = 0, prefillComm = 0, decodeCompute = 0, decodeMemory = 0, decodeComm = 0;
    for (const StageCost& c : stages) {
        out.timeToFirstToken += c.prefill();
        out.interTokenLatency += c.decode();
        prefillCompute += c.prefillCompute;
        prefillMemory += c.prefillMemory;
        prefillComm += c.prefillComm;
        decodeCompute += c.decodeCompute;
        decodeMemory += c.decodeMemory;
        decodeComm += c.decodeComm;
    }
    out.requestSeconds = out.timeToFirstToken + static_cast<double>(out.outputTokens) * out.interTokenLatency;
    if (out.interTokenLatency > 0) {
        out.replicaTokensPerSecond = B / out.interTokenLatency;
        out.groupTokensPerSecond = out.replicaTokensPerSecond * static_cast<double>(out.replicas);
    }

    out.ttft.formula = "Σ stages [max(prefill FLOPs / (peak × η), weights / HBM) + TP all-reduces + send]";
    out.ttft.input("prompt tokens P", P, "tokens")
        .input("compute, all stages", prefillCompute, "s")
        .input("weight reads, all stages", prefillMemory, "s")
        .input("communication", prefillComm, "s")
        .input("GEMM efficiency η", efficiency);
    out.ttft.source = "Megatron's layer FLOPs (stagetime.h); one prompt on an idle replica";
    out.itl.formula = "Σ stages [max(decode FLOPs / (peak × η), (weights + B × context × KV per token) / HBM) "
                      "+ TP all-reduces + EP all-to-all + send]";
    out.itl.input("sequences in flight B", B, "sequences")
        .input("mean context P + O/2", meanContext, "tokens")
        .input("compute, all stages", decodeCompute, "s")
        .input("memory reads, all stages", decodeMemory, "s")
        .input("communication", decodeComm, "s")
        .input("bytes read per step, slowest stage", out.decodeBytesPerStep, "bytes");
    out.itl.source = "the decode roofline: each step reads every weight and the batch's KV cache once";
    out.itl.note = out.decodeMemoryBound ? "memory-bound: more sequences per step cost little until compute binds"
                                         : "compute-bound at this batch";
    out.throughput.formula = "replicas × B / inter-token latency";
    out.throughput.input("replicas", static_cast<double>(out.replicas))
        .input("sequences per replica B", B, "sequences")
        .input("inter-token latency", out.interTokenLatency, "s");
    out.throughput.source = "seed 2: report the throughput of the whole serving group";
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
