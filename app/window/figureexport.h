// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Figures for slides: any view rendered to PNG, SVG or PDF at a chosen size. The view is drawn by
// widgets::paintViewFitted onto a painter scaled to fit the chosen size with its aspect ratio kept, its plots
// as vector drawings, so SVG and PDF stay vector graphics and a large PNG stays sharp.

#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

class QWidget;

namespace app {

enum class FigureFormat { Png, Svg, Pdf };

// From the file name's suffix (case-insensitive); nullopt for any other.
std::optional<FigureFormat> figureFormatForPath(const QString& path);

// The view at `size` pixels (an empty size: the view's own), on white.
QImage renderFigure(QWidget* view, QSize size = {});

// Writes the view to `path` in the format its suffix names; false with `error` saying why.
bool exportFigure(QWidget* view, QSize size, const QString& path, QString* error);

// The user's way to the same: asks for the size (the view's own to start with) and the file, named after
// `title`, writes it, and says why when it cannot. Shared by File ▸ Export and the Learn window.
void exportFigureDialog(QWidget* parent, QWidget* view, const QString& title);

} // namespace app
