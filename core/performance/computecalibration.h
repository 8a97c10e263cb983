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

// The same fitted to a profiler trace of the run (docs/trace-import.md), to its GEMM kernels: the union of
// the GEMM kernels (isGemmKernel, trace/profilertrace.h) per ProfilerStep on the trace's first device
// against the design's predicted GEMM time of the GPU of rank 0 — the GEMMs of its pipeline stages' layers
// and output head in every pass, recomputation included, for every micro-batch of the step (LayerPattern
// ::gemmSeconds). η_max scales every GEMM time by 0.70 / η_max (ComputeModel::kernelTimeScale), so the
// fitted η_max = η_max · predicted / measured meets the measurement exactly, with no second copy of the
// time model. Elementwise, attention, embedding, loss and optimizer kernels stay out of the fit (the same
// scale applies to FlashAttention's time, which follows the fitted η_max).
//
// A trace without a kernel recognised as a GEMM inside its steps falls back to all compute kernels per
// step — busy time less the time only NCCL kernels run — against the predicted compute of rank 0 (GEMMs,
// attention, elementwise; no collective): there kernels outside the layers count as layer work, so η_max
// comes out a little low. `basis` and `fallback` say which was used.
enum class StepFitBasis { Gemm, Compute };

struct StepSeconds
{
    double measured = 0; // per step on the trace's device
    double before = 0; // predicted with the design's model
    double after = 0; // with the fitted one
};

struct StepComputeFit
{
    bool ok = false;
    std::string message; // why not, when !ok
    std::string path; // the trace's key that lacks what the fit needs ("/traceEvents"), when that is why
    std::string warning;
    StepFitBasis basis = StepFitBasis::Gemm;
    std::string fallback; // why the fit used all compute kernels, when basis is Compute
    ComputeModel model;
    double efficiency = 0, previousEfficiency = 0; // η_max of rank 0's GPU type, fitted and before
    StepSeconds gemm; // GEMM kernel seconds (measured 0: the trace has none)
    StepSeconds compute; // all compute kernel seconds
};

// Compute kernel seconds per step of rank 0's GPU, as the design predicts (nullopt without a schedule).
std::optional<double> predictedStepComputeSeconds(const Design& design,
                                                  const Catalog& catalog = Catalog::builtin());
// The part of them on GEMM kernels.
std::optional<double> predictedStepGemmSeconds(const Design& design,
                                               const Catalog& catalog = Catalog::builtin());
// The trace's compute kernel seconds per step: kernel busy time less each collective kind's exposed time.
double traceComputeSecondsPerStep(const TraceSummary& trace);
StepComputeFit fitComputeModelToTrace(const Design& design, const TraceSummary& trace,
                                      const Catalog& catalog = Catalog::builtin());

} // namespace core
