// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/launchconfig.h"

#include "evaluate.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"

namespace core {

namespace {

struct TargetInfo
{
    LaunchTarget target;
    std::string_view tool;
    std::string_view version;
    LaunchSyntax syntax;
    std::string_view fileName;
    Mode mode; // the workload the tool runs
    void (*write)(LaunchConfig&, const launch::LaunchContext&);
};

// The versions whose documentation the writers follow (flag and key names change between releases):
// torch.distributed.run docs of PyTorch 2.5; Accelerate 1.14 (FSDP2 keys since 1.6, parallelism_config
// since 1.10); DeepSpeed 0.16 config-json docs; Megatron-LM core_v0.19.0 megatron/training/arguments.py;
// vLLM 0.10 engine arguments; SGLang 0.5 server arguments; torchtitan 0.2 JobConfig (config/job_config.py).
constexpr TargetInfo kTargets[]{
    {LaunchTarget::Torchrun, "torchrun (PyTorch)", "2.5", LaunchSyntax::Shell, "launch-torchrun.sh",
     Mode::Training, launch::writeTorchrun},
    {LaunchTarget::Accelerate, "Accelerate", "1.14", LaunchSyntax::Yaml, "accelerate-fsdp2.yaml",
     Mode::Training, launch::writeAccelerate},
    {LaunchTarget::DeepSpeed, "DeepSpeed", "0.16", LaunchSyntax::Json, "ds_config.json", Mode::Training,
     launch::writeDeepSpeed},
    {LaunchTarget::Megatron, "Megatron-LM", "core_v0.19.0", LaunchSyntax::Shell, "megatron-args.sh",
     Mode::Training, launch::writeMegatron},
    {LaunchTarget::Vllm, "vLLM", "0.10", LaunchSyntax::Shell, "serve-vllm.sh", Mode::Serving,
     launch::writeVllm},
    {LaunchTarget::Sglang, "SGLang", "0.5", LaunchSyntax::Shell, "serve-sglang.sh", Mode::Serving,
     launch::writeSglang},
    {LaunchTarget::Torchtitan, "torchtitan", "0.2", LaunchSyntax::Toml, "torchtitan.toml", Mode::Training,
     launch::writeTorchtitan},
};

} // namespace

LaunchConfig launchConfig(const Design& design, const Evaluation& evaluation, LaunchTarget target)
{
    const TargetInfo* info = &kTargets[0];
    for (const TargetInfo& candidate : kTargets)
        if (candidate.target == target)
            info = &candidate;
    LaunchConfig config;
    config.target = target;
    config.tool = info->tool;
    config.toolVersion = info->version;
    config.syntax = info->syntax;
    config.fileName = info->fileName;

    // A configuration of a design with errors, or of the other workload, would be a wrong one. A layout
    // that fails only in memory is still written, as before memory became an error: the diagnostics say it
    // does not fit, and the configuration is what one would run on larger GPUs.
    if ((!evaluation.valid() && !evaluation.failsOnlyInMemory()) || !evaluation.hasMesh) {
        launch::addNote(config, launch::kDesignErrors, "");
        return config;
    }
    if (design.workload.mode != info->mode) {
        launch::addNote(config, info->mode == Mode::Training ? launch::kNeedsTraining : launch::kNeedsServing,
                        "/workload/mode");
        return config;
    }
    info->write(config, launch::makeContext(design, evaluation));
    if (!config.ok())
        config.text.clear();
    return config;
}

HuggingFaceNames huggingFaceNames(std::string_view modelPreset)
{
    // The released checkpoints' config.json ("architectures") and the transformers modelling files name the
    // decoder-layer classes. GPT-3 was never released, so it has neither.
    static constexpr std::pair<std::string_view, HuggingFaceNames> kNames[]{
        {"llama-3.1-8b", {"meta-llama/Llama-3.1-8B", "LlamaDecoderLayer"}},
        {"llama-3.1-70b", {"meta-llama/Llama-3.1-70B", "LlamaDecoderLayer"}},
        {"llama-3.1-405b", {"meta-llama/Llama-3.1-405B", "LlamaDecoderLayer"}},
        {"mixtral-8x7b", {"mistralai/Mixtral-8x7B-v0.1", "MixtralDecoderLayer"}},
        {"qwen3-235b-a22b", {"Qwen/Qwen3-235B-A22B", "Qwen3MoeDecoderLayer"}},
        {"deepseek-v3", {"deepseek-ai/DeepSeek-V3", "DeepseekV3DecoderLayer"}},
    };
    for (const auto& [preset, names] : kNames)
        if (preset == modelPreset)
            return names;
    return {};
}

} // namespace core
