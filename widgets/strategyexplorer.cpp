#include "strategyexplorer.h"

#include "collectivetext.h"
#include "lessonview.h"
#include "qtconvert.h"
#include "teachingtext.h"
#include "unitstext.h"

#include <QButtonGroup>
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
    m_lessons.clear();
    if (!snapshot.isNull())
        for (core::Strategy s : m_strategies)
            m_lessons.push_back(core::strategyLesson(*snapshot.design, s));
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

void StrategyExplorer::retranslate()
{
    for (std::size_t i = 0; i < m_strategies.size(); ++i)
        m_buttons->button(static_cast<int>(i))->setText(strategyName(m_strategies[i]));
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
    QString title = m_kind == Kind::Training ? tr("<b>Training on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?")
                                             : tr("<b>Serving on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?");
    title = title.arg(qs(lesson->design.model.name), qs(core::formatCount(lesson->parameters)));
    if (lesson->substitutedModel)
        title += QLatin1Char(' ')
            + tr("EP needs a mixture-of-experts model, so this panel uses %1.")
                  .arg(qs(lesson->design.model.name));
    m_title->setText(title);
    m_summary->setText(strategySummary(lesson->strategy));
    m_saves->setText(savesText(*lesson));
    m_costs->setText(costsText(*lesson));
}

// ---------------------------------------------------------------------------------------------------------

StrategyCanvas::StrategyCanvas(QWidget* parent)
    : QWidget(parent)
    , m_animation(new QVariantAnimation(this))
{
    markLessonCanvas(this);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(kAnimationMs);
    m_animation->setEasingCurve(QEasingCurve::InOutCubic);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        m_progress = value.toDouble();
        update();
    });
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
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
    // the bar (EP on a dense model shows a MoE model, on its own scale).
    m_scale.fill(0);
    for (const core::StrategyLesson& l : lessons)
        if (lesson && l.design.model.name == lesson->design.model.name)
            for (const core::GpuHoldings& gpu : l.gpus)
                for (int k = 0; k < core::kStateKindCount; ++k)
                    m_scale[idx(k)] = std::max(m_scale[idx(k)], gpu.states[idx(k)].bytes);
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
    // Presentation mode: painted at the normal font's geometry and scaled up (lessonview.h), so every
    // label keeps its place.
    const double zoom = canvasZoom(this);
    p.scale(zoom, zoom);
    const double viewWidth = width() / zoom;
    const double viewHeight = height() / zoom;
    const QRectF area(0, 0, viewWidth, viewHeight);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(area, pal.color(QPalette::Base));
    if (!m_lesson || m_lesson->gpus.empty()) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(area, Qt::AlignCenter, StrategyExplorer::tr("No model to show."));
        return;
    }
    const core::StrategyLesson& lesson = *m_lesson;
    const QFontMetrics fm(font());
    const int line = fm.height();
    const int margin = 8;
    const int labelWidth = std::max(fm.horizontalAdvance(stateKindName(core::StateKind::Optimizer)),
                                    fm.horizontalAdvance(stateKindName(core::StateKind::Experts)))
        + 16;
    const int gap = 14;
    const int gpus = core::kTeachingGpus;
    const double columnWidth = (viewWidth - 2 * margin - labelWidth - (gpus - 1) * gap) / double(gpus);
    const auto columnX = [&](int g) { return margin + labelWidth + g * (columnWidth + gap); };

    // The GPUs, with what each stores.
    const int headerHeight = 2 * line + 10;
    const int phasesHeight = 6 * line + 16;
    const int patternHeight = 5 * line;
    const int rows = core::kStateKindCount + 1; // + peak memory
    const double rowHeight = std::clamp(
        (viewHeight - 2 * margin - headerHeight - patternHeight - phasesHeight - 10) / double(rows),
        double(line + 6), 4.2 * line);
    const double top = margin;
    QFont bold = font();
    bold.setBold(true);
    for (const core::GpuHoldings& gpu : lesson.gpus) {
        const double x = columnX(gpu.rank);
        const QRectF box(x, top, columnWidth, headerHeight + rows * rowHeight + 6);
        p.setPen(QPen(rankColor(gpu.rank), 2));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawRoundedRect(box, 6, 6);
        p.setFont(bold);
        p.setPen(rankColor(gpu.rank).darker(120));
        p.drawText(QRectF(x, top + 4, columnWidth, line), Qt::AlignCenter,
                   StrategyExplorer::tr("GPU %1").arg(gpu.rank));
        p.setFont(font());
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x, top + 4 + line, columnWidth, line), Qt::AlignCenter, gpuSubtitle(lesson, gpu));
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
            const QString text = state.holding == core::Holding::None
                ? QStringLiteral("—")
                : QStringLiteral("%1 · %2").arg(holdingText(state.holding), bytesText(state.bytes));
            // White inside a bar that covers the text; dark just after a short bar, where it still fits.
            const double textWidth = fm.horizontalAdvance(text) + 8;
            const double barEnd = fraction * cell.width();
            const bool inside = barEnd > textWidth;
            const double textLeft = !inside && barEnd + textWidth <= cell.width() ? barEnd : 0;
            p.setPen(inside ? QColor(Qt::white) : pal.color(QPalette::Text));
            p.drawText(cell.adjusted(textLeft + 4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
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
        p.drawText(cell.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
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
        p.drawText(cell, Qt::AlignVCenter | Qt::AlignRight, name);
    }

    // The communication pattern between the GPUs: a ring, a chain, all pairs, or nothing.
    const double patternY = top + headerHeight + rows * rowHeight + 12 + patternHeight / 2.0;
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
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(center(g).x() - 13, patternY - 13, 26, 26), Qt::AlignCenter, QString::number(g));
    }
    p.drawText(QRectF(margin, patternY - line / 2.0, labelWidth - 6, line), Qt::AlignRight | Qt::AlignVCenter,
               StrategyExplorer::tr("Sends"));
    p.drawText(QRectF(margin + labelWidth, patternY + line * 2.2, viewWidth - labelWidth - 2 * margin, line),
               Qt::AlignHCenter, pattern);

    // Which collective runs in which phase.
    const double phasesTop = patternY + patternHeight / 2.0 + line;
    // Serving runs forward passes only (prefill and decode); training has a whole step.
    const bool serving = core::isServing(lesson.strategy);
    std::vector<core::StepPhase> phases{core::StepPhase::Forward};
    if (!serving)
        phases = {core::StepPhase::Forward, core::StepPhase::Backward, core::StepPhase::Optimizer};
    const double phaseWidth = (viewWidth - 2 * margin - labelWidth) / double(phases.size());
    p.drawText(QRectF(margin, phasesTop, labelWidth - 6, line), Qt::AlignRight | Qt::AlignVCenter,
               StrategyExplorer::tr("When"));
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const double x = margin + labelWidth + i * phaseWidth;
        p.setFont(bold);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x, phasesTop, phaseWidth, line), Qt::AlignLeft,
                   serving ? StrategyExplorer::tr("Every forward pass (prefill and decode)")
                           : stepPhaseText(phases[i]));
        p.setFont(font());
        double y = phasesTop + line + 2;
        bool any = false;
        for (const core::PhaseCollective& c : lesson.collectives) {
            if (c.phase != phases[i])
                continue;
            any = true;
            QString text = StrategyExplorer::tr("%1 of %2 (%3)")
                               .arg(collectiveOpText(c.op), payloadText(c.payload), dimensionText(c.dim));
            if (c.bytesPerGpu > 0)
                text += StrategyExplorer::tr(": %1 per GPU per step").arg(bytesText(c.bytesPerGpu));
            // Wrapped, so that large presentation type does not cut the numbers off.
            const QRectF box(x, y, phaseWidth - 8, 3 * line);
            const QRectF used = p.boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, text);
            p.setPen(QColor(0xe15759).darker(130));
            p.drawText(box, Qt::AlignLeft | Qt::TextWordWrap, text);
            y += used.height() + 2;
        }
        if (!any) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            p.drawText(QRectF(x, y, phaseWidth - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                       i == 2 ? StrategyExplorer::tr("local update, no communication")
                              : StrategyExplorer::tr("no communication"));
        }
    }

    // How to read the bars, at the foot of the figure; a lecture has no room for it (and the lecturer says
    // it).
    if (zoom > 1)
        return;
    const QRectF legend(margin + labelWidth, viewHeight - 2.4 * line - margin,
                        viewWidth - labelWidth - 2 * margin, 2.4 * line);
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(
        legend, Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap,
        StrategyExplorer::tr("A full bar is the most any layout keeps of that state on one GPU for this "
                             "model. whole: a full copy · shard: a slice (a quarter) · its layers: one "
                             "pipeline stage · own batch: the same state for different data · dense whole "
                             "+ ¼ experts: attention and norms copied, a quarter of the experts."));
}

} // namespace widgets
