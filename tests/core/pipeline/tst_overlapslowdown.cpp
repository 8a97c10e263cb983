// SPDX-License-Identifier: GPL-3.0-or-later
// Compute beside a collective runs slower (comm/overlapslowdown.h): Lee et al., "Characterizing
// Compute-Communication Overlap in GPU-Accelerated Distributed Deep Learning" (arXiv 2507.03114, 2025)
// measured overlapped compute 18.9 % slower on average on A100 and H100. The rate, where the step adds it
// (a layer's hidden collectives, FSDP's gathers and reduce-scatters, DDP's buckets) and where it does not
// (TransformerEngine's pipelined TP collectives, whose GEMMs already run on the SMs those leave).
#include "comm/overlapslowdown.h"
#include "evaluate.h"
#include "performance/performance.h"
#include "pipeline/layerpattern.h"
#include "pipeline/steptimeline.h"
#include "support/steptest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>
#include <vector>

using namespace core;
using namespace testing::step;

Q_DECLARE_METATYPE(std::vector<core::TimeInterval>)

class TestOverlapSlowdown : public QObject
{
    Q_OBJECT

private slots:
    void theRateIsThePapers();
    void contendedEnd_data();
    void contendedEnd();
    void slowdownOfAnOverlap_data();
    void slowdownOfAnOverlap();
    void concurrentSeconds();
    void aHiddenRingSlowsTheAttention();
    void pipelinedTpCollectivesAddNothing();
    void fsdpComputeSlowsWhileTheLinkIsBusy();
    void ddpBucketsSlowTheBackwardOnlyWhenOverlapped();
    void theStepReportsIt();
};

// 18.9 %: the paper's average over its GPT and Llama layers on A100 and H100 (its abstract and §5); its
// maximum was 40 %.
void TestOverlapSlowdown::theRateIsThePapers()
{
    QCOMPARE(kOverlapComputeSlowdown, 0.189);
}

// Work at 1 / 1.189 of its speed while a collective runs, at full speed otherwise.
void TestOverlapSlowdown::contendedEnd_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("work");
    QTest::addColumn<std::vector<TimeInterval>>("busy");
    QTest::addColumn<double>("end");
    const double s = 0.189;
    QTest::newRow("alone") << 1.0 << 2.0 << std::vector<TimeInterval>{} << 3.0;
    QTest::newRow("covered throughout") << 0.0 << 1.0 << std::vector<TimeInterval>{{0, 10}} << 1 + s;
    // Half a second slowed does 0.5 / 1.189 of work; the rest runs alone.
    QTest::newRow("the first half second")
        << 0.0 << 1.0 << std::vector<TimeInterval>{{0, 0.5}} << 1 + 0.5 * s / (1 + s);
    QTest::newRow("a collective that ended before")
        << 2.0 << 1.0 << std::vector<TimeInterval>{{0, 1.5}} << 3.0;
    QTest::newRow("a collective that starts after")
        << 0.0 << 1.0 << std::vector<TimeInterval>{{1.5, 3}} << 1.0;
    QTest::newRow("two collectives in the middle")
        << 0.0 << 1.0 << std::vector<TimeInterval>{{0.2, 0.4}, {0.6, 0.8}} << 1 + 0.4 * s / (1 + s);
    QTest::newRow("no work") << 4.0 << 0.0 << std::vector<TimeInterval>{{0, 10}} << 4.0;
}

void TestOverlapSlowdown::contendedEnd()
{
    QFETCH(double, start);
    QFETCH(double, work);
    QFETCH(std::vector<TimeInterval>, busy);
    QFETCH(double, end);
    QVERIFY2(near(core::contendedEnd(start, work, busy), end, 1e-12),
             qPrintable(QString::number(core::contendedEnd(start, work, busy), 'g', 12)));
}

// A collective of c seconds started with w seconds of compute: the compute ends s·c/(1 + s) later while the
// collective outlasts none of it, 0.189·w later when it outlasts all of it.
void TestOverlapSlowdown::slowdownOfAnOverlap_data()
{
    QTest::addColumn<double>("comm");
    QTest::addColumn<double>("work");
    QTest::addColumn<double>("slowdown");
    QTest::newRow("short collective") << 0.5 << 2.0 << 0.5 * 0.189 / 1.189;
    QTest::newRow("long collective") << 5.0 << 2.0 << 2 * 0.189;
    QTest::newRow("no collective") << 0.0 << 2.0 << 0.0;
    QTest::newRow("no compute") << 1.0 << 0.0 << 0.0;
}

void TestOverlapSlowdown::slowdownOfAnOverlap()
{
    QFETCH(double, comm);
    QFETCH(double, work);
    QFETCH(double, slowdown);
    QVERIFY2(near(overlapSlowdownSeconds(comm, work), slowdown, 1e-12) || slowdown == 0,
             qPrintable(QString::number(overlapSlowdownSeconds(comm, work))));
    if (slowdown == 0)
        QCOMPARE(overlapSlowdownSeconds(comm, work), 0.0);
}

void TestOverlapSlowdown::concurrentSeconds()
{
    const std::vector<TimeInterval> a{{0, 1}, {2, 3}, {4, 6}};
    const std::vector<TimeInterval> b{{0.5, 2.5}, {5, 7}};
    QVERIFY(near(core::concurrentSeconds(a, b), 0.5 + 0.5 + 1.0));
    QCOMPARE(core::concurrentSeconds(a, {}), 0.0);
}

// The CP ring runs beside the attention products: the attention slows while it does, and a ring longer
// than the slowed attention is waited for beyond it.
void TestOverlapSlowdown::aHiddenRingSlowsTheAttention()
{
    LayerPartTimes t;
    t.attentionForward = 1.0;
    LayerComm c;
    c.cpRingForward = 0.5;
    const TpOverlap tp{};
    const auto hidden = layerPatterns(t, c, tp, false, Recompute::None, 0);
    const LayerPattern& f = hidden[0];
    QVERIFY(near(f.slowdownSeconds, overlapSlowdownSeconds(0.5, 1.0)));
    QVERIFY(near(f.seconds, 1.0 + f.slowdownSeconds));
    QVERIFY(near(f.computeSeconds, f.seconds)); // slowed compute, nothing waited for
    QCOMPARE(f.exposed.p2p, 0.0);
    c.cpRingForward = 2.0;
    const LayerPattern longer = layerPatterns(t, c, tp, false, Recompute::None, 0)[0];
    QVERIFY(near(longer.slowdownSeconds, 0.189));
    QVERIFY(near(longer.exposed.p2p, 2.0 - 1.189));
    QVERIFY(near(longer.seconds, 2.0));
}

// TransformerEngine's userbuffers: the GEMMs beside them already run on the SMs the collectives leave
// (layerkernels.cpp), so the pattern adds no slowdown of its own.
void TestOverlapSlowdown::pipelinedTpCollectivesAddNothing()
{
    LayerPartTimes t;
    for (auto* part : {&t.qkv, &t.outProjection, &t.fc1, &t.fc2})
        part->fill(1.0);
    LayerComm c;
    c.tpAllGather = c.tpInputAllGather = c.tpGradientAllGather = 0.008;
    c.tpReduceScatter = 0.004;
    const TpOverlap tp{.sp = true, .overlap = true, .chunks = 8, .forwardReduceScatterChunks = 4};
    for (const LayerPattern& pass : layerPatterns(t, c, tp, false, Recompute::None, 0))
        QCOMPARE(pass.slowdownSeconds, 0.0);
}

// FSDP2: a unit's compute that runs while a gather or reduce-scatter is on the link takes longer; the spans
// drawn are the slowed ones (with FSDP2's buffer copies), and what is exposed is what lies beyond compute,
// copies and slowdown.
void TestOverlapSlowdown::fsdpComputeSlowsWhileTheLinkIsBusy()
{
    const Design design = tinyDesign(R"({"pp": 1, "dp": 4, "zeroStage": 3})", 6);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const FsdpLayerTimeline& f = e.schedule->fsdp.front();
    double drawn = 0;
    for (const FsdpSpan& s : f.spans)
        if (s.stream == FsdpStream::Compute)
            drawn += s.end - s.start;
    QVERIFY(f.slowdownSeconds > 0);
    QVERIFY(f.copySeconds > 0);
    QVERIFY(near(drawn, f.computeSeconds + f.copySeconds + f.slowdownSeconds));
    // No more than every collective's time at the rate's share of it.
    double onLink = 0;
    for (const FsdpSpan& s : f.spans)
        if (s.stream != FsdpStream::Compute)
            onLink += s.end - s.start;
    QVERIFY(f.slowdownSeconds <= onLink * 0.189 / 1.189 * (1 + 1e-12));
    QVERIFY(near(f.exposedSeconds,
                 std::max(0.0, f.makespan - f.computeSeconds - f.copySeconds - f.slowdownSeconds)));
}

// DDP: the buckets reduced under the last backward slow it; issued after it (overlapGradReduce off) they
// slow nothing.
void TestOverlapSlowdown::ddpBucketsSlowTheBackwardOnlyWhenOverlapped()
{
    Design overlapped = testing::example("teaching-4gpu");
    overlapped.layout.zeroStage = 0;
    overlapped.layout.overlapGradReduce = true;
    Design after = overlapped;
    after.layout.overlapGradReduce = false;
    const Evaluation a = evaluate(overlapped);
    const Evaluation b = evaluate(after);
    QVERIFY2(a.schedule && b.schedule, qPrintable(testing::describe(a.diagnostics)));
    const DdpStepTimeline& hidden = a.schedule->ddp.front();
    double buckets = 0;
    for (double seconds : hidden.bucketSeconds)
        buckets += seconds;
    QVERIFY(hidden.slowdownSeconds > 0);
    QVERIFY(hidden.slowdownSeconds <= buckets * 0.189 / 1.189 * (1 + 1e-12));
    QCOMPARE(b.schedule->ddp.front().slowdownSeconds, 0.0);
    QVERIFY(near(a.performance->dataParallelSlowdownSeconds, hidden.slowdownSeconds));
}

// The step's figures carry it: pipeline makespan (with the layers' share) + data-parallel time (with its
// share) + optimizer; the explanation names the rate and its source.
void TestOverlapSlowdown::theStepReportsIt()
{
    const Design design = tinyDesign(R"({"pp": 1, "dp": 4, "zeroStage": 3})", 6);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
    const Performance& p = *e.performance;
    QVERIFY(p.overlapSlowdownSeconds > 0);
    QVERIFY(near(p.overlapSlowdownSeconds, p.dataParallelSlowdownSeconds)); // no layer collectives here
    QVERIFY(p.dataParallelSeconds >= p.dataParallelSlowdownSeconds);
    QVERIFY(near(p.stepSeconds, p.pipelineSeconds + p.dataParallelSeconds + p.optimizerSeconds));
    QVERIFY(p.step.source.find("arXiv 2507.03114") != std::string::npos);
    QVERIFY(performanceToJson(p).contains("overlapSlowdownSeconds"));
}

QTEST_APPLESS_MAIN(TestOverlapSlowdown)
#include "tst_overlapslowdown.moc"
