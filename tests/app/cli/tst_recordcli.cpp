// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli record, run in-process: a record file beside the prediction (text and JSON), adding a
// record to a design and comparing the design's own records, and the errors of a missing or broken record.

#include "base/jsonreader.h"
#include "cli/cli.h"
#include "design/designio.h"
#include "support/clirun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>

namespace {
using Run = testing::CliRun;
using testing::runCli;

const std::string kRecord = MESHWRIGHT_SOURCE_DIR "/tests/data/record-seed-70b.json";
} // namespace

class TestRecordCli : public QObject
{
    Q_OBJECT

private slots:
    void compareARecordFile();
    void compareAsJson();
    void runOfAnotherBatchIsWarned();
    void addThenCompareTheDesignsRecords();
    void errors_data();
    void errors();

private:
    QTemporaryDir m_dir;
};

void TestRecordCli::compareARecordFile()
{
    const Run r = runCli({"record", "compare", "--example", "seed-70b-32k-512gpu", "--record", kRecord});
    QCOMPARE(r.exitCode, cli::kExitOk);
    for (const char* text : {"Step time", "29.2 s", "MFU", "38.3 %", " pp (", "Visible all-gather per step",
                             "Restarts", "within tolerance", "model    meta-llama/Llama-3.1-70B",
                             "code     training repo 3f2a9c1", "of which activations"})
        QVERIFY2(r.out.find(text) != std::string::npos, text);
    QVERIFY(r.out.find("warning") == std::string::npos);
}

// A record of another global batch than the design's is compared, with a warning that says so.
void TestRecordCli::runOfAnotherBatchIsWarned()
{
    const Run r = runCli({"record", "compare", "--example", "seed-70b-32k-512gpu", "--global-batch", "512",
                          "--record", kRecord});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY2(r.out.find("warning: The run's global batch was 256, the design's is 512") != std::string::npos,
             r.out.c_str());
    const Run json = runCli({"record", "compare", "--example", "seed-70b-32k-512gpu", "--global-batch", "512",
                             "--record", kRecord, "--json"});
    const core::Json out = core::Json::parse(json.out);
    QCOMPARE(out["records"][0]["warnings"].size(), std::size_t(1));
    QVERIFY(out["records"][0]["warnings"][0]["code"] == "record-run-differs");
}

void TestRecordCli::compareAsJson()
{
    const Run r
        = runCli({"record", "compare", "--example", "seed-70b-32k-512gpu", "--record", kRecord, "--json"});
    QCOMPARE(r.exitCode, cli::kExitOk);
    const core::Json out = core::Json::parse(r.out, nullptr, false);
    QVERIFY(!out.is_discarded());
    QVERIFY(out["format"] == "meshwright.recordComparison");
    QCOMPARE(out["records"].size(), std::size_t(1));
    bool foundStep = false;
    for (const core::Json& row : out["records"][0]["rows"]) {
        if (row["quantity"] != "stepSeconds")
            continue;
        foundStep = true;
        QVERIFY(row["measured"] == 29.2);
        QCOMPARE(row["difference"].get<double>(), 29.2 - row["predicted"].get<double>());
    }
    QVERIFY(foundStep);
}

void TestRecordCli::addThenCompareTheDesignsRecords()
{
    const std::string design = m_dir.filePath(QStringLiteral("seed.json")).toStdString();
    const std::string withRecord = m_dir.filePath(QStringLiteral("seed-measured.json")).toStdString();
    {
        QFile file(QString::fromStdString(design));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(core::saveDesign(*core::exampleDesign("seed-70b-32k-512gpu"))));
    }
    QCOMPARE(runCli({"record", "add", design, kRecord, "-o", withRecord}).exitCode, cli::kExitOk);
    QFile file(QString::fromStdString(withRecord));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const core::LoadResult loaded = core::loadDesign(file.readAll().toStdString());
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.design->records.size(), std::size_t(1));
    const Run compared = runCli({"record", "compare", withRecord});
    QCOMPARE(compared.exitCode, cli::kExitOk);
    QVERIFY(compared.out.find("first 200 steps") != std::string::npos);
}

void TestRecordCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no records") << QStringList{"record", "compare", "--example", "default"}
                                << int(cli::kExitUsage) << "carries no records";
    QTest::newRow("missing record file")
        << QStringList{"record", "compare", "--example", "default", "--record", "/nonexistent/r.json"}
        << int(cli::kExitUsage) << "cannot read";
    QTest::newRow("a design as the record")
        << QStringList{"record",    "compare",
                       "--example", "default",
                       "--record",  QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/examples/default.json")}
        << int(cli::kExitUsage) << "io-value";
    QTest::newRow("no action") << QStringList{"record"} << int(cli::kExitUsage) << "compare or add";
    QTest::newRow("add without output")
        << QStringList{"record", "add", "a.json", "b.json"} << int(cli::kExitUsage) << "-o OUT.json";
}

void TestRecordCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const Run r = runCli(argv);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
}

QTEST_GUILESS_MAIN(TestRecordCli)
#include "tst_recordcli.moc"
