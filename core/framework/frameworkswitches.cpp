// SPDX-License-Identifier: GPL-3.0-or-later
#include "framework/frameworkswitches.h"

#include "base/diagnostickinds.h"
#include "framework/frameworkprofile.h"

#include <algorithm>

namespace core {

bool neutralDefault(Switch s)
{
    return s == Switch::OverlapGradReduce || s == Switch::GradientSyncEveryMicroBatch;
}

namespace {

// A precision that fixes the gradients' dtype whatever the framework: FP32 trains and reduces in FP32, as
// megatron-bf16 names Megatron's FP32 main gradients, and FP16 keeps 16-bit gradients unless the design asks
// otherwise (Megatron-LM's --fp16 does not force accumulate_allreduce_grads_in_fp32, NeMo's fp16_mixed sets
// grad_reduce_in_fp32 False, FSDP2's reduce_dtype defaults to its param_dtype).
std::optional<bool> precisionGradDefault(const Design& design)
{
    switch (design.workload.precision) {
    case Precision::Fp32:
    case Precision::MegatronBf16:
        return true;
    case Precision::Fp16Mixed:
        return false;
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<bool> ParallelLayout::*switchMember(Switch s)
{
    return kLayoutSwitches[static_cast<std::size_t>(s)].member;
}

std::string_view switchKey(Switch s)
{
    return kLayoutSwitches[static_cast<std::size_t>(s)].key;
}

std::string switchPointer(Switch s)
{
    return "/layout/" + std::string(switchKey(s));
}

bool switchDefault(const Design& design, Switch s)
{
    if (s == Switch::GradReduceInFp32)
        if (const std::optional<bool> fixed = precisionGradDefault(design))
            return *fixed;
    const SwitchRule& rule = frameworkProfile(design).rule(s);
    if (!rule.present)
        return neutralDefault(s);
    if (rule.pipelineDefault && design.layout.pp() > 1)
        return *rule.pipelineDefault;
    return rule.defaultAtStage[static_cast<std::size_t>(std::clamp(design.layout.zeroStage, 0, 3))];
}

bool switchOn(const Design& design, Switch s)
{
    const std::optional<bool>& value = design.layout.*switchMember(s);
    return value ? *value : switchDefault(design, s);
}

std::string switchExplanation(const Design& design, Switch s)
{
    const FrameworkProfile& p = frameworkProfile(design);
    const SwitchRule& rule = p.rule(s);
    const bool set = (design.layout.*switchMember(s)).has_value();
    std::string text = std::string(switchKey(s)) + (switchOn(design, s) ? " on" : " off");
    text += set ? " (set in the design" : " (" + p.name + "'s default";
    if (!rule.option.empty())
        text += ", " + rule.option;
    text += ")";
    if (!rule.source.empty())
        text += ": " + rule.source;
    if (!set && rule.pipelineDefault && design.layout.pp() > 1 && !rule.pipelineSource.empty())
        text += "; under pipeline parallelism: " + rule.pipelineSource;
    return text;
}

bool switchApplies(const Design& design, Switch s)
{
    const ParallelLayout& l = design.layout;
    switch (s) {
    case Switch::OverlapGradReduce:
        return true;
    case Switch::OverlapParamGather:
        return l.zeroStage == 1 || l.zeroStage == 2;
    case Switch::GradientSyncEveryMicroBatch:
        return l.zeroStage >= 3;
    case Switch::OverlapMoeAllToAll:
        return l.ep() > 1;
    case Switch::AsyncCheckpoint:
        // It shapes the host memory, not the step: summaries and the step's explanation name it only where
        // the design turns it on (no framework's default is on).
        return l.asyncCheckpoint.value_or(false);
    case Switch::GradReduceInFp32:
        return design.workload.precision != Precision::Fp32;
    case Switch::FusedCrossEntropy:
        return true;
    case Switch::TorchCompile: // only where the model code runs eager
        return frameworkProfile(design).eagerElementwise;
    case Switch::Fp8ParamGather: // FP8 weights sharded by ZeRO/FSDP, where the framework can gather them
        return design.workload.precision == Precision::Fp8 && l.zeroStage >= 1
            && frameworkProfile(design).rule(s).present;
    }
    return false;
}

std::string switchesSummary(const Design& design)
{
    std::string text;
    if (design.workload.mode != Mode::Training)
        return text;
    for (Switch s : kAllSwitches) {
        if (!switchApplies(design, s))
            continue;
        text += text.empty() ? "" : ", ";
        text += std::string(switchKey(s)) + (switchOn(design, s) ? " on" : " off");
        if ((design.layout.*switchMember(s)).has_value())
            text += " (set)";
    }
    return text;
}

std::string frameworkSummary(const Design& design)
{
    std::string text = frameworkProfile(design).name;
    if (design.layout.framework == Framework::Auto)
        text += " (auto)";
    const std::string switches = switchesSummary(design);
    if (!switches.empty())
        text += ": " + switches;
    // The CUDA graphs the step replays (layout.h CudaGraphs), where the design sets them.
    if (design.workload.mode == Mode::Training && design.layout.cudaGraphs != CudaGraphs::None)
        text += std::string(switches.empty() ? ": " : "; ") + "CUDA graphs "
            + std::string(enumName(design.layout.cudaGraphs));
    return text;
}

FsdpPass fsdpPass(const Design& design, std::int64_t microBatch, std::int64_t microBatches)
{
    const bool reshard = design.layout.reshardAfterForward;
    const bool syncEvery = switchOn(design, Switch::GradientSyncEveryMicroBatch);
    // Without resharding after forward and without sync between micro-batches, the parameters stay
    // gathered from the first forward to the last backward.
    const bool gatherOnce = !syncEvery && !reshard;
    return {!gatherOnce || microBatch == 0, reshard, syncEvery || microBatch + 1 >= microBatches};
}

DataParallelCadence dataParallelCadence(const Design& design, std::int64_t microBatches)
{
    if (design.layout.zeroStage < 3)
        return {};
    const std::int64_t m = std::max<std::int64_t>(1, microBatches);
    const FsdpPass first = fsdpPass(design, 0, m);
    const FsdpPass middle = fsdpPass(design, std::min<std::int64_t>(1, m - 1), m);
    const FsdpPass last = fsdpPass(design, m - 1, m);
    // Micro-batches 1 … m−2 are alike; count the first and the last on their own (with m = 1 all three are
    // micro-batch 0, and the middle's m − 2 = −1 takes back the second count of it).
    const auto gathers
        = [](const FsdpPass& p) { return std::int64_t{p.gatherForward} + std::int64_t{p.regather}; };
    DataParallelCadence out;
    out.regathers = std::int64_t{first.regather} + (m - 2) * std::int64_t{middle.regather}
        + std::int64_t{last.regather};
    out.gathers = gathers(first) + (m - 2) * gathers(middle) + gathers(last);
    out.reduceScatters
        = std::int64_t{first.reduce} + (m - 2) * std::int64_t{middle.reduce} + std::int64_t{last.reduce};
    return out;
}

std::string megatronMoeOverlapConflict(const Design& design)
{
    const ParallelLayout& l = design.layout;
    if (l.pp() > 1 && l.virtualStages < 2)
        return MW_TR_NOOP("DiagnosticArguments", "with PP > 1 it needs virtual pipeline stages");
    if (l.recompute == Recompute::Full)
        return MW_TR_NOOP("DiagnosticArguments", "it does not run with full recomputation");
    if (l.recompute == Recompute::Selective
        && std::find(l.recomputeModules.begin(), l.recomputeModules.end(), RecomputeModule::Moe)
            != l.recomputeModules.end())
        return MW_TR_NOOP("DiagnosticArguments", "it does not run with the MoE layer recomputed");
    if (design.workload.precision == Precision::Fp32)
        return MW_TR_NOOP("DiagnosticArguments", "it needs BF16 or FP16");
    if (design.model.mtpLayers > 1)
        return MW_TR_NOOP("DiagnosticArguments", "it runs at most one multi-token prediction depth");
    return {};
}

void validateSwitches(const Design& design, std::vector<Diagnostic>& out)
{
    if (design.workload.mode != Mode::Training)
        return;
    const FrameworkProfile& p = frameworkProfile(design);
    const ParallelLayout& l = design.layout;
    const auto refuse = [&](Switch s, const std::string& reason) {
        out.push_back(makeDiagnostic(diag::kFrameworkSwitch, switchPointer(s),
                                     {p.name, std::string(switchKey(s)), reason}));
    };
    for (Switch s : kAllSwitches) {
        const std::optional<bool>& value = l.*switchMember(s);
        if (!value || *value == switchDefault(design, s))
            continue;
        if (!p.rule(s).settable) {
            refuse(s, MW_TR_NOOP("DiagnosticArguments", "it has no such switch"));
            continue;
        }
        // Megatron-LM: --overlap-param-gather needs --use-distributed-optimizer (arguments.py).
        if (s == Switch::OverlapParamGather && *value && l.zeroStage < 1)
            refuse(s,
                   MW_TR_NOOP(
                       "DiagnosticArguments",
                       "the parameter all-gather exists only with the distributed optimizer (ZeRO stage 1)"));
        // FSDP2's set_requires_gradient_sync belongs to fully_shard; DDP's no_sync is already modelled.
        if (s == Switch::GradientSyncEveryMicroBatch && l.zeroStage < 3)
            refuse(s,
                   MW_TR_NOOP("DiagnosticArguments",
                              "gradient-sync cadence is a switch of fully_shard (ZeRO stage 3)"));
        if (s == Switch::OverlapMoeAllToAll && *value && l.ep() < 2)
            refuse(s, MW_TR_NOOP("DiagnosticArguments", "there is no expert-parallel all-to-all without EP"));
        else if (s == Switch::OverlapMoeAllToAll && *value && p.id == Framework::MegatronCore)
            if (const std::string conflict = megatronMoeOverlapConflict(design); !conflict.empty())
                refuse(s, conflict);
        // Megatron-LM: --fp8-param-gather needs the distributed optimizer or FSDP (arguments.py); FSDP2's
        // float8 all-gather is fully_shard's.
        if (s == Switch::Fp8ParamGather && *value && l.zeroStage < 1)
            refuse(s,
                   MW_TR_NOOP("DiagnosticArguments",
                              "weights are all-gathered only where they are sharded (ZeRO stage 1 and up)"));
        if (s == Switch::GradReduceInFp32 && !*value && design.workload.precision == Precision::Fp32)
            refuse(s, MW_TR_NOOP("DiagnosticArguments", "FP32 training has only FP32 gradients to reduce"));
    }
}

} // namespace core
