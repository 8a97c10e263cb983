// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/designflags.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "catalog/hfconfig.h"
#include "catalog/presetio.h"
#include "design/designio.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace cli {

using namespace core;

namespace {

template<class E> E enumValue(Arguments& args, const std::string& flag)
{
    const std::string text = args.value(flag);
    if (const auto value = enumFromName<E>(text))
        return *value;
    throw UsageError(flag + " must be one of " + enumNameList<E>(", ") + ", not '" + text + "'");
}

int degree(Arguments& args, const std::string& flag)
{
    return static_cast<int>(args.integer(flag, 1, limits::kMaxDegree));
}

std::optional<std::string> readFile(const std::string& path, std::vector<Diagnostic>& diagnostics)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        diagnostics.push_back(
            makeDiagnostic(diag::kIoFile, "", {path, "no such file, or it cannot be opened"}));
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        diagnostics.push_back(makeDiagnostic(diag::kIoFile, "", {path, "read error"}));
        return std::nullopt;
    }
    return text.str();
}

// A design with nothing chosen yet: the default model on one node of eight of the default GPU, every
// degree 1 (DP fills the cluster unless --dp says otherwise).
Design blankDesign()
{
    Design design;
    const Catalog& catalog = Catalog::builtin(); // the built-in default GPU: there is no design yet
    if (const auto example = exampleDesign(kDefaultExample))
        design.model = example->model;
    const GpuSpec& gpu = *catalog.gpu("h100-sxm-80gb");
    design.name = "Command-line design";
    design.cluster = makeUniformCluster(1, 8, gpu.id, gpu.defaultIntraLink, "ib-ndr-400");
    return design;
}

// --model: a preset id, a JSON file holding a model the way a design's "model" field does, or a Hugging
// Face config.json.
bool applyModel(const std::string& value, Design& design, std::vector<Diagnostic>& diagnostics)
{
    const Catalog& catalog = Catalog::builtin(); // a preset named on the command line
    if (const ModelArchitecture* preset = catalog.model(value)) {
        design.model = *preset;
        return true;
    }
    if (!value.ends_with(".json"))
        throw UsageError("--model: unknown preset '" + value + "' (presets: " + catalog.modelIds()
                         + "; or give a .json file)");
    const auto text = readFile(value, diagnostics);
    if (!text)
        return false;
    // Reuse the design reader: wrap the model into a minimal document.
    JsonParse parsed = parseJson(*text);
    if (!parsed.ok()) {
        parsed.error->path = value + "#";
        diagnostics.push_back(std::move(*parsed.error));
        return false;
    }
    const Json& document = parsed.document;
    // A Hugging Face config.json (it names "architectures" or "model_type") is imported; the design keeps
    // the architecture. Its warnings (fields Meshwright does not model) are reported and the model is used.
    if (isHfConfig(document)) {
        HfImportResult imported = modelFromHfConfig(document);
        for (Diagnostic& d : imported.diagnostics) {
            d.path = value + "#" + d.path;
            diagnostics.push_back(std::move(d));
        }
        if (!imported.model)
            return false;
        design.model = std::move(*imported.model);
        return true;
    }
    Json wrapper = designToJson(design);
    wrapper["model"] = document.contains("model") ? document["model"] : document;
    LoadResult loaded = designFromJson(wrapper);
    if (!loaded.ok()) {
        for (Diagnostic& d : loaded.diagnostics) {
            d.path = value + "#" + d.path;
            diagnostics.push_back(std::move(d));
        }
        return false;
    }
    design.model = loaded.design->model;
    return true;
}

} // namespace

// The on/off pairs: layout booleans and the framework's switches.
bool DesignFlags::consumeToggle(const std::string& flag)
{
    const struct
    {
        std::string_view on, off;
        std::optional<bool> DesignFlags::*member;
    } toggles[] = {
        {"--sp", "--no-sp", &DesignFlags::sequenceParallel},
        {"--tp-comm-overlap", "--no-tp-comm-overlap", &DesignFlags::tpCommOverlap},
        {"--reshard-after-forward", "--no-reshard-after-forward", &DesignFlags::reshardAfterForward},
        {"--overlap-grad-reduce", "--no-overlap-grad-reduce", &DesignFlags::overlapGradReduce},
        {"--overlap-param-gather", "--no-overlap-param-gather", &DesignFlags::overlapParamGather},
        {"--grad-sync-every-micro-batch", "--grad-sync-once-per-step",
         &DesignFlags::gradientSyncEveryMicroBatch},
        {"--overlap-moe-a2a", "--no-overlap-moe-a2a", &DesignFlags::overlapMoeAllToAll},
        {"--async-checkpoint", "--no-async-checkpoint", &DesignFlags::asyncCheckpoint},
        {"--grad-reduce-in-fp32", "--no-grad-reduce-in-fp32", &DesignFlags::gradReduceInFp32},
        {"--fused-cross-entropy", "--no-fused-cross-entropy", &DesignFlags::fusedCrossEntropy},
        {"--torch-compile", "--no-torch-compile", &DesignFlags::torchCompile},
        {"--fp8-param-gather", "--no-fp8-param-gather", &DesignFlags::fp8ParamGather},
    };
    // --no-ddp-overlap: DDP's and FSDP2's reduction under backward, turned off (the same switch).
    if (flag == "--no-ddp-overlap") {
        overlapGradReduce = false;
        return true;
    }
    for (const auto& toggle : toggles)
        if (flag == toggle.on || flag == toggle.off) {
            this->*toggle.member = flag == toggle.on;
            return true;
        }
    return false;
}

bool DesignFlags::consume(const std::string& flag, Arguments& args)
{
    for (Dim dim : kAllDims) {
        if (flag == "--" + std::string(enumName(dim))) {
            degrees[static_cast<std::size_t>(dim)] = degree(args, flag);
            return true;
        }
    }
    if (flag == "--example")
        example = args.value(flag);
    else if (flag == "--model")
        model = args.value(flag);
    else if (flag == "--layers")
        layers = args.integer(flag, 1, limits::kMaxLayers);
    else if (flag == "--hidden")
        hidden = args.integer(flag, 1, limits::kMaxHidden);
    else if (flag == "--ffn")
        ffn = args.integer(flag, 0, limits::kMaxFfn);
    else if (flag == "--heads")
        heads = args.integer(flag, 1, limits::kMaxHeads);
    else if (flag == "--kv-heads")
        kvHeads = args.integer(flag, 1, limits::kMaxHeads);
    else if (flag == "--vocab")
        vocab = args.integer(flag, 1, limits::kMaxVocab);
    else if (flag == "--gpu")
        gpu = args.value(flag);
    else if (flag == "--intra-link")
        intraLink = args.value(flag);
    else if (flag == "--fabric")
        fabric = args.value(flag);
    else if (flag == "--nodes")
        nodes = static_cast<int>(args.integer(flag, 1, limits::kMaxNodes));
    else if (flag == "--gpus-per-node")
        gpusPerNode = static_cast<int>(args.integer(flag, 1, limits::kMaxGpusPerNode));
    else if (flag == "--nics-per-node")
        nicsPerNode = static_cast<int>(args.integer(flag, 0, limits::kMaxGpusPerNode));
    else if (flag == "--oversubscription") {
        const double value = args.number(flag);
        if (!(value >= 1 && value <= 64))
            throw UsageError("--oversubscription must be between 1 and 64, not " + formatNumber(value));
        oversubscription = value;
    } else if (flag == "--host-memory")
        hostMemoryGiB = static_cast<double>(
            args.integer(flag, 0, static_cast<std::int64_t>(limits::kMaxHostMemoryBytes / kGiB)));
    else if (flag == "--fabric-topology")
        fabricTopology = enumValue<FabricTopology>(args, flag);
    else if (flag == "--order") {
        const std::string text = args.value(flag);
        order = parseOrder(text);
        if (!order)
            throw UsageError(
                "--order needs dimension names joined by '-', each once (e.g. tp-cp-ep-dp-pp), not '" + text
                + "'");
    } else if (flag == "--framework")
        framework = enumValue<Framework>(args, flag);
    else if (flag == "--vocab-divisible-by")
        vocabDivisibleBy = static_cast<int>(args.integer(flag, 0, limits::kMaxVocab));
    else if (flag == "--expert-mode")
        expertMode = enumValue<ExpertMode>(args, flag);
    else if (flag == "--expert-tp")
        expertTp = degree(args, flag);
    else if (flag == "--zero")
        zeroStage = static_cast<int>(args.integer(flag, 0, 3));
    else if (consumeToggle(flag))
        return true;
    else if (flag == "--micro-batch")
        microBatch = static_cast<int>(args.integer(flag, 1, limits::kMaxMicroBatch));
    else if (flag == "--global-batch")
        globalBatch = args.integer(flag, 1, limits::kMaxBatch);
    else if (flag == "--seq-len")
        sequenceLength = args.integer(flag, 1, limits::kMaxSequence);
    else if (flag == "--moe-capacity-factor")
        moeCapacityFactor = args.number(flag); // the range is the design's check (validate.cpp)
    else if (flag == "--moe-load-skew")
        moeExpertLoadSkew = args.number(flag);
    else if (flag == "--schedule")
        schedule = enumValue<Schedule>(args, flag);
    else if (flag == "--virtual-stages")
        virtualStages = static_cast<int>(args.integer(flag, 1, limits::kMaxVirtualStages));
    else if (flag == "--recompute")
        recompute = enumValue<Recompute>(args, flag);
    else if (flag == "--recompute-layers")
        recomputeLayers = static_cast<int>(args.integer(flag, 0, limits::kMaxLayers));
    else if (flag == "--offload-activation-layers")
        activationOffloadLayers = static_cast<int>(args.integer(flag, 0, limits::kMaxLayers));
    else if (flag == "--cuda-graphs")
        cudaGraphs = enumValue<CudaGraphs>(args, flag);
    else if (flag == "--moe-dispatcher")
        moeDispatcher = enumValue<MoeDispatcher>(args, flag);
    else if (flag == "--mode")
        mode = enumValue<Mode>(args, flag);
    else if (flag == "--precision")
        precision = enumValue<Precision>(args, flag);
    else if (flag == "--fp8-recipe")
        fp8Recipe = enumValue<Fp8Recipe>(args, flag);
    else if (flag == "--optimizer")
        optimizer = enumValue<Optimizer>(args, flag);
    else if (flag == "--optimizer-moments")
        optimizerMoments = enumValue<MomentDtype>(args, flag);
    else if (flag == "--offload")
        offload = enumValue<Offload>(args, flag);
    else if (flag == "--concurrency")
        concurrency = static_cast<int>(args.integer(flag, 1, limits::kMaxConcurrency));
    else if (flag == "--context")
        context = args.integer(flag, 1, limits::kMaxSequence);
    else if (flag == "--prompt-len")
        promptLength = args.integer(flag, 0, limits::kMaxSequence);
    else if (flag == "--output-len")
        outputLength = args.integer(flag, 1, limits::kMaxSequence);
    else if (flag == "--kv-dtype")
        kvDtype = enumValue<KvDtype>(args, flag);
    else
        return false;
    return true;
}

std::string designFlagsHelp()
{
    return "Design (a file, an example, or flags alone; flags override the file):\n"
           "  DESIGN.json                 a design document\n"
           "  --example ID                a built-in example (see `presets`)\n"
           "Model:\n"
           "  --model PRESET|FILE.json    --layers N --hidden N --ffn N --heads N --kv-heads N --vocab N\n"
           "Cluster:\n"
           "  --gpu PRESET --nodes N --gpus-per-node G --intra-link LINK --fabric LINK\n"
           "  --nics-per-node N (0: one per GPU)  --oversubscription X  --fabric-topology "
        + enumNameList<FabricTopology>()
        + "\n"
          "  --host-memory GIB           RAM per node (0: the GPUs' reference system, DGX H100 2 TB)\n"
          "Layout:\n"
          "  --dp N --tp N --pp N --cp N --ep N   (without a file, DP fills the cluster unless given)\n"
          "  --order tp-cp-ep-dp-pp      dimensions, fastest-varying first (partial orders allowed)\n"
          "  --framework "
        + enumNameList<Framework>()
        + "  --vocab-divisible-by N\n"
          "  --expert-mode "
        + enumNameList<ExpertMode>()
        + "   --expert-tp N\n"
          "  --zero 0..3  --sp | --no-sp  --tp-comm-overlap | --no-tp-comm-overlap\n"
          "  --reshard-after-forward | --no-reshard-after-forward\n"
          "  --overlap-grad-reduce | --no-overlap-grad-reduce (--no-ddp-overlap)\n"
          "  --overlap-param-gather | --no-overlap-param-gather  --overlap-moe-a2a | --no-overlap-moe-a2a\n"
          "  --grad-sync-every-micro-batch | --grad-sync-once-per-step  --async-checkpoint | "
          "--no-async-checkpoint\n"
          "  --grad-reduce-in-fp32 | --no-grad-reduce-in-fp32 (reduce in the 16-bit type)\n"
          "  --fused-cross-entropy | --no-fused-cross-entropy (the loss as TE's fused kernel)\n"
          "  --micro-batch N  --global-batch N  --seq-len N\n"
          "  --moe-capacity-factor X (0: dropless)  --moe-load-skew X (busiest expert / mean tokens, "
          "measured)\n"
          "  --schedule "
        + enumNameList<Schedule>()
        + "  --virtual-stages N\n"
          "  --recompute "
        + enumNameList<Recompute>()
        + "  --recompute-layers N (full: the first N layers of each model chunk; 0: every layer)\n"
          "  --offload-activation-layers N (the first N layers' activations in host memory; PP 1)\n"
          "  --cuda-graphs "
        + enumNameList<CudaGraphs>()
        + " (Megatron-Core's CUDA graphs of the training step)\n"
          "  --moe-dispatcher "
        + enumNameList<MoeDispatcher>()
        + " (Megatron-Core's MoE token dispatcher: deepep and hybridep send a token once a GPU and node)\n"
          "Workload:\n"
          "  --mode "
        + enumNameList<Mode>() + "  --precision " + enumNameList<Precision>()
        + "\n"
          "  --fp8-recipe "
        + enumNameList<Fp8Recipe>()
        + " (Transformer Engine's scaling, with --precision fp8)\n"
          "  --optimizer "
        + enumNameList<Optimizer>() + "  --optimizer-moments " + enumNameList<MomentDtype>()
        + " (16-bit: Megatron-Core)\n  --offload " + enumNameList<Offload>()
        + "\n"
          "  --concurrency N  --context TOKENS  --prompt-len TOKENS  --output-len TOKENS  --kv-dtype "
        + enumNameList<KvDtype>() + "\n";
}

namespace {

// The design the flags start from: the file, the example or a blank design; nothing when the file cannot
// be read (its problems are in built.diagnostics).
std::optional<Design> startingDesign(const DesignFlags& flags, BuiltDesign& built)
{
    if (flags.file && flags.example)
        throw UsageError("give a design file or --example, not both");
    if (flags.file) {
        const auto text = readFile(*flags.file, built.diagnostics);
        if (!text)
            return std::nullopt;
        LoadResult loaded = loadDesign(*text);
        built.diagnostics = std::move(loaded.diagnostics);
        if (!loaded.ok())
            return std::nullopt;
        return std::move(*loaded.design);
    }
    if (flags.example) {
        const auto example = exampleDesign(*flags.example);
        if (!example)
            throw UsageError("--example: unknown example '" + *flags.example + "'");
        return *example;
    }
    return blankDesign();
}

void applyModelFlags(const DesignFlags& flags, ModelArchitecture& m)
{
    if (flags.layers)
        m.layers = static_cast<int>(*flags.layers);
    if (flags.hidden)
        m.hidden = *flags.hidden;
    if (flags.ffn)
        m.ffn = *flags.ffn;
    if (flags.heads)
        m.heads = static_cast<int>(*flags.heads);
    if (flags.kvHeads)
        m.kvHeads = static_cast<int>(*flags.kvHeads);
    if (flags.vocab)
        m.vocab = *flags.vocab;
    if (flags.hidden || flags.heads)
        if (m.heads > 0 && m.attention == AttentionKind::Standard && !flags.model)
            m.headDim = m.hidden / m.heads;
}

void applyClusterFlags(const DesignFlags& flags, Design& design)
{
    // --gpu, --intra-link and --fabric name presets on the command line: the built-in catalog resolves
    // them (a design's calibrated links take the place of the presets of their id when it is evaluated).
    const Catalog& catalog = Catalog::builtin();
    if (flags.gpu && !catalog.gpu(*flags.gpu))
        throw UsageError("--gpu: unknown GPU '" + *flags.gpu + "' (presets: " + catalog.gpuIds() + ")");
    for (const auto* link : {&flags.intraLink, &flags.fabric})
        if (*link && !catalog.link(**link))
            throw UsageError("unknown link '" + **link + "' (presets: " + catalog.linkIds() + ")");
    if (flags.nodes || flags.gpusPerNode || flags.gpu || flags.intraLink) {
        // Rebuild the cluster as uniform, keeping what the flags do not say from the current first node.
        const Node* first = design.cluster.nodes.empty() ? nullptr : &design.cluster.nodes.front();
        const int nodes = flags.nodes.value_or(static_cast<int>(design.cluster.nodes.size()));
        const int perNode = flags.gpusPerNode.value_or(first ? static_cast<int>(first->gpus.size()) : 8);
        const std::string gpu
            = flags.gpu.value_or(first && !first->gpus.empty() ? first->gpus.front().type : "h100-sxm-80gb");
        std::string link = first ? first->intraLink : "nvlink4";
        if (flags.gpu)
            link = catalog.gpu(gpu)->defaultIntraLink;
        if (flags.intraLink)
            link = *flags.intraLink;
        Cluster rebuilt = makeUniformCluster(nodes, perNode, gpu, link, design.cluster.fabric);
        rebuilt.nicsPerNode = design.cluster.nicsPerNode;
        rebuilt.oversubscription = design.cluster.oversubscription;
        rebuilt.hostMemoryBytes = design.cluster.hostMemoryBytes;
        rebuilt.fabricTopology = design.cluster.fabricTopology;
        rebuilt.calibratedLinks = std::move(design.cluster.calibratedLinks);
        design.cluster = std::move(rebuilt);
        design.placement.clear(); // GPU ids were renumbered
    }
    if (flags.nicsPerNode)
        design.cluster.nicsPerNode = *flags.nicsPerNode;
    if (flags.oversubscription)
        design.cluster.oversubscription = *flags.oversubscription;
    if (flags.hostMemoryGiB)
        design.cluster.hostMemoryBytes = *flags.hostMemoryGiB * kGiB;
    if (flags.fabricTopology)
        design.cluster.fabricTopology = *flags.fabricTopology;
    if (flags.fabric)
        design.cluster.fabric = *flags.fabric;
}

void applyLayoutFlags(const DesignFlags& flags, bool fromDocument, Design& design)
{
    ParallelLayout& layout = design.layout;
    for (Dim dim : kAllDims)
        if (const auto& d = flags.degrees[static_cast<std::size_t>(dim)])
            layout.setDegree(dim, *d);
    if (flags.order)
        layout.order = *flags.order;
    if (flags.framework)
        layout.framework = *flags.framework;
    if (flags.vocabDivisibleBy)
        layout.vocabDivisibleBy = *flags.vocabDivisibleBy;
    if (flags.expertMode)
        layout.expertMode = *flags.expertMode;
    if (flags.expertTp)
        layout.expertTp = *flags.expertTp;
    if (flags.zeroStage)
        layout.zeroStage = *flags.zeroStage;
    if (flags.sequenceParallel)
        layout.sequenceParallel = *flags.sequenceParallel;
    if (flags.tpCommOverlap)
        layout.tpCommOverlap = *flags.tpCommOverlap;
    if (flags.reshardAfterForward)
        layout.reshardAfterForward = *flags.reshardAfterForward;
    for (const auto& [value, member] :
         {std::pair{flags.overlapGradReduce, &core::ParallelLayout::overlapGradReduce},
          std::pair{flags.overlapParamGather, &core::ParallelLayout::overlapParamGather},
          std::pair{flags.gradientSyncEveryMicroBatch, &core::ParallelLayout::gradientSyncEveryMicroBatch},
          std::pair{flags.overlapMoeAllToAll, &core::ParallelLayout::overlapMoeAllToAll},
          std::pair{flags.asyncCheckpoint, &core::ParallelLayout::asyncCheckpoint},
          std::pair{flags.gradReduceInFp32, &core::ParallelLayout::gradReduceInFp32},
          std::pair{flags.fusedCrossEntropy, &core::ParallelLayout::fusedCrossEntropy},
          std::pair{flags.torchCompile, &core::ParallelLayout::torchCompile},
          std::pair{flags.fp8ParamGather, &core::ParallelLayout::fp8ParamGather}})
        if (value)
            layout.*member = value;
    if (flags.microBatch)
        layout.microBatch = *flags.microBatch;
    if (flags.schedule)
        layout.schedule = *flags.schedule;
    if (flags.virtualStages)
        layout.virtualStages = *flags.virtualStages;
    if (flags.recompute)
        layout.recompute = *flags.recompute;
    if (flags.recomputeLayers)
        layout.recomputeLayers = *flags.recomputeLayers;
    if (flags.activationOffloadLayers)
        layout.activationOffloadLayers = *flags.activationOffloadLayers;
    if (flags.cudaGraphs)
        layout.cudaGraphs = *flags.cudaGraphs;
    if (flags.moeDispatcher)
        layout.moeDispatcher = *flags.moeDispatcher;
    if (!fromDocument && !flags.degrees[static_cast<std::size_t>(Dim::Dp)]) {
        // Without a file, DP takes the GPUs the other dimensions leave, as the reference article composes
        // a layout («Ein Layout aus der Topologie zusammensetzen»: "DP=4 für den Rest").
        layout.setDegree(Dim::Dp, 1);
        const std::int64_t others = layout.worldSize();
        const int gpus = design.cluster.inServiceGpuCount();
        if (others > 0 && gpus % others == 0 && gpus / others >= 1)
            layout.setDegree(Dim::Dp, static_cast<int>(gpus / others));
    }
}

void applyWorkloadFlags(const DesignFlags& flags, Workload& w)
{
    if (flags.globalBatch)
        w.globalBatch = *flags.globalBatch;
    if (flags.sequenceLength)
        w.sequenceLength = *flags.sequenceLength;
    if (flags.moeCapacityFactor)
        w.moeCapacityFactor = *flags.moeCapacityFactor;
    if (flags.moeExpertLoadSkew)
        w.moeExpertLoadSkew = *flags.moeExpertLoadSkew;
    if (flags.mode)
        w.mode = *flags.mode;
    if (flags.precision)
        w.precision = *flags.precision;
    if (flags.fp8Recipe)
        w.fp8Recipe = *flags.fp8Recipe;
    if (flags.optimizer)
        w.optimizer = *flags.optimizer;
    if (flags.optimizerMoments)
        w.optimizerMoments = *flags.optimizerMoments;
    if (flags.offload)
        w.offload = *flags.offload;
    if (flags.concurrency)
        w.serving.concurrency = *flags.concurrency;
    if (flags.context)
        w.serving.contextLength = *flags.context;
    if (flags.promptLength)
        w.serving.promptLength = *flags.promptLength;
    if (flags.outputLength)
        w.serving.outputLength = *flags.outputLength;
    if (flags.kvDtype)
        w.serving.kvDtype = *flags.kvDtype;
}

} // namespace

BuiltDesign buildDesign(const DesignFlags& flags)
{
    BuiltDesign built;
    std::optional<Design> design = startingDesign(flags, built);
    if (!design)
        return built;
    if (flags.model && !applyModel(*flags.model, *design, built.diagnostics))
        return built;
    applyModelFlags(flags, design->model);
    applyClusterFlags(flags, *design);
    applyLayoutFlags(flags, flags.file || flags.example, *design);
    applyWorkloadFlags(flags, design->workload);
    built.design = std::move(design);
    return built;
}

} // namespace cli
