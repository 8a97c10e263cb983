// SPDX-License-Identifier: GPL-3.0-or-later
// Ranks, coordinates, groups and placement, against Megatron-LM's documented examples and the reference
// article.

#include "design/mesh.h"
#include "design/placement.h"
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>
#include <limits>

using namespace core;
using Groups = std::vector<std::vector<int>>;
Q_DECLARE_METATYPE(Groups)

namespace {

std::vector<int> vec(std::span<const int> group)
{
    return {group.begin(), group.end()};
}
ParallelLayout layoutOf(int tp, int pp, int dp, int cp = 1, int ep = 1, const char* order = "tp-cp-ep-dp-pp")
{
    ParallelLayout layout;
    layout.setDegree(Dim::Tp, tp);
    layout.setDegree(Dim::Pp, pp);
    layout.setDegree(Dim::Dp, dp);
    layout.setDegree(Dim::Cp, cp);
    layout.setDegree(Dim::Ep, ep);
    layout.order = *parseOrder(order);
    return layout;
}
} // namespace

class TestLayout : public QObject
{
    Q_OBJECT

private slots:
    void parseOrder_data();
    void parseOrder();
    void megatronDocumentedGroups_data();
    void megatronDocumentedGroups();
    void articleWorldSize();
    void megatronExpertMode();
    void worldSizeSaturates();
    void defaultPlacementFillsNodes();
    void placementKeepsTpGroupsInsideUnevenNodes();
    void placementSkipsGpusOutOfService();
    void explicitPlacementSwapsRanks();
};

void TestLayout::parseOrder_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("normalised"); // empty: rejected
    QTest::newRow("Megatron default") << "tp-cp-ep-dp-pp"
                                      << "tp-cp-ep-dp-pp";
    QTest::newRow("partial keeps default slots") << "tp-dp-pp"
                                                 << "tp-cp-ep-dp-pp";
    QTest::newRow("dp innermost") << "dp-tp"
                                  << "dp-tp-cp-ep-pp";
    QTest::newRow("pp first") << "pp-tp"
                              << "pp-tp-cp-ep-dp";
    QTest::newRow("unknown name") << "tp-xp"
                                  << "";
    QTest::newRow("repeated name") << "tp-dp-tp"
                                   << "";
    QTest::newRow("empty") << ""
                           << "";
}

void TestLayout::parseOrder()
{
    QFETCH(QString, text);
    QFETCH(QString, normalised);
    const auto order = core::parseOrder(text.toStdString());
    if (normalised.isEmpty()) {
        QVERIFY(!order);
        return;
    }
    QVERIFY(order);
    QCOMPARE(QString::fromStdString(orderToString(*order)), normalised);
}

// Megatron-LM parallel_state.py, initialize_model_parallel docstring: 16 GPUs, TP=2, PP=4 (so DP=2),
// order tp-dp-pp.
void TestLayout::megatronDocumentedGroups_data()
{
    QTest::addColumn<int>("dim");
    QTest::addColumn<Groups>("groups");
    QTest::newRow("TP") << int(Dim::Tp)
                        << Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}};
    QTest::newRow("DP") << int(Dim::Dp)
                        << Groups{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}};
    QTest::newRow("PP") << int(Dim::Pp)
                        << Groups{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}};
}

void TestLayout::megatronDocumentedGroups()
{
    QFETCH(int, dim);
    QFETCH(Groups, groups);
    const LayoutMesh mesh = buildMesh(layoutOf(2, 4, 2, 1, 1, "tp-dp-pp"));
    QCOMPARE(mesh.worldSize, 16);
    QCOMPARE(mesh.groupsOf(Dim(dim)).toVectors(), groups);
    // Each rank's own group contains it.
    for (int rank = 0; rank < 16; ++rank) {
        const auto& own = mesh.groupOfRank(Dim(dim), rank);
        QVERIFY(std::find(own.begin(), own.end(), rank) != own.end());
    }
}

// The reference article, «Ein Layout aus der Topologie zusammensetzen»: «TP=8 innerhalb jedes Nodes über
// NVLink, PP=4 über Nodes hinweg, CP=4 … und DP=4 …; 8 × 4 × 4 × 4 = 512 GPUs.»
void TestLayout::articleWorldSize()
{
    const Design design = testing::example("seed-70b-32k-512gpu");
    QCOMPARE(design.layout.worldSize(), std::int64_t{512});
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.worldSize, std::int64_t{512});
    QCOMPARE(e.mesh.groupsOf(Dim::Tp).size(), std::size_t{64});
    QCOMPARE(e.mesh.groupsOf(Dim::Pp).size(), std::size_t{128});
    QCOMPARE(e.mesh.groupsOf(Dim::Cp).size(), std::size_t{128});
    QCOMPARE(e.mesh.groupsOf(Dim::Dp).size(), std::size_t{128});
    // Order tp-cp-ep-dp-pp: strides 1, 8, 32 (EP=1), 32, 128.
    QCOMPARE(vec(e.mesh.groupOfRank(Dim::Tp, 0)), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(vec(e.mesh.groupOfRank(Dim::Cp, 0)), (std::vector<int>{0, 8, 16, 24}));
    QCOMPARE(vec(e.mesh.groupOfRank(Dim::Dp, 0)), (std::vector<int>{0, 32, 64, 96}));
    QCOMPARE(vec(e.mesh.groupOfRank(Dim::Pp, 0)), (std::vector<int>{0, 128, 256, 384}));
    // Every TP group stays inside one node; every PP group crosses nodes.
    for (const auto& group : e.mesh.groupsOf(Dim::Tp))
        for (int rank : group)
            QCOMPARE(e.ranks[std::size_t(rank)].nodeIndex, e.ranks[std::size_t(group.front())].nodeIndex);
    const auto& pp = e.mesh.groupOfRank(Dim::Pp, 5);
    QVERIFY(e.ranks[std::size_t(pp[0])].nodeIndex != e.ranks[std::size_t(pp[1])].nodeIndex);
}

// Megatron-Core's expert groups: the same 16 ranks regrouped as expert-TP × EP × expert-DP × PP with the
// order's TP → expert TP and DP → expert DP (RankGenerator for experts, cp folded away).
void TestLayout::megatronExpertMode()
{
    ParallelLayout layout = layoutOf(2, 1, 8, 1, 4);
    layout.expertMode = ExpertMode::Megatron;
    QCOMPARE(layout.worldSize(), std::int64_t{16}); // EP does not multiply the world size
    const LayoutMesh mesh = buildMesh(layout);
    QCOMPARE(mesh.groupsOf(Dim::Ep).toVectors(), (Groups{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}}));
    QCOMPARE(vec(mesh.expertTpGroups.front()), (std::vector<int>{0, 1}));
    QCOMPARE(vec(mesh.expertDpGroups.front()), (std::vector<int>{0, 8}));
    QCOMPARE(mesh.coords[6][std::size_t(Dim::Ep)], 3);
    // The dense groups are unchanged by EP.
    QCOMPARE(vec(mesh.groupOfRank(Dim::Dp, 0)), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14}));

    // The reference article's convention: EP is a dimension of its own and multiplies the world size.
    ParallelLayout separate = layoutOf(2, 1, 2, 1, 4);
    QCOMPARE(separate.worldSize(), std::int64_t{16});
    QCOMPARE(vec(buildMesh(separate).groupOfRank(Dim::Ep, 0)), (std::vector<int>{0, 2, 4, 6}));
}

// Every degree may be 65,536 (limits::kMaxDegree), and four of them multiply past 2^63: the world size
// saturates, so validation names it too large (it wrapped to 0 before, undefined behaviour).
void TestLayout::worldSizeSaturates()
{
    constexpr int big = 65536;
    const ParallelLayout four = layoutOf(big, big, big, big, 1);
    QCOMPARE(four.worldSize(), std::numeric_limits<std::int64_t>::max());
    ParallelLayout five = layoutOf(big, big, big, big, big);
    five.expertMode = ExpertMode::Separate;
    QCOMPARE(five.worldSize(), std::numeric_limits<std::int64_t>::max());
    QCOMPARE(layoutOf(big, big, big, 2, 1).worldSize(), std::int64_t{1} << 49); // just below: exact
    // Validation names the product of the degrees, not the saturated number.
    Design design = testing::example("default");
    design.layout = four;
    const Evaluation e = evaluate(design);
    const auto tooLarge = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                       [](const Diagnostic& d) { return d.code == "world-size-too-large"; });
    QVERIFY(tooLarge != e.diagnostics.end());
    QVERIFY2(tooLarge->args.front().starts_with("DP 65536 × TP 65536"), tooLarge->args.front().c_str());
}

void TestLayout::defaultPlacementFillsNodes()
{
    const Cluster cluster = makeUniformCluster(2, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    const std::vector<int> gpus = defaultPlacement(cluster, layoutOf(8, 2, 1), 16);
    for (int rank = 0; rank < 16; ++rank)
        QCOMPARE(gpus[std::size_t(rank)], rank);
}

void TestLayout::placementKeepsTpGroupsInsideUnevenNodes()
{
    // Nodes of 8, 6 and 8 GPUs, TP=4: ranks 8–11 fill four of the middle node's six GPUs, and the next TP
    // group moves on to the third node instead of straddling the boundary.
    Cluster cluster = makeUniformCluster(3, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    cluster.nodes[1].gpus.resize(6);
    const std::vector<int> gpus = defaultPlacement(cluster, layoutOf(4, 1, 4), 16);
    QCOMPARE(gpus, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19}));

    // With TP not first in the order there is no group to protect: GPUs are filled in order.
    const std::vector<int> plain = defaultPlacement(cluster, layoutOf(4, 1, 4, 1, 1, "dp-tp"), 16);
    QCOMPARE(plain[12], 12);
}

void TestLayout::placementSkipsGpusOutOfService()
{
    Cluster cluster = makeUniformCluster(1, 4, "a100-80gb", "nvlink3", "ib-ndr-400");
    cluster.nodes[0].gpus[1].inService = false;
    std::vector<Diagnostic> diagnostics;
    const RankPlacement placed = placeRanks(cluster, layoutOf(1, 1, 3), {}, 3, diagnostics);
    QCOMPARE(placed.gpuOfRank, (std::vector<int>{0, 2, 3}));
    QVERIFY(diagnostics.empty());
}

void TestLayout::explicitPlacementSwapsRanks()
{
    Design design = testing::example("default");
    const int world = int(design.layout.worldSize());
    design.placement.resize(std::size_t(world));
    for (int rank = 0; rank < world; ++rank)
        design.placement[std::size_t(rank)] = rank;
    std::swap(design.placement[0], design.placement[31]);
    const Evaluation e = evaluate(design);
    QVERIFY(e.explicitPlacement);
    QCOMPARE(e.ranks[0].gpuId, 31);
    QCOMPARE(e.ranks[31].gpuId, 0);
    // Rank 0's TP group (ranks 0–7) now reaches into the last node.
    QVERIFY(testing::hasCode(e.diagnostics, "tp-spans-nodes"));
}

QTEST_APPLESS_MAIN(TestLayout)
#include "tst_layout.moc"
