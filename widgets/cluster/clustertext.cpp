// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustertext.h"

#include <QPainter>
#include <cmath>

namespace widgets {

namespace {

QFont pixelFont(const QFont& base, int pixels, bool bold = false)
{
    QFont font = base;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

} // namespace

void ClusterTextCache::reset(const QFont& base, std::size_t rankCount, std::size_t nodeCount)
{
    rankLabels = pixelFont(base, 17, true);
    rankFull = pixelFont(base, 15, true);
    coordinate = pixelFont(base, 10);
    title = pixelFont(base, 13, true);
    link = pixelFont(base, 9);
    linkBold = pixelFont(base, 9, true);
    uplink = pixelFont(base, 10, true);
    ranksLabels.assign(rankCount, QStaticText());
    ranksFull.assign(rankCount, QStaticText());
    coordinates.clear();
    titles.assign(nodeCount, QStaticText());
    links.assign(nodeCount, QStaticText());
}

const QStaticText& staticText(std::vector<QStaticText>& texts, std::size_t index, const QFont& font,
                              const QString& text)
{
    if (index >= texts.size())
        texts.resize(index + 1);
    QStaticText& entry = texts[index];
    if (entry.text().isEmpty() && !text.isEmpty()) {
        entry.setTextFormat(Qt::PlainText);
        entry.setPerformanceHint(QStaticText::AggressiveCaching);
        entry.setText(text);
        entry.prepare(QTransform(), font);
    }
    return entry;
}

void drawTextIn(QPainter* painter, const QRectF& rect, Qt::Alignment alignment, const QStaticText& text)
{
    if (text.text().isEmpty())
        return;
    const QSizeF size = text.size();
    const double width = size.width();
    const double height = size.height();
    double x = rect.left();
    if (alignment & Qt::AlignHCenter)
        x = rect.left() + (rect.width() - width) / 2;
    else if (alignment & Qt::AlignRight)
        x = rect.right() - width;
    double y = rect.top();
    if (alignment & Qt::AlignVCenter)
        y = rect.top() + (rect.height() - height) / 2;
    else if (alignment & Qt::AlignBottom)
        y = rect.bottom() - height;
    painter->drawStaticText(QPointF(x, y), text);
}

void fillFrame(QPainter* painter, const QRectF& rect, const QColor& color, double devicePixels)
{
    const double scale = std::hypot(painter->worldTransform().m11(), painter->worldTransform().m12());
    const double w = devicePixels / (scale > 0 ? scale : 1);
    const QRectF outer = rect.adjusted(-w / 2, -w / 2, w / 2, w / 2);
    painter->fillRect(QRectF(outer.left(), outer.top(), outer.width(), w), color);
    painter->fillRect(QRectF(outer.left(), outer.bottom() - w, outer.width(), w), color);
    painter->fillRect(QRectF(outer.left(), outer.top() + w, w, outer.height() - 2 * w), color);
    painter->fillRect(QRectF(outer.right() - w, outer.top() + w, w, outer.height() - 2 * w), color);
}

void fillRoundedFrame(QPainter* painter, const QRectF& rect, double radius, const QColor& fill,
                      const QColor& edge, double devicePixels)
{
    const double scale = std::hypot(painter->worldTransform().m11(), painter->worldTransform().m12());
    const double half = devicePixels / (scale > 0 ? scale : 1) / 2;
    painter->setPen(Qt::NoPen);
    painter->setBrush(edge);
    painter->drawRoundedRect(rect.adjusted(-half, -half, half, half), radius + half, radius + half);
    painter->setBrush(fill);
    painter->drawRoundedRect(rect.adjusted(half, half, -half, -half), std::max(0.0, radius - half),
                             std::max(0.0, radius - half));
}

void fillStretches(QPainter* painter, const std::vector<QLineF>& stretches, const QColor& color,
                   double devicePixels)
{
    const double scale = std::hypot(painter->worldTransform().m11(), painter->worldTransform().m12());
    const double half = devicePixels / (scale > 0 ? scale : 1) / 2;
    std::vector<QLineF> slanted;
    for (const QLineF& line : stretches) {
        if (line.dx() != 0 && line.dy() != 0) {
            slanted.push_back(line);
            continue;
        }
        const QRectF bar = QRectF(line.p1(), line.p2()).normalized().adjusted(-half, -half, half, half);
        painter->fillRect(bar, color);
    }
    if (slanted.empty())
        return;
    QPen pen(color, devicePixels);
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::RoundCap);
    painter->setPen(pen);
    painter->drawLines(slanted.data(), static_cast<int>(slanted.size()));
}

} // namespace widgets
