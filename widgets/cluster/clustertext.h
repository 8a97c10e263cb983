// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the cluster canvas paints over and over, prepared once: the fonts of its labels and the laid-out
// text of every rank number, coordinate, node title and link label (QStaticText, laid out the first time
// it is drawn and kept until the next snapshot, colour dimension or font), and frames filled as four
// strips instead of stroked (a cosmetic pen wider than one pixel goes through Qt's stroker, which costs
// more than the cell it outlines). Laying text out per cell and frame cost more than all the rest of a
// zoomed-in frame of 4,096 GPUs.

#include <QFont>
#include <QLineF>
#include <QStaticText>
#include <vector>

class QPainter;

namespace widgets {

struct ClusterTextCache
{
    QFont rankLabels; // a rank's number when the cell is just big enough for it
    QFont rankFull; // a rank's number above its coordinate
    QFont coordinate;
    QFont title; // a node's name
    QFont link; // an intra-node link's label, bold when it carries traffic
    QFont linkBold;
    QFont uplink; // the traffic on a node's uplink

    std::vector<QStaticText> ranksLabels; // per rank, in rankLabels
    std::vector<QStaticText> ranksFull; // per rank, in rankFull
    std::vector<QStaticText> coordinates; // per coordinate in the colour dimension
    std::vector<QStaticText> titles; // per node, elided to its title bar
    std::vector<QStaticText> links; // per node, the longest label that fits its link bar

    // Fresh fonts from the canvas font, and no text (it is laid out again as it is drawn).
    void reset(const QFont& base, std::size_t ranks, std::size_t nodes);
};

// Creates `text` (a plain-text QStaticText laid out in `font`) on first use.
const QStaticText& staticText(std::vector<QStaticText>& texts, std::size_t index, const QFont& font,
                              const QString& text);

// Draws a laid-out line in `rect` aligned as drawText(rect, alignment, …) would (left, centre or right;
// top, centre or bottom), in the painter's pen and the font the text was laid out in (also the painter's).
void drawTextIn(QPainter* painter, const QRectF& rect, Qt::Alignment alignment, const QStaticText& text);

// A rectangle's edge `devicePixels` wide on screen (as a cosmetic pen of that width draws it, without
// antialiasing), filled as four strips.
void fillFrame(QPainter* painter, const QRectF& rect, const QColor& color, double devicePixels);

// A rounded rectangle filled with `fill` and edged `devicePixels` wide on screen with `edge`, as
// drawRoundedRect with a cosmetic pen of that width draws it, but as two filled shapes: with antialiasing, Qt
// strokes a cosmetic pen pixel by pixel, which made the cells' edges half of a zoomed-in frame. The colours
// are opaque (the edge shows only where the fill does not cover it).
void fillRoundedFrame(QPainter* painter, const QRectF& rect, double radius, const QColor& fill,
                      const QColor& edge, double devicePixels);

// Far out, the stretches of a traffic path along the lanes and the trunk as filled bars `devicePixels` wide
// (their ends squared off where a round cap would be, a pixel or two at that zoom): a cosmetic pen wider
// than a pixel goes through Qt's stroker, which cost more than all the GPUs of a hovered frame. Slanted
// stretches (the last one to a member's GPU) are stroked with round caps.
void fillStretches(QPainter* painter, const std::vector<QLineF>& stretches, const QColor& color,
                   double devicePixels);

} // namespace widgets
