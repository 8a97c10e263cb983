// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli kernel, run in-process: one GEMM or one attention call on one GPU, its source, and bad
// input. The figures are the kernel model's (docs/kernel-model.md; tests/core/compute/tst_kernelmodel.cpp
// checks the model itself against the measured rows).

#include "base/jsonreader.h"
#include "cli/cli.h"
#include "support/clirun.h"

#include <QTest>
#include <sstream>

using core::Json;

namespace {

using Run = testing::CliRun;
using testing::runCli;

Run run(std::vector<std::string> args)
{
    args.insert(args.begin(), "kernel");
    return runCli(args);
}

Json runJson(std::vector<std::string> args)
{
    args.push_back("--json");
    const Run r = run(std::move(args));
    if (r.exitCode != cli::kExitOk)
        qWarning("exit %d: %s", r.exitCode, r.err.c_str());
    return Json::parse(r.out, nullptr, false);
}

} // namespace

class TestKernelCli : public QObject
{
    Q_OBJECT

private slots:
    void largeGemmReachesTheMeasuredPlateau_data();
    void largeGemmReachesTheMeasuredPlateau();
    void gpuWithoutTableTakesTheRoofline();
    void causalAttentionComputesHalfTheSquare();
    void textNamesTheSource();
    void trainingFactorOfTheFp8Rows();
    void badInput_data();
    void badInput();
};

// OpenXLA's measured tables (resources/presets/gemm-h100-b200.csv) top out near 800 TFLOP/s for H100
// BF16 and 1,540 for B200 BF16; a training GEMM of Llama 3.1 70B's MLP (8K tokens × 8,192 → 28,672) lies
// beyond the tables' largest shapes, on that plateau.
void TestKernelCli::largeGemmReachesTheMeasuredPlateau_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("plateauTflops");
    QTest::newRow("H100 BF16") << QStringLiteral("h100-sxm-80gb") << 800.0;
    QTest::newRow("B200 BF16") << QStringLiteral("b200-180gb") << 1540.0;
}

void TestKernelCli::largeGemmReachesTheMeasuredPlateau()
{
    QFETCH(QString, gpu);
    QFETCH(double, plateauTflops);
    const Json j = runJson({"--gpu", gpu.toStdString(), "--gemm", "1", "8192", "28672", "8192"});
    QCOMPARE(j.value("format", ""), std::string("meshwright.kernel"));
    QCOMPARE(j.value("basis", ""), std::string("table"));
    QCOMPARE(j.value("tableGpu", ""), gpu.toStdString());
    QCOMPARE(j.value("kind", ""), std::string("gemm"));
    const double flops = 2.0 * 8192 * 28672 * 8192;
    QCOMPARE(j.value("flops", 0.0), flops);
    QVERIFY(std::abs(j.value("tflops", 0.0) / plateauTflops - 1) < 0.05);
    QVERIFY(std::abs(j.value("seconds", 0.0) * j.value("tflops", 0.0) * 1e12 / flops - 1) < 1e-9);
}

// The A100 has no measured table: the roofline at 0.75 of its 312 TFLOP/s BF16 peak, said as such; FP8,
// which the A100 lacks, is timed as BF16 and flagged.
void TestKernelCli::gpuWithoutTableTakesTheRoofline()
{
    const Json bf16 = runJson({"--gpu", "a100-80gb", "--gemm", "1", "8192", "8192", "8192"});
    QCOMPARE(bf16.value("basis", ""), std::string("roofline"));
    QVERIFY(std::abs(bf16.value("tflops", 0.0) / (0.75 * 312) - 1) < 0.01);
    const Json fp8 = runJson({"--gpu", "a100-80gb", "--gemm", "1", "8192", "8192", "8192", "--dtype", "fp8"});
    QCOMPARE(fp8.value("dtype", ""), std::string("fp8-e4m3"));
    QCOMPARE(fp8.value("fp8AsBf16", false), true);
    QCOMPARE(fp8.value("seconds", 0.0), bf16.value("seconds", 0.0));
}

// A causal mask computes the lower triangle: s(s+1)/2 of the s² (query, key) pairs (FlashAttention counts
// causal FLOPs this way, Dao 2023 §4.1).
void TestKernelCli::causalAttentionComputesHalfTheSquare()
{
    const std::vector<std::string> shape{"--gpu",      "h100-sxm-80gb", "--attention", "--heads", "64",
                                         "--head-dim", "128",           "--seq-len",   "8192"};
    const Json causal = runJson(shape);
    std::vector<std::string> full = shape;
    full.push_back("--no-causal");
    const Json square = runJson(full);
    const double s = 8192;
    QCOMPARE(square.value("flops", 0.0), 4 * 64 * 128 * s * s);
    QCOMPARE(causal.value("flops", 0.0), 4 * 64 * 128 * s * (s + 1) / 2);
    QCOMPARE(causal.value("kind", ""), std::string("attention"));
    QVERIFY(causal.value("seconds", 0.0) < square.value("seconds", 0.0));
}

void TestKernelCli::textNamesTheSource()
{
    const Run table = run({"--gpu", "h100-sxm-80gb", "--gemm", "1", "4096", "4096", "4096"});
    QCOMPARE(table.exitCode, cli::kExitOk);
    QVERIFY2(table.out.find("measured table") != std::string::npos, table.out.c_str());
    QVERIFY(table.out.find("TFLOP/s") != std::string::npos);
    const Run roofline = run({"--gpu", "a100-40gb", "--gemm", "1", "4096", "4096", "4096"});
    QVERIFY2(roofline.out.find("roofline fallback") != std::string::npos, roofline.out.c_str());
    // GB200 has no table of its own: B200's rows (the same die) at the speed measured on both (1,745.0 /
    // 1,822.0 TFLOP/s, stas00/ml-engineering's MAMF), said as such; H200 H100's at the peaks' ratio, 1.
    const Run die = run({"--gpu", "gb200-186gb", "--gemm", "1", "8192", "8192", "8192"});
    QVERIFY2(
        die.out.find("the rows of B200 (HGX) 180 GB, whose kernels this GPU runs, × 0.9578 (1 / its speed "
                     "over them, measured on both)")
            != std::string::npos,
        die.out.c_str());
    const Run sameDie = run({"--gpu", "h200-141gb", "--gemm", "1", "8192", "8192", "8192"});
    QVERIFY2(sameDie.out.find("whose kernels this GPU runs, × 1 (the peaks' ratio)") != std::string::npos,
             sameDie.out.c_str());
    const Json j = runJson({"--gpu", "gb200-186gb", "--gemm", "1", "8192", "8192", "8192"});
    QCOMPARE(j.value("basis", ""), std::string("table"));
    QCOMPARE(j.value("tableGpu", ""), std::string("b200-180gb"));
    QCOMPARE(runJson({"--gpu", "a100-40gb", "--gemm", "1", "64", "64", "64"}).value("tableGpu", "?"),
             std::string());
}

// What a training layer takes beyond the command's time (core/pipeline/layerkernels.h): a benchmarked GEMM
// (a built-in table, or H100's FP8 roofline, which stands for benchmarked kernels) × 1 / kTrainingGemmShare,
// the step's share of a benchmark's rate; the built-in B200 FP8 rows × the ratio of Transformer Engine's
// measured FP8 speedup to the rows' as well. The command says both, and nothing for the roofline of a GPU
// nothing benchmarked (A100, whose rate the calibration runs fix).
void TestKernelCli::trainingFactorOfTheFp8Rows()
{
    const std::vector<std::string> b200{"--gpu", "b200-180gb", "--gemm", "1", "16384", "4096", "4096"};
    std::vector<std::string> fp8 = b200;
    fp8.insert(fp8.end(), {"--dtype", "fp8"});
    const double share = 0.75 * 312 / 271.2;
    const double ratio = (12.513 / 5.892) / (13.102 / 6.812);
    QVERIFY(std::abs(runJson(fp8).value("trainingFactor", 0.0) * share / ratio - 1) < 1e-9);
    const Run text = run(fp8);
    for (const char* line :
         {"Training  × 1.28 in a training layer", "× 1.159: a training step's GEMMs run at 0.863",
          "× 1.104: Transformer Engine's FP8 GEMMs"})
        QVERIFY2(text.out.find(line) != std::string::npos, text.out.c_str());
    QVERIFY(std::abs(runJson(b200).value("trainingFactor", 0.0) * share - 1) < 1e-9);
    QVERIFY(run(b200).out.find("Transformer Engine") == std::string::npos);
    QVERIFY(
        std::abs(runJson({"--gpu", "h100-sxm-80gb", "--gemm", "1", "16384", "4096", "4096", "--dtype", "fp8"})
                         .value("trainingFactor", 0.0)
                     * share
                 - 1)
        < 1e-9);
    const std::vector<std::string> a100{"--gpu", "a100-80gb", "--gemm",  "1",  "16384",
                                        "4096",  "4096",      "--dtype", "fp8"};
    QCOMPARE(runJson(a100).value("trainingFactor", 0.0), 1.0);
    QVERIFY(run(a100).out.find("Training") == std::string::npos);
}

void TestKernelCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("named"); // what the message must name
    QTest::newRow("no gpu") << QStringList{"--gemm", "1", "2", "3", "4"} << QStringLiteral("--gpu");
    QTest::newRow("unknown gpu") << QStringList{"--gpu", "tpu", "--gemm", "1", "2", "3", "4"}
                                 << QStringLiteral("tpu");
    QTest::newRow("neither kernel") << QStringList{"--gpu", "h100-sxm-80gb"} << QStringLiteral("--attention");
    QTest::newRow("both kernels")
        << QStringList{"--gpu",       "h100-sxm-80gb", "--gemm", "1",          "2",  "3",         "4",
                       "--attention", "--heads",       "1",      "--head-dim", "64", "--seq-len", "8"}
        << QStringLiteral("either");
    QTest::newRow("zero dimension") << QStringList{"--gpu", "h100-sxm-80gb", "--gemm", "1", "0", "3", "4"}
                                    << QStringLiteral("--gemm M");
    QTest::newRow("missing dimension")
        << QStringList{"--gpu", "h100-sxm-80gb", "--gemm", "1", "2", "3"} << QStringLiteral("--gemm K");
    QTest::newRow("bad dtype") << QStringList{"--gpu", "h100-sxm-80gb", "--gemm", "1", "2", "3",
                                              "4",     "--dtype",       "int4"}
                               << QStringLiteral("int4");
    QTest::newRow("attention without heads")
        << QStringList{"--gpu", "h100-sxm-80gb", "--attention", "--seq-len", "8"}
        << QStringLiteral("--heads");
}

void TestKernelCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, named);
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const Run r = run(argv);
    QCOMPARE(r.exitCode, cli::kExitUsage);
    QVERIFY(r.out.empty());
    QVERIFY2(r.err.find(named.toStdString()) != std::string::npos, r.err.c_str());
}

QTEST_GUILESS_MAIN(TestKernelCli)
#include "tst_kernelcli.moc"
