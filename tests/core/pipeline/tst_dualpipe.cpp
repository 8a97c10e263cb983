// SPDX-License-Identifier: GPL-3.0-or-later
// DualPipe (bidirectional) in a design, against the deepseek-ai/DualPipe README's table ("Parameter per
// device 2×", "Activation per device PP+1") and dualpipe.py's assertions (PP even, micro-batches even and at
// least 2 × PP): the Mixtral 8x7B example with PP 4 (8 layers a stage), EP 8, 32 micro-batches.

#include "evaluate.h"
#include "memory/modelshard.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

Design pipelined(Schedule schedule, int pp = 4)
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.setDegree(Dim::Dp, 1);
    d.layout.schedule = schedule;
    d.layout.virtualStages = schedule == Schedule::DualPipe ? 2 : 1;
    return d;
}

bool locatedError(const Evaluation& e, const std::string& code, const std::string& path)
{
    for (const Diagnostic& d : e.diagnostics)
        if (d.code == code && d.path == path && d.severity == Severity::Error)
            return true;
    return false;
}

} // namespace

class TestDualPipe : public QObject
{
    Q_OBJECT

private slots:
    void stagesHoldTheModelTwice();
    void twiceTheParametersAndPpPlusOneActivations();
    void overlappedPairAndModelFlops();
    void badLayoutsAreLocatedErrors_data();
    void badLayoutsAreLocatedErrors();
};

// 2 × PP global stages: stage p + k is the model's stage k again, on rank p − 1 − k; both ends of the model
// (embedding, output head) on ranks 0 and p − 1.
void TestDualPipe::stagesHoldTheModelTwice()
{
    const Design d = pipelined(Schedule::DualPipe);
    QCOMPARE(modelStageCount(d.layout), 4);
    const std::vector<StageLayers> layers = stageLayers(d);
    QCOMPARE(layers.size(), std::size_t(8));
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(layers[std::size_t(k)].firstLayer, 8 * k);
        QCOMPARE(layers[std::size_t(4 + k)].firstLayer, 8 * k);
        QCOMPARE(layers[std::size_t(4 + k)].layers, 8);
    }
    QCOMPARE(stagesOfPipelineRank(d, 1), (std::vector<int>{1, 6})); // the model's stages 1 and 2
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const std::vector<StageWork>& stages = e.schedule->times.stages;
    QCOMPARE(stages.size(), std::size_t(8));
    QVERIFY(stages[0].embedding && stages[4].embedding && !stages[1].embedding);
    QVERIFY(stages[3].outputHead && stages[7].outputHead && !stages[4].outputHead);
    QCOMPARE(stages[4].rank, 3);
    QCOMPARE(stages[6].firstLayer, 16);
}

// The README's "Parameter per device 2×" against 1F1B on the same PP, and "Activation per device PP+1"
// stages (1F1B's first rank holds PP).
void TestDualPipe::twiceTheParametersAndPpPlusOneActivations()
{
    const Evaluation dual = evaluate(pipelined(Schedule::DualPipe));
    const Evaluation single = evaluate(pipelined(Schedule::OneFOneB));
    QVERIFY(dual.memory && single.memory);
    // Rank 1 has no embedding or head in either: its layers' parameters exactly double.
    const RankRole& d1 = dual.memory->roleOf(dual.schedule->pipelineRanks[1]);
    const RankRole& s1 = single.memory->roleOf(single.schedule->pipelineRanks[1]);
    QCOMPARE(d1.layers, 2 * s1.layers);
    QCOMPARE(d1.figure(MemoryCategory::Parameters).bytes, 2 * s1.figure(MemoryCategory::Parameters).bytes);
    // In-flight micro-batches in units of the rank's layers (two stages): (PP + 1) / 2 = 2.5, i.e. PP + 1 = 5
    // stages; 1F1B's first rank holds PP = 4 of its one stage.
    const RankRole& d0 = dual.memory->roleOf(dual.schedule->pipelineRanks[0]);
    const RankRole& s0 = single.memory->roleOf(single.schedule->pipelineRanks[0]);
    QCOMPARE(d0.inFlight, 2.5);
    QCOMPARE(s0.inFlight, 4.0);
    // The simulated schedule agrees: PP + 1 chunks at the peak.
    QCOMPARE(dual.schedule->timeline.ranks[0].peakInFlight, 5);
}

// The pair overlaps one micro-batch's forward with another's backward: with the EP all-to-alls exposed in
// each alone, the pair takes less than F + B (DeepSeek-V3 §3.2.1). Model FLOPs count each micro-batch once.
void TestDualPipe::overlappedPairAndModelFlops()
{
    const Evaluation dual = evaluate(pipelined(Schedule::DualPipe));
    const Evaluation single = evaluate(pipelined(Schedule::OneFOneB));
    QVERIFY(dual.schedule && dual.performance && single.performance);
    const ScheduleSpec& spec = dual.schedule->spec();
    QVERIFY(spec.forwardBackward > 0);
    QVERIFY(spec.forwardBackward < spec.forward + spec.backward + spec.weightGrad);
    bool pairs = false;
    for (const PipelineOp& op : dual.schedule->timeline.ranks[0].ops)
        pairs |= op.kind == PipelineOpKind::ForwardBackward;
    QVERIFY(pairs);
    QCOMPARE(dual.performance->modelFlopsPerStep, single.performance->modelFlopsPerStep);
    // Pipeline traffic: 2p − 2 boundaries crossed by m/2 micro-batches each, as many bytes as 1F1B's
    // p − 1 boundaries crossed by all m.
    QVERIFY(dual.traffic && single.traffic);
    QVERIFY(single.traffic->of(Dim::Pp).totalBytes > 0);
    QCOMPARE(dual.traffic->of(Dim::Pp).totalBytes, single.traffic->of(Dim::Pp).totalBytes);
}

void TestDualPipe::badLayoutsAreLocatedErrors_data()
{
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("globalBatch");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");
    QTest::newRow("PP=1 (odd)") << 1 << 256 << "schedule-dualpipe-ranks" << "/layout/pp";
    // PP 2 leaves DP 2 × EP 8 = 16 replicas: 112 sequences are 7 micro-batches.
    QTest::newRow("7 micro-batches") << 2 << 112 << "schedule-dualpipe-micro-batches" << "/workload/globalBatch";
    QTest::newRow("6 micro-batches < 2 × 4") << 4 << 48 << "schedule-dualpipe-micro-batches"
                                            << "/workload/globalBatch";
}

void TestDualPipe::badLayoutsAreLocatedErrors()
{
    QFETCH(int, pp);
    QFETCH(int, globalBatch);
    QFETCH(QString, code);
    QFETCH(QString, path);
    Design d = pipelined(Schedule::DualPipe, pp);
    d.layout.setDegree(Dim::Dp, 4 / pp); // 32 GPUs = PP × DP × EP 8
    d.workload.globalBatch = globalBatch;
    const Evaluation e = evaluate(d);
    QVERIFY2(locatedError(e, code.toStdString(), path.toStdString()), qPrintable(testing::describe(e.diagnostics)));
}

QTEST_APPLESS_MAIN(TestDualPipe)
#include "tst_dualpipe.moc"
