// SPDX-License-Identifier: GPL-3.0-or-later
// What the mesh search (performance/search.h) tries beyond DP, TP, PP, CP and EP: offloading where nothing
// else fits, FP8 where the GPUs have it, serving's replicas against TP and PP, balanced pipeline splits and
// the global batch's policies. Finding, ranking, cancelling and its benchmarks are tst_search's.

#include "evaluate.h"
#include "performance/search.h"
#include "performance/searchspace.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

class TestSearchOptions : public QObject
{
    Q_OBJECT

private slots:
    void offloadWhereNothingElseFits();
    void activationOffloadWhereMegatronAllowsIt();
    void fp8WhereTheGpusHaveIt();
    void servingComparesReplicasTpAndPp();
    void balancedSplit_data();
    void balancedSplit();
    void batchPolicy_data();
    void batchPolicy();
};

// Offload is searched where asked: Llama 3.1 70B does not fit one node of 8 H100 without it (16 bytes
// per parameter over 8 GPUs is 140 GB each); with --offloads it fits with its states on the host, every
// candidate evaluates as ranked, applies through the fields and says so in its recipe. On a model that fits,
// an offloaded optimizer is never the fastest (docs/offload.md).
void TestSearchOptions::offloadWhereNothingElseFits()
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.model = *Catalog::builtin().model("llama-3.1-70b");
    d.workload.globalBatch = 16;
    SearchSpace space;
    space.recompute = {Recompute::Full};
    space.microBatches = {1};
    const SearchResult without = searchMeshes(d, space);
    QVERIFY(without.candidates.empty());
    space.offloads = {Offload::None, Offload::Cpu, Offload::CpuParameters};
    const SearchResult with = searchMeshes(d, space);
    QVERIFY(!with.candidates.empty());
    QVERIFY(with.combinations > without.combinations);
    for (std::size_t i = 0; i < std::min<std::size_t>(with.candidates.size(), 10); ++i) {
        const SearchCandidate& c = with.candidates[i];
        QVERIFY(c.offload != Offload::None);
        QVERIFY(c.recipe.find("host memory") != std::string::npos);
        const Evaluation e = evaluate(withCandidate(d, c));
        QVERIFY2(e.valid() && e.performance, qPrintable(testing::describe(e.diagnostics)));
        QCOMPARE(e.performance->stepSeconds, c.stepSeconds);
        QCOMPARE(e.memory->peakBytes, c.peakBytes);
        Design edited = d;
        for (const auto& [field, value] : candidateFieldEdits(c))
            QVERIFY(setField(edited, field, value));
        QCOMPARE(edited.workload.offload, c.offload);
    }
    // Llama 3.1 8B fits: its fastest candidate keeps the optimizer on the GPU.
    Design small = testing::example("fsdp-1node-8gpu");
    small.workload.globalBatch = 16;
    const SearchResult fits = searchMeshes(small, space);
    QVERIFY(!fits.candidates.empty());
    QCOMPARE(fits.candidates.front().offload, Offload::None);
    QVERIFY(std::any_of(fits.candidates.begin(), fits.candidates.end(),
                        [](const SearchCandidate& c) { return c.offload != Offload::None; }));
}

// The design's activation offloading carries over to the layouts Megatron-Core allows it on (PP 1, no
// recomputation) and is dropped elsewhere, so no candidate is refused for it; applying a candidate sets it.
void TestSearchOptions::activationOffloadWhereMegatronAllowsIt()
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.layout.framework = Framework::MegatronCore;
    d.layout.recompute = Recompute::None;
    d.layout.activationOffloadLayers = 8;
    d.workload.globalBatch = 16;
    SearchSpace space;
    space.recompute = {Recompute::None, Recompute::Selective};
    space.microBatches = {1};
    const SearchResult result = searchMeshes(d, space);
    QVERIFY(!result.candidates.empty());
    bool offloading = false, pipelined = false;
    for (const SearchCandidate& c : result.candidates) {
        const bool allowed = c.layout.pp() == 1 && c.layout.recompute == Recompute::None;
        QCOMPARE(c.layout.activationOffloadLayers, allowed ? 8 : 0);
        offloading = offloading || allowed;
        pipelined = pipelined || c.layout.pp() > 1;
        Design edited = d;
        for (const auto& [field, value] : candidateFieldEdits(c))
            QVERIFY(setField(edited, field, value));
        QCOMPARE(edited.layout.activationOffloadLayers, c.layout.activationOffloadLayers);
    }
    QVERIFY(offloading && pipelined);
    QVERIFY(std::none_of(result.rejectedBy.begin(), result.rejectedBy.end(),
                         [](const auto& reason) { return reason.first.starts_with("activation-offload"); }));
}

// FP8 is tried where every GPU has FP8 tensor cores and wins there (twice the dense peak); on A100 the
// space leaves it out, so the search is the BF16 one.
void TestSearchOptions::fp8WhereTheGpusHaveIt()
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.workload.globalBatch = 16;
    SearchSpace space;
    space.recompute = {Recompute::Full};
    space.microBatches = {1};
    const SearchResult bf16 = searchMeshes(d, space);
    space.precisions = {Precision::Bf16Mixed, Precision::Fp8};
    const SearchResult both = searchMeshes(d, space);
    QCOMPARE(both.combinations, 2 * bf16.combinations);
    QVERIFY(!both.candidates.empty());
    QCOMPARE(both.candidates.front().precision, Precision::Fp8);
    QVERIFY(both.candidates.front().stepSeconds < bf16.candidates.front().stepSeconds);
    const Evaluation e = evaluate(withCandidate(d, both.candidates.front()));
    QVERIFY(e.performance);
    QCOMPARE(e.performance->stepSeconds, both.candidates.front().stepSeconds);

    Design a100 = d;
    a100.cluster = makeUniformCluster(1, 8, "a100-80gb", "nvlink3", "ib-hdr-200");
    const SearchResult onA100 = searchMeshes(a100, space);
    space.precisions = {};
    QCOMPARE(onA100.combinations, searchMeshes(a100, space).combinations);
    for (const SearchCandidate& c : onA100.candidates)
        QCOMPARE(c.precision, Precision::Bf16Mixed);
}

// The reference article's serving advice («Wählen Sie die kleinste Gruppe, die den Workload bewältigt»)
// for Llama 3.1 70B on one node of 8 H100: every TP × PP group that holds the weights and the KV
// cache, the rest of the GPUs as replicas, ranked by the group's tokens per second. PP never beats TP at
// the same group size on latency; more replicas of a small group serve more tokens while decoding is
// memory-bound.
void TestSearchOptions::servingComparesReplicasTpAndPp()
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

void TestSearchOptions::balancedSplit_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("stages");
    QTest::addColumn<double>("head");
    QTest::addColumn<std::vector<int>>("split");
    // Llama Team 2024 (The Llama 3 Herd of Models), §3.3.2: 126 layers on 16 stages, one layer fewer on
    // the first and on the last stage.
    std::vector<int> llama(16, 8);
    llama.front() = 7;
    llama.back() = 7;
    QTest::newRow("llama-3.1-405b-pp16") << 126 << 16 << 0.6 << llama;
    // 80 layers on 8 stages: the even split is already the most balanced (a head of 0.6 layers).
    QTest::newRow("llama-3.1-70b-pp8") << 80 << 8 << 0.6 << std::vector<int>(8, 10);
    // 105 layers (MT-NLG 530B) on 8 stages: 13.125 per stage; one middle stage takes 14.
    QTest::newRow("mt-nlg-530b-pp8") << 105 << 8 << 0.8 << std::vector<int>{13, 13, 13, 13, 13, 13, 14, 13};
    // Two stages: the head's stage takes fewer layers.
    QTest::newRow("two-stages") << 32 << 2 << 1.5 << std::vector<int>{17, 15};
    QTest::newRow("too-many-stages") << 4 << 8 << 0.5 << std::vector<int>{};
}

void TestSearchOptions::balancedSplit()
{
    QFETCH(int, layers);
    QFETCH(int, stages);
    QFETCH(double, head);
    QFETCH(std::vector<int>, split);
    QCOMPARE(balancedLayerSplit(layers, stages, head), split);
}

void TestSearchOptions::batchPolicy_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("perStep");
    QTest::addColumn<qint64>("expected");
    // Calculon's problem: 2,520 on 641 replicas (641 nodes, TP 8) — 641 is prime.
    QTest::newRow("exact") << int(BatchPolicy::Exact) << qint64(2520) << qint64(641) << qint64(2520);
    QTest::newRow("round-down") << int(BatchPolicy::RoundDown) << qint64(2520) << qint64(641) << qint64(1923);
    QTest::newRow("nearest-down") << int(BatchPolicy::Nearest) << qint64(2520) << qint64(641) << qint64(2564);
    QTest::newRow("nearest-tie") << int(BatchPolicy::Nearest) << qint64(6) << qint64(4) << qint64(4);
    QTest::newRow("nearest-never-multiplies")
        << int(BatchPolicy::Nearest) << qint64(100) << qint64(641) << qint64(100);
    QTest::newRow("round-down-too-small")
        << int(BatchPolicy::RoundDown) << qint64(100) << qint64(641) << qint64(100);
    QTest::newRow("divides") << int(BatchPolicy::Nearest) << qint64(2048) << qint64(128) << qint64(2048);
}

void TestSearchOptions::batchPolicy()
{
    QFETCH(int, policy);
    QFETCH(qint64, batch);
    QFETCH(qint64, perStep);
    QFETCH(qint64, expected);
    QCOMPARE(candidateBatch(BatchPolicy(policy), batch, perStep), std::int64_t(expected));
}
QTEST_GUILESS_MAIN(TestSearchOptions)
#include "tst_searchoptions.moc"
