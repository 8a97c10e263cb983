// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivetimestrip.h"

#include "collectives/collectivetext.h"
#include "common/palette.h"

#include <QPainter>
#include <algorithm>

namespace widgets {

namespace {

QColor phaseColor(core::CollectivePhase phase)
{
    switch (phase) {
    case core::CollectivePhase::ReduceScatter:
    case core::CollectivePhase::IntraReduceScatter:
    case core::CollectivePhase::TreeReduce:
        return palette::collectivePhaseReduce;
    case core::CollectivePhase::InterReduceScatter:
        return palette::collectivePhaseReduceAcrossNodes;
    case core::CollectivePhase::AllGather:
    case core::CollectivePhase::IntraAllGather:
    case core::CollectivePhase::TreeBroadcast:
        return palette::collectivePhaseGather;
    case core::CollectivePhase::InterAllGather:
        return palette::collectivePhaseGatherAcrossNodes;
    case core::CollectivePhase::TreeReduceBroadcast:
        return palette::collectivePhaseReduceAndGather;
    case core::CollectivePhase::Exchange:
    case core::CollectivePhase::Send:
        return palette::collectivePhaseExchange;
    }
    return palette::collectivePhaseUnknown;
}

double totalSeconds(const CollectiveScene& scene)
{
    double total = 0;
    for (double s : scene.stepSeconds)
        total += s;
    return total;
}

// The segments, done steps and the one in flight in full colour, the rest faint; then the playhead.
void paintSegments(QPainter& painter, const CollectivePaintContext& context, const QRectF& area,
                   const std::vector<QRectF>& segments)
{
    const core::CollectiveTrace& trace = context.trace();
    const CollectivePlayhead& playhead = context.playhead;
    const int done = playhead.completedSteps();
    const int moving = playhead.movingStep();
    QFont labelFont = context.font;
    labelFont.setPixelSize(10);
    painter.setFont(labelFont);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const int step = static_cast<int>(i);
        const bool upcoming = step >= done && step != moving;
        QColor fill = phaseColor(trace.steps[i].phase);
        if (upcoming)
            fill = fill.lighter(185);
        painter.setPen(QPen(context.palette.color(QPalette::Base), 1));
        painter.setBrush(fill);
        painter.drawRect(segments[i]);
        if (segments[i].width() >= 16) {
            painter.setPen(upcoming ? palette::collectiveUpcomingStepNumber : palette::collectiveStepNumber);
            painter.drawText(segments[i], Qt::AlignCenter, QString::number(step + 1));
        }
    }
    const double x = [&] {
        if (moving >= 0) {
            const QRectF s = segments[static_cast<std::size_t>(moving)];
            return s.left() + s.width() * playhead.progress();
        }
        return done <= 0 ? segments.front().left() : segments[static_cast<std::size_t>(done - 1)].right();
    }();
    painter.setPen(QPen(palette::collectiveMoving, 3));
    const QRectF bar = timeStripBar(area);
    painter.drawLine(QPointF(x, bar.top() - 5), QPointF(x, bar.bottom() + 5));
}

} // namespace

QRectF timeStripBar(const QRectF& area)
{
    return QRectF(area.left(), area.top() + 24, area.width(),
                  std::min(22.0, std::max(area.height() - 44, 8.0)));
}

std::vector<QRectF> timeStripSegments(const CollectiveScene& scene, const QRectF& area)
{
    std::vector<QRectF> out;
    if (!scene.trace)
        return out;
    const std::vector<double>& seconds = scene.stepSeconds;
    const std::size_t steps = scene.trace->steps.size();
    if (steps == 0 || seconds.size() != steps)
        return out;
    const QRectF bar = timeStripBar(area);
    const double total = totalSeconds(scene);
    // Every step stays visible and clickable even when another dwarfs it.
    const double minimum = std::min(4.0, bar.width() / static_cast<double>(steps));
    const double spread = bar.width() - minimum * static_cast<double>(steps);
    double x = bar.left();
    for (double s : seconds) {
        const double w = minimum + (total > 0 ? spread * s / total : spread / static_cast<double>(steps));
        out.push_back(QRectF(x, bar.top(), w, bar.height()));
        x += w;
    }
    return out;
}

void paintTimeStrip(QPainter& painter, const CollectivePaintContext& context, const QRectF& area)
{
    const CollectiveScene& scene = context.scene;
    const std::vector<QRectF> segments = timeStripSegments(scene, area);
    const double total = totalSeconds(scene);
    QFont titleFont = context.font;
    titleFont.setBold(true);
    titleFont.setPixelSize(13);
    painter.setFont(titleFont);
    painter.setPen(context.palette.color(QPalette::Text));
    const QString title = scene.costModel.isEmpty()
        ? CollectiveViewText::tr("Time per step: %1 in total").arg(secondsText(total))
        : CollectiveViewText::tr("Time per step (%1): %2 in total").arg(scene.costModel, secondsText(total));
    painter.drawText(QRectF(area.left(), area.top(), area.width(), 20), Qt::AlignLeft | Qt::AlignVCenter,
                     title);
    if (segments.empty())
        return;
    paintSegments(painter, context, area, segments);

    // Under the bar: the shown step's time and phase.
    const int shown = context.playhead.shownStep();
    if (shown >= 0 && static_cast<std::size_t>(shown) < scene.stepSeconds.size()) {
        const QRectF bar = timeStripBar(area);
        painter.setPen(context.palette.color(QPalette::Text));
        painter.drawText(
            QRectF(area.left(), bar.bottom() + 4, area.width(), 16), Qt::AlignLeft | Qt::AlignVCenter,
            CollectiveViewText::tr("Step %1: %2 · %3")
                .arg(shown + 1)
                .arg(secondsText(scene.stepSeconds[static_cast<std::size_t>(shown)]),
                     collectivePhaseText(context.trace().steps[static_cast<std::size_t>(shown)].phase)));
    }
}

} // namespace widgets
