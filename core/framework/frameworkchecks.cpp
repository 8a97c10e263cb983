// SPDX-License-Identifier: GPL-3.0-or-later
#include "framework/frameworkchecks.h"

#include "base/diagnostickinds.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"

#include <algorithm>
#include <string>

namespace core {

namespace {

std::string stageList(const FrameworkProfile& p)
{
    std::string out;
    for (int stage = 0; stage <= 3; ++stage)
        if (p.supportsZeroStage(stage))
            out += (out.empty() ? "" : ", ") + std::to_string(stage);
    return out;
}

void checkOffload(const Design& design, const FrameworkProfile& p, std::vector<Diagnostic>& out)
{
    const Offload offload = design.workload.offload;
    if (offload == Offload::None || design.workload.mode != Mode::Training)
        return;
    const std::string path = "/workload/offload";
    if (offload == Offload::Cpu && !p.offloadOptimizer) {
        out.push_back(makeDiagnostic(
            diag::kFrameworkOffload, path,
            {p.name, MW_TR_NOOP("DiagnosticArguments", "the optimizer alone"),
             p.offloadParameters
                 ? MW_TR_NOOP("DiagnosticArguments",
                              "its CPU offload moves the parameters, gradients and optimizer together "
                              "(choose cpu-params with ZeRO stage 3)")
                 : MW_TR_NOOP("DiagnosticArguments", "it keeps every state on the GPU")}));
    } else if (offload == Offload::CpuParameters && !p.offloadParameters) {
        out.push_back(makeDiagnostic(
            diag::kFrameworkOffload, path,
            {p.name, MW_TR_NOOP("DiagnosticArguments", "the parameters"),
             MW_TR_NOOP("DiagnosticArguments", "it offloads the optimizer only (choose cpu)")}));
    } else if (offload == Offload::CpuParameters && design.layout.zeroStage < 3) {
        out.push_back(makeDiagnostic(
            diag::kFrameworkOffload, path,
            {p.name, MW_TR_NOOP("DiagnosticArguments", "the parameters"),
             MW_TR_NOOP("DiagnosticArguments", "only sharded parameters move (ZeRO stage 3)")}));
    }
}

// Activation offloading as Megatron-Core allows it (TransformerConfig.__post_init__): fewer layers than the
// model's, PP 1, no recomputation.
void checkActivationOffload(const Design& design, const FrameworkProfile& p, std::vector<Diagnostic>& out)
{
    const ParallelLayout& l = design.layout;
    const int layers = l.activationOffloadLayers;
    if (layers <= 0 || design.workload.mode != Mode::Training)
        return;
    const std::string path = "/layout/activationOffloadLayers";
    if (!p.offloadActivations) {
        out.push_back(makeDiagnostic(diag::kActivationOffloadFramework, path, {p.name}));
        return;
    }
    if (layers >= design.model.layers)
        out.push_back(makeDiagnostic(diag::kActivationOffloadLayers, path,
                                     {std::to_string(design.model.layers), std::to_string(layers)}));
    if (layoutAllowsActivationOffload(l))
        return;
    if (l.pp() > 1)
        out.push_back(makeDiagnostic(diag::kActivationOffloadPipeline, path, {std::to_string(l.pp())}));
    if (l.recompute != Recompute::None)
        out.push_back(
            makeDiagnostic(diag::kActivationOffloadRecompute, path, {std::string(enumName(l.recompute))}));
}

// A design that names its framework runs only the pipeline schedules of its profile. Auto models the layout
// as given (the Timeline's schedule box tries any schedule on any design; the search under Auto tries only
// the schedules of the framework Auto takes, searchspace.h), and says so where that framework lacks the
// schedule.
void checkSchedule(const Design& design, const FrameworkProfile& p, std::vector<Diagnostic>& out)
{
    const ParallelLayout& l = design.layout;
    if (l.pp() <= 1 || design.workload.mode != Mode::Training || p.runsSchedule(l.schedule))
        return;
    std::string others;
    for (Framework f : {Framework::MegatronCore, Framework::DeepSpeed, Framework::Fsdp2}) {
        const FrameworkProfile& other = frameworkProfile(f);
        if (other.training && other.runsSchedule(l.schedule))
            others += (others.empty() ? "" : ", ") + other.name;
    }
    const std::string schedule(enumName(l.schedule));
    const bool automatic = l.framework == Framework::Auto;
    if (others.empty())
        out.push_back(
            makeDiagnostic(automatic ? diag::kFrameworkScheduleAutoNowhere : diag::kFrameworkScheduleNowhere,
                           "/layout/schedule", {p.name, schedule}));
    else
        out.push_back(makeDiagnostic(automatic ? diag::kFrameworkScheduleAuto : diag::kFrameworkSchedule,
                                     "/layout/schedule", {p.name, schedule, others}));
}

} // namespace

std::string cudaGraphConflict(const Design& design)
{
    const ParallelLayout& l = design.layout;
    if (l.cudaGraphs == CudaGraphs::None)
        return {};
    if (design.workload.mode != Mode::Training)
        return MW_TR_NOOP("DiagnosticArguments",
                          "the setting describes a training step; a serving engine captures its own graphs "
                          "for decoding");
    if (!frameworkProfile(design).cudaGraphs)
        return MW_TR_NOOP("DiagnosticArguments", "it launches a training step's kernels one by one");
    if (l.cudaGraphs == CudaGraphs::Layers) {
        if (l.recompute == Recompute::Full)
            return MW_TR_NOOP("DiagnosticArguments",
                              "per-layer graphs do not run with full recomputation (the whole iteration's "
                              "graph does)");
        if (l.activationOffloadLayers > 0)
            return MW_TR_NOOP("DiagnosticArguments",
                              "per-layer graphs do not run with activation offloading (the whole iteration's "
                              "graph does)");
        if (design.model.moe.isMoe() && l.recompute == Recompute::Selective
            && std::find(l.recomputeModules.begin(), l.recomputeModules.end(), RecomputeModule::Moe)
                != l.recomputeModules.end())
            return MW_TR_NOOP("DiagnosticArguments",
                              "Transformer Engine's graph of the router does not run with the MoE layer "
                              "recomputed");
    }
    return {};
}

std::string moeDispatcherConflict(const Design& design)
{
    const ParallelLayout& l = design.layout;
    if (l.moeDispatcher == MoeDispatcher::AllToAll || !design.model.moe.isMoe() || l.ep() < 2)
        return {};
    if (design.workload.mode != Mode::Training)
        return MW_TR_NOOP(
            "DiagnosticArguments",
            "the setting describes a training step; a serving engine sends its tokens its own way");
    if (!frameworkProfile(design).flexDispatchers)
        return MW_TR_NOOP("DiagnosticArguments", "its MoE layers send their tokens by all-to-all");
    const bool wideNode = std::any_of(design.cluster.nodes.begin(), design.cluster.nodes.end(),
                                      [](const Node& node) { return node.gpus.size() > 8; });
    if (l.moeDispatcher == MoeDispatcher::DeepEp && l.ep() > 8 && wideNode)
        return MW_TR_NOOP(
            "DiagnosticArguments",
            "DeepEP reaches at most 8 GPUs of a node over NVLink; HybridEP runs across a larger "
            "NVLink domain");
    return {};
}

bool wholeIterationOverDroplessExperts(const Design& design)
{
    return design.layout.cudaGraphs == CudaGraphs::Iteration && design.model.moe.isMoe()
        && design.workload.moeCapacityFactor <= 0;
}

bool layoutAllowsActivationOffload(const ParallelLayout& layout)
{
    return layout.pp() == 1 && layout.recompute == Recompute::None;
}

void validateFramework(const Design& design, std::vector<Diagnostic>& out)
{
    const FrameworkProfile& p = frameworkProfile(design);
    const ParallelLayout& l = design.layout;
    const bool serving = design.workload.mode == Mode::Serving;
    if (serving ? !p.serving : !p.training) {
        out.push_back(makeDiagnostic(diag::kFrameworkMode, "/layout/framework",
                                     {p.name, serving ? "serving" : "training"}));
        return;
    }
    if (!serving) {
        if (!p.supportsZeroStage(l.zeroStage))
            out.push_back(makeDiagnostic(diag::kFrameworkZeroStage, "/layout/zeroStage",
                                         {p.name, std::to_string(l.zeroStage), stageList(p)}));
        else if (l.pp() > 1 && l.zeroStage > p.maxZeroStageWithPipeline)
            out.push_back(makeDiagnostic(diag::kFrameworkZeroPipeline, "/layout/zeroStage",
                                         {p.name, std::to_string(p.maxZeroStageWithPipeline),
                                          std::to_string(l.zeroStage)}));
    }
    const auto lacks = [&](bool has, int degree, const char* name, const char* path) {
        if (!has && degree > 1)
            out.push_back(makeDiagnostic(diag::kFrameworkDimension, path, {p.name, name}));
    };
    lacks(p.contextParallel, l.cp(), "CP", "/layout/cp");
    lacks(p.pipelineParallel, l.pp(), "PP", "/layout/pp");
    lacks(p.expertParallel, l.ep(), "EP", "/layout/ep");
    if (trainedMtpLayers(design) > 0 && !p.multiTokenPrediction)
        out.push_back(makeDiagnostic(diag::kFrameworkMtp, "/model/mtpLayers",
                                     {p.name, std::to_string(design.model.mtpLayers)}));
    // 16-bit moments: Megatron-Core's precision-aware optimizer only (frameworks.json sixteenBitMoments).
    if (!serving && design.workload.optimizerMoments != MomentDtype::Fp32 && !p.sixteenBitMoments)
        out.push_back(makeDiagnostic(
            diag::kFrameworkSwitch, "/workload/optimizerMoments",
            {p.name, "optimizerMoments",
             MW_TR_NOOP("DiagnosticArguments", "its optimizer keeps the moments in FP32 only")}));
    // Megatron-LM's precision-aware optimizer is Transformer Engine's FusedAdam (optimizer/__init__.py).
    else if (!serving && design.workload.optimizerMoments != MomentDtype::Fp32
             && design.workload.optimizer == Optimizer::SgdMomentum)
        out.push_back(
            makeDiagnostic(diag::kFrameworkSwitch, "/workload/optimizerMoments",
                           {p.name, "optimizerMoments",
                            MW_TR_NOOP("DiagnosticArguments", "its 16-bit moments are Adam's, not SGD's")}));
    checkOffload(design, p, out);
    checkActivationOffload(design, p, out);
    checkSchedule(design, p, out);
    if (const std::string conflict = cudaGraphConflict(design); !conflict.empty())
        out.push_back(
            makeDiagnostic(diag::kFrameworkSwitch, "/layout/cudaGraphs", {p.name, "cudaGraphs", conflict}));
    else if (wholeIterationOverDroplessExperts(design))
        out.push_back(makeDiagnostic(diag::kCudaGraphExpertShapes, "/layout/cudaGraphs", {p.name}));
    if (const std::string conflict = moeDispatcherConflict(design); !conflict.empty())
        out.push_back(makeDiagnostic(diag::kFrameworkSwitch, "/layout/moeDispatcher",
                                     {p.name, "moeDispatcher", conflict}));
    validateSwitches(design, out);
}

} // namespace core
