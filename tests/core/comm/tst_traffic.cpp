// SPDX-License-Identifier: GPL-3.0-or-later
// Which links each dimension's traffic crosses and how many bytes per training step, against hand-computed
// values with the formulas of docs/communication-volume.md. The reference article's 512-GPU example first:
// its figure says the TP all-reduce stays on NVLink inside a node while the DP gradient collectives and the
// PP activations cross the network.

#include "comm/commvolume.h"
#include "comm/traffic.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "report/evaluationio.h"
#include "support/testdesigns.h"

#include <QTest>
#include <numeric>

using namespace core;

Q_DECLARE_METATYPE(core::Dim)

namespace {
const TrafficReport& trafficOf(const Evaluation& e)
{
    if (!e.traffic)
        qFatal("the evaluation has no traffic report");
    return *e.traffic;
}
} // namespace

class TestTraffic : public QObject
{
    Q_OBJECT

private slots:
    void articleExample_data();
    void articleExample();
    void articleLinkTotals();
    void articleJson();
    void ncclRingCrossesTheFabricOncePerNode();
    void pcieNodesCarryTpOverPcie();
    void pipelineSendsPerSchedule_data();
    void pipelineSendsPerSchedule();
    void zeroStagesAndPrecision_data();
    void zeroStagesAndPrecision();
    void fsdpCadence_data();
    void fsdpCadence();
    void expertAllToAllInsideANode();
    void movingAGpuMovesTraffic();
    void noTrafficWhenServingOrIncomplete();
};

// The reference article, «Ein Layout aus der Topologie zusammensetzen»: Llama 3.1 70B, 32K
// context, 64 nodes × 8 H100, TP=8 PP=4 CP=4 DP=4, order tp-cp-ep-dp-pp. The example file adds ZeRO-1,
// SP, micro-batch 1, global batch 256, BF16 mixed precision.
//   s = 32768, b = 1, h = 8192, e = 2 bytes, 80 layers → 20 per stage, KV heads 8 of dim 128;
//   micro-batches m = 256 / (1 × DP 4) = 64; rank r = tp + 8·cp + 32·dp + 128·pp, node = r / 8.
void TestTraffic::articleExample_data()
{
    QTest::addColumn<Dim>("dim");
    QTest::addColumn<double>("bytesPerGpu");
    QTest::addColumn<double>("totalBytes");
    QTest::addColumn<double>("nvlinkShare");
    QTest::addColumn<double>("fabricShare");
    QTest::addColumn<int>("groupSize");
    QTest::addColumn<int>("groupsSpanningNodes");

    // TP (sequence parallelism: 4 AG + 4 RS per layer per micro-batch, each (t−1)/t of s/CP·b·h·e):
    //   message = 8192 · 1 · 8192 · 2 = 134,217,728 B; per layer 8 · 7/8 · 134,217,728 = 939,524,096 B;
    //   × 20 layers × 64 micro-batches = 1,202,590,842,880 B per GPU; × 512 GPUs = 615,726,511,554,560 B.
    //   Ranks 8n … 8n+7 form a TP group on node n: all on NVLink.
    QTest::newRow("512 GPUs: TP stays on NVLink")
        << Dim::Tp << 1202590842880.0 << 615726511554560.0 << 1.0 << 0.0 << 8 << 0;
    // PP ([s/CP/t with SP, b, h] per boundary per micro-batch, forward and backward):
    //   8192/8 · 1 · 8192 · 2 = 16,777,216 B; a middle stage sends forward and backward:
    //   2 · 16,777,216 · 64 = 2,147,483,648 B. All GPUs: 128 PP groups × 3 boundaries × 2 directions ×
    //   16,777,216 × 64 = 824,633,720,832 B. PP neighbours are 128 ranks = 16 nodes apart: fabric only.
    QTest::newRow("512 GPUs: PP crosses the fabric")
        << Dim::Pp << 2147483648.0 << 824633720832.0 << 0.0 << 1.0 << 4 << 128;
    // DP (ZeRO-1: reduce-scatter of gradients + all-gather of weights = (N−1)/N·Ψ·(e_g + e)) over the
    //   ranks holding the same parameters, DP × CP = 16; Megatron-Core (Auto's framework) reduces its FP32
    //   main gradients, e_g = 4 (BF16 forces accumulate_allreduce_grads_in_fp32), and gathers BF16
    //   weights, e = 2. Ψ per rank (TP=8, 20 layers):
    //   layer = (2·8192² + 2·8192·1024 + 3·8192·28672)/8 + 2·8192 = 106,971,136;
    //   embedding/output shard = 129,024 (vocab padded to 128·8) · 8192 / 8 = 132,120,576; final norm 8192.
    //   first stage 2,271,543,296; middle 2,139,422,720; last 2,271,551,488.
    //   Busiest (last stage): 15/16 · 2,271,551,488 · (4 + 2) = 12,777,477,120 B.
    //   All: 128 GPUs per stage × 5.625 × (2,271,543,296 + 2 · 2,139,422,720 + 2,271,551,488)
    //   = 6,351,796,961,280 B. The 16 ranks tp + 8k (+128·pp) sit on 16 different nodes.
    QTest::newRow("512 GPUs: DP crosses the fabric")
        << Dim::Dp << 12777477120.0 << 6351796961280.0 << 0.0 << 1.0 << 16 << 32;
    // CP (ring attention: 3(CP−1) KV blocks per layer per micro-batch):
    //   block = 2 · 8192 · 1 · (8 KV heads / 8) · 128 · 2 = 4,194,304 B; per layer 9 · 4,194,304 =
    //   37,748,736; × 20 × 64 = 48,318,382,080 B per GPU; × 512 = 24,739,011,624,960 B. Ranks tp + 8·cp sit
    //   on 4 consecutive nodes.
    QTest::newRow("512 GPUs: CP crosses the fabric")
        << Dim::Cp << 48318382080.0 << 24739011624960.0 << 0.0 << 1.0 << 4 << 128;
    QTest::newRow("512 GPUs: no EP") << Dim::Ep << 0.0 << 0.0 << 0.0 << 0.0 << 1 << 0;
}

void TestTraffic::articleExample()
{
    QFETCH(Dim, dim);
    QFETCH(double, bytesPerGpu);
    QFETCH(double, totalBytes);
    QFETCH(double, nvlinkShare);
    QFETCH(double, fabricShare);
    QFETCH(int, groupSize);
    QFETCH(int, groupsSpanningNodes);
    const Design design = testing::example("seed-70b-32k-512gpu");
    const Evaluation e = evaluate(design);
    QCOMPARE(e.microBatches, std::int64_t{64});
    const DimensionTraffic& t = trafficOf(e).of(dim);
    QCOMPARE(t.bytesPerGpu, bytesPerGpu);
    QCOMPARE(t.totalBytes, totalBytes);
    QCOMPARE(t.share(LinkClass::NvLink), nvlinkShare);
    QCOMPARE(t.share(LinkClass::Fabric), fabricShare);
    QCOMPARE(t.share(LinkClass::Pcie), 0.0);
    QCOMPARE(t.groupSize(), groupSize);
    QCOMPARE(t.groupsSpanningNodes, groupsSpanningNodes);
    // Per node: NVLink traffic only where the dimension stays inside nodes, fabric traffic only where not.
    const double intra = std::accumulate(t.intraNodeBytes.begin(), t.intraNodeBytes.end(), 0.0);
    const double fabric = std::accumulate(t.fabricBytes.begin(), t.fabricBytes.end(), 0.0);
    QCOMPARE(intra, totalBytes * nvlinkShare);
    QCOMPARE(fabric, totalBytes * fabricShare);
}

void TestTraffic::articleLinkTotals()
{
    const Evaluation e = evaluate(testing::example("seed-70b-32k-512gpu"));
    const TrafficReport& t = trafficOf(e);
    // NVLink carries TP alone; the fabric carries PP + DP + CP (the rows above):
    // 824,633,720,832 + 6,351,796,961,280 + 24,739,011,624,960 = 31,915,442,307,072 B per step.
    QCOMPARE(t.bytesOn(LinkClass::NvLink), 615726511554560.0);
    QCOMPARE(t.bytesOn(LinkClass::Fabric), 31915442307072.0);
    QCOMPARE(t.bytesOn(LinkClass::Pcie), 0.0);
}

void TestTraffic::articleJson()
{
    const Design design = testing::example("seed-70b-32k-512gpu");
    const Json out = evaluationToJson(design, evaluate(design));
    QVERIFY(out.contains("traffic"));
    const Json& traffic = out["traffic"];
    COMPARE_JSON(traffic["microBatches"], Json(64));
    COMPARE_JSON(traffic["linkBytes"], Json::parse(R"({"nvlink": 615726511554560, "pcie": 0,
                                                        "fabric": 31915442307072})"));
    const Json& tp = traffic["dimensions"]["tp"];
    COMPARE_JSON(tp["crosses"], Json::parse(R"(["nvlink"])"));
    COMPARE_JSON(tp["bytesPerGpu"], Json(std::int64_t{1202590842880}));
    COMPARE_JSON(tp["shares"], Json::parse(R"({"nvlink": 1.0, "pcie": 0.0, "fabric": 0.0})"));
    COMPARE_JSON(tp["pattern"], Json("ring"));
    COMPARE_JSON(tp["groups"], Json(64));
    COMPARE_JSON(tp["groupSize"], Json(8));
    for (const char* dim : {"pp", "dp", "cp"}) {
        COMPARE_JSON(traffic["dimensions"][dim]["crosses"], Json::parse(R"(["fabric"])"));
        QVERIFY2(traffic["dimensions"][dim]["explanation"]["formula"].is_string(), dim);
    }
    COMPARE_JSON(traffic["dimensions"]["pp"]["pattern"], Json("chain"));
    COMPARE_JSON(traffic["dimensions"]["ep"]["crosses"], Json::array());
}

// The default example (4 × 8 H100, TP=8 PP=2 DP=2) with DP varying fastest: TP group 0 is ranks 0, 2, …, 14,
// four on node 0 and four on node 1. NCCL's ring goes through the four GPUs of one node, then the other:
// 2 of its 8 hops cross the fabric (a ring in rank order would cross on all 8).
void TestTraffic::ncclRingCrossesTheFabricOncePerNode()
{
    const LoadResult loaded = testing::patched("default", R"({"layout": {"order": "dp-tp-cp-ep-pp"}})");
    QVERIFY(loaded.design);
    const Evaluation e = evaluate(*loaded.design);
    const DimensionTraffic& tp = trafficOf(e).of(Dim::Tp);
    QCOMPARE(tp.paths.front(), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14}));
    QCOMPARE(tp.share(LinkClass::Fabric), 0.25);
    QCOMPARE(tp.share(LinkClass::NvLink), 0.75);
    QCOMPARE(tp.groupsSpanningNodes, 4); // all four TP groups
    QVERIFY(testing::hasCode(e.diagnostics, "tp-spans-nodes"));
}

void TestTraffic::pcieNodesCarryTpOverPcie()
{
    const LoadResult loaded
        = testing::patched("default", R"({"cluster": {"uniform": {"intraLink": "pcie5"}}})");
    QVERIFY(loaded.design);
    const Evaluation e = evaluate(*loaded.design);
    const DimensionTraffic& tp = trafficOf(e).of(Dim::Tp);
    QCOMPARE(tp.share(LinkClass::Pcie), 1.0);
    QCOMPARE(tp.share(LinkClass::NvLink), 0.0);
}

// Per micro-batch p − 1 boundary crossings, v·p − 1 interleaved, 2p − 1 for V shapes with the middle
// one on one rank (2p − 2 sends) — pipelineBoundarySends. The 512-GPU example with PP=4 and 64 micro-batches.
void TestTraffic::pipelineSendsPerSchedule_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("sends");
    QTest::addColumn<bool>("closed");
    QTest::newRow("1f1b: p − 1 = 3") << QStringLiteral(R"({"layout": {"schedule": "1f1b"}})") << 3 << false;
    QTest::newRow("interleaved v=2: v·p − 1 = 7")
        << QStringLiteral(R"({"layout": {"schedule": "interleaved", "virtualStages": 2}})") << 7 << true;
    QTest::newRow("zb-v: 2p − 2 = 6")
        << QStringLiteral(R"({"layout": {"schedule": "zb-v", "virtualStages": 2}})") << 6 << false;
}

void TestTraffic::pipelineSendsPerSchedule()
{
    QFETCH(QString, patch);
    QFETCH(int, sends);
    QFETCH(bool, closed);
    const LoadResult loaded = testing::patched("seed-70b-32k-512gpu", patch.toUtf8().constData());
    QVERIFY(loaded.design);
    const Design& d = *loaded.design;
    QCOMPARE(
        pipelineBoundarySends(d.layout.pp(), d.layout.virtualStages,
                              d.layout.schedule == Schedule::ZbV || d.layout.schedule == Schedule::DualPipeV),
        sends);
    const Evaluation e = evaluate(d);
    const DimensionTraffic& pp = trafficOf(e).of(Dim::Pp);
    // 128 groups × sends × 2 directions × 16,777,216 B × 64 micro-batches.
    QCOMPARE(pp.totalBytes, 128.0 * sends * 2 * 16777216.0 * 64);
    QCOMPARE(pp.closedChain, closed);
}

// DDP's all-reduce equals ZeRO-1's reduce-scatter + all-gather when gradients and weights have the same
// precision (ZeRO paper §7). Megatron's FP32 main gradients are reduced in FP32 while the BF16 weights are
// gathered: (4 + 2) / (2 + 2) = 1.5× BF16 mixed precision.
void TestTraffic::zeroStagesAndPrecision_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<double>("ratio");
    // ZeRO-1 moves (N−1)/N·Ψ·(4 + 2): FP32 gradients reduce-scattered, BF16 weights gathered.
    // DDP all-reduces the FP32 gradients: 2(N−1)/N·Ψ·4, 4/3 of it.
    QTest::newRow("ZeRO-0 (DDP) = 4/3 × ZeRO-1")
        << QStringLiteral(R"({"layout": {"zeroStage": 0}})") << 4.0 / 3;
    QTest::newRow("ZeRO-2 = ZeRO-1") << QStringLiteral(R"({"layout": {"zeroStage": 2}})") << 1.0;
    QTest::newRow("megatron-bf16 = bf16-mixed under Megatron-Core")
        << QStringLiteral(R"({"workload": {"precision": "megatron-bf16"}})") << 1.0;
    // FP16 gradients stay 16-bit in Megatron-LM: (2 + 2) / (4 + 2).
    QTest::newRow("FP16 = 2/3 ×") << QStringLiteral(R"({"workload": {"precision": "fp16-mixed"}})")
                                  << 2.0 / 3;
}

void TestTraffic::zeroStagesAndPrecision()
{
    QFETCH(QString, patch);
    QFETCH(double, ratio);
    const LoadResult loaded = testing::patched("seed-70b-32k-512gpu", patch.toUtf8().constData());
    QVERIFY(loaded.design);
    const double dp = trafficOf(evaluate(*loaded.design)).of(Dim::Dp).bytesPerGpu;
    QCOMPARE(dp, 12777477120.0 * ratio);
}

// Mixtral 8x7B, EP=8 inside each node (the example): T = 4096 tokens per GPU, top-2, h = 4096, e = 2 →
// payload 4096 · 2 · 4096 · 2 = 67,108,864 B per all-to-all, 7/8 of it leaves the GPU: 58,720,256 B;
// × 4 all-to-alls × 32 MoE layers × 8 micro-batches (256 / (DP 4 × EP 8)) = 60,129,542,144 B per GPU.
// ZeRO-3 as FSDP2 runs it (docs/communication-volume.md), on the FSDP example: 8 GPUs, global batch 64,
// micro-batch 1, so 8 micro-batches per step. Each micro-batch gathers the parameters (twice when resharding
// after forward) and reduce-scatters the gradients, unless gradient sync waits for the last. In units of
// u = (N−1)/N·Ψ: ZeRO-1 (DeepSpeed, Auto's framework at ZeRO-1, 16-bit gradients) reduce-scatters 2u and
// gathers 2u bytes, 4u; FSDP2 gathers BF16 parameters, 2u each, and reduce-scatters in reduce_dtype FP32,
// 4u (torchtitan's mixed_precision_reduce).
void TestTraffic::fsdpCadence_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<double>("ratio");
    QTest::newRow("the example (reshard, sync each) = 8 × (2 + 2 + 4) / 4") << QStringLiteral("{}") << 16.0;
    QTest::newRow("without reshard = 8 × (2 + 4) / 4")
        << QStringLiteral(R"({"layout": {"reshardAfterForward": false}})") << 12.0;
    QTest::newRow("gathered all step = (2 + 4) / 4") << QStringLiteral(
        R"({"layout": {"reshardAfterForward": false, "gradientSyncEveryMicroBatch": false}})")
                                                     << 1.5;
    QTest::newRow("sync on the last = (16 × 2 + 4) / 4")
        << QStringLiteral(R"({"layout": {"gradientSyncEveryMicroBatch": false}})") << 9.0;
}

void TestTraffic::fsdpCadence()
{
    QFETCH(QString, patch);
    QFETCH(double, ratio);
    const LoadResult zero1 = testing::patched("fsdp-1node-8gpu", R"({"layout": {"zeroStage": 1}})");
    const LoadResult loaded = testing::patched("fsdp-1node-8gpu", patch.toUtf8().constData());
    QVERIFY(zero1.design && loaded.design);
    QCOMPARE(frameworkOf(*loaded.design), Framework::Fsdp2); // Auto: ZeRO-3 without model parallelism
    const double once = trafficOf(evaluate(*zero1.design)).of(Dim::Dp).bytesPerGpu;
    QVERIFY(once > 0);
    QCOMPARE(trafficOf(evaluate(*loaded.design)).of(Dim::Dp).bytesPerGpu, once * ratio);
}

void TestTraffic::expertAllToAllInsideANode()
{
    const Evaluation e = evaluate(testing::example("mixtral-8x7b-ep8"));
    const DimensionTraffic& ep = trafficOf(e).of(Dim::Ep);
    QCOMPARE(ep.bytesPerGpu, 60129542144.0);
    QCOMPARE(ep.share(LinkClass::NvLink), 1.0);
    QCOMPARE(ep.groupsSpanningNodes, 0);
    QCOMPARE(ep.pattern, TrafficPattern::AllToAll);
}

// The links follow the placement: an explicit placement that swaps rank 7 (node 0) with rank 8 (node 1)
// splits two TP groups across the nodes, and their rings now cross the fabric twice each.
void TestTraffic::movingAGpuMovesTraffic()
{
    Design design = testing::example("default");
    const Evaluation before = evaluate(design);
    QCOMPARE(trafficOf(before).of(Dim::Tp).share(LinkClass::Fabric), 0.0);
    design.placement.resize(32);
    for (int rank = 0; rank < 32; ++rank)
        design.placement[std::size_t(rank)] = rank;
    std::swap(design.placement[7], design.placement[8]);
    const Evaluation after = evaluate(design);
    const DimensionTraffic& tp = trafficOf(after).of(Dim::Tp);
    QCOMPARE(tp.groupsSpanningNodes, 2);
    // 4 TP groups × 8 hops; two groups have 2 fabric hops each: 4 of 32 hops, all of equal size.
    QCOMPARE(tp.share(LinkClass::Fabric), 4.0 / 32.0);
    QVERIFY(tp.fabricBytes[0] > 0 && tp.fabricBytes[1] > 0 && tp.fabricBytes[2] == 0);
}

void TestTraffic::noTrafficWhenServingOrIncomplete()
{
    QVERIFY(!evaluate(testing::example("serving-70b-tp4x2")).traffic);
    // 64 GPUs asked of a 32-GPU cluster: ranks without a GPU, so no links to speak of.
    const LoadResult loaded = testing::patched("default", R"({"layout": {"dp": 4}})");
    QVERIFY(loaded.design);
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY(testing::hasCode(e.diagnostics, "world-size-exceeds-gpus"));
    QVERIFY(!e.traffic);
}

QTEST_APPLESS_MAIN(TestTraffic)
#include "tst_traffic.moc"
