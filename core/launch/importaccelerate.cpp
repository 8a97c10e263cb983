// SPDX-License-Identifier: GPL-3.0-or-later
// An Accelerate config file (accelerate launch --config_file) read into a design: the inverse of
// launchaccelerate.cpp. Keys of Accelerate 1.14 (those of 1.10, and fp8_config's torchao options):
// distributed_type FSDP (FSDP2 with fsdp_version 2, FSDP1's sharding strategy otherwise) or MULTI_GPU (DDP),
// num_processes, mixed_precision, and parallelism_config's four sizes, which multiply to num_processes. Batch
// sizes and sequence length live in the training script, so the base design's stay.

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "launch/importcontext.h"

#include <cctype>

namespace core::launch {

namespace {

void readSharding(ImportContext& context, const Settings& yaml, bool fsdp)
{
    ParallelLayout& layout = context.design.layout;
    Workload& workload = context.design.workload;
    layout.zeroStage = fsdp ? 3 : 0;
    layout.reshardAfterForward = true;
    workload.offload = Offload::None;
    layout.recompute = Recompute::None;
    if (!fsdp)
        return;
    yaml.take({"fsdp_config.fsdp_version"});
    yaml.take({"fsdp_config.fsdp_auto_wrap_policy"});
    yaml.take({"fsdp_config.fsdp_transformer_layer_cls_to_wrap"});
    // FSDP2 takes a bool. FSDP1 takes a torch ShardingStrategy by name or number there too, which is what
    // `accelerate config` writes from 1.6 on (commands/config/cluster.py; utils/dataclasses.py
    // FullyShardedDataParallelPlugin, reshard_after_forward), and formerly under fsdp_sharding_strategy.
    for (const char* key : {"fsdp_config.fsdp_reshard_after_forward", "fsdp_config.fsdp_sharding_strategy"}) {
        const Setting* setting = yaml.take(key);
        if (!setting)
            continue;
        const std::string value = setting->value.value_or("");
        const bool strategyName = !value.empty()
            && (std::isdigit(static_cast<unsigned char>(value[0]))
                || value.find("SHARD") != std::string::npos);
        if (!strategyName) {
            if (const auto reshard = boolean(context, setting))
                layout.reshardAfterForward = *reshard;
            continue;
        }
        // FULL_SHARD is ZeRO-3, SHARD_GRAD_OP keeps parameters gathered until backward, NO_SHARD is DDP,
        // HYBRID_SHARD shards inside a node and replicates across, HYBRID_SHARD_ZERO2 does so keeping them
        // gathered (utils/constants.py FSDP_SHARDING_STRATEGY, numbered from 1).
        const auto strategy = choice(context, setting,
                                     {"FULL_SHARD", "SHARD_GRAD_OP", "NO_SHARD", "HYBRID_SHARD",
                                      "HYBRID_SHARD_ZERO2", "1", "2", "3", "4", "5"});
        if (!strategy)
            continue;
        const auto is
            = [&](const char* name, const char* number) { return *strategy == name || *strategy == number; };
        if (is("SHARD_GRAD_OP", "2") || is("HYBRID_SHARD_ZERO2", "5"))
            layout.reshardAfterForward = false;
        if (is("NO_SHARD", "3"))
            layout.zeroStage = 0;
        if (is("HYBRID_SHARD", "4") || is("HYBRID_SHARD_ZERO2", "5"))
            layout.shardGroup = context.design.cluster.nodes.empty()
                ? 0
                : int(context.design.cluster.nodes.front().gpus.size());
    }
    if (boolean(context, yaml.take("fsdp_config.fsdp_offload_params")).value_or(false))
        workload.offload = Offload::CpuParameters; // FSDP offloads parameters, gradients and optimizer states
    if (boolean(context, yaml.take("fsdp_config.fsdp_activation_checkpointing")).value_or(false))
        layout.recompute = Recompute::Full;
}

} // namespace

std::vector<std::string> importAccelerate(ImportContext& context, std::string_view text)
{
    Settings yaml;
    if (auto error = readYaml(text, context.tool, yaml)) {
        context.diagnostics.push_back(std::move(*error));
        return {};
    }
    const Setting* type = yaml.take("distributed_type");
    if (!type) {
        context.add(diag::kLaunchEmpty, "line 1",
                    {std::string(context.tool), MW_TR_NOOP("DiagnosticArguments", "no distributed_type")});
        return yaml.unused();
    }
    const std::string kind = type->value.value_or("");
    if (kind != "FSDP" && kind != "MULTI_GPU" && kind != "NO") {
        context.add(diag::kLaunchUnsupported, type->where(),
                    {type->name, kind,
                     MW_TR_NOOP("DiagnosticArguments",
                                "this import reads FSDP, MULTI_GPU and NO (a DeepSpeed config imports "
                                "with the deepspeed format)")});
        return yaml.unused();
    }
    context.design.workload.mode = Mode::Training;
    ParallelLayout& layout = context.design.layout;
    layout.framework = Framework::Fsdp2;
    layout.shardGroup = 0;
    readSharding(context, yaml, kind == "FSDP");
    for (Dim dim : {Dim::Pp, Dim::Ep})
        layout.setDegree(dim, 1);
    layout.schedule = Schedule::OneFOneB;
    layout.virtualStages = 1;
    layout.layersPerStage.clear();
    layout.tpCommOverlap = false;

    const Setting* processes = yaml.take("num_processes");
    if (const auto count = wholeNumber(context, processes)) {
        context.world = *count;
        context.worldWhere = processes->where();
    }
    // num_processes counts every machine's processes (Accelerate's config_args.py).
    if (const auto machines = wholeNumber(context, yaml.take("num_machines")))
        if (context.world && *machines > 0 && *context.world % *machines == 0)
            context.worldPerNode = *context.world / *machines;
    readDegree(context, Dim::Tp, yaml.take("parallelism_config.parallelism_config_tp_size"));
    readDegree(context, Dim::Cp, yaml.take("parallelism_config.parallelism_config_cp_size"));
    layout.sequenceParallel = false;
    const Setting* replicateKey = yaml.take("parallelism_config.parallelism_config_dp_replicate_size");
    const Setting* shardKey = yaml.take("parallelism_config.parallelism_config_dp_shard_size");
    const std::int64_t replicate = wholeNumber(context, replicateKey).value_or(1);
    if (const auto shard = wholeNumber(context, shardKey)) {
        layout.setDegree(Dim::Dp, int(replicate * *shard));
        context.dpWhere = shardKey->where();
        if (replicate > 1 && layout.zeroStage == 3)
            layout.shardGroup = int(*shard);
    } else if (replicateKey) {
        context.add(diag::kLaunchConflict, replicateKey->where(),
                    {replicateKey->name, std::to_string(replicate), "parallelism_config_dp_shard_size",
                     MW_TR_NOOP("DiagnosticArguments", "(missing)")});
    }
    setOrder(context, {Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp}); // (dp_replicate, dp_shard, cp, tp)

    const auto precision = choice(context, yaml.take("mixed_precision"), {"no", "bf16", "fp16", "fp8"});
    Workload& workload = context.design.workload;
    // fp8_config.backend: AO is torchao's Float8Linear, tensorwise by default (AORecipeKwargs); TE is
    // Transformer Engine's DelayedScaling (TERecipeKwargs); MSAMP runs what the design cannot name.
    const Setting* backendKey = yaml.take("fp8_config.backend");
    const auto backend = choice(context, backendKey, {"AO", "TE", "MSAMP"});
    // torchao's FP8 all-gather of FSDP2's weights: on unless fp8_config says otherwise from Accelerate 1.13
    // (AORecipeKwargs' default, utils/dataclasses.py); the padding to multiples of 16 changes nothing here.
    const auto gather = boolean(context, yaml.take("fp8_config.enable_fsdp_float8_all_gather"));
    yaml.take("fp8_config.pad_inner_dim");
    layout.fp8ParamGather.reset();
    if (precision == "fp8") {
        workload.precision = Precision::Fp8;
        workload.fp8Recipe = backend == "TE" ? Fp8Recipe::Delayed : Fp8Recipe::Tensorwise;
        if (backend != "TE" && layout.zeroStage > 0)
            layout.fp8ParamGather = gather.value_or(true);
        if (backend == "MSAMP")
            context.add(diag::kLaunchApproximated, backendKey->where(),
                        {"MSAMP", MW_TR_NOOP("DiagnosticArguments", "FP8 tensorwise scaling"),
                         MW_TR_NOOP("DiagnosticArguments",
                                    "Meshwright models Transformer Engine's and torchao's FP8")});
    } else if (precision == "bf16")
        workload.precision = bf16Precision(context.base);
    else if (precision == "fp16")
        workload.precision = Precision::Fp16Mixed;
    else if (precision)
        workload.precision = Precision::Fp32;
    fitCluster(context);
    // A world that DP cannot fill with whole sharding groups.
    if (!context.failed() && layout.shardGroup > 0 && layout.dp() % layout.shardGroup != 0)
        context.add(diag::kLaunchConflict, type->where(),
                    {"fsdp_sharding_strategy", "HYBRID_SHARD",
                     MW_TR_NOOP("DiagnosticArguments", "the data-parallel degree"),
                     std::to_string(layout.dp())});
    return yaml.unused();
}

} // namespace core::launch
