// SPDX-License-Identifier: GPL-3.0-or-later
// DualPipe (bidirectional) in a design, against the deepseek-ai/DualPipe README's table ("Parameter per
// device 2×", "Activation per device PP+1") and dualpipe.py's assertions (PP even, micro-batches even and at
// least 2 × PP): the Mixtral 8x7B example with PP 4 (8 layers a stage), EP 8, 32 micro-batches.

#include "comm/groupcollective.h"
#include "comm/grouplinks.h"
#include "comm/stagecopy.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "memory/modelshard.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

Design pipelined(Schedule schedule, int pp = 4)
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.setDegree(Dim::Dp, 1);
    d.layout.schedule = schedule;
    d.layout.virtualStages = schedule == Schedule::DualPipe ? 2 : 1;
    return d;
}

// Llama 3.1 8B (h 4096, 32 layers, FFN 14,336, 8 KV heads of 128, vocabulary 128,256, untied) on two
// nodes of two H200, PP 4 and nothing else: rank r sits on node r / 2, so the DualPipe pairs (0, 3) and
// (1, 2) both cross the fabric (InfiniBand NDR, 50 GB/s per GPU). 8 micro-batches = 2 × PP.
Design llamaOnTwoNodes(Schedule schedule, int gpusPerNode = 2)
{
    const std::string patch = std::string(R"({"cluster": {"uniform": {"nodes": )")
        + std::to_string(4 / gpusPerNode) + R"(, "gpusPerNode": )" + std::to_string(gpusPerNode)
        + R"(, "gpu": "h200-141gb"}}, "workload": {"globalBatch": 8},
          "layout": {"pp": 4, "dp": 1, "zeroStage": 0, "schedule": ")"
        + std::string(enumName(schedule)) + R"(", "virtualStages": )"
        + (schedule == Schedule::DualPipe ? "2" : "1") + "}}";
    const LoadResult loaded = testing::patched("fsdp-1node-8gpu", patch.c_str());
    if (!loaded.design)
        qFatal("the Llama design does not load");
    return *loaded.design;
}

bool locatedError(const Evaluation& e, const std::string& code, const std::string& path)
{
    for (const Diagnostic& d : e.diagnostics)
        if (d.code == code && d.path == path && d.severity == Severity::Error)
            return true;
    return false;
}

} // namespace

class TestDualPipe : public QObject
{
    Q_OBJECT

private slots:
    void stagesHoldTheModelTwice();
    void twiceTheParametersAndPpPlusOneActivations();
    void overlappedPairAndModelFlops();
    void badLayoutsAreLocatedErrors_data();
    void badLayoutsAreLocatedErrors();
    void stageCopyGradientsCrossTheLinks_data();
    void stageCopyGradientsCrossTheLinks();
    void stageCopySumIsExposedAfterTheBackward();
    void stageCopyBytesHaveOneSource_data();
    void stageCopyBytesHaveOneSource();
    void embeddingCopies_data();
    void embeddingCopies();
};

// 2 × PP global stages: stage p + k is the model's stage k again, on rank p − 1 − k; both ends of the model
// (embedding, output head) on ranks 0 and p − 1.
void TestDualPipe::stagesHoldTheModelTwice()
{
    const Design d = pipelined(Schedule::DualPipe);
    QCOMPARE(modelStageCount(d.layout), 4);
    const std::vector<StageLayers> layers = stageLayers(d);
    QCOMPARE(layers.size(), std::size_t(8));
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(layers[std::size_t(k)].firstLayer, 8 * k);
        QCOMPARE(layers[std::size_t(4 + k)].firstLayer, 8 * k);
        QCOMPARE(layers[std::size_t(4 + k)].layers, 8);
    }
    QCOMPARE(stagesOfPipelineRank(d, 1), (std::vector<int>{1, 6})); // the model's stages 1 and 2
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const std::vector<StageWork>& stages = e.schedule->times.stages;
    QCOMPARE(stages.size(), std::size_t(8));
    QVERIFY(stages[0].embedding && stages[4].embedding && !stages[1].embedding);
    QVERIFY(stages[3].outputHead && stages[7].outputHead && !stages[4].outputHead);
    QCOMPARE(stages[4].rank, 3);
    QCOMPARE(stages[6].firstLayer, 16);
}

// The README's "Parameter per device 2×" against 1F1B on the same PP, and "Activation per device PP+1"
// stages (1F1B's first rank holds PP).
void TestDualPipe::twiceTheParametersAndPpPlusOneActivations()
{
    const Evaluation dual = evaluate(pipelined(Schedule::DualPipe));
    const Evaluation single = evaluate(pipelined(Schedule::OneFOneB));
    QVERIFY(dual.memory && single.memory);
    // Rank 1 has no embedding or head in either: its layers' parameters exactly double.
    const RankRole& d1 = dual.memory->roleOf(dual.schedule->pipelineRanks[1]);
    const RankRole& s1 = single.memory->roleOf(single.schedule->pipelineRanks[1]);
    QCOMPARE(d1.layers, 2 * s1.layers);
    QCOMPARE(d1.figure(MemoryCategory::Parameters).bytes, 2 * s1.figure(MemoryCategory::Parameters).bytes);
    // In-flight micro-batches in units of the rank's layers (two stages): (PP + 1) / 2 = 2.5, i.e. PP + 1 = 5
    // stages; 1F1B's first rank holds PP = 4 of its one stage.
    const RankRole& d0 = dual.memory->roleOf(dual.schedule->pipelineRanks[0]);
    const RankRole& s0 = single.memory->roleOf(single.schedule->pipelineRanks[0]);
    QCOMPARE(d0.inFlight, 2.5);
    QCOMPARE(s0.inFlight, 4.0);
    // The simulated schedule agrees: PP + 1 chunks at the peak.
    QCOMPARE(dual.schedule->timeline.ranks[0].peakInFlight, 5);
}

// The pair overlaps one micro-batch's forward with another's backward: with the EP all-to-alls exposed in
// each alone, the pair takes less than F + B (DeepSeek-V3 §3.2.1). Model FLOPs count each micro-batch once.
void TestDualPipe::overlappedPairAndModelFlops()
{
    const Evaluation dual = evaluate(pipelined(Schedule::DualPipe));
    const Evaluation single = evaluate(pipelined(Schedule::OneFOneB));
    QVERIFY(dual.schedule && dual.performance && single.performance);
    const ScheduleSpec& spec = dual.schedule->spec();
    QVERIFY(spec.forwardBackward > 0);
    QVERIFY(spec.forwardBackward < spec.forward + spec.backward + spec.weightGrad);
    bool pairs = false;
    for (const PipelineOp& op : dual.schedule->timeline.ranks[0].ops)
        pairs |= op.kind == PipelineOpKind::ForwardBackward;
    QVERIFY(pairs);
    QCOMPARE(dual.performance->modelFlopsPerStep, single.performance->modelFlopsPerStep);
    // Pipeline traffic: 2p − 2 boundaries crossed by m/2 micro-batches each, as many bytes as 1F1B's
    // p − 1 boundaries crossed by all m.
    QVERIFY(dual.traffic && single.traffic);
    QVERIFY(single.traffic->of(Dim::Pp).totalBytes > 0);
    QCOMPARE(dual.traffic->of(Dim::Pp).totalBytes, single.traffic->of(Dim::Pp).totalBytes);
}

void TestDualPipe::badLayoutsAreLocatedErrors_data()
{
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("globalBatch");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");
    QTest::newRow("PP=1 (odd)") << 1 << 256 << "schedule-dualpipe-ranks" << "/layout/pp";
    // PP 2 leaves DP 2 × EP 8 = 16 replicas: 112 sequences are 7 micro-batches.
    QTest::newRow("7 micro-batches") << 2 << 112 << "schedule-dualpipe-micro-batches" << "/workload/globalBatch";
    QTest::newRow("6 micro-batches < 2 × 4") << 4 << 48 << "schedule-dualpipe-micro-batches"
                                            << "/workload/globalBatch";
}

void TestDualPipe::badLayoutsAreLocatedErrors()
{
    QFETCH(int, pp);
    QFETCH(int, globalBatch);
    QFETCH(QString, code);
    QFETCH(QString, path);
    Design d = pipelined(Schedule::DualPipe, pp);
    d.layout.setDegree(Dim::Dp, 4 / pp); // 32 GPUs = PP × DP × EP 8
    d.workload.globalBatch = globalBatch;
    const Evaluation e = evaluate(d);
    QVERIFY2(locatedError(e, code.toStdString(), path.toStdString()), qPrintable(testing::describe(e.diagnostics)));
}

// Every rank r holds model stages r and PP−1−r, and the two copies' gradients are summed between ranks r
// and PP−1−r after the step (deepseek-ai/DualPipe examples/example_dualpipe.py: p0.grad += p1all[pp_size - 1
// - rank]). An all-reduce of two ranks sends 2(2−1)/2 = 1× the buffer per rank (commvolume.h), so each
// rank sends its whole gradients once per step, 4 bytes each (Auto takes Megatron-Core for a pipeline, whose
// BF16 training keeps and reduces FP32 main gradients). Llama 3.1 8B per layer: attention
// 2·4096·4096 + 2·4096·1024 = 41,943,040, MLP 3·4096·14,336 = 176,160,768, norms 2·4096: 218,112,000.
// Ranks 0 and 3 hold 16 layers (3,489,792,000), the embedding and the output head (128,256·4096 =
// 525,336,576 each) and the final norm (4096): 4,540,469,248 → 18,161,876,992 bytes. Ranks 1 and 2 hold 16
// layers: 13,959,168,000 bytes. The pipeline: 2 × 18,161,876,992 + 2 × 13,959,168,000 = 64,242,089,984
// bytes (twice the model's 8,030,261,248 parameters × 4 bytes). 1F1B keeps one copy: nothing to sum, and with
// DP 1 no data-parallel traffic at all.
void TestDualPipe::stageCopyGradientsCrossTheLinks_data()
{
    QTest::addColumn<int>("schedule");
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<double>("fabricBytes");
    QTest::addColumn<double>("nvlinkBytes");
    QTest::addColumn<double>("bytesPerGpu");
    QTest::newRow("DualPipe, pairs across two nodes")
        << int(Schedule::DualPipe) << 2 << 64242089984.0 << 0.0 << 18161876992.0;
    QTest::newRow("DualPipe, all four on one node")
        << int(Schedule::DualPipe) << 4 << 0.0 << 64242089984.0 << 18161876992.0;
    QTest::newRow("1F1B, one copy: nothing") << int(Schedule::OneFOneB) << 2 << 0.0 << 0.0 << 0.0;
}

void TestDualPipe::stageCopyGradientsCrossTheLinks()
{
    QFETCH(int, schedule);
    QFETCH(int, gpusPerNode);
    QFETCH(double, fabricBytes);
    QFETCH(double, nvlinkBytes);
    QFETCH(double, bytesPerGpu);
    const Evaluation e = evaluate(llamaOnTwoNodes(Schedule(schedule), gpusPerNode));
    QVERIFY2(e.traffic && e.performance, qPrintable(testing::describe(e.diagnostics)));
    const DimensionTraffic& dp = e.traffic->of(Dim::Dp);
    QCOMPARE(dp.bytesOn(LinkClass::Fabric), fabricBytes);
    QCOMPARE(dp.bytesOn(LinkClass::NvLink), nvlinkBytes);
    QCOMPARE(dp.bytesPerGpu, bytesPerGpu);
    QCOMPARE(dp.totalBytes, fabricBytes + nvlinkBytes);
}

// The sum runs after each rank's last backward with nothing to hide it (the example calls it after
// DualPipe.step() returns): the step grows by the slowest rank's end, and the time is the pair's all-reduce
// on its links. Across nodes a ring of two sends each rank's buffer once over 50 GB/s: at least
// 18,161,876,992 B / 50 GB/s = 0.3632 s on ranks 0 and 3, and no more than twice that (α–β model, NCCL's
// bus efficiency, collectivecost.h).
void TestDualPipe::stageCopySumIsExposedAfterTheBackward()
{
    const Design d = llamaOnTwoNodes(Schedule::DualPipe);
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule && e.performance, qPrintable(testing::describe(e.diagnostics)));
    const std::vector<StageCopySync>& copies = e.schedule->stageCopies;
    QCOMPARE(copies.size(), std::size_t(4));
    const std::array<double, 4> bytes{18161876992.0, 13959168000.0, 13959168000.0, 18161876992.0};
    double end = 0;
    for (int r = 0; r < 4; ++r) {
        const StageCopySync& copy = copies[std::size_t(r)];
        QCOMPARE(copy.partnerRank, 3 - r);
        QCOMPARE(copy.gradientBytes, bytes[std::size_t(r)]);
        QVERIFY(copy.crossesNodes);
        QCOMPARE(copy.backwardEnd, e.schedule->timeline.ranks[std::size_t(r)].lastEnd);
        const std::array<int, 2> pair{std::min(r, 3 - r), std::max(r, 3 - r)};
        QCOMPARE(copy.seconds,
                 collectiveSeconds(CollectiveOp::AllReduce, 2, copy.gradientBytes, groupLinks(d, e, pair)));
        QVERIFY(copy.seconds >= copy.gradientBytes / 50e9);
        QVERIFY(copy.seconds <= 2 * copy.gradientBytes / 50e9);
        end = std::max(end, copy.backwardEnd + copy.seconds);
    }
    const Performance& perf = *e.performance;
    QVERIFY(perf.dataParallelSeconds >= 0.3632);
    QCOMPARE(perf.dataParallelSeconds, end - perf.pipelineSeconds);
    QCOMPARE(perf.stepSeconds, perf.pipelineSeconds + perf.dataParallelSeconds + perf.optimizerSeconds);
    QVERIFY(perf.exposed.allReduce >= copies[0].seconds);
    // 1F1B on the same GPUs has no copies and, with DP 1, no synchronisation after the pipeline.
    const Evaluation single = evaluate(llamaOnTwoNodes(Schedule::OneFOneB));
    QVERIFY(single.schedule && single.performance);
    QVERIFY(single.schedule->stageCopies.empty());
    QCOMPARE(single.performance->dataParallelSeconds, 0.0);
}

// What the two copies of a stage sum is what the optimizer reads (comm/stagecopy.h). Without ZeRO, DDP
// all-reduces whole gradients and every rank updates its whole copy: the pair sums whole buffers. With the
// gradients reduce-scattered over the N data-parallel ranks (ZeRO-1 as Megatron's distributed optimizer,
// ZeRO-2/3, FSDP) each rank keeps and updates only its partition (ZeRO, SC'20 §7.2.1), which its partner at
// the same data-parallel position holds too: the pair sums Ψ_rank/N. Llama 3.1 8B, PP 4, FP32 gradients (4
// bytes: Auto takes Megatron-Core):
// ranks 0 and 3 hold 4,540,469,248 parameters, ranks 1 and 2 3,489,792,000 (see above); with N = 2 the
// partitions are half. The fabric carries the copies alone: per pipeline 2 × (ranks 0 + 1) bytes, times DP
// pipelines. The traffic, the step's StageCopySync and stageCopyBytes give the same bytes (the old code
// summed whole buffers at every ZeRO stage, in two places).
void TestDualPipe::stageCopyBytesHaveOneSource_data()
{
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<int>("dp");
    QTest::addColumn<double>("outerRankBytes");
    QTest::addColumn<double>("innerRankBytes");
    QTest::addColumn<double>("fabricBytes");
    QTest::newRow("DDP, DP 2: whole buffers")
        << 0 << 2 << 18161876992.0 << 13959168000.0 << 2 * 64242089984.0;
    QTest::newRow("ZeRO-1 (distributed optimizer), DP 2: partitions")
        << 1 << 2 << 9080938496.0 << 6979584000.0 << 64242089984.0;
    QTest::newRow("ZeRO-2, DP 2: partitions") << 2 << 2 << 9080938496.0 << 6979584000.0 << 64242089984.0;
    QTest::newRow("ZeRO-3 (FSDP), DP 2: partitions")
        << 3 << 2 << 9080938496.0 << 6979584000.0 << 64242089984.0;
    QTest::newRow("ZeRO-1, DP 1: nothing to shard over")
        << 1 << 1 << 18161876992.0 << 13959168000.0 << 64242089984.0;
}

void TestDualPipe::stageCopyBytesHaveOneSource()
{
    QFETCH(int, zeroStage);
    QFETCH(int, dp);
    QFETCH(double, outerRankBytes);
    QFETCH(double, innerRankBytes);
    QFETCH(double, fabricBytes);
    const Design d = testing::dualPipeLlama(zeroStage, dp);
    const Evaluation e = evaluate(d);
    QVERIFY2(e.traffic && e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const std::array<double, 4> bytes{outerRankBytes, innerRankBytes, innerRankBytes, outerRankBytes};
    QCOMPARE(e.schedule->stageCopies.size(), std::size_t(4));
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(stageCopyPartner(d, r), 3 - r);
        QCOMPARE(stageCopyBytes(d, r), bytes[std::size_t(r)]);
        QCOMPARE(e.schedule->stageCopies[std::size_t(r)].gradientBytes, bytes[std::size_t(r)]);
    }
    QCOMPARE(e.traffic->of(Dim::Dp).bytesOn(LinkClass::Fabric), fabricBytes);
    // Without copies (1F1B) nothing is summed.
    Design single = d;
    single.layout.schedule = Schedule::OneFOneB;
    single.layout.virtualStages = 1;
    QVERIFY(!hasStageCopies(single));
    QCOMPARE(stageCopyBytes(single, 0), 0.0);
}

// The other pipeline copy: a word embedding kept on the first and on the last stage — GPT-3's tied output
// head, or the input embedding of Llama given a prediction depth — whose gradients Megatron-LM all-reduces
// between the two after the data-parallel reduction (finalize_model_grads.py,
// _allreduce_word_embedding_grads), the padded vocabulary × hidden / TP of them, under FSDP the shard.
// Untied without depths, or with both ends on one rank (ZB-V's V placement), nothing is summed.
void TestDualPipe::embeddingCopies_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("mtpLayers");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<bool>("copies");
    QTest::newRow("GPT-3 175B, tied, 1F1B") << "gpt-3-175b" << true << 0 << "1f1b" << 1 << true;
    QTest::newRow("GPT-3 175B, tied, FSDP") << "gpt-3-175b" << true << 0 << "1f1b" << 3 << true;
    QTest::newRow("GPT-3 175B, untied") << "gpt-3-175b" << false << 0 << "1f1b" << 1 << false;
    QTest::newRow("GPT-3 175B, tied, ZB-V (both ends on rank 0)")
        << "gpt-3-175b" << true << 0 << "zb-v" << 3 << false;
    QTest::newRow("Llama 3.1 8B with a prediction depth")
        << "llama-3.1-8b" << false << 1 << "1f1b" << 1 << true;
}

void TestDualPipe::embeddingCopies()
{
    QFETCH(QString, model);
    QFETCH(bool, tied);
    QFETCH(int, mtpLayers);
    QFETCH(QString, schedule);
    QFETCH(int, zeroStage);
    QFETCH(bool, copies);
    Design d = testing::onOneNode(model.toStdString(), 4, "h100-sxm-80gb", "nvlink4");
    d.cluster = makeUniformCluster(4, 2, "h100-sxm-80gb", "nvlink4", "ib-ndr-400"); // one stage a node
    d.model.layers = 8;
    d.model.tiedEmbeddings = tied;
    d.model.mtpLayers = mtpLayers;
    d.layout = ParallelLayout{};
    d.layout.framework = Framework::MegatronCore;
    d.layout.setDegree(Dim::Tp, 1);
    d.layout.setDegree(Dim::Pp, 4);
    d.layout.setDegree(Dim::Dp, 2);
    d.layout.zeroStage = zeroStage;
    d.layout.schedule = *enumFromName<Schedule>(schedule.toStdString());
    if (schedule == QStringLiteral("zb-v")) { // torchtitan (FSDP2) runs it
        d.layout.framework = Framework::Fsdp2;
        d.layout.virtualStages = 2;
    }
    d.workload.globalBatch = 16;
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule && e.traffic && e.performance, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(pipelineCopies(d) == PipelineCopies::Embedding, copies);
    if (!copies) {
        QVERIFY(e.schedule->stageCopies.empty());
        QCOMPARE(stageCopyBytes(d, 0), 0.0);
        return;
    }
    Design serving = d; // inference sums no gradients
    serving.workload.mode = Mode::Serving;
    QCOMPARE(pipelineCopies(serving), PipelineCopies::None);
    const double elements = static_cast<double>(paddedVocab(d)) * d.model.hidden / (zeroStage >= 3 ? 2 : 1);
    QCOMPARE(stageCopyParameters(d, 0), elements);
    QCOMPARE(stageCopyParameters(d, 3), elements);
    QCOMPARE(stageCopyParameters(d, 1), 0.0);
    QCOMPARE(stageCopyPartner(d, 0), 3);
    QCOMPARE(stageCopyPartner(d, 3), 0);
    QCOMPARE(stageCopyPartner(d, 2), -1);
    // One pair per pipeline, its two ends on different nodes; the sum is the exposed all-reduce's.
    const auto pairs = stageCopyPairs(d, e.mesh, e.ranks);
    QCOMPARE(pairs.size(), std::size_t{2});
    for (const auto& pair : pairs) {
        QCOMPARE(e.ranks[static_cast<std::size_t>(pair[0])].coord(Dim::Pp), 0);
        QCOMPARE(e.ranks[static_cast<std::size_t>(pair[1])].coord(Dim::Pp), 3);
    }
    QCOMPARE(e.schedule->stageCopies.size(), std::size_t{4});
    const StageCopySync& first = e.schedule->stageCopies.front();
    QCOMPARE(first.copies, PipelineCopies::Embedding);
    QVERIFY(first.crossesNodes);
    QCOMPARE(first.gradientBytes, elements * gradientBytesPerElement(d));
    QVERIFY(first.seconds > 0);
    QCOMPARE(e.schedule->stageCopies[1].seconds, 0.0);
    QVERIFY(e.performance->exposed.allReduce >= first.seconds);
    const GroupCollectiveResult played = groupCollective(d, e, Dim::Pp, 1);
    QVERIFY(played.group);
    QCOMPARE(played.group->message.kind, GroupMessageKind::EmbeddingCopyGradients);
    QCOMPARE(played.group->message.bytes, first.gradientBytes);
}

QTEST_APPLESS_MAIN(TestDualPipe)
#include "tst_dualpipe.moc"
