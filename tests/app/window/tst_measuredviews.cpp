// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH

// Every view shows the measured value next to the prediction with the difference: the reference article's
// 70B design with its illustrative record (tests/data/record-seed-70b.json) in the main window, offscreen.
// The summary, the memory bars, the timeline and the candidates table each show the record's figures
// beside the prediction, with core's difference (recordcomparison.h); without a record none of it shows.
// The record they show is the one chosen in the records dialog (an undo step), else the newest; a new
// record is typed into a form with units, its problems named by field and nothing typed lost.

#include "design/designio.h"
#include "design/designsummary.h"
#include "dialogs/recordform.h"
#include "dialogs/recordsdialog.h"
#include "memory/memorybars.h"
#include "memory/memorypanel.h"
#include "performance/performancepanel.h"
#include "performance/recordcomparison.h"
#include "pipeline/steptimeline.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "support/testdesigns.h"
#include "timeline/lanechart.h"
#include "timeline/timelinepanel.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <qcustomplot.h>

using namespace app;

namespace {

core::MeasuredRecord seedRecord()
{
    return *core::loadRecord(testing::seedRecordText()).record;
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
    void recordTypedInTheForm_data();
    void recordTypedInTheForm();
    void badFormValueIsNamedAndKept_data();
    void badFormValueIsNamedAndKept();
    void recordPastedAsJson();
    void chosenRecordDrivesTheViews();

private:
    // The reference article's 70B design in the window, with the record added as the user would (one undo
    // step).
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

// Each quantity typed in the unit its field shows lands in the record in the file's unit.
void TestMeasuredViews::recordTypedInTheForm_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("stored");
    QTest::newRow("step time, s") << QStringLiteral("/throughput/stepSeconds") << QStringLiteral("29.2")
                                  << 29.2;
    QTest::newRow("MFU, %") << QStringLiteral("/throughput/mfu") << QStringLiteral("41.5") << 0.415;
    QTest::newRow("peak memory, GB") << QStringLiteral("/peakMemory/total") << QStringLiteral("41") << 4.1e10;
    QTest::newRow("activations, GB") << QStringLiteral("/peakMemory/activations") << QStringLiteral("24")
                                     << 2.4e10;
    QTest::newRow("time to first token, ms")
        << QStringLiteral("/latency/timeToFirstToken") << QStringLiteral("800") << 0.8;
    QTest::newRow("visible p2p, s per step")
        << QStringLiteral("/visibleCommunication/p2p") << QStringLiteral("0.7") << 0.7;
    QTest::newRow("input stalls") << QStringLiteral("/inputStallSeconds") << QStringLiteral("0.05") << 0.05;
    QTest::newRow("restarts") << QStringLiteral("/restarts") << QStringLiteral("2") << 2.0;
    QTest::newRow("parity difference")
        << QStringLiteral("/parity/difference") << QStringLiteral("-0.01") << -0.01;
}

void TestMeasuredViews::recordTypedInTheForm()
{
    QFETCH(QString, pointer);
    QFETCH(QString, typed);
    QFETCH(double, stored);
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    Document* document = m_window->document();
    RecordsDialog records(document);
    NewRecordDialog dialog(&records);
    RecordForm* form = dialog.form();
    // The form starts from the design's batch and measures nothing.
    QCOMPARE(form->field(QStringLiteral("/batch/globalBatch"))->text(),
             QLocale().toString(qlonglong(document->design().workload.globalBatch)));
    QVERIFY(form->field(QStringLiteral("/throughput/stepSeconds"))->text().isEmpty());
    QVERIFY(form->field(pointer));
    form->field(pointer)->setText(typed);
    form->field(QStringLiteral("/identity/runtime"))->setText(QStringLiteral("PyTorch 2.5.1"));
    dialog.submit();
    QVERIFY2(dialog.problemText().isEmpty(), qPrintable(dialog.problemText()));
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(document->design().records.size(), std::size_t(1));
    QCOMPARE(document->undoStack()->count(), 1);
    const core::MeasuredRecord& record = document->design().records.front();
    QCOMPARE(record.identity.runtime, std::string("PyTorch 2.5.1"));
    QVERIFY(record.globalBatch == std::optional<std::int64_t>(document->design().workload.globalBatch));
    const core::Json json = core::recordToJson(record);
    QCOMPARE(json.at(core::Json::json_pointer(pointer.toStdString())).get<double>(), stored);
    // Nothing else was measured.
    QCOMPARE(json.contains("throughput"), pointer.startsWith(QLatin1String("/throughput")));
    QCOMPARE(json.contains("peakMemory"), pointer.startsWith(QLatin1String("/peakMemory")));
}

void TestMeasuredViews::badFormValueIsNamedAndKept_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a number") << QStringLiteral("/throughput/stepSeconds") << QStringLiteral("fast")
                                  << QStringLiteral("Step time: “fast” is not a number.");
    QTest::newRow("a fraction of a batch") << QStringLiteral("/batch/globalBatch") << QStringLiteral("12.5")
                                           << QStringLiteral("Global batch: “12.5” is not a whole number.");
    // Ranges are core's, as for a file, named by the field and given in the unit it shows (core checks the
    // MFU as a fraction of 1; the form takes percent).
    QTest::newRow("MFU above 100 %") << QStringLiteral("/throughput/mfu") << QStringLiteral("410")
                                     << QStringLiteral("MFU must be between 0 and 100 %; it is 410 %.");
    QTest::newRow("negative checkpoint time")
        << QStringLiteral("/checkpointSeconds") << QStringLiteral("-3")
        << QStringLiteral("Checkpoint time must be between 0 and 10,000,000 s per checkpoint; it is -3 s per "
                          "checkpoint.");
}

void TestMeasuredViews::badFormValueIsNamedAndKept()
{
    QFETCH(QString, pointer);
    QFETCH(QString, typed);
    QFETCH(QString, message);
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    Document* document = m_window->document();
    RecordsDialog records(document);
    NewRecordDialog dialog(&records);
    RecordForm* form = dialog.form();
    form->field(QStringLiteral("/peakMemory/total"))->setText(QStringLiteral("41"));
    form->field(pointer)->setText(typed);
    dialog.submit();
    QVERIFY2(dialog.problemText().startsWith(message), qPrintable(dialog.problemText()));
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY(document->design().records.empty());
    QCOMPARE(document->undoStack()->count(), 0);
    // Everything typed is still there, to be corrected.
    QCOMPARE(form->field(pointer)->text(), typed);
    QCOMPARE(form->field(QStringLiteral("/peakMemory/total"))->text(), QStringLiteral("41"));
    // Corrected, it goes in.
    form->field(pointer)->clear();
    dialog.submit();
    QVERIFY2(dialog.problemText().isEmpty(), qPrintable(dialog.problemText()));
    QCOMPARE(document->design().records.size(), std::size_t(1));
    QCOMPARE(*document->design().records.front().peakMemoryBytes, 4.1e10);
}

// The second way in: the record document pasted as JSON.
void TestMeasuredViews::recordPastedAsJson()
{
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    Document* document = m_window->document();
    RecordsDialog records(document);
    NewRecordDialog dialog(&records);
    dialog.ways()->setCurrentIndex(1);
    dialog.jsonEditor()->setPlainText(QString::fromStdString(testing::seedRecordText())
                                          .replace(QStringLiteral("29.2"), QStringLiteral("\"slow\"")));
    dialog.submit();
    QVERIFY2(dialog.problemText().contains(QLatin1String("/throughput/stepSeconds")),
             qPrintable(dialog.problemText()));
    QVERIFY(document->design().records.empty());
    QVERIFY(dialog.jsonEditor()->toPlainText().contains(QLatin1String("\"slow\"")));
    dialog.jsonEditor()->setPlainText(
        dialog.jsonEditor()->toPlainText().replace(QStringLiteral("\"slow\""), QStringLiteral("29.2")));
    dialog.submit();
    QCOMPARE(document->design().records.size(), std::size_t(1));
    QVERIFY(document->design().records.front() == seedRecord());
}

// An older record chosen in the records dialog is what the summary and the memory bars set beside the
// prediction; the choice is one undo step, and removing records keeps it on the same record.
void TestMeasuredViews::chosenRecordDrivesTheViews()
{
    core::MeasuredRecord older = seedRecord();
    older.name = "earlier run";
    older.date = "2026-10-01";
    older.stepSeconds = 31.5;
    older.peakMemoryBytes = 5.2e10;
    m_window->setDesign(*core::exampleDesign("seed-70b-32k-512gpu"));
    Document* document = m_window->document();
    document->editRecords({older, seedRecord()}, QStringLiteral("Add measured records"));
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    widgets::MemoryBars* bars = m_window->memory()->bars();
    auto measuredPeak = [bars] {
        for (const auto& marker : bars->measuredMarkers())
            if (marker.quantity == "peakMemory.total")
                return marker.bytes;
        return 0.0;
    };
    // Without a choice: the newest.
    QCOMPARE(measuredPeak(), 4.1e10);
    QVERIFY(m_window->summary()->measuredText().contains(QLatin1String("29.2 s measured")));

    RecordsDialog dialog(document);
    QComboBox* chooser = dialog.comparedChooser();
    QCOMPARE(chooser->count(), 3);
    QCOMPARE(chooser->currentIndex(), 0);
    QCOMPARE(chooser->itemText(1), QStringLiteral("earlier run (2026-10-01)"));
    chooser->setCurrentIndex(1);
    emit chooser->activated(1);
    QVERIFY(document->design().comparedRecord == std::optional<int>(0));
    QCOMPARE(measuredPeak(), 5.2e10);
    const QString summary = m_window->summary()->measuredText();
    QVERIFY2(summary.contains(QLatin1String("earlier run (2026-10-01)")), qPrintable(summary));
    QVERIFY(summary.contains(QLatin1String("31.5 s measured")));
    QVERIFY(!summary.contains(QLatin1String("29.2 s")));
    QCOMPARE(document->undoStack()->count(), 2);
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Compare with record earlier run"));

    document->undoStack()->undo();
    QVERIFY(!document->design().comparedRecord);
    QCOMPARE(measuredPeak(), 4.1e10);
    QCOMPARE(chooser->currentIndex(), 0);
    document->undoStack()->redo();
    QCOMPARE(measuredPeak(), 5.2e10);
    QCOMPARE(chooser->currentIndex(), 1);

    // Removing the newer record keeps the views on the chosen one; removing the chosen one leaves the
    // newest of the rest.
    dialog.recordChooser()->setCurrentIndex(1);
    dialog.removeShownRecord();
    QVERIFY(document->design().comparedRecord == std::optional<int>(0));
    QCOMPARE(measuredPeak(), 5.2e10);
    document->undoStack()->undo();
    dialog.recordChooser()->setCurrentIndex(0);
    dialog.removeShownRecord();
    QVERIFY(!document->design().comparedRecord);
    QCOMPARE(measuredPeak(), 4.1e10);
}

MESHWRIGHT_GUI_TEST_MAIN(TestMeasuredViews)
#include "tst_measuredviews.moc"
