// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window shows, read as a person reads it: the colour key of the cluster canvas in each
// colouring mode and the note when an edit switches it, memory on every GPU tile (red past its capacity),
// the dimension each example opens in, numbers and plurals in the chosen language, the docks that the View
// menu hides and brings back, and the minimum window size.
//
// The default example: 4 nodes × 8 H100, Llama 3.1 70B, TP=8 PP=2 DP=2 in the order tp-cp-ep-dp-pp, rank r
// on GPU r: a TP group fills a node, a PP group (ranks r and r + 16) spans two nodes.

#include "catalog/catalog.h"
#include "cluster/clustercanvas.h"
#include "cluster/clusterlegend.h"
#include "cluster/clusterpanel.h"
#include "common/explanationdialog.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/unitstext.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "design/layoutinspector.h"
#include "diagnostics/diagnosticsmodel.h"
#include "diagnostics/diagnosticspanel.h"
#include "evaluate.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace app;

class TestPicture : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void legendPerMode_data();
    void legendPerMode();
    void legendNotesColouringSwitch();
    void examplesOpenInTheirStory_data();
    void examplesOpenInTheirStory();
    void tileShowsMemoryPastCapacity();
    void germanNumbers_data();
    void germanNumbers();
    void plurals_data();
    void plurals();
    void verdictCountsInWords_data();
    void verdictCountsInWords();
    void worldSizeStaysInOnePiece();
    void explanationsInTheChosenLanguage();
    void viewMenuTogglesDocks();
    void minimumSizeEnforced();
    void emptyDiagnosticsGiveTheirRoom();
    void inspectorOpensAtItsNarrowest();
    void wrongTypeNamesItsPathOnce();

private:
    widgets::ClusterCanvas* canvas() const { return m_window->cluster()->canvas(); }

    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestPicture::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1600, 1000));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestPicture::cleanup()
{
    m_window.reset();
    m_language.reset();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestPicture::legendPerMode_data()
{
    QTest::addColumn<int>("dim");
    QTest::addColumn<bool>("byPosition");
    QTest::addColumn<QString>("key");
    // TP groups fill a node each: coloured by group, in shades of the TP button's colour.
    QTest::newRow("TP: group") << static_cast<int>(core::Dim::Tp) << false
                               << QStringLiteral("Colour = TP group");
    // A PP group spans two nodes: coloured by stage, the stage colours listed.
    QTest::newRow("PP: stage") << static_cast<int>(core::Dim::Pp) << true
                               << QStringLiteral("Colour = pipeline stage");
    // A DP group (ranks r, r + 8) spans two nodes as well: coloured by replica.
    QTest::newRow("DP: replica") << static_cast<int>(core::Dim::Dp) << true
                                 << QStringLiteral("Colour = DP replica");
}

void TestPicture::legendPerMode()
{
    QFETCH(int, dim);
    QFETCH(bool, byPosition);
    QFETCH(QString, key);
    m_window->cluster()->setColorDimension(static_cast<core::Dim>(dim));
    QCOMPARE(canvas()->colorsByPosition(), byPosition);
    const QString legend = m_window->cluster()->legendText();
    QVERIFY2(legend.contains(key), qPrintable(legend));
    QVERIFY2(legend.contains(QStringLiteral("memory against its capacity")), qPrintable(legend));
    if (byPosition) {
        // Two stages (or replicas), each with the colour it has on the Memory and Timeline tabs.
        QCOMPARE(canvas()->colourCount(), 2);
        QVERIFY(legend.contains(widgets::stageColor(1).name()));
    } else {
        // The key's shades are the TP button's hue: the groups drawn are the legend's colours.
        const QColor drawn = widgets::groupShade(core::Dim::Tp, canvas()->colorIndexOf(8));
        QCOMPARE(drawn.hslHue(), widgets::dimensionColor(core::Dim::Tp).hslHue());
        QVERIFY(legend.contains(drawn.name()));
        QVERIFY(widgets::groupShade(core::Dim::Tp, 0) != widgets::groupShade(core::Dim::Tp, 1));
    }
}

void TestPicture::legendNotesColouringSwitch()
{
    m_window->cluster()->setColorDimension(core::Dim::Tp);
    QVERIFY(!canvas()->colorsByPosition());
    QVERIFY(!m_window->cluster()->legendText().contains(QStringLiteral("now lie spread")));
    // Rank 0 onto GPU 8 on node 1: TP group 0 now spans two nodes, so the canvas colours TP ranks.
    m_window->document()->editCluster(core::edit::PlaceRank{0, 8});
    QVERIFY(canvas()->colorsByPosition());
    const QString legend = m_window->cluster()->legendText();
    QVERIFY2(legend.contains(QStringLiteral("The TP groups now lie spread over nodes")), qPrintable(legend));
    QVERIFY(legend.contains(QStringLiteral("Colour = TP rank")));
    // Undone, the groups sit in their nodes again, and the note says that too.
    m_window->document()->undoStack()->undo();
    QVERIFY(!canvas()->colorsByPosition());
    QVERIFY(m_window->cluster()->legendText().contains(QStringLiteral("now sit together in nodes")));
    // Choosing another dimension is not an edit: no note.
    m_window->cluster()->setColorDimension(core::Dim::Pp);
    QVERIFY(!m_window->cluster()->legendText().contains(QStringLiteral(" now ")));
}

void TestPicture::examplesOpenInTheirStory_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<int>("dim");
    QTest::newRow("EP=8 Mixtral") << QStringLiteral("mixtral-8x7b-ep8") << static_cast<int>(core::Dim::Ep);
    QTest::newRow("FSDP, TP=1") << QStringLiteral("fsdp-1node-8gpu") << static_cast<int>(core::Dim::Dp);
    QTest::newRow("TP=8") << QStringLiteral("seed-70b-32k-512gpu") << static_cast<int>(core::Dim::Tp);
}

void TestPicture::examplesOpenInTheirStory()
{
    QFETCH(QString, example);
    QFETCH(int, dim);
    m_window->cluster()->setColorDimension(core::Dim::Cp);
    QVERIFY(
        m_window->openFile(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/examples/%1.json").arg(example)));
    QCOMPARE(static_cast<int>(canvas()->colorDimension()), dim);
    QCOMPARE(static_cast<int>(widgets::storyDimension(m_window->document()->snapshot().design->layout)), dim);
}

void TestPicture::tileShowsMemoryPastCapacity()
{
    // 70B on every GPU alone (TP=PP=1): its 140 GB of bf16 weights alone exceed an H100's 80 GB.
    m_window->document()->editFields({{core::Field::Tp, std::int64_t{1}},
                                      {core::Field::Pp, std::int64_t{1}},
                                      {core::Field::Dp, std::int64_t{32}}});
    const core::Evaluation& e = *m_window->document()->snapshot().evaluation;
    QVERIFY(e.memory.has_value());
    QVERIFY(!e.memory->fits);
    QVERIFY(canvas()->memoryShareOf(0) > 140e9 / 80e9);
    canvas()->resetTransform(); // 1:1, every detail drawn
    canvas()->centerOn(canvas()->clusterGeometry().slotRect(0, 0).center());
    QApplication::processEvents();
    // The bar across the foot of GPU 0's tile is the over-capacity red, whatever the colouring.
    for (core::Dim dim : {core::Dim::Tp, core::Dim::Dp}) {
        m_window->cluster()->setColorDimension(dim);
        QImage frame(canvas()->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        frame.fill(Qt::white);
        {
            QPainter painter(&frame);
            canvas()->viewport()->render(&painter);
        }
        const QRectF cell = canvas()->clusterGeometry().slotRect(0, 0);
        const QPoint foot = canvas()->mapFromScene(QPointF(cell.center().x(), cell.bottom() - 5));
        QCOMPARE(frame.pixelColor(foot), widgets::palette::overCapacity);
    }
    // Back to the default layout: a bar that does not reach the end, in the memory colour.
    m_window->document()->undoStack()->undo();
    QVERIFY(canvas()->memoryShareOf(0) > 0.1);
    QVERIFY(canvas()->memoryShareOf(0) < 1.0);
}

void TestPicture::germanNumbers_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("bytes");
    QTest::addColumn<QString>("count");
    QTest::addColumn<QString>("integer");
    QTest::addColumn<QString>("percent");
    // 2.41e12 bytes; 3,452,600 tokens/s (the search's "3.4526e+06"); 8,192 tokens; an MFU of 52.1 %.
    QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("2.41 TB") << QStringLiteral("3.45 M")
                        << QStringLiteral("8,192") << QStringLiteral("52.1 %");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("2,41 TB") << QStringLiteral("3,45 M")
                        << QStringLiteral("8.192") << QStringLiteral("52,1 %");
}

void TestPicture::germanNumbers()
{
    QFETCH(QString, language);
    m_language->choose(language);
    QTEST(widgets::bytesText(2.41e12), "bytes");
    QTEST(widgets::countText(3.4526e6), "count");
    QTEST(widgets::integerText(8192), "integer");
    QTEST(widgets::percentText(0.521), "percent");
    QCOMPARE(widgets::secondsText(0.0613),
             language == QLatin1String("de") ? QStringLiteral("61,3 ms") : QStringLiteral("61.3 ms"));
    // The timeline's bubble of 3/67: "4.5 %" in English, "4,5 %" in German.
    QCOMPARE(widgets::fixedText(100.0 * 3 / 67, 1),
             language == QLatin1String("de") ? QStringLiteral("4,5") : QStringLiteral("4.5"));
    m_language->choose(QStringLiteral("en"));
}

void TestPicture::plurals_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 1") << QStringLiteral("en") << 1 << QStringLiteral("<b>1 GPU</b>");
    QTest::newRow("en 8192") << QStringLiteral("en") << 8192 << QStringLiteral("<b>8,192 GPUs</b>");
    QTest::newRow("de 1") << QStringLiteral("de") << 1 << QStringLiteral("<b>1 GPU</b>");
    QTest::newRow("de 8192") << QStringLiteral("de") << 8192 << QStringLiteral("<b>8.192 GPUs</b>");
}

void TestPicture::plurals()
{
    QFETCH(QString, language);
    QFETCH(int, count);
    m_language->choose(language);
    QApplication::processEvents(); // the views take the language change
    // The design summary's cluster line, as it counts a cluster of mixed nodes.
    QTEST(QCoreApplication::translate("widgets::DesignSummary", "<b>%Ln GPU(s)</b>", nullptr, count),
          "expected");
    // The Cluster tab's "add nodes" boxes name their unit in the number they hold.
    QSpinBox* nodes = m_window->cluster()->addNodeCountBox();
    nodes->setValue(1);
    QCOMPARE(nodes->suffix(),
             language == QLatin1String("de") ? QStringLiteral(" Node") : QStringLiteral(" node"));
    nodes->setValue(2);
    QCOMPARE(nodes->suffix(),
             language == QLatin1String("de") ? QStringLiteral(" Nodes") : QStringLiteral(" nodes"));
    m_language->choose(QStringLiteral("en"));
}

// The status line counts ranks and GPUs in words that agree with the number: one rank on one GPU (Llama 3.1
// 8B served from one H100) and 32 ranks on 32 GPUs (the default example), German with its separators.
void TestPicture::verdictCountsInWords_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 1") << QStringLiteral("en") << 1 << QStringLiteral("Valid layout: 1 rank on 1 GPU.");
    QTest::newRow("en 32") << QStringLiteral("en") << 32
                           << QStringLiteral("Valid layout: 32 ranks on 32 GPUs.");
    QTest::newRow("de 1") << QStringLiteral("de") << 1
                          << QStringLiteral("Gültiges Layout: 1 Rank auf 1 GPU.");
    QTest::newRow("de 32") << QStringLiteral("de") << 32
                           << QStringLiteral("Gültiges Layout: 32 Ranks auf 32 GPUs.");
}

void TestPicture::verdictCountsInWords()
{
    QFETCH(QString, language);
    QFETCH(int, gpus);
    core::Design design = *core::exampleDesign("default");
    if (gpus == 1)
        design = *core::designFromJson(core::Json::parse(R"({"format": "meshwright.design", "version": 1,
            "name": "Llama 3.1 8B served from one H100", "model": "llama-3.1-8b",
            "workload": {"mode": "serving", "sequenceLength": 4096, "globalBatch": 1,
                         "serving": {"concurrency": 1, "contextLength": 4096, "kvDtype": "bf16"}},
            "cluster": {"fabric": "ib-ndr-400",
                        "uniform": {"nodes": 1, "gpusPerNode": 1, "gpu": "h100-sxm-80gb", "intraLink": "nvlink4"}},
            "layout": {"tp": 1, "pp": 1, "cp": 1, "dp": 1, "ep": 1, "microBatch": 1}})"))
                      .design;
    const core::Evaluation evaluation = core::evaluate(design);
    QCOMPARE(static_cast<int>(evaluation.gpusInService), gpus);
    m_language->choose(language);
    QTEST(widgets::layoutVerdictText(evaluation), "expected");
    m_language->choose(QStringLiteral("en"));
}

// The Layout panel's world size keeps its product in one piece: "× EP 1" never stands alone on a line.
void TestPicture::worldSizeStaysInOnePiece()
{
    m_language->choose(QStringLiteral("de"));
    QApplication::processEvents();
    QLabel* world = nullptr;
    for (QLabel* label : m_window->inspector()->findChildren<QLabel*>())
        if (label->text().startsWith(QLatin1String("World Size"))
            || label->text().startsWith(QLatin1String("Welt")))
            world = label;
    QVERIFY(world);
    QVERIFY2(
        world->text().contains(QStringLiteral("white-space:nowrap'>DP 2 × TP 8 × PP 2 × CP 1 × EP 1</span>")),
        qPrintable(world->text()));
    m_language->choose(QStringLiteral("en"));
}

// The core writes its explanations in English (the command line and the JSON keep them so); the views show
// the texts it marked in the chosen language.
void TestPicture::explanationsInTheChosenLanguage()
{
    const core::Evaluation evaluation = core::evaluate(*core::exampleDesign("default"));
    QVERIFY(evaluation.performance);
    const core::Explanation& step = evaluation.performance->step;
    QCOMPARE(step.inputs.front().name, std::string("pipeline makespan"));
    m_language->choose(QStringLiteral("de"));
    QCOMPARE(widgets::explanationText(step.inputs.front().name), QStringLiteral("Dauer der Pipeline"));
    QCOMPARE(widgets::explanationText(step.formula),
             QStringLiteral("Dauer der Pipeline + sichtbare datenparallele Synchronisation + Optimizer-Schritt"));
    QCOMPARE(widgets::explanationText(evaluation.performance->mfuExplanation.inputs.front().name),
             QStringLiteral("Modell-FLOPs pro Schritt (Megatron, kausale Attention)"));
    m_language->choose(QStringLiteral("en"));
    QCOMPARE(widgets::explanationText(step.inputs.front().name), QStringLiteral("pipeline makespan"));
}

void TestPicture::viewMenuTogglesDocks()
{
    for (QDockWidget* dock : {m_window->inspectorDock(), m_window->diagnosticsDock()}) {
        QAction* toggle = dock->toggleViewAction();
        QVERIFY(toggle->isEnabled()); // not greyed out
        // The View menu carries the toggle.
        bool inViewMenu = false;
        for (QAction* menu : m_window->menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(toggle))
                inViewMenu = true;
        QVERIFY(inViewMenu);
        QVERIFY(dock->isVisible());
        const int canvasHeight = canvas()->height();
        const int canvasWidth = canvas()->width();
        toggle->trigger();
        QVERIFY(!dock->isVisible());
        QApplication::processEvents();
        // The room goes to the canvas.
        QVERIFY(canvas()->height() > canvasHeight || canvas()->width() > canvasWidth);
        toggle->trigger();
        QVERIFY(dock->isVisible());
    }
}

void TestPicture::minimumSizeEnforced()
{
    QCOMPARE(m_window->minimumSize(), MainWindow::kMinimumSize);
    // Its layout fits the stated minimum: a request at the minimum is honoured, a smaller one is not.
    m_window->resize(MainWindow::kMinimumSize);
    QApplication::processEvents();
    QCOMPARE(m_window->size(), MainWindow::kMinimumSize);
    m_window->resize(800, 600);
    QApplication::processEvents();
    QCOMPARE(m_window->size(), MainWindow::kMinimumSize);
    // At 1366 × 768, a laptop's screen, the canvas keeps a useful size.
    m_window->resize(1366, 740);
    QApplication::processEvents();
    QVERIFY2(canvas()->height() >= 300, qPrintable(QString::number(canvas()->height())));
    // The Layout panel fits its dock there, in both languages: no row scrolls sideways (a choice as wide
    // as its longest item once made every row do so).
    for (const char* language : {"en", "de"}) {
        m_language->choose(QString::fromLatin1(language));
        QApplication::processEvents();
        // The dock made as narrow as it goes.
        auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("inspectorDock"));
        QVERIFY(dock);
        m_window->resizeDocks({dock}, {1}, Qt::Horizontal);
        QApplication::processEvents();
        auto* scroll = qobject_cast<QScrollArea*>(m_window->inspector()->parentWidget()->parentWidget());
        QVERIFY(scroll);
        // The panel's narrowest form fits the width the dock may take (MainWindow::fitInspectorDock caps it
        // at 380 px so that the window fits 1366 px): a longer label makes every row scroll sideways.
        const int scrollBar = scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
        const int needed
            = m_window->inspector()->minimumSizeHint().width() + scrollBar + 2 * scroll->frameWidth();
        QVERIFY2(
            needed <= 380,
            qPrintable(
                QStringLiteral("%1: the panel needs %2 px").arg(QString::fromLatin1(language)).arg(needed)));
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("%1: the panel needs %2 px, its dock gives %3")
                                .arg(QString::fromLatin1(language))
                                .arg(m_window->inspector()->minimumSizeHint().width())
                                .arg(scroll->viewport()->width())));
    }
    m_language->choose(QStringLiteral("en"));
}

// Without a diagnostic the Diagnostics dock is its one summary line ("No problems: …"); a problem opens the
// table again at its height, and the canvas gives and takes the room.
void TestPicture::emptyDiagnosticsGiveTheirRoom()
{
    m_window->resize(1366, 740);
    QApplication::processEvents();
    widgets::DiagnosticsPanel* panel = m_window->diagnostics();
    QCOMPARE(panel->model()->rowCount(), 0); // the default example is consistent
    QVERIFY(panel->isCollapsed());
    QVERIFY(panel->table()->isHidden());
    const int lineDock = m_window->diagnosticsDock()->height();
    // The title bar, the line and the margins: under 70 px where the empty table took 150.
    QVERIFY2(lineDock < 70, qPrintable(QString::number(lineDock)));
    const int canvasHeight = canvas()->height();
    // TP = 3 does not divide the 64 heads: an error.
    m_window->document()->editField(core::Field::Tp, std::int64_t{3});
    QApplication::processEvents();
    QVERIFY(panel->model()->rowCount() > 0);
    QVERIFY(!panel->isCollapsed());
    QVERIFY(panel->table()->isVisible());
    QVERIFY2(m_window->diagnosticsDock()->height() >= 110,
             qPrintable(QString::number(m_window->diagnosticsDock()->height())));
    QVERIFY(canvas()->height() < canvasHeight);
    m_window->document()->undoStack()->undo();
    QApplication::processEvents();
    QVERIFY(panel->isCollapsed());
    QCOMPARE(m_window->diagnosticsDock()->height(), lineDock);
    QCOMPARE(canvas()->height(), canvasHeight);
}

// The Layout panel opens as narrow as its form allows (the rest goes to the canvas); it can be widened by
// hand, and hidden from the View menu.
void TestPicture::inspectorOpensAtItsNarrowest()
{
    testing::createMainWindow(m_language, m_window, QSize(1366, 740));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QApplication::processEvents();
    QDockWidget* dock = m_window->inspectorDock();
    const int narrowest = dock->widget()->minimumWidth();
    QVERIFY2(dock->widget()->width() <= narrowest + 2,
             qPrintable(QStringLiteral("%1 px, at least %2").arg(dock->widget()->width()).arg(narrowest)));
    QVERIFY2(narrowest <= 370, qPrintable(QString::number(narrowest)));
}

void TestPicture::wrongTypeNamesItsPathOnce()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("wrong-type.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "meshwright.design", "version": 1, "layout": {"tp": "eight"}})");
    file.close();
    QVERIFY(!m_window->openFile(path));
    const QString error = m_window->lastError();
    QVERIFY2(error.contains(QStringLiteral("/layout/tp must be")), qPrintable(error));
    QCOMPARE(error.count(QStringLiteral("/layout/tp")), 1);
}

MESHWRIGHT_GUI_TEST_MAIN(TestPicture)
#include "tst_picture.moc"
