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
    // -tp/-pp/-dp.
    auto start = command->words.begin();
    while (start->text.find(program) == std::string::npos)
        ++start;
    std::vector<Word> words(start, command->words.end());
    for (Word& word : words)
        for (const auto& [shortName, longName] :
             {std::pair{"-tp", "--tensor-parallel-size"}, std::pair{"-pp", "--pipeline-parallel-size"},
              std::pair{"-dp", "--data-parallel-size"}})
            if (word.text == shortName)
                word.text = longName;
    Settings flags = flagsOf(words, switches);
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

// The serving workload's flags common to both tools. Without the concurrency flag the engine runs its
// default number of sequences (`engineDefault`, when it has a fixed one) and the design says so.
void readServing(ImportContext& context, const Settings& flags, std::string_view contextFlag,
                 std::string_view concurrencyFlag, std::initializer_list<std::string_view> fp8Names,
                 int engineDefault = 0)
{
    ServingWorkload& serving = context.design.workload.serving;
    if (const auto length = wholeNumber(context, flags.take(contextFlag), 1, std::int64_t(1) << 30))
        serving.contextLength = *length;
    const Setting* concurrency = flags.take(concurrencyFlag);
    if (const auto sequences = wholeNumber(context, concurrency))
        serving.concurrency = int(*sequences);
    else if (concurrency == nullptr && engineDefault > 0)
        serving.concurrency = engineDefault;
    serving.kvDtype = KvDtype::Bf16;
    if (const Setting* dtype = flags.take("--kv-cache-dtype"); dtype && dtype->value) {
        for (std::string_view name : fp8Names)
            if (*dtype->value == name)
                serving.kvDtype = KvDtype::Fp8;
        if (serving.kvDtype != KvDtype::Fp8 && *dtype->value != "auto" && *dtype->value != "bfloat16")
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
    const auto flags = servingFlags(context, text, "vllm",
                                    {"--enable-expert-parallel", "--headless", "--trust-remote-code",
                                     "--enforce-eager", "--enable-prefix-caching", "--disable-log-requests"},
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
    const bool expertParallel = flags->take("--enable-expert-parallel") != nullptr;
    if (expertParallel)
        layout.expertMode = ExpertMode::Megatron;
    readDataParallel(context, flags->take("--data-parallel-size"));
    flags->take("--data-parallel-size-local");
    // vLLM's max_num_seqs default, the sequences it then runs and profiles at once: 1024 on a GPU of
    // ≥ 70 GiB other than the A100, else 256 (engine/arg_utils.py _set_default_args_v1).
    const FrameworkProfile& vllm = frameworkProfile(Framework::Vllm);
    const std::string gpuType
        = context.design.cluster.nodes.empty() || context.design.cluster.nodes.front().gpus.empty()
        ? std::string()
        : context.design.cluster.nodes.front().gpus.front().type;
    const GpuSpec* gpu = Catalog::builtin().gpu(gpuType);
    readServing(context, *flags, "--max-model-len", "--max-num-seqs", {"fp8", "fp8_e4m3", "fp8_e5m2"},
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
    const Setting* epKey = flags->take({"--ep-size", "--expert-parallel-size"});
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
    readServing(context, *flags, "--context-length", "--max-running-requests", {"fp8_e4m3", "fp8_e5m2"});
    setOrder(context, {Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp});
    fitCluster(context);
    return flags->unused();
}

} // namespace core::launch
