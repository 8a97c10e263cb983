// SPDX-License-Identifier: GPL-3.0-or-later
// A serving rank's memory (memory.h): resident weights, the KV cache of the concurrent sequences, the
// engine's workspace, communication buffers and the reserve the engine leaves free, after vLLM's way of
// sizing them; and how many sequences of the design's context fit next to the weights.

#include "catalog/model.h"
#include "memory/memoryroles.h"

#include <algorithm>
#include <cmath>

namespace core::memoryroles {

namespace {

// The reference article («Memory Budgets für Training und Inference») states the KV cache per token.
constexpr const char* kKvSource
    = "The reference article: KV bytes per token = 2 × layers × KV heads × head dimension × bytes per value";

double weightBytesForServing(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return 4;
    case Precision::Fp8:
        return 1;
    default:
        return 2;
    }
}

} // namespace

ServingPerRank servingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role)
{
    const Design& d = ctx.design;
    const ModelArchitecture& m = d.model;
    const ParallelLayout& l = d.layout;
    const Workload& w = d.workload;
    const MemoryAssumptions& a = ctx.assumptions;
    const double t = std::max(l.tp(), 1);
    const double h = static_cast<double>(m.hidden);
    role.layers = shard.layers;

    const double weightBytes = weightBytesForServing(w.precision);
    Explanation weightsWhy;
    weightsWhy.formula = "Ψ_rank × bytes per weight";
    weightsWhy.input("Ψ_rank (this rank's TP/PP/EP shard)", shard.total())
        .input("bytes per weight", weightBytes, "bytes");
    weightsWhy.source
        = "The reference article: 70B in BF16 = 140 GB of weights; Megatron-LM most-loaded-shard accounting";
    role.figure(MemoryCategory::Parameters) = figure(shard.total() * weightBytes, std::move(weightsWhy));

    // KV cache (the reference article, «Memory Budgets für Training und Inference»): 2 × layers × KV heads ×
    // head dim × bytes per value, per token. TP splits the KV heads and replicates them once TP exceeds them
    // (vLLM); MLA's latent is replicated on every TP rank.
    const double kvBytes = w.serving.kvDtype == KvDtype::Fp8 ? 1.0 : 2.0;
    double perLayer = 0;
    std::string split;
    if (m.attention == AttentionKind::Mla) {
        perLayer = kvElementsPerTokenPerLayer(m) * kvBytes;
        split = "MLA latent, replicated over TP";
    } else {
        const double headsPerRank = std::ceil(static_cast<double>(m.kvHeads) / t);
        perLayer = 2.0 * headsPerRank * static_cast<double>(m.headDim) * kvBytes;
        split = "KV heads per rank = ⌈KV heads / TP⌉";
    }
    ServingPerRank result;
    result.kvBytesPerToken = perLayer * shard.layers;
    const double tokens = static_cast<double>(w.serving.contextLength) / std::max(l.cp(), 1);
    Explanation kvWhy;
    kvWhy.formula
        = "layers × 2 × KV heads per rank × head dim × bytes per value × context × concurrent sequences";
    kvWhy.input("layers on this rank", shard.layers)
        .input("KV bytes per token and layer on this rank", perLayer, "bytes")
        .input("context per sequence (÷ CP)", tokens, "tokens")
        .input("concurrent sequences", w.serving.concurrency);
    kvWhy.source = kKvSource;
    kvWhy.note = split;
    role.figure(MemoryCategory::KvCache)
        = figure(result.kvBytesPerToken * tokens * w.serving.concurrency, std::move(kvWhy));

    // Workspace: one forward pass of the planned batch of tokens, and the FP32 logits of the sequences
    // sampled in one decode step.
    const double q = static_cast<double>(m.heads) * static_cast<double>(m.headDim);
    const double kv = m.attention == AttentionKind::Mla
        ? q
        : static_cast<double>(m.kvHeads) * static_cast<double>(m.headDim);
    const double mlpWidth = (m.mlp == MlpKind::Gated ? 3.0 : 2.0)
        * (m.moe.isMoe() ? m.moe.topK * static_cast<double>(m.moe.expertFfn) : static_cast<double>(m.ffn));
    const double perToken = 4.0 * h + 2.0 * (2.0 * q + 2.0 * kv) / t + 2.0 * mlpWidth / t;
    const double tokensPlanned = std::min(a.servingBatchTokens, tokens * w.serving.concurrency);
    const double logits = shard.hasOutputHead
        ? 4.0 * w.serving.concurrency * static_cast<double>(paddedVocab(m.vocab, l.tp())) / t
        : 0.0;
    Explanation workWhy;
    workWhy.formula
        = "planned tokens × live bytes per token in one layer + sequences × V/t × 4 (FP32 logits)";
    workWhy.input("planned tokens per forward pass", tokensPlanned, "tokens")
        .input("live bytes per token", perToken, "bytes")
        .input("logits", logits, "bytes");
    workWhy.source = "vLLM profiles one forward pass of max_num_batched_tokens (worker profile_run)";
    role.figure(MemoryCategory::Workspace) = figure(tokensPlanned * perToken + logits, std::move(workWhy));

    role.figure(MemoryCategory::Communication) = communicationFigure(l, a, 0, {});
    Explanation reserveWhy;
    reserveWhy.formula = "(1 − gpu_memory_utilization) × capacity";
    reserveWhy.input("gpu_memory_utilization", a.servingMemoryUtilization)
        .input("capacity", role.capacityBytes, "bytes");
    reserveWhy.source = "vLLM EngineArgs gpu_memory_utilization (default 0.9)";
    role.figure(MemoryCategory::Reserve)
        = figure((1.0 - a.servingMemoryUtilization) * role.capacityBytes, std::move(reserveWhy));
    return result;
}

// The KV cache of one sequence on the fullest rank, and how many sequences fit on every rank of a replica:
// what is left of the capacity next to the weights, the workspace, the buffers and the reserve, divided by
// one sequence's cache, on the rank that fits the fewest.
void servingFit(const Design& design, const std::map<int, ServingPerRank>& serving, MemoryReport& report)
{
    const double tokens
        = static_cast<double>(design.workload.serving.contextLength) / std::max(design.layout.cp(), 1);
    const RankRole* fullest = nullptr;
    const RankRole* limiting = nullptr;
    double limitingFree = 0;
    std::optional<std::int64_t> fit;
    for (const RankRole& role : report.roles) {
        const double perSequence = serving.at(role.ppRank).kvBytesPerToken * tokens;
        if (!fullest || perSequence > report.kvBytesPerSequence) {
            report.kvBytesPerSequence = perSequence;
            fullest = &role;
        }
        if (perSequence <= 0)
            continue;
        const double free
            = role.capacityBytes - (role.totalBytes - role.figure(MemoryCategory::KvCache).bytes);
        const auto n = static_cast<std::int64_t>(std::max(0.0, std::floor(free / perSequence)));
        if (!fit || n < *fit) {
            fit = n;
            limiting = &role;
            limitingFree = free;
        }
    }
    report.maxConcurrentSequences = fit;
    if (fullest) {
        Explanation& why = report.kvBytesPerSequenceExplanation;
        why.formula = "KV bytes per token on the fullest rank × context ÷ CP";
        why.input("KV bytes per token on pipeline rank " + std::to_string(fullest->ppRank),
                  serving.at(fullest->ppRank).kvBytesPerToken, "bytes")
            .input("layers on that rank", fullest->layers)
            .input("context per sequence (÷ CP)", tokens, "tokens");
        why.source = kKvSource;
        why.note = "KV heads are split over TP (replicated once TP exceeds them) and layers over PP.";
    }
    if (limiting) {
        const double perSequence = serving.at(limiting->ppRank).kvBytesPerToken * tokens;
        Explanation& why = report.maxConcurrentSequencesExplanation;
        why.formula = "min over ranks ⌊(capacity − weights − workspace − communication − reserve) ÷ KV bytes "
                      "per sequence⌋";
        why.input("capacity of the limiting rank", limiting->capacityBytes, "bytes")
            .input("left for the KV cache", limitingFree, "bytes")
            .input("KV bytes per sequence on that rank", perSequence, "bytes")
            .input("limiting pipeline rank", limiting->ppRank);
        why.source = std::string(kKvSource)
            + "; vLLM sizes its KV cache from the memory left after profiling one forward pass "
              "(gpu_memory_utilization)";
    }
}

} // namespace core::memoryroles
