// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace core {

// How fast a layer's kernels run. Two kinds of work, each with its own limit (a roofline in two parts):
//  - matrix products (the linear layers and the attention products) run at the GPU's dense BF16 peak
//    times an efficiency that grows with the width each GPU multiplies, n = hidden / TP: small GEMMs
//    lose to tile and wave quantisation. η(n) = η_max · n / (n + n_half).
//  - elementwise work (norms, activations, softmax, dropout, residuals, casts) is bound by HBM: its
//    traffic is `elementwisePasses` times the bytes the layer saves for backward (the memory model's
//    activations, Korthikanti et al. §4), at the GPU's HBM bandwidth; backward moves twice as much.
// The three numbers are chosen once against published runs (Narayanan et al., Megatron-LM, SC 2021,
// Table 1; Korthikanti et al. 2022, Table 5), not per run; README "Performance model" tabulates predicted
// against published.
struct ComputeModel
{
    double gemmEfficiency
        = 0.70; // η_max: large BF16 GEMMs inside a training step (cuBLAS alone reaches ~75-80 %)
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
    double curve(double etaMax, double widthPerGpu) const
    {
        return widthPerGpu > 0 ? etaMax * widthPerGpu / (widthPerGpu + gemmHalfWidth) : etaMax;
    }
    // Where the numbers come from when a design carries its own (calibrated from measured layer times).
    std::string source;
    bool operator==(const ComputeModel&) const = default;
};

} // namespace core
