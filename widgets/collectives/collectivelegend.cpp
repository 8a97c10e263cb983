// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivelegend.h"

#include "collectives/collectivecells.h"
#include "collectives/collectivetext.h"
#include "common/groupcolors.h"

#include <QPainter>

namespace widgets {

namespace {

// The lines under the swatches, for the operation shown.
QStringList legendLines(core::CollectiveOp op)
{
    QStringList lines;
    if (isReduction(op))
        lines << CollectiveViewText::tr(
            "Stripes: the ranks summed into the chunk so far; \"0+2\" = rank 0's plus rank 2's part, "
            "\"3/8\" = "
            "3 of 8 ranks")
              << CollectiveViewText::tr("Framed Σ: the sum over all ranks, the result");
    else if (op == core::CollectiveOp::AllToAll)
        lines << CollectiveViewText::tr("\"2.1\" = chunk 1 of rank 2: each rank sends chunk j to rank j");
    else
        lines << CollectiveViewText::tr("A number names the rank the chunk came from; dashed = empty");
    lines << CollectiveViewText::tr(
        "Orange: moving in this step; a \"+\" packet is added to what the receiver holds");
    if (op == core::CollectiveOp::ReduceScatter)
        lines << CollectiveViewText::tr("Faded after: partial sums the rank does not keep");
    return lines;
}

} // namespace

double layoutCollectiveLegend(QPainter* painter, const CollectivePaintContext& context, const QRectF& area)
{
    const int n = context.trace().initial.ranks();
    QFont legendFont = context.font;
    legendFont.setPixelSize(12);
    const QFontMetricsF metrics(legendFont);
    const double line = metrics.height() + 6;
    double y = area.top();
    if (painter) {
        painter->setFont(legendFont);
        painter->setPen(context.palette.color(QPalette::Text));
    }
    const QString colours = CollectiveViewText::tr("Colours: whose data a cell holds");
    if (painter)
        painter->drawText(QPointF(area.left(), y + metrics.ascent()), colours);
    // Swatches with rank numbers, after the sentence if they fit, else on the next line.
    double x = area.left() + metrics.horizontalAdvance(colours) + 10;
    const double swatch = metrics.height() + 2;
    if (x + n * (swatch + 3) > area.right()) {
        x = area.left();
        y += line;
    }
    QFont swatchFont = legendFont;
    swatchFont.setPixelSize(10);
    swatchFont.setBold(true);
    for (int r = 0; r < n; ++r) {
        if (painter) {
            const QRectF box(x, y, swatch, swatch);
            const QColor fill = rankColor(r, n);
            painter->setPen(QPen(fill.darker(150), 1));
            painter->setBrush(fill);
            painter->drawRoundedRect(box, 3, 3);
            painter->setFont(swatchFont);
            painter->setPen(textColorOn(fill));
            painter->drawText(box, Qt::AlignCenter, context.discLabel(r));
        }
        x += swatch + 3;
        if (x + swatch > area.right() && r + 1 < n) {
            x = area.left();
            y += line;
        }
    }
    y += line;
    if (painter) {
        painter->setFont(legendFont);
        painter->setPen(context.palette.color(QPalette::Text));
    }
    constexpr int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    for (const QString& text : legendLines(context.trace().spec.op)) {
        // The legend's width, unbounded below: the view sized the area for all of it.
        const QRectF box(area.left(), y, area.width(), 1e6);
        if (painter)
            painter->drawText(box, flags, text);
        y += metrics.boundingRect(box, flags, text).height() + 3;
    }
    return y - area.top();
}

} // namespace widgets
