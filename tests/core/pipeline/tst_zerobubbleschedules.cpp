// SPDX-License-Identifier: GPL-3.0-or-later
// The zero-bubble schedules and DualPipe (ZB-H1, ZB-V, DualPipeV, DualPipe) against the worked cases of
// docs/pipeline-and-collective-cases.md (a "§" below is a section of that note), the zero-bubble paper's
// closed forms and DeepSeek's DualPipe README tables; each row names its source. Durations are abstract
// units; F, B, W are whole-stage times, so an op on one of v chunks takes 1/v of them.

#include "support/scheduletest.h"

#include <QTest>
#include <cmath>

using namespace core;
using namespace testing::schedule;

Q_DECLARE_METATYPE(core::Schedule)

class TestZeroBubbleSchedules : public QObject
{
    Q_OBJECT

private slots:
    void zbH1();
    void zeroBubbleClosedForm_data();
    void zeroBubbleClosedForm();
    void zbV();
    void zbVFewMicroBatches();
    void dualPipeV();
    void dualPipeVReadmeBubble_data();
    void dualPipeVReadmeBubble();
    void dualPipe();
    void dualPipeReadmeTable_data();
    void dualPipeReadmeTable();
    void dualPipeValidation_data();
    void dualPipeValidation();
};

// §6 case 7 and the ZB-H1 example of §2
void TestZeroBubbleSchedules::zbH1()
{
    const ScheduleSpec spec = makeSpec(Schedule::ZbH1, 4, 8, 1, 1, 1, 1);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    const char* const orders[] = {
        "F0 F1 F2 F3 I0 W0 F4 I1 W1 F5 I2 W2 F6 I3 W3 F7 I4 W4 I5 W5 I6 W6 I7 W7",
        "F0 F1 F2 I0 F3 I1 W0 F4 I2 W1 F5 I3 W2 F6 I4 W3 F7 I5 W4 I6 W5 I7 W6 W7",
        "F0 F1 I0 F2 I1 F3 I2 W0 F4 I3 W1 F5 I4 W2 F6 I5 W3 F7 I6 W4 I7 W5 W6 W7",
        "F0 I0 F1 I1 F2 I2 F3 I3 W0 F4 I4 W1 F5 I5 W2 F6 I6 W3 F7 I7 W4 W5 W6 W7",
    };
    const double spans[] = {27, 26, 25, 24};
    const int peaksToInput[] = {4, 3, 2, 1};
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(labels(t.ranks[r].ops), QLatin1String(orders[r]));
        QCOMPARE(warmupForwards(spec, r), std::optional<int>(3 - r));
        QCOMPARE(t.ranks[r].lastEnd, 27.0);
        QCOMPARE(t.ranks[r].span(), spans[r]);
        QCOMPARE(t.ranks[r].busy, 24.0);
        QCOMPARE(t.ranks[r].peakInFlightToWeightGrad, 4);
        QCOMPARE(t.ranks[r].peakInFlight, peaksToInput[r]);
    }
    QCOMPARE(t.makespan, 27.0);
    QCOMPARE(t.maxStageBubble, 3.0);
}

// §6 case 8 and §1.5: per-stage bubble (p−1)(T_F+T_B−T_W) at p=4, m=16
void TestZeroBubbleSchedules::zeroBubbleClosedForm_data()
{
    QTest::addColumn<Schedule>("kind");
    QTest::addColumn<double>("f");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("w");
    QTest::addColumn<double>("stageBubble");
    QTest::newRow("§6 case 8: ZB-H1 (1,1,1) → 3") << Schedule::ZbH1 << 1.0 << 1.0 << 1.0 << 3.0;
    QTest::newRow("§6 case 8: ZB-H1 (1,1,0.5) → 4.5") << Schedule::ZbH1 << 1.0 << 1.0 << 0.5 << 4.5;
    QTest::newRow("§6 case 8: ZB-H1 (1,2,1) → 6") << Schedule::ZbH1 << 1.0 << 2.0 << 1.0 << 6.0;
    // §1.5: "The closed form fails once T_W exceeds T_F+T_B: (1,1,2) gives 3, not 0" (measured for ZB-1p;
    // the ZB-H1 order gives the same).
    QTest::newRow("§1.5: ZB-H1 (1,1,2) → 3, not the closed form's 0")
        << Schedule::ZbH1 << 1.0 << 1.0 << 2.0 << 3.0;
    QTest::newRow("§6 case 8: 1F1B (1,1,1) → 9") << Schedule::OneFOneB << 1.0 << 1.0 << 1.0 << 9.0;
}

void TestZeroBubbleSchedules::zeroBubbleClosedForm()
{
    QFETCH(Schedule, kind);
    QFETCH(double, f);
    QFETCH(double, b);
    QFETCH(double, w);
    QFETCH(double, stageBubble);
    const PipelineTimeline t = simulateSchedule(makeSpec(kind, 4, 16, 1, f, b, w));
    QVERIFY(t.valid());
    QCOMPARE(t.maxStageBubble, stageBubble);
    for (const RankTimeline& rank : t.ranks)
        QCOMPARE(rank.busy, 16 * (f + b + w));
}

// §6 case 9 and the ZB-V example of §2
void TestZeroBubbleSchedules::zbV()
{
    const ScheduleSpec spec = makeSpec(Schedule::ZbV, 4, 8, 2, 1, 1, 1);
    QList<int> map;
    for (int s = 0; s < stageCount(spec); ++s)
        map << rankOfStage(spec, s);
    QCOMPARE(map, (QList<int>{0, 1, 2, 3, 3, 2, 1, 0}));
    QCOMPARE(stageOfChunk(spec, 1, 1), 6);
    QCOMPARE(chunkOfStage(spec, 6), 1);
    QCOMPARE(warmupForwards(spec, 0), std::nullopt);

    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(labels(t.ranks[0].ops, true),
             QLatin1String("F0@s0 F1@s0 F2@s0 F3@s0 F4@s0 F5@s0 F6@s0 "
                           "F0@s7 I0@s7 W0@s7 F1@s7 I1@s7 W1@s7 F2@s7 I2@s7 W2@s7 F3@s7 I3@s7 W3@s7 "
                           "F7@s0 I0@s0 W0@s0 F4@s7 I4@s7 W4@s7 I1@s0 W1@s0 F5@s7 I5@s7 W5@s7 I2@s0 W2@s0 "
                           "F6@s7 I6@s7 W6@s7 I3@s0 W3@s0 F7@s7 I7@s7 W7@s7 "
                           "I4@s0 W4@s0 I5@s0 W5@s0 I6@s0 W6@s0 I7@s0 W7@s0"));
    QCOMPARE(t.makespan, 25.5);
    QCOMPARE(t.maxStageBubble, 0.0);
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(t.ranks[r].ops.size(), std::size_t{48}); // 2 · m · 3
        QCOMPARE(t.ranks[r].busy, 24.0);
        QCOMPARE(t.ranks[r].firstStart, 0.5 * r);
        QCOMPARE(t.ranks[r].peakInFlight, 8); // 2p chunks = p stage-equivalents, as 1F1B
    }
}

// §6 case 9: m < 2p − 1 still runs, because torch drops the ops on micro-batches ≥ m
void TestZeroBubbleSchedules::zbVFewMicroBatches()
{
    const PipelineTimeline t = simulateSchedule(makeSpec(Schedule::ZbV, 4, 4, 2, 1, 1, 1));
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.makespan, 15.0);
    const double spans[] = {15, 14, 13, 12};
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(t.ranks[r].ops.size(), std::size_t{24});
        QCOMPARE(t.ranks[r].span(), spans[r]);
        QCOMPARE(t.ranks[r].busy, 12.0);
    }
    QVERIFY(t.maxStageBubble > 0); // not bubble-free below 2p − 1 micro-batches
}

// §6 case 10 and the DualPipeV example of §2
void TestZeroBubbleSchedules::dualPipeV()
{
    const ScheduleSpec spec = makeSpec(Schedule::DualPipeV, 4, 10, 2, 2, 2, 2, 6);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    const std::size_t opCounts[] = {38, 36, 34, 33}; // an F&B pair counts as one op
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(t.ranks[r].ops.size(), opCounts[r]);
        QCOMPARE(t.ranks[r].busy, 60.0);
        QCOMPARE(t.ranks[r].peakInFlight, 9); // "activation per device: PP + 1" (DualPipe README)
    }
    QCOMPARE(t.makespan, 66.0);
    QCOMPARE(t.ranks[0].bubble(), 6.0);
    // §1.6 step 4: the last rank does not overlap its first pair ("plain F0 then B1 at i=0").
    QVERIFY(labels(t.ranks[3].ops, true)
                .startsWith(QLatin1String(
                    "F0@s3 F0@s4 F1@s3 F1@s4 F2@s3 F2@s4 F3@s3 F3@s4 F4@s3 B0@s4 F4@s4&B0@s3 ")));
    const PipelineOp& pair = t.ranks[3].ops[10];
    QCOMPARE(pair.kind, PipelineOpKind::ForwardBackward);
    QCOMPARE(pair.end - pair.start, 3.0);
    QCOMPARE(pair.backwardChunk, 0);
    QCOMPARE(pair.chunk, 1);

    const PipelineTimeline rejected = simulateSchedule(makeSpec(Schedule::DualPipeV, 4, 7, 2, 2, 2, 2, 6));
    QVERIFY(!rejected.valid());
    QVERIFY(findCode(rejected.diagnostics, QStringLiteral("schedule-dualpipev-micro-batches")));
}

// DualPipe README: bubble (PP/2−1)(F&B+B−3W) with PP stages and B the full backward; §1.6: exact in
// simulation when F&B = F+B, smaller when the pair overlaps (F&B < F+B).
void TestZeroBubbleSchedules::dualPipeVReadmeBubble_data()
{
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("m");
    QTest::addColumn<double>("pair"); // chunk F&B time; chunk F = 1, I = W = 1
    QTest::addColumn<double>("bubble");
    QTest::newRow("§6 case 10: p=4 m=10, (8/2−1)(3+2−3)") << 4 << 10 << 3.0 << 6.0;
    QTest::newRow("§2: p=4 m=20") << 4 << 20 << 3.0 << 6.0;
    QTest::newRow("§2: p=3 m=8, (6/2−1)(3+2−3)") << 3 << 8 << 3.0 << 4.0;
    QTest::newRow("§2: p=2 m=4, (4/2−1)(3+2−3)") << 2 << 4 << 3.0 << 2.0;
    QTest::newRow("§1.6: F&B=2.5 gives 3.5, below the formula's 4.5") << 4 << 10 << 2.5 << 3.5;
}

void TestZeroBubbleSchedules::dualPipeVReadmeBubble()
{
    QFETCH(int, p);
    QFETCH(int, m);
    QFETCH(double, pair);
    QFETCH(double, bubble);
    const PipelineTimeline t = simulateSchedule(makeSpec(Schedule::DualPipeV, p, m, 2, 2, 2, 2, 2 * pair));
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.ranks[0].bubble(), bubble);
    QCOMPARE(t.maxStageBubble, bubble);
}

// DualPipe (bidirectional), deepseek-ai/DualPipe dualpipe.py DualPipe.step: p = 4 ranks, m = 8 micro-batches,
// chunk F = 1, I = W = 1 (a full backward 2), F&B = F + B = 3. Micro-batches 0–3 enter at rank 0 (stages
// 0–3), 4–7 at rank 3 (stages 4–7, the model's stages 0–3 again on ranks 3–0).
void TestZeroBubbleSchedules::dualPipe()
{
    const ScheduleSpec spec = makeSpec(Schedule::DualPipe, 4, 8, 2, 2, 2, 2, 6);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    // Stage placement: rank r holds stage r and stage 2p − 1 − r (the model's stage p − 1 − r).
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(stageOfChunk(spec, r, 0), r);
        QCOMPARE(stageOfChunk(spec, r, 1), 7 - r);
        // m/2 micro-batches through each of its two chunks, F + I + W each: 4 · 2 · 3.
        QCOMPARE(t.ranks[r].busy, 24.0);
        // "Activation per device PP+1" (DualPipe README), in chunks of one model stage.
        QCOMPARE(t.ranks[r].peakInFlight, 5);
    }
    QVERIFY(isEntryStage(spec, 0) && isEntryStage(spec, 4) && !isEntryStage(spec, 1));
    QVERIFY(isExitStage(spec, 3) && isExitStage(spec, 7) && !isExitStage(spec, 4));
    QVERIFY(stageRunsMicroBatch(spec, 3, 3) && !stageRunsMicroBatch(spec, 3, 4));
    QVERIFY(stageRunsMicroBatch(spec, 4, 4) && !stageRunsMicroBatch(spec, 4, 3));
    // dualpipe.py steps 1 and 2 on rank 0 (h = 0, H = 2): 2(H − h − 1) = 2 forwards of its own direction,
    // then one [F0, F1]; rank 3 mirrors it with the micro-batches that enter at its end.
    QVERIFY2(labels(t.ranks[0].ops, true).startsWith(QLatin1String("F0@s0 F1@s0 F2@s0 F4@s7 ")),
             qPrintable(labels(t.ranks[0].ops, true)));
    QVERIFY2(labels(t.ranks[3].ops, true).startsWith(QLatin1String("F4@s4 F5@s4 F6@s4 F0@s3 ")),
             qPrintable(labels(t.ranks[3].ops, true)));
    // Rank 1, a middle rank (h = H − 1): step 4 starts with a plain F0 and B1, not a pair.
    QVERIFY2(labels(t.ranks[1].ops, true).startsWith(QLatin1String("F0@s1 F4@s6 F1@s1 F5@s6 F2@s1 B4@s6 ")),
             qPrintable(labels(t.ranks[1].ops, true)));
    // The README's bubble, (PP/2 − 1)(F&B + B − 3W) = (4/2 − 1)(3 + 2 − 3).
    QCOMPARE(t.ranks[0].bubble(), 2.0);
    QCOMPARE(t.maxStageBubble, 2.0);
}

// The DualPipe README's table, row by row (PP = ranks, even): bubble (PP/2 − 1)(F&B + B − 3W), parameters
// 2× per device (two stages per rank), activations PP + 1 stages per device. Chunk F = 1, I = W = 1, F&B =
// F + B = 3, where the formula is exact.
void TestZeroBubbleSchedules::dualPipeReadmeTable_data()
{
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("m");
    QTest::addColumn<double>("bubble");
    QTest::newRow("PP=2, m=4: (2/2−1)(3+2−3) = 0") << 2 << 4 << 0.0;
    QTest::newRow("PP=4, m=8: (4/2−1)(3+2−3) = 2") << 4 << 8 << 2.0;
    QTest::newRow("PP=4, m=20: 2") << 4 << 20 << 2.0;
    QTest::newRow("PP=6, m=12: (6/2−1)(3+2−3) = 4") << 6 << 12 << 4.0;
    QTest::newRow("PP=8, m=16: (8/2−1)(3+2−3) = 6") << 8 << 16 << 6.0;
}

void TestZeroBubbleSchedules::dualPipeReadmeTable()
{
    QFETCH(int, p);
    QFETCH(int, m);
    QFETCH(double, bubble);
    const ScheduleSpec spec = makeSpec(Schedule::DualPipe, p, m, 2, 2, 2, 2, 6);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.ranks[0].bubble(), bubble);
    QCOMPARE(t.maxStageBubble, bubble);
    for (int r = 0; r < p; ++r) {
        QCOMPARE(t.ranks[r].peakInFlight, p + 1);
        QCOMPARE(t.ranks[r].busy, 3.0 * m); // m/2 micro-batches × 2 chunks × (F + I + W)
    }
}

// dualpipe.py asserts num_ranks % 2 == 0 and num_chunks even and ≥ 2 × num_ranks.
void TestZeroBubbleSchedules::dualPipeValidation_data()
{
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("m");
    QTest::addColumn<QString>("code");
    QTest::newRow("PP=3") << 3 << 6 << QStringLiteral("schedule-dualpipe-ranks");
    QTest::newRow("m=7 odd") << 2 << 7 << QStringLiteral("schedule-dualpipe-micro-batches");
    QTest::newRow("m=6 < 2·4") << 4 << 6 << QStringLiteral("schedule-dualpipe-micro-batches");
    QTest::newRow("PP=4, m=8 runs") << 4 << 8 << QString();
}

void TestZeroBubbleSchedules::dualPipeValidation()
{
    QFETCH(int, p);
    QFETCH(int, m);
    QFETCH(QString, code);
    const PipelineTimeline t = simulateSchedule(makeSpec(Schedule::DualPipe, p, m, 2, 2, 2, 2, 6));
    if (code.isEmpty()) {
        QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
        return;
    }
    QVERIFY(!t.valid());
    const Diagnostic* d = findCode(t.diagnostics, code);
    QVERIFY2(d, qPrintable(codes(t.diagnostics)));
    QCOMPARE(QString::fromStdString(d->path),
             code == QStringLiteral("schedule-dualpipe-ranks") ? QStringLiteral("/layout/pp")
                                                               : QStringLiteral("/workload/globalBatch"));
}

QTEST_APPLESS_MAIN(TestZeroBubbleSchedules)
#include "tst_zerobubbleschedules.moc"
