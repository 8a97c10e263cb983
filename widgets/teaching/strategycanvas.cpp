// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/strategycanvas.h"

#include "collectives/collectivetext.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "memory/memorytext.h"
#include "teaching/strategyexplorer.h"
#include "teaching/teachingtext.h"

#include <QPainter>
#include <QPainterPath>
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

// Rows: the states, what else the peak holds, and the peak.
constexpr int kOtherRow = core::kStateKindCount;
constexpr int kRows = core::kStateKindCount + 2;

// What the peak holds besides the rows of states: temporary and communication buffers and the allocator's
// reserve (memory.h), so that the rows add up to the peak. Experts are part of the weights.
double otherBytes(const core::GpuHoldings& gpu)
{
    double rows = 0;
    for (int k = 0; k < core::kStateKindCount; ++k)
        if (static_cast<core::StateKind>(k) != core::StateKind::Experts)
            rows += gpu.states[static_cast<std::size_t>(k)].bytes;
    return std::max(0.0, gpu.totalBytes - rows);
}

} // namespace

StrategyCanvas::StrategyCanvas(QWidget* parent)
    : LessonCanvas(parent)
{
    setAnimation(kAnimationMs, QEasingCurve::InOutCubic);
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
                                const std::vector<core::StrategyLesson>& lessons, bool animated)
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
    m_otherScale = 0;
    for (const core::StrategyLesson& l : lessons)
        if (lesson && l.design.model.name == lesson->design.model.name)
            for (const core::GpuHoldings& gpu : l.gpus)
                m_otherScale = std::max(m_otherScale, otherBytes(gpu));
    m_teachingModelName.clear();
    for (const core::StrategyLesson& l : lessons)
        if (!l.substitutedModel)
            m_teachingModelName = qs(l.design.model.name);
    m_lesson = lesson;
    m_from = std::move(from);
    m_to = fractionsOf(lesson);
    animate(animated);
    update();
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
    return at(m_from) + (at(m_to) - at(m_from)) * progress();
}

double StrategyCanvas::Figure::columnX(int gpu) const
{
    return kMargin + labelWidth + gpu * (columnWidth + kColumnGap);
}

double StrategyCanvas::Figure::rowsBottom() const
{
    return top + headerHeight + kRows * rowHeight + 6;
}

void StrategyCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QSizeF view = beginPaint(p);
    const QPalette pal = palette();
    if (!m_lesson || m_lesson->gpus.empty()) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(QPointF(0, 0), view), Qt::AlignCenter, StrategyExplorer::tr("No model to show."));
        return;
    }
    const double viewWidth = view.width();
    Figure f;
    f.view = view;
    f.line = fontMetrics().height();
    f.bold = font();
    f.bold.setBold(true);
    f.labelWidth = labelWidth();
    f.headerHeight = headerHeight();
    const int gpus = core::kTeachingGpus;
    f.columnWidth = (viewWidth - 2 * kMargin - f.labelWidth - (gpus - 1) * kColumnGap) / double(gpus);

    // A panel of another model says so first, with both scales.
    const QString note = scaleNote();
    const double noteHeight = this->noteHeight(viewWidth);
    if (!note.isEmpty()) {
        p.setPen(palette::lessonScaleNote);
        drawText(p, QRectF(kMargin, kMargin, viewWidth - 2 * kMargin, noteHeight),
                 Qt::AlignLeft | Qt::TextWordWrap, note);
    }

    // The GPUs, with what each stores; the rows take what the pattern, the phases and the legend leave.
    f.rowHeight = std::clamp((view.height() - 2 * kMargin - noteHeight - f.headerHeight - 6 - patternHeight()
                              - phasesHeight(viewWidth) - legendHeight(viewWidth))
                                 / double(kRows),
                             double(f.line + 6), 4.2 * f.line);
    f.top = kMargin + noteHeight;
    for (const core::GpuHoldings& gpu : m_lesson->gpus)
        paintGpu(p, f, gpu);
    paintRowLabels(p, f);
    paintPattern(p, f);
    paintPhases(p, f);

    // How to read the bars, at the foot of the figure.
    const double legendHeight = this->legendHeight(viewWidth);
    if (legendHeight <= 0)
        return;
    const QRectF legend(kMargin + f.labelWidth, view.height() - legendHeight - kMargin,
                        viewWidth - f.labelWidth - 2 * kMargin, legendHeight);
    p.setPen(pal.color(QPalette::PlaceholderText));
    drawText(p, legend, Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, legendText());
}

void StrategyCanvas::paintGpu(QPainter& p, const Figure& f, const core::GpuHoldings& gpu)
{
    const QPalette pal = palette();
    const int line = f.line;
    const double x = f.columnX(gpu.rank);
    const double top = f.top;
    const QRectF box(x, top, f.columnWidth, f.headerHeight + kRows * f.rowHeight + 6);
    p.setPen(QPen(palette::lessonGpu(gpu.rank), 2));
    p.setBrush(pal.color(QPalette::AlternateBase));
    p.drawRoundedRect(box, 6, 6);
    noteDrawn(box);
    p.setFont(f.bold);
    p.setPen(palette::lessonGpu(gpu.rank).darker(120));
    drawText(p, QRectF(x, top + 4, f.columnWidth, line), Qt::AlignCenter,
             StrategyExplorer::tr("GPU %1").arg(gpu.rank));
    p.setFont(font());
    p.setPen(pal.color(QPalette::Text));
    drawText(p, QRectF(x, top + 4 + line, f.columnWidth, line), Qt::AlignCenter, gpuSubtitle(*m_lesson, gpu));
    for (int k = 0; k < core::kStateKindCount; ++k) {
        const auto kind = static_cast<core::StateKind>(k);
        const QRectF cell(x + 6, top + f.headerHeight + k * f.rowHeight + 3, f.columnWidth - 12,
                          f.rowHeight - 6);
        paintState(p, cell, kind, gpu.state(kind), std::clamp(drawnFraction(gpu.rank, kind), 0.0, 1.0));
    }
    const auto rowCell = [&](int row) {
        return QRectF(x + 6, top + f.headerHeight + row * f.rowHeight + 3, f.columnWidth - 12,
                      f.rowHeight - 6);
    };
    const double other = otherBytes(gpu);
    paintBar(p, rowCell(kOtherRow), categoryColor(core::MemoryCategory::Reserve), bytesText(other),
             m_otherScale > 0 ? other / m_otherScale : 0);
    const QRectF peak = rowCell(kOtherRow + 1);
    paintPeak(p, f, gpu, peak);
}

void StrategyCanvas::paintState(QPainter& p, const QRectF& cell, core::StateKind kind,
                                const core::HeldState& state, double fraction)
{
    const QFontMetrics fm = fontMetrics();
    // The bytes alone where the words do not fit the cell (long holdings, German).
    QString text = state.holding == core::Holding::None
        ? QStringLiteral("—")
        : QStringLiteral("%1 · %2").arg(holdingText(state.holding), bytesText(state.bytes));
    if (fm.horizontalAdvance(text) + 8 > cell.width())
        text = state.holding == core::Holding::None ? text : bytesText(state.bytes);
    paintBar(p, cell, stateKindColor(kind), text, fraction);
}

// A row's bar: filled to `fraction` of the cell, its text inside the bar or just after it.
void StrategyCanvas::paintBar(QPainter& p, const QRectF& cell, const QColor& colour, QString text,
                              double fraction)
{
    const QPalette pal = palette();
    const QFontMetrics fm = fontMetrics();
    p.setPen(Qt::NoPen);
    p.setBrush(pal.color(QPalette::Base));
    p.drawRect(cell);
    p.setBrush(colour);
    p.drawRect(QRectF(cell.left(), cell.top(), cell.width() * fraction, cell.height()));
    if (fm.horizontalAdvance(text) + 8 > cell.width())
        text = fm.elidedText(text, Qt::ElideRight, int(cell.width() - 8));
    // White inside a bar that covers the text; dark just after a short bar, where it still fits.
    const double textWidth = fm.horizontalAdvance(text) + 8;
    const double barEnd = fraction * cell.width();
    const bool inside = barEnd > textWidth;
    const double textLeft = !inside && barEnd + textWidth <= cell.width() ? barEnd : 0;
    p.setPen(inside ? textColorOn(colour) : pal.color(QPalette::Text));
    drawText(p, cell.adjusted(textLeft + 4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
}

void StrategyCanvas::paintPeak(QPainter& p, const Figure& f, const core::GpuHoldings& gpu, const QRectF& cell)
{
    const double capacity = m_lesson->capacityBytes > 0 ? m_lesson->capacityBytes : gpu.totalBytes;
    const double fill = capacity > 0 ? std::min(gpu.totalBytes / capacity, 1.0) : 0;
    const QColor verdict = gpu.totalBytes <= capacity ? palette::lessonFits : palette::lessonOverCapacity;
    p.setPen(QPen(verdict, 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(cell);
    p.setPen(Qt::NoPen);
    p.setBrush(verdict.lighter(150));
    p.drawRect(QRectF(cell.left(), cell.top(), cell.width() * fill, cell.height()));
    p.setPen(palette().color(QPalette::Text));
    p.setFont(f.bold);
    drawText(p, cell.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
             StrategyExplorer::tr("%1 of %2").arg(bytesText(gpu.totalBytes), bytesText(capacity)));
    p.setFont(font());
}

void StrategyCanvas::paintRowLabels(QPainter& p, const Figure& f)
{
    p.setPen(palette().color(QPalette::Text));
    for (int k = 0; k < kRows; ++k) {
        const QRectF cell(kMargin, f.top + f.headerHeight + k * f.rowHeight, f.labelWidth - 6, f.rowHeight);
        QString name = k < core::kStateKindCount ? stateKindName(static_cast<core::StateKind>(k))
            : k == kOtherRow                     ? StrategyExplorer::tr("Buffers, reserve")
                                                 : StrategyExplorer::tr("Peak memory");
        // Serving keeps no activations for a backward pass; its runtime workspace takes their place.
        if (k == static_cast<int>(core::StateKind::Activations) && core::isServing(m_lesson->strategy))
            name = StrategyExplorer::tr("Workspace");
        drawText(p, cell, Qt::AlignVCenter | Qt::AlignRight, name);
    }
}

void StrategyCanvas::paintPattern(QPainter& p, const Figure& f)
{
    const core::StrategyLesson& lesson = *m_lesson;
    const QPalette pal = palette();
    const int line = f.line;
    const int gpus = core::kTeachingGpus;
    const double patternY = f.rowsBottom() + 2 * line;
    const auto center = [&](int g) { return QPointF(f.columnX(g) + f.columnWidth / 2, patternY); };
    const QColor wire = lesson.collectives.empty() ? pal.color(QPalette::Mid) : palette::lessonCommunication;
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
        p.setPen(QPen(palette::lessonGpu(g), 2));
        p.setBrush(pal.color(QPalette::Base));
        p.drawEllipse(center(g), 13, 13);
        noteDrawn(QRectF(center(g).x() - 13, patternY - 13, 26, 26));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(center(g).x() - 13, patternY - 13, 26, 26), Qt::AlignCenter, QString::number(g));
    }
    const double viewWidth = f.view.width();
    drawText(p, QRectF(kMargin, patternY - line / 2.0, f.labelWidth - 6, line),
             Qt::AlignRight | Qt::AlignVCenter, StrategyExplorer::tr("Sends"));
    drawText(
        p,
        QRectF(kMargin + f.labelWidth, patternY + line * 2.2, viewWidth - f.labelWidth - 2 * kMargin, line),
        Qt::AlignHCenter, pattern);
}

void StrategyCanvas::paintPhases(QPainter& p, const Figure& f)
{
    const core::StrategyLesson& lesson = *m_lesson;
    const QPalette pal = palette();
    const int line = f.line;
    const double phasesTop = f.rowsBottom() + patternHeight();
    const bool serving = core::isServing(lesson.strategy);
    const std::vector<core::StepPhase> phases = phasesOf(lesson);
    const double phaseWidth = (f.view.width() - 2 * kMargin - f.labelWidth) / double(phases.size());
    drawText(p, QRectF(kMargin, phasesTop, f.labelWidth - 6, line), Qt::AlignRight | Qt::AlignVCenter,
             StrategyExplorer::tr("When"));
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const double x = kMargin + f.labelWidth + i * phaseWidth;
        p.setFont(f.bold);
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
            p.setPen(palette::lessonCommunication.darker(130));
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
