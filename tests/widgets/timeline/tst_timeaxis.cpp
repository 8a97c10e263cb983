// SPDX-License-Identifier: GPL-3.0-or-later
// Time ↔ pixel, zoom and pan of the timeline, without a window (after KDAB hotspot's TimeLineData).

#include "timeline/timeaxis.h"

#include <QTest>
#include <cmath>

using widgets::TimeAxis;

namespace {

// 0 … 10 s on 1,000 pixels starting at x = 100: 100 pixels per second.
TimeAxis tenSeconds()
{
    TimeAxis axis;
    axis.setData(0, 10);
    axis.setPixels(100, 1000);
    return axis;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

} // namespace

class TestTimeAxis : public QObject
{
    Q_OBJECT

private slots:
    void mapping_data();
    void mapping();
    void zoomKeepsTheAnchor_data();
    void zoomKeepsTheAnchor();
    void zoomStopsAtTheLimits();
    void panStopsAtTheEnds();
    void setView();
    void badData();
    void ticks_data();
    void ticks();
    void units_data();
    void units();
};

void TestTimeAxis::mapping_data()
{
    QTest::addColumn<double>("time");
    QTest::addColumn<double>("pixel");
    QTest::newRow("start at the left edge") << 0.0 << 100.0;
    QTest::newRow("middle") << 5.0 << 600.0;
    QTest::newRow("end at the right edge") << 10.0 << 1100.0;
    QTest::newRow("outside: extrapolated") << -1.0 << 0.0;
}

void TestTimeAxis::mapping()
{
    QFETCH(double, time);
    QFETCH(double, pixel);
    const TimeAxis axis = tenSeconds();
    QCOMPARE(axis.toPixel(time), pixel);
    QCOMPARE(axis.toTime(pixel), time);
    QCOMPARE(axis.secondsPerPixel(), 0.01);
}

void TestTimeAxis::zoomKeepsTheAnchor_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("anchor");
    QTest::addColumn<double>("viewStart");
    QTest::addColumn<double>("viewEnd");
    // At x = 600 (5 s), twice in: 5 s stays at the middle, the view spans 5 s.
    QTest::newRow("2× at the middle") << 2.0 << 600.0 << 2.5 << 7.5;
    // At x = 300 (2 s), four times in: 2 s stays a fifth into the view, which spans 2.5 s.
    QTest::newRow("4× a fifth in") << 4.0 << 300.0 << 1.5 << 4.0;
    // At the left edge: the start stays.
    QTest::newRow("10× at the left edge") << 10.0 << 100.0 << 0.0 << 1.0;
}

void TestTimeAxis::zoomKeepsTheAnchor()
{
    QFETCH(double, factor);
    QFETCH(double, anchor);
    QFETCH(double, viewStart);
    QFETCH(double, viewEnd);
    TimeAxis axis = tenSeconds();
    const double before = axis.toTime(anchor);
    axis.zoom(factor, anchor);
    QVERIFY(near(axis.viewStart, viewStart));
    QVERIFY(near(axis.viewEnd, viewEnd));
    QVERIFY(near(axis.toTime(anchor), before));
    // And back out again: the whole range.
    axis.zoom(1 / factor, anchor);
    QVERIFY(near(axis.viewStart, 0));
    QVERIFY(near(axis.viewEnd, 10));
}

void TestTimeAxis::zoomStopsAtTheLimits()
{
    TimeAxis axis = tenSeconds();
    axis.zoom(0.1, 600); // out beyond the data: the data, no more
    QCOMPARE(axis.viewStart, 0.0);
    QCOMPARE(axis.viewEnd, 10.0);
    for (int i = 0; i < 100; ++i)
        axis.zoom(10, 600);
    QVERIFY(near(axis.span(), 10 * TimeAxis::kMinimumSpanShare));
    QVERIFY(axis.viewStart >= 0 && axis.viewEnd <= 10);
    axis.zoom(0, 600); // nonsense factors change nothing
    axis.zoom(std::nan(""), 600);
    QVERIFY(near(axis.span(), 10 * TimeAxis::kMinimumSpanShare));
    // Zooming in near an end keeps the view inside the data.
    axis.fit();
    axis.zoom(4, 1099);
    QVERIFY(axis.viewEnd <= 10);
    QVERIFY(near(axis.span(), 2.5));
}

void TestTimeAxis::panStopsAtTheEnds()
{
    TimeAxis axis = tenSeconds();
    axis.zoom(2, 600); // 2.5 … 7.5, 200 pixels per second
    axis.pan(100); // half a second later
    QVERIFY(near(axis.viewStart, 3));
    QVERIFY(near(axis.viewEnd, 8));
    axis.pan(10000);
    QVERIFY(near(axis.viewEnd, 10));
    QVERIFY(near(axis.span(), 5));
    axis.pan(-10000);
    QCOMPARE(axis.viewStart, 0.0);
    QVERIFY(near(axis.span(), 5));
    axis.fit();
    axis.pan(50); // nothing to move when all is shown
    QCOMPARE(axis.viewStart, 0.0);
    QCOMPARE(axis.viewEnd, 10.0);
}

void TestTimeAxis::setView()
{
    TimeAxis axis = tenSeconds();
    axis.setView(2, 4);
    QCOMPARE(axis.viewStart, 2.0);
    QCOMPARE(axis.viewEnd, 4.0);
    axis.setView(9, 12); // clamped, span kept
    QCOMPARE(axis.viewEnd, 10.0);
    QCOMPARE(axis.viewStart, 7.0);
    axis.setView(5, 5); // empty: ignored
    QCOMPARE(axis.viewStart, 7.0);
}

void TestTimeAxis::badData()
{
    TimeAxis axis;
    axis.setData(3, 3); // an empty step still gets an axis
    QCOMPARE(axis.dataEnd, 4.0);
    axis.setData(0, std::nan(""));
    QCOMPARE(axis.dataEnd, 1.0);
    axis.setPixels(0, 0); // no width: one pixel, never a division by zero
    QCOMPARE(axis.pixelWidth, 1.0);
    QVERIFY(std::isfinite(axis.toTime(10)));
}

// Round steps at least 80 pixels apart: 1, 2 or 5 × 10ⁿ.
void TestTimeAxis::ticks_data()
{
    QTest::addColumn<double>("dataEnd");
    QTest::addColumn<double>("step");
    QTest::addColumn<int>("count");
    QTest::newRow("10 s on 1000 px: every 1 s") << 10.0 << 1.0 << 11;
    QTest::newRow("33 units: every 5") << 33.0 << 5.0 << 7;
    QTest::newRow("1.43 s: every 0.2 s") << 1.43 << 0.2 << 8;
    QTest::newRow("7 ms: every 1 ms") << 0.007 << 0.001 << 8;
}

void TestTimeAxis::ticks()
{
    QFETCH(double, dataEnd);
    QFETCH(double, step);
    QFETCH(int, count);
    TimeAxis axis;
    axis.setData(0, dataEnd);
    axis.setPixels(0, 1000);
    QVERIFY(near(axis.tickStep(80), step));
    const std::vector<double> ticks = axis.ticks(80);
    QCOMPARE(int(ticks.size()), count);
    QCOMPARE(ticks.front(), 0.0);
    for (std::size_t i = 1; i < ticks.size(); ++i)
        QVERIFY(near(ticks[i] - ticks[i - 1], step));
    QVERIFY(ticks.back() <= dataEnd * (1 + 1e-9));
}

void TestTimeAxis::units_data()
{
    QTest::addColumn<double>("span");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("µs") << 1e-3 << 250e-6 << QStringLiteral("250 µs");
    QTest::newRow("ms") << 0.5 << 0.0125 << QStringLiteral("12.5 ms");
    QTest::newRow("s") << 40.0 << 1.5 << QStringLiteral("1.5 s");
    QTest::newRow("whole numbers lose the point") << 40.0 << 2.0 << QStringLiteral("2 s");
}

void TestTimeAxis::units()
{
    QFETCH(double, span);
    QFETCH(double, seconds);
    QFETCH(QString, text);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(widgets::formatTime(seconds, widgets::timeUnitFor(span)), text);
}

QTEST_APPLESS_MAIN(TestTimeAxis)
#include "tst_timeaxis.moc"
