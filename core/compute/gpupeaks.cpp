// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/gpupeaks.h"

namespace core {

GpuPeaks gpuPeaks(const GpuSpec& gpu)
{
    GpuPeaks peaks;
    peaks.bf16Flops = gpu.bf16Flops;
    peaks.hbmBandwidth = gpu.hbmBandwidth;
    peaks.hbmEfficiency = hbmEfficiency(gpu);
    peaks.fp8Flops = gpu.fp8Flops;
    if (peaks.hasFp8())
        peaks.fp8Source = gpu.source;
    return peaks;
}

double hbmEfficiency(const GpuSpec& gpu)
{
    return gpu.hbmEfficiency > 0 ? gpu.hbmEfficiency : kHbmEfficiency;
}

std::string hbmEfficiencySource(const GpuSpec& gpu)
{
    return gpu.hbmEfficiency > 0 ? gpu.hbmEfficiencySource
                                 : "η_HBM from the public H100 GEMM table (docs/kernel-model.md)";
}

} // namespace core
