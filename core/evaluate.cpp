#include "evaluate.h"

#include "placement.h"
#include "steptimeline.h"
#include "validate.h"

namespace core {

Evaluation evaluate(const Design& design, const Catalog& presets)
{
    Evaluation result;
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

    const DesignChecks checks = validateDesign(design, catalog, result.diagnostics);
    const bool meshPossible = checks.meshPossible;
    result.worldSize = meshPossible ? design.layout.worldSize() : 0;
    result.microBatches = microBatchesPerStep(design);
    if (meshPossible) {
        result.hasMesh = true;
        result.mesh = buildMesh(design.layout);
        const RankPlacement placement = placeRanks(design.cluster, design.layout, design.placement,
                                                   result.mesh.worldSize, result.diagnostics);
        result.explicitPlacement = placement.explicitPlacement;
        result.ranks.resize(static_cast<std::size_t>(result.mesh.worldSize));
        bool complete = true;
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
                complete = false;
            }
        }
        if (complete)
            validatePlacement(design, catalog, result.mesh, placement, result.diagnostics);
        if (complete && checks.modelValid) {
            result.memory = computeMemory(design, result.ranks, catalog);
            result.diagnostics.insert(result.diagnostics.end(), result.memory->diagnostics.begin(),
                                      result.memory->diagnostics.end());
            if (design.workload.mode == Mode::Training)
                result.traffic
                    = computeTraffic(design, result.mesh, result.ranks, result.microBatches, catalog);
        }
    }
    sortDiagnostics(result.diagnostics);
    // Last, from the complete evaluation: the timeline needs a design without errors.
    result.schedule = evaluateSchedule(design, result, catalog, result.diagnostics);
    result.performance = estimatePerformance(design, result, catalog);
    sortDiagnostics(result.diagnostics);
    return result;
}

} // namespace core
