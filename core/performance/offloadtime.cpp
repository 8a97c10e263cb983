// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/offloadtime.h"

#include "design/placedlayout.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "pipeline/stagetime.h"

#include <algorithm>

namespace core {

namespace {

// One micro-batch's work on a pipeline rank: all its passes, and the backward alone.
struct RankCompute
{
    double all = 0;
    double backward = 0;
};

RankCompute rankCompute(const StageTimes& times, int ppRank)
{
    RankCompute out;
    for (const StageWork& stage : times.stages) {
        if (stage.rank != ppRank)
            continue;
        const double backward = stage.passSeconds(Pass::InputGrad) + stage.passSeconds(Pass::WeightGrad);
        out.backward += backward;
        out.all += stage.passSeconds(Pass::Forward) + backward;
    }
    return out;
}

} // namespace

double hostOptimizerBytesPerParameter(const Design& design)
{
    const StateBytes bytes = stateBytesPerParameter(design.workload);
    constexpr double kFp32Gradient = 4;
    return 2 * bytes.optimizer + kFp32Gradient + bytes.weights;
}

OffloadTime offloadTime(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                        double microBatches)
{
    OffloadTime worst;
    const Offload offload = design.workload.offload;
    if (offload == Offload::None || !placed.roles)
        return worst;
    const StateBytes bytes = stateBytesPerParameter(design.workload);
    const double hostBytes = hostOptimizerBytesPerParameter(design);
    const Catalog& catalog = placed.presets();
    for (const RankRoles::Role& role : placed.roles->roles) {
        const GpuSpec* gpu = role.gpuType.empty() ? nullptr : catalog.gpu(role.gpuType);
        if (!gpu || gpu->hostLinkBandwidth <= 0 || gpu->hostMemoryBandwidth <= 0)
            continue;
        const double link = gpu->hostCopyBandwidth();
        const double memory = gpu->hostMemoryBandwidth * kHostMemoryEfficiency;
        OffloadTime t;
        t.hostLinkBandwidth = gpu->hostLinkBandwidth;
        t.hostMemoryBandwidth = gpu->hostMemoryBandwidth;
        t.parameters = optimizerShardParameters(design, role.ppRank); // offload needs ZeRO ≥ 1
        t.cpuStepSeconds = t.parameters * hostBytes / memory;
        const RankCompute compute = rankCompute(times, role.ppRank);
        const double gradientsOut = t.parameters * bytes.gradients / link;
        if (offload == Offload::Cpu) {
            t.transferExposedSeconds = std::max(0.0, gradientsOut - compute.backward);
            t.uploadSeconds = t.parameters * bytes.weights / link;
        } else {
            // Two fetches in, one gradient out per micro-batch; a host link carries both directions at once.
            const double in = 2 * t.parameters * bytes.weights / link;
            t.transferExposedSeconds = microBatches * std::max(0.0, std::max(in, gradientsOut) - compute.all);
        }
        if (t.total() > worst.total())
            worst = t;
    }
    return worst;
}

} // namespace core
