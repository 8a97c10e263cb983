// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates; allow it in the files that plot.
#undef QT_NO_FOREACH

#include "memory/zeroview.h"

#include "base/units.h"
#include "catalog/catalog.h"
#include "common/palette.h"
#include "common/plotlocale.h"
#include "common/qtconvert.h"
#include "memory/memorytext.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace widgets {

ZeroView::ZeroView(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    followLanguage(m_plot);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("zeroTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    // A plot squeezed to no height (a hidden tab laid out for a screenshot) would paint into a null
    // buffer; the four bars need this much anyway.
    m_plot->setMinimumSize(200, 140);
    layout->addWidget(m_plot, 1);
    m_replicated = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_replicated->setBrush(palette::zeroReplicated);
    m_replicated->setPen(QPen(palette::zeroReplicated.darker(120)));
    m_sharded = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_sharded->setBrush(palette::zeroSharded);
    m_sharded->setPen(QPen(palette::zeroReplicated.darker(120)));
    m_sharded->moveAbove(m_replicated);
    for (QCPBars* bars : {m_replicated, m_sharded})
        bars->setWidth(0.6);
    m_plot->legend->setVisible(true);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend); // below the plot, clear of the bars
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->xAxis->grid()->setVisible(false);
    changeEvent(nullptr);
}

void ZeroView::changeEvent(QEvent* event)
{
    if (!event || event->type() == QEvent::LanguageChange) {
        m_replicated->setName(tr("Copied on every GPU"));
        m_sharded->setName(tr("This GPU's share of the sharded part"));
        m_plot->yAxis->setLabel(tr("GB of model states per GPU"));
        if (event)
            rebuild();
    }
    if (event)
        QWidget::changeEvent(event);
}

void ZeroView::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    rebuild();
}

void ZeroView::rebuild()
{
    m_replicated->data()->clear();
    m_sharded->data()->clear();
    m_plot->clearItems();
    if (m_snapshot.isNull() || !m_snapshot.evaluation->memory) {
        m_title->clear();
        m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
        return;
    }
    const core::Design& design = *m_snapshot.design;
    // The fullest rank's GPU: its FP8 weights take what the bars count (core/memory/memory.h).
    const core::MemoryReport& report = *m_snapshot.evaluation->memory;
    const core::GpuSpec* gpu = report.peakRank >= 0
        ? m_snapshot.evaluation->presets().gpu(report.roleOf(report.peakRank).gpuType)
        : nullptr;
    m_comparison = core::zeroComparison(design, gpu);
    const core::ZeroComparison& z = m_comparison;
    // DDP keeps every state whole: its total over Ψ is the mean bytes per parameter the bars count.
    const double bytesPerParameter = z.parameters > 0 ? z.stages[0].total() / z.parameters : 0.0;
    QString title = z.expertParameters > 0
        ? tr("<b>Model states per GPU</b> for %1 parameters (this rank's share of the model): %2 dense, "
             "sharded over N = %3 GPUs, and %4 of experts, sharded over the N = %5 GPUs of expert data "
             "parallelism, at %6 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the "
             "gradients, ZeRO-3 (FSDP) also the weights.")
              .arg(countText(z.parameters), countText(z.parameters - z.expertParameters))
              .arg(z.shardRanks)
              .arg(countText(z.expertParameters))
              .arg(z.expertShardRanks)
              .arg(numberText(bytesPerParameter))
        : tr("<b>Model states per GPU</b> for %1 parameters (this rank's share of the model), sharded over "
             "N = %2 GPUs at %3 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the "
             "gradients, ZeRO-3 (FSDP) also the weights.")
              .arg(countText(z.parameters))
              .arg(z.shardRanks)
              .arg(numberText(bytesPerParameter));
    if (z.optimizerOffloaded)
        title += QLatin1Char(' ')
            + tr("The optimizer states are offloaded to CPU memory and left out of the bars.");
    if (!design.layout.reshardAfterForward)
        title += QLatin1Char(' ')
            + tr("With reshard_after_forward=False, ZeRO-3 keeps the weights gathered from forward to "
                 "backward: they count whole.");
    m_title->setText(title);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QStringList names{tr("DDP"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")};
    double top = 0;
    for (int stage = 0; stage < 4; ++stage) {
        const core::ModelStates& s = m_comparison.stages[static_cast<std::size_t>(stage)];
        m_replicated->addData(stage, s.replicated / core::kGB);
        m_sharded->addData(stage, s.sharded / core::kGB);
        ticker->addTick(stage, names[stage]);
        top = std::max(top, s.total());
        auto* label = new QCPItemText(m_plot);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(stage, s.total() / core::kGB);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(bytesText(s.total()));
        label->setColor(palette().color(QPalette::Text));
        if (stage == design.layout.zeroStage)
            label->setFont([this] {
                QFont f = font();
                f.setBold(true);
                return f;
            }());
    }
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.6, 3.6);

    // The GPU's memory, as in the reference article's figure ("dem Speicher einer 80-GB-GPU gegenüber").
    double capacity = 0;
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    for (const core::RankRole& role : memory.roles)
        capacity = capacity == 0 ? role.capacityBytes : std::min(capacity, role.capacityBytes);
    if (capacity > 0) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(0, capacity / core::kGB);
        line->point2->setCoords(1, capacity / core::kGB);
        line->setPen(QPen(palette::capacityLine, 1.5, Qt::DashLine));
        auto* text = new QCPItemText(m_plot);
        text->position->setType(QCPItemPosition::ptPlotCoords);
        text->position->setCoords(3.55, capacity / core::kGB);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        text->setText(tr("GPU memory %1").arg(bytesText(capacity)));
        text->setColor(palette::capacityLine);
        top = std::max(top, capacity);
    }
    m_plot->yAxis->setRange(0, top / core::kGB * 1.12);
    m_plot->replot(QCustomPlot::rpQueuedRefresh); // painted with the window, see bubbleplot.cpp
}

} // namespace widgets
