// SPDX-License-Identifier: GPL-3.0-or-later
// What a MoE layer costs beyond its GEMMs (core/pipeline/moeload.h): the busiest expert rank's load from
// the capacity factor (Switch Transformer, Fedus et al. 2022 §2.2: capacity = tokens per expert × c;
// Megatron-Core moe_utils.get_capacity) or a measured skew, and the token permutation as HBM passes with
// the bytes Megatron-Core's permute / unpermute / sort_chunks_by_idxs move (megatron/core/transformer/moe/
// moe_utils.py, token_dispatcher.py MoEAlltoAllTokenDispatcher). Worked on the Mixtral 8x7B example
// (h 4,096, 8 experts, top-2, expert FFN 14,336; 4,096 tokens per micro-batch; EP 8).

#include "evaluate.h"
#include "pipeline/kernelterms.h"
#include "pipeline/layerkernels.h"
#include "pipeline/moeload.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/kerneltest.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;
using testing::gemm;

namespace {

constexpr std::size_t kF = 0, kI = 1;

Design mixtral(double capacity, double skew, int ep)
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.workload.moeCapacityFactor = capacity;
    d.workload.moeExpertLoadSkew = skew;
    d.layout.setDegree(Dim::Ep, ep);
    d.layout.setDegree(Dim::Dp, 32 / ep);
    return d;
}

const ModelTerm* term(const std::vector<ModelTerm>& terms, std::string_view id)
{
    for (const ModelTerm& t : terms)
        if (t.id == id)
            return &t;
    return nullptr;
}

const GpuSpec& h100()
{
    return *Catalog::builtin().gpu("h100-sxm-80gb");
}

// Mixtral's routed copies of one micro-batch: A = T·k·h·2 bytes = 4,096 · 2 · 4,096 · 2 (the dispatch
// payload of one all-to-all), X = T·h·2 = 33,554,432.
constexpr double kA = 4096.0 * 2 * 4096 * 2;
constexpr double kX = 4096.0 * 4096 * 2;

} // namespace

class TestMoeCosts : public QObject
{
    Q_OBJECT

private slots:
    void load_data();
    void load();
    void permutationBytes_data();
    void permutationBytes();
    void busiestRankSetsTheGemmsAndTheAllToAll();
    void permutationIsItsOwnTerm();
    void skewOutOfRangeIsALocatedError_data();
    void skewOutOfRangeIsALocatedError();
};

// The busiest rank's load. Capacity factors 1.0 and 1.25 are Switch Transformer's (Table 1); with a
// capacity factor every expert is at its capacity (Megatron's --moe-pad-expert-input-to-capacity); a
// measured skew s puts one expert at s and the rest of its rank (E / EP experts) at the mean.
void TestMoeCosts::load_data()
{
    QTest::addColumn<double>("capacity");
    QTest::addColumn<double>("skew");
    QTest::addColumn<int>("ep");
    QTest::addColumn<double>("expert");
    QTest::addColumn<double>("rank");
    QTest::addColumn<int>("basis");
    QTest::newRow("dropless, no measurement") << 0.0 << 0.0 << 8 << 1.0 << 1.0 << int(MoeLoadBasis::Balanced);
    QTest::newRow("Switch c = 1.0") << 1.0 << 0.0 << 8 << 1.0 << 1.0 << int(MoeLoadBasis::CapacityFactor);
    QTest::newRow("Switch c = 1.25") << 1.25 << 0.0 << 8 << 1.25 << 1.25 << int(MoeLoadBasis::CapacityFactor);
    QTest::newRow("skew 1.6, one expert a rank") << 0.0 << 1.6 << 8 << 1.6 << 1.6 << int(MoeLoadBasis::MeasuredSkew);
    QTest::newRow("skew 1.6, four experts a rank")
        << 0.0 << 1.6 << 2 << 1.6 << 1.0 + 0.6 / 4 << int(MoeLoadBasis::MeasuredSkew);
    QTest::newRow("skew 1.6 capped at c = 1.25")
        << 1.25 << 1.6 << 2 << 1.25 << 1.0 + 0.25 / 4 << int(MoeLoadBasis::SkewWithinCapacity);
    QTest::newRow("skew 1.2 under c = 2") << 2.0 << 1.2 << 4 << 1.2 << 1.1 << int(MoeLoadBasis::MeasuredSkew);
}

void TestMoeCosts::load()
{
    QFETCH(double, capacity);
    QFETCH(double, skew);
    QFETCH(int, ep);
    QFETCH(double, expert);
    QFETCH(double, rank);
    QFETCH(int, basis);
    const MoeLoad l = moeLoad(mixtral(capacity, skew, ep));
    QCOMPARE(l.expert, expert);
    QCOMPARE(l.rank, rank);
    QCOMPARE(int(l.basis), basis);
    QCOMPARE(l.localExperts, 8.0 / ep);
}

// The permutation's bytes by hand from moe_utils.py: permute reads and writes the copies (2A), unpermute
// reads them and writes the tokens (A + X); backward 3A (the gradient gathered, and the probabilities'
// gradient reading the expert outputs) and A + X. Several local experts under EP add the chunk sort,
// 2A × load on each side. A capacity factor multiplies the copies (drop-and-pad).
void TestMoeCosts::permutationBytes_data()
{
    QTest::addColumn<double>("capacity");
    QTest::addColumn<int>("ep");
    QTest::addColumn<double>("permuteForward");
    QTest::addColumn<double>("unpermuteForward");
    QTest::addColumn<double>("unpermuteBackward");
    QTest::addColumn<double>("permuteBackward");
    QTest::newRow("EP 8, one expert a rank") << 0.0 << 8 << 2 * kA << kA + kX << 3 * kA << kA + kX;
    QTest::newRow("EP 2, four experts a rank: chunk sort")
        << 0.0 << 2 << 4 * kA << 3 * kA + kX << 5 * kA << 3 * kA + kX;
    QTest::newRow("EP 1: no dispatcher sort") << 0.0 << 1 << 2 * kA << kA + kX << 3 * kA << kA + kX;
    const double a = 1.25 * kA;
    QTest::newRow("c = 1.25, EP 2") << 1.25 << 2 << 2 * a + 2 * a * 1.25 << a + kX + 2 * a * 1.25
                                    << 3 * a + 2 * a * 1.25 << a + kX + 2 * a * 1.25;
}

void TestMoeCosts::permutationBytes()
{
    QFETCH(double, capacity);
    QFETCH(int, ep);
    QFETCH(double, permuteForward);
    QFETCH(double, unpermuteForward);
    QFETCH(double, unpermuteBackward);
    QFETCH(double, permuteBackward);
    const Design d = mixtral(capacity, 0, ep);
    const MoePermutationBytes b = moePermutationBytes(d, 4096, moeLoad(d));
    QCOMPARE(b.permuteForward, permuteForward);
    QCOMPARE(b.unpermuteForward, unpermuteForward);
    QCOMPARE(b.unpermuteBackward, unpermuteBackward);
    QCOMPARE(b.permuteBackward, permuteBackward);
    // Priced in the layer at the GPU's HBM rate, forward and backward.
    const LayerKernels k = layerKernels(d, 0, h100(), GemmModel::builtin(), 1.0);
    const double bandwidth = elementwiseTime(h100(), 1).bandwidth;
    QCOMPARE(k.parts.permute[kF], permuteForward / bandwidth);
    QCOMPARE(k.parts.unpermute[kF], unpermuteForward / bandwidth);
    QCOMPARE(k.parts.unpermute[kI], unpermuteBackward / bandwidth);
    QCOMPARE(k.parts.permute[kI], permuteBackward / bandwidth);
    // The routed copies (2A saved) left the elementwise passes: what the balanced passes would move, less.
    QCOMPARE(moeRoutedCopyBytes(d, 4096), 2 * kA * (capacity > 0 ? capacity : 1.0));
}

// A skew of 1.6 on EP 8 (one expert a rank): the experts' GEMMs run 1.6 × the mean tokens, the EP
// all-to-all carries 1.6 × the bytes, and the step is slower.
void TestMoeCosts::busiestRankSetsTheGemmsAndTheAllToAll()
{
    const Design balanced = mixtral(0, 0, 8);
    const Design skewed = mixtral(0, 1.6, 8);
    const LayerKernels kb = layerKernels(balanced, 0, h100(), GemmModel::builtin(), 1.0);
    const LayerKernels ks = layerKernels(skewed, 0, h100(), GemmModel::builtin(), 1.0);
    // T·k / local = 4,096 · 2 / 1 tokens for the one local expert.
    QCOMPARE(gemm(kb, "experts-fc1").shapes[kF], (GemmShape{1, 8192, 2 * 14336, 4096}));
    QCOMPARE(gemm(ks, "experts-fc1").shapes[kF], (GemmShape{1, 8192 * 1.6, 2 * 14336, 4096}));
    QCOMPARE(gemm(ks, "experts-fc2").shapes[kF], (GemmShape{1, 8192 * 1.6, 4096, 14336}));
    // The router is not affected: every token is routed on its own rank.
    QCOMPARE(gemm(ks, "router").shapes[kF], gemm(kb, "router").shapes[kF]);
    const Evaluation eb = evaluate(balanced), es = evaluate(skewed);
    QVERIFY2(eb.schedule && es.schedule, qPrintable(testing::describe(es.diagnostics)));
    const double a2aBalanced = eb.schedule->times.stages[0].comm.epAllToAll;
    const double a2aSkewed = es.schedule->times.stages[0].comm.epAllToAll;
    QVERIFY(a2aBalanced > 0);
    QVERIFY(a2aSkewed > 1.3 * a2aBalanced); // 1.6 × the bytes, less the fixed latency
    QVERIFY(es.performance->stepSeconds > eb.performance->stepSeconds);
}

// The explanation lists the permutation as its own kernel term with its source, and the load with its
// basis.
void TestMoeCosts::permutationIsItsOwnTerm()
{
    const Evaluation e = evaluate(mixtral(1.25, 0, 8));
    QVERIFY(e.schedule);
    const std::vector<ModelTerm>& terms = e.schedule->times.terms;
    const ModelTerm* p = term(terms, "kernel.moe.moe-permutation");
    QVERIFY(p);
    QVERIFY2(p->source.find("moe_utils.py permute / unpermute") != std::string::npos, p->source.c_str());
    QVERIFY(p->value > 0);
    const ModelTerm* l = term(terms, "kernel.moe.moe-load");
    QVERIFY(l);
    QCOMPARE(l->value, 1.25);
    QVERIFY2(l->formula.find("capacity, factor 1.25") != std::string::npos, l->formula.c_str());
    QVERIFY2(l->source.find("Switch Transformer") != std::string::npos, l->source.c_str());
    // A dense model has neither.
    const Evaluation dense = evaluate(testing::example("seed-70b-32k-512gpu"));
    QVERIFY(dense.schedule);
    for (const ModelTerm& t : dense.schedule->times.terms)
        QVERIFY2(t.id.find("moe-") == std::string::npos, t.id.c_str());
}

// A skew below 1 or above E / top-k (every token to one expert: 8 / 2 = 4 for Mixtral) cannot be.
void TestMoeCosts::skewOutOfRangeIsALocatedError_data()
{
    QTest::addColumn<double>("skew");
    QTest::addColumn<bool>("error");
    QTest::newRow("0: the default") << 0.0 << false;
    QTest::newRow("0.5") << 0.5 << true;
    QTest::newRow("1") << 1.0 << false;
    QTest::newRow("4: every token to one expert") << 4.0 << false;
    QTest::newRow("4.5") << 4.5 << true;
}

void TestMoeCosts::skewOutOfRangeIsALocatedError()
{
    QFETCH(double, skew);
    QFETCH(bool, error);
    const Evaluation e = evaluate(mixtral(0, skew, 8));
    bool located = false;
    for (const Diagnostic& d : e.diagnostics)
        located |= d.path == "/workload/moeExpertLoadSkew" && d.severity == Severity::Error;
    QCOMPARE(located, error);
}

QTEST_APPLESS_MAIN(TestMoeCosts)
#include "tst_moecosts.moc"
