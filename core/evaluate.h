// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// core::evaluate is a pure function of the design (DESIGN.md, data flow): same design, same result, on
// any thread. Every view and the command line read their figures from the Evaluation.

#include "catalog/catalog.h"
#include "design/design.h"
#include "base/diagnostic.h"
#include "memory/memory.h"
#include "performance/performance.h"
#include "performance/servingperformance.h"
#include "design/mesh.h"
#include "catalog/model.h"
#include "design/rankinfo.h"
#include "comm/traffic.h"
#include "design/validate.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace core {

struct ScheduleEvaluation; // steptimeline.h

struct Evaluation
{
    std::int64_t worldSize = 0;
    int gpusInCluster = 0;
    int gpusInService = 0;
    std::int64_t microBatches = 0; // per pipeline and optimizer step (training)
    ParameterCounts parameters;
    std::vector<Diagnostic> diagnostics; // sorted: errors, warnings, infos
    // The mesh, ranks and groups exist when the degrees are valid, even if other checks failed, so that
    // a user sees the groups of a layout that does not fit yet.
    bool hasMesh = false;
    LayoutMesh mesh;
    std::vector<RankInfo> ranks;
    bool explicitPlacement = false;
    // The presets this evaluation used: the built-in ones, with the design's calibrated links in place of
    // the presets of the same id. Views and further models look links up here.
    std::shared_ptr<const Catalog> catalog;
    // Peak memory of every rank; present when the model is valid and every rank has a GPU.
    std::optional<MemoryReport> memory;
    // Bytes per training step on every link class, per dimension; present in training when memory is.
    std::optional<TrafficReport> traffic;
    // One training step in time: the design's pipeline schedule with durations from its compute and link
    // model, data-parallel overlap, activations over time (steptimeline.h). Present for a training design
    // without errors whose pipeline is small enough (kMaxEvaluatedPipelineOps); shared, since views and
    // copies of the evaluation only read it.
    std::shared_ptr<const ScheduleEvaluation> schedule;
    // Step time, throughput, MFU and exposed communication; with the schedule.
    std::optional<Performance> performance;
    // Serving designs: time to first token, inter-token latency, throughput of the group.
    std::optional<ServingPerformance> serving;

    bool valid() const { return !hasErrors(diagnostics); }
};

Evaluation evaluate(const Design& design, const Catalog& catalog = Catalog::builtin());

// evaluate() in two halves, for the mesh search (search.h), which evaluates many variants of one set of
// degrees on one mesh. The first half checks the design and builds the mesh and the placement, whose cost
// grows with the GPU count; the second adds memory, traffic, the schedule and performance.
struct MeshEvaluation
{
    Evaluation evaluation;
    DesignChecks checks;
    bool complete = false; // every rank has a GPU
    std::vector<Diagnostic> placementDiagnostics; // also in evaluation.diagnostics
};
MeshEvaluation evaluateMesh(const Design& design, const Catalog& catalog = Catalog::builtin());

struct FigureOptions
{
    bool traffic = true;
    bool skipTimeUnlessFits = false; // the search drops what does not fit: no schedule for it
};
// Fills `result` (the mesh half's evaluation, or a copy whose diagnostics the caller re-validated for a
// variant with the same degrees, order, cluster and placement).
void evaluateFigures(const Design& design, const MeshEvaluation& mesh, Evaluation& result,
                     const FigureOptions& options = {});

} // namespace core
