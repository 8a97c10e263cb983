// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/gpupeaks.h"

namespace core {

GpuPeaks gpuPeaks(const GpuSpec& gpu)
{
    GpuPeaks peaks;
    peaks.bf16Flops = gpu.bf16Flops;
    peaks.hbmBandwidth = gpu.hbmBandwidth;
    peaks.fp8Flops = gpu.fp8Flops;
    if (peaks.hasFp8())
        peaks.fp8Source = gpu.source;
    return peaks;
}

} // namespace core
