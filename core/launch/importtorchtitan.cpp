// SPDX-License-Identifier: GPL-3.0-or-later
// A torchtitan job config (TOML) read into a design. Keys and defaults of torchtitan's JobConfig
// (torchtitan/config/job_config.py, and its train_configs such as llama3_70b.toml): [parallelism] degrees,
// with data_parallel_shard_degree = -1 taking the GPUs the others leave; [training] batch sizes, sequence
// length and parameter precision; [activation_checkpoint] mode; [model] name and flavor. torchtitan runs
// on PyTorch's FSDP2, its TP plan shards the norms along the sequence (SequenceParallel), and its expert
// parallelism borrows ranks from the data-parallel shard dimension, as Megatron-Core does.

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "base/sizelimits.h"
#include "framework/frameworkswitches.h"
#include "launch/importcontext.h"
#include "launch/torchtitanflavors.h"
#include "launch/torchtitanstages.h"
#include "memory/modelshard.h"

#include <algorithm>

namespace core::launch {

namespace {

void readModel(ImportContext& context, const Settings& toml)
{
    const Setting* name = toml.take("model.name");
    const Setting* flavor = toml.take("model.flavor");
    const Setting* assets = toml.take({"model.hf_assets_path", "model.tokenizer_path"});
    if (name && flavor)
        if (const auto known = torchtitanFlavorOf(*name->value, *flavor->value))
            if (setModelByName(context, std::string(known->preset), flavor->where()))
                return;
    if (assets && !modelPresetOfName(*assets->value).empty()
        && setModelByName(context, *assets->value, assets->where()))
        return;
    if (name)
        context.add(
            diag::kLaunchModel, name->where(),
            {*name->value + (flavor ? " " + *flavor->value : std::string()), context.base.model.name});
}

void readParallel(ImportContext& context, const Settings& toml, std::int64_t& replicate, std::int64_t& shard)
{
    ParallelLayout& layout = context.design.layout;
    readDegree(context, Dim::Tp, toml.take("parallelism.tensor_parallel_degree"));
    readDegree(context, Dim::Pp, toml.take("parallelism.pipeline_parallel_degree"));
    readDegree(context, Dim::Cp, toml.take("parallelism.context_parallel_degree"));
    readDegree(context, Dim::Ep, toml.take("parallelism.expert_parallel_degree"));
    // torchtitan's default: experts are not tensor-parallel.
    const int expertTp
        = int(wholeNumber(context, toml.take("parallelism.expert_tensor_parallel_degree")).value_or(1));
    layout.expertTp = 0;
    layout.expertMode = context.base.layout.expertMode;
    if (layout.ep() > 1) {
        // The experts' ranks come out of dp_shard × cp. With expert TP equal to TP that is also the base
        // design's separate EP dimension (world = DP × TP × PP × CP × EP, experts split as the dense
        // layers), which is kept; otherwise Megatron's regrouping, with expert TP 0 meaning "as TP".
        if (layout.expertMode != ExpertMode::Separate || expertTp != layout.tp()) {
            layout.expertMode = ExpertMode::Megatron;
            layout.expertTp = expertTp == layout.tp() ? 0 : expertTp;
        }
    }
    const Setting* replicateKey = toml.take("parallelism.data_parallel_replicate_degree");
    const Setting* shardKey = toml.take("parallelism.data_parallel_shard_degree");
    replicate = wholeNumber(context, replicateKey).value_or(1);
    shard = wholeNumber(context, shardKey, -1).value_or(-1);
    if (shard == 0) {
        context.add(diag::kIoValue, shardKey->where(),
                    {"0", shardKey->name, MW_TR_NOOP("DiagnosticArguments", "-1 or a whole number from 1")});
        return;
    }
    if (shard > 0) {
        layout.setDegree(Dim::Dp, int(replicate * shard));
        context.dpWhere = shardKey->where();
    }
    layout.sequenceParallel = layout.tp() > 1;
    layout.tpCommOverlap = layout.tp() > 1
        && boolean(context, toml.take("parallelism.enable_async_tensor_parallel")).value_or(false);
    setOrder(context,
             {Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp}); // ["pp", "dp_replicate", "dp_shard", "cp", "tp"]
}

// The model chunks and their layers as torchtitan 0.2 makes them (launch/torchtitanstages.h): the explicit
// module_fqns_per_model_part, or generate_llm_fqn_per_model_part over the chunks layers_per_stage or the
// schedule gives, the embedding and the output counted as first_stage_less_layers and
// last_stage_less_layers layers (1 each by default). Single-stage schedules need one chunk a rank, looped
// ones two or more, V-shaped ones two (pipeline_parallel.py raises otherwise).
void readStages(ImportContext& context, const Settings& toml, int chunksPerRank)
{
    ParallelLayout& layout = context.design.layout;
    const int layers = context.design.model.layers;
    const Setting* perStage = toml.take("parallelism.pipeline_parallel_layers_per_stage");
    const Setting* fqns = toml.take("parallelism.module_fqns_per_model_part");
    const Setting* firstLess = toml.take("parallelism.pipeline_parallel_first_stage_less_layers");
    const Setting* lastLess = toml.take("parallelism.pipeline_parallel_last_stage_less_layers");
    const int inputWeight = int(wholeNumber(context, firstLess, 0, limits::kMaxLayers).value_or(1));
    const int outputWeight = int(wholeNumber(context, lastLess, 0, limits::kMaxLayers).value_or(1));
    const Setting* where = fqns ? fqns : perStage;
    TitanSplit split;
    if (fqns) {
        split = torchtitanModuleSplit(fqns->value.value_or(""), layers);
    } else {
        int chunks = layout.pp() * chunksPerRank;
        if (const auto n = wholeNumber(context, perStage))
            chunks = int((layers + inputWeight + outputWeight + *n - 1) / *n);
        split = torchtitanGeneratedSplit(chunks, layers, inputWeight, outputWeight);
    }
    if (!split.problem.empty()) {
        const Setting* at = where ? where : (firstLess ? firstLess : lastLess);
        context.add(diag::kLaunchUnsupported, at ? at->where() : context.degreesWhere,
                    {at ? at->name : std::string("parallelism.pipeline_parallel_degree"),
                     at ? at->value.value_or("") : std::to_string(layout.pp()), split.problem});
        return;
    }
    const int chunks = int(split.layers.size());
    const bool vShaped = layout.schedule == Schedule::ZbV || layout.schedule == Schedule::DualPipeV;
    if (chunks % layout.pp() != 0 || (chunksPerRank == 1 && chunks != layout.pp())
        || (chunksPerRank == 2 && chunks < 2 * layout.pp()) || (vShaped && chunks != 2 * layout.pp())) {
        if (where)
            context.add(diag::kLaunchConflict, where->where(),
                        {where->name, where->value.value_or(""), "parallelism.pipeline_parallel_degree",
                         std::to_string(layout.pp())});
        return;
    }
    if (setLayerSplit(context, split.layers, where))
        layout.virtualStages = chunks / layout.pp();
}

void readPipeline(ImportContext& context, const Settings& toml)
{
    ParallelLayout& layout = context.design.layout;
    const auto schedule
        = choice(context, toml.take("parallelism.pipeline_parallel_schedule"),
                 {"1F1B", "GPipe", "Interleaved1F1B", "InterleavedZeroBubble", "ZBVZeroBubble", "DualPipeV"});
    static constexpr std::pair<std::string_view, Schedule> kSchedules[]{
        {"GPipe", Schedule::GPipe},
        {"Interleaved1F1B", Schedule::Interleaved},
        {"InterleavedZeroBubble", Schedule::ZbH1},
        {"ZBVZeroBubble", Schedule::ZbV},
        {"DualPipeV", Schedule::DualPipeV}};
    layout.schedule = Schedule::OneFOneB;
    for (const auto& [name, kind] : kSchedules)
        if (schedule == name)
            layout.schedule = kind;
    const int chunksPerRank = torchtitanChunksPerRank(schedule.value_or("1F1B"));
    layout.virtualStages = 1;
    layout.layersPerStage.clear();
    if (layout.pp() <= 1) {
        layout.schedule = Schedule::OneFOneB;
        return;
    }
    readStages(context, toml, chunksPerRank);
}

// selective_ac_option, "2" where unset (job_config.py ActivationCheckpoint). A number N is torchtitan's
// layer-level selective AC (activation_checkpoint.py _apply_layer_sac): of each model part's layers, counted
// from 1, every N-th is checkpointed whole (0 and 1: all of them). That is full recomputation of ⌊layers /
// N⌋ layers of each chunk; the design recomputes the first ones (recomputeLayers), the same count, which is
// what memory and time depend on; the warning says so. "op" is its op-level policy (_apply_op_sac), an
// FSDP2 design's selective recomputation as it is (FrameworkProfile::opLevelSelective).
void readLayerSelectiveOption(ImportContext& context, const Setting* option)
{
    ParallelLayout& layout = context.design.layout;
    if (option && option->value && *option->value == "op")
        return;
    std::optional<std::int64_t> n = 2;
    if (option && option->value)
        n = wholeNumber(context, option, 0);
    if (!n)
        return;
    const int chunkLayers = context.design.model.layers / modelStageCount(layout);
    const int every = static_cast<int>(std::max<std::int64_t>(*n, 1));
    const int recomputed = chunkLayers / every;
    layout.recompute = recomputed > 0 ? Recompute::Full : Recompute::None;
    layout.recomputeLayers = every > 1 ? recomputed : 0;
    if (every > 1)
        context.add(
            diag::kLaunchApproximated, option ? option->where() : std::string(),
            {option ? option->name + " = " + *option->value
                    : phraseArgument(MW_TR_NOOP("DiagnosticArguments", "%1 (torchtitan's default)"),
                                     {"activation_checkpoint.selective_ac_option = \"2\""}),
             phraseArgument(MW_TR_NOOP("DiagnosticArguments",
                                       "full recomputation of the first %1 of each chunk's %2 layers"),
                            {std::to_string(recomputed), std::to_string(chunkLayers)}),
             phraseArgument(MW_TR_NOOP("DiagnosticArguments",
                                       "torchtitan recomputes layers %1, %2, … of each; memory and time "
                                       "count the same number"),
                            {std::to_string(every), std::to_string(2 * every)})});
}

void readTraining(ImportContext& context, const Settings& toml)
{
    Workload& workload = context.design.workload;
    ParallelLayout& layout = context.design.layout;
    if (const auto length = wholeNumber(context, toml.take("training.seq_len")))
        workload.sequenceLength = *length;
    const auto precision
        = choice(context, toml.take("training.mixed_precision_param"), {"bfloat16", "float32"});
    workload.precision = precision == "float32" ? Precision::Fp32 : bf16Precision(context.base);
    // mixed_precision_reduce: float32 by default; set only where it differs from the framework's default.
    layout.gradReduceInFp32.reset();
    if (const auto reduce
        = choice(context, toml.take("training.mixed_precision_reduce"), {"float32", "bfloat16"});
        reduce && (*reduce == "float32") != switchDefault(context.design, Switch::GradReduceInFp32))
        layout.gradReduceInFp32 = *reduce == "float32";
    // "float8": torchao's tensorwise dynamic scaling (docs/float8.md); "mx": MXFP8 (docs/mxfp8.md).
    if (const Setting* converters = toml.take("model.converters"); converters && converters->value) {
        const std::string& text = *converters->value;
        const bool mx = text.find("\"mx\"") != std::string::npos || text.find("'mx'") != std::string::npos;
        if (mx || text.find("float8") != std::string::npos) {
            workload.precision = Precision::Fp8;
            workload.fp8Recipe = mx ? Fp8Recipe::Mxfp8 : Fp8Recipe::Tensorwise;
        }
    }
    // The float8 converter's settings ([float8], later [quantize.linear.float8]). recipe_name: tensorwise
    // where unset; "rowwise" and "rowwise_with_gw_hp" scale each row, which a design does not: read as
    // tensorwise, said. enable_fsdp_float8_all_gather (off by default): FSDP gathers the weights in FP8; set
    // only where on. A design does not carry precompute_float8_dynamic_scale_for_fsdp.
    layout.fp8ParamGather.reset();
    if (workload.precision == Precision::Fp8 && workload.fp8Recipe == Fp8Recipe::Tensorwise) {
        const Setting* recipe = toml.take({"float8.recipe_name", "quantize.linear.float8.recipe_name"});
        const auto name = choice(context, recipe, {"tensorwise", "rowwise", "rowwise_with_gw_hp"});
        if (name && *name != "tensorwise")
            context.add(diag::kLaunchApproximated, recipe->where(),
                        {recipe->name + " = \"" + *name + "\"",
                         MW_TR_NOOP("DiagnosticArguments", "FP8 tensorwise scaling"),
                         MW_TR_NOOP("DiagnosticArguments",
                                    "a design has no row-wise scaling; its GEMMs and casts are timed as "
                                    "per-tensor ones")});
        const Setting* gather = toml.take(
            {"float8.enable_fsdp_float8_all_gather", "quantize.linear.float8.enable_fsdp_float8_all_gather"});
        if (boolean(context, gather).value_or(false))
            layout.fp8ParamGather = true;
    }
    workload.offload = Offload::None;
    // Unset, torchtitan checkpoints selectively, every second layer (job_config.py ActivationCheckpoint:
    // mode "selective", selective_ac_option "2").
    const Setting* modeSetting = toml.take("activation_checkpoint.mode");
    const auto mode = modeSetting ? choice(context, modeSetting, {"none", "selective", "full"})
                                  : std::optional<std::string>("selective");
    layout.recompute = mode == "full" ? Recompute::Full
        : mode == "selective"         ? Recompute::Selective
                                      : Recompute::None;
    if (layout.recompute == Recompute::Selective)
        readLayerSelectiveOption(context, toml.take("activation_checkpoint.selective_ac_option"));
    // checkpoint.async_mode: "disabled" (the default), "async", or "async_with_pinned_mem" (the same
    // staging, in pinned memory).
    const auto async
        = choice(context, toml.take("checkpoint.async_mode"), {"disabled", "async", "async_with_pinned_mem"});
    layout.asyncCheckpoint.reset();
    if (async && *async != "disabled")
        layout.asyncCheckpoint = true;
    toml.take("checkpoint.enable_checkpoint");
    // torch.compile of each block: [compile] enable (torchtitan's later releases) or training.compile
    // (earlier ones), off by default; set only where on.
    layout.torchCompile.reset();
    const Setting* compile = toml.take("compile.enable");
    if (!compile)
        compile = toml.take("training.compile");
    if (boolean(context, compile).value_or(false))
        layout.torchCompile = true;
}

} // namespace

std::vector<std::string> importTorchtitan(ImportContext& context, std::string_view text)
{
    Settings toml;
    if (auto error = readToml(text, context.tool, toml)) {
        context.diagnostics.push_back(std::move(*error));
        return {};
    }
    context.design.workload.mode = Mode::Training;
    context.design.layout.framework = Framework::Fsdp2;
    readModel(context, toml);
    std::int64_t replicate = 1, shard = -1;
    readParallel(context, toml, replicate, shard);
    readPipeline(context, toml);
    readTraining(context, toml);
    fitCluster(context);
    ParallelLayout& layout = context.design.layout;
    if (context.failed())
        return toml.unused();
    if (layout.dp() % replicate != 0) {
        const Setting* key = toml.take("parallelism.data_parallel_replicate_degree");
        context.add(diag::kLaunchConflict, key->where(),
                    {key->name, std::to_string(replicate),
                     MW_TR_NOOP("DiagnosticArguments", "the data-parallel degree"),
                     std::to_string(layout.dp())});
        return toml.unused();
    }
    shard = layout.dp() / replicate;
    layout.zeroStage = shard > 1 ? 3 : 0;
    layout.shardGroup = shard > 1 && replicate > 1 ? int(shard) : 0;
    const auto reshard = choice(context, toml.take("parallelism.fsdp_reshard_after_forward"),
                                {"default", "always", "never"});
    // "default": reshard unless pipeline parallelism runs several micro-batches through the stage
    // (parallelize.py).
    layout.reshardAfterForward = reshard == "always" || (reshard != "never" && layout.pp() == 1);

    const Setting* local = toml.take({"training.local_batch_size", "training.batch_size"});
    const std::int64_t localBatch = wholeNumber(context, local).value_or(8);
    const Setting* micro = toml.take("parallelism.pipeline_parallel_microbatch_size");
    layout.microBatch = int(layout.pp() > 1 ? wholeNumber(context, micro).value_or(1) : localBatch);
    const Setting* global = toml.take("training.global_batch_size");
    const std::int64_t globalBatch = wholeNumber(context, global, -1, std::int64_t(1) << 40).value_or(-1);
    context.design.workload.globalBatch = globalBatch > 0 ? globalBatch : localBatch * layout.batchReplicas();
    checkGlobalBatch(context, global ? global->where() : local ? local->where() : "line 1");
    return toml.unused();
}

} // namespace core::launch
