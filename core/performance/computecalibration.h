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
#include "trace/profilertrace.h"

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

// The same fitted to a profiler trace of the run (docs/trace-import.md): the time the trace's first device
// spends in compute kernels per ProfilerStep — its busy time less the time only NCCL kernels run — against
// the design's prediction for the GPU of rank 0: the compute of its pipeline stages' layers and output
// head (GEMMs, attention, elementwise; no collective), for every micro-batch of the step. Kernels outside
// the layers (embedding, loss, optimizer step) count as layer work, so η_max comes out a little low.
struct StepComputeFit
{
    bool ok = false;
    std::string message; // why not, when !ok
    std::string path; // the trace's key that lacks what the fit needs ("/traceEvents"), when that is why
    std::string warning;
    ComputeModel model;
    double measured = 0; // compute kernel seconds per step on the trace's device
    double before = 0; // predicted with the design's model
    double after = 0; // with the fitted one
};

// Compute kernel seconds per step of rank 0's GPU, as the design predicts (nullopt without a schedule).
std::optional<double> predictedStepComputeSeconds(const Design& design,
                                                  const Catalog& catalog = Catalog::builtin());
// The trace's compute kernel seconds per step: kernel busy time less each collective kind's exposed time.
double traceComputeSecondsPerStep(const TraceSummary& trace);
StepComputeFit fitComputeModelToTrace(const Design& design, const TraceSummary& trace,
                                      const Catalog& catalog = Catalog::builtin());

} // namespace core
