// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/launchimport.h"

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "base/sizelimits.h"
#include "catalog/catalog.h"
#include "launch/importcontext.h"
#include "launch/launchconfig.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace core {

namespace launch {

namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

// A shell variable the file never sets ("$NNODES"), or DeepSpeed's "auto" (the Hugging Face Trainer fills
// it in): a value the file leaves to someone else.
bool isUnsetVariable(const std::string& value)
{
    return value.starts_with('$') || value == "auto";
}

} // namespace

std::optional<std::int64_t> wholeNumber(ImportContext& context, const Setting* setting, std::int64_t min,
                                        std::int64_t max)
{
    if (!setting)
        return std::nullopt;
    if (!setting->value || setting->value->empty()) {
        context.add(diag::kIoValue, setting->where(),
                    {MW_TR_NOOP("DiagnosticArguments", "(nothing)"), setting->name,
                     MW_TR_NOOP("DiagnosticArguments", "a whole number")});
        return std::nullopt;
    }
    const std::string& text = *setting->value;
    if (isUnsetVariable(text)) {
        setting->used = false;
        return std::nullopt;
    }
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
        context.add(diag::kIoValue, setting->where(),
                    {text, setting->name,
                     phraseArgument(MW_TR_NOOP("DiagnosticArguments", "a whole number from %1 to %2"),
                                    {std::to_string(min), std::to_string(max)})});
        return std::nullopt;
    }
    return value;
}

std::optional<double> realNumber(ImportContext& context, const Setting* setting, double min, double max)
{
    if (!setting)
        return std::nullopt;
    const std::string text = setting->value.value_or("");
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)
        || value < min || value > max) {
        context.add(diag::kIoValue, setting->where(),
                    {text, setting->name, MW_TR_NOOP("DiagnosticArguments", "a number")});
        return std::nullopt;
    }
    return value;
}

std::optional<bool> boolean(ImportContext& context, const Setting* setting)
{
    if (!setting)
        return std::nullopt;
    const std::string text = lower(setting->value.value_or(""));
    if (text == "true" || text == "1" || text == "yes")
        return true;
    if (text == "false" || text == "0" || text == "no")
        return false;
    context.add(
        diag::kIoValue, setting->where(),
        {setting->value.value_or(""), setting->name, MW_TR_NOOP("DiagnosticArguments", "true or false")});
    return std::nullopt;
}

std::optional<std::string> choice(ImportContext& context, const Setting* setting,
                                  std::initializer_list<std::string_view> choices)
{
    if (!setting)
        return std::nullopt;
    const std::string text = setting->value.value_or("");
    for (std::string_view option : choices)
        if (text == option)
            return text;
    std::string expected;
    for (std::string_view option : choices) {
        if (!expected.empty())
            expected += ", ";
        expected += option;
    }
    context.add(diag::kIoValue, setting->where(), {text, setting->name, expected});
    return std::nullopt;
}

void readDegree(ImportContext& context, Dim dim, const Setting* setting)
{
    const std::optional<std::int64_t> value = wholeNumber(context, setting);
    context.design.layout.setDegree(dim, int(value.value_or(1)));
    if (setting && (context.degreesLine == 0 || setting->line < context.degreesLine)) {
        context.degreesLine = setting->line;
        context.degreesWhere = setting->where();
    }
}

bool setModelByName(ImportContext& context, std::string_view name, const std::string& where)
{
    const std::string preset = modelPresetOfName(name);
    if (const ModelArchitecture* model = preset.empty() ? nullptr : Catalog::builtin().model(preset)) {
        context.design.model = *model;
        return true;
    }
    context.add(diag::kLaunchModel, where, {std::string(name), context.base.model.name});
    return false;
}

Precision bf16Precision(const Design& base)
{
    const Precision precision = base.workload.precision;
    return precision == Precision::MegatronBf16 ? precision : Precision::Bf16Mixed;
}

std::string degreesText(const ParallelLayout& layout, bool withDp)
{
    std::string out;
    for (Dim dim : {Dim::Tp, Dim::Pp, Dim::Cp, Dim::Ep, Dim::Dp}) {
        if (dim == Dim::Dp && !withDp)
            continue;
        std::string name(enumName(dim));
        for (char& c : name)
            c = char(c - 'a' + 'A');
        if (!out.empty())
            out += ' ';
        out += name + "=" + std::to_string(layout.degree(dim));
    }
    return out;
}

void setOrder(ImportContext& context, const std::vector<Dim>& frameworkOrder)
{
    context.frameworkOrder = frameworkOrder;
}

namespace {

// The framework's order, unless the base's groups the ranks the same way (it differs only in dimensions of
// degree 1): once DP is known.
void applyOrder(ImportContext& context)
{
    if (!context.frameworkOrder)
        return;
    const ParallelLayout& layout = context.design.layout;
    auto active = [&layout](const std::vector<Dim>& order) {
        std::vector<Dim> out;
        for (Dim dim : order)
            if (layout.degree(dim) > 1)
                out.push_back(dim);
        return out;
    };
    if (active(context.base.layout.order) != active(*context.frameworkOrder))
        context.design.layout.order = *context.frameworkOrder;
}

} // namespace

namespace {

// A launcher that names its nodes and the processes on each (torchrun --nnodes, --nproc-per-node;
// Accelerate num_machines) sizes a plain uniform cluster (all GPUs in service) whose nodes hold that many GPUs: the run is imported on the cluster it runs on, with the
// base's GPU type and links. Any other mismatch stays a launch-world error.
void resizeCluster(ImportContext& context)
{
    Cluster& cluster = context.design.cluster;
    if (!context.world || context.worldPerNode <= 0 || *context.world % context.worldPerNode != 0
        || *context.world == cluster.inServiceGpuCount() || !isCanonicalUniform(cluster)
        || std::int64_t(cluster.nodes.front().gpus.size()) != context.worldPerNode)
        return;
    const std::int64_t nodes = *context.world / context.worldPerNode;
    if (nodes > limits::kMaxNodes)
        return; // launch-world says the cluster cannot hold it
    const Node& first = cluster.nodes.front();
    const int before = cluster.inServiceGpuCount();
    Cluster resized = makeUniformCluster(int(nodes), int(context.worldPerNode), first.gpus.front().type,
                                         first.intraLink, cluster.fabric);
    resized.calibratedLinks = cluster.calibratedLinks;
    cluster = std::move(resized);
    context.design.placement.clear();
    context.add(diag::kLaunchClusterResized, context.worldWhere,
                {std::to_string(nodes), std::to_string(context.worldPerNode), std::to_string(*context.world),
                 std::to_string(before)});
}

} // namespace

void fitCluster(ImportContext& context)
{
    if (context.failed())
        return;
    ParallelLayout& layout = context.design.layout;
    resizeCluster(context);
    const std::int64_t gpus = context.design.cluster.inServiceGpuCount();
    if (context.world && *context.world != gpus) {
        context.add(diag::kLaunchWorld, context.worldWhere,
                    {std::to_string(*context.world), std::to_string(gpus)});
        return;
    }
    std::int64_t others = std::int64_t(layout.tp()) * layout.pp() * layout.cp();
    if (layout.expertMode == ExpertMode::Separate)
        others *= layout.ep();
    if (context.dpWhere) {
        if (others * layout.dp() != gpus)
            context.add(
                diag::kLaunchDegrees, *context.dpWhere,
                {degreesText(layout, true), std::to_string(others * layout.dp()), std::to_string(gpus)});
    } else if (others > gpus || gpus % others != 0) {
        context.add(diag::kLaunchCluster, context.degreesWhere,
                    {degreesText(layout, false), std::to_string(gpus)});
    } else {
        layout.setDegree(Dim::Dp, int(gpus / others));
    }
    if (!context.failed())
        applyOrder(context);
}

bool setLayerSplit(ImportContext& context, std::vector<int> layers, const Setting* setting)
{
    for (std::size_t i = 1; i + 1 < layers.size(); ++i)
        if (layers[i] == 0) {
            context.add(diag::kLaunchUnsupported, setting ? setting->where() : context.degreesWhere,
                        {setting ? setting->name : std::string("pipeline"),
                         setting ? setting->value.value_or("true") : std::string(),
                         phraseArgument(MW_TR_NOOP("DiagnosticArguments", "stage %1 holds no layer"),
                                        {std::to_string(i)})});
            return false;
        }
    ParallelLayout& layout = context.design.layout;
    layout.layersPerStage = std::move(layers);
    if (std::ranges::all_of(layout.layersPerStage, [&](int n) { return n == layout.layersPerStage.front(); }))
        layout.layersPerStage.clear();
    return true;
}

void checkGlobalBatch(ImportContext& context, const std::string& where)
{
    if (context.failed())
        return;
    const ParallelLayout& layout = context.design.layout;
    const std::int64_t perStep = std::int64_t(layout.microBatch) * layout.batchReplicas();
    if (perStep > 0 && context.design.workload.globalBatch % perStep != 0)
        context.add(diag::kLaunchConflict, where,
                    {MW_TR_NOOP("DiagnosticArguments", "global batch"),
                     std::to_string(context.design.workload.globalBatch),
                     MW_TR_NOOP("DiagnosticArguments", "micro-batch × data-parallel replicas"),
                     std::to_string(perStep)});
}

} // namespace launch

std::string modelPresetOfName(std::string_view name)
{
    // The last path component, without a version tag ("-v0.1") or the suffixes of fine-tuned or converted
    // checkpoints, in any order ("Mixtral-8x7B-Instruct-v0.1" is Mixtral-8x7B); the same for the preset's
    // Hugging Face id.
    const auto normalise = [](std::string_view text) {
        std::string key = launch::lower(text);
        while (!key.empty() && key.back() == '/')
            key.pop_back();
        if (const std::size_t slash = key.rfind('/'); slash != std::string::npos)
            key = key.substr(slash + 1);
        for (bool stripped = true; stripped;) {
            stripped = false;
            for (std::string_view suffix : {"-instruct", "-hf", "-base", "-fp8", "-bf16"})
                if (key.ends_with(suffix)) {
                    key.resize(key.size() - suffix.size());
                    stripped = true;
                }
            if (const std::size_t dash = key.rfind("-v"); dash != std::string::npos && dash + 2 < key.size()
                && key.find_first_not_of("0123456789.", dash + 2) == std::string::npos) {
                key.resize(dash);
                stripped = true;
            }
        }
        if (key.starts_with("meta-"))
            key = key.substr(5);
        return key;
    };
    const std::string key = normalise(name);
    for (const ModelArchitecture& model : Catalog::builtin().models()) {
        const std::string hub = normalise(huggingFaceNames(model.preset).hubId);
        if (key == model.preset || (!hub.empty() && key == hub))
            return model.preset;
    }
    return {};
}

std::optional<LaunchFormat> guessLaunchFormat(std::string_view fileName, std::string_view text)
{
    const std::string name = launch::lower(fileName);
    if (name.ends_with(".json"))
        return LaunchFormat::DeepSpeed;
    if (name.ends_with(".toml"))
        return LaunchFormat::Torchtitan;
    if (name.ends_with(".yaml") || name.ends_with(".yml"))
        return LaunchFormat::Accelerate;
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos)
        return std::nullopt;
    if (text[start] == '{')
        return LaunchFormat::DeepSpeed;
    if (text.find("sglang.launch_server") != std::string_view::npos)
        return LaunchFormat::Sglang;
    if (text.find("vllm serve") != std::string_view::npos
        || text.find("vllm.entrypoints") != std::string_view::npos)
        return LaunchFormat::Vllm;
    if (text.find("[parallelism]") != std::string_view::npos)
        return LaunchFormat::Torchtitan;
    if (text.find("distributed_type:") != std::string_view::npos)
        return LaunchFormat::Accelerate;
    return LaunchFormat::Megatron;
}

LaunchImport importLaunch(LaunchFormat format, std::string_view text, const Design& base)
{
    static constexpr std::string_view kTools[]{"Megatron-LM", "torchtitan", "Accelerate",
                                               "DeepSpeed",   "vLLM",       "SGLang"};
    launch::ImportContext context(base, kTools[int(format)]);
    LaunchImport result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        context.add(diag::kLaunchEmpty, "line 1",
                    {std::string(context.tool), MW_TR_NOOP("DiagnosticArguments", "the file is empty")});
    } else {
        switch (format) {
        case LaunchFormat::Megatron:
            result.unusedSettings = launch::importMegatron(context, text);
            break;
        case LaunchFormat::Torchtitan:
            result.unusedSettings = launch::importTorchtitan(context, text);
            break;
        case LaunchFormat::Accelerate:
            result.unusedSettings = launch::importAccelerate(context, text);
            break;
        case LaunchFormat::DeepSpeed:
            result.unusedSettings = launch::importDeepSpeed(context, text);
            break;
        case LaunchFormat::Vllm:
            result.unusedSettings = launch::importVllm(context, text);
            break;
        case LaunchFormat::Sglang:
            result.unusedSettings = launch::importSglang(context, text);
            break;
        }
    }
    result.diagnostics = std::move(context.diagnostics);
    if (!hasErrors(result.diagnostics)) {
        // An explicit placement belongs to the base's layout; the imported one gets the default placement.
        if (context.design.layout.degrees != base.layout.degrees
            || context.design.layout.order != base.layout.order)
            context.design.placement.clear();
        result.design = std::move(context.design);
    }
    return result;
}

} // namespace core
