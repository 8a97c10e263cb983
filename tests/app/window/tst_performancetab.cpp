// SPDX-License-Identifier: GPL-3.0-or-later
// The Performance tab in the main window, offscreen: the reference article's two 70B layouts side by side,
// the mesh search on its worker thread (finishing, cancelling, ranking), and applying a result as one undo
// step. With MESHWRIGHT_SCREENSHOT_DIR set it writes the tab's picture there, for a person to look at.

#include "design/designio.h"
#include "performance/layoutcomparison.h"
#include "performance/performancepanel.h"
#include "performance/resultcolumns.h"
#include "performance/scalingplot.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/language.h"
#include "window/mainwindow.h"
#include "window/pindesign.h"

#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace app;

namespace {

// Llama 3.1 8B on 2 × 4 A100: a search that finishes in a moment.
core::Design smallCluster()
{
    core::Design d = *core::exampleDesign("default");
    d.model = *core::Catalog::builtin().model("llama-3.1-8b");
    d.cluster = core::makeUniformCluster(2, 4, "a100-80gb", "nvlink3", "ib-hdr-200");
    d.layout.setDegree(core::Dim::Tp, 4);
    d.layout.setDegree(core::Dim::Pp, 2);
    d.layout.setDegree(core::Dim::Dp, 1);
    d.workload.sequenceLength = 4096;
    d.workload.globalBatch = 16;
    return d;
}

} // namespace

class TestPerformanceTab : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void seedPairSideBySide();
    void tabOpensAPage();
    void searchRanksAndApplies();
    void searchCancels();
    void searchToCompletionFillsTheTable();
    void resultsFitALaptop_data();
    void resultsFitALaptop();
    void headersBreakWhereNarrowest();
    void designsToPin();
    void scalingStatesItsBaseline();
    void scalingWaitsUntilShown();
    void scalingAxesAgreeAndSaySo();

private:
    widgets::PerformancePanel* panel() { return m_window->performance(); }
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestPerformanceTab::init()
{
    testing::createMainWindow(m_language, m_window);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->views()->setCurrentWidget(panel());
}

void TestPerformanceTab::cleanup()
{
    m_window.reset();
    m_language.reset();
}

// The reference article's two layouts compared side by side read like a design review.
// `meshwright --tab performance:search` (MainWindow::showTab): the view's tab, then a page inside it, by
// object name or title; an unknown page is refused and leaves the tabs as they were.
void TestPerformanceTab::tabOpensAPage()
{
    QTabWidget* pages = panel()->pages();
    QVERIFY(m_window->showTab(QStringLiteral("performance:search")));
    QCOMPARE(m_window->views()->currentWidget(), panel());
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("search"));
    QVERIFY(m_window->showTab(QStringLiteral("Performance:Scaling")));
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("scaling"));
    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    QVERIFY(!m_window->showTab(QStringLiteral("performance:nothing")));
    QCOMPARE(m_window->views()->currentIndex(), 0);
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("scaling"));
    QVERIFY(m_window->showTab(QStringLiteral("performance:candidates")));
    QCOMPARE(pages->currentIndex(), 0);
    // Before a search the page says what the search does, and no idle progress bar poses as a text field.
    QVERIFY(m_window->showTab(QStringLiteral("performance:search")));
    auto* status = panel()->findChild<QLabel*>(QStringLiteral("searchStatus"));
    QVERIFY(status);
    QVERIFY2(status->isVisible() && status->text().contains(QStringLiteral("fastest first")),
             qPrintable(status->text()));
    QVERIFY(!panel()->findChild<QProgressBar*>()->isVisible());
}

void TestPerformanceTab::seedPairSideBySide()
{
    const core::Design first = *core::exampleDesign("seed-70b-32k-512gpu");
    const core::Design second = *core::exampleDesign("seed-70b-32k-512gpu-alt");
    panel()->pin(first);
    panel()->pin(second);
    panel()->pages()->setCurrentIndex(0);
    QTableWidget* table = panel()->candidatesTable();
    QCOMPARE(table->columnCount(), 2);
    // Each column states its own evaluation's figures.
    for (int column = 0; column < 2; ++column) {
        const core::Evaluation e = core::evaluate(column == 0 ? first : second);
        QVERIFY(e.performance);
        bool foundStep = false;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->verticalHeaderItem(row)->text() == QStringLiteral("Step time"))
                foundStep
                    = table->item(row, column)
                          ->text()
                          .contains(QString::fromStdString(core::formatSeconds(e.performance->stepSeconds)));
        QVERIFY(foundStep);
    }
    QVERIFY(table->findItems(QStringLiteral("(fastest)"), Qt::MatchContains).size() == 1);
    m_window->resize(1600, 1000);
    QTest::qWait(50);
    if (const QByteArray dir = qgetenv("MESHWRIGHT_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/performance-candidates.png"));
    // A design that recomputes named modules says which, as --recompute-modules names them.
    QVERIFY(table->findItems(QStringLiteral("(layernorm, mlp)"), Qt::MatchContains).isEmpty());
    core::Design modules = second;
    modules.name = "Named modules: layernorm and mlp recomputed on the reference article's deeper pipeline";
    modules.layout.recompute = core::Recompute::Selective;
    modules.layout.recomputeModules = {core::RecomputeModule::Layernorm, core::RecomputeModule::Mlp};
    panel()->pin(modules);
    QCOMPARE(table->findItems(QStringLiteral("(layernorm, mlp)"), Qt::MatchContains).size(), 1);
    // At a laptop's width the designs' names are longer than their columns: each header wraps, none is cut,
    // and the header row is as tall as the tallest, growing back to one line when there is room again.
    m_window->resize(1366, 768);
    QTest::qWait(50);
    QHeaderView* header = table->horizontalHeader();
    const QFontMetrics metrics(header->font());
    for (int column = 0; column < table->columnCount(); ++column) {
        const QString name = table->horizontalHeaderItem(column)->text();
        // 10: the text's margins in a section (resultcolumns.cpp kHeaderMargins).
        const QRect wrapped = metrics.boundingRect(QRect(0, 0, header->sectionSize(column) - 10, 1000),
                                                   Qt::AlignCenter | Qt::TextWordWrap, name);
        QVERIFY2(header->height() >= wrapped.height() + 2,
                 qPrintable(QStringLiteral("%1 < %2").arg(header->height()).arg(wrapped.height())));
    }
    const int column = table->columnCount() - 1;
    QVERIFY(metrics.horizontalAdvance(table->horizontalHeaderItem(column)->text())
            > header->sectionSize(column));
    const int tall = header->height();
    m_window->resize(4000, 1000);
    QTest::qWait(50);
    QVERIFY2(header->height() < tall, qPrintable(QString::number(header->height())));
}

void TestPerformanceTab::searchRanksAndApplies()
{
    m_window->setDesign(smallCluster());
    panel()->pages()->setCurrentIndex(1);
    QSignalSpy finished(panel(), &widgets::PerformancePanel::searchFinished);
    panel()->startSearch();
    QVERIFY(panel()->isSearching());
    QVERIFY(finished.wait(60000));
    QVERIFY(!panel()->isSearching());
    const core::SearchResult& result = panel()->searchResult();
    QVERIFY(!result.candidates.empty());
    QVERIFY(!result.cancelled);
    QCOMPARE(panel()->resultsView()->model()->rowCount(),
             static_cast<int>(std::min<std::size_t>(result.candidates.size(), 500)));
    if (const QByteArray dir = qgetenv("MESHWRIGHT_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/performance-search.png"));
    // Sorting by another column keeps each row's candidate; applying the first row applies the fastest.
    panel()->resultsView()->sortByColumn(11, Qt::DescendingOrder); // tokens/s
    const int undoBefore = m_window->document()->undoStack()->count();
    panel()->applyResult(0);
    QCOMPARE(m_window->document()->undoStack()->count(), undoBefore + 1);
    QVERIFY(m_window->document()->design().layout == result.candidates.front().layout);
    const core::Evaluation& e = *m_window->document()->snapshot().evaluation;
    QVERIFY(e.performance);
    QCOMPARE(e.performance->stepSeconds, result.candidates.front().stepSeconds);
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->design().layout == smallCluster().layout);
}

// A search of 16,384 GPUs is cancelled before it ends; the window stays usable.
void TestPerformanceTab::searchCancels()
{
    core::Design big = *core::exampleDesign("default");
    big.model = *core::Catalog::builtin().model("llama-3.1-405b");
    big.cluster = core::makeUniformCluster(2048, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    big.layout.setDegree(core::Dim::Dp, 1024);
    big.workload.globalBatch = 2048;
    m_window->setDesign(big);
    QSignalSpy finished(panel(), &widgets::PerformancePanel::searchFinished);
    panel()->startSearch();
    panel()->cancelSearch();
    QVERIFY(finished.wait(60000));
    QVERIFY(panel()->searchResult().cancelled);
}

// `meshwright --screenshot --search`: the call returns only once the search has ended and its results fill
// the table, so that the picture taken next shows them; with no design there is nothing to search.
void TestPerformanceTab::searchToCompletionFillsTheTable()
{
    m_window->setDesign(smallCluster());
    QVERIFY(m_window->showTab(QStringLiteral("performance:search")));
    QSignalSpy finished(panel(), &widgets::PerformancePanel::searchFinished);
    QVERIFY(panel()->searchToCompletion());
    QCOMPARE(finished.count(), 1);
    QVERIFY(!panel()->isSearching());
    QVERIFY(!panel()->searchResult().candidates.empty());
    QCOMPARE(panel()->resultsView()->model()->rowCount(),
             static_cast<int>(std::min<std::size_t>(panel()->searchResult().candidates.size(), 500)));
    auto* status = panel()->findChild<QLabel*>(QStringLiteral("searchStatus"));
    QVERIFY2(status->text().contains(QStringLiteral("fit.")), qPrintable(status->text()));
    // It says how many layouts the model cannot tell from the fastest, as the command line does.
    const core::SearchTies ties = core::searchTies(m_window->document()->design(), panel()->searchResult());
    QVERIFY(ties.undecided > 1); // the small cluster's search holds several layouts within 5 %
    const QString said = QStringLiteral("%1 more layouts run within %2 % of the fastest")
                             .arg(ties.undecided)
                             .arg(std::lround(100 * ties.tolerance));
    QVERIFY2(status->text().contains(said), qPrintable(status->text()));
    // The screenshot of the results showed a full progress bar beside the status line that says it ended.
    QVERIFY(!panel()->findChild<QProgressBar*>()->isVisibleTo(panel()));
    // Each column keeps its decimals, so that its digits line up: step seconds 3, MFU and bubble 1.
    const QAbstractItemModel* model = panel()->resultsView()->model();
    const QRegularExpression threeDecimals(QStringLiteral("^\\d+\\.\\d{3}$"));
    const QRegularExpression oneDecimal(QStringLiteral("^\\d+\\.\\d$"));
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString step = model->index(row, 10).data().toString();
        const QString mfu = model->index(row, 12).data().toString();
        const QString bubble = model->index(row, 13).data().toString();
        QVERIFY2(threeDecimals.match(step).hasMatch(), qPrintable(step));
        QVERIFY2(oneDecimal.match(mfu).hasMatch() && oneDecimal.match(bubble).hasMatch(),
                 qPrintable(mfu + QLatin1Char(' ') + bubble));
        // One word under "Recompute" keeps the later columns in view; the reason is on the whole row.
        const QString recompute = model->index(row, 9).data().toString();
        QVERIFY2(QStringList({QStringLiteral("none"), QStringLiteral("selective"), QStringLiteral("full")})
                     .contains(recompute),
                 qPrintable(recompute));
        QCOMPARE(model->index(row, 1).data(Qt::ToolTipRole).toString(),
                 model->index(row, 16).data().toString());
    }
    // At 1600 × 1000 every column but the reasons (whose text is each row's tooltip) is in view.
    m_window->resize(1600, 1000);
    QTest::qWait(0);
    const QTableView* view = panel()->resultsView();
    const int last = model->columnCount() - 1;
    QVERIFY2(view->columnViewportPosition(last) + 40 < view->viewport()->width(),
             qPrintable(QStringLiteral("%1 of %2")
                            .arg(view->columnViewportPosition(last))
                            .arg(view->viewport()->width())));
    // Short headers are explained on hovering.
    for (int column : {6, 7, 9, 10, 12, 13, 14, 15, 16})
        QVERIFY(!model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    widgets::PerformancePanel empty;
    QVERIFY(!empty.searchToCompletion());
}

void TestPerformanceTab::resultsFitALaptop_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
}

// At 1366 × 768 (a laptop) the results of the reference article's 512-GPU design fit the page in English and
// in German, whose headers run longer: no sideways scrolling; every header is whole (on up to three lines)
// and the reasons' column, last, stays in view.
void TestPerformanceTab::resultsFitALaptop()
{
    QFETCH(QString, language);
    m_language->choose(language);
    m_window->resize(1366, 768);
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    QVERIFY(m_window->showTab(QStringLiteral("performance:search")));
    QVERIFY(panel()->searchToCompletion());
    QApplication::processEvents();
    QTableView* view = panel()->resultsView();
    QVERIFY(view->model()->rowCount() > 100);
    QCOMPARE(view->horizontalScrollBar()->maximum(), 0);
    const int last = view->model()->columnCount() - 1;
    QVERIFY2(view->columnViewportPosition(last) + 60 <= view->viewport()->width(),
             qPrintable(QStringLiteral("%1 of %2")
                            .arg(view->columnViewportPosition(last))
                            .arg(view->viewport()->width())));
    const QFontMetrics metrics(view->horizontalHeader()->font());
    for (int column = 0; column < last; ++column)
        for (const QString& line :
             view->model()->headerData(column, Qt::Horizontal).toString().split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= view->columnWidth(column), qPrintable(line));
    m_language->choose(QStringLiteral("en"));
}

// A header breaks at spaces, after hyphens and at soft hyphens, which show only where it breaks.
void TestPerformanceTab::headersBreakWhereNarrowest()
{
    const QFontMetrics metrics(QApplication::font());
    QCOMPARE(widgets::breakHeader(QStringLiteral("Micro-batch"), 2, metrics),
             QStringLiteral("Micro-\nbatch"));
    QCOMPARE(widgets::breakHeader(QStringLiteral("Re\u00adcompute"), 1, metrics),
             QStringLiteral("Recompute"));
    QCOMPARE(widgets::breakHeader(QStringLiteral("Spitzen\u00adspeicher (GB)"), 3, metrics),
             QStringLiteral("Spitzen-\nspeicher\n(GB)"));
    QCOMPARE(widgets::breakHeader(QStringLiteral("TP"), 3, metrics), QStringLiteral("TP"));
    // Of two lines the wider is as narrow as it can be.
    const QString two = widgets::breakHeader(QStringLiteral("Visible comm. (s)"), 2, metrics);
    QCOMPARE(two.count(QLatin1Char('\n')), 1);
    QVERIFY(widgets::breakHeader(QStringLiteral("Visible comm. (s)"), 3, metrics).count(QLatin1Char('\n'))
            <= 2);
}

// `meshwright --pin DESIGN`: a design file, or else a built-in example by its id; anything else is refused
// with a message that names it.
void TestPerformanceTab::designsToPin()
{
    QString error;
    const std::optional<core::Design> file = designToPin(
        QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/examples/seed-70b-32k-512gpu-alt.json"), &error);
    QVERIFY2(file, qPrintable(error));
    QCOMPARE(file->layout.pp(), 8);
    const std::optional<core::Design> example = designToPin(QStringLiteral("seed-70b-32k-512gpu"), &error);
    QVERIFY(example);
    QCOMPARE(example->layout.pp(), 4);
    QCOMPARE(example->name, core::exampleDesign("seed-70b-32k-512gpu")->name);
    QVERIFY(!designToPin(QStringLiteral("no-such-design"), &error));
    QCOMPARE(error, QStringLiteral("no-such-design: no such file and no example of that name"));
    // A file that is not a design.
    const QString notADesign = QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/presets/links.json");
    QVERIFY(!designToPin(notADesign, &error));
    QVERIFY2(error.contains(QStringLiteral("links.json")), qPrintable(error));
    // Pinned in order, as the Performance tab shows them side by side.
    panel()->pin(*example);
    panel()->pin(*file);
    QCOMPARE(panel()->candidateCount(), 2);
    QCOMPARE(panel()->candidates()[1].design->layout.pp(), 8);
}

// The scaling page computes when shown, from the current design, and says what its efficiency divides by.
void TestPerformanceTab::scalingStatesItsBaseline()
{
    m_window->resize(1600, 1000);
    panel()->pages()->setCurrentWidget(panel()->scaling());
    QTRY_VERIFY(panel()->scaling()->curve(core::ScalingKind::Weak).baseline >= 0);
    const core::ScalingCurve& weak = panel()->scaling()->curve(core::ScalingKind::Weak);
    const core::ScalingPoint& base = weak.points[static_cast<std::size_t>(weak.baseline)];
    QVERIFY(panel()->scaling()->explanationText().contains(
        QStringLiteral("baseline DP %1 on %2 GPUs").arg(base.dp).arg(base.gpus)));
    // It follows an edit of the design.
    const int before = static_cast<int>(weak.points.size());
    m_window->document()->editField(core::Field::Pp, core::FieldValue{std::int64_t{1}});
    m_window->document()->editField(core::Field::Dp, core::FieldValue{std::int64_t{4}});
    QVERIFY(static_cast<int>(panel()->scaling()->curve(core::ScalingKind::Weak).points.size()) != before
            || panel()->scaling()->curve(core::ScalingKind::Weak).points.front().gpus != base.gpus);
    QVERIFY(panel()->scaling()->explanationText().contains(QStringLiteral("Not drawn")));
    QTest::qWait(50); // let the layout give the explanation its new height before the picture
    if (const QByteArray dir = qgetenv("MESHWRIGHT_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/performance-scaling.png"));
}

// Throughput against GPUs on log–log axes, as the titles say, with the ideal line through the baseline:
// the baseline's tokens/s per GPU times the GPUs, at both ends of the drawn range.
void TestPerformanceTab::scalingAxesAgreeAndSaySo()
{
    m_window->resize(1600, 1000);
    widgets::ScalingPlot* scaling = panel()->scaling();
    panel()->pages()->setCurrentWidget(scaling);
    QTRY_VERIFY(scaling->curve(core::ScalingKind::Weak).baseline >= 0);
    const QStringList titles = scaling->axisTitles();
    QCOMPARE(titles.size(), 3);
    QVERIFY2(titles[0].contains(QLatin1String("log scale")), qPrintable(titles[0]));
    QVERIFY2(titles[1].contains(QLatin1String("log scale")), qPrintable(titles[1]));
    QVERIFY2(titles[2].contains(QLatin1String("linear")), qPrintable(titles[2]));
    // Throughput ticks read as counts do everywhere ("100 k", "1 M"), never "1E+06".
    const QStringList ticks = scaling->throughputTickLabels();
    QVERIFY(!ticks.isEmpty());
    for (const QString& tick : ticks)
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+(\\.\\d+)? ?[kMB]?$")).match(tick).hasMatch(),
                 qPrintable(ticks.join(QLatin1Char(' '))));
    const core::ScalingCurve& weak = scaling->curve(core::ScalingKind::Weak);
    const core::ScalingPoint& base = weak.points[static_cast<std::size_t>(weak.baseline)];
    const double perGpu = base.tokensPerSecond / base.gpus;
    const QVector<QPointF> ideal = scaling->idealLine();
    QCOMPARE(ideal.size(), 2);
    int smallest = base.gpus, largest = base.gpus;
    for (const core::ScalingPoint& p : weak.points)
        if (p.runs) {
            smallest = std::min(smallest, p.gpus);
            largest = std::max(largest, p.gpus);
        }
    QCOMPARE(ideal[0].x(), double(smallest));
    QCOMPARE(ideal[1].x(), double(largest));
    QVERIFY(std::abs(ideal[1].y() - perGpu * largest) < 1e-6 * perGpu * largest);
    // Beyond the baseline ideal scaling bounds the weak curve: the data-parallel sync only grows.
    for (const core::ScalingPoint& p : weak.points)
        if (p.runs && p.gpus >= base.gpus)
            QVERIFY2(p.tokensPerSecond <= perGpu * p.gpus * (1 + 1e-9),
                     qPrintable(QStringLiteral("%1 GPUs: %2 > %3")
                                    .arg(p.gpus)
                                    .arg(p.tokensPerSecond)
                                    .arg(perGpu * p.gpus)));
}

// The curves evaluate the design at every size: behind the candidates page they wait for the edit until
// their page opens (common/rebuildwhenshown.h), and then show it.
void TestPerformanceTab::scalingWaitsUntilShown()
{
    widgets::ScalingPlot* scaling = panel()->scaling();
    auto* explanation = scaling->findChild<QLabel*>(QStringLiteral("scalingExplanation"));
    QVERIFY(explanation);
    QTabWidget* pages = panel()->pages();
    pages->setCurrentWidget(scaling);
    const QString before = explanation->text();
    QVERIFY2(before.contains(QStringLiteral("baseline")), qPrintable(before));
    pages->setCurrentIndex(pages->indexOf(scaling) == 0 ? 1 : 0);
    QVERIFY(!scaling->isVisible());
    m_window->document()->editField(core::Field::Pp, core::FieldValue{std::int64_t{1}});
    m_window->document()->editField(core::Field::Dp, core::FieldValue{std::int64_t{4}});
    QCOMPARE(explanation->text(), before); // not recomputed while hidden
    pages->setCurrentWidget(scaling);
    QVERIFY2(explanation->text().contains(QStringLiteral("Not drawn")), qPrintable(explanation->text()));
    QCOMPARE(scaling->explanationText(), explanation->text());
}

MESHWRIGHT_GUI_TEST_MAIN(TestPerformanceTab)
#include "tst_performancetab.moc"
