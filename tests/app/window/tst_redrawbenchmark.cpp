// SPDX-License-Identifier: GPL-3.0-or-later
// What a person waits for after an edit: the design is re-evaluated and every visible view repaints. Each
// row opens one tab of the main window on a design of 32, 512 or 4,096 GPUs and toggles recomputation
// (selective ↔ full, always a valid layout with a different step) through the document, the path every
// Layout field takes, then repaints the window synchronously. The benchmark reports the time per edit;
// after it, each row checks that the views show the last edit's evaluation, so a redraw that skipped the
// work cannot pass, and that the hidden tabs waited for it (common/rebuildwhenshown.h). On a shared
// machine, -perf -perfcounter task-clock counts the CPU time rather than the wall time.

#include "design/designfield.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "document/document.h"
#include "memory/memorypanel.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "timeline/timelinepanel.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QLabel>
#include <QTabWidget>
#include <QTest>

using namespace app;

namespace {

// The reference article's 70B layout at 32K tokens (TP 8 × CP 4 × PP 4) on `nodes` nodes of 8 H100; DP
// fills the nodes and the global batch grows with it, so every size runs 64 micro-batches per pipeline.
core::Design designOfNodes(int nodes)
{
    if (nodes == 4)
        return *core::exampleDesign("default");
    core::Design design = *core::exampleDesign("seed-70b-32k-512gpu");
    const int dp = nodes * 8 / (8 * 4 * 4);
    design.cluster = core::makeUniformCluster(nodes, 8, design.cluster.nodes.front().gpus.front().type,
                                          design.cluster.nodes.front().intraLink, design.cluster.fabric);
    design.layout.setDegree(core::Dim::Dp, dp);
    design.workload.globalBatch = std::int64_t{64} * dp;
    return design;
}

} // namespace

class TestRedrawBenchmark : public QObject
{
    Q_OBJECT

private slots:
    void benchmarkEditAndRepaint_data();
    void benchmarkEditAndRepaint();
};

void TestRedrawBenchmark::benchmarkEditAndRepaint_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("tab");
    for (int nodes : {4, 64, 512})
        for (const char* tab : {"cluster", "memory", "collectives", "timeline", "performance"})
            QTest::addRow("%d GPUs, %s", nodes * 8, tab) << nodes << QString::fromLatin1(tab);
}

void TestRedrawBenchmark::benchmarkEditAndRepaint()
{
    QFETCH(int, nodes);
    QFETCH(QString, tab);
    std::unique_ptr<Language> language;
    std::unique_ptr<MainWindow> window;
    testing::createMainWindow(language, window, QSize(1600, 1000));
    const core::Design design = designOfNodes(nodes);
    QCOMPARE(design.cluster.inServiceGpuCount(), nodes * 8);
    window->setDesign(design);
    QVERIFY(window->showTab(tab));
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY2(window->document()->snapshot().evaluation->valid(), "the benchmark's design must be valid");

    bool full = design.layout.recompute == core::Recompute::Full;
    QBENCHMARK {
        full = !full;
        window->document()->editField(core::Field::Recompute,
                                      core::FieldValue{std::string(full ? "full" : "selective")});
        window->repaint();
    }

    // The views follow the last edit: the document holds it, its evaluation is valid, and the summary
    // shows that evaluation's step.
    const auto& snapshot = window->document()->snapshot();
    QCOMPARE(snapshot.design->layout.recompute, full ? core::Recompute::Full : core::Recompute::Selective);
    QVERIFY(snapshot.evaluation->valid());
    QVERIFY(snapshot.evaluation->performance);
    const QString shown = window->summary()->performanceText();
    // The headlines of the Timeline (the step) and the Memory tab (the activation peak) change with
    // recomputation: the open one shows the edit at once, a hidden one keeps its text until it opens.
    const auto headline = [&window](const char* name) {
        const auto* label = window->findChild<QLabel*>(QString::fromLatin1(name));
        return label ? label->text() : QString();
    };
    // Read once through the panels, so that the hidden ones show the last edit before the next.
    const QString timelineBefore = window->timeline()->summaryText();
    const QString memoryBefore = window->memory()->statusText();
    QCOMPARE(headline("timelineSummary"), timelineBefore);
    QCOMPARE(headline("memoryStatus"), memoryBefore);
    window->document()->editField(core::Field::Recompute,
                                  core::FieldValue{std::string(full ? "selective" : "full")});
    window->repaint();
    QVERIFY2(window->summary()->performanceText() != shown,
             qPrintable(QStringLiteral("the summary did not follow the edit: ") + shown));
    QVERIFY(!timelineBefore.isEmpty() && !memoryBefore.isEmpty());
    QCOMPARE(headline("timelineSummary") != timelineBefore, tab == QLatin1String("timeline"));
    QCOMPARE(headline("memoryStatus") != memoryBefore, tab == QLatin1String("memory"));
    QVERIFY(window->timeline()->summaryText() != timelineBefore); // read: rebuilt on demand
    QCOMPARE(headline("timelineSummary"), window->timeline()->summaryText());
}

MESHWRIGHT_GUI_TEST_MAIN(TestRedrawBenchmark)
#include "tst_redrawbenchmark.moc"
