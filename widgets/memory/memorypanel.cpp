// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/memorypanel.h"

#include "base/sizelimits.h"
#include "common/explanationdialog.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "memory/memorybars.h"
#include "memory/memorytext.h"
#include "memory/zeroview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace widgets {

MemoryPanel::MemoryPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    auto* header = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("memoryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    header->addWidget(m_status, 1);
    m_everyGpu = new QCheckBox(this);
    header->addWidget(m_everyGpu);
    m_learn = new QToolButton(this);
    m_learn->setObjectName(QStringLiteral("learnSharding"));
    header->addWidget(m_learn);
    connect(m_learn, &QToolButton::clicked, this, &MemoryPanel::shardingLessonRequested);
    layout->addLayout(header);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_bars = new MemoryBars(splitter);
    m_side = new QStackedWidget(splitter);
    m_zero = new ZeroView(m_side);
    m_side->addWidget(m_zero);

    m_serving = new QWidget(m_side);
    auto* form = new QFormLayout(m_serving);
    m_concurrency = new QSpinBox(m_serving);
    m_concurrency->setRange(1, core::limits::kMaxConcurrency);
    m_concurrency->setKeyboardTracking(false);
    m_concurrencyLabel = new QLabel(m_serving);
    form->addRow(m_concurrencyLabel, m_concurrency);
    m_context = new QSpinBox(m_serving);
    m_context->setRange(1, 1 << 30);
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setKeyboardTracking(false);
    m_contextLabel = new QLabel(m_serving);
    form->addRow(m_contextLabel, m_context);
    m_kvDtype = new QComboBox(m_serving);
    m_kvDtype->addItem(QStringLiteral("BF16"), QStringLiteral("bf16"));
    m_kvDtype->addItem(QStringLiteral("FP8"), QStringLiteral("fp8"));
    m_kvLabel = new QLabel(m_serving);
    form->addRow(m_kvLabel, m_kvDtype);
    m_servingSummary = new QLabel(m_serving);
    m_servingSummary->setWordWrap(true);
    m_servingSummary->setTextFormat(Qt::RichText);
    m_servingSummary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_servingSummary, &QLabel::linkActivated, this, &MemoryPanel::explainServing);
    form->addRow(m_servingSummary);
    m_side->addWidget(m_serving);

    splitter->addWidget(m_bars);
    splitter->addWidget(m_side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_host = new QLabel(this);
    m_host->setObjectName(QStringLiteral("hostMemory"));
    m_host->setWordWrap(true);
    m_host->setTextFormat(Qt::RichText);
    m_host->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_host, &QLabel::linkActivated, this, &MemoryPanel::explainServing);
    layout->addWidget(m_host);

    m_dialog = new ExplanationDialog(this);
    m_rebuild = new RebuildWhenShown(this, [this] { rebuild(); });

    connect(m_everyGpu, &QCheckBox::toggled, this, [this](bool on) {
        m_bars->setGrouping(on ? MemoryBars::Grouping::PerGpu : MemoryBars::Grouping::PerRole);
    });
    connect(m_bars, &MemoryBars::explanationRequested, this, &MemoryPanel::explain);
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this](int value) {
        emit fieldEdited(core::Field::Concurrency, core::FieldValue{std::int64_t{value}});
    });
    connect(m_context, &QSpinBox::valueChanged, this, [this](int value) {
        emit fieldEdited(core::Field::ContextLength, core::FieldValue{std::int64_t{value}});
    });
    connect(m_kvDtype, &QComboBox::activated, this, [this](int index) {
        emit fieldEdited(core::Field::KvDtype, core::FieldValue{ss(m_kvDtype->itemData(index).toString())});
    });
    retranslate();
}

void MemoryPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MemoryPanel::retranslate()
{
    m_everyGpu->setText(tr("Every GPU"));
    m_learn->setText(tr("How does ZeRO/FSDP split?"));
    m_learn->setToolTip(tr("Open the teaching view of sharded data parallelism (Learn menu)"));
    m_everyGpu->setToolTip(tr(
        "One bar per GPU, grouped by node; off: one bar per pipeline stage, standing for all ranks alike"));
    m_concurrencyLabel->setText(tr("Concurrent sequences"));
    m_contextLabel->setText(tr("Context length"));
    m_kvLabel->setText(tr("KV cache type"));
    m_rebuild->request();
}

void MemoryPanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_rebuild->request();
}

void MemoryPanel::rebuild()
{
    m_bars->setSnapshot(m_snapshot);
    m_zero->setSnapshot(m_snapshot);
    refresh();
}

QString MemoryPanel::statusText() const
{
    m_rebuild->bringUpToDate();
    return m_status->text();
}

void MemoryPanel::refresh()
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->memory) {
        m_status->setText(tr("No memory figures: fix the errors in the design first."));
        m_host->hide();
        return;
    }
    const core::Design& design = *m_snapshot.design;
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    const bool serving = design.workload.mode == core::Mode::Serving;
    const core::RankRole& peak = memory.roleOf(memory.peakRank);
    int over = 0;
    for (const core::RankRole& role : memory.roles)
        over += role.fits() ? 0 : static_cast<int>(role.ranks.size());
    QString text = tr("<b>Peak: rank %1 needs %2 of %3</b> (pipeline stage %4).")
                       .arg(memory.peakRank)
                       .arg(bytesText(peak.totalBytes), bytesText(peak.capacityBytes))
                       .arg(peak.ppRank);
    text += QLatin1Char(' ')
        + (memory.fits ? tr("Every GPU fits, with the reserve kept free.")
               : memory.tight
               ? QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                     .arg(palette::tightCapacity.name(),
                          tr("%Ln rank(s) tight: over only by the fragmentation allowance (see Diagnostics).",
                             nullptr, over))
               : QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                     .arg(palette::overCapacity.name(), tr("%Ln rank(s) do not fit.", nullptr, over)));
    m_status->setText(text);
    m_host->setText(hostMemoryText(memory));
    m_host->setVisible(!serving && memory.host);

    const QSignalBlocker b1(m_everyGpu);
    m_everyGpu->setChecked(m_bars->effectiveGrouping() == MemoryBars::Grouping::PerGpu);
    m_side->setCurrentWidget(serving ? m_serving : static_cast<QWidget*>(m_zero));
    if (serving) {
        const QSignalBlocker b2(m_concurrency), b3(m_context), b4(m_kvDtype);
        m_concurrency->setValue(design.workload.serving.concurrency);
        m_context->setValue(
            static_cast<int>(std::min<std::int64_t>(design.workload.serving.contextLength, 1 << 30)));
        m_kvDtype->setCurrentIndex(m_kvDtype->findData(qs(core::enumName(design.workload.serving.kvDtype))));
        const std::int64_t fit = memory.maxConcurrentSequences.value_or(0);
        m_servingSummary->setText(
            tr("<p>KV cache per sequence of %1 tokens: <a href='kvBytesPerSequence'><b>%2</b></a> on the "
               "fullest GPU.</p>"
               "<p>At most <a href='maxConcurrentSequences'><b>%3</b></a> fit per replica next to "
               "the weights and the workspace; the design asks for %4.</p>"
               "<p>%5 serve %6 at once.</p>")
                .arg(integerText(design.workload.serving.contextLength), bytesText(memory.kvBytesPerSequence),
                     tr("%Ln sequence(s)", nullptr, static_cast<int>(fit)),
                     integerText(design.workload.serving.concurrency),
                     tr("%Ln replica(s)", nullptr, static_cast<int>(design.layout.batchReplicas())),
                     tr("%Ln sequence(s)", nullptr, static_cast<int>(design.layout.batchReplicas() * fit)))
            + servingBudgetText(memory));
    }
}

QString MemoryPanel::servingBudgetText(const core::MemoryReport& memory)
{
    const auto& b = memory.servingBudget;
    if (!b)
        return {};
    // In binary units, as the engine's log prints them, with the chosen language's numbers.
    const auto gib = [](double bytes) { return bytesText(bytes, core::ByteUnits::Binary); };
    return tr("<p>As %1 states it at start-up: %2 × %3 = %4 usable; weights %5, non-torch memory %6, "
              "activation peak %7; the KV cache gets %8 = %9 blocks of %10 tokens.</p>")
        .arg(qs(b->engine), gib(b->totalBytes), numberText(b->utilization), gib(b->usableBytes),
             gib(b->weightsBytes), gib(b->nonTorchBytes), gib(b->activationBytes), gib(b->kvCacheBytes))
        .arg(integerText(b->blocks))
        .arg(b->blockTokens);
}

QString MemoryPanel::hostMemoryText(const core::MemoryReport& memory)
{
    if (!memory.host || !memory.host->fullest())
        return {};
    const core::HostMemory& host = *memory.host;
    const core::HostMemoryGroup& g = *host.fullest();
    const QString ram = g.ramBytes > 0 ? bytesText(g.ramBytes) : tr("unknown RAM");
    if (g.needBytes <= 0)
        return tr("Host memory per node: nothing offloaded (%1 per node).").arg(ram);
    QString text = host.checkpointStaging
        ? tr("Host memory per node: <a href='hostMemory'><b>%1</b></a> of %2 (the asynchronous checkpoint's "
             "staging, and what is offloaded with its pinned buffers).")
              .arg(bytesText(g.needBytes), ram)
        : tr("Host memory per node: <a href='hostMemory'><b>%1</b></a> of %2 (what is offloaded, with its "
             "pinned buffers).")
              .arg(bytesText(g.needBytes), ram);
    if (!host.fits())
        text += QStringLiteral(" <span style='color:%1'><b>%2</b></span>")
                    .arg(palette::overCapacity.name(),
                         tr("%Ln node(s) need more than their RAM.", nullptr, host.nodesOver));
    return text;
}

void MemoryPanel::explainServing(const QString& figure)
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->memory)
        return;
    const core::MemoryReport& memory = *m_snapshot.evaluation->memory;
    if (figure == QLatin1String("kvBytesPerSequence"))
        m_dialog->showExplanation(tr("KV cache per sequence"), memory.kvBytesPerSequence,
                                  memory.kvBytesPerSequenceExplanation);
    else if (figure == QLatin1String("hostMemory") && memory.host && memory.host->fullest())
        m_dialog->showExplanation(tr("Host memory per node"), memory.host->fullest()->needBytes,
                                  memory.host->explanation);
    else if (figure == QLatin1String("maxConcurrentSequences"))
        m_dialog->showExplanation(tr("Concurrent sequences that fit"),
                                  integerText(memory.maxConcurrentSequences.value_or(0)),
                                  memory.maxConcurrentSequencesExplanation);
    else
        return;
    m_dialog->show();
    m_dialog->raise();
}

void MemoryPanel::explain(int rank, core::MemoryCategory category)
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->memory)
        return;
    const core::RankRole& role = m_snapshot.evaluation->memory->roleOf(rank);
    const core::MemoryFigure& figure = role.figure(category);
    m_dialog->showExplanation(tr("%1 of rank %2").arg(categoryName(category)).arg(rank), figure.bytes,
                              figure.explanation);
    m_dialog->show();
    m_dialog->raise();
}

} // namespace widgets
