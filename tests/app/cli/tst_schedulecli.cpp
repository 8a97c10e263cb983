// SPDX-License-Identifier: GPL-3.0-or-later
// `meshwright-cli schedule`: its exit codes for what it cannot simulate, its JSON as the evaluate contract's
// schedule, the text Gantt chart, and evaluate carrying the design's schedule (README, "Command line").

#include "base/jsonreader.h"
#include "base/units.h"
#include "cli/cli.h"
#include "support/clirun.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <set>

using core::Json;
using Run = testing::CliRun;
using testing::runCli;
using testing::runJson;

class TestScheduleCli : public QObject
{
    Q_OBJECT

private slots:
    void scheduleExitCodes_data();
    void scheduleExitCodes();
    void scheduleJsonIsTheEvaluateContract_data();
    void scheduleJsonIsTheEvaluateContract();
    void scheduleTextGantt();
    void evaluateCarriesTheSchedule();
};

// meshwright-cli schedule: 0 runs, 1 the schedule has errors (diagnostics, located at the flag that set the
// value, since the verb reads no design), 2 usage.
void TestScheduleCli::scheduleExitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mention");
    const QString s = QStringLiteral("schedule");
    QTest::newRow("1F1B p=4 m=8") << QStringList{s, "--kind", "1f1b", "--stages", "4", "--micro-batches", "8"}
                                  << 0 << "Makespan 33";
    QTest::newRow("kind defaults to 1F1B")
        << QStringList{s, "--stages", "2", "--micro-batches", "4"} << 0 << "1f1b schedule";
    QTest::newRow("m < p is a warning")
        << QStringList{s, "--stages", "4", "--micro-batches", "3"} << 0 << "schedule-few-micro-batches";
    QTest::newRow("zero micro-batches") << QStringList{s, "--stages", "4", "--micro-batches", "0"} << 1
                                        << "Micro-batches must be between 1 and 1000000000; it is 0.";
    QTest::newRow("interleaved m=10 p=4 (Megatron-LM)")
        << QStringList{s, "--kind", "interleaved", "--stages", "4", "--micro-batches", "10"} << 1
        << "schedule-interleaved-micro-batches  --micro-batches\n";
    QTest::newRow("ZB-V without 2 stages per rank")
        << QStringList{s, "--kind", "zb-v", "--stages", "4", "--micro-batches", "8", "--virtual-stages", "1"}
        << 1 << "schedule-virtual-stages  --virtual-stages\n";
    QTest::newRow("DualPipeV m < 2p")
        << QStringList{s, "--kind", "dualpipev", "--stages", "4", "--micro-batches", "7"} << 1
        << "schedule-dualpipev-micro-batches  --micro-batches\n";
    QTest::newRow("negative backward")
        << QStringList{s, "--stages", "2", "--micro-batches", "2", "--backward", "-1"} << 1
        << "schedule-duration  --backward\n";
    QTest::newRow("too large") << QStringList{s, "--stages", "64", "--micro-batches", "8000"} << 1
                               << "schedule-too-large";
    QTest::newRow("unknown kind") << QStringList{s,   "--kind",          "zigzag", "--stages",
                                                 "4", "--micro-batches", "8"}
                                  << 2
                                  << "--kind must be one of gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev";
    QTest::newRow("no stages") << QStringList{s, "--micro-batches", "8"} << 2 << "schedule needs --stages P";
    QTest::newRow("no micro-batches")
        << QStringList{s, "--stages", "4"} << 2 << "schedule needs --micro-batches M";
    QTest::newRow("not a number") << QStringList{s, "--stages", "four", "--micro-batches", "8"} << 2
                                  << "--stages needs a whole number";
    QTest::newRow("unknown flag") << QStringList{s, "--stages", "4", "--micro-batches", "8", "--tp", "2"} << 2
                                  << "schedule: unknown argument '--tp'";
    QTest::newRow("help names the verb") << QStringList{"help"} << 0 << "--weight-grad T";
}

void TestScheduleCli::scheduleExitCodes()
{
    testing::checkExitCodeRow();
}

// The worked cases through the command line (docs/pipeline-and-collective-cases.md §6): makespans,
// bubbles and peaks.
void TestScheduleCli::scheduleJsonIsTheEvaluateContract_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("makespan");
    QTest::addColumn<double>("bubble");
    QTest::addColumn<int>("opsOnRank0");
    QTest::addColumn<int>("peakOnRank0");
    QTest::newRow("case 2: 1F1B p=4 m=8 F=1 B=2")
        << QStringList{"--kind", "1f1b"} << 33.0 << 3.0 / 11 << 16 << 4;
    QTest::newRow("case 3: GPipe p=4 m=8") << QStringList{"--kind", "gpipe"} << 33.0 << 3.0 / 11 << 16 << 8;
    // Case 7: F = I = W = 1; without --weight-grad the split schedules halve --backward (2 → 1 + 1).
    QTest::newRow("case 7: ZB-H1, B split in half")
        << QStringList{"--kind", "zb-h1"} << 27.0 << 1 - 96.0 / 108 << 24 << 4;
    QTest::newRow("case 7: ZB-H1, explicit W")
        << QStringList{"--kind", "zb-h1", "--backward", "1", "--weight-grad", "1"} << 27.0 << 1 - 96.0 / 108
        << 24 << 4;
    // Case 4: interleaved v=2, chunk F=0.5 B=1: makespan 28.5, bubble 3/19, peak 11 chunks.
    QTest::newRow("case 4: interleaved v=2")
        << QStringList{"--kind", "interleaved"} << 28.5 << 3.0 / 19 << 32 << 11;
    // Case 9: ZB-V, chunk F=I=W=0.5: makespan 25.5, 48 ops per rank, peak 8 chunks.
    QTest::newRow("case 9: ZB-V") << QStringList{"--kind", "zb-v"} << 25.5 << 1 - 96.0 / 102 << 48 << 8;
}

void TestScheduleCli::scheduleJsonIsTheEvaluateContract()
{
    QFETCH(QStringList, args);
    QFETCH(double, makespan);
    QFETCH(double, bubble);
    QFETCH(int, opsOnRank0);
    QFETCH(int, peakOnRank0);
    std::vector<std::string> argv{"schedule", "--stages", "4", "--micro-batches", "8", "--json"};
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const Json out = runJson(argv);
    QVERIFY(!out.is_discarded());
    for (const char* key : {"kind", "stages", "microBatches", "virtualStages", "makespanSeconds",
                            "bubbleFraction", "perRank", "valid", "diagnostics"})
        QVERIFY2(out.contains(key), key);
    QVERIFY(out["valid"] == true);
    QVERIFY(out["stages"] == 4);
    QVERIFY(out["microBatches"] == 8);
    QCOMPARE(out["makespanSeconds"].get<double>(), makespan);
    QVERIFY(std::abs(out["bubbleFraction"].get<double>() - bubble) < 1e-12);
    QCOMPARE(out["perRank"].size(), std::size_t{4});
    QCOMPARE(int(out["perRank"][0]["ops"].size()), opsOnRank0);
    QCOMPARE(out["perRank"][0]["peakInFlight"].get<int>(), peakOnRank0);
    const Json& op = out["perRank"][0]["ops"][0];
    QVERIFY(op["kind"] == "F" && op["microBatch"] == 0 && op["stage"] == 0 && op["start"] == 0.0);
}

// The text chart of the reference article's kind of figure («Pipeline Parallelism»): a row per rank, each op
// as its label over its duration, idle as dots; then the orders and the bubble.
void TestScheduleCli::scheduleTextGantt()
{
    const Run r = runCli({"schedule", "--kind", "1f1b", "--stages", "4", "--micro-batches", "8"});
    QCOMPARE(r.exitCode, 0);
    // F = 1 and B = 2 units at two columns per unit: F0 takes 2 columns, B0 4.
    QVERIFY2(r.out.find("rank 0 |F0F1F2F3............B0==F4B1==F5B2==F6B3==F7B4==..B5==..B6==..B7==|")
                 != std::string::npos,
             r.out.c_str());
    QVERIFY(r.out.find("rank 3 |......F0B0==F1B1==") != std::string::npos);
    QVERIFY(r.out.find("rank 0: F0 F1 F2 F3 B0 F4 B1 F5 B2 F6 B3 F7 B4 B5 B6 B7") != std::string::npos);
    QVERIFY(r.out.find("27.3 % idle share") != std::string::npos);
    QVERIFY(r.out.find("(p−1)/(m+p−1) = 3/11") != std::string::npos);
    QVERIFY(r.out.find("Idle per rank  9, 6, 3, 0") != std::string::npos);
    QVERIFY(r.out.find("Peak in flight 4, 3, 2, 1 micro-batches per rank") != std::string::npos);
    // ZB-H1 fills most of it: the per-stage bubble drops from 9 to 3 (docs/pipeline-and-collective-cases.md,
    // case 7).
    const Run zb = runCli({"schedule", "--kind", "zb-h1", "--stages", "4", "--micro-batches", "8"});
    QVERIFY2(zb.out.find("longest idle inside one rank's span: 3 ") != std::string::npos, zb.out.c_str());
    QVERIFY(zb.out.find("rank 3 |......F0I0F1I1F2I2F3I3W0F4") != std::string::npos);
    // Later model chunks in lower case.
    const Run v = runCli({"schedule", "--kind", "interleaved", "--stages", "4", "--micro-batches", "8"});
    QVERIFY2(v.out.find("f0") != std::string::npos, v.out.c_str());
    QVERIFY(v.out.find("rank 0: F0@s0 F1@s0 F2@s0 F3@s0 F0@s4") != std::string::npos);
    // DualPipeV runs too.
    QCOMPARE(runCli({"schedule", "--kind", "dualpipev", "--stages", "4", "--micro-batches", "10"}).exitCode,
             0);
}

// evaluate --json carries "schedule"; a serving design has none.
void TestScheduleCli::evaluateCarriesTheSchedule()
{
    const Json out = runJson({"evaluate", "--example", "default", "--json"});
    const Json& s = out["schedule"];
    QVERIFY(s.is_object());
    QVERIFY(s["kind"] == "1f1b" && s["stages"] == 2 && s["microBatches"] == 64 && s["virtualStages"] == 1);
    QVERIFY(s["makespanSeconds"].get<double>() > 0);
    QVERIFY(s["perRank"][1]["ops"][0]["kind"] == "F");
    QVERIFY(runJson({"evaluate", "--example", "serving-70b-tp4x2", "--json"})["schedule"].is_null());
    const Run text = runCli({"evaluate", "--example", "default"});
    QVERIFY2(text.out.find("Step      1f1b on 2 pipeline stages × 64 micro-batches:") != std::string::npos,
             text.out.c_str());
}

QTEST_GUILESS_MAIN(TestScheduleCli)
#include "tst_schedulecli.moc"
