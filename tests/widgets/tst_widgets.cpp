// Widget-level tests: the rank map's geometry (a plain struct), hovering a GPU, and the diagnostics model
// under QAbstractItemModelTester.

#include "designio.h"
#include "diagnosticsmodel.h"
#include "explanationdialog.h"
#include "guitestmain.h"
#include "memorybars.h"
#include "memorypanel.h"
#include "rankmapgeometry.h"
#include "rankmapview.h"
#include "zeroview.h"

Q_DECLARE_METATYPE(core::MemoryCategory)

#include <QAbstractItemModelTester>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

using namespace widgets;

namespace {
DesignSnapshot snapshotOf(const char* example)
{
    auto design = std::make_shared<const core::Design>(*core::exampleDesign(example));
    auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(*design));
    return {design, evaluation};
}
} // namespace

class TestWidgets : public QObject
{
    Q_OBJECT

private slots:
    void geometryPlacesEveryGpu();
    void geometryShrinksCellsForLargeClusters();
    void geometryBalancesRows();
    void hoverHighlightsAGroup();
    void diagnosticsModelPassesTheTester();
    void memoryBarsStackEveryCategory();
    void clickingASegmentExplainsIt();
    void zeroViewShowsTheSeedsFourBars();
};

void TestWidgets::geometryPlacesEveryGpu()
{
    const RankMapGeometry g = RankMapGeometry::compute({8, 6, 8}, 1000);
    QCOMPARE(g.nodes.size(), std::size_t{3});
    QCOMPARE(g.nodes[1].cells.size(), std::size_t{6});
    for (const auto& node : g.nodes)
        for (const QRectF& cell : node.cells) {
            QVERIFY(node.rect.contains(cell));
            const auto hit = g.cellAt(cell.center());
            QVERIFY(hit.valid());
        }
    // Cells never overlap within a node.
    const auto& cells = g.nodes[0].cells;
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j)
            QVERIFY(!cells[i].intersects(cells[j]));
    QVERIFY(!g.cellAt(QPointF(-5, -5)).valid());
    // Eight GPUs sit in two rows of four.
    QCOMPARE(cells[4].top() > cells[0].top(), true);
    QCOMPARE(cells[4].left(), cells[0].left());
}

void TestWidgets::geometryShrinksCellsForLargeClusters()
{
    const RankMapGeometry small = RankMapGeometry::compute(std::vector<int>(4, 8), 1200, 600);
    const RankMapGeometry large = RankMapGeometry::compute(std::vector<int>(512, 8), 1200, 600);
    QVERIFY(small.cellSize > large.cellSize);
    QVERIFY(small.showLabels);
    QVERIFY(!large.showLabels);
    QVERIFY(small.size.height() <= 600);
    QCOMPARE(large.nodes.size(), std::size_t{512});
}

void TestWidgets::geometryBalancesRows()
{
    // Four equal nodes that fit three to a row make two rows of two.
    const RankMapGeometry one = RankMapGeometry::layoutWithCellSize({8}, 2000, 40);
    const double nodeWidth = one.nodes[0].rect.width();
    const RankMapGeometry g
        = RankMapGeometry::layoutWithCellSize({8, 8, 8, 8}, 12 + 3 * (nodeWidth + 12) + 12, 40);
    QCOMPARE(g.nodes[1].rect.top(), g.nodes[0].rect.top());
    QVERIFY(g.nodes[2].rect.top() > g.nodes[0].rect.top());
    QCOMPARE(g.nodes[3].rect.top(), g.nodes[2].rect.top());
}

void TestWidgets::hoverHighlightsAGroup()
{
    RankMapView view;
    view.resize(900, 600);
    view.setSnapshot(snapshotOf("default"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy hovered(&view, &RankMapView::rankHovered);
    const QPointF cell = view.mapGeometry().nodes[1].cells[2].center();
    QMouseEvent move(QEvent::MouseMove, cell, view.mapToGlobal(cell), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(&view, &move);
    QCOMPARE(hovered.count(), 1);
    QCOMPARE(hovered.at(0).at(0).toInt(), 10);
    QCOMPARE(view.hoveredRank(), 10);
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&view, &leave);
    QCOMPARE(view.hoveredRank(), -1);
}

void TestWidgets::diagnosticsModelPassesTheTester()
{
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    core::Design design = *core::exampleDesign("default");
    design.layout.setDegree(core::Dim::Tp, 3);
    model.setDiagnostics(core::evaluate(design).diagnostics);
    QVERIFY(model.rowCount() >= 2);
    QCOMPARE(model.index(0, DiagnosticsModel::SeverityColumn).data().toString(), QStringLiteral("Error"));
    QCOMPARE(model.index(0, 0).data(DiagnosticsModel::PathRole).toString(), QStringLiteral("/layout/tp"));
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

void TestWidgets::memoryBarsStackEveryCategory()
{
    MemoryBars bars;
    bars.resize(900, 500);
    const DesignSnapshot snapshot = snapshotOf("seed-70b-32k-512gpu");
    bars.setSnapshot(snapshot);
    // 512 GPUs: one bar per pipeline stage, each standing for 128 ranks.
    QCOMPARE(bars.effectiveGrouping(), MemoryBars::Grouping::PerRole);
    QCOMPARE(bars.bars().size(), std::size_t{4});
    QCOMPARE(bars.bars()[0].count, 128);
    QCOMPARE(bars.bars()[0].total, snapshot.evaluation->memory->roleOf(0).totalBytes);
    bars.setGrouping(MemoryBars::Grouping::PerGpu);
    QCOMPARE(bars.bars().size(), std::size_t{512});
}

void TestWidgets::clickingASegmentExplainsIt()
{
    MemoryBars bars;
    bars.resize(900, 500);
    bars.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bars));
    const DesignSnapshot snapshot = snapshotOf("default");
    bars.setSnapshot(snapshot);
    QSignalSpy requested(&bars, &MemoryBars::explanationRequested);
    // The middle of rank 0's optimizer segment, in plot pixels.
    const core::RankRole& role = snapshot.evaluation->memory->roleOf(0);
    const double y = (role.figure(core::MemoryCategory::Parameters).bytes
                      + role.figure(core::MemoryCategory::Gradients).bytes
                      + role.figure(core::MemoryCategory::Optimizer).bytes / 2)
        / 1e9;
    const QPointF at = bars.pointOf(0, y * 1e9);
    QCOMPARE(bars.hit(at).second, core::MemoryCategory::Optimizer);
    QWidget* plot = bars.plotWidget();
    QMouseEvent press(QEvent::MouseButtonPress, at, plot->mapToGlobal(at.toPoint()), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &press);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 0);
    QCOMPARE(requested.at(0).at(1).value<core::MemoryCategory>(), core::MemoryCategory::Optimizer);

    MemoryPanel panel;
    panel.setSnapshot(snapshot);
    panel.explain(0, core::MemoryCategory::Activations);
    QVERIFY(panel.explanationDialog()->formulaText().contains(QStringLiteral("in-flight")));
    panel.explanationDialog()->close();
}

// The seed's ZeRO figure: DDP, ZeRO-1, ZeRO-2, ZeRO-3, each the part every GPU copies plus its share.
void TestWidgets::zeroViewShowsTheSeedsFourBars()
{
    ZeroView view;
    view.setSnapshot(snapshotOf("fsdp-1node-8gpu"));
    const core::ZeroComparison& z = view.comparison();
    QCOMPARE(z.shardRanks, 8);
    QCOMPARE(z.stages[0].sharded, 0.0);
    QCOMPARE(z.stages[3].replicated, 0.0);
    QVERIFY(z.stages[3].total() * 8 - z.stages[0].total() < 1);
}

MESHWRIGHT_GUI_TEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
