// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster canvas in the main window, driven as a person drives it: QMouseEvents sent to the
// canvas's viewport at the points where the GPUs are drawn, keys, wheel and drops. Each gesture must be
// exactly one undo step that restores the saved JSON, and the views must follow the document.
//
// The default example: 4 nodes × 8 H100 in a 2 × 2 grid, GPU ids 8n … 8n+7 on node n, TP=8 PP=2 DP=2, rank r
// on GPU r.

#include "base/units.h"
#include "cluster/clustercanvas.h"
#include "cluster/clusterpanel.h"
#include "cluster/gpupalette.h"
#include "design/designio.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <numeric>

using namespace app;

namespace {

void sendMouse(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButton button,
               Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, QPointF(at), viewport->mapToGlobal(QPointF(at)), button, buttons, modifiers);
    QCoreApplication::sendEvent(viewport, &event);
}

// Press, several moves on the way (a real drag sends many), release.
void dragMouse(QWidget* viewport, QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton, modifiers);
    for (int step = 1; step <= 6; ++step)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * step / 6, Qt::NoButton, Qt::LeftButton,
                  modifiers);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton, modifiers);
}

void click(QWidget* viewport, QPoint at, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    sendMouse(viewport, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton, modifiers);
    sendMouse(viewport, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton, modifiers);
}

bool hasCode(const std::vector<core::Diagnostic>& diagnostics, const char* code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [code](const core::Diagnostic& d) { return d.code == code; });
}

std::vector<int> gpuIds(const core::Node& node)
{
    std::vector<int> ids;
    for (const core::Gpu& gpu : node.gpus)
        ids.push_back(gpu.id);
    return ids;
}

} // namespace

class TestClusterCanvas : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void dragMovesAGpuToAnotherNodeInOneUndoStep();
    void draggingOutOfEveryNodeRemoves();
    void droppingBetweenNodesNeverDeletes();
    void largeCountsReadAsNumbers();
    void deleteRemovesTheSelectionInOneStep();
    void rubberBandSelectsGpus();
    void swapTwoRanksThenAutoPlace();
    void theFixKeepsTpInsideNodes();
    void droppingAGpuTypeAddsOne();
    void addingNodesFromThePanel();
    void takingANodeOutOfServiceShowsWhatBreaks();
    void whatIfFollowsTheNewestDesign();
    void clickingAGpuSelectsItsGroup();
    void hoverShowsCoordinatesAndMemory();
    void ctrlWheelZoomsAndCtrlZeroFits();
    void referenceTrafficByDimension();
    void referenceColoursTellTheStory();

private:
    widgets::ClusterCanvas* canvas() const { return m_window->cluster()->canvas(); }
    QWidget* viewport() const { return canvas()->viewport(); }
    Document* document() const { return m_window->document(); }
    std::string saved() const { return core::saveDesign(document()->design()); }

    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestClusterCanvas::init()
{
    testing::createMainWindow(m_language, m_window);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    QCOMPARE(canvas()->nodeItemCount(), 4);
}

void TestClusterCanvas::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestClusterCanvas::dragMovesAGpuToAnotherNodeInOneUndoStep()
{
    const std::string before = saved();
    const int steps = document()->undoStack()->count();
    // GPU 0 (node 0, slot 0) onto the third slot of node 1.
    dragMouse(viewport(), canvas()->viewportPointOf(0, 0), canvas()->viewportPointOf(1, 2));
    const core::Design& design = document()->design();
    QCOMPARE(gpuIds(design.cluster.nodes[0]), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(gpuIds(design.cluster.nodes[1]), (std::vector<int>{8, 9, 0, 10, 11, 12, 13, 14, 15}));
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QCOMPARE(document()->undoStack()->text(steps), QStringLiteral("Move 1 GPU to node 1"));
    // Nodes of 7 and 9 GPUs: the diagnostic says so, and the canvas redrew from the new design.
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "cluster-nodes-nonuniform"));
    // No node of 7 and 9 GPUs can hold whole TP groups of 8 in turn, so the default placement fills the
    // GPUs in order: node 0 runs ranks 0–6 and rank 7 moves to node 1, and TP group 0 spans two nodes.
    QCOMPARE(canvas()->clusterGeometry().nodes[1].cells.size(), std::size_t{9});
    QCOMPARE(canvas()->rankAt(0, 6), 6);
    QCOMPARE(canvas()->rankAt(1, 0), 7);
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "tp-spans-nodes"));
    // One Ctrl+Z, as a person presses it, undoes the whole drag.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    canvas()->setFocus();
    QTest::keyClick(canvas(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(saved(), before);
    QCOMPARE(document()->undoStack()->index(), steps);
    QCOMPARE(canvas()->rankAt(0, 0), 0);
    QVERIFY(!hasCode(document()->snapshot().evaluation->diagnostics, "cluster-nodes-nonuniform"));
    // Ctrl+Shift+Z on the canvas redoes it.
    const std::string moved = [&] {
        document()->undoStack()->redo();
        const std::string json = saved();
        document()->undoStack()->undo();
        return json;
    }();
    QTest::keyClick(canvas(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(saved(), moved);
    QCOMPARE(canvas()->rankAt(1, 0), 7);
}

void TestClusterCanvas::draggingOutOfEveryNodeRemoves()
{
    const std::string before = saved();
    // Past the right edge of the cluster.
    const auto& g = canvas()->clusterGeometry();
    const QPointF outside(g.bounds.right() + 20, g.nodes[0].rect.center().y());
    dragMouse(viewport(), canvas()->viewportPointOf(0, 7), canvas()->mapFromScene(outside));
    QCOMPARE(document()->design().cluster.gpuCount(), 31);
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(document()->undoStack()->text(0), QStringLiteral("Remove 1 GPU"));
    document()->undoStack()->undo();
    QCOMPARE(saved(), before);
}

// A drop in the gap between two nodes goes to the nearer node; and the same drag repeated at the same
// place, after the first one has changed the nodes' widths, moves a GPU again instead of deleting it.
void TestClusterCanvas::droppingBetweenNodesNeverDeletes()
{
    const auto& g = canvas()->clusterGeometry();
    const QPointF gap(g.nodes[0].rect.right() + 2, g.nodes[0].rect.center().y());
    dragMouse(viewport(), canvas()->viewportPointOf(0, 7), canvas()->mapFromScene(gap));
    QCOMPARE(document()->design().cluster.gpuCount(), 32);
    QCOMPARE(document()->design().cluster.nodes[0].gpus.size(), std::size_t{8}); // still in its own node
    const QPoint from = canvas()->viewportPointOf(0, 0);
    const QPoint to = canvas()->viewportPointOf(1, 7);
    for (int repeat = 0; repeat < 3; ++repeat) {
        dragMouse(viewport(), from, to);
        QCOMPARE(document()->design().cluster.gpuCount(), 32);
    }
    QVERIFY(document()->undoStack()->count() >= 1);
    for (int i = 0; i < document()->undoStack()->count(); ++i)
        QVERIFY2(document()->undoStack()->text(i).startsWith(QStringLiteral("Move")),
                 qPrintable(document()->undoStack()->text(i)));
}

void TestClusterCanvas::deleteRemovesTheSelectionInOneStep()
{
    const std::string before = saved();
    click(viewport(), canvas()->viewportPointOf(0, 3));
    click(viewport(), canvas()->viewportPointOf(1, 4), Qt::ControlModifier);
    click(viewport(), canvas()->viewportPointOf(3, 0), Qt::ControlModifier);
    QCOMPARE(canvas()->selectedGpus(), (std::vector<int>{3, 12, 24}));
    click(viewport(), canvas()->viewportPointOf(3, 0), Qt::ControlModifier); // Ctrl+click again deselects
    QCOMPARE(canvas()->selectedGpus(), (std::vector<int>{3, 12}));
    QTest::keyClick(canvas(), Qt::Key_Delete);
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(document()->design().cluster.gpuCount(), 30);
    QVERIFY(!document()->design().cluster.gpu(3));
    QVERIFY(!document()->design().cluster.gpu(12));
    document()->undoStack()->undo();
    QCOMPARE(saved(), before);
    // A click on a node's title selects the node; Delete removes it, GPUs and all, in one step.
    click(viewport(), canvas()->viewportPointOfNodeTitle(2));
    QCOMPARE(canvas()->selectedNodes(), (std::vector<int>{2}));
    QVERIFY(canvas()->selectedGpus().empty());
    QTest::keyClick(canvas(), Qt::Key_Delete);
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(document()->undoStack()->text(0), QStringLiteral("Remove 1 node"));
    QCOMPARE(document()->design().cluster.nodes.size(), std::size_t{3});
    QCOMPARE(canvas()->nodeItemCount(), 3);
    document()->undoStack()->undo();
    QCOMPARE(saved(), before);
    // Ctrl+A selects every GPU.
    QTest::keyClick(canvas(), Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(canvas()->selectedGpus().size(), std::size_t{32});
    QTest::keyClick(canvas(), Qt::Key_Escape);
    QVERIFY(canvas()->selectedGpus().empty());
}

void TestClusterCanvas::rubberBandSelectsGpus()
{
    const auto& g = canvas()->clusterGeometry();
    // From the empty gap above node 2 (second row) across its last GPU: all of node 2.
    const QPointF start = g.nodes[2].rect.topLeft() - QPointF(6, 6);
    dragMouse(viewport(), canvas()->mapFromScene(start), canvas()->viewportPointOf(2, 7));
    QCOMPARE(canvas()->selectedGpus(), (std::vector<int>{16, 17, 18, 19, 20, 21, 22, 23}));
    QCOMPARE(document()->undoStack()->count(), 0); // selecting changes nothing
    QTest::keyClick(canvas(), Qt::Key_Delete);
    QCOMPARE(document()->undoStack()->count(), 1);
    QVERIFY(document()->design().cluster.nodes[2].gpus.empty());
}

void TestClusterCanvas::swapTwoRanksThenAutoPlace()
{
    const std::string before = saved();
    QVERIFY(!m_window->cluster()->autoPlaceButton()->isEnabled());
    // Shift+drag moves the rank, not the GPU: rank 0 onto rank 9's GPU (node 1).
    dragMouse(viewport(), canvas()->viewportPointOf(0, 0), canvas()->viewportPointOf(1, 1),
              Qt::ShiftModifier);
    const core::Design& design = document()->design();
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(design.placement.size(), std::size_t{32});
    QCOMPARE(design.placement[0], 9);
    QCOMPARE(design.placement[9], 0);
    QCOMPARE(design.cluster.gpuCount(), 32); // the hardware stayed
    QCOMPARE(canvas()->rankAt(1, 1), 0);
    QCOMPARE(canvas()->rankAt(0, 0), 9);
    // Two TP groups now span nodes: the warning and its fix appear, and the badge marks the two nodes they
    // span (the rule of the warning, core::checkPlacement), not the others.
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "tp-spans-nodes"));
    QVERIFY(m_window->cluster()->fixButton()->isVisibleTo(m_window.get()));
    QVERIFY(canvas()->nodeWarned(0));
    QVERIFY(canvas()->nodeWarned(1));
    QVERIFY(!canvas()->nodeWarned(2));
    QVERIFY(!canvas()->nodeWarned(3));
    // The "Ranks" mode does the same without Shift: rank 1 onto GPU 2 swaps ranks 1 and 2.
    canvas()->setEditMode(widgets::ClusterCanvas::EditMode::SwapRanks);
    dragMouse(viewport(), canvas()->viewportPointOf(0, 1), canvas()->viewportPointOf(0, 2));
    QCOMPARE(document()->undoStack()->count(), 2);
    QCOMPARE(design.placement[1], 2);
    QCOMPARE(design.placement[2], 1);
    // Auto-place restores the default placement: the saved design is the original one.
    QVERIFY(m_window->cluster()->autoPlaceButton()->isEnabled());
    m_window->cluster()->autoPlaceButton()->click();
    QCOMPARE(document()->undoStack()->count(), 3);
    QCOMPARE(saved(), before);
    document()->undoStack()->undo();
    QCOMPARE(document()->design().placement[0], 9);
}

void TestClusterCanvas::theFixKeepsTpInsideNodes()
{
    canvas()->setEditMode(widgets::ClusterCanvas::EditMode::SwapRanks);
    dragMouse(viewport(), canvas()->viewportPointOf(0, 0), canvas()->viewportPointOf(3, 7));
    QVERIFY(m_window->cluster()->fixButton()->isVisibleTo(m_window.get()));
    QVERIFY(m_window->cluster()->fixButton()->text().contains(QStringLiteral("Auto-place")));
    m_window->cluster()->fixButton()->click();
    QVERIFY(document()->design().placement.empty());
    QVERIFY(!hasCode(document()->snapshot().evaluation->diagnostics, "tp-spans-nodes"));
    QVERIFY(!m_window->cluster()->fixButton()->isVisibleTo(m_window.get()));
}

void TestClusterCanvas::droppingAGpuTypeAddsOne()
{
    const std::string before = saved();
    // What the palette's own drag carries: the MIME data it makes for a row (QAbstractItemView::startDrag
    // asks the model, which asks the list) — one drag is started per row, for its preset id.
    widgets::GpuPalette* palette = m_window->cluster()->gpuPalette();
    const auto paletteDrag = [palette](const QString& name) {
        const QList<QListWidgetItem*> rows = palette->findItems(name, Qt::MatchExactly);
        if (rows.size() != 1)
            return QByteArray();
        const std::unique_ptr<QMimeData> mime(
            palette->model()->mimeData({palette->indexFromItem(rows.front())}));
        return mime ? mime->data(QLatin1String(widgets::kGpuTypeMimeType)) : QByteArray();
    };
    QCOMPARE(paletteDrag(QStringLiteral("H200 SXM 141 GB")), QByteArray("h200-141gb"));
    QCOMPARE(paletteDrag(QStringLiteral("B200 (HGX) 180 GB")), QByteArray("b200-180gb"));
    QVERIFY(palette->model()->supportedDragActions() & Qt::CopyAction);
    auto drop = [this](QPoint at, const QByteArray& type) {
        QMimeData mime;
        mime.setData(QLatin1String(widgets::kGpuTypeMimeType), type);
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(viewport(), &move);
        QDropEvent dropEvent(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(viewport(), &dropEvent);
    };
    // Onto node 3's second slot.
    drop(canvas()->viewportPointOf(3, 1), "h200-141gb");
    const core::Node& node3 = document()->design().cluster.nodes[3];
    QCOMPARE(node3.gpus.size(), std::size_t{9});
    QCOMPARE(node3.gpus[1].id, 32);
    QCOMPARE(node3.gpus[1].type, std::string("h200-141gb"));
    QCOMPARE(document()->undoStack()->count(), 1);
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "cluster-mixed-gpus"));
    // Onto empty canvas: a new node.
    const auto& g = canvas()->clusterGeometry();
    drop(canvas()->mapFromScene(g.nodes[3].rect.bottomRight() + QPointF(20, 30)), "b200-180gb");
    QCOMPARE(document()->design().cluster.nodes.size(), std::size_t{5});
    QCOMPARE(document()->design().cluster.nodes[4].intraLink, std::string("nvlink5"));
    QCOMPARE(canvas()->nodeItemCount(), 5);
    document()->undoStack()->undo();
    document()->undoStack()->undo();
    QCOMPARE(saved(), before);
}

void TestClusterCanvas::addingNodesFromThePanel()
{
    widgets::ClusterPanel* panel = m_window->cluster();
    // The palette starts at the design's GPU type; "Add" with 2 nodes × 8 GPUs is one step.
    QCOMPARE(panel->gpuPalette()->currentType(), QStringLiteral("h100-sxm-80gb"));
    panel->addNodeCountBox()->setValue(2);
    QCOMPARE(panel->addGpusPerNodeBox()->value(), 8);
    panel->addNodesButton()->click();
    QCOMPARE(document()->design().cluster.nodes.size(), std::size_t{6});
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(document()->undoStack()->text(0), QStringLiteral("Add 2 nodes of 8 × H100 SXM5 80 GB"));
    // 48 GPUs for 32 ranks: the idle ones are reported.
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "world-size-idle-gpus"));
}

// Counts of thousands in the panel and the undo text carry the locale's group separator, like every
// other figure ("4,096 of 4,096 GPUs", not "4096").
void TestClusterCanvas::largeCountsReadAsNumbers()
{
    document()->editClusterShape(512, 8, QStringLiteral("h100-sxm-80gb"), QStringLiteral("nvlink4"));
    QVERIFY(document()
                ->undoStack()
                ->text(document()->undoStack()->index() - 1)
                .startsWith(QStringLiteral("Cluster of 512 × 8 GPUs")));
    document()->editField(core::Field::Dp, std::int64_t{document()->design().layout.dp() * 128});
    QVERIFY2(m_window->cluster()->whatIfText().contains(QStringLiteral("of 4,096 GPUs in service")),
             qPrintable(m_window->cluster()->whatIfText()));
    document()->editClusterShape(2048, 8, QStringLiteral("h100-sxm-80gb"), QStringLiteral("nvlink4"));
    QVERIFY2(document()
                 ->undoStack()
                 ->text(document()->undoStack()->index() - 1)
                 .startsWith(QStringLiteral("Cluster of 2,048 × 8 GPUs")),
             qPrintable(document()->undoStack()->text(document()->undoStack()->index() - 1)));
    // A plural's count as well (%Ln): "Take 1,024 GPUs out of service".
    std::vector<int> ids(1024);
    std::iota(ids.begin(), ids.end(), 0);
    QVERIFY(document()->editCluster(core::edit::SetInService{ids, false}));
    QCOMPARE(document()->undoStack()->text(document()->undoStack()->index() - 1),
             QStringLiteral("Take 1,024 GPUs out of service"));
}

// The what-if's costs come from the application, evaluated off the GUI thread: until they arrive the
// panel says it is computing them; what follows from the design's own evaluation shows at once.
void TestClusterCanvas::takingANodeOutOfServiceShowsWhatBreaks()
{
    widgets::ClusterPanel* panel = m_window->cluster();
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY(panel->whatIfText().contains(QStringLiteral("Every rank has a GPU")));
    QVERIFY(document()->editCluster(core::edit::SetInService{{24, 25, 26, 27, 28, 29, 30, 31}, false}));
    // 24 GPUs for 32 ranks: ranks 24–31 (TP group 3; PP group of each) have none.
    QVERIFY(panel->whatIfComputing());
    QVERIFY2(panel->whatIfText().contains(QStringLiteral("Computing what the changes cost")),
             qPrintable(panel->whatIfText()));
    QVERIFY2(panel->whatIfText().contains(QStringLiteral("8 ranks have no GPU")),
             qPrintable(panel->whatIfText()));
    QVERIFY(panel->whatIfText().contains(QStringLiteral("Groups losing a member: TP 1 · PP 8 · DP 8")));
    QVERIFY(panel->whatIfText().contains(QStringLiteral("1 node out of service")));
    // What the regrouped layout costs: DP 2 → 1 on the 24 GPUs left, its step against the whole cluster's.
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY2(
        panel->whatIfText().contains(QStringLiteral("Regrouped with DP 1 instead of 2 (16 GPUs): step ")),
        qPrintable(panel->whatIfText()));
    QVERIFY(!panel->whatIfText().contains(QStringLiteral("Computing what the changes cost")));
    QVERIFY(hasCode(document()->snapshot().evaluation->diagnostics, "world-size-exceeds-gpus"));
    document()->undoStack()->undo();
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY(panel->whatIfText().contains(QStringLiteral("Every rank has a GPU")));

    // Slowing node 1's link to PCIe: its TP group's all-reduces slow every step (the whole pipeline waits).
    QVERIFY(!panel->whatIfText().contains(QStringLiteral("Slower links")));
    const double fastStep = document()->snapshot().evaluation->performance->stepSeconds;
    QVERIFY(document()->editCluster(core::edit::SetIntraLink{{1}, "pcie5"}));
    const double slowStep = document()->snapshot().evaluation->performance->stepSeconds;
    QVERIFY2(slowStep > fastStep * 1.1, qPrintable(QStringLiteral("%1 → %2").arg(fastStep).arg(slowStep)));
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY2(panel->whatIfText().contains(
                 QStringLiteral(
                     "Slower links: node 1 on PCIe 5.0 x16 (no NVLink) (the others: NVLink 4 + NVSwitch). "
                     "Step %1 instead of %2")
                     .arg(QString::fromStdString(core::formatSeconds(slowStep)),
                          QString::fromStdString(core::formatSeconds(fastStep)))),
             qPrintable(panel->whatIfText()));
    document()->undoStack()->undo();
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY(!panel->whatIfText().contains(QStringLiteral("Slower links")));
}

// Designs that follow one another faster than the what-if is computed: only the last one's figures count,
// and the panel never shows another design's costs.
void TestClusterCanvas::whatIfFollowsTheNewestDesign()
{
    widgets::ClusterPanel* panel = m_window->cluster();
    QVERIFY(document()->editCluster(core::edit::SetInService{{24, 25, 26, 27, 28, 29, 30, 31}, false}));
    QVERIFY(document()->editCluster(core::edit::SetIntraLink{{1}, "pcie5"}));
    QVERIFY(panel->whatIfComputing());
    QTRY_VERIFY(!panel->whatIfComputing());
    const QString text = panel->whatIfText();
    QVERIFY2(text.contains(QStringLiteral("Slower links: node 1 on PCIe 5.0 x16")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Regrouped with DP 1 instead of 2 (16 GPUs)")), qPrintable(text));
    // Back to the start before anything is computed: the figures of the designs in between are dropped.
    document()->undoStack()->undo();
    document()->undoStack()->undo();
    QTRY_VERIFY(!panel->whatIfComputing());
    QVERIFY(panel->whatIfText().contains(QStringLiteral("Every rank has a GPU")));
    QVERIFY(!panel->whatIfText().contains(QStringLiteral("Slower links")));
}

void TestClusterCanvas::clickingAGpuSelectsItsGroup()
{
    QSignalSpy selected(m_window->cluster(), &widgets::ClusterPanel::groupSelected);
    click(viewport(), canvas()->viewportPointOf(1, 5)); // rank 13, TP group 1
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).value<core::Dim>(), core::Dim::Tp);
    QCOMPARE(selected.at(0).at(1).toInt(), 1);
    QCOMPARE(m_window->cluster()->statusText(), QStringLiteral("TP group 1 selected: ranks 8–15"));
    m_window->cluster()->setColorDimension(core::Dim::Pp);
    click(viewport(), canvas()->viewportPointOf(1, 5)); // PP groups: [r, r + 16]; rank 13's is group 13
    QCOMPARE(selected.last().at(0).value<core::Dim>(), core::Dim::Pp);
    QCOMPARE(selected.last().at(1).toInt(), 13);
    QCOMPARE(m_window->cluster()->statusText(), QStringLiteral("PP group 13 selected: ranks 13, 29"));
}

// Hovering a GPU: its coordinates in every dimension and its memory in the status line, and its groups.
void TestClusterCanvas::hoverShowsCoordinatesAndMemory()
{
    const QPoint at = canvas()->viewportPointOf(1, 5); // rank 13 = TP 5 + 8 × (DP 1), PP 0
    sendMouse(viewport(), QEvent::MouseMove, at, Qt::NoButton, Qt::NoButton);
    QCOMPARE(canvas()->hoveredRank(), 13);
    const QString status = m_window->cluster()->statusText();
    QVERIFY2(
        status.startsWith(QStringLiteral("Rank 13 on node 1, GPU 13 · DP 1 · TP 5 · PP 0 · CP 0 · EP 0")),
        qPrintable(status));
    const core::RankRole& role = document()->snapshot().evaluation->memory->roleOf(13);
    // The capacity CUDA reports for an H100 SXM5 80 GB (85,045,477,376 bytes), not the round 80 GB.
    QCOMPARE(role.capacityBytes, 85045477376.0);
    QVERIFY2(status.contains(QStringLiteral("memory %1 of %2")
                                 .arg(QString::fromStdString(core::formatBytes(role.totalBytes)),
                                      QString::fromStdString(core::formatBytes(role.capacityBytes)))),
             qPrintable(status));
}

void TestClusterCanvas::ctrlWheelZoomsAndCtrlZeroFits()
{
    const double fit = canvas()->zoom();
    const QPoint at = canvas()->viewportPointOf(0, 0);
    QWheelEvent wheel(QPointF(at), viewport()->mapToGlobal(QPointF(at)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(viewport(), &wheel);
    QVERIFY2(canvas()->zoom() > fit * 1.3,
             qPrintable(QStringLiteral("%1 → %2").arg(fit).arg(canvas()->zoom())));
    QTest::keyClick(canvas(), Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(canvas()->zoom(), fit);
}

// The reference article's story: TP on NVLink inside the nodes, PP, DP and CP over the fabric.
void TestClusterCanvas::referenceTrafficByDimension()
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    widgets::ClusterPanel* panel = m_window->cluster();
    QCOMPARE(canvas()->nodeItemCount(), 64);
    panel->setColorDimension(core::Dim::Tp);
    QVERIFY2(panel->trafficText().contains(QStringLiteral("TP traffic: 1.2 TB per GPU per training step")),
             qPrintable(panel->trafficText()));
    QVERIFY(panel->trafficText().contains(QStringLiteral("100 % over NVLink inside the nodes")));
    QVERIFY(!panel->trafficText().contains(QStringLiteral("fabric")));
    panel->setColorDimension(core::Dim::Pp);
    QVERIFY(panel->trafficText().contains(QStringLiteral("PP traffic: 2.15 GB per GPU per training step")));
    QVERIFY(panel->trafficText().contains(QStringLiteral("100 % over the fabric between nodes")));
    QTableWidget* table = panel->trafficTable();
    // Rows TP, PP, DP, CP, EP; columns group, per GPU, NVLink, PCIe, fabric.
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("100 %"));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("0 %"));
    for (int row : {1, 2, 3}) {
        QCOMPARE(table->item(row, 2)->text(), QStringLiteral("0 %"));
        QCOMPARE(table->item(row, 4)->text(), QStringLiteral("100 %"));
    }
    QCOMPARE(table->item(2, 1)->text(),
             QStringLiteral("12.8 GB")); // FP32 gradients, BF16 weights (tst_traffic)
}

// The reference article's figure: coloured by TP, each node is one group (one colour per node); coloured by
// PP, whose groups take one GPU from each of four distant nodes, the colour is the pipeline stage, so the
// cluster shows four bands of 16 nodes (order tp-cp-ep-dp-pp: stage = rank / 128).
void TestClusterCanvas::referenceColoursTellTheStory()
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    widgets::ClusterPanel* panel = m_window->cluster();
    panel->setColorDimension(core::Dim::Tp);
    QVERIFY(!canvas()->colorsByPosition());
    QCOMPARE(canvas()->colorIndexOf(7), canvas()->colorIndexOf(0));
    QCOMPARE(canvas()->colorIndexOf(8), 1); // the next node, the next TP group
    QVERIFY(!panel->statusText().contains(QStringLiteral("colour =")));
    panel->setColorDimension(core::Dim::Pp);
    QVERIFY(canvas()->colorsByPosition());
    for (const auto& [rank, stage] :
         std::vector<std::pair<int, int>>{{0, 0}, {127, 0}, {128, 1}, {300, 2}, {511, 3}})
        QCOMPARE(canvas()->colorIndexOf(rank), stage);
    QVERIFY2(panel->statusText().contains(QStringLiteral("128 PP groups of 4, spread over nodes: colour = "
                                                         "pipeline stage (0–3)")),
             qPrintable(panel->statusText()));
    // DP (gradients over DP × CP) and CP groups are spread as well: coloured by replica and CP rank.
    panel->setColorDimension(core::Dim::Dp);
    QVERIFY(canvas()->colorsByPosition());
    QCOMPARE(canvas()->colorIndexOf(32), 1); // DP stride: TP × CP = 32 ranks
    // A single node: the DP groups stay inside it, so each group keeps its own colour.
    m_window->setDesign(*core::exampleDesign("teaching-4gpu"));
    panel->setColorDimension(core::Dim::Dp);
    QVERIFY(!canvas()->colorsByPosition());
}

MESHWRIGHT_GUI_TEST_MAIN(TestClusterCanvas)
#include "tst_clustercanvas.moc"
