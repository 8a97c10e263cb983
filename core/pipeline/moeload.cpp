// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/moeload.h"

#include "base/units.h"

#include <algorithm>

namespace core {

namespace {

// Routed copies of each token: top-k, times the capacity factor when one is set (with drop-and-pad every
// expert holds its capacity, Megatron's permute with drop_and_pad; the memory model counts the same).
double copiesPerToken(const Design& design)
{
    const double c = design.workload.moeCapacityFactor;
    return static_cast<double>(design.model.moe.topK) * (c > 0 ? c : 1.0);
}

constexpr double kValueBytes = 2; // BF16 activations: the dispatcher permutes before any FP8 cast

} // namespace

MoeLoad moeLoad(const Design& design)
{
    MoeLoad load;
    const MoeConfig& moe = design.model.moe;
    if (!moe.isMoe())
        return load;
    load.localExperts = std::max(1.0, static_cast<double>(moe.experts) / std::max(1, design.layout.ep()));
    const double c = design.workload.moeCapacityFactor;
    const double s = design.workload.moeExpertLoadSkew;
    load.capacityFactor = c;
    load.measuredSkew = s;
    if (c > 0 && s <= 0) {
        load.expert = c;
        load.rank = c;
        load.basis = MoeLoadBasis::CapacityFactor;
        return load;
    }
    if (s <= 0)
        return load;
    load.expert = c > 0 ? std::min(s, c) : s;
    load.rank = 1 + (load.expert - 1) / load.localExperts;
    load.basis = c > 0 && c < s ? MoeLoadBasis::SkewWithinCapacity : MoeLoadBasis::MeasuredSkew;
    return load;
}

MoePermutationBytes moePermutationBytes(const Design& design, double tokens, const MoeLoad& load)
{
    MoePermutationBytes out;
    if (!design.model.moe.isMoe())
        return out;
    const double h = static_cast<double>(design.model.hidden);
    const double a = tokens * copiesPerToken(design) * h * kValueBytes;
    const double x = tokens * h * kValueBytes;
    const bool sortsChunks = design.layout.ep() > 1 && load.localExperts > 1;
    const double sort = sortsChunks ? 2 * a * load.rank : 0.0;
    out.permuteForward = 2 * a + sort;
    out.unpermuteForward = a + x + sort;
    out.unpermuteBackward = 3 * a + sort;
    out.permuteBackward = a + x + sort;
    return out;
}

double moeRoutedCopyBytes(const Design& design, double tokens)
{
    if (!design.model.moe.isMoe())
        return 0;
    return 2 * tokens * copiesPerToken(design) * static_cast<double>(design.model.hidden) * kValueBytes;
}

std::string describeMoeLoad(const MoeLoad& load)
{
    const std::string rank = "busiest EP rank " + formatNumber(load.rank) + " × the mean tokens";
    switch (load.basis) {
    case MoeLoadBasis::Balanced:
        return rank + " (dropless, balanced routing: no measured skew set)";
    case MoeLoadBasis::CapacityFactor:
        return rank + " (every expert at its capacity, factor " + formatNumber(load.capacityFactor) + ")";
    case MoeLoadBasis::MeasuredSkew:
        return rank + " (busiest expert " + formatNumber(load.expert) + " × the mean as measured, the other "
            + formatNumber(load.localExperts - 1) + " on its rank at the mean)";
    case MoeLoadBasis::SkewWithinCapacity:
        return rank + " (busiest expert capped at its capacity, factor "
            + formatNumber(load.capacityFactor) + ", below the measured skew " + formatNumber(load.measuredSkew)
            + ")";
    }
    return rank;
}

} // namespace core
