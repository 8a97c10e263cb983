// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A view as a figure (exported, or printed in a report): the view with its children painted onto any device —
// an image, an SVG generator, a PDF writer — centred and scaled to fit. Widgets paint themselves through
// QWidget::render, except the plots: QCustomPlot paints its cached pixel buffers, which would make an SVG or
// PDF figure a bitmap, so each plot draws itself again as vector graphics (QCustomPlot::toPainter) in its
// place. QCustomPlot stays in widgets/: app/figureexport.cpp calls this.

#include <QSizeF>

class QPaintDevice;
class QWidget;

namespace widgets {

// Paints `view` centred in `target` (device pixels), scaled uniformly to fit, on white. `vector`: the
// device is an SVG or PDF (lines and text stay lines and text).
void paintViewFitted(QPaintDevice* device, QWidget* view, const QSizeF& target, bool vector);

} // namespace widgets
