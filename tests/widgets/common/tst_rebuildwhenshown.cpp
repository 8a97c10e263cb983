// SPDX-License-Identifier: GPL-3.0-or-later
// The rule every tab follows after an edit (common/rebuildwhenshown.h): a visible view rebuilds at once; a
// hidden one not at all until it is shown or read, and then exactly once however many edits came between.

#include "common/rebuildwhenshown.h"
#include "support/guitestmain.h"

#include <QTabWidget>
#include <QTest>

using widgets::RebuildWhenShown;

class TestRebuildWhenShown : public QObject
{
    Q_OBJECT

private slots:
    void visibleRebuildsAtOnce();
    void hiddenWaitsUntilShown();
    void hiddenRebuildsWhenRead();
    void nothingRequestedNothingRebuilt();
};

void TestRebuildWhenShown::visibleRebuildsAtOnce()
{
    QWidget view;
    int rebuilds = 0;
    auto* rebuild = new RebuildWhenShown(&view, [&rebuilds] { ++rebuilds; });
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    rebuild->request();
    QCOMPARE(rebuilds, 1);
    QVERIFY(!rebuild->isStale());
    rebuild->request();
    QCOMPARE(rebuilds, 2);
}

// Two tabs as in the main window: edits while the second is hidden cost nothing; opening it rebuilds once,
// before it paints.
void TestRebuildWhenShown::hiddenWaitsUntilShown()
{
    QTabWidget tabs;
    auto* first = new QWidget;
    auto* second = new QWidget;
    tabs.addTab(first, QStringLiteral("first"));
    tabs.addTab(second, QStringLiteral("second"));
    int rebuilds = 0;
    bool visibleWhenRebuilt = false;
    auto* rebuild = new RebuildWhenShown(second, [&] {
        ++rebuilds;
        visibleWhenRebuilt = second->isVisible();
    });
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    QVERIFY(!second->isVisible());
    for (int edit = 0; edit < 3; ++edit)
        rebuild->request();
    QCOMPARE(rebuilds, 0);
    QVERIFY(rebuild->isStale());
    tabs.setCurrentWidget(second);
    QCOMPARE(rebuilds, 1);
    QVERIFY(visibleWhenRebuilt);
    QVERIFY(!rebuild->isStale());
    // Back and forth without an edit: nothing to rebuild.
    tabs.setCurrentWidget(first);
    tabs.setCurrentWidget(second);
    QCOMPARE(rebuilds, 1);
}

void TestRebuildWhenShown::hiddenRebuildsWhenRead()
{
    QWidget view; // never shown
    int rebuilds = 0;
    auto* rebuild = new RebuildWhenShown(&view, [&rebuilds] { ++rebuilds; });
    rebuild->request();
    QCOMPARE(rebuilds, 0);
    const RebuildWhenShown& reader = *rebuild; // as a view's const accessor holds it
    QCOMPARE(reader.current(42), 42); // the read brings the view up to date first
    QCOMPARE(rebuilds, 1);
    reader.bringUpToDate();
    QCOMPARE(rebuilds, 1);
}

void TestRebuildWhenShown::nothingRequestedNothingRebuilt()
{
    QWidget view;
    int rebuilds = 0;
    auto* rebuild = new RebuildWhenShown(&view, [&rebuilds] { ++rebuilds; });
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    rebuild->bringUpToDate();
    QCOMPARE(rebuilds, 0);
    QVERIFY(!rebuild->isStale());
}

MESHWRIGHT_GUI_TEST_MAIN(TestRebuildWhenShown)
#include "tst_rebuildwhenshown.moc"
