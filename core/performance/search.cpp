// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/search.h"

#include "base/diagnostickinds.h"
#include "base/sizelimits.h"
#include "design/validate.h"
#include "evaluate.h"

#include <algorithm>
#include <optional>

namespace core {

namespace {

struct Degrees
{
    int tp = 1, cp = 1, ep = 1, pp = 1, dp = 1;
};

std::vector<int> powersOfTwoUpTo(std::int64_t limit)
{
    std::vector<int> out;
    for (std::int64_t x = 1; x <= limit; x *= 2)
        out.push_back(static_cast<int>(x));
    return out;
}

int largestNode(const Cluster& cluster)
{
    int largest = 0;
    for (const Node& node : cluster.nodes)
        largest = std::max(largest,
                           static_cast<int>(std::count_if(node.gpus.begin(), node.gpus.end(),
                                                          [](const Gpu& g) { return g.inService; })));
    return largest;
}

// The degrees that fill `world` GPUs, bounded by the reference article's topology recipe.
std::vector<Degrees> enumerateDegrees(const Design& design, const SearchSpace& space, int world)
{
    const ModelArchitecture& m = design.model;
    const bool separateEp = design.layout.expertMode == ExpertMode::Separate;
    std::vector<int> cps{1};
    if (design.workload.mode == Mode::Training && design.workload.sequenceLength >= space.cpFromSequence)
        cps = powersOfTwoUpTo(16);
    std::vector<int> eps{1};
    if (m.moe.isMoe())
        for (int ep : powersOfTwoUpTo(m.moe.experts))
            if (ep > 1 && m.moe.experts % ep == 0)
                eps.push_back(ep);
    std::vector<Degrees> out;
    for (int tp : powersOfTwoUpTo(std::max(largestNode(design.cluster), 1)))
        for (int cp : cps)
            for (int ep : eps) {
                const std::int64_t split = std::int64_t{tp} * cp * (separateEp ? ep : 1);
                if (world % split != 0)
                    continue;
                const std::int64_t rest = world / split;
                for (std::int64_t pp = 1; pp <= std::min<std::int64_t>(rest, m.layers); ++pp) {
                    if (rest % pp != 0)
                        continue;
                    const int dp = static_cast<int>(rest / pp);
                    if (!separateEp && (std::int64_t{dp} * cp) % ep != 0)
                        continue; // Megatron's EP is carved out of DP × CP
                    out.push_back({tp, cp, ep, static_cast<int>(pp), dp});
                }
            }
    return out;
}

std::string linkName(const Catalog& catalog, const std::string& id)
{
    const LinkSpec* link = catalog.link(id);
    return link ? link->name : id;
}

// The reference article's topology recipe, said for one candidate: where each group runs and why.
std::string recipeOf(const Design& design, const ParallelLayout& l, const Catalog& catalog)
{
    const int perNode = std::max(largestNode(design.cluster), 1);
    const std::string intra = design.cluster.nodes.empty()
        ? std::string("the node's link")
        : linkName(catalog, design.cluster.nodes.front().intraLink);
    const std::string fabric = linkName(catalog, design.cluster.fabric);
    std::string text;
    auto sentence = [&text](const std::string& s) {
        if (!text.empty())
            text += ' ';
        text += s;
    };
    if (l.tp() > 1) {
        std::string s = "TP ";
        s += std::to_string(l.tp());
        s += l.tp() <= perNode ? " inside one node over " + intra + " (the fastest domain)."
                               : " spans nodes: its all-reduces cross " + fabric + ".";
        sentence(s);
    }
    if (l.cp() > 1) {
        std::string s = "CP ";
        s += std::to_string(l.cp());
        s += " splits the ";
        s += std::to_string(design.workload.sequenceLength);
        s += "-token sequence.";
        sentence(s);
    }
    if (l.ep() > 1) {
        std::string s = "EP ";
        s += std::to_string(l.ep());
        s += " spreads the ";
        s += std::to_string(design.model.moe.experts);
        s += " experts.";
        sentence(s);
    }
    if (l.dp() > 1 && design.workload.mode == Mode::Serving) {
        std::string s = std::to_string(l.dp());
        s += " independent replicas serve their own requests: throughput adds up, latency stays.";
        sentence(s);
    } else if (l.dp() > 1) {
        std::string s = "DP ";
        s += std::to_string(l.dp());
        static constexpr std::array kZero{
            " replicates the model (DDP).", " with ZeRO-1 shards the optimizer.",
            " with ZeRO-2 shards optimizer and gradients.", " with FSDP (ZeRO-3) shards all model states."};
        s += kZero[static_cast<std::size_t>(std::clamp(l.zeroStage, 0, 3))];
        sentence(s);
    }
    if (l.pp() > 1 && design.workload.mode == Mode::Serving) {
        std::string s = "PP ";
        s += std::to_string(l.pp());
        s += " holds a larger model, but a token passes its stages in turn: it adds latency, not speed.";
        sentence(s);
    } else if (l.pp() > 1) {
        std::string s = "PP ";
        s += std::to_string(l.pp());
        s += l.virtualStages > 1 ? " (interleaved, " + std::to_string(l.virtualStages) + " chunks per rank)"
                                 : " (1F1B)";
        s += " sends only activations between stages, so it may cross " + fabric + ".";
        sentence(s);
    }
    if (l.recompute != Recompute::None)
        sentence(l.recompute == Recompute::Full ? "Full recomputation to fit the activations."
                                                : "Selective recomputation of attention.");
    return text.empty() ? std::string("One GPU holds the whole model.") : text;
}

// Past limits::kMaxSearchCombinations the search would run for minutes: refused at once, before anything
// is evaluated.
std::optional<Diagnostic> tooManyCombinations(std::size_t tuples, const SearchSpace& space, bool training)
{
    const auto count = [&](std::size_t n) { return training ? std::int64_t(n) : std::int64_t{1}; };
    const std::int64_t combinations = std::int64_t(tuples) * count(space.zeroStages.size())
        * count(space.microBatches.size()) * count(space.virtualStages.size()) * count(space.recompute.size());
    if (combinations <= limits::kMaxSearchCombinations)
        return std::nullopt;
    return makeDiagnostic(diag::kValueRange, "",
                          {"The layouts to search", "1", std::to_string(limits::kMaxSearchCombinations),
                           std::to_string(combinations)});
}

} // namespace

Design withCandidate(const Design& design, const SearchCandidate& candidate)
{
    Design out = design;
    out.layout = candidate.layout;
    out.placement.clear();
    return out;
}

SearchResult searchMeshes(const Design& design, const SearchSpace& space, const SearchProgress& progress,
                          const Catalog& catalog)
{
    SearchResult result;
    const int world = design.cluster.inServiceGpuCount();
    const std::vector<Degrees> tuples = enumerateDegrees(design, space, world);
    const bool training = design.workload.mode == Mode::Training;
    // What no layout changes is checked once; an error there ends the search before it starts.
    std::vector<Diagnostic> fixed;
    const bool modelValid = validateFixedParts(design, catalog, fixed);
    if (hasErrors(fixed)) {
        result.diagnostics = std::move(fixed);
        return result;
    }
    if (std::optional<Diagnostic> tooMany = tooManyCombinations(tuples.size(), space, training)) {
        result.diagnostics.push_back(std::move(*tooMany));
        return result;
    }
    int done = 0;
    for (const Degrees& t : tuples) {
        Design variant = design;
        variant.placement.clear();
        ParallelLayout& l = variant.layout;
        l.setDegree(Dim::Tp, t.tp);
        l.setDegree(Dim::Cp, t.cp);
        l.setDegree(Dim::Ep, t.ep);
        l.setDegree(Dim::Pp, t.pp);
        l.setDegree(Dim::Dp, t.dp);
        l.sequenceParallel = t.tp > 1;
        l.layersPerStage.clear();
        l.shardGroup = 0;
        l.expertTp = 0;
        MeshEvaluation mesh = evaluateMesh(variant, catalog);
        Evaluation& e = mesh.evaluation;
        for (int zero : training ? space.zeroStages : std::vector<int>{0})
            for (int mb : training ? space.microBatches : std::vector<int>{1})
                for (int v : training ? space.virtualStages : std::vector<int>{1})
                    for (Recompute recompute :
                         training ? space.recompute : std::vector<Recompute>{Recompute::None}) {
                        if (v > 1 && t.pp == 1)
                            continue;
                        ++result.enumerated;
                        if (!mesh.checks.meshPossible) {
                            ++result.invalid;
                            continue;
                        }
                        l.zeroStage = zero;
                        l.microBatch = mb;
                        l.virtualStages = v;
                        l.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
                        l.recompute = recompute;
                        // The mesh half's figures are for the first variant; re-validate this one.
                        e.diagnostics = fixed;
                        validateLayoutParts(variant, modelValid, e.diagnostics);
                        e.diagnostics.insert(e.diagnostics.end(), mesh.placementDiagnostics.begin(),
                                             mesh.placementDiagnostics.end());
                        e.microBatches = microBatchesPerStep(variant);
                        e.memory.reset();
                        e.traffic.reset();
                        e.schedule.reset();
                        e.performance.reset();
                        e.serving.reset();
                        if (hasErrors(e.diagnostics)) {
                            ++result.invalid;
                            continue;
                        }
                        evaluateFigures(variant, mesh, e, FigureOptions{false, true});
                        if (!e.memory || !e.memory->fits) {
                            ++result.notFitting;
                            continue;
                        }
                        if (training ? !e.performance : !e.serving) {
                            ++result.invalid; // a rule of the timeline, or a schedule too large to simulate
                            continue;
                        }
                        SearchCandidate c;
                        c.layout = l;
                        if (training) {
                            const Performance& p = *e.performance;
                            c.stepSeconds = p.stepSeconds;
                            c.tokensPerSecond = p.tokensPerSecond;
                            c.mfu = p.mfu;
                            c.hfu = p.hfu;
                            c.bubbleFraction = p.bubbleFraction;
                            c.exposed = p.exposed;
                        } else {
                            // Serving: a step is one token of every sequence in flight.
                            c.stepSeconds = e.serving->interTokenLatency;
                            c.tokensPerSecond = e.serving->groupTokensPerSecond;
                            c.timeToFirstToken = e.serving->timeToFirstToken;
                        }
                        c.peakBytes = e.memory->peakBytes;
                        c.capacityBytes = e.memory->roleOf(e.memory->peakRank).capacityBytes;
                        c.warnings = static_cast<int>(std::count_if(
                            e.diagnostics.begin(), e.diagnostics.end(),
                            [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
                        result.candidates.push_back(std::move(c));
                    }
        ++done;
        if (progress && !progress(done, static_cast<int>(tuples.size()))) {
            result.cancelled = true;
            break;
        }
    }
    // Most tokens per second first: for training the same order as the shortest step (the batch is
    // fixed), for serving the throughput of the whole group.
    std::sort(result.candidates.begin(), result.candidates.end(),
              [](const SearchCandidate& a, const SearchCandidate& b) {
                  if (a.tokensPerSecond != b.tokensPerSecond)
                      return a.tokensPerSecond > b.tokensPerSecond;
                  return a.peakBytes < b.peakBytes;
              });
    // Only the candidates anyone reads get their recipe.
    for (std::size_t i = 0; i < std::min<std::size_t>(result.candidates.size(), 1000); ++i)
        result.candidates[i].recipe = recipeOf(design, result.candidates[i].layout, catalog);
    return result;
}

std::vector<std::pair<Field, FieldValue>> candidateFieldEdits(const SearchCandidate& candidate)
{
    const ParallelLayout& l = candidate.layout;
    auto integer = [](int v) { return FieldValue{std::int64_t{v}}; };
    return {{Field::LayersPerStage, FieldValue{std::string()}},
            {Field::Tp, integer(l.tp())},
            {Field::Cp, integer(l.cp())},
            {Field::Ep, integer(l.ep())},
            {Field::Dp, integer(l.dp())},
            {Field::Pp, integer(l.pp())},
            {Field::ShardGroup, integer(l.shardGroup)},
            {Field::ExpertTp, integer(l.expertTp)},
            {Field::ZeroStage, integer(l.zeroStage)},
            {Field::SequenceParallel, FieldValue{l.sequenceParallel}},
            {Field::MicroBatch, integer(l.microBatch)},
            {Field::Schedule, FieldValue{std::string(enumName(l.schedule))}},
            {Field::VirtualStages, integer(l.virtualStages)},
            {Field::Recompute, FieldValue{std::string(enumName(l.recompute))}}};
}

Json searchToJson(const SearchResult& result, std::size_t top)
{
    Json candidates = Json::array();
    for (std::size_t i = 0; i < std::min(top, result.candidates.size()); ++i) {
        const SearchCandidate& c = result.candidates[i];
        const ParallelLayout& l = c.layout;
        candidates.push_back({{"rank", i + 1},
                              {"tp", l.tp()},
                              {"pp", l.pp()},
                              {"dp", l.dp()},
                              {"cp", l.cp()},
                              {"ep", l.ep()},
                              {"zeroStage", l.zeroStage},
                              {"microBatch", l.microBatch},
                              {"schedule", std::string(enumName(l.schedule))},
                              {"virtualStages", l.virtualStages},
                              {"recompute", std::string(enumName(l.recompute))},
                              {"sequenceParallel", l.sequenceParallel},
                              {"stepSeconds", c.stepSeconds},
                              {"tokensPerSecond", c.tokensPerSecond},
                              {"mfu", c.mfu},
                              {"hfu", c.hfu},
                              {"bubbleFraction", c.bubbleFraction},
                              {"exposedCommSeconds", exposedToJson(c.exposed)},
                              {"peakBytes", c.peakBytes},
                              {"capacityBytes", c.capacityBytes},
                              {"warnings", c.warnings},
                              {"recipe", c.recipe}});
        if (c.timeToFirstToken > 0) {
            candidates.back()["timeToFirstTokenSeconds"] = c.timeToFirstToken;
            candidates.back()["interTokenLatencySeconds"] = c.stepSeconds;
        }
    }
    return {{"format", "meshwright.search"},   {"version", 1},
            {"enumerated", result.enumerated}, {"invalid", result.invalid},
            {"notFitting", result.notFitting}, {"fitting", result.candidates.size()},
            {"cancelled", result.cancelled},   {"candidates", std::move(candidates)}};
}

} // namespace core
