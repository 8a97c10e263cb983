// SPDX-License-Identifier: GPL-3.0-or-later
// The compute model fitted to a profiler trace: the trace's compute kernel time per step (busy time less
// the time only NCCL kernels run, docs/trace-import.md) against the predicted compute of rank 0's GPU,
// and a located message when the trace lacks what the fit needs.

#include "performance/computecalibration.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// A trace of `steps` steps whose device is busy `busy` seconds per step, `allReduceOnly` of them with only
// an all-reduce running, from a run of `world` ranks.
TraceSummary traceOf(int steps, double busy, double allReduceOnly, int world)
{
    TraceSummary t;
    t.device = 0;
    t.deviceName = "NVIDIA H100 80GB HBM3";
    t.steps = steps;
    t.kernelSecondsPerStep = busy;
    t.exposedCommunicationSecondsPerStep[static_cast<std::size_t>(TraceCollective::AllReduce)]
        = allReduceOnly;
    t.worldSize = world;
    return t;
}

} // namespace

class TestComputeCalibration : public QObject
{
    Q_OBJECT

private slots:
    void computeTimeOfATrace();
    void fitMeetsTheTrace_data();
    void fitMeetsTheTrace();
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

void TestComputeCalibration::fitMeetsTheTrace_data()
{
    QTest::addColumn<double>("scale"); // measured compute over the default model's prediction
    QTest::addColumn<bool>("slower");

    QTest::newRow("25 % slower than predicted") << 1.25 << true;
    QTest::newRow("10 % faster than predicted") << 0.90 << false;
}

void TestComputeCalibration::fitMeetsTheTrace()
{
    QFETCH(double, scale);
    QFETCH(bool, slower);
    const Design d = testing::example("default"); // 32 ranks
    const std::optional<double> predicted = predictedStepComputeSeconds(d);
    QVERIFY(predicted && *predicted > 0);
    const double exposed = 0.040;
    const StepComputeFit fit
        = fitComputeModelToTrace(d, traceOf(5, *predicted * scale + exposed, exposed, 32));
    QVERIFY2(fit.ok, fit.message.c_str());
    QCOMPARE(fit.before, *predicted);
    QVERIFY(std::abs(fit.measured / (*predicted * scale) - 1) < 1e-12);
    QVERIFY(std::abs(fit.after / fit.measured - 1) < 0.001);
    QCOMPARE(fit.model.gemmEfficiency < d.compute.gemmEfficiency, slower);
    QVERIFY(fit.model.source.find("profiler trace") != std::string::npos);
    QVERIFY(fit.warning.empty());
    // A trace of another world size is fitted with a warning.
    QVERIFY(
        !fitComputeModelToTrace(d, traceOf(5, *predicted * scale + exposed, exposed, 64)).warning.empty());
}

void TestComputeCalibration::traceWithoutWhatTheFitNeeds_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("busy");
    QTest::addColumn<double>("allReduceOnly");
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("path");

    QTest::newRow("no ProfilerStep") << 0 << 0.2 << 0.0 << "default"
                                     << "/traceEvents";
    QTest::newRow("only NCCL kernels in the steps") << 4 << 0.2 << 0.2 << "default"
                                                    << "/traceEvents";
    QTest::newRow("a serving design") << 4 << 0.2 << 0.0 << "serving-70b-tp4x2"
                                      << "";
    QTest::newRow("faster than the peak") << 4 << 1e-6 << 0.0 << "default"
                                          << "";
}

void TestComputeCalibration::traceWithoutWhatTheFitNeeds()
{
    QFETCH(int, steps);
    QFETCH(double, busy);
    QFETCH(double, allReduceOnly);
    QFETCH(QString, example);
    QFETCH(QString, path);
    const StepComputeFit fit = fitComputeModelToTrace(testing::example(example.toStdString()),
                                                      traceOf(steps, busy, allReduceOnly, 32));
    QVERIFY(!fit.ok);
    QVERIFY(!fit.message.empty());
    QCOMPARE(QString::fromStdString(fit.path), path);
}

QTEST_APPLESS_MAIN(TestComputeCalibration)
#include "tst_computecalibration.moc"
