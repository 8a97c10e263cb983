// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/fieldtext.h"

#include "framework/frameworkprofile.h"

#include <QCoreApplication>

namespace widgets {

using core::Field;

namespace {

// The framework switches' labels (kSwitchFields); empty for any other field.
QString switchLabel(Field field)
{
    switch (field) {
    case Field::OverlapGradReduce:
        return QCoreApplication::translate("FieldText", "Overlap gradient reduction");
    case Field::OverlapParamGather:
        return QCoreApplication::translate("FieldText", "Overlap parameter all-gather");
    case Field::GradientSyncEveryMicroBatch:
        return QCoreApplication::translate("FieldText", "Gradient sync every micro-batch");
    case Field::OverlapMoeAllToAll:
        return QCoreApplication::translate("FieldText", "Overlap expert all-to-all");
    case Field::AsyncCheckpoint:
        return QCoreApplication::translate("FieldText", "Asynchronous checkpoint");
    case Field::GradReduceInFp32:
        return QCoreApplication::translate("FieldText", "Reduce gradients in FP32");
    case Field::FusedCrossEntropy:
        return QCoreApplication::translate("FieldText", "Fused cross-entropy");
    case Field::TorchCompile:
        return QCoreApplication::translate("FieldText", "torch.compile");
    case Field::Fp8ParamGather:
        return QCoreApplication::translate("FieldText", "FP8 weight all-gather");
    default:
        return {};
    }
}

// The model's labels; empty for any other field.
QString modelLabel(Field field)
{
    switch (field) {
    case Field::ModelLayers:
        return QCoreApplication::translate("FieldText", "Layers");
    case Field::ModelHidden:
        return QCoreApplication::translate("FieldText", "Hidden size");
    case Field::ModelFfn:
        return QCoreApplication::translate("FieldText", "FFN size");
    case Field::ModelHeads:
        return QCoreApplication::translate("FieldText", "Attention heads");
    case Field::ModelKvHeads:
        return QCoreApplication::translate("FieldText", "KV heads");
    case Field::ModelHeadDim:
        return QCoreApplication::translate("FieldText", "Head dimension");
    case Field::ModelVocab:
        return QCoreApplication::translate("FieldText", "Vocabulary");
    case Field::ModelExperts:
        return QCoreApplication::translate("FieldText", "Experts");
    case Field::ModelTopK:
        return QCoreApplication::translate("FieldText", "Experts per token");
    case Field::ModelExpertFfn:
        return QCoreApplication::translate("FieldText", "Expert FFN size");
    case Field::ModelRouterGroups:
        return QCoreApplication::translate("FieldText", "Expert groups");
    case Field::ModelRouterGroupTopK:
        return QCoreApplication::translate("FieldText", "Groups per token");
    case Field::ModelSlidingWindow:
        return QCoreApplication::translate("FieldText", "Sliding window (tokens)");
    case Field::ModelWindowPeriod:
        return QCoreApplication::translate("FieldText", "Window pattern period (layers)");
    case Field::ModelSlidingLayers:
        return QCoreApplication::translate("FieldText", "Sliding layers per period");
    case Field::ModelMtpLayers:
        return QCoreApplication::translate("FieldText", "Multi-token prediction depths");
    default:
        return {};
    }
}

} // namespace

QString fieldLabel(Field field)
{
    switch (field) {
    case Field::Fabric:
        return QCoreApplication::translate("FieldText", "Between nodes");
    case Field::NicsPerNode:
        return QCoreApplication::translate("FieldText", "Network cards per node");
    case Field::Oversubscription:
        return QCoreApplication::translate("FieldText", "Fabric oversubscription");
    case Field::HostMemory:
        return QCoreApplication::translate("FieldText", "Host RAM per node");
    case Field::Tp:
        return QCoreApplication::translate("FieldText", "TP");
    case Field::Pp:
        return QCoreApplication::translate("FieldText", "PP");
    case Field::Dp:
        return QCoreApplication::translate("FieldText", "DP");
    case Field::Cp:
        return QCoreApplication::translate("FieldText", "CP");
    case Field::Ep:
        return QCoreApplication::translate("FieldText", "EP");
    case Field::Order:
        return QCoreApplication::translate("FieldText", "Mesh order");
    case Field::Framework:
        return QCoreApplication::translate("FieldText", "Framework");
    case Field::VocabDivisibleBy:
        return QCoreApplication::translate("FieldText", "Vocabulary multiple");
    case Field::ExpertMode:
        return QCoreApplication::translate("FieldText", "EP convention");
    case Field::ExpertTp:
        return QCoreApplication::translate("FieldText", "Expert TP");
    case Field::SequenceParallel:
        return QCoreApplication::translate("FieldText", "Sequence parallel");
    case Field::TpCommOverlap:
        return QCoreApplication::translate("FieldText", "TP overlap");
    case Field::ZeroStage:
        return QCoreApplication::translate("FieldText", "ZeRO stage");
    case Field::ShardGroup:
        return QCoreApplication::translate("FieldText", "HSDP shard group");
    case Field::ReshardAfterForward:
        return QCoreApplication::translate("FieldText", "Reshard after forward");
    case Field::Mode:
        return QCoreApplication::translate("FieldText", "Workload");
    case Field::SequenceLength:
        return QCoreApplication::translate("FieldText", "Sequence length");
    case Field::GlobalBatch:
        return QCoreApplication::translate("FieldText", "Global batch");
    case Field::MicroBatch:
        return QCoreApplication::translate("FieldText", "Micro-batch");
    case Field::Schedule:
        return QCoreApplication::translate("FieldText", "Pipeline schedule");
    case Field::VirtualStages:
        return QCoreApplication::translate("FieldText", "Virtual stages");
    case Field::LayersPerStage:
        return QCoreApplication::translate("FieldText", "Layers per stage");
    case Field::Recompute:
        return QCoreApplication::translate("FieldText", "Recomputation");
    case Field::RecomputeLayers:
        return QCoreApplication::translate("FieldText", "Recomputed layers");
    case Field::RecomputeModules:
        return QCoreApplication::translate("FieldText", "Recomputed modules");
    case Field::ActivationOffloadLayers:
        return QCoreApplication::translate("FieldText", "Offloaded activations (layers)");
    case Field::CudaGraphs:
        return QCoreApplication::translate("FieldText", "CUDA graphs");
    case Field::MoeDispatcher:
        return QCoreApplication::translate("FieldText", "Token dispatcher");
    case Field::Precision:
        return QCoreApplication::translate("FieldText", "Precision");
    case Field::Optimizer:
        return QCoreApplication::translate("FieldText", "Optimizer");
    case Field::OptimizerMoments:
        return QCoreApplication::translate("FieldText", "Optimizer moments");
    case Field::Fp8Recipe:
        return QCoreApplication::translate("FieldText", "FP8 recipe");
    case Field::Offload:
        return QCoreApplication::translate("FieldText", "Offload");
    case Field::FlashAttention:
        return QCoreApplication::translate("FieldText", "FlashAttention");
    case Field::AttentionKernel:
        return QCoreApplication::translate("FieldText", "Attention kernel");
    case Field::Concurrency:
        return QCoreApplication::translate("FieldText", "Concurrent sequences");
    case Field::ContextLength:
        return QCoreApplication::translate("FieldText", "Context length");
    case Field::KvDtype:
        return QCoreApplication::translate("FieldText", "KV cache type");
    case Field::Name:
        return QCoreApplication::translate("FieldText", "Name");
    case Field::AutoDp:
        return QCoreApplication::translate("FieldText", "Auto DP");
    default: {
        const QString model = modelLabel(field);
        return model.isEmpty() ? switchLabel(field) : model;
    }
    }
}

namespace {

// The framework switches' tooltips: the option each stands for in its frameworks and what it changes.
QString switchToolTip(Field field)
{
    switch (field) {
    case Field::OverlapGradReduce:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-LM --overlap-grad-reduce, DeepSpeed overlap_comm: the gradient reduction runs under "
            "the "
            "backward. DDP and FSDP2 always overlap it; off shows the step without.");
    case Field::OverlapParamGather:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-LM --overlap-param-gather: the distributed optimizer's all-gather of the updated "
            "parameters runs under the next step's first forward instead of after the optimizer step.");
    case Field::GradientSyncEveryMicroBatch:
        return QCoreApplication::translate(
            "FieldText",
            "FSDP2: reduce-scatter the gradients after every micro-batch (PyTorch's default). Off: "
            "set_requires_gradient_sync(False) until the last one; without resharding after forward the "
            "parameters are also gathered once per step.");
    case Field::OverlapMoeAllToAll:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-Core --overlap-moe-expert-parallel-comm: the expert all-to-all runs under the dense "
            "computation of the layer, up to that computation's time.");
    case Field::AsyncCheckpoint:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-LM --async-save, torchtitan's async_mode \"async\": each rank copies its share of the "
            "parameters and optimizer states to host memory and writes the checkpoint from there while "
            "training goes on. The host memory it needs is in the Memory tab.");
    case Field::FusedCrossEntropy:
        return QCoreApplication::translate("FieldText",
                                           "Megatron-LM --cross-entropy-loss-fusion with the te "
                                           "implementation: the loss over the vocabulary "
                                           "runs as Transformer Engine's fused kernel, about 6 bytes per "
                                           "logit, instead of in FP32 over the "
                                           "whole logits (about 52 bytes per logit).");
    case Field::Fp8ParamGather:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather: under FP8 the sharded "
            "weights are all-gathered as one byte each instead of two. Megatron-Core then keeps the FP8 "
            "weights as the parameters; torchao casts each shard before the gather instead of casting the "
            "whole weight in every forward and backward. MXFP8 weights are gathered in BF16 with torchao.");
    case Field::TorchCompile:
        return QCoreApplication::translate(
            "FieldText",
            "torchtitan --compile.enable: torch.compile fuses each layer's eager elementwise steps "
            "(RMSNorm and rotary embeddings through FP32, SwiGLU's two steps) into generated kernels, so the "
            "step no longer pays what the eager kernels move beyond fused ones.");
    case Field::GradReduceInFp32:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-Core grad_reduce_in_fp32, FSDP2's reduce_dtype, DeepSpeed's communication_data_type: "
            "the "
            "gradients are reduced across data-parallel ranks in FP32 (4 bytes each) rather than in 16 bits. "
            "In Megatron-Core it is also the dtype of the gradient buffer; off, the optimizer keeps an FP32 "
            "copy of its gradient shard.");
    default:
        return {};
    }
}

// The expert-parallel rows' tooltips; the switches' for the rest.
QString expertToolTip(Field field)
{
    switch (field) {
    case Field::ExpertMode:
        return QCoreApplication::translate(
            "FieldText",
            "Whether EP multiplies the world size (the reference article's rule) or "
            "regroups the DP × CP ranks for the MoE layers (Megatron-Core).");
    case Field::ExpertTp:
        return QCoreApplication::translate(
            "FieldText",
            "Tensor parallelism inside the experts (Megatron's convention); 0 means the same as TP.");
    case Field::ModelRouterGroups:
    case Field::ModelRouterGroupTopK:
        return QCoreApplication::translate(
            "FieldText",
            "Group-limited routing: the experts in this many equal groups, a token's experts drawn from the "
            "groups its router scores highest, so DeepEP and HybridEP send it to fewer nodes (DeepSeek-V3: 4 "
            "of 8 groups, at most 4 nodes). 0 groups: routed over all experts.");
    case Field::MoeDispatcher:
        return QCoreApplication::translate(
            "FieldText",
            "How Megatron-Core sends a MoE layer's tokens to their experts and back: alltoall sends one copy "
            "of a token for each of its top-k experts; DeepEP and HybridEP "
            "(--moe-token-dispatcher-type flex) send it once to each GPU, and across nodes once to each "
            "node, that holds one of its experts, forwarded over NVLink on arrival. DeepEP reaches at most 8 "
            "GPUs of a node; HybridEP also a larger NVLink domain.");
    default:
        return switchToolTip(field);
    }
}

} // namespace

QString fieldToolTip(Field field)
{
    switch (field) {
    case Field::Tp:
        return QCoreApplication::translate("FieldText",
                                           "Tensor parallelism: splits every layer's weight matrices across "
                                           "this many GPUs. Keep it inside a node.");
    case Field::Pp:
        return QCoreApplication::translate("FieldText",
                                           "Pipeline parallelism: splits the layers into this many stages.");
    case Field::Dp:
        return QCoreApplication::translate(
            "FieldText", "Data parallelism: replicas that each process their own micro-batches.");
    case Field::Cp:
        return QCoreApplication::translate(
            "FieldText", "Context parallelism: splits each sequence across this many GPUs.");
    case Field::Ep:
        return QCoreApplication::translate(
            "FieldText", "Expert parallelism: spreads the experts of each MoE layer across this many GPUs.");
    case Field::Order:
        return QCoreApplication::translate("FieldText",
                                           "Which dimension varies fastest across ranks (Megatron's order "
                                           "string). TP first keeps TP groups on neighbouring GPUs.");
    case Field::Framework:
        return QCoreApplication::translate(
            "FieldText",
            "The software that runs the layout: what it keeps in memory, what it can offload and which "
            "layouts it refuses. Auto: Megatron-Core with TP, PP, CP or EP; DeepSpeed for ZeRO-1/2; "
            "PyTorch DDP/FSDP2 otherwise; vLLM for serving.");
    case Field::VocabDivisibleBy:
        return QCoreApplication::translate(
            "FieldText",
            "Megatron-LM --make-vocab-size-divisible-by: the output layer is padded to a multiple of this × "
            "TP. 0: the framework's default.");
    case Field::ZeroStage:
        return QCoreApplication::translate("FieldText",
                                           "ZeRO shards model states across the data-parallel ranks: 1 the "
                                           "optimizer, 2 also gradients, 3 also parameters (FSDP).");
    case Field::ShardGroup:
        return QCoreApplication::translate("FieldText",
                                           "Hybrid sharding (HSDP): shard inside groups of this many DP "
                                           "ranks and replicate across them; 0 shards across all of DP.");
    case Field::ReshardAfterForward:
        return QCoreApplication::translate("FieldText",
                                           "FSDP2: free the gathered parameters after forward and gather "
                                           "them again in backward. Off behaves like ZeRO-2.");
    case Field::SequenceParallel:
        return QCoreApplication::translate("FieldText",
                                           "Megatron sequence parallelism: splits the activations of norms "
                                           "and dropout along the sequence inside the TP group.");
    case Field::TpCommOverlap:
        return QCoreApplication::translate("FieldText",
                                           "Megatron-LM --tp-comm-overlap: the TP all-gathers and "
                                           "reduce-scatters run under the GEMMs next to them "
                                           "(TransformerEngine userbuffers). Needs sequence parallelism.");
    case Field::MicroBatch:
        return QCoreApplication::translate("FieldText", "Sequences per micro-batch on each pipeline.");
    case Field::GlobalBatch:
        return QCoreApplication::translate(
            "FieldText", "Sequences per optimizer step, across all data-parallel replicas.");
    case Field::LayersPerStage:
        return QCoreApplication::translate(
            "FieldText",
            "Layers of each pipeline stage in order, e.g. \"19, 20, 20, 21\" (PP × virtual stages numbers "
            "adding up to the layers). Empty: an even split.");
    case Field::VirtualStages:
        return QCoreApplication::translate("FieldText",
                                           "Model chunks per pipeline rank (interleaved schedule).");
    case Field::ActivationOffloadLayers:
        return QCoreApplication::translate(
            "FieldText",
            "The activations of the first layers wait in host memory between their forward and backward, "
            "copied over the GPU's host link under the neighbouring layers' compute (Megatron-Core "
            "--cpu-offloading --cpu-offloading-num-layers). Needs PP 1 and no recomputation. 0: none.");
    case Field::CudaGraphs:
        return QCoreApplication::translate(
            "FieldText",
            "Which kernels the host launches from captured CUDA graphs, as Megatron-Core captures them: per "
            "layer (--cuda-graph-impl transformer_engine: a dense layer whole, a dropless MoE layer's "
            "attention, router and preprocessing) or the forward and backward of the whole iteration "
            "(full_iteration, with a MoE layer's experts padded to static shapes). Without graphs each MoE "
            "layer takes at least the host's time to launch it; published MoE runs without graphs took "
            "longer still (the step's explanation says how much).");
    case Field::RecomputeModules:
        return QCoreApplication::translate(
            "FieldText",
            "What selective recomputation recomputes in each layer's backward instead of keeping, as "
            "Megatron-Core names it (--recompute-modules): core_attn, mla_up_proj, layernorm, mlp (dense "
            "layers), moe_act, moe, shared_experts, separated by commas. Empty: the framework's own, "
            "core_attn "
            "for Megatron-Core, torchtitan's op-level policy for FSDP2 (every second matrix product and the "
            "elementwise steps).");
    case Field::RecomputeLayers:
        return QCoreApplication::translate(
            "FieldText",
            "Full recomputation of only the first layers of each model chunk; the others keep their "
            "activations, trading memory for less recomputed forward (Megatron-LM --recompute-method block "
            "--recompute-num-layers). 0: every layer.");
    case Field::Name:
        return QCoreApplication::translate("FieldText",
                                           "The design's name: the title of exported launch files, reports "
                                           "and figures.");
    case Field::AutoDp:
        return QCoreApplication::translate("FieldText",
                                           "DP takes the GPUs the other degrees leave: changing TP, PP, CP, "
                                           "EP or the cluster sets DP again. Off keeps DP as you set it.");
    default:
        return expertToolTip(field);
    }
}

std::optional<core::Switch> switchOfField(Field field)
{
    for (std::size_t i = 0; i < kSwitchFields.size(); ++i)
        if (kSwitchFields[i] == field)
            return core::kAllSwitches[i];
    return std::nullopt;
}

QString switchDefaultText(const core::Design& design, core::Switch s)
{
    // The framework is named in its own row and in the tooltip: a short text keeps the panel narrow.
    const bool on = core::switchDefault(design, s);
    const bool set = (design.layout.*core::switchMember(s)).has_value();
    const QString value = on ? QCoreApplication::translate("FieldText", "on")
                             : QCoreApplication::translate("FieldText", "off");
    return set ? QCoreApplication::translate("FieldText", "set (default: %1)").arg(value)
               : QCoreApplication::translate("FieldText", "default (%1)").arg(value);
}

QString switchEffectText(const core::Design& design, core::Switch s)
{
    const core::FrameworkProfile& profile = core::frameworkProfile(design);
    const core::SwitchRule& rule = profile.rule(s);
    const bool set = (design.layout.*core::switchMember(s)).has_value();
    const QString value = core::switchOn(design, s) ? QCoreApplication::translate("FieldText", "on")
                                                    : QCoreApplication::translate("FieldText", "off");
    QString origin = set ? QCoreApplication::translate("FieldText", "set in the design")
                         : QCoreApplication::translate("FieldText", "the default of %1")
                               .arg(QString::fromStdString(profile.name));
    if (!rule.option.empty())
        origin += QStringLiteral(", ") + QString::fromStdString(rule.option);
    QString text = QCoreApplication::translate("FieldText", "%1 is %2 (%3)")
                       .arg(fieldLabel(kSwitchFields[static_cast<std::size_t>(s)]), value, origin);
    if (!rule.source.empty())
        text += QStringLiteral(": ") + QString::fromStdString(rule.source);
    return text;
}

} // namespace widgets
