// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "performance/scalingplot.h"

#include "base/units.h"
#include "common/palette.h"
#include "common/plotlocale.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace widgets {

namespace {

// Throughput ticks as every view writes counts ("100 k", "1 M"), not "1E+06" beside "100000".
class CountTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return countText(tick); }
};

// Far enough to see the trend, small enough to evaluate at once: 16 times the design, at most 16,384.
constexpr int kMaxGpus = 16384;
constexpr int kGrowth = 16;

QCPGraph* addCurve(QCustomPlot* plot, QCPAxis* y, const QColor& color, Qt::PenStyle style)
{
    QCPGraph* graph = plot->addGraph(plot->xAxis, y);
    graph->setPen(QPen(color, 2, style));
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    return graph;
}

} // namespace

ScalingPlot::ScalingPlot(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("scalingExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    layout->addWidget(m_explanation);
    m_plot = new QCustomPlot(this);
    followLanguage(m_plot);
    m_plot->setMinimumSize(300, 200);
    layout->addWidget(m_plot, 1);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setNumberFormat(QStringLiteral("g"));
    // Throughput on a log scale as well: on log–log axes perfectly linear scaling is a straight line of
    // slope one, and a shortfall is a bend, where log x over linear y would draw a hockey stick.
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> throughputTicker(new CountTicker);
    throughputTicker->setLogBase(10);
    throughputTicker->setSubTickCount(8);
    m_plot->yAxis->setTicker(throughputTicker);
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setRange(0, 110);
    // Ideal scaling from the baseline: its tokens/s per GPU times the GPUs, a straight line of slope one
    // on these axes, added first so that the curves lie over it.
    m_ideal = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_ideal->setPen(QPen(palette::idealScaling, 1.5, Qt::DotLine));
    m_weakThroughput = addCurve(m_plot, m_plot->yAxis, palette::weakScaling, Qt::SolidLine);
    m_strongThroughput = addCurve(m_plot, m_plot->yAxis, palette::strongScaling, Qt::SolidLine);
    m_weakEfficiency = addCurve(m_plot, m_plot->yAxis2, palette::weakScaling, Qt::DashLine);
    m_strongEfficiency = addCurve(m_plot, m_plot->yAxis2, palette::strongScaling, Qt::DashLine);
    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(palette::labelBacking);
    // Throughput rises to the top right and efficiency stays near the top: the bottom right is free.
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_recompute = new RebuildWhenShown(this, [this] { recompute(); });
    m_recompute->request();
}

void ScalingPlot::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_recompute->request();
}

const core::ScalingCurve& ScalingPlot::curve(core::ScalingKind kind) const
{
    m_recompute->bringUpToDate();
    return kind == core::ScalingKind::Weak ? m_weak : m_strong;
}

QString ScalingPlot::explanationText() const
{
    return m_recompute->current(m_explanation)->text();
}

QStringList ScalingPlot::throughputTickLabels() const
{
    const QVector<QString> labels = m_plot->yAxis->tickVectorLabels();
    return QStringList(labels.begin(), labels.end());
}

QStringList ScalingPlot::axisTitles() const
{
    m_recompute->bringUpToDate();
    return {m_plot->xAxis->label(), m_plot->yAxis->label(), m_plot->yAxis2->label()};
}

QVector<QPointF> ScalingPlot::idealLine() const
{
    m_recompute->bringUpToDate();
    QVector<QPointF> points;
    for (auto it = m_ideal->data()->constBegin(); it != m_ideal->data()->constEnd(); ++it)
        points << QPointF(it->key, it->value);
    return points;
}

void ScalingPlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        redraw();
    QWidget::changeEvent(event);
}

void ScalingPlot::recompute()
{
    m_weak = {};
    m_strong = {};
    if (!m_snapshot.isNull() && m_snapshot.design->workload.mode == core::Mode::Training
        && m_snapshot.evaluation->performance) {
        const int gpus = static_cast<int>(m_snapshot.evaluation->worldSize);
        const int limit = std::min(kMaxGpus, std::max(gpus, 1) * kGrowth);
        m_weak = core::scalingCurve(*m_snapshot.design, core::ScalingKind::Weak, limit);
        m_strong = core::scalingCurve(*m_snapshot.design, core::ScalingKind::Strong, limit);
    }
    redraw();
}

void ScalingPlot::redraw()
{
    // Both throughput axes are logarithmic (a doubling is the same step everywhere); the titles say so,
    // and the efficiency axis says it is linear.
    m_plot->xAxis->setLabel(tr("GPUs, log scale (more data-parallel replicas of this layout)"));
    // Short enough for the plot's height at 1366 × 768 in German; the legend names the dotted ideal.
    m_plot->yAxis->setLabel(tr("tokens per second, log scale (solid)"));
    m_plot->yAxis2->setLabel(tr("scaling efficiency, %, linear (dashed)"));
    m_ideal->setName(tr("ideal: throughput ∝ GPUs"));
    m_weakThroughput->setName(tr("weak: batch grows with the GPUs"));
    m_strongThroughput->setName(tr("strong: same global batch"));
    m_weakEfficiency->setName(tr("weak efficiency"));
    m_strongEfficiency->setName(tr("strong efficiency"));
    double top = 0, bottom = 0, left = 1e9, right = 1;
    auto fill = [&](const core::ScalingCurve& curve, QCPGraph* throughput, QCPGraph* efficiency) {
        QVector<double> x, t, e;
        for (const core::ScalingPoint& p : curve.points)
            if (p.runs) {
                x << p.gpus;
                t << p.tokensPerSecond;
                e << 100 * p.efficiency;
                top = std::max(top, p.tokensPerSecond);
                bottom = bottom > 0 ? std::min(bottom, p.tokensPerSecond) : p.tokensPerSecond;
                left = std::min(left, static_cast<double>(p.gpus));
                right = std::max(right, static_cast<double>(p.gpus));
            }
        throughput->setData(x, t);
        efficiency->setData(x, e);
    };
    fill(m_weak, m_weakThroughput, m_weakEfficiency);
    fill(m_strong, m_strongThroughput, m_strongEfficiency);
    auto baseline = [](const core::ScalingCurve& curve) -> const core::ScalingPoint* {
        return curve.baseline >= 0 ? &curve.points[static_cast<std::size_t>(curve.baseline)] : nullptr;
    };
    const core::ScalingPoint* weak = baseline(m_weak);
    const core::ScalingPoint* strong = baseline(m_strong);
    QVector<double> idealX, idealY;
    if (const core::ScalingPoint* base = weak ? weak : strong; base && top > 0) {
        const double perGpu = base->tokensPerSecond / base->gpus;
        idealX << left << right;
        idealY << perGpu * left << perGpu * right;
    }
    m_ideal->setData(idealX, idealY);
    if (top > 0) {
        if (!idealY.isEmpty())
            top = std::max(top, idealY.back());
        m_plot->xAxis->setRange(left / 1.3, right * 1.3);
        m_plot->yAxis->setRange(bottom / 1.5, top * 1.5);
    }
    m_ideal->removeFromLegend();
    if (!idealX.isEmpty())
        m_ideal->addToLegend();
    if (!weak && !strong) {
        m_explanation->setText(
            tr("Scaling needs a training design that fits and runs: fix the diagnostics first."));
    } else {
        QString text
            = tr("<b>Scaling this layout by data parallelism.</b> Efficiency = tokens/s per GPU ÷ the "
                 "baseline's tokens/s per GPU.");
        if (weak)
            text += QStringLiteral("<br>")
                + tr("Weak: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 there, growing "
                     "with the replicas.")
                      .arg(integerText(weak->dp))
                      .arg(integerText(weak->gpus))
                      .arg(countText(weak->tokensPerSecond / weak->gpus))
                      .arg(integerText(weak->globalBatch));
        if (strong)
            text += QStringLiteral("<br>")
                + tr("Strong: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 throughout.")
                      .arg(integerText(strong->dp))
                      .arg(integerText(strong->gpus))
                      .arg(countText(strong->tokensPerSecond / strong->gpus))
                      .arg(integerText(strong->globalBatch));
        QStringList missing;
        for (const core::ScalingPoint& p : m_weak.points)
            if (!p.runs)
                missing << integerText(p.gpus);
        if (!missing.isEmpty())
            text += QStringLiteral("<br>")
                + tr("Not drawn (weak): %1 GPUs — invalid or does not fit there.")
                      .arg(missing.join(QStringLiteral(", ")));
        m_explanation->setText(text);
    }
    if (m_plot->isVisible() && m_plot->width() > 0)
        m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
}

} // namespace widgets
