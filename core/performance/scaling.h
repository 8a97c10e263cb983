// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Strong and weak scaling of a training design: its layout with more data-parallel replicas, on as many
// nodes of its own kind as they need, through the full evaluation. A scaling efficiency means nothing
// without its baseline and denominator (the reference article, «Was Sie für jedes Layout erfassen
// sollten»), so every curve carries both.
//
//  weak:   the batch per replica stays the design's; the global batch grows with DP.
//  strong: the global batch stays the design's; each replica gets a smaller share (DP must divide it).
// Efficiency(N) = (throughput(N) / N) / (throughput(N₀) / N₀), N₀ the smallest point that runs.

#include "catalog/catalog.h"
#include "design/design.h"

#include <string>
#include <vector>

namespace core {

enum class ScalingKind { Weak, Strong };

template<> struct EnumNames<ScalingKind>
{
    static constexpr std::array table{std::pair{ScalingKind::Weak, std::string_view{"weak"}},
                                      std::pair{ScalingKind::Strong, std::string_view{"strong"}}};
};

struct ScalingPoint
{
    int dp = 1;
    int gpus = 0;
    std::int64_t globalBatch = 0;
    bool runs = false; // valid, fits, and has a step time
    double stepSeconds = 0;
    double tokensPerSecond = 0;
    double mfu = 0;
    double efficiency = 0; // against the baseline; 0 when it does not run
};

struct ScalingCurve
{
    ScalingKind kind = ScalingKind::Weak;
    std::vector<ScalingPoint> points; // DP 1, 2, 4, … up to maxGpus
    int baseline = -1; // index of N₀, or -1 when no point runs
    std::string denominator; // what the efficiency divides by, in words
};

ScalingCurve scalingCurve(const Design& design, ScalingKind kind, int maxGpus,
                          const Catalog& catalog = Catalog::builtin());

} // namespace core
