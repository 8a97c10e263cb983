// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline schedules and their timelines against the worked cases of docs/pipeline-and-collective-cases.md
// (§1, §2 and the cases of §6; a "§" below is a section of that note) and the reference article's bubble
// figures; each row names its source. Durations are abstract
// units; F, B, W are whole-stage times, so an op on one of v chunks takes 1/v of them (§2 quotes chunk
// times: "chunk F=0.5" with v = 2 is F = 1 here).

#include "pipeline/pipelinetimeline.h"
#include "support/scheduletest.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace core;
using namespace testing::schedule;

Q_DECLARE_METATYPE(core::Schedule)
Q_DECLARE_METATYPE(core::ScheduleSpec)

namespace {

// The 1F1B orders of §2 (also torch Schedule1F1B and Megatron without interleaving), p = 4, m = 8.
const char* const k1F1BOrder[] = {
    "F0 F1 F2 F3 B0 F4 B1 F5 B2 F6 B3 F7 B4 B5 B6 B7",
    "F0 F1 F2 B0 F3 B1 F4 B2 F5 B3 F6 B4 F7 B5 B6 B7",
    "F0 F1 B0 F2 B1 F3 B2 F4 B3 F5 B4 F6 B5 F7 B6 B7",
    "F0 B0 F1 B1 F2 B2 F3 B3 F4 B4 F5 B5 F6 B6 F7 B7",
};

} // namespace

class TestSchedule : public QObject
{
    Q_OBJECT

private slots:
    void oneFOneBOrder();
    void oneFOneBTimeline();
    void gpipe();
    void makespan_data();
    void makespan();
    void fillDrainLaws();
    void interleaved();
    void scheduleTable_data();
    void scheduleTable();
    void interleavedValidation_data();
    void interleavedValidation();
    void torchInterleavedRounds_data();
    void torchInterleavedRounds();
    void articleForwardBubble_data();
    void articleForwardBubble();
    void everyOpRunsOnce_data();
    void everyOpRunsOnce();
    void latencyAndUnevenStages_data();
    void latencyAndUnevenStages();
    void json();
    void benchmark1F1B();
};

// §6 case 1
void TestSchedule::oneFOneBOrder()
{
    const ScheduleSpec spec = makeSpec(Schedule::OneFOneB, 4, 8);
    const auto order = scheduleOrder(spec);
    QCOMPARE(order.size(), std::size_t{4});
    const int warmups[] = {3, 2, 1, 0}; // Megatron: min(p − r − 1, m)
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(labels(order[r]), QLatin1String(k1F1BOrder[r]));
        QCOMPARE(warmupForwards(spec, r), std::optional<int>(warmups[r]));
    }
    // The warm-up is capped at m (Megatron), so m < p still gives a schedule: r0 runs all 2 forwards first.
    const ScheduleSpec few = makeSpec(Schedule::OneFOneB, 4, 2);
    QCOMPARE(warmupForwards(few, 0), std::optional<int>(2));
    QCOMPARE(labels(scheduleOrder(few)[0]), QLatin1String("F0 F1 B0 B1"));
}

// §6 case 2 and the 1F1B timeline of §2
void TestSchedule::oneFOneBTimeline()
{
    const PipelineTimeline t = simulateSchedule(makeSpec(Schedule::OneFOneB, 4, 8, 1, 1, 2));
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.makespan, 33.0);
    QCOMPARE(t.bubbleFraction, 3.0 / 11.0);
    QCOMPARE(t.maxStageBubble, 9.0); // (p−1)(T_F+T_B), §1.2
    const int peaks[] = {4, 3, 2, 1};
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(t.ranks[r].peakInFlight, peaks[r]);
        QCOMPARE(t.ranks[r].busy, 24.0);
    }
    const RankTimeline& r0 = t.ranks[0];
    for (int j = 0; j < 4; ++j) { // F0..F3 at [0,4)
        QCOMPARE(r0.ops[j].start, double(j));
        QCOMPARE(r0.ops[j].end, double(j + 1));
    }
    QCOMPARE(findOp(r0, PipelineOpKind::Backward, 0, 0)->start, 10.0);
    QCOMPARE(findOp(r0, PipelineOpKind::Backward, 0, 0)->end, 12.0);
    QCOMPARE(findOp(r0, PipelineOpKind::Forward, 4, 0)->start, 12.0);
    QCOMPARE(findOp(r0, PipelineOpKind::Backward, 7, 0)->start, 31.0);
    QCOMPARE(r0.lastEnd, 33.0);
    const RankTimeline& r3 = t.ranks[3];
    QCOMPARE(findOp(r3, PipelineOpKind::Forward, 0, 3)->start, 3.0);
    QCOMPARE(findOp(r3, PipelineOpKind::Backward, 0, 3)->start, 4.0);
    QCOMPARE(findOp(r3, PipelineOpKind::Backward, 0, 3)->end, 6.0);
    QCOMPARE(r3.lastEnd, 27.0);
}

// §6 case 3 and §1.1
void TestSchedule::gpipe()
{
    const ScheduleSpec spec = makeSpec(Schedule::GPipe, 4, 8);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY(t.valid());
    QCOMPARE(t.makespan, 33.0);
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(labels(t.ranks[r].ops), QLatin1String("F0 F1 F2 F3 F4 F5 F6 F7 B0 B1 B2 B3 B4 B5 B6 B7"));
        QCOMPARE(t.ranks[r].peakInFlight, 8);
        QCOMPARE(warmupForwards(spec, r), std::optional<int>(8));
    }
}

void TestSchedule::makespan_data()
{
    QTest::addColumn<ScheduleSpec>("spec");
    QTest::addColumn<double>("makespan");
    QTest::addColumn<double>("stageBubble"); // max over ranks of span − busy; NaN where no source states it
    const double none = std::numeric_limits<double>::quiet_NaN();
    using S = Schedule;
    // 1F1B and GPipe: (m+p−1)(T_F+T_B), per-stage bubble (p−1)(T_F+T_B)
    QTest::newRow("§6 case 2: 1F1B p=4 m=8") << makeSpec(S::OneFOneB, 4, 8) << 33.0 << 9.0;
    QTest::newRow("§6 case 2: 1F1B p=2 m=4") << makeSpec(S::OneFOneB, 2, 4) << 15.0 << 3.0;
    QTest::newRow("§6 case 2: 1F1B p=4 m=4") << makeSpec(S::OneFOneB, 4, 4) << 21.0 << 9.0;
    QTest::newRow("§6 case 2: 1F1B p=8 m=16") << makeSpec(S::OneFOneB, 8, 16) << 69.0 << 21.0;
    QTest::newRow("§6 case 2: 1F1B p=4 m=3") << makeSpec(S::OneFOneB, 4, 3) << 18.0 << 9.0;
    QTest::newRow("§2: GPipe p=4 m=8") << makeSpec(S::GPipe, 4, 8) << 33.0 << 9.0;
    // §1.5 / §2: 1F1B runs the full backward, T_B + T_W
    QTest::newRow("§2: 1F1B p=4 m=8 F=I=W=1") << makeSpec(S::OneFOneB, 4, 8, 1, 1, 1, 1) << 33.0 << 9.0;
    // Interleaved, chunk times (1/v, 2/v): makespan m(F+B) + (p−1)(F+B)/v, bubble (p−1)(F+B)/v (§1.3)
    QTest::newRow("§6 case 4: interleaved p=4 v=2 m=8") << makeSpec(S::Interleaved, 4, 8, 2) << 28.5 << 4.5;
    QTest::newRow("§2: interleaved p=4 v=2 m=4") << makeSpec(S::Interleaved, 4, 4, 2) << 16.5 << 4.5;
    QTest::newRow("§2: interleaved p=4 v=4 m=8") << makeSpec(S::Interleaved, 4, 8, 4) << 26.25 << 2.25;
    QTest::newRow("§2: interleaved p=2 v=2 m=4") << makeSpec(S::Interleaved, 2, 4, 2) << 13.5 << 1.5;
    QTest::newRow("§2: interleaved p=8 v=2 m=16") << makeSpec(S::Interleaved, 8, 16, 2) << 58.5 << 10.5;
    QTest::newRow("§2: interleaved p=4 v=3 m=8") << makeSpec(S::Interleaved, 4, 8, 3) << 27.0 << 3.0;
    QTest::newRow("§2, §6 case 6: interleaved p=4 v=2 m=10 N=5")
        << makeSpec(S::Interleaved, 4, 10, 2, 1, 2, 0, 0, 5) << 34.5 << none;
    // Zero bubble, F = I = W = 1
    QTest::newRow("§6 case 7: ZB-H1 p=4 m=8") << makeSpec(S::ZbH1, 4, 8, 1, 1, 1, 1) << 27.0 << 3.0;
    // ZB-V, chunk F = I = W = 0.5: makespan − 3m = 1.5, per-stage bubble 0 for m = 7, 8, 16, 32
    QTest::newRow("§6 case 9: ZB-V p=4 m=8") << makeSpec(S::ZbV, 4, 8, 2, 1, 1, 1) << 25.5 << 0.0;
    QTest::newRow("§2: ZB-V p=4 m=7") << makeSpec(S::ZbV, 4, 7, 2, 1, 1, 1) << 22.5 << 0.0;
    QTest::newRow("§2: ZB-V p=4 m=16") << makeSpec(S::ZbV, 4, 16, 2, 1, 1, 1) << 49.5 << 0.0;
    QTest::newRow("§2: ZB-V p=4 m=32") << makeSpec(S::ZbV, 4, 32, 2, 1, 1, 1) << 97.5 << 0.0;
    QTest::newRow("§6 case 9: ZB-V p=4 m=4") << makeSpec(S::ZbV, 4, 4, 2, 1, 1, 1) << 15.0 << 3.0;
    // DualPipeV, chunk F=1, I=W=1 (full B=2), F&B=3: whole-stage 2, 2, 2, 6
    QTest::newRow("§6 case 10: DualPipeV p=4 m=10")
        << makeSpec(S::DualPipeV, 4, 10, 2, 2, 2, 2, 6) << 66.0 << 6.0;
    QTest::newRow("§2: DualPipeV p=4 m=20") << makeSpec(S::DualPipeV, 4, 20, 2, 2, 2, 2, 6) << 126.0 << 6.0;
    QTest::newRow("§2: DualPipeV p=3 m=8") << makeSpec(S::DualPipeV, 3, 8, 2, 2, 2, 2, 6) << 52.0 << 4.0;
    QTest::newRow("§2: DualPipeV p=2 m=4") << makeSpec(S::DualPipeV, 2, 4, 2, 2, 2, 2, 6) << 26.0 << 2.0;
}

void TestSchedule::makespan()
{
    QFETCH(ScheduleSpec, spec);
    QFETCH(double, makespan);
    QFETCH(double, stageBubble);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.makespan, makespan);
    if (!std::isnan(stageBubble))
        QVERIFY2(std::abs(t.maxStageBubble - stageBubble) < 1e-9,
                 qPrintable(QString::number(t.maxStageBubble)));
}

// §1.1–§1.3: GPipe and 1F1B take (m+p−1)(T_F+T_B) with bubble share (p−1)/(m+p−1) [GPipe §2.3]; the
// interleaved schedule m(T_F+T_B) + (p−1)(T_F+T_B)/v with (p−1)/(vm+p−1) for every m that is a multiple
// of p [derived, Narayanan et al. SC'21 §2.2.2].
void TestSchedule::fillDrainLaws()
{
    int checked = 0;
    for (int p = 1; p <= 8; ++p)
        for (int m = 1; m <= 24; ++m) {
            for (Schedule kind : {Schedule::GPipe, Schedule::OneFOneB}) {
                const PipelineTimeline t = simulateSchedule(makeSpec(kind, p, m, 1, 1.5, 2.5));
                QVERIFY(t.valid());
                QCOMPARE(t.makespan, (m + p - 1) * 4.0);
                QCOMPARE(t.bubbleFraction + 1.0, double(p - 1) / (m + p - 1) + 1.0);
                ++checked;
            }
            if (m % p != 0)
                continue;
            for (int v = 2; v <= 4; ++v) {
                const PipelineTimeline t = simulateSchedule(makeSpec(Schedule::Interleaved, p, m, v, 1, 2));
                QVERIFY(t.valid());
                QVERIFY2(
                    std::abs(t.makespan - (m * 3.0 + (p - 1) * 3.0 / v)) < 1e-9,
                    qPrintable(QStringLiteral("p=%1 v=%2 m=%3: %4").arg(p).arg(v).arg(m).arg(t.makespan)));
                QVERIFY(std::abs(t.bubbleFraction - double(p - 1) / (v * m + p - 1)) < 1e-12);
                ++checked;
            }
        }
    QCOMPARE(checked, 8 * 24 * 2 + 3 * (24 + 12 + 8 + 6 + 4 + 4 + 3 + 3));
}

// §6 case 4 and the interleaved example of §2
void TestSchedule::interleaved()
{
    const ScheduleSpec spec = makeSpec(Schedule::Interleaved, 4, 8, 2, 1, 2);
    QCOMPARE(effectiveGroupSize(spec), 4);
    const int warmups[] = {10, 8, 6, 4};
    for (int r = 0; r < 4; ++r)
        QCOMPARE(warmupForwards(spec, r), std::optional<int>(warmups[r]));
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(
        labels(t.ranks[0].ops, true),
        QLatin1String("F0@s0 F1@s0 F2@s0 F3@s0 F0@s4 F1@s4 F2@s4 F3@s4 F4@s0 F5@s0 F6@s0 B0@s4 F7@s0 B1@s4 "
                      "F4@s4 B2@s4 F5@s4 B3@s4 F6@s4 B0@s0 F7@s4 B1@s0 B2@s0 B3@s0 B4@s4 B5@s4 B6@s4 B7@s4 "
                      "B4@s0 B5@s0 B6@s0 B7@s0"));
    QCOMPARE(
        labels(t.ranks[3].ops, true),
        QLatin1String("F0@s3 F1@s3 F2@s3 F3@s3 F0@s7 B0@s7 F1@s7 B1@s7 F2@s7 B2@s7 F3@s7 B3@s7 F4@s3 B0@s3 "
                      "F5@s3 B1@s3 F6@s3 B2@s3 F7@s3 B3@s3 F4@s7 B4@s7 F5@s7 B5@s7 F6@s7 B6@s7 F7@s7 B7@s7 "
                      "B4@s3 B5@s3 B6@s3 B7@s3"));
    // Chunk F = 0.5, B = 1.0
    QCOMPARE(t.ranks[0].ops[0].end - t.ranks[0].ops[0].start, 0.5);
    QCOMPARE(findOp(t.ranks[0], PipelineOpKind::Backward, 0, 4)->end
                 - findOp(t.ranks[0], PipelineOpKind::Backward, 0, 4)->start,
             1.0);
    QCOMPARE(t.ranks[3].ops[0].chunk, 0);
    QCOMPARE(t.ranks[3].ops[4].chunk, 1);
    QCOMPARE(t.makespan, 28.5);
    QCOMPARE(t.bubbleFraction, 3.0 / 19.0);
    const int peaks[] = {11, 9, 7, 5};
    for (int r = 0; r < 4; ++r)
        QCOMPARE(t.ranks[r].peakInFlight, peaks[r]);
}

// §6 case 5: Megatron-LM get_schedule_table
void TestSchedule::scheduleTable_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("v");
    QTest::addColumn<int>("n");
    QTest::addColumn<QList<int>>("microBatches");
    QTest::addColumn<QList<int>>("chunks");
    QTest::newRow("§6 case 5: Megatron comment PP2 N3M5 VP2")
        << 5 << 2 << 3 << QList<int>{0, 1, 2, 0, 1, 2, 3, 4, 3, 4}
        << QList<int>{0, 0, 0, 1, 1, 1, 0, 0, 1, 1};
    QTest::newRow("§6 case 5: Megatron config docstring m=4 N=2")
        << 4 << 2 << 2 << QList<int>{0, 1, 0, 1, 2, 3, 2, 3} << QList<int>{0, 0, 1, 1, 0, 0, 1, 1};
    QTest::newRow("§2: p=4 v=2 m=8 N=4")
        << 8 << 2 << 4 << QList<int>{0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7}
        << QList<int>{0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};
    QTest::newRow("get_schedule_table: N > m is one group")
        << 2 << 3 << 4 << QList<int>{0, 1, 0, 1, 0, 1} << QList<int>{0, 0, 1, 1, 2, 2};
}

void TestSchedule::scheduleTable()
{
    QFETCH(int, m);
    QFETCH(int, v);
    QFETCH(int, n);
    QFETCH(QList<int>, microBatches);
    QFETCH(QList<int>, chunks);
    QList<int> gotMicroBatches, gotChunks;
    for (const VirtualMicroBatch& entry : megatronScheduleTable(m, v, n)) {
        gotMicroBatches << entry.microBatch;
        gotChunks << entry.chunk;
    }
    QCOMPARE(gotMicroBatches, microBatches);
    QCOMPARE(gotChunks, chunks);
}

// §6 case 6, Megatron forward_backward_pipelining_with_interleaving
void TestSchedule::interleavedValidation_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("code"); // empty: accepted
    QTest::newRow("§6 case 6: m=10 N=4, remainder 2 < p (RuntimeError)")
        << 10 << 4 << "schedule-group-remainder";
    QTest::newRow("§6 case 6: m=10 N=5 OK") << 10 << 5 << "";
    QTest::newRow("§6 case 6: N=3 < p (ValueError)") << 10 << 3 << "schedule-group-size";
    QTest::newRow("Megatron: N=11 > m (ValueError)") << 10 << 11 << "schedule-group-size";
    QTest::newRow("Megatron: m=10 N=6, remainder 4 = p") << 10 << 6 << "";
    QTest::newRow("§1.3: default N = p needs m multiple of p, m=10")
        << 10 << 0 << "schedule-interleaved-micro-batches";
    QTest::newRow("§1.3: default N = p, m=3 < p") << 3 << 0 << "schedule-interleaved-micro-batches";
    QTest::newRow("§1.3: default N = p, m=12") << 12 << 0 << "";
}

void TestSchedule::interleavedValidation()
{
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(QString, code);
    const ScheduleSpec spec = makeSpec(Schedule::Interleaved, 4, m, 2, 1, 2, 0, 0, n);
    const std::vector<Diagnostic> diagnostics = checkSchedule(spec);
    const PipelineTimeline t = simulateSchedule(spec);
    if (code.isEmpty()) {
        QVERIFY2(diagnostics.empty(), qPrintable(codes(diagnostics)));
        QVERIFY(t.valid());
        QCOMPARE(t.ranks.size(), std::size_t{4});
    } else {
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].code), code);
        QVERIFY(!t.valid());
        QVERIFY(t.ranks.empty());
        QVERIFY(scheduleOrder(spec).empty());
    }
}

// §6 case 6, torch ScheduleInterleaved1F1B: rounds = max(1, m // p), m % rounds == 0
void TestSchedule::torchInterleavedRounds_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("groupSize"); // 0: torch raises ValueError
    QTest::newRow("§6 case 6: p=4 m=9, 9 % 2 != 0") << 9 << 0;
    QTest::newRow("§6 case 6: p=4 m=10, 5 per round") << 10 << 5;
    QTest::newRow("§6 case 6: p=4 m=3, one round") << 3 << 3;
    QTest::newRow("torch: p=4 m=8, N = p") << 8 << 4;
}

void TestSchedule::torchInterleavedRounds()
{
    QFETCH(int, m);
    QFETCH(int, groupSize);
    const std::optional<int> n = torchInterleavedGroupSize(4, m);
    QCOMPARE(n.value_or(0), groupSize);
    if (groupSize >= 4) // torch then runs Megatron's schedule with N = microbatches_per_round
        QVERIFY(simulateSchedule(makeSpec(Schedule::Interleaved, 4, m, 2, 1, 2, 0, 0, groupSize)).valid());
}

// The reference article, «Pipeline Parallelism»: the forward pass of a GPipe-style schedule with p stages and
// m micro-batches leaves (p−1)/(m+p−1) idle: "Bei 4 Stages lassen 4 Micro-Batches 3/7 des Forward-Schedules
// ungenutzt, etwa 43 %. 16 Micro-Batches lassen 3/19 ungenutzt, etwa 16 %, und 32 lassen 3/35 ungenutzt,
// etwa 9 %." The figure shows 4 stages and 4 micro-batches over seven time steps.
void TestSchedule::articleForwardBubble_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("timeSteps");
    QTest::addColumn<double>("idle");
    QTest::addColumn<int>("percent");
    QTest::newRow("article: p=4 m=4 → 3/7 ≈ 43 %") << 4 << 7 << 3.0 / 7.0 << 43;
    QTest::newRow("article: p=4 m=16 → 3/19 ≈ 16 %") << 16 << 19 << 3.0 / 19.0 << 16;
    QTest::newRow("article: p=4 m=32 → 3/35 ≈ 9 %") << 32 << 35 << 3.0 / 35.0 << 9;
}

void TestSchedule::articleForwardBubble()
{
    QFETCH(int, m);
    QFETCH(int, timeSteps);
    QFETCH(double, idle);
    QFETCH(int, percent);
    const PipelineTimeline gpipe = simulateSchedule(makeSpec(Schedule::GPipe, 4, m, 1, 1, 2));
    QVERIFY(gpipe.valid());
    // The forward pass alone: from the first forward's start to the last forward's end.
    double forwardEnd = 0;
    double forwardBusy = 0;
    for (const RankTimeline& rank : gpipe.ranks)
        for (const PipelineOp& op : rank.ops)
            if (op.kind == PipelineOpKind::Forward) {
                forwardEnd = std::max(forwardEnd, op.end);
                forwardBusy += op.end - op.start;
            }
    QCOMPARE(forwardEnd, double(timeSteps));
    const double forwardIdle = 1 - forwardBusy / (4 * forwardEnd);
    QCOMPARE(forwardIdle, idle);
    QCOMPARE(qRound(100 * forwardIdle), percent);
    // The whole step has the same share, for GPipe and 1F1B alike.
    QCOMPARE(gpipe.bubbleFraction, idle);
    QCOMPARE(simulateSchedule(makeSpec(Schedule::OneFOneB, 4, m, 1, 1, 2)).bubbleFraction, idle);
}

// Every generator, across sizes: each stage runs each micro-batch's forward and backward (and, split,
// its W) exactly once, on the stage's rank; no op starts before its rank is free or before its
// dependencies end; each rank's busy time is its share of the work.
void TestSchedule::everyOpRunsOnce_data()
{
    QTest::addColumn<ScheduleSpec>("spec");
    using S = Schedule;
    QTest::newRow("GPipe p=1 m=1") << makeSpec(S::GPipe, 1, 1);
    QTest::newRow("GPipe p=5 m=3") << makeSpec(S::GPipe, 5, 3);
    QTest::newRow("1F1B p=1 m=4") << makeSpec(S::OneFOneB, 1, 4);
    QTest::newRow("1F1B p=7 m=5") << makeSpec(S::OneFOneB, 7, 5);
    QTest::newRow("1F1B p=3 m=11") << makeSpec(S::OneFOneB, 3, 11);
    QTest::newRow("interleaved p=1 v=3 m=2") << makeSpec(S::Interleaved, 1, 2, 3);
    QTest::newRow("interleaved p=3 v=2 m=6") << makeSpec(S::Interleaved, 3, 6, 2);
    QTest::newRow("interleaved p=4 v=3 m=14 N=5") << makeSpec(S::Interleaved, 4, 14, 3, 1, 2, 0, 0, 5);
    QTest::newRow("interleaved p=2 v=4 m=7 N=7") << makeSpec(S::Interleaved, 2, 7, 4, 1, 2, 0, 0, 7);
    QTest::newRow("ZB-H1 p=1 m=1") << makeSpec(S::ZbH1, 1, 1, 1, 1, 1, 1);
    QTest::newRow("ZB-H1 p=6 m=3") << makeSpec(S::ZbH1, 6, 3, 1, 1, 1.5, 0.5);
    QTest::newRow("ZB-H1 p=5 m=13") << makeSpec(S::ZbH1, 5, 13, 1, 1, 1.5, 0.5);
    QTest::newRow("ZB-V p=1 m=1") << makeSpec(S::ZbV, 1, 1, 2, 1, 1, 1);
    QTest::newRow("ZB-V p=5 m=2") << makeSpec(S::ZbV, 5, 2, 2, 1, 1.5, 0.5);
    QTest::newRow("ZB-V p=3 m=20") << makeSpec(S::ZbV, 3, 20, 2, 1, 1.5, 0.5);
    QTest::newRow("DualPipeV p=1 m=2") << makeSpec(S::DualPipeV, 1, 2, 2, 1, 1, 1);
    QTest::newRow("DualPipeV p=5 m=10") << makeSpec(S::DualPipeV, 5, 10, 2, 1, 1.5, 0.5, 2.5);
    QTest::newRow("DualPipeV p=6 m=17") << makeSpec(S::DualPipeV, 6, 17, 2, 1, 1.5, 0.5);
    QTest::newRow("DualPipe p=2 m=4") << makeSpec(S::DualPipe, 2, 4, 2, 1, 1, 1);
    QTest::newRow("DualPipe p=6 m=14") << makeSpec(S::DualPipe, 6, 14, 2, 1, 1.5, 0.5, 2.5);
    QTest::newRow("DualPipe p=8 m=22") << makeSpec(S::DualPipe, 8, 22, 2, 1, 1.5, 0.5);
}

void TestSchedule::everyOpRunsOnce()
{
    QFETCH(ScheduleSpec, spec);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.ranks.size(), std::size_t(spec.ranks));
    const int stages = stageCount(spec);
    const int m = spec.microBatches;
    const bool dualPipe = spec.kind == Schedule::DualPipeV || spec.kind == Schedule::DualPipe;
    const bool split = spec.kind == Schedule::ZbH1 || spec.kind == Schedule::ZbV || dualPipe;
    // End time of each stage's forward / input gradient / weight gradient per micro-batch; −1 = not run.
    std::vector<double> forwardEnd(std::size_t(stages * m), -1), inputEnd(forwardEnd), weightEnd(forwardEnd);
    std::vector<double> forwardStart(forwardEnd.size(), -1), inputStart(forwardEnd.size(), -1);
    std::vector<int> forwardRank(forwardEnd.size(), -1), inputRank(forwardEnd.size(), -1);
    auto at = [&](int s, int j) { return std::size_t(s * m + j); };
    auto record = [&](std::vector<double>& ends, int s, int j, double end) {
        QVERIFY2(ends[at(s, j)] < 0,
                 qPrintable(QStringLiteral("stage %1 micro-batch %2 twice").arg(s).arg(j)));
        ends[at(s, j)] = end;
    };
    for (int r = 0; r < spec.ranks; ++r) {
        double previousEnd = 0;
        double busy = 0;
        for (const PipelineOp& op : t.ranks[r].ops) {
            QCOMPARE(rankOfStage(spec, op.stage), r);
            QVERIFY(op.start >= previousEnd);
            QCOMPARE(op.end - op.start, opDuration(spec, op));
            previousEnd = op.end;
            busy += op.end - op.start;
            switch (op.kind) {
            case PipelineOpKind::Forward:
                record(forwardEnd, op.stage, op.microBatch, op.end);
                forwardStart[at(op.stage, op.microBatch)] = op.start;
                forwardRank[at(op.stage, op.microBatch)] = r;
                break;
            case PipelineOpKind::Backward:
                record(inputEnd, op.stage, op.microBatch, op.end);
                record(weightEnd, op.stage, op.microBatch, op.end);
                inputStart[at(op.stage, op.microBatch)] = op.start;
                inputRank[at(op.stage, op.microBatch)] = r;
                break;
            case PipelineOpKind::BackwardInput:
                QVERIFY(split);
                record(inputEnd, op.stage, op.microBatch, op.end);
                inputStart[at(op.stage, op.microBatch)] = op.start;
                inputRank[at(op.stage, op.microBatch)] = r;
                break;
            case PipelineOpKind::BackwardWeight:
                QVERIFY(split);
                QVERIFY(inputEnd[at(op.stage, op.microBatch)] >= 0);
                QVERIFY(op.start >= inputEnd[at(op.stage, op.microBatch)]);
                record(weightEnd, op.stage, op.microBatch, op.end);
                break;
            case PipelineOpKind::ForwardBackward:
                QVERIFY(dualPipe);
                QCOMPARE(rankOfStage(spec, op.backwardStage), r);
                record(forwardEnd, op.stage, op.microBatch, op.end);
                forwardStart[at(op.stage, op.microBatch)] = op.start;
                forwardRank[at(op.stage, op.microBatch)] = r;
                record(inputEnd, op.backwardStage, op.backwardMicroBatch, op.end);
                record(weightEnd, op.backwardStage, op.backwardMicroBatch, op.end);
                inputStart[at(op.backwardStage, op.backwardMicroBatch)] = op.start;
                inputRank[at(op.backwardStage, op.backwardMicroBatch)] = r;
                break;
            }
        }
        QCOMPARE(t.ranks[r].busy, busy);
        // A rank does (F + B + W)/v per chunk and micro-batch, times its stages' factors (all 1 here),
        // except that an overlapped pair takes forwardBackward instead of F + full B.
        // DualPipe runs each micro-batch through one of a rank's two chunks: half of it.
        const double share = spec.kind == Schedule::DualPipe ? 0.5 : 1.0;
        if (!dualPipe || spec.forwardBackward == 0)
            QVERIFY(std::abs(busy - share * m * (spec.forward + spec.backward + spec.weightGrad)) < 1e-9);
    }
    // Dependencies (§0): F(s,j) after F(s−1,j); B/I(s,j) after F(s,j) and B/I(s+1,j); with zero latency.
    for (int s = 0; s < stages; ++s)
        for (int j = 0; j < m; ++j) {
            if (!stageRunsMicroBatch(spec, s, j)) { // DualPipe: the other direction's micro-batch
                QVERIFY(forwardEnd[at(s, j)] < 0 && inputEnd[at(s, j)] < 0);
                continue;
            }
            QVERIFY(forwardEnd[at(s, j)] >= 0);
            QVERIFY(inputEnd[at(s, j)] >= 0);
            QVERIFY(weightEnd[at(s, j)] >= 0);
            QCOMPARE(forwardRank[at(s, j)], rankOfStage(spec, s));
            QCOMPARE(inputRank[at(s, j)], rankOfStage(spec, s));
            if (!isEntryStage(spec, s))
                QVERIFY(forwardStart[at(s, j)] >= forwardEnd[at(s - 1, j)]);
            QVERIFY(inputStart[at(s, j)] >= forwardEnd[at(s, j)]);
            if (!isExitStage(spec, s))
                QVERIFY(inputStart[at(s, j)] >= inputEnd[at(s + 1, j)]);
        }
}

// Hand-derived: latency on every cross-rank dependency, and uneven stages.
void TestSchedule::latencyAndUnevenStages_data()
{
    QTest::addColumn<ScheduleSpec>("spec");
    QTest::addColumn<double>("makespan");
    ScheduleSpec s = makeSpec(Schedule::OneFOneB, 2, 1);
    s.p2pLatency = 0.25;
    // One micro-batch runs down and back up the pipeline: p(F+B) + 2(p−1)·latency.
    QTest::newRow("1F1B p=2 m=1 latency 0.25: 6 + 0.5") << s << 6.5;
    s.ranks = 4;
    QTest::newRow("1F1B p=4 m=1 latency 0.25: 12 + 1.5") << s << 13.5;
    // GPipe p=2 m=2, latency 0.5: r1 F0 [1.5,2.5) F1 [2.5,3.5) B0 [3.5,5.5) B1 [5.5,7.5);
    // r0 B0 [6,8) B1 [8,10).
    s = makeSpec(Schedule::GPipe, 2, 2);
    s.p2pLatency = 0.5;
    QTest::newRow("GPipe p=2 m=2 latency 0.5") << s << 10.0;
    // Same-rank dependencies carry no latency: the V turn (stage p−1 → p) and every dependency at p = 1.
    s = makeSpec(Schedule::ZbV, 1, 1, 2, 1, 1, 1);
    s.p2pLatency = 100;
    QTest::newRow("ZB-V p=1 m=1: all on one rank, latency unused") << s << 3.0;
    // Uneven: stage 1 three times as slow: F0 1, F1 3, B1 6, B0 2.
    s = makeSpec(Schedule::OneFOneB, 2, 1);
    s.stageScale = {1, 3};
    QTest::newRow("1F1B p=2 m=1 stage factors [1,3]") << s << 12.0;
    // r0 F0 [0,1) F1 [1,2); r1 F0 [1,3) B0 [3,7) F1 [7,9) B1 [9,13); r0 B0 [7,9) B1 [13,15).
    s = makeSpec(Schedule::OneFOneB, 2, 2);
    s.stageScale = {1, 2};
    QTest::newRow("1F1B p=2 m=2 stage factors [1,2]") << s << 15.0;
}

void TestSchedule::latencyAndUnevenStages()
{
    QFETCH(ScheduleSpec, spec);
    QFETCH(double, makespan);
    const PipelineTimeline t = simulateSchedule(spec);
    QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
    QCOMPARE(t.makespan, makespan);
}

// The JSON contract of `meshwright-cli schedule --json` (pipelinetimeline.h).
void TestSchedule::json()
{
    const ScheduleSpec spec = makeSpec(Schedule::OneFOneB, 2, 1);
    const Json j = scheduleToJson(simulateSchedule(spec), spec);
    QCOMPARE(
        QString::fromStdString(j.dump()),
        QLatin1String(R"({"kind":"1f1b","stages":2,"microBatches":1,"virtualStages":1,"makespanSeconds":6.0,)"
                      R"("bubbleFraction":0.5,"maxStageBubbleSeconds":3.0,"perRank":[)"
                      R"({"rank":0,"peakInFlight":1,"peakInFlightToWeightGrad":1,"busySeconds":3.0,"ops":[)"
                      R"({"kind":"F","microBatch":0,"stage":0,"start":0.0,"end":1.0},)"
                      R"({"kind":"B","microBatch":0,"stage":0,"start":4.0,"end":6.0}]},)"
                      R"({"rank":1,"peakInFlight":1,"peakInFlightToWeightGrad":1,"busySeconds":3.0,"ops":[)"
                      R"({"kind":"F","microBatch":0,"stage":1,"start":1.0,"end":2.0},)"
                      R"({"kind":"B","microBatch":0,"stage":1,"start":2.0,"end":4.0}]}]})"));

    // Split backward: "B" for the input gradient, then "W".
    const ScheduleSpec zb = makeSpec(Schedule::ZbH1, 2, 2, 1, 1, 1, 1);
    const Json z = scheduleToJson(simulateSchedule(zb), zb);
    // Rank 1 runs F0 I0 F1 I1 W0 W1.
    const Json& zOps = z["perRank"][1]["ops"];
    QCOMPARE(zOps.size(), std::size_t{6});
    QCOMPARE(zOps[1]["kind"].get<std::string>(), std::string("B"));
    QCOMPARE(zOps[3]["kind"].get<std::string>(), std::string("B"));
    QCOMPARE(zOps[4]["kind"].get<std::string>(), std::string("W"));
    QCOMPARE(zOps[4]["microBatch"].get<int>(), 0);
    QCOMPARE(zOps[4]["start"].get<double>(), zOps[3]["end"].get<double>());

    // DualPipeV: an overlapped pair is its F and its B with equal times, both marked "overlapped".
    const ScheduleSpec dp = makeSpec(Schedule::DualPipeV, 2, 4, 2, 2, 2, 2, 6);
    const PipelineTimeline dt = simulateSchedule(dp);
    const Json d = scheduleToJson(dt, dp);
    QCOMPARE(d["kind"].get<std::string>(), std::string("dualpipev"));
    QCOMPARE(d["virtualStages"].get<int>(), 2);
    QCOMPARE(d["makespanSeconds"].get<double>(), 26.0);
    std::size_t pairs = 0;
    for (const PipelineOp& op : dt.ranks[0].ops)
        pairs += op.kind == PipelineOpKind::ForwardBackward;
    QVERIFY(pairs > 0);
    const Json& ops0 = d["perRank"][0]["ops"];
    QCOMPARE(ops0.size(), dt.ranks[0].ops.size() + pairs);
    std::size_t overlapped = 0;
    for (std::size_t i = 0; i < ops0.size(); ++i) {
        if (!ops0[i].contains("overlapped"))
            continue;
        ++overlapped;
        if (ops0[i]["kind"] == "F") {
            QCOMPARE(ops0[i + 1]["kind"].get<std::string>(), std::string("B"));
            QCOMPARE(ops0[i + 1]["start"].get<double>(), ops0[i]["start"].get<double>());
            QCOMPARE(ops0[i + 1]["end"].get<double>(), ops0[i]["end"].get<double>());
            QVERIFY(ops0[i + 1]["stage"] != ops0[i]["stage"]);
        }
    }
    QCOMPARE(overlapped, 2 * pairs);

    // An invalid spec: the header, no ranks.
    const ScheduleSpec bad = makeSpec(Schedule::OneFOneB, 2, 0);
    const Json b = scheduleToJson(simulateSchedule(bad), bad);
    QVERIFY(b["perRank"].empty());
    QCOMPARE(b["makespanSeconds"].get<double>(), 0.0);
}

// 64 stages × 1,024 micro-batches of 1F1B: 131,072 ops. Takes a few tens of milliseconds in a Debug build.
void TestSchedule::benchmark1F1B()
{
    const ScheduleSpec spec = makeSpec(Schedule::OneFOneB, 64, 1024, 1, 1, 2);
    PipelineTimeline t;
    QBENCHMARK
    {
        t = simulateSchedule(spec);
    }
    QVERIFY(t.valid());
    QCOMPARE(t.makespan, (1024 + 63) * 3.0);
    QCOMPARE(t.ranks[0].peakInFlight, 64);
    QCOMPARE(t.ranks[63].peakInFlight, 1);
}

QTEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
