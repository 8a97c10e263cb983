// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "memory/memorybars.h"

#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/plotlocale.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "memory/memorytext.h"

#include <QEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <limits>
#include <qcustomplot.h>

namespace widgets {

namespace {
constexpr double kBarWidth = 0.8;
constexpr double kNodeGap = 0.6; // extra space between the bars of two nodes

// Categories drawn from the bottom up: model states, then what the step adds, the reserve on top.
constexpr std::array kStackOrder{
    core::MemoryCategory::Parameters, core::MemoryCategory::Gradients,     core::MemoryCategory::Optimizer,
    core::MemoryCategory::KvCache,    core::MemoryCategory::Activations,   core::MemoryCategory::Workspace,
    core::MemoryCategory::Temporary,  core::MemoryCategory::Communication, core::MemoryCategory::Reserve};
} // namespace

MemoryBars::MemoryBars(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    followLanguage(m_plot);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot->setMinimumSize(200, 160); // never squeezed to nothing (a null paint buffer), see ZeroView
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend); // legend below the plot
    m_plot->legend->setWrap(3); // three columns keep the Memory tab narrow enough for a laptop screen
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->setLabel(tr("GB per GPU"));

    for (core::MemoryCategory category : kStackOrder) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setWidth(kBarWidth);
        const QColor color = categoryColor(category);
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(115), 0.5));
        if (!m_series.empty())
            bars->moveAbove(m_series.back());
        bars->setProperty("category", static_cast<int>(category));
        m_series.push_back(bars);
    }
    m_overflow = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_overflow->setWidth(kBarWidth + 0.1);
    m_overflow->setBrush(Qt::NoBrush);
    m_overflow->setPen(QPen(palette::overCapacity, 2.5));
    m_capacity = m_plot->addGraph();
    m_capacity->setLineStyle(QCPGraph::lsStepCenter);
    m_capacity->setPen(QPen(palette::capacityLine, 1.5, Qt::DashLine));
    // The capacity line in front of the stacked bars, so a bar's top can be read against it: a layer of
    // its own above the plottables' "main" layer.
    m_plot->addLayer(QStringLiteral("capacity"), m_plot->layer(QStringLiteral("main")),
                     QCustomPlot::limAbove);
    m_capacity->setLayer(QStringLiteral("capacity"));

    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryBars::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &MemoryBars::onMousePress);
    changeEvent(nullptr);
}

void MemoryBars::changeEvent(QEvent* event)
{
    if (!event || event->type() == QEvent::LanguageChange) {
        for (QCPBars* bars : m_series)
            bars->setName(
                categoryName(static_cast<core::MemoryCategory>(bars->property("category").toInt())));
        m_capacity->setName(tr("Capacity"));
        m_plot->yAxis->setLabel(tr("GB per GPU"));
        if (event)
            rebuild();
    }
    if (event)
        QWidget::changeEvent(event);
}

void MemoryBars::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    rebuild();
}

void MemoryBars::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    rebuild();
}

MemoryBars::Grouping MemoryBars::effectiveGrouping() const
{
    if (m_grouping != Grouping::Automatic || m_snapshot.isNull())
        return m_grouping == Grouping::PerRole ? Grouping::PerRole : Grouping::PerGpu;
    return m_snapshot.evaluation->ranks.size() > static_cast<std::size_t>(kMaxBarsPerGpu) ? Grouping::PerRole
                                                                                          : Grouping::PerGpu;
}

void MemoryBars::rebuild()
{
    m_bars.clear();
    for (QCPBars* bars : m_series)
        bars->data()->clear();
    m_overflow->data()->clear();
    m_capacity->data()->clear();
    m_plot->clearItems();
    const bool have = !m_snapshot.isNull() && m_snapshot.evaluation->memory;
    if (!have) {
        m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
        return;
    }
    const double end = placeBars();
    double top = stackBars();
    labelBars(top);
    top = std::max(top, collectMeasuredMarkers());
    m_plot->xAxis->setRange(-0.8, end - 0.2);
    m_plot->yAxis->setRange(markStages(top), top / core::kGB * 1.15);
    drawMeasuredMarkers();
    fillLegend();
    m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
}

// The bars: every GPU in placement order with a gap at each node boundary, or one per role. Returns the
// x just past the last bar.
double MemoryBars::placeBars()
{
    const core::Evaluation& e = *m_snapshot.evaluation;
    const core::MemoryReport& memory = *e.memory;
    double x = 0;
    if (effectiveGrouping() == Grouping::PerGpu) {
        std::vector<const core::RankInfo*> byGpu;
        for (const core::RankInfo& r : e.ranks)
            byGpu.push_back(&r);
        std::stable_sort(byGpu.begin(), byGpu.end(), [](const core::RankInfo* a, const core::RankInfo* b) {
            return std::tie(a->nodeIndex, a->slot) < std::tie(b->nodeIndex, b->slot);
        });
        int previousNode = -1;
        for (const core::RankInfo* r : byGpu) {
            if (previousNode >= 0 && r->nodeIndex != previousNode)
                x += kNodeGap;
            previousNode = r->nodeIndex;
            const int role = memory.roleOfRank[static_cast<std::size_t>(r->rank)];
            m_bars.push_back({r->rank, role, 1, x, memory.roles[static_cast<std::size_t>(role)].capacityBytes,
                              memory.roles[static_cast<std::size_t>(role)].totalBytes,
                              QString::number(r->rank), QString()});
            x += 1;
        }
        return x;
    }
    for (std::size_t i = 0; i < memory.roles.size(); ++i) {
        const core::RankRole& role = memory.roles[i];
        // The GPU the evaluation computed this role with.
        const core::GpuSpec* gpu = m_snapshot.catalog().gpu(role.gpuType);
        QString label = tr("stage %1").arg(role.ppRank);
        if (memory.roles.size() > 1 && gpu
            && std::any_of(memory.roles.begin(), memory.roles.end(),
                           [&](const core::RankRole& r) { return r.gpuType != role.gpuType; }))
            label += QLatin1Char('\n') + presetName(gpu->name);
        const QString ranks
            = QStringLiteral("\n× %1").arg(integerText(static_cast<long long>(role.ranks.size())));
        label += ranks;
        m_bars.push_back({role.ranks.front(), static_cast<int>(i), static_cast<int>(role.ranks.size()), x,
                          role.capacityBytes, role.totalBytes, label, QString::number(role.ppRank) + ranks});
        x += 1;
    }
    return x;
}

// Under each bar, a strip in its pipeline stage's colour, the colour the stage has on the cluster canvas
// and the timeline (groupcolors.h's stageColor). A gap parts it from the bar, whose categories share some of
// those colours (stage 1 and the activations are both orange), and the axis label names it. Returns where the
// y axis starts to show the strips.
double MemoryBars::markStages(double top)
{
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    if (m_snapshot.design->layout.pp() <= 1)
        return 0;
    const double depth = top / core::kGB * 0.045;
    for (const Bar& bar : m_bars) {
        const int stage = memory.roles[static_cast<std::size_t>(bar.role)].ppRank;
        auto* strip = new QCPItemRect(m_plot);
        strip->topLeft->setCoords(bar.x - 0.4, -0.4 * depth);
        strip->bottomRight->setCoords(bar.x + 0.4, -depth);
        strip->setPen(Qt::NoPen);
        strip->setBrush(stageColor(stage));
    }
    return -depth;
}

void MemoryBars::labelRoles()
{
    if (m_bars.empty())
        return;
    const QFontMetrics metrics(m_plot->xAxis->tickLabelFont());
    const auto widest = [&](const QString& text) {
        int width = 0;
        for (const QString& line : text.split(QLatin1Char('\n')))
            width = std::max(width, metrics.horizontalAdvance(line));
        return width;
    };
    int full = 0, brief = 0;
    for (const Bar& bar : m_bars) {
        full = std::max(full, widest(bar.label));
        brief = std::max(brief, widest(bar.shortLabel));
    }
    // The axis spans the bars and a margin of about one bar; the y axis and its label take the rest.
    const double perBar = std::max(1, m_plot->width() - 80) / (static_cast<double>(m_bars.size()) + 1.0);
    const double room = 0.9 * perBar;
    const bool whole = full <= room;
    const int every = whole || brief <= room ? 1 : static_cast<int>(std::ceil(brief / room));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < m_bars.size(); ++i)
        if (static_cast<int>(i) % every == 0)
            ticker->addTick(m_bars[i].x, whole ? m_bars[i].label : m_bars[i].shortLabel);
    m_plot->xAxis->setTicker(ticker);
}

QStringList MemoryBars::tickLabels() const
{
    QStringList out;
    if (const auto ticker = m_plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>())
        for (const QString& label : ticker->ticks())
            out << label;
    return out;
}

void MemoryBars::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (effectiveGrouping() == Grouping::PerRole && !m_bars.empty()) {
        labelRoles();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

// Each bar's categories stacked, its outline if it goes over, the capacity line across all of them.
// Returns the highest bar or capacity in bytes.
double MemoryBars::stackBars()
{
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    double top = 0;
    QVector<double> capacityX, capacityY;
    for (const Bar& bar : m_bars) {
        const core::RankRole& role = memory.roles[static_cast<std::size_t>(bar.role)];
        for (QCPBars* bars : m_series) {
            const auto category = static_cast<core::MemoryCategory>(bars->property("category").toInt());
            bars->addData(bar.x, role.figure(category).bytes / core::kGB);
        }
        if (!role.fits())
            m_overflow->addData(bar.x, role.totalBytes / core::kGB);
        capacityX << bar.x;
        capacityY << bar.capacity / core::kGB;
        top = std::max({top, role.totalBytes, bar.capacity});
    }
    // Extend the capacity line over the outer half bars.
    if (!capacityX.isEmpty()) {
        capacityX.prepend(capacityX.front() - 0.5);
        capacityY.prepend(capacityY.front());
        capacityX.append(capacityX.back() + 0.5);
        capacityY.append(capacityY.back());
    }
    m_capacity->setData(capacityX, capacityY, true);
    return top;
}

// Ticks: each GPU's rank when there is room, else the node names; role labels when grouped. Node names
// over each node's bars (at `top` bytes) when the ranks label the axis.
void MemoryBars::labelBars(double top)
{
    const core::Evaluation& e = *m_snapshot.evaluation;
    if (effectiveGrouping() == Grouping::PerRole) {
        labelRoles();
    } else if (m_bars.size() <= 40) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (const Bar& bar : m_bars)
            ticker->addTick(bar.x, bar.label);
        m_plot->xAxis->setTicker(ticker);
    } else {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        int previousNode = -1;
        for (const Bar& bar : m_bars) {
            const core::RankInfo& r = e.ranks[static_cast<std::size_t>(bar.rank)];
            if (r.nodeIndex != previousNode)
                ticker->addTick(bar.x, tr("node %1").arg(r.nodeId));
            previousNode = r.nodeIndex;
        }
        m_plot->xAxis->setTicker(ticker);
    }
    QString label = effectiveGrouping() == Grouping::PerGpu
        ? (m_bars.size() <= 40 ? tr("rank, grouped by node") : tr("GPUs by node"))
        : tr("one bar per pipeline stage (× ranks)");
    if (m_snapshot.design->layout.pp() > 1)
        label += QLatin1Char('\n') + tr("the strip under a bar: its pipeline stage's colour");
    m_plot->xAxis->setLabel(label);
    if (effectiveGrouping() != Grouping::PerGpu || m_bars.size() > 40)
        return;
    int previousNode = -1;
    double start = 0;
    auto labelNode = [&](int nodeIndex, double from, double to) {
        auto* text = new QCPItemText(m_plot);
        text->position->setType(QCPItemPosition::ptPlotCoords);
        text->position->setCoords((from + to) / 2, top / core::kGB * 1.08);
        text->setText(
            tr("node %1").arg(m_snapshot.design->cluster.nodes[static_cast<std::size_t>(nodeIndex)].id));
        text->setColor(palette().color(QPalette::Text));
    };
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const int node = e.ranks[static_cast<std::size_t>(m_bars[i].rank)].nodeIndex;
        if (node != previousNode) {
            if (previousNode >= 0)
                labelNode(previousNode, start, m_bars[i - 1].x);
            start = m_bars[i].x;
            previousNode = node;
        }
    }
    if (previousNode >= 0)
        labelNode(previousNode, start, m_bars.back().x);
}

// The legend names only what this design holds (training has no KV cache, serving no gradients), in
// stacking order, then the capacity line and, if any bar is over, the outline that marks it.
void MemoryBars::fillLegend()
{
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    m_plot->legend->clearItems();
    for (QCPBars* bars : m_series) {
        const auto category = static_cast<core::MemoryCategory>(bars->property("category").toInt());
        if (std::any_of(memory.roles.begin(), memory.roles.end(),
                        [category](const core::RankRole& role) { return role.figure(category).bytes > 0; }))
            bars->addToLegend();
    }
    m_capacity->addToLegend();
    // A tight design's bars are over only by the fragmentation allowance: amber, and the legend says so.
    m_overflow->setVisible(!memory.fits);
    m_overflow->setPen(QPen(memory.tight ? palette::tightCapacity : palette::overCapacity, 2.5));
    m_overflow->setName(memory.tight ? tr("Over only by the fragmentation allowance") : tr("Over capacity"));
    if (!memory.fits)
        m_overflow->addToLegend();
}

double MemoryBars::collectMeasuredMarkers()
{
    m_measured.clear();
    m_measuredBar = -1;
    const ShownRecord shown = shownRecord(m_snapshot);
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    if (!shown.record || memory.peakRank < 0)
        return 0;
    const int peakRole = memory.roleOfRank[static_cast<std::size_t>(memory.peakRank)];
    for (std::size_t i = 0; i < m_bars.size() && m_measuredBar < 0; ++i)
        if (effectiveGrouping() == Grouping::PerRole ? m_bars[i].role == peakRole
                                                     : m_bars[i].rank == memory.peakRank)
            m_measuredBar = static_cast<int>(i);
    double highest = 0;
    if (const core::RecordComparisonRow* total = shown.comparison.find("peakMemory.total")) {
        m_measured.push_back(
            {total->quantity, *total->measured, tr("measured peak %1").arg(measuredWithDifference(*total))});
        highest = *total->measured;
    }
    // A category's line marks where its segment would end at the measured size, on the bars below it.
    const core::RankRole& role = memory.roles[static_cast<std::size_t>(peakRole)];
    double base = 0;
    for (core::MemoryCategory category : kStackOrder) {
        std::string quantity = "peakMemory.";
        quantity += core::enumName(category);
        if (const core::RecordComparisonRow* row = shown.comparison.find(quantity)) {
            m_measured.push_back(
                {row->quantity, base + *row->measured,
                 tr("%1 measured %2").arg(categoryName(category), measuredWithDifference(*row))});
            highest = std::max(highest, base + *row->measured);
        }
        base += role.figure(category).bytes;
    }
    // Bottom up, so that drawMeasuredMarkers can move each label clear of the one below.
    std::stable_sort(m_measured.begin(), m_measured.end(),
                     [](const MeasuredMarker& a, const MeasuredMarker& b) { return a.bytes < b.bytes; });
    return highest;
}

void MemoryBars::drawMeasuredMarkers()
{
    if (m_measured.empty() || m_measuredBar < 0)
        return;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const double barX = m_bars[static_cast<std::size_t>(m_measuredBar)].x;
    const QCPRange xRange = m_plot->xAxis->range();
    // Category labels beside the bar, on the side with more room, moved apart so that none overlaps.
    const bool labelsRight = barX < xRange.center();
    const double lineGap = m_plot->yAxis->range().size() * 0.045;
    double lastLabel = -std::numeric_limits<double>::infinity();
    for (const MeasuredMarker& marker : m_measured) {
        const double y = marker.bytes / core::kGB;
        const bool total = marker.quantity == "peakMemory.total";
        auto* line = new QCPItemLine(m_plot);
        line->setPen(QPen(palette::measured, total ? 1.8 : 2.2, total ? Qt::DashDotLine : Qt::SolidLine));
        const double half = total ? 0 : kBarWidth / 2 + 0.12;
        line->start->setCoords(total ? xRange.lower : barX - half, y);
        line->end->setCoords(total ? xRange.upper : barX + half, y);
        auto* text = new QCPItemText(m_plot);
        text->setText(marker.label);
        text->setFont(small);
        text->setColor(palette::measured);
        text->setBrush(palette::labelBacking);
        if (total) {
            // Over the line, at the left edge of the plot.
            text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
            text->position->setCoords(0.01, y);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            continue;
        }
        const double labelY = std::max(y, lastLabel + lineGap);
        lastLabel = labelY;
        text->position->setCoords(labelsRight ? barX + half + 0.1 : barX - half - 0.1, labelY);
        text->setPositionAlignment((labelsRight ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    }
}

QWidget* MemoryBars::plotWidget() const
{
    return m_plot;
}

QPointF MemoryBars::pointOf(int bar, double bytes) const
{
    return {m_plot->xAxis->coordToPixel(m_bars[static_cast<std::size_t>(bar)].x),
            m_plot->yAxis->coordToPixel(bytes / core::kGB)};
}

std::pair<int, core::MemoryCategory> MemoryBars::hit(QPointF position) const
{
    const double x = m_plot->xAxis->pixelToCoord(position.x());
    const double y = m_plot->yAxis->pixelToCoord(position.y()) * core::kGB;
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        if (std::abs(x - m_bars[i].x) > kBarWidth / 2)
            continue;
        const core::RankRole& role
            = m_snapshot.evaluation->memory->roles[static_cast<std::size_t>(m_bars[i].role)];
        double base = 0;
        for (core::MemoryCategory category : kStackOrder) {
            const double height = role.figure(category).bytes;
            if (y >= base && y < base + height)
                return {static_cast<int>(i), category};
            base += height;
        }
        return {static_cast<int>(i), role.largest()};
    }
    return {-1, core::MemoryCategory::Parameters};
}

QString MemoryBars::toolTipFor(int index) const
{
    const Bar& bar = m_bars[static_cast<std::size_t>(index)];
    const core::RankRole& role = m_snapshot.evaluation->memory->roles[static_cast<std::size_t>(bar.role)];
    QString text = bar.count > 1 ? tr("<b>Pipeline stage %1</b> — %2 ranks alike (first: rank %3)")
                                       .arg(role.ppRank)
                                       .arg(integerText(bar.count))
                                       .arg(bar.rank)
                                 : tr("<b>Rank %1</b> — pipeline stage %2").arg(bar.rank).arg(role.ppRank);
    text += QStringLiteral("<table>");
    for (auto it = kStackOrder.rbegin(); it != kStackOrder.rend(); ++it) {
        const double bytes = role.figure(*it).bytes;
        if (bytes <= 0)
            continue;
        text
            += QStringLiteral("<tr><td><span style='color:%1'>■</span> %2</td><td align='right'>%3</td></tr>")
                   .arg(categoryColor(*it).name(), categoryName(*it), bytesText(bytes));
    }
    text += QStringLiteral("<tr><td><b>%1</b></td><td align='right'><b>%2</b></td></tr></table>")
                .arg(tr("Total"), bytesText(role.totalBytes));
    text += tr("Capacity %1: %2")
                .arg(bytesText(role.capacityBytes),
                     role.fits() ? tr("fits")
                         : role.tight()
                         ? QStringLiteral("<b style='color:%1'>%2</b>")
                               .arg(palette::tightCapacity.name(),
                                    tr("tight: without the fragmentation allowance %1")
                                        .arg(bytesText(role.totalBytes - role.fragmentationBytes)))
                         : QStringLiteral("<b style='color:%1'>%2</b>")
                               .arg(palette::overCapacity.name(), tr("does not fit")));
    if (role.offloadedBytes > 0)
        text += QStringLiteral("<br>")
            + tr("%1 of optimizer states offloaded to CPU memory").arg(bytesText(role.offloadedBytes));
    text += QStringLiteral("<br><i>") + tr("Click a segment to see where it comes from.")
        + QStringLiteral("</i>");
    return text;
}

void MemoryBars::onMouseMove(QMouseEvent* event)
{
    const auto [bar, category] = hit(event->position());
    if (bar < 0) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), toolTipFor(bar), m_plot);
}

void MemoryBars::onMousePress(QMouseEvent* event)
{
    const auto [bar, category] = hit(event->position());
    if (bar >= 0)
        emit explanationRequested(m_bars[static_cast<std::size_t>(bar)].rank, category);
}

} // namespace widgets
