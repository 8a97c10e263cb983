// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli search --schedules, run in-process: the pipeline schedules a search tries, each only where
// the design's framework runs it (resources/presets/frameworks.json "schedules"), and bad lists as usage
// errors.

#include "base/jsonreader.h"
#include "cli/cli.h"
#include "support/clirun.h"

#include <QTest>
#include <set>

using core::Json;

namespace {

using testing::runCli;

} // namespace

class TestSearchCli : public QObject
{
    Q_OBJECT

private slots:
    void schedulesFlag_data();
    void schedulesFlag();
    void badSchedules_data();
    void badSchedules();
    void saysWhatTheModelCannotTellApart();
};

// Llama 3.1 8B on one node of eight H100 (the FSDP example), run by the framework named: the schedules of
// the candidates with a pipeline (those without run 1F1B), as the flag and the framework allow.
void TestSearchCli::schedulesFlag_data()
{
    QTest::addColumn<QString>("framework");
    QTest::addColumn<QString>("schedules"); // the flag's value; empty: no flag
    QTest::addColumn<QString>("pipelined"); // the schedules of candidates with PP > 1
    QTest::newRow("torchtitan, ZB-V only") << "fsdp2"
                                           << "zb-v"
                                           << "zb-v";
    QTest::newRow("torchtitan, ZB-H1 and DualPipeV") << "fsdp2"
                                                     << "zb-h1,dualpipev"
                                                     << "dualpipev zb-h1";
    QTest::newRow("torchtitan asked for DualPipe, which it lacks") << "fsdp2"
                                                                   << "1f1b,dualpipe"
                                                                   << "1f1b";
    QTest::newRow("Megatron-Core asked for ZB-V, which it lacks") << "megatron-core"
                                                                  << "1f1b,zb-v"
                                                                  << "1f1b";
    QTest::newRow("Megatron-Core by default") << "megatron-core"
                                              << ""
                                              << "1f1b interleaved";
}

void TestSearchCli::schedulesFlag()
{
    QFETCH(QString, framework);
    QFETCH(QString, schedules);
    QFETCH(QString, pipelined);
    std::vector<std::string> args{
        "search", "--example", "fsdp-1node-8gpu", "--framework", framework.toStdString(),
        "--json", "--top",     "100000"};
    if (!schedules.isEmpty()) {
        args.push_back("--schedules");
        args.push_back(schedules.toStdString());
    }
    const testing::CliRun run = runCli(args);
    QCOMPARE(run.exitCode, cli::kExitOk);
    const Json result = Json::parse(run.out);
    std::set<std::string> seen;
    for (const Json& c : result.at("candidates")) {
        const std::string schedule = c.at("schedule").get<std::string>();
        if (c.at("pp").get<int>() > 1)
            seen.insert(schedule);
        else
            QCOMPARE(schedule, std::string("1f1b"));
        // The text a candidate carries names the schedule it runs.
        if (c.at("pp").get<int>() > 1 && schedule == "zb-v")
            QVERIFY(c.at("recipe").get<std::string>().find("ZB-V") != std::string::npos);
    }
    QStringList names;
    for (const std::string& s : seen)
        names << QString::fromStdString(s);
    QCOMPARE(names.join(QLatin1Char(' ')), pipelined);
}

void TestSearchCli::badSchedules_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown name")
        << "1f1b,zb-h2"
        << "--schedules takes a list of gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev or "
           "dualpipe, not 'zb-h2'";
    QTest::newRow("twice") << "zb-v,zb-v"
                           << "--schedules names 'zb-v' twice";
    QTest::newRow("empty")
        << ""
        << "--schedules takes a list of gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev or "
           "dualpipe, not ''";
    QTest::newRow("capitalised") << "ZB-V"
                                 << "not 'ZB-V'";
}

void TestSearchCli::badSchedules()
{
    QFETCH(QString, value);
    QFETCH(QString, message);
    const testing::CliRun run
        = runCli({"search", "--example", "default", "--schedules", value.toStdString()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.find(message.toStdString()) != std::string::npos, run.err.c_str());
    QVERIFY(run.out.empty());
}

// The search says how many layouts run within the tolerance of the published pairs that speak for them
// (performance/layoutcomparison.h), in its JSON and above its text list, the two alike.
void TestSearchCli::saysWhatTheModelCannotTellApart()
{
    const testing::CliRun json = runCli({"search", "--example", "default", "--json"});
    QCOMPARE(json.exitCode, cli::kExitOk);
    const Json report = Json::parse(json.out);
    const int layouts = report.at("notDecided").at("layouts").get<int>();
    QVERIFY(layouts > 0); // the default design's search holds dozens of layouts within 5 %
    QCOMPARE(report.at("notDecided").at("tolerance").get<double>(), 0.05);
    const testing::CliRun text = runCli({"search", "--example", "default"});
    QCOMPARE(text.exitCode, cli::kExitOk);
    const std::string line = std::to_string(layouts)
        + " more layouts run within 5 % of the fastest: published pairs of such layouts missed the model's "
          "ratio";
    QVERIFY2(text.out.find(line) != std::string::npos, text.out.c_str());
    // A serving design's search ranks replicas by tokens a second; no published pair speaks for it.
    const testing::CliRun serving = runCli({"search", "--example", "serving-70b-tp4x2", "--json"});
    QCOMPARE(serving.exitCode, cli::kExitOk);
    QCOMPARE(Json::parse(serving.out).at("notDecided").at("layouts").get<int>(), 0);
}

QTEST_GUILESS_MAIN(TestSearchCli)
#include "tst_searchcli.moc"
