// SPDX-License-Identifier: GPL-3.0-or-later
// A design of many GPUs evaluates on a worker (app/document/evaluationrunner.h): an edit returns at once,
// the views keep the last evaluated design until the new one is ready, the status bar says so with a
// Cancel that undoes back to the design shown, and a newer edit makes an older evaluation stale. A design
// that opens evaluates behind a progress dialog whose Cancel keeps the design that was open.

#include "design/designio.h"
#include "document/document.h"
#include "document/evaluationrunner.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/evaluationprogress.h"
#include "window/exportmenu.h"

#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace app;

namespace {
core::Design defaultDesign()
{
    return *core::exampleDesign("default");
}

int shownGpus(const Document& document)
{
    return document.snapshot().design->cluster.gpuCount();
}

// 4,096 nodes of 8: 32,768 GPUs, the smallest cluster that evaluates on the worker.
constexpr int kLargeNodes = app::kBackgroundEvaluationGpus / 8;
const QString kH100 = QStringLiteral("h100-sxm-80gb");
const QString kNvLink = QStringLiteral("nvlink4");
} // namespace

class TestBackgroundEvaluation : public QObject
{
    Q_OBJECT

private slots:
    void threshold();
    void smallDesignEvaluatesAtOnce();
    void largeDesignEvaluatesOnWorker();
    void newestEditWins();
    void cancelUndoesToTheDesignShown();
    void smallDesignAfterLargeDropsTheStaleResult();
    void statusLineCancelsWithAClick();
    void openingCanBeCancelled();
    void reportWaitsForTheEdit();
};

void TestBackgroundEvaluation::threshold()
{
    core::Design design = defaultDesign();
    QVERIFY(!evaluatesInBackground(design));
    design.cluster = core::makeUniformCluster(kLargeNodes - 1, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    QVERIFY(!evaluatesInBackground(design));
    design.cluster = core::makeUniformCluster(kLargeNodes, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    QVERIFY(evaluatesInBackground(design));
    // Ranks count as well: a layout asking for more GPUs than the cluster has.
    design = defaultDesign();
    design.layout.setDegree(core::Dim::Dp, kBackgroundEvaluationGpus);
    QVERIFY(evaluatesInBackground(design));
}

void TestBackgroundEvaluation::smallDesignEvaluatesAtOnce()
{
    Document document(defaultDesign());
    QSignalSpy started(&document, &Document::evaluationStarted);
    const std::int64_t tp = document.design().layout.tp();
    document.editField(core::Field::Tp, std::int64_t{tp == 1 ? 2 : 1});
    QVERIFY(!document.isEvaluating());
    QCOMPARE(document.snapshot().design->layout.tp(), document.design().layout.tp());
    QCOMPARE(started.count(), 0);
}

void TestBackgroundEvaluation::largeDesignEvaluatesOnWorker()
{
    Document document(defaultDesign());
    const int before = shownGpus(document);
    QSignalSpy started(&document, &Document::evaluationStarted);
    QSignalSpy ended(&document, &Document::evaluationEnded);
    QSignalSpy changed(&document, &Document::changed);
    document.editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    QVERIFY(document.isEvaluating());
    QCOMPARE(started.count(), 1);
    QCOMPARE(changed.count(), 0); // the views keep the design they show…
    QCOMPARE(shownGpus(document), before);
    QCOMPARE(document.design().cluster.gpuCount(), kBackgroundEvaluationGpus); // …while the design is newer
    QTRY_VERIFY_WITH_TIMEOUT(!document.isEvaluating(), 30000);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(shownGpus(document), kBackgroundEvaluationGpus);
    QCOMPARE(document.snapshot().evaluation->worldSize, document.design().layout.worldSize());
    // Undo from there returns to the small design at once, evaluated in the same event.
    document.undoStack()->undo();
    QVERIFY(!document.isEvaluating());
    QCOMPARE(shownGpus(document), before);
}

void TestBackgroundEvaluation::newestEditWins()
{
    Document document(defaultDesign());
    QSignalSpy started(&document, &Document::evaluationStarted);
    QSignalSpy changed(&document, &Document::changed);
    document.editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    document.editClusterShape(kLargeNodes * 2, 8, kH100, kNvLink);
    QCOMPARE(started.count(), 1); // one evaluation line for both edits
    document.finishEvaluation();
    QVERIFY(!document.isEvaluating());
    QCOMPARE(changed.count(), 1); // the first edit's result never shows
    QCOMPARE(shownGpus(document), kBackgroundEvaluationGpus * 2);
}

void TestBackgroundEvaluation::cancelUndoesToTheDesignShown()
{
    Document document(defaultDesign());
    const int before = shownGpus(document);
    QSignalSpy ended(&document, &Document::evaluationEnded);
    document.editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    document.editClusterShape(kLargeNodes * 2, 8, kH100, kNvLink);
    QVERIFY(document.isModified());
    document.cancelEvaluation();
    QVERIFY(!document.isEvaluating());
    QCOMPARE(ended.count(), 1);
    QCOMPARE(document.design().cluster.gpuCount(), before); // both edits undone
    QCOMPARE(shownGpus(document), before);
    QCOMPARE(document.undoStack()->index(), 0);
    QVERIFY(!document.isModified());
    QVERIFY(document.undoStack()->canRedo()); // and they can be redone
    document.finishEvaluation(); // the cancelled result, if the worker finishes it, is dropped
    QCOMPARE(shownGpus(document), before);
    QCOMPARE(ended.count(), 1);
    // Cancel a second time: nothing to cancel.
    document.cancelEvaluation();
    QCOMPARE(document.undoStack()->index(), 0);
}

void TestBackgroundEvaluation::smallDesignAfterLargeDropsTheStaleResult()
{
    Document document(defaultDesign());
    const int before = shownGpus(document);
    QSignalSpy ended(&document, &Document::evaluationEnded);
    document.editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    document.undoStack()->undo(); // back to the small design before the worker is done
    QVERIFY(!document.isEvaluating());
    QCOMPARE(ended.count(), 1);
    QCOMPARE(shownGpus(document), before);
    document.finishEvaluation();
    QCOMPARE(shownGpus(document), before); // the large design's late result is not shown
}

void TestBackgroundEvaluation::statusLineCancelsWithAClick()
{
    std::unique_ptr<Language> language;
    std::unique_ptr<MainWindow> window;
    testing::createMainWindow(language, window);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    EvaluationStatus* status = window->evaluationStatus();
    QVERIFY(!status->isVisible());
    Document* document = window->document();
    const int before = shownGpus(*document);
    document->editClusterShape(kLargeNodes * 4, 8, kH100, kNvLink);
    QVERIFY(status->isVisible());
    QVERIFY(status->cancelButton()->isVisible());
    QTest::mouseClick(status->cancelButton(), Qt::LeftButton);
    QVERIFY(!status->isVisible());
    QCOMPARE(document->design().cluster.gpuCount(), before);
    // Done without a cancel, the line goes away and the views show the large design.
    document->editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    QVERIFY(status->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!status->isVisible(), 30000);
    QCOMPARE(shownGpus(*document), kBackgroundEvaluationGpus);
}

void TestBackgroundEvaluation::openingCanBeCancelled()
{
    std::unique_ptr<Language> language;
    std::unique_ptr<MainWindow> window;
    testing::createMainWindow(language, window);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->setInteractive(true); // the progress dialog appears only for a person
    const Document* before = window->document();
    core::Design large = defaultDesign();
    large.cluster = core::makeUniformCluster(kLargeNodes * 8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    // Every GPU runs a rank (262,144, the limit), so that the evaluation takes long enough to be cancelled.
    const std::int64_t modelParallel = large.layout.worldSize() / large.layout.dp();
    large.layout.setDegree(core::Dim::Dp, static_cast<int>(kLargeNodes * 64 / modelParallel));
    QCOMPARE(large.layout.worldSize(), std::int64_t{kLargeNodes} * 64);
    large.workload.globalBatch = 2 * std::int64_t{large.layout.dp()}; // valid: evaluated to the end
    // The dialog's Cancel button, pressed as soon as the evaluation is under way (before the dialog shows).
    QTimer::singleShot(0, window.get(), [&window] {
        auto* dialog = window->findChild<QProgressDialog*>();
        QVERIFY(dialog);
        auto* cancel = dialog->findChild<QPushButton*>();
        QVERIFY(cancel);
        QCOMPARE(cancel->text(), QStringLiteral("Cancel"));
        cancel->click();
    });
    QVERIFY(!window->setDesign(large));
    QCOMPARE(window->document(), before); // the open design stays
    window->setInteractive(false);
    QVERIFY(window->setDesign(large)); // and without a cancel it opens, evaluated
    QCOMPARE(shownGpus(*window->document()), kLargeNodes * 64);
}

// A report asked for while the design evaluates describes the design as edited, not the one before.
void TestBackgroundEvaluation::reportWaitsForTheEdit()
{
    std::unique_ptr<Language> language;
    std::unique_ptr<MainWindow> window;
    testing::createMainWindow(language, window);
    window->document()->editClusterShape(kLargeNodes, 8, kH100, kNvLink);
    QVERIFY(window->document()->isEvaluating());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    QVERIFY2(window->findChild<ExportMenu*>()->writeReport(path, &error), qPrintable(error));
    QVERIFY(!window->document()->isEvaluating());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(file.readAll()).contains(QStringLiteral("4,096 nodes")));
    QCOMPARE(shownGpus(*window->document()), kBackgroundEvaluationGpus);
}

MESHWRIGHT_GUI_TEST_MAIN(TestBackgroundEvaluation)
#include "tst_backgroundevaluation.moc"
