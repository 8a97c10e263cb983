// SPDX-License-Identifier: GPL-3.0-or-later
// Serving commands read into a design: the inverse of launchserving.cpp. vLLM 0.10 engine arguments
// (`vllm serve MODEL`, or python -m vllm.entrypoints.openai.api_server --model MODEL) and SGLang 0.5 server
// arguments (python -m sglang.launch_server --model-path MODEL). A replica is TP × PP GPUs; replicas are
// data-parallel and, without a data-parallel size, fill the cluster.

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "catalog/catalog.h"
#include "framework/frameworkprofile.h"
#include "launch/importcontext.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>

namespace core::launch {

namespace {

// The words of the statement that runs the server.
const ShellCommandLine* serverCommand(const ShellReadResult& shell, std::string_view program)
{
    for (const ShellCommandLine& command : shell.commands)
        for (const Word& word : command.words)
            if (word.text.find(program) != std::string::npos)
                return &command;
    return nullptr;
}

// Reads the shell text, finds the server's command and starts a serving design; null on error.
std::optional<Settings> servingFlags(ImportContext& context, std::string_view text, std::string_view program,
                                     const std::vector<std::string_view>& switches, Framework framework)
{
    const ShellReadResult shell = readShell(text, context.tool);
    if (shell.error) {
        context.diagnostics.push_back(*shell.error);
        return std::nullopt;
    }
    const ShellCommandLine* command = serverCommand(shell, program);
    if (!command) {
        context.add(diag::kLaunchEmpty, "line 1",
                    {std::string(context.tool),
                     phraseArgument(MW_TR_NOOP("DiagnosticArguments", "no command runs %1"),
                                    {std::string(program)})});
        return std::nullopt;
    }
    // The words from the program on (not python's own "-m"); short forms the tools accept: vLLM's
    // -tp/-pp/-dp/-ep.
    auto start = command->words.begin();
    while (start->text.find(program) == std::string::npos)
        ++start;
    std::vector<Word> words(start, command->words.end());
    for (Word& word : words)
        for (const auto& [shortName, longName] :
             {std::pair{"-tp", "--tensor-parallel-size"}, std::pair{"-pp", "--pipeline-parallel-size"},
              std::pair{"-dp", "--data-parallel-size"}, std::pair{"-ep", "--enable-expert-parallel"}})
            if (word.text == shortName)
                word.text = longName;
    // Both tools' --enable-*, --disable-* and --no-* options are switches (vLLM's BooleanOptionalAction
    // adds a --no- form to each of its booleans; SGLang's are store_true), so the word after one is never its
    // value: a model path after --enable-prefix-caching stays the model.
    std::vector<std::string> booleans(switches.begin(), switches.end());
    for (const Word& word : words) {
        const std::string name = word.text.substr(0, word.text.find('='));
        if (name.starts_with("--enable-") || name.starts_with("--disable-") || name.starts_with("--no-"))
            booleans.push_back(name);
    }
    Settings flags = flagsOf(words, std::vector<std::string_view>(booleans.begin(), booleans.end()));
    Design& design = context.design;
    design.workload.mode = Mode::Serving;
    design.layout.framework = framework;
    design.layout.zeroStage = 0;
    design.layout.shardGroup = 0;
    design.layout.sequenceParallel = false;
    design.layout.tpCommOverlap = false;
    design.layout.recompute = Recompute::None;
    design.layout.setDegree(Dim::Cp, 1);
    design.layout.virtualStages = 1;
    design.layout.layersPerStage.clear();
    design.layout.schedule = Schedule::OneFOneB;
    design.layout.expertTp = 0;
    design.workload.offload = Offload::None;
    return flags;
}

// How a tool writes a count of tokens with a unit: vLLM's human_readable_int (vllm/utils/argparse_utils.py:
// lowercase k, m, g, t decimal, uppercase K, M, G, T binary) and SGLang's (sglang/srt/utils/common.py: k, M,
// G, T decimal, Ki, Mi, Gi, Ti binary); decimals only with the decimal units.
struct CountUnit
{
    std::string_view suffix;
    double multiplier;
    bool binary;
};
using CountUnits = std::span<const CountUnit>;
constexpr std::array<CountUnit, 8> kVllmUnits{{{"k", 1e3, false},
                                               {"m", 1e6, false},
                                               {"g", 1e9, false},
                                               {"t", 1e12, false},
                                               {"K", 1024.0, true},
                                               {"M", 1048576.0, true},
                                               {"G", 1073741824.0, true},
                                               {"T", 1099511627776.0, true}}};
constexpr std::array<CountUnit, 8> kSglangUnits{{{"k", 1e3, false},
                                                 {"M", 1e6, false},
                                                 {"G", 1e9, false},
                                                 {"T", 1e12, false},
                                                 {"Ki", 1024.0, true},
                                                 {"Mi", 1048576.0, true},
                                                 {"Gi", 1073741824.0, true},
                                                 {"Ti", 1099511627776.0, true}}};

// "32k" as "32000" (vLLM, SGLang), "32K" as "32768" (vLLM); the text unchanged where it has no unit the
// tool reads, for wholeNumber to accept or refuse.
std::string plainCount(const std::string& text, CountUnits units)
{
    const std::size_t end = text.find_first_not_of("0123456789.");
    if (end == 0 || end == std::string::npos)
        return text;
    const std::string number = text.substr(0, end);
    const std::string_view suffix = std::string_view(text).substr(end);
    double value = 0;
    const auto [stop, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (error != std::errc() || stop != number.data() + number.size())
        return text;
    for (const CountUnit& unit : units)
        if (suffix == unit.suffix && !(unit.binary && number.find('.') != std::string::npos)
            && value * unit.multiplier < 9e15)
            return std::to_string(static_cast<std::int64_t>(value * unit.multiplier));
    return text;
}

// The context length: a count, with the tool's units; vLLM's "auto" (or -1) takes the longest the memory
// allows, which the design cannot know, so it keeps its own with a warning.
void readContextLength(ImportContext& context, const Setting* length, CountUnits units, bool autoLength)
{
    if (!length)
        return;
    ServingWorkload& serving = context.design.workload.serving;
    if (autoLength && length->value && (*length->value == "auto" || *length->value == "-1")) {
        context.add(diag::kLaunchApproximated, length->where(),
                    {length->name, std::to_string(serving.contextLength),
                     MW_TR_NOOP("DiagnosticArguments",
                                "the engine takes the longest context that fits in memory, which the design "
                                "cannot know, so it keeps its own")});
        return;
    }
    Setting plain = *length; // the same flag and place, its count without a unit
    if (length->value)
        plain.value = plainCount(*length->value, units);
    if (const auto tokens = wholeNumber(context, &plain, 1, std::int64_t(1) << 30))
        serving.contextLength = *tokens;
}

// The serving workload's flags common to both tools. Without the concurrency flag the engine runs its
// default number of sequences (`engineDefault`, when it has a fixed one) and the design says so.
void readServing(ImportContext& context, const Settings& flags, std::string_view concurrencyFlag,
                 std::initializer_list<std::string_view> fp8Names,
                 std::initializer_list<std::string_view> sixteenBitNames, int engineDefault = 0)
{
    ServingWorkload& serving = context.design.workload.serving;
    const Setting* concurrency = flags.take(concurrencyFlag);
    if (const auto sequences = wholeNumber(context, concurrency))
        serving.concurrency = int(*sequences);
    else if (concurrency == nullptr && engineDefault > 0)
        serving.concurrency = engineDefault;
    serving.kvDtype = KvDtype::Bf16;
    if (const Setting* dtype = flags.take("--kv-cache-dtype"); dtype && dtype->value) {
        const auto named = [&](std::initializer_list<std::string_view> names) {
            return std::find(names.begin(), names.end(), *dtype->value) != names.end();
        };
        if (named(fp8Names))
            serving.kvDtype = KvDtype::Fp8;
        else if (*dtype->value != "auto" && !named(sixteenBitNames))
            context.add(diag::kIoValue, dtype->where(),
                        {*dtype->value, dtype->name,
                         MW_TR_NOOP("DiagnosticArguments", "auto, bfloat16 or an FP8 type")});
    }
}

void readModel(ImportContext& context, const Settings& flags, const Setting* model)
{
    if (model && model->value)
        setModelByName(context, *model->value, model->where());
    else
        context.add(
            diag::kLaunchEmpty,
            "line " + std::to_string(flags.positional.empty() ? 1 : flags.positional.front().line),
            {std::string(context.tool), MW_TR_NOOP("DiagnosticArguments", "the command names no model")});
}

// The world the command starts on several nodes: --nnodes with the GPUs one node of the cluster has.
void readDataParallel(ImportContext& context, const Setting* dataParallel)
{
    if (const auto replicas = wholeNumber(context, dataParallel)) {
        ParallelLayout& layout = context.design.layout;
        const std::int64_t perReplica = layout.expertMode == ExpertMode::Separate ? layout.ep() : 1;
        layout.setDegree(Dim::Dp, int(std::max<std::int64_t>(1, *replicas / perReplica)));
        context.dpWhere = dataParallel->where();
        if (*replicas % perReplica != 0)
            context.add(diag::kLaunchConflict, dataParallel->where(),
                        {dataParallel->name, std::to_string(*replicas), "EP", std::to_string(perReplica)});
    }
}

} // namespace

std::vector<std::string> importVllm(ImportContext& context, std::string_view text)
{
    const auto flags = servingFlags(
        context, text, "vllm", {"--headless", "--trust-remote-code", "--enforce-eager", "--async-scheduling"},
        Framework::Vllm);
    if (!flags)
        return {};
    // `vllm serve MODEL`: the word after "serve"; the api_server module takes --model.
    const Setting* model = flags->take("--model");
    Setting positional;
    for (std::size_t i = 0; !model && i + 1 < flags->positional.size(); ++i)
        if (flags->positional[i].text == "serve") {
            positional.name = "MODEL";
            positional.value = flags->positional[i + 1].text;
            positional.line = flags->positional[i + 1].line;
            model = &positional;
        }
    readModel(context, *flags, model);
    ParallelLayout& layout = context.design.layout;
    readDegree(context, Dim::Tp, flags->take("--tensor-parallel-size"));
    readDegree(context, Dim::Pp, flags->take("--pipeline-parallel-size"));
    layout.setDegree(Dim::Ep, 1);
    // With --enable-expert-parallel the MoE layers use EP over all DP × TP ranks
    // (data_parallel_deployment.md).
    const bool disabled = flags->take("--no-enable-expert-parallel") != nullptr;
    const bool expertParallel = flags->take("--enable-expert-parallel") != nullptr && !disabled;
    if (expertParallel)
        layout.expertMode = ExpertMode::Megatron;
    readDataParallel(context, flags->take("--data-parallel-size"));
    // How the processes start, not what they hold: the design has no word for them.
    for (const char* launcher :
         {"--data-parallel-size-local", "--distributed-executor-backend", "--data-parallel-backend",
          "--data-parallel-address", "--data-parallel-rpc-port", "--data-parallel-start-rank", "--headless"})
        flags->take(launcher);
    // vLLM's max_num_seqs default, the sequences it then runs and profiles at once: 1024 on a GPU of
    // ≥ 70 GiB other than the A100, else 256 (engine/arg_utils.py _set_default_args_v1).
    const FrameworkProfile& vllm = frameworkProfile(Framework::Vllm);
    const std::string gpuType
        = context.design.cluster.nodes.empty() || context.design.cluster.nodes.front().gpus.empty()
        ? std::string()
        : context.design.cluster.nodes.front().gpus.front().type;
    const GpuSpec* gpu = Catalog::builtin().gpu(gpuType);
    readContextLength(context, flags->take("--max-model-len"), kVllmUnits, true);
    // vllm/config/cache.py CacheDType: fp8 is e4m3 on CUDA; fp8_inc is Intel Gaudi's.
    readServing(context, *flags, "--max-num-seqs", {"fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc"}, {"bfloat16"},
                vllm.profileSequencesOn(gpu ? gpu->memoryBytes : 0.0, gpuType));
    setOrder(context, {Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp});
    fitCluster(context);
    if (expertParallel && !context.failed()) {
        layout.setDegree(Dim::Ep, layout.dp() * layout.tp());
        layout.expertTp = 1;
    }
    return flags->unused();
}

std::vector<std::string> importSglang(ImportContext& context, std::string_view text)
{
    const auto flags = servingFlags(
        context, text, "sglang",
        {"--trust-remote-code", "--enable-dp-attention", "--enable-torch-compile", "--disable-radix-cache"},
        Framework::Sglang);
    if (!flags)
        return {};
    readModel(context, *flags, flags->take({"--model-path", "--model"}));
    ParallelLayout& layout = context.design.layout;
    readDegree(context, Dim::Tp, flags->take({"--tp-size", "--tp", "--tensor-parallel-size"}));
    readDegree(context, Dim::Pp, flags->take({"--pp-size", "--pipeline-parallel-size"}));
    // SGLang's experts are sharded inside the TP group (--ep-size up to --tp-size).
    const Setting* epKey = flags->take({"--ep-size", "--expert-parallel-size", "--ep"});
    const auto ep = wholeNumber(context, epKey);
    layout.setDegree(Dim::Ep, 1);
    if (ep && *ep > 1) {
        if (*ep > layout.tp() || layout.tp() % *ep != 0) {
            context.add(diag::kLaunchConflict, epKey->where(),
                        {epKey->name, std::to_string(*ep), "--tp-size", std::to_string(layout.tp())});
        } else {
            layout.expertMode = ExpertMode::Megatron;
            layout.setDegree(Dim::Ep, int(*ep));
            layout.expertTp = int(layout.tp() / *ep);
        }
    }
    readDataParallel(context, flags->take({"--dp-size", "--dp", "--data-parallel-size"}));
    readContextLength(context, flags->take("--context-length"), kSglangUnits, false);
    // server_args.py --kv-cache-dtype: MXFP8 keeps a byte a value (and a scale a block of 32).
    readServing(context, *flags, "--max-running-requests", {"fp8_e4m3", "fp8_e5m2", "mxfp8"},
                {"bf16", "bfloat16"});
    setOrder(context, {Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp});
    fitCluster(context);
    return flags->unused();
}

} // namespace core::launch
