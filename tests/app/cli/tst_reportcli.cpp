// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli report, run in-process: HTML on stdout or in a file, a PDF that is one, the figures of the
// views in both, and the usage errors of a file type it does not write.

#include "cli/cli.h"
#include "report/designreport.h"
#include "report/reportpdf.h"
#include "support/clirun.h"
#include "support/guitestmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>

namespace {
using Run = testing::CliRun;
using testing::runCli;

std::size_t count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const std::string kEmbeddedFigure = "<img src=\"data:image/png;base64,";
} // namespace

class TestReportCli : public QObject
{
    Q_OBJECT

private slots:
    void htmlOnStdout();
    void countsInEnglish_data();
    void countsInEnglish();
    void writesHtmlAndPdf_data();
    void writesHtmlAndPdf();
    void figuresOfEachView_data();
    void figuresOfEachView();
    void pdfCarriesTheFigures();
    void refusesOtherFileTypes();
    void designWithErrorsStillReports();

private:
    QTemporaryDir m_dir;
};

void TestReportCli::htmlOnStdout()
{
    const Run r = runCli({"report", "--example", "seed-70b-32k-512gpu"});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY(r.out.starts_with("<!DOCTYPE html>"));
    for (const char* id : core::kReportSections)
        QVERIFY2(r.out.find(std::string("id=\"") + id + "\"") != std::string::npos, id);
    QCOMPARE(count(r.out, kEmbeddedFigure), std::size_t(5));
}

// The command line loads no translation: its counts still take the English plural and digit grouping
// ("4096 node(s)" before).
void TestReportCli::countsInEnglish_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one node") << QStringList{QStringLiteral("--nodes"), QStringLiteral("1")}
                              << QStringLiteral("1 node, 8 GPUs");
    QTest::newRow("thousands") << QStringList{QStringLiteral("--nodes"), QStringLiteral("4096")}
                               << QStringLiteral("4,096 nodes, 32,768 GPUs");
}

void TestReportCli::countsInEnglish()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, expected);
    std::vector<std::string> args{"report"};
    for (const QString& f : flags)
        args.push_back(f.toStdString());
    const Run r = runCli(args);
    QVERIFY(r.exitCode != cli::kExitUsage); // one node cannot hold the model: a report all the same
    QVERIFY2(r.out.find(expected.toStdString()) != std::string::npos, qPrintable(expected));
    QVERIFY(r.out.find("(s)") == std::string::npos);
}

void TestReportCli::writesHtmlAndPdf_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("html") << QStringLiteral("report.html") << QByteArray("<!DOCTYPE html>");
    QTest::newRow("pdf") << QStringLiteral("report.pdf") << QByteArray("%PDF-");
}

void TestReportCli::writesHtmlAndPdf()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, magic);
    const QString path = m_dir.filePath(fileName);
    const Run r = runCli({"report", "--example", "default", "-o", path.toStdString()});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY2(r.err.empty(), r.err.c_str());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY(contents.startsWith(magic));
    QVERIFY(contents.size() > 2000);
}

void TestReportCli::refusesOtherFileTypes()
{
    const Run r = runCli(
        {"report", "--example", "default", "-o", m_dir.filePath(QStringLiteral("r.docx")).toStdString()});
    QCOMPARE(r.exitCode, cli::kExitUsage);
    QVERIFY(r.err.find(".pdf or .html") != std::string::npos);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("r.docx"))));
}

// One figure per view the design has (reportfigures.h): the cluster and the memory always, the cluster
// coloured by pipeline stage for a valid design with PP > 1, the pipeline step only for a valid training
// design, the scaling only for training with a performance estimate (which a design with errors has not).
void TestReportCli::figuresOfEachView_data()
{
    QTest::addColumn<QString>("args");
    QTest::addColumn<int>("figures");
    QTest::newRow("article 70B, training") << QStringLiteral("--example seed-70b-32k-512gpu") << 5;
    QTest::newRow("serving: no step, no scaling") << QStringLiteral("--example serving-70b-tp4x2") << 2;
    QTest::newRow("invalid: no step, no estimate to scale")
        << QStringLiteral("--example default --tp 3") << 2;
}

void TestReportCli::figuresOfEachView()
{
    QFETCH(QString, args);
    QFETCH(int, figures);
    const QString path = m_dir.filePath(QStringLiteral("figures.html"));
    std::vector<std::string> arguments{"report", "-o", path.toStdString()};
    for (const QString& arg : args.split(QLatin1Char(' ')))
        arguments.push_back(arg.toStdString());
    const Run r = runCli(arguments);
    QVERIFY2(r.err.empty(), r.err.c_str());
    const std::string html = readFile(path).toStdString();
    QCOMPARE(count(html, kEmbeddedFigure), std::size_t(figures));
    QCOMPARE(count(html, "width=\"600\""), std::size_t(figures));
}

// The PDF carries the figures as images: an image object per figure (two where a page break cuts it), and
// far more bytes than the same report's text and tables alone.
void TestReportCli::pdfCarriesTheFigures()
{
    const QString path = m_dir.filePath(QStringLiteral("figures.pdf"));
    const Run r = runCli({"report", "--example", "seed-70b-32k-512gpu", "-o", path.toStdString()});
    QCOMPARE(r.exitCode, cli::kExitOk);
    const QByteArray pdf = readFile(path);
    QVERIFY(pdf.startsWith("%PDF-"));
    // Five figures; one that a page break cuts is drawn on both pages, an image object each.
    const auto images = pdf.count("/Subtype /Image");
    const auto pages = pdf.count("/Type /Page\n");
    QVERIFY2(images >= 5 && images <= 5 + pages - 1,
             qPrintable(QStringLiteral("%1 images on %2 pages").arg(images).arg(pages)));
    const Run html = runCli({"report", "--example", "seed-70b-32k-512gpu"});
    const std::string::size_type figures = html.out.find("<h2 id=\"figures\"");
    QVERIFY(figures != std::string::npos);
    const QByteArray textOnly = report::reportPdf(QString::fromStdString(html.out.substr(0, figures)), {},
                                                  QStringLiteral("text only"));
    QVERIFY2(
        pdf.size() > 2 * textOnly.size(),
        qPrintable(QStringLiteral("%1 bytes with figures, %2 without").arg(pdf.size()).arg(textOnly.size())));
}

// The report of a broken design is still written (it lists the errors); the exit code says it is broken.
void TestReportCli::designWithErrorsStillReports()
{
    const Run r = runCli({"report", "--example", "default", "--tp", "3"});
    QCOMPARE(r.exitCode, cli::kExitDesignErrors);
    QVERIFY(r.out.find("tp-heads") != std::string::npos);
}

MESHWRIGHT_GUI_TEST_MAIN(TestReportCli)
#include "tst_reportcli.moc"
