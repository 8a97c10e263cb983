// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A view whose rebuild costs time waits while nobody can see it. After an edit the main window hands the
// new snapshot to every tab, but only the open one is on screen: a hidden tab that rebuilt its charts and
// lists at once would spend most of an edit's time on pixels nobody sees (tests/app/window/
// tst_redrawbenchmark.cpp). So a view calls request() when its data changes: the rebuild runs at once if
// the widget is visible, otherwise when it is next shown (its Show event, seen through an event filter), or
// when an accessor asks for the view's content first (bringUpToDate()), whichever comes first. The cost
// moves from every edit to the one tab switch that needs it; what the view shows and answers is always the
// current snapshot's.

#include <QObject>
#include <functional>

class QWidget;

namespace widgets {

class RebuildWhenShown : public QObject
{
public:
    // `rebuild` brings `widget` up to date; the helper is a child of `widget` and watches its Show events.
    RebuildWhenShown(QWidget* widget, std::function<void()> rebuild);

    // The data changed: rebuild now when visible, else when shown or asked for.
    void request();
    // Rebuilds first if a request waits. Const so that a view's const accessors can call it: what they
    // return is then the current snapshot's (the rebuild is a deferred cache fill, not a change of state).
    void bringUpToDate() const;
    // `part` of the view, once the view is up to date: for accessors, `return m_rebuild->current(m_chart);`.
    template<typename T> T current(T part) const
    {
        bringUpToDate();
        return part;
    }
    bool isStale() const { return m_stale; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_widget;
    std::function<void()> m_rebuild;
    mutable bool m_stale = false;
};

} // namespace widgets
