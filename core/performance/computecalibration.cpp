// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/computecalibration.h"

#include "evaluate.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "base/units.h"

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

std::optional<double> predictedStepComputeSeconds(const Design& design, const Catalog& catalog)
{
    const Evaluation e = evaluate(design, catalog);
    if (!e.schedule || e.schedule->times.stages.empty())
        return std::nullopt;
    double perMicroBatch = 0;
    for (const StageWork& stage : e.schedule->times.stages) {
        if (stage.rank != 0)
            continue;
        const int dense = stage.layers - stage.moeLayers;
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            perMicroBatch += dense * stage.denseLayer[pass].computeSeconds
                + stage.moeLayers * stage.moeLayer[pass].computeSeconds + stage.headSeconds[pass];
    }
    return perMicroBatch * static_cast<double>(e.microBatches);
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
    fit.measured = traceComputeSecondsPerStep(trace);
    if (!(fit.measured > 0)) {
        fit.path = "/traceEvents";
        fit.message = "device " + std::to_string(trace.device)
            + " ran no compute kernel inside the trace's ProfilerStep ranges";
        return fit;
    }
    const std::optional<double> before = predictedStepComputeSeconds(design, catalog);
    if (!before) {
        fit.message = "the design has no training step to predict (a serving design, or errors)";
        return fit;
    }
    fit.before = *before;
    const std::optional<double> eta
        = bisectEfficiency(design, fit.measured, fit.message, [&](const Design& trial) {
              return predictedStepComputeSeconds(trial, catalog).value_or(0.0);
          });
    if (!eta)
        return fit;
    fit.model = design.compute;
    fit.model.gemmEfficiency = *eta;
    fit.model.source = "fitted to a profiler trace: " + formatSeconds(fit.measured)
        + " of compute kernels per step on "
        + (trace.deviceName.empty() ? "device " + std::to_string(trace.device) : trace.deviceName);
    Design fitted = design;
    fitted.compute = fit.model;
    fit.after = predictedStepComputeSeconds(fitted, catalog).value_or(0.0);
    fit.ok = true;
    const std::int64_t world = design.layout.worldSize();
    if (trace.worldSize && *trace.worldSize != world)
        fit.warning = "the trace comes from a run of " + std::to_string(*trace.worldSize)
            + " ranks, the design has " + std::to_string(world)
            + ": the fit assumes rank 0 of the trace does the work of the design's rank 0";
    return fit;
}

} // namespace core
