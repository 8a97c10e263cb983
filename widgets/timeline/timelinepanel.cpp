// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinepanel.h"

#include "base/units.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "design/validate.h"
#include "framework/frameworkswitches.h"
#include "timeline/activationplot.h"
#include "timeline/bubbleplot.h"
#include "timeline/lanechart.h"
#include "timeline/timelinecharts.h"
#include "timeline/timelinestyle.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QResizeEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace widgets {

// The colours of the chart and what they mean, wrapped onto as many rows as the width needs (German
// names are long); only what the design shows.
class TimelineLegend : public QWidget
{
public:
    explicit TimelineLegend(QWidget* parent = nullptr)
        : QWidget(parent)
    {
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
    }

    void setSnapshot(const DesignSnapshot& snapshot)
    {
        m_items.clear();
        if (snapshot.isNull() || !snapshot.evaluation->schedule) {
            update();
            return;
        }
        const core::ScheduleSpec& spec = snapshot.evaluation->schedule->spec();
        const core::ParallelLayout& layout = snapshot.design->layout;
        using K = core::PipelineOpKind;
        const bool dualPipe = spec.kind == core::Schedule::DualPipeV || spec.kind == core::Schedule::DualPipe;
        const bool split = spec.kind == core::Schedule::ZbH1 || spec.kind == core::Schedule::ZbV || dualPipe;
        m_items.push_back({opColor(K::Forward), opKindName(K::Forward), false});
        m_items.push_back(
            {opColor(K::Backward), split ? opKindName(K::BackwardInput) : opKindName(K::Backward), false});
        if (split)
            m_items.push_back({opColor(K::BackwardWeight), opKindName(K::BackwardWeight), false});
        if (dualPipe)
            m_items.push_back({opColor(K::ForwardBackward), opKindName(K::ForwardBackward), false});
        m_items.push_back({idleColor(), QCoreApplication::translate("Timeline", "Idle (bubble)"), true});
        if (layout.tp() > 1)
            m_items.push_back({commColor(core::CommKind::TensorParallel),
                               commKindName(core::CommKind::TensorParallel), false});
        if (layout.cp() > 1)
            m_items.push_back({commColor(core::CommKind::ContextParallel),
                               commKindName(core::CommKind::ContextParallel), false});
        if (layout.ep() > 1)
            m_items.push_back({commColor(core::CommKind::ExpertParallel),
                               commKindName(core::CommKind::ExpertParallel), false});
        if (layout.pp() > 1)
            m_items.push_back(
                {commColor(core::CommKind::PipelineSend), commKindName(core::CommKind::PipelineSend), false});
        updateGeometry();
        update();
    }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override
    {
        const std::vector<QRect> cells = layoutItems(width);
        return (cells.empty() ? fontMetrics().height() : cells.back().bottom() + 1) + 2 * kMargin;
    }
    QSize sizeHint() const override { return {600, heightForWidth(600)}; }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QWidget::resizeEvent(event);
        // A narrower window wraps onto more rows: the layout asks for the new height.
        if (heightForWidth(width()) != height())
            updateGeometry();
    }

    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        const int h = fontMetrics().height();
        const std::vector<QRect> cells = layoutItems(width());
        for (std::size_t i = 0; i < m_items.size(); ++i) {
            const Item& item = m_items[i];
            const QRect& cell = cells[i];
            const QRect swatch(cell.left(), cell.top() + (h - 12) / 2, 18, 12);
            painter.fillRect(swatch, item.color);
            if (item.hatched)
                painter.fillRect(swatch, QBrush(palette::bubbleHatch, Qt::BDiagPattern));
            painter.setPen(palette().color(QPalette::Text));
            painter.drawText(cell.adjusted(kSwatchWidth, 0, 0, 0), Qt::AlignVCenter, item.text);
        }
    }

private:
    static constexpr int kMargin = 3;
    static constexpr int kSwatchWidth = 22; // swatch and the gap after it
    static constexpr int kGap = 16; // between two items

    // Each item's cell (swatch and text) in widget coordinates, row by row, left to right: an item that
    // does not fit on the current row starts the next one, from the charts' left edge.
    std::vector<QRect> layoutItems(int width) const
    {
        const int h = fontMetrics().height();
        const int left = LaneChart::kLabelWidth - 4;
        std::vector<QRect> cells;
        int x = left;
        int y = kMargin;
        for (const Item& item : m_items) {
            const int w = kSwatchWidth + fontMetrics().horizontalAdvance(item.text) + 2;
            if (x > left && x + w > width) {
                x = left;
                y += h + kMargin;
            }
            cells.emplace_back(x, y, w, h);
            x += w + kGap;
        }
        return cells;
    }

    struct Item
    {
        QColor color;
        QString text;
        bool hatched;
    };
    std::vector<Item> m_items;
};

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 4);
    layout->setSpacing(4);
    layout->addLayout(buildControls());
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("timelineSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_legend = new TimelineLegend(this);
    m_legend->setObjectName(QStringLiteral("timelineLegend"));
    layout->addWidget(m_legend);
    layout->addWidget(buildCharts(), 1);
    m_rebuild = new RebuildWhenShown(this, [this] { rebuild(); });
    connectControls();
    retranslate();
}

// The schedule, micro-batch and virtual-stage choices, the fit button and the hint, in one row.
QHBoxLayout* TimelinePanel::buildControls()
{
    auto* controls = new QHBoxLayout;
    m_scheduleLabel = new QLabel(this);
    m_schedule = new QComboBox(this);
    for (core::Schedule s : {core::Schedule::GPipe, core::Schedule::OneFOneB, core::Schedule::Interleaved,
                             core::Schedule::ZbH1, core::Schedule::ZbV, core::Schedule::DualPipeV,
                             core::Schedule::DualPipe})
        m_schedule->addItem(QString(), static_cast<int>(s));
    m_scheduleLabel->setBuddy(m_schedule);
    m_microBatchesLabel = new QLabel(this);
    m_microBatches = new QSpinBox(this);
    m_microBatches->setRange(1, 1000000);
    m_microBatches->setKeyboardTracking(false);
    m_microBatchesLabel->setBuddy(m_microBatches);
    m_virtualStagesLabel = new QLabel(this);
    m_virtualStages = new QSpinBox(this);
    m_virtualStages->setRange(1, 64);
    m_virtualStages->setKeyboardTracking(false);
    m_virtualStagesLabel->setBuddy(m_virtualStages);
    m_fit = new QToolButton(this);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("timelineHint"));
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    // A hint: it never makes the window wider; where the row is short of room (German at 1366 × 768) it
    // wraps onto a second line instead of being cut.
    m_hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_hint->setWordWrap(true);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_scheduleLabel, m_schedule, m_microBatchesLabel, m_microBatches,
                                         m_virtualStagesLabel, m_virtualStages, m_fit})
        controls->addWidget(w);
    controls->addSpacing(12);
    controls->addWidget(m_hint, 1);
    return controls;
}

// The pipeline Gantt above; beneath it the bubble plot beside the detail tabs (memory over time, the DDP
// step, the FSDP layers) with the pipeline rank they show.
QSplitter* TimelinePanel::buildCharts()
{
    auto* vertical = new QSplitter(Qt::Vertical, this);
    m_vertical = vertical;
    m_pipeline = new LaneChart(vertical);
    m_pipeline->setObjectName(QStringLiteral("pipelineChart"));
    vertical->addWidget(m_pipeline);
    auto* horizontal = new QSplitter(Qt::Horizontal, vertical);
    m_horizontal = horizontal;
    m_bubble = new BubblePlot(horizontal);
    horizontal->addWidget(m_bubble);
    m_details = new QTabWidget(horizontal);
    m_details->setDocumentMode(true);
    m_activations = new ActivationPlot(m_details);
    m_details->addTab(m_activations, QString());

    auto makePage = [this](QLabel*& caption, LaneChart*& chart) {
        auto* page = new QWidget(m_details);
        auto* pageLayout = new QVBoxLayout(page);
        pageLayout->setContentsMargins(0, 4, 0, 0);
        caption = new QLabel(page);
        caption->setWordWrap(true);
        pageLayout->addWidget(caption);
        chart = new LaneChart(page);
        pageLayout->addWidget(chart, 1);
        return page;
    };
    m_ddpPage = makePage(m_ddpCaption, m_ddp);
    m_details->addTab(m_ddpPage, QString());
    m_fsdpPage = makePage(m_fsdpCaption, m_fsdp);
    m_details->addTab(m_fsdpPage, QString());
    auto* corner = new QWidget(m_details);
    auto* cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(0, 0, 4, 0);
    m_rankLabel = new QLabel(corner);
    m_rank = new QSpinBox(corner);
    m_rank->setRange(0, 0);
    m_rankLabel->setBuddy(m_rank);
    cornerLayout->addWidget(m_rankLabel);
    cornerLayout->addWidget(m_rank);
    m_details->setCornerWidget(corner, Qt::TopRightCorner);
    horizontal->addWidget(m_details);
    horizontal->setStretchFactor(0, 1);
    horizontal->setStretchFactor(1, 1);
    horizontal->setSizes({500, 500});
    vertical->addWidget(horizontal);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({600, 400});
    return vertical;
}

// The choices edit the design (as intents); the cursor is shared by the Gantt and memory over time.
void TimelinePanel::connectControls()
{
    connect(m_schedule, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_updating || m_snapshot.isNull() || index < 0)
            return;
        const auto schedule = static_cast<core::Schedule>(m_schedule->itemData(index).toInt());
        if (schedule != m_snapshot.design->layout.schedule)
            emit fieldsEdited(scheduleEdits(*m_snapshot.design, schedule));
    });
    connect(m_microBatches, &QSpinBox::valueChanged, this, [this](int m) {
        if (m_updating || m_snapshot.isNull())
            return;
        // m micro-batches of the design's size on every data-parallel replica make the global batch.
        const std::int64_t perStep
            = std::int64_t{m_snapshot.design->layout.microBatch} * m_snapshot.design->layout.batchReplicas();
        emit fieldsEdited({{core::Field::GlobalBatch,
                            core::FieldValue{std::int64_t{m} * std::max<std::int64_t>(1, perStep)}}});
    });
    connect(m_virtualStages, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_updating || m_snapshot.isNull())
            return;
        emit fieldsEdited({{core::Field::VirtualStages, core::FieldValue{std::int64_t{v}}}});
    });
    connect(m_fit, &QToolButton::clicked, m_pipeline, &LaneChart::fit);
    connect(m_rank, &QSpinBox::valueChanged, this, [this] { updateDetails(); });
    connect(m_pipeline, &LaneChart::cursorMoved, m_activations, &ActivationPlot::setCursorTime);
    connect(m_activations, &ActivationPlot::cursorMoved, m_pipeline, &LaneChart::setCursorTime);
}

std::vector<FieldEdit> TimelinePanel::scheduleEdits(const core::Design& design, core::Schedule schedule)
{
    const int v = design.layout.virtualStages;
    int needed = v;
    switch (schedule) {
    case core::Schedule::Interleaved:
        needed = std::max(2, v);
        break;
    case core::Schedule::ZbV:
    case core::Schedule::DualPipeV:
    case core::Schedule::DualPipe:
        needed = 2;
        break;
    case core::Schedule::GPipe:
    case core::Schedule::OneFOneB:
    case core::Schedule::ZbH1:
        needed = 1;
        break;
    }
    // Filled in place: GCC 12 warns falsely (-Wmaybe-uninitialized) when a braced FieldEdit holding a
    // std::variant with a std::string is moved into the vector.
    std::vector<FieldEdit> edits(needed != v ? 2 : 1);
    edits[0].field = core::Field::Schedule;
    edits[0].value = std::string(core::enumName(schedule));
    if (needed != v) {
        edits[1].field = core::Field::VirtualStages;
        edits[1].value = std::int64_t{needed};
    }
    return edits;
}

void TimelinePanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    shareRoom();
}

void TimelinePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TimelinePanel::retranslate()
{
    m_scheduleLabel->setText(tr("&Schedule"));
    for (int i = 0; i < m_schedule->count(); ++i)
        m_schedule->setItemText(i,
                                scheduleName(static_cast<core::Schedule>(m_schedule->itemData(i).toInt())));
    m_microBatchesLabel->setText(tr("&Micro-batches"));
    m_microBatches->setToolTip(
        tr("Micro-batches per pipeline and step; sets the global batch to micro-batches × "
           "micro-batch size × data-parallel replicas."));
    m_virtualStagesLabel->setText(tr("&Virtual stages"));
    m_virtualStages->setToolTip(
        tr("Model chunks per pipeline rank (interleaved 1F1B; ZB-V and DualPipeV use 2)."));
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("Show the whole step (double click or 0 in the chart)"));
    m_hint->setText(tr("Ctrl + wheel zooms, drag pans, click sets the cursor, hover explains."));
    m_hint->setToolTip(m_hint->text());
    m_details->setTabText(m_details->indexOf(m_activations), tr("Memory over time"));
    m_details->setTabText(m_details->indexOf(m_ddpPage), tr("DDP step"));
    m_details->setTabText(m_details->indexOf(m_fsdpPage), tr("FSDP layers"));
    m_rankLabel->setText(tr("Pipeline rank"));
    m_rebuild->request();
}

void TimelinePanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_rebuild->request();
}

void TimelinePanel::rebuild()
{
    showValues();
    m_legend->setSnapshot(m_snapshot);
    updateCharts();
}

void TimelinePanel::showValues()
{
    if (m_snapshot.isNull())
        return;
    m_updating = true;
    const core::Design& design = *m_snapshot.design;
    const int index = m_schedule->findData(static_cast<int>(design.layout.schedule));
    m_schedule->setCurrentIndex(index);
    const std::int64_t m = core::microBatchesPerStep(design);
    m_microBatches->setValue(static_cast<int>(std::clamp<std::int64_t>(m, 1, m_microBatches->maximum())));
    m_virtualStages->setValue(std::clamp(design.layout.virtualStages, 1, m_virtualStages->maximum()));
    const bool training = design.workload.mode == core::Mode::Training;
    m_schedule->setEnabled(training);
    m_microBatches->setEnabled(training);
    // Interleaved takes any count from 2; the others a fixed one, editable here only to repair a design
    // that does not have it.
    const bool fixable = scheduleEdits(design, design.layout.schedule).size() > 1;
    m_virtualStages->setEnabled(training
                                && (design.layout.schedule == core::Schedule::Interleaved || fixable));
    m_rank->setMaximum(std::max(0, design.layout.pp() - 1));
    m_updating = false;
}

QString TimelinePanel::summaryText() const
{
    m_rebuild->bringUpToDate();
    return m_summary->text();
}

// The headline's step is longer than the pipeline drawn here: after the last backward come the
// data-parallel synchronisation the pipeline cannot hide and the optimizer step (core/performance/
// performance.h). The caption names each term with its value, so the two figures visibly agree.
QString TimelinePanel::stepCompositionText() const
{
    const std::optional<core::Performance>& perf = m_snapshot.evaluation->performance;
    if (!perf)
        return QString();
    QStringList terms{tr("this pipeline %1").arg(secondsText(perf->pipelineSeconds))};
    if (perf->dataParallelSeconds > 0)
        terms << tr("data-parallel synchronisation after it %1").arg(secondsText(perf->dataParallelSeconds));
    if (perf->optimizerSeconds > 0)
        terms << tr("optimizer step %1").arg(secondsText(perf->optimizerSeconds));
    return QStringLiteral("<br>")
        + tr("Step in the headline <b>%1</b> = %2")
              .arg(secondsText(perf->stepSeconds), terms.join(QStringLiteral(" + ")));
}

void TimelinePanel::updateCharts()
{
    const bool has = !m_snapshot.isNull() && m_snapshot.evaluation->schedule;
    m_pipeline->setModel(has ? std::make_shared<PipelineChartModel>(m_snapshot) : nullptr);
    // Without a schedule the plots beneath would be empty axes ("1·10⁻⁹ GB"): the chart's empty state says
    // why, and takes their room.
    m_horizontal->setVisible(has);
    if (!has) {
        QString why;
        if (m_snapshot.isNull())
            why = QString();
        else if (m_snapshot.design->workload.mode != core::Mode::Training)
            why = tr("A serving design runs no training step, so there is no pipeline schedule to show.");
        else if (!m_snapshot.evaluation->valid())
            why = tr("The timeline appears once the design has no errors (see Diagnostics).");
        else
            why = tr("The pipeline runs too many operations per step to draw (see Diagnostics); fewer "
                     "micro-batches or stages show one.");
        m_pipeline->setEmptyText(why);
        m_summary->setText(why);
        m_bubble->clear();
        m_activations->setCurves({}, {});
        updateDetails();
        return;
    }
    const core::ScheduleEvaluation& s = *m_snapshot.evaluation->schedule;
    const core::ScheduleSpec& spec = s.spec();
    const core::PipelineTimeline& t = s.timeline;
    // Every rank's peak, or for long pipelines the first few and the last; counted until W, as the memory
    // bars and the curve below count them.
    QStringList peaks;
    constexpr std::size_t kShownPeaks = 8;
    for (std::size_t r = 0; r < t.ranks.size(); ++r) {
        if (t.ranks.size() > kShownPeaks + 1 && r == kShownPeaks) {
            peaks << QStringLiteral("…") << QString::number(t.ranks.back().peakInFlightToWeightGrad);
            break;
        }
        peaks << QString::number(t.ranks[r].peakInFlightToWeightGrad);
    }
    const int p = spec.ranks;
    const int m = spec.microBatches;
    QString text = tr("<b>%1</b> · %2 × %3 · step <b>%4</b> · bubble <b>%5 %</b> of the GPU time")
                       .arg(scheduleName(spec.kind), tr("%Ln stage(s)", nullptr, stageCount(spec)),
                            tr("%Ln micro-batch(es)", nullptr, m), secondsText(t.makespan))
                       .arg(fixedText(100 * t.bubbleFraction, 1));
    if (p > 1 && (spec.kind == core::Schedule::GPipe || spec.kind == core::Schedule::OneFOneB))
        text += tr(" (equal stages: (p − 1)/(m + p − 1) = %1/%2 = %3 %)")
                    .arg(p - 1)
                    .arg(m + p - 1)
                    .arg(fixedText(100.0 * (p - 1) / (m + p - 1), 1));
    if (p > 1)
        text += tr(" · longest idle inside one stage %1 · micro-batches in flight per stage: %2")
                    .arg(secondsText(t.maxStageBubble), peaks.join(QStringLiteral(", ")));
    text += stepCompositionText();
    // The measured step beside the predicted one (the chart marks both), so a record is read where its
    // figure is.
    if (const ShownRecord shown = shownRecord(m_snapshot); shown.record)
        if (const core::RecordComparisonRow* step = shown.comparison.find("stepSeconds"))
            text += QStringLiteral("<br>")
                + tr("Whole step (pipeline, data-parallel sync, optimizer) in %1: %2")
                      .arg(recordTitle(*shown.record).toHtmlEscaped(), measuredBesidePredicted(*step));
    m_summary->setText(text);
    m_bubble->setSchedule(spec, t.bubbleFraction);
    QStringList names;
    for (int lane = 0; lane < m_pipeline->model()->laneCount(); lane += 2)
        names << m_pipeline->model()->laneLabel(lane);
    m_activations->setFromMemoryModel(s.activationsFromMemoryModel);
    m_activations->setCurves(s.activations, names);
    m_activations->setCursorTime(m_pipeline->cursorTime());
    updateDetails();
    shareRoom();
}

// A Gantt of few ranks (PP = 1: two lanes) gets the height its lanes want, and the detail views (memory
// over time, DDP buckets, FSDP layers) the rest; with one rank there is no bubble either, and they get
// two thirds of the width. Only when the number of lanes changes, so that the user's splitter drags stay.
void TimelinePanel::shareRoom()
{
    const int lanes = m_pipeline->model() ? m_pipeline->model()->laneCount() : 0;
    // A hidden splitter lays its children out again when first shown: share then (showEvent).
    if (lanes == m_sharedForLanes || lanes == 0 || !m_vertical->isVisible())
        return;
    m_sharedForLanes = lanes;
    auto total = [](const QSplitter* splitter, int fallback) {
        int sum = 0;
        for (int size : splitter->sizes())
            sum += size;
        return sum > 0 ? sum : fallback;
    };
    const int height = total(m_vertical, 1000);
    const int chart = std::min(m_pipeline->fullHeight(), height * 3 / 5);
    m_vertical->setSizes({chart, height - chart});
    const int width = total(m_horizontal, 1000);
    const int bubble = lanes <= 2 ? width / 3 : width / 2;
    m_horizontal->setSizes({bubble, width - bubble});
}

void TimelinePanel::updateDetails()
{
    const bool has = !m_snapshot.isNull() && m_snapshot.evaluation->schedule;
    const bool dp = has && !m_snapshot.evaluation->schedule->ddp.empty();
    const int rank = m_rank->value();
    m_ddp->setModel(dp ? std::make_shared<DdpChartModel>(m_snapshot, rank) : nullptr);
    m_fsdp->setModel(dp ? std::make_shared<FsdpChartModel>(m_snapshot, rank) : nullptr);
    QString none = has ? tr("With one data-parallel rank there are no gradients to reduce.") : QString();
    if (has && !dp && !m_snapshot.evaluation->schedule->stageCopies.empty()) {
        // DualPipe still sums every stage's two copies, a tied embedding its two (core::StageCopySync): the
        // slowest pair.
        const auto& copies = m_snapshot.evaluation->schedule->stageCopies;
        const auto slowest = std::max_element(
            copies.begin(), copies.end(), [](const auto& a, const auto& b) { return a.seconds < b.seconds; });
        none += QLatin1Char(' ')
            + (slowest->copies == core::PipelineCopies::Embedding
                   ? tr("The first and last stage sum the word embedding's two copies after the backward: "
                        "pipeline ranks %1 and %2 take %3, exposed.")
                   : tr("DualPipe sums each stage's two copies after the backward: pipeline ranks %1 and %2 "
                        "take %3, exposed."))
                  .arg(slowest->pipelineRank)
                  .arg(slowest->partnerRank)
                  .arg(secondsText(slowest->seconds));
    }
    m_ddp->setEmptyText(none);
    m_fsdp->setEmptyText(none);
    m_rank->setEnabled(dp);
    updateCaptions();
}

void TimelinePanel::updateCaptions()
{
    // Set, never cleared first: QLabel keeps a text it already shows, but parses and lays out again one
    // that was cleared in between, on each edit.
    const auto* ddpModel = dynamic_cast<const DdpChartModel*>(m_ddp->model());
    const auto* fsdpModel = dynamic_cast<const FsdpChartModel*>(m_fsdp->model());
    if (!ddpModel || !fsdpModel) {
        m_ddpCaption->clear();
        m_fsdpCaption->clear();
        return;
    }
    const core::ParallelLayout& layout = m_snapshot.design->layout;
    const core::DdpStepTimeline& ddp = ddpModel->ddp();
    double communication = 0;
    for (double seconds : ddp.bucketSeconds)
        communication += seconds;
    const QString operation
        = ddp.reduction == core::CollectiveOp::AllReduce ? tr("all-reduced") : tr("reduce-scattered");
    QString ddpText
        = tr("<b>Gradient buckets</b> of pipeline rank %1: %Ln bucket(s) (PyTorch DDP: the first 1 MiB, then "
             "25 MiB each), %2 over %3 data-parallel ranks in bucket order as the last backward produces "
             "them. <b>%4</b> of %5 stays exposed after the backward.",
             nullptr, static_cast<int>(ddp.buckets.size()))
              .arg(ddp.pipelineRank)
              .arg(operation)
              .arg(ddp.dataParallelRanks)
              .arg(secondsText(ddp.overlap.exposedSeconds), secondsText(communication));
    if (layout.zeroStage == 3)
        ddpText += QLatin1Char(' ') + tr("(The design shards with FSDP; this is what DDP would do.)");
    m_ddpCaption->setText(ddpText);

    const core::FsdpLayerTimeline& fsdp = fsdpModel->fsdp();
    QString fsdpText = fsdp.reshardAfterForward
        ? tr("<b>FSDP</b> on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered "
             "before its "
             "forward (the next one prefetched), gathered again before its backward (reshard after forward), "
             "and "
             "its gradients reduce-scattered after it. <b>%3</b> of %4 waits on communication.")
        : tr("<b>FSDP</b> on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered "
             "before its "
             "forward and kept until its backward (no reshard after forward: no second all-gather), its "
             "gradients "
             "reduce-scattered after it. <b>%3</b> of %4 waits on communication.");
    fsdpText = fsdpText.arg(fsdp.pipelineRank)
                   .arg(fsdp.shardRanks)
                   .arg(secondsText(fsdp.exposedSeconds), secondsText(fsdp.makespan));
    if (fsdp.copySeconds > 0)
        fsdpText += QLatin1Char(' ')
            + tr("The compute spans include copying each gathered layer out of the all-gather buffer and its "
                 "gradients into the reduce-scatter buffer: %1.")
                  .arg(secondsText(fsdp.copySeconds));
    if (layout.zeroStage != 3) {
        fsdpText += QLatin1Char(' ')
            + tr("(The design uses ZeRO-%1; this is what FSDP would do.)").arg(layout.zeroStage);
    } else if (fsdp.microBatches > 1) {
        // The micro-batch drawn is the step's last; the cadence switches make the others differ.
        const core::DataParallelCadence cadence
            = core::dataParallelCadence(*m_snapshot.design, fsdp.microBatches);
        fsdpText += QLatin1Char(' ')
            + tr("Drawn: the last of the step's %Ln micro-batch(es). Over the step each layer is "
                 "all-gathered "
                 "%1 "
                 "times and reduce-scattered %2 times: <b>%3</b> waits on communication per step.",
                 nullptr, fsdp.microBatches)
                  .arg(cadence.gathers)
                  .arg(cadence.reduceScatters)
                  .arg(secondsText(fsdp.stepExposedSeconds));
    }
    m_fsdpCaption->setText(fsdpText);
}

} // namespace widgets
