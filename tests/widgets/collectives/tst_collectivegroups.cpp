// SPDX-License-Identifier: GPL-3.0-or-later
// The collective view playing the design's own groups: a group of the design plays, a group too large to
// draw says so, and the list of groups follows the design as it changes.

#include "collectives/collectivegeometry.h"
#include "collectives/collectivepanel.h"
#include "collectives/collectiveplayhead.h"
#include "collectives/collectiveview.h"
#include "diagnostics/diagnostictext.h"
#include "support/guitestmain.h"
#include "support/snapshots.h"
#include "support/testdesigns.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTreeWidget>

using namespace widgets;
using core::CollectiveAlgorithm;
using core::CollectiveOp;
using testing::snapshotOf;

Q_DECLARE_METATYPE(core::Dim)

class TestCollectiveGroups : public QObject
{
    Q_OBJECT

private slots:
    void playsAGroupOfTheDesign();
    void largeGroupsShowAMessage_data();
    void largeGroupsShowAMessage();
    void groupListFollowsTheDesign();
};

// Playing a real group of the current design. The default design's DP groups cross InfiniBand, its
// TP groups stay on NVLink.
void TestCollectiveGroups::playsAGroupOfTheDesign()
{
    CollectivePanel panel;
    panel.setSnapshot(snapshotOf(testing::example("default")));
    QSignalSpy selected(&panel, &CollectivePanel::groupSelected);
    QVERIFY(!panel.selectGroup(core::Dim::Tp, 4)); // no such group
    QVERIFY(!panel.selectGroup(core::Dim::Pp, 0)); // pipeline stages do not run a collective
    QVERIFY(!panel.selectGroup(core::Dim::Cp, 0)); // CP = 1: a single rank
    QVERIFY(!panel.selectedGroup());
    QCOMPARE(selected.count(), 0);

    QVERIFY(panel.selectGroup(core::Dim::Dp, 0));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.front().at(0).value<core::Dim>(), core::Dim::Dp);
    QCOMPARE(panel.selectedGroup()->second, 0);
    QCOMPARE(panel.spec().ranks, 2);
    QCOMPARE(panel.spec().ranksPerNode, 1);
    QCOMPARE(panel.spec().op, CollectiveOp::ReduceScatter);
    const CollectiveScene& scene = panel.view()->scene();
    QCOMPARE(scene.heads, (QStringList{QStringLiteral("rank 0"), QStringLiteral("rank 8")}));
    QCOMPARE(scene.details,
             (QStringList{QStringLiteral("node 0 · GPU 0"), QStringLiteral("node 1 · GPU 0")}));
    QCOMPARE(scene.nodeOfColumn, (std::vector<int>{0, 1}));
    QVERIFY(!panel.findChild<QSpinBox*>(QStringLiteral("ranksBox"))->isEnabled());
    const double fabric = panel.timeSeconds();
    // The fabric is 9× slower than NVLink 4 (50 vs 450 GB/s), and the panel says so.
    QVERIFY2(panel.figuresText().contains(QStringLiteral("crosses the fabric")),
             qPrintable(panel.figuresText()));
    QVERIFY2(panel.figuresText().contains(QStringLiteral("9× slower")), qPrintable(panel.figuresText()));

    // A TP group: ranks 8–15 on node 1, its caption names the real ranks.
    QVERIFY(panel.selectGroup(core::Dim::Tp, 1));
    QCOMPARE(panel.spec().ranks, 8);
    QCOMPARE(panel.spec().ranksPerNode, 0);
    QCOMPARE(panel.spec().bytes, 8192.0 * 8192 * 2);
    QCOMPARE(panel.view()->scene().rankIds, (std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15}));
    QVERIFY(panel.timeSeconds() < fabric);
    panel.view()->stepForward();
    // With sequence parallelism TP gathers (Korthikanti et al. 2022, sec. 4.2.2): a ring all-gather of 7
    // steps.
    QVERIFY2(panel.captionText().startsWith(QStringLiteral("Step 1 of 7 · All-Gather: rank 8 sends chunk ")),
             qPrintable(panel.captionText()));
    QVERIFY(panel.figuresText().contains(QStringLiteral("stays inside one node")));

    // The same group with another algorithm: without sequence parallelism, TP's all-reduce, which has a tree.
    core::Design withoutSp = testing::example("default");
    withoutSp.layout.sequenceParallel = false;
    panel.setSnapshot(snapshotOf(withoutSp));
    QVERIFY(panel.selectGroup(core::Dim::Tp, 1));
    QCOMPARE(panel.spec().op, CollectiveOp::AllReduce);
    auto* algorithms = panel.findChild<QComboBox*>(QStringLiteral("algorithmBox"));
    algorithms->setCurrentIndex(algorithms->findData(static_cast<int>(CollectiveAlgorithm::Tree)));
    QCOMPARE(panel.spec().algorithm, CollectiveAlgorithm::Tree);
    QCOMPARE(panel.spec().ranks, 8);
    QVERIFY(panel.selectedGroup());

    panel.useOwnValues();
    QVERIFY(!panel.selectedGroup());
    QVERIFY(panel.findChild<QSpinBox*>(QStringLiteral("ranksBox"))->isEnabled());
    QCOMPARE(panel.view()->scene().details, QStringList{});
}

// The animation shows 2–16 ranks. A real group beyond that is costed but not animated, and the
// view says why instead of drawing 32 columns.
void TestCollectiveGroups::largeGroupsShowAMessage_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<bool>("animated");
    QTest::newRow("DP group of 16 (TP 2 × DP 16): animated") << 2 << 16 << true;
    QTest::newRow("DP group of 32 (DP 32): a message") << 1 << 32 << false;
}

void TestCollectiveGroups::largeGroupsShowAMessage()
{
    QFETCH(int, tp);
    QFETCH(int, dp);
    QFETCH(bool, animated);
    core::Design design = testing::example("default"); // 32 GPUs
    design.layout.setDegree(core::Dim::Tp, tp);
    design.layout.setDegree(core::Dim::Pp, 1);
    design.layout.setDegree(core::Dim::Dp, dp);
    CollectivePanel panel;
    panel.setSnapshot(snapshotOf(design));
    QVERIFY(panel.selectGroup(core::Dim::Dp, 0));
    QCOMPARE(panel.spec().ranks, dp);
    QCOMPARE(panel.view()->hasTrace(), animated);
    QCOMPARE(panel.view()->message().isEmpty(), animated);
    if (!animated)
        QCOMPARE(panel.view()->message(),
                 QStringLiteral("This group has 32 ranks; the animation shows up to 16. Its time and "
                                "bandwidths are on the right."));
    QVERIFY(panel.timeSeconds() > 0); // costed either way
}

void TestCollectiveGroups::groupListFollowsTheDesign()
{
    CollectivePanel panel;
    // Shown, as a hidden panel builds its list only when shown or asked for (groupTree()).
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(snapshotOf(testing::example("default")));
    QTreeWidget* tree = panel.groupTree();
    // TP: 4 groups of 8; DP: 16 groups of 2; no CP or EP groups.
    QCOMPARE(tree->topLevelItemCount(), 2);
    QCOMPARE(tree->topLevelItem(0)->childCount(), 4);
    QCOMPARE(tree->topLevelItem(1)->childCount(), 16);
    QTreeWidgetItem* tp0 = tree->topLevelItem(0)->child(0);
    QTreeWidgetItem* dp0 = tree->topLevelItem(1)->child(0);
    QCOMPARE(tp0->text(1), QStringLiteral("0–7"));
    QCOMPARE(tp0->text(2), QStringLiteral("NVLink"));
    QCOMPARE(dp0->text(1), QStringLiteral("0, 8"));
    QCOMPARE(dp0->text(2), QStringLiteral("NVLink + fabric"));
    // Choosing a row plays it.
    QSignalSpy selected(&panel, &CollectivePanel::groupSelected);
    dp0->setSelected(true);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(panel.selectedGroup()->first, core::Dim::Dp);

    // The design changes: TP = 4 and DP = 4 give 8 TP groups and 8 DP groups of 4; the chosen DP group plays
    // again with its new ranks.
    core::Design design = testing::example("default");
    design.layout.setDegree(core::Dim::Tp, 4);
    design.layout.setDegree(core::Dim::Dp, 4);
    panel.setSnapshot(snapshotOf(design));
    QCOMPARE(tree->topLevelItem(0)->childCount(), 8);
    QVERIFY(panel.selectedGroup());
    QCOMPARE(panel.spec().ranks, 4);
    QCOMPARE(panel.view()->scene().heads.size(), 4);
    // Serving replicas do not talk: a serving design lists its TP groups only.
    panel.setSnapshot(snapshotOf(testing::example("serving-70b-tp4x2")));
    QVERIFY(!panel.selectedGroup());
    QCOMPARE(tree->topLevelItemCount(), 1);
    // The count goes through %n: without the application's English catalogue (this suite loads none) Qt
    // writes the source's "group(s)".
    QVERIFY2(tree->topLevelItem(0)->text(0).startsWith(QStringLiteral("TP: 2 group(s) of 4")),
             qPrintable(tree->topLevelItem(0)->text(0)));
    QVERIFY(!panel.selectGroup(core::Dim::Dp, 0));
    panel.setSnapshot(snapshotOf(design));
    QVERIFY(panel.selectGroup(core::Dim::Dp, 0));
    // A design without that group any more: back to the own values.
    QVERIFY(panel.selectGroup(core::Dim::Tp, 7));
    design.layout.setDegree(core::Dim::Tp, 8);
    design.layout.setDegree(core::Dim::Dp, 2);
    panel.setSnapshot(snapshotOf(design));
    QVERIFY(!panel.selectedGroup());
    QVERIFY(panel.view()->hasTrace());
}

MESHWRIGHT_GUI_TEST_MAIN(TestCollectiveGroups)
#include "tst_collectivegroups.moc"
