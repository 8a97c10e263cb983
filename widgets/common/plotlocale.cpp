// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "common/plotlocale.h"

#include <QEvent>
#include <qcustomplot.h>

namespace widgets {

namespace {

// Watches one plot for the language change (sent to every widget once the application's translator and
// default locale have changed, window/language.cpp).
class PlotLocaleFollower : public QObject
{
public:
    explicit PlotLocaleFollower(QCustomPlot* plot)
        : QObject(plot)
        , m_plot(plot)
    {
        plot->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_plot && event->type() == QEvent::LanguageChange
            && m_plot->locale() != plotLocale()) {
            m_plot->setLocale(plotLocale());
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
        return false;
    }

private:
    QCustomPlot* m_plot;
};

} // namespace

QLocale plotLocale()
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale;
}

void followLanguage(QCustomPlot* plot)
{
    plot->setLocale(plotLocale());
    new PlotLocaleFollower(plot);
}

} // namespace widgets
