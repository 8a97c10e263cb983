// meshwright-cli report, run in-process: HTML on stdout or in a file, a PDF that is one, and the usage
// errors of a file type it does not write.

#include "cli.h"
#include "designreport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>

namespace {
struct Run
{
    int exitCode;
    std::string out;
    std::string err;
};

Run run(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}
} // namespace

class TestReportCli : public QObject
{
    Q_OBJECT

private slots:
    void htmlOnStdout();
    void writesHtmlAndPdf_data();
    void writesHtmlAndPdf();
    void refusesOtherFileTypes();
    void designWithErrorsStillReports();

private:
    QTemporaryDir m_dir;
};

void TestReportCli::htmlOnStdout()
{
    const Run r = run({"report", "--example", "seed-70b-32k-512gpu"});
    QCOMPARE(r.exitCode, cli::kExitOk);
    QVERIFY(r.out.starts_with("<!DOCTYPE html>"));
    for (const char* id : core::kReportSections)
        QVERIFY2(r.out.find(std::string("id=\"") + id + "\"") != std::string::npos, id);
}

void TestReportCli::writesHtmlAndPdf_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("html") << "report.html" << QByteArray("<!DOCTYPE html>");
    QTest::newRow("pdf") << "report.pdf" << QByteArray("%PDF-");
}

void TestReportCli::writesHtmlAndPdf()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, magic);
    const QString path = m_dir.filePath(fileName);
    const Run r = run({"report", "--example", "default", "-o", path.toStdString()});
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
    const Run r = run(
        {"report", "--example", "default", "-o", m_dir.filePath(QStringLiteral("r.docx")).toStdString()});
    QCOMPARE(r.exitCode, cli::kExitUsage);
    QVERIFY(r.err.find(".pdf or .html") != std::string::npos);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("r.docx"))));
}

// The report of a broken design is still written (it lists the errors); the exit code says it is broken.
void TestReportCli::designWithErrorsStillReports()
{
    const Run r = run({"report", "--example", "default", "--tp", "3"});
    QCOMPARE(r.exitCode, cli::kExitDesignErrors);
    QVERIFY(r.out.find("tp-heads") != std::string::npos);
}

QTEST_MAIN(TestReportCli)
#include "tst_reportcli.moc"
