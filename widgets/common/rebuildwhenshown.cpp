// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/rebuildwhenshown.h"

#include <QEvent>
#include <QWidget>

namespace widgets {

RebuildWhenShown::RebuildWhenShown(QWidget* widget, std::function<void()> rebuild)
    : QObject(widget)
    , m_widget(widget)
    , m_rebuild(std::move(rebuild))
{
    widget->installEventFilter(this);
}

void RebuildWhenShown::request()
{
    m_stale = true;
    if (m_widget->isVisible())
        bringUpToDate();
}

void RebuildWhenShown::bringUpToDate() const
{
    if (!m_stale)
        return;
    // Cleared first: the rebuild may call the view's accessors, which call back here.
    m_stale = false;
    m_rebuild();
}

// The Show event reaches the filter before the widget's own showEvent and before its first paint, so the
// view is current when it appears.
bool RebuildWhenShown::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_widget && event->type() == QEvent::Show)
        bringUpToDate();
    return QObject::eventFilter(watched, event);
}

} // namespace widgets
