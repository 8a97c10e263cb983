// SPDX-License-Identifier: GPL-3.0-or-later
// The performance model against published training runs (tests/data/calibration-throughput.json, copied
// from the published runs with each row's source), and how it scales. How the step responds to a design's
// other settings, and its invariants, are tst_stepresponses'.
//
// Every published row must be predicted within 10 %. The kernel model (docs/kernel-model.md) prices A100,
// which has no measured table, on the roofline fallback (0.75 of the peak, shaped by the H100 table); its
// constants were chosen once from the public GEMM and FlashAttention measurements, not against these rows,
// and no row has its own. Each micro-batch's weight gradients are added to Megatron-LM's FP32 main_grad
// buffer, read and written once (layerkernels.h); the measured tables do not count that traffic.

#include "evaluate.h"
#include "performance/computecalibration.h"
#include "performance/performance.h"
#include "performance/scaling.h"
#include "support/performancetest.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTest>
#include <cmath>

using namespace core;
using testing::performanceOf;

Q_DECLARE_METATYPE(core::Design)

namespace {

constexpr double kTolerance = 0.10;

Json calibrationRows()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/calibration-throughput.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("calibration-throughput.json is missing");
    return Json::parse(file.readAll().toStdString());
}

// A Megatron GPT model as both papers train it (testdesigns.h), sequence 2,048, named as the row.
ModelArchitecture megatronGpt(const Json& row)
{
    ModelArchitecture m = testing::megatronGpt(row.at("layers").get<int>(), row.at("hidden").get<int>(),
                                               row.at("heads").get<int>());
    m.name = "GPT " + row.at("name").get<std::string>();
    return m;
}

// Selene: DGX A100 80 GB, NVLink 3 inside the node, 8 × HDR 200 Gb/s between nodes.
Design seleneRun(const Json& row, int dp)
{
    Design d = testing::example("default");
    d.model = megatronGpt(row);
    const int tp = row.at("tp").get<int>();
    const int pp = row.at("pp").get<int>();
    const int gpus = tp * pp * dp;
    d.cluster
        = makeUniformCluster(std::max(gpus / 8, 1), std::min(gpus, 8), "a100-80gb", "nvlink3", "ib-hdr-200");
    d.layout = ParallelLayout{};
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.setDegree(Dim::Dp, dp);
    d.workload.sequenceLength = 2048;
    d.workload.globalBatch = row.at("globalBatch").get<std::int64_t>();
    d.workload.flashAttention = false; // both papers predate FlashAttention in Megatron-LM
    d.layout.zeroStage = 0; // plain DDP: the distributed optimizer came to Megatron-LM later
    // Narayanan et al. trained in FP16 (calibration.json: "mixed (fp16)"), whose gradients Megatron-LM keeps
    // and all-reduces in 16 bits (korthikanti2022Runs() keeps the default).
    d.workload.precision = Precision::Fp16Mixed;
    return d;
}

// The interleaved schedule as Narayanan et al. ran it: two model chunks per GPU where the stage's layers
// split evenly in two, else three, else plain 1F1B (their §3.1.3 and Figure 12; the table does not list v).
int chunksFor(int layers, int pp)
{
    if (pp == 1)
        return 1;
    const int perStage = layers / pp;
    return perStage % 2 == 0 ? 2 : perStage % 3 == 0 ? 3 : 1;
}

void applySchedule(Design& d, int v)
{
    d.layout.virtualStages = v;
    d.layout.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
}

// Narayanan et al. 2021 eq. (3): FLOPs of one iteration with full recomputation (four forward passes'
// worth), F = 96 B s l h² (1 + s/6h + V/16lh).
double megatronIterationFlops(const Json& row)
{
    const double B = row.at("globalBatch").get<double>(), s = 2048, V = 51200;
    const double l = row.at("layers").get<double>(), h = row.at("hidden").get<double>();
    return 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
}

// One published run: the design that reproduces it and its published iteration time (and MFU, where the
// paper gives one).
struct PublishedRun
{
    std::string name;
    Design design;
    double seconds = 0;
    double mfu = 0;
};

// Narayanan et al. 2021, Table 1 (weak scaling, Selene): the published TFLOP/s per GPU, converted to an
// iteration time with eq. (3).
std::vector<PublishedRun> megatron2021Runs()
{
    std::vector<PublishedRun> runs;
    const Json rows
        = calibrationRows().at("megatron2021").at("rows"); // a copy: the range must outlive the loop
    for (const Json& row : rows) {
        Design d = seleneRun(row, row.at("dp").get<int>());
        d.layout.recompute = Recompute::Full;
        d.layout.microBatch = 1;
        applySchedule(d, chunksFor(d.model.layers, d.layout.pp()));
        const double seconds = megatronIterationFlops(row)
            / (row.at("tflopsPerGpu").get<double>() * 1e12 * row.at("gpus").get<double>());
        runs.push_back({row.at("name").get<std::string>(), d, seconds, 0});
    }
    return runs;
}

// Korthikanti et al. 2022, Table 5 (TP + SP + selective recomputation, no data parallelism): iteration
// time and MFU as published.
std::vector<PublishedRun> korthikanti2022Runs()
{
    std::vector<PublishedRun> runs;
    const Json rows = calibrationRows().at("korthikanti2022").at("rows");
    for (const Json& row : rows) {
        Design d = seleneRun(row, 1);
        // The paper states no precision: BF16 with Megatron-LM's FP32 main gradients, the default.
        d.workload.precision = Precision::Bf16Mixed;
        d.layout.sequenceParallel = true;
        d.layout.recompute = Recompute::Selective;
        d.layout.microBatch = row.at("microBatch").get<int>();
        const int v = row.at("virtualStages").get<int>();
        applySchedule(d, v > 0 ? v : chunksFor(d.model.layers, d.layout.pp()));
        runs.push_back({row.at("name").get<std::string>(), d, row.at("iterationSeconds").get<double>(),
                        row.at("mfu").get<double>()});
    }
    return runs;
}

void addRunRows(const std::vector<PublishedRun>& runs)
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("publishedSeconds");
    QTest::addColumn<double>("publishedMfu");
    for (const PublishedRun& run : runs)
        QTest::addRow("%s", run.name.c_str()) << run.design << run.seconds << run.mfu;
}

} // namespace

class TestPerformance : public QObject
{
    Q_OBJECT

private slots:
    void megatron2021_data();
    void megatron2021();
    void korthikanti2022_data();
    void korthikanti2022();
    void averageErrorBeatsCalculon();
    void flopsMatchThePapersFormulas();
    void moreDataParallelismMoreThroughput();
    void strongScalingNeverRaisesMfu();
    void scalingCurvesStateTheirBaseline();
    void heldOutMegatron2021Table2_data();
    void heldOutMegatron2021Table2();
    void zero3CollapsesAsPublished();
    void korthikantiTable4LayerTimes_data();
    void korthikantiTable4LayerTimes();
    void fitFromMeasuredLayerTimes();
};

void TestPerformance::megatron2021_data()
{
    addRunRows(megatron2021Runs());
}

void TestPerformance::megatron2021()
{
    QFETCH(Design, design);
    QFETCH(double, publishedSeconds);
    const Performance p = performanceOf(design);
    const double error = p.stepSeconds / publishedSeconds - 1;
    qInfo("predicted %.2f s, published %.2f s, %+.1f %%, MFU %.1f %%, HFU %.1f %%", p.stepSeconds,
          publishedSeconds, 100 * error, 100 * p.mfu, 100 * p.hfu);
    // Megatron-LM as these runs used it all-reduced the gradients after the backward (training.py,
    // --DDP-impl local: timers('backward-params-all-reduce') around allreduce_gradients()), and the model
    // now leaves that all-reduce exposed (overlapGradReduce off, Megatron-Core's default). On the 7.5B row,
    // 32 nodes of data parallelism, that puts the step 7.9 % above the published one (FP16 gradients, as
    // these runs trained).
    QVERIFY2(std::abs(error) <= kTolerance,
             qPrintable(QStringLiteral("off by %1 %").arg(100 * error, 0, 'f', 1)));
}

void TestPerformance::korthikanti2022_data()
{
    addRunRows(korthikanti2022Runs());
}

void TestPerformance::korthikanti2022()
{
    QFETCH(Design, design);
    QFETCH(double, publishedSeconds);
    QFETCH(double, publishedMfu);
    const Performance p = performanceOf(design);
    const double error = p.stepSeconds / publishedSeconds - 1;
    qInfo("predicted %.2f s, published %.2f s, %+.1f %%, MFU %.1f %% (published %.1f %%)", p.stepSeconds,
          publishedSeconds, 100 * error, 100 * p.mfu, 100 * publishedMfu);
    QVERIFY2(std::abs(error) <= kTolerance,
             qPrintable(QStringLiteral("off by %1 %").arg(100 * error, 0, 'f', 1)));
    // The paper's MFU counts the same model FLOPs over the same peak, so it follows the time.
    QVERIFY2(std::abs(p.mfu / publishedMfu - 1) <= kTolerance + 0.02,
             qPrintable(QStringLiteral("MFU %1").arg(p.mfu)));
}

// Calculon (Isaev et al., SC23) reports 3.7 % mean and 8.9 % largest iteration-time error on the
// Korthikanti runs; over all fourteen published runs we hold ourselves to a lower mean.
void TestPerformance::averageErrorBeatsCalculon()
{
    std::vector<PublishedRun> runs = megatron2021Runs();
    for (PublishedRun& run : korthikanti2022Runs())
        runs.push_back(std::move(run));
    double sum = 0, largest = 0;
    for (const PublishedRun& run : runs) {
        const double error = std::abs(performanceOf(run.design).stepSeconds / run.seconds - 1);
        sum += error;
        largest = std::max(largest, error);
    }
    const double mean = sum / static_cast<double>(runs.size());
    qInfo("mean error %.1f %%, largest %.1f %% over %zu runs", 100 * mean, 100 * largest, runs.size());
    QVERIFY(mean < 0.06);
    // The largest are the 76.1B row (−8.0 %) and the 7.5B row (+7.9 %), whose data-parallel all-reduce is
    // exposed as Megatron-LM 2021 ran it (see megatron2021()).
    QVERIFY(largest <= kTolerance);
    QVERIFY(largest < 0.089);
    // The kernel model was not fitted to these runs (the curve before it was, at 3.6 % and 6.6 %). With the
    // collectives as NCCL runs them (docs/collectives.md), the DP all-reduce exposed as Megatron-LM ran it
    // without --overlap-grad-reduce and FP16 as the runs trained, the mean is 5.4 %, the largest 8.0 %: the
    // pipelined Megatron 2021 rows 4–8 % fast, Korthikanti 2022 3.5–6 % slow (its Table 4 backward 6–8 %
    // slow): the kernels', not the collectives'.
    QEXPECT_FAIL("", "the kernel model's mean error is 5.4 % (not fitted to these runs)", Continue);
    QVERIFY(mean < 0.037);
}

// The FLOP counts behind MFU and HFU are the papers' own: for the Megatron 2021 175B-class row, hardware
// FLOPs with full recomputation equal eq. (3), model FLOPs three quarters of it.
void TestPerformance::flopsMatchThePapersFormulas()
{
    const Json row = calibrationRows().at("megatron2021").at("rows").at(6); // 145.6B
    QCOMPARE(row.at("name").get<std::string>(), std::string("145.6B"));
    Design d = seleneRun(row, row.at("dp").get<int>());
    d.layout.recompute = Recompute::Full;
    applySchedule(d, 2);
    const Performance p = performanceOf(d);
    // eq. (3) counts attention over the whole s × s square; the model counts the causal triangle (half of
    // it and the diagonal): its s/6h term becomes s/12h.
    const double B = row.at("globalBatch").get<double>(), s = 2048, V = 51200;
    const double l = row.at("layers").get<double>(), h = row.at("hidden").get<double>();
    const double eq3 = 96 * B * s * l * h * h * (1 + s / (12 * h) + V / (16 * l * h));
    // eq. (3) approximates the logits as 6·B·s·V·h per three passes and drops the small terms (norms,
    // biases); the model counts them exactly, which stays within a percent.
    QVERIFY2(std::abs(p.hardwareFlopsPerStep / eq3 - 1) < 0.01,
             qPrintable(QString::number(p.hardwareFlopsPerStep / eq3)));
    // Recomputation is one more forward: hardware = 4/3 × model apart from the logits, which are not
    // recomputed.
    QVERIFY(p.hardwareFlopsPerStep > p.modelFlopsPerStep);
    QVERIFY(p.hardwareFlopsPerStep < 4.0 / 3.0 * p.modelFlopsPerStep);
}

// Weak scaling in data parallelism: twice the replicas on twice the batch keep the step nearly flat and
// nearly double the tokens per second (Megatron 2021 Figure 17 style).
void TestPerformance::moreDataParallelismMoreThroughput()
{
    const Json row = calibrationRows().at("megatron2021").at("rows").at(3); // 18.4B, TP 8
    Design one = seleneRun(row, 4);
    Design two = seleneRun(row, 8);
    one.workload.globalBatch = 256;
    two.workload.globalBatch = 512;
    const Performance a = performanceOf(one), b = performanceOf(two);
    QVERIFY(b.tokensPerSecond > 1.8 * a.tokensPerSecond);
    QVERIFY(b.tokensPerSecond <= 2.0 * a.tokensPerSecond * 1.0001);
    QVERIFY(b.stepSeconds >= a.stepSeconds * 0.9999); // the all-reduce only grows with the group
}

// More GPUs for the same global batch: fewer micro-batches per replica, so the data-parallel
// synchronisation and the pipeline bubble weigh more; MFU never rises.
void TestPerformance::strongScalingNeverRaisesMfu()
{
    const Json row = calibrationRows().at("megatron2021").at("rows").at(6); // 145.6B, TP 8 × PP 8
    double previous = 1;
    for (int dp : {1, 2, 4, 8, 16}) {
        Design d = seleneRun(row, dp);
        d.workload.globalBatch = 256;
        const Performance p = performanceOf(d);
        qInfo("DP %d: MFU %.1f %%, bubble %.1f %%", dp, 100 * p.mfu, 100 * p.bubbleFraction);
        QVERIFY(p.mfu <= previous * 1.0001);
        previous = p.mfu;
    }
}

// The scaling curves of a design: weak scaling keeps most of its efficiency (the gradient all-reduce is
// the only cost that grows), strong scaling loses it as each replica's share of the batch shrinks; both
// name their baseline, and their efficiency at the baseline is 1 by definition.
void TestPerformance::scalingCurvesStateTheirBaseline()
{
    const Json row = calibrationRows().at("megatron2021").at("rows").at(6); // 145.6B, TP 8 × PP 8
    Design d = seleneRun(row, 1);
    d.workload.globalBatch = 256;
    d.layout.recompute = Recompute::Full;
    const ScalingCurve weak = scalingCurve(d, ScalingKind::Weak, 1024);
    const ScalingCurve strong = scalingCurve(d, ScalingKind::Strong, 1024);
    QCOMPARE(weak.points.size(), std::size_t{5}); // 64, 128, 256, 512, 1,024 GPUs
    QCOMPARE(weak.baseline, 0);
    QCOMPARE(weak.points.front().efficiency, 1.0);
    QVERIFY(weak.denominator.find("DP 1 (64 GPUs") != std::string::npos);
    QCOMPARE(weak.points.back().globalBatch, std::int64_t{256 * 16});
    QCOMPARE(strong.points.back().globalBatch, std::int64_t{256});
    for (std::size_t i = 1; i < weak.points.size(); ++i) {
        QVERIFY(weak.points[i].runs && strong.points[i].runs);
        QVERIFY(weak.points[i].efficiency > 0.9 && weak.points[i].efficiency <= 1.0001);
        QVERIFY(strong.points[i].efficiency <= strong.points[i - 1].efficiency * 1.0001);
        QVERIFY(weak.points[i].tokensPerSecond > weak.points[i - 1].tokensPerSecond);
    }
    QVERIFY(strong.points.back().efficiency < weak.points.back().efficiency);
}

// Runs the compute model was not chosen against: Narayanan et al. 2021 Table 2 (Selene, sequence 2,048,
// vocabulary 51,200, full recomputation). PTD-P rows: TP 8 × PP 12 (174.6B) and TP 8 × PP 35 (529.6B)
// at micro-batch 1; ZeRO-3 rows: DeepSpeed ZeRO-3 without model parallelism, published TFLOP/s per GPU.
void TestPerformance::heldOutMegatron2021Table2_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("publishedSeconds");
    QTest::addColumn<double>("tolerance");
    struct Row
    {
        const char* scheme;
        double billions;
        int tp, pp, gpus, batch, microBatch;
        double tflops;
        double tolerance;
    };
    // The ZeRO-3 rows are held to a looser bound. Published, they collapse — at a fixed global batch, 768
    // and 1,536 GPUs take the same time, every GPU gathering the whole model for each micro-batch (the
    // paper's Sec. 5.2 calls the drop communication-bound). With NCCL's rings on Selene's eight cards per
    // node the model's gathers hide behind the compute: 31 % fast at 384 GPUs, 57 and 78 % at 768 and
    // 1,536 (expected failures below). zero3CollapsesAsPublished checks the shape.
    const Row rows[] = {
        // Held out, so reported rather than tuned: with the kernel model the PTD-P rows come out 2-8 % fast
        // (README "Held out"), like the pipelined rows of Table 1; the bound only catches a regression.
        {"PTD-P", 174.6, 8, 12, 384, 1536, 1, 153, 0.10},  {"PTD-P", 174.6, 8, 12, 768, 1536, 1, 149, 0.10},
        {"PTD-P", 174.6, 8, 12, 1536, 1536, 1, 141, 0.10}, {"PTD-P", 529.6, 8, 35, 560, 2240, 1, 171, 0.10},
        {"PTD-P", 529.6, 8, 35, 1120, 2240, 1, 167, 0.10}, {"PTD-P", 529.6, 8, 35, 2240, 2240, 1, 159, 0.10},
        {"ZeRO-3", 174.6, 1, 1, 384, 1536, 4, 144, 0.4},   {"ZeRO-3", 174.6, 1, 1, 768, 1536, 2, 88, 0.4},
        {"ZeRO-3", 174.6, 1, 1, 1536, 1536, 1, 44, 0.4},
    };
    for (const Row& r : rows) {
        const bool big = r.billions > 500;
        const Json row = {{"name", big ? "529.6B" : "174.6B"},
                          {"layers", big ? 105 : 96},
                          {"hidden", big ? 20480 : 12288},
                          {"heads", big ? 128 : 96},
                          {"tp", r.tp},
                          {"pp", r.pp},
                          {"globalBatch", r.batch}};
        const int dp = r.gpus / (r.tp * r.pp);
        Design d = seleneRun(row, dp);
        d.layout.recompute = Recompute::Full;
        d.layout.microBatch = r.microBatch;
        if (r.tp == 1) {
            d.layout.zeroStage = 3;
            d.layout.sequenceParallel = false;
        } else {
            applySchedule(d, chunksFor(d.model.layers, r.pp));
        }
        const double seconds = megatronIterationFlops(row) / (r.tflops * 1e12 * r.gpus);
        QTest::addRow("%s %.1fB %d GPUs", r.scheme, r.billions, r.gpus) << d << seconds << r.tolerance;
    }
}

void TestPerformance::heldOutMegatron2021Table2()
{
    QFETCH(Design, design);
    QFETCH(double, publishedSeconds);
    QFETCH(double, tolerance);
    const Performance p = performanceOf(design);
    const double error = p.stepSeconds / publishedSeconds - 1;
    qInfo("predicted %.2f s, published %.2f s, %+.1f %%, MFU %.1f %%", p.stepSeconds, publishedSeconds,
          100 * error, 100 * p.mfu);
    // ZeRO-3 of 2021 ran at a per-GPU rate of 16–21 GB/s (same 66.75 s at 768 and 1,536 GPUs), 9–12 × below
    // NCCL's rings on Selene's eight cards (nccl#812): the framework's, not fitted (README, "Held out").
    QEXPECT_FAIL("ZeRO-3 174.6B 768 GPUs", "ZeRO-3 gathers priced at NCCL's rail bandwidth", Continue);
    QEXPECT_FAIL("ZeRO-3 174.6B 1536 GPUs", "ZeRO-3 gathers priced at NCCL's rail bandwidth", Continue);
    QVERIFY2(std::abs(error) <= tolerance,
             qPrintable(QStringLiteral("off by %1 %").arg(100 * error, 0, 'f', 1)));
}

// Narayanan et al. 2021 Table 2: ZeRO-3 at a fixed global batch of 1,536 gains nothing from 768 to 1,536
// GPUs (66.75 s both), while PTD-P halves its time (39.4 s to 20.8 s).
void TestPerformance::zero3CollapsesAsPublished()
{
    const Json gpt3 = {{"name", "174.6B"}, {"layers", 96}, {"hidden", 12288},    {"heads", 96},
                       {"tp", 1},          {"pp", 1},      {"globalBatch", 1536}};
    auto zero3 = [&](int gpus, int microBatch) {
        Design d = seleneRun(gpt3, gpus);
        d.layout.zeroStage = 3;
        d.layout.recompute = Recompute::Full;
        d.layout.microBatch = microBatch;
        return performanceOf(d).stepSeconds;
    };
    const double at768 = zero3(768, 2), at1536 = zero3(1536, 1);
    QEXPECT_FAIL("", "ZeRO-3 gathers priced at NCCL's rail bandwidth (heldOutMegatron2021Table2)", Continue);
    QVERIFY2(std::abs(at1536 / at768 - 1) < 0.05,
             qPrintable(QStringLiteral("%1 s against %2 s").arg(at1536).arg(at768)));
    Json ptdp = gpt3;
    ptdp["tp"] = 8;
    ptdp["pp"] = 12;
    auto ptd = [&](int gpus) {
        Design d = seleneRun(ptdp, gpus / 96);
        d.layout.recompute = Recompute::Full;
        applySchedule(d, chunksFor(96, 12));
        return performanceOf(d).stepSeconds;
    };
    QVERIFY(ptd(1536) < 0.55 * ptd(768));
    QEXPECT_FAIL("", "ZeRO-3 gathers priced at NCCL's rail bandwidth (heldOutMegatron2021Table2)", Continue);
    QVERIFY(ptd(1536) < 0.6 * at1536);
}

// Korthikanti et al. 2022 Table 4: one layer of their 22B model (h 6,144, 64 heads, s 2,048, micro-batch
// 4, TP 8, A100), forward and backward in milliseconds, for five ways of saving activations.
Design korthikanti22bLayer(bool sp, Recompute recompute)
{
    const Json row = {{"name", "22B"}, {"layers", 48}, {"hidden", 6144},  {"heads", 64},
                      {"tp", 8},       {"pp", 1},      {"globalBatch", 4}};
    Design d = seleneRun(row, 1);
    d.workload.precision = Precision::Bf16Mixed; // as korthikanti2022Runs()
    d.layout.microBatch = 4;
    d.layout.sequenceParallel = sp;
    d.layout.recompute = recompute;
    return d;
}

void TestPerformance::korthikantiTable4LayerTimes_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("forward");
    QTest::addColumn<double>("backward");
    QTest::newRow("baseline") << korthikanti22bLayer(false, Recompute::None) << 7.7e-3 << 11.9e-3;
    QTest::newRow("sequence parallel") << korthikanti22bLayer(true, Recompute::None) << 7.2e-3 << 11.8e-3;
    QTest::newRow("full recompute") << korthikanti22bLayer(false, Recompute::Full) << 7.7e-3 << 19.5e-3;
    QTest::newRow("selective") << korthikanti22bLayer(false, Recompute::Selective) << 7.7e-3 << 13.2e-3;
    QTest::newRow("selective + SP") << korthikanti22bLayer(true, Recompute::Selective) << 7.2e-3 << 13.1e-3;
}

// Held out as well: the layer times the calibrated model predicts. Forward within 10 %; backward within
// 25 % — it comes out 16-22 % slow, because Megatron-LM overlaps the backward TP all-reduce with the
// weight-gradient GEMMs (its asynchronous TP all-reduce) and the model leaves all TP communication
// exposed. The iteration-level rows above absorb this in the one efficiency constant.
void TestPerformance::korthikantiTable4LayerTimes()
{
    QFETCH(Design, design);
    QFETCH(double, forward);
    QFETCH(double, backward);
    const std::optional<LayerTimes> t = predictedLayerTimes(design);
    QVERIFY(t);
    qInfo("forward %.2f ms (published %.1f), backward %.2f ms (published %.1f)", 1e3 * t->forward,
          1e3 * forward, 1e3 * t->backward, 1e3 * backward);
    QVERIFY(std::abs(t->forward / forward - 1) < 0.10);
    QVERIFY(std::abs(t->backward / backward - 1) < 0.25);
}

// Calibration from measurements: fit η_max to the selective + SP row, and the fitted model reproduces
// that row and predicts the full-recompute row.
void TestPerformance::fitFromMeasuredLayerTimes()
{
    const Design d = korthikanti22bLayer(true, Recompute::Selective);
    const ComputeFit fit = fitComputeModel(d, {7.2e-3, 13.1e-3});
    QVERIFY2(fit.ok, fit.message.c_str());
    QVERIFY(std::abs((fit.after.forward + fit.after.backward) / 20.3e-3 - 1) < 0.001);
    QVERIFY(fit.model.gemmEfficiency > 0.3 && fit.model.gemmEfficiency < 1);
    QVERIFY(fit.model.source.find("measured") != std::string::npos);
    QVERIFY(fit.warning.empty());
    // Only the sum is fitted; a backward that forgot the weight gradient is fitted with a warning.
    QVERIFY(!fitComputeModel(d, {13.1e-3, 7.2e-3}).warning.empty());
    Design full = korthikanti22bLayer(false, Recompute::Full);
    full.compute = fit.model;
    const std::optional<LayerTimes> predicted = predictedLayerTimes(full);
    QVERIFY(predicted);
    QVERIFY(std::abs((predicted->forward + predicted->backward) / 27.2e-3 - 1) < 0.15);
    // Impossible measurements are refused with a reason.
    QVERIFY(!fitComputeModel(d, {1e-6, 1e-6}).ok);
    QVERIFY(!fitComputeModel(d, {-1, 1}).ok);
    QVERIFY(!fitComputeModel(d, {1e3, 1e3}).ok);
}

QTEST_GUILESS_MAIN(TestPerformance)
#include "tst_performance.moc"
