// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/strategyexplorer.h"

#include "catalog/catalog.h"
#include "collectives/collectivetext.h"
#include "teaching/lessonview.h"
#include "common/qtconvert.h"
#include "teaching/teachingtext.h"
#include "common/unitstext.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}

// Long enough to follow, short enough not to wait for (Material motion: 300–500 ms for large changes).
constexpr int kAnimationMs = 450;

QColor rankColor(int rank)
{
    static const QColor colors[] = {QColor(0x4e79a7), QColor(0xf28e2b), QColor(0x59a14f), QColor(0xb07aa1)};
    return colors[rank % 4];
}

QString gpuSubtitle(const core::StrategyLesson& lesson, const core::GpuHoldings& gpu)
{
    using S = core::Strategy;
    switch (lesson.strategy) {
    case S::Pp:
    case S::ServingPp:
        return StrategyExplorer::tr("layers %1–%2").arg(gpu.firstLayer).arg(gpu.firstLayer + gpu.layers - 1);
    case S::Ep:
    case S::ServingEp:
        return StrategyExplorer::tr("experts %1–%2 of %3")
            .arg(gpu.firstExpert)
            .arg(gpu.firstExpert + gpu.experts - 1)
            .arg(lesson.design.model.moe.experts);
    case S::Cp:
        return StrategyExplorer::tr("sequence part %1 of %2").arg(gpu.rank + 1).arg(core::kTeachingGpus);
    case S::Tp:
    case S::ServingTp:
        return StrategyExplorer::tr("¼ of every matrix");
    default:
        return StrategyExplorer::tr("its own micro-batches");
    }
}

// The canvas's fixed measures, in the normal font's pixels.
constexpr int kMargin = 8;
constexpr int kColumnGap = 14;

// The phases a panel lists its collectives in: serving runs forward passes only (prefill and decode),
// training a whole step.
std::vector<core::StepPhase> phasesOf(const core::StrategyLesson& lesson)
{
    if (core::isServing(lesson.strategy))
        return {core::StepPhase::Forward};
    return {core::StepPhase::Forward, core::StepPhase::Backward, core::StepPhase::Optimizer};
}

QString collectiveLine(const core::PhaseCollective& c)
{
    QString text = StrategyExplorer::tr("%1 of %2 (%3)")
                       .arg(collectiveOpText(c.op), payloadText(c.payload), dimensionText(c.dim));
    if (c.bytesPerGpu > 0)
        text += StrategyExplorer::tr(": %1 per GPU per step").arg(bytesText(c.bytesPerGpu));
    return text;
}

// Rows: the states, and the peak.
constexpr int kRows = core::kStateKindCount + 1;

} // namespace

// ---------------------------------------------------------------------------------------------------------

StrategyExplorer::StrategyExplorer(Kind kind, QWidget* parent)
    : LessonView(parent)
    , m_kind(kind)
    , m_buttons(new QButtonGroup(this))
{
    if (kind == Kind::Training)
        m_strategies.assign(core::kTrainingStrategies.begin(), core::kTrainingStrategies.end());
    else
        m_strategies.assign(core::kServingStrategies.begin(), core::kServingStrategies.end());

    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    auto* buttonRow = new QHBoxLayout;
    for (std::size_t i = 0; i < m_strategies.size(); ++i) {
        auto* button = new QPushButton(this);
        button->setCheckable(true);
        button->setObjectName(qs(core::enumName(m_strategies[i])));
        m_buttons->addButton(button, static_cast<int>(i));
        buttonRow->addWidget(button);
    }
    m_buttons->button(0)->setChecked(true);
    buttonRow->addStretch(1);
    m_modelLabel = new QLabel(this);
    buttonRow->addWidget(m_modelLabel);
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("teachingModel"));
    m_model->addItem(QString()); // automatic, named in retranslate
    for (const core::ModelArchitecture& model : core::Catalog::builtin().models())
        m_model->addItem(qs(model.name), qs(model.preset));
    m_modelLabel->setBuddy(m_model);
    buttonRow->addWidget(m_model);
    layout->addLayout(buttonRow);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_canvas = new StrategyCanvas(this);
    layout->addWidget(m_canvas, 1);
    for (QLabel** label : {&m_saves, &m_costs}) {
        *label = new QLabel(this);
        (*label)->setWordWrap(true);
        (*label)->setTextFormat(Qt::RichText);
        layout->addWidget(*label);
    }
    connect(m_buttons, &QButtonGroup::idClicked, this, [this](int id) { setStep(id); });
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] { rebuildLessons(); });
    retranslate();
}

int StrategyExplorer::stepCount() const
{
    return static_cast<int>(m_strategies.size());
}

const core::StrategyLesson* StrategyExplorer::currentLesson() const
{
    return idx(step()) < m_lessons.size() ? &m_lessons[idx(step())] : nullptr;
}

void StrategyExplorer::setStrategy(core::Strategy strategy)
{
    const auto it = std::find(m_strategies.begin(), m_strategies.end(), strategy);
    if (it != m_strategies.end())
        setStep(static_cast<int>(it - m_strategies.begin()));
}

bool StrategyExplorer::isAnimating() const
{
    return m_canvas->isAnimating();
}

void StrategyExplorer::setSnapshot(const DesignSnapshot& snapshot)
{
    m_design = snapshot.isNull() ? nullptr : snapshot.design;
    rebuildLessons();
}

void StrategyExplorer::setTeachingModel(const QString& preset)
{
    m_model->setCurrentIndex(std::max(0, m_model->findData(preset)));
}

void StrategyExplorer::rebuildLessons()
{
    m_lessons.clear();
    if (m_design) {
        core::StrategyLessons lessons
            = core::strategyLessons(*m_design, m_strategies, m_model->currentData().toString().toStdString());
        m_lessons = std::move(lessons.lessons);
        m_reason = lessons.reason;
        m_designModelName = qs(lessons.designModelName);
    }
    m_canvas->showLesson(currentLesson(), m_lessons, false);
    updateTexts();
}

void StrategyExplorer::showStep()
{
    if (QAbstractButton* button = m_buttons->button(step()))
        button->setChecked(true);
    m_canvas->showLesson(currentLesson(), m_lessons, isVisible());
    updateTexts();
}

void StrategyExplorer::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    LessonView::changeEvent(event);
}

void StrategyExplorer::setPresenting(bool on)
{
    m_presenting = on;
    m_modelLabel->setVisible(!on);
    m_model->setVisible(!on);
    retranslate();
}

void StrategyExplorer::retranslate()
{
    m_modelLabel->setText(tr("&Model:"));
    m_model->setItemText(0, tr("Automatic"));
    m_model->setToolTip(tr("Automatic teaches with the design's model if it fits on four GPUs in some "
                           "layout, else with the smallest dense preset."));
    for (std::size_t i = 0; i < m_strategies.size(); ++i)
        m_buttons->button(static_cast<int>(i))
            ->setText(m_presenting ? strategyAbbreviation(m_strategies[i]) : strategyName(m_strategies[i]));
    updateTexts();
    m_canvas->update();
}

QString StrategyExplorer::savesLabelText() const
{
    return m_saves->text();
}

QString StrategyExplorer::costsLabelText() const
{
    return m_costs->text();
}

void StrategyExplorer::updateTexts()
{
    const core::StrategyLesson* lesson = currentLesson();
    if (!lesson || m_lessons.empty()) {
        m_title->clear();
        m_summary->clear();
        m_saves->clear();
        m_costs->clear();
        return;
    }
    m_title->setText(titleText());
    m_summary->setText(strategySummary(lesson->strategy));
    m_saves->setText(savesText(*lesson));
    m_costs->setText(costsText(*lesson));
}

QString StrategyExplorer::titleText() const
{
    const core::StrategyLesson* lesson = currentLesson();
    if (!lesson)
        return {};
    QString title = m_kind == Kind::Training ? tr("<b>Training on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?")
                                             : tr("<b>Serving on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?");
    title = title.arg(qs(lesson->design.model.name), qs(core::formatCount(lesson->parameters)));
    // Which model, and why: the lecture must not take a stand-in for the design's model.
    if (lesson->substitutedModel)
        title += QLatin1Char(' ')
            + tr("EP needs a mixture-of-experts model, so this panel uses %1.")
                  .arg(qs(lesson->design.model.name));
    else if (m_reason == core::TeachingModelReason::DesignFitsNowhere)
        title += QLatin1Char(' ')
            + tr("The design's %1 fits four GPUs in none of these layouts, so every panel would be red; "
                 "%2, the smallest dense preset, shows what each split saves.")
                  .arg(m_designModelName, qs(lesson->design.model.name));
    else if (m_reason == core::TeachingModelReason::Chosen
             && m_designModelName != qs(lesson->design.model.name))
        title += QLatin1Char(' ') + tr("Chosen instead of the design's %1.").arg(m_designModelName);
    return title;
}

// ---------------------------------------------------------------------------------------------------------

StrategyCanvas::StrategyCanvas(QWidget* parent)
    : LessonCanvas(parent)
    , m_animation(new QVariantAnimation(this))
{
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(kAnimationMs);
    m_animation->setEasingCurve(QEasingCurve::InOutCubic);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        m_progress = value.toDouble();
        update();
    });
}

StrategyCanvas::Fractions StrategyCanvas::fractionsOf(const core::StrategyLesson* lesson) const
{
    Fractions fractions(idx(core::kTeachingGpus));
    if (!lesson)
        return fractions;
    for (const core::GpuHoldings& gpu : lesson->gpus)
        for (int k = 0; k < core::kStateKindCount; ++k)
            if (idx(gpu.rank) < fractions.size())
                fractions[idx(gpu.rank)][idx(k)]
                    = m_scale[idx(k)] > 0 ? gpu.states[idx(k)].bytes / m_scale[idx(k)] : 0;
    return fractions;
}

void StrategyCanvas::showLesson(const core::StrategyLesson* lesson,
                                const std::vector<core::StrategyLesson>& lessons, bool animate)
{
    // What is drawn now becomes the start of the animation.
    Fractions from(idx(core::kTeachingGpus));
    for (std::size_t g = 0; g < from.size(); ++g)
        for (int k = 0; k < core::kStateKindCount; ++k)
            from[g][idx(k)] = drawnFraction(static_cast<int>(g), static_cast<core::StateKind>(k));
    // Each row's largest value among the lessons of the same model is a full bar, so that "whole" fills
    // the bar. EP on a dense model shows a MoE model on its own scale — one scale for both would make the
    // larger model's bars read as the split's cost — and scaleNote() says so in the drawing.
    const auto scaleOf = [&](auto sameModel) {
        std::array<double, core::kStateKindCount> scale{};
        for (const core::StrategyLesson& l : lessons)
            if (sameModel(l))
                for (const core::GpuHoldings& gpu : l.gpus)
                    for (int k = 0; k < core::kStateKindCount; ++k)
                        scale[idx(k)] = std::max(scale[idx(k)], gpu.states[idx(k)].bytes);
        return scale;
    };
    m_scale = scaleOf([&](const core::StrategyLesson& l) {
        return lesson && l.design.model.name == lesson->design.model.name;
    });
    m_teachingScale = scaleOf([](const core::StrategyLesson& l) { return !l.substitutedModel; });
    m_teachingModelName.clear();
    for (const core::StrategyLesson& l : lessons)
        if (!l.substitutedModel)
            m_teachingModelName = qs(l.design.model.name);
    m_lesson = lesson;
    m_from = std::move(from);
    m_to = fractionsOf(lesson);
    m_animation->stop();
    if (animate) {
        m_progress = 0;
        m_animation->start();
    } else {
        m_progress = 1;
    }
    update();
}

bool StrategyCanvas::isAnimating() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

int StrategyCanvas::labelWidth() const
{
    const QFontMetrics fm(font());
    return std::max(fm.horizontalAdvance(stateKindName(core::StateKind::Optimizer)),
                    fm.horizontalAdvance(stateKindName(core::StateKind::Experts)))
        + 16;
}

double StrategyCanvas::noteHeight(double viewWidth) const
{
    const QString note = scaleNote();
    if (note.isEmpty())
        return 0;
    const QRectF box(kMargin, kMargin, viewWidth - 2 * kMargin, 10 * fontMetrics().height());
    return QFontMetricsF(font()).boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, note).height() + 6;
}

double StrategyCanvas::phasesHeight(double viewWidth) const
{
    if (!m_lesson)
        return 0;
    const QFontMetricsF fm(font());
    const double line = fm.height();
    const std::vector<core::StepPhase> phases = phasesOf(*m_lesson);
    const double phaseWidth = (viewWidth - 2 * kMargin - labelWidth()) / double(phases.size());
    double most = 2 * line + 2;
    for (core::StepPhase phase : phases) {
        double height = line + 2;
        for (const core::PhaseCollective& c : m_lesson->collectives)
            if (c.phase == phase)
                height += fm.boundingRect(QRectF(0, 0, phaseWidth - 8, 10 * line),
                                          Qt::AlignLeft | Qt::TextWordWrap, collectiveLine(c))
                              .height()
                    + 2;
        most = std::max(most, height);
    }
    return most;
}

QSizeF StrategyCanvas::contentMinimum() const
{
    // Four columns wide enough for "its layers · 888 MB".
    const double least = labelWidth()
        + 4
            * (fontMetrics().horizontalAdvance(holdingText(core::Holding::Layers)
                                               + QStringLiteral(" · 888 MB"))
               + 20.0)
        + 3 * kColumnGap + 2 * kMargin;
    // The text measured at the width the presentation asks for (a smaller zoom leaves it wider, so that it
    // wraps less), and never narrower than the least.
    const double width = std::max(least, this->width() / canvasZoom(this));
    const int line = fontMetrics().height();
    return {least,
            2 * kMargin + noteHeight(width) + headerHeight() + kRows * (line + 6.0) + 6 + patternHeight()
                + phasesHeight(width) + legendHeight(width)};
}

QString StrategyCanvas::scaleNote() const
{
    if (!m_lesson || !m_lesson->substitutedModel)
        return {};
    const auto weights = static_cast<std::size_t>(core::StateKind::Weights);
    return StrategyExplorer::tr("Own scale: a full bar here is the most %1 keeps in any layout (weights %2); "
                                "in the other panels, the most %3 keeps (weights %4). Compare the numbers, "
                                "not the bar lengths.")
        .arg(qs(m_lesson->design.model.name), bytesText(m_scale[weights]), m_teachingModelName,
             bytesText(m_teachingScale[weights]));
}

double StrategyCanvas::drawnFraction(int gpu, core::StateKind kind) const
{
    const auto at = [&](const Fractions& f) {
        return idx(gpu) < f.size() ? f[idx(gpu)][idx(static_cast<int>(kind))] : 0.0;
    };
    return at(m_from) + (at(m_to) - at(m_from)) * m_progress;
}

void StrategyCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QSizeF view = beginPaint(p);
    const double viewWidth = view.width();
    const double viewHeight = view.height();
    const QRectF area(QPointF(0, 0), view);
    const QPalette pal = palette();
    if (!m_lesson || m_lesson->gpus.empty()) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(area, Qt::AlignCenter, StrategyExplorer::tr("No model to show."));
        return;
    }
    const core::StrategyLesson& lesson = *m_lesson;
    const QFontMetrics fm(font());
    const int line = fm.height();
    const int margin = kMargin;
    const int labelWidth = this->labelWidth();
    const int gap = kColumnGap;
    const int gpus = core::kTeachingGpus;
    const double columnWidth = (viewWidth - 2 * margin - labelWidth - (gpus - 1) * gap) / double(gpus);
    const auto columnX = [&](int g) { return margin + labelWidth + g * (columnWidth + gap); };

    // A panel of another model says so first, with both scales.
    const QString note = scaleNote();
    const double noteHeight = this->noteHeight(viewWidth);
    if (!note.isEmpty()) {
        p.setPen(QColor(0xb25e00));
        drawText(p, QRectF(margin, margin, viewWidth - 2 * margin, noteHeight),
                 Qt::AlignLeft | Qt::TextWordWrap, note);
    }

    // The GPUs, with what each stores; the rows take what the pattern, the phases and the legend leave.
    const int headerHeight = this->headerHeight();
    const double patternHeight = this->patternHeight();
    const double phasesHeight = this->phasesHeight(viewWidth);
    const int rows = kRows;
    const double rowHeight = std::clamp((viewHeight - 2 * margin - noteHeight - headerHeight - 6
                                         - patternHeight - phasesHeight - legendHeight(viewWidth))
                                            / double(rows),
                                        double(line + 6), 4.2 * line);
    const double top = margin + noteHeight;
    QFont bold = font();
    bold.setBold(true);
    for (const core::GpuHoldings& gpu : lesson.gpus) {
        const double x = columnX(gpu.rank);
        const QRectF box(x, top, columnWidth, headerHeight + rows * rowHeight + 6);
        p.setPen(QPen(rankColor(gpu.rank), 2));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawRoundedRect(box, 6, 6);
        noteDrawn(box);
        p.setFont(bold);
        p.setPen(rankColor(gpu.rank).darker(120));
        drawText(p, QRectF(x, top + 4, columnWidth, line), Qt::AlignCenter,
                 StrategyExplorer::tr("GPU %1").arg(gpu.rank));
        p.setFont(font());
        p.setPen(pal.color(QPalette::Text));
        drawText(p, QRectF(x, top + 4 + line, columnWidth, line), Qt::AlignCenter, gpuSubtitle(lesson, gpu));
        for (int k = 0; k < core::kStateKindCount; ++k) {
            const auto kind = static_cast<core::StateKind>(k);
            const core::HeldState& state = gpu.state(kind);
            const QRectF cell(x + 6, top + headerHeight + k * rowHeight + 3, columnWidth - 12, rowHeight - 6);
            p.setPen(Qt::NoPen);
            p.setBrush(pal.color(QPalette::Base));
            p.drawRect(cell);
            const double fraction = std::clamp(drawnFraction(gpu.rank, kind), 0.0, 1.0);
            p.setBrush(stateKindColor(kind));
            p.drawRect(QRectF(cell.left(), cell.top(), cell.width() * fraction, cell.height()));
            p.setPen(pal.color(QPalette::Text));
            // The bytes alone where the words do not fit the cell (long holdings, German).
            QString text = state.holding == core::Holding::None
                ? QStringLiteral("—")
                : QStringLiteral("%1 · %2").arg(holdingText(state.holding), bytesText(state.bytes));
            if (fm.horizontalAdvance(text) + 8 > cell.width())
                text = fm.elidedText(state.holding == core::Holding::None ? text : bytesText(state.bytes),
                                     Qt::ElideRight, int(cell.width() - 8));
            // White inside a bar that covers the text; dark just after a short bar, where it still fits.
            const double textWidth = fm.horizontalAdvance(text) + 8;
            const double barEnd = fraction * cell.width();
            const bool inside = barEnd > textWidth;
            const double textLeft = !inside && barEnd + textWidth <= cell.width() ? barEnd : 0;
            p.setPen(inside ? QColor(Qt::white) : pal.color(QPalette::Text));
            drawText(p, cell.adjusted(textLeft + 4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
        // The peak against the GPU's memory.
        const QRectF cell(x + 6, top + headerHeight + core::kStateKindCount * rowHeight + 3, columnWidth - 12,
                          rowHeight - 6);
        const double capacity = lesson.capacityBytes > 0 ? lesson.capacityBytes : gpu.totalBytes;
        const double fill = capacity > 0 ? std::min(gpu.totalBytes / capacity, 1.0) : 0;
        const bool fits = gpu.totalBytes <= capacity;
        p.setPen(QPen(fits ? QColor(0x59a14f) : QColor(0xd62728), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cell);
        p.setPen(Qt::NoPen);
        p.setBrush(fits ? QColor(0x59a14f).lighter(150) : QColor(0xd62728).lighter(150));
        p.drawRect(QRectF(cell.left(), cell.top(), cell.width() * fill, cell.height()));
        p.setPen(pal.color(QPalette::Text));
        p.setFont(bold);
        drawText(p, cell.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                 StrategyExplorer::tr("%1 of %2").arg(bytesText(gpu.totalBytes), bytesText(capacity)));
        p.setFont(font());
    }
    // Row labels.
    p.setPen(pal.color(QPalette::Text));
    for (int k = 0; k <= core::kStateKindCount; ++k) {
        const QRectF cell(margin, top + headerHeight + k * rowHeight, labelWidth - 6, rowHeight);
        QString name = k < core::kStateKindCount ? stateKindName(static_cast<core::StateKind>(k))
                                                 : StrategyExplorer::tr("Peak memory");
        // Serving keeps no activations for a backward pass; its runtime workspace takes their place.
        if (k == static_cast<int>(core::StateKind::Activations) && core::isServing(lesson.strategy))
            name = StrategyExplorer::tr("Workspace");
        drawText(p, cell, Qt::AlignVCenter | Qt::AlignRight, name);
    }

    // The communication pattern between the GPUs: a ring, a chain, all pairs, or nothing.
    const double patternY = top + headerHeight + rows * rowHeight + 6 + 2 * line;
    const auto center = [&](int g) { return QPointF(columnX(g) + columnWidth / 2, patternY); };
    QColor wire = lesson.collectives.empty() ? pal.color(QPalette::Mid) : QColor(0xe15759);
    p.setPen(QPen(wire, 2.5));
    p.setBrush(Qt::NoBrush);
    const auto arrow = [&](QPointF a, QPointF b, double bend) {
        QPainterPath path(a);
        const QPointF mid = (a + b) / 2 + QPointF(0, bend);
        path.quadTo(mid, b);
        p.drawPath(path);
        const QPointF dir = b - mid;
        const double len = std::hypot(dir.x(), dir.y());
        if (len <= 0)
            return;
        const QPointF u = dir / len, n(-u.y(), u.x());
        QPolygonF head{b, b - 9 * u + 5 * n, b - 9 * u - 5 * n};
        p.setBrush(wire);
        p.drawPolygon(head);
        p.setBrush(Qt::NoBrush);
    };
    QString pattern;
    if (lesson.collectives.empty()) {
        pattern = StrategyExplorer::tr("no communication between the GPUs");
    } else {
        const core::PhaseCollective& first = lesson.collectives.front();
        const double r = 14;
        if (first.op == core::CollectiveOp::AllToAll) {
            // Both ways between every pair: neighbours straight, the pairs two apart arched above, the
            // outermost pair below, so that no two curves overlap.
            for (int a = 0; a < gpus; ++a)
                for (int b = a + 1; b < gpus; ++b) {
                    const int apart = b - a;
                    const double bend = apart == 1 ? 0 : apart == 2 ? -1.5 * line : 1.5 * line;
                    const QPointF offset = apart == 1 ? QPointF(r, 0) : QPointF(0, bend < 0 ? -r : r);
                    const QPointF from = center(a) + offset,
                                  to = center(b) + QPointF(-offset.x(), offset.y());
                    arrow(from, to, bend);
                    arrow(to, from, bend);
                }
            pattern = StrategyExplorer::tr("all-to-all: every GPU sends to every other");
        } else if (first.dim == core::Dim::Pp) {
            for (int g = 0; g + 1 < gpus; ++g)
                arrow(center(g) + QPointF(r, 0), center(g + 1) - QPointF(r, 0), 0);
            pattern = StrategyExplorer::tr("chain: stage to stage");
        } else {
            for (int g = 0; g + 1 < gpus; ++g)
                arrow(center(g) + QPointF(r, 0), center(g + 1) - QPointF(r, 0), 0);
            arrow(center(gpus - 1) + QPointF(0, r), center(0) + QPointF(0, r), line * 1.1);
            pattern = StrategyExplorer::tr("ring: each GPU sends to the next");
        }
    }
    for (int g = 0; g < gpus; ++g) {
        p.setPen(QPen(rankColor(g), 2));
        p.setBrush(pal.color(QPalette::Base));
        p.drawEllipse(center(g), 13, 13);
        noteDrawn(QRectF(center(g).x() - 13, patternY - 13, 26, 26));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(center(g).x() - 13, patternY - 13, 26, 26), Qt::AlignCenter, QString::number(g));
    }
    drawText(p, QRectF(margin, patternY - line / 2.0, labelWidth - 6, line),
             Qt::AlignRight | Qt::AlignVCenter, StrategyExplorer::tr("Sends"));
    drawText(p, QRectF(margin + labelWidth, patternY + line * 2.2, viewWidth - labelWidth - 2 * margin, line),
             Qt::AlignHCenter, pattern);

    // Which collective runs in which phase.
    const double phasesTop = top + headerHeight + rows * rowHeight + 6 + patternHeight;
    const bool serving = core::isServing(lesson.strategy);
    const std::vector<core::StepPhase> phases = phasesOf(lesson);
    const double phaseWidth = (viewWidth - 2 * margin - labelWidth) / double(phases.size());
    drawText(p, QRectF(margin, phasesTop, labelWidth - 6, line), Qt::AlignRight | Qt::AlignVCenter,
             StrategyExplorer::tr("When"));
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const double x = margin + labelWidth + i * phaseWidth;
        p.setFont(bold);
        p.setPen(pal.color(QPalette::Text));
        drawText(p, QRectF(x, phasesTop, phaseWidth, line), Qt::AlignLeft,
                 serving ? StrategyExplorer::tr("Every forward pass (prefill and decode)")
                         : stepPhaseText(phases[i]));
        p.setFont(font());
        double y = phasesTop + line + 2;
        bool any = false;
        for (const core::PhaseCollective& c : lesson.collectives) {
            if (c.phase != phases[i])
                continue;
            any = true;
            const QString text = collectiveLine(c);
            // Wrapped, so that large presentation type does not cut the numbers off.
            const QRectF box(x, y, phaseWidth - 8, 10 * line);
            const QRectF used = p.boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, text);
            p.setPen(QColor(0xe15759).darker(130));
            drawText(p, box, Qt::AlignLeft | Qt::TextWordWrap, text);
            y += used.height() + 2;
        }
        if (!any) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            drawText(p, QRectF(x, y, phaseWidth - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                     i == 2 ? StrategyExplorer::tr("local update, no communication")
                            : StrategyExplorer::tr("no communication"));
        }
    }

    // How to read the bars, at the foot of the figure.
    const double legendHeight = this->legendHeight(viewWidth);
    if (legendHeight <= 0)
        return;
    const QRectF legend(margin + labelWidth, viewHeight - legendHeight - margin,
                        viewWidth - labelWidth - 2 * margin, legendHeight);
    p.setPen(pal.color(QPalette::PlaceholderText));
    drawText(p, legend, Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, legendText());
}

QString StrategyCanvas::legendText()
{
    return StrategyExplorer::tr("A full bar is the most any layout keeps of that state on one GPU for this "
                                "model. whole: a full copy · shard: a slice (a quarter) · its layers: one "
                                "pipeline stage · own batch: the same state for different data · dense whole "
                                "+ ¼ experts: attention and norms copied, a quarter of the experts.");
}

int StrategyCanvas::headerHeight() const
{
    return 2 * fontMetrics().height() + 10;
}

double StrategyCanvas::patternHeight() const
{
    // The GPUs' circles 2 lines below the boxes (clear of the arcs of an all-to-all), the pattern's name
    // 2.2 lines under them.
    return 5.3 * fontMetrics().height();
}

double StrategyCanvas::legendHeight(double viewWidth) const
{
    // A lecture has no room for it (and the lecturer says it).
    if (canvasZoom(this) > 1)
        return 0;
    // Measured at the width it is laid out in: at a narrow width during layout it would wrap into a tower.
    const double width = viewWidth - labelWidth() - 2 * kMargin;
    return QFontMetricsF(font())
               .boundingRect(QRectF(0, 0, width, 20 * fontMetrics().height()), Qt::TextWordWrap, legendText())
               .height()
        + 4;
}

} // namespace widgets
