// SPDX-License-Identifier: GPL-3.0-or-later
// The data-parallel synchronisation of a training step (steptimeline.h): DDP's buckets and what their
// all-reduce leaves exposed after the last backward, what a rank reduces, and FSDP's per-layer gathers and
// reduce-scatters with prefetch and resharding. Each row names where its numbers come from.
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
#include "pipeline/steptimeline.h"
#include "support/steptest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;
using namespace testing::step;

Q_DECLARE_METATYPE(core::ScheduleSpec)
Q_DECLARE_METATYPE(core::CommKind)

class TestDataParallelSync : public QObject
{
    Q_OBJECT

private slots:
    void ddpBuckets();
    void dataParallelReducesWhatTheRankHolds_data();
    void dataParallelReducesWhatTheRankHolds();
    void ddpExposedGrowsOnASlowFabric();
    void fsdpReferenceFigure();
    void fsdpReshard_data();
    void fsdpReshard();
    void fsdpPrefetch();
    void fsdpCopies_data();
    void fsdpCopies();
};

// PyTorch DDP (§5.1): a rank's gradients are its parameter shard; buckets of [1 MiB, 25 MiB] in
// gradient-ready order; all-reduces in bucket order, each after its bucket is ready.
void TestDataParallelSync::ddpBuckets()
{
    Design design = testing::example("teaching-4gpu"); // Llama 3.1 8B, TP=2 × DP=2
    design.layout.zeroStage = 0; // plain DDP
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.schedule->ddp.size(), std::size_t{1});
    const DdpStepTimeline& ddp = e.schedule->ddp.front();
    QCOMPARE(ddp.reduction, CollectiveOp::AllReduce);
    QCOMPARE(ddp.dataParallelRanks, 2);
    // Every parameter's gradient once, in FP32 (Megatron-Core's main_grad, which BF16 training reduces in
    // FP32): (all − embedding − head) / TP + norms + (embedding + head) / TP, norms being replicated over TP.
    const ParameterBreakdown all = countParameters(design.model).all;
    const double shard = (all.total() - all.norms) / 2 + all.norms;
    QVERIFY2(near(ddp.gradientBytes, 4 * shard, 1e-12), qPrintable(QString::number(ddp.gradientBytes)));
    QCOMPARE(ddp.buckets, assignDdpBuckets(ddp.tensorBytes));
    // The output head's gradient is ready first (128,256 × 4,096 / TP 2 values, with the final norm's
    // 4,096): more than the first bucket's 1 MiB, so it fills that bucket alone; the layers follow in
    // buckets of at least 25 MiB.
    QCOMPARE(ddp.tensorBytes.front(), 4.0 * (128256 * 4096 / 2 + 4096));
    QCOMPARE(ddp.buckets.front().tensors, std::vector<int>{0});
    for (std::size_t k = 1; k + 1 < ddp.buckets.size(); ++k)
        QVERIFY(ddp.buckets[k].bytes >= kDdpBucketCapBytes);
    QVERIFY(ddp.buckets.size() > 10);
    QCOMPARE(ddp.overlap.startSeconds.size(), ddp.buckets.size());
    for (std::size_t k = 0; k < ddp.buckets.size(); ++k) {
        QVERIFY(ddp.bucketReadySeconds[k] >= ddp.windowStart);
        QVERIFY(ddp.bucketReadySeconds[k] <= ddp.backwardEnd + 1e-12);
        QVERIFY(ddp.overlap.startSeconds[k] >= ddp.bucketReadySeconds[k]);
        if (k > 0) {
            QVERIFY(ddp.bucketReadySeconds[k] >= ddp.bucketReadySeconds[k - 1]);
            QVERIFY(ddp.overlap.startSeconds[k] >= ddp.overlap.endSeconds[k - 1]);
        }
    }
    // The gradients of the last micro-batch's backward: the window is that backward.
    const RankTimeline& rank = e.schedule->timeline.ranks.front();
    QCOMPARE(ddp.windowStart, rank.ops.back().start);
    QCOMPARE(ddp.backwardEnd, rank.ops.back().end);
    QCOMPARE(ddp.overlap.exposedSeconds, std::max(0.0, ddp.overlap.endSeconds.back() - ddp.backwardEnd));
    // ZeRO-1: reduce-scatter per bucket, then the updated parameters are all-gathered.
    Design zero1 = design;
    zero1.layout.zeroStage = 1;
    const Evaluation e1 = evaluate(zero1);
    QCOMPARE(e1.schedule->ddp.front().reduction, CollectiveOp::ReduceScatter);
    QVERIFY(e1.schedule->ddp.front().parameterGatherSeconds > 0);
    QCOMPARE(ddp.parameterGatherSeconds, 0.0);
}

// The same DP all-reduce over a fabric 36 times slower than NVLink cannot hide behind the backward.
// Data parallelism reduces every parameter a pipeline rank holds, as its memory counts them
// (memory/modelshard.h): the vocabulary on the padded vocabulary, and with tied embeddings the last stage's
// copy of the embedding, which Megatron-LM keeps as its output head (finalize_model_grads all-reduces the
// two copies' gradients between the first and last stage). GPT-3 175B is tied with learned positions and
// a vocabulary of 50,257 (padded to 50,432 at TP 2); Llama 3.1 8B is untied. The DP timelines once counted
// no head on a tied model's last stage and the unpadded vocabulary.
void TestDataParallelSync::dataParallelReducesWhatTheRankHolds_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<int>("virtualStages");
    for (const char* model : {"gpt-3-175b", "llama-3.1-8b"})
        for (int zero : {1, 3})
            for (int v : {1, 2})
                QTest::addRow("%s, ZeRO-%d, %d chunk(s) per rank", model, zero, v) << model << zero << v;
}

void TestDataParallelSync::dataParallelReducesWhatTheRankHolds()
{
    QFETCH(QString, model);
    QFETCH(int, zeroStage);
    QFETCH(int, virtualStages);
    Design d = testing::onOneNode(model.toStdString(), 8, "h100-sxm-80gb", "nvlink4");
    d.model.layers = 8; // small enough to fit; every stage the same kind of layer
    d.layout.setDegree(Dim::Tp, 2);
    d.layout.setDegree(Dim::Pp, 2);
    d.layout.setDegree(Dim::Dp, 2);
    d.layout.zeroStage = zeroStage;
    if (virtualStages > 1) {
        d.layout.schedule = Schedule::Interleaved;
        d.layout.virtualStages = virtualStages;
    }
    d.workload.globalBatch = 16;
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    for (int r = 0; r < 2; ++r) {
        const double held = rankShard(d, r).total();
        if (zeroStage >= 3) {
            QCOMPARE(e.schedule->fsdp.size(), std::size_t{2});
            double units = 0;
            for (const FsdpUnit& unit : e.schedule->fsdp[static_cast<std::size_t>(r)].units)
                units += unit.parameters;
            QVERIFY2(near(units, held, 1e-12),
                     qPrintable(QStringLiteral("rank %1: %2 of %3").arg(r).arg(units).arg(held)));
        } else {
            QCOMPARE(e.schedule->ddp.size(), std::size_t{2});
            const double bytes = e.schedule->ddp[static_cast<std::size_t>(r)].gradientBytes;
            QVERIFY2(near(bytes, held * gradientBytesPerElement(d), 1e-12),
                     qPrintable(QStringLiteral("rank %1: %2 of %3").arg(r).arg(bytes).arg(held)));
        }
    }
}

void TestDataParallelSync::ddpExposedGrowsOnASlowFabric()
{
    Design fast = testing::example("teaching-4gpu");
    fast.layout.setDegree(Dim::Tp, 1);
    fast.layout.setDegree(Dim::Dp, 2);
    Design slow = fast;
    fast.cluster = makeUniformCluster(1, 2, "a100-80gb", "nvlink3", "ethernet-100"); // 300 GB/s
    slow.cluster = makeUniformCluster(2, 1, "a100-80gb", "nvlink3", "ethernet-100"); // 12.5 GB/s
    const Evaluation ef = evaluate(fast);
    const Evaluation es = evaluate(slow);
    QVERIFY2(ef.schedule && es.schedule, qPrintable(testing::describe(es.diagnostics)));
    const DdpStepTimeline& f = ef.schedule->ddp.front();
    const DdpStepTimeline& s = es.schedule->ddp.front();
    QCOMPARE(f.buckets.size(), s.buckets.size());
    QVERIFY(s.bucketSeconds.front() > 20 * f.bucketSeconds.front());
    QVERIFY(s.overlap.exposedSeconds > f.overlap.exposedSeconds);
    QVERIFY(s.overlap.exposedSeconds > 0);
}

// The reference article's FSDP figure: one layer on one of four ranks — all-gather for forward, compute,
// all-gather again for backward, compute, reduce-scatter.
void TestDataParallelSync::fsdpReferenceFigure()
{
    Design design = tinyDesign(R"({"pp": 1, "dp": 4, "zeroStage": 3})", 1);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.schedule->fsdp.size(), std::size_t{1});
    const FsdpLayerTimeline& f = e.schedule->fsdp.front();
    QCOMPARE(f.shardRanks, 4);
    QVERIFY(f.reshardAfterForward);
    QCOMPARE(f.units.size(), std::size_t{2}); // the layer and the root (embedding, head, final norm)
    QCOMPARE(f.units[0].layer, 0);
    QCOMPARE(f.units[1].layer, -1);
    // The layer's own spans, in time order.
    std::vector<std::pair<FsdpStream, bool>> layer;
    for (const FsdpSpan& s : f.spans)
        if (s.unit == 0)
            layer.emplace_back(s.stream, s.backward);
    const std::vector<std::pair<FsdpStream, bool>> expected{{FsdpStream::AllGather, false},
                                                            {FsdpStream::Compute, false},
                                                            {FsdpStream::AllGather, true},
                                                            {FsdpStream::Compute, true},
                                                            {FsdpStream::ReduceScatter, true}};
    QVERIFY(layer == expected);
    double previousEnd = 0;
    for (const FsdpSpan& s : f.spans)
        if (s.unit == 0) {
            QVERIFY(s.start >= previousEnd - 1e-15);
            previousEnd = s.end;
        }
    // The gathered layer is all of its parameters: AG time of 4 ranks on 2·params bytes.
    CollectiveSpec ag;
    ag.op = CollectiveOp::AllGather;
    ag.ranks = 4;
    ag.bytes = 2 * f.units[0].parameters;
    CollectiveLinks links;
    links.intraNode = linkCost(*Catalog::builtin().link("nvlink3"));
    links.interNode = linkCost(*Catalog::builtin().link("ib-ndr-400"));
    QVERIFY(near(f.units[0].gatherSeconds, ncclCollective(ag, links).seconds));
    QVERIFY(near(f.exposedSeconds,
                 std::max(0.0, f.makespan - f.computeSeconds - f.copySeconds - f.slowdownSeconds)));
}

// reshard_after_forward=False keeps the layers gathered: no backward all-gather (ZeRO paper: 3Ψ → 2Ψ).
void TestDataParallelSync::fsdpReshard_data()
{
    QTest::addColumn<bool>("reshard");
    QTest::addColumn<int>("backwardGathers");
    QTest::newRow("reshard: every layer gathered again") << true << 4;
    QTest::newRow("no reshard: none") << false << 0;
}

void TestDataParallelSync::fsdpReshard()
{
    QFETCH(bool, reshard);
    QFETCH(int, backwardGathers);
    Design design = tinyDesign(R"({"pp": 1, "dp": 4, "zeroStage": 3})");
    design.layout.reshardAfterForward = reshard;
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const FsdpLayerTimeline& f = e.schedule->fsdp.front();
    QCOMPARE(countSpans(f, FsdpStream::AllGather, false), 5); // 4 layers + the root
    QCOMPARE(countSpans(f, FsdpStream::AllGather, true), backwardGathers);
    QCOMPARE(countSpans(f, FsdpStream::ReduceScatter, true), 5);
    QCOMPARE(countSpans(f, FsdpStream::Compute, false), 5);
}

// FSDP prefetch (torch FSDP forward_prefetch; FSDP2 implicit prefetch): layer i + 1's all-gather is issued
// as layer i starts computing, so on a free link it starts at that moment.
void TestDataParallelSync::fsdpPrefetch()
{
    const Design design = tinyDesign(R"({"pp": 1, "dp": 4, "zeroStage": 3})", 6);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const FsdpLayerTimeline& f = e.schedule->fsdp.front();
    auto span = [&](FsdpStream stream, int layer) -> const FsdpSpan* {
        for (const FsdpSpan& s : f.spans)
            if (s.stream == stream && !s.backward && f.units[static_cast<std::size_t>(s.unit)].layer == layer)
                return &s;
        return nullptr;
    };
    for (int layer = 0; layer + 1 < 6; ++layer) {
        const FsdpSpan* compute = span(FsdpStream::Compute, layer);
        const FsdpSpan* next = span(FsdpStream::AllGather, layer + 1);
        QVERIFY(compute && next);
        QCOMPARE(next->start, compute->start);
        QVERIFY(compute->start >= span(FsdpStream::AllGather, layer)->end); // its own weights first
    }
}

// FSDP2 copies each gathered unit out of the all-gather buffer (foreach_all_gather_copy_out) and its
// unsharded gradients into the reduce-scatter buffer (foreach_reduce_scatter_copy_in) on the compute stream:
// 2 × 2 bytes a BF16 parameter out, 2 + 4 in with the FP32 reduction (torchtitan's mixed_precision_reduce),
// at η_HBM × HBM bandwidth (frameworks.json shardCopySource). Per micro-batch: a copy out for every gather
// (forward, and backward when resharded), a copy in for every reduce-scatter. Megatron-FSDP gathers into
// and reduces from the buffers its parameters and main_grad are views of: none.
void TestDataParallelSync::fsdpCopies_data()
{
    QTest::addColumn<QString>("framework");
    QTest::addColumn<bool>("reshard");
    QTest::addColumn<bool>("syncEveryMicroBatch");
    // Over the step's 4 micro-batches (framework/frameworkswitches.h fsdpPass): a layer's gathers in
    // forward and in backward, and its reduce-scatters; the root (embedding, head) is gathered in forward
    // only.
    QTest::addColumn<int>("forwardGathers");
    QTest::addColumn<int>("backwardGathers");
    QTest::addColumn<int>("reduces");
    QTest::newRow("FSDP2: gathered twice, reduced every micro-batch")
        << "fsdp2" << true << true << 4 << 4 << 4;
    QTest::newRow("FSDP2 without resharding") << "fsdp2" << false << true << 4 << 0 << 4;
    QTest::newRow("FSDP2, gradient sync on the last only") << "fsdp2" << true << false << 4 << 4 << 1;
    // Neither: the parameters stay gathered from the first forward to the last backward.
    QTest::newRow("FSDP2 gathered once") << "fsdp2" << false << false << 1 << 0 << 1;
    QTest::newRow("Megatron-FSDP: none") << "megatron-core" << true << true << 0 << 0 << 0;
}

void TestDataParallelSync::fsdpCopies()
{
    QFETCH(QString, framework);
    QFETCH(bool, reshard);
    QFETCH(bool, syncEveryMicroBatch);
    QFETCH(int, forwardGathers);
    QFETCH(int, backwardGathers);
    QFETCH(int, reduces);
    const std::string patch
        = R"({"pp": 1, "dp": 4, "zeroStage": 3, "framework": ")" + framework.toStdString() + R"("})";
    Design design = tinyDesign(patch.c_str(), 2);
    design.workload.globalBatch = 16; // 4 micro-batches on each of the 4 ranks
    design.layout.reshardAfterForward = reshard;
    design.layout.gradientSyncEveryMicroBatch = syncEveryMicroBatch;
    const Evaluation e = evaluate(design);
    QVERIFY2(e.schedule && e.performance, qPrintable(testing::describe(e.diagnostics)));
    const FsdpLayerTimeline& f = e.schedule->fsdp.front();
    QCOMPARE(f.microBatches, 4);
    const GpuSpec& a100 = *Catalog::builtin().gpu("a100-80gb");
    const double bandwidth = a100.hbmBandwidth * hbmEfficiency(a100);
    const bool copies = framework == "fsdp2";
    double expected = 0;
    for (const FsdpUnit& unit : f.units) {
        const double out = copies ? 2 * 2 * unit.parameters / bandwidth : 0.0;
        const double in = copies ? (2 + 4) * unit.parameters / bandwidth : 0.0;
        QVERIFY(near(unit.copyOutSeconds, out, 1e-12));
        QVERIFY(near(unit.copyInSeconds, in, 1e-12));
        expected += out * (forwardGathers + (unit.layer >= 0 ? backwardGathers : 0)) + in * reduces;
    }
    QVERIFY2(near(f.stepCopySeconds, expected, 1e-9), qPrintable(QString::number(f.stepCopySeconds)));
    // One pipeline rank: the step's data-parallel time carries them.
    QVERIFY(near(e.performance->dataParallelCopySeconds, f.stepCopySeconds, 1e-12));
    QVERIFY(e.performance->dataParallelSeconds >= f.stepCopySeconds);
}

QTEST_APPLESS_MAIN(TestDataParallelSync)
#include "tst_dataparallelsync.moc"
