// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// core::evaluate is a pure function of the design: same design, same result, on any thread. Every view and
// the command line read their figures from the Evaluation. It runs the stages in the order the data flows
// (evaluate.cpp): check → place → memory → traffic → schedule → performance / serving → sorted
// diagnostics. Each stage after the placement reads the PlacedLayout (placedlayout.h) and the results of
// the stages before it, never the Evaluation being built.

#include "base/diagnostic.h"
#include "catalog/catalog.h"
#include "catalog/model.h"
#include "comm/grouplinks.h"
#include "comm/traffic.h"
#include "design/design.h"
#include "design/mesh.h"
#include "design/placedlayout.h"
#include "design/rankinfo.h"
#include "design/validate.h"
#include "memory/memory.h"
#include "performance/performance.h"
#include "performance/servingperformance.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace core {

struct ScheduleEvaluation; // steptimeline.h

// The evaluation is the placed layout (world size, micro-batches, mesh, ranks, catalog) and the figures
// computed from it. It derives from PlacedLayout so that every place that holds an evaluation passes it
// where a stage wants the placed layout (groupCollective(design, evaluation, …) in the views and the
// command line), and reads evaluation.mesh, evaluation.ranks, evaluation.catalog as before.
struct Evaluation : PlacedLayout
{
    int gpusInCluster = 0;
    int gpusInService = 0;
    ParameterCounts parameters;
    std::vector<Diagnostic> diagnostics; // sorted: errors, warnings, infos
    // Peak memory of every rank; present when the model is valid and every rank has a GPU.
    std::optional<MemoryReport> memory;
    // Bytes per training step on every link class, per dimension; present in training when memory is.
    std::optional<TrafficReport> traffic;
    // One training step in time: the design's pipeline schedule with durations from its compute and link
    // model, data-parallel overlap, activations over time (steptimeline.h). Present for a training design
    // whose only errors, if any, are memory-does-not-fit and whose pipeline is small enough (kMaxEvaluatedPipelineOps); shared, since views and
    // copies of the evaluation only read it.
    std::shared_ptr<const ScheduleEvaluation> schedule;
    // Step time, throughput, MFU and exposed communication; with the schedule.
    std::optional<Performance> performance;
    // Serving designs: time to first token, inter-token latency, throughput of the group.
    std::optional<ServingPerformance> serving;

    bool valid() const { return !hasErrors(diagnostics); }
    // Valid but for memory: every error is memory-does-not-fit. The step's figures are still computed —
    // what the layout would do with GPUs large enough — and shown as those of a layout that cannot run.
    bool failsOnlyInMemory() const;
};

Evaluation evaluate(const Design& design, const Catalog& catalog = Catalog::builtin());

// What no layout changes, found once for the mesh search's many layouts of one design: the checks of the
// model, the cluster and the compute model, the presets the design is priced with, the GPU counts and the
// cluster's links. Each costs in proportion to the GPUs; the search pays it once, not per layout.
struct FixedEvaluation
{
    std::shared_ptr<const Catalog> catalog;
    std::shared_ptr<const GemmModel> gemms; // the design's kernel tables over the built-in ones
    std::vector<Diagnostic> diagnostics;
    bool modelValid = false;
    int gpusInCluster = 0;
    int gpusInService = 0;
    ParameterCounts parameters;
    std::shared_ptr<const ClusterLinkSpecs> linkSpecs;
};
FixedEvaluation evaluateFixed(const Design& design, const Catalog& catalog = Catalog::builtin());

// evaluate() in two halves, for the mesh search (search.h), which evaluates many variants of one set of
// degrees on one mesh. The first half checks the design and places the layout, whose cost grows with the
// GPU count; the second adds memory, traffic, the schedule and performance. `fixed` is evaluateFixed() of
// a design with the same model, cluster, compute model and presets.
struct MeshEvaluation
{
    Evaluation evaluation;
    DesignChecks checks;
    bool complete = false; // every rank has a GPU
    std::vector<Diagnostic> placementDiagnostics; // also in evaluation.diagnostics
};
MeshEvaluation evaluateMesh(const Design& design, const Catalog& catalog = Catalog::builtin());
MeshEvaluation evaluateMesh(const Design& design, const FixedEvaluation& fixed);

struct FigureOptions
{
    bool traffic = true;
    bool skipTimeUnlessFits = false; // the search drops what does not fit: no schedule for it
    // Whether the memory report lists every rank of each role (the search reads only the roles).
    bool rankLists = true;
};
// Fills `result` (the mesh half's evaluation, or a copy whose diagnostics the caller re-validated for a
// variant with the same degrees, order, cluster and placement, and whose figures it reset).
void evaluateFigures(const Design& design, const MeshEvaluation& mesh, Evaluation& result,
                     const FigureOptions& options = {});

} // namespace core
