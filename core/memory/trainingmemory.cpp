// SPDX-License-Identifier: GPL-3.0-or-later
// A training rank's memory (memory.h): model states after the ZeRO paper, activations after Korthikanti
// et al. times the micro-batches the pipeline schedule keeps in flight, temporary and communication
// buffers, and the allocator's reserve. Each figure carries its explanation.

#include "base/diagnostic.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/activations.h"
#include "memory/memoryroles.h"

#include <algorithm>

namespace core::memoryroles {

namespace {

// The reference article's table («Memory Budgets für Training und Inference») restates the paper's.
constexpr const char* kZeroSource
    = "Rajbhandari et al., ZeRO (SC 2020), §5 and Figure 1; the reference article's ZeRO table";
constexpr const char* kKorthikantiSource
    = "Korthikanti et al., Reducing Activation Recomputation (MLSys 2023), §4, Table 2";

// Korthikanti et al.'s closed form (Table 2) of the configuration in use, written for their GPT layer; the
// figure itself generalises it term by term (activations.h). FlashAttention keeps a 4-byte log-sum-exp
// per head and query instead of the 5as/h score terms; selective recomputation keeps neither.
std::string activationFormText(const ActivationConfig& c)
{
    const bool tp = c.tp > 1;
    if (c.recompute == Recompute::Full)
        return c.sequenceParallel ? MW_TR_NOOP("Explanations", "2·s·b·h/t (the layer input only)")
                                  : MW_TR_NOOP("Explanations", "2·s·b·h (the layer input only)");
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

// Where the count of in-flight micro-batches of each schedule comes from (inFlightMicroBatches).
const char* inFlightSource(Schedule schedule)
{
    switch (schedule) {
    case Schedule::GPipe:
        return "Huang et al., GPipe (NeurIPS 2019): every forward before the first backward";
    case Schedule::OneFOneB:
        return "Megatron-LM schedules.py: p − r − 1 warm-up forwards";
    case Schedule::Interleaved:
        return "Megatron-LM schedules.py, interleaved warm-up; Korthikanti et al. §4.2.3";
    case Schedule::ZbH1:
        return "Qi et al., Zero Bubble Pipeline Parallelism (ICLR 2024), Table 1";
    case Schedule::ZbV:
        return "PyTorch ScheduleZBVZeroBubble";
    case Schedule::DualPipeV:
        return "deepseek-ai/DualPipe README: PP + 1 chunks";
    case Schedule::DualPipe:
        return "deepseek-ai/DualPipe README: PP + 1 stages, 2× parameters";
    }
    return "";
}

// Parameters, gradients and optimizer states: dense and expert parameters are sharded over their own
// data-parallel groups. Returns the states, whose offloaded part the host figure counts.
RankStates modelStateFigures(const RoleContext& ctx, const RankShard& shard, const StateBytes& bytes,
                             RankRole& role)
{
    const ParallelLayout& l = ctx.design.layout;
    const Workload& w = ctx.design.workload;
    const int denseGroup = denseShardGroup(l);
    const int expertGroup = expertShardGroup(l);
    const RankStates states = rankStates(ctx.design, shard, l.zeroStage, bytes);
    const FrameworkProfile& framework = frameworkProfile(ctx.design);
    // The words of each state: its bytes per parameter, and the formula whole or sharded (translatable).
    struct StateWords
    {
        const char* perParameter;
        const char* whole;
        const char* sharded;
    };
    auto stateWhy = [&](const StateWords& words, double perParam, bool sharded) {
        Explanation why;
        why.formula = sharded ? words.sharded : words.whole;
        why.input(MW_TR_NOOP("Explanations", "Ψ_rank dense (this rank's TP/PP shard)"), shard.dense)
            .input(MW_TR_NOOP("Explanations", "Ψ_rank experts (÷ EP × expert TP)"), shard.expert)
            .input(words.perParameter, perParam, "bytes")
            .input(MW_TR_NOOP("Explanations", "ZeRO stage"), l.zeroStage)
            .input(l.expertMode == ExpertMode::Separate ? MW_TR_NOOP("Explanations", "N dense (DP × CP × EP)")
                                                        : MW_TR_NOOP("Explanations", "N dense (DP × CP)"),
                   denseGroup)
            .input(MW_TR_NOOP("Explanations", "N experts (expert DP)"), expertGroup);
        why.source = std::string(kZeroSource) + "; " + framework.name + ": " + framework.memorySource;
        return why;
    };
    const StateWords kWeightWords{
        MW_TR_NOOP("Explanations", "weight bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × weight bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × weight bytes per parameter ÷ N (ZeRO shard group)")};
    const StateWords kGradientWords{
        MW_TR_NOOP("Explanations", "gradient bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × gradient bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × gradient bytes per parameter ÷ N (ZeRO shard group)")};
    const StateWords kOptimizerWords{
        MW_TR_NOOP("Explanations", "optimizer bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × optimizer bytes per parameter"),
        MW_TR_NOOP("Explanations", "Ψ_rank × optimizer bytes per parameter ÷ N (ZeRO shard group)")};
    const GradientHolding gradients
        = framework.gradientsAtStage[static_cast<std::size_t>(std::clamp(l.zeroStage, 0, 3))];
    Explanation weightsWhy = stateWhy(kWeightWords, bytes.weights, l.zeroStage >= 3);
    // Under FP8 that is a GEMM weight's; the rest of the dense shard keeps the framework's (rankStates).
    if (w.precision == Precision::Fp8)
        weightsWhy
            .input(MW_TR_NOOP("Explanations", "of Ψ_rank dense, the GEMM weights (FP8)"), shard.denseGemm)
            .input(MW_TR_NOOP("Explanations", "bytes per other dense parameter"),
                   frameworkStateBytes(ctx.design).weights, "bytes");
    if (l.zeroStage >= 3 && !l.reshardAfterForward) {
        weightsWhy.formula
            = MW_TR_NOOP("Explanations",
                         "Ψ_rank × weight bytes per parameter ÷ N + Ψ_rank × gathered bytes per parameter");
        weightsWhy.input(MW_TR_NOOP("Explanations", "gathered bytes per parameter"),
                         collectiveStateBytes(ctx.design, bytes).weights, "bytes");
        weightsWhy.note
            = MW_TR_NOOP("Explanations",
                         "Without resharding after forward (FSDP2 reshard_after_forward=False) the gathered "
                         "weights stay from forward to backward, beside the shard.");
    }
    role.figure(MemoryCategory::Parameters) = figure(states.onGpu.weights, std::move(weightsWhy));
    Explanation gradientsWhy
        = stateWhy(kGradientWords, gradients == GradientHolding::None ? 0.0 : bytes.gradients,
                   gradients == GradientHolding::Sharded);
    if (accumulatesUnshardedGradients(ctx.design, l.zeroStage)) {
        gradientsWhy = stateWhy(kGradientWords, unshardedGradientBytes(ctx.design), false);
        gradientsWhy.note = MW_TR_NOOP(
            "Explanations",
            "Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps "
            "every parameter's unsharded gradient in reduce_dtype and adds each micro-batch's into it, "
            "until the last one reduce-scatters: they count whole.");
        if (states.heldGradientShare < 1) {
            gradientsWhy.formula = MW_TR_NOOP(
                "Explanations",
                "Ψ_rank × gradient bytes per parameter × share of the rank's parameters held at once");
            gradientsWhy.input(MW_TR_NOOP("Explanations", "share of the rank's parameters held at once"),
                               states.heldGradientShare);
            gradientsWhy.note = MW_TR_NOOP(
                "Explanations",
                "Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps "
                "each stage's unsharded gradients in reduce_dtype from its first backward to its last, which "
                "reduce-scatters them. This rank runs every backward of one of its stages before the first "
                "of another, so only part of its layers' gradients are held at once.");
        }
        gradientsWhy.source += "; PyTorch 2.6 torch/distributed/fsdp/_fully_shard/_fsdp_param.py "
                               "(to_accumulated_grad_if_needed, accumulate_unsharded_grad_if_needed); "
            + switchExplanation(ctx.design, Switch::GradientSyncEveryMicroBatch);
    }
    role.figure(MemoryCategory::Gradients) = figure(states.onGpu.gradients, std::move(gradientsWhy));
    Explanation optimizerWhy = stateWhy(kOptimizerWords, bytes.optimizer, l.zeroStage >= 1);
    if (w.optimizerMoments != MomentDtype::Fp32) {
        optimizerWhy.note
            = MW_TR_NOOP("Explanations",
                         "The optimizer keeps its moments in 16 bits (optimizerMoments), 2 bytes "
                         "each beside the FP32 master weight: Adam's 8 bytes a parameter where "
                         "FP32 moments take 12.");
        optimizerWhy.source += (optimizerWhy.source.empty() ? "" : "; ") + framework.sixteenBitMomentsSource;
    }
    role.offloadedBytes = states.offloaded;
    if (w.offload != Offload::None)
        optimizerWhy.note = (optimizerWhy.note.empty() ? "" : optimizerWhy.note + " ")
            + "Offloaded to host memory by " + framework.name
            + (framework.offloadMovesGradients ? " with the gradients" : "")
            + (w.offload == Offload::CpuParameters ? " and the parameters" : "") + ": "
            + formatBytes(states.offloaded) + " per rank live in host RAM, not on the GPU.";
    role.figure(MemoryCategory::Optimizer) = figure(states.onGpu.optimizer, std::move(optimizerWhy));
    return states;
}

// One micro-batch's activations of a rank's layers.
struct RankLayerBytes
{
    double dense = 0, moe = 0; // one layer's under the design's recomputation
    // Under partial recomputation (Megatron's block method) a layer past each chunk's first recomputeLayers
    // keeps everything: its bytes; 0 otherwise.
    bool partial = false;
    double keptDense = 0, keptMoe = 0;
    double onGpu = 0;
    double offloaded = 0; // the first activationOffloadLayers layers' (Megatron-Core cpu_offloading)
};

RankLayerBytes rankLayerBytes(const ModelArchitecture& m, const ParallelLayout& l, const RankShard& shard,
                              const ActivationConfig& config)
{
    RankLayerBytes out;
    out.dense = layerActivationBytes(m, false, config).total();
    out.moe = shard.moeLayers > 0 ? layerActivationBytes(m, true, config).total() : 0.0;
    out.partial = l.recompute == Recompute::Full && shard.recomputedLayers < shard.layers;
    ActivationConfig kept = config;
    kept.recompute = Recompute::None;
    out.keptDense = out.partial ? layerActivationBytes(m, false, kept).total() : 0.0;
    out.keptMoe = out.partial && shard.moeLayers > 0 ? layerActivationBytes(m, true, kept).total() : 0.0;
    const int recomputedMoe = out.partial ? shard.recomputedMoeLayers : shard.moeLayers;
    const int recomputedDense = (out.partial ? shard.recomputedLayers : shard.layers) - recomputedMoe;
    const double all = recomputedDense * out.dense + recomputedMoe * out.moe
        + (shard.layers - shard.moeLayers - recomputedDense) * out.keptDense
        + (shard.moeLayers - recomputedMoe) * out.keptMoe;
    // Megatron-Core refuses offloading with recomputation (frameworkchecks.cpp): an offloaded layer keeps
    // A_dense or A_moe.
    out.offloaded
        = (shard.offloadedLayers - shard.offloadedMoeLayers) * out.dense + shard.offloadedMoeLayers * out.moe;
    out.onGpu = all - out.offloaded;
    return out;
}

// What the activation figure's explanation says of the layers' recomputation and offloading.
const char* activationNote(const RankShard& shard, const ActivationConfig& config, bool partial,
                           bool flashAttention)
{
    if (shard.offloadedLayers > 0)
        return MW_TR_NOOP(
            "Explanations",
            "The first layers' activations wait in host memory between their forward and backward "
            "(Megatron-Core's activation offloading): only the other layers count here; the layer on its way "
            "to or from the host is under temporary buffers.");
    if (partial)
        return MW_TR_NOOP(
            "Explanations",
            "Full recomputation of the first layers of each model chunk (Megatron-LM --recompute-method "
            "block): they keep only their input, the others all their activations (A_dense and A_moe count "
            "the recomputed ones); the layer being recomputed is under temporary buffers.");
    if (config.recompute == Recompute::Full)
        return MW_TR_NOOP(
            "Explanations",
            "Full recomputation keeps only each layer's input; the layer being recomputed is under "
            "temporary buffers.");
    if (config.opLevel)
        return MW_TR_NOOP("Explanations",
                          "Selective recomputation as torchtitan runs it (its op-level policy): each layer "
                          "keeps its input, the outputs of every second matrix product and attention's "
                          "output; a MoE block also its routing and the tokens its all-to-alls received, "
                          "and recomputes its experts.");
    if (config.recompute == Recompute::Selective)
        return MW_TR_NOOP(
            "Explanations",
            "Selective recomputation recomputes the s×s attention scores instead of storing them.");
    if (flashAttention)
        return MW_TR_NOOP("Explanations",
                          "FlashAttention stores a 4-byte log-sum-exp per head and query instead of the s×s "
                          "attention scores (Dao et al. 2022).");
    return "";
}

// The hops of a PyTorch or DeepSpeed pipeline (FrameworkProfile::pipelineKeepsStageOutput,
// pipelineReceiveBuffers and DeepSpeed's fields beside them) at a rank's stages, in tensors of the BF16
// activation one micro-batch sends to a stage on another rank: the last block's output, sequence-sharded
// under SP, partitioned over TP by DeepSpeed. A hop between two stages of one rank (a V placement's) passes
// the tensor itself (stage.py set_local_fwd_input), so only hops to other ranks count.
struct StageHops
{
    double tensorBytes = 0;
    int inputs = 0; // the rank's stages whose input comes from another rank
    int outputs = 0; // the rank's stages whose output goes to another rank
    int keptInputs = 0; // of `inputs`, those whose received copy stays beside the stage's (DeepSpeed, TP 1)
};

StageHops stageHops(const Design& d, const RankShard& shard, const ActivationConfig& config)
{
    const FrameworkProfile& framework = frameworkProfile(d);
    const int p = d.layout.pp();
    if (p <= 1
        || !(framework.pipelineKeepsStageOutput || framework.pipelineReceiveBuffers
             || framework.pipelineKeepsReceivedInput || framework.pipelineSharedReceiveBuffer))
        return {};
    const int lastStage = p * std::max(d.layout.virtualStages, 1) - 1;
    const auto onRank = [&](int stage) {
        return std::find(shard.stages.begin(), shard.stages.end(), stage) != shard.stages.end();
    };
    StageHops hops;
    const bool partitioned = framework.pipelinePartitionsOverTp && config.tp > 1;
    hops.tensorBytes = 2.0 * config.tokens * config.microBatch * d.model.hidden
        / (config.sequenceParallel || partitioned ? config.tp : 1);
    for (int stage : shard.stages) {
        hops.inputs += stage > 0 && !onRank(stage - 1) ? 1 : 0;
        hops.outputs += stage < lastStage && !onRank(stage + 1) ? 1 : 0;
    }
    hops.keptInputs = framework.pipelineKeepsReceivedInput && !partitioned ? hops.inputs : 0;
    return hops;
}

// What a PyTorch or DeepSpeed pipeline adds to each in-flight micro-batch's activations (activationFigure):
// the stages' outputs it keeps until their backward and, DeepSpeed's, the inputs it received.
void explainPipelineHops(Explanation& why, const FrameworkProfile& framework, double stageOutputs,
                         double receivedInputs)
{
    const auto add = [&](double bytes, const char* formula, const char* name, const std::string& source) {
        if (bytes <= 0)
            return;
        why.formula += "; ";
        why.formula += formula;
        why.input(name, bytes, "bytes");
        why.source += source;
    };
    add(stageOutputs,
        MW_TR_NOOP(
            "Explanations",
            "each micro-batch in flight also holds the outputs the pipeline keeps until their backward, "
            "2·s·b·h/t for each of the rank's stages that sends to another rank"),
        MW_TR_NOOP("Explanations", "stage outputs kept per micro-batch in flight"),
        "; the stages' outputs: " + framework.stageOutputSource);
    add(receivedInputs,
        MW_TR_NOOP("Explanations",
                   "each micro-batch in flight also holds the inputs the pipeline received, 2·s·b·h for each "
                   "of the rank's stages fed from another rank, beside the copies the stages run on"),
        MW_TR_NOOP("Explanations", "received inputs kept per micro-batch in flight"),
        "; the received inputs: " + framework.deepSpeedPipeSource);
}

// Activations: the layers of this rank × the micro-batches in flight at its peak. Returns the bytes the
// rank's offloaded layers keep in host memory instead.
double activationFigure(const RoleContext& ctx, const RankShard& shard, const ActivationConfig& config,
                        const StageHops& hops, RankRole& role)
{
    const Design& d = ctx.design;
    const ModelArchitecture& m = d.model;
    const ParallelLayout& l = d.layout;
    const Workload& w = d.workload;
    const RankLayerBytes layers = rankLayerBytes(m, l, shard, config);
    const double denseLayer = layers.dense, moeLayer = layers.moe;
    const double perMicroBatch = layers.onGpu;
    role.inFlight = inFlightMicroBatches(d, role.ppRank, ctx.microBatches);
    role.layers = shard.layers;
    const double s = config.tokens, b = config.microBatch, h = static_cast<double>(m.hidden);
    const double t = config.tp;
    const double spShard = config.sequenceParallel ? t : 1.0;
    // First stage: input ids (8 bytes each) and the embedding's dropout mask; last stage: the final norm's
    // and the output layer's inputs (Korthikanti et al. §4.3; Megatron theoretical_memory_usage.py).
    const double firstStage = shard.hasEmbedding ? (8.0 * s * b + (m.dropout ? s * b * h : 0.0)) / t : 0.0;
    const double lastStage = shard.hasOutputHead ? 4.0 * s * b * h / spShard : 0.0;
    // Multi-token prediction on the last stage, one micro-batch as the head's inputs: per depth its layer
    // (under full recomputation only its input: Megatron-Core's MTP layer checkpoints itself whenever
    // recompute_granularity is full, multi_token_prediction.py), its projection's 2h-wide BF16 input
    // (kept unless recomputed) and its final norm's and the head's inputs as the last stage's.
    const bool mtpRecomputed = l.recompute == Recompute::Full;
    const double mtpLayer = shard.mtpLayers > 0 ? layerActivationBytes(m, m.mtpLayerIsMoe(), config).total()
            + (mtpRecomputed ? 0.0 : 4.0 * s * b * h / spShard) + 4.0 * s * b * h / spShard
                                                : 0.0;
    const double mtp = shard.mtpLayers * mtpLayer;
    // PyTorch's pipeline keeps each in-flight micro-batch's output of a stage that is not the last until its
    // backward (the last stage's, the logits, with the loss: temporaryFigure); in stage units the rank's
    // in-flight micro-batches hold inFlight of each stage's.
    const double stageOutputs
        = frameworkProfile(d).pipelineKeepsStageOutput ? hops.outputs * hops.tensorBytes : 0.0;
    // DeepSpeed's engine keeps a received input beside the copy its stage runs on (StageHops::keptInputs).
    const double receivedInputs = hops.keptInputs * hops.tensorBytes;
    Explanation actWhy;
    // The words and the formula apart, so that a view can translate the words (explanationdialog.h).
    actWhy.formula = layers.partial
        ? MW_TR_NOOP("Explanations",
                     "in-flight × (recomputed dense layers × A_dense + recomputed MoE "
                     "layers × A_moe + the other layers' kept activations + "
                     "first-stage inputs) + last-stage inputs")
        : MW_TR_NOOP("Explanations",
                     "in-flight × (dense layers × A_dense + MoE layers × A_moe + "
                     "first-stage inputs) + last-stage inputs");
    actWhy.formula += "; ";
    actWhy.formula += MW_TR_NOOP(
        "Explanations", "A per layer, a GPT layer's generalised to GQA, SwiGLU, dropout-free models and MoE");
    actWhy.formula += ": " + activationFormText(config);
    actWhy.input(MW_TR_NOOP("Explanations", "in-flight micro-batches (stage units)"), role.inFlight)
        .input(MW_TR_NOOP("Explanations", "layers on this rank"), shard.layers)
        .input(MW_TR_NOOP("Explanations", "MoE layers on this rank"), shard.moeLayers)
        .input(MW_TR_NOOP("Explanations", "A_dense per layer and micro-batch"), denseLayer, "bytes")
        .input(MW_TR_NOOP("Explanations", "A_moe per layer and micro-batch"), moeLayer, "bytes")
        .input(MW_TR_NOOP("Explanations", "s (tokens per CP rank)"), s, "tokens")
        .input(MW_TR_NOOP("Explanations", "b (micro-batch)"), b, "sequences")
        .input(MW_TR_NOOP("Explanations", "h (hidden size)"), h)
        .input(MW_TR_NOOP("Explanations", "a (attention heads)"), m.heads)
        .input(MW_TR_NOOP("Explanations", "t (TP)"), t);
    if (shard.moeLayers > 0)
        actWhy.input(MW_TR_NOOP("Explanations",
                                "routed tokens of the busiest EP rank over the mean (capacity factor or "
                                "measured skew)"),
                     config.expertRankLoad);
    if (layers.partial)
        actWhy
            .input(MW_TR_NOOP("Explanations", "layers on this rank that recompute their forward"),
                   shard.recomputedLayers)
            .input(MW_TR_NOOP("Explanations", "A_dense of a layer that keeps its activations"),
                   layers.keptDense, "bytes")
            .input(MW_TR_NOOP("Explanations", "A_moe of a layer that keeps its activations"), layers.keptMoe,
                   "bytes");
    if (shard.mtpLayers > 0) {
        actWhy.formula += "; ";
        actWhy.formula += MW_TR_NOOP("Explanations",
                                     "last-stage inputs include the multi-token prediction depths: each a "
                                     "layer's activations, its projection's input and its head's inputs");
        actWhy
            .input(MW_TR_NOOP("Explanations", "multi-token prediction depths on this rank"), shard.mtpLayers)
            .input(MW_TR_NOOP("Explanations", "activations of one depth"), mtpLayer, "bytes");
    }
    if (shard.offloadedLayers > 0)
        actWhy
            .input(MW_TR_NOOP("Explanations", "layers whose activations wait in host memory"),
                   shard.offloadedLayers)
            .input(MW_TR_NOOP("Explanations", "their bytes per micro-batch, on the host"), layers.offloaded,
                   "bytes");
    actWhy.source = std::string(kKorthikantiSource) + "; in-flight micro-batches from the "
        + std::string(enumName(l.schedule)) + " schedule (" + inFlightSource(l.schedule) + ")";
    if (config.linearInputBytes < 2) {
        actWhy.input(MW_TR_NOOP("Explanations", "bytes of a saved linear-layer input (FP8 copy)"),
                     config.linearInputBytes);
        actWhy.source += "; FP8 inputs: " + frameworkProfile(d).fp8Source;
    }
    if (config.opLevel)
        actWhy.source += "; selective recomputation: " + frameworkProfile(d).selectiveSource;
    if (config.savesGatheredInput && !config.opLevel && config.recompute != Recompute::Full) {
        actWhy.source += "; the QKV and MLP inputs kept as gathered: " + frameworkProfile(d).tpSource;
        if (config.gatheredInputBytes < config.linearInputBytes) {
            actWhy.input(
                MW_TR_NOOP("Explanations", "bytes of a kept gathered QKV or MLP input (FP8, as gathered)"),
                config.gatheredInputBytes);
            actWhy.source += "; gathered in FP8: " + frameworkProfile(d).fp8TpGatherSource;
        }
    }
    explainPipelineHops(actWhy, frameworkProfile(d), stageOutputs, receivedInputs);
    actWhy.note = activationNote(shard, config, layers.partial, w.flashAttention);
    role.figure(MemoryCategory::Activations) = figure(
        role.inFlight * (perMicroBatch + firstStage + stageOutputs + receivedInputs) + lastStage + mtp,
        std::move(actWhy));
    return role.inFlight * layers.offloaded;
}

// What recomputation holds while it rebuilds a layer (a term of temporaryFigure): the whole layer under full
// recomputation, the attention scores or the modules selective recomputation rebuilds; 0 bytes otherwise.
struct RecomputeTerm
{
    std::string formula;
    double bytes = 0;
    std::string name;
};

RecomputeTerm recomputeTerm(const Design& d, const RankShard& shard, const ActivationConfig& config)
{
    const ModelArchitecture& m = d.model;
    const ParallelLayout& l = d.layout;
    ActivationConfig none = config;
    none.recompute = Recompute::None;
    if (l.recompute == Recompute::Full)
        return {MW_TR_NOOP("Explanations", "one layer's activations while it is recomputed"),
                layerActivationBytes(m, shard.moeLayers > 0, none).total(),
                MW_TR_NOOP("Explanations", "the layer being recomputed")};
    if (l.recompute == Recompute::Selective && !config.opLevel && !d.workload.flashAttention
        && l.recomputeModules.empty())
        return {MW_TR_NOOP("Explanations", "one layer's attention scores while they are recomputed"),
                layerActivationBytes(m, false, none).scores,
                MW_TR_NOOP("Explanations", "recomputed attention scores")};
    if (l.recompute == Recompute::Selective && (!l.recomputeModules.empty() || config.opLevel)) {
        // Modules beyond core_attn, or torchtitan's op-level policy: what one layer of the larger kind
        // rebuilds before its backward.
        const auto rebuilt = [&](bool moe) {
            return layerActivationBytes(m, moe, none).total() - layerActivationBytes(m, moe, config).total();
        };
        return {MW_TR_NOOP("Explanations", "one layer's recomputed modules while they are rebuilt"),
                std::max(rebuilt(false), shard.moeLayers > 0 ? rebuilt(true) : 0.0),
                MW_TR_NOOP("Explanations", "the recomputed modules of one layer")};
    }
    return {};
}

// Temporary buffers: gathered FSDP units, the last stage's logits, the sequence-parallel all-gather and
// what recomputation rebuilds, each a term of the sum.
MemoryFigure temporaryFigure(const RoleContext& ctx, const RankShard& shard, const ActivationConfig& config,
                             const StateBytes& bytes)
{
    const ModelArchitecture& m = ctx.design.model;
    const ParallelLayout& l = ctx.design.layout;
    const double s = config.tokens, b = config.microBatch, h = static_cast<double>(m.hidden), t = config.tp;
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
    const FrameworkProfile& framework = frameworkProfile(ctx.design);
    if (l.zeroStage >= 3 && l.reshardAfterForward) {
        tempWhy.input(MW_TR_NOOP("Explanations", "FSDP units gathered at once"), framework.gatheredUnits);
        term(
            MW_TR_NOOP("Explanations",
                       "FSDP units gathered × largest layer × weight bytes + largest layer × gradient bytes"),
            framework.gatheredUnits * shard.largestLayer * bytes.weights
                + shard.largestLayer * bytes.gradients,
            MW_TR_NOOP("Explanations", "gathered FSDP units and one unit's full gradients"));
    } else if (l.zeroStage >= 3) {
        // reshard_after_forward=False: the weights stay gathered from forward to backward and the
        // parameters already count them whole; only one unit's full gradients await their reduce-scatter.
        term(MW_TR_NOOP("Explanations", "largest layer × gradient bytes"),
             shard.largestLayer * bytes.gradients,
             MW_TR_NOOP("Explanations", "one FSDP unit's full gradients"));
    }
    // Megatron-Core's loss casts the logits to FP32 (cross_entropy.py calculate_logits_max) while
    // GPTModel.forward still holds the BF16 ones, and its backward writes the cast's BF16 gradient beside the
    // FP32 one: 2 + 4 bytes a logit at either peak (Korthikanti et al. §4.3 count the 4). Transformer
    // Engine's fused loss reads them in BF16 and writes their gradient in place (pipeline/layerkernels.h
    // crossEntropyBytes). PyTorch's own loss (torchtitan) keeps more in eager mode, and less compiled
    // (FrameworkProfile::eagerLossBytes, lossSource).
    const double logits = s * b * static_cast<double>(paddedVocab(ctx.design)) / t;
    const bool pytorchLoss = framework.eagerLossBytes > 0;
    const LossKernel loss = lossKernel(ctx.design);
    const bool fp32Loss = shard.hasOutputHead && loss == LossKernel::Fp32 && !pytorchLoss;
    bool stageOutputKept = false;
    if (shard.hasOutputHead && loss == LossKernel::TransformerEngine)
        term(MW_TR_NOOP("Explanations", "2·s·b·V/t (BF16 logits, the fused loss in place)"), 2.0 * logits,
             MW_TR_NOOP("Explanations", "BF16 logits of the last stage"));
    else if (shard.hasOutputHead && loss == LossKernel::Compiled)
        term(MW_TR_NOOP("Explanations", "4·s·b·V/t (the compiled loss: BF16 logits and their BF16 gradient)"),
             4.0 * logits, MW_TR_NOOP("Explanations", "the compiled loss's logits and gradient"));
    else if (shard.hasOutputHead && pytorchLoss) {
        tempWhy.input(MW_TR_NOOP("Explanations", "bytes a logit the eager loss holds"),
                      framework.eagerLossBytes, "bytes");
        term(MW_TR_NOOP("Explanations",
                        "eager loss bytes × s·b·V/t (FP32 log-probabilities and their backward's two FP32 "
                        "gradients)"),
             framework.eagerLossBytes * logits, MW_TR_NOOP("Explanations", "the eager loss over the logits"));
        // The train step drops the BF16 logits before backward (torchtitan: del pred); under PP the
        // pipeline keeps them as the last stage's output until that micro-batch's backward.
        stageOutputKept = framework.pipelineKeepsStageOutput && ctx.design.layout.pp() > 1;
        if (stageOutputKept)
            term(
                MW_TR_NOOP("Explanations", "2·s·b·V/t (the BF16 logits the pipeline keeps for the backward)"),
                2.0 * logits, MW_TR_NOOP("Explanations", "the last stage's output the pipeline keeps"));
        // DeepSpeed's last stage leaves the previous micro-batch's logits in their buffer
        // (deepSpeedPipeSource).
        if (stageOutputKept && framework.pipelineKeepsPreviousOutput && ctx.microBatches > 1)
            term(MW_TR_NOOP("Explanations",
                            "2·s·b·V/t (the previous micro-batch's logits, not yet overwritten)"),
                 2.0 * logits,
                 MW_TR_NOOP("Explanations", "the previous micro-batch's logits the pipeline keeps"));
    } else if (fp32Loss)
        term(MW_TR_NOOP("Explanations", "6·s·b·V/t (FP32 logits and their BF16 copy or gradient)"),
             6.0 * logits, MW_TR_NOOP("Explanations", "FP32 logits of the last stage"));
    // Each multi-token prediction depth's loss runs in the forward too, and its logits (or, fused, their
    // gradient in their place) wait for the backward beside the main head's.
    if (shard.mtpLayers > 0)
        term(MW_TR_NOOP("Explanations", "multi-token prediction depths × the logits above"),
             shard.mtpLayers * (switchOn(ctx.design, Switch::FusedCrossEntropy) ? 2.0 : 4.0) * logits,
             MW_TR_NOOP("Explanations", "logits of the multi-token prediction depths"));
    if (config.sequenceParallel)
        term(MW_TR_NOOP("Explanations", "2·s·b·h (all-gathered SP input)"), 2.0 * s * b * h,
             MW_TR_NOOP("Explanations", "sequence-parallel all-gather buffer"));
    if (shard.offloadedLayers > 0) {
        // TE's offload handler copies a layer's saved tensors while the next layer computes, and reloads
        // one ahead in the backward: one layer's activations beyond the ones that stay.
        term(MW_TR_NOOP("Explanations", "one layer's activations on their way to or from the host"),
             layerActivationBytes(m, shard.offloadedMoeLayers > 0, config).total(),
             MW_TR_NOOP("Explanations", "the layer being offloaded or reloaded"));
    }
    if (const RecomputeTerm r = recomputeTerm(ctx.design, shard, config); r.bytes > 0)
        term(r.formula, r.bytes, r.name);
    tempWhy.formula = formula.empty() ? MW_TR_NOOP("Explanations", "none") : formula;
    tempWhy.source = "Korthikanti et al. §4.3 (logits, recomputation); " + framework.name + " ("
        + framework.version + "): layers gathered at once; Megatron global memory buffer";
    if (shard.hasOutputHead && pytorchLoss)
        tempWhy.source += "; the loss: " + framework.lossSource;
    if (stageOutputKept)
        tempWhy.source += "; the stage's output: " + framework.stageOutputSource;
    if (fp32Loss)
        tempWhy.source += "; the loss: Megatron-Core tensor_parallel/cross_entropy.py calculate_logits_max "
                          "(FP32 beside the BF16 logits, which gpt_model.py holds until the loss returns)";
    return figure(temporary, std::move(tempWhy));
}

// Communication buffers: NCCL's per communicator, and the data-parallel buckets the framework keeps beside
// the gradients (frameworkprofile.h): PyTorch DDP's copy of all of them, DeepSpeed's reduce bucket, FSDP2's
// reduce-scatter and all-gather buffers in flight. Megatron's buckets are views of its main_grad buffer.
// Under PP, PyTorch's pipeline adds its receive buffers (`inFlight`: the rank's micro-batches in flight),
// DeepSpeed's its one.
MemoryFigure trainingCommunicationFigure(const RoleContext& ctx, const RankShard& shard,
                                         const StageHops& hops, const StateBytes& bytes, double inFlight)
{
    const ParallelLayout& l = ctx.design.layout;
    const MemoryAssumptions& a = ctx.assumptions;
    const FrameworkProfile& framework = frameworkProfile(ctx.design);
    double dataParallel = 0;
    std::string dataParallelText;
    if (denseShardGroup(l) > 1) {
        if (framework.reduceBucketElements > 0) {
            dataParallel = std::min(framework.reduceBucketElements, shard.total()) * bytes.gradients;
            dataParallelText = framework.name + " reduce bucket (reduce_bucket_size elements)";
        } else if (l.zeroStage == 0 && framework.ddpGradientCopy) {
            dataParallel = a.ddpGradientAsBucketView ? 2 * a.ddpBucketBytes : shard.total() * bytes.gradients;
            dataParallelText = a.ddpGradientAsBucketView
                ? MW_TR_NOOP("Explanations", "DDP buckets in flight")
                : MW_TR_NOOP("Explanations", "DDP bucket copy of all gradients");
        } else if (l.zeroStage > 0 && framework.shardingBucketBytes > 0) {
            dataParallel = framework.shardingBucketBytes;
            dataParallelText = MW_TR_NOOP("Explanations", "reduce-scatter / all-gather buffers in flight");
        }
    }
    MemoryFigure result = communicationFigure(l, a, dataParallel, dataParallelText);
    // PyTorch's pipeline receives every micro-batch into buffers of its own, kept across steps: its output's
    // gradient at each stage that sends to another rank, and its input at each stage fed from one. An
    // in-flight micro-batch's input buffer is its first layer's saved input (activationFigure); the others
    // wait for the next step.
    if (framework.pipelineReceiveBuffers && l.pp() > 1) {
        const double m = static_cast<double>(ctx.microBatches);
        const double idleInputs = std::max(0.0, m - inFlight);
        const double buffers = (hops.outputs * m + hops.inputs * idleInputs) * hops.tensorBytes;
        if (buffers > 0) {
            result.bytes += buffers;
            result.explanation.formula += " + ";
            result.explanation.formula += MW_TR_NOOP(
                "Explanations",
                "2·s·b·h/t × (micro-batches × stages sending to another rank + (micro-batches − in flight) × "
                "stages receiving from another rank)");
            result.explanation.input(MW_TR_NOOP("Explanations", "pipeline receive buffers"), buffers,
                                     "bytes");
            result.explanation.source += "; " + framework.receiveBufferSource;
        }
    }
    // DeepSpeed's engine receives inputs and gradients alike into one buffer, made once and kept.
    if (framework.pipelineSharedReceiveBuffer && hops.inputs + hops.outputs > 0) { // none without PP
        result.bytes += hops.tensorBytes;
        result.explanation.formula += " + ";
        result.explanation.formula += MW_TR_NOOP("Explanations", "2·s·b·h/t (one pipeline receive buffer)");
        result.explanation.input(MW_TR_NOOP("Explanations", "pipeline receive buffer"), hops.tensorBytes,
                                 "bytes");
        result.explanation.source += "; " + framework.deepSpeedPipeSource;
    }
    return result;
}

// The reserve: the CUDA context with its libraries' workspaces, and the caching allocator's fragmentation
// as a share of everything allocated. Records the fragmentation part on the role: it is what a tight verdict
// discounts.
MemoryFigure reserveFigure(const RoleContext& ctx, RankRole& role)
{
    const FrameworkProfile& framework = frameworkProfile(ctx.design);
    const double allocated = role.allocatedBytes();
    role.fragmentationBytes = framework.fragmentation * allocated;
    Explanation why;
    why.formula = MW_TR_NOOP("Explanations", "CUDA context + fragmentation × allocated");
    why.input(MW_TR_NOOP("Explanations", "CUDA context and library workspaces"), framework.cudaContextBytes,
              "bytes")
        .input(MW_TR_NOOP("Explanations", "fragmentation (share of allocated)"), framework.fragmentation)
        .input(MW_TR_NOOP("Explanations", "allocated"), allocated, "bytes");
    why.source = framework.name + " (" + framework.version + "): " + framework.contextSource;
    // A step that replays CUDA graphs keeps their memory beside this; no release states how much, so it is
    // said rather than guessed.
    if (ctx.design.layout.cudaGraphs != CudaGraphs::None) {
        why.note = MW_TR_NOOP("Explanations",
                              "Not counted: the memory of the CUDA graphs the step replays (their private "
                              "memory pool and their static input and output buffers), for which no release "
                              "states a size. Leave headroom for it.");
        why.source += "; Megatron Bridge's CUDA graphs guide (the graphs' buffers stay resident: \"enough "
                      "memory headroom\"); pytorch/torchtitan pull request 2050 (its CUDA-graph pass took "
                      "153 GiB where Llama 3.1 70B ran in 143 GiB eagerly)";
    }
    return figure(framework.cudaContextBytes + role.fragmentationBytes, std::move(why));
}

} // namespace

void trainingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role)
{
    const GpuSpec* gpu = ctx.catalog.gpu(role.gpuType);
    const StateBytes states = frameworkStateBytes(ctx.design, gpu);
    const StateBytes bytes = collectiveStateBytes(ctx.design, states);
    const RankStates held = modelStateFigures(ctx, shard, states, role);
    const ActivationConfig config = activationConfig(ctx.design);
    const StageHops hops = stageHops(ctx.design, shard, config); // PyTorch's or DeepSpeed's, both figures
    const double offloadedActivations = activationFigure(ctx, shard, config, hops, role);
    role.host = hostFigure(ctx.design, shard, held, offloadedActivations);
    role.figure(MemoryCategory::Temporary) = temporaryFigure(ctx, shard, config, bytes);
    role.figure(MemoryCategory::Communication)
        = trainingCommunicationFigure(ctx, shard, hops, bytes, role.inFlight);

    role.figure(MemoryCategory::Reserve) = reserveFigure(ctx, role);
}

} // namespace core::memoryroles
