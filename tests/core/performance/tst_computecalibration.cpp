// SPDX-License-Identifier: GPL-3.0-or-later
// The compute model fitted to a profiler trace (docs/trace-import.md): to its GEMM kernels per step against
// the predicted GEMM time of rank 0's GPU, an exact fit since η_max scales every GEMM by 0.70 / η_max; the
// predicted GEMM time against the kernels of layerkernels.h summed here by hand; the fall-back to all
// compute kernels (busy time less the time only NCCL kernels run) for a trace without recognised GEMMs;
// and a located message when the trace lacks what the fit needs.

#include "catalog/catalog.h"
#include "compute/gemmmodel.h"
#include "performance/computecalibration.h"
#include "pipeline/layerkernels.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

constexpr std::size_t kAllReduce = static_cast<std::size_t>(TraceCollective::AllReduce);

// A trace of `steps` steps whose device is busy `busy` seconds per step, `allReduceOnly` of them with only
// an all-reduce running and `gemm` of them on GEMM kernels, from a run of `world` ranks.
TraceSummary traceOf(int steps, double busy, double allReduceOnly, int world, double gemm = 0)
{
    TraceSummary t;
    t.device = 0;
    t.deviceName = "NVIDIA H100 80GB HBM3";
    t.steps = steps;
    t.kernelSecondsPerStep = busy;
    t.exposedCommunicationSecondsPerStep[kAllReduce] = allReduceOnly;
    t.gemmSecondsPerStep = gemm;
    t.gemmKernels = gemm > 0 ? 1000 : 0;
    t.worldSize = world;
    return t;
}

Design patchedExample(const char* patch)
{
    LoadResult loaded = testing::patched("default", patch);
    if (!loaded.ok())
        qFatal("the patched example does not load");
    return *loaded.design;
}

bool near(double a, double b, double relative = 1e-12)
{
    return std::abs(a - b) <= relative * std::abs(b);
}

} // namespace

class TestComputeCalibration : public QObject
{
    Q_OBJECT

private slots:
    void computeTimeOfATrace();
    void predictedGemmTime_data();
    void predictedGemmTime();
    void fitMeetsTheGemms_data();
    void fitMeetsTheGemms();
    void fitScalesTheGpuTypesOwnEfficiency();
    void withoutGemmsFallsBackToAllCompute();
    void traceWithoutWhatTheFitNeeds_data();
    void traceWithoutWhatTheFitNeeds();
};

void TestComputeCalibration::computeTimeOfATrace()
{
    TraceSummary t = traceOf(3, 0.250, 0.030, 2);
    t.exposedCommunicationSecondsPerStep[static_cast<std::size_t>(TraceCollective::Broadcast)] = 0.005;
    QCOMPARE(traceComputeSecondsPerStep(t), 0.250 - 0.030 - 0.005);
    QCOMPARE(traceComputeSecondsPerStep(traceOf(3, 0.010, 0.010, 2)), 0.0);
}

// Rank 0's GEMM seconds per step summed by hand from the kernels of one layer (layerKernels) and the head:
// every GEMM in its three passes, once more forward under full recomputation, the attention products
// forward again under selective recomputation on the unfused path; times the layers rank 0 holds and the
// micro-batches of the step. The default example: Llama 3.1 70B, 80 layers, TP 8, global batch 128, H100.
void TestComputeCalibration::predictedGemmTime_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("layers"); // on rank 0
    QTest::addColumn<bool>("head"); // the output head on rank 0
    QTest::addColumn<int>("microBatches");

    QTest::newRow("PP 2, selective, FlashAttention: 40 layers, no head") << "{}" << 40 << false << 64;
    QTest::newRow("PP 1, full recomputation: 80 layers and the head")
        << R"({"layout": {"pp": 1, "dp": 4, "recompute": "full"}})" << 80 << true << 32;
    QTest::newRow("PP 1, selective, unfused attention")
        << R"({"layout": {"pp": 1, "dp": 4}, "workload": {"flashAttention": false, "sequenceLength": 2048}})"
        << 80 << true << 32;
}

void TestComputeCalibration::predictedGemmTime()
{
    QFETCH(QString, patch);
    QFETCH(int, layers);
    QFETCH(bool, head);
    QFETCH(int, microBatches);
    const Design d = patchedExample(patch.toUtf8().constData());
    const GpuSpec* gpu = Catalog::builtin().gpu("h100-sxm-80gb");
    QVERIFY(gpu);
    const LayerKernels k = layerKernels(d, 0, *gpu, GemmModel::builtin(), 1.0);
    double layer = 0;
    for (const LayerGemm& g : k.gemms) {
        const bool attention = !g.weightGradient;
        for (const GemmTime& t : g.times)
            layer += t.seconds;
        if (d.layout.recompute == Recompute::Full
            || (d.layout.recompute == Recompute::Selective && attention))
            layer += g.times[0].seconds;
    }
    double perMicroBatch = layers * layer;
    if (head)
        for (const GemmTime& t : outputHeadGemm(d, *gpu, GemmModel::builtin(), 1.0).times)
            perMicroBatch += t.seconds;
    const std::optional<double> predicted = predictedStepGemmSeconds(d);
    QVERIFY(predicted);
    QVERIFY2(near(*predicted, perMicroBatch * microBatches, 1e-9),
             qPrintable(QStringLiteral("%1 against %2").arg(*predicted).arg(perMicroBatch * microBatches)));
    // GEMMs are a part of the compute, never all of it.
    QVERIFY(*predicted < predictedStepComputeSeconds(d).value_or(0));
}

void TestComputeCalibration::fitMeetsTheGemms_data()
{
    QTest::addColumn<double>("scale"); // measured GEMM time over the default model's prediction
    QTest::addColumn<double>("eta"); // by hand: 0.70 / scale
    QTest::addColumn<double>("otherCompute"); // elementwise, attention, optimizer seconds per step

    QTest::newRow("25 % slower than predicted") << 1.25 << 0.56 << 0.8;
    QTest::newRow("10 % faster than predicted") << 0.90 << 0.70 / 0.90 << 0.8;
    QTest::newRow("the same GEMMs among twice the other kernels") << 1.25 << 0.56 << 1.6;
}

// η_max fitted to the GEMMs alone: the other kernels, however long, leave it unchanged, and the fitted model
// predicts the measured GEMM time exactly.
void TestComputeCalibration::fitMeetsTheGemms()
{
    QFETCH(double, scale);
    QFETCH(double, eta);
    QFETCH(double, otherCompute);
    const Design d = testing::example("default"); // 32 ranks, η_max 0.70
    QCOMPARE(d.compute.gemmEfficiency, 0.70);
    const double gemm = predictedStepGemmSeconds(d).value_or(0) * scale;
    const double exposed = 0.040;
    const StepComputeFit fit
        = fitComputeModelToTrace(d, traceOf(5, gemm + otherCompute + exposed, exposed, 32, gemm));
    QVERIFY2(fit.ok, fit.message.c_str());
    QCOMPARE(fit.basis, StepFitBasis::Gemm);
    QVERIFY(fit.fallback.empty());
    QVERIFY(near(fit.efficiency, eta));
    QVERIFY(near(fit.model.gemmEfficiency, eta));
    QCOMPARE(fit.previousEfficiency, 0.70);
    QCOMPARE(fit.gemm.measured, gemm);
    QVERIFY(near(fit.gemm.before * scale, gemm));
    QVERIFY(near(fit.gemm.after, gemm, 1e-9));
    QVERIFY(near(fit.compute.measured, gemm + otherCompute));
    QCOMPARE(fit.compute.before, predictedStepComputeSeconds(d).value_or(0));
    QVERIFY(fit.model.source.find("GEMM kernels") != std::string::npos);
    QVERIFY(fit.warning.empty());
    // A trace of another world size is fitted with a warning.
    QVERIFY(!fitComputeModelToTrace(d, traceOf(5, gemm + otherCompute, 0, 64, gemm)).warning.empty());
}

// A GPU type with its own η_max: the fit scales that one.
void TestComputeCalibration::fitScalesTheGpuTypesOwnEfficiency()
{
    Design d = testing::example("default");
    d.compute.gemmEfficiencyByGpu["h100-sxm-80gb"] = 0.60;
    const double gemm = predictedStepGemmSeconds(d).value_or(0) * 1.25;
    const StepComputeFit fit = fitComputeModelToTrace(d, traceOf(5, 2 * gemm, 0, 32, gemm));
    QVERIFY2(fit.ok, fit.message.c_str());
    QVERIFY(near(fit.efficiency, 0.60 / 1.25));
    QCOMPARE(fit.previousEfficiency, 0.60);
    QVERIFY(near(fit.model.gemmEfficiencyByGpu.at("h100-sxm-80gb"), 0.48));
    QCOMPARE(fit.model.gemmEfficiency, 0.70);
    QVERIFY(near(fit.gemm.after, gemm, 1e-9));
}

// No kernel recognised as a GEMM: η_max fitted to all compute kernels, as before, and the fit says so.
void TestComputeCalibration::withoutGemmsFallsBackToAllCompute()
{
    const Design d = testing::example("default");
    const double compute = predictedStepComputeSeconds(d).value_or(0) * 1.25;
    const double exposed = 0.040;
    const StepComputeFit fit = fitComputeModelToTrace(d, traceOf(5, compute + exposed, exposed, 32));
    QVERIFY2(fit.ok, fit.message.c_str());
    QCOMPARE(fit.basis, StepFitBasis::Compute);
    QVERIFY(fit.fallback.find("no kernel recognised as a GEMM") != std::string::npos);
    QVERIFY(near(fit.compute.measured, compute));
    QVERIFY(std::abs(fit.compute.after / compute - 1) < 0.001);
    QCOMPARE(fit.gemm.measured, 0.0);
    QVERIFY(fit.gemm.after > fit.gemm.before); // slower compute: slower GEMMs
    QVERIFY(fit.efficiency < 0.70);
    QVERIFY(fit.model.source.find("compute kernels") != std::string::npos);
    // GEMM kernels only outside the steps: the same fall-back, with its own reason.
    TraceSummary outside = traceOf(5, compute + exposed, exposed, 32);
    outside.gemmKernels = 12;
    QVERIFY(fitComputeModelToTrace(d, outside).fallback.find("ProfilerStep") != std::string::npos);
}

void TestComputeCalibration::traceWithoutWhatTheFitNeeds_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("busy");
    QTest::addColumn<double>("allReduceOnly");
    QTest::addColumn<double>("gemm");
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("path");

    QTest::newRow("no ProfilerStep") << 0 << 0.2 << 0.0 << 0.1 << "default"
                                     << "/traceEvents";
    QTest::newRow("only NCCL kernels in the steps") << 4 << 0.2 << 0.2 << 0.0 << "default"
                                                    << "/traceEvents";
    QTest::newRow("a serving design") << 4 << 0.2 << 0.0 << 0.1 << "serving-70b-tp4x2"
                                      << "";
    QTest::newRow("GEMMs faster than the peak") << 4 << 0.2 << 0.0 << 1e-6 << "default"
                                                << "";
    QTest::newRow("GEMMs slower than 1 % of the peak") << 4 << 1e4 << 0.0 << 1e4 << "default"
                                                       << "";
    QTest::newRow("no GEMMs, compute faster than the peak") << 4 << 1e-6 << 0.0 << 0.0 << "default"
                                                            << "";
}

void TestComputeCalibration::traceWithoutWhatTheFitNeeds()
{
    QFETCH(int, steps);
    QFETCH(double, busy);
    QFETCH(double, allReduceOnly);
    QFETCH(double, gemm);
    QFETCH(QString, example);
    QFETCH(QString, path);
    const StepComputeFit fit = fitComputeModelToTrace(testing::example(example.toStdString()),
                                                      traceOf(steps, busy, allReduceOnly, 32, gemm));
    QVERIFY(!fit.ok);
    QVERIFY(!fit.message.empty());
    QCOMPARE(QString::fromStdString(fit.path), path);
}

QTEST_APPLESS_MAIN(TestComputeCalibration)
#include "tst_computecalibration.moc"
