// SPDX-License-Identifier: GPL-3.0-or-later
// Where the collective view draws its cells: apart at every group size, with room for the legend, in the
// topology's positions, and what each cell says.

#include "collectives/collectivegeometry.h"
#include "collectives/collectivepanel.h"
#include "collectives/collectiveplayhead.h"
#include "collectives/collectiveview.h"
#include "diagnostics/diagnostictext.h"
#include "support/guitestmain.h"
#include "support/qtstrings.h"
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
using testing::strings;

Q_DECLARE_METATYPE(core::Dim)

class TestCollectiveGeometry : public QObject
{
    Q_OBJECT

private slots:
    void geometryKeepsCellsApart_data();
    void geometryKeepsCellsApart();
    void geometryMakesRoomForTheLegend();
    void topologyPositions();
    void cellTexts_data();
    void cellTexts();
};

void TestCollectiveGeometry::geometryKeepsCellsApart_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<double>("minNowWidth"); // the animated panel's cells are at least this wide
    QTest::addColumn<double>("minHeight");
    // A classroom: the four ranks of the reference article's figure must read from afar.
    QTest::newRow("the reference article's figure, 4 × 4") << 4 << 4 << 60.0 << 40.0;
    QTest::newRow("2 × 2") << 2 << 2 << 120.0 << 40.0;
    QTest::newRow("8 × 8") << 8 << 8 << 30.0 << 25.0;
    QTest::newRow("16 × 16") << 16 << 16 << 14.0 << 12.0;
    QTest::newRow("16 × 64") << 16 << 64 << 14.0 << 3.0;
}

void TestCollectiveGeometry::geometryKeepsCellsApart()
{
    QFETCH(int, ranks);
    QFETCH(int, chunks);
    QFETCH(double, minNowWidth);
    QFETCH(double, minHeight);
    const QSizeF size(960, 600);
    const CollectiveGeometry g = CollectiveGeometry::compute(size, ranks, chunks, 2);
    const QRectF canvas(QPointF(0, 0), size);
    for (const CollectiveGeometry::Panel* panel : {&g.before, &g.now, &g.after}) {
        QCOMPARE(panel->cells.size(), static_cast<std::size_t>(ranks * chunks));
        QCOMPARE(panel->columns.size(), static_cast<std::size_t>(ranks));
        QVERIFY(canvas.contains(panel->frame));
        QVERIFY(!panel->frame.intersects(g.topology));
        QVERIFY(!panel->frame.intersects(g.timeline));
        for (int r = 0; r < ranks; ++r)
            for (int c = 0; c < chunks; ++c) {
                const QRectF cell = panel->cell(r, c);
                QVERIFY(panel->columns[static_cast<std::size_t>(r)].contains(cell));
                QVERIFY(cell.height() >= minHeight);
                // Chunks of a rank stack downwards without overlap; ranks stand side by side.
                if (c > 0)
                    QVERIFY(cell.top() >= panel->cell(r, c - 1).bottom());
                if (r > 0)
                    QVERIFY(cell.left() > panel->cell(r - 1, c).right());
            }
    }
    QVERIFY(g.now.cell(0, 0).width() >= minNowWidth);
    QVERIFY(g.now.frame.width() > g.before.frame.width());
    QVERIFY(g.before.frame.right() < g.now.frame.left() && g.now.frame.right() < g.after.frame.left());
    QVERIFY(g.now.cell(ranks, 0).isEmpty());
    QVERIFY(g.now.cell(0, chunks).isEmpty());
}

// A German legend runs longer than the English one and must keep its last line ("Orange: bewegt sich …"):
// the view measures its legend and the bottom band grows for it, from the panels above, up to half the
// height.
void TestCollectiveGeometry::geometryMakesRoomForTheLegend()
{
    const QSizeF size(960, 600);
    const CollectiveGeometry usual = CollectiveGeometry::compute(size, 4, 4, 2);
    const double wanted = usual.legend.height() + 60;
    const CollectiveGeometry roomy = CollectiveGeometry::compute(size, 4, 4, 2, wanted);
    QCOMPARE(roomy.legend.height(), wanted);
    QCOMPARE(roomy.legend.bottom(), usual.legend.bottom());
    QCOMPARE(roomy.legend.width(), usual.legend.width()); // measured at this width, so it stays
    QCOMPARE(roomy.timeline.height(), usual.timeline.height());
    QVERIFY(roomy.now.frame.height() < usual.now.frame.height());
    for (const CollectiveGeometry::Panel* panel : {&roomy.before, &roomy.now, &roomy.after}) {
        QVERIFY(!panel->frame.intersects(roomy.timeline));
        QVERIFY(!panel->frame.intersects(roomy.legend));
    }
    // A small legend keeps the usual layout; a huge one takes at most half the height.
    QCOMPARE(CollectiveGeometry::compute(size, 4, 4, 2, 10).legend, usual.legend);
    const CollectiveGeometry huge = CollectiveGeometry::compute(size, 4, 4, 2, 5000);
    QCOMPARE(huge.topology.height(), size.height() * 0.5);
    // A legend that half the height does not hold (a short window in German, the Mixtral example at 1366 ×
    // 768 with a warning in Diagnostics cut its last line): the legend widens to the topology's least width
    // and takes up to 60 % of the height; the panels above keep clear of it.
    const QSizeF shortView(620, 300);
    const CollectiveGeometry cut = CollectiveGeometry::compute(shortView, 4, 4, 2, 140);
    const CollectiveGeometry wide = CollectiveGeometry::compute(shortView, 4, 4, 2, 140, true);
    QVERIFY(cut.legend.height() < 140);
    QCOMPARE(wide.topology.width(), 180.0);
    QVERIFY(wide.legend.width() > cut.legend.width());
    QVERIFY(wide.legend.height() > cut.legend.height());
    QVERIFY(wide.topology.height() <= shortView.height() * 0.6);
    for (const CollectiveGeometry::Panel* panel : {&wide.before, &wide.now, &wide.after})
        QVERIFY(!panel->frame.intersects(wide.legend) && !panel->frame.intersects(wide.timeline));
}

void TestCollectiveGeometry::topologyPositions()
{
    const QRectF area(0, 0, 300, 300);
    double radius = 0;
    const std::vector<QPointF> ring = ringPositions(area, 4, &radius);
    QCOMPARE(ring.size(), std::size_t{4});
    // Clockwise from the top: 0 at the top, 1 right, 2 bottom, 3 left.
    QVERIFY(ring[0].y() < ring[1].y() && ring[1].x() > ring[3].x() && ring[2].y() > ring[1].y());
    QVERIFY(radius >= 7 && radius <= 22);
    for (const QPointF& p : ring)
        QVERIFY(
            std::abs(std::hypot(p.x() - 150, p.y() - 150) - std::hypot(ring[0].x() - 150, ring[0].y() - 150))
            < 1e-9);
    // Test case 15 of the reference article, n = 8: every parent sits above its children in both trees.
    std::array<std::vector<core::TreeNode>, 2> trees;
    for (int r = 0; r < 8; ++r) {
        const auto nodes = core::doubleBinaryTreeNode(8, r);
        trees[0].push_back(nodes[0]);
        trees[1].push_back(nodes[1]);
    }
    const auto places = treePositions(QRectF(0, 0, 400, 200), trees, &radius);
    for (std::size_t t = 0; t < 2; ++t) {
        QCOMPARE(places[t].size(), std::size_t{8});
        for (int r = 0; r < 8; ++r) {
            const int parent = trees[t][static_cast<std::size_t>(r)].parent;
            if (parent >= 0)
                QVERIFY(places[t][static_cast<std::size_t>(parent)].y()
                        < places[t][static_cast<std::size_t>(r)].y());
        }
    }
    QVERIFY(places[0][0].x() < 200 && places[1][0].x() > 200); // tree 0 left, tree 1 right
}

void TestCollectiveGeometry::cellTexts_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<QList<int>>("contributors");
    QTest::addColumn<bool>("reduction");
    QTest::addColumn<bool>("showBlock");
    QTest::addColumn<QList<int>>("rankIds");
    QTest::addColumn<QStringList>("texts");
    QTest::newRow("own part") << 4 << QList<int>{2} << true << false << QList<int>{} << strings({"2"});
    QTest::newRow("reference article: the sum of all ranks")
        << 4 << QList<int>{0, 1, 2, 3} << true << false << QList<int>{} << strings({"Σ"});
    QTest::newRow("partial sum") << 4 << QList<int>{0, 2} << true << false << QList<int>{}
                                 << strings({"0+2", "2/4"});
    QTest::newRow("runs as ranges") << 8 << QList<int>{0, 1, 2, 5} << true << false << QList<int>{}
                                    << strings({"0+1+2+5", "0–2,5", "4/8"});
    QTest::newRow("all-gather copy names its owner")
        << 4 << QList<int>{3} << false << false << QList<int>{} << strings({"3"});
    QTest::newRow("a group's real ranks") << 4 << QList<int>{1, 2, 3} << true << false
                                          << QList<int>{8, 9, 10, 11} << strings({"9+10+11", "9–11", "3/4"});
    QTest::newRow("a DP group's ranks are no range")
        << 3 << QList<int>{0, 1} << true << false << QList<int>{0, 8, 16} << strings({"0+8", "2/3"});
    QTest::newRow("empty slot") << 4 << QList<int>{} << false << false << QList<int>{} << QStringList{};
}

void TestCollectiveGeometry::cellTexts()
{
    QFETCH(int, ranks);
    QFETCH(QList<int>, contributors);
    QFETCH(bool, reduction);
    QFETCH(bool, showBlock);
    QFETCH(QList<int>, rankIds);
    QFETCH(QStringList, texts);
    core::CollectiveState state(ranks, 1);
    core::CollectiveState single(ranks, 1);
    for (int c : contributors) {
        single.setSingle(c, 0, c, 0);
        state.addFrom(0, 0, single, c, 0);
    }
    const std::vector<int> ids(rankIds.begin(), rankIds.end());
    QCOMPARE(widgets::cellTexts(state, 0, 0, reduction, showBlock, ids), texts);
}

// ---- The view ------------------------------------------------------------------------------------------

MESHWRIGHT_GUI_TEST_MAIN(TestCollectiveGeometry)
#include "tst_collectivegeometry.moc"
