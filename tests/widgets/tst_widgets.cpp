// Widget-level tests: the rank map's geometry (a plain struct), hovering a GPU, and the diagnostics model
// under QAbstractItemModelTester.

#include "designio.h"
#include "diagnosticsmodel.h"
#include "guitestmain.h"
#include "rankmapgeometry.h"
#include "rankmapview.h"

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

MESHWRIGHT_GUI_TEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
