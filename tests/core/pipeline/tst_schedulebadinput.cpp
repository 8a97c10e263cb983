// SPDX-License-Identifier: GPL-3.0-or-later
// What the pipeline-schedule simulation does with input it cannot run (pipelinetimeline.h checkSchedule,
// simulateOrder): each diagnostic code from an input that raises it, at its field, and a near miss that
// raises nothing; an order that is out of range, misplaced, repeated, incomplete or deadlocked is refused,
// never waited on.

#include "base/diagnostickinds.h"
#include "support/scheduletest.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <set>

using namespace core;
using namespace testing::schedule;

Q_DECLARE_METATYPE(core::Schedule)
Q_DECLARE_METATYPE(core::ScheduleSpec)

class TestScheduleBadInput : public QObject
{
    Q_OBJECT

private slots:
    void badInput_data();
    void badInput();
    void badOrder_data();
    void badOrder();
    void diagnosticCodesAreUnique();
};

// Each code, from an input that should raise it; and a near miss that should raise nothing at all.
void TestScheduleBadInput::badInput_data()
{
    QTest::addColumn<ScheduleSpec>("spec");
    QTest::addColumn<QString>("code"); // empty: no diagnostics at all
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("messagePart");
    using S = Schedule;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const ScheduleSpec ok = makeSpec(S::OneFOneB, 4, 8);
    ScheduleSpec s;

    s = ok;
    s.ranks = 0;
    QTest::newRow("no ranks") << s << "value-range"
                              << "/layout/pp"
                              << "Pipeline ranks must be between 1 and 65536; it is 0.";
    s = ok;
    s.microBatches = -3;
    QTest::newRow("negative micro-batches") << s << "value-range"
                                            << "/workload/globalBatch"
                                            << "it is -3";
    s = ok;
    s.virtualStages = 0;
    QTest::newRow("no virtual stages") << s << "value-range"
                                       << "/layout/virtualStages"
                                       << "it is 0";
    s = makeSpec(S::Interleaved, 4, 8, 2, 1, 2, 0, 0, -1);
    QTest::newRow("negative group size") << s << "value-range"
                                         << "/layout/microBatchGroupSize"
                                         << "it is -1";
    QTest::newRow("near miss: p=1 m=1") << makeSpec(S::OneFOneB, 1, 1) << ""
                                        << ""
                                        << "";

    s = ok;
    s.forward = 0;
    QTest::newRow("zero forward") << s << "schedule-duration"
                                  << "/schedule/forward"
                                  << "The forward time must be a finite time greater than zero; it is 0.";
    s = ok;
    s.backward = -1;
    QTest::newRow("negative backward") << s << "schedule-duration"
                                       << "/schedule/backward"
                                       << "it is -1";
    s = ok;
    s.forward = nan;
    QTest::newRow("NaN forward") << s << "schedule-duration"
                                 << "/schedule/forward"
                                 << "it is nan";
    s = ok;
    s.forward = 1e-9;
    s.backward = 1e-9;
    QTest::newRow("near miss: tiny durations") << s << ""
                                               << ""
                                               << "";

    s = makeSpec(S::ZbH1, 4, 8, 1, 1, 1, -0.5);
    QTest::newRow("negative weight gradient") << s << "schedule-duration-negative"
                                              << "/schedule/weightGrad"
                                              << "it is -0.5";
    s = ok;
    s.p2pLatency = inf;
    QTest::newRow("infinite latency") << s << "schedule-duration-negative"
                                      << "/schedule/p2pLatency"
                                      << "it is inf";
    s = makeSpec(S::DualPipeV, 4, 8, 2, 1, 1, 1, -3);
    QTest::newRow("negative F&B") << s << "schedule-duration-negative"
                                  << "/schedule/forwardBackward"
                                  << "it is -3";
    s = makeSpec(S::ZbH1, 4, 8, 1, 1, 1, 0);
    s.p2pLatency = 0;
    QTest::newRow("near miss: W = 0 and no latency") << s << ""
                                                     << ""
                                                     << "";

    QTest::newRow("ZB-V with v=1") << makeSpec(S::ZbV, 4, 8, 1) << "schedule-virtual-stages"
                                   << "/layout/virtualStages"
                                   << "The zb-v schedule needs 2 virtual stages per rank; the layout has 1.";
    QTest::newRow("ZB-V with v=3") << makeSpec(S::ZbV, 4, 8, 3) << "schedule-virtual-stages"
                                   << "/layout/virtualStages"
                                   << "has 3";
    QTest::newRow("DualPipeV with v=1") << makeSpec(S::DualPipeV, 4, 8, 1) << "schedule-virtual-stages"
                                        << "/layout/virtualStages"
                                        << "dualpipev schedule needs 2";
    QTest::newRow("interleaved with v=1") << makeSpec(S::Interleaved, 4, 8, 1) << "schedule-virtual-stages"
                                          << "/layout/virtualStages"
                                          << "needs at least 2";
    QTest::newRow("1F1B with v=2") << makeSpec(S::OneFOneB, 4, 8, 2) << "schedule-virtual-stages"
                                   << "/layout/virtualStages"
                                   << "needs 1 virtual";
    QTest::newRow("near miss: ZB-V with v=2") << makeSpec(S::ZbV, 4, 8, 2) << ""
                                              << ""
                                              << "";

    QTest::newRow("interleaved m=10 p=4")
        << makeSpec(S::Interleaved, 4, 10, 2) << "schedule-interleaved-micro-batches"
        << "/workload/globalBatch"
        << "the 10 micro-batches to be a multiple of PP=4";
    QTest::newRow("near miss: interleaved m=8 p=4") << makeSpec(S::Interleaved, 4, 8, 2) << ""
                                                    << ""
                                                    << "";
    QTest::newRow("interleaved N=3 < p")
        << makeSpec(S::Interleaved, 4, 10, 2, 1, 2, 0, 0, 3) << "schedule-group-size"
        << "/layout/microBatchGroupSize"
        << "N=3 must lie between PP=4 and the 10";
    QTest::newRow("near miss: interleaved N=10 = m")
        << makeSpec(S::Interleaved, 4, 10, 2, 1, 2, 0, 0, 10) << ""
        << ""
        << "";
    QTest::newRow("interleaved m=10 N=4")
        << makeSpec(S::Interleaved, 4, 10, 2, 1, 2, 0, 0, 4) << "schedule-group-remainder"
        << "/layout/microBatchGroupSize"
        << "holds 2 micro-batches (10 mod N=4)";

    QTest::newRow("DualPipeV m=7 < 2p")
        << makeSpec(S::DualPipeV, 4, 7, 2) << "schedule-dualpipev-micro-batches"
        << "/workload/globalBatch"
        << "at least 2 × PP = 8 micro-batches; the layout has 7";
    QTest::newRow("near miss: DualPipeV m=8") << makeSpec(S::DualPipeV, 4, 8, 2) << ""
                                              << ""
                                              << "";

    QTest::newRow("1F1B m=3 < p (warning)") << makeSpec(S::OneFOneB, 4, 3) << "schedule-few-micro-batches"
                                            << "/workload/globalBatch"
                                            << "3 micro-batches for 4 pipeline stages";
    QTest::newRow("near miss: 1F1B m=p") << makeSpec(S::OneFOneB, 4, 4) << ""
                                         << ""
                                         << "";

    QTest::newRow("64 ranks × 8000 micro-batches")
        << makeSpec(S::OneFOneB, 64, 8000) << "schedule-too-large"
        << "/workload/globalBatch"
        << "make 1024000 pipeline operations; Meshwright simulates at most 1000000.";
    QTest::newRow("largest counts") << makeSpec(S::ZbV, 65536, 1000000000, 2) << "schedule-too-large"
                                    << "/workload/globalBatch"
                                    << "make 393216000000000 pipeline operations";
    QTest::newRow("near miss: 64 × 7812 = 999,936 ops") << makeSpec(S::OneFOneB, 64, 7812) << ""
                                                        << ""
                                                        << "";

    s = ok;
    s.stageScale = {1, 1, 1};
    QTest::newRow("three factors for four stages") << s << "schedule-stage-scale-count"
                                                   << "/schedule/stageScale"
                                                   << "list 3 stages; PP=4 × 1 virtual stages need 4";
    s.stageScale = {1, 0, 1, 1};
    QTest::newRow("factor 0") << s << "schedule-stage-scale-value"
                              << "/schedule/stageScale/1"
                              << "The time factor of stage 1 is 0;";
    s.stageScale = {1, 1, 1, nan};
    QTest::newRow("factor NaN") << s << "schedule-stage-scale-value"
                                << "/schedule/stageScale/3"
                                << "is nan";
    s.stageScale = {1.5, 1, 1, 2};
    QTest::newRow("near miss: embedding and head stages slower") << s << ""
                                                                 << ""
                                                                 << "";
}

void TestScheduleBadInput::badInput()
{
    QFETCH(ScheduleSpec, spec);
    QFETCH(QString, code);
    QFETCH(QString, path);
    QFETCH(QString, messagePart);
    const std::vector<Diagnostic> diagnostics = checkSchedule(spec);
    const PipelineTimeline t = simulateSchedule(spec);
    QCOMPARE(codes(t.diagnostics), codes(diagnostics)); // simulateSchedule reports what checkSchedule finds
    if (code.isEmpty()) {
        QVERIFY2(diagnostics.empty(), qPrintable(codes(diagnostics)));
        QVERIFY(t.valid());
        QCOMPARE(t.ranks.size(), std::size_t(spec.ranks));
        return;
    }
    const Diagnostic* d = findCode(diagnostics, code);
    QVERIFY2(d, qPrintable(codes(diagnostics)));
    QCOMPARE(QString::fromStdString(d->path), path);
    QVERIFY2(QString::fromStdString(d->message()).contains(messagePart),
             qPrintable(QString::fromStdString(d->message())));
    QVERIFY(diag::findKind(d->code));
    if (d->isError()) {
        QVERIFY(!t.valid());
        QVERIFY(t.ranks.empty());
        QVERIFY(scheduleOrder(spec).empty());
    } else { // a warning leaves the timeline intact
        QVERIFY(t.valid());
        QCOMPARE(t.ranks.size(), std::size_t(spec.ranks));
    }
}

// simulateOrder checks a given order before it times it, and never waits forever on one that cannot run.
void TestScheduleBadInput::badOrder_data()
{
    QTest::addColumn<Schedule>("kind");
    QTest::addColumn<int>("v");
    QTest::addColumn<QStringList>("order"); // per rank: "F0@s0 B0@s0 …"
    QTest::addColumn<QString>("code"); // empty: runs
    QTest::addColumn<QString>("message");
    using S = Schedule;
    const QString ok0 = QStringLiteral("F0@s0 F1@s0 B0@s0 B1@s0");
    const QString ok1 = QStringLiteral("F0@s1 B0@s1 F1@s1 B1@s1");
    QTest::newRow("1F1B p=2 m=2 as generated") << S::OneFOneB << 1 << QStringList{ok0, ok1} << ""
                                               << "";
    QTest::newRow("cycle across ranks")
        << S::OneFOneB << 1
        << QStringList{QStringLiteral("F0@s0 B0@s0 F1@s0 B1@s0"), QStringLiteral("F1@s1 F0@s1 B0@s1 B1@s1")}
        << "schedule-deadlock"
        << "The schedule cannot finish: rank 0 waits at B0@s0 for B0@s1, which cannot "
           "run before it.";
    QTest::newRow("backward before its forward")
        << S::OneFOneB << 1 << QStringList{ok0, QStringLiteral("B0@s1 F0@s1 F1@s1 B1@s1")}
        << "schedule-deadlock"
        << "rank 1 waits at B0@s1 for F0@s1, which cannot run before it.";
    QTest::newRow("op on the wrong rank")
        << S::OneFOneB << 1
        << QStringList{QStringLiteral("F0@s0 F1@s0 B0@s0 B1@s0 F0@s1"), QStringLiteral("B0@s1 F1@s1 B1@s1")}
        << "schedule-op-misplaced"
        << "Rank 0 lists F0@s1, but stage 1 lives on rank 1.";
    QTest::newRow("V placement: stage 2 on rank 1 of 2")
        << S::ZbV << 2 << QStringList{QStringLiteral("F0@s2")} << "schedule-op-misplaced"
        << "Rank 0 lists F0@s2, but stage 2 lives on rank 1.";
    QTest::newRow("micro-batch out of range")
        << S::OneFOneB << 1 << QStringList{ok0 + QStringLiteral(" F2@s0"), ok1} << "schedule-op-out-of-range"
        << "Rank 0 lists F2@s0, which names a stage or micro-batch the pipeline "
           "does not have (2 stages, 2 micro-batches).";
    QTest::newRow("forward twice") << S::OneFOneB << 1 << QStringList{QStringLiteral("F0@s0 ") + ok0, ok1}
                                   << "schedule-op-repeated"
                                   << "Rank 0 runs F0@s0, which has already run.";
    QTest::newRow("W after a full backward")
        << S::OneFOneB << 1 << QStringList{ok0 + QStringLiteral(" W1@s0"), ok1} << "schedule-op-repeated"
        << "Rank 0 runs W1@s0, which has already run.";
    QTest::newRow("backward missing")
        << S::OneFOneB << 1 << QStringList{ok0, QStringLiteral("F0@s1 B0@s1 F1@s1")} << "schedule-op-missing"
        << "The schedule never runs B1@s1.";
    QTest::newRow("split backward without its W")
        << S::ZbH1 << 1
        << QStringList{QStringLiteral("F0@s0 F1@s0 I0@s0 W0@s0 I1@s0 W1@s0"),
                       QStringLiteral("F0@s1 I0@s1 F1@s1 I1@s1 W1@s1")}
        << "schedule-op-missing"
        << "The schedule never runs W0@s1.";
    QTest::newRow("missing rank") << S::OneFOneB << 1 << QStringList{ok0} << "schedule-op-missing"
                                  << "The schedule never runs F0@s1.";
}

void TestScheduleBadInput::badOrder()
{
    QFETCH(Schedule, kind);
    QFETCH(int, v);
    QFETCH(QStringList, order);
    QFETCH(QString, code);
    QFETCH(QString, message);
    const ScheduleSpec spec = makeSpec(kind, 2, 2, v, 1, 1, kind == Schedule::OneFOneB ? 0 : 1);
    std::vector<std::vector<PipelineOp>> ops;
    for (const QString& rank : order) {
        ops.emplace_back();
        for (const QString& text : rank.split(QLatin1Char(' '))) {
            PipelineOp op;
            op.kind = enumFromName<PipelineOpKind>(text.left(1).toStdString()).value();
            op.microBatch = text.section(QLatin1Char('@'), 0, 0).mid(1).toInt();
            op.stage = text.section(QLatin1String("@s"), 1).toInt();
            ops.back().push_back(op);
        }
    }
    const PipelineTimeline t = simulateOrder(spec, ops);
    if (code.isEmpty()) {
        QVERIFY2(t.valid(), qPrintable(codes(t.diagnostics)));
        QCOMPARE(t.makespan, 6.0);
        return;
    }
    QVERIFY(!t.valid());
    QVERIFY(t.ranks.empty());
    // Every diagnostic has the expected code (a deadlock lists each waiting rank); one says `message`.
    QVERIFY2(!t.diagnostics.empty(), "expected a diagnostic");
    bool said = false;
    for (const Diagnostic& d : t.diagnostics) {
        QCOMPARE(QString::fromStdString(d.code), code);
        said = said || QString::fromStdString(d.message()).contains(message);
    }
    QVERIFY2(said, qPrintable(codes(t.diagnostics)));
}

void TestScheduleBadInput::diagnosticCodesAreUnique()
{
    std::set<std::string_view> seen;
    for (const DiagnosticKind& kind : diag::allKinds())
        QVERIFY2(seen.insert(kind.code).second, kind.code.data());
    for (const char* code : {"schedule-duration", "schedule-duration-negative", "schedule-stage-scale-count",
                             "schedule-stage-scale-value", "schedule-group-size", "schedule-group-remainder",
                             "schedule-too-large", "schedule-op-out-of-range", "schedule-op-misplaced",
                             "schedule-op-repeated", "schedule-op-missing", "schedule-deadlock"})
        QVERIFY2(diag::findKind(code), code);
}

QTEST_APPLESS_MAIN(TestScheduleBadInput)
#include "tst_schedulebadinput.moc"
