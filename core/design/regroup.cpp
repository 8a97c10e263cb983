// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/regroup.h"

namespace core {

std::optional<Regrouped> regroupOntoGpusInService(const Design& design)
{
    const std::int64_t inService = design.cluster.inServiceGpuCount();
    const ParallelLayout& layout = design.layout;
    if (layout.worldSize() <= inService || layout.dp() < 1)
        return std::nullopt;
    ParallelLayout smaller = layout;
    for (int dp = layout.dp() - 1; dp >= 1; --dp) {
        smaller.setDegree(Dim::Dp, dp);
        // The global batch must still split evenly over the replicas' micro-batches.
        const std::int64_t perStep = static_cast<std::int64_t>(smaller.microBatch) * smaller.batchReplicas();
        if (smaller.worldSize() <= inService && perStep > 0 && design.workload.globalBatch % perStep == 0) {
            Regrouped out{design, layout.dp(), dp};
            out.design.layout = smaller;
            out.design.placement.clear();
            return out;
        }
    }
    return std::nullopt;
}

} // namespace core
