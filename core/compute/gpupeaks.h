// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The peaks a kernel time is measured against: a GPU's dense BF16 and FP8 tensor-core throughput and its
// HBM bandwidth, all from the GPU preset (catalog/hardware.h, resources/presets/gpus.json) with its source.

#include "catalog/hardware.h"
#include "compute/kerneltable.h"

#include <string>

namespace core {

struct GpuPeaks
{
    double bf16Flops = 0; // dense, FLOP/s
    double fp8Flops = 0; // dense, FLOP/s; 0 when the GPU has no FP8 tensor cores or none is known
    double hbmBandwidth = 0; // bytes/s
    double hbmEfficiency = 0; // the share of it a streaming kernel reaches (hbmEfficiency below)
    std::string fp8Source; // where the FP8 peak comes from (the preset's source); empty without one

    bool hasFp8() const { return fp8Flops > 0; }
    // The dense peak a GEMM of this operand type runs against; FP8 without FP8 tensor cores runs as BF16.
    double flops(GemmDtype dtype) const
    {
        return dtype == GemmDtype::Fp8E4m3 && hasFp8() ? fp8Flops : bf16Flops;
    }
};

GpuPeaks gpuPeaks(const GpuSpec& gpu);

// The share of the nominal HBM bandwidth a kernel that streams memory reaches (norms, activations, casts,
// a GEMM too thin to reuse its operands). The public H100 rows hold such a GEMM: 4 × (256 × 4096) ·
// (4096 × 4096) in BF16 moves 151 MB in 52 µs, 87 % of 3.35 TB/s (docs/kernel-model.md). A GPU whose
// preset measured its own (GpuSpec::hbmEfficiency: B200's same row reaches 68 %) takes that.
inline constexpr double kHbmEfficiency = 0.85;
double hbmEfficiency(const GpuSpec& gpu);
// Where that share comes from, for explanations.
std::string hbmEfficiencySource(const GpuSpec& gpu);

// No kernel is shorter: the smallest GEMMs of the public tables (256³) take 4.8–5.6 µs on H100 and B200,
// whatever their data type: a kernel's launch, fill and drain.
inline constexpr double kMinKernelSeconds = 5e-6;

} // namespace core
