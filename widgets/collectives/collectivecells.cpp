// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivecells.h"

#include "collectives/collectivegeometry.h"
#include "collectives/collectivetext.h"
#include "common/groupcolors.h"
#include "common/palette.h"

#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace widgets {

QColor rankColor(int rank, int ranks)
{
    if (ranks <= 12)
        return groupColor(rank);
    // Evenly spaced hues, alternating lightness so that neighbours differ even where hues are close.
    const int hue = static_cast<int>(std::lround(360.0 * rank / std::max(ranks, 1))) % 360;
    return QColor::fromHsv(hue, rank % 2 == 0 ? 150 : 110, rank % 2 == 0 ? 215 : 240);
}

// The colours say whose data the cell sums or holds.
void paintStripes(QPainter& painter, const QRectF& rect, const std::vector<int>& who, int ranks,
                  double radius)
{
    QPainterPath clip;
    clip.addRoundedRect(rect, radius, radius);
    painter.save();
    painter.setClipPath(clip);
    painter.setPen(Qt::NoPen);
    const double width = rect.width() / static_cast<double>(who.size());
    if (width < 2 && who.size() > 1) {
        // Too narrow for a stripe per rank: the same colours blended left to right.
        QLinearGradient blend(rect.topLeft(), rect.topRight());
        for (std::size_t i = 0; i < who.size(); ++i)
            blend.setColorAt(static_cast<double>(i) / static_cast<double>(who.size() - 1),
                             rankColor(who[i], ranks));
        painter.setBrush(blend);
        painter.drawRect(rect);
        painter.restore();
        return;
    }
    for (std::size_t i = 0; i < who.size(); ++i) {
        painter.setBrush(rankColor(who[i], ranks));
        painter.drawRect(
            QRectF(rect.left() + width * static_cast<double>(i), rect.top(), width + 0.5, rect.height()));
    }
    painter.restore();
}

// A more detailed text wins if it fits at a readable size; the shortest one may shrink further.
void paintCellText(QPainter& painter, const QRectF& rect, const QStringList& texts, const QFont& base)
{
    if (texts.isEmpty() || rect.height() < 9)
        return;
    const int largest = static_cast<int>(std::clamp(rect.height() * 0.42, 8.0, 22.0));
    QFont font = base;
    font.setBold(true);
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const int smallest = i + 1 == texts.size() ? 7 : 8;
        for (int pixels = largest; pixels >= smallest; --pixels) {
            font.setPixelSize(pixels);
            const QFontMetricsF metrics(font);
            const double w = metrics.horizontalAdvance(texts[i]) + std::min(8.0, pixels * 0.6);
            const double h = metrics.height() + 1;
            if (w > rect.width() - 1 || h > rect.height())
                continue;
            const QRectF pill(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h);
            painter.setPen(Qt::NoPen);
            painter.setBrush(palette::collectiveCellLabelBackground);
            painter.drawRoundedRect(pill, h / 2, h / 2);
            painter.setFont(font);
            painter.setPen(palette::collectiveCellLabelText);
            painter.drawText(pill, Qt::AlignCenter, texts[i]);
            return;
        }
    }
}

void paintCell(QPainter& painter, const CollectivePaintContext& context, const QRectF& rect,
               const core::CollectiveState& state, int rank, int slot, bool faded)
{
    if (rect.isEmpty())
        return;
    const core::CollectiveOp op = context.trace().spec.op;
    const std::vector<int> who = state.contributors(rank, slot);
    const double radius = std::min(4.0, rect.height() / 4);
    if (who.empty()) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(context.palette.color(QPalette::Mid), 1, Qt::DashLine));
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius);
        return;
    }
    painter.save();
    if (faded)
        painter.setOpacity(0.18);
    paintStripes(painter, rect, who, state.ranks(), radius);
    const bool complete = isReduction(op) && state.holdsAll(rank, slot) && state.ranks() > 1;
    painter.setBrush(Qt::NoBrush);
    // The finished sum gets a dark frame, thinner in narrow cells so that its stripes stay visible.
    const double frame = std::clamp(std::min(rect.width(), rect.height()) * 0.08, 1.0, 2.5);
    painter.setPen(complete ? QPen(palette::collectiveFinishedSum, frame)
                            : QPen(palette::collectiveCellOutline, 1));
    painter.drawRoundedRect(complete ? rect.adjusted(frame / 2, frame / 2, -frame / 2, -frame / 2) : rect,
                            radius, radius);
    if (!faded)
        paintCellText(painter, rect,
                      cellTexts(state, rank, slot, isReduction(op), op == core::CollectiveOp::AllToAll,
                                context.scene.rankIds),
                      context.font);
    painter.restore();
}

} // namespace widgets
