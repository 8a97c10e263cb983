// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "timeline/bubbleplot.h"

#include "common/palette.h"
#include "common/plotlocale.h"
#include "common/unitstext.h"
#include "pipeline/steptimeline.h"
#include "timeline/timelinestyle.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace widgets {

namespace {

// Simulations behind one curve: enough for 64 stages × 1,024 micro-batches twice over.
constexpr std::int64_t kCurveOperationBudget = 300000;

} // namespace

BubblePlot::BubblePlot(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_plot = new QCustomPlot(this);
    followLanguage(m_plot);
    m_plot->setMinimumSize(260, 160);
    layout->addWidget(m_plot, 1);

    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setLogBase(2);
    logTicker->setSubTickCount(0);
    m_plot->xAxis->setTicker(logTicker);
    m_plot->xAxis->setNumberFormat(QStringLiteral("g"));
    m_plot->yAxis->setRange(0, 100);
    m_plot->axisRect()->setupFullAxesBox(false);

    m_ideal = m_plot->addGraph();
    m_ideal->setPen(QPen(palette::idealBubble, 1.5, Qt::DashLine));
    m_curve = m_plot->addGraph();
    m_curve->setPen(QPen(opColor(core::PipelineOpKind::Forward), 2));
    m_curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_current = m_plot->addGraph();
    m_current->setLineStyle(QCPGraph::lsNone);
    m_current->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, palette::currentDesign, palette::currentDesign, 10));
    m_currentLabel = new QCPItemText(m_plot);
    m_currentLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_currentLabel->setColor(palette::currentDesignLabel);
    m_currentLabel->setPadding(QMargins(6, 0, 0, 4));
    // The label sits beside the marker, where the falling curve may pass behind it: a backing keeps it legible.
    m_currentLabel->setBrush(palette::plotLabelBacking);
    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(palette::labelBacking);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    // The curves fall from the top left: the top right stays free.
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_current->removeFromLegend();
    retranslate();
}

void BubblePlot::redraw()
{
    // A hidden plot has no paint buffer yet; it draws when it is shown.
    m_stale = !m_plot->isVisible() || m_plot->width() <= 0 || m_plot->height() <= 0;
    // Drawn into the plot's buffers now, put on screen with the rest of the window: a plain replot()
    // repaints at once, which paints every widget the edit has marked so far and then again after it.
    if (!m_stale)
        m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void BubblePlot::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        redraw();
}

void BubblePlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void BubblePlot::retranslate()
{
    m_plot->xAxis->setLabel(tr("Micro-batches per step"));
    m_plot->yAxis->setLabel(tr("Idle share (%)"));
    m_ideal->setName(tr("Idealized: (p − 1)/(m + p − 1)"));
    replot();
}

void BubblePlot::clear()
{
    m_hasSpec = false;
    replot();
}

void BubblePlot::setSchedule(const core::ScheduleSpec& spec, double currentBubble)
{
    if (m_hasSpec && spec == m_spec && currentBubble == m_currentBubble)
        return;
    m_spec = spec;
    m_currentBubble = currentBubble;
    m_hasSpec = true;
    replot();
}

void BubblePlot::replot()
{
    m_curve->data()->clear();
    m_ideal->data()->clear();
    m_current->data()->clear();
    m_currentLabel->setVisible(false);
    // An empty plot (no design, one stage) keeps an axis of whole micro-batch counts, not QCustomPlot's
    // default range, whose log ticks (1/256 … 4) overprint each other.
    m_plot->xAxis->setRange(1, 64);
    m_title->setText(tr("<b>Bubble</b>: the idle share of the pipeline against the number of micro-batches"));
    // No legend for an empty plot or a pipeline of one stage.
    m_plot->legend->setVisible(m_hasSpec && m_spec.ranks > 1);
    if (!m_hasSpec) {
        m_curve->setName(QString());
        redraw();
        return;
    }
    const int p = m_spec.ranks;
    const int current = m_spec.microBatches;
    if (p == 1) {
        m_title->setText(
            tr("<b>Bubble</b>: with one pipeline stage there is none; the micro-batches run back to "
               "back."));
        // The design's point at zero idle share, so that the plot says what the title says instead of
        // standing empty.
        m_current->addData(current, 0);
        markDesign(current, 0, std::max(64, 2 * current),
                   tr("this design: m = %1, 0 %\none stage: no pipeline bubble").arg(current));
        // In the middle of the plot: beside a marker on the axis, two lines would run out of a narrow plot.
        m_currentLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_currentLabel->position->setCoords(0.5, 0.5);
        m_currentLabel->setPositionAlignment(Qt::AlignCenter);
        m_currentLabel->setPadding(QMargins(4, 2, 4, 2));
        redraw();
        return;
    }
    const std::vector<int> counts = core::bubbleCurveCounts(p, current);
    for (const core::BubblePoint& point : core::bubbleCurve(m_spec, counts, kCurveOperationBudget))
        m_curve->addData(point.microBatches, 100 * point.bubbleFraction);
    const int last = counts.empty() ? 64 : counts.back();
    // The reference article's formula at every plotted count and densely between them.
    std::vector<int> idealCounts = counts;
    for (int m = 1; m <= last; m = m < 16 ? m + 1 : m * 9 / 8)
        idealCounts.push_back(m);
    std::sort(idealCounts.begin(), idealCounts.end());
    idealCounts.erase(std::unique(idealCounts.begin(), idealCounts.end()), idealCounts.end());
    for (int m : idealCounts)
        m_ideal->addData(m, 100.0 * (p - 1) / (m + p - 1));
    m_current->addData(current, 100 * m_currentBubble);
    m_curve->setName(tr("%1, this design's stages").arg(scheduleName(m_spec.kind)));
    markDesign(current, 100 * m_currentBubble, std::max(2, last),
               tr("this design: m = %1, %2 %").arg(current).arg(fixedText(100 * m_currentBubble, 1)));
    redraw();
}

void BubblePlot::markDesign(int microBatches, double percent, int right, const QString& text)
{
    m_currentLabel->position->setType(QCPItemPosition::ptPlotCoords);
    m_currentLabel->position->setCoords(microBatches, percent);
    // Beside the marker, on the side with room.
    const bool rightHalf = std::log2(std::max(1, microBatches)) > std::log2(right) / 2;
    m_currentLabel->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
    m_currentLabel->setPadding(rightHalf ? QMargins(0, 0, 6, 4) : QMargins(6, 0, 0, 4));
    m_currentLabel->setText(text);
    m_currentLabel->setVisible(true);
    m_plot->xAxis->setRange(1, right);
}

QString BubblePlot::markerLabel() const
{
    return m_currentLabel->visible() ? m_currentLabel->text() : QString();
}

QList<QPointF> BubblePlot::curve() const
{
    QList<QPointF> out;
    for (auto it = m_curve->data()->constBegin(); it != m_curve->data()->constEnd(); ++it)
        out.append({it->key, it->value});
    return out;
}

QList<QPointF> BubblePlot::idealCurve() const
{
    QList<QPointF> out;
    for (auto it = m_ideal->data()->constBegin(); it != m_ideal->data()->constEnd(); ++it)
        out.append({it->key, it->value});
    return out;
}

QPointF BubblePlot::marker() const
{
    if (m_current->data()->isEmpty())
        return {};
    return {m_current->data()->constBegin()->key, m_current->data()->constBegin()->value};
}

} // namespace widgets
