// SPDX-License-Identifier: GPL-3.0-or-later
// The design report in the chosen language: under German, every built-in example's report (the HTML that
// File ▸ Export ▸ Design Report… and the PDF are made of) has no English sentence left and writes its
// numbers with the German decimal comma. What the user wrote (names, descriptions, the identity of a
// measured run) stays as written and is left out of the check.

#include "design/designio.h"
#include "evaluate.h"
#include "launch/launchconfig.h"
#include "report/reportwriter.h"
#include "support/guitestmain.h"
#include "support/snapshots.h"
#include "window/language.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

class TestReportLanguage : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();
    void germanHasNoEnglishLeft_data();
    void germanHasNoEnglishLeft();
    void englishStaysEnglish();

private:
    app::Language m_language;
};

void TestReportLanguage::cleanup()
{
    m_language.choose(QStringLiteral("en"));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

namespace {

// Words of English sentences, headings and table headers that German never uses. Words German shares with
// English in this domain (Training, Pipeline, Bubble, Schedule, Stage, Tokens, Layout, Design, Code, Cluster)
// are not among them.
const QSet<QString>& englishWords()
{
    static const QSet<QString> words{
        QStringLiteral("the"),        QStringLiteral("of"),        QStringLiteral("and"),
        QStringLiteral("is"),         QStringLiteral("are"),       QStringLiteral("every"),
        QStringLiteral("with"),       QStringLiteral("which"),     QStringLiteral("from"),
        QStringLiteral("for"),        QStringLiteral("not"),       QStringLiteral("none"),
        QStringLiteral("yes"),        QStringLiteral("its"),       QStringLiteral("this"),
        QStringLiteral("that"),       QStringLiteral("can"),       QStringLiteral("cannot"),
        QStringLiteral("does"),       QStringLiteral("fits"),      QStringLiteral("fit"),
        QStringLiteral("per"),        QStringLiteral("step"),      QStringLiteral("time"),
        QStringLiteral("memory"),     QStringLiteral("written"),   QStringLiteral("by"),
        QStringLiteral("or"),         QStringLiteral("on"),        QStringLiteral("off"),
        QStringLiteral("no"),         QStringLiteral("into"),      QStringLiteral("sequences"),
        QStringLiteral("parameters"), QStringLiteral("active"),    QStringLiteral("service"),
        QStringLiteral("order"),      QStringLiteral("valid"),     QStringLiteral("errors"),
        QStringLiteral("severity"),   QStringLiteral("field"),     QStringLiteral("message"),
        QStringLiteral("layers"),     QStringLiteral("total"),     QStringLiteral("capacity"),
        QStringLiteral("peak"),       QStringLiteral("second"),    QStringLiteral("latency"),
        QStringLiteral("first"),      QStringLiteral("request"),   QStringLiteral("replica"),
        QStringLiteral("bound"),      QStringLiteral("exposed"),   QStringLiteral("candidates"),
        QStringLiteral("side"),       QStringLiteral("degrees"),   QStringLiteral("records"),
        QStringLiteral("measured"),   QStringLiteral("predicted"), QStringLiteral("difference"),
        QStringLiteral("quantity"),   QStringLiteral("launch"),    QStringLiteral("configurations"),
        QStringLiteral("result"),     QStringLiteral("notes"),     QStringLiteral("complete"),
        QStringLiteral("drawn"),      QStringLiteral("report"),    QStringLiteral("summary"),
        QStringLiteral("verdict"),    QStringLiteral("figures"),   QStringLiteral("yet"),
        QStringLiteral("here"),       QStringLiteral("pinned"),    QStringLiteral("topology"),
        QStringLiteral("runtime"),    QStringLiteral("warning"),   QStringLiteral("untitled"),
        QStringLiteral("unnamed"),    QStringLiteral("params"),    QStringLiteral("grads"),
        QStringLiteral("activ"),      QStringLiteral("overlap"),   QStringLiteral("virtual"),
        QStringLiteral("cache"),      QStringLiteral("at")};
    return words;
}

// The report's text as a reader sees it: without the head, the images' data, the tags and the entities,
// and without what the user wrote.
QString readableText(QString html, const core::Design& design, const core::Evaluation& evaluation)
{
    html.remove(QRegularExpression(QStringLiteral("<head>.*</head>"),
                                   QRegularExpression::DotMatchesEverythingOption));
    html.remove(QRegularExpression(QStringLiteral("<img[^>]*>")));
    html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "))
        .replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    QStringList written{QString::fromStdString(design.name), QString::fromStdString(design.description),
                        QString::fromStdString(design.model.name)};
    for (const std::string& feature : design.model.notModelled) // the preset's words, as the file has them
        written << QString::fromStdString(feature);
    for (core::LaunchTarget target : core::enumValues<core::LaunchTarget>()) // "0.16", a version, not 0,16
        written << QString::fromStdString(core::launchConfig(design, evaluation, target).toolVersion);
    for (const core::MeasuredRecord& record : design.records)
        for (const std::string* text : {&record.name, &record.identity.model, &record.identity.code,
                                        &record.identity.runtime, &record.identity.topology})
            written << QString::fromStdString(*text);
    for (const QString& text : written)
        if (!text.isEmpty())
            html.remove(text);
    return html;
}

// The words of `text` in `words`, with where they stand; hyphenated and underscored identifiers
// (diagnostic codes, framework switches) are one word and never match.
QStringList wordsAmong(const QString& text, const QSet<QString>& words)
{
    QStringList found;
    static const QRegularExpression word(QStringLiteral("[\\w\\-]+"));
    for (auto match = word.globalMatch(text); match.hasNext();) {
        const QRegularExpressionMatch m = match.next();
        if (words.contains(m.captured(0).toLower()))
            found << QStringLiteral("\"%1\" in …%2…")
                         .arg(m.captured(0),
                              text.mid(std::max<qsizetype>(0, m.capturedStart() - 40), 90).simplified());
    }
    return found;
}

} // namespace

void TestReportLanguage::germanHasNoEnglishLeft_data()
{
    QTest::addColumn<QString>("example");
    for (const core::ExampleDesign& example : core::Catalog::builtin().examples())
        QTest::newRow(example.id.c_str()) << QString::fromStdString(example.id);
}

void TestReportLanguage::germanHasNoEnglishLeft()
{
    QFETCH(QString, example);
    const std::optional<core::Design> design = core::exampleDesign(example.toStdString());
    QVERIFY(design);
    m_language.choose(QStringLiteral("de"));
    const widgets::DesignSnapshot snapshot = testing::snapshotOf(*design);
    const QString text = readableText(report::designReportHtml(snapshot), *design, *snapshot.evaluation);
    const QStringList english = wordsAmong(text, englishWords());
    for (const QString& line : english)
        qWarning("%s", qPrintable(line));
    QVERIFY2(english.isEmpty(),
             qPrintable(QStringLiteral("%1 English words (listed above)").arg(english.size())));
    // German decimals: "2,41 GB", never "2.41 GB" (a dot before one or two digits is an English decimal
    // point; German groups thousands in threes).
    static const QRegularExpression englishDecimal(QStringLiteral("\\d\\.\\d{1,2}(?!\\d)"));
    const QRegularExpressionMatch decimal = englishDecimal.match(text);
    QVERIFY2(!decimal.hasMatch(),
             qPrintable(text.mid(std::max<qsizetype>(0, decimal.capturedStart() - 40), 90).simplified()));
    QVERIFY(text.contains(QStringLiteral("Zusammenfassung")));
}

// In English the report is the core's English: the check above is not met by an empty report.
void TestReportLanguage::englishStaysEnglish()
{
    const core::Design design = *core::exampleDesign("default");
    m_language.choose(QStringLiteral("en"));
    const widgets::DesignSnapshot snapshot = testing::snapshotOf(design);
    const QString text = readableText(report::designReportHtml(snapshot), design, *snapshot.evaluation);
    QVERIFY(text.contains(QStringLiteral("Design summary")));
    QVERIFY(wordsAmong(text, englishWords()).size() > 20);
}

MESHWRIGHT_GUI_TEST_MAIN(TestReportLanguage)
#include "tst_reportlanguage.moc"
