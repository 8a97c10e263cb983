// SPDX-License-Identifier: GPL-3.0-or-later
// The one-pass fill of a translated core template (widgets/common/filltext.h), which the diagnostics and
// the search's reasons share.

#include "common/filltext.h"

#include <QTest>

using widgets::fillArguments;
using widgets::localizedNumberText;

class TestFillText : public QObject
{
    Q_OBJECT

private slots:
    void fills_data();
    void fills();
    void formatsEachArgument();
    void localizesNumbers_data();
    void localizesNumbers();
};

void TestFillText::fills_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("in order") << QStringLiteral("TP %1 on %2 GPUs")
                              << QStringList{QStringLiteral("8"), QStringLiteral("64")}
                              << QStringLiteral("TP 8 on 64 GPUs");
    QTest::newRow("reordered by a translation")
        << QStringLiteral("%2 GPUs, TP %1") << QStringList{QStringLiteral("8"), QStringLiteral("64")}
        << QStringLiteral("64 GPUs, TP 8");
    // QString::arg would substitute "%2" inside the first argument a second time.
    QTest::newRow("an argument holding a marker")
        << QStringLiteral("%1 and %2") << QStringList{QStringLiteral("%2"), QStringLiteral("x")}
        << QStringLiteral("%2 and x");
    QTest::newRow("a marker without an argument stays")
        << QStringLiteral("%1 of %3") << QStringList{QStringLiteral("a")} << QStringLiteral("a of %3");
    QTest::newRow("a percent sign that is no marker")
        << QStringLiteral("100% at %1") << QStringList{QStringLiteral("8")} << QStringLiteral("100% at 8");
    QTest::newRow("%0 is no marker") << QStringLiteral("%0 %1") << QStringList{QStringLiteral("x")}
                                     << QStringLiteral("%0 x");
    QTest::newRow("a trailing percent sign")
        << QStringLiteral("%1 %") << QStringList{QStringLiteral("x")} << QStringLiteral("x %");
    QTest::newRow("the ninth argument")
        << QStringLiteral("%9")
        << QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                       QStringLiteral("4"), QStringLiteral("5"), QStringLiteral("6"),
                       QStringLiteral("7"), QStringLiteral("8"), QStringLiteral("nine")}
        << QStringLiteral("nine");
}

void TestFillText::fills()
{
    QFETCH(QString, text);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    std::vector<std::string> strings;
    for (const QString& a : args)
        strings.push_back(a.toStdString());
    QCOMPARE(fillArguments(text, strings, [](const std::string& s) { return QString::fromStdString(s); }),
             expected);
}

void TestFillText::formatsEachArgument()
{
    const QString out = fillArguments(QStringLiteral("%1 × %2"), {"a", "b"}, [](const std::string& s) {
        return QString::fromStdString(s).toUpper();
    });
    QCOMPARE(out, QStringLiteral("A × B"));
}

// The core writes numbers in English digits; a German view shows them in German ones, the rest as it is.
void TestFillText::localizesNumbers_data()
{
    QTest::addColumn<QString>("arg");
    QTest::addColumn<QString>("german");
    QTest::newRow("a decimal with its unit") << QStringLiteral("1.3 GB") << QStringLiteral("1,3 GB");
    QTest::newRow("a grouped count") << QStringLiteral("1,024") << QStringLiteral("1.024");
    QTest::newRow("grouped with decimals") << QStringLiteral("12,345.67") << QStringLiteral("12.345,67");
    QTest::newRow("an ungrouped rank stays ungrouped") << QStringLiteral("2048") << QStringLiteral("2048");
    QTest::newRow("negative") << QStringLiteral("-0.5") << QStringLiteral("-0,5");
    QTest::newRow("a percentage") << QStringLiteral("12.5 %") << QStringLiteral("12,5 %");
    QTest::newRow("a name with digits") << QStringLiteral("llama-3.1-8b") << QStringLiteral("llama-3.1-8b");
    QTest::newRow("a version after a word")
        << QStringLiteral("DeepSpeed 0.16") << QStringLiteral("DeepSpeed 0.16");
    QTest::newRow("a list") << QStringLiteral("20,20,40") << QStringLiteral("20,20,40");
    QTest::newRow("a path") << QStringLiteral("/layout/tp") << QStringLiteral("/layout/tp");
    QTest::newRow("empty") << QString() << QString();
}

void TestFillText::localizesNumbers()
{
    QFETCH(QString, arg);
    QFETCH(QString, german);
    QCOMPARE(localizedNumberText(arg, QLocale(QLocale::German, QLocale::Germany)), german);
    // English keeps what the core wrote.
    QCOMPARE(localizedNumberText(arg, QLocale(QLocale::English, QLocale::UnitedStates)), arg);
}

QTEST_GUILESS_MAIN(TestFillText)
#include "tst_filltext.moc"
