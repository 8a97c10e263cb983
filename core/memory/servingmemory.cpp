// SPDX-License-Identifier: GPL-3.0-or-later
// A serving rank's memory (memory.h): resident weights, the KV cache of the concurrent sequences, the
// engine's workspace, communication buffers and the reserve the engine leaves free, after vLLM's way of
// sizing them; and how many sequences of the design's context fit next to the weights.

#include "base/diagnostic.h"
#include "catalog/model.h"
#include "framework/frameworkprofile.h"
#include "memory/memoryroles.h"
#include "memory/modelshard.h"

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

// The resident weights: the rank's shard in the serving precision.
MemoryFigure weightsFigure(const RankShard& shard, double weightBytes)
{
    Explanation why;
    why.formula = MW_TR_NOOP("Explanations", "Ψ_rank × bytes per weight");
    why.input(MW_TR_NOOP("Explanations", "Ψ_rank (this rank's TP/PP/EP shard)"), shard.total())
        .input(MW_TR_NOOP("Explanations", "bytes per weight"), weightBytes, "bytes");
    why.source
        = "The reference article: 70B in BF16 = 140 GB of weights; Megatron-LM most-loaded-shard accounting";
    return figure(shard.total() * weightBytes, std::move(why));
}
} // namespace

ServingPerRank servingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role)
{
    const Design& d = ctx.design;
    const ModelArchitecture& m = d.model;
    const ParallelLayout& l = d.layout;
    const Workload& w = d.workload;
    const double t = std::max(l.tp(), 1);
    const double h = static_cast<double>(m.hidden);
    role.layers = shard.layers;

    role.figure(MemoryCategory::Parameters) = weightsFigure(shard, weightBytesForServing(w.precision));

    // KV cache (the reference article, «Memory Budgets für Training und Inference»): 2 × layers × KV heads ×
    // head dim × bytes per value, per token. TP splits the KV heads and replicates them once TP exceeds them
    // (vLLM); MLA's latent is replicated on every TP rank.
    const double kvBytes = w.serving.kvDtype == KvDtype::Fp8 ? 1.0 : 2.0;
    double perLayer = 0;
    std::string split;
    if (m.attention == AttentionKind::Mla) {
        perLayer = kvElementsPerTokenPerLayer(m) * kvBytes;
        split = MW_TR_NOOP("Explanations", "MLA latent, replicated over TP");
    } else {
        const double headsPerRank = std::ceil(static_cast<double>(m.kvHeads) / t);
        perLayer = 2.0 * headsPerRank * static_cast<double>(m.headDim) * kvBytes;
        split = MW_TR_NOOP("Explanations", "KV heads per rank = ⌈KV heads / TP⌉");
    }
    ServingPerRank result;
    result.kvBytesPerToken = perLayer * shard.layers;
    const double tokens = static_cast<double>(w.serving.contextLength) / std::max(l.cp(), 1);
    if (m.slidingWindow.any() && tokens > 0) {
        // A sliding-window layer keeps at most the window's tokens (Mistral 7B, arXiv:2310.06825 §2, the
        // rolling buffer cache; vLLM allocates sliding-window layers' blocks for the window only): the bytes
        // per context token are the mean over this rank's layers.
        const std::vector<StageLayers> stages = stageLayers(d);
        double kvTokens = 0;
        for (int stage : shard.stages) {
            const StageLayers& layers = stages[static_cast<std::size_t>(stage)];
            kvTokens += kvTokensOfLayers(m, layers.firstLayer, layers.layers, tokens);
        }
        result.kvBytesPerToken = perLayer * kvTokens / tokens;
    }
    Explanation kvWhy;
    kvWhy.formula = MW_TR_NOOP(
        "Explanations",
        "layers × 2 × KV heads per rank × head dim × bytes per value × context × concurrent sequences");
    kvWhy.input(MW_TR_NOOP("Explanations", "layers on this rank"), shard.layers)
        .input(MW_TR_NOOP("Explanations", "KV bytes per token and layer on this rank"), perLayer, "bytes")
        .input(MW_TR_NOOP("Explanations", "context per sequence (÷ CP)"), tokens, "tokens")
        .input(MW_TR_NOOP("Explanations", "concurrent sequences"), w.serving.concurrency);
    kvWhy.source = kKvSource;
    kvWhy.note = split;
    if (m.slidingWindow.any()) {
        kvWhy.input(MW_TR_NOOP("Explanations", "W (sliding window)"), m.slidingWindow.tokens, "tokens");
        kvWhy.note += std::string("; ")
            + MW_TR_NOOP("Explanations",
                         "sliding-window layers hold at most W tokens (Mistral 7B, arXiv:2310.06825 §2)");
    }
    role.figure(MemoryCategory::KvCache)
        = figure(result.kvBytesPerToken * tokens * w.serving.concurrency, std::move(kvWhy));

    // Workspace: the activation peak of the forward pass the engine profiles at start-up (vLLM worker
    // profile_run: a batch of max_num_batched_tokens over max_num_seqs sequences), and its sampler's FP32
    // logits, probabilities and log-probabilities of those sequences (vLLM Sampler: softmax and log_softmax
    // in float32). max_num_seqs is the design's concurrent sequences: the launch export passes them as
    // --max-num-seqs (launch/launchserving.cpp), and no batch holds more sequences than tokens. SGLang keeps
    // its activations in the share of the device it leaves free, so its workspace is in the reserve.
    const FrameworkProfile& engine = frameworkProfile(d);
    const double q = static_cast<double>(m.heads) * static_cast<double>(m.headDim);
    const double kv = m.attention == AttentionKind::Mla
        ? q
        : static_cast<double>(m.kvHeads) * static_cast<double>(m.headDim);
    const double mlpWidth = (m.mlp == MlpKind::Gated ? 3.0 : 2.0)
        * (m.moe.isMoe() ? m.moe.topK * static_cast<double>(m.moe.expertFfn) : static_cast<double>(m.ffn));
    const double perToken = 4.0 * h + 2.0 * (2.0 * q + 2.0 * kv) / t + 2.0 * mlpWidth / t;
    const double tokensPlanned = engine.profileTokensOn(role.capacityBytes, role.gpuType);
    const double sequences = std::min(static_cast<double>(std::max(w.serving.concurrency, 1)), tokensPlanned);
    const double logits
        = shard.hasOutputHead ? 3.0 * 4.0 * sequences * static_cast<double>(paddedVocab(d)) : 0.0;
    Explanation workWhy;
    workWhy.formula
        = MW_TR_NOOP("Explanations",
                     "profiled tokens × live bytes per token in one layer + 3 × sequences × V × 4 "
                     "(FP32 logits, probabilities, log-probabilities)");
    workWhy
        .input(MW_TR_NOOP("Explanations", "profiled tokens (max_num_batched_tokens)"), tokensPlanned,
               "tokens")
        .input(MW_TR_NOOP("Explanations", "live bytes per token"), perToken, "bytes")
        .input(MW_TR_NOOP("Explanations", "profiled sequences (max_num_seqs = concurrent sequences)"),
               sequences)
        .input(MW_TR_NOOP("Explanations", "sampler buffers"), logits, "bytes");
    workWhy.source = engine.version + ": " + engine.memorySource;
    if (tokensPlanned <= 0)
        workWhy.note = MW_TR_NOOP(
            "Explanations",
            "The engine keeps its activations in the share of the device it leaves free (the reserve).");
    role.figure(MemoryCategory::Workspace)
        = figure(tokensPlanned > 0 ? tokensPlanned * perToken + logits : 0.0, std::move(workWhy));

    // Memory outside PyTorch's allocator: the CUDA context, and with TP NCCL's and the custom all-reduce's
    // buffers, as the engine's start-up log measures it.
    const bool parallel = l.tp() > 1 || l.pp() > 1 || l.ep() > 1;
    const double nonTorch = parallel ? engine.nonTorchBytesTp : engine.nonTorchBytes;
    Explanation commWhy;
    commWhy.formula = parallel ? MW_TR_NOOP("Explanations", "non-torch memory with tensor parallelism")
                               : MW_TR_NOOP("Explanations", "non-torch memory of one GPU");
    commWhy.input(MW_TR_NOOP("Explanations", "non-torch memory"), nonTorch, "bytes");
    commWhy.source = engine.memorySource;
    role.figure(MemoryCategory::Communication) = figure(nonTorch, std::move(commWhy));

    const double utilization = engine.utilization(l.tp());
    Explanation reserveWhy;
    reserveWhy.formula = MW_TR_NOOP("Explanations", "(1 − the engine's share of the device) × capacity");
    reserveWhy.input(MW_TR_NOOP("Explanations", "share of the device"), utilization)
        .input(MW_TR_NOOP("Explanations", "capacity"), role.capacityBytes, "bytes");
    reserveWhy.source = engine.source;
    role.figure(MemoryCategory::Reserve) = figure((1.0 - utilization) * role.capacityBytes, std::move(reserveWhy));
    return result;
}

namespace {

// Whole KV blocks in `free` bytes (vLLM: num_gpu_blocks = available memory ÷ (block_size × KV bytes per
// token)), and the sequences of `tokens` each they hold (maximum concurrency = blocks × block_size ÷ tokens).
std::int64_t kvBlocks(const FrameworkProfile& engine, double free, double kvBytesPerToken)
{
    return static_cast<std::int64_t>(
        std::floor(std::max(0.0, free) / (std::max(1, engine.kvBlockTokens) * kvBytesPerToken)));
}

double sequencesInBlocks(const FrameworkProfile& engine, std::int64_t blocks, double tokens)
{
    return static_cast<double>(blocks) * std::max(1, engine.kvBlockTokens) / tokens;
}

} // namespace

// The KV cache of one sequence on the fullest rank, and how many sequences fit on every rank of a replica:
// what is left of the capacity next to the weights, the workspace, the buffers and the reserve, divided by
// one sequence's cache, on the rank that fits the fewest.
void servingFit(const Design& design, const std::map<int, ServingPerRank>& serving, MemoryReport& report)
{
    const FrameworkProfile& engine = frameworkProfile(design);
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
        const auto n = static_cast<std::int64_t>(std::floor(
            sequencesInBlocks(engine, kvBlocks(engine, free, serving.at(role.ppRank).kvBytesPerToken), tokens)));
        if (!fit || n < *fit) {
            fit = n;
            limiting = &role;
            limitingFree = free;
        }
    }
    report.maxConcurrentSequences = fit;
    if (fullest) {
        Explanation& why = report.kvBytesPerSequenceExplanation;
        why.formula = MW_TR_NOOP("Explanations", "KV bytes per token on the fullest rank × context ÷ CP");
        why.input(MW_TR_NOOP("Explanations", "KV bytes per token on the fullest pipeline rank"),
                  serving.at(fullest->ppRank).kvBytesPerToken, "bytes")
            .input(MW_TR_NOOP("Explanations", "fullest pipeline rank"), fullest->ppRank)
            .input(MW_TR_NOOP("Explanations", "layers on that rank"), fullest->layers)
            .input(MW_TR_NOOP("Explanations", "context per sequence (÷ CP)"), tokens, "tokens");
        why.source = kKvSource;
        why.note
            = MW_TR_NOOP("Explanations",
                         "KV heads are split over TP (replicated once TP exceeds them) and layers over PP.");
    }
    if (limiting) {
        const double perSequence = serving.at(limiting->ppRank).kvBytesPerToken * tokens;
        Explanation& why = report.maxConcurrentSequencesExplanation;
        why.formula = MW_TR_NOOP(
            "Explanations",
            "min over ranks ⌊(capacity − weights − workspace − non-torch − reserve) ÷ KV bytes per "
            "sequence⌋, counted in whole KV blocks of the engine's block tokens");
        why.input(MW_TR_NOOP("Explanations", "capacity of the limiting rank"), limiting->capacityBytes,
                  "bytes")
            .input(MW_TR_NOOP("Explanations", "left for the KV cache"), limitingFree, "bytes")
            .input(MW_TR_NOOP("Explanations", "KV block (tokens)"), engine.kvBlockTokens)
            .input(MW_TR_NOOP("Explanations", "KV bytes per sequence on that rank"), perSequence, "bytes")
            .input(MW_TR_NOOP("Explanations", "limiting pipeline rank"), limiting->ppRank);
        why.source = std::string(kKvSource) + "; " + engine.name + ": " + engine.memorySource;

        ServingBudget budget;
        budget.engine = engine.version;
        budget.totalBytes = limiting->capacityBytes;
        budget.utilization = engine.utilization(design.layout.tp());
        budget.usableBytes = budget.totalBytes * budget.utilization;
        budget.weightsBytes = limiting->figure(MemoryCategory::Parameters).bytes;
        budget.nonTorchBytes = limiting->figure(MemoryCategory::Communication).bytes;
        budget.activationBytes = limiting->figure(MemoryCategory::Workspace).bytes;
        budget.kvCacheBytes = std::max(0.0, limitingFree);
        budget.blockTokens = std::max(1, engine.kvBlockTokens);
        const double kvPerToken = serving.at(limiting->ppRank).kvBytesPerToken;
        budget.blocks = kvBlocks(engine, budget.kvCacheBytes, kvPerToken);
        budget.maxConcurrency = sequencesInBlocks(engine, budget.blocks, tokens);
        report.servingBudget = budget;
    }
}

} // namespace core::memoryroles
