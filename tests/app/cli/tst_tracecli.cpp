// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli trace: the documented JSON object on a real trace, the record it writes, and bad input
// with a located message and exit code 2. meshwright-cli calibrate-compute --trace: the fit to the trace's
// GEMM kernels, or to all its compute kernels when it has none, in text and JSON.

#include "cli/cli.h"
#include "design/measuredrecord.h"
#include "performance/computecalibration.h"
#include "support/clirun.h"
#include "support/testdesigns.h"

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
    void calibrateComputeFromATrace_data();
    void calibrateComputeFromATrace();
    void calibrateComputeFromATraceWithoutCompute();
};

// The README's "Trace JSON" table: these keys and no fewer. Figures from tests/data/traces/expected_figures.py.
void TestTraceCli::jsonHasTheDocumentedKeys()
{
    const auto run = runCli({"trace", kTrace, "--json"});
    QCOMPARE(run.exitCode, cli::kExitOk);
    const core::Json json = core::Json::parse(run.out);
    for (const char* key : {"format", "version", "steps", "stepSeconds", "kernels", "kernelSeconds",
                            "gemmKernels", "gemmSeconds", "communicationSeconds",
                            "exposedCommunicationSeconds", "perStep", "device", "world", "memory"})
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
    QCOMPARE(json["gemmKernels"].get<int>(), 537);
    QVERIFY(std::abs(json["gemmSeconds"].get<double>() - 0.038963068) < 2e-9);
    QVERIFY(std::abs(json["perStep"]["gemmSeconds"].get<double>() - 0.012987689) < 2e-9);
}

void TestTraceCli::textNamesTheFigures()
{
    const auto run = runCli({"trace", kTrace});
    QCOMPARE(run.exitCode, cli::kExitOk);
    const QString out = QString::fromStdString(run.out);
    QVERIFY2(out.contains("Steps: 3, mean 0.222368 s"), qPrintable(out));
    QVERIFY2(out.contains("allReduce"), qPrintable(out));
    QVERIFY2(out.contains("World: 2 ranks"), qPrintable(out));
    QVERIFY2(out.contains("GEMM kernels: 537, 0.038963 s over the trace, 0.012988 s per step"),
             qPrintable(out));
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

namespace {

// A trace of one ProfilerStep on device 0 with the given kernels ("name": seconds, one after the other) and
// an all-reduce after them.
std::string writeTrace(const QTemporaryDir& dir, const std::vector<std::pair<std::string, double>>& kernels)
{
    core::Json events = core::Json::array();
    double us = 1000;
    for (const auto& [name, seconds] : kernels) {
        events.push_back({{"ph", "X"},
                          {"cat", "kernel"},
                          {"name", name},
                          {"ts", us},
                          {"dur", seconds * 1e6},
                          {"args", {{"device", 0}}}});
        us += seconds * 1e6;
    }
    events.push_back({{"ph", "X"},
                      {"cat", "kernel"},
                      {"name", "ncclKernel_AllReduce_RING_LL_Sum_bfloat16"},
                      {"ts", us},
                      {"dur", 1000},
                      {"args", {{"device", 0}}}});
    events.push_back(
        {{"ph", "X"}, {"cat", "user_annotation"}, {"name", "ProfilerStep#1"}, {"ts", 0}, {"dur", us + 2000}});
    const std::string path = dir.filePath("trace.json").toStdString();
    std::ofstream(path) << core::Json{{"traceEvents", events}}.dump();
    return path;
}

} // namespace

// The default example (η_max 0.70) against a trace whose GEMM kernels run 1.25 × its predicted GEMM time
// among 0.8 s of other kernels: η_max = 0.70 / 1.25 = 0.56 by hand, and the fitted design predicts the
// measured GEMM time. Without kernels named as GEMMs, the whole-compute fit, said in text and JSON.
void TestTraceCli::calibrateComputeFromATrace_data()
{
    const core::Design d = testing::example("default");
    const double gemm = core::predictedStepGemmSeconds(d).value_or(0);
    const double compute = core::predictedStepComputeSeconds(d).value_or(0);
    QTest::addColumn<QString>("kernels"); // "GEMM", or "matmul": a name not recognised
    QTest::addColumn<double>("gemmSeconds");
    QTest::addColumn<double>("otherSeconds");
    QTest::addColumn<QString>("fittedTo");
    QTest::addColumn<double>("eta"); // 0: fitted by bisection, checked against the compute time
    QTest::addColumn<QString>("text");

    QTest::newRow("GEMM kernels") << "GEMM" << 1.25 * gemm << 0.8 << "gemm" << 0.56
                                  << "Fitted to the GEMM kernels of the first GPU (1 step of trace.json)";
    QTest::newRow("GEMMs not named as such") << "matmul" << 1.25 * compute << 0.0 << "compute" << 0.0
                                             << "(the trace has no kernel recognised as a GEMM";
}

void TestTraceCli::calibrateComputeFromATrace()
{
    QFETCH(QString, kernels);
    QFETCH(double, gemmSeconds);
    QFETCH(double, otherSeconds);
    QFETCH(QString, fittedTo);
    QFETCH(double, eta);
    QFETCH(QString, text);
    QTemporaryDir dir;
    const std::string gemmName = kernels == QLatin1String("GEMM") ? "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn"
                                                                  : "my_fused_matmul_kernel";
    std::vector<std::pair<std::string, double>> list{{gemmName, gemmSeconds}};
    if (otherSeconds > 0)
        list.push_back({"void at::native::vectorized_elementwise_kernel<4>(int)", otherSeconds});
    const std::string trace = writeTrace(dir, list);
    const std::string fitted = dir.filePath("fitted.json").toStdString();
    const auto run
        = runCli({"calibrate-compute", "--example", "default", "--trace", trace, "-o", fitted, "--json"});
    QCOMPARE(run.exitCode, cli::kExitOk);
    const core::Json json = core::Json::parse(run.out);
    for (const char* key :
         {"gemmEfficiency", "previousGemmEfficiency", "steps", "fittedTo", "fallback", "gemmKernels",
          "measuredStepGemmSeconds", "predictedBeforeStepGemmSeconds", "predictedAfterStepGemmSeconds",
          "measuredStepComputeSeconds", "predictedBeforeStepComputeSeconds",
          "predictedAfterStepComputeSeconds", "source", "warning"})
        QVERIFY2(json.contains(key), key);
    QCOMPARE(QString::fromStdString(json.at("fittedTo").get<std::string>()), fittedTo);
    QCOMPARE(json.at("previousGemmEfficiency").get<double>(), 0.70);
    const double measuredCompute = gemmSeconds + otherSeconds;
    QVERIFY(std::abs(json.at("measuredStepComputeSeconds").get<double>() / measuredCompute - 1) < 1e-9);
    if (eta > 0) {
        QVERIFY(json.at("fallback").get<std::string>().empty());
        QVERIFY(std::abs(json.at("gemmEfficiency").get<double>() / eta - 1) < 1e-9);
        QVERIFY(std::abs(json.at("measuredStepGemmSeconds").get<double>() / gemmSeconds - 1) < 1e-9);
        QVERIFY(std::abs(json.at("predictedAfterStepGemmSeconds").get<double>() / gemmSeconds - 1) < 1e-9);
    } else {
        QVERIFY(!json.at("fallback").get<std::string>().empty());
        QCOMPARE(json.at("measuredStepGemmSeconds").get<double>(), 0.0);
        QVERIFY(std::abs(json.at("predictedAfterStepComputeSeconds").get<double>() / measuredCompute - 1)
                < 0.001);
    }
    std::ifstream in(fitted);
    std::stringstream saved;
    saved << in.rdbuf();
    QCOMPARE(core::Json::parse(saved.str()).at("computeModel").at("gemmEfficiency").get<double>(),
             json.at("gemmEfficiency").get<double>());
    const auto plain = runCli({"calibrate-compute", "--example", "default", "--trace", trace});
    QCOMPARE(plain.exitCode, cli::kExitOk);
    QVERIFY2(QString::fromStdString(plain.out).contains(text), plain.out.c_str());
    QVERIFY2(QString::fromStdString(plain.out).contains("GEMM kernels"), plain.out.c_str());
    QVERIFY2(QString::fromStdString(plain.out).contains("compute kernels"), plain.out.c_str());
}

// A step that runs only NCCL kernels is a located error, exit 2; --trace with layer times a usage error.
void TestTraceCli::calibrateComputeFromATraceWithoutCompute()
{
    QTemporaryDir dir;
    const auto onlyNccl
        = runCli({"calibrate-compute", "--example", "default", "--trace", writeTrace(dir, {})});
    QCOMPARE(onlyNccl.exitCode, cli::kExitUsage);
    QVERIFY2(onlyNccl.err.find("/traceEvents") != std::string::npos, onlyNccl.err.c_str());
    QCOMPARE(
        runCli({"calibrate-compute", "--example", "default", "--trace", "x.json", "--forward", "1"}).exitCode,
        cli::kExitUsage);
}

QTEST_APPLESS_MAIN(TestTraceCli)
#include "tst_tracecli.moc"
