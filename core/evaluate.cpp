// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "base/diagnostickinds.h"
#include "design/placement.h"
#include "memory/hostmemory.h"
#include "pipeline/steptimeline.h"

namespace core {

namespace {

// The presets a design is priced with: links measured on its cluster take the place of the presets of
// the same name. The built-in presets live as long as the program, so they are shared without a copy.
std::shared_ptr<const Catalog> designCatalog(const Design& design, const Catalog& presets)
{
    if (!design.cluster.calibratedLinks.empty())
        return std::make_shared<const Catalog>(presets.withLinks(design.cluster.calibratedLinks));
    if (&presets == &Catalog::builtin())
        return std::shared_ptr<const Catalog>(std::shared_ptr<const Catalog>(), &presets);
    return std::make_shared<const Catalog>(presets);
}

// The GEMM tables a design is priced with: the built-in ones, with the design's own in place of those of
// the same GPU type and data type. Without tables of its own the built-in model is shared without a copy.
std::shared_ptr<const GemmModel> designGemmModel(const Design& design)
{
    if (design.kernelTables.empty())
        return std::shared_ptr<const GemmModel>(std::shared_ptr<const GemmModel>(), &GemmModel::builtin());
    auto model = std::make_shared<GemmModel>(GemmModel::builtin());
    for (const DesignKernelTable& table : design.kernelTables) {
        const KernelTableRead read = readKernelTable(table.csv, table.source);
        if (!hasErrors(read.diagnostics)) // a design that loaded has no bad table; one built in code may
            model->addTable(read.table, true);
    }
    return model;
}

// Place: the mesh of the degrees and every rank on its GPU (the design's placement, else the default
// order), then the checks on the ranks as placed. Returns whether every rank has a GPU.
bool place(const Design& design, PlacedLayout& placed, std::shared_ptr<const ClusterLinkSpecs> linkSpecs,
           std::vector<Diagnostic>& diagnostics)
{
    placed.hasMesh = true;
    placed.mesh = buildMesh(design.layout);
    const RankPlacement placement
        = placeRanks(design.cluster, design.layout, design.placement, placed.mesh.worldSize, diagnostics);
    placed.explicitPlacement = placement.explicitPlacement;
    placed.ranks.resize(static_cast<std::size_t>(placed.mesh.worldSize));
    bool complete = true;
    for (int rank = 0; rank < placed.mesh.worldSize; ++rank) {
        RankInfo& info = placed.ranks[static_cast<std::size_t>(rank)];
        const GpuLocation at = placement.locationOfRank[static_cast<std::size_t>(rank)];
        info.rank = rank;
        info.coords = placed.mesh.coords[static_cast<std::size_t>(rank)];
        if (at.valid()) {
            const Node& node = design.cluster.nodes[static_cast<std::size_t>(at.nodeIndex)];
            info.gpuId = node.gpus[static_cast<std::size_t>(at.slot)].id;
            info.nodeId = node.id;
            info.nodeIndex = at.nodeIndex;
            info.slot = at.slot;
        } else {
            complete = false;
        }
    }
    placed.placedKnown = complete ? 1 : 0;
    placed.groupLinks = std::make_shared<const PlacedGroupLinks>(std::move(linkSpecs));
    placed.roles = std::make_shared<const RankRoles>(rankRoles(design.cluster, placed.ranks, design.layout.pp()));
    if (complete)
        validatePlacement(design, placed.presets(), placed.mesh, placement, diagnostics);
    return complete;
}

void append(std::vector<Diagnostic>& to, const std::vector<Diagnostic>& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

// Time, for a design without errors: the training step's schedule and its performance, or serving.
void addTime(const Design& design, Evaluation& result)
{
    const PlacedLayout& placed = result;
    const MemoryReport* memory = result.memory ? &*result.memory : nullptr;
    result.schedule = evaluateSchedule(design, placed, memory, result.diagnostics);
    if (result.schedule)
        result.performance = estimatePerformance(design, placed, *result.schedule);
    if (memory)
        result.serving = estimateServing(design, placed, *memory);
}

} // namespace

FixedEvaluation evaluateFixed(const Design& design, const Catalog& presets)
{
    FixedEvaluation out;
    out.catalog = designCatalog(design, presets);
    out.gemms = designGemmModel(design);
    out.gpusInCluster = design.cluster.gpuCount();
    out.gpusInService = design.cluster.inServiceGpuCount();
    out.parameters = countParameters(design.model);
    out.modelValid = validateFixedParts(design, *out.catalog, out.diagnostics);
    out.linkSpecs = std::make_shared<const ClusterLinkSpecs>(design.cluster, *out.catalog);
    return out;
}

MeshEvaluation evaluateMesh(const Design& design, const FixedEvaluation& fixed)
{
    MeshEvaluation out;
    Evaluation& result = out.evaluation;
    result.catalog = fixed.catalog;
    result.gemms = fixed.gemms;
    result.gpusInCluster = fixed.gpusInCluster;
    result.gpusInService = fixed.gpusInService;
    result.parameters = fixed.parameters;
    result.diagnostics = fixed.diagnostics;
    out.checks = validateLayoutParts(design, fixed.modelValid, result.diagnostics, fixed.gpusInService);
    result.worldSize = out.checks.meshPossible ? design.layout.worldSize() : 0;
    result.microBatches = microBatchesPerStep(design);
    if (!out.checks.meshPossible)
        return out;
    out.complete = place(design, result, fixed.linkSpecs, out.placementDiagnostics);
    append(result.diagnostics, out.placementDiagnostics);
    return out;
}

MeshEvaluation evaluateMesh(const Design& design, const Catalog& presets)
{
    return evaluateMesh(design, evaluateFixed(design, presets));
}

void evaluateFigures(const Design& design, const MeshEvaluation& mesh, Evaluation& result,
                     const FigureOptions& options)
{
    const PlacedLayout& placed = result;
    if (mesh.complete && mesh.checks.modelValid) {
        result.memory = computeMemory(design, *placed.roles, placed.presets(), {}, options.rankLists);
        append(result.diagnostics, result.memory->diagnostics);
        // Host memory per node walks the nodes; the search (no rank lists) needs it only when it warns:
        // with offload or an asynchronous checkpoint's staging.
        if (design.workload.mode == Mode::Training
            && (options.rankLists || design.workload.offload != Offload::None || stagesCheckpoint(design))) {
            result.memory->host
                = computeHostMemory(design, placed.ranks, *placed.roles, *result.memory, placed.presets());
            append(result.diagnostics, result.memory->host->diagnostics);
        }
        if (options.skipTimeUnlessFits && !result.memory->fits)
            return;
        if (options.traffic && design.workload.mode == Mode::Training)
            result.traffic
                = computeTraffic(design, placed.mesh, placed.ranks, placed.microBatches, placed.presets());
    }
    sortDiagnostics(result.diagnostics);
    // The timeline and the serving model need a design without errors, but for memory: a layout whose
    // ranks do not fit still has a speed, shown beside the verdict that it cannot run.
    result.schedule.reset();
    result.performance.reset();
    result.serving.reset();
    if (result.valid() || result.failsOnlyInMemory())
        addTime(design, result);
    sortDiagnostics(result.diagnostics);
}

bool Evaluation::failsOnlyInMemory() const
{
    bool any = false;
    for (const Diagnostic& d : diagnostics) {
        if (!d.isError())
            continue;
        if (d.code != diag::kMemoryDoesNotFit.code)
            return false;
        any = true;
    }
    return any;
}

Evaluation evaluate(const Design& design, const Catalog& presets)
{
    MeshEvaluation mesh = evaluateMesh(design, presets); // check, place
    evaluateFigures(design, mesh, mesh.evaluation); // memory, traffic, schedule, performance / serving
    return std::move(mesh.evaluation);
}

} // namespace core
