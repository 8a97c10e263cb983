// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM's pretrain_gpt.py arguments, grouped into bash arrays as the repository's examples do
// (examples/llama). Flags and the rules they are held to from core_v0.19.0 (August 2026), the latest
// release: megatron/training/arguments.py, which since core_v0.16.0 also makes a flag of every field of
// TransformerConfig and the training configs (argument_utils.py ArgumentGroupFactory); every flag written
// here is in tests/data/megatron-core-v0.19.0-flags.txt with where that release defines it (tst_launchflags).
// Virtual pipeline stages as --num-virtual-stages-per-pipeline-rank, uneven first/last stages as
// --decoder-first/last-pipeline-num-layers and any other split as --pipeline-model-parallel-layout, ZeRO-2
// and ZeRO-3 as Megatron-FSDP (--use-megatron-fsdp).

#include "design/design.h"
#include "framework/frameworkchecks.h"
#include "framework/frameworkswitches.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"
#include "launch/megatronlayout.h"
#include "memory/memory.h"

#include <algorithm>
#include <sstream>

namespace core::launch {

namespace {

class ArgumentArray
{
public:
    explicit ArgumentArray(std::string name)
        : m_name(std::move(name))
    { }
    ArgumentArray& flag(std::string_view flag, std::string_view value = {})
    {
        m_text += "    ";
        m_text += flag;
        if (!value.empty()) {
            m_text += ' ';
            m_text += shellWord(value);
        }
        m_text += '\n';
        return *this;
    }
    ArgumentArray& flag(std::string_view flag, std::int64_t value) { return this->flag(flag, number(value)); }
    // A flag with several values (argparse's nargs), each its own word.
    ArgumentArray& flag(std::string_view flag, const std::vector<std::string>& values)
    {
        m_text += "    ";
        m_text += flag;
        for (const std::string& value : values) {
            m_text += ' ';
            m_text += shellWord(value);
        }
        m_text += '\n';
        return *this;
    }
    std::string text() const
    {
        std::string out = m_name;
        out += "=(\n";
        out += m_text;
        out += ")\n";
        return out;
    }
    const std::string& name() const { return m_name; }

private:
    std::string m_name;
    std::string m_text;
};

// "%g" without a locale: 1.25 → "1.25".
std::string decimal(double value)
{
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out << value;
    return out.str();
}

void modelArguments(ArgumentArray& args, const Design& design, const HuggingFaceNames& names)
{
    const ModelArchitecture& model = design.model;
    args.flag("--num-layers", model.layers).flag("--hidden-size", model.hidden);
    if (model.ffn > 0)
        args.flag("--ffn-hidden-size", model.ffn);
    args.flag("--num-attention-heads", model.heads);
    if (model.attention == AttentionKind::Mla) {
        // DeepSeek-V2 names (Megatron's MLATransformerConfig).
        args.flag("--multi-latent-attention");
        if (model.mla.qLoraRank > 0)
            args.flag("--q-lora-rank", model.mla.qLoraRank);
        args.flag("--kv-lora-rank", model.mla.kvLoraRank)
            .flag("--qk-head-dim", model.mla.qkNopeHeadDim)
            .flag("--qk-pos-emb-head-dim", model.mla.qkRopeHeadDim)
            .flag("--v-head-dim", model.mla.vHeadDim);
    } else {
        if (model.kvHeads > 0 && model.kvHeads != model.heads)
            args.flag("--group-query-attention").flag("--num-query-groups", model.kvHeads);
        if (model.headDim > 0 && model.headDim * model.heads != model.hidden)
            args.flag("--kv-channels", model.headDim);
    }
    args.flag("--seq-length", design.workload.sequenceLength);
    args.flag("--max-position-embeddings",
              model.maxContext > 0 ? model.maxContext : design.workload.sequenceLength);
    args.flag("--position-embedding-type",
              model.positions == PositionEmbedding::Rope ? "rope" : "learned_absolute");
    args.flag("--normalization", model.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    if (model.qkNorm)
        args.flag("--qk-layernorm");
    if (model.mlp == MlpKind::Gated)
        args.flag("--swiglu");
    if (model.bias != BiasKind::All)
        args.flag("--disable-bias-linear");
    if (model.bias == BiasKind::Qkv)
        args.flag("--add-qkv-bias");
    if (!model.tiedEmbeddings)
        args.flag("--untie-embeddings-and-output-weights");
    if (!model.dropout)
        args.flag("--attention-dropout", "0.0").flag("--hidden-dropout", "0.0");
    if (model.moe.isMoe()) {
        args.flag("--num-experts", model.moe.experts)
            .flag("--moe-router-topk", model.moe.topK)
            .flag("--moe-ffn-hidden-size", model.moe.expertFfn);
        if (model.moe.sharedExperts > 0)
            args.flag("--moe-shared-expert-intermediate-size",
                      std::int64_t(model.moe.sharedExperts) * model.moe.sharedExpertFfn);
        if (model.moe.firstDenseLayers > 0 || model.moe.layerFrequency > 1) {
            // One entry per layer, 1 = MoE (arguments.py: a Python list expression).
            std::string pattern = "[";
            for (int layer = 0; layer < model.layers; ++layer) {
                pattern += model.isMoeLayer(layer) ? '1' : '0';
                pattern += layer + 1 < model.layers ? "," : "]";
            }
            args.flag("--moe-layer-freq", pattern);
        }
        if (model.moe.routerGroups != 0 || model.moe.routerGroupTopK != 0)
            args.flag("--moe-router-num-groups", model.moe.routerGroups)
                .flag("--moe-router-group-topk", model.moe.routerGroupTopK);
        // With a capacity factor every expert computes its capacity, as the model prices it (moeload.h): the
        // tokens beyond it dropped, the rest padded up to it (TransformerConfig
        // moe_pad_expert_input_to_capacity; without it the experts would compute fewer).
        if (design.workload.moeCapacityFactor > 0)
            args.flag("--moe-expert-capacity-factor", decimal(design.workload.moeCapacityFactor))
                .flag("--moe-pad-expert-input-to-capacity");
    }
    if (model.mtpLayers > 0)
        args.flag("--mtp-num-layers", model.mtpLayers);
    if (!names.hubId.empty())
        args.flag("--tokenizer-type", "HuggingFaceTokenizer").flag("--tokenizer-model", names.hubId);
    else
        args.flag("--vocab-size", model.vocab);
}

// Megatron splits layers evenly. A split that differs only in the first and last stage (without virtual
// stages, none of them empty) is --decoder-first/last-pipeline-num-layers; any other, empty end chunks and
// virtual stages included, is a --pipeline-model-parallel-layout string (launch/megatronlayout.h).
struct LayerSplit
{
    int first = 0, last = 0; // 0: even
    std::string layout; // the chunks' string when the first/last flags cannot say the split
};

LayerSplit layerSplit(const ParallelLayout& layout, int mtpDepths)
{
    const std::vector<int>& layers = layout.layersPerStage;
    LayerSplit split;
    if (layers.empty() || std::ranges::all_of(layers, [&](int n) { return n == layers.front(); }))
        return split;
    const bool evenMiddle
        = std::all_of(layers.begin() + 1, layers.end() - 1, [&](int n) { return n == layers[1]; });
    if (layout.virtualStages > 1 || layers.size() < 3 || !evenMiddle || layers.front() < 1
        || layers.back() < 1) {
        split.layout = megatronLayout(layers, mtpDepths);
        return split;
    }
    if (layers.front() != layers[1])
        split.first = layers.front();
    if (layers.back() != layers[1])
        split.last = layers.back();
    return split;
}

// What the design uses and Megatron-LM cannot express, as notes; true when the design's rank order is
// Megatron's alternative, tp-cp-ep-pp-dp.
bool noteMegatronLimits(LaunchConfig& config, const LaunchContext& context)
{
    const ParallelLayout& layout = context.design.layout;
    // Megatron's rank order is tp-cp-ep-dp-pp, or tp-cp-ep-pp-dp with --use-tp-pp-dp-mapping
    // (parallel_state.initialize_model_parallel, order argument).
    const std::vector<Dim> tpDpPp{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp};
    const std::vector<Dim> tpPpDp{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp};
    const std::string order = orderOfActiveDims(layout, layout.order);
    const bool tpPpDpMapping
        = order != orderOfActiveDims(layout, tpDpPp) && order == orderOfActiveDims(layout, tpPpDp);
    if (order != orderOfActiveDims(layout, tpDpPp) && !tpPpDpMapping)
        addNote(config, kOrder, "/layout/order", {"tp-cp-ep-dp-pp", orderToString(layout.order)});

    const bool interleaved = layout.pp() > 1 && layout.virtualStages > 1;
    if (layout.pp() > 1) {
        switch (layout.schedule) {
        case Schedule::OneFOneB:
        case Schedule::Interleaved:
            break;
        case Schedule::GPipe:
        case Schedule::ZbH1:
        case Schedule::ZbV:
        case Schedule::DualPipeV:
        case Schedule::DualPipe:
            addNote(config, kSchedule, "/layout/schedule",
                    {std::string(enumName(layout.schedule)), interleaved ? "interleaved 1F1B" : "1F1B"});
            break;
        }
    }
    if (layout.shardGroup > 0 && layout.shardGroup < layout.dp())
        addNote(config, kShardGroup, "/layout/shardGroup", {number(layout.shardGroup)});
    // arguments.py: "Must use --overlap-param-gather with --overlap-grad-reduce" (Megatron-Core's own
    // DistributedDataParallelConfig, which Megatron-Bridge sets, has no such rule).
    if (layout.zeroStage >= 1 && switchOn(context.design, Switch::OverlapParamGather)
        && !switchOn(context.design, Switch::OverlapGradReduce))
        addNote(config, kParamGatherAlone, "/layout/overlapParamGather");
    // The MoE README, "CUDA Graph": a dropless layer's shapes are dynamic and cannot be captured.
    if (wholeIterationOverDroplessExperts(context.design))
        addNote(config, kCudaGraphDynamicExperts, "/layout/cudaGraphs");
    noteNodeShape(config, context);
    return tpPpDpMapping;
}

void parallelArguments(ArgumentArray& parallel, const Design& design, const LayerSplit& split, bool tpPpDpMapping)
{
    const ParallelLayout& layout = design.layout;
    parallel.flag("--tensor-model-parallel-size", layout.tp());
    if (layout.sequenceParallel && layout.tp() > 1) {
        parallel.flag("--sequence-parallel");
        // TransformerEngine's userbuffers overlap of the SP all-gathers and reduce-scatters with the GEMMs
        // (arguments.py: needs --sequence-parallel and the TE transformer implementation, the default).
        if (layout.tpCommOverlap)
            parallel.flag("--tp-comm-overlap");
    }
    parallel.flag("--pipeline-model-parallel-size", layout.pp());
    if (layout.pp() > 1 && layout.virtualStages > 1 && split.layout.empty())
        parallel.flag("--num-virtual-stages-per-pipeline-rank", layout.virtualStages);
    if (!split.layout.empty())
        parallel.flag("--pipeline-model-parallel-layout", split.layout);
    if (split.first > 0)
        parallel.flag("--decoder-first-pipeline-num-layers", split.first);
    if (split.last > 0)
        parallel.flag("--decoder-last-pipeline-num-layers", split.last);
    parallel.flag("--context-parallel-size", layout.cp());
    if (layout.ep() > 1) {
        // The design's dispatcher (comm/expertdispatch.h); Megatron's default, allgather, is none of them.
        parallel.flag("--expert-model-parallel-size", layout.ep());
        if (layout.moeDispatcher == MoeDispatcher::AllToAll)
            parallel.flag("--moe-token-dispatcher-type", "alltoall");
        else
            parallel.flag("--moe-token-dispatcher-type", "flex")
                .flag("--moe-flex-dispatcher-backend",
                      layout.moeDispatcher == MoeDispatcher::HybridEp ? "hybridep" : "deepep");
    }
    if (layout.expertMode == ExpertMode::Megatron && layout.expertTp > 0)
        parallel.flag("--expert-tensor-parallel-size", layout.expertTp);
    if (tpPpDpMapping)
        parallel.flag("--use-tp-pp-dp-mapping");
    // ZeRO-2 and ZeRO-3 as Megatron-FSDP, whose buffers the model prices for Megatron-Core (frameworks.md,
    // "FSDP's buffer copies"): --use-megatron-fsdp (--use-custom-fsdp until core_v0.14.0) with the sharding
    // strategy, the distributed optimizer, no gradient-accumulation fusion and, from core_v0.18.0, the
    // fsdp_dtensor checkpoint format (arguments.py asserts it). A PyTorch FSDP2 design runs Megatron-LM's
    // --use-torch-fsdp2, which arguments.py allows only without PP, EP or the distributed optimizer and
    // with untied embeddings.
    const bool torchFsdp = layout.zeroStage == 3 && frameworkProfile(design).id == Framework::Fsdp2
        && layout.pp() == 1 && layout.ep() == 1 && !design.model.tiedEmbeddings;
    const bool megatronFsdp = layout.zeroStage >= 2 && !torchFsdp;
    if (layout.zeroStage >= 1 && !torchFsdp)
        parallel.flag("--use-distributed-optimizer");
    if (torchFsdp)
        parallel.flag("--use-torch-fsdp2")
            .flag("--no-gradient-accumulation-fusion")
            .flag("--ckpt-format", "torch_dist");
    else if (megatronFsdp)
        parallel.flag("--use-megatron-fsdp")
            .flag("--data-parallel-sharding-strategy",
                  layout.zeroStage == 2 ? "optim_grads" : "optim_grads_params")
            .flag("--no-gradient-accumulation-fusion")
            .flag("--ckpt-format", "fsdp_dtensor");
    // The framework's switches as the design runs them (frameworkswitches.h; off is Megatron-LM's default).
    if (switchOn(design, Switch::OverlapGradReduce))
        parallel.flag("--overlap-grad-reduce");
    if (layout.zeroStage >= 1 && !torchFsdp && switchOn(design, Switch::OverlapParamGather)
        && switchOn(design, Switch::OverlapGradReduce))
        parallel.flag("--overlap-param-gather");
    // Where Megatron-Core runs it (a Megatron-Core design that cannot has an error and no export).
    if (layout.ep() > 1 && switchOn(design, Switch::OverlapMoeAllToAll)
        && megatronMoeOverlapConflict(design).empty())
        parallel.flag("--overlap-moe-expert-parallel-comm");
    // --async-save writes the distributed formats (torch_dist, torch_dcp, fsdp_dtensor: checkpointing.py),
    // and from core_v0.16.0 only through a persistent worker: arguments.py turns it off without one.
    if (switchOn(design, Switch::AsyncCheckpoint)) {
        parallel.flag("--async-save").flag("--use-persistent-ckpt-worker");
        if (!torchFsdp && !megatronFsdp)
            parallel.flag("--ckpt-format", "torch_dist");
    }
}

void trainingArguments(ArgumentArray& training, const Design& design)
{
    const ParallelLayout& layout = design.layout;
    training.flag("--micro-batch-size", layout.microBatch)
        .flag("--global-batch-size", design.workload.globalBatch);
    switch (design.workload.precision) {
    case Precision::Bf16Mixed:
    case Precision::MegatronBf16:
        training.flag("--bf16");
        break;
    case Precision::Fp8:
        training.flag("--bf16").flag("--fp8-format", "hybrid");
        if (design.workload.fp8Recipe != Fp8Recipe::Delayed) // Megatron-LM's default
            training.flag("--fp8-recipe", enumName(design.workload.fp8Recipe));
        // The GEMM weights as FP8 parameters where the design keeps them (memory.h keepsFp8Parameters:
        // Switch::Fp8ParamGather, on by default as NVIDIA's recipes set fp8_param_gather).
        if (keepsFp8Parameters(design))
            training.flag("--fp8-param-gather");
        break;
    case Precision::Fp16Mixed:
        training.flag("--fp16");
        if (switchOn(design, Switch::GradReduceInFp32)) // off by default with --fp16 (arguments.py)
            training.flag("--accumulate-allreduce-grads-in-fp32");
        break;
    case Precision::Fp32:
        break;
    }
    // --bf16 reduces the gradients in FP32 unless --grad-reduce-in-bf16 says otherwise (arguments.py).
    const Precision precision = design.workload.precision;
    if (precision != Precision::Fp16Mixed && precision != Precision::Fp32
        && !switchOn(design, Switch::GradReduceInFp32))
        training.flag("--grad-reduce-in-bf16");
    if (switchOn(design, Switch::FusedCrossEntropy))
        training.flag("--cross-entropy-loss-fusion").flag("--cross-entropy-fusion-impl", "te");
    // Megatron's "adam" is AdamW: decoupled weight decay (torch.optim.AdamW or TE's FusedAdam with
    // adam_w_mode).
    training.flag("--optimizer", design.workload.optimizer == Optimizer::SgdMomentum ? "sgd" : "adam");
    if (design.workload.offload != Offload::None)
        training.flag("--optimizer-cpu-offload");
    // 16-bit moments: Transformer Engine's FusedAdam through the precision-aware optimizer, which the CPU
    // offload's hybrid optimizer needs too (arguments.py asserts it); its dtypes default to FP32.
    const bool sixteenBit = design.workload.optimizerMoments != MomentDtype::Fp32;
    if (sixteenBit || design.workload.offload != Offload::None)
        training.flag("--use-precision-aware-optimizer");
    if (sixteenBit) {
        const std::string dtype(enumName(design.workload.optimizerMoments));
        training.flag("--exp-avg-dtype", dtype).flag("--exp-avg-sq-dtype", dtype);
    }
    if (layout.recompute == Recompute::Selective) {
        training.flag("--recompute-granularity", "selective");
        if (!layout.recomputeModules.empty()) {
            std::vector<std::string> names;
            for (RecomputeModule module : layout.recomputeModules)
                names.emplace_back(enumName(module));
            training.flag("--recompute-modules", names);
        }
    } else if (layout.recomputesSomeLayers())
        training.flag("--recompute-granularity", "full")
            .flag("--recompute-method", "block")
            .flag("--recompute-num-layers", layout.recomputeLayers);
    else if (layout.recompute == Recompute::Full)
        training.flag("--recompute-granularity", "full")
            .flag("--recompute-method", "uniform")
            .flag("--recompute-num-layers", 1);
    if (layout.activationOffloadLayers > 0)
        training.flag("--cpu-offloading-num-layers", layout.activationOffloadLayers); // sets cpu_offloading
    // CUDA graphs (layout.h CudaGraphs; TransformerConfig cuda_graph_impl and cuda_graph_modules of
    // core_v0.19.0). Per layer: Transformer Engine's graphs of the whole layer; of a MoE layer without
    // padding only its attention, router and preprocessing, as its experts' shapes are dynamic (the MoE
    // README, "CUDA Graph"; moe_preprocess with the router), and the dense layers' MLP beside them. The whole
    // iteration needs the NaN check off (arguments.py).
    const bool paddedExperts = design.workload.moeCapacityFactor > 0;
    if (layout.cudaGraphs == CudaGraphs::Layers) {
        training.flag("--cuda-graph-impl", "transformer_engine");
        if (design.model.moe.isMoe() && !paddedExperts) {
            std::vector<std::string> modules{"attn", "moe_router", "moe_preprocess"};
            if (design.model.moe.firstDenseLayers > 0 || design.model.moe.layerFrequency > 1)
                modules.emplace_back("mlp");
            training.flag("--cuda-graph-modules", modules);
        }
    } else if (layout.cudaGraphs == CudaGraphs::Iteration)
        training.flag("--cuda-graph-impl", "full_iteration").flag("--no-check-for-nan-in-loss-and-grad");
    // The kernel the design is timed with (compute/attentionkernel.h): the fastest published one is what
    // Transformer Engine's own choice finds (auto, Megatron-LM's default: cuDNN's fused attention or
    // flash-attn, whichever it ranks first on the GPU); FlashAttention-2 is the flash-attn package (flash).
    const char* backend = !design.workload.flashAttention                     ? "unfused"
        : design.workload.attentionKernel == AttentionKernel::FlashAttention2 ? "flash"
                                                                              : "auto";
    training.flag("--attention-backend", backend);
}

// The header comment's lines beyond the common ones.
std::vector<std::string> megatronHeaderLines(const LaunchContext& context)
{
    const ParallelLayout& layout = context.design.layout;
    std::vector<std::string> extra;
    {
        // Megatron derives the data-parallel size; in the separate EP convention the EP ranks are part of it.
        std::string dp = "Megatron derives the data-parallel size: ";
        dp += number(context.world);
        dp += " / (TP × PP × CP) = ";
        const std::int64_t derived = context.world / (std::int64_t(layout.tp()) * layout.pp() * layout.cp());
        dp += number(derived);
        dp += "; ";
        dp += number(context.microBatches);
        dp += " micro-batches per step.";
        extra.push_back(std::move(dp));
        // The layout line counts DP beside EP; Megatron's data-parallel ranks include the expert-parallel
        // ones.
        if (derived != layout.dp())
            extra.push_back("Its " + number(derived)
                            + " is the layout's DP × EP: Megatron counts the expert-parallel "
                              "ranks among the data-parallel ones.");
    }
    extra.push_back(
        "Data, learning-rate, logging and checkpoint arguments, and the model's --rotary-base, are "
        "yours to add.");
    if (context.nodes > 1)
        extra.push_back("Run on every node with NODE_RANK and MASTER_ADDR set.");
    return extra;
}

} // namespace

void writeMegatron(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const LayerSplit split = layerSplit(design.layout, design.model.mtpLayers);
    const bool tpPpDpMapping = noteMegatronLimits(config, context);

    ArgumentArray model("MODEL_ARGS");
    modelArguments(model, design, context.names);
    ArgumentArray parallel("PARALLEL_ARGS");
    parallelArguments(parallel, design, split, tpPpDpMapping);
    ArgumentArray training("TRAINING_ARGS");
    trainingArguments(training, design);
    ArgumentArray distributed("DISTRIBUTED_ARGS");
    distributed.flag("--nproc-per-node", context.processesPerNode).flag("--nnodes", context.nodes);
    if (context.nodes > 1)
        distributed.flag("--node-rank", "${NODE_RANK}")
            .flag("--master-addr", "${MASTER_ADDR}")
            .flag("--master-port", kRendezvousPort);

    config.text = "#!/bin/bash\n";
    config.text
        += commentBlock(headerLines(config, context, "Megatron-LM arguments", megatronHeaderLines(context)));
    config.text += '\n';
    // arguments.py asserts CUDA_DEVICE_MAX_CONNECTIONS: 1 with TP or CP before Blackwell (so that the
    // communication kernels queue in order), anything but 1 with Megatron-FSDP.
    if (design.layout.zeroStage >= 2)
        config.text += "unset CUDA_DEVICE_MAX_CONNECTIONS\n\n";
    else if (design.layout.tp() > 1 || design.layout.cp() > 1)
        config.text += "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n";
    for (const ArgumentArray* array : {&distributed, &model, &parallel, &training})
        config.text += array->text();
    config.text += "\ntorchrun \"${DISTRIBUTED_ARGS[@]}\" pretrain_gpt.py \\\n"
                   "    \"${MODEL_ARGS[@]}\" \"${PARALLEL_ARGS[@]}\" \"${TRAINING_ARGS[@]}\"\n";
}

} // namespace core::launch
