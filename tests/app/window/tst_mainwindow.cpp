// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH
// The main window, offscreen: it opens on the default design, an edit in the inspector is one undo step
// that every view follows, a broken file leaves the design untouched, and German shows when chosen.

#include "cluster/clustercanvas.h"
#include "cluster/clusterpanel.h"
#include "common/explanationdialog.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "design/layoutinspector.h"
#include "diagnostics/diagnosticsmodel.h"
#include "diagnostics/diagnosticspanel.h"
#include "memory/memorybars.h"
#include "memory/memorypanel.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace app;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void opensOnTheDefaultDesign();
    void memoryTabWaitsUntilShown();
    void editingTpInTheInspectorIsOneUndoStep();
    void choosingAModelPresetUpdatesEveryView();
    void predictionDepthsFromTheInspector();
    void recomputedModulesFromTheInspector();
    void clusterShapeFromTheInspector();
    void diagnosticsFollowTheDesign();
    void scheduleTheFrameworkLacksIsMarked();
    void failedOpenLeavesTheDesignUntouched();
    void saveAndOpenRoundTrip();
    void germanShowsWhenChosen();
    void screenshotIsWritten();
    void editingTpChangesTheMemoryBars();
    void stageLabelsFitUnderTheirBars();
    void fitsALaptopScreen_data();
    void fitsALaptopScreen();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::init()
{
    testing::createMainWindow(m_language, m_window);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestMainWindow::opensOnTheDefaultDesign()
{
    const core::Design& design = m_window->document()->design();
    QCOMPARE(QString::fromStdString(design.model.preset), QStringLiteral("llama-3.1-70b"));
    QCOMPARE(design.layout.tp(), 8);
    QCOMPARE(m_window->document()->snapshot().evaluation->worldSize, std::int64_t{32});
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Meshwright")));
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(m_window->summary()->modelText().contains(QStringLiteral("70.6 B")));
    QCOMPARE(m_window->cluster()->canvas()->rankAt(1, 3), 11);
    QCOMPARE(m_window->diagnostics()->model()->rowCount(), 0);
    // The Layout panel hides rows (setRowVisible): Qt 6.4's QFormLayout then sizes a height-for-width
    // item against a stale row table and writes past it, so no form there may hold one (a word-wrapped
    // note sits beside its form).
    int forms = 0;
    for (const QFormLayout* form : m_window->inspector()->findChildren<QFormLayout*>()) {
        ++forms;
        QVERIFY2(!form->hasHeightForWidth(), qPrintable(form->parentWidget()->objectName()));
    }
    QVERIFY(forms >= 5);
}

void TestMainWindow::editingTpInTheInspectorIsOneUndoStep()
{
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    QVERIFY(tp);
    QCOMPARE(tp->value(), 8);
    const std::string before = core::saveDesign(m_window->document()->design());
    // The summary states the step time and MFU of the performance model.
    const std::optional<core::Performance>& performance
        = m_window->document()->snapshot().evaluation->performance;
    QVERIFY(performance);
    QVERIFY(m_window->summary()->performanceText().contains(
        QString::fromStdString(core::formatSeconds(performance->stepSeconds))));
    QVERIFY(m_window->summary()->performanceText().contains(QStringLiteral("MFU")));
    // Every headline figure explains itself.
    m_window->summary()->explain(QStringLiteral("step"));
    QVERIFY(m_window->summary()->explanationDialog());
    QCOMPARE(m_window->summary()->explanationDialog()->formulaText(),
             QString::fromStdString(performance->step.formula));
    m_window->summary()->explain(QStringLiteral("exposed"));
    QCOMPARE(m_window->summary()->explanationDialog()->formulaText(),
             QString::fromStdString(performance->exposedExplanation.formula));
    m_window->summary()->explanationDialog()->close();
    tp->setValue(4); // what an arrow click or a typed value ends in
    QCOMPARE(m_window->document()->design().layout.tp(), 4);
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    QVERIFY(m_window->isWindowModified());
    // Every view follows: 16 ranks now, and the cluster canvas shows them.
    QCOMPARE(m_window->document()->snapshot().evaluation->worldSize, std::int64_t{16});
    QVERIFY(m_window->summary()->layoutText().contains(QStringLiteral("16 ranks")));
    QCOMPARE(m_window->cluster()->canvas()->rankAt(0, 4), 4);
    QCOMPARE(m_window->cluster()->canvas()->rankAt(2, 0), -1); // 16 ranks fill two nodes; the rest is idle
    m_window->document()->undoStack()->undo();
    QCOMPARE(core::saveDesign(m_window->document()->design()), before);
    QCOMPARE(tp->value(), 8);
    QVERIFY(!m_window->isWindowModified());
}

void TestMainWindow::choosingAModelPresetUpdatesEveryView()
{
    QComboBox* preset = m_window->inspector()->modelPresetBox();
    const int index = preset->findData(QStringLiteral("mixtral-8x7b"));
    QVERIFY(index >= 0);
    preset->setCurrentIndex(index);
    emit preset->activated(index);
    QCOMPARE(QString::fromStdString(m_window->document()->design().model.preset),
             QStringLiteral("mixtral-8x7b"));
    QVERIFY(m_window->summary()->modelText().contains(QStringLiteral("12.9 B active")));
    // The MoE fields appear for a MoE model.
    QVERIFY(m_window->inspector()->editorFor(core::Field::ModelExperts)->isVisibleTo(m_window->inspector()));
}

// DeepSeek-V3 brings its prediction depth: the summary counts it, and setting the depths to 0 in the
// inspector (the summaries' "w/o MTP" rows) is one undo step that takes it out of the count.
void TestMainWindow::predictionDepthsFromTheInspector()
{
    QComboBox* preset = m_window->inspector()->modelPresetBox();
    const int index = preset->findData(QStringLiteral("deepseek-v3"));
    QVERIFY(index >= 0);
    preset->setCurrentIndex(index);
    emit preset->activated(index);
    QVERIFY2(m_window->summary()->modelText().contains(QStringLiteral("multi-token prediction 11.6 B")),
             qPrintable(m_window->summary()->modelText()));
    auto* depths = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::ModelMtpLayers));
    QVERIFY(depths && depths->isVisibleTo(m_window->inspector()));
    QCOMPARE(depths->value(), 1);
    const int steps = m_window->document()->undoStack()->count();
    depths->setValue(0);
    QCOMPARE(m_window->document()->design().model.mtpLayers, 0);
    QCOMPARE(m_window->document()->undoStack()->count(), steps + 1);
    QVERIFY(!m_window->summary()->modelText().contains(QStringLiteral("multi-token prediction")));
    m_window->document()->undoStack()->undo();
    QCOMPARE(m_window->document()->design().model.mtpLayers, 1);
    QCOMPARE(depths->value(), 1);
}

// Selective recomputation shows its modules' field; typing Megatron-Core's names there is one undo step that
// the memory follows, and a name it does not know changes nothing.
void TestMainWindow::recomputedModulesFromTheInspector()
{
    auto* modules = qobject_cast<QLineEdit*>(m_window->inspector()->editorFor(core::Field::RecomputeModules));
    QVERIFY(modules);
    QCOMPARE(m_window->document()->design().layout.recompute,
             core::Recompute::Selective); // the default design
    QVERIFY(modules->isVisibleTo(m_window->inspector()));
    const double before = m_window->document()->snapshot().evaluation->memory->peakBytes;
    const int steps = m_window->document()->undoStack()->count();
    modules->setText(QStringLiteral("core_attn, mlp"));
    emit modules->editingFinished();
    QCOMPARE(m_window->document()->undoStack()->count(), steps + 1);
    QCOMPARE(m_window->document()->design().layout.recomputeModules.size(), std::size_t{2});
    QVERIFY(m_window->document()->snapshot().evaluation->memory->peakBytes < before);
    modules->setText(QStringLiteral("mlp, attention"));
    emit modules->editingFinished();
    QCOMPARE(m_window->document()->undoStack()->count(), steps + 1);
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->design().layout.recomputeModules.empty());
    auto* recompute = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(core::Field::Recompute));
    recompute->setCurrentIndex(recompute->findData(QStringLiteral("full")));
    emit recompute->activated(recompute->currentIndex());
    QVERIFY(!modules->isVisibleTo(m_window->inspector()));
}

void TestMainWindow::clusterShapeFromTheInspector()
{
    m_window->inspector()->nodesBox()->setValue(2);
    const core::Design& design = m_window->document()->design();
    QCOMPARE(design.cluster.nodes.size(), std::size_t{2});
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    // 32 ranks no longer fit 16 GPUs: an error, and the GPU count field is marked.
    QVERIFY(!m_window->document()->snapshot().evaluation->valid());
    QVERIFY(m_window->diagnostics()->summaryText().contains(QStringLiteral("1 error")));
}

void TestMainWindow::diagnosticsFollowTheDesign()
{
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    tp->setValue(3);
    widgets::DiagnosticsModel* model = m_window->diagnostics()->model();
    QVERIFY(model->rowCount() > 0);
    bool found = false;
    for (int row = 0; row < model->rowCount(); ++row)
        found |= model->index(row, widgets::DiagnosticsModel::CodeColumn).data().toString()
            == QLatin1String("tp-heads");
    QVERIFY(found);
    QCOMPARE(tp->property("severity").toString(),
             QStringLiteral("error")); // the field with the error is marked
    QVERIFY(tp->toolTip().contains(QStringLiteral("does not divide the 64 attention heads")));
    tp->setValue(8);
    QVERIFY(!tp->property("severity").isValid());
}

// Megatron-Core runs 1F1B and interleaved only (schedules.py get_forward_backward_func): named as the
// framework with ZB-H1, the Layout panel marks the schedule as an error whose tooltip names the framework
// that runs it; back to Auto, the design models ZB-H1 again and the mark goes.
void TestMainWindow::scheduleTheFrameworkLacksIsMarked()
{
    // As a user's choice does: the inspector edits on activated(), not on a change from code.
    const auto choose = [](QComboBox* box, const char* value) {
        box->setCurrentIndex(box->findData(QString::fromLatin1(value)));
        QVERIFY(box->currentIndex() >= 0);
        emit box->activated(box->currentIndex());
    };
    auto* framework = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(core::Field::Framework));
    auto* schedule = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(core::Field::Schedule));
    QVERIFY(framework && schedule);
    choose(schedule, "zb-h1");
    QCOMPARE(m_window->document()->design().layout.schedule, core::Schedule::ZbH1);
    QVERIFY(!schedule->property("severity").isValid()); // Auto: modelled as given
    choose(framework, "megatron-core");
    QCOMPARE(m_window->document()->design().layout.framework, core::Framework::MegatronCore);
    QCOMPARE(schedule->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(
        schedule->toolTip().contains(QStringLiteral("Megatron-Core does not run the zb-h1 pipeline schedule. "
                                                    "Frameworks that run it: PyTorch FSDP2 / DDP.")),
        qPrintable(schedule->toolTip()));
    bool listed = false;
    widgets::DiagnosticsModel* model = m_window->diagnostics()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        listed |= model->index(row, widgets::DiagnosticsModel::CodeColumn).data().toString()
            == QLatin1String("framework-schedule");
    QVERIFY(listed);
    choose(framework, "auto");
    QVERIFY(!schedule->property("severity").isValid());
}

void TestMainWindow::failedOpenLeavesTheDesignUntouched()
{
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    tp->setValue(4);
    const std::string before = core::saveDesign(m_window->document()->design());
    const QString path = m_dir.filePath(QStringLiteral("truncated.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "meshwright.design", "version": 1, "model": )");
    file.close();
    QVERIFY(!m_window->openFile(path));
    // Where, and what to look for; the parser's own words only in parentheses, not at the end.
    QVERIFY(m_window->lastError().contains(QStringLiteral("is not valid JSON")));
    QVERIFY(m_window->lastError().endsWith(QStringLiteral("quote or bracket.")));
    QCOMPARE(core::saveDesign(m_window->document()->design()), before);
    QCOMPARE(m_window->document()->undoStack()->count(), 1); // the unsaved edit is still there
    QVERIFY(!m_window->openFile(m_dir.filePath(QStringLiteral("does-not-exist.json"))));
    QCOMPARE(core::saveDesign(m_window->document()->design()), before);
}

void TestMainWindow::saveAndOpenRoundTrip()
{
    auto* pp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Pp));
    pp->setValue(4);
    const QString path = m_dir.filePath(QStringLiteral("saved.json"));
    QVERIFY(m_window->saveTo(path));
    QVERIFY(!m_window->isWindowModified());
    const std::string saved = core::saveDesign(m_window->document()->design());
    m_window->setDesign(*core::exampleDesign("teaching-4gpu"));
    QVERIFY(m_window->openFile(path));
    QCOMPARE(core::saveDesign(m_window->document()->design()), saved);
    QCOMPARE(m_window->document()->filePath(), QFileInfo(path).absoluteFilePath());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("saved.json")));
}

void TestMainWindow::germanShowsWhenChosen()
{
    m_language->choose(QStringLiteral("de"));
    QCOMPARE(m_language->effective(), QStringLiteral("de"));
    // Qt posts the LanguageChange to every widget; the window retranslates when it arrives.
    QTRY_COMPARE(m_window->menuBar()->actions().at(0)->text(), QStringLiteral("&Datei"));
    QVERIFY(m_window->diagnostics()->summaryText().contains(QStringLiteral("Keine Probleme")));
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    tp->setValue(3);
    QVERIFY2(tp->toolTip().contains(QStringLiteral("Aufmerksamkeitsköpfe"))
                 || tp->toolTip().contains(QStringLiteral("Attention-Heads")),
             qPrintable(tp->toolTip()));
    // Counts in the summary through the language's locale: 2.048 Knoten in German, not 2048.
    m_window->document()->editClusterShape(2048, 8, QStringLiteral("h100-sxm-80gb"), QStringLiteral("nvlink4"));
    QVERIFY2(m_window->summary()->clusterText().contains(QStringLiteral("2.048 × 8")),
             qPrintable(m_window->summary()->clusterText()));
    m_language->choose(QStringLiteral("en"));
    QTRY_COMPARE(m_window->menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
    QVERIFY2(m_window->summary()->clusterText().contains(QStringLiteral("2,048 × 8")),
             qPrintable(m_window->summary()->clusterText()));
}

void TestMainWindow::screenshotIsWritten()
{
    // Grabbing the window lays out the hidden tabs too; none of their plots may be squeezed to nothing
    // ("QPainter::begin: Paint device returned engine == 0" from a plot's null buffer).
    QTest::failOnWarning(QRegularExpression(QStringLiteral("QPainter")));
    const QString path = m_dir.filePath(QStringLiteral("shot.png"));
    QVERIFY(m_window->saveScreenshot(path));
    QImage image(path);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 400 && image.height() > 300);
}

// Editing TP in the inspector changes the memory bars: the view follows the document.
void TestMainWindow::editingTpChangesTheMemoryBars()
{
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    widgets::MemoryBars* bars = m_window->memory()->bars();
    QCOMPARE(bars->bars().size(), std::size_t{32});
    const double before = bars->bars().front().total;
    auto* tp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Tp));
    auto* dp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Dp));
    tp->setValue(4); // half the TP: each GPU holds twice the weights
    dp->setValue(4); // … and the world size stays 32
    QCOMPARE(bars->bars().size(), std::size_t{32});
    const double after = bars->bars().front().total;
    QVERIFY2(after > before * 1.3, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
    QVERIFY(m_window->memory()->statusText().contains(QStringLiteral("do not fit")));
    m_window->document()->undoStack()->undo();
    m_window->document()->undoStack()->undo();
    QCOMPARE(bars->bars().front().total, before);
    // With PP 2 each bar stands on a strip in its stage's colour, apart from the bar (stage 1's orange is
    // the activations' too), and the axis says what the strips are; one stage has none.
    const auto strips = [&] {
        int count = 0;
        for (int i = 0; i < bars->plot()->itemCount(); ++i)
            if (auto* rect = qobject_cast<QCPItemRect*>(bars->plot()->item(i)))
                count += rect->topLeft->coords().y() < 0 ? 1 : 0;
        return count;
    };
    QCOMPARE(strips(), 32);
    QVERIFY(bars->plot()->xAxis->label().contains(QStringLiteral("pipeline stage")));
    auto* pp = qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(core::Field::Pp));
    pp->setValue(1);
    dp->setValue(4);
    QCOMPARE(strips(), 0);
    QVERIFY(!bars->plot()->xAxis->label().contains(QStringLiteral("pipeline stage")));
    m_window->document()->undoStack()->undo();
    m_window->document()->undoStack()->undo();
}

// Sixteen pipeline stages on a laptop's screen: each bar's label fits between its neighbours' (the stage
// number and its ranks when "stage N" does not), in both languages, and again after a resize.
void TestMainWindow::stageLabelsFitUnderTheirBars()
{
    core::Design design = *core::exampleDesign("seed-70b-32k-512gpu");
    design.layout.setDegree(core::Dim::Pp, 16); // TP 8 × CP 4 × PP 16: the 512 GPUs, 5 layers a stage
    design.layout.setDegree(core::Dim::Dp, 1);
    m_window->setDesign(design);
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    widgets::MemoryBars* bars = m_window->memory()->bars();
    QCOMPARE(bars->bars().size(), std::size_t{16});
    const auto fits = [&] {
        QCoreApplication::processEvents();
        const QStringList labels = bars->tickLabels();
        const QFontMetrics metrics(bars->plot()->xAxis->tickLabelFont());
        const double step = bars->pointOf(1, 0).x() - bars->pointOf(0, 0).x();
        const double spacing = labels.size() > 1 ? step * 16 / labels.size() : step;
        for (const QString& label : labels)
            for (const QString& line : label.split(QLatin1Char('\n')))
                if (metrics.horizontalAdvance(line) > spacing)
                    return false;
        return !labels.isEmpty();
    };
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("de")}) {
        m_language->choose(language);
        m_window->resize(1366, 768);
        QVERIFY2(fits(), qPrintable(bars->tickLabels().join(QStringLiteral(" | "))));
        m_window->resize(900, 700);
        QVERIFY2(fits(), qPrintable(bars->tickLabels().join(QStringLiteral(" | "))));
    }
    m_language->choose(QStringLiteral("en"));
}

// The window is used on laptops and projectors too: its smallest size fits a 1366 × 768 screen (less the
// title bar and a task bar) in both languages, every tab.
void TestMainWindow::fitsALaptopScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
}

void TestMainWindow::fitsALaptopScreen()
{
    QFETCH(QString, language);
    m_language->choose(language);
    QCoreApplication::processEvents();
    auto* tabs = m_window->findChild<QTabWidget*>();
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QCoreApplication::processEvents();
        const QSize minimum = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        QVERIFY2(minimum.width() <= 1366 && minimum.height() <= 720,
                 qPrintable(QStringLiteral("%1: %2 x %3")
                                .arg(tabs->tabText(i))
                                .arg(minimum.width())
                                .arg(minimum.height())));
    }
    m_language->choose(QStringLiteral("en"));
}

// Edits made while another tab is open leave the memory tab as it was (common/rebuildwhenshown.h); opening
// it, or reading it, shows the last edit.
void TestMainWindow::memoryTabWaitsUntilShown()
{
    widgets::MemoryPanel* memory = m_window->memory();
    auto* status = memory->findChild<QLabel*>(QStringLiteral("memoryStatus"));
    QVERIFY(status);
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    const QString selective = status->text();
    QVERIFY2(selective.contains(QStringLiteral("Peak")), qPrintable(selective));
    QCOMPARE(m_window->document()->design().layout.recompute, core::Recompute::Selective);
    const double selectiveTotal = memory->bars()->bars().front().total;

    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    QVERIFY(!memory->isVisible());
    // Full recomputation keeps one layer's input per layer: a lower peak.
    m_window->document()->editField(core::Field::Recompute, core::FieldValue{std::string("full")});
    QCOMPARE(status->text(), selective); // not rebuilt while hidden
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    QVERIFY(status->text() != selective);
    QCOMPARE(memory->statusText(), status->text());
    QVERIFY(memory->bars()->bars().front().total < selectiveTotal);

    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    m_window->document()->editField(core::Field::Recompute, core::FieldValue{std::string("selective")});
    QCOMPARE(memory->statusText(), selective); // read while hidden: rebuilt on demand
    QCOMPARE(status->text(), selective);
    QCOMPARE(memory->bars()->bars().front().total, selectiveTotal);
}

MESHWRIGHT_GUI_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
