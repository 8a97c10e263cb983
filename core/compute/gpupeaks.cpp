// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/gpupeaks.h"

#include <array>

namespace core {

namespace {

struct Fp8Peak
{
    std::string_view gpu;
    double flops;
    std::string_view source;
};

// Dense FP8 (e4m3) tensor-core peaks. Datasheets state FP8 with 2:4 sparsity; dense is half. A100 and
// older have no FP8 tensor cores (NVIDIA A100 datasheet: FP16, BF16, TF32, INT8).
constexpr std::array kFp8Peaks{
    Fp8Peak{"h100-sxm-80gb", 1979e12,
            "NVIDIA H100 datasheet (3,958 TFLOP/s FP8 with sparsity, half without)"},
    Fp8Peak{"h100-pcie-80gb", 1513e12,
            "NVIDIA H100 datasheet (3,026 TFLOP/s FP8 with sparsity for H100 PCIe, half without)"},
    Fp8Peak{"h200-141gb", 1979e12,
            "NVIDIA H200 product brief (3,958 TFLOP/s FP8 with sparsity, half without)"},
    Fp8Peak{"b200-180gb", 4500e12,
            "NVIDIA HGX B200 specifications (72 PFLOP/s FP8 with sparsity for 8 GPUs: 4.5 PFLOP/s dense per "
            "GPU)"},
};

} // namespace

GpuPeaks gpuPeaks(const GpuSpec& gpu)
{
    GpuPeaks peaks;
    peaks.bf16Flops = gpu.bf16Flops;
    peaks.hbmBandwidth = gpu.hbmBandwidth;
    for (const Fp8Peak& entry : kFp8Peaks)
        if (entry.gpu == gpu.id) {
            peaks.fp8Flops = entry.flops;
            peaks.fp8Source = entry.source;
        }
    return peaks;
}

} // namespace core
