// SPDX-License-Identifier: GPL-3.0-or-later
// Accelerate's FSDP2 config file (accelerate launch --config_file). Keys as Accelerate 1.14 reads them
// (commands/config/config_args.py ClusterConfig, each unchanged since 1.10): fsdp_config with fsdp_version 2
// (FSDP2 since 1.6), parallelism_config (1.10) for HSDP, TP and CP, fp8_config for torchao's FP8.
// Accelerate has neither pipeline nor expert parallelism.

#include "design/design.h"
#include "framework/frameworkswitches.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"

namespace core::launch {

namespace {

// What the YAML expresses only approximately, or leaves to the training script.
void addApproximationNotes(LaunchConfig& config, const Design& design)
{
    const ParallelLayout& layout = design.layout;
    // Accelerate's device mesh is (dp_replicate, dp_shard, cp, tp), slowest first (ParallelismConfig).
    const std::vector<Dim> accelerateOrder{Dim::Tp, Dim::Cp, Dim::Dp};
    if (orderOfActiveDims(layout, layout.order) != orderOfActiveDims(layout, accelerateOrder))
        addNote(config, kOrder, "/layout/order", {"tp-cp-dp", orderToString(layout.order)});
    if (layout.zeroStage < 3)
        addNote(config, kZeroStage, "/layout/zeroStage",
                {number(layout.zeroStage), "FSDP2 (fsdp_reshard_after_forward: false)"});
    if (layout.sequenceParallel && layout.tp() > 1)
        addNote(config, kSequenceParallel, "/layout/sequenceParallel");
    if (design.workload.offload == Offload::Cpu)
        addNote(config, kOffload, "/workload/offload");
    if (layout.recompute == Recompute::Selective)
        addNote(config, kRecompute, "/layout/recompute", {"selective", "full"});
    else if (layout.recomputesSomeLayers())
        addNote(config, kRecompute, "/layout/recomputeLayers", {"partial", "full"});
    noteMegatronOnlyFeatures(config, design);
    // Accelerate's config has no checkpoint keys: the script's save_state decides.
    if (switchOn(design, Switch::AsyncCheckpoint))
        addNote(config, kSetInCode, "/layout/asyncCheckpoint", {"asyncCheckpoint on"});
    // Its FSDP2 plugin builds the MixedPrecisionPolicy in the script (or from the Trainer's arguments).
    if (design.layout.gradReduceInFp32.has_value())
        addNote(
            config, kSetInCode, "/layout/gradReduceInFp32",
            {switchOn(design, Switch::GradReduceInFp32) ? "gradReduceInFp32 on" : "gradReduceInFp32 off"});
    // FP8 through Accelerate's torchao backend (fp8_config backend AO: AORecipeKwargs, torchao's
    // Float8LinearConfig, tensorwise by default), the backend whose rules the FSDP2 profile counts
    // (frameworks.json fp8Source); it has no delayed, block or MX scaling.
    const Fp8Recipe recipe = design.workload.fp8Recipe;
    if (design.workload.precision == Precision::Fp8 && recipe != Fp8Recipe::Tensorwise)
        addNote(config, kPrecision, "/workload/fp8Recipe",
                {"FP8 " + std::string(enumName(recipe)) + " scaling", "FP8 tensorwise scaling"});
}

} // namespace

void writeAccelerate(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    if (layout.pp() > 1)
        addNote(config, kNoPipeline, "/layout/pp", {number(layout.pp())});
    if (layout.ep() > 1)
        addNote(config, kNoExpert, "/layout/ep", {number(layout.ep())});
    // Accelerate 1.14 parallelism_config.py: TP or CP beside pure replication is a ValueError.
    if ((layout.tp() > 1 || layout.cp() > 1) && layout.shardGroup == 1 && layout.dp() > 1)
        addNote(config, kReplicatedTensorParallel, "/layout/shardGroup", {number(layout.dp())});
    if (!config.ok())
        return;

    addApproximationNotes(config, design);
    noteNodeShape(config, context);

    const int dp = layout.dp();
    const int shard = layout.shardGroup > 0 && layout.shardGroup < dp ? layout.shardGroup : dp;
    const bool reshard = layout.zeroStage == 3 && layout.reshardAfterForward;
    std::string precision = "'no'";
    if (design.workload.precision == Precision::Bf16Mixed
        || design.workload.precision == Precision::MegatronBf16)
        precision = "bf16";
    else if (design.workload.precision == Precision::Fp8)
        precision = "fp8";
    else if (design.workload.precision == Precision::Fp16Mixed)
        precision = "fp16";

    std::vector<std::string> extra;
    {
        std::string batch = "In the training script: per-device batch size ";
        batch += number(layout.microBatch);
        batch += ", gradient accumulation ";
        batch += number(context.microBatches);
        batch += " steps, sequence length ";
        batch += number(design.workload.sequenceLength);
        batch += " (global batch ";
        batch += number(design.workload.globalBatch);
        batch += ").";
        extra.push_back(std::move(batch));
    }
    if (context.nodes > 1)
        extra.push_back("On every node: accelerate launch --config_file accelerate-fsdp2.yaml --machine_rank "
                        "$NODE_RANK --main_process_ip $MASTER_ADDR train.py");
    if (context.names.decoderLayerClass.empty())
        extra.push_back(
            "No decoder-layer class is known for this model; FSDP wraps the modules in the model's "
            "_no_split_modules.");

    std::string yaml = commentBlock(headerLines(config, context, "Accelerate FSDP2 configuration", extra));
    auto key = [&yaml](std::string_view indent, std::string_view name, std::string_view value) {
        yaml += indent;
        yaml += name;
        yaml += ": ";
        yaml += value;
        yaml += '\n';
    };
    key("", "compute_environment", "LOCAL_MACHINE");
    key("", "distributed_type", "FSDP");
    yaml += "fsdp_config:\n";
    key("  ", "fsdp_version", "2");
    key("  ", "fsdp_auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
    if (!context.names.decoderLayerClass.empty())
        key("  ", "fsdp_transformer_layer_cls_to_wrap", yamlScalar(context.names.decoderLayerClass));
    key("  ", "fsdp_reshard_after_forward", reshard ? "true" : "false");
    key("  ", "fsdp_offload_params", design.workload.offload != Offload::None ? "true" : "false");
    key("  ", "fsdp_activation_checkpointing", layout.recompute == Recompute::None ? "false" : "true");
    key("  ", "fsdp_state_dict_type", "SHARDED_STATE_DICT");
    key("  ", "fsdp_cpu_ram_efficient_loading", "true");
    key("", "mixed_precision", precision);
    if (design.workload.precision == Precision::Fp8) {
        // Each fp8_config key reaches AORecipeKwargs as ACCELERATE_FP8_<KEY> (commands/launch.py,
        // utils/launch.py setup_fp8_env); from 1.13 its default gathers FSDP2's weights in FP8
        // (utils/dataclasses.py, #3831), so the design's choice is written either way.
        yaml += "fp8_config:\n";
        key("  ", "backend", "AO");
        key("  ", "enable_fsdp_float8_all_gather",
            switchOn(design, Switch::Fp8ParamGather) ? "true" : "false");
    }
    key("", "num_machines", number(context.nodes));
    key("", "num_processes", number(context.world));
    key("", "machine_rank", "0");
    if (context.nodes > 1)
        key("", "main_process_port", number(kRendezvousPort));
    key("", "rdzv_backend", "static");
    key("", "same_network", "true");
    if (layout.tp() > 1 || layout.cp() > 1 || shard != dp) {
        // The four sizes multiply to num_processes (ParallelismConfig checks it).
        yaml += "parallelism_config:\n";
        key("  ", "parallelism_config_dp_replicate_size", number(dp / shard));
        key("  ", "parallelism_config_dp_shard_size", number(shard));
        key("  ", "parallelism_config_tp_size", number(layout.tp()));
        key("  ", "parallelism_config_cp_size", number(layout.cp()));
    }
    key("", "use_cpu", "false");
    config.text = std::move(yaml);
}

} // namespace core::launch
