// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/layoutarithmetic.h"

#include <algorithm>
#include <limits>

namespace core {

int autoDpDegree(const Design& design)
{
    const ParallelLayout& l = design.layout;
    std::int64_t others = std::int64_t{std::max(l.tp(), 1)} * std::max(l.cp(), 1) * std::max(l.pp(), 1);
    if (l.expertMode == ExpertMode::Separate)
        others *= std::max(l.ep(), 1);
    const std::int64_t dp = design.cluster.inServiceGpuCount() / others;
    return static_cast<int>(std::clamp<std::int64_t>(dp, 1, std::numeric_limits<int>::max()));
}

std::string worldSizeFormula(const ParallelLayout& layout)
{
    const auto str = [](std::int64_t v) { return std::to_string(v); };
    std::string text = "DP " + str(layout.dp()) + " × TP " + str(layout.tp()) + " × PP " + str(layout.pp())
        + " × CP " + str(layout.cp());
    if (layout.expertMode == ExpertMode::Separate)
        text += " × EP " + str(layout.ep());
    return text;
}

std::string layoutSettings(const ParallelLayout& layout)
{
    std::string text = "ZeRO-" + std::to_string(layout.zeroStage);
    if (layout.sequenceParallel)
        text += ", sequence parallel";
    if (layout.tpOverlapInEffect())
        text += ", TP overlap";
    text += ", schedule " + std::string(enumName(layout.schedule));
    if (layout.virtualStages > 1)
        text += " × " + std::to_string(layout.virtualStages) + " virtual stages";
    text += ", recompute " + std::string(enumName(layout.recompute));
    if (layout.recomputesSomeLayers())
        text += " (first " + std::to_string(layout.recomputeLayers) + " layers of each chunk)";
    if (layout.recompute == Recompute::Selective && !layout.recomputeModules.empty())
        text += " (" + recomputeModuleList(layout.recomputeModules) + ")";
    text += ", micro-batch " + std::to_string(layout.microBatch);
    return text;
}

std::string recomputeModuleList(const std::vector<RecomputeModule>& modules)
{
    std::string text;
    for (RecomputeModule module : modules)
        text += (text.empty() ? "" : ", ") + std::string(enumName(module));
    return text;
}

std::int64_t microBatchesPerStep(const Design& design)
{
    const std::int64_t perStep = std::int64_t{design.layout.microBatch} * design.layout.batchReplicas();
    if (perStep <= 0 || design.workload.globalBatch <= 0 || design.workload.globalBatch % perStep != 0)
        return 0;
    return design.workload.globalBatch / perStep;
}

} // namespace core
