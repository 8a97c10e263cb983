// SPDX-License-Identifier: GPL-3.0-or-later
// The command line's number formats (base/units.h): three significant digits, and shares in per cent with
// one decimal so that a column's figures line up.

#include "base/units.h"

#include <QTest>

using namespace core;

class TestUnits : public QObject
{
    Q_OBJECT

private slots:
    void numbers_data();
    void numbers();
    void percents_data();
    void percents();
};

void TestUnits::numbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("a third") << 1.0 / 3 << "0.333";
    QTest::newRow("a whole number") << 140.0 << "140";
    QTest::newRow("four digits") << 1120.4 << "1120";
    QTest::newRow("zero") << 0.0 << "0";
}

void TestUnits::numbers()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(formatNumber(value)), text);
}

void TestUnits::percents_data()
{
    QTest::addColumn<double>("share");
    QTest::addColumn<QString>("text");
    QTest::newRow("MFU") << 0.434 << "43.4 %";
    QTest::newRow("a whole share keeps its decimal") << 1.0 << "100.0 %";
    QTest::newRow("rounded half up") << 0.05996 << "6.0 %";
    QTest::newRow("nothing") << 0.0 << "0.0 %";
}

void TestUnits::percents()
{
    QFETCH(double, share);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(formatPercent(share)), text);
}

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
