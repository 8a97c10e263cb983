// SPDX-License-Identifier: GPL-3.0-or-later
// A process group of a design as a collective: its ranks in ring order on their GPUs, its links, and the
// message sizes of Megatron-LM's layers (tensor_parallel/mappings.py, MoEAlltoAllTokenDispatcher) and of
// TransformerEngine's ring attention, worked by hand for s = 2048, b = 1, h = 4096 in BF16.

#include "comm/collectivecost.h"
#include "comm/groupcollective.h"
#include "evaluate.h"
#include "memory/modelshard.h"
#include "support/testdesigns.h"

#include <QTest>

#include <cmath>

using namespace core;

namespace {
GroupCollective group(const Design& design, Dim dim, int index)
{
    const GroupCollectiveResult result = groupCollective(design, evaluate(design), dim, index);
    if (!result.group)
        qFatal("no group: %s", result.problem.c_str());
    return *result.group;
}

std::vector<int> ranksOf(const GroupCollective& g)
{
    std::vector<int> out;
    for (const GroupMember& m : g.members)
        out.push_back(m.rank);
    return out;
}
} // namespace

class TestGroupCollective : public QObject
{
    Q_OBJECT

private slots:
    void tpGroupStaysInItsNode();
    void dpGroupCrossesTheFabric();
    void collectiveFollowsZeroStage_data();
    void collectiveFollowsZeroStage();
    void messageSizes_data();
    void messageSizes();
    void unevenNodesArePricedConservatively();
    void groupsThatCannotPlay_data();
    void groupsThatCannotPlay();
    void linksFollowTheOp_data();
    void linksFollowTheOp();
};

// The default design: 4 nodes × 8 H100 (NVLink 4), TP=8 first in the order, so TP group 1 is ranks 8–15 on
// node 1 and never leaves NVLink.
void TestGroupCollective::tpGroupStaysInItsNode()
{
    const Design design = testing::example("default");
    const GroupCollective g = group(design, Dim::Tp, 1);
    QCOMPARE(ranksOf(g), (std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15}));
    for (std::size_t i = 0; i < g.members.size(); ++i) {
        QCOMPARE(g.members[i].nodeIndex, 1);
        QCOMPARE(g.members[i].slot, static_cast<int>(i));
    }
    QCOMPARE(g.nodes, 1);
    QCOMPARE(g.spec.ranksPerNode, 0);
    // Sequence parallelism is on: TP's all-reduce is an all-gather and a reduce-scatter of the same buffer
    // (Korthikanti et al. 2022, sec. 4.2.2); the group plays the all-gather.
    QCOMPARE(g.spec.op, CollectiveOp::AllGather);
    QCOMPARE(g.spec.algorithm, CollectiveAlgorithm::Ring);
    QCOMPARE(QString::fromStdString(g.intraLink.id), QStringLiteral("nvlink4"));
    const CollectiveCost cost = collectiveCost(g.spec, g.links);
    QVERIFY(cost.crossesIntraNode);
    QVERIFY(!cost.crossesInterNode);
}

// DP varies right after TP = 8 in the order tp-cp-ep-dp-pp, so DP group 0 is ranks 0 and 8, on nodes 0 and 1:
// so every hop crosses InfiniBand NDR (50 GB/s) and the same message takes 9× as long as it would on NVLink 4
// (450 GB/s).
void TestGroupCollective::dpGroupCrossesTheFabric()
{
    const Design design = testing::example("default");
    const GroupCollective g = group(design, Dim::Dp, 0);
    QCOMPARE(ranksOf(g), (std::vector<int>{0, 8}));
    QCOMPARE(g.nodes, 2);
    QCOMPARE(g.spec.ranksPerNode, 1);
    QVERIFY(!g.unevenNodes);
    QCOMPARE(QString::fromStdString(g.interLink.id), QStringLiteral("ib-ndr-400"));
    const CollectiveCost fabric = collectiveCost(g.spec, g.links);
    QVERIFY(fabric.crossesInterNode);
    CollectiveSpec inside = g.spec;
    inside.ranksPerNode = 0;
    const CollectiveCost nvlink = collectiveCost(inside, g.links);
    QVERIFY(!nvlink.crossesInterNode);
    // Bandwidth-bound: the ratio of the transfer parts is the ratio of the links' bandwidths.
    QCOMPARE(fabric.bandwidthSeconds / nvlink.bandwidthSeconds, 450.0 / 50.0);
}

void TestGroupCollective::collectiveFollowsZeroStage_data()
{
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<int>("op");
    // §4.3: DDP all-reduces the gradients; ZeRO-1/2/3 reduce-scatter them (the all-gather of parameters
    // follows).
    QTest::newRow("DDP: all-reduce") << 0 << static_cast<int>(CollectiveOp::AllReduce);
    QTest::newRow("ZeRO-1: reduce-scatter") << 1 << static_cast<int>(CollectiveOp::ReduceScatter);
    QTest::newRow("ZeRO-3: reduce-scatter") << 3 << static_cast<int>(CollectiveOp::ReduceScatter);
}

void TestGroupCollective::collectiveFollowsZeroStage()
{
    QFETCH(int, zeroStage);
    QFETCH(int, op);
    Design design = testing::example("default");
    design.layout.zeroStage = zeroStage;
    QCOMPARE(static_cast<int>(group(design, Dim::Dp, 0).spec.op), op);
}

void TestGroupCollective::messageSizes_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("bytes");
    const int tp = static_cast<int>(Dim::Tp), cp = static_cast<int>(Dim::Cp), ep = static_cast<int>(Dim::Ep),
              dp = static_cast<int>(Dim::Dp);
    const int ar = static_cast<int>(CollectiveOp::AllReduce), ag = static_cast<int>(CollectiveOp::AllGather),
              a2a = static_cast<int>(CollectiveOp::AllToAll);
    // s = 2048, b = 1, h = 4096, BF16 → the TP message is s·b·h·2 = 16,777,216 B: all-reduced without
    // sequence parallelism, all-gathered (and reduce-scattered) with it.
    QTest::newRow("hand-worked TP message")
        << "default"
        << R"({"model": {"preset": "llama-3.1-70b", "hidden": 4096, "heads": 32,
                                              "kvHeads": 8, "headDim": 128, "ffn": 14336},
                                              "workload": {"sequenceLength": 2048},
                                              "layout": {"sequenceParallel": false}})"
        << tp << ar << 16777216.0;
    // The default design: s·b·h·e = 8192 × 1 × 8192 × 2.
    QTest::newRow("default TP message") << "default"
                                        << "{}" << tp << ag << 8192.0 * 8192 * 2;
    // With CP = 4 each rank's sequence is s / 4: the reference article's 32K candidate sends
    // 8192 × 8192 × 2 per layer.
    QTest::newRow("reference 32K TP message (s/CP)") << "seed-70b-32k-512gpu"
                                                     << "{}" << tp << ag << 8192.0 * 8192 * 2;
    // Ring attention's KV block, 2·(s/CP)·b·(KV heads / TP)·d·e = 2 × 8192 × 1 × 1 × 128 × 2, one per CP
    // rank.
    QTest::newRow("reference 32K CP KV blocks") << "seed-70b-32k-512gpu"
                                                << "{}" << cp << ag << 4.0 * 2 * 8192 * 128 * 2;
    // T = 4096, k = 2, h = 4096, BF16 → T·k·h·2 = 67,108,864 B dispatched per GPU (Mixtral: h = 4096,
    // top-2).
    QTest::newRow("hand-worked EP dispatch") << "mixtral-8x7b-ep8"
                                             << "{}" << ep << a2a << 67108864.0;
    // Megatron-Core (Auto's framework for TP 2) reduces FP32 main_grad with BF16, which forces
    // accumulate_allreduce_grads_in_fp32 (arguments.py), and 16-bit gradients with FP16.
    QTest::newRow("teaching DDP gradients, BF16: FP32 main grads")
        << "teaching-4gpu"
        << R"({"layout": {"zeroStage": 0}})" << dp << ar << -4.0;
    QTest::newRow("teaching DDP gradients, FP16")
        << "teaching-4gpu"
        << R"({"workload": {"precision": "fp16-mixed"}, "layout": {"zeroStage": 0}})" << dp << ar << -2.0;
    QTest::newRow("teaching DDP gradients, FP32 main grads")
        << "teaching-4gpu"
        << R"({"workload": {"precision": "megatron-bf16"}, "layout": {"zeroStage": 0}})" << dp << ar << -4.0;
}

void TestGroupCollective::messageSizes()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(int, dim);
    QFETCH(int, op);
    QFETCH(double, bytes);
    const LoadResult loaded = testing::patched(example.toStdString(), patch.toUtf8().constData());
    QVERIFY2(loaded.design.has_value(), qPrintable(testing::describe(loaded.diagnostics)));
    const Design& design = *loaded.design;
    const GroupCollective g = group(design, static_cast<Dim>(dim), 0);
    QCOMPARE(static_cast<int>(g.spec.op), op);
    if (bytes < 0) {
        // One rank's shard of -bytes bytes each (Llama 3.1 8B on TP = 2: the memory model's shard, norms
        // replicated), about Ψ / 2.
        const double parameters = rankShard(design, 0).total();
        QVERIFY(std::abs(parameters / (countParameters(design.model).all.total() / 2) - 1) < 0.001);
        QCOMPARE(g.message.parameters, parameters);
        QCOMPARE(g.spec.bytes, parameters * -bytes);
    } else {
        QCOMPARE(g.spec.bytes, bytes);
        QCOMPARE(g.message.bytes, bytes);
    }
}

// An explicit placement that puts six of TP group 0's GPUs on node 0 and two on node 1: the spec can only
// say "g per node", so g = gcd(6, 2) = 2, and the members are in ring order node by node.
void TestGroupCollective::unevenNodesArePricedConservatively()
{
    Design design = testing::example("default");
    design.placement.clear();
    for (int rank = 0; rank < 32; ++rank)
        design.placement.push_back(rank);
    std::swap(design.placement[6], design.placement[8]);
    std::swap(design.placement[7], design.placement[9]);
    const Evaluation evaluation = evaluate(design);
    QVERIFY(evaluation.explicitPlacement);
    const GroupCollectiveResult result = groupCollective(design, evaluation, Dim::Tp, 0);
    QVERIFY(result.group);
    const GroupCollective& g = *result.group;
    QCOMPARE(ranksOf(g), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(g.members[6].nodeIndex, 1);
    QCOMPARE(g.nodes, 2);
    QVERIFY(g.unevenNodes);
    QCOMPARE(g.spec.ranksPerNode, 2);
    QVERIFY(collectiveCost(g.spec, g.links).crossesInterNode);
}

// Between nodes each kind of collective has its own link (grouplinks.h): a ring on as many rails as the group
// has members per node (NCCL builds one ring per card, src/graph/search.cc), all-to-all and a send on the
// sending GPU's one card (a remote peer's channels leave through its GPU's card, src/graph/paths.cc). TP
// group 0 of the default design placed with 6 GPUs on node 0 and 2 on node 1: 2 per node, 2 rails of
// InfiniBand NDR's 50 GB/s.
void TestGroupCollective::linksFollowTheOp_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("interGBps");
    QTest::newRow("all-reduce") << static_cast<int>(CollectiveOp::AllReduce) << 100.0;
    QTest::newRow("all-gather") << static_cast<int>(CollectiveOp::AllGather) << 100.0;
    QTest::newRow("reduce-scatter") << static_cast<int>(CollectiveOp::ReduceScatter) << 100.0;
    QTest::newRow("all-to-all") << static_cast<int>(CollectiveOp::AllToAll) << 50.0;
    QTest::newRow("send") << static_cast<int>(CollectiveOp::SendRecv) << 50.0;
}

void TestGroupCollective::linksFollowTheOp()
{
    QFETCH(int, op);
    QFETCH(double, interGBps);
    Design design = testing::example("default");
    design.placement.clear();
    for (int rank = 0; rank < 32; ++rank)
        design.placement.push_back(rank);
    std::swap(design.placement[6], design.placement[8]);
    std::swap(design.placement[7], design.placement[9]);
    const GroupCollective g = group(design, Dim::Tp, 0);
    QCOMPARE(g.rails, 2.0);
    const CollectiveLinks links = g.linksFor(static_cast<CollectiveOp>(op));
    QVERIFY2(std::abs(1 / links.interNode.beta - interGBps * 1e9) < 1, qPrintable(QString::number(1 / links.interNode.beta)));
    QCOMPARE(links.intraNode, g.links.intraNode);
    // The group's own op (all-reduce or all-gather) is priced on what linksFor gives it.
    QCOMPARE(g.links, g.linksFor(g.spec.op));
}

void TestGroupCollective::groupsThatCannotPlay_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("problem");
    const int tp = static_cast<int>(Dim::Tp), dp = static_cast<int>(Dim::Dp), pp = static_cast<int>(Dim::Pp);
    QTest::newRow("no such group") << "default"
                                   << "{}" << tp << 4
                                   << "there is no group tp:4; the design has 4 tp "
                                      "groups (tp:0 to tp:3)";
    QTest::newRow("negative index") << "default"
                                    << "{}" << tp << -1 << "there is no group tp:-1";
    QTest::newRow("pipeline stages") << "default"
                                     << "{}" << pp << 0 << "PP stages send activations point to point";
    QTest::newRow("serving replicas") << "serving-70b-tp4x2"
                                      << "{}" << dp << 0 << "serving replicas do not communicate";
    QTest::newRow("no mesh") << "default"
                             << R"({"layout": {"tp": 0}})" << tp << 0 << "the layout has no process groups";
    QTest::newRow("rank without a GPU")
        << "default"
        << R"({"cluster": {"uniform": {"nodes": 3}}})" << tp << 3 << "rank 24 of tp:3 has no GPU";
}

void TestGroupCollective::groupsThatCannotPlay()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(int, dim);
    QFETCH(int, index);
    QFETCH(QString, problem);
    const LoadResult loaded = testing::patched(example.toStdString(), patch.toUtf8().constData());
    QVERIFY2(loaded.design.has_value(), qPrintable(testing::describe(loaded.diagnostics)));
    const GroupCollectiveResult result
        = groupCollective(*loaded.design, evaluate(*loaded.design), static_cast<Dim>(dim), index);
    QVERIFY(!result.group);
    QVERIFY2(QString::fromStdString(result.problem).startsWith(problem), result.problem.c_str());
}

QTEST_APPLESS_MAIN(TestGroupCollective)
#include "tst_groupcollective.moc"
