// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Export, offscreen: every view exports to PNG, SVG and PDF at the chosen size, the launch
// configuration dialog shows core's text for each framework and saves it, and the design report carries
// every section and the figures of the views, the same as the command line's.

#include "report/designreport.h"
#include "window/exportmenu.h"
#include "window/figureexport.h"
#include "support/guitestmain.h"
#include "window/language.h"
#include "dialogs/launchconfigdialog.h"
#include "window/mainwindow.h"
#include "support/mainwindowundertest.h"
#include "performance/performancepanel.h"
#include "dialogs/recordsdialog.h"
#include "report/reportwriter.h"

#include <QComboBox>
#include <QFile>
#include <QImageReader>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace app;

Q_DECLARE_METATYPE(core::LaunchTarget)

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void exportMenuIsInTheFileMenu();
    void everyViewInEveryFormat_data();
    void everyViewInEveryFormat();
    void plotsStayVector_data();
    void plotsStayVector();
    void otherSuffixIsRefused();
    void launchDialogShowsCoresText_data();
    void launchDialogShowsCoresText();
    void launchDialogSavesAndCopies();
    void reportHasSectionsAndFigures_data();
    void reportHasSectionsAndFigures();
    void reportIsTheSharedOne();
    void recordImportIsOneUndoStep();
    void brokenRecordLeavesTheDesignAlone();
    void recordTypedInTheApplication();

private:
    ExportMenu* menu() const { return m_window->findChild<ExportMenu*>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestExport::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1400, 900));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestExport::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestExport::exportMenuIsInTheFileMenu()
{
    QVERIFY(menu());
    QCOMPARE(menu()->title(), QStringLiteral("E&xport"));
    QCOMPARE(menu()->actions().size(), 5); // four actions and a separator before the records
}

void TestExport::everyViewInEveryFormat_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("magic");
    for (const char* tab : {"ranks", "memory", "collectives", "timeline", "performance"}) {
        QTest::addRow("%s png", tab) << tab << "png" << QByteArray("\x89PNG");
        QTest::addRow("%s svg", tab) << tab << "svg" << QByteArray("<?xml");
        QTest::addRow("%s pdf", tab) << tab << "pdf" << QByteArray("%PDF-");
    }
}

void TestExport::everyViewInEveryFormat()
{
    QFETCH(QString, tab);
    QFETCH(QString, suffix);
    QFETCH(QByteArray, magic);
    QVERIFY(m_window->showTab(tab));
    const QString path = m_dir.filePath(tab + QLatin1Char('.') + suffix);
    const QSize size(1200, 700);
    QString error;
    QVERIFY2(menu()->exportCurrentView(path, size, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY(contents.startsWith(magic));
    QVERIFY(contents.size() > 1000);
    if (suffix == QLatin1String("png")) {
        QImageReader reader(path);
        QCOMPARE(reader.size(), size); // the chosen size, not the view's
    }
    if (suffix == QLatin1String("svg"))
        QVERIFY(contents.contains("viewBox=\"0 0 1200 700\""));
}

void TestExport::plotsStayVector_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<int>("page"); // of the Performance tab: the scaling plot
    QTest::newRow("memory bars") << "memory" << -1;
    QTest::newRow("scaling plot") << "performance" << 2;
}

// QCustomPlot paints pixel buffers; an SVG of a tab must carry its plots as paths and text instead: no
// embedded image at all, and the plot's axis label as text.
void TestExport::plotsStayVector()
{
    QFETCH(QString, tab);
    QFETCH(int, page);
    QVERIFY(m_window->showTab(tab));
    if (page >= 0)
        m_window->performance()->pages()->setCurrentIndex(page);
    QCoreApplication::processEvents();
    const QString path = m_dir.filePath(tab + QStringLiteral("-vector.svg"));
    QString error;
    QVERIFY2(menu()->exportCurrentView(path, QSize(1200, 700), &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    // The style's cached pixmaps of small controls may stay images; nothing of a plot's size may.
    static const QRegularExpression image(QStringLiteral("<image[^>]* width=\"(\\d+)\" height=\"(\\d+)\""));
    for (const QRegularExpressionMatch& match : image.globalMatch(QString::fromUtf8(svg))) {
        const int width = match.captured(1).toInt();
        const int height = match.captured(2).toInt();
        QVERIFY2(width * height < 100 * 100, qPrintable(match.captured(0)));
    }
    QVERIFY(svg.count("<polyline") > 40);
    const QByteArray axisLabel = tab == QLatin1String("memory") ? "GB per GPU" : "tokens per second, log scale";
    QVERIFY2(svg.contains(axisLabel), axisLabel.constData());
}

void TestExport::otherSuffixIsRefused()
{
    QString error;
    QVERIFY(!menu()->exportCurrentView(m_dir.filePath(QStringLiteral("x.bmp")), QSize(100, 100), &error));
    QVERIFY(error.contains(QLatin1String(".svg")));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.bmp"))));
}

void TestExport::launchDialogShowsCoresText_data()
{
    QTest::addColumn<core::LaunchTarget>("target");
    for (core::LaunchTarget target : core::enumValues<core::LaunchTarget>())
        QTest::newRow(std::string(core::enumName(target)).c_str()) << target;
}

void TestExport::launchDialogShowsCoresText()
{
    QFETCH(core::LaunchTarget, target);
    const widgets::DesignSnapshot snapshot = m_window->document()->snapshot();
    LaunchConfigDialog dialog(snapshot);
    dialog.setTarget(target);
    const core::LaunchConfig expected = core::launchConfig(*snapshot.design, *snapshot.evaluation, target);
    QCOMPARE(dialog.text(), QString::fromStdString(expected.text));
    // The default design (TP 8, PP 2) cannot go to Accelerate or the serving tools: a message, no text.
    QCOMPARE(dialog.text().isEmpty(), !expected.ok());
    QVERIFY(!dialog.notesText().isEmpty());
    if (!expected.ok())
        QVERIFY(dialog.notesText().startsWith(QLatin1String("Error: ")));
}

void TestExport::launchDialogSavesAndCopies()
{
    LaunchConfigDialog dialog(m_window->document()->snapshot());
    QCOMPARE(dialog.target(), core::LaunchTarget::Megatron); // a training design opens on Megatron-LM
    const QString path = m_dir.filePath(QStringLiteral("megatron-args.sh"));
    QString error;
    QVERIFY2(dialog.saveTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), dialog.text());
    QVERIFY(dialog.text().contains(QLatin1String("--tensor-model-parallel-size 8")));
    dialog.copyToClipboard();
}

void TestExport::reportHasSectionsAndFigures_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("html") << "report.html";
    QTest::newRow("pdf") << "report.pdf";
}

void TestExport::reportHasSectionsAndFigures()
{
    QFETCH(QString, fileName);
    const QString path = m_dir.filePath(fileName);
    QString error;
    QVERIFY2(menu()->writeReport(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    if (fileName.endsWith(QLatin1String(".pdf"))) {
        QVERIFY(contents.startsWith("%PDF-"));
        // The five figures are in it: far larger than the tables alone (about 40 kB).
        QVERIFY(contents.size() > 100000);
        return;
    }
    for (const char* id : core::kReportSections)
        QVERIFY2(contents.contains(QByteArray("<h2 id=\"") + id + '"'), id);
    // The default design trains with a pipeline: the cluster by TP and by PP stage, the memory, the step
    // and the scaling.
    QCOMPARE(contents.count("<img src=\"data:image/png;base64,"), 5);
}

// File ▸ Export ▸ Design Report… writes what report::designReportHtml (the command line's) makes of the
// same design and candidates, figures included: one code path, whatever tab is shown.
void TestExport::reportIsTheSharedOne()
{
    m_window->performance()->pinCurrent();
    QVERIFY(m_window->showTab(QStringLiteral("collectives")));
    const QString path = m_dir.filePath(QStringLiteral("shared.html"));
    QString error;
    QVERIFY2(menu()->writeReport(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(file.readAll());
    const QString shared
        = report::designReportHtml(m_window->document()->snapshot(), m_window->performance()->candidates());
    QVERIFY(written.contains(QLatin1String("id=\"candidates\"")));
    QCOMPARE(written.size(), shared.size());
    QVERIFY(written == shared);
    QCOMPARE(m_window->views()->currentWidget()->objectName(), QStringLiteral("collectives"));
}

// A record file joins the design as one undo step, and the table sets it beside the prediction.
void TestExport::recordImportIsOneUndoStep()
{
    m_window->openFile(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/examples/seed-70b-32k-512gpu.json"));
    Document* document = m_window->document();
    RecordsDialog dialog(document);
    QCOMPARE(dialog.table()->rowCount(), 0);
    QString error;
    QVERIFY2(
        dialog.importRecord(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/record-seed-70b.json"), &error),
        qPrintable(error));
    QCOMPARE(document->design().records.size(), std::size_t(1));
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(document->isModified());
    QCOMPARE(dialog.recordChooser()->count(), 1);
    bool stepRow = false;
    for (int row = 0; row < dialog.table()->rowCount(); ++row) {
        if (dialog.table()->item(row, 0)->text() != QLatin1String("Step time"))
            continue;
        stepRow = true;
        QCOMPARE(dialog.table()->item(row, 2)->text(), QStringLiteral("29.2 s"));
        QVERIFY(dialog.table()->item(row, 3)->text().startsWith(QLatin1Char('+')));
    }
    QVERIFY(stepRow);
    document->undoStack()->undo();
    QVERIFY(document->design().records.empty());
    QCOMPARE(dialog.table()->rowCount(), 0);
    document->undoStack()->redo();
    dialog.removeShownRecord();
    QVERIFY(document->design().records.empty());
    QCOMPARE(document->undoStack()->count(), 2);
}

void TestExport::brokenRecordLeavesTheDesignAlone()
{
    Document* document = m_window->document();
    RecordsDialog dialog(document);
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "meshwright.record", "version": 1, "throughput": {"mfu": 41}})");
    file.close();
    QString error;
    QVERIFY(!dialog.importRecord(path, &error));
    QVERIFY(error.contains(QLatin1String("mfu")));
    QVERIFY(document->design().records.empty());
    QCOMPARE(document->undoStack()->count(), 0);
}

// "Entered in the GUI": the template carries the design's batch and no measurement; a typed value joins
// the design, a wrong one is named by its field.
void TestExport::recordTypedInTheApplication()
{
    Document* document = m_window->document();
    RecordsDialog dialog(document);
    const QString templateText = dialog.newRecordTemplate();
    const core::RecordLoadResult blank = core::loadRecord(templateText.toStdString());
    QVERIFY(blank.record.has_value());
    QCOMPARE(*blank.record->globalBatch, document->design().workload.globalBatch);
    QVERIFY(!blank.record->stepSeconds && !blank.record->mfu && !blank.record->peakMemoryBytes);

    QString typed = templateText;
    typed.replace(QStringLiteral("\"throughput\": {}"), QStringLiteral("\"throughput\": {\"mfu\": 4.1}"));
    QString error;
    QVERIFY(!dialog.addRecordFromText(typed, &error));
    QVERIFY2(error.contains(QLatin1String("/throughput/mfu")), qPrintable(error));
    QVERIFY(document->design().records.empty());

    typed.replace(QStringLiteral("4.1"), QStringLiteral("0.41"));
    QVERIFY2(dialog.addRecordFromText(typed, &error), qPrintable(error));
    QCOMPARE(document->design().records.size(), std::size_t(1));
    QCOMPARE(*document->design().records.front().mfu, 0.41);
}

MESHWRIGHT_GUI_TEST_MAIN(TestExport)
#include "tst_export.moc"
