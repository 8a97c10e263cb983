// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/computecalibration.h"

#include "evaluate.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "base/units.h"

namespace core {

namespace {
constexpr std::size_t kForward = static_cast<std::size_t>(Pass::Forward);
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
    Design trial = design;
    auto total = [&](double eta) {
        trial.compute.gemmEfficiency = eta;
        const std::optional<LayerTimes> t = predictedLayerTimes(trial, catalog);
        return t ? t->forward + t->backward : 0.0;
    };
    // Faster GEMMs, shorter layers: bisect η_max on [0.01, 1].
    double lo = 0.01, hi = 1.0;
    if (total(hi) > target * 1.0001) {
        fit.message = "the measured layer is faster than the GPU's peak allows: check the times, the micro-batch "
                      "and the GPU type";
        return fit;
    }
    if (total(lo) < target) {
        fit.message = "the measured layer is slower than 1 % of the GPU's peak: check the times and the units";
        return fit;
    }
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (total(mid) > target ? lo : hi) = mid;
    }
    fit.model = design.compute;
    fit.model.gemmEfficiency = (lo + hi) / 2;
    std::string source = "fitted to a measured layer: forward ";
    source += formatSeconds(measured.forward);
    source += ", backward ";
    source += formatSeconds(measured.backward);
    fit.model.source = source;
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

} // namespace core
