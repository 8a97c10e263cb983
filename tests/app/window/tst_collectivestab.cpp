// SPDX-License-Identifier: GPL-3.0-or-later
// The Collectives tab in the main window, offscreen: it is there, it follows the design through undoable
// edits, it speaks German when chosen, and a screenshot of it is what a class would see.

#include "cluster/clustercanvas.h"
#include "cluster/clusterpanel.h"
#include "collectives/collectivegrouplist.h"
#include "collectives/collectivepanel.h"
#include "collectives/collectiveview.h"
#include "comm/stagecopy.h"
#include "design/designfield.h"
#include "design/designio.h"
#include "design/layoutinspector.h"
#include "document/document.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "support/testdesigns.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace app;

namespace {

// The group list's top-level row whose text starts with `prefix` ("DualPipe copies", "Embedding copies");
// nullptr if there is none.
QTreeWidgetItem* topLevelRow(QTreeWidget* tree, QLatin1String prefix)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0).startsWith(prefix))
            return tree->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestCollectivesTab : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void tabExists();
    void followsTheDesign();
    void hiddenListWaitsUntilShown();
    void editKeepsTheRowsAndReadsAsAFreshList();
    void canvasAndTabShareTheGroup();
    void dualPipeStageCopiesAreGroups();
    void tiedEmbeddingCopiesAreAGroup();
    void germanShowsWhenChosen();
    void timesStayWholeInView_data();
    void timesStayWholeInView();
    void narrowListKeepsTheTime_data();
    void narrowListKeepsTheTime();
    void screenshotOfTheTab();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestCollectivesTab::init()
{
    testing::createMainWindow(m_language, m_window);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestCollectivesTab::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestCollectivesTab::tabExists()
{
    QTabWidget* views = m_window->views();
    widgets::CollectivePanel* panel = m_window->collectives();
    QVERIFY(panel);
    const int index = views->indexOf(panel);
    QVERIFY(index >= 0);
    QCOMPARE(views->tabText(index), QStringLiteral("Collectives"));
    QVERIFY(!m_window->showTab(QStringLiteral("timelines-that-do-not-exist")));
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QCOMPARE(views->currentWidget(), panel);
    QVERIFY(m_window->showTab(QStringLiteral("Ranks")));
    QCOMPARE(views->currentIndex(), 0);
    // It opens on the reference article's figure: All-Reduce on four ranks, ready to step.
    QCOMPARE(panel->spec().op, core::CollectiveOp::AllReduce);
    QCOMPARE(panel->spec().ranks, 4);
    QVERIFY(panel->view()->hasTrace());
    QVERIFY(!panel->view()->isAnimating());
}

// An edit in the inspector is one undoable step; the tab's group list and the group being played follow it,
// and undo brings them back.
void TestCollectivesTab::followsTheDesign()
{
    widgets::CollectivePanel* panel = m_window->collectives();
    QTreeWidget* groups = panel->groupTree();
    QCOMPARE(groups->topLevelItem(0)->childCount(), 4); // TP: 4 groups of 8
    QVERIFY(panel->selectGroup(core::Dim::Tp, 1));
    QCOMPARE(panel->spec().ranks, 8);
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    tp->setValue(4);
    QCOMPARE(m_window->document()->design().layout.tp(), 4);
    // The hidden tab builds its list when shown or asked for (groupTree()).
    groups = panel->groupTree();
    QCOMPARE(groups->topLevelItem(0)->childCount(), 4); // 16 ranks: 4 TP groups of 4
    QVERIFY(groups->topLevelItem(0)->text(0).contains(QStringLiteral("4 groups of 4")));
    QCOMPARE(panel->spec().ranks, 4);
    QCOMPARE(panel->view()->scene().heads.front(), QStringLiteral("rank 4"));
    m_window->document()->undoStack()->undo();
    QCOMPARE(panel->spec().ranks, 8);
    QCOMPARE(panel->view()->scene().heads.front(), QStringLiteral("rank 8"));
    // The group is still the design's: the document never changed because of the tab.
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    QCOMPARE(m_window->document()->undoStack()->index(), 0);
}

// While another tab is in view, an edit leaves the group list as it was (it is the tab's costliest part);
// showing the tab brings it up to date before it is painted.
void TestCollectivesTab::hiddenListWaitsUntilShown()
{
    widgets::CollectivePanel* panel = m_window->collectives();
    auto* tree = panel->findChild<QTreeWidget*>(QStringLiteral("groupTree"));
    QVERIFY(tree);
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    QVERIFY(!panel->isVisible());
    QVERIFY(tree->topLevelItemCount() > 0);
    const QString before = tree->topLevelItem(0)->text(0);
    QVERIFY2(before.contains(QStringLiteral("4 groups of 8")), qPrintable(before));
    m_window->document()->editField(core::Field::Tp, core::FieldValue{4});
    QCOMPARE(tree->topLevelItem(0)->text(0), before); // not rebuilt while hidden
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QVERIFY(panel->isVisible());
    QVERIFY2(tree->topLevelItem(0)->text(0).contains(QStringLiteral("4 groups of 4")),
             qPrintable(tree->topLevelItem(0)->text(0)));
}

// An edit that keeps the groups (a shorter sequence: smaller messages on the same ranks) updates the listed
// rows in place rather than building the tree again; they then read exactly as a list built afresh from
// the same design: texts, tooltips, colours and column widths.
void TestCollectivesTab::editKeepsTheRowsAndReadsAsAFreshList()
{
    widgets::CollectivePanel* panel = m_window->collectives();
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QTreeWidget* tree = panel->groupTree();
    QTreeWidgetItem* row = tree->topLevelItem(0)->child(0);
    constexpr int kMarkRole = Qt::UserRole + 100; // a role the list never sets: gone if the row is rebuilt
    row->setData(0, kMarkRole, 42);
    const QString timeBefore = row->text(3);
    const std::int64_t sequence = m_window->document()->design().workload.sequenceLength;
    m_window->document()->editField(core::Field::SequenceLength, core::FieldValue{sequence / 2});
    tree = panel->groupTree();
    QCOMPARE(tree->topLevelItem(0)->child(0)->data(0, kMarkRole).toInt(), 42);
    QVERIFY2(row->text(3) != timeBefore, qPrintable(timeBefore)); // the TP message is half as long

    // Shown at the same size: the links column shares what the viewport leaves (shareWidth).
    widgets::CollectiveGroupList fresh;
    fresh.resize(panel->findChild<widgets::CollectiveGroupList*>()->size());
    fresh.retranslate();
    fresh.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    fresh.fill(m_window->document()->snapshot(), std::nullopt);
    QTreeWidget* expected = fresh.tree();
    QCOMPARE(tree->topLevelItemCount(), expected->topLevelItemCount());
    const auto sameRow = [](const QTreeWidgetItem* a, const QTreeWidgetItem* b) {
        for (int column = 0; column < 4; ++column)
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::TextAlignmentRole),
                             int(Qt::ForegroundRole)})
                if (a->data(column, role) != b->data(column, role))
                    return false;
        return a->flags() == b->flags();
    };
    for (int i = 0; i < expected->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* shownTop = tree->topLevelItem(i);
        const QTreeWidgetItem* freshTop = expected->topLevelItem(i);
        QVERIFY2(sameRow(shownTop, freshTop), qPrintable(shownTop->text(0)));
        QCOMPARE(shownTop->childCount(), freshTop->childCount());
        for (int j = 0; j < freshTop->childCount(); ++j)
            QVERIFY2(sameRow(shownTop->child(j), freshTop->child(j)), qPrintable(freshTop->child(j)->text(0)));
    }
    for (int column : {0, 2, 3})
        QCOMPARE(tree->header()->sectionSize(column), expected->header()->sectionSize(column));
}

// A TP, DP, CP or EP group is picked from the canvas selection or from the tab's list. A group picked on the
// Cluster canvas plays in the tab; a group picked in the tab is marked on the canvas, without an echo.
void TestCollectivesTab::canvasAndTabShareTheGroup()
{
    widgets::ClusterPanel* cluster = m_window->cluster();
    widgets::CollectivePanel* panel = m_window->collectives();
    cluster->setColorDimension(core::Dim::Dp);
    cluster->canvas()->selectGroup(3);
    QCOMPARE(panel->selectedGroup(), std::optional(std::pair{core::Dim::Dp, 3}));
    QCOMPARE(panel->spec().ranks, 2); // default: TP 8 × PP 2 × DP 2

    QSignalSpy echoes(cluster, &widgets::ClusterPanel::groupSelected);
    QVERIFY(panel->selectGroup(core::Dim::Tp, 2));
    QCOMPARE(cluster->canvas()->colorDimension(), core::Dim::Tp);
    QCOMPARE(cluster->canvas()->selectedGroup(), 2);
    QCOMPARE(echoes.count(), 0);
    QCOMPARE(panel->selectedGroup(), std::optional(std::pair{core::Dim::Tp, 2}));

    // Clearing the canvas selection leaves the tab playing its group.
    cluster->canvas()->selectGroup(-1);
    QCOMPARE(panel->selectedGroup(), std::optional(std::pair{core::Dim::Tp, 2}));
}

// Under DualPipe ranks r and PP−1−r of every pipeline hold the same two stages and all-reduce their
// gradients once per step (core/comm/stagecopy.h). The tab lists those pairs as PP groups, with their ranks,
// links and time like any group; choosing one plays its all-reduce and marks the pair on the canvas.
// Llama 3.1 8B, PP 4 × DP 2 on 2 nodes × 4 H200, ZeRO-1 (testing::dualPipeLlama): each rank sums its
// partition, half its two stages' gradients — rank 0's 4,540,469,248 parameters × 4 B (FP32) / 2 =
// 9,080,938,496 B (tst_dualpipe).
void TestCollectivesTab::dualPipeStageCopiesAreGroups()
{
    m_window->setDesign(testing::dualPipeLlama(1, 2));
    const core::Design& design = m_window->document()->design();
    const core::Evaluation& e = *m_window->document()->snapshot().evaluation;
    const std::vector<std::array<int, 2>> pairs = core::stageCopyPairs(design, e.mesh, e.ranks);
    QCOMPARE(pairs.size(), std::size_t(4)); // two pipelines, two pairs each
    const std::array<int, 2> first = pairs.front();
    QCOMPARE(e.ranks[std::size_t(first[0])].coord(core::Dim::Pp), 0);
    QCOMPARE(e.ranks[std::size_t(first[1])].coord(core::Dim::Pp), 3);
    QCOMPARE(e.ranks[std::size_t(first[0])].coord(core::Dim::Dp),
             e.ranks[std::size_t(first[1])].coord(core::Dim::Dp));

    widgets::CollectivePanel* panel = m_window->collectives();
    QTreeWidget* tree = panel->groupTree();
    QTreeWidgetItem* copies = topLevelRow(tree, QLatin1String("DualPipe copies"));
    QVERIFY(copies);
    QCOMPARE(copies->text(0), QStringLiteral("DualPipe copies: 4 pairs r, PP−1−r · All-Reduce"));
    QCOMPARE(copies->childCount(), 4);
    QTreeWidgetItem* row = copies->child(0);
    QCOMPARE(row->text(0), QStringLiteral("Copies 0"));
    QCOMPARE(row->text(1), QStringLiteral("%1, %2").arg(first[0]).arg(first[1]));
    QCOMPARE(row->text(2), QStringLiteral("NVLink + fabric")); // ranks 0 and 3 of a pipeline on two nodes
    QVERIFY(row->text(3) != QStringLiteral("—") && !row->text(3).isEmpty());
    QVERIFY2(row->toolTip(0).contains(QStringLiteral("ZeRO partition")), qPrintable(row->toolTip(0)));

    row->setSelected(true); // as a click on the row does
    QCOMPARE(panel->selectedGroup(), std::optional(std::pair{core::Dim::Pp, 0}));
    QCOMPARE(panel->spec().op, core::CollectiveOp::AllReduce);
    QCOMPARE(panel->spec().ranks, 2);
    QCOMPARE(panel->spec().bytes, 9080938496.0); // the ZeRO-1 partition of FP32 gradients (tst_dualpipe)
    QCOMPARE(panel->spec().bytes, core::stageCopyBytes(design, 0));
    QCOMPARE(panel->cost().timeSeconds, core::collectiveCost(panel->spec(), panel->links()).timeSeconds);

    widgets::ClusterCanvas* canvas = m_window->cluster()->canvas();
    QCOMPARE(canvas->colorDimension(), core::Dim::Pp);
    QCOMPARE(canvas->selectedGroup(), -1); // not pipeline 0: the pair
    QCOMPARE(canvas->shownRanks(), (std::vector<int>{first[0], first[1]}));
    for (int rank = 0; rank < 8; ++rank)
        QCOMPARE(canvas->inSelectedGroup(rank), rank == first[0] || rank == first[1]);

    // Without DualPipe the PP groups send point to point and are not listed.
    core::Design single = testing::dualPipeLlama(1, 2);
    single.layout.schedule = core::Schedule::OneFOneB;
    single.layout.virtualStages = 1;
    m_window->setDesign(single);
    tree = panel->groupTree(); // brought up to date, the tab being hidden
    QVERIFY(tree->topLevelItemCount() > 0);
    QVERIFY(!topLevelRow(tree, QLatin1String("DualPipe")));
    QVERIFY(!panel->selectGroup(core::Dim::Pp, 0));
}

// GPT-3 175B ties its output head to the embedding: with PP the last stage keeps a copy, and the first and
// last stage of every pipeline all-reduce its gradient (core/comm/stagecopy.h). The tab lists that pair as
// the PP group, says what it sums and plays it.
void TestCollectivesTab::tiedEmbeddingCopiesAreAGroup()
{
    core::Design design = testing::onOneNode("gpt-3-175b", 8, "h100-sxm-80gb", "nvlink4");
    design.model.layers = 8;
    design.layout.setDegree(core::Dim::Tp, 2);
    design.layout.setDegree(core::Dim::Pp, 4);
    design.layout.setDegree(core::Dim::Dp, 1);
    design.layout.zeroStage = 0;
    design.workload.globalBatch = 8;
    m_window->setDesign(design);
    widgets::CollectivePanel* panel = m_window->collectives();
    QTreeWidget* tree = panel->groupTree();
    QTreeWidgetItem* copies = topLevelRow(tree, QLatin1String("Embedding copies"));
    QVERIFY(copies);
    const core::Evaluation& e = *m_window->document()->snapshot().evaluation;
    const auto pairs = core::stageCopyPairs(m_window->document()->design(), e.mesh, e.ranks);
    QCOMPARE(static_cast<int>(pairs.size()), copies->childCount());
    QCOMPARE(copies->text(0),
             QStringLiteral("Embedding copies: %1 pairs of the first and last stage · All-Reduce")
                 .arg(pairs.size()));
    QTreeWidgetItem* row = copies->child(0);
    QVERIFY2(row->toolTip(0).contains(QStringLiteral("word embedding")), qPrintable(row->toolTip(0)));
    row->setSelected(true);
    QCOMPARE(panel->selectedGroup(), std::optional(std::pair{core::Dim::Pp, 0}));
    QCOMPARE(panel->spec().op, core::CollectiveOp::AllReduce);
    QCOMPARE(panel->spec().bytes, core::stageCopyBytes(m_window->document()->design(), 0));
}

void TestCollectivesTab::germanShowsWhenChosen()
{
    widgets::CollectivePanel* panel = m_window->collectives();
    panel->view()->seek(3);
    m_language->choose(QStringLiteral("de"));
    QTRY_COMPARE(panel->findChild<QPushButton*>(QStringLiteral("playButton"))->text(),
                 QStringLiteral("Abspielen"));
    // A lecture switching language keeps its place; the columns are relabelled.
    QCOMPARE(panel->view()->playhead().position(), 3.0);
    QCOMPARE(panel->view()->scene().heads.front(), QStringLiteral("Rank 0"));
    panel->view()->restart();
    QVERIFY2(panel->captionText().startsWith(QStringLiteral("Vorher:")), qPrintable(panel->captionText()));
    panel->view()->stepForward();
    QVERIFY2(panel->captionText().startsWith(
                 QStringLiteral("Schritt 1 von 6 · Reduce-Scatter: Rank 0 sendet Chunk 3 "
                                "an Rank 1")),
             qPrintable(panel->captionText()));
    QVERIFY(panel->figuresText().contains(QStringLiteral("Bus-Bandbreite"))
            || panel->figuresText().contains(QStringLiteral("Bus Bandwidth")));
    // The group list keeps its Time column in view however long the German texts and the rank lists
    // are: the reference article's 512 GPUs (DP groups "0, 64, 128, 192"), a narrow side column.
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    m_window->resize(1100, 800);
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QTreeWidget* groups = panel->groupTree();
    QTRY_VERIFY(groups->isVisible() && groups->viewport()->width() > 0);
    QHeaderView* header = groups->header();
    const int timeEnd = header->sectionViewportPosition(3) + header->sectionSize(3);
    QVERIFY2(
        timeEnd <= groups->viewport()->width(),
        qPrintable(QStringLiteral("Time ends at %1 of %2").arg(timeEnd).arg(groups->viewport()->width())));
    QVERIFY(header->sectionSize(3) >= header->sectionSizeHint(3));
    m_language->choose(QStringLiteral("en"));
    QTRY_COMPARE(panel->findChild<QPushButton*>(QStringLiteral("playButton"))->text(),
                 QStringLiteral("Play"));
}

void TestCollectivesTab::screenshotOfTheTab()
{
    QVERIFY(m_dir.isValid());
    m_window->resize(1600, 1000);
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    widgets::CollectivePanel* panel = m_window->collectives();
    panel->view()->seek(1);
    panel->view()->stepForward();
    panel->view()->advance(panel->view()->playhead().secondsPerStep() * 0.3);
    const QString path = m_dir.filePath(QStringLiteral("collectives.png"));
    QVERIFY(m_window->saveScreenshot(path));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1600, 1000) * image.devicePixelRatio());
    QVERIFY(panel->view()->isVisible());
    QVERIFY(panel->view()->width() > 500 && panel->view()->height() > 350);
}

void TestCollectivesTab::timesStayWholeInView_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char* example : {"default", "seed-70b-32k-512gpu", "mixtral-8x7b-ep8"})
        for (const char* language : {"en", "de"})
            for (const QSize size : {QSize(1366, 768), QSize(1600, 1000)})
                QTest::addRow("%s %s %dx%d", example, language, size.width(), size.height())
                    << QString::fromLatin1(example) << QString::fromLatin1(language) << size;
}

// The group list's time is the row's answer: it is whole (not elided) and inside the list's width (no
// sideways scrolling to reach it), however long the rank lists and link names are.
void TestCollectivesTab::timesStayWholeInView()
{
    QFETCH(QString, example);
    QFETCH(QString, language);
    QFETCH(QSize, size);
    m_window->setDesign(*core::exampleDesign(example.toStdString()));
    m_language->choose(language);
    m_window->resize(size);
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    QApplication::processEvents();
    QTreeWidget* tree = m_window->collectives()->groupTree();
    QApplication::processEvents();
    int checked = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem* item = top->child(j);
            const QString time = item->text(3);
            if (time.isEmpty() || !(item->flags() & Qt::ItemIsEnabled))
                continue;
            const QRect cell = tree->visualRect(tree->indexFromItem(item, 3));
            // The text and the item's margins as QCommonStyle draws them (viewItemDrawText).
            const int needed = tree->fontMetrics().horizontalAdvance(time)
                + 2 * (tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1);
            QVERIFY2(cell.width() >= needed && cell.left() >= 0 && cell.right() < tree->viewport()->width(),
                     qPrintable(QStringLiteral("\"%1\" needs %2 px; its cell spans %3–%4 of %5")
                                    .arg(time)
                                    .arg(needed)
                                    .arg(cell.left())
                                    .arg(cell.right())
                                    .arg(tree->viewport()->width())));
            ++checked;
        }
    }
    QVERIFY(checked >= 4);
    QVERIFY(!tree->horizontalScrollBar()->isVisible());
    m_language->choose(QStringLiteral("en"));
}

void TestCollectivesTab::narrowListKeepsTheTime_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("language");
    for (const char* example : {"seed-70b-32k-512gpu", "seed-70b-32k-512gpu-alt", "mixtral-8x7b-ep8"})
        for (const char* language : {"en", "de"})
            QTest::addRow("%s %s", example, language)
                << QString::fromLatin1(example) << QString::fromLatin1(language);
}

// The overflow the screenshots showed at 1600 x 1000: a list narrower than its group, links and time texts
// side by side. The time must then stay whole and in view, the links column giving way (shareWidth).
// timesStayWholeInView cannot show it: in the test's window the list is 312 px wide at every window size,
// room enough for the three texts, so it passes without shareWidth. Here the width comes from the texts,
// whatever the font.
void TestCollectivesTab::narrowListKeepsTheTime()
{
    QFETCH(QString, example);
    QFETCH(QString, language);
    m_language->choose(language);
    const core::Design design = *core::exampleDesign(example.toStdString());
    m_window->setDesign(design);
    widgets::CollectiveGroupList list;
    list.retranslate();
    list.resize(1200, 500);
    list.show();
    QVERIFY(QTest::qWaitForWindowExposed(&list));
    list.fill(m_window->document()->snapshot(), std::nullopt);
    QTreeWidget* tree = list.tree();
    QHeaderView* header = tree->header();
    // At full width every column has its text's width.
    const int group = header->sectionSize(0), links = header->sectionSize(2), time = header->sectionSize(3);
    const int texts = group + links + time;
    // A little narrower than the three texts side by side: the rank lists (at least 24 px) cannot fit beside
    // them, but beside the group, the time and a shortened links column they can.
    const int viewport = texts - 10;
    for (int attempt = 0; attempt < 3 && tree->viewport()->width() != viewport; ++attempt) {
        list.resize(list.width() + viewport - tree->viewport()->width(), 500);
        QApplication::processEvents();
    }
    QCOMPARE(tree->viewport()->width(), viewport);
    QTreeWidgetItem* top = tree->topLevelItem(0);
    QVERIFY(top && top->childCount() > 0);
    const QRect cell = tree->visualRect(tree->indexFromItem(top->child(0), 3));
    QVERIFY2(
        cell.width() >= time && cell.right() < viewport,
        qPrintable(QStringLiteral("the time's cell spans %1-%2 of a %3 px list (group %4, links %5, time %6)")
                       .arg(cell.left())
                       .arg(cell.right())
                       .arg(viewport)
                       .arg(group)
                       .arg(links)
                       .arg(time)));
    QCOMPARE(tree->horizontalScrollBar()->maximum(), 0);
    QVERIFY(header->sectionSize(2) < links); // the links gave way
    m_language->choose(QStringLiteral("en"));
}

MESHWRIGHT_GUI_TEST_MAIN(TestCollectivesTab)
#include "tst_collectivestab.moc"
