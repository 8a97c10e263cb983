// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "timeline/activationplot.h"

#include "base/units.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/plotlocale.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "timeline/timeaxis.h"
#include "timeline/timelinestyle.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

namespace widgets {

namespace {

constexpr int kMaxLegendRanks = 8; // more lines than this get no legend, and the readout sums up

} // namespace

ActivationPlot::ActivationPlot(QWidget* parent)
    : QWidget(parent)
    , m_cursor(std::numeric_limits<double>::quiet_NaN())
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_plot = new QCustomPlot(this);
    followLanguage(m_plot);
    // The plot gives way first: a short tab page shrinks it, never the readout beneath, which would
    // otherwise be drawn over the time axis' label.
    m_plot->setMinimumSize(260, 90);
    m_plot->installEventFilter(this); // the y axis' headroom follows the plot's height (fitRange)
    layout->addWidget(m_plot, 1);
    m_readout = new QLabel(this);
    m_readout->setWordWrap(true);
    m_readout->setTextFormat(Qt::PlainText);
    m_readout->setMinimumHeight(2 * m_readout->fontMetrics().lineSpacing() + 2);
    m_readout->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_readout);

    m_line = new QCPItemStraightLine(m_plot);
    m_line->setPen(QPen(palette::timeCursor, 1.5));
    m_line->setVisible(false);
    m_plot->axisRect()->setupFullAxesBox(false);
    // The legend inside the plot's top right, in rows of four above the curves: the y axis leaves it room
    // above the highest peak (redraw), so that it hides no line. Beside the plot, a column of the plot's
    // height spread its few entries apart, away from the curves they name.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    m_plot->legend->setBrush(palette::labelBacking);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(4);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        const TimeUnit unit = timeUnitFor(m_span);
        setCursorTime(m_plot->xAxis->pixelToCoord(event->position().x()) / unit.perSecond);
    });
    retranslate();
}

void ActivationPlot::redraw()
{
    // A hidden plot has no paint buffer yet; it draws when it is shown.
    m_stale = !m_plot->isVisible() || m_plot->width() <= 0 || m_plot->height() <= 0;
    fitRange();
    if (!m_stale)
        m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
}

void ActivationPlot::fitRange()
{
    // Above the highest peak, room for the legend's rows: the share of the axis' height they take is left
    // free at the top. The axis is the plot less the margins of its last layout (a guess before the first).
    double free = 0.1;
    if (m_plot->legend->visible()) {
        const QCPAxisRect* axes = m_plot->axisRect();
        const int margins
            = axes->rect().height() > 0 ? axes->outerRect().height() - axes->rect().height() : 50;
        const int axisHeight = std::max(40, m_plot->height() - margins);
        // The legend's rows, the inset layout's margin above them (12 px in QCustomPlot) and a little air.
        const int legend
            = m_plot->legend->minimumOuterSizeHint().height() + axes->insetLayout()->margins().top();
        free = std::min(0.5, (legend + 4.0) / axisHeight);
    }
    m_plot->yAxis->setRange(0, std::max(m_peakGb / (1 - free), 1e-9));
}

bool ActivationPlot::eventFilter(QObject* watched, QEvent* event)
{
    // Before the plot lays itself out anew at its new size.
    if (watched == m_plot && event->type() == QEvent::Resize)
        fitRange();
    return QWidget::eventFilter(watched, event);
}

void ActivationPlot::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        redraw();
}

void ActivationPlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ActivationPlot::retranslate()
{
    // One line above the plot, the rest in its tooltip: on a laptop screen every further line of the
    // title is a line less of the plot.
    m_title->setText(tr("<b>Activation memory</b> per pipeline rank over the step"));
    m_title->setToolTip(
        m_fromMemoryModel
            ? tr("<b>Activation memory</b> each pipeline rank holds over the step: the memory model's "
                 "activations (as in the Memory tab), rising with every forward in flight and "
                 "falling with every backward")
            : tr("<b>Activation memory</b> each pipeline rank holds over the step (a provisional "
                 "estimate after Korthikanti et al. 2022, until the memory model provides it)"));
    // The title names what is plotted; the axis gives only the unit, which fits beside a short plot.
    m_plot->yAxis->setLabel(tr("GB"));
    setCurves(std::move(m_curves), m_names);
}

void ActivationPlot::setCurves(std::vector<std::vector<core::ActivationPoint>> curves, QStringList names)
{
    m_curves = std::move(curves);
    m_names = std::move(names);
    while (m_names.size() < static_cast<qsizetype>(m_curves.size()))
        m_names << QString::number(m_names.size());
    // A curve per pipeline rank: an edit that keeps the ranks refills the graphs (and their legend items)
    // it already has.
    const int count = static_cast<int>(m_curves.size());
    if (m_plot->graphCount() != count)
        m_plot->clearGraphs();
    double end = 0;
    double peak = 0;
    for (const auto& curve : m_curves)
        for (const core::ActivationPoint& p : curve) {
            end = std::max(end, p.time);
            peak = std::max(peak, p.bytes);
        }
    const TimeUnit unit = timeUnitFor(end);
    m_span = end;
    for (int r = 0; r < count; ++r) {
        QCPGraph* graph = r < m_plot->graphCount() ? m_plot->graph(r) : m_plot->addGraph();
        // One pixel: Qt's raster engine draws a pen of at most 1 px with its fast line stroker, a wider
        // one by stroking the whole curve into a polygon and filling it — 4× slower per edit on the
        // default design's 64 micro-batches (tst_redrawbenchmark, 32 GPUs, Timeline).
        // Curve r is pipeline rank r: its stage colour, as on the cluster canvas and the Memory tab.
        graph->setPen(QPen(stageColor(r), 1.0));
        graph->setName(m_names[r]);
        QVector<double> x, y;
        for (const core::ActivationPoint& p : m_curves[static_cast<std::size_t>(r)]) {
            x.append(p.time * unit.perSecond);
            y.append(p.bytes / core::kGB);
        }
        graph->setData(x, y, true);
    }
    m_plot->legend->setVisible(count > 0 && count <= kMaxLegendRanks);
    m_plot->xAxis->setLabel(tr("Time (%1)").arg(unit.suffix));
    m_plot->xAxis->setRange(0, std::max(end * unit.perSecond, 1e-9));
    m_peakGb = peak / core::kGB; // the y axis' range: redraw()
    updateReadout();
}

void ActivationPlot::setFromMemoryModel(bool fromMemoryModel)
{
    if (fromMemoryModel == m_fromMemoryModel)
        return;
    m_fromMemoryModel = fromMemoryModel;
    retranslate();
}

void ActivationPlot::setCursorTime(double time)
{
    if (time == m_cursor || (std::isnan(time) && std::isnan(m_cursor)))
        return;
    m_cursor = time;
    updateReadout();
    emit cursorMoved(time);
}

QString ActivationPlot::readout() const
{
    return m_readout->text();
}

void ActivationPlot::updateReadout()
{
    const TimeUnit unit = timeUnitFor(m_span);
    if (m_curves.empty() || !std::isfinite(m_cursor)) {
        m_line->setVisible(false);
        QStringList peaks;
        double most = 0;
        int at = 0;
        for (std::size_t r = 0; r < m_curves.size(); ++r) {
            const double peak = core::peakActivation(m_curves[r]);
            if (peak > most) {
                most = peak;
                at = static_cast<int>(r);
            }
        }
        m_readout->setText(m_curves.empty() ? QString()
                                            : tr("Peak %1 on %2. Click here or in the timeline to read "
                                                 "every stage at one moment.")
                                                  .arg(bytesText(most))
                                                  .arg(m_names.value(at)));
        redraw();
        return;
    }
    const double x = m_cursor * unit.perSecond;
    m_line->point1->setCoords(x, 0);
    m_line->point2->setCoords(x, 1);
    m_line->setVisible(true);
    QStringList parts;
    double total = 0;
    for (std::size_t r = 0; r < m_curves.size(); ++r) {
        const double bytes = core::activationAt(m_curves[r], m_cursor);
        total += bytes;
        if (m_curves.size() <= static_cast<std::size_t>(kMaxLegendRanks))
            parts << tr("%1: %2").arg(m_names.value(static_cast<qsizetype>(r)), bytesText(bytes));
    }
    if (parts.isEmpty())
        parts << tr("%1 on all ranks together").arg(bytesText(total));
    m_readout->setText(tr("At %1 — %2").arg(formatTime(m_cursor, unit), parts.join(QStringLiteral(" · "))));
    redraw();
}

} // namespace widgets
