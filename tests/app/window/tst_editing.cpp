// SPDX-License-Identifier: GPL-3.0-or-later
// Editing as a person does it, with real keys, wheel and clicks: undo and redo from a field and from the
// canvas, no wheel edits in an unfocused field, Auto DP across TP/PP/CP edits, a search result as one named
// step, F5 on a fresh window, and a layout that does not fit said to fail in the headline and status bar.

#include "catalog/catalog.h"
#include "cluster/clustercanvas.h"
#include "cluster/clusterpanel.h"
#include "collectives/collectivepanel.h"
#include "common/fieldedit.h"
#include "common/palette.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "design/layoutinspector.h"
#include "memory/memorypanel.h"
#include "memory/modelshard.h"
#include "performance/layoutcomparison.h"
#include "performance/performancepanel.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "support/testdesigns.h"
#include "teaching/lessonview.h"
#include "teaching/strategyexplorer.h"
#include "window/helpdialogs.h"
#include "window/learnwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QWheelEvent>

using namespace app;
using core::Field;

class TestEditing : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void undoFromAFieldTakesBackTheTypedValue();
    void undoAndRedoKeysOnTheCanvas();
    void wheelOverAnUnfocusedFieldScrollsThePanel();
    void autoDpFollowsTpPpAndCp();
    void frameworkSwitchShowsItsDefault();
    void asyncCheckpointFillsHostMemory();
    void sixteenBitGradientsShrinkMemory();
    void fp8RecipeFromTheKeyboard();
    void optimizerMomentsFromTheKeyboard();
    void attentionKernelFromTheKeyboard();
    void recomputedLayersFromTheKeyboard();
    void offloadedActivationsFromTheKeyboard();
    void cudaGraphsFromTheKeyboard();
    void moeDispatcherFromTheKeyboard();
    void routerGroupsFromTheKeyboard();
    void searchResultIsOneNamedStep();
    void nameFieldRenamesTheDesign();
    void layoutThatDoesNotFitFails();
    void tightLayoutRunsInAmber();
    void idleGpusAreAWarning();
    void pipelineTooLargeToSimulateSaysSo();
    void f5OnAFreshWindowShowsTheModelInEveryLesson();
    void helpListsTheShortcutsAndTheGuide();
    void performanceTabSaysHowToPin();
    void twoPinnedLayoutsSayWhetherTheModelDecides();
    void tpCollectiveWithSequenceParallelism();

private:
    Document* document() const { return m_window->document(); }
    QSpinBox* spin(Field field) const { return qobject_cast<QSpinBox*>(m_window->inspector()->editorFor(field)); }
    // Selects the field's text and types `text`, as a person replacing a value does; no Enter.
    void typeInto(QWidget* editor, const QString& text);

    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestEditing::init()
{
    // Redo must never be bound twice: Qt then says "Ambiguous shortcut overload" and does nothing.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("Ambiguous")));
    testing::createMainWindow(m_language, m_window);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestEditing::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestEditing::typeInto(QWidget* editor, const QString& text)
{
    editor->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(editor->hasFocus());
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text);
}

// Ctrl+Z right after typing, the cursor still in the field: the typed value is entered as one step and
// undone; Ctrl+Shift+Z and Ctrl+Y redo it.
void TestEditing::undoFromAFieldTakesBackTheTypedValue()
{
    QSpinBox* tp = spin(Field::Tp);
    QCOMPARE(document()->design().layout.tp(), 8);
    typeInto(tp, QStringLiteral("4"));
    QCOMPARE(document()->design().layout.tp(), 8); // not entered yet: no keyboard tracking
    QTest::keyClick(tp, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.tp(), 8);
    QCOMPARE(document()->undoStack()->count(), 1);
    QCOMPARE(document()->undoStack()->index(), 0);
    QCOMPARE(document()->undoStack()->text(0), QStringLiteral("Set TP to 4"));
    QCOMPARE(tp->value(), 8);
    QTest::keyClick(tp, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(document()->design().layout.tp(), 4);
    QTest::keyClick(tp, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.tp(), 8);
    QTest::keyClick(tp, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.tp(), 4);
    QCOMPARE(document()->undoStack()->count(), 1);
    // The name field too: typed, not entered, undone as one step.
    auto* name = qobject_cast<QLineEdit*>(m_window->inspector()->editorFor(Field::Name));
    QVERIFY(name);
    typeInto(name, QStringLiteral("Trial"));
    QTest::keyClick(name, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document()->undoStack()->count(), 2);
    QCOMPARE(document()->undoStack()->index(), 1);
    QCOMPARE(document()->undoStack()->text(1), QStringLiteral("Set Name to Trial"));
    QVERIFY(document()->design().name != "Trial");
}

void TestEditing::undoAndRedoKeysOnTheCanvas()
{
    auto* canvas = m_window->cluster()->canvas();
    document()->editField(Field::Pp, core::FieldValue{std::int64_t{4}});
    canvas->setFocus();
    QTRY_VERIFY(canvas->hasFocus());
    QTest::keyClick(canvas, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.pp(), 2);
    QTest::keyClick(canvas, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(document()->design().layout.pp(), 4);
    QTest::keyClick(canvas, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.pp(), 2);
    QTest::keyClick(canvas, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(document()->design().layout.pp(), 4);
}

void TestEditing::wheelOverAnUnfocusedFieldScrollsThePanel()
{
    m_window->resize(1366, 700); // a panel taller than its dock, so that it scrolls
    QSpinBox* pp = spin(Field::Pp);
    QScrollArea* scroll = nullptr;
    for (QWidget* w = m_window->inspector(); w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea*>(w);
    QVERIFY(scroll);
    scroll->ensureWidgetVisible(pp);
    QApplication::processEvents();
    const int scrolledTo = scroll->verticalScrollBar()->value();
    const std::string before = core::saveDesign(document()->design());
    QVERIFY(!pp->hasFocus());
    auto wheel = [&](int delta) {
        const QPointF at(pp->width() / 2.0, pp->height() / 2.0);
        QWheelEvent event(at, pp->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(pp, &event);
    };
    wheel(-120);
    QCOMPARE(core::saveDesign(document()->design()), before);
    QCOMPARE(document()->undoStack()->count(), 0);
    QVERIFY(!pp->hasFocus()); // the wheel does not take the focus either
    if (scroll->verticalScrollBar()->maximum() > scrolledTo)
        QVERIFY(scroll->verticalScrollBar()->value() > scrolledTo);
    // With the focus in the field, the wheel is the field's: PP 2 → 1.
    pp->setFocus();
    QTRY_VERIFY(pp->hasFocus());
    wheel(-120);
    QCOMPARE(document()->design().layout.pp(), 1);
}

// A framework switch's check box shows the framework's default (Megatron-LM: --overlap-grad-reduce off,
// arguments.py); a click sets it in one undo step, and undo gives the decision back to the framework.
void TestEditing::frameworkSwitchShowsItsDefault()
{
    core::Design design = document()->design();
    design.layout.framework = core::Framework::MegatronCore;
    design.layout.zeroStage = 1;
    m_window->setDesign(design);
    QVERIFY(design.layout.dp() > 1);
    auto* check = qobject_cast<QCheckBox*>(m_window->inspector()->editorFor(Field::OverlapGradReduce));
    QVERIFY(check && check->isVisible());
    QVERIFY(!check->isChecked());
    QCOMPARE(check->text(), QStringLiteral("default (off)"));
    // The tooltip names the framework whose default it is, and its source.
    QVERIFY(check->toolTip().contains(QStringLiteral("Megatron-Core")));
    QVERIFY(check->toolTip().contains(QStringLiteral("arguments.py")));
    const int steps = document()->undoStack()->count();
    check->click();
    QCOMPARE(document()->design().layout.overlapGradReduce, std::optional<bool>{true});
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QVERIFY(check->isChecked());
    document()->undoStack()->undo();
    QVERIFY(!document()->design().layout.overlapGradReduce.has_value());
    QVERIFY(!check->isChecked());
    // ZeRO-3 shows FSDP2's cadence instead of the parameter all-gather.
    QVERIFY(m_window->inspector()->editorFor(Field::OverlapParamGather)->isVisible());
    QVERIFY(!m_window->inspector()->editorFor(Field::GradientSyncEveryMicroBatch)->isVisible());
}

// The asynchronous checkpoint (Megatron-LM --async-save): a click turns it on in one undo step, the Memory
// tab's host memory line names the staging, and a framework without it refuses it at its field.
void TestEditing::asyncCheckpointFillsHostMemory()
{
    core::Design design = document()->design();
    design.layout.framework = core::Framework::MegatronCore;
    m_window->setDesign(design);
    auto* check = qobject_cast<QCheckBox*>(m_window->inspector()->editorFor(Field::AsyncCheckpoint));
    QVERIFY(check && !check->isHidden());
    QCOMPARE(check->text(), QStringLiteral("default (off)"));
    const int steps = document()->undoStack()->count();
    check->click();
    QCOMPARE(document()->design().layout.asyncCheckpoint, std::optional<bool>{true});
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    const auto* host = m_window->memory()->findChild<QLabel*>(QStringLiteral("hostMemory"));
    QVERIFY(host);
    m_window->views()->setCurrentWidget(m_window->memory()); // a hidden tab rebuilds when shown
    QTRY_VERIFY2(host->text().contains(QStringLiteral("asynchronous checkpoint")), qPrintable(host->text()));
    document()->editField(Field::Framework, core::FieldValue{std::string("deepspeed")});
    QVERIFY(testing::hasCode(document()->snapshot().evaluation->diagnostics, "framework-switch"));
    document()->undoStack()->undo();
    document()->undoStack()->undo();
    QVERIFY(!document()->design().layout.asyncCheckpoint.has_value());
}

// The gradient dtype (Megatron-Core grad_reduce_in_fp32): on by default with BF16; a click turns it off in
// one undo step, and the peak rank's memory falls by the gradient buffer's half less the optimizer's FP32
// copy of its shard (dist_optimizer.md: 6 + 12/d → 4 + 16/d bytes per parameter). FP32 training hides it.
void TestEditing::sixteenBitGradientsShrinkMemory()
{
    core::Design design = document()->design();
    design.layout.framework = core::Framework::MegatronCore;
    design.layout.setDegree(core::Dim::Tp, 4); // DP 4: at DP 2 the shard's copy eats the saving
    design.layout.setDegree(core::Dim::Dp, 4);
    m_window->setDesign(design);
    auto* check = qobject_cast<QCheckBox*>(m_window->inspector()->editorFor(Field::GradReduceInFp32));
    QVERIFY(check && !check->isHidden());
    QCOMPARE(check->text(), QStringLiteral("default (on)"));
    QVERIFY(check->isChecked());
    const double before = document()->snapshot().evaluation->memory->peakBytes;
    const int steps = document()->undoStack()->count();
    check->click();
    QCOMPARE(document()->design().layout.gradReduceInFp32, std::optional<bool>{false});
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    const core::Design& d = document()->design();
    const double dp = d.layout.zeroStage >= 1 ? d.layout.dp() : 1;
    const double perParameter = 2.0 - 4.0 / dp; // the buffer's 2 bytes saved, the shard's 4/d added
    QCOMPARE(perParameter, 1.0);
    const int peak = document()->snapshot().evaluation->memory->peakRank;
    const double saved = core::rankShard(d, peak).total() * perParameter; // about 8.8 GB
    // The allocator's 5 % fragmentation (frameworks.json) grows with what it holds.
    QTRY_VERIFY2(std::abs(before - document()->snapshot().evaluation->memory->peakBytes - saved)
                     < 0.06 * saved,
                 qPrintable(QStringLiteral("%1 → %2, %3 expected")
                                .arg(before)
                                .arg(document()->snapshot().evaluation->memory->peakBytes)
                                .arg(saved)));
    // The ZeRO view states the bytes its bars count: 2 + 2 + 16 (Megatron-LM dist_optimizer.md's FP16 row).
    const auto* zeroTitle = m_window->memory()->findChild<QLabel*>(QStringLiteral("zeroTitle"));
    QVERIFY(zeroTitle);
    m_window->views()->setCurrentWidget(m_window->memory());
    QTRY_VERIFY2(zeroTitle->text().contains(QStringLiteral("at 20 bytes per parameter")),
                 qPrintable(zeroTitle->text()));
    document()->undoStack()->undo();
    QTRY_VERIFY2(zeroTitle->text().contains(QStringLiteral("at 18 bytes per parameter")),
                 qPrintable(zeroTitle->text()));
    core::Design fp32 = document()->design();
    fp32.workload.precision = core::Precision::Fp32;
    fp32.layout.gradReduceInFp32.reset();
    m_window->setDesign(fp32);
    QVERIFY(m_window->inspector()->editorFor(Field::GradReduceInFp32)->isHidden());
}

// The FP8 recipe shows only for FP8 training. Stepping through it with the arrow keys edits the design:
// current scaling's amax pass makes the step slower; MXFP8 on the H100s is refused at the field, and
// undo brings delayed scaling back.
void TestEditing::fp8RecipeFromTheKeyboard()
{
    auto* recipe = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(Field::Fp8Recipe));
    QVERIFY(recipe && recipe->isHidden()); // the default design trains in BF16
    core::Design design = document()->design();
    design.workload.precision = core::Precision::Fp8;
    m_window->setDesign(design);
    QVERIFY(!recipe->isHidden());
    QCOMPARE(recipe->currentData().toString(), QStringLiteral("delayed"));
    const double delayed = document()->snapshot().evaluation->performance->stepSeconds;
    const int steps = document()->undoStack()->count();
    recipe->setFocus();
    QTest::keyClick(recipe, Qt::Key_Down);
    QVERIFY(document()->design().workload.fp8Recipe == core::Fp8Recipe::Tensorwise);
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QTRY_VERIFY(document()->snapshot().evaluation->performance
                && document()->snapshot().evaluation->performance->stepSeconds > delayed);
    QTest::keyClick(recipe, Qt::Key_Down);
    QVERIFY(document()->design().workload.fp8Recipe == core::Fp8Recipe::Mxfp8);
    QTRY_COMPARE(recipe->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(recipe->toolTip().contains(QStringLiteral("needs tensor cores that take block-scaled FP8")),
             qPrintable(recipe->toolTip()));
    document()->undoStack()->undo();
    document()->undoStack()->undo();
    QVERIFY(document()->design().workload.fp8Recipe == core::Fp8Recipe::Delayed);
    QTRY_COMPARE(recipe->currentData().toString(), QStringLiteral("delayed"));
}

// The optimizer's moments in 16 bits, from the keyboard: the ZeRO view's bytes per parameter fall from 18 to
// 14 (Megatron-Core: 2 + 4 + 4 + 2 + 2); under DeepSpeed, which keeps them in FP32, the field is refused, and
// undo brings FP32 back.
void TestEditing::optimizerMomentsFromTheKeyboard()
{
    core::Design design = document()->design();
    design.layout.framework = core::Framework::MegatronCore;
    m_window->setDesign(design);
    auto* moments = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(Field::OptimizerMoments));
    QVERIFY(moments && !moments->isHidden());
    QCOMPARE(moments->currentData().toString(), QStringLiteral("fp32"));
    const auto* zeroTitle = m_window->memory()->findChild<QLabel*>(QStringLiteral("zeroTitle"));
    QVERIFY(zeroTitle);
    m_window->views()->setCurrentWidget(m_window->memory());
    QTRY_VERIFY2(zeroTitle->text().contains(QStringLiteral("at 18 bytes per parameter")),
                 qPrintable(zeroTitle->text()));
    moments->setFocus();
    QTest::keyClick(moments, Qt::Key_Down);
    QVERIFY(document()->design().workload.optimizerMoments == core::MomentDtype::Bf16);
    QTRY_VERIFY2(zeroTitle->text().contains(QStringLiteral("at 14 bytes per parameter")),
                 qPrintable(zeroTitle->text()));
    core::Design deepSpeed = document()->design();
    deepSpeed.layout.framework = core::Framework::DeepSpeed;
    m_window->setDesign(deepSpeed);
    QVERIFY(!moments->isHidden()); // set where the framework cannot: shown, to be undone
    QTRY_COMPARE(moments->property("severity").toString(), QStringLiteral("error"));
    QTest::keyClick(moments, Qt::Key_Up);
    QVERIFY(document()->design().workload.optimizerMoments == core::MomentDtype::Fp32);
    QTRY_VERIFY(moments->isHidden()); // DeepSpeed has no 16-bit moments to choose
}

// The attention kernel shows only with FlashAttention. Choosing FlashAttention-2 on the default design's
// H100s makes the step slower (335 against FlashAttention-3's 616 TFLOP/s forward); undo brings it back.
void TestEditing::attentionKernelFromTheKeyboard()
{
    auto* kernel = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(Field::AttentionKernel));
    QVERIFY(kernel && !kernel->isHidden());
    QCOMPARE(kernel->currentData().toString(), QStringLiteral("best"));
    const double best = document()->snapshot().evaluation->performance->stepSeconds;
    kernel->setFocus();
    QTest::keyClick(kernel, Qt::Key_Down);
    QVERIFY(document()->design().workload.attentionKernel == core::AttentionKernel::FlashAttention2);
    QTRY_VERIFY(document()->snapshot().evaluation->performance
                && document()->snapshot().evaluation->performance->stepSeconds > best);
    document()->undoStack()->undo();
    QTRY_COMPARE(kernel->currentData().toString(), QStringLiteral("best"));
    core::Design unfused = document()->design();
    unfused.workload.flashAttention = false;
    m_window->setDesign(unfused);
    QVERIFY(kernel->isHidden());
}

// The count of recomputed layers shows only under full recomputation, 0 reading "every layer". Typing 10
// and Enter is one step: the first 10 layers of each chunk recompute, so the step is shorter and the
// activations larger than with every layer recomputed; undo brings every layer back.
void TestEditing::recomputedLayersFromTheKeyboard()
{
    QSpinBox* layers = spin(Field::RecomputeLayers);
    QVERIFY(layers && layers->isHidden()); // the default design recomputes selectively
    core::Design design = document()->design();
    design.layout.recompute = core::Recompute::Full;
    m_window->setDesign(design);
    QVERIFY(!layers->isHidden());
    QCOMPARE(layers->text(), QStringLiteral("every layer"));
    QTRY_VERIFY(document()->snapshot().evaluation->performance);
    const double everyLayer = document()->snapshot().evaluation->performance->stepSeconds;
    const double everyLayerPeak = document()->snapshot().evaluation->memory->peakBytes;
    const int steps = document()->undoStack()->count();
    typeInto(layers, QStringLiteral("10"));
    QTest::keyClick(layers, Qt::Key_Return);
    QCOMPARE(document()->design().layout.recomputeLayers, 10);
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QCOMPARE(document()->undoStack()->text(steps), QStringLiteral("Set Recomputed layers to 10"));
    QTRY_VERIFY(document()->snapshot().evaluation->performance
                && document()->snapshot().evaluation->performance->stepSeconds < everyLayer);
    QVERIFY(document()->snapshot().evaluation->memory->peakBytes > everyLayerPeak);
    document()->undoStack()->undo();
    QCOMPARE(document()->design().layout.recomputeLayers, 0);
    QTRY_COMPARE(layers->text(), QStringLiteral("every layer"));
}

// CUDA graphs, on the default design (Megatron-Core, selective recomputation): the arrow key picks per-layer
// graphs as one undoable step, and the step the model prices stays the same (it prices no host time). Under
// full recomputation per-layer graphs are refused at the field with Megatron-Core's rule; the whole
// iteration's graph clears the error. Where the framework has none the row hides, unless set.
void TestEditing::cudaGraphsFromTheKeyboard()
{
    auto* graphs = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(Field::CudaGraphs));
    QVERIFY(graphs && !graphs->isHidden());
    QCOMPARE(graphs->currentData().toString(), QStringLiteral("none"));
    QTRY_VERIFY(document()->snapshot().evaluation->performance);
    const double eager = document()->snapshot().evaluation->performance->stepSeconds;
    const int steps = document()->undoStack()->count();
    graphs->setFocus();
    QTest::keyClick(graphs, Qt::Key_Down);
    QVERIFY(document()->design().layout.cudaGraphs == core::CudaGraphs::Layers);
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QTRY_VERIFY(document()->snapshot().evaluation->performance);
    QCOMPARE(document()->snapshot().evaluation->performance->stepSeconds, eager);

    core::Design full = document()->design();
    full.layout.recompute = core::Recompute::Full;
    m_window->setDesign(full);
    QTRY_COMPARE(graphs->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(graphs->toolTip().contains(QStringLiteral("full recomputation")), qPrintable(graphs->toolTip()));
    QTest::keyClick(graphs, Qt::Key_Down);
    QVERIFY(document()->design().layout.cudaGraphs == core::CudaGraphs::Iteration);
    QTRY_VERIFY(graphs->property("severity").toString() != QStringLiteral("error"));

    core::Design fsdp = document()->design();
    fsdp.layout.framework = core::Framework::Fsdp2;
    m_window->setDesign(fsdp);
    QVERIFY(!graphs->isHidden()); // set where the framework cannot: shown, to be undone
    QTRY_COMPARE(graphs->property("severity").toString(), QStringLiteral("error"));
    QTest::keyClick(graphs, Qt::Key_Up);
    QTest::keyClick(graphs, Qt::Key_Up);
    QVERIFY(document()->design().layout.cudaGraphs == core::CudaGraphs::None);
    QTRY_VERIFY(graphs->isHidden());
}

// The MoE token dispatcher: hidden on the dense default design; on the Mixtral example (EP 8, Megatron-Core)
// the arrow key picks DeepEP as one undoable step and the step's visible all-to-all changes (DeepEP's share
// of NVLink, comm/expertdispatch.h); under DeepSpeed, which sends by all-to-all only, the field shows the
// error until it is set back, and undo takes the choice back.
void TestEditing::moeDispatcherFromTheKeyboard()
{
    auto* dispatcher = qobject_cast<QComboBox*>(m_window->inspector()->editorFor(Field::MoeDispatcher));
    QVERIFY(dispatcher);
    QTRY_VERIFY(dispatcher->isHidden());
    m_window->setDesign(testing::example("mixtral-8x7b-ep8"));
    QTRY_VERIFY(!dispatcher->isHidden());
    QCOMPARE(dispatcher->currentData().toString(), QStringLiteral("alltoall"));
    QTRY_VERIFY(document()->snapshot().evaluation->performance);
    const double alltoall = document()->snapshot().evaluation->performance->exposed.allToAll;
    QVERIFY(alltoall > 0);
    const int steps = document()->undoStack()->count();
    dispatcher->setFocus();
    QTest::keyClick(dispatcher, Qt::Key_Down);
    QVERIFY(document()->design().layout.moeDispatcher == core::MoeDispatcher::DeepEp);
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QCOMPARE(document()->undoStack()->text(steps), QStringLiteral("Set Token dispatcher to deepep"));
    QTRY_VERIFY(document()->snapshot().evaluation->performance
                && document()->snapshot().evaluation->performance->exposed.allToAll != alltoall);

    core::Design deepSpeed = document()->design();
    deepSpeed.layout.framework = core::Framework::DeepSpeed;
    m_window->setDesign(deepSpeed);
    QVERIFY(!dispatcher->isHidden()); // set where the framework cannot: shown, to be undone
    QTRY_COMPARE(dispatcher->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(dispatcher->toolTip().contains(QStringLiteral("by all-to-all")),
             qPrintable(dispatcher->toolTip()));
    QTest::keyClick(dispatcher, Qt::Key_Up);
    QVERIFY(document()->design().layout.moeDispatcher == core::MoeDispatcher::AllToAll);
    QTRY_VERIFY(dispatcher->isHidden());
}

// Group-limited routing in the model's rows: DeepSeek-V3's 4 of 8 groups shown; typing 8 groups a token (no
// limit) sends more of its tokens over the network with DeepEP, one undo step; 7 groups, which do not divide
// its 256 experts, is an error at the field. A dense model has neither row.
void TestEditing::routerGroupsFromTheKeyboard()
{
    QSpinBox* groups = spin(Field::ModelRouterGroups);
    QSpinBox* chosen = spin(Field::ModelRouterGroupTopK);
    QVERIFY(groups && chosen);
    QTRY_VERIFY(groups->isHidden() && chosen->isHidden());
    core::Design deepSeek = testing::example("mixtral-8x7b-ep8");
    deepSeek.model = *core::Catalog::builtin().model("deepseek-v3");
    deepSeek.layout.expertMode = core::ExpertMode::Megatron; // EP 32 over the 4 nodes' DP 32
    deepSeek.layout.setDegree(core::Dim::Dp, 32);
    deepSeek.layout.setDegree(core::Dim::Ep, 32);
    deepSeek.layout.moeDispatcher = core::MoeDispatcher::DeepEp;
    m_window->setDesign(deepSeek);
    QTRY_VERIFY(!groups->isHidden() && !chosen->isHidden());
    QCOMPARE(groups->value(), 8);
    QCOMPARE(chosen->value(), 4);
    const auto fabric = [this] {
        const auto& traffic = document()->snapshot().evaluation->traffic;
        return traffic ? traffic->of(core::Dim::Ep).bytesOn(core::LinkClass::Fabric) : -1.0;
    };
    QTRY_VERIFY(fabric() > 0);
    const double limited = fabric();
    const int steps = document()->undoStack()->count();
    typeInto(chosen, QStringLiteral("8"));
    QTest::keyClick(chosen, Qt::Key_Return);
    QCOMPARE(document()->design().model.moe.routerGroupTopK, 8);
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    QCOMPARE(document()->undoStack()->text(steps), QStringLiteral("Set Groups per token to 8"));
    QTRY_VERIFY(fabric() > 1.2 * limited);

    typeInto(groups, QStringLiteral("7"));
    QTest::keyClick(groups, Qt::Key_Return);
    QTRY_COMPARE(groups->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(groups->toolTip().contains(QStringLiteral("divide the experts")), qPrintable(groups->toolTip()));
    document()->undoStack()->undo();
    document()->undoStack()->undo();
    QCOMPARE(document()->design().model.moe, deepSeek.model.moe);
    QTRY_VERIFY(groups->property("severity").toString() != QStringLiteral("error"));
    QTRY_COMPARE(fabric(), limited);
}

// Offloaded activations, 0 reading "none": on the default design (PP 2, selective recomputation) typing 4
// is refused at the field with Megatron-Core's two rules; on one pipeline stage without recomputation the
// GPU's activations shrink and the host holds them. Undo takes it back.
void TestEditing::offloadedActivationsFromTheKeyboard()
{
    QSpinBox* layers = spin(Field::ActivationOffloadLayers);
    QVERIFY(layers && !layers->isHidden());
    QCOMPARE(layers->text(), QStringLiteral("none"));
    typeInto(layers, QStringLiteral("4"));
    QTest::keyClick(layers, Qt::Key_Return);
    QCOMPARE(document()->design().layout.activationOffloadLayers, 4);
    QTRY_COMPARE(layers->property("severity").toString(), QStringLiteral("error"));
    QVERIFY2(layers->toolTip().contains(QStringLiteral("without pipeline parallelism")),
             qPrintable(layers->toolTip()));
    QVERIFY2(layers->toolTip().contains(QStringLiteral("recompute")), qPrintable(layers->toolTip()));
    document()->undoStack()->undo();
    QCOMPARE(document()->design().layout.activationOffloadLayers, 0);

    core::Design design = core::Design(document()->design());
    design.layout.setDegree(core::Dim::Pp, 1);
    design.layout.setDegree(core::Dim::Dp, 4);
    design.layout.recompute = core::Recompute::None;
    design.workload.sequenceLength = 2048;
    m_window->setDesign(design);
    QTRY_VERIFY(document()->snapshot().evaluation->memory);
    const auto activations = [this] {
        return document()
            ->snapshot()
            .evaluation->memory->roles.front()
            .figure(core::MemoryCategory::Activations)
            .bytes;
    };
    const double before = activations();
    typeInto(layers, QStringLiteral("20"));
    QTest::keyClick(layers, Qt::Key_Return);
    QCOMPARE(document()->design().layout.activationOffloadLayers, 20);
    QTRY_VERIFY(activations() < before);
    QVERIFY(document()->snapshot().evaluation->memory->roles.front().host.bytes > 0);
    QVERIFY(layers->property("severity").toString() != QStringLiteral("error"));
    document()->undoStack()->undo();
    QTRY_COMPARE(activations(), before);
}

void TestEditing::autoDpFollowsTpPpAndCp()
{
    core::Design design = document()->design();
    design.layout.autoDp = true;
    m_window->setDesign(design);
    auto* autoDp = qobject_cast<QCheckBox*>(m_window->inspector()->editorFor(Field::AutoDp));
    QVERIFY(autoDp && autoDp->isChecked());
    // 32 GPUs: TP 8 × PP 2 leaves DP 2; TP 4 leaves DP 4, in one step that one undo reverts.
    QSpinBox* tp = spin(Field::Tp);
    typeInto(tp, QStringLiteral("4"));
    QTest::keyClick(tp, Qt::Key_Return);
    QCOMPARE(document()->design().layout.tp(), 4);
    QCOMPARE(document()->design().layout.dp(), 4);
    QCOMPARE(spin(Field::Dp)->value(), 4);
    QCOMPARE(document()->undoStack()->count(), 1);
    QVERIFY(document()->undoStack()->text(0).contains(QStringLiteral("DP 4")));
    document()->undoStack()->undo();
    QCOMPARE(document()->design().layout.tp(), 8);
    QCOMPARE(document()->design().layout.dp(), 2);
    document()->undoStack()->redo();
    // PP 4: DP 2; CP 2: DP 1.
    document()->editField(Field::Pp, core::FieldValue{std::int64_t{4}});
    QCOMPARE(document()->design().layout.dp(), 2);
    document()->editField(Field::Cp, core::FieldValue{std::int64_t{2}});
    QCOMPARE(document()->design().layout.dp(), 1);
    QVERIFY(document()->snapshot().evaluation->worldSize == 32);
    // Off: DP stays where it is.
    autoDp->click();
    QVERIFY(!document()->design().layout.autoDp);
    document()->editField(Field::Cp, core::FieldValue{std::int64_t{1}});
    QCOMPARE(document()->design().layout.dp(), 1);
    // On again: DP fills the cluster at once.
    autoDp->click();
    QCOMPARE(document()->design().layout.dp(), 2);
    // DP set by hand turns Auto DP off in the same step.
    document()->editField(Field::Dp, core::FieldValue{std::int64_t{1}});
    QVERIFY(!document()->design().layout.autoDp);
    QVERIFY(!autoDp->isChecked());
    document()->undoStack()->undo();
    QVERIFY(document()->design().layout.autoDp);
    QCOMPARE(document()->design().layout.dp(), 2);
}

// Applying a search result changes TP, CP, ZeRO and the schedule at once: one step, named by all of it.
void TestEditing::searchResultIsOneNamedStep()
{
    const std::string before = core::saveDesign(document()->design());
    std::vector<widgets::FieldEdit> edits{{Field::Tp, std::int64_t{4}},
                                          {Field::Cp, std::int64_t{2}},
                                          {Field::ZeroStage, std::int64_t{2}},
                                          {Field::Schedule, std::string("gpipe")}};
    emit m_window->performance()->fieldsEdited(edits);
    QCOMPARE(document()->undoStack()->count(), 1);
    const QString text = document()->undoStack()->text(0);
    QCOMPARE(text, QStringLiteral("Set TP to 4, CP to 2, ZeRO stage to 2, Pipeline schedule to gpipe"));
    document()->undoStack()->undo();
    QCOMPARE(core::saveDesign(document()->design()), before);
}

void TestEditing::nameFieldRenamesTheDesign()
{
    auto* name = qobject_cast<QLineEdit*>(m_window->inspector()->editorFor(Field::Name));
    QVERIFY(name);
    QCOMPARE(name->text(), QString::fromStdString(document()->design().name));
    typeInto(name, QStringLiteral("Candidate B"));
    QTest::keyClick(name, Qt::Key_Return);
    QCOMPARE(document()->design().name, std::string("Candidate B"));
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Candidate B")));
}

// ZeRO 0 and no pipeline for a 70B model on 80 GB GPUs: no rank fits. The headline says so in its failure
// style and keeps the step's figures as those of a layout that cannot run; the status bar says it too.
void TestEditing::layoutThatDoesNotFitFails()
{
    const int tabsTop = m_window->views()->mapTo(m_window.get(), QPoint()).y();
    document()->editFields({{Field::ZeroStage, std::int64_t{0}}, {Field::Pp, std::int64_t{1}},
                            {Field::Dp, std::int64_t{4}}});
    const core::Evaluation& e = *document()->snapshot().evaluation;
    QVERIFY(!e.valid());
    QVERIFY(e.failsOnlyInMemory());
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("fails"));
    const QString headline = m_window->summary()->performanceText();
    QVERIFY2(headline.contains(QStringLiteral("does not fit")), qPrintable(headline));
    QVERIFY2(headline.contains(QStringLiteral("If it ran:")), qPrintable(headline));
    QVERIFY2(headline.contains(QStringLiteral("Step ")), qPrintable(headline));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("does not fit")));
    // An error of another kind (TP 3 does not divide the heads): the step line stays, saying why there is
    // no step time, so that the tabs stay where they were with the valid layout.
    document()->undoStack()->undo();
    QVERIFY(document()->snapshot().evaluation->valid());
    document()->editField(Field::Tp, core::FieldValue{std::int64_t{3}});
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("fails"));
    QVERIFY(m_window->summary()->performanceText().contains(QStringLiteral("cannot run")));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("cannot run")));
    QApplication::processEvents();
    QCOMPARE(m_window->views()->mapTo(m_window.get(), QPoint()).y(), tabsTop);
}

// NVIDIA's GB200 recipe for Llama 3 70B is over its GPUs only by the reserve's fragmentation allowance: the
// headline and the status bar call it tight in amber, its figures are not those of a layout that cannot
// run, and the Memory tab says so in amber.
void TestEditing::tightLayoutRunsInAmber()
{
    m_window->setDesign(testing::gb200Llama70bFsdp(40));
    const core::Evaluation& e = *document()->snapshot().evaluation;
    QVERIFY(e.valid());
    QVERIFY(e.memory->tight);
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("idle"));
    const QString headline = m_window->summary()->performanceText();
    QVERIFY2(headline.contains(QStringLiteral("tight in memory")), qPrintable(headline));
    QVERIFY2(!headline.contains(QStringLiteral("If it ran:")), qPrintable(headline));
    QVERIFY2(headline.contains(widgets::palette::verdictIdleText.name()), qPrintable(headline));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("tight in memory")));
    const QString memory = m_window->memory()->statusText();
    QVERIFY2(memory.contains(QStringLiteral("64 rank")) && memory.contains(QStringLiteral("tight")),
             qPrintable(memory));
    QVERIFY2(memory.contains(widgets::palette::tightCapacity.name()), qPrintable(memory));
    // One offloaded layer fewer per four: over even without the allowance, it fails.
    m_window->setDesign(testing::gb200Llama70bFsdp(36));
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("fails"));
}

// A fifth node with DP kept fixed: every rank holds what it held on four nodes (it fits), and the new
// node's 8 GPUs have no rank. Shrinking DP instead would leave GPUs idle too, but un-shard the ZeRO-1
// optimizer state until the 70B model no longer fits, and the verdict would be the memory error.
void TestEditing::idleGpusAreAWarning()
{
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("runs"));
    QVERIFY(!document()->design().layout.autoDp); // an example keeps the DP it was written with
    m_window->inspector()->nodesBox()->setValue(5);
    const core::Evaluation& e = *document()->snapshot().evaluation;
    QCOMPARE(e.gpusInService, 40);
    QCOMPARE(e.worldSize, 32);
    QVERIFY(e.valid());
    QCOMPARE(m_window->summary()->verdictStyle(), QStringLiteral("idle"));
    QVERIFY2(m_window->summary()->performanceText().contains(QStringLiteral("8 GPUs idle")),
             qPrintable(m_window->summary()->performanceText()));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("8 GPUs idle")));
    // The figures stay: idle GPUs are a warning, the layout runs.
    QVERIFY(m_window->summary()->performanceText().contains(QStringLiteral("Step ")));
    QVERIFY(!m_window->summary()->performanceText().contains(QStringLiteral("If it ran:")));
}

// A valid layout whose pipeline has too many operations to simulate (PP 4, DP 1, 100,000 micro-batches:
// 800,000 operations, over core::kMaxEvaluatedPipelineOps): the headline names that reason, not
// errors the layout does not have.
void TestEditing::pipelineTooLargeToSimulateSaysSo()
{
    document()->editFields({{Field::Pp, std::int64_t{4}},
                            {Field::Dp, std::int64_t{1}},
                            {Field::GlobalBatch, std::int64_t{100000}}});
    const core::Evaluation& e = *document()->snapshot().evaluation;
    QVERIFY(!e.performance);
    QVERIFY(!core::hasErrors(e.diagnostics));
    const QString headline = m_window->summary()->performanceText();
    QVERIFY2(headline.contains(QStringLiteral("too many operations")), qPrintable(headline));
    QVERIFY2(!headline.contains(QStringLiteral("without errors")), qPrintable(headline));
}

// F5 straight after the window opens, before the Learn menu was ever shown: every lesson teaches with the
// design's model.
void TestEditing::f5OnAFreshWindowShowsTheModelInEveryLesson()
{
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    LearnWindow* learn = m_window->learn();
    QTRY_VERIFY(learn->isPresenting());
    for (int v = 0; v < learn->viewCount(); ++v) {
        widgets::LessonView* view = learn->view(v);
        if (auto* explorer = qobject_cast<widgets::StrategyExplorer*>(view))
            QVERIFY2(explorer->currentLesson(), qPrintable(view->objectName()));
        QStringList texts;
        for (const QLabel* label : view->findChildren<QLabel*>())
            texts << label->text();
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(!all.contains(QStringLiteral("h = 0")) && !all.contains(QStringLiteral(" of ,")),
                 qPrintable(view->objectName() + QStringLiteral(": ") + all));
        if (view->objectName() == QLatin1String("mlp") || view->objectName() == QLatin1String("context"))
            QVERIFY2(all.contains(QStringLiteral("Llama 3.1 70B")), qPrintable(all));
    }
    learn->setPresenting(false);
}

void TestEditing::helpListsTheShortcutsAndTheGuide()
{
    QList<QMenu*> menus;
    for (QAction* action : m_window->menuBar()->actions())
        if (action->menu())
            menus << action->menu();
    const QString keys = keyboardShortcutsHtml(menus);
    for (const char* key : {"Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "Ctrl+Shift+S", "F5"})
        QVERIFY2(keys.contains(QLatin1String(key)), key);
    // Each key once: a key bound to two actions fires neither.
    QCOMPARE(keys.count(QStringLiteral("Ctrl+Y")), 1);
    // Listed in one row with the other redo key, in the order the platform gives its bindings.
    const QRegularExpressionMatch redoRow =
        QRegularExpression(QStringLiteral("<tr><td><b>([^<]*Ctrl\\+Y[^<]*)</b>")).match(keys);
    QVERIFY2(redoRow.hasMatch(), qPrintable(keys));
    QVERIFY2(redoRow.captured(1).contains(QStringLiteral("Ctrl+Shift+Z")), qPrintable(redoRow.captured(1)));
    const QString guide = userGuideMarkdown();
    QVERIFY(guide.startsWith(QStringLiteral("## Using the application")));
    QVERIFY(guide.contains(QStringLiteral("Open Example")));
    QVERIFY(!guide.contains(QStringLiteral("![")));
    QAction* guideAction = m_window->findChild<QAction*>(QStringLiteral("helpGuide"));
    QVERIFY(guideAction);
    guideAction->trigger();
    auto* dialog = m_window->findChild<HelpDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    QVERIFY(dialog->browser()->toPlainText().contains(QStringLiteral("Open Example")));
}

void TestEditing::performanceTabSaysHowToPin()
{
    m_window->showTab(QStringLiteral("performance"));
    auto* hint = m_window->performance()->findChild<QLabel*>(QStringLiteral("candidatesEmpty"));
    QVERIFY(hint);
    QTRY_VERIFY(hint->isVisible());
    QVERIFY(hint->text().contains(QStringLiteral("Pin current design")));
    m_window->performance()->pinCurrent();
    QVERIFY(!hint->isVisible());
}

// A design review pins the design, changes it and pins it again: below the table the page says how far
// apart the two are and whether published pairs of such layouts let the model decide
// (performance/layoutcomparison.h).
void TestEditing::twoPinnedLayoutsSayWhetherTheModelDecides()
{
    m_window->showTab(QStringLiteral("performance"));
    widgets::PerformancePanel* panel = m_window->performance();
    QPushButton* pin = nullptr;
    for (QPushButton* button : panel->findChildren<QPushButton*>())
        if (button->text() == QStringLiteral("Pin current design"))
            pin = button;
    QVERIFY(pin);
    QTRY_VERIFY(pin->isVisible());
    QTest::mouseClick(pin, Qt::LeftButton);
    QCOMPARE(panel->candidateCount(), 1);
    QLabel* comparison = panel->candidatesComparison();
    QVERIFY(!comparison->isVisible()); // one candidate: nothing to compare
    document()->editField(Field::Precision, core::FieldValue{std::string("fp8")});
    QTest::mouseClick(pin, Qt::LeftButton);
    QCOMPARE(panel->candidateCount(), 2);
    QVERIFY(comparison->isVisible());
    const std::vector<widgets::DesignSnapshot> pinned = panel->candidates();
    const auto perGpu = [](const widgets::DesignSnapshot& s) {
        return s.evaluation->performance->tokensPerSecond / s.evaluation->gpusInService;
    };
    const double bf16 = perGpu(pinned[0]);
    const double fp8 = perGpu(pinned[1]);
    QVERIFY(fp8 > bf16);
    const core::LayoutComparison expected
        = core::compareLayouts(*pinned[1].design, fp8, *pinned[0].design, bf16);
    QCOMPARE(expected.evidence, core::PairEvidence::MegatronLayouts);
    const QString text = comparison->text();
    qInfo("%s", qPrintable(text));
    QVERIFY2(text.startsWith(QStringLiteral("Column 2 runs "))
                 && text.contains(QStringLiteral("than column 1")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Megatron-Core layouts of one model on the same GPUs")),
             qPrintable(text));
    QVERIFY2(text.contains(expected.decided() ? QStringLiteral("The order holds")
                                              : QStringLiteral("Too close for the model to decide")),
             qPrintable(text));
    // The same design pinned twice runs as fast: nothing to decide.
    QTest::mouseClick(pin, Qt::LeftButton);
    QVERIFY2(comparison->text().startsWith(QStringLiteral("Columns 2 and 3 run as many tokens")),
             qPrintable(comparison->text()));
    // Cleared, nothing is compared.
    for (QPushButton* button : panel->findChildren<QPushButton*>())
        if (button->text() == QStringLiteral("Clear"))
            QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(panel->candidateCount(), 0);
    QVERIFY(!comparison->isVisible());
}

// With sequence parallelism TP's all-reduce becomes an all-gather and a reduce-scatter (Korthikanti et al.
// 2022, sec. 4.2.2): the Collectives tab plays the all-gather and names both.
void TestEditing::tpCollectiveWithSequenceParallelism()
{
    QVERIFY(document()->design().layout.sequenceParallel);
    widgets::CollectivePanel* panel = m_window->collectives();
    QVERIFY(panel->selectGroup(core::Dim::Tp, 0));
    QCOMPARE(panel->spec().op, core::CollectiveOp::AllGather);
    QVERIFY2(panel->groupTree()->topLevelItem(0)->text(0).contains(QStringLiteral("all-gather and reduce-scatter")),
             qPrintable(panel->groupTree()->topLevelItem(0)->text(0)));
    document()->editField(Field::SequenceParallel, core::FieldValue{false});
    QVERIFY(panel->selectGroup(core::Dim::Tp, 0));
    QCOMPARE(panel->spec().op, core::CollectiveOp::AllReduce);
}

MESHWRIGHT_GUI_TEST_MAIN(TestEditing)
#include "tst_editing.moc"
