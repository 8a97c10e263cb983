// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-Core with sequence parallelism routes each TP rank's own sequence shard (megatron/core/
// transformer/moe/token_dispatcher.py, MoEAlltoAllTokenDispatcher on sequence-parallel hidden states): the
// router sees s/TP tokens, the all-to-all within the expert-parallel group moves their copies, and an
// all-gather over expert TP hands each expert-TP rank the copies of its partners. A rank's experts thus
// compute the copies of expert-TP / TP of its s tokens, at 1/expert-TP of their width: the same FLOPs
// whatever expert TP is, but with expert TP 1 the copies each rank keeps and sends are 1/TP of the
// sequence's. (Before, the model gave every rank the whole sequence's copies: twice the expert work and
// memory of Qwen3 235B at TP 2 with expert TP 1, which could not fit the H100s it ran on.)

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "memory/activations.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// Qwen3 235B-A22B (128 experts, top-8, expert width 1,536) at TP 2 with sequence parallelism, EP 8 in
// Megatron's convention, 4,096 tokens, on 16 H100 of one NVLink domain (so that every EP group, however
// expert TP folds it, shares the same links); expert TP as given.
Design qwen(int expertTp)
{
    Design d = testing::onOneNode("qwen3-235b-a22b", 16, "h100-sxm-80gb", "nvlink4");
    ParallelLayout& l = d.layout;
    l.framework = Framework::MegatronCore;
    l.expertMode = ExpertMode::Megatron;
    l.expertTp = expertTp;
    l.setDegree(Dim::Tp, 2);
    l.setDegree(Dim::Pp, 1);
    l.setDegree(Dim::Ep, 8);
    l.setDegree(Dim::Dp, 8);
    l.sequenceParallel = true;
    l.zeroStage = 1;
    l.microBatch = 1;
    l.recompute = Recompute::Full;
    d.workload.sequenceLength = 4096;
    d.workload.globalBatch = 64;
    d.workload.moeCapacityFactor = 0;
    return d;
}

} // namespace

class TestMoeRouting : public QObject
{
    Q_OBJECT

private slots:
    void shares_data();
    void shares();
    void expertWorkPerRank();
};

void TestMoeRouting::shares_data()
{
    QTest::addColumn<int>("expertTp");
    QTest::addColumn<bool>("sequenceParallel");
    QTest::addColumn<double>("router");
    QTest::addColumn<double>("routed");
    QTest::newRow("expert TP 1 of TP 2") << 1 << true << 0.5 << 0.5;
    QTest::newRow("expert TP = TP") << 2 << true << 0.5 << 1.0;
    QTest::newRow("no sequence parallelism: every rank routes the sequence") << 1 << false << 1.0 << 1.0;
}

void TestMoeRouting::shares()
{
    QFETCH(int, expertTp);
    QFETCH(bool, sequenceParallel);
    QFETCH(double, router);
    QFETCH(double, routed);
    Design d = qwen(expertTp);
    d.layout.sequenceParallel = sequenceParallel;
    QCOMPARE(d.layout.routerTokenShare(), router);
    QCOMPARE(d.layout.routedTokenShare(), routed);
    d.layout.expertMode = ExpertMode::Separate; // EP as a dimension of its own: no such folding
    QCOMPARE(d.layout.routedTokenShare(), 1.0);
}

// With expert TP 1 a rank's experts compute half the sequence's copies at full width: the same expert FLOPs
// as expert TP 2 (all copies at half width); the copies it keeps for backward, the expert GEMM rows and the
// all-to-all halve.
void TestMoeRouting::expertWorkPerRank()
{
    const Design one = qwen(1), two = qwen(2);
    const double h = 4096, f = 1536, k = 8, s = 4096;
    const ExpertSplit a = expertSplit(one.layout), b = expertSplit(two.layout);
    const LayerFlops fa = layerForwardFlops(one.model, 0, 4096, 1, 2, 1, a);
    const LayerFlops fb = layerForwardFlops(two.model, 0, 4096, 1, 2, 1, b);
    QCOMPARE(fa.linear, fb.linear);
    // Expert FLOPs per rank: 2 · s/TP · k · 3·h·f (gate, up, down).
    const LayerFlops dense = layerForwardFlops(one.model, 0, 4096, 1, 2, 1, ExpertSplit{1, 0.5, 0});
    QCOMPARE(fa.linear - dense.linear, 2 * s / 2 * k * 3 * h * f);

    // Saved activations: the routed copies' terms (permuted input, expert output, intermediates) halve.
    ActivationConfig c1 = activationConfig(one), c2 = activationConfig(two);
    c1.recompute = c2.recompute = Recompute::None;
    const double moe1 = layerActivationBytes(one.model, true, c1).mlp;
    const double moe2 = layerActivationBytes(two.model, true, c2).mlp;
    // Per copy: permuted input 2h, output 2h; intermediates (4 + 2)·f/expert TP.
    const double perCopy1 = 4 * h + 6 * f, perCopy2 = 4 * h + 6 * f / 2;
    QCOMPARE(moe2 - moe1, s * k * perCopy2 - s / 2 * k * perCopy1);

    // The EP all-to-all moves half the bytes: on the same links it takes about half the time (its latency
    // and message-size efficiency aside).
    const Evaluation e1 = evaluate(one), e2 = evaluate(two);
    QVERIFY2(e1.schedule && e2.schedule, qPrintable(testing::describe(e1.diagnostics)));
    const double a2a1 = e1.schedule->times.stages.front().comm.epAllToAll;
    const double a2a2 = e2.schedule->times.stages.front().comm.epAllToAll;
    QVERIFY2(a2a1 < 0.6 * a2a2 && a2a1 > 0.4 * a2a2, qPrintable(QString("%1 %2").arg(a2a1).arg(a2a2)));
}

QTEST_APPLESS_MAIN(TestMoeRouting)
#include "tst_moerouting.moc"
