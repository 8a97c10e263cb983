// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/computecalibration.h"

#include "base/units.h"
#include "evaluate.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"

#include <algorithm>

namespace core {

namespace {

constexpr std::size_t kForward = static_cast<std::size_t>(Pass::Forward);

// η_max at which `predict` (a time that shrinks as η_max grows) meets `target`: faster GEMMs, shorter
// times, so a bisection on [0.01, 1]. nullopt with the reason in `message` when no η_max in range does.
template<class Predict>
std::optional<double> bisectEfficiency(const Design& design, double target, std::string& message,
                                       Predict predict)
{
    Design trial = design;
    auto total = [&](double eta) {
        trial.compute.gemmEfficiency = eta;
        return predict(trial);
    };
    double lo = 0.01, hi = 1.0;
    if (total(hi) > target * 1.0001) {
        message
            = "the measured time is shorter than the GPU's peak allows: check the times, the micro-batch and "
              "the GPU type";
        return std::nullopt;
    }
    if (total(lo) < target) {
        message
            = "the measured time is longer than 1 % of the GPU's peak allows: check the times and the units";
        return std::nullopt;
    }
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (total(mid) > target ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

} // namespace

std::optional<LayerTimes> predictedLayerTimes(const Design& design, const Catalog& catalog)
{
    const Evaluation e = evaluate(design, catalog);
    if (!e.schedule || e.schedule->times.stages.empty())
        return std::nullopt;
    const StageWork& stage = e.schedule->times.stages.front();
    LayerTimes out;
    for (std::size_t pass = 0; pass < stage.denseLayer.size(); ++pass)
        (pass == kForward ? out.forward : out.backward) += stage.denseLayer[pass].seconds;
    return out;
}

ComputeFit fitComputeModel(const Design& design, const LayerTimes& measured, const Catalog& catalog)
{
    ComputeFit fit;
    if (!(measured.forward > 0) || !(measured.backward > 0)) {
        fit.message = "measured forward and backward times must be positive";
        return fit;
    }
    const std::optional<LayerTimes> before = predictedLayerTimes(design, catalog);
    if (!before) {
        fit.message = "the design has no training step to predict (a serving design, or errors)";
        return fit;
    }
    fit.before = *before;
    const double target = measured.forward + measured.backward;
    const std::optional<double> eta = bisectEfficiency(design, target, fit.message, [&](const Design& trial) {
        const std::optional<LayerTimes> t = predictedLayerTimes(trial, catalog);
        return t ? t->forward + t->backward : 0.0;
    });
    if (!eta)
        return fit;
    fit.model = design.compute;
    fit.model.gemmEfficiency = *eta;
    std::string source = "fitted to a measured layer: forward ";
    source += formatSeconds(measured.forward);
    source += ", backward ";
    source += formatSeconds(measured.backward);
    fit.model.source = source;
    Design trial = design;
    trial.compute = fit.model;
    fit.after = predictedLayerTimes(trial, catalog).value_or(LayerTimes{});
    fit.ok = true;
    // Only the sum is fitted; a split far from the model's means the backward left something out (the
    // weight gradient, the recomputation) or the two were swapped.
    const double measuredRatio = measured.backward / measured.forward;
    const double modelRatio = fit.after.forward > 0 ? fit.after.backward / fit.after.forward : 0;
    if (modelRatio > 0 && (measuredRatio < modelRatio / 1.5 || measuredRatio > modelRatio * 1.5)) {
        fit.warning = "the measured backward is ";
        fit.warning += formatNumber(measuredRatio);
        fit.warning += " times the forward, the model's ";
        fit.warning += formatNumber(modelRatio);
        fit.warning += ": check that the backward includes the weight gradient and any recomputation";
    }
    return fit;
}

namespace {

// Seconds per step of rank 0's GPU: `layer` of each of its stages' layers and `head` of the stage, in every
// pass, for every micro-batch of the step. nullopt without a schedule.
template<class Layer, class Head>
std::optional<double> rankZeroStepSeconds(const Evaluation& e, Layer layer, Head head)
{
    if (!e.schedule || e.schedule->times.stages.empty())
        return std::nullopt;
    double perMicroBatch = 0;
    for (const StageWork& stage : e.schedule->times.stages) {
        if (stage.rank != 0)
            continue;
        const int dense = stage.layers - stage.moeLayers;
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            perMicroBatch += dense * layer(stage.denseLayer[pass])
                + stage.moeLayers * layer(stage.moeLayer[pass]) + head(stage, pass);
    }
    return perMicroBatch * static_cast<double>(e.microBatches);
}

std::optional<double> stepComputeSeconds(const Evaluation& e)
{
    return rankZeroStepSeconds(
        e, [](const LayerPattern& p) { return p.computeSeconds; },
        [](const StageWork& s, std::size_t pass) { return s.headSeconds[pass]; });
}

std::optional<double> stepGemmSeconds(const Evaluation& e)
{
    return rankZeroStepSeconds(
        e, [](const LayerPattern& p) { return p.gemmSeconds; },
        [](const StageWork& s, std::size_t pass) { return s.headGemmSeconds[pass]; });
}

// The GPU types that run pipeline rank 0 in any replica: the stage times price it on the slowest of them
// (stagetime.cpp), so a fit scales them all.
std::vector<std::string> rankZeroGpuTypes(const Evaluation& e)
{
    std::vector<std::string> types;
    if (e.roles)
        for (const RankRoles::Role& role : e.roles->roles)
            if (role.ppRank == 0 && !role.gpuType.empty()
                && std::find(types.begin(), types.end(), role.gpuType) == types.end())
                types.push_back(role.gpuType);
    return types;
}

// `model` with η_max of each of `types` times `factor`: a type's own η_max, and the common one for a type
// without its own (or when `types` is empty). Every GEMM of those types then takes 1 / factor of its time.
// False, with the reason in `message`, when an η_max leaves the design's range [0.01, 1].
bool scaleEfficiency(ComputeModel& model, const std::vector<std::string>& types, double factor,
                     std::string& message)
{
    bool common = types.empty();
    for (const std::string& type : types) {
        const auto own = model.gemmEfficiencyByGpu.find(type);
        if (own == model.gemmEfficiencyByGpu.end())
            common = true;
        else
            own->second *= factor;
    }
    if (common)
        model.gemmEfficiency *= factor;
    std::vector<double> fitted{model.gemmEfficiency};
    for (const std::string& type : types)
        fitted.push_back(model.gemmEfficiencyFor(type));
    for (const double eta : fitted) {
        if (eta > 1) {
            message
                = "the measured GEMM time is shorter than the GPU's peak allows: check the trace's device, "
                  "the micro-batch and the GPU type";
            return false;
        }
        if (eta < 0.01) {
            message
                = "the measured GEMM time is longer than 1 % of the GPU's peak allows: check that the trace "
                  "and the design describe the same run";
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<double> predictedStepComputeSeconds(const Design& design, const Catalog& catalog)
{
    return stepComputeSeconds(evaluate(design, catalog));
}

std::optional<double> predictedStepGemmSeconds(const Design& design, const Catalog& catalog)
{
    return stepGemmSeconds(evaluate(design, catalog));
}

double traceComputeSecondsPerStep(const TraceSummary& trace)
{
    double onlyNccl = 0;
    for (double seconds : trace.exposedCommunicationSecondsPerStep)
        onlyNccl += seconds;
    return std::max(0.0, trace.kernelSecondsPerStep - onlyNccl);
}

StepComputeFit fitComputeModelToTrace(const Design& design, const TraceSummary& trace, const Catalog& catalog)
{
    StepComputeFit fit;
    if (trace.steps == 0) {
        fit.path = "/traceEvents";
        fit.message = "the trace has no ProfilerStep#N annotation, so no step's kernels can be told apart "
                      "(profile with torch.profiler.schedule and call prof.step() every iteration)";
        return fit;
    }
    fit.compute.measured = traceComputeSecondsPerStep(trace);
    fit.gemm.measured = trace.gemmSecondsPerStep;
    if (!(fit.compute.measured > 0)) {
        fit.path = "/traceEvents";
        fit.message = "device " + std::to_string(trace.device)
            + " ran no compute kernel inside the trace's ProfilerStep ranges";
        return fit;
    }
    const Evaluation before = evaluate(design, catalog);
    if (!stepComputeSeconds(before)) {
        fit.message = "the design has no training step to predict (a serving design, or errors)";
        return fit;
    }
    fit.compute.before = *stepComputeSeconds(before);
    fit.gemm.before = stepGemmSeconds(before).value_or(0.0);
    const std::vector<std::string> types = rankZeroGpuTypes(before);
    const std::string_view type = types.empty() ? std::string_view{} : std::string_view{types.front()};
    fit.previousEfficiency = design.compute.gemmEfficiencyFor(type);
    fit.model = design.compute;
    if (fit.gemm.measured > 0 && fit.gemm.before > 0) {
        fit.basis = StepFitBasis::Gemm;
        if (!scaleEfficiency(fit.model, types, fit.gemm.before / fit.gemm.measured, fit.message))
            return fit;
    } else {
        fit.basis = StepFitBasis::Compute;
        fit.fallback = trace.gemmKernels == 0
            ? "the trace has no kernel recognised as a GEMM (cuBLAS, cuBLASLt or CUTLASS names)"
            : "none of the trace's GEMM kernels ran inside its ProfilerStep ranges";
        fit.fallback
            += ", so η_max is fitted to all compute kernels: elementwise, attention, embedding, loss and "
               "optimizer kernels count as GEMM time";
        const std::optional<double> eta
            = bisectEfficiency(design, fit.compute.measured, fit.message, [&](const Design& trial) {
                  return predictedStepComputeSeconds(trial, catalog).value_or(0.0);
              });
        if (!eta)
            return fit;
        fit.model.gemmEfficiency = *eta;
    }
    const bool gemm = fit.basis == StepFitBasis::Gemm;
    fit.model.source
        = "fitted to a profiler trace: " + formatSeconds(gemm ? fit.gemm.measured : fit.compute.measured)
        + (gemm ? " of GEMM kernels" : " of compute kernels") + " per step on "
        + (trace.deviceName.empty() ? "device " + std::to_string(trace.device) : trace.deviceName);
    Design fitted = design;
    fitted.compute = fit.model;
    const Evaluation after = evaluate(fitted, catalog);
    fit.compute.after = stepComputeSeconds(after).value_or(0.0);
    fit.gemm.after = stepGemmSeconds(after).value_or(0.0);
    fit.efficiency = fit.model.gemmEfficiencyFor(type);
    fit.ok = true;
    const std::int64_t world = design.layout.worldSize();
    if (trace.worldSize && *trace.worldSize != world)
        fit.warning = "the trace comes from a run of " + std::to_string(*trace.worldSize)
            + " ranks, the design has " + std::to_string(world)
            + ": the fit assumes rank 0 of the trace does the work of the design's rank 0";
    return fit;
}

} // namespace core
