// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH

// Issue 8, "every view shows the measured value next to the prediction with the difference": the seed's
// 70B design with its illustrative record (tests/data/record-seed-70b.json) in the main window, offscreen.
// The summary, the memory bars, the timeline and the candidates table each show the record's figures
// beside the prediction, with core's difference (recordcomparison.h); without a record none of it shows.

#include "designio.h"
#include "designsummary.h"
#include "guitestmain.h"
#include "lanechart.h"
#include "language.h"
#include "mainwindow.h"
#include "mainwindowundertest.h"
#include "memorybars.h"
#include "memorypanel.h"
#include "performancepanel.h"
#include "recordcomparison.h"
#include "recordsdialog.h"
#include "steptimeline.h"
#include "timelinepanel.h"

#include <QFile>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <qcustomplot.h>

using namespace app;

namespace {

core::MeasuredRecord seedRecord()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/record-seed-70b.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("record-seed-70b.json is missing");
    return *core::loadRecord(file.readAll().toStdString()).record;
}

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

} // namespace

class TestMeasuredViews : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void summaryShowsMeasuredBesidePredicted();
    void summaryOfAServingDesign();
    void memoryBarsMarkTheMeasuredPeak();
    void timelineMarksTheMeasuredStep();
    void candidatesTableHasAMeasuredColumn();
    void recordsDialogWarnsOfAnotherBatch();

private:
    // The seed design in the window, with the record added as the user would (one undo step).
    void openSeedWithRecord(const core::MeasuredRecord& record);
    core::RecordComparison comparison() const;

    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestMeasuredViews::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1400, 900));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMeasuredViews::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestMeasuredViews::openSeedWithRecord(const core::MeasuredRecord& record)
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    m_window->document()->editRecords({record}, QStringLiteral("Add measured record"));
}

core::RecordComparison TestMeasuredViews::comparison() const
{
    const widgets::DesignSnapshot snapshot = m_window->document()->snapshot();
    return core::compareRecord(snapshot.design->records.back(), *snapshot.design, *snapshot.evaluation);
}

void TestMeasuredViews::summaryShowsMeasuredBesidePredicted()
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    QVERIFY(m_window->summary()->measuredText().isEmpty());
    m_window->document()->editRecords({seedRecord()}, QStringLiteral("Add measured record"));
    const core::RecordComparison c = comparison();
    const QString text = m_window->summary()->measuredText();
    QVERIFY2(text.contains(QLatin1String("first 200 steps (2026-11-30)")), qPrintable(text));
    for (const char* quantity : {"stepSeconds", "tokensPerSecond", "mfu"}) {
        const core::RecordComparisonRow* row = c.find(quantity);
        QVERIFY2(row && row->predicted, quantity);
        // Measured, predicted and core's difference, in that order.
        const QString expected = QStringLiteral("%1 measured, %2 predicted, %3")
                                     .arg(qs(core::formatRecordValue(*row->measured, row->unit)),
                                          qs(core::formatRecordValue(*row->predicted, row->unit)),
                                          qs(core::formatRecordDifference(*row)));
        QVERIFY2(text.contains(expected), qPrintable(expected + QStringLiteral(" not in ") + text));
    }
    QVERIFY(text.contains(QLatin1String("29.2 s measured")));
    QVERIFY(text.contains(QLatin1String(" pp (")));
    QVERIFY(!text.contains(QLatin1String("Warning")));
    // The record goes with the undo step that brought it.
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->summary()->measuredText().isEmpty());
}

void TestMeasuredViews::summaryOfAServingDesign()
{
    const core::Design design = *core::exampleDesign("serving-70b-tp4x2");
    m_window->setDesign(design);
    core::MeasuredRecord record;
    record.name = "vLLM run";
    record.timeToFirstTokenSeconds = 0.8;
    record.tokensPerSecond = 1200;
    record.globalBatch = 3 * design.workload.serving.concurrency * design.layout.batchReplicas();
    m_window->document()->editRecords({record}, QStringLiteral("Add measured record"));
    const QString text = m_window->summary()->measuredText();
    QVERIFY2(text.contains(QLatin1String("Time to first token: 800 ms measured")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("Tokens per second: 1.2 k tokens/s measured")));
    QVERIFY(!text.contains(QLatin1String("not predicted")));
    // Three times the sequences in flight: said, not silently compared.
    QVERIFY(text.contains(QLatin1String("Warning:")));
    QVERIFY(text.contains(QLatin1String("sequences in flight was")));
}

void TestMeasuredViews::memoryBarsMarkTheMeasuredPeak()
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    widgets::MemoryBars* bars = m_window->memory()->bars();
    QVERIFY(bars->measuredMarkers().empty());
    const int itemsBefore = bars->plot()->itemCount();
    m_window->document()->editRecords({seedRecord()}, QStringLiteral("Add measured record"));
    const core::RecordComparison c = comparison();

    // The record measured the total and three categories: a line and a label each.
    const auto& markers = bars->measuredMarkers();
    QCOMPARE(markers.size(), std::size_t(4));
    QCOMPARE(bars->plot()->itemCount(), itemsBefore + 8);
    const auto total = std::find_if(markers.begin(), markers.end(),
                                    [](const auto& m) { return m.quantity == "peakMemory.total"; });
    QVERIFY(total != markers.end());
    QCOMPARE(total->bytes, 4.1e10);
    QVERIFY2(total->label.contains(QLatin1String("41 GB"))
                 && total->label.contains(qs(core::formatRecordDifference(*c.find("peakMemory.total")))),
             qPrintable(total->label));
    // The activations' line stands where their segment would end at the measured size: on the segments
    // stacked below them on the fullest GPU's bar.
    const core::MemoryReport& memory = *m_window->document()->snapshot().evaluation->memory;
    const core::RankRole& role = memory.roleOf(memory.peakRank);
    const double below = role.figure(core::MemoryCategory::Parameters).bytes
        + role.figure(core::MemoryCategory::Gradients).bytes
        + role.figure(core::MemoryCategory::Optimizer).bytes
        + role.figure(core::MemoryCategory::KvCache).bytes;
    const auto activations = std::find_if(
        markers.begin(), markers.end(), [](const auto& m) { return m.quantity == "peakMemory.activations"; });
    QVERIFY(activations != markers.end());
    QCOMPARE(activations->bytes, below + 2.4e10);
    QVERIFY(activations->label.startsWith(QLatin1String("Activations measured 24 GB")));
    // The axis reaches the highest marker.
    QVERIFY(bars->plot()->yAxis->range().upper * core::kGB > 4.1e10);

    m_window->document()->undoStack()->undo();
    QVERIFY(bars->measuredMarkers().empty());
    QCOMPARE(bars->plot()->itemCount(), itemsBefore);
}

void TestMeasuredViews::timelineMarksTheMeasuredStep()
{
    openSeedWithRecord(seedRecord());
    QVERIFY(m_window->showTab(QStringLiteral("timeline")));
    const core::Evaluation& e = *m_window->document()->snapshot().evaluation;
    const widgets::LaneChartModel* model = m_window->timeline()->pipelineChart()->model();
    QVERIFY(model);
    const std::vector<widgets::ChartMarker> markers = model->markers();
    QCOMPARE(markers.size(), std::size_t(2));
    QCOMPARE(markers[0].time, e.performance->stepSeconds);
    QCOMPARE(markers[1].time, 29.2);
    QVERIFY2(markers[1].label.contains(qs(core::formatRecordDifference(*comparison().find("stepSeconds")))),
             qPrintable(markers[1].label));
    // The chart reaches the measured step; the bubble is hatched only up to the pipeline's end.
    QCOMPARE(model->activeEnd(), e.schedule->timeline.makespan);
    QCOMPARE(model->endTime(), std::max({29.2, e.performance->stepSeconds, e.schedule->timeline.makespan}));
    QVERIFY(m_window->timeline()->summaryText().contains(QLatin1String("29.2 s measured")));

    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->timeline()->pipelineChart()->model()->markers().empty());
    QCOMPARE(m_window->timeline()->pipelineChart()->model()->endTime(), e.schedule->timeline.makespan);
}

void TestMeasuredViews::candidatesTableHasAMeasuredColumn()
{
    widgets::PerformancePanel* panel = m_window->performance();
    core::Design measured = *core::exampleDesign("seed-70b-32k-512gpu");
    measured.records.push_back(seedRecord());
    panel->pin(measured);
    panel->pin(*core::exampleDesign("seed-70b-32k-512gpu-alt"));
    QTableWidget* table = panel->candidatesTable();
    // The measured design, its record beside it, then the other candidate.
    QCOMPARE(table->columnCount(), 3);
    QVERIFY(table->horizontalHeaderItem(1)->text().endsWith(QStringLiteral("— measured")));
    const core::Evaluation e = core::evaluate(measured);
    const core::RecordComparison c = core::compareRecord(measured.records.front(), measured, e);
    QStringList rowNames;
    for (int row = 0; row < table->rowCount(); ++row)
        rowNames << table->verticalHeaderItem(row)->text();
    const int step = rowNames.indexOf(QStringLiteral("Step time"));
    const int bubble = rowNames.indexOf(QStringLiteral("Pipeline bubble"));
    QVERIFY(step >= 0 && bubble >= 0);
    QCOMPARE(table->item(step, 1)->text(),
             QStringLiteral("29.2 s, %1").arg(qs(core::formatRecordDifference(*c.find("stepSeconds")))));
    QCOMPARE(table->item(bubble, 1)->text(), QStringLiteral("—")); // a run measures no bubble
    QVERIFY(table->item(0, 1)->text().contains(QLatin1String("first 200 steps")));
    QVERIFY(!table->item(step, 2)->text().contains(QLatin1String("29.2 s")));
}

void TestMeasuredViews::recordsDialogWarnsOfAnotherBatch()
{
    core::MeasuredRecord record = seedRecord();
    record.globalBatch = 512;
    openSeedWithRecord(record);
    RecordsDialog dialog(m_window->document());
    const QString header = dialog.headerText();
    QVERIFY2(header.contains(QLatin1String("The run's global batch was 512, the design's is 256")),
             qPrintable(header));
    QVERIFY(header.contains(QLatin1String("meta-llama/Llama-3.1-70B")));
    QVERIFY(m_window->summary()->measuredText().contains(QLatin1String("global batch was 512")));
}

MESHWRIGHT_GUI_TEST_MAIN(TestMeasuredViews)
#include "tst_measuredviews.moc"
