// SPDX-License-Identifier: GPL-3.0-or-later
// The mesh search (performance/search.h): it finds what brute force finds, ranks by step time, drops what
// does not fit, can be cancelled, and answers absurd inputs; benchmarks for a 512-GPU and a 16,384-GPU
// cluster and for Calculon's published problem.

#include "evaluate.h"
#include "performance/search.h"
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

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private slots:
    void findsTheBruteForceBest();
    void rankedAndFitting();
    void candidatesEvaluateAsRanked();
    void recipeExplainsPlacement();
    void servingComparesReplicasTpAndPp();
    void cancels();
    void absurdInputs();
    void jsonContract();
    void benchmarkLlama70bOn64Nodes();
    void benchmark16384Gpus();
    void benchmarkCalculon530bOn5128();
};

void TestSearch::findsTheBruteForceBest()
{
    const Design base = smallCluster();
    const BruteForceBest best = bruteForce(base);
    const SearchResult result = searchMeshes(base);
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
    const SearchResult result = searchMeshes(base);
    for (std::size_t i = 0; i < std::min<std::size_t>(result.candidates.size(), 20); ++i) {
        const SearchCandidate& c = result.candidates[i];
        const Evaluation e = evaluate(withCandidate(base, c));
        QVERIFY(e.valid());
        QVERIFY(e.performance);
        QCOMPARE(e.performance->stepSeconds, c.stepSeconds);
        QCOMPARE(e.memory->peakBytes, c.peakBytes);
        // The same layout through the field API a document applies in one undo step.
        Design edited = base;
        for (const auto& [field, value] : candidateFieldEdits(c))
            QVERIFY(setField(edited, field, value));
        QVERIFY(edited.layout == c.layout);
    }
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
}

// The reference article's serving advice («Wählen Sie die kleinste Gruppe, die den Workload bewältigt»)
// for Llama 3.1 70B on one node of 8 H100: every TP × PP group that holds the weights and the KV
// cache, the rest of the GPUs as replicas, ranked by the group's tokens per second. PP never beats TP at
// the same group size on latency; more replicas of a small group serve more tokens while decoding is
// memory-bound.
void TestSearch::servingComparesReplicasTpAndPp()
{
    const Design d = testing::example("serving-70b-tp4x2");
    const SearchResult result = searchMeshes(d);
    QVERIFY(!result.candidates.empty());
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const SearchCandidate& c = result.candidates[i];
        QVERIFY(c.timeToFirstToken > 0 && c.stepSeconds > 0);
        QVERIFY(c.peakBytes <= c.capacityBytes);
        if (i > 0)
            QVERIFY(result.candidates[i - 1].tokensPerSecond >= c.tokensPerSecond);
    }
    auto find = [&](int tp, int pp) -> const SearchCandidate* {
        for (const SearchCandidate& c : result.candidates)
            if (c.layout.tp() == tp && c.layout.pp() == pp)
                return &c;
        return nullptr;
    };
    const SearchCandidate* tp4 = find(4, 1);
    const SearchCandidate* pp4 = find(1, 4);
    const SearchCandidate* tp8 = find(8, 1);
    QVERIFY(tp4 && tp8);
    if (pp4)
        QVERIFY(tp4->stepSeconds < pp4->stepSeconds); // a token passes every stage in turn
    QVERIFY(tp8->stepSeconds < tp4->stepSeconds); // TP 8 answers each token faster ...
    QVERIFY(tp4->tokensPerSecond > tp8->tokensPerSecond); // ... two TP 4 replicas serve more in all
    // 70B in BF16 (141 GB) does not fit a single 80 GB GPU: no TP 1 × PP 1 candidate.
    QVERIFY(!find(1, 1));
    const Json json = searchToJson(result, 1);
    QVERIFY(json.at("candidates").at(0).contains("timeToFirstTokenSeconds"));
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

// Calculon's README problem: Megatron-Turing NLG 530B on 5,128 A100 80 GB (641 DGX nodes), global batch
// 2,520 at sequence 2,048 — 8,100 configurations in about 34 s for Calculon on two cores.
void TestSearch::benchmarkCalculon530bOn5128()
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
    QBENCHMARK
    {
        searchMeshes(d);
    }
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
