// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "common/viewfigure.h"

#include "common/palette.h"

#include <QEvent>
#include <QWidget>
#include <qcustomplot.h>

namespace widgets {

namespace {

// Swallows the paint events of the plots while the view renders: they are drawn as vectors afterwards.
class PaintEventSink : public QObject
{
public:
    bool eventFilter(QObject*, QEvent* event) override { return event->type() == QEvent::Paint; }
};

// The plots of the view that are shown whole; a plot cut off by a scroll area keeps its bitmap, since
// QCustomPlot's layers replace any clip with their own.
QList<QCustomPlot*> wholeVisiblePlots(QWidget* view)
{
    QList<QCustomPlot*> plots;
    for (QCustomPlot* plot : view->findChildren<QCustomPlot*>())
        if (plot->isVisibleTo(view) && !plot->size().isEmpty()
            && plot->visibleRegion() == QRegion(plot->rect()))
            plots.append(plot);
    return plots;
}

} // namespace

void paintViewFitted(QPaintDevice* device, QWidget* view, const QSizeF& target, bool vector)
{
    QCPPainter painter(device);
    painter.setRenderHint(QPainter::Antialiasing);
    if (vector)
        painter.setMode(QCPPainter::pmVectorized);
    const QSizeF source = view->size();
    const qreal scale = std::min(target.width() / source.width(), target.height() / source.height());
    painter.fillRect(QRectF(QPointF(0, 0), target), palette::figureBackground);
    painter.translate((target.width() - source.width() * scale) / 2,
                      (target.height() - source.height() * scale) / 2);
    painter.scale(scale, scale);

    const QList<QCustomPlot*> plots = wholeVisiblePlots(view);
    PaintEventSink sink;
    for (QCustomPlot* plot : plots)
        plot->installEventFilter(&sink);
    view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    for (QCustomPlot* plot : plots) {
        plot->removeEventFilter(&sink);
        painter.save();
        painter.translate(plot->mapTo(view, QPoint(0, 0)));
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
    }
}

} // namespace widgets
