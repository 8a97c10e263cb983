// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/hostlaunch.h"

#include "framework/frameworkprofile.h"

namespace core {

bool eagerMoeLayersWaitForHost(const Design& design)
{
    return design.workload.mode == Mode::Training && design.model.moe.isMoe()
        && design.layout.cudaGraphs == CudaGraphs::None && frameworkOf(design) == Framework::MegatronCore;
}

void applyHostFloor(std::array<LayerPattern, kPassCount>& layer, double hostSeconds)
{
    double total = 0;
    for (const LayerPattern& pass : layer)
        total += pass.seconds;
    if (total <= 0 || total >= hostSeconds)
        return;
    const double scale = hostSeconds / total;
    for (LayerPattern& pass : layer) {
        const double wait = pass.seconds * (scale - 1);
        pass.seconds += wait;
        pass.hostSeconds += wait;
    }
}

} // namespace core
