// SPDX-License-Identifier: GPL-3.0-or-later
// Cluster edits (the cluster canvas's gestures) on the default example, 4 nodes × 8 H100 (GPU ids 0–31,
// node n holding ids 8n … 8n+7), TP=8 PP=2 DP=2: what each edit does, that an edit which changes nothing
// or names unknown ids reports false and leaves the design alone, and the one-click TP placement fix.

#include "design/clusteredit.h"
#include "design/placementfix.h"
#include "design/regroup.h"
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

Q_DECLARE_METATYPE(core::ClusterEdit)

namespace {
// "8 8 8 8": GPUs per node, in node order.
QString nodeSizes(const Cluster& cluster)
{
    QStringList sizes;
    for (const Node& node : cluster.nodes)
        sizes << QString::number(node.gpus.size());
    return sizes.join(QLatin1Char(' '));
}

std::vector<int> gpuIds(const Node& node)
{
    std::vector<int> ids;
    for (const Gpu& gpu : node.gpus)
        ids.push_back(gpu.id);
    return ids;
}
} // namespace

class TestClusterEdit : public QObject
{
    Q_OBJECT

private slots:
    void edits_data();
    void edits();
    void moveKeepsIdsAndOrder();
    void addAndDuplicateTakeFreshIds();
    void placeRankSwapsAndAutoPlaceRestores();
    void tpPlacementFix_data();
    void regroupOntoGpusLeft();
    void epPlacementFix();
    void tpPlacementFix();
};

void TestClusterEdit::edits_data()
{
    QTest::addColumn<ClusterEdit>("edit");
    QTest::addColumn<bool>("applied");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<int>("inService");

    const auto row = [](const char* name, ClusterEdit e, bool applied, const char* sizes, int inService) {
        QTest::newRow(name) << e << applied << QString::fromLatin1(sizes) << inService;
    };
    row("add a GPU to node 1", edit::AddGpus{1, 0, "h100-sxm-80gb", 1}, true, "8 9 8 8", 33);
    row("add two GPUs in a new node", edit::AddGpus{-1, -1, "b200-180gb", 2}, true, "8 8 8 8 2", 34);
    row("add an unknown GPU type", edit::AddGpus{1, 0, "tpu-v5", 1}, false, "8 8 8 8", 32);
    row("add to an unknown node", edit::AddGpus{9, 0, "h100-sxm-80gb", 1}, false, "8 8 8 8", 32);
    row("move GPU 0 to node 1", edit::MoveGpus{{0}, 1, 2}, true, "7 9 8 8", 32);
    row("move two GPUs to node 3", edit::MoveGpus{{9, 17}, 3, -1}, true, "8 7 7 10", 32);
    row("move an unknown GPU", edit::MoveGpus{{99}, 1, 0}, false, "8 8 8 8", 32);
    row("move a GPU to where it is", edit::MoveGpus{{3}, 0, 3}, false, "8 8 8 8", 32);
    row("remove node 2 and GPU 5", edit::Remove{{2}, {5}}, true, "7 8 8", 23);
    row("remove nothing known", edit::Remove{{7}, {77}}, false, "8 8 8 8", 32);
    row("add 2 nodes of 4 A100", edit::AddNodes{2, 4, "a100-80gb", ""}, true, "8 8 8 8 4 4", 40);
    row("add nodes with a fabric as intra link", edit::AddNodes{1, 4, "a100-80gb", "ib-ndr-400"}, false,
        "8 8 8 8", 32);
    row("duplicate nodes 0 and 3", edit::DuplicateNodes{{0, 3}}, true, "8 8 8 8 8 8", 48);
    row("take GPU 3 and 4 out of service", edit::SetInService{{3, 4}, false}, true, "8 8 8 8", 30);
    row("return a GPU that is in service", edit::SetInService{{3}, true}, false, "8 8 8 8", 32);
    row("slow node 1 to PCIe", edit::SetIntraLink{{1}, "pcie5"}, true, "8 8 8 8", 32);
    row("intra link unchanged", edit::SetIntraLink{{1}, "nvlink4"}, false, "8 8 8 8", 32);
    row("swap ranks 0 and 8", edit::PlaceRank{0, 8}, true, "8 8 8 8", 32);
    row("a rank onto its own GPU", edit::PlaceRank{0, 0}, false, "8 8 8 8", 32);
    row("a rank the layout lacks", edit::PlaceRank{32, 0}, false, "8 8 8 8", 32);
    row("auto-place a default placement", edit::AutoPlace{}, false, "8 8 8 8", 32);
}

void TestClusterEdit::edits()
{
    QFETCH(ClusterEdit, edit);
    QFETCH(bool, applied);
    QFETCH(QString, sizes);
    QFETCH(int, inService);
    const Design before = testing::example("default");
    Design design = before;
    QCOMPARE(applyClusterEdit(design, edit), applied);
    if (!applied)
        QVERIFY(design == before);
    else
        QVERIFY(!(design == before));
    QCOMPARE(nodeSizes(design.cluster), sizes);
    QCOMPARE(design.cluster.inServiceGpuCount(), inService);
}

void TestClusterEdit::moveKeepsIdsAndOrder()
{
    Design design = testing::example("default");
    // GPU 0 goes in front of the GPU at slot 2 of node 1 (id 10).
    QVERIFY(applyClusterEdit(design, edit::MoveGpus{{0}, 1, 2}));
    QCOMPARE(gpuIds(design.cluster.nodes[1]), (std::vector<int>{8, 9, 0, 10, 11, 12, 13, 14, 15}));
    QCOMPARE(gpuIds(design.cluster.nodes[0]), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
    // Within a node: GPU 1 to the end.
    QVERIFY(applyClusterEdit(design, edit::MoveGpus{{1}, 0, -1}));
    QCOMPARE(gpuIds(design.cluster.nodes[0]), (std::vector<int>{2, 3, 4, 5, 6, 7, 1}));
    // The nodes now hold 7 and 9 GPUs: the diagnostic says so.
    QVERIFY(testing::hasCode(evaluate(design).diagnostics, "cluster-nodes-nonuniform"));
}

void TestClusterEdit::addAndDuplicateTakeFreshIds()
{
    Design design = testing::example("default");
    QVERIFY(applyClusterEdit(design, edit::AddGpus{-1, -1, "h100-pcie-80gb", 2}));
    const Node& added = design.cluster.nodes.back();
    QCOMPARE(added.id, 4);
    QCOMPARE(added.intraLink, std::string("pcie5")); // the GPU type's usual link
    QCOMPARE(gpuIds(added), (std::vector<int>{32, 33}));
    QVERIFY(applyClusterEdit(design, edit::SetInService{{33}, false}));
    QVERIFY(applyClusterEdit(design, edit::DuplicateNodes{{4}}));
    const Node& copy = design.cluster.nodes.back();
    QCOMPARE(copy.id, 5);
    QCOMPARE(gpuIds(copy), (std::vector<int>{34, 35}));
    QVERIFY(copy.gpus[1].inService); // a copy is a new node, in service
}

void TestClusterEdit::placeRankSwapsAndAutoPlaceRestores()
{
    const Design original = testing::example("default");
    Design design = original;
    QVERIFY(applyClusterEdit(design, edit::PlaceRank{3, 12}));
    QCOMPARE(design.placement.size(), std::size_t{32});
    QCOMPARE(design.placement[3], 12);
    QCOMPARE(design.placement[12], 3); // rank 12 took rank 3's GPU
    const Evaluation e = evaluate(design);
    QVERIFY(e.explicitPlacement);
    QCOMPARE(e.ranks[3].nodeIndex, 1);
    QVERIFY(testing::hasCode(e.diagnostics, "tp-spans-nodes"));
    QVERIFY(applyClusterEdit(design, edit::AutoPlace{}));
    QVERIFY(design == original);
}

void TestClusterEdit::tpPlacementFix_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<bool>("explicitSwap"); // swap ranks 7 and 8 by an explicit placement
    QTest::addColumn<int>("remedy"); // -1: no fix offered
    QTest::addColumn<QString>("order");
    QTest::newRow("default: nothing to fix") << QStringLiteral("{}") << false << -1 << QString();
    QTest::newRow("explicit placement splits TP: auto-place")
        << QStringLiteral("{}") << true << int(TpPlacementRemedy::AutoPlace)
        << QStringLiteral("tp-cp-ep-dp-pp");
    QTest::newRow("DP first splits TP: TP first")
        << QStringLiteral(R"({"layout": {"order": "dp-tp-cp-ep-pp"}})") << false
        << int(TpPlacementRemedy::TpFirstOrder) << QStringLiteral("tp-dp-cp-ep-pp");
    // Six GPUs per node cannot hold a TP group of eight: no remedy keeps it inside a node.
    QTest::newRow("nodes too small for TP: no fix")
        << QStringLiteral(R"({"cluster": {"uniform": {"nodes": 6, "gpusPerNode": 6}}})") << false << -1
        << QString();
}

void TestClusterEdit::tpPlacementFix()
{
    QFETCH(QString, patch);
    QFETCH(bool, explicitSwap);
    QFETCH(int, remedy);
    QFETCH(QString, order);
    const LoadResult loaded = testing::patched("default", patch.toUtf8().constData());
    QVERIFY(loaded.design);
    Design design = *loaded.design;
    if (explicitSwap)
        QVERIFY(applyClusterEdit(design, edit::PlaceRank{7, 8}));
    const std::optional<TpPlacementFix> fix = suggestTpPlacementFix(design);
    QCOMPARE(fix.has_value(), remedy >= 0);
    if (!fix)
        return;
    QCOMPARE(int(fix->remedy), remedy);
    QCOMPARE(QString::fromStdString(orderToString(fix->order)), order);
    QVERIFY(fix->spanningBefore > 0);
}

// EP's fix: TP first and EP right after it, so that each EP group's ranks share a node; none for a
// dense model, none when the order already keeps them.
void TestClusterEdit::epPlacementFix()
{
    const LoadResult strided = testing::patched(
        "default",
        R"({"model": "mixtral-8x7b", "layout": {"tp": 1, "pp": 1, "ep": 8, "dp": 4, "order": "dp-ep-tp-cp-pp"}})");
    QVERIFY(strided.design);
    const std::optional<TpPlacementFix> fix = suggestEpPlacementFix(*strided.design);
    QVERIFY(fix);
    QCOMPARE(int(fix->remedy), int(TpPlacementRemedy::TpFirstOrder));
    QCOMPARE(QString::fromStdString(orderToString(fix->order)), QStringLiteral("tp-ep-dp-cp-pp"));
    QCOMPARE(fix->spanningBefore, 4);
    Design fixed = *strided.design;
    fixed.layout.order = fix->order;
    QVERIFY(!suggestEpPlacementFix(fixed));
    QVERIFY(!suggestEpPlacementFix(testing::example("default")));
}

// What if a node goes out of service: the layout regrouped onto the GPUs left keeps TP and PP and
// halves DP, and is slower per step (every rank placed).
void TestClusterEdit::regroupOntoGpusLeft()
{
    Design design = testing::example("default"); // 4 × 8 H100, TP 8 × PP 2 × DP 2
    QVERIFY(!regroupOntoGpusInService(design));
    QVERIFY(applyClusterEdit(design, edit::SetInService{{24, 25, 26, 27, 28, 29, 30, 31}, false}));
    const std::optional<Regrouped> regrouped = regroupOntoGpusInService(design);
    QVERIFY(regrouped);
    QCOMPARE(regrouped->dpBefore, 2);
    QCOMPARE(regrouped->dpAfter, 1);
    QCOMPARE(regrouped->design.layout.tp(), 8);
    QCOMPARE(regrouped->design.layout.pp(), 2);
    const Evaluation after = evaluate(regrouped->design);
    // Every rank placed; at DP 1 ZeRO-1 shards nothing, so the 70B model's states may no longer fit: memory
    // is the only error the regrouped layout may have, and it still has a step time.
    QVERIFY(after.valid() || after.failsOnlyInMemory());
    QVERIFY(
        std::all_of(after.ranks.begin(), after.ranks.end(), [](const RankInfo& r) { return r.gpuId >= 0; }));
    QVERIFY(after.performance && evaluate(testing::example("default")).performance);
    QVERIFY(after.performance->stepSeconds > evaluate(testing::example("default")).performance->stepSeconds);
    // Three nodes out: 8 GPUs cannot hold one TP 8 × PP 2 replica.
    QVERIFY(applyClusterEdit(
        design, edit::SetInService{{8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}, false}));
    QVERIFY(!regroupOntoGpusInService(design));
}

QTEST_APPLESS_MAIN(TestClusterEdit)
#include "tst_clusteredit.moc"
