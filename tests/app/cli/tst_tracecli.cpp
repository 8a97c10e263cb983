// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli trace: the documented JSON object on a real trace, the record it writes, and bad input
// with a located message and exit code 2.

#include "cli/cli.h"
#include "design/measuredrecord.h"
#include "support/clirun.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <sstream>

using testing::runCli;

namespace {
const std::string kTrace = MESHWRIGHT_SOURCE_DIR "/tests/data/traces/a100-2rank-ddp-allreduce.json.gz";
}

class TestTraceCli : public QObject
{
    Q_OBJECT

private slots:
    void jsonHasTheDocumentedKeys();
    void textNamesTheFigures();
    void recordAndMemoryStats();
    void badInputExitsTwo_data();
    void badInputExitsTwo();
};

// The README's "Trace JSON" table: these keys and no fewer. Figures from tests/data/traces/expected_figures.py.
void TestTraceCli::jsonHasTheDocumentedKeys()
{
    const auto run = runCli({"trace", kTrace, "--json"});
    QCOMPARE(run.exitCode, cli::kExitOk);
    const core::Json json = core::Json::parse(run.out);
    for (const char* key : {"format", "version", "steps", "stepSeconds", "kernels", "kernelSeconds",
                            "communicationSeconds", "exposedCommunicationSeconds", "perStep", "device", "world",
                            "memory"})
        QVERIFY2(json.contains(key), key);
    QCOMPARE(json["format"].get<std::string>(), std::string("meshwright.trace"));
    QCOMPARE(json["steps"].get<int>(), 3);
    QVERIFY(std::abs(json["exposedCommunicationSeconds"]["allReduce"].get<double>() - 0.039445132) < 2e-9);
    for (const char* kind : {"allReduce", "allGather", "reduceScatter", "allToAll", "p2p", "broadcast", "reduce"})
        QVERIFY2(json["communicationSeconds"].contains(kind), kind);
    QCOMPARE(json["device"]["name"].get<std::string>(), std::string("NVIDIA A100-PG509-200"));
    QCOMPARE(json["world"]["size"].get<int>(), 2);
    QCOMPARE(json["world"]["processGroups"][0]["ranks"].size(), std::size_t(2));
    QVERIFY(json["memory"]["peakAllocatedBytes"].is_null());
}

void TestTraceCli::textNamesTheFigures()
{
    const auto run = runCli({"trace", kTrace});
    QCOMPARE(run.exitCode, cli::kExitOk);
    const QString out = QString::fromStdString(run.out);
    QVERIFY2(out.contains("Steps: 3, mean 0.222368 s"), qPrintable(out));
    QVERIFY2(out.contains("allReduce"), qPrintable(out));
    QVERIFY2(out.contains("World: 2 ranks"), qPrintable(out));
}

void TestTraceCli::recordAndMemoryStats()
{
    QTemporaryDir dir;
    const std::string stats = dir.filePath("stats.json").toStdString();
    std::ofstream(stats) << R"({"allocated_bytes.all.peak": 12345678, "reserved_bytes.all.peak": 23456789})";
    const std::string record = dir.filePath("record.json").toStdString();
    const auto run = runCli({"trace", kTrace, "--memory-stats", stats, "--record", record});
    QCOMPARE(run.exitCode, cli::kExitOk);
    std::ifstream in(record);
    std::stringstream text;
    text << in.rdbuf();
    const core::RecordLoadResult loaded = core::loadRecord(text.str());
    QVERIFY(loaded.record);
    QCOMPARE(loaded.record->peakMemoryBytes.value_or(0), 12345678.0);
    QVERIFY(std::abs(loaded.record->stepSeconds.value_or(0) - 0.222368446) < 1e-9);
}

void TestTraceCli::badInputExitsTwo_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("message");

    QTest::newRow("malformed") << "{\"traceEvents\": [\n{\"ph\": }]}" << "line 2";
    QTest::newRow("no traceEvents") << "{}" << "traceEvents";
    QTest::newRow("no kernels") << R"({"traceEvents": []})" << "trace-no-kernels";
}

void TestTraceCli::badInputExitsTwo()
{
    QFETCH(QString, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const std::string path = dir.filePath("bad.json").toStdString();
    std::ofstream(path) << content.toStdString();
    const auto run = runCli({"trace", path, "--json"});
    QCOMPARE(run.exitCode, cli::kExitUsage);
    QVERIFY(run.out.empty());
    QVERIFY2(QString::fromStdString(run.err).contains(message), run.err.c_str());
    QCOMPARE(runCli({"trace", dir.filePath("missing.json").toStdString()}).exitCode, cli::kExitUsage);
}

QTEST_APPLESS_MAIN(TestTraceCli)
#include "tst_tracecli.moc"
