// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Calibration from measurements: the compute model's efficiency fitted to measured times of one
// transformer layer (forward, and backward with weight gradient and any recomputation, for one
// micro-batch on one GPU of the design, its TP collectives included — what Megatron-LM's timers or a
// profiler report per layer). Korthikanti et al. 2022 Table 4 lists such times for a 22B layer.
//
// Only η_max is fitted: it scales every GEMM, and layer times move monotonically with it, so a bisection
// on the evaluated design itself finds it — no second copy of the time model. The GEMM width curve and
// the elementwise term keep their calibrated values.

#include "catalog/catalog.h"
#include "design/design.h"

#include <optional>
#include <string>

namespace core {

struct LayerTimes
{
    double forward = 0;
    double backward = 0;
};

// The design's predicted time of its first dense layer (nullopt unless it evaluates to a schedule).
std::optional<LayerTimes> predictedLayerTimes(const Design& design, const Catalog& catalog = Catalog::builtin());

struct ComputeFit
{
    bool ok = false;
    std::string message; // why not, when !ok
    // Set when the fit is made but the measurement looks wrong: backward over forward far from the model's.
    std::string warning;
    ComputeModel model; // the design's model with the fitted η_max and its source
    LayerTimes before; // predicted with the design's model
    LayerTimes after; // predicted with the fitted model
};

ComputeFit fitComputeModel(const Design& design, const LayerTimes& measured, const Catalog& catalog = Catalog::builtin());

} // namespace core
