// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Whether the model decides between two layouts. A design review picks the faster of two candidates; the
// model's ratio between them is only as good as it was on published runs that differed the same way. Pairs
// of such runs, each held out (docs/kernel-model.md, "Choosing between layouts" and "What the candidates
// say of two layouts"): Megatron-LM's through NeMo and Megatron-Bridge on H100, B200, B300 and GB200
// (tst_heldouttoday layoutChoices), torchtitan's on H100 and torchao's on B200 (tst_heldouttorchtitan
// layoutPairs). Those tests hold every pair within the tolerance its kind states here, and each tolerance to
// the largest miss of its kind, rounded up to a whole percent (tests/support/pairmisses.h).

#include "base/enumnames.h"
#include "design/design.h"
#include "performance/search.h"

namespace core {

enum class PairEvidence {
    None, // no published pair compares such designs: other models, GPUs, links, frameworks, or serving
    MegatronLayouts, // Megatron-Core, the same model, GPUs and context: layouts, precisions, global batches
    MegatronEagerMoe, // the same, either design's MoE layers launched eagerly (pipeline/hostlaunch.h)
    TorchtitanLayouts, // FSDP2 (torchtitan), the same model, GPUs and context: schedules, scale, FP8
    TorchtitanContext, // FSDP2 with the context length or CP degree changed
};

// Their names in meshwright-cli compare's JSON.
template<> struct EnumNames<PairEvidence>
{
    static constexpr std::array table{
        std::pair{PairEvidence::None, std::string_view{"none"}},
        std::pair{PairEvidence::MegatronLayouts, std::string_view{"megatron-layouts"}},
        std::pair{PairEvidence::MegatronEagerMoe, std::string_view{"megatron-eager-moe"}},
        std::pair{PairEvidence::TorchtitanLayouts, std::string_view{"torchtitan-layouts"}},
        std::pair{PairEvidence::TorchtitanContext, std::string_view{"torchtitan-context"}}};
};

// The largest miss |model's ratio / runs' ratio − 1| in the published pairs of the kind, rounded up to a
// whole percent; 0 for None.
double pairTolerance(PairEvidence evidence);

// Why no published pair speaks for a comparison: what the two designs differ in that no pair did.
enum class PairGap {
    None, // evidence found
    Serving, // either design serves: the pairs trained
    Model, // other architectures
    Machines, // other GPU types, links in the nodes or fabric
    Framework, // other frameworks
    Context, // Megatron-Core with another context length or CP degree: no published pair changed them
    Unpublished, // a framework without published pairs (DeepSpeed)
};

template<> struct EnumNames<PairGap>
{
    static constexpr std::array table{std::pair{PairGap::None, std::string_view{"none"}},
                                      std::pair{PairGap::Serving, std::string_view{"serving"}},
                                      std::pair{PairGap::Model, std::string_view{"model"}},
                                      std::pair{PairGap::Machines, std::string_view{"machines"}},
                                      std::pair{PairGap::Framework, std::string_view{"framework"}},
                                      std::pair{PairGap::Context, std::string_view{"context"}},
                                      std::pair{PairGap::Unpublished, std::string_view{"unpublished"}}};
};

struct PairKind
{
    PairEvidence evidence = PairEvidence::None;
    PairGap gap = PairGap::None;
};

// Which published pairs speak for comparing `a` with `b`, or why none does.
PairKind pairKind(const Design& a, const Design& b);

struct LayoutComparison
{
    double ratio = 1; // the faster design's tokens per second a GPU over the slower's, ≥ 1
    PairEvidence evidence = PairEvidence::None;
    PairGap gap = PairGap::None;
    double tolerance = 0; // pairTolerance(evidence)
    // The order holds in every published pair of the kind: the runs' ratio, at most `tolerance` from the
    // model's, would still favour the faster design.
    bool decided() const { return evidence != PairEvidence::None && ratio > 1 + tolerance; }
    // As fast to a twentieth of a per cent, what a share with one decimal shows as 0.0 %: the same design
    // twice, say, which the views say in so many words instead of "0.0 % more".
    bool asFast() const { return ratio < 1 + 5e-4; }
};

// The comparison of two evaluated training designs by their throughput a GPU (tokens per second over GPUs
// in service), which is the inverse step time when both run the same batch on as many GPUs.
LayoutComparison compareLayouts(const Design& faster, double fasterTokensPerGpu, const Design& slower,
                                double slowerTokensPerGpu);

// The comparison in words, marked for translation (context "Comparison"; the GUI translates, the command line
// prints them as they are): a headline and a sentence whose %1 names the pairs (pairEvidenceWords) or what no
// pair compared (pairGapWords) and %2 the tolerance in per cent. "The order holds", "Too close for the model
// to decide", "Not known whether the order holds".
struct VerdictText
{
    const char* headline;
    const char* detail;
};
VerdictText comparisonVerdict(const LayoutComparison& comparison);
const char* pairEvidenceWords(PairEvidence evidence); // "" for None
const char* pairGapWords(PairGap gap); // "" for None

// The search's candidates the model does not tell from its fastest (the most tokens a second): those a
// published pair of their kind speaks for, against the fastest, whose throughput lies within its tolerance.
// Candidates no pair speaks for (another CP degree under Megatron-Core, say) are not counted.
struct SearchTies
{
    int undecided = 0; // candidates besides the fastest
    double tolerance = 0; // the largest tolerance among them
};
SearchTies searchTies(const Design& searched, const SearchResult& result);

} // namespace core
