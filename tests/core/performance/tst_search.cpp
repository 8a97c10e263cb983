// SPDX-License-Identifier: GPL-3.0-or-later
// The mesh search (performance/search.h): it finds what brute force finds, ranks by step time, drops what
// does not fit, can be cancelled, and answers absurd inputs; benchmarks for a 512-GPU and a 16,384-GPU
// cluster and for Calculon's published problem. What it tries beyond the parallel degrees (offloading, FP8,
// serving, balanced splits, the batch policies) is tst_searchoptions'.

#include "base/sizelimits.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "performance/search.h"
#include "performance/searchspace.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// Llama 3.1 8B on 2 nodes × 4 A100 80 GB: small enough to evaluate every combination one by one.
Design smallCluster()
{
    Design d = testing::example("default");
    d.model = *Catalog::builtin().model("llama-3.1-8b");
    d.cluster = makeUniformCluster(2, 4, "a100-80gb", "nvlink3", "ib-hdr-200");
    d.workload.sequenceLength = 4096;
    d.workload.globalBatch = 16;
    return d;
}

struct BruteForceBest
{
    double stepSeconds = std::numeric_limits<double>::infinity();
    ParallelLayout layout;
    int fitting = 0;
};

// Every combination of the search space through evaluate(), written out independently of the search.
BruteForceBest bruteForce(const Design& base)
{
    BruteForceBest best;
    const SearchSpace space;
    for (int tp : {1, 2, 4})
        for (int pp : {1, 2, 4, 8}) {
            if (8 % (tp * pp) != 0)
                continue;
            for (int zero : space.zeroStages)
                for (int mb : space.microBatches)
                    for (int v : space.virtualStages)
                        for (Recompute r : space.recompute) {
                            if (v > 1 && pp == 1)
                                continue;
                            Design d = base;
                            d.layout.setDegree(Dim::Tp, tp);
                            d.layout.setDegree(Dim::Pp, pp);
                            d.layout.setDegree(Dim::Dp, 8 / (tp * pp));
                            d.layout.setDegree(Dim::Cp, 1);
                            d.layout.setDegree(Dim::Ep, 1);
                            d.layout.sequenceParallel = tp > 1;
                            d.layout.zeroStage = zero;
                            d.layout.microBatch = mb;
                            d.layout.virtualStages = v;
                            d.layout.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
                            d.layout.recompute = r;
                            const Evaluation e = evaluate(d);
                            if (!e.valid() || !e.memory || !e.memory->fits || !e.performance)
                                continue;
                            ++best.fitting;
                            if (e.performance->stepSeconds < best.stepSeconds) {
                                best.stepSeconds = e.performance->stepSeconds;
                                best.layout = d.layout;
                            }
                        }
        }
    return best;
}

// Calculon's README problem: Megatron-Turing NLG 530B (Smith et al. 2022, Table 1: 105 layers, hidden
// 20480, 128 heads, vocabulary 51200) on 5,128 A100 80 GB (641 DGX nodes), global batch 2,520 at
// sequence 2,048.
// Mixtral 8x7B on its EP 8 example with selective recomputation at half the sequence: a MoE design whose
// search reaches candidates with and without EP, recomputation and Megatron-Core.
Design selectiveMixtral()
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.layout.recompute = Recompute::Selective;
    d.workload.sequenceLength /= 2;
    return d;
}

// The first `count` candidates, each applied to the design: it evaluates valid to the step the search
// reported (and its peak, with `peak`), and the candidate's field edits, set one by one as a document applies
// them in one undo step, give its layout. Empty when they all do, else the first that does not.
QString candidatesApplyAsRanked(const Design& base, const SearchResult& result, std::size_t count, bool peak)
{
    for (std::size_t i = 0; i < std::min(result.candidates.size(), count); ++i) {
        const SearchCandidate& c = result.candidates[i];
        const Evaluation e = evaluate(withCandidate(base, c));
        if (!e.valid() || !e.performance)
            return QString("candidate %1: %2").arg(i).arg(testing::describe(e.diagnostics));
        if (e.performance->stepSeconds != c.stepSeconds || (peak && e.memory->peakBytes != c.peakBytes))
            return QString("candidate %1: step or peak not as ranked").arg(i);
        Design edited = base;
        for (const auto& [field, value] : candidateFieldEdits(c))
            if (!setField(edited, field, value))
                return QString("candidate %1: field %2 refused")
                    .arg(i)
                    .arg(QString::fromUtf8(fieldPointer(field)));
        if (!(edited.layout == c.layout))
            return QString("candidate %1: its field edits give another layout").arg(i);
    }
    return {};
}

// The search at micro-batch 1 alone, the micro-batch of the Mixtral example's layouts.
SearchResult searchAtMicroBatchOne(const Design& base)
{
    SearchSpace space;
    space.microBatches = {1};
    return searchMeshes(base, space);
}

Design calculonProblem()
{
    Design d = testing::example("default");
    d.model.name = "Megatron-Turing NLG 530B";
    d.model.layers = 105;
    d.model.hidden = 20480;
    d.model.ffn = 4 * 20480;
    d.model.heads = 128;
    d.model.kvHeads = 128;
    d.model.headDim = 160;
    d.model.vocab = 51200;
    d.model.mlp = MlpKind::Plain;
    d.cluster = makeUniformCluster(641, 8, "a100-80gb", "nvlink3", "ib-hdr-200");
    d.workload.sequenceLength = 2048;
    d.workload.globalBatch = 2520;
    return d;
}

// Llama 3.1 405B as the Llama 3 paper trained it (Llama Team 2024, Table 4): 16,384 H100, sequence 8,192,
// global batch 2,048 sequences (16M tokens).
Design llama405bOn16384()
{
    Design d = testing::example("default");
    d.model = *Catalog::builtin().model("llama-3.1-405b");
    d.cluster = makeUniformCluster(2048, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.workload.sequenceLength = 8192;
    d.workload.globalBatch = 2048;
    return d;
}

bool sameCandidates(const SearchResult& a, const SearchResult& b)
{
    if (a.candidates.size() != b.candidates.size() || a.enumerated != b.enumerated || a.invalid != b.invalid
        || a.notFitting != b.notFitting || a.rejectedBy != b.rejectedBy)
        return false;
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        const SearchCandidate& x = a.candidates[i];
        const SearchCandidate& y = b.candidates[i];
        if (!(x.layout == y.layout) || x.stepSeconds != y.stepSeconds || x.peakBytes != y.peakBytes
            || x.recipe != y.recipe || x.pareto != y.pareto || x.globalBatch != y.globalBatch)
            return false;
    }
    return true;
}

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private slots:
    void findsTheBruteForceBest();
    void rankedAndFitting();
    void candidatesEvaluateAsRanked();
    void recipeExplainsPlacement();
    void cancels();
    void absurdInputs();
    void jsonContract();
    void threadsGiveTheSameResult();
    void llama405bUnevenPipeline();
    void expertOverlapWhereMegatronRunsIt();
    void cudaGraphsWhereMegatronRunsThem();
    void calculonProblemWithNearestBatch();
    void limitAndCombinations();
    void hugeSpaceRefusedUnlessLimited();
    void nothingFitsSaysWhy();
    void rankByAndPareto();
    void cancelStopsAtOnce();
    void benchmarkLlama70bOn64Nodes();
    void benchmark16384Gpus();
    void benchmarkLlama70bOn131072Gpus();
    void benchmarkCalculon530bOn5128();
};

void TestSearch::findsTheBruteForceBest()
{
    const Design base = smallCluster();
    const BruteForceBest best = bruteForce(base);
    SearchSpace evenSplits; // the brute force splits the layers evenly
    evenSplits.unevenPipeline = false;
    const SearchResult result = searchMeshes(base, evenSplits);
    QVERIFY(best.fitting > 0);
    QCOMPARE(static_cast<int>(result.candidates.size()), best.fitting);
    QVERIFY(std::abs(result.candidates.front().stepSeconds / best.stepSeconds - 1) < 1e-12);
    QVERIFY(result.candidates.front().layout == best.layout);
}

void TestSearch::rankedAndFitting()
{
    const SearchResult result = searchMeshes(smallCluster());
    QCOMPARE(result.enumerated,
             result.invalid + result.notFitting + static_cast<std::int64_t>(result.candidates.size()));
    QVERIFY(result.notFitting > 0); // TP 1, PP 1 with DDP does not fit 8B with its optimizer: dropped
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const SearchCandidate& c = result.candidates[i];
        QVERIFY(c.peakBytes <= c.capacityBytes);
        QVERIFY(c.stepSeconds > 0 && c.mfu > 0 && c.mfu < 1 && c.hfu >= c.mfu);
        if (i > 0)
            QVERIFY(result.candidates[i - 1].stepSeconds <= c.stepSeconds);
    }
}

// A candidate applied to the design evaluates to exactly the figures the search reported.
void TestSearch::candidatesEvaluateAsRanked()
{
    const Design base = smallCluster();
    const QString mismatch = candidatesApplyAsRanked(base, searchMeshes(base), 20, true);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

// The reference article's topology recipe: TP stays in the node; CP appears only for long sequences, EP only
// for MoE.
void TestSearch::recipeExplainsPlacement()
{
    const SearchResult dense = searchMeshes(smallCluster());
    for (const SearchCandidate& c : dense.candidates) {
        QVERIFY(c.layout.tp() <= 4);
        QCOMPARE(c.layout.cp(), 1);
        QCOMPARE(c.layout.ep(), 1);
        QVERIFY(!c.recipe.empty());
        if (c.layout.tp() > 1)
            QVERIFY(c.recipe.find("inside one node") != std::string::npos);
    }
    Design longSequence = testing::example("seed-70b-32k-512gpu");
    longSequence.cluster = makeUniformCluster(8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    longSequence.workload.globalBatch = 16;
    const SearchResult withCp = searchMeshes(longSequence);
    QVERIFY(std::any_of(withCp.candidates.begin(), withCp.candidates.end(),
                        [](const SearchCandidate& c) { return c.layout.cp() > 1; }));
    Design moe = testing::example("mixtral-8x7b-ep8");
    const SearchResult withEp = searchMeshes(moe);
    QVERIFY(std::any_of(withEp.candidates.begin(), withEp.candidates.end(),
                        [](const SearchCandidate& c) { return c.layout.ep() > 1; }));

    // Selective recomputation says which modules it redoes when they are not the default's attention.
    const RecipeContext context = recipeContext(moe, Catalog::builtin());
    SearchCandidate selective;
    selective.layout = moe.layout;
    selective.layout.recompute = Recompute::Selective;
    const auto recomputeSentence = [&] {
        for (const RecipeSentence& s : recipeSentences(moe, selective, context))
            if (std::string_view(s.text).starts_with("Selective"))
                return s;
        return RecipeSentence{};
    };
    QCOMPARE(recomputeSentence().text, "Selective recomputation of attention.");
    selective.layout.recomputeModules = {RecomputeModule::CoreAttn};
    QCOMPARE(recomputeSentence().text, "Selective recomputation of attention.");
    selective.layout.recomputeModules = {RecomputeModule::MoeAct, RecomputeModule::Layernorm};
    QCOMPARE(recomputeSentence().text, "Selective recomputation of %1.");
    QCOMPARE(recomputeSentence().args, std::vector<std::string>{"moe_act, layernorm"});
}

void TestSearch::cancels()
{
    int calls = 0;
    const SearchResult result = searchMeshes(smallCluster(), {}, [&calls](int done, int total) {
        ++calls;
        return done < total / 2;
    });
    QVERIFY(result.cancelled);
    const SearchResult full = searchMeshes(smallCluster());
    QVERIFY(result.enumerated < full.enumerated);
    QVERIFY(calls > 0);
}

void TestSearch::absurdInputs()
{
    // No GPU in service: nothing to enumerate, no crash.
    Design empty = smallCluster();
    for (Node& node : empty.cluster.nodes)
        for (Gpu& gpu : node.gpus)
            gpu.inService = false;
    QVERIFY(searchMeshes(empty).candidates.empty());
    // An error no layout can fix is reported before the search, which then tries nothing.
    Design unknownGpu = smallCluster();
    unknownGpu.cluster.nodes.front().gpus.front().type = "no-such-gpu";
    const SearchResult refused = searchMeshes(unknownGpu);
    QVERIFY(testing::hasCode(refused.diagnostics, "hardware-gpu-unknown"));
    QCOMPARE(refused.enumerated, std::int64_t{0});
    // A model no layout of eight GPUs can hold.
    Design huge = smallCluster();
    huge.model = *Catalog::builtin().model("llama-3.1-405b");
    const SearchResult none = searchMeshes(huge);
    QVERIFY(none.candidates.empty());
    QVERIFY(none.notFitting > 0);
    // A global batch no micro-batch divides: all invalid, none crash.
    Design prime = smallCluster();
    prime.workload.globalBatch = 7;
    const SearchResult odd = searchMeshes(prime);
    for (const SearchCandidate& c : odd.candidates)
        QCOMPARE(c.layout.dp(), 1);
}

void TestSearch::jsonContract()
{
    const Json json = searchToJson(searchMeshes(smallCluster()), 3);
    QCOMPARE(json.at("format").get<std::string>(), std::string("meshwright.search"));
    QCOMPARE(json.at("candidates").size(), std::size_t{3});
    for (const char* key : {"tp", "pp", "dp", "cp", "ep", "zeroStage", "microBatch", "schedule",
                            "virtualStages", "recompute", "stepSeconds", "tokensPerSecond", "mfu", "hfu",
                            "bubbleFraction", "exposedCommSeconds", "peakBytes", "capacityBytes", "recipe"})
        QVERIFY2(json.at("candidates").at(0).contains(key), key);
}

// The sets of degrees run on a pool of threads; the result does not depend on how many.
void TestSearch::threadsGiveTheSameResult()
{
    Design d = smallCluster();
    const SearchResult one = searchMeshes(d, {}, SearchOptions{1, 0, SearchRank::Time});
    for (int threads : {2, 3, 8}) {
        const SearchResult many = searchMeshes(d, {}, SearchOptions{threads, 0, SearchRank::Time});
        QVERIFY2(sameCandidates(one, many), qPrintable(QString::number(threads)));
    }
    QVERIFY(!one.candidates.empty());
    // A larger space with uneven splits and several sets of degrees per thread.
    Design wide = testing::example("default");
    wide.cluster = makeUniformCluster(8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    wide.workload.globalBatch = 64;
    QVERIFY(sameCandidates(searchMeshes(wide, {}, SearchOptions{1, 0, SearchRank::Time}),
                           searchMeshes(wide, {}, SearchOptions{2, 0, SearchRank::Time})));
}

// The Llama 3 paper's layout of Llama 3.1 405B (Table 4: TP 8, CP 1, PP 16, DP 128 on 16,384 H100,
// micro-batch 1) with its uneven split (§3.3.2) is among the candidates, and fits.
void TestSearch::llama405bUnevenPipeline()
{
    const Design d = llama405bOn16384();
    QVERIFY(lastStageExtraInLayers(d) > 0.3 && lastStageExtraInLayers(d) < 1.0);
    std::vector<int> llama(16, 8);
    llama.front() = 7;
    llama.back() = 7;
    QCOMPARE(pipelineSplits(d, {}, 16, 1), (std::vector<std::vector<int>>{llama}));
    SearchSpace space;
    space.zeroStages = {1};
    space.microBatches = {1};
    space.virtualStages = {1};
    const SearchResult result = searchMeshes(d, space);
    const auto paper = std::find_if(result.candidates.begin(), result.candidates.end(), [&](const SearchCandidate& c) {
        return c.layout.tp() == 8 && c.layout.pp() == 16 && c.layout.dp() == 128 && c.layout.layersPerStage == llama;
    });
    QVERIFY(paper != result.candidates.end());
    QVERIFY(paper->peakBytes <= paper->capacityBytes);
    // Applied to the design, the candidate evaluates to what the search reported.
    const Evaluation e = evaluate(withCandidate(d, *paper));
    QVERIFY(e.valid() && e.performance);
    QCOMPARE(e.performance->stepSeconds, paper->stepSeconds);
}

// Calculon's problem as its README states it has no layout here that divides the batch; with the batch
// rounded as Calculon rounds it, layouts fit, and each says which batch it ran.
// A Megatron-Core MoE design that overlaps its expert all-to-all: the search keeps the overlap where
// Megatron-Core runs it (EP > 1, virtual stages under PP, no full recomputation: TransformerConfig of
// core_v0.19.0) and turns it off elsewhere, saying so where there is an all-to-all, rather than rejecting
// those layouts; each candidate applied to the
// design evaluates as ranked, through the field edits too.
void TestSearch::expertOverlapWhereMegatronRunsIt()
{
    Design base = selectiveMixtral();
    base.layout.overlapMoeAllToAll = true;
    QVERIFY2(evaluate(base).valid(), qPrintable(testing::describe(evaluate(base).diagnostics)));
    const SearchResult result = searchAtMicroBatchOne(base);
    for (const auto& [code, count] : result.rejectedBy) // kept or dropped per candidate, never rejected
        QVERIFY2(code != "framework-switch", qPrintable(QString::number(count)));
    int kept = 0, off = 0;
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const SearchCandidate& c = result.candidates[i];
        const ParallelLayout& l = c.layout;
        const bool runs
            = l.ep() > 1 && !(l.pp() > 1 && l.virtualStages < 2) && l.recompute != Recompute::Full;
        QCOMPARE(l.overlapMoeAllToAll, std::optional<bool>{runs});
        if (i < 1000) // the candidates that get a recipe
            QCOMPARE(c.recipe.find("all-to-all runs exposed") != std::string::npos, l.ep() > 1 && !runs);
        (runs ? kept : off) += 1;
    }
    QVERIFY2(kept > 0 && off > 0, qPrintable(QString("%1 kept, %2 off").arg(kept).arg(off)));
    const QString mismatch = candidatesApplyAsRanked(base, result, 30, false);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

// The design's per-layer CUDA graphs stay on the candidates Megatron-Core runs them with and are off, with a
// sentence of the recipe, on those with full recomputation or another framework (frameworkchecks.h
// cudaGraphConflict); none is rejected for them, and a candidate's field edits carry the setting.
void TestSearch::cudaGraphsWhereMegatronRunsThem()
{
    Design base = selectiveMixtral();
    base.layout.cudaGraphs = CudaGraphs::Layers;
    QVERIFY2(evaluate(base).valid(), qPrintable(testing::describe(evaluate(base).diagnostics)));
    const SearchResult result = searchAtMicroBatchOne(base);
    for (const auto& [code, count] : result.rejectedBy) // kept or dropped per candidate, never rejected
        QVERIFY2(code != "framework-switch", qPrintable(QString::number(count)));
    int kept = 0, off = 0;
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const SearchCandidate& c = result.candidates[i];
        // Auto takes Megatron-Core for layouts with EP, DeepSpeed or PyTorch for the rest (layout.h).
        const bool megatron = frameworkProfile(withCandidate(base, c)).id == Framework::MegatronCore;
        const bool runs = megatron && c.layout.recompute != Recompute::Full;
        QCOMPARE(c.layout.cudaGraphs, runs ? CudaGraphs::Layers : CudaGraphs::None);
        if (i < 1000) // the candidates that get a recipe
            QCOMPARE(c.recipe.find("without the design's CUDA graphs") != std::string::npos, !runs);
        (runs ? kept : off) += 1;
    }
    QVERIFY2(kept > 0 && off > 0, qPrintable(QString("%1 kept, %2 off").arg(kept).arg(off)));
    const QString mismatch = candidatesApplyAsRanked(base, result, 10, false);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void TestSearch::calculonProblemWithNearestBatch()
{
    const Design d = calculonProblem();
    SearchSpace space;
    space.zeroStages = {1};
    space.recompute = {Recompute::Full};
    const SearchResult exact = searchMeshes(d, space);
    QVERIFY(exact.candidates.empty());
    std::string reasons;
    for (const auto& [code, count] : exact.rejectedBy)
        reasons += code + " " + std::to_string(count) + "; ";
    const auto batch = std::find_if(exact.rejectedBy.begin(), exact.rejectedBy.end(),
                                    [](const auto& r) { return r.first == "batch-divisible"; });
    // Every valid split (105 layers: no interleaving divides them) fails on the batch: 641 is prime.
    QVERIFY2(batch != exact.rejectedBy.end() && batch->second + exact.rejectedBy.front().second == exact.enumerated,
             reasons.c_str());
    SearchSpace rounded; // the whole space: which ZeRO stage and recomputation fit is the search's to find
    rounded.batch = BatchPolicy::Nearest;
    const SearchResult nearest = searchMeshes(d, rounded);
    reasons.clear();
    for (const auto& [code, count] : nearest.rejectedBy)
        reasons += code + " " + std::to_string(count) + "; ";
    QVERIFY2(!nearest.candidates.empty(), reasons.c_str());
    for (const SearchCandidate& c : nearest.candidates) {
        QCOMPARE(c.globalBatch % (std::int64_t{c.layout.microBatch} * c.layout.batchReplicas()), std::int64_t{0});
        QVERIFY(std::abs(c.globalBatch - d.workload.globalBatch)
                <= std::int64_t{c.layout.microBatch} * c.layout.batchReplicas());
    }
    QCOMPARE(searchToJson(nearest, 1).at("batch").get<std::string>(), std::string("nearest"));
}

void TestSearch::limitAndCombinations()
{
    const Design d = smallCluster();
    const SearchResult full = searchMeshes(d);
    QCOMPARE(full.combinations, full.enumerated);
    QCOMPARE(countCombinations(d, {}), full.combinations);
    QVERIFY(!full.limited);
    SearchOptions options;
    options.limit = 100;
    const SearchResult limited = searchMeshes(d, {}, options);
    QCOMPARE(limited.enumerated, std::int64_t{100});
    QVERIFY(limited.limited);
    QCOMPARE(limited.combinations, full.combinations);
    // The limit takes a prefix of the search's order, on any number of threads.
    options.threads = 1;
    QVERIFY(sameCandidates(limited, searchMeshes(d, {}, options)));
}

// A space past limits::kMaxSearchCombinations would run for minutes: refused at once with value-range
// (nothing evaluated); a limit within the cap makes it a search of that prefix.
void TestSearch::hugeSpaceRefusedUnlessLimited()
{
    const Design d = smallCluster();
    SearchSpace space;
    space.microBatches.clear();
    for (int mb = 1; mb <= 4000; ++mb)
        space.microBatches.push_back(mb);
    QVERIFY(countCombinations(d, space) > limits::kMaxSearchCombinations);
    const SearchResult refused = searchMeshes(d, space);
    QCOMPARE(refused.enumerated, std::int64_t{0});
    QVERIFY(refused.candidates.empty());
    QCOMPARE(refused.diagnostics.size(), std::size_t{1});
    QCOMPARE(refused.diagnostics.front().code, std::string("search-too-large"));
    // The message says how to go on: the limit that makes the search run.
    QVERIFY(refused.diagnostics.front().message().find("--limit " + std::to_string(limits::kMaxSearchCombinations))
            != std::string::npos);
    SearchOptions options;
    options.limit = 50;
    const SearchResult limited = searchMeshes(d, space, options);
    QVERIFY(!hasErrors(limited.diagnostics));
    QCOMPARE(limited.enumerated, std::int64_t{50});
}

void TestSearch::nothingFitsSaysWhy()
{
    Design huge = smallCluster();
    huge.model = *Catalog::builtin().model("llama-3.1-405b");
    const SearchResult none = searchMeshes(huge);
    QVERIFY(none.candidates.empty());
    QVERIFY(none.closest.has_value());
    QVERIFY(none.closest->peakBytes > none.closest->capacityBytes);
    const auto memory = std::find_if(none.rejectedBy.begin(), none.rejectedBy.end(),
                                     [](const auto& r) { return r.first == "memory"; });
    QVERIFY(memory != none.rejectedBy.end());
    QCOMPARE(memory->second, none.notFitting);
    std::int64_t rejected = 0;
    for (const auto& r : none.rejectedBy)
        rejected += r.second;
    QCOMPARE(rejected, none.invalid + none.notFitting);
    // The closest needs the least memory per capacity among all that did not fit: none of them less.
    QVERIFY(searchToJson(none, 1).contains("closest"));
}

void TestSearch::rankByAndPareto()
{
    const Design d = smallCluster();
    SearchOptions options;
    options.rankBy = SearchRank::Headroom;
    const SearchResult byHeadroom = searchMeshes(d, {}, options);
    for (std::size_t i = 1; i < byHeadroom.candidates.size(); ++i)
        QVERIFY(byHeadroom.candidates[i - 1].headroomBytes() >= byHeadroom.candidates[i].headroomBytes());
    const SearchResult byTime = searchMeshes(d);
    QVERIFY(byTime.candidates.front().pareto); // the fastest is on the front
    QVERIFY(byHeadroom.candidates.front().pareto); // so is the one with the most headroom
    // No candidate on the front is beaten on both by any other; every one off it is.
    for (const SearchCandidate& c : byTime.candidates) {
        const bool dominated = std::any_of(byTime.candidates.begin(), byTime.candidates.end(), [&](const SearchCandidate& o) {
            return o.tokensPerSecond >= c.tokensPerSecond && o.headroomBytes() >= c.headroomBytes()
                && (o.tokensPerSecond > c.tokensPerSecond || o.headroomBytes() > c.headroomBytes());
        });
        QCOMPARE(c.pareto, !dominated);
    }
}

// Cancel: the search stops at the next candidate after progress says so, and returns what it has.
void TestSearch::cancelStopsAtOnce()
{
    Design d = testing::example("default");
    d.cluster = makeUniformCluster(64, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    int calls = 0;
    const SearchResult result = searchMeshes(d, {}, SearchOptions{2, 0, SearchRank::Time}, [&calls](int, int) {
        ++calls;
        return false;
    });
    QVERIFY(result.cancelled);
    QCOMPARE(calls, 1); // once cancelled, never asked again
    QVERIFY(result.enumerated < result.combinations / 4);
}

// A search the user waits for: Llama 3.1 70B on 64 nodes × 8 H100.
void TestSearch::benchmarkLlama70bOn64Nodes()
{
    Design d = testing::example("default");
    d.cluster = makeUniformCluster(64, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    QBENCHMARK
    {
        QVERIFY(!searchMeshes(d).candidates.empty());
    }
}

void TestSearch::benchmark16384Gpus()
{
    Design d = testing::example("default");
    d.model = *Catalog::builtin().model("llama-3.1-405b");
    d.cluster = makeUniformCluster(2048, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.workload.globalBatch = 2048;
    QBENCHMARK
    {
        QVERIFY(!searchMeshes(d).candidates.empty());
    }
}

// Calculon's README problem with a batch each layout can run (Calculon rounds it the same way): the whole
// search, with at least one layout that fits.
void TestSearch::benchmarkCalculon530bOn5128()
{
    const Design d = calculonProblem();
    SearchSpace space;
    space.batch = BatchPolicy::Nearest;
    QBENCHMARK
    {
        QVERIFY(!searchMeshes(d, space).candidates.empty());
    }
}

// Llama 3.1 70B on 131,072 H100 (16,384 nodes): what the search pays per candidate must not grow with the
// GPUs (compare the 512-GPU benchmark's time per combination).
void TestSearch::benchmarkLlama70bOn131072Gpus()
{
    Design d = testing::example("default");
    d.cluster = makeUniformCluster(16384, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.workload.globalBatch = 16384;
    QBENCHMARK
    {
        QVERIFY(!searchMeshes(d).candidates.empty());
    }
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
