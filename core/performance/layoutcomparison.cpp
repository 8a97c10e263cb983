// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/layoutcomparison.h"

#include "base/diagnostic.h"
#include "framework/frameworkprofile.h"
#include "pipeline/hostlaunch.h"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

namespace core {

namespace {

// The architecture without its names: a preset and the same model entered by hand compare as one.
bool sameArchitecture(ModelArchitecture a, ModelArchitecture b)
{
    for (ModelArchitecture* m : {&a, &b}) {
        m->preset.clear();
        m->name.clear();
        m->source.clear();
    }
    return a == b;
}

// The GPU types and links of the GPUs in service: the pairs ran each on one kind of machine.
std::tuple<std::set<std::string>, std::set<std::string>, std::string> machines(const Cluster& cluster)
{
    std::set<std::string> gpus;
    std::set<std::string> links;
    for (const Node& node : cluster.nodes)
        for (const Gpu& gpu : node.gpus)
            if (gpu.inService) {
                gpus.insert(gpu.type);
                links.insert(node.intraLink);
            }
    return {gpus, links, cluster.fabric};
}

} // namespace

double pairTolerance(PairEvidence evidence)
{
    switch (evidence) {
    case PairEvidence::None:
        return 0;
    case PairEvidence::MegatronLayouts:
        return 0.05; // 4.9 %: Llama 3.1 405B on GB200, FP8-CS at VP 4 against MXFP8 at VP 8 (26.06)
    case PairEvidence::MegatronEagerMoe:
        return 0.18; // 17.7 %: Qwen3 30B-A3B on H100, HybridEP in FP8 against alltoall in BF16, eager
    case PairEvidence::TorchtitanLayouts:
        return 0.12; // 11.0 %: Llama 3 8B on 64 H100, asynchronous against vanilla TP in bfloat16
    case PairEvidence::TorchtitanContext:
        return 0.35; // 34.4 %: Llama 3.1 8B on 8 H100, 128K tokens at CP 4 against 64K at CP 2
    }
    return 0;
}

PairKind pairKind(const Design& a, const Design& b)
{
    const auto gap = [](PairGap why) { return PairKind{PairEvidence::None, why}; };
    if (a.workload.mode != Mode::Training || b.workload.mode != Mode::Training)
        return gap(PairGap::Serving);
    if (!sameArchitecture(a.model, b.model))
        return gap(PairGap::Model);
    if (machines(a.cluster) != machines(b.cluster))
        return gap(PairGap::Machines);
    const Framework framework = frameworkOf(a);
    if (framework != frameworkOf(b))
        return gap(PairGap::Framework);
    const bool sameContext
        = a.workload.sequenceLength == b.workload.sequenceLength && a.layout.cp() == b.layout.cp();
    switch (framework) {
    case Framework::MegatronCore:
        // Every Megatron pair kept its context length and CP degree (CP 2 at most).
        if (!sameContext)
            return gap(PairGap::Context);
        return {eagerMoeLayersWaitForHost(a) || eagerMoeLayersWaitForHost(b) ? PairEvidence::MegatronEagerMoe
                                                                             : PairEvidence::MegatronLayouts,
                PairGap::None};
    case Framework::Fsdp2:
        return {sameContext ? PairEvidence::TorchtitanLayouts : PairEvidence::TorchtitanContext,
                PairGap::None};
    default:
        return gap(PairGap::Unpublished); // DeepSpeed; serving engines left above
    }
}

LayoutComparison compareLayouts(const Design& faster, double fasterTokensPerGpu, const Design& slower,
                                double slowerTokensPerGpu)
{
    LayoutComparison c;
    c.ratio = slowerTokensPerGpu > 0 ? std::max(1.0, fasterTokensPerGpu / slowerTokensPerGpu) : 1.0;
    const PairKind kind = pairKind(faster, slower);
    c.evidence = kind.evidence;
    c.gap = kind.gap;
    c.tolerance = pairTolerance(c.evidence);
    return c;
}

VerdictText comparisonVerdict(const LayoutComparison& comparison)
{
    if (comparison.evidence == PairEvidence::None)
        return {MW_TR_NOOP("Comparison", "Not known whether the order holds"),
                MW_TR_NOOP("Comparison",
                           "no published pair of runs %1; the step's explanation says how far single "
                           "runs were from the model.")};
    if (comparison.decided())
        return {MW_TR_NOOP("Comparison", "The order holds"),
                MW_TR_NOOP("Comparison", "between published %1 the model's ratio was at most %2 off.")};
    return {MW_TR_NOOP("Comparison", "Too close for the model to decide"),
            MW_TR_NOOP("Comparison", "between published %1 its ratio was up to %2 off; measure both.")};
}

const char* pairEvidenceWords(PairEvidence evidence)
{
    switch (evidence) {
    case PairEvidence::MegatronLayouts:
        return MW_TR_NOOP("Comparison", "Megatron-Core layouts of one model on the same GPUs");
    case PairEvidence::MegatronEagerMoe:
        return MW_TR_NOOP("Comparison",
                          "Megatron-Core layouts of one MoE model on the same GPUs, launched eagerly");
    case PairEvidence::TorchtitanLayouts:
        return MW_TR_NOOP("Comparison", "torchtitan layouts of one model on the same GPUs");
    case PairEvidence::TorchtitanContext:
        return MW_TR_NOOP("Comparison", "torchtitan runs that changed the context length with CP");
    case PairEvidence::None:
        break;
    }
    return "";
}

const char* pairGapWords(PairGap gap)
{
    switch (gap) {
    case PairGap::Serving:
        return MW_TR_NOOP("Comparison", "compares serving designs");
    case PairGap::Model:
        return MW_TR_NOOP("Comparison", "compares two models");
    case PairGap::Machines:
        return MW_TR_NOOP("Comparison", "compares different GPUs, links or fabrics");
    case PairGap::Framework:
        return MW_TR_NOOP("Comparison", "compares two frameworks");
    case PairGap::Context:
        return MW_TR_NOOP("Comparison", "of Megatron-Core changed the context length or the CP degree");
    case PairGap::Unpublished:
        return MW_TR_NOOP("Comparison", "ran DeepSpeed");
    case PairGap::None:
        break;
    }
    return "";
}

SearchTies searchTies(const Design& searched, const SearchResult& result)
{
    SearchTies ties;
    if (searched.workload.mode != Mode::Training || result.candidates.empty())
        return ties;
    const auto fastest = std::max_element(result.candidates.begin(), result.candidates.end(),
                                          [](const SearchCandidate& a, const SearchCandidate& b) {
                                              return a.tokensPerSecond < b.tokensPerSecond;
                                          });
    const Design best = withCandidate(searched, *fastest);
    // No tolerance exceeds the largest kind's: candidates further behind need no design built.
    const double widest = pairTolerance(PairEvidence::TorchtitanContext);
    for (auto c = result.candidates.begin(); c != result.candidates.end(); ++c) {
        if (c == fastest || c->tokensPerSecond <= 0
            || fastest->tokensPerSecond > (1 + widest) * c->tokensPerSecond)
            continue;
        const LayoutComparison comparison
            = compareLayouts(best, fastest->tokensPerSecond, withCandidate(searched, *c), c->tokensPerSecond);
        if (comparison.evidence != PairEvidence::None && !comparison.decided()) {
            ++ties.undecided;
            ties.tolerance = std::max(ties.tolerance, comparison.tolerance);
        }
    }
    return ties;
}

} // namespace core
