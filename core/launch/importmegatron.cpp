// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM arguments read back (the inverse of launchmegatron.cpp): a script that runs pretrain_gpt.py
// (torchrun's flags, then Megatron's, often gathered in bash arrays as examples/llama does) or an argument
// file of flags alone. Flag names and defaults from megatron/training/arguments.py of core_r0.13.0 to
// core_v0.19.0, the older spelling beside the newer where a flag was renamed; the data-parallel degree is
// what Megatron derives: world / (TP × PP × CP).

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "base/sizelimits.h"
#include "catalog/catalog.h"
#include "framework/frameworkswitches.h"
#include "launch/importcontext.h"
#include "launch/megatronlayout.h"
#include "launch/megatronmodel.h"
#include "memory/memory.h"

#include <algorithm>

namespace core::launch {

namespace {

// Flags that take no value (arguments.py store_true), so that the word after them is not read as one.
const std::vector<std::string_view> kSwitches{"--sequence-parallel",
                                              "--tp-comm-overlap",
                                              "--use-distributed-optimizer",
                                              "--use-torch-fsdp2",
                                              "--account-for-embedding-in-pipeline-split",
                                              "--account-for-loss-in-pipeline-split",
                                              "--use-megatron-fsdp",
                                              "--use-custom-fsdp",
                                              "--grad-reduce-in-bf16",
                                              "--no-gradient-accumulation-fusion",
                                              "--use-tp-pp-dp-mapping",
                                              "--bf16",
                                              "--fp16",
                                              "--accumulate-allreduce-grads-in-fp32",
                                              "--cross-entropy-loss-fusion",
                                              "--swiglu",
                                              "--disable-bias-linear",
                                              "--add-qkv-bias",
                                              "--untie-embeddings-and-output-weights",
                                              "--group-query-attention",
                                              "--multi-latent-attention",
                                              "--qk-layernorm",
                                              "--optimizer-cpu-offload",
                                              "--use-precision-aware-optimizer",
                                              "--moe-router-force-load-balancing",
                                              "--standalone",
                                              "--use-mcore-models",
                                              "--use-flash-attn",
                                              "--overlap-grad-reduce",
                                              "--overlap-param-gather",
                                              "--recompute-activations",
                                              "--no-masked-softmax-fusion",
                                              "--no-bias-gelu-fusion",
                                              "--no-bias-swiglu-fusion",
                                              "--no-rope-fusion",
                                              "--use-rotary-position-embeddings",
                                              "--no-position-embedding",
                                              "--mock-data",
                                              "--use-checkpoint-args",
                                              "--no-load-optim",
                                              "--no-load-rng",
                                              "--moe-grouped-gemm",
                                              "--log-throughput",
                                              "--manual-gc",
                                              "--apply-layernorm-1p",
                                              "--no-save-optim",
                                              "--no-save-rng",
                                              "--exit-on-missing-checkpoint",
                                              "--enable-cuda-graph",
                                              "--external-cuda-graph",
                                              "--no-check-for-nan-in-loss-and-grad",
                                              "--moe-pad-expert-input-to-capacity"};

// The words Megatron reads: those of the statement that runs a Python script, else (an argument file) all.
std::vector<Word> argumentWords(const ShellReadResult& shell)
{
    for (const ShellCommandLine& command : shell.commands)
        for (const Word& word : command.words)
            if (word.text.ends_with(".py"))
                return command.words;
    std::vector<Word> all;
    for (const ShellCommandLine& command : shell.commands)
        all.insert(all.end(), command.words.begin(), command.words.end());
    return all;
}

void readParallel(ImportContext& context, const Settings& flags)
{
    ParallelLayout& layout = context.design.layout;
    readDegree(context, Dim::Tp, flags.take("--tensor-model-parallel-size"));
    readDegree(context, Dim::Pp, flags.take("--pipeline-model-parallel-size"));
    readDegree(context, Dim::Cp, flags.take("--context-parallel-size"));
    readDegree(context, Dim::Ep, flags.take("--expert-model-parallel-size"));
    if (const auto expertTp = wholeNumber(context, flags.take("--expert-tensor-parallel-size"))) {
        layout.expertMode = ExpertMode::Megatron;
        layout.expertTp = int(*expertTp);
    } else {
        layout.expertTp = 0;
    }
    layout.sequenceParallel = flags.take("--sequence-parallel") != nullptr;
    layout.tpCommOverlap = flags.take("--tp-comm-overlap") != nullptr;
    const bool distributedOptimizer = flags.take("--use-distributed-optimizer") != nullptr;
    layout.zeroStage = distributedOptimizer ? 1 : 0;
    if (flags.take("--use-torch-fsdp2")) {
        layout.zeroStage = 3;
        flags.take("--no-gradient-accumulation-fusion");
        flags.take("--ckpt-format");
    } else if (const Setting* fsdp = flags.take({"--use-megatron-fsdp", "--use-custom-fsdp"})) {
        // Megatron-FSDP (--use-custom-fsdp until core_v0.14.0), which the design's ZeRO stages of
        // Megatron-Core are: its parameters and gradients views of its buffers (frameworks.md, "FSDP's buffer
        // copies"). --data-parallel-sharding-strategy names the stage (Megatron-LM's FSDP user guide: optim,
        // optim_grads, optim_grads_params as ZeRO-1, 2, 3); no_shard leaves it to the distributed optimizer.
        // Without the flag the release decides: optim_grads_params from core_v0.18.0, no_shard before.
        const Setting* strategySetting = flags.take("--data-parallel-sharding-strategy");
        const auto strategy = strategySetting
            ? choice(context, strategySetting, {"no_shard", "optim", "optim_grads", "optim_grads_params"})
            : std::optional<std::string>{"optim_grads_params"};
        if (!strategySetting)
            context.add(
                diag::kLaunchApproximated, fsdp->where(),
                {fsdp->name, "ZeRO-3",
                 MW_TR_NOOP("DiagnosticArguments",
                            "without --data-parallel-sharding-strategy it shards as optim_grads_params "
                            "from core_v0.18.0 on (no_shard, the distributed optimizer alone, before)")});
        if (strategy && *strategy != "no_shard")
            layout.zeroStage = *strategy == "optim" ? 1 : *strategy == "optim_grads" ? 2 : 3;
        flags.take("--no-gradient-accumulation-fusion");
        flags.take("--ckpt-format"); // fsdp_dtensor, which it needs from core_v0.18.0
    }
    // The switches: set only where the file differs from Megatron-LM's default (off), so that a script
    // without them keeps the framework's default.
    for (const auto& [flag, s] : {std::pair{"--overlap-grad-reduce", Switch::OverlapGradReduce},
                                  std::pair{"--overlap-param-gather", Switch::OverlapParamGather},
                                  std::pair{"--overlap-moe-expert-parallel-comm", Switch::OverlapMoeAllToAll},
                                  std::pair{"--async-save", Switch::AsyncCheckpoint}}) {
        std::optional<bool>& value = layout.*switchMember(s);
        value.reset();
        if (flags.take(flag))
            value = true;
    }
    if (layout.asyncCheckpoint) {
        flags.take("--ckpt-format"); // a distributed format, which --async-save needs
        // From core_v0.16.0 arguments.py turns --async-save off without a persistent worker.
        if (!flags.take("--use-persistent-ckpt-worker")) {
            const Setting* async = flags.take("--async-save");
            context.add(diag::kLaunchApproximated, async->where(),
                        {async->name, "on",
                         MW_TR_NOOP("DiagnosticArguments",
                                    "from core_v0.16.0 on Megatron-LM turns it off without "
                                    "--use-persistent-ckpt-worker")});
        }
    }
    layout.shardGroup = 0;
    const bool tpPpDp = flags.take("--use-tp-pp-dp-mapping") != nullptr;
    setOrder(context,
             tpPpDp ? std::vector<Dim>{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp}
                    : std::vector<Dim>{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp});
    if (const auto size = wholeNumber(context, flags.take("--make-vocab-size-divisible-by")))
        layout.vocabDivisibleBy = int(*size);
}

// --pipeline-model-parallel-layout (launch/megatronlayout.h): the layers of every model chunk and with
// them the virtual stages, which Megatron-LM derives from the string (arguments.py). Megatron-Core checks
// it as PipelineParallelLayerLayout.validate_layer_layout does: the embedding first and the loss last, once
// each, as many t as layers and m as prediction depths, no layer after a depth. The design also holds the
// embedding in the first chunk, the loss and the depths in the last, and a layer in every other chunk.
void readLayout(ImportContext& context, const Setting& flag)
{
    ParallelLayout& layout = context.design.layout;
    const ModelArchitecture& model = context.design.model;
    const std::string value = flag.value.value_or("");
    const auto unsupported = [&](std::string reason) {
        context.add(diag::kLaunchUnsupported, flag.where(), {flag.name, value, std::move(reason)});
    };
    const ParsedLayout parsed = parseMegatronLayout(value);
    if (!parsed.problem.empty())
        return unsupported(parsed.problem);
    const std::vector<LayoutChunk>& chunks = parsed.chunks;
    const auto total = [&](int LayoutChunk::*member) {
        int sum = 0;
        for (const LayoutChunk& chunk : chunks)
            sum += chunk.*member;
        return sum;
    };
    const int stages = int(chunks.size());
    if (stages % layout.pp() != 0 || (layout.pp() == 1 && stages > 1))
        return context.add(diag::kLaunchConflict, flag.where(),
                           {flag.name, value, "--pipeline-model-parallel-size", std::to_string(layout.pp())});
    if (parsed.first != 'E' || parsed.last != 'L' || total(&LayoutChunk::embeddings) != 1
        || total(&LayoutChunk::losses) != 1 || chunks.front().embeddings != 1 || chunks.back().losses != 1)
        return unsupported(
            MW_TR_NOOP("DiagnosticArguments",
                       "the embedding (E) must open the first stage and the loss (L) close the "
                       "last, once each"));
    if (total(&LayoutChunk::layers) != model.layers)
        return context.add(diag::kLaunchConflict, flag.where(),
                           {flag.name, value, MW_TR_NOOP("DiagnosticArguments", "the model's layers"),
                            std::to_string(model.layers)});
    if (total(&LayoutChunk::mtpDepths) != model.mtpLayers)
        return context.add(diag::kLaunchConflict, flag.where(),
                           {flag.name, value, "--mtp-num-layers", std::to_string(model.mtpLayers)});
    if (chunks.back().mtpDepths != model.mtpLayers || chunks.back().mtpBeforeLayer)
        return unsupported(
            MW_TR_NOOP("DiagnosticArguments",
                       "the design holds the prediction depths (m) in the last stage, after its "
                       "layers"));
    std::vector<int> split;
    for (const LayoutChunk& chunk : chunks)
        split.push_back(chunk.layers);
    if (!setLayerSplit(context, std::move(split), &flag))
        return;
    layout.virtualStages = stages / layout.pp();
    layout.schedule = layout.virtualStages > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
}

// Megatron-LM --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split
// (transformer_block.py get_num_layers_to_build): the embedding and the loss count as a layer each in the
// split, every model chunk takes (layers + those) / (PP × VP), the first and the last one fewer (Megatron-
// Bridge's Llama 3.1 405B recipes: 126 layers in 128 slots).
void readAccountedEnds(ImportContext& context, const Setting* embedding, const Setting* loss)
{
    ParallelLayout& layout = context.design.layout;
    const int layers = context.design.model.layers;
    const int chunks = layout.pp() * layout.virtualStages;
    const int total = layers + (embedding != nullptr) + (loss != nullptr);
    if (total % layout.pp() != 0 || (total / layout.pp()) % layout.virtualStages != 0 || total < chunks) {
        const Setting* where = embedding ? embedding : loss;
        context.add(diag::kLaunchConflict, where->where(),
                    {where->name, "true",
                     phraseArgument(MW_TR_NOOP("DiagnosticArguments", "layers over %1 pipeline stages"),
                                    {std::to_string(chunks)}),
                     std::to_string(layers)});
        return;
    }
    std::vector<int> split(std::size_t(chunks), total / chunks);
    split.front() -= embedding != nullptr;
    split.back() -= loss != nullptr;
    setLayerSplit(context, std::move(split), embedding ? embedding : loss);
}

// Virtual stages and the uneven first and last stages, or the layout that says both; needs the model's
// layer count and prediction depths.
void readPipeline(ImportContext& context, const Settings& flags)
{
    ParallelLayout& layout = context.design.layout;
    const int layers = context.design.model.layers;
    const auto conflict = [&](const Setting& one, const Setting& other) {
        context.add(diag::kLaunchConflict, one.where(),
                    {one.name, one.value.value_or("true"), other.name, other.value.value_or("true")});
    };
    const Setting* embedding = flags.take("--account-for-embedding-in-pipeline-split");
    const Setting* loss = flags.take("--account-for-loss-in-pipeline-split");
    if (const Setting* layoutFlag = flags.take("--pipeline-model-parallel-layout")) {
        // Megatron-LM takes the split and the virtual stages from the layout alone (arguments.py: no more
        // than one of it and the virtual-stage flags; transformer_config.py: nor the first/last stage flags
        // or the embedding and loss accounted in the split).
        for (const std::string_view other :
             {"--num-virtual-stages-per-pipeline-rank", "--num-layers-per-virtual-pipeline-stage",
              "--decoder-first-pipeline-num-layers", "--decoder-last-pipeline-num-layers"})
            if (const Setting* conflicting = flags.take(other))
                return conflict(*conflicting, *layoutFlag);
        if (embedding || loss)
            return conflict(embedding ? *embedding : *loss, *layoutFlag);
        return readLayout(context, *layoutFlag);
    }
    int virtualStages = 1;
    if (const Setting* perRank = flags.take("--num-virtual-stages-per-pipeline-rank")) {
        virtualStages = int(wholeNumber(context, perRank).value_or(1));
    } else if (const Setting* perStage = flags.take("--num-layers-per-virtual-pipeline-stage")) {
        const std::int64_t n = wholeNumber(context, perStage).value_or(0);
        const std::int64_t perPipelineRank = layout.pp() > 0 ? layers / layout.pp() : 0;
        if (n > 0 && (layers % layout.pp() != 0 || perPipelineRank % n != 0))
            context.add(diag::kLaunchConflict, perStage->where(),
                        {perStage->name, std::to_string(n),
                         MW_TR_NOOP("DiagnosticArguments", "layers per pipeline rank"),
                         std::to_string(perPipelineRank)});
        else if (n > 0)
            virtualStages = int(perPipelineRank / n);
    }
    layout.virtualStages = layout.pp() > 1 ? virtualStages : 1;
    layout.schedule = layout.virtualStages > 1 ? Schedule::Interleaved : Schedule::OneFOneB;

    const Setting* firstFlag = flags.take("--decoder-first-pipeline-num-layers");
    const Setting* lastFlag = flags.take("--decoder-last-pipeline-num-layers");
    layout.layersPerStage.clear();
    if ((embedding || loss) && (firstFlag || lastFlag)) // transformer_block.py get_num_layers_to_build
        return conflict(firstFlag ? *firstFlag : *lastFlag, embedding ? *embedding : *loss);
    if (embedding || loss)
        return readAccountedEnds(context, embedding, loss);
    if (!firstFlag && !lastFlag)
        return;
    const std::int64_t first = wholeNumber(context, firstFlag).value_or(0);
    const std::int64_t last = wholeNumber(context, lastFlag).value_or(0);
    const int stages = layout.pp();
    const int fixed = (first > 0) + (last > 0);
    const std::int64_t rest = layers - first - last;
    const int middle = stages - fixed;
    const Setting* where = firstFlag ? firstFlag : lastFlag;
    if (stages < 2 || layout.virtualStages > 1 || rest < 0 || (middle == 0 && rest != 0)
        || (middle > 0 && (rest % middle != 0 || rest == 0))) {
        context.add(diag::kLaunchConflict, where->where(),
                    {where->name, where->value.value_or(""),
                     phraseArgument(MW_TR_NOOP("DiagnosticArguments", "layers over %1 pipeline stages"),
                                    {std::to_string(stages)}),
                     std::to_string(layers)});
        return;
    }
    layout.layersPerStage.assign(std::size_t(stages), middle > 0 ? int(rest / middle) : 0);
    if (first > 0)
        layout.layersPerStage.front() = int(first);
    if (last > 0)
        layout.layersPerStage.back() = int(last);
}

// Megatron-Core's precision-aware optimizer (arguments.py: --use-precision-aware-optimizer, then
// --exp-avg-dtype and --exp-avg-sq-dtype, each fp32 by default, fp16, bf16 or fp8): the design's
// optimizerMoments, one dtype for both. Two that differ are read as the wider, FP8 as 16-bit, each with a
// warning at the flag the design does not follow. --main-params-dtype and --main-grads-dtype are the
// design's own at their default, fp32, and listed otherwise.
void readMoments(ImportContext& context, const Settings& flags)
{
    MomentDtype& moments = context.design.workload.optimizerMoments;
    moments = MomentDtype::Fp32;
    if (!flags.take("--use-precision-aware-optimizer"))
        return;
    for (std::string_view flag : {"--main-params-dtype", "--main-grads-dtype"})
        if (const Setting* setting = flags.take(flag); setting && setting->value != "fp32")
            setting->used = false;
    const Setting* settings[] = {flags.take("--exp-avg-dtype"), flags.take("--exp-avg-sq-dtype")};
    std::string dtypes[2];
    for (int i = 0; i < 2; ++i)
        dtypes[i] = choice(context, settings[i], {"fp32", "fp16", "bf16", "fp8"}).value_or("fp32");
    const auto bits = [](const std::string& dtype) { return dtype == "fp32" ? 32 : dtype == "fp8" ? 8 : 16; };
    const std::string& wider = bits(dtypes[1]) > bits(dtypes[0]) ? dtypes[1] : dtypes[0];
    moments = wider == "fp32" ? MomentDtype::Fp32
        : wider == "fp16"     ? MomentDtype::Fp16
                              : MomentDtype::Bf16; // bf16, or fp8 read as 16-bit
    for (int i = 0; i < 2; ++i)
        if (settings[i] && dtypes[i] != enumName(moments))
            context.add(diag::kLaunchApproximated, settings[i]->where(),
                        {settings[i]->name + " " + dtypes[i], std::string(enumName(moments)),
                         MW_TR_NOOP("DiagnosticArguments",
                                    "the design keeps both moments in one dtype of 32 or 16 bits")});
}

// --moe-expert-capacity-factor. The model computes every expert at its capacity (moeload.h), as Megatron-Core
// does with --moe-pad-expert-input-to-capacity; without it, a warning.
void readExpertCapacity(ImportContext& context, const Settings& flags)
{
    Workload& workload = context.design.workload;
    const Setting* capacity = flags.take("--moe-expert-capacity-factor");
    workload.moeCapacityFactor = realNumber(context, capacity, 0, 1e6).value_or(0);
    if (!flags.take("--moe-pad-expert-input-to-capacity") && workload.moeCapacityFactor > 0)
        context.add(diag::kLaunchApproximated, capacity->where(),
                    {capacity->name, *capacity->value,
                     MW_TR_NOOP("DiagnosticArguments",
                                "without --moe-pad-expert-input-to-capacity Megatron-Core drops the tokens "
                                "beyond an expert's capacity but does not pad the others up to it, where the "
                                "model computes every expert at its capacity")});
}

// CUDA graphs (layout.h CudaGraphs): --cuda-graph-impl from core_v0.15.0 (none, local, transformer_engine;
// full_iteration from core_v0.18.0), before it --enable-cuda-graph (local) and --external-cuda-graph
// (Transformer Engine); the whole iteration also as the deprecated module value full_iteration of
// --cuda-graph-modules or, before core_v0.18.0, --cuda-graph-scope, which from core_v0.18.0 sets the
// implementation to full_iteration by itself (cuda_graph_config.py's migration). The modules a per-layer
// graph covers are not the design's: any of them reads as per-layer graphs.
void readCudaGraphs(ImportContext& context, const Settings& flags)
{
    ParallelLayout& layout = context.design.layout;
    layout.cudaGraphs = CudaGraphs::None;
    bool wholeIteration = false;
    for (const char* name : {"--cuda-graph-modules", "--cuda-graph-scope"})
        if (const Setting* modules = flags.take(name); modules && modules->value)
            wholeIteration = wholeIteration || *modules->value == "full_iteration"
                || std::find(modules->rest.begin(), modules->rest.end(), "full_iteration")
                    != modules->rest.end();
    if (const auto impl = choice(context, flags.take("--cuda-graph-impl"),
                                 {"none", "local", "transformer_engine", "full_iteration"}))
        layout.cudaGraphs = *impl == "full_iteration" ? CudaGraphs::Iteration
            : *impl == "none"                         ? CudaGraphs::None
                                                      : CudaGraphs::Layers;
    const bool local = flags.take("--enable-cuda-graph") != nullptr;
    const bool transformerEngine = flags.take("--external-cuda-graph") != nullptr;
    if (local || transformerEngine)
        layout.cudaGraphs = CudaGraphs::Layers;
    if (wholeIteration)
        layout.cudaGraphs = CudaGraphs::Iteration;
    if (layout.cudaGraphs == CudaGraphs::Iteration)
        flags.take("--no-check-for-nan-in-loss-and-grad"); // which full_iteration needs (arguments.py)
}

// The MoE token dispatcher (layout.h MoeDispatcher): --moe-token-dispatcher-type alltoall, or flex with
// --moe-flex-dispatcher-backend deepep (the default) or hybridep, or the deprecated --moe-enable-deepep
// (transformer_config.py). allgather, Megatron-LM's default when the flag is absent, and the ncclep
// backend are read as alltoall, whose traffic the model prices for them.
void readDispatcher(ImportContext& context, const Settings& flags)
{
    ParallelLayout& layout = context.design.layout;
    layout.moeDispatcher = MoeDispatcher::AllToAll;
    const Setting* typeSetting = flags.take("--moe-token-dispatcher-type");
    const auto type = choice(context, typeSetting, {"allgather", "alltoall", "flex"});
    const Setting* backendSetting = flags.take("--moe-flex-dispatcher-backend");
    const auto backend = choice(context, backendSetting, {"deepep", "hybridep", "ncclep"});
    const bool deepEp = flags.take("--moe-enable-deepep") != nullptr;
    if (type == "allgather")
        context.add(diag::kLaunchApproximated, typeSetting->where(),
                    {typeSetting->name, "alltoall",
                     MW_TR_NOOP("DiagnosticArguments",
                                "the model prices the alltoall dispatcher's traffic, not the all-gather of "
                                "every token to every GPU of the group")});
    if (type != "flex")
        return;
    if (backend == "ncclep") {
        context.add(diag::kLaunchApproximated, backendSetting->where(),
                    {backendSetting->name, "alltoall",
                     MW_TR_NOOP("DiagnosticArguments",
                                "the model knows the traffic of DeepEP and HybridEP, not NCCL's expert "
                                "parallelism")});
        return;
    }
    layout.moeDispatcher = backend == "hybridep" && !deepEp ? MoeDispatcher::HybridEp : MoeDispatcher::DeepEp;
}

void readTraining(ImportContext& context, const Settings& flags)
{
    Workload& workload = context.design.workload;
    ParallelLayout& layout = context.design.layout;
    layout.microBatch = int(wholeNumber(context, flags.take("--micro-batch-size")).value_or(1));
    if (const auto length = wholeNumber(context, flags.take({"--seq-length", "--encoder-seq-length"})))
        workload.sequenceLength = *length;
    const Setting* fp8Format = flags.take("--fp8-format");
    if (fp8Format) {
        workload.precision = Precision::Fp8;
        flags.take("--bf16");
    } else if (flags.take("--bf16")) {
        workload.precision = bf16Precision(context.base);
    } else if (flags.take("--fp16")) {
        workload.precision = Precision::Fp16Mixed;
    } else {
        workload.precision = Precision::Fp32;
    }
    // --fp8-recipe (arguments.py: default "delayed"), read whatever the precision: it is kept for FP8.
    workload.fp8Recipe = Fp8Recipe::Delayed;
    if (const auto recipe
        = choice(context, flags.take("--fp8-recipe"), {"delayed", "tensorwise", "mxfp8", "blockwise"}))
        workload.fp8Recipe = enumFromName<Fp8Recipe>(*recipe).value_or(Fp8Recipe::Delayed);
    // --fp8-param-gather (arguments.py: off by default, with the distributed optimizer or FSDP only): the
    // GEMM weights as FP8 parameters. The design's default follows NVIDIA's recipes, which set it; a launch
    // without it keeps BF16 weights beside their FP8 copies, and says so by turning the switch off.
    layout.fp8ParamGather.reset();
    const bool fp8ParamGather = flags.take("--fp8-param-gather") != nullptr;
    if (fp8Format && fp8ParamGather != switchDefault(context.design, Switch::Fp8ParamGather)
        && (fp8ParamGather || keepsFp8Parameters(context.design)))
        layout.fp8ParamGather = fp8ParamGather;
    // --accumulate-allreduce-grads-in-fp32 changes something only with --fp16 (--bf16 forces it).
    layout.gradReduceInFp32.reset();
    if (flags.take("--accumulate-allreduce-grads-in-fp32")
        && !switchDefault(context.design, Switch::GradReduceInFp32))
        layout.gradReduceInFp32 = true;
    // --grad-reduce-in-bf16 (arguments.py): the gradients reduced, and kept, in BF16 where BF16 keeps FP32.
    if (flags.take("--grad-reduce-in-bf16") && switchDefault(context.design, Switch::GradReduceInFp32))
        layout.gradReduceInFp32 = false;
    // --cross-entropy-loss-fusion with --cross-entropy-fusion-impl te (arguments.py: native by default): the
    // fused TE kernel. The native implementation, jit-fused FP32 ops, is priced as the unfused loss.
    layout.fusedCrossEntropy.reset();
    const bool lossFusion = flags.take("--cross-entropy-loss-fusion") != nullptr;
    const auto impl = choice(context, flags.take("--cross-entropy-fusion-impl"), {"native", "te"});
    if (lossFusion && impl == "te")
        layout.fusedCrossEntropy = true;
    if (const auto optimizer = choice(context, flags.take("--optimizer"), {"adam", "sgd"}))
        workload.optimizer = *optimizer == "sgd"                        ? Optimizer::SgdMomentum
            : context.base.workload.optimizer == Optimizer::SgdMomentum ? Optimizer::AdamW
                                                                        : context.base.workload.optimizer;
    readMoments(context, flags);
    if (flags.take("--optimizer-cpu-offload"))
        workload.offload
            = context.base.workload.offload != Offload::None ? context.base.workload.offload : Offload::Cpu;
    else
        workload.offload = Offload::None;
    layout.recompute = Recompute::None;
    layout.recomputeLayers = 0;
    if (const auto granularity
        = choice(context, flags.take("--recompute-granularity"), {"selective", "full"})) {
        layout.recompute = *granularity == "full" ? Recompute::Full : Recompute::Selective;
        // block: the first N layers of each model chunk (transformer_block.py _checkpointed_forward);
        // uniform: every layer, N at a time, priced as every layer on its own. Selective granularity reads
        // neither (arguments.py refuses them), so there they stay unused.
        if (layout.recompute == Recompute::Full) {
            const auto method = choice(context, flags.take("--recompute-method"), {"uniform", "block"});
            const auto layers
                = wholeNumber(context, flags.take("--recompute-num-layers"), 1, limits::kMaxLayers);
            if (method == "block" && layers)
                layout.recomputeLayers = static_cast<int>(*layers);
        }
    } else if (flags.take("--recompute-activations")) {
        layout.recompute = Recompute::Selective;
    }
    // The modules selective granularity recomputes (arguments.py, nargs '*'; Megatron-Core's default
    // core_attn): the design's recomputeModules; a name Megatron-Core does not know is an error at its line.
    layout.recomputeModules.clear();
    if (const Setting* modules = flags.take("--recompute-modules"); modules && modules->value) {
        std::vector<std::string> names{*modules->value};
        names.insert(names.end(), modules->rest.begin(), modules->rest.end());
        for (const std::string& name : names) {
            if (const auto module = enumFromName<RecomputeModule>(name)) {
                if (std::find(layout.recomputeModules.begin(), layout.recomputeModules.end(), *module)
                    == layout.recomputeModules.end())
                    layout.recomputeModules.push_back(*module);
                continue;
            }
            context.add(diag::kIoValue, modules->where(),
                        {name, modules->name, enumNameList<RecomputeModule>(", ")});
        }
        if (layout.recomputeModules == std::vector<RecomputeModule>{RecomputeModule::CoreAttn})
            layout.recomputeModules.clear(); // the default, written as such
    }
    // --cpu-offloading-num-layers N (TransformerConfig: 0 by default, nothing moves), a flag from
    // core_v0.16.0 that turns cpu_offloading on by itself (arguments.py). --cpu-offloading, the config's own
    // switch, which scripts write beside it though no release takes it as a flag, adds nothing.
    layout.activationOffloadLayers = 0;
    flags.take("--cpu-offloading");
    if (const auto layers
        = wholeNumber(context, flags.take("--cpu-offloading-num-layers"), 0, limits::kMaxLayers))
        layout.activationOffloadLayers = static_cast<int>(*layers);
    if (const Setting* backend = flags.take("--attention-backend"))
        workload.flashAttention = backend->value != "unfused" && backend->value != "local";
    else if (flags.take("--use-flash-attn"))
        workload.flashAttention = true;
    readExpertCapacity(context, flags);
    readCudaGraphs(context, flags);
    readDispatcher(context, flags);
    // --moe-router-force-load-balancing (for benchmarks: moe/router.py routes by random logits, so the
    // experts load about evenly): the balanced load the model takes without a measured skew (moeload.h).
    if (flags.take("--moe-router-force-load-balancing"))
        workload.moeExpertLoadSkew = 0;
}

} // namespace

std::vector<std::string> importMegatron(ImportContext& context, std::string_view text)
{
    const ShellReadResult shell = readShell(text, context.tool);
    if (shell.error) {
        context.diagnostics.push_back(*shell.error);
        return {};
    }
    const Settings flags = flagsOf(argumentWords(shell), kSwitches);
    if (flags.entries.empty()) {
        context.add(
            diag::kLaunchEmpty, "line 1",
            {std::string(context.tool), MW_TR_NOOP("DiagnosticArguments", "no pretrain_gpt.py arguments")});
        return {};
    }
    context.design.workload.mode = Mode::Training;
    context.design.layout.framework = Framework::MegatronCore;
    readMegatronModel(context, flags);
    readParallel(context, flags);
    readPipeline(context, flags);
    readTraining(context, flags);

    // torchrun's processes: nodes × processes per node.
    const Setting* perNode = flags.take({"--nproc-per-node"});
    const Setting* nodes = flags.take({"--nnodes"});
    std::int64_t perNodeCount = 0; // "gpu", "auto" or a variable: the launcher decides, listed as unused
    if (perNode && perNode->value && !perNode->value->empty() && (*perNode->value)[0] >= '0'
        && (*perNode->value)[0] <= '9')
        perNodeCount = wholeNumber(context, perNode).value_or(0);
    else if (perNode)
        perNode->used = false;
    const std::int64_t nodeCount = nodes ? wholeNumber(context, nodes).value_or(0) : 1;
    if (perNodeCount > 0 && nodeCount > 0) {
        context.world = perNodeCount * nodeCount;
        context.worldPerNode = perNodeCount;
        context.worldWhere = (nodes && nodes->line > perNode->line ? nodes : perNode)->where();
    }
    fitCluster(context);
    if (const Setting* global = flags.take("--global-batch-size")) {
        if (const auto batch = wholeNumber(context, global, 1, std::int64_t(1) << 40)) {
            context.design.workload.globalBatch = *batch;
            checkGlobalBatch(context, global->where());
        }
    } else if (!context.failed()) {
        // Megatron's default: one micro-batch per data-parallel rank.
        context.design.workload.globalBatch
            = std::int64_t(context.design.layout.microBatch) * context.design.layout.batchReplicas();
    }
    return flags.unused();
}

} // namespace core::launch
