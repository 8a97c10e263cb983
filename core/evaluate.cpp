// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "design/placement.h"
#include "pipeline/steptimeline.h"
#include "design/validate.h"

namespace core {

MeshEvaluation evaluateMesh(const Design& design, const Catalog& presets)
{
    MeshEvaluation out;
    Evaluation& result = out.evaluation;
    // Links measured on this cluster take the place of the presets of the same name. The built-in presets
    // live as long as the program, so they are shared without a copy.
    if (!design.cluster.calibratedLinks.empty())
        result.catalog = std::make_shared<const Catalog>(presets.withLinks(design.cluster.calibratedLinks));
    else if (&presets == &Catalog::builtin())
        result.catalog = std::shared_ptr<const Catalog>(std::shared_ptr<const Catalog>(), &presets);
    else
        result.catalog = std::make_shared<const Catalog>(presets);
    const Catalog& catalog = *result.catalog;
    result.gpusInCluster = design.cluster.gpuCount();
    result.gpusInService = design.cluster.inServiceGpuCount();
    result.parameters = countParameters(design.model);

    out.checks = validateDesign(design, catalog, result.diagnostics);
    result.worldSize = out.checks.meshPossible ? design.layout.worldSize() : 0;
    result.microBatches = microBatchesPerStep(design);
    if (!out.checks.meshPossible)
        return out;
    result.hasMesh = true;
    result.mesh = buildMesh(design.layout);
    const RankPlacement placement = placeRanks(design.cluster, design.layout, design.placement,
                                               result.mesh.worldSize, out.placementDiagnostics);
    result.explicitPlacement = placement.explicitPlacement;
    result.ranks.resize(static_cast<std::size_t>(result.mesh.worldSize));
    out.complete = true;
    for (int rank = 0; rank < result.mesh.worldSize; ++rank) {
        RankInfo& info = result.ranks[static_cast<std::size_t>(rank)];
        const GpuLocation at = placement.locationOfRank[static_cast<std::size_t>(rank)];
        info.rank = rank;
        info.coords = result.mesh.coords[static_cast<std::size_t>(rank)];
        if (at.valid()) {
            const Node& node = design.cluster.nodes[static_cast<std::size_t>(at.nodeIndex)];
            info.gpuId = node.gpus[static_cast<std::size_t>(at.slot)].id;
            info.nodeId = node.id;
            info.nodeIndex = at.nodeIndex;
            info.slot = at.slot;
        } else {
            out.complete = false;
        }
    }
    if (out.complete)
        validatePlacement(design, catalog, result.mesh, placement, out.placementDiagnostics);
    result.diagnostics.insert(result.diagnostics.end(), out.placementDiagnostics.begin(),
                              out.placementDiagnostics.end());
    return out;
}

void evaluateFigures(const Design& design, const MeshEvaluation& mesh, Evaluation& result,
                     const FigureOptions& options)
{
    const Catalog& catalog = *result.catalog;
    if (mesh.complete && mesh.checks.modelValid) {
        result.memory = computeMemory(design, result.ranks, catalog);
        result.diagnostics.insert(result.diagnostics.end(), result.memory->diagnostics.begin(),
                                  result.memory->diagnostics.end());
        if (options.skipTimeUnlessFits && !result.memory->fits)
            return;
        if (options.traffic && design.workload.mode == Mode::Training)
            result.traffic = computeTraffic(design, result.mesh, result.ranks, result.microBatches, catalog);
    }
    sortDiagnostics(result.diagnostics);
    // Last, from the complete evaluation: the timeline needs a design without errors.
    result.schedule = evaluateSchedule(design, result, catalog, result.diagnostics);
    result.performance = estimatePerformance(design, result, catalog);
    result.serving = estimateServing(design, result, catalog);
    sortDiagnostics(result.diagnostics);
}

Evaluation evaluate(const Design& design, const Catalog& presets)
{
    MeshEvaluation mesh = evaluateMesh(design, presets);
    evaluateFigures(design, mesh, mesh.evaluation);
    return std::move(mesh.evaluation);
}

} // namespace core
