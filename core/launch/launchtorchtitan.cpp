// SPDX-License-Identifier: GPL-3.0-or-later
// A torchtitan job config (TOML), the file torchtitan's run_train.sh takes as CONFIG_FILE. Keys of
// torchtitan's JobConfig (torchtitan/config/job_config.py, 0.2): [model] name, flavor and hf_assets_path;
// [training] local_batch_size (per data-parallel rank and step; with PP split into micro-batches of
// pipeline_parallel_microbatch_size), global_batch_size (gradient accumulation makes up the rest), seq_len,
// mixed_precision_param; [parallelism] the degrees, with data_parallel_shard_degree = -1 taking the GPUs
// the others leave, fsdp_reshard_after_forward, the pipeline schedule and layers per stage;
// [activation_checkpoint] mode. torchtitan always runs FSDP2 over the data-parallel shard group, shards
// the norms along the sequence under TP, orders its mesh ["pp", "dp_replicate", "dp_shard", "cp", "tp"],
// and borrows its expert-parallel ranks from dp_shard × cp (parallel_dims.py). importtorchtitan.cpp reads
// the same keys back.

#include "design/design.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"
#include "launch/torchtitanflavors.h"
#include "launch/torchtitanstages.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

namespace core::launch {

namespace {

// A TOML basic string: double quotes, with backslash and quote escaped.
std::string tomlString(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    out += '"';
    return out;
}

// torchtitan's schedule names (torch.distributed.pipelining's get_schedule_class); DualPipe, which runs a
// second copy of every stage, has none, and DualPipeV is its nearest.
std::string_view scheduleName(const ParallelLayout& layout)
{
    switch (layout.schedule) {
    case Schedule::GPipe:
        return "GPipe";
    case Schedule::OneFOneB:
    case Schedule::Interleaved:
        return layout.virtualStages > 1 ? "Interleaved1F1B" : "1F1B";
    case Schedule::ZbH1:
        return "InterleavedZeroBubble";
    case Schedule::ZbV:
        return "ZBVZeroBubble";
    case Schedule::DualPipeV:
    case Schedule::DualPipe:
        return "DualPipeV";
    }
    return "1F1B";
}

// torchtitan's layer-level selective AC checkpoints every N-th layer of each model part (counted from 1;
// activation_checkpoint.py _apply_layer_sac): ⌊layers / N⌋ of them. The N that recomputes as many layers
// of each chunk as the design's partial recomputation, or 0 when none does.
int layerSelectiveOption(const Design& design)
{
    const ParallelLayout& layout = design.layout;
    if (!layout.recomputesSomeLayers())
        return 0;
    const int chunkLayers = design.model.layers / modelStageCount(layout);
    const int every = layout.recomputeLayers > 0 ? chunkLayers / layout.recomputeLayers : 0;
    return every > 1 && chunkLayers / every == layout.recomputeLayers ? every : 0;
}

void addNotes(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    const std::vector<Dim> titanOrder{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp};
    if (orderOfActiveDims(layout, layout.order) != orderOfActiveDims(layout, titanOrder))
        addNote(config, kOrder, "/layout/order", {"tp-cp-ep-dp-pp", orderToString(layout.order)});
    if (layout.zeroStage == 1 || layout.zeroStage == 2)
        addNote(config, kZeroStage, "/layout/zeroStage",
                {number(layout.zeroStage), "FSDP2 (fsdp_reshard_after_forward = \"never\")"});
    if (layout.tp() > 1 && !layout.sequenceParallel)
        addNote(config, kSequenceParallelAlways, "/layout/sequenceParallel");
    // Its pipeline schedules defer FSDP's gradient sync to the last micro-batch (torch.distributed.pipelining
    // stage.py); without PP its training loop syncs every micro-batch. Neither has a setting.
    const bool syncsEveryMicroBatch = layout.pp() == 1;
    if (layout.zeroStage == 3
        && switchOn(design, Switch::GradientSyncEveryMicroBatch) != syncsEveryMicroBatch)
        addNote(config, kGradientSync, "/layout/gradientSyncEveryMicroBatch",
                {syncsEveryMicroBatch ? MW_TR_NOOP("DiagnosticArguments", "after every micro-batch")
                                      : MW_TR_NOOP("DiagnosticArguments", "once a step under PP"),
                 syncsEveryMicroBatch ? "false" : "true"});
    if (layout.pp() > 1 && layout.schedule == Schedule::DualPipe)
        addNote(config, kSchedule, "/layout/schedule", {"DualPipe", "DualPipeV"});
    if (layout.pp() > 1 && layout.schedule == Schedule::DualPipe && !layout.layersPerStage.empty())
        addNote(config, kLayerSplit, "/layout/layersPerStage");
    if (layout.recomputesSomeLayers() && layerSelectiveOption(design) == 0)
        addNote(config, kRecompute, "/layout/recomputeLayers", {"partial", "full"});
    // Its selective mode is op-level (activation_checkpoint.py _apply_op_sac), not Megatron's modules: a
    // design of another framework, or with modules named, recomputes something else.
    if (layout.recompute == Recompute::Selective && !opLevelSelective(design))
        addNote(config, kRecompute,
                layout.recomputeModules.empty() ? "/layout/recompute" : "/layout/recomputeModules",
                {MW_TR_NOOP("DiagnosticArguments", "module-level"),
                 MW_TR_NOOP("DiagnosticArguments", "its own op-level selective")});
    noteMegatronOnlyFeatures(config, design);
    if (design.workload.offload != Offload::None)
        addNote(config, kOffload, "/workload/offload");
    // job_config.py: mixed_precision_param is bfloat16 or float32.
    if (design.workload.precision == Precision::Fp16Mixed)
        addNote(config, kPrecision, "/workload/precision", {"FP16", "bfloat16"});
    // torchao's float8 has no delayed or 128-block scaling: the nearest it runs is tensorwise.
    const Fp8Recipe recipe = design.workload.fp8Recipe;
    if (design.workload.precision == Precision::Fp8
        && (recipe == Fp8Recipe::Delayed || recipe == Fp8Recipe::Blockwise))
        addNote(config, kPrecision, "/workload/fp8Recipe",
                {"FP8 " + std::string(enumName(recipe)) + " scaling", "FP8 tensorwise scaling"});
    if (!torchtitanFlavorOfPreset(design.model.preset))
        addNote(config, kModelName, "/model", {"torchtitan model name", design.model.name, "MODEL"});
    noteNodeShape(config, context);
}

// One `name = value` line of the TOML.
void addKey(std::string& toml, std::string_view name, std::string_view value)
{
    toml += name;
    toml += " = ";
    toml += value;
    toml += '\n';
}

// The sections the framework switches write, where they differ from torchtitan's defaults.
void addSwitchSections(std::string& toml, const Design& design)
{
    if (switchOn(design, Switch::AsyncCheckpoint)) {
        toml += "\n[checkpoint]\n";
        addKey(toml, "enable_checkpoint", "true");
        addKey(toml, "async_mode", tomlString("async"));
    }
    // The float8 converter's FSDP all-gather in FP8 (its section in the releases that name it "float8").
    if (gathersFp8Weights(design)) {
        toml += "\n[float8]\n";
        addKey(toml, "enable_fsdp_float8_all_gather", "true");
    }
    if (switchOn(design, Switch::TorchCompile)) {
        toml += "\n[compile]\n";
        addKey(toml, "enable", "true");
    }
}

} // namespace

void writeTorchtitan(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    addNotes(config, context);
    if (!config.ok())
        return;

    // FSDP2 over groups of `shard` ranks, replicated over the rest (HSDP); ZeRO-0 is DDP (shard 1).
    const int dp = layout.dp();
    int shard = layout.zeroStage == 0 ? 1 : dp;
    if (layout.zeroStage == 3 && layout.shardGroup > 0 && layout.shardGroup < dp)
        shard = layout.shardGroup;
    const int replicate = dp / shard;

    std::vector<std::string> extra;
    if (context.nodes <= 1) {
        extra.push_back("Run: NGPU=" + number(context.processesPerNode)
                        + " CONFIG_FILE=./torchtitan.toml ./run_train.sh");
    } else {
        extra.push_back("Run on every node with NODE_RANK = 0 … " + number(context.nodes - 1)
                        + " and MASTER_ADDR = the address of node 0: torchrun --nnodes "
                        + number(context.nodes) + " --nproc-per-node " + number(context.processesPerNode)
                        + " --node-rank $NODE_RANK --master-addr $MASTER_ADDR --master-port "
                        + number(kRendezvousPort)
                        + " -m torchtitan.train --job.config_file ./torchtitan.toml");
    }
    extra.push_back("data_parallel_shard_degree = -1 gives the data-parallel shard group the GPUs the other "
                    "degrees and the replicas leave; the experts' ranks are borrowed from it.");

    std::string toml = commentBlock(headerLines(config, context, "torchtitan job config", extra));
    auto key = [&toml](std::string_view name, std::string_view value) { addKey(toml, name, value); };
    toml += "[job]\n";
    key("description", tomlString(design.name.empty() ? std::string("Meshwright design") : design.name));

    toml += "\n[model]\n";
    if (const auto flavor = torchtitanFlavorOfPreset(design.model.preset)) {
        key("name", tomlString(flavor->name));
        key("flavor", tomlString(flavor->flavor));
    } else {
        key("name", tomlString("MODEL"));
    }
    if (const std::string_view hub = context.names.hubId; !hub.empty())
        key("hf_assets_path", tomlString("./assets/hf/" + std::string(hub.substr(hub.rfind('/') + 1))));
    // torchtitan docs/float8.md: "float8" runs torchao's tensorwise dynamic (current) scaling;
    // docs/mxfp8.md: "mx" runs MXFP8 on Blackwell.
    if (design.workload.precision == Precision::Fp8)
        key("converters", design.workload.fp8Recipe == Fp8Recipe::Mxfp8 ? "[\"mx\"]" : "[\"float8\"]");

    toml += "\n[training]\n";
    // local_batch_size is one data-parallel rank's batch per optimizer step's pipeline pass; with PP it is
    // cut into micro-batches, without PP it is the micro-batch and gradient accumulation repeats it.
    const std::int64_t local = layout.pp() > 1 ? std::int64_t(layout.microBatch) * context.microBatches
                                               : std::int64_t(layout.microBatch);
    key("local_batch_size", number(local));
    key("global_batch_size", number(design.workload.globalBatch));
    key("seq_len", number(design.workload.sequenceLength));
    key("mixed_precision_param",
        tomlString(design.workload.precision == Precision::Fp32 ? "float32" : "bfloat16"));
    if (!switchOn(design, Switch::GradReduceInFp32)) // float32 is torchtitan's default
        key("mixed_precision_reduce", tomlString("bfloat16"));
    if (design.workload.offload != Offload::None)
        key("enable_cpu_offload", "true");

    toml += "\n[parallelism]\n";
    key("data_parallel_replicate_degree", number(replicate));
    key("data_parallel_shard_degree", "-1");
    if (shard > 1)
        key("fsdp_reshard_after_forward",
            tomlString(layout.zeroStage == 3 && layout.reshardAfterForward ? "always" : "never"));
    key("tensor_parallel_degree", number(layout.tp()));
    if (layout.tp() > 1 && layout.tpCommOverlap)
        key("enable_async_tensor_parallel", "true");
    key("context_parallel_degree", number(layout.cp()));
    key("pipeline_parallel_degree", number(layout.pp()));
    if (layout.pp() > 1) {
        key("pipeline_parallel_schedule", tomlString(scheduleName(layout)));
        key("pipeline_parallel_microbatch_size", number(layout.microBatch));
        // The design's chunks and their layers, where torchtitan's default split would differ
        // (launch/torchtitanstages.h: one or two chunks a rank, the embedding and the output counted as a
        // layer each); DualPipe's doubled stages have no list of their own.
        const int chunks = layout.pp() * std::max(layout.virtualStages, 1);
        std::vector<int> split = layout.layersPerStage;
        if (split.empty())
            split.assign(std::size_t(chunks), design.model.layers / chunks);
        const int standard = layout.pp() * torchtitanChunksPerRank(scheduleName(layout));
        if (layout.schedule != Schedule::DualPipe
            && (chunks != standard
                || torchtitanGeneratedSplit(standard, design.model.layers).layers != split))
            key("module_fqns_per_model_part", torchtitanModuleArray(split));
    }
    if (layout.ep() > 1) {
        // Written always: torchtitan's default (1) is not the design's "as TP".
        key("expert_parallel_degree", number(layout.ep()));
        key("expert_tensor_parallel_degree",
            number(layout.expertMode == ExpertMode::Megatron ? layout.effectiveExpertTp() : layout.tp()));
    }

    toml += "\n[activation_checkpoint]\n";
    const int every = layerSelectiveOption(design);
    key("mode",
        tomlString(layout.recompute == Recompute::Selective || every > 0 ? "selective"
                       : layout.recompute == Recompute::Full             ? "full"
                                                                         : "none"));
    if (every > 0)
        key("selective_ac_option", tomlString(std::to_string(every)));
    else if (layout.recompute == Recompute::Selective)
        key("selective_ac_option", tomlString("op")); // its op-level policy, an FSDP2 design's selective
    addSwitchSections(toml, design);
    config.text = std::move(toml);
}

} // namespace core::launch
