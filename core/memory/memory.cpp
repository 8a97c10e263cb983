// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/memory.h"

#include "memory/activations.h"
#include "base/diagnostickinds.h"
#include "memory/modelshard.h"
#include "pipeline/pipelineschedule.h"
#include "design/layoutarithmetic.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace core {

namespace {

constexpr const char* kZeroSource = "Rajbhandari et al., ZeRO (SC 2020), §5 and Figure 1; the seed's table";
constexpr const char* kKorthikantiSource
    = "Korthikanti et al., Reducing Activation Recomputation (MLSys 2023), §4, Table 2";

MemoryFigure figure(double bytes, Explanation why)
{
    return {bytes, std::move(why)};
}

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

// Communicators a rank belongs to: one per parallel dimension whose groups have more than one rank.
int communicatorCount(const ParallelLayout& layout)
{
    int count = 0;
    for (Dim dim : kAllDims)
        count += layout.degree(dim) > 1 ? 1 : 0;
    return count;
}

MemoryFigure communicationFigure(const ParallelLayout& layout, const MemoryAssumptions& a, double extra,
                                 const std::string& extraText)
{
    const int communicators = communicatorCount(layout);
    const double nccl = communicators * a.ncclBytesPerCommunicator;
    Explanation why;
    why.formula
        = "communicators × NCCL buffers per communicator" + std::string(extra > 0 ? " + " + extraText : "");
    why.input("communicators (dimensions with groups > 1)", communicators)
        .input("NCCL buffers per communicator", a.ncclBytesPerCommunicator, "bytes");
    if (extra > 0)
        why.input(extraText, extra, "bytes");
    why.source
        = "NCCL_BUFFSIZE = 4 MiB per channel (NCCL environment variables); PyTorch DDP bucket_cap_mb = 25";
    return figure(nccl + extra, std::move(why));
}

} // namespace

StateBytes stateBytesPerParameter(Precision precision, Optimizer optimizer)
{
    // Adam keeps two FP32 moments (8 bytes); SGD with momentum one (4 bytes).
    const double moments = optimizer == Optimizer::SgdMomentum ? 4.0 : 8.0;
    switch (precision) {
    case Precision::Bf16Mixed:
        return {2, 2, 4 + moments}; // ZeRO: 16-bit weights and gradients, FP32 master + moments
    case Precision::MegatronBf16:
        return {2, 4, 4 + moments}; // Megatron: FP32 main gradients (dist_optimizer.md: 18)
    case Precision::Fp32:
        return {4, 4, moments}; // no master copy (dist_optimizer.md: 16)
    case Precision::Fp8:
        return {1, 2, 4 + moments}; // Transformer Engine fp8_model_init: FP8 weights, FP32 master
    }
    return {2, 2, 4 + moments};
}

ModelStates modelStates(double parameters, int zeroStage, int shardRanks, const StateBytes& bytes,
                        bool reshardAfterForward)
{
    const double n = std::max(shardRanks, 1);
    ModelStates s;
    const bool shardOptimizer = zeroStage >= 1;
    const bool shardGradients = zeroStage >= 2;
    const bool shardWeights = zeroStage >= 3 && reshardAfterForward;
    s.weights = parameters * bytes.weights / (shardWeights ? n : 1.0);
    s.gradients = parameters * bytes.gradients / (shardGradients ? n : 1.0);
    s.optimizer = parameters * bytes.optimizer / (shardOptimizer ? n : 1.0);
    s.replicated = (shardWeights ? 0 : s.weights) + (shardGradients ? 0 : s.gradients)
        + (shardOptimizer ? 0 : s.optimizer);
    s.sharded = s.total() - s.replicated;
    return s;
}

ModelStates& ModelStates::operator+=(const ModelStates& other)
{
    weights += other.weights;
    gradients += other.gradients;
    optimizer += other.optimizer;
    replicated += other.replicated;
    sharded += other.sharded;
    return *this;
}

MemoryCategory RankRole::largest() const
{
    MemoryCategory best = MemoryCategory::Parameters;
    for (std::size_t c = 0; c < figures.size(); ++c) {
        const auto category = static_cast<MemoryCategory>(c);
        if (category != MemoryCategory::Reserve && figures[c].bytes > figure(best).bytes)
            best = category;
    }
    return best;
}

double inFlightMicroBatches(const Design& design, int ppRank, std::int64_t microBatches)
{
    const ParallelLayout& layout = design.layout;
    const int p = std::max(layout.pp(), 1);
    const int v = std::max(layout.virtualStages, 1);
    const double m = static_cast<double>(std::max<std::int64_t>(microBatches, 1));
    const int r = std::clamp(ppRank, 0, p - 1);
    if (p == 1)
        return 1; // gradient accumulation: each micro-batch's backward frees its activations
    switch (layout.schedule) {
    case Schedule::GPipe:
        return m; // every forward runs before the first backward
    case Schedule::OneFOneB:
        return std::min<double>(p - r, m); // warm-up p − r − 1, then one more before the first backward
    case Schedule::Interleaved: {
        // Megatron-LM: the warm-up forwards plus the one that precedes the first backward, each one chunk
        // (1/v of the rank's layers); on rank 0 that is p·(1 + (p−1)/(p·v)) stage-equivalents
        // (Korthikanti et al. §4.2.3).
        ScheduleSpec spec;
        spec.kind = Schedule::Interleaved;
        spec.ranks = p;
        spec.microBatches = static_cast<int>(std::min<double>(m, 1 << 30));
        spec.virtualStages = v;
        const int warmup = warmupForwards(spec, r).value_or(0);
        return std::min<double>(warmup + 1, m * v) / v;
    }
    // The split schedules hold a micro-batch from its forward until its weight-gradient pass W: W needs
    // the inputs of the linear layers and their output gradients, so the input-gradient pass cannot free
    // the micro-batch. Counting it whole until W is the ZB paper's p·M_B for ZB-H1 (Qi et al. 2023,
    // Table 1) and RankTimeline::peakInFlightToWeightGrad, which the memory-over-time curve follows;
    // tst_memory compares the two over a grid of p and m.
    case Schedule::ZbH1:
        return std::min<double>(p, m); // F→W: min(p, m) on every rank (reference §2, case 7)
    case Schedule::ZbV:
        // Chunks of half a stage. Torch's ZB-V order holds 2p of them once m ≥ 2p − 1 (reference §2, case
        // 9); with fewer micro-batches rank r reaches m + r + 1, at most 2m [derived from the order].
        return std::min({2.0 * p, 2.0 * m, m + r + 1.0}) / 2.0;
    case Schedule::DualPipeV:
        return std::min<double>(2.0 * p + 1.0, 2.0 * m) / 2.0; // PP + 1 chunks (DualPipe README)
    }
    return std::min<double>(p - r, m);
}

namespace {

struct RoleContext
{
    const Design& design;
    const MemoryAssumptions& assumptions;
    std::int64_t microBatches;
};

// Korthikanti et al.'s closed form (Table 2) of the configuration in use, written for their GPT layer; the
// figure itself generalises it term by term (activations.h). FlashAttention keeps a 4-byte log-sum-exp
// per head and query instead of the 5as/h score terms; selective recomputation keeps neither.
std::string activationFormText(const ActivationConfig& c)
{
    const bool tp = c.tp > 1;
    if (c.recompute == Recompute::Full)
        return c.sequenceParallel ? "2·s·b·h/t (the layer input only)" : "2·s·b·h (the layer input only)";
    std::string text = "s·b·h·(";
    text += !tp ? "34" : c.sequenceParallel ? "34/t" : "10 + 24/t";
    if (c.recompute != Recompute::Selective) {
        text += " + ";
        text += c.flashAttention ? "4a" : "5as";
        text += tp ? "/(ht)" : "/h";
    }
    text += ")";
    return text;
}

// One rank's model states at a ZeRO stage, as the bars and the ZeRO view both count them: dense and expert
// parameters each sharded over their own data-parallel group (modelshard.h), FSDP2's reshard_after_forward
// as designed, and the optimizer states moved to CPU memory when offloaded.
struct RankStates
{
    ModelStates onGpu; // dense + expert, without an offloaded optimizer
    double offloaded = 0; // optimizer bytes in CPU memory
};

RankStates rankStates(const Design& design, const RankShard& shard, int zeroStage)
{
    const ParallelLayout& l = design.layout;
    const StateBytes bytes = stateBytesPerParameter(design.workload.precision, design.workload.optimizer);
    RankStates s;
    s.onGpu = modelStates(shard.dense, zeroStage, denseShardGroup(l), bytes, l.reshardAfterForward);
    s.onGpu += modelStates(shard.expert, zeroStage, expertShardGroup(l), bytes, l.reshardAfterForward);
    if (design.workload.offload == Offload::Cpu) {
        s.offloaded = s.onGpu.optimizer;
        (zeroStage >= 1 ? s.onGpu.sharded : s.onGpu.replicated) -= s.offloaded;
        s.onGpu.optimizer = 0;
    }
    return s;
}

void trainingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role)
{
    const Design& d = ctx.design;
    const ModelArchitecture& m = d.model;
    const ParallelLayout& l = d.layout;
    const Workload& w = d.workload;
    const MemoryAssumptions& a = ctx.assumptions;
    const StateBytes bytes = stateBytesPerParameter(w.precision, w.optimizer);

    // Model states: dense and expert parameters are sharded over their own data-parallel groups.
    const int denseGroup = denseShardGroup(l);
    const int expertGroup = expertShardGroup(l);
    const RankStates states = rankStates(d, shard, l.zeroStage);
    auto stateWhy = [&](const char* what, double perParam, bool sharded) {
        Explanation why;
        why.formula = std::string("Ψ_rank × ") + what + " bytes per parameter"
            + (sharded ? " ÷ N (ZeRO shard group)" : "");
        why.input("Ψ_rank dense (this rank's TP/PP shard)", shard.dense)
            .input("Ψ_rank experts (÷ EP × expert TP)", shard.expert)
            .input(std::string(what) + " bytes per parameter", perParam, "bytes")
            .input("ZeRO stage", l.zeroStage)
            .input("N dense (DP × CP" + std::string(l.expertMode == ExpertMode::Separate ? " × EP" : "")
                       + ")",
                   denseGroup)
            .input("N experts (expert DP)", expertGroup);
        why.source = kZeroSource;
        return why;
    };
    Explanation weightsWhy = stateWhy("weight", bytes.weights, l.zeroStage >= 3 && l.reshardAfterForward);
    if (l.zeroStage >= 3 && !l.reshardAfterForward)
        weightsWhy.note = "FSDP2 reshard_after_forward=False keeps the gathered weights from forward to "
                          "backward, so at the peak they count whole (ZeRO-2-like).";
    role.figure(MemoryCategory::Parameters) = figure(states.onGpu.weights, std::move(weightsWhy));
    role.figure(MemoryCategory::Gradients)
        = figure(states.onGpu.gradients, stateWhy("gradient", bytes.gradients, l.zeroStage >= 2));
    Explanation optimizerWhy = stateWhy("optimizer", bytes.optimizer, l.zeroStage >= 1);
    role.offloadedBytes = states.offloaded;
    if (w.offload == Offload::Cpu)
        optimizerWhy.note = "Offloaded to CPU memory (DeepSpeed offload_optimizer): "
            + formatBytes(states.offloaded) + " per rank live in host RAM, not on the GPU.";
    role.figure(MemoryCategory::Optimizer) = figure(states.onGpu.optimizer, std::move(optimizerWhy));

    // Activations: the layers of this rank × the micro-batches in flight at its peak.
    ActivationConfig config;
    config.tokens = static_cast<double>(w.sequenceLength) / std::max(l.cp(), 1);
    config.attendedTokens = static_cast<double>(w.sequenceLength);
    config.microBatch = std::max(l.microBatch, 1);
    config.tp = std::max(l.tp(), 1);
    config.expertTp = l.expertMode == ExpertMode::Megatron ? l.effectiveExpertTp() : config.tp;
    config.sequenceParallel = l.sequenceParallel && l.tp() > 1;
    config.recompute = l.recompute;
    config.flashAttention = w.flashAttention;
    config.capacityFactor = w.moeCapacityFactor;
    const double denseLayer = layerActivationBytes(m, false, config).total();
    const double moeLayer = shard.moeLayers > 0 ? layerActivationBytes(m, true, config).total() : 0.0;
    const double perMicroBatch = (shard.layers - shard.moeLayers) * denseLayer + shard.moeLayers * moeLayer;
    role.inFlight = inFlightMicroBatches(d, role.ppRank, ctx.microBatches);
    role.layers = shard.layers;
    const double s = config.tokens, b = config.microBatch, h = static_cast<double>(m.hidden);
    const double t = config.tp;
    const double spShard = config.sequenceParallel ? t : 1.0;
    // First stage: input ids (8 bytes each) and the embedding's dropout mask; last stage: the final norm's
    // and the output layer's inputs (Korthikanti et al. §4.3; Megatron theoretical_memory_usage.py).
    const double firstStage = shard.hasEmbedding ? (8.0 * s * b + (m.dropout ? s * b * h : 0.0)) / t : 0.0;
    const double lastStage = shard.hasOutputHead ? 4.0 * s * b * h / spShard : 0.0;
    Explanation actWhy;
    actWhy.formula = "in-flight × (dense layers × A_dense + MoE layers × A_moe + first-stage inputs) + "
                     "last-stage inputs; A per layer = ";
    actWhy.formula += activationFormText(config);
    actWhy.formula += " for a GPT layer, generalised to GQA, SwiGLU, dropout-free models and MoE";
    actWhy.input("in-flight micro-batches (stage units)", role.inFlight)
        .input("layers on this rank", shard.layers)
        .input("MoE layers on this rank", shard.moeLayers)
        .input("A_dense per layer and micro-batch", denseLayer, "bytes")
        .input("A_moe per layer and micro-batch", moeLayer, "bytes")
        .input("s (tokens per CP rank)", s, "tokens")
        .input("b (micro-batch)", b, "sequences")
        .input("h (hidden size)", h)
        .input("a (attention heads)", m.heads)
        .input("t (TP)", t);
    actWhy.source = std::string(kKorthikantiSource) + "; in-flight micro-batches from the "
        + std::string(enumName(l.schedule)) + " schedule (reference §1)";
    if (l.recompute == Recompute::Full)
        actWhy.note = "Full recomputation keeps only each layer's input; the layer being recomputed is under "
                      "temporary buffers.";
    else if (l.recompute == Recompute::Selective)
        actWhy.note = "Selective recomputation recomputes the s×s attention scores instead of storing them.";
    else if (w.flashAttention)
        actWhy.note = "FlashAttention stores a 4-byte log-sum-exp per head and query instead of the s×s "
                      "attention scores (Dao et al. 2022).";
    role.figure(MemoryCategory::Activations)
        = figure(role.inFlight * (perMicroBatch + firstStage) + lastStage, std::move(actWhy));

    // Temporary buffers.
    double temporary = 0;
    Explanation tempWhy;
    std::string formula;
    auto term = [&](const std::string& text, double value, const std::string& name) {
        if (value <= 0)
            return;
        temporary += value;
        formula += (formula.empty() ? "" : " + ") + text;
        tempWhy.input(name, value, "bytes");
    };
    if (l.zeroStage >= 3 && l.reshardAfterForward) {
        std::string name = "gathered FSDP units (";
        name += std::to_string(a.fsdpUnitsGathered);
        name += ") and one unit's full gradients";
        term("FSDP units gathered × largest layer × weight bytes + largest layer × gradient bytes",
             a.fsdpUnitsGathered * shard.largestLayer * bytes.weights + shard.largestLayer * bytes.gradients,
             name);
    } else if (l.zeroStage >= 3) {
        // reshard_after_forward=False: the weights stay gathered from forward to backward and the
        // parameters already count them whole; only one unit's full gradients await their reduce-scatter.
        term("largest layer × gradient bytes", shard.largestLayer * bytes.gradients,
             "one FSDP unit's full gradients");
    }
    if (shard.hasOutputHead)
        term("4·s·b·V/t (FP32 logits)", 4.0 * s * b * static_cast<double>(paddedVocab(m.vocab, l.tp())) / t,
             "FP32 logits of the last stage");
    if (config.sequenceParallel)
        term("2·s·b·h (all-gathered SP input)", 2.0 * s * b * h, "sequence-parallel all-gather buffer");
    if (l.recompute == Recompute::Full) {
        ActivationConfig whole = config;
        whole.recompute = Recompute::None;
        term("one layer's activations while it is recomputed",
             layerActivationBytes(m, shard.moeLayers > 0, whole).total(), "the layer being recomputed");
    } else if (l.recompute == Recompute::Selective && !w.flashAttention) {
        ActivationConfig scores = config;
        scores.recompute = Recompute::None;
        term("one layer's attention scores while they are recomputed",
             layerActivationBytes(m, false, scores).scores, "recomputed attention scores");
    }
    tempWhy.formula = formula.empty() ? "none" : formula;
    tempWhy.source = "Korthikanti et al. §4.3 (logits, recomputation); torch fully_shard prefetch; Megatron "
                     "global memory buffer";
    role.figure(MemoryCategory::Temporary) = figure(temporary, std::move(tempWhy));

    // Communication buffers.
    double dataParallel = 0;
    std::string dataParallelText;
    if (denseGroup > 1) {
        if (l.zeroStage == 0 && w.precision != Precision::MegatronBf16) {
            dataParallel = a.ddpGradientAsBucketView ? 2 * a.ddpBucketBytes : shard.total() * bytes.gradients;
            dataParallelText
                = a.ddpGradientAsBucketView ? "DDP buckets in flight" : "DDP bucket copy of all gradients";
        } else if (l.zeroStage > 0) {
            dataParallel = 2 * a.shardingBucketBytes;
            dataParallelText = "reduce-scatter / all-gather buckets";
        }
    }
    role.figure(MemoryCategory::Communication) = communicationFigure(l, a, dataParallel, dataParallelText);

    Explanation reserveWhy;
    reserveWhy.formula = "reserve fraction × capacity";
    reserveWhy.input("reserve fraction", a.allocatorReserveFraction)
        .input("capacity", role.capacityBytes, "bytes");
    reserveWhy.source
        = "PyTorch caching allocator: max_memory_reserved above max_memory_allocated; CUDA context";
    role.figure(MemoryCategory::Reserve)
        = figure(a.allocatorReserveFraction * role.capacityBytes, std::move(reserveWhy));
}

struct ServingPerRank
{
    double kvBytesPerToken = 0;
};

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
    weightsWhy.source = "The seed: 70B in BF16 = 140 GB of weights; Megatron-LM most-loaded-shard accounting";
    role.figure(MemoryCategory::Parameters) = figure(shard.total() * weightBytes, std::move(weightsWhy));

    // KV cache (the seed): 2 × layers × KV heads × head dim × bytes per value, per token. TP splits the KV
    // heads and replicates them once TP exceeds them (vLLM); MLA's latent is replicated on every TP rank.
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
    kvWhy.source = "The seed: KV bytes per token = 2 × layers × KV heads × head dimension × bytes per value";
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
    constexpr const char* kSeed
        = "The seed: KV bytes per token = 2 × layers × KV heads × head dimension × bytes per value";
    if (fullest) {
        Explanation& why = report.kvBytesPerSequenceExplanation;
        why.formula = "KV bytes per token on the fullest rank × context ÷ CP";
        why.input("KV bytes per token on pipeline rank " + std::to_string(fullest->ppRank),
                  serving.at(fullest->ppRank).kvBytesPerToken, "bytes")
            .input("layers on that rank", fullest->layers)
            .input("context per sequence (÷ CP)", tokens, "tokens");
        why.source = kSeed;
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
        why.source = std::string(kSeed)
            + "; vLLM sizes its KV cache from the memory left after profiling one forward pass "
              "(gpu_memory_utilization)";
    }
}

std::string stageLabel(const RankShard& shard)
{
    std::string text;
    for (int s : shard.stages)
        text += (text.empty() ? "" : ", ") + std::to_string(s);
    return text;
}

} // namespace

MemoryReport computeMemory(const Design& design, const std::vector<RankInfo>& ranks, const Catalog& catalog,
                           const MemoryAssumptions& assumptions)
{
    MemoryReport report;
    report.mode = design.workload.mode;
    const RoleContext ctx{design, assumptions, microBatchesPerStep(design)};

    // One role per (pipeline rank, GPU type); shards are computed once per pipeline rank.
    std::map<std::pair<int, std::string>, int> roleIndex;
    std::map<int, RankShard> shards;
    std::map<int, ServingPerRank> serving;
    report.roleOfRank.assign(ranks.size(), -1);
    for (const RankInfo& rank : ranks) {
        const int pp = rank.coord(Dim::Pp);
        std::string gpuType;
        if (rank.nodeIndex >= 0)
            gpuType = design.cluster.nodes[static_cast<std::size_t>(rank.nodeIndex)]
                          .gpus[static_cast<std::size_t>(rank.slot)]
                          .type;
        const auto key = std::make_pair(pp, gpuType);
        auto found = roleIndex.find(key);
        if (found == roleIndex.end()) {
            auto shard = shards.find(pp);
            if (shard == shards.end())
                shard = shards.emplace(pp, rankShard(design, pp)).first;
            RankRole role;
            role.ppRank = pp;
            role.gpuType = gpuType;
            const GpuSpec* gpu = catalog.gpu(gpuType);
            role.capacityBytes = gpu ? gpu->memoryBytes : 0.0;
            if (design.workload.mode == Mode::Training)
                trainingRole(ctx, shard->second, role);
            else
                serving[pp] = servingRole(ctx, shard->second, role);
            for (const MemoryFigure& f : role.figures)
                role.totalBytes += f.bytes;
            found = roleIndex.emplace(key, static_cast<int>(report.roles.size())).first;
            report.roles.push_back(std::move(role));
        }
        report.roleOfRank[static_cast<std::size_t>(rank.rank)] = found->second;
        report.roles[static_cast<std::size_t>(found->second)].ranks.push_back(rank.rank);
    }

    // The peak rank, whether everything fits, and (serving) how many sequences would.
    int worst = -1;
    double worstOver = 0;
    int ranksOver = 0;
    for (std::size_t i = 0; i < report.roles.size(); ++i) {
        const RankRole& role = report.roles[i];
        if (role.totalBytes > report.peakBytes) {
            report.peakBytes = role.totalBytes;
            report.peakRank = role.ranks.front();
        }
        if (!role.fits()) {
            report.fits = false;
            ranksOver += static_cast<int>(role.ranks.size());
            const double over = role.totalBytes - role.capacityBytes;
            if (worst < 0 || over > worstOver) {
                worst = static_cast<int>(i);
                worstOver = over;
            }
        }
    }
    if (design.workload.mode == Mode::Serving)
        servingFit(design, serving, report);
    if (worst >= 0) {
        const RankRole& role = report.roles[static_cast<std::size_t>(worst)];
        const RankShard& shard = shards.at(role.ppRank);
        const MemoryCategory largest = role.largest();
        const DiagnosticKind* kind = &diag::kMemoryOverActivations;
        double part = role.figure(largest).bytes;
        if (design.workload.mode == Mode::Serving) {
            kind = largest == MemoryCategory::KvCache ? &diag::kMemoryOverKvCache : &diag::kMemoryOverWeights;
        } else if (largest == MemoryCategory::Parameters || largest == MemoryCategory::Gradients
                   || largest == MemoryCategory::Optimizer) {
            kind = &diag::kMemoryOverModelStates;
            part = role.figure(MemoryCategory::Parameters).bytes
                + role.figure(MemoryCategory::Gradients).bytes + role.figure(MemoryCategory::Optimizer).bytes;
        }
        const char* path = kind == &diag::kMemoryOverModelStates ? "/layout/zeroStage"
            : kind == &diag::kMemoryOverKvCache                  ? "/workload/serving/concurrency"
            : kind == &diag::kMemoryOverWeights                  ? "/layout/tp"
                                                                 : "/layout/recompute";
        std::vector<std::string> args{std::to_string(role.ranks.front()),
                                      stageLabel(shard),
                                      formatBytes(role.totalBytes),
                                      formatBytes(role.capacityBytes),
                                      std::to_string(ranksOver),
                                      std::to_string(ranks.size()),
                                      formatBytes(part)};
        if (kind == &diag::kMemoryOverKvCache)
            args.push_back(std::to_string(report.maxConcurrentSequences.value_or(0)));
        report.diagnostics.push_back(makeDiagnostic(*kind, path, std::move(args)));
    }
    return report;
}

ZeroComparison zeroComparison(const Design& design)
{
    // The fullest rank: the pipeline rank with the most model states at the design's own stage.
    const ParallelLayout& l = design.layout;
    const int p = std::max(l.pp(), 1);
    RankShard fullest;
    double most = -1;
    for (int r = 0; r < p; ++r) {
        RankShard shard = rankShard(design, r);
        const double states = rankStates(design, shard, l.zeroStage).onGpu.total();
        if (states > most) {
            most = states;
            fullest = std::move(shard);
        }
    }
    ZeroComparison result;
    result.parameters = fullest.total();
    result.expertParameters = fullest.expert;
    result.shardRanks = denseShardGroup(l);
    result.expertShardRanks = expertShardGroup(l);
    result.optimizerOffloaded = design.workload.offload == Offload::Cpu;
    for (int stage = 0; stage < 4; ++stage)
        result.stages[static_cast<std::size_t>(stage)] = rankStates(design, fullest, stage).onGpu;
    return result;
}

Json memoryToJson(const MemoryReport& report)
{
    auto bytesOf = [](const RankRole& role) {
        Json bytes = Json::object();
        for (std::size_t c = 0; c < role.figures.size(); ++c)
            bytes[std::string(enumName(static_cast<MemoryCategory>(c)))] = role.figures[c].bytes;
        return bytes;
    };
    Json ranks = Json::array();
    for (std::size_t rank = 0; rank < report.roleOfRank.size(); ++rank) {
        const RankRole& role = report.roles[static_cast<std::size_t>(report.roleOfRank[rank])];
        ranks.push_back({{"rank", rank},
                         {"capacityBytes", role.capacityBytes},
                         {"totalBytes", role.totalBytes},
                         {"bytes", bytesOf(role)}});
    }
    Json roles = Json::array();
    for (const RankRole& role : report.roles) {
        Json explanations = Json::object();
        for (std::size_t c = 0; c < role.figures.size(); ++c)
            explanations[std::string(enumName(static_cast<MemoryCategory>(c)))]
                = explanationToJson(role.figures[c].explanation);
        roles.push_back({{"pipelineRank", role.ppRank},
                         {"gpu", role.gpuType},
                         {"ranks", role.ranks.size()},
                         {"firstRank", role.ranks.empty() ? -1 : role.ranks.front()},
                         {"layers", role.layers},
                         {"inFlightMicroBatches", role.inFlight},
                         {"capacityBytes", role.capacityBytes},
                         {"totalBytes", role.totalBytes},
                         {"offloadedBytes", role.offloadedBytes},
                         {"fits", role.fits()},
                         {"bytes", bytesOf(role)},
                         {"explanations", std::move(explanations)}});
    }
    Json out = {{"ranks", std::move(ranks)},
                {"peakRank", report.peakRank},
                {"peakBytes", report.peakBytes},
                {"fits", report.fits},
                {"roles", std::move(roles)}};
    if (report.mode == Mode::Serving) {
        out["kvBytesPerSequence"] = report.kvBytesPerSequence;
        out["maxConcurrentSequences"]
            = report.maxConcurrentSequences ? Json(*report.maxConcurrentSequences) : Json(nullptr);
        out["explanations"]
            = {{"kvBytesPerSequence", explanationToJson(report.kvBytesPerSequenceExplanation)},
               {"maxConcurrentSequences", explanationToJson(report.maxConcurrentSequencesExplanation)}};
    }
    return out;
}

} // namespace core
