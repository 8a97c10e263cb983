// SPDX-License-Identifier: GPL-3.0-or-later
// DeepSpeed's config JSON (keys of the DeepSpeed 0.16 "DeepSpeed Configuration JSON" docs). The file
// carries batch sizes, precision, the ZeRO stage and offload; tensor and pipeline degrees come from the
// training code (an mpu, PipelineModule(num_stages=…)), and DeepSpeed's pipeline engine accepts ZeRO
// stages 0 and 1 only (pipe/engine.py asserts it).

#include "design/design.h"
#include "framework/frameworkswitches.h"
#include "base/jsonparse.h"
#include "base/jsonreader.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"

namespace core::launch {

void writeDeepSpeed(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    if (layout.cp() > 1)
        addNote(config, kNoContext, "/layout/cp", {number(layout.cp())});
    if (layout.pp() > 1 && layout.zeroStage > 1)
        addNote(config, kPipelineZero, "/layout/zeroStage", {number(layout.pp()), number(layout.zeroStage)});
    if (!config.ok())
        return;
    if (const std::string fields = layoutFieldsInUse(layout, {Dim::Tp, Dim::Pp, Dim::Ep}, false);
        !fields.empty())
        addNote(config, kSetInCode, "/layout", {fields});
    if (layout.recompute != Recompute::None)
        addNote(config, kSetInCode, "/layout/recompute", {"recompute"}); // listed in the header
    if (layout.sequenceParallel && layout.tp() > 1)
        addNote(config, kSequenceParallel, "/layout/sequenceParallel");
    noteMegatronOnlyFeatures(config, design);
    const bool hsdp = layout.zeroStage == 3 && layout.shardGroup > 0 && layout.shardGroup < layout.dp();
    if (layout.shardGroup > 0 && layout.shardGroup < layout.dp() && !hsdp)
        addNote(config, kShardGroup, "/layout/shardGroup", {number(layout.shardGroup)});
    if (design.workload.precision == Precision::Fp8)
        addNote(config, kPrecision, "/workload/precision", {"FP8", "bf16"});
    noteNodeShape(config, context);

    Json ds = Json::object();
    Json comment = Json::array();
    std::vector<std::string> extra;
    {
        std::string degrees = "In the training code: ";
        degrees += degreesSummary(design);
        degrees += ".";
        extra.push_back(std::move(degrees));
    }
    if (layout.recompute != Recompute::None) {
        std::string recompute = "Activation recomputation in the model code: ";
        recompute += enumName(layout.recompute);
        if (layout.recomputesSomeLayers())
            recompute
                += ", the first " + std::to_string(layout.recomputeLayers) + " layers of each model chunk";
        recompute += '.';
        extra.push_back(std::move(recompute));
    }
    extra.push_back(
        "Launch: deepspeed --hostfile hostfile train.py --deepspeed --deepspeed_config ds_config.json");
    for (const std::string& line : headerLines(config, context, "DeepSpeed configuration", extra))
        comment.push_back(line);
    ds["_comment"] = std::move(comment);

    // train_batch_size = micro-batch × accumulation × data-parallel ranks (DeepSpeed checks the product).
    ds["train_batch_size"] = design.workload.globalBatch;
    ds["train_micro_batch_size_per_gpu"] = layout.microBatch;
    ds["gradient_accumulation_steps"] = context.microBatches;
    const Precision precision = design.workload.precision;
    // DeepSpeed has no FP8 of its own (the model's modules would have to bring it: Transformer Engine's
    // layers in the training script), so FP8 runs as BF16 here; the note says so.
    if (precision == Precision::Bf16Mixed || precision == Precision::MegatronBf16
        || precision == Precision::Fp8)
        ds["bf16"] = {{"enabled", true}};
    else if (precision == Precision::Fp16Mixed)
        ds["fp16"] = {{"enabled", true}}; // dynamic loss scaling, DeepSpeed's default (loss_scale 0)
    // Unset, DeepSpeed reduces in the model's 16-bit type (config.py get_communication_data_type).
    if (precision != Precision::Fp32 && switchOn(design, Switch::GradReduceInFp32))
        ds["communication_data_type"] = "fp32";
    Json zero = {{"stage", layout.zeroStage}};
    if (layout.zeroStage > 0) {
        // The design's overlapGradReduce: DeepSpeed's own default is off below stage 3 (zero/config.py).
        zero["overlap_comm"] = switchOn(design, Switch::OverlapGradReduce);
        zero["contiguous_gradients"] = true;
    }
    if (design.workload.offload != Offload::None)
        zero["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (design.workload.offload == Offload::CpuParameters)
        zero["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (hsdp) // MiCS: shard inside groups, replicate across them (DeepSpeed's MiCS tutorial).
        zero["mics_shard_size"] = layout.shardGroup;
    ds["zero_optimization"] = std::move(zero);
    if (layout.ep() > 1) {
        std::string moe = "Expert parallelism: deepspeed.moe.layer.MoE(..., ep_size=";
        moe += number(layout.ep());
        moe += ")";
        ds["_comment"].push_back(std::move(moe));
    }
    config.text = jsonText(ds);
    config.text += '\n';
}

} // namespace core::launch
