// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/search.h"

#include "base/diagnostickinds.h"
#include "base/sizelimits.h"
#include "design/validate.h"
#include "evaluate.h"
#include "framework/frameworkchecks.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "performance/searchspace.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace core {

namespace {

// What one set of degrees yields; the sets run on different threads and are merged in their order.
struct DegreesOutcome
{
    std::vector<SearchCandidate> fitting;
    std::int64_t enumerated = 0, invalid = 0, notFitting = 0;
    std::map<std::string, std::int64_t> rejectedBy;
    std::optional<SearchCandidate> closest;
};

double overCapacity(const SearchCandidate& c)
{
    return c.capacityBytes > 0 ? c.peakBytes / c.capacityBytes : std::numeric_limits<double>::infinity();
}

// The role with the most memory: the peak rank's (MemoryReport::peakRank is its first rank).
const RankRole* peakRole(const MemoryReport& memory)
{
    const RankRole* peak = nullptr;
    for (const RankRole& role : memory.roles)
        if (!peak || role.totalBytes > peak->totalBytes)
            peak = &role;
    return peak;
}

SearchCandidate candidateOf(const Evaluation& e, const Design& variant, bool training)
{
    SearchCandidate c;
    c.layout = variant.layout;
    c.precision = variant.workload.precision;
    c.offload = variant.workload.offload;
    c.globalBatch = variant.workload.globalBatch;
    if (e.memory) {
        c.peakBytes = e.memory->peakBytes;
        if (const RankRole* role = peakRole(*e.memory))
            c.capacityBytes = role->capacityBytes;
    }
    if (training && e.performance) {
        const Performance& p = *e.performance;
        c.stepSeconds = p.stepSeconds;
        c.tokensPerSecond = p.tokensPerSecond;
        c.mfu = p.mfu;
        c.hfu = p.hfu;
        c.bubbleFraction = p.bubbleFraction;
        c.exposed = p.exposed;
    } else if (!training && e.serving) {
        // Serving: a step is one token of every sequence in flight.
        c.stepSeconds = e.serving->interTokenLatency;
        c.tokensPerSecond = e.serving->groupTokensPerSecond;
        c.timeToFirstToken = e.serving->timeToFirstToken;
    }
    c.warnings = static_cast<int>(std::count_if(e.diagnostics.begin(), e.diagnostics.end(),
                                                [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
    return c;
}

const std::string* firstError(const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        if (d.isError())
            return &d.code;
    return nullptr;
}

// Everything the threads share, read-only but for the stop flag.
struct SearchJob
{
    const Design& design;
    const SearchSpace& space;
    const FixedEvaluation& fixed;
    const std::vector<SearchDegrees>& degrees;
    const std::vector<std::int64_t>& budget; // combinations each set of degrees may try (the limit)
    std::atomic<bool>& stop;
};

// One candidate: the variant's layout with these settings, validated, then evaluated if valid.
struct CandidateSettings
{
    int microBatch = 1;
    ScheduleChoice schedule;
    Recompute recompute = Recompute::None;
    const std::vector<int>& split;
};

// The mesh of one set of degrees, placed when its first candidate passes validation: at 131,072 GPUs
// placing costs more than evaluating, and most sets of degrees there fail the batch rules in every
// variant (README, "Search"). Which candidates are invalid, and why, does not change: the placement's
// diagnostics come after the layout's, so they are the first error only when the layout has none.
class LazyMesh
{
public:
    LazyMesh(const SearchJob& job, const Design& variant)
        : m_layout(variant.layout)
    {
        std::vector<Diagnostic> scratch = job.fixed.diagnostics;
        m_possible = validateLayoutParts(variant, job.fixed.modelValid, scratch, job.fixed.gpusInService)
                         .meshPossible;
    }
    bool possible() const { return m_possible; }
    // Placed from the degrees' own layout and the design's workload, whatever the variant holds now.
    MeshEvaluation& get(const SearchJob& job, Design& variant)
    {
        if (!m_mesh) {
            std::swap(variant.layout, m_layout);
            std::swap(variant.workload, m_workload);
            variant.workload = job.design.workload;
            m_mesh = evaluateMesh(variant, job.fixed);
            std::swap(variant.layout, m_layout);
            std::swap(variant.workload, m_workload);
        }
        return *m_mesh;
    }

private:
    ParallelLayout m_layout;
    Workload m_workload;
    bool m_possible = false;
    std::optional<MeshEvaluation> m_mesh;
};

void tryCandidate(const SearchJob& job, Design& variant, LazyMesh& lazy, const CandidateSettings& s,
                  DegreesOutcome& out)
{
    const bool training = job.design.workload.mode == Mode::Training;
    ParallelLayout& l = variant.layout;
    ++out.enumerated;
    if (!lazy.possible()) {
        const Evaluation& e = lazy.get(job, variant).evaluation; // not placed: only its diagnostics
        ++out.invalid;
        ++out.rejectedBy[firstError(e.diagnostics) ? *firstError(e.diagnostics) : "degrees"];
        return;
    }
    l.microBatch = s.microBatch;
    l.virtualStages = s.schedule.virtualStages;
    l.schedule = s.schedule.schedule;
    l.recompute = s.recompute;
    l.recomputeLayers = 0; // the search's full recomputation covers every layer
    // The design's activation offloading where Megatron-Core allows it, else none.
    l.activationOffloadLayers
        = layoutAllowsActivationOffload(l) ? job.design.layout.activationOffloadLayers : 0;
    // The design's overlapped expert all-to-all where this candidate has one (EP > 1) and Megatron-Core runs
    // it with the candidate's pipeline and recomputation, else off (frameworkswitches.h
    // megatronMoeOverlapConflict).
    l.overlapMoeAllToAll = job.design.layout.overlapMoeAllToAll;
    if (l.overlapMoeAllToAll.value_or(false)
        && (l.ep() < 2
            || (frameworkProfile(variant).id == Framework::MegatronCore
                && !megatronMoeOverlapConflict(variant).empty())))
        l.overlapMoeAllToAll = false;
    // The design's CUDA graphs where the candidate's framework runs them with its recomputation and
    // offloading, else none (frameworkchecks.h cudaGraphConflict).
    l.cudaGraphs = job.design.layout.cudaGraphs;
    if (!cudaGraphConflict(variant).empty())
        l.cudaGraphs = CudaGraphs::None;
    // The design's MoE dispatcher where the candidate's framework runs it, else alltoall
    // (frameworkchecks.h moeDispatcherConflict).
    l.moeDispatcher = job.design.layout.moeDispatcher;
    if (!moeDispatcherConflict(variant).empty())
        l.moeDispatcher = MoeDispatcher::AllToAll;
    l.layersPerStage = s.split;
    variant.workload.globalBatch = candidateBatch(job.space.batch, job.design.workload.globalBatch,
                                                  std::int64_t{s.microBatch} * l.batchReplicas());
    // The mesh half's figures are for the first variant; re-validate this one.
    std::vector<Diagnostic> diagnostics = job.fixed.diagnostics;
    validateLayoutParts(variant, job.fixed.modelValid, diagnostics, job.fixed.gpusInService);
    if (const std::string* code = firstError(diagnostics)) {
        ++out.invalid;
        ++out.rejectedBy[*code];
        return;
    }
    MeshEvaluation& mesh = lazy.get(job, variant);
    Evaluation& e = mesh.evaluation;
    e.diagnostics = std::move(diagnostics);
    e.diagnostics.insert(e.diagnostics.end(), mesh.placementDiagnostics.begin(),
                         mesh.placementDiagnostics.end());
    e.microBatches = microBatchesPerStep(variant);
    e.memory.reset();
    e.traffic.reset();
    e.schedule.reset();
    e.performance.reset();
    e.serving.reset();
    if (const std::string* code = firstError(e.diagnostics)) {
        ++out.invalid;
        ++out.rejectedBy[*code];
        return;
    }
    FigureOptions options;
    options.traffic = false;
    options.skipTimeUnlessFits = true;
    options.rankLists = false;
    evaluateFigures(variant, mesh, e, options);
    if (!e.memory || !e.memory->fits) {
        ++out.notFitting;
        ++out.rejectedBy["memory"];
        if (e.memory) {
            SearchCandidate c = candidateOf(e, variant, training);
            if (!out.closest || overCapacity(c) < overCapacity(*out.closest))
                out.closest = std::move(c);
        }
        return;
    }
    if (training ? !e.performance : !e.serving) {
        ++out.invalid; // a rule of the timeline, or a schedule too large to simulate
        const std::string* code = firstError(e.diagnostics);
        ++out.rejectedBy[code ? *code : "schedule"];
        return;
    }
    out.fitting.push_back(candidateOf(e, variant, training));
}

// Every variant of one set of degrees on one mesh: precision, offload, ZeRO stage, micro-batch, virtual
// stages, recomputation, pipeline split, each with the batch the policy gives it. `variant` is the
// thread's copy of the design.
class ProgressGate;
void tick(ProgressGate& gate);

void searchDegrees(const SearchJob& job, std::size_t index, Design& variant, DegreesOutcome& out,
                   ProgressGate& gate)
{
    const SearchDegrees& t = job.degrees[index];
    const bool training = job.design.workload.mode == Mode::Training;
    ParallelLayout& l = variant.layout;
    l = job.design.layout;
    l.setDegree(Dim::Tp, t.tp);
    l.setDegree(Dim::Cp, t.cp);
    l.setDegree(Dim::Ep, t.ep);
    l.setDegree(Dim::Pp, t.pp);
    l.setDegree(Dim::Dp, t.dp);
    l.sequenceParallel = t.tp > 1;
    l.layersPerStage.clear();
    l.shardGroup = 0;
    l.expertTp = 0;
    variant.workload = job.design.workload;
    LazyMesh mesh(job, variant);
    std::int64_t budget = job.budget[index];
    const std::vector<int> one{1};
    const std::vector<Recompute> none{Recompute::None};
    for (Precision precision : job.space.precisions)
        for (Offload offload : job.space.offloads)
            for (int zero : training ? job.space.zeroStages : std::vector<int>{0}) {
                l.zeroStage = zero;
                if (training && !offloadRuns(l, Mode::Training, offload))
                    continue; // not counted: variantCount leaves it out too
                variant.workload.precision = precision;
                variant.workload.offload = offload;
                const std::vector<ScheduleChoice> schedules
                    = scheduleChoices(l, training ? Mode::Training : Mode::Serving, job.space);
                for (int mb : training ? job.space.microBatches : one)
                    for (const ScheduleChoice& schedule : schedules) {
                        const std::vector<std::vector<int>> splits = training
                            ? scheduleSplits(job.design, job.space, t.pp, schedule)
                            : std::vector<std::vector<int>>{{}};
                        for (Recompute recompute : training ? job.space.recompute : none)
                            for (const std::vector<int>& split : splits) {
                                tick(gate);
                                if (budget-- <= 0 || job.stop.load(std::memory_order_relaxed))
                                    return;
                                tryCandidate(job, variant, mesh, {mb, schedule, recompute, split}, out);
                            }
                    }
            }
}

// Progress, one call at a time from whichever thread: after each set of degrees, and between candidates
// when 50 ms have passed, so that a cancel is heard within 100 ms even when one set takes longer.
class ProgressGate
{
public:
    ProgressGate(const SearchProgress& progress, int total, std::atomic<bool>& stop)
        : m_progress(progress), m_total(total), m_stop(stop), m_last(std::chrono::steady_clock::now())
    {
    }
    void setDone()
    {
        const std::lock_guard lock(m_mutex);
        ++m_done;
        report();
    }
    void tick()
    {
        if (!m_progress || std::chrono::steady_clock::now() - m_last.load() < std::chrono::milliseconds(50))
            return;
        const std::unique_lock lock(m_mutex, std::try_to_lock);
        if (lock.owns_lock())
            report();
    }
    bool cancelled() const { return m_cancelled; }

private:
    void report()
    {
        m_last = std::chrono::steady_clock::now();
        if (m_progress && !m_cancelled && !m_progress(m_done, m_total)) {
            m_cancelled = true;
            m_stop = true;
        }
    }
    const SearchProgress& m_progress;
    const int m_total;
    std::atomic<bool>& m_stop;
    std::mutex m_mutex;
    std::atomic<std::chrono::steady_clock::time_point> m_last;
    int m_done = 0;
    bool m_cancelled = false;
};

void tick(ProgressGate& gate)
{
    gate.tick();
}

// Runs the sets of degrees on `threads` threads (the calling one among them), each taking the next set
// when it is done. Returns whether progress cancelled the search.
bool runPool(const SearchJob& job, int threads, std::vector<DegreesOutcome>& outcomes,
             const SearchProgress& progress)
{
    const std::size_t count = job.degrees.size();
    std::atomic<std::size_t> next{0};
    ProgressGate gate(progress, static_cast<int>(count), job.stop);
    const auto work = [&] {
        Design variant = job.design; // each thread edits its own copy's layout
        variant.placement.clear();
        for (std::size_t index = next++; index < count && !job.stop.load(); index = next++) {
            searchDegrees(job, index, variant, outcomes[index], gate);
            gate.setDone();
        }
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(work);
    work();
    for (std::thread& thread : pool)
        thread.join();
    return gate.cancelled();
}

bool ranksBefore(const SearchCandidate& a, const SearchCandidate& b, SearchRank by)
{
    switch (by) {
    case SearchRank::Headroom:
        if (a.headroomBytes() != b.headroomBytes())
            return a.headroomBytes() > b.headroomBytes();
        break;
    case SearchRank::TokensPerGpu: {
        const double pa = a.tokensPerSecond / std::max<std::int64_t>(a.layout.worldSize(), 1);
        const double pb = b.tokensPerSecond / std::max<std::int64_t>(b.layout.worldSize(), 1);
        if (pa != pb)
            return pa > pb;
        break;
    }
    case SearchRank::Time:
        break;
    }
    // Most tokens per second first: for training the same order as the shortest step when the batch is
    // fixed, for serving the throughput of the whole group.
    if (a.tokensPerSecond != b.tokensPerSecond)
        return a.tokensPerSecond > b.tokensPerSecond;
    return a.peakBytes < b.peakBytes;
}

// The Pareto set of step time and memory headroom: no other candidate has at least as many tokens per
// second and at least as much headroom, and more of one. Sorted by tokens per second, a candidate is on it
// when its headroom beats every faster one's.
void markPareto(std::vector<SearchCandidate>& candidates)
{
    std::vector<SearchCandidate*> byTime;
    for (SearchCandidate& c : candidates)
        byTime.push_back(&c);
    std::stable_sort(byTime.begin(), byTime.end(), [](const SearchCandidate* a, const SearchCandidate* b) {
        if (a->tokensPerSecond != b->tokensPerSecond)
            return a->tokensPerSecond > b->tokensPerSecond;
        return a->headroomBytes() > b->headroomBytes();
    });
    // Candidates of equal speed form one group: its most headroom is on the front when no faster one has
    // as much, and so is every candidate equal to it (neither of two equals beats the other).
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t first = 0; first < byTime.size();) {
        std::size_t end = first;
        while (end < byTime.size() && byTime[end]->tokensPerSecond == byTime[first]->tokensPerSecond)
            ++end;
        const double most = byTime[first]->headroomBytes();
        for (std::size_t i = first; i < end; ++i)
            byTime[i]->pareto = most > best && byTime[i]->headroomBytes() == most;
        best = std::max(best, most);
        first = end;
    }
}

} // namespace

Design withCandidate(const Design& design, const SearchCandidate& candidate)
{
    Design out = design;
    out.layout = candidate.layout;
    out.workload.precision = candidate.precision;
    out.workload.offload = candidate.offload;
    if (candidate.globalBatch > 0)
        out.workload.globalBatch = candidate.globalBatch;
    out.placement.clear();
    return out;
}

SearchResult searchMeshes(const Design& design, const SearchSpace& space, const SearchProgress& progress,
                          const Catalog& catalog)
{
    return searchMeshes(design, space, SearchOptions{}, progress, catalog);
}

SearchResult searchMeshes(const Design& design, const SearchSpace& space, const SearchOptions& options,
                          const SearchProgress& progress, const Catalog& catalog)
{
    SearchResult result;
    result.batch = space.batch;
    result.rankBy = options.rankBy;
    // What no layout changes is checked once; an error there ends the search before it starts.
    const FixedEvaluation fixed = evaluateFixed(design, catalog);
    if (hasErrors(fixed.diagnostics)) {
        result.diagnostics = fixed.diagnostics;
        return result;
    }
    const SearchSpace resolved = resolvedSpace(design, space, *fixed.catalog);
    const std::vector<SearchDegrees> degrees = enumerateDegrees(design, resolved, fixed.gpusInService);
    std::vector<std::int64_t> budget;
    std::int64_t left = options.limit > 0 ? options.limit : std::numeric_limits<std::int64_t>::max();
    for (const SearchDegrees& t : degrees) {
        const std::int64_t variants = variantCount(design, resolved, t);
        result.combinations += variants;
        budget.push_back(std::min(left, variants));
        left -= budget.back();
    }
    result.limited = options.limit > 0 && result.combinations > options.limit;
    // Past limits::kMaxSearchCombinations a whole search would run for minutes: refused at once, before
    // anything is evaluated, unless a limit says how much of it to try.
    const std::int64_t toTry = result.limited ? options.limit : result.combinations;
    if (toTry > limits::kMaxSearchCombinations) {
        result.diagnostics.push_back(makeDiagnostic(
            diag::kSearchTooLarge, "", {std::to_string(toTry), std::to_string(limits::kMaxSearchCombinations)}));
        return result;
    }

    std::atomic<bool> stop{false};
    const SearchJob job{design, resolved, fixed, degrees, budget, stop};
    std::vector<DegreesOutcome> outcomes(degrees.size());
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    const int threads = std::clamp(options.threads > 0 ? options.threads : std::max(hardware, 1), 1,
                                   std::max(1, static_cast<int>(degrees.size())));
    result.cancelled = runPool(job, threads, outcomes, progress);

    std::map<std::string, std::int64_t> rejected;
    for (DegreesOutcome& o : outcomes) {
        result.enumerated += o.enumerated;
        result.invalid += o.invalid;
        result.notFitting += o.notFitting;
        for (const auto& [code, n] : o.rejectedBy)
            rejected[code] += n;
        if (o.closest && (!result.closest || overCapacity(*o.closest) < overCapacity(*result.closest)))
            result.closest = std::move(o.closest);
        std::move(o.fitting.begin(), o.fitting.end(), std::back_inserter(result.candidates));
    }
    result.rejectedBy.assign(rejected.begin(), rejected.end());
    std::stable_sort(result.rejectedBy.begin(), result.rejectedBy.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    markPareto(result.candidates);
    std::stable_sort(result.candidates.begin(), result.candidates.end(),
                     [by = options.rankBy](const SearchCandidate& a, const SearchCandidate& b) {
                         return ranksBefore(a, b, by);
                     });
    // Only the candidates anyone reads get their recipe.
    const RecipeContext context = recipeContext(design, *fixed.catalog);
    const auto explain = [&](SearchCandidate& c) {
        c.recipeSentences = recipeSentences(design, c, context);
        c.recipe = recipeText(c.recipeSentences);
    };
    for (std::size_t i = 0; i < std::min<std::size_t>(result.candidates.size(), 1000); ++i)
        explain(result.candidates[i]);
    if (result.closest)
        explain(*result.closest);
    return result;
}

std::vector<std::pair<Field, FieldValue>> candidateFieldEdits(const SearchCandidate& candidate)
{
    const ParallelLayout& l = candidate.layout;
    auto integer = [](int v) { return FieldValue{std::int64_t{v}}; };
    std::string split;
    for (int layers : l.layersPerStage)
        split += (split.empty() ? "" : ", ") + std::to_string(layers);
    std::vector<std::pair<Field, FieldValue>> edits{
        {Field::LayersPerStage, FieldValue{split}},
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
        {Field::Recompute, FieldValue{std::string(enumName(l.recompute))}},
        {Field::RecomputeLayers, integer(l.recomputeLayers)},
        {Field::ActivationOffloadLayers, integer(l.activationOffloadLayers)},
        {Field::CudaGraphs, FieldValue{std::string(enumName(l.cudaGraphs))}},
        {Field::MoeDispatcher, FieldValue{std::string(enumName(l.moeDispatcher))}},
        {Field::Precision, FieldValue{std::string(enumName(candidate.precision))}},
        {Field::Offload, FieldValue{std::string(enumName(candidate.offload))}}};
    if (candidate.globalBatch > 0)
        edits.emplace_back(Field::GlobalBatch, FieldValue{candidate.globalBatch});
    if (l.overlapMoeAllToAll == false) // turned off where Megatron-Core cannot run it (tryCandidate)
        edits.emplace_back(Field::OverlapMoeAllToAll, FieldValue{false});
    return edits;
}

namespace {

Json candidateToJson(const SearchCandidate& c, std::size_t rank)
{
    const ParallelLayout& l = c.layout;
    Json out = Json::object();
    if (rank > 0)
        out["rank"] = rank;
    out.update(Json{{"tp", l.tp()},
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
                    {"precision", std::string(enumName(c.precision))},
                    {"offload", std::string(enumName(c.offload))},
                    {"layersPerStage", l.layersPerStage},
                    {"globalBatch", c.globalBatch},
                    {"stepSeconds", c.stepSeconds},
                    {"tokensPerSecond", c.tokensPerSecond},
                    {"mfu", c.mfu},
                    {"hfu", c.hfu},
                    {"bubbleFraction", c.bubbleFraction},
                    {"exposedCommSeconds", exposedToJson(c.exposed)},
                    {"peakBytes", c.peakBytes},
                    {"capacityBytes", c.capacityBytes},
                    {"headroomBytes", c.headroomBytes()},
                    {"pareto", c.pareto},
                    {"warnings", c.warnings},
                    {"recipe", c.recipe}});
    if (c.timeToFirstToken > 0) {
        out["timeToFirstTokenSeconds"] = c.timeToFirstToken;
        out["interTokenLatencySeconds"] = c.stepSeconds;
    }
    return out;
}

} // namespace

Json searchToJson(const SearchResult& result, std::size_t top)
{
    Json candidates = Json::array();
    for (std::size_t i = 0; i < std::min(top, result.candidates.size()); ++i) {
        candidates.push_back(candidateToJson(result.candidates[i], i + 1));
    }
    Json rejected = Json::object();
    for (const auto& [code, count] : result.rejectedBy)
        rejected[code] = count;
    Json out{{"format", "meshwright.search"},
             {"version", 1},
             {"enumerated", result.enumerated},
             {"combinations", result.combinations},
             {"limited", result.limited},
             {"invalid", result.invalid},
             {"notFitting", result.notFitting},
             {"fitting", result.candidates.size()},
             {"cancelled", result.cancelled},
             {"batch", std::string(enumName(result.batch))},
             {"rankBy", std::string(enumName(result.rankBy))},
             {"rejectedBy", std::move(rejected)},
             {"candidates", std::move(candidates)}};
    if (result.closest)
        out["closest"] = candidateToJson(*result.closest, 0);
    return out;
}

} // namespace core
