// SPDX-License-Identifier: GPL-3.0-or-later
// A training step of a design in time: the compute and link model of each stage (stagetime.h) and the
// design's pipeline schedule through evaluate(). Its data-parallel synchronisation is tst_dataparallelsync's,
// its curves (activation memory over time, the bubble, the communication bands) tst_stepcurves'. Each row
// names where its numbers come from.

#include "base/diagnostickinds.h"
#include "comm/groupcollective.h"
#include "compute/gpupeaks.h"
#include "design/layoutarithmetic.h"
#include "design/placedlayout.h"
#include "design/placement.h"
#include "evaluate.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "performance/performance.h"
#include "performance/servingperformance.h"
#include "pipeline/steptimeline.h"
#include "report/evaluationio.h"
#include "support/steptest.h"
#include "support/testdesigns.h"

#include <QElapsedTimer>
#include <QTest>
#include <cmath>

using namespace core;
using namespace testing::step;

Q_DECLARE_METATYPE(core::ScheduleSpec)
Q_DECLARE_METATYPE(core::CommKind)

namespace {

// The tiny layer by hand: attention projections 4·h² = 4,194,304 parameters, MLP 2·h·4096 = 8,388,608.
constexpr double kTokens = 1024;
constexpr double kLinearFlops = 2 * kTokens * (4194304.0 + 8388608.0); // 25,769,803,776
// Causal attention (Dao 2023, FlashAttention-2 §4.1): the lower triangle with its diagonal, s(s + 1)/2 pairs.
constexpr double kAttentionFlops = 2 * 1.0 * (1024 * 1025 / 2.0) * 8 * (128 + 128); // 2,149,580,800
// The hand-computed rows price every GEMM on the flat roofline (a kernel model without tables: 0.75 of the
// A100's 312 TFLOP/s) and attention at FlashAttention-2's published A100 efficiency, 0.625 · s/(s + 512),
// forward and backward (2.5 × the forward's FLOPs), with no elementwise term; the design's compute model
// with η_max 0.5 slows both by 0.70 / 0.5 (ComputeModel::kernelTimeScale). The default model has its own
// tests (tst_performance, tst_kernelmodel).
ComputeModel flatRate()
{
    ComputeModel model;
    model.gemmEfficiency = 0.5;
    model.gemmHalfWidth = 0;
    model.elementwisePasses = 0;
    return model;
}
const GemmModel kNoTables;
const StageTimeOptions kFlatRate{flatRate(), &kNoTables};
constexpr double kScale = 0.70 / 0.5;
constexpr double kRate = 312e12 * 0.75 / kScale;
constexpr double kAttentionRate = 312e12 * 0.625 * 1024 / (1024 + 512) / kScale;
constexpr double kAttentionForward = kAttentionFlops / kAttentionRate;
constexpr double kAttentionBackward = 2.5 * kAttentionFlops / kAttentionRate;

// The placed layout of a design built from its parts alone — the mesh, the placement, the micro-batches —
// without evaluate(), its checks or an Evaluation; no catalog, so the built-in presets price it.
PlacedLayout placedByHand(const Design& design)
{
    PlacedLayout placed;
    placed.worldSize = design.layout.worldSize();
    placed.microBatches = microBatchesPerStep(design);
    placed.hasMesh = true;
    placed.mesh = buildMesh(design.layout);
    std::vector<Diagnostic> ignored;
    const RankPlacement placement
        = placeRanks(design.cluster, design.layout, design.placement, placed.mesh.worldSize, ignored);
    for (int rank = 0; rank < placed.mesh.worldSize; ++rank) {
        RankInfo info;
        info.rank = rank;
        info.coords = placed.mesh.coords[static_cast<std::size_t>(rank)];
        const GpuLocation at = placement.locationOfRank[static_cast<std::size_t>(rank)];
        if (at.valid()) {
            const Node& node = design.cluster.nodes[static_cast<std::size_t>(at.nodeIndex)];
            info.gpuId = node.gpus[static_cast<std::size_t>(at.slot)].id;
            info.nodeId = node.id;
            info.nodeIndex = at.nodeIndex;
            info.slot = at.slot;
        }
        placed.ranks.push_back(info);
    }
    placed.roles = std::make_shared<const RankRoles>(rankRoles(design.cluster, placed.ranks, design.layout.pp()));
    return placed;
}

} // namespace

class TestStepTimeline : public QObject
{
    Q_OBJECT

private slots:
    void layerFlopsByHand_data();
    void layerFlopsByHand();
    void stageTimesByHand_data();
    void stageTimesByHand();
    void tensorParallelOnTheLink();
    void bandsExposedExactlyWhenWaitedFor();
    void boundaryOnTheSharedLink_data();
    void boundaryOnTheSharedLink();
    void unevenStages();
    void boundaryTransferInTheTimeline_data();
    void boundaryTransferInTheTimeline();
    void referenceBubbleThroughEvaluate_data();
    void referenceBubbleThroughEvaluate();
    void badInputThroughEvaluate_data();
    void badInputThroughEvaluate();
    void evaluateJson();
    void stagesRunFromAPlacedLayout_data();
    void stagesRunFromAPlacedLayout();
    void benchmarkEvaluate64x1024();
    void giantPipelineIsSkipped();
};

// Narayanan et al., SC'21, appendix: 2 FLOPs per multiply-add; QKᵀ and AV over the causal triangle.
void TestStepTimeline::layerFlopsByHand_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("cp");
    QTest::addColumn<double>("linear");
    QTest::addColumn<double>("attention");
    QTest::newRow("tiny, no parallelism") << 1 << 1 << kLinearFlops << kAttentionFlops;
    QTest::newRow("TP=2 halves both") << 2 << 1 << kLinearFlops / 2 << kAttentionFlops / 2;
    // CP=2: half the tokens; each still attends to all 1024 keys.
    QTest::newRow("CP=2 halves both") << 1 << 2 << kLinearFlops / 2 << kAttentionFlops / 2;
}

void TestStepTimeline::layerFlopsByHand()
{
    QFETCH(int, tp);
    QFETCH(int, cp);
    QFETCH(double, linear);
    QFETCH(double, attention);
    const Design design = tinyDesign();
    const LayerFlops flops = layerForwardFlops(design.model, 0, 1024, 1, tp, cp, ExpertSplit{tp});
    QCOMPARE(flops.linear, linear);
    QCOMPARE(flops.attention, attention);
}

// Backward: I = the data-gradient GEMMs (as many FLOPs as the forward) + attention backward, W = the
// weight-gradient GEMMs; recomputation adds its forward.
void TestStepTimeline::stageTimesByHand_data()
{
    QTest::addColumn<QString>("recompute");
    QTest::addColumn<double>("forward");
    QTest::addColumn<double>("input");
    QTest::addColumn<double>("weight");
    const double f = kLinearFlops / kRate + kAttentionForward;
    const double i = kLinearFlops / kRate + kAttentionBackward;
    const double w = kLinearFlops / kRate;
    QTest::newRow("none") << "none" << f << i << w;
    QTest::newRow("selective: + attention products") << "selective" << f << i + kAttentionForward << w;
    QTest::newRow("full: + the whole forward") << "full" << f << i + f << w;
}

void TestStepTimeline::stageTimesByHand()
{
    QFETCH(QString, recompute);
    QFETCH(double, forward);
    QFETCH(double, input);
    QFETCH(double, weight);
    const Design design = tinyDesign(qPrintable(QStringLiteral(R"({"recompute": "%1"})").arg(recompute)));
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    const StageTimes t = stageTimes(design, e, kFlatRate);
    QCOMPARE(t.gpuPeakFlops, 312e12);
    QCOMPARE(t.stages.size(), std::size_t{4});
    const StageWork& first = t.stages.front();
    QCOMPARE(first.layers, 1);
    QVERIFY(first.embedding && !first.outputHead);
    // The first stage adds the embedding's lookup (layerkernels.h embeddingBytes): forward 2 × 2 bytes per
    // token and hidden element; its weight gradient the 1,000 × 1,024 shard zero-filled (2 bytes an element)
    // and 3 × 2 bytes per token and element, then added to the buffer as the head's gradient is (below).
    const double hbm = kHbmEfficiency * t.gpuMemoryBandwidth;
    const double headAccumulation = 1024.0 * 1000 * 2 * 4 / hbm;
    const double lookupForward = 4 * 1024.0 * 1024 / hbm;
    const double lookupBackward = (2 * 1000.0 * 1024 + 6 * 1024.0 * 1024) / hbm + headAccumulation;
    QVERIFY(near(first.passSeconds(Pass::Forward), forward + lookupForward));
    QVERIFY(near(first.passSeconds(Pass::InputGrad), input));
    // W adds the layer's 12,582,912 weight gradients to the gradient buffer, read and written once: Megatron-
    // Core's FP32 main_grad (the framework of a pipelined design), 2 × 4 bytes a weight over 0.85 of the
    // A100's HBM bandwidth (layerkernels.h).
    QCOMPARE(frameworkStateBytes(design).gradients, 4.0);
    const double accumulation = (4194304.0 + 8388608.0) * 2 * 4 / hbm;
    QVERIFY(near(first.passSeconds(Pass::WeightGrad), weight + accumulation + lookupBackward));
    // The last stage adds the output head: 2·s·b·h·vocab forward, and as much for I and for W, whose
    // 1,024,000 weight gradients join the buffer too; and the loss over its 1,024 × 1,000 logits, 38 bytes
    // a logit forward and 14 backward (Megatron's VocabParallelCrossEntropy, layerkernels.h).
    const double head = 2 * 1024.0 * 1024 * 1000 / kRate;
    const double lossForward = 38 * 1024.0 * 1000 / hbm, lossBackward = 14 * 1024.0 * 1000 / hbm;
    const StageWork& last = t.stages.back();
    QVERIFY(last.outputHead);
    QVERIFY(near(last.passSeconds(Pass::Forward), forward + head + lossForward));
    QVERIFY(near(last.passSeconds(Pass::WeightGrad), weight + accumulation + head + headAccumulation));
    QVERIFY(near(stageOpSeconds(last, PipelineOpKind::Backward),
                 input + weight + accumulation + 2 * head + headAccumulation + lossBackward));
    // The spec carries the means and each stage's factor; the timeline reproduces the total work (of the
    // evaluation's own stage times, with the default compute model).
    QCOMPARE(t.spec.stageScale.size(), std::size_t{4});
    QVERIFY(e.schedule);
    double work = 0;
    for (const StageWork& s : e.schedule->times.stages)
        work += s.passSeconds(Pass::Forward) + s.passSeconds(Pass::InputGrad)
            + s.passSeconds(Pass::WeightGrad);
    double busy = 0;
    for (const RankTimeline& r : e.schedule->timeline.ranks)
        busy += r.busy;
    QVERIFY(near(busy, 8 * work, 1e-12)); // m = 8 micro-batches
}

// TP=2 over NVLink 3: the forward of a layer waits for two ring all-reduces of the [s, b, h] activation
// (Megatron without SP), priced as NCCL runs them (collectivecost.h) on the link the two GPUs share.
void TestStepTimeline::tensorParallelOnTheLink()
{
    const Design design = tinyDesign(R"({"tp": 2, "pp": 2})");
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    const StageTimes t = stageTimes(design, e, kFlatRate);
    CollectiveSpec ar;
    ar.op = CollectiveOp::AllReduce;
    ar.ranks = 2;
    ar.bytes = 1024.0 * 1024 * 2;
    CollectiveLinks links;
    links.intraNode = linkCost(*Catalog::builtin().link("nvlink3"));
    links.interNode = linkCost(*Catalog::builtin().link("ib-ndr-400"));
    // Priced as NCCL runs it (ncclCollective: base latency, the ring, the message-size efficiency).
    const double allReduce = ncclCollective(ar, links).seconds;
    QVERIFY(allReduce > 0);
    const LayerPattern& forward = t.stages.front().denseLayer[static_cast<std::size_t>(Pass::Forward)];
    QCOMPARE(forward.bands.size(), std::size_t{2});
    for (const CommBand& band : forward.bands) {
        QCOMPARE(band.kind, CommKind::TensorParallel);
        QVERIFY(near(band.end - band.start, allReduce));
    }
    // TP 2 halves every GEMM. The projection's (1,024 × 512) · (512 × 1,024), 1.07 GFLOP, would take 4.6 µs
    // at 0.75 · 312 TFLOP/s; it takes the kernel model's shortest kernel, 5 µs (kMinKernelSeconds: the
    // public tables' 256³ GEMMs take 4.8–5.6 µs), before the 0.70 / 0.5 scale.
    constexpr double projectionFlops = 2 * kTokens * 512 * 1024;
    const double gemms = (kLinearFlops / 2 - projectionFlops) / kRate + kMinKernelSeconds * kScale;
    QVERIFY(near(forward.computeSeconds, gemms + kAttentionForward / 2));
    QVERIFY(near(forward.seconds, forward.computeSeconds + 2 * allReduce));
    // With SP the same volume moves as 2 all-gathers + 2 reduce-scatters, and W re-gathers twice.
    const Design sp = tinyDesign(R"({"tp": 2, "pp": 2, "sequenceParallel": true})");
    const StageTimes ts = stageTimes(sp, evaluate(sp), kFlatRate);
    QCOMPARE(ts.stages.front().denseLayer[static_cast<std::size_t>(Pass::Forward)].bands.size(),
             std::size_t{4});
    QCOMPARE(ts.stages.front().denseLayer[static_cast<std::size_t>(Pass::WeightGrad)].bands.size(),
             std::size_t{2});
}

// A band is marked exposed exactly when its layer waits for part of it (layerpattern.cpp): with CP 2 the
// ring's exchange overlaps the attention of the chunks already held, so a ring shorter than that attention
// runs while the GPU computes and a longer one is waited for; the marks follow the pattern's own exposed
// point-to-point seconds either way.
void TestStepTimeline::bandsExposedExactlyWhenWaitedFor()
{
    for (const char* link : {"nvlink3", "pcie4"}) {
        Design design = tinyDesign(R"({"cp": 2, "pp": 2})");
        for (Node& node : design.cluster.nodes)
            node.intraLink = link;
        const Evaluation e = evaluate(design);
        QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
        const StageTimes t = stageTimes(design, e, kFlatRate);
        int rings = 0;
        for (const StageWork& stage : t.stages)
            for (const LayerPattern& pattern : stage.denseLayer) {
                bool exposedRing = false;
                for (const CommBand& band : pattern.bands)
                    if (band.kind == CommKind::ContextParallel) {
                        ++rings;
                        exposedRing = exposedRing || band.exposed;
                    }
                QCOMPARE(exposedRing, pattern.exposed.p2p > 0);
            }
        QVERIFY2(rings > 0, link);
    }
}

// The p2p time between two stages: a 2-rank send priced as every transfer, [s/CP (/TP with SP), b, h] × 2
// bytes S on the links the two GPUs share: NCCL's base latency 8.4 µs (src/graph/tuning.cc baseLat) + α +
// S / (η B) with η = S / (S + αB) (docs/collectives.md), i.e. 8.4 µs + 2α + S / B. Across nodes B is one
// network card, the sending GPU's (NCCL src/graph/paths.cc ncclTopoGetNchannels: a remote peer's channels on
// the GPU's local card; src/graph/search.cc ncclTopoGetNetDev), its share where cards serve several GPUs,
// halved by a 2:1 spine. Link presets: NVLink 3 300 GB/s, 2 µs; IB NDR 50 GB/s, 5 µs; 100 GbE 12.5 GB/s,
// 20 µs. Four pipeline stages on four GPUs: boundaries 0–1, 1–2, 2–3.
void TestStepTimeline::boundaryOnTheSharedLink_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("fabric");
    QTest::addColumn<int>("nicsPerNode"); // 0: one per GPU
    QTest::addColumn<bool>("oversubscribedFatTree");
    QTest::addColumn<QList<double>>("seconds");
    const double bytes = 1024.0 * 1024 * 2;
    const double base = 8.4e-6;
    const double nvlink = base + 2 * 2e-6 + bytes / 300e9;
    const double ndr = base + 2 * 5e-6 + bytes / 50e9;
    const double ndrHalf = base + 2 * 5e-6 + bytes / 25e9;
    const double ethernet = base + 2 * 20e-6 + bytes / 12.5e9;
    QTest::newRow("one node: NVLink 3") << 1 << "ib-ndr-400" << 0 << false
                                        << QList<double>{nvlink, nvlink, nvlink};
    QTest::newRow("one GPU per node: IB NDR") << 4 << "ib-ndr-400" << 0 << false << QList<double>{ndr, ndr, ndr};
    QTest::newRow("one GPU per node: Ethernet")
        << 4 << "ethernet-100" << 0 << false << QList<double>{ethernet, ethernet, ethernet};
    // Stages 0, 1 on node 0 and 2, 3 on node 1: only the middle send crosses, on one card of the two.
    QTest::newRow("two GPUs per node: one card per send")
        << 2 << "ib-ndr-400" << 0 << false << QList<double>{nvlink, ndr, nvlink};
    QTest::newRow("two GPUs per node, one card per node: its half")
        << 2 << "ib-ndr-400" << 1 << false << QList<double>{nvlink, ndrHalf, nvlink};
    QTest::newRow("one GPU per node, 2:1 fat tree") << 4 << "ib-ndr-400" << 0 << true
                                                    << QList<double>{ndrHalf, ndrHalf, ndrHalf};
}

void TestStepTimeline::boundaryOnTheSharedLink()
{
    QFETCH(int, nodes);
    QFETCH(QString, fabric);
    QFETCH(int, nicsPerNode);
    QFETCH(bool, oversubscribedFatTree);
    QFETCH(QList<double>, seconds);
    Design design = tinyDesign();
    design.cluster = makeUniformCluster(nodes, 4 / nodes, "a100-80gb", "nvlink3", fabric.toStdString());
    design.cluster.nicsPerNode = nicsPerNode;
    if (oversubscribedFatTree) {
        design.cluster.fabricTopology = FabricTopology::FatTree;
        design.cluster.oversubscription = 2;
    }
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    const StageTimes t = stageTimes(design, e, kFlatRate);
    QCOMPARE(t.boundaryBytes, 1024.0 * 1024 * 2);
    QCOMPARE(t.boundarySeconds.size(), static_cast<std::size_t>(seconds.size()));
    for (qsizetype i = 0; i < seconds.size(); ++i)
        QVERIFY2(near(t.boundarySeconds[static_cast<std::size_t>(i)], seconds[i]),
                 qPrintable(QStringLiteral("boundary %1: %2 s, expected %3 s")
                                .arg(i)
                                .arg(t.boundarySeconds[static_cast<std::size_t>(i)])
                                .arg(seconds[i])));
    QCOMPARE(t.spec.boundaryTransfer, t.boundarySeconds);
    // Without the placement's table of links the sends come out the same (the path a placed layout built
    // by hand takes).
    PlacedLayout placed = e;
    placed.groupLinks.reset();
    const StageTimes own = stageTimes(design, placed, kFlatRate);
    QCOMPARE(own.boundarySeconds, t.boundarySeconds);
}

// Explicit layers per stage: the stage with more layers takes proportionally longer.
void TestStepTimeline::unevenStages()
{
    const Design design = tinyDesign(R"({"layersPerStage": [3, 2, 2, 1]})", 8);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    const StageTimes t = stageTimes(design, e, kFlatRate);
    QCOMPARE(t.stages[0].layers, 3);
    QCOMPARE(t.stages[3].firstLayer, 7);
    const double layer = t.stages[1].passSeconds(Pass::Forward) / 2;
    QVERIFY(near(t.stages[0].passSeconds(Pass::Forward) - t.stages[0].embeddingSeconds[0], 3 * layer));
    QVERIFY(t.spec.stageScale[0] > t.spec.stageScale[1]);
    QVERIFY(near(t.spec.stageScale[1], t.spec.stageScale[2]));
    // Stage 0 (3 layers) paces the pipeline: the slowest stage's work bounds the makespan from below.
    QVERIFY(e.schedule->timeline.makespan
            >= 8 * (t.spec.forward + t.spec.backward + t.spec.weightGrad) * t.spec.stageScale[0]);
}

// ScheduleSpec::boundaryTransfer on the list-scheduling rule (§0): by hand, and checked like the latency.
void TestStepTimeline::boundaryTransferInTheTimeline_data()
{
    QTest::addColumn<ScheduleSpec>("spec");
    QTest::addColumn<double>("makespan");
    QTest::addColumn<QString>("code");
    ScheduleSpec s;
    s.kind = Schedule::OneFOneB;
    s.ranks = 2;
    s.microBatches = 1;
    s.boundaryTransfer = {0.5};
    // F0@s0 [0,1), +0.5 → F0@s1 [1.5,2.5), B0@s1 [2.5,4.5), +0.5 → B0@s0 [5,7).
    QTest::newRow("p=2 m=1: 6 + 2 × 0.5") << s << 7.0 << "";
    s.ranks = 3;
    s.boundaryTransfer = {0.5, 1};
    QTest::newRow("p=3 m=1: 9 + 2 × (0.5 + 1)") << s << 12.0 << "";
    s.p2pLatency = 0.25;
    QTest::newRow("p=3 m=1 with latency 0.25: + 4 × 0.25") << s << 13.0 << "";
    // ZB-V's middle boundary stays on the last rank: no transfer there.
    ScheduleSpec v;
    v.kind = Schedule::ZbV;
    v.ranks = 1;
    v.microBatches = 1;
    v.virtualStages = 2;
    v.backward = 1;
    v.weightGrad = 1;
    v.boundaryTransfer = {100};
    QTest::newRow("ZB-V p=1: the V turn is on one rank") << v << 3.0 << "";
    s.boundaryTransfer = {0.5};
    QTest::newRow("one entry for two boundaries") << s << 0.0 << "schedule-transfer-count";
    s.boundaryTransfer = {0.5, -1};
    QTest::newRow("negative transfer") << s << 0.0 << "schedule-duration-negative";
}

void TestStepTimeline::boundaryTransferInTheTimeline()
{
    QFETCH(ScheduleSpec, spec);
    QFETCH(double, makespan);
    QFETCH(QString, code);
    const PipelineTimeline t = simulateSchedule(spec);
    if (!code.isEmpty()) {
        QVERIFY(!t.valid());
        QVERIFY(testing::hasCode(t.diagnostics, code.toStdString()));
        return;
    }
    QVERIFY2(t.valid(), qPrintable(testing::describe(t.diagnostics)));
    QCOMPARE(t.makespan, makespan);
}

// The reference article, «Pipeline Parallelism»: "Bei 4 Stages lassen 4 Micro-Batches 3/7 des
// Forward-Schedules ungenutzt, etwa 43 %. 16 Micro-Batches lassen 3/19 ungenutzt, etwa 16 %, und 32 lassen
// 3/35 ungenutzt, etwa 9 %." Through evaluate() on a design of 4 stages of 8 layers each, whose output head
// (vocabulary 128) and NVLink transfers are too small to move the numbers by half a percentage point.
void TestStepTimeline::referenceBubbleThroughEvaluate_data()
{
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<int>("m");
    QTest::addColumn<double>("ideal");
    QTest::addColumn<int>("percent");
    for (const char* kind : {"gpipe", "1f1b"}) {
        QTest::addRow("reference: %s p=4 m=4 → 43 %%", kind) << kind << 4 << 3.0 / 7 << 43;
        QTest::addRow("reference: %s p=4 m=16 → 16 %%", kind) << kind << 16 << 3.0 / 19 << 16;
        QTest::addRow("reference: %s p=4 m=32 → 9 %%", kind) << kind << 32 << 3.0 / 35 << 9;
    }
}

void TestStepTimeline::referenceBubbleThroughEvaluate()
{
    QFETCH(QString, schedule);
    QFETCH(int, m);
    QFETCH(double, ideal);
    QFETCH(int, percent);
    Design design = tinyDesign(qPrintable(QStringLiteral(R"({"schedule": "%1"})").arg(schedule)), 32);
    // An output head of 0.2 % of a stage: its GEMMs are below the kernel model's shortest kernels, so
    // a vocabulary of 128 alone does not make it small; 4,096 tokens a micro-batch make the stages long.
    design.model.vocab = 128;
    design.workload.sequenceLength = 4096;
    design.workload.globalBatch = m;
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.schedule);
    QCOMPARE(e.schedule->spec().microBatches, m);
    QCOMPARE(e.schedule->spec().ranks, 4);
    const double bubble = e.schedule->timeline.bubbleFraction;
    QCOMPARE(qRound(100 * bubble), percent);
    QVERIFY2(std::abs(bubble - ideal) < 0.005, qPrintable(QString::number(bubble)));
    // 1F1B holds at most p micro-batches on rank 0, GPipe all m.
    QCOMPARE(e.schedule->timeline.ranks[0].peakInFlight,
             schedule == QLatin1String("gpipe") ? m : std::min(m, 4));
}

// Each mistake is a located diagnostic, the evaluation carries no schedule, and nothing hangs.
void TestStepTimeline::badInputThroughEvaluate_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("globalBatch");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");
    QTest::newRow("interleaved, m = 6 not a multiple of p = 4 (Megatron-LM)")
        << R"({"schedule": "interleaved", "virtualStages": 2})" << 6 << "schedule-interleaved-micro-batches"
        << "/workload/globalBatch";
    QTest::newRow("V = 3 × p = 4 stages do not divide 32 layers")
        << R"({"schedule": "interleaved", "virtualStages": 3})" << 8 << "pp-layers"
        << "/layout/pp";
    QTest::newRow("ZB-V without 2 stages per rank")
        << R"({"schedule": "zb-v", "virtualStages": 1})" << 8 << "schedule-virtual-stages"
        << "/layout/virtualStages";
    QTest::newRow("DualPipeV with m < 2p")
        << R"({"schedule": "dualpipev", "virtualStages": 2})" << 6 << "schedule-dualpipev-micro-batches"
        << "/workload/globalBatch";
    QTest::newRow("zero micro-batches") << "{}" << 0 << "value-range"
                                        << "/workload/globalBatch";
    QTest::newRow("a batch smaller than one micro-batch per replica")
        << R"({"microBatch": 2})" << 1 << "batch-divisible"
        << "/workload/globalBatch";
}

void TestStepTimeline::badInputThroughEvaluate()
{
    QFETCH(QString, patch);
    QFETCH(int, globalBatch);
    QFETCH(QString, code);
    QFETCH(QString, path);
    Design design = tinyDesign(qPrintable(patch), 32);
    design.workload.globalBatch = globalBatch;
    QElapsedTimer clock;
    clock.start();
    const Evaluation e = evaluate(design);
    QVERIFY(clock.elapsed() < 1000);
    QVERIFY(!e.valid());
    QVERIFY(!e.schedule);
    bool found = false;
    for (const Diagnostic& d : e.diagnostics)
        found = found || (d.code == code.toStdString() && d.path == path.toStdString());
    QVERIFY2(found, qPrintable(testing::describe(e.diagnostics)));
    COMPARE_JSON(evaluationToJson(design, e)["schedule"], Json(nullptr));
}

// The schedule in `evaluate --json`: {kind, stages, microBatches, virtualStages, makespanSeconds,
// bubbleFraction, perRank[] {rank, peakInFlight, ops[] {kind, microBatch, stage, start, end}}}.
void TestStepTimeline::evaluateJson()
{
    const Design design = testing::example("default");
    const Evaluation e = evaluate(design);
    QVERIFY(e.schedule);
    const Json out = evaluationToJson(design, e);
    const Json& s = out["schedule"];
    COMPARE_JSON(s["kind"], Json("1f1b"));
    COMPARE_JSON(s["stages"], Json(2));
    COMPARE_JSON(s["microBatches"], Json(64)); // 128 sequences / (1 × DP 2)
    COMPARE_JSON(s["virtualStages"], Json(1));
    QVERIFY(s["makespanSeconds"].get<double>() > 0);
    QCOMPARE(s["makespanSeconds"].get<double>(), e.schedule->timeline.makespan);
    QCOMPARE(s["bubbleFraction"].get<double>(), e.schedule->timeline.bubbleFraction);
    QCOMPARE(s["perRank"].size(), std::size_t{2});
    COMPARE_JSON(s["perRank"][0]["peakInFlight"], Json(2));
    COMPARE_JSON(s["perRank"][1]["peakInFlight"], Json(1));
    const Json& op = s["perRank"][1]["ops"][0];
    for (const char* key : {"kind", "microBatch", "stage", "start", "end"})
        QVERIFY2(op.contains(key), key);
    COMPARE_JSON(op["kind"], Json("F"));
    COMPARE_JSON(op["stage"], Json(1));
    QCOMPARE(s["perRank"][0]["ops"].size(), std::size_t{128});
    // A serving design has no training step.
    const Design serving = testing::example("serving-70b-tp4x2");
    COMPARE_JSON(evaluationToJson(serving, evaluate(serving))["schedule"], Json(nullptr));
}

// Every stage after the placement needs the placed layout and the results before it, nothing of the
// Evaluation: run from a PlacedLayout built by hand, each gives what evaluate() gives.
void TestStepTimeline::stagesRunFromAPlacedLayout_data()
{
    QTest::addColumn<QString>("example");
    for (const char* example : {"default", "fsdp-1node-8gpu", "mixtral-8x7b-ep8", "serving-70b-tp4x2"})
        QTest::newRow(example) << example;
}

void TestStepTimeline::stagesRunFromAPlacedLayout()
{
    QFETCH(QString, example);
    const Design design = testing::example(example.toStdString());
    const PlacedLayout placed = placedByHand(design);
    QVERIFY(placed.everyRankPlaced());
    QCOMPARE(&placed.presets(), &Catalog::builtin());
    const MemoryReport memory = computeMemory(design, *placed.roles, placed.presets());
    std::vector<Diagnostic> diagnostics;
    const std::shared_ptr<const ScheduleEvaluation> schedule
        = evaluateSchedule(design, placed, &memory, diagnostics);
    QVERIFY(diagnostics.empty());

    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(bool(schedule), bool(e.schedule));
    if (schedule) {
        COMPARE_JSON(scheduleToJson(schedule->timeline, schedule->spec()),
                     scheduleToJson(e.schedule->timeline, e.schedule->spec()));
        QCOMPARE(schedule->times.boundarySeconds, e.schedule->times.boundarySeconds);
        QCOMPARE(schedule->activations.size(), e.schedule->activations.size());
        COMPARE_JSON(performanceToJson(estimatePerformance(design, placed, *schedule)),
                     performanceToJson(*e.performance));
    }
    const std::optional<ServingPerformance> serving = estimateServing(design, placed, memory);
    QCOMPARE(serving.has_value(), e.serving.has_value());
    if (serving)
        COMPARE_JSON(servingPerformanceToJson(*serving), servingPerformanceToJson(*e.serving));
    for (Dim dim : kCollectiveDims) {
        const GroupCollectiveResult fromPlaced = groupCollective(design, placed, dim, 0);
        const GroupCollectiveResult fromEvaluation = groupCollective(design, e, dim, 0);
        QCOMPARE(fromPlaced.problem, fromEvaluation.problem);
        QCOMPARE(fromPlaced.group.has_value(), fromEvaluation.group.has_value());
        if (fromPlaced.group)
            QCOMPARE(fromPlaced.group->spec.bytes, fromEvaluation.group->spec.bytes);
    }
}

// 64 stages × 1,024 micro-batches, inside evaluate(): well under 100 ms in a Release build.
void TestStepTimeline::benchmarkEvaluate64x1024()
{
    Design design = tinyDesign(R"({"pp": 64, "tp": 1})", 128);
    design.cluster = makeUniformCluster(8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    design.workload.globalBatch = 1024;
    Evaluation e;
    QBENCHMARK
    {
        e = evaluate(design);
    }
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.schedule->timeline.ranks.size(), std::size_t{64});
    QCOMPARE(e.schedule->timeline.ranks[0].ops.size(), std::size_t{2048});
    QCOMPARE(e.schedule->timeline.ranks[0].peakInFlight, 64);
    QElapsedTimer clock;
    clock.start();
    e = evaluate(design);
    // Generous for a Debug build on a shared machine; a quadratic step would take seconds.
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
}

// Beyond kMaxEvaluatedPipelineOps the step is not simulated: an info says so, at once.
void TestStepTimeline::giantPipelineIsSkipped()
{
    Design design = tinyDesign(R"({"pp": 64, "tp": 1})", 128);
    design.cluster = makeUniformCluster(8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    design.workload.globalBatch = 4096; // 64 × 4096 × 2 = 524,288 operations
    QElapsedTimer clock;
    clock.start();
    const Evaluation e = evaluate(design);
    QVERIFY(clock.elapsed() < 500);
    QVERIFY(e.valid());
    QVERIFY(!e.schedule);
    const Diagnostic* info = nullptr;
    for (const Diagnostic& d : e.diagnostics)
        if (d.code == "schedule-not-simulated")
            info = &d;
    QVERIFY2(info, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(info->severity, Severity::Info);
    QVERIFY(QString::fromStdString(info->message()).contains(QLatin1String("524288 operations")));
}

QTEST_APPLESS_MAIN(TestStepTimeline)
#include "tst_steptimeline.moc"
