// SPDX-License-Identifier: GPL-3.0-or-later
// The curves a training step draws (steptimeline.h): activation memory over the step, its peak against the
// memory model's micro-batches in flight, the bubble against the number of micro-batches, and the
// communication bands of each op. Each row names where its numbers come from.
#include "base/diagnostickinds.h"
#include "comm/groupcollective.h"
#include "compute/gpupeaks.h"
#include "design/layoutarithmetic.h"
#include "design/placedlayout.h"
#include "design/placement.h"
#include "evaluate.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "performance/performance.h"
#include "pipeline/steptimeline.h"
#include "support/steptest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;
using namespace testing::step;

Q_DECLARE_METATYPE(core::ScheduleSpec)
Q_DECLARE_METATYPE(core::CommKind)

class TestStepCurves : public QObject
{
    Q_OBJECT

private slots:
    void activationCurveByHand();
    void activationCurvePeakIsInFlight_data();
    void activationCurvePeakIsInFlight();
    void activationsAreTheMemoryModels_data();
    void activationsAreTheMemoryModels();
    void bubbleCurve_data();
    void bubbleCurve();
    void bubbleCurveCounts();
    void commBands_data();
    void commBands();
};

// 1F1B, p = 2, m = 2, F = 1, B = 2; stage 0 keeps 10 bytes per micro-batch, stage 1 20.
// Rank 0: F0 [0,1) F1 [1,2) B0 [4,6) B1 [7,9).
void TestStepCurves::activationCurveByHand()
{
    ScheduleSpec spec;
    spec.ranks = 2;
    spec.microBatches = 2;
    const PipelineTimeline t = simulateSchedule(spec);
    const auto curves = activationCurves(t, {10, 20});
    const std::vector<ActivationPoint> expected{{0, 0}, {1, 10}, {2, 20}, {4, 20}, {6, 10}, {7, 10}, {9, 0}};
    QVERIFY(curves[0] == expected);
    QCOMPARE(activationAt(curves[0], 5), 15.0);
    QCOMPARE(activationAt(curves[0], 3), 20.0);
    QCOMPARE(activationAt(curves[0], 100), 0.0);
    QCOMPARE(activationAt(curves[0], -1), 0.0);
    QCOMPARE(peakActivation(curves[1]), 20.0);
    QCOMPARE(bytesPerStageFromRanks(spec, {10, 20}), (std::vector<double>{10, 20}));
}

// The curve's peak is the rank's peak in flight until W × one micro-batch's bytes (GPipe m, 1F1B
// min(p − r, m), ZB-H1 p on every rank, counted from F to W as Qi et al., ICLR 2024 §2 count p·M_B;
// interleaved counts chunks).
void TestStepCurves::activationCurvePeakIsInFlight_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("v");
    QTest::newRow("GPipe") << int(Schedule::GPipe) << 1;
    QTest::newRow("1F1B") << int(Schedule::OneFOneB) << 1;
    QTest::newRow("ZB-H1") << int(Schedule::ZbH1) << 1;
    QTest::newRow("interleaved v=2") << int(Schedule::Interleaved) << 2;
    QTest::newRow("ZB-V") << int(Schedule::ZbV) << 2;
}

void TestStepCurves::activationCurvePeakIsInFlight()
{
    QFETCH(int, kind);
    QFETCH(int, v);
    ScheduleSpec spec;
    spec.kind = static_cast<Schedule>(kind);
    spec.ranks = 4;
    spec.microBatches = 8;
    spec.virtualStages = v;
    spec.weightGrad = 1;
    spec.backward = 1;
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY(t.valid());
    const auto curves = activationCurves(t, std::vector<double>(static_cast<std::size_t>(4 * v), 1e9));
    for (std::size_t r = 0; r < 4; ++r) {
        QCOMPARE(peakActivation(curves[r]), t.ranks[r].peakInFlightToWeightGrad * 1e9);
        QCOMPARE(curves[r].back().bytes, 0.0); // everything freed by the end of the step
    }
}

// Tied to the memory bars: each rank's curve peaks at the activations the memory model puts on that rank,
// since both hold min(p − r, m) micro-batches (1F1B), all m (GPipe), Megatron's interleaved chunks, and for
// the split schedules every micro-batch until its W (ZB-H1 p on every rank; ZB-V with m < 2p − 1 fewer
// chunks on the first ranks: m + r + 1 of 2p).
void TestStepCurves::activationsAreTheMemoryModels_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("globalBatch"); // the default's 128 is 64 micro-batches on 2 replicas
    QTest::newRow("default example, 1F1B p=2") << "{}" << 128;
    QTest::newRow("GPipe p=2") << R"({"schedule": "gpipe"})" << 128;
    QTest::newRow("interleaved p=2 v=2") << R"({"schedule": "interleaved", "virtualStages": 2})" << 128;
    QTest::newRow("ZB-H1 p=4 m=8") << R"({"schedule": "zb-h1", "pp": 4, "dp": 1})" << 8;
    QTest::newRow("ZB-V p=4 m=4") << R"({"schedule": "zb-v", "virtualStages": 2, "pp": 4, "dp": 1})" << 4;
    QTest::newRow("ZB-V p=4 m=8") << R"({"schedule": "zb-v", "virtualStages": 2, "pp": 4, "dp": 1})" << 8;
}

void TestStepCurves::activationsAreTheMemoryModels()
{
    QFETCH(QString, patch);
    QFETCH(int, globalBatch);
    const LoadResult loaded
        = testing::patched("default",
                           qPrintable(QStringLiteral(R"({"layout": %1, "workload": {"globalBatch": %2}})")
                                          .arg(patch)
                                          .arg(globalBatch)));
    QVERIFY(loaded.design);
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY2(e.schedule && e.memory, qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.schedule->activationsFromMemoryModel);
    for (const RankRole& role : e.memory->roles) {
        const double modelled = role.figure(MemoryCategory::Activations).bytes;
        const double peak = peakActivation(e.schedule->activations[static_cast<std::size_t>(role.ppRank)]);
        QVERIFY(modelled > 0);
        QVERIFY2(near(peak, modelled, 1e-9),
                 qPrintable(QStringLiteral("rank %1: %2 vs %3").arg(role.ppRank).arg(peak).arg(modelled)));
    }
}

// The reference article's curve: (p − 1)/(m + p − 1) for GPipe and 1F1B; counts a schedule rejects are
// skipped.
void TestStepCurves::bubbleCurve_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("v");
    QTest::addColumn<QList<int>>("counts");
    QTest::addColumn<QList<int>>("kept");
    QTest::newRow("1F1B p=4") << int(Schedule::OneFOneB) << 1 << QList<int>{1, 4, 16, 32}
                              << QList<int>{1, 4, 16, 32};
    QTest::newRow("interleaved p=4 skips m=6")
        << int(Schedule::Interleaved) << 2 << QList<int>{4, 6, 8} << QList<int>{4, 8};
    QTest::newRow("DualPipeV p=4 needs m ≥ 8")
        << int(Schedule::DualPipeV) << 2 << QList<int>{4, 8, 16} << QList<int>{8, 16};
}

void TestStepCurves::bubbleCurve()
{
    QFETCH(int, kind);
    QFETCH(int, v);
    QFETCH(QList<int>, counts);
    QFETCH(QList<int>, kept);
    ScheduleSpec spec;
    spec.kind = static_cast<Schedule>(kind);
    spec.ranks = 4;
    spec.virtualStages = v;
    const std::vector<BubblePoint> curve
        = core::bubbleCurve(spec, std::vector<int>(counts.begin(), counts.end()));
    QCOMPARE(curve.size(), std::size_t(kept.size()));
    for (std::size_t i = 0; i < curve.size(); ++i) {
        QCOMPARE(curve[i].microBatches, kept[static_cast<qsizetype>(i)]);
        const int m = curve[i].microBatches;
        if (spec.kind == Schedule::OneFOneB)
            QCOMPARE(curve[i].bubbleFraction, 3.0 / (m + 3));
        if (spec.kind == Schedule::Interleaved) // §1.3: (p − 1)/(v·m + p − 1)
            QVERIFY(near(curve[i].bubbleFraction, 3.0 / (2 * m + 3)));
        if (i > 0)
            QVERIFY(curve[i].bubbleFraction < curve[i - 1].bubbleFraction);
    }
    // A budget of one simulation's operations stops after the first count.
    QCOMPARE(core::bubbleCurve(spec, {16, 32}, 4 * v * 16 * 3).size(), std::size_t{1});
}

void TestStepCurves::bubbleCurveCounts()
{
    const std::vector<int> counts = core::bubbleCurveCounts(4, 10);
    const std::vector<int> expected{1, 2, 3, 4, 6, 8, 10, 12, 16, 24, 32, 48, 64};
    QCOMPARE(counts, expected);
    const std::vector<int> many = core::bubbleCurveCounts(64, 1024);
    QCOMPARE(many.back(), 2048);
    QVERIFY(std::is_sorted(many.begin(), many.end()));
    QVERIFY(std::find(many.begin(), many.end(), 1024) != many.end());
}

// The bands under an op: per layer its collectives in order, inside the op; the send after it.
// The bands under a forward, per layer in order (layerpattern.cpp layerPatterns): TP's all-reduce after
// attention and after the MLP, CP's ring exchange beside the attention products, EP's all-to-all dispatch
// and combine around the experts; then the activation's send to stage 1.
void TestStepCurves::commBands_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("model"); // merged into the tiny model
    QTest::addColumn<CommKind>("kind");
    QTest::addColumn<int>("perLayer");
    QTest::newRow("TP=2: all-reduce after attention and MLP") << R"({"tp": 2, "pp": 2})"
                                                              << "{}" << CommKind::TensorParallel << 2;
    QTest::newRow("CP=2: ring exchange beside the attention products")
        << R"({"cp": 2, "pp": 2})"
        << "{}" << CommKind::ContextParallel << 1;
    QTest::newRow("EP=2: all-to-all dispatch and combine")
        << R"({"ep": 2, "pp": 2})"
        << R"({"moe": {"experts": 4, "topK": 2, "expertFfn": 1024}})" << CommKind::ExpertParallel << 2;
}

void TestStepCurves::commBands()
{
    QFETCH(QString, layout);
    QFETCH(QString, model);
    QFETCH(CommKind, kind);
    QFETCH(int, perLayer);
    const Design design = tinyDesign(qPrintable(layout), 4, qPrintable(model));
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const ScheduleEvaluation& s = *e.schedule;
    const PipelineOp& forward = s.timeline.ranks[0].ops.front();
    QCOMPARE(forward.kind, PipelineOpKind::Forward);
    const std::vector<CommBand> bands = opCommBands(s.times, s.spec(), forward);
    // 2 layers on stage 0 × the bands of one layer, then the activation's send to stage 1.
    const std::size_t layerBands = std::size_t{2} * static_cast<std::size_t>(perLayer);
    QCOMPARE(bands.size(), layerBands + 1);
    for (std::size_t i = 0; i < layerBands; ++i) {
        QCOMPARE(bands[i].kind, kind);
        QVERIFY(bands[i].end > bands[i].start);
        QVERIFY(bands[i].start >= forward.start && bands[i].end <= forward.end + 1e-15);
        if (i > 0)
            QVERIFY(bands[i].start >= bands[i - 1].end - 1e-15);
    }
    QCOMPARE(bands.back().kind, CommKind::PipelineSend);
    QCOMPARE(bands.back().start, forward.end);
    QVERIFY(near(bands.back().end - bands.back().start, s.times.boundarySeconds[0]));
    QCOMPARE(opCommBands(s.times, s.spec(), forward, 1).size(), std::size_t{1});
}

QTEST_APPLESS_MAIN(TestStepCurves)
#include "tst_stepcurves.moc"
