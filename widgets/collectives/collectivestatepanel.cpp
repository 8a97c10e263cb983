// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivestatepanel.h"

#include "collectives/collectivecells.h"
#include "collectives/collectivetext.h"
#include "common/palette.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <set>

namespace widgets {

namespace {

QPointF quadratic(QPointF a, QPointF control, QPointF b, double t)
{
    const double u = 1 - t;
    return u * u * a + 2 * u * t * control + t * t * b;
}

void paintTitle(QPainter& painter, const CollectivePaintContext& context,
                const CollectiveGeometry::Panel& panel, StatePanelRole role)
{
    QFont titleFont = context.font;
    titleFont.setBold(true);
    titleFont.setPixelSize(16);
    painter.setFont(titleFont);
    painter.setPen(context.palette.color(QPalette::Text));
    QString title;
    switch (role) {
    case StatePanelRole::Before:
        title = CollectiveViewText::tr("Before");
        break;
    case StatePanelRole::Now:
        title = nowPanelTitle(context.playhead);
        break;
    case StatePanelRole::After:
        title = CollectiveViewText::tr("After");
        break;
    }
    painter.drawText(panel.title, Qt::AlignLeft | Qt::AlignVCenter, title);
}

// Column heads: "rank 3" and, for a group of the design, where it runs.
void paintHeads(QPainter& painter, const CollectivePaintContext& context,
                const CollectiveGeometry::Panel& panel, int ranks)
{
    const CollectiveScene& scene = context.scene;
    const double pitch = panel.heads.empty() ? 0 : panel.heads.front().width();
    QFont headFont = context.font;
    headFont.setPixelSize(static_cast<int>(std::clamp(pitch * 0.2, 9.0, 14.0)));
    QFont detailFont = headFont;
    detailFont.setPixelSize(std::max(headFont.pixelSize() - 2, 8));
    for (int r = 0; r < ranks && r < static_cast<int>(panel.heads.size()); ++r) {
        const QRectF head = panel.heads[static_cast<std::size_t>(r)];
        const QString label = r < scene.heads.size() ? scene.heads[r] : QString::number(r);
        const bool twoLines = !scene.details.isEmpty();
        QRectF first = head;
        if (twoLines)
            first.setHeight(head.height() / 2);
        painter.setFont(headFont);
        painter.setPen(context.palette.color(QPalette::Text));
        const QFontMetricsF metrics(headFont);
        // Too narrow for "rank 12": the number alone.
        const QString shown
            = metrics.horizontalAdvance(label) <= head.width() - 2 ? label : context.discLabel(r);
        painter.drawText(first, Qt::AlignCenter, shown);
        if (twoLines && r < scene.details.size()) {
            QRectF second = head;
            second.setTop(first.bottom());
            painter.setFont(detailFont);
            painter.setPen(context.palette.color(QPalette::PlaceholderText));
            const QString detail = scene.details[r];
            if (QFontMetricsF(detailFont).horizontalAdvance(detail) <= head.width() - 2)
                painter.drawText(second, Qt::AlignHCenter | Qt::AlignTop, detail);
        }
    }
}

// Chunk labels on the left.
void paintRowLabels(QPainter& painter, const CollectivePaintContext& context,
                    const CollectiveGeometry::Panel& panel, int chunks)
{
    QFont rowFont = context.font;
    rowFont.setPixelSize(10);
    painter.setFont(rowFont);
    painter.setPen(context.palette.color(QPalette::PlaceholderText));
    for (int c = 0; c < chunks && c < static_cast<int>(panel.rowLabels.size()); ++c) {
        const QRectF row = panel.rowLabels[static_cast<std::size_t>(c)];
        if (row.height() >= 10 && (chunks <= 16 || c % 4 == 0))
            painter.drawText(row, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("c%1").arg(c));
    }
}

// Each rank's buffer and its cells; in the "now" panel, the cells the step in flight sends from (dashed)
// and, once its packets arrived, the cells they reached.
void paintColumns(QPainter& painter, const CollectivePaintContext& context,
                  const CollectiveGeometry::Panel& panel, const core::CollectiveState& state,
                  StatePanelRole role)
{
    const core::CollectiveTrace& trace = context.trace();
    const CollectivePlayhead& playhead = context.playhead;
    const int ranks = state.ranks();
    const int chunks = state.chunks();
    // Reduce-scatter keeps only each rank's own block; the other slots are scratch afterwards.
    const bool scratchAfter
        = role == StatePanelRole::After && trace.spec.op == core::CollectiveOp::ReduceScatter;
    const int perRank = ranks > 0 ? std::max(chunks / ranks, 1) : 1;

    std::set<std::pair<int, int>> sending, receiving;
    const int moving = playhead.movingStep();
    if (role == StatePanelRole::Now && moving >= 0) {
        for (const core::CollectiveSend& s : trace.steps[static_cast<std::size_t>(moving)].sends) {
            sending.insert({s.from, s.chunk});
            receiving.insert({s.to, s.toChunk});
        }
    }

    for (int r = 0; r < ranks && r < static_cast<int>(panel.columns.size()); ++r) {
        const QRectF column = panel.columns[static_cast<std::size_t>(r)];
        painter.setPen(QPen(context.palette.color(QPalette::Mid), 1));
        painter.setBrush(context.palette.color(QPalette::AlternateBase));
        painter.drawRoundedRect(column, 5, 5);
        for (int c = 0; c < chunks; ++c) {
            const QRectF cell = panel.cell(r, c);
            const bool faded = scratchAfter && c / perRank != r;
            paintCell(painter, context, cell, state, r, c, faded);
            if (!playhead.arrived() && sending.count({r, c})) {
                painter.setBrush(Qt::NoBrush);
                painter.setPen(QPen(palette::collectiveMoving, 2, Qt::DashLine));
                painter.drawRoundedRect(cell.adjusted(-1, -1, 1, 1), 4, 4);
            }
            if (playhead.arrived() && receiving.count({r, c})) {
                painter.setBrush(Qt::NoBrush);
                painter.setPen(QPen(palette::collectiveMoving, 3));
                painter.drawRoundedRect(cell.adjusted(-1.5, -1.5, 1.5, 1.5), 4, 4);
            }
        }
    }
}

// "+": the receiver adds this packet to what it holds.
void paintPlusBadge(QPainter& painter, const QRectF& packet)
{
    const double badge = std::clamp(packet.height() * 0.42, 10.0, 20.0);
    const QRectF circle(packet.right() - badge * 0.7, packet.top() - badge * 0.3, badge, badge);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette::collectiveMoving);
    painter.drawEllipse(circle);
    painter.setPen(QPen(palette::collectivePacketSign, std::max(badge / 7, 1.5)));
    const QPointF c = circle.center();
    painter.drawLine(c - QPointF(badge * 0.27, 0), c + QPointF(badge * 0.27, 0));
    painter.drawLine(c - QPointF(0, badge * 0.27), c + QPointF(0, badge * 0.27));
}

} // namespace

QString nowPanelTitle(const CollectivePlayhead& playhead)
{
    const int steps = playhead.steps();
    const int shown = playhead.shownStep();
    if (shown < 0)
        return CollectiveViewText::tr("Now: before step 1 of %1").arg(steps);
    return CollectiveViewText::tr("Now: step %1 of %2").arg(shown + 1).arg(steps);
}

void paintStatePanel(QPainter& painter, const CollectivePaintContext& context,
                     const CollectiveGeometry::Panel& panel, const core::CollectiveState& state,
                     StatePanelRole role)
{
    paintTitle(painter, context, panel, role);
    paintHeads(painter, context, panel, state.ranks());
    paintRowLabels(painter, context, panel, state.chunks());
    paintColumns(painter, context, panel, state, role);
}

void paintPacketsInFlight(QPainter& painter, const CollectivePaintContext& context,
                          const CollectiveGeometry::Panel& panel)
{
    const CollectivePlayhead& playhead = context.playhead;
    const int moving = playhead.movingStep();
    if (moving < 0 || playhead.arrived())
        return;
    const core::CollectiveTrace& trace = context.trace();
    const core::CollectiveStep& step = trace.steps[static_cast<std::size_t>(moving)];
    const core::CollectiveState& source = trace.sendsReadInput ? trace.initial : context.stateAfter(moving);
    const double t = playhead.travel();
    const double pitch = panel.columns.size() > 1 ? panel.columns[1].left() - panel.columns[0].left() : 0;
    for (const core::CollectiveSend& s : step.sends) {
        const QRectF from = panel.cell(s.from, s.chunk);
        const QRectF to = panel.cell(s.to, s.toChunk);
        if (from.isEmpty() || to.isEmpty())
            continue;
        // Neighbours slide straight across; longer trips arc above the row so that they stay visible.
        const QPointF a = from.center();
        const QPointF b = to.center();
        const double distance = std::abs(b.x() - a.x());
        const double lift = distance > 1.5 * pitch ? std::min(distance * 0.22, from.height() * 1.6 + 20) : 0;
        const QPointF control = (a + b) / 2 - QPointF(0, lift);
        const QPointF at = quadratic(a, control, b, t);
        QRectF packet(0, 0, from.width() * 0.84, from.height() * 0.84);
        packet.moveCenter(at);
        const std::vector<int> who = source.contributors(s.from, s.chunk);
        painter.save();
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette::collectivePacketShadow);
        painter.drawRoundedRect(packet.translated(3, 3), 4, 4);
        if (!who.empty())
            paintStripes(painter, packet, who, source.ranks(), 4);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette::collectiveMoving, 2.5));
        painter.drawRoundedRect(packet, 4, 4);
        if (s.reduces && packet.height() >= 12)
            paintPlusBadge(painter, packet);
        painter.restore();
    }
}

} // namespace widgets
