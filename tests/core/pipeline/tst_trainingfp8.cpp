// SPDX-License-Identifier: GPL-3.0-or-later
// FP8 GEMMs as training runs them (core/pipeline/layerkernels.h, kTrainingFp8TableRatio), against
// Transformer Engine's GEMM profiling guide (NVIDIA/TransformerEngine, docs/examples/gemm_profiling): the
// twelve GEMMs of a training layer (hidden 4,096, MLP 16,384, 32 heads, 31 × 512 = 15,872 tokens),
// pre-quantized, timed with CUDA events. On B300: BF16 13.102 ms, per-tensor FP8 6.812, MXFP8 7.161 a layer;
// on H200 NVL: BF16 31.968, per-tensor FP8 16.785.

#include "catalog/catalog.h"
#include "compute/gemmmodel.h"
#include "compute/kerneltable.h"
#include "pipeline/kernelterms.h"
#include "pipeline/layerkernels.h"
#include "support/kerneltest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

using namespace core;
using testing::gemm;
using testing::gpu;

namespace {

// The guide's twelve shapes as (m, n, k) of Y = X·W: forward QKV, projection, MLP up, MLP down; their data
// gradients (n and k swapped); their weight gradients (k × n over the tokens).
constexpr double kTokens = 15872;
constexpr std::array<std::array<double, 3>, 12> kGuideShapes{{
    {kTokens, 12288, 4096},
    {kTokens, 4096, 4096},
    {kTokens, 16384, 4096},
    {kTokens, 4096, 16384},
    {kTokens, 4096, 12288},
    {kTokens, 4096, 4096},
    {kTokens, 4096, 16384},
    {kTokens, 16384, 4096},
    {4096, 12288, kTokens},
    {4096, 4096, kTokens},
    {4096, 16384, kTokens},
    {16384, 4096, kTokens},
}};

// The layer's twelve GEMMs on one GPU in one data type, as the kernel model times them, seconds.
double guideLayer(const GemmModel& model, const char* gpuId, GemmDtype dtype)
{
    double sum = 0;
    for (const auto& [m, n, k] : kGuideShapes)
        sum += model.time(gpu(gpuId), {1, m, n, k}, dtype).seconds;
    return sum;
}

// Llama 3.1 8B on one node of eight GPUs of `gpuId` in FP8 with `recipe`: the FP8 linear GEMMs and the BF16
// head.
Design fp8Design(const char* gpuId, const char* link, Fp8Recipe recipe)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, gpuId, link);
    d.workload.precision = Precision::Fp8;
    d.workload.fp8Recipe = recipe;
    return d;
}

// B200's per-tensor FP8 rows on a grid of shapes, timed as the built-in table times them: a user's sweep
// that happens to measure what XLA measured.
std::string b200Fp8Sweep()
{
    std::string csv = "gpu,dtype,b,m,n,k,seconds\n";
    for (int m : {1024, 4096, 16384})
        for (int n : {1024, 4096, 16384})
            for (int k : {1024, 4096, 16384}) {
                const GemmShape shape{1, double(m), double(n), double(k)};
                const GemmTime t = GemmModel::builtin().time(gpu("b200-180gb"), shape, GemmDtype::Fp8E4m3);
                csv += "b200-180gb,fp8-e4m3,1," + std::to_string(m) + "," + std::to_string(n) + ","
                    + std::to_string(k) + "," + std::to_string(t.seconds) + "\n";
            }
    return csv;
}

} // namespace

class TestTrainingFp8 : public QObject
{
    Q_OBJECT

private slots:
    void tableSpeedupAtTheGuidesShapes();
    void hopperRooflineAgainstTheGuide();
    void b300AgainstTheGuide();
    void builtInTableRowsTakeTheRatio();
    void rooflineAndUserTableKeepTheirTimes();
    void explanationNamesTheRatio();
};

// The constant's two speedups: TE's measured one (B300) and the built-in B200 table's at the same twelve
// shapes, which the test recomputes from the table so that the constant follows a changed table.
void TestTrainingFp8::tableSpeedupAtTheGuidesShapes()
{
    const GemmModel& model = GemmModel::builtin();
    const double bf16 = guideLayer(model, "b200-180gb", GemmDtype::Bf16);
    const double fp8 = guideLayer(model, "b200-180gb", GemmDtype::Fp8E4m3);
    qInfo("B200 table at the guide's shapes: BF16 %.3f ms, FP8 %.3f ms, speedup %.3f; TE on B300: 13.102, "
          "6.812, %.3f",
          bf16 * 1e3, fp8 * 1e3, bf16 / fp8, kTrainingFp8Speedup);
    QVERIFY(std::abs(bf16 * 1e3 / 12.513 - 1) < 5e-4);
    QVERIFY(std::abs(fp8 * 1e3 / 5.892 - 1) < 5e-4);
    QVERIFY(std::abs(bf16 / fp8 / kTableFp8Speedup - 1) < 1e-3);
    QCOMPARE(kTrainingFp8Speedup, 13.102 / 6.812);
    // The BF16 rows are TE's within 5 % (B300 against B200: the same tensor cores and dense peaks), so the
    // gap is the FP8 rows' own: 10 %.
    QVERIFY(std::abs(13.102 / (bf16 * 1e3) - 1) < 0.05);
    QVERIFY(kTrainingFp8TableRatio > 1.09 && kTrainingFp8TableRatio < 1.11);
}

// H100's FP8 GEMMs have no trustworthy table and take the roofline (docs/kernel-model.md): its speedup over
// the H100 BF16 rows at the guide's shapes is within 5 % of TE's measured speedup on Hopper (H200 NVL), so
// the roofline needs no ratio.
void TestTrainingFp8::hopperRooflineAgainstTheGuide()
{
    const GemmModel& model = GemmModel::builtin();
    QVERIFY(!model.hasTable("h100-sxm-80gb", GemmDtype::Fp8E4m3));
    const double speedup = guideLayer(model, "h100-sxm-80gb", GemmDtype::Bf16)
        / guideLayer(model, "h100-sxm-80gb", GemmDtype::Fp8E4m3);
    const double measured = 31.968 / 16.785;
    qInfo("H100: the roofline's FP8 speedup %.3f, TE's on H200 NVL %.3f", speedup, measured);
    QVERIFY(std::abs(speedup / measured - 1) < 0.05);
}

// B300 runs B200's rows (gpus.json kernelsOf): the guide's own B300 timings check that, 13.102 ms in BF16 and
// 6.812 in per-tensor FP8 a layer, which the rows (with the training FP8 ratio) price 4.5 % faster in both.
void TestTrainingFp8::b300AgainstTheGuide()
{
    const GemmModel& model = GemmModel::builtin();
    const double bf16 = guideLayer(model, "b300-270gb", GemmDtype::Bf16);
    const double fp8 = guideLayer(model, "b300-270gb", GemmDtype::Fp8E4m3) * kTrainingFp8TableRatio;
    qInfo("B300: BF16 %.3f ms (TE 13.102), FP8 %.3f ms (TE 6.812)", bf16 * 1e3, fp8 * 1e3);
    QVERIFY2(bf16 * 1e3 / 13.102 > 0.95 && bf16 * 1e3 / 13.102 < 1.0, qPrintable(QString::number(bf16)));
    QVERIFY2(fp8 * 1e3 / 6.812 > 0.95 && fp8 * 1e3 / 6.812 < 1.0, qPrintable(QString::number(fp8)));
}

// Every FP8 linear GEMM on B200 (and on GB200, B300 and GB300, which take B200's rows) is the table's time ×
// the ratio, in every pass; under MXFP8 × the block-scaled ratio as well. The BF16 head is the table's own.
void TestTrainingFp8::builtInTableRowsTakeTheRatio()
{
    const GemmModel& model = GemmModel::builtin();
    for (const char* id : {"b200-180gb", "gb200-186gb", "b300-270gb", "gb300-279gb"})
        for (Fp8Recipe recipe : {Fp8Recipe::Tensorwise, Fp8Recipe::Mxfp8}) {
            const LayerKernels k = layerKernels(fp8Design(id, "nvlink5", recipe), 0, gpu(id), model, 1.0);
            const double block = recipe == Fp8Recipe::Mxfp8 ? kMxfp8KernelRatio : 1.0;
            for (std::string_view name : {"qkv", "projection", "fc1", "fc2"}) {
                const LayerGemm& g = gemm(k, name);
                QCOMPARE(g.tableFp8Factor, kTrainingFp8TableRatio);
                QCOMPARE(g.recipeFactor, block);
                for (std::size_t pass = 0; pass < kPassCount; ++pass) {
                    const GemmTime table = model.time(gpu(id), g.shapes[pass], GemmDtype::Fp8E4m3);
                    QCOMPARE(g.times[pass].basis, GemmBasis::Table);
                    QVERIFY(
                        qFuzzyCompare(g.times[pass].seconds,
                                      table.seconds * kTrainingFp8TableRatio * block / kTrainingGemmShare));
                }
            }
            const LayerGemm head = outputHeadGemm(fp8Design(id, "nvlink5", recipe), gpu(id), model, 1.0);
            QCOMPARE(head.dtype, GemmDtype::Bf16);
            QCOMPARE(head.tableFp8Factor, 1.0);
        }
}

// The ratio corrects the built-in rows only: H100's FP8 roofline, a GPU without FP8 tensor cores (timed as
// BF16) and a user's own FP8 sweep are taken as they are.
void TestTrainingFp8::rooflineAndUserTableKeepTheirTimes()
{
    const GemmModel& builtin = GemmModel::builtin();
    const LayerKernels h100 = layerKernels(fp8Design("h100-sxm-80gb", "nvlink4", Fp8Recipe::Tensorwise), 0,
                                           gpu("h100-sxm-80gb"), builtin, 1.0);
    QCOMPARE(gemm(h100, "fc1").times[0].basis, GemmBasis::Roofline);
    QCOMPARE(gemm(h100, "fc1").tableFp8Factor, 1.0);
    // H100's FP8 roofline stands for benchmarked kernels (its BF16 has a table): a step runs them at
    // kTrainingGemmShare; A100's roofline, which nothing benchmarked, is the calibration runs' rate itself.
    QCOMPARE(gemm(h100, "fc1").trainingFactor, 1 / kTrainingGemmShare);
    const LayerKernels a100 = layerKernels(fp8Design("a100-80gb", "nvlink3", Fp8Recipe::Tensorwise), 0,
                                           gpu("a100-80gb"), builtin, 1.0);
    QVERIFY(gemm(a100, "fc1").times[0].fp8AsBf16);
    QCOMPARE(gemm(a100, "fc1").tableFp8Factor, 1.0);
    QCOMPARE(gemm(a100, "fc1").trainingFactor, 1.0);
    // κ's A100 rate is the roofline's share of the A100 preset's BF16 peak (layerkernels.h writes the peak as
    // a number, since a constant cannot read the catalog): the two stay the same.
    QCOMPARE(kTrainingGemmShare * kA100BenchmarkGemmFlops,
             kGemmRooflineEfficiency * gpu("a100-80gb").bf16Flops);

    const KernelTableRead read = readKernelTable(b200Fp8Sweep(), "b200-sweep.csv");
    QVERIFY(read.diagnostics.empty());
    GemmModel withSweep = builtin;
    withSweep.addTable(read.table, true);
    const Design d = fp8Design("b200-180gb", "nvlink5", Fp8Recipe::Tensorwise);
    const LayerKernels swept = layerKernels(d, 0, gpu("b200-180gb"), withSweep, 1.0);
    const LayerGemm& own = gemm(swept, "fc1");
    QVERIFY(withSweep.userTable(own.times[0]));
    QCOMPARE(own.tableFp8Factor, 1.0);
    QCOMPARE(own.trainingFactor, 1.0);
    for (std::size_t pass = 0; pass < kPassCount; ++pass)
        QCOMPARE(own.times[pass].seconds,
                 withSweep.time(gpu("b200-180gb"), own.shapes[pass], GemmDtype::Fp8E4m3).seconds);
}

// The GEMM's explanation says that its time is the table's × the ratio, and why.
void TestTrainingFp8::explanationNamesTheRatio()
{
    const GemmModel& model = GemmModel::builtin();
    for (const char* id : {"b200-180gb", "h100-sxm-80gb"}) {
        const bool blackwell = std::string(id) == "b200-180gb";
        const LayerKernels k = layerKernels(
            fp8Design(id, blackwell ? "nvlink5" : "nvlink4", Fp8Recipe::Tensorwise), 0, gpu(id), model, 1.0);
        std::vector<ModelTerm> terms;
        appendKernelTerms(terms, k, gpu(id), model, "");
        const auto fc1 = std::find_if(terms.begin(), terms.end(),
                                      [](const ModelTerm& t) { return t.id == "kernel.fc1"; });
        QVERIFY(fc1 != terms.end());
        const bool named = fc1->formula.find("FP8: the table's rows × 1.104, Transformer Engine's measured "
                                             "speedup over BF16")
            != std::string::npos;
        QVERIFY2(named == blackwell, fc1->formula.c_str());
    }
}

QTEST_APPLESS_MAIN(TestTrainingFp8)
#include "tst_trainingfp8.moc"
