// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli export, run in-process: formats, design flags, files, and the exit codes of a design the
// framework cannot express and of a format that does not exist.

#include "base/jsonreader.h"
#include "cli/cli.h"
#include "support/clirun.h"
#include "support/configparse.h"
#include "support/writefailure.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <iterator>
#include <sstream>

namespace {
using Run = testing::CliRun;
using testing::runCli;

} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT

private slots:
    void articleLayoutAsMegatron();
    void designFlagsApply();
    void unknownFormatListsTheFormats_data();
    void unknownFormatListsTheFormats();
    void inexpressibleDesignExitsOne();
    void writesTheFile();
    void fullDiskKeepsTheOldFile();
};

void TestExportCli::articleLayoutAsMegatron()
{
    const Run r = runCli({"export", "--format", "megatron", "--example", "seed-70b-32k-512gpu"});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY(r.err.empty());
    const auto words = testing::shellWords(r.out);
    QVERIFY(words.has_value());
    QCOMPARE(testing::valueAfter(*words, "--tensor-model-parallel-size"), std::string("8"));
    QCOMPARE(testing::valueAfter(*words, "--context-parallel-size"), std::string("4"));
}

void TestExportCli::designFlagsApply()
{
    const Run r
        = runCli({"export", "--format=vllm", "--example", "serving-70b-tp4x2", "--tp", "8", "--dp", "1"});
    QCOMPARE(r.exitCode, cli::kExitOk);
    const auto words = testing::shellWords(r.out);
    QCOMPARE(testing::valueAfter(*words, "--tensor-parallel-size"), std::string("8"));
    QCOMPARE(testing::valueAfter(*words, "--data-parallel-size"), std::string("1"));
}

void TestExportCli::unknownFormatListsTheFormats_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown") << QStringList{"export", "--format", "slurm", "--example", "default"};
    QTest::newRow("missing") << QStringList{"export", "--example", "default"};
}

void TestExportCli::unknownFormatListsTheFormats()
{
    QFETCH(QStringList, args);
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const Run r = runCli(argv);
    QCOMPARE(r.exitCode, cli::kExitUsage);
    QVERIFY(r.out.empty());
    for (const char* format : {"torchrun", "accelerate", "deepspeed", "megatron", "vllm", "sglang"})
        QVERIFY2(r.err.find(format) != std::string::npos, format);
}

void TestExportCli::inexpressibleDesignExitsOne()
{
    const Run r = runCli({"export", "--format", "accelerate", "--example", "seed-70b-32k-512gpu"});
    QCOMPARE(r.exitCode, cli::kExitDesignErrors);
    QVERIFY(r.out.empty());
    QVERIFY(r.err.find("export-no-pipeline") != std::string::npos);
    QVERIFY(r.err.find("PP = 4") != std::string::npos);
}

void TestExportCli::writesTheFile()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("ds_config.json")).toStdString();
    const Run r = runCli({"export", "--format", "deepspeed", "--example", "default", "-o", path});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY(r.out.empty());
    // TP and PP come from the training code: said on stderr.
    QVERIFY(r.err.find("export-set-in-code") != std::string::npos);
    std::ifstream file(path);
    const core::Json ds = core::Json::parse(file, nullptr, false);
    QVERIFY(!ds.is_discarded());
    QVERIFY(ds["train_batch_size"] == 128);
    QVERIFY(ds["zero_optimization"]["stage"] == 1);
}

void TestExportCli::fullDiskKeepsTheOldFile()
{
    // A full disk (writes past 64 bytes fail): the old file stays, no temporary file is left, and the
    // message names the path and the reason. The old writer left OUT.json.tmp and nothing was fsynced.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("ds_config.json")).toStdString();
    {
        std::ofstream old(path);
        old << "{\"old\": true}\n";
    }
    Run r{};
    {
        const testing::WriteLimit fullDisk(64);
        QVERIFY(fullDisk.active());
        r = runCli({"export", "--format", "deepspeed", "--example", "default", "-o", path});
    }
    QCOMPARE(r.exitCode, cli::kExitUsage);
    QVERIFY2(r.err.find("cannot write " + path + ": File too large") != std::string::npos, r.err.c_str());
    std::ifstream file(path);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    QCOMPARE(text, std::string("{\"old\": true}\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("ds_config.json")});
}

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_exportcli.moc"
