// SPDX-License-Identifier: GPL-3.0-or-later
// `meshwright-cli evaluate`'s memory: the JSON contract of every rank's figures, the flags that move them,
// host memory per node, serving's KV cache and the table per pipeline stage (README, "Command line").

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

class TestMemoryCli : public QObject
{
    Q_OBJECT

private slots:
    void memoryJsonContract();
    void memoryFlagsMoveTheirFigures_data();
    void memoryFlagsMoveTheirFigures();
    void hostMemoryPerNode();
    void servingMemoryJson();
    void memoryTablePerStage();
};

namespace {
const std::vector<std::string> kMemoryCategories{"parameters",  "gradients",     "optimizer",
                                                 "activations", "kvCache",       "workspace",
                                                 "temporary",   "communication", "reserve"};
}

// `evaluate --json` carries `memory` with every rank's capacity, total and bytes
// per category, the peak rank and its bytes, and whether every rank fits.
void TestMemoryCli::memoryJsonContract()
{
    const Json out = runJson({"evaluate", "--example", "default", "--json"});
    const Json& memory = out.at("memory");
    QCOMPARE(memory.at("ranks").size(), std::size_t{32});
    int peakRank = -1;
    double peakBytes = 0;
    for (std::size_t i = 0; i < memory.at("ranks").size(); ++i) {
        const Json& rank = memory.at("ranks")[i];
        QCOMPARE(rank.at("rank").get<std::size_t>(), i);
        QCOMPARE(rank.at("capacityBytes").get<double>(),
                 core::Catalog::builtin().gpu("h100-sxm-80gb")->memoryBytes);
        const Json& bytes = rank.at("bytes");
        QCOMPARE(bytes.size(), kMemoryCategories.size());
        double sum = 0;
        for (const std::string& category : kMemoryCategories)
            sum += bytes.at(category).get<double>();
        const double total = rank.at("totalBytes").get<double>();
        QVERIFY(std::abs(sum - total) <= 1e-9 * total);
        QCOMPARE(bytes.at("kvCache").get<double>(), 0.0); // training keeps no KV cache
        if (total > peakBytes) {
            peakBytes = total;
            peakRank = static_cast<int>(i);
        }
    }
    QCOMPARE(memory.at("peakRank").get<int>(), peakRank);
    QCOMPARE(memory.at("peakBytes").get<double>(), peakBytes);
    QVERIFY(memory.at("fits") == true);
    QVERIFY(!memory.contains("maxConcurrentSequences"));
    // One micro-batch of 16 sequences does not fit on the default layout.
    const Json over = runJson(
        {"evaluate", "--example", "default", "--micro-batch", "16", "--global-batch", "512", "--json"});
    QVERIFY(over.at("memory").at("fits") == false);
}

// Each memory flag moves its own figure by the expected factor on rank 0 and leaves another alone.
void TestMemoryCli::memoryFlagsMoveTheirFigures_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("moved");
    QTest::addColumn<double>("factor");
    QTest::addColumn<QString>("unchanged");
    // ZeRO bytes per parameter: BF16 mixed 2 + 2 + 12, FP32 4 + 4 + 8 (moments only); FP8 keeps an FP8
    // weight and its FP8 transpose (TE fp8_model_init's Float8Tensor), 1 + 1 bytes, as many as BF16.
    QTest::newRow("--precision fp32: 4-byte weights")
        << "default" << QStringList{"--precision", "fp32"} << "parameters" << 2.0 << "activations";
    QTest::newRow("--precision fp32: no master copy")
        << "default" << QStringList{"--precision", "fp32"} << "optimizer" << 8.0 / 12 << "activations";
    QTest::newRow("--precision fp8: FP8 weight + FP8 transpose, 2 bytes")
        << "default" << QStringList{"--precision", "fp8"} << "parameters" << 1.0 << "gradients";
    QTest::newRow("--optimizer sgd-momentum: one moment")
        << "default" << QStringList{"--optimizer", "sgd-momentum"} << "optimizer" << 8.0 / 12 << "parameters";
    QTest::newRow("--offload cpu: optimizer off the GPU")
        << "default" << QStringList{"--offload", "cpu"} << "optimizer" << 0.0 << "gradients";
    // The serving example holds 32 sequences of 8,192 tokens.
    QTest::newRow("--concurrency 64: twice the KV cache")
        << "serving-70b-tp4x2" << QStringList{"--concurrency", "64"} << "kvCache" << 2.0 << "parameters";
    QTest::newRow("--context 16384: twice the KV cache")
        << "serving-70b-tp4x2" << QStringList{"--context", "16384"} << "kvCache" << 2.0 << "parameters";
    QTest::newRow("--kv-dtype fp8: half the KV cache")
        << "serving-70b-tp4x2" << QStringList{"--kv-dtype", "fp8"} << "kvCache" << 0.5 << "workspace";
}

void TestMemoryCli::memoryFlagsMoveTheirFigures()
{
    QFETCH(QString, example);
    QFETCH(QStringList, flags);
    QFETCH(QString, moved);
    QFETCH(double, factor);
    QFETCH(QString, unchanged);
    const Json before = runJson({"evaluate", "--example", example.toStdString(), "--json"});
    std::vector<std::string> args{"evaluate", "--example", example.toStdString(), "--json"};
    for (const QString& flag : flags)
        args.push_back(flag.toStdString());
    const Json after = runJson(args);
    const Json& was = before.at("memory").at("ranks")[0].at("bytes");
    const Json& now = after.at("memory").at("ranks")[0].at("bytes");
    const double expected = was.at(moved.toStdString()).get<double>() * factor;
    QVERIFY(was.at(moved.toStdString()).get<double>() > 0);
    QVERIFY2(std::abs(now.at(moved.toStdString()).get<double>() - expected) <= 1e-9 * std::max(expected, 1.0),
             now.dump().c_str());
    QCOMPARE(now.at(unchanged.toStdString()).get<double>(), was.at(unchanged.toStdString()).get<double>());
}

// Offload: the CPU memory per node in the text and the JSON (memory.host), and the host-memory warning when
// --host-memory is smaller. DeepSpeed ZeRO-3 with offload_param keeps 18 bytes per parameter of each
// partition on the host (docs/frameworks.md, DeepSpeed memory.rst "18"); 8 GPUs of a node hold Ψ once.
void TestMemoryCli::hostMemoryPerNode()
{
    const std::vector<std::string> base{"evaluate",  "--example", "fsdp-1node-8gpu", "--framework",
                                        "deepspeed", "--offload", "cpu-params"};
    std::vector<std::string> args = base;
    const Run text = runCli(args);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.find("host memory per node: ") != std::string::npos, text.out.c_str());
    args.push_back("--json");
    const Json out = runJson(args);
    const Json& host = out.at("memory").at("host");
    QCOMPARE(host.at("groups").size(), std::size_t{1});
    QCOMPARE(host.at("groups")[0].at("ramBytes").get<double>(), 2048 * core::kGiB); // DGX H100: 2 TB
    QVERIFY(host.at("fits") == true);
    args.insert(args.end(), {"--host-memory", "64"});
    const Json over = runJson(args);
    QVERIFY(over.at("memory").at("host").at("fits") == false);
    QCOMPARE(over.at("memory").at("host").at("groups")[0].at("ramBytes").get<double>(), 64 * core::kGiB);
    bool warned = false;
    for (const Json& d : over.at("diagnostics"))
        warned = warned || (d.at("code") == "host-memory" && d.at("severity") == "warning");
    QVERIFY(warned);
    // Without offload the text keeps no host line.
    const Run plain = runCli({"evaluate", "--example", "fsdp-1node-8gpu"});
    QVERIFY(plain.out.find("host memory per node") == std::string::npos);
}

// Serving adds the KV cache per sequence and the largest concurrency that fits, each with its explanation.
void TestMemoryCli::servingMemoryJson()
{
    const Json out = runJson({"evaluate", "--example", "serving-70b-tp4x2", "--json"});
    const Json& memory = out.at("memory");
    // 80 layers × 2 × (8 KV heads / TP 4) × 128 × 2 bytes × 8,192 tokens.
    const double perSequence = 80.0 * 2 * 2 * 128 * 2 * 8192;
    QCOMPARE(memory.at("kvBytesPerSequence").get<double>(), perSequence);
    const std::int64_t fit = memory.at("maxConcurrentSequences").get<std::int64_t>();
    QVERIFY(fit >= 32);
    const Json& rank = memory.at("ranks")[0];
    QCOMPARE(rank.at("bytes").at("kvCache").get<double>(), 32 * perSequence);
    QCOMPARE(rank.at("bytes").at("gradients").get<double>(), 0.0);
    // What is left next to everything but the KV cache, in whole sequences.
    const double free = rank.at("capacityBytes").get<double>() - rank.at("totalBytes").get<double>()
        + rank.at("bytes").at("kvCache").get<double>();
    QCOMPARE(fit, static_cast<std::int64_t>(std::floor(free / perSequence)));
    for (const char* figure : {"kvBytesPerSequence", "maxConcurrentSequences"})
        QVERIFY2(!memory.at("explanations").at(figure).at("formula").get<std::string>().empty(), figure);
    // Twice the context: each sequence needs twice the cache, so half as many fit (the workspace is
    // planned for 8,192 tokens either way).
    const Json longer
        = runJson({"evaluate", "--example", "serving-70b-tp4x2", "--context", "16384", "--json"});
    QCOMPARE(longer.at("memory").at("maxConcurrentSequences").get<std::int64_t>(),
             static_cast<std::int64_t>(std::floor(free / (2 * perSequence))));
}

// The readable report: one row per pipeline stage; the in-flight micro-batches only for training.
void TestMemoryCli::memoryTablePerStage()
{
    const Run training = runCli({"evaluate", "--example", "default"});
    QCOMPARE(training.exitCode, 0);
    QVERIFY2(training.out.find("Memory per GPU (GB = 1e9 bytes), one row per pipeline stage")
                 != std::string::npos,
             training.out.c_str());
    QVERIFY(training.out.find("  stage  ranks  in-flight   params") != std::string::npos);
    QVERIFY(training.out.find("\n      0     16          2") != std::string::npos); // 1F1B, PP 2: 2 and 1
    QVERIFY(training.out.find("\n      1     16          1") != std::string::npos);
    const Run serving = runCli({"evaluate", "--example", "serving-70b-tp4x2"});
    QCOMPARE(serving.exitCode, 0);
    QVERIFY2(serving.out.find("  stage  ranks   params       kv") != std::string::npos, serving.out.c_str());
    QVERIFY(serving.out.find("in-flight") == std::string::npos);
    QVERIFY(serving.out.find("concurrent sequences fit per replica") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestMemoryCli)
#include "tst_memorycli.moc"
