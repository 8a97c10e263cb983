// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace core {

// A design's own compute constants. The step time prices kernels from measured tables (the kernel model,
// docs/kernel-model.md); of these numbers it uses:
//  - gemmEfficiency (η_max, per GPU type in gemmEfficiencyByGpu) as a scale on every GEMM and attention time,
//    0.70 / η_max: the default leaves the kernel model as measured, a value fitted to measured layer times
//    (calibrate-compute) slows or speeds every kernel alike;
//  - elementwisePasses: HBM bytes moved per byte a layer saves for backward, forward (layerkernels.h).
// gemmHalfWidth and the efficiency curve η(n) = η_max · n / (n + n_half) are the model before the kernel
// tables (chosen against Narayanan et al. 2021 Table 1 and Korthikanti et al. 2022 Table 5); the serving
// model still uses them for prefill.
inline constexpr double kDefaultGemmEfficiency = 0.70;

struct ComputeModel
{
    double gemmEfficiency
        = kDefaultGemmEfficiency; // η_max: large BF16 GEMMs inside a training step (cuBLAS alone reaches ~75-80 %)
    double gemmHalfWidth = 150; // n_half, in hidden units per GPU
    double elementwisePasses = 2.0; // HBM bytes moved per byte saved, forward

    // η_max of one GPU type (a GPU preset id) in place of gemmEfficiency, for clusters of several kinds or a
    // type measured on its own; the others keep gemmEfficiency.
    std::map<std::string, double, std::less<>> gemmEfficiencyByGpu;

    double efficiency(double widthPerGpu) const { return curve(gemmEfficiency, widthPerGpu); }
    double efficiency(double widthPerGpu, std::string_view gpu) const
    {
        const auto it = gemmEfficiencyByGpu.find(gpu);
        return curve(it != gemmEfficiencyByGpu.end() ? it->second : gemmEfficiency, widthPerGpu);
    }
    double gemmEfficiencyFor(std::string_view gpu) const
    {
        const auto it = gemmEfficiencyByGpu.find(gpu);
        return it != gemmEfficiencyByGpu.end() ? it->second : gemmEfficiency;
    }
    // What the step time multiplies the kernel model's GEMM and attention times with on a GPU type: 1 with
    // the default η_max, 0.70 / η_max for a design's own (calibrate-compute fits it to measured layer
    // times), so that a fitted η_max still scales every kernel.
    double kernelTimeScale(std::string_view gpu) const
    {
        const double eta = gemmEfficiencyFor(gpu);
        return eta > 0 ? kDefaultGemmEfficiency / eta : 1.0;
    }
    double curve(double etaMax, double widthPerGpu) const
    {
        return widthPerGpu > 0 ? etaMax * widthPerGpu / (widthPerGpu + gemmHalfWidth) : etaMax;
    }
    // Where the numbers come from when a design carries its own (calibrated from measured layer times).
    std::string source;
    bool operator==(const ComputeModel&) const = default;
};

} // namespace core
