// SPDX-License-Identifier: GPL-3.0-or-later
#include "framework/frameworkprofile.h"

#include "base/diagnostickinds.h"
#include "base/jsonreader.h"
#include "base/units.h"
#include "catalog/embeddedfiles.h"
#include "catalog/presetfile.h"
#include "design/fp8scaling.h"

#include <algorithm>
#include <array>

namespace core {

namespace {

void readSwitches(ObjectReader& in, ReadContext& context, FrameworkProfile& p)
{
    const Json* table = in.take("switches");
    if (!table)
        return;
    const std::string pointer = in.pointerTo("switches");
    if (!table->is_object()) {
        context.add(diag::kIoType, pointer, {pointer, "object", jsonTypeName(*table)});
        return;
    }
    for (auto it = table->begin(); it != table->end(); ++it) {
        const auto s = enumFromName<Switch>(it.key());
        if (!s) {
            context.add(diag::kIoValue, pointer, {"\"" + it.key() + "\"", "switches", enumNameList<Switch>(", ")});
            continue;
        }
        SwitchRule& rule = p.switches[static_cast<std::size_t>(*s)];
        ObjectReader entry(it.value(), jsonPointerAppend(pointer, it.key()), context);
        if (!entry.valid())
            continue;
        rule.present = true;
        bool on = neutralDefault(*s);
        entry.read("default", on);
        rule.defaultAtStage.fill(on);
        std::vector<int> atStage;
        if (entry.has("defaultAtStage") && entry.read("defaultAtStage", atStage)) {
            if (atStage.size() != rule.defaultAtStage.size())
                context.add(diag::kIoValue, entry.pointerTo("defaultAtStage"),
                            {std::to_string(atStage.size()) + " entries", "defaultAtStage",
                             MW_TR_NOOP("DiagnosticArguments", "one 0 or 1 per ZeRO stage 0–3")});
            for (std::size_t i = 0; i < std::min(atStage.size(), rule.defaultAtStage.size()); ++i)
                rule.defaultAtStage[i] = atStage[i] != 0;
        }
        entry.read("settable", rule.settable);
        entry.read("option", rule.option);
        entry.read("source", rule.source);
        if (entry.has("pipelineDefault")) {
            bool pipelined = on;
            if (entry.read("pipelineDefault", pipelined))
                rule.pipelineDefault = pipelined;
            entry.read("pipelineSource", rule.pipelineSource);
        }
    }
}

// An array of enum names at `key` into `out`; an unknown name is reported and left out.
template<typename E>
void readEnumList(ObjectReader& in, ReadContext& context, const std::string& key, std::vector<E>& out)
{
    std::vector<std::string> names;
    if (!in.has(key) || !in.read(key, names))
        return;
    for (const std::string& name : names) {
        if (const auto value = enumFromName<E>(name))
            out.push_back(*value);
        else
            context.add(diag::kIoValue, in.pointerTo(key), {"\"" + name + "\"", key, enumNameList<E>(", ")});
    }
}

void readProfile(const Json& value, const std::string& pointer, ReadContext& context, FrameworkProfile& p)
{
    ObjectReader in(value, pointer, context);
    if (!in.valid())
        return;
    if (!in.has("id"))
        context.add(diag::kIoMissing, in.pointerTo("id"), {"id"});
    in.readEnum("id", p.id);
    in.require("name", p.name);
    in.read("version", p.version);
    in.read("training", p.training);
    in.read("serving", p.serving);
    in.read("gradientBytes", p.gradientBytes);
    in.read("fp32GradientPartition", p.fp32GradientPartition);
    std::vector<std::string> holdings;
    if (in.has("gradientsAtStage") && in.read("gradientsAtStage", holdings)) {
        if (holdings.size() != p.gradientsAtStage.size())
            context.add(diag::kIoValue, in.pointerTo("gradientsAtStage"),
                        {std::to_string(holdings.size()) + " entries", "gradientsAtStage",
                         MW_TR_NOOP("DiagnosticArguments", "one per ZeRO stage 0–3")});
        for (std::size_t i = 0; i < std::min(holdings.size(), p.gradientsAtStage.size()); ++i)
            if (const auto holding = enumFromName<GradientHolding>(holdings[i]))
                p.gradientsAtStage[i] = *holding;
            else
                context.add(diag::kIoValue, in.pointerTo("gradientsAtStage"),
                            {"\"" + holdings[i] + "\"", "gradientsAtStage", enumNameList<GradientHolding>(", ")});
    }
    in.read("gatheredUnits", p.gatheredUnits);
    in.read("fp32Parameters", p.fp32Parameters);
    in.read("sixteenBitMoments", p.sixteenBitMoments);
    in.read("sixteenBitMomentsSource", p.sixteenBitMomentsSource);
    in.read("reduceBucketElements", p.reduceBucketElements);
    in.read("ddpGradientCopy", p.ddpGradientCopy);
    in.read("shardCopies", p.shardCopies);
    in.read("shardCopySource", p.shardCopySource);
    in.read("shardingBucketBytes", p.shardingBucketBytes);
    in.read("cudaContextBytes", p.cudaContextBytes);
    in.read("fragmentation", p.fragmentation);
    in.read("fp8SavesQuantizedInputs", p.fp8SavesQuantizedInputs);
    in.read("fp8Source", p.fp8Source);
    in.readEnum("fp8Casts", p.fp8Casts);
    in.read("fp8CastSource", p.fp8CastSource);
    in.read("fp8CachesWeights", p.fp8CachesWeights);
    in.read("eagerElementwise", p.eagerElementwise);
    in.read("elementwiseSource", p.elementwiseSource);
    in.read("eagerLossBytes", p.eagerLossBytes);
    in.read("lossSource", p.lossSource);
    in.read("pipelineKeepsStageOutput", p.pipelineKeepsStageOutput);
    in.read("stageOutputSource", p.stageOutputSource);
    in.read("pipelineReceiveBuffers", p.pipelineReceiveBuffers);
    in.read("receiveBufferSource", p.receiveBufferSource);
    in.read("pipelinePartitionsOverTp", p.pipelinePartitionsOverTp);
    in.read("pipelineKeepsReceivedInput", p.pipelineKeepsReceivedInput);
    in.read("pipelineSharedReceiveBuffer", p.pipelineSharedReceiveBuffer);
    in.read("pipelineKeepsPreviousOutput", p.pipelineKeepsPreviousOutput);
    in.read("deepSpeedPipeSource", p.deepSpeedPipeSource);
    in.read("opLevelSelective", p.opLevelSelective);
    in.read("selectiveSource", p.selectiveSource);
    in.readEnum("tpOverlap", p.tpOverlap);
    in.read("tpSavesGatheredInput", p.tpSavesGatheredInput);
    in.read("tpSource", p.tpSource);
    readEnumList(in, context, "fp8TpGatherRecipes", p.fp8TpGatherRecipes);
    in.read("fp8TpGatherSource", p.fp8TpGatherSource);
    in.read("multiTokenPrediction", p.multiTokenPrediction);
    in.read("mtpSource", p.mtpSource);
    in.read("vocabMultiple", p.vocabMultiple);
    in.read("vocabTimesTp", p.vocabTimesTp);
    in.read("offloadOptimizer", p.offloadOptimizer);
    in.read("offloadParameters", p.offloadParameters);
    in.read("offloadMovesGradients", p.offloadMovesGradients);
    in.read("offloadPinnedParameterBytes", p.offloadPinnedParameterBytes);
    in.read("hostSource", p.hostSource);
    in.read("offloadActivations", p.offloadActivations);
    in.read("activationOffloadSource", p.activationOffloadSource);
    in.read("cudaGraphs", p.cudaGraphs);
    in.read("cudaGraphSource", p.cudaGraphSource);
    in.read("flexDispatchers", p.flexDispatchers);
    in.read("flexDispatcherSource", p.flexDispatcherSource);
    in.read("maxZeroStage", p.maxZeroStage);
    in.read("zeroStages", p.zeroStages);
    in.read("maxZeroStageWithPipeline", p.maxZeroStageWithPipeline);
    in.read("contextParallel", p.contextParallel);
    in.read("pipelineParallel", p.pipelineParallel);
    in.read("expertParallel", p.expertParallel);
    readEnumList(in, context, "schedules", p.schedules);
    in.read("scheduleSource", p.scheduleSource);
    in.read("memoryUtilization", p.memoryUtilization);
    if (const Json* table = in.take("memoryUtilizationByTp"); table && table->is_array()) {
        for (const Json& row : *table)
            if (row.is_array() && row.size() == 2 && row[0].is_number_integer() && row[1].is_number())
                p.memoryUtilizationByTp.emplace_back(row[0].get<int>(), row[1].get<double>());
            else
                context.add(diag::kIoType, in.pointerTo("memoryUtilizationByTp"),
                            {in.pointerTo("memoryUtilizationByTp"),
                             MW_TR_NOOP("DiagnosticArguments", "array of [TP, fraction]"),
                             jsonTypeName(row)});
    }
    in.read("nonTorchBytes", p.nonTorchBytes);
    in.read("nonTorchBytesTp", p.nonTorchBytesTp);
    in.read("kvBlockTokens", p.kvBlockTokens);
    in.read("profileTokens", p.profileTokens);
    in.read("profileSequences", p.profileSequences);
    double largeDeviceGiB = 0;
    in.read("largeDeviceGiB", largeDeviceGiB);
    p.largeDeviceBytes = largeDeviceGiB * kGiB;
    in.read("largeDeviceExcept", p.largeDeviceExcept);
    in.read("profileTokensLarge", p.profileTokensLarge);
    in.read("profileSequencesLarge", p.profileSequencesLarge);
    in.read("memorySource", p.memorySource);
    in.read("contextSource", p.contextSource);
    in.read("source", p.source);
    readSwitches(in, context, p);
}

struct Profiles
{
    std::vector<FrameworkProfile> profiles;
    std::vector<Diagnostic> problems;
};

const Profiles& profiles()
{
    static const Profiles loaded = [] {
        Profiles out;
        constexpr std::string_view path = "presets/frameworks.json";
        const auto& files = embeddedFiles();
        const auto file = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.path == path; });
        if (file != files.end())
            readPresetFile(path, file->text, "frameworks", out.profiles, out.problems, readProfile);
        else
            out.problems.push_back(makeDiagnostic(diag::kIoMissing, std::string(path), {std::string(path)}));
        for (Framework f : {Framework::MegatronCore, Framework::DeepSpeed, Framework::Fsdp2, Framework::Vllm,
                            Framework::Sglang})
            if (std::none_of(out.profiles.begin(), out.profiles.end(), [&](const auto& p) { return p.id == f; }))
                out.problems.push_back(
                    makeDiagnostic(diag::kIoMissing, std::string(path) + "#/frameworks", {std::string(enumName(f))}));
        return out;
    }();
    return loaded;
}

} // namespace

double FrameworkProfile::utilization(int tp) const
{
    double fraction = memoryUtilization;
    for (const auto& [minTp, value] : memoryUtilizationByTp)
        if (tp >= minTp)
            fraction = value;
    return fraction;
}

bool FrameworkProfile::largeDevice(double deviceBytes, std::string_view gpuId) const
{
    return largeDeviceBytes > 0 && deviceBytes >= largeDeviceBytes
        && (largeDeviceExcept.empty() || gpuId.find(largeDeviceExcept) == std::string_view::npos);
}

double FrameworkProfile::profileTokensOn(double deviceBytes, std::string_view gpuId) const
{
    return largeDevice(deviceBytes, gpuId) ? profileTokensLarge : profileTokens;
}

int FrameworkProfile::profileSequencesOn(double deviceBytes, std::string_view gpuId) const
{
    return largeDevice(deviceBytes, gpuId) ? profileSequencesLarge : profileSequences;
}

bool FrameworkProfile::runsSchedule(Schedule schedule) const
{
    if (schedules.empty())
        return schedule == Schedule::OneFOneB;
    return std::find(schedules.begin(), schedules.end(), schedule) != schedules.end();
}

bool FrameworkProfile::supportsZeroStage(int stage) const
{
    if (stage > maxZeroStage)
        return false;
    return zeroStages.empty() || std::find(zeroStages.begin(), zeroStages.end(), stage) != zeroStages.end();
}

const FrameworkProfile& frameworkProfile(Framework framework)
{
    if (framework == Framework::Auto)
        framework = Framework::MegatronCore;
    const auto& all = profiles().profiles;
    const auto it = std::find_if(all.begin(), all.end(), [&](const auto& p) { return p.id == framework; });
    if (it != all.end())
        return *it;
    static const FrameworkProfile fallback;
    return fallback;
}

bool opLevelSelective(const ParallelLayout& layout, Mode mode)
{
    return layout.recompute == Recompute::Selective && layout.recomputeModules.empty()
        && frameworkProfile(frameworkOf(layout, mode)).opLevelSelective;
}

bool opLevelSelective(const Design& design)
{
    return opLevelSelective(design.layout, design.workload.mode);
}

bool tpWeightGradientGather(const Design& design)
{
    return !frameworkProfile(design).tpSavesGatheredInput || opLevelSelective(design);
}

std::optional<double> quantisedTpGatherBytes(const Design& design)
{
    const Workload& w = design.workload;
    const std::vector<Fp8Recipe>& recipes = frameworkProfile(design).fp8TpGatherRecipes;
    if (w.mode != Mode::Training || w.precision != Precision::Fp8
        || std::find(recipes.begin(), recipes.end(), w.fp8Recipe) == recipes.end())
        return std::nullopt;
    return 1 + fp8ScaleBytes(w.fp8Recipe);
}

LossKernel lossKernel(const Design& design)
{
    if (switchOn(design, Switch::FusedCrossEntropy))
        return LossKernel::TransformerEngine;
    if (frameworkProfile(design).eagerLossBytes > 0 && switchOn(design, Switch::TorchCompile))
        return LossKernel::Compiled;
    return LossKernel::Fp32;
}

bool recomputesCoreAttention(const Design& design)
{
    return design.layout.recomputesModule(RecomputeModule::CoreAttn) && !opLevelSelective(design);
}

Framework frameworkOf(const Design& design)
{
    return frameworkOf(design.layout, design.workload.mode);
}

Framework frameworkOf(const ParallelLayout& l, Mode mode)
{
    if (l.framework != Framework::Auto)
        return l.framework;
    if (mode == Mode::Serving)
        return Framework::Vllm;
    if (l.tp() > 1 || l.pp() > 1 || l.cp() > 1 || l.ep() > 1)
        return Framework::MegatronCore;
    if (l.zeroStage == 1 || l.zeroStage == 2)
        return Framework::DeepSpeed;
    return Framework::Fsdp2;
}

std::int64_t vocabPaddingMultiple(const Design& design)
{
    const FrameworkProfile& p = frameworkProfile(design);
    const int divisibleBy = design.layout.vocabDivisibleBy > 0 ? design.layout.vocabDivisibleBy : p.vocabMultiple;
    const int tp = p.vocabTimesTp ? std::max(1, design.layout.tp()) : 1;
    return std::max<std::int64_t>(1, std::int64_t{divisibleBy} * tp);
}

std::int64_t paddedVocab(const Design& design)
{
    const std::int64_t multiple = vocabPaddingMultiple(design);
    return (design.model.vocab + multiple - 1) / multiple * multiple;
}

const std::vector<Diagnostic>& frameworkProfileProblems()
{
    return profiles().problems;
}

} // namespace core
