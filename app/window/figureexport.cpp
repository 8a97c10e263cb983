// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/figureexport.h"

#include "document/savefile.h"
#include "common/viewfigure.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMessageBox>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QWidget>

namespace app {

namespace {

constexpr int kMaxFigureSide = 20000;

// The dialog's words keep the context of File ▸ Export, where they were first translated.
QString menuTr(const char* text)
{
    return QCoreApplication::translate("app::ExportMenu", text);
}

// Asks for a figure size, starting from the view's own; an empty size when cancelled.
QSize askFigureSize(QWidget* parent, QSize initial)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", "Figure Size")));
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    for (QSpinBox* box : {width, height}) {
        box->setRange(16, kMaxFigureSide);
        box->setSuffix(menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", " px")));
    }
    width->setValue(initial.width());
    height->setValue(initial.height());
    auto* form = new QFormLayout(&dialog);
    form->addRow(menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", "Width:")), width);
    form->addRow(menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", "Height:")), height);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    return {width->value(), height->value()};
}

} // namespace

std::optional<FigureFormat> figureFormatForPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return FigureFormat::Png;
    if (suffix == QLatin1String("svg"))
        return FigureFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return FigureFormat::Pdf;
    return std::nullopt;
}

QImage renderFigure(QWidget* view, QSize size)
{
    view->ensurePolished();
    if (size.isEmpty())
        size = view->size();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    widgets::paintViewFitted(&image, view, QSizeF(size), false);
    return image;
}

bool exportFigure(QWidget* view, QSize size, const QString& path, QString* error)
{
    const std::optional<FigureFormat> format = figureFormatForPath(path);
    if (!format) {
        *error = QCoreApplication::translate("FigureExport", "%1: figures are written as .png, .svg or .pdf.")
                     .arg(path);
        return false;
    }
    if (size.isEmpty())
        size = view->size();
    if (view->size().isEmpty()) {
        *error = QCoreApplication::translate("FigureExport", "The view has no size yet; show it first.");
        return false;
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (*format) {
    case FigureFormat::Png:
        renderFigure(view, size).save(&buffer, "PNG");
        break;
    case FigureFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(view->windowTitle());
        svg.setDescription(QStringLiteral("Meshwright"));
        widgets::paintViewFitted(&svg, view, QSizeF(size), true);
        break;
    }
    case FigureFormat::Pdf: {
        // One page of exactly the figure's size; 72 dpi makes one pixel one point.
        QPdfWriter pdf(&buffer);
        pdf.setResolution(72);
        pdf.setCreator(QStringLiteral("Meshwright"));
        pdf.setPageLayout(
            QPageLayout(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        widgets::paintViewFitted(&pdf, view, QSizeF(size), true);
        break;
    }
    }
    buffer.close();
    return saveFileAtomically(path, bytes, error);
}

void exportFigureDialog(QWidget* parent, QWidget* view, const QString& title)
{
    const QSize size = askFigureSize(parent, view->size());
    if (size.isEmpty())
        return;
    const QString path = QFileDialog::getSaveFileName(
        parent, menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", "Export Figure")),
        title.toLower() + QStringLiteral(".png"),
        menuTr(QT_TRANSLATE_NOOP("app::ExportMenu",
                                 "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)")));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportFigure(view, size, path, &error))
        QMessageBox::warning(parent, menuTr(QT_TRANSLATE_NOOP("app::ExportMenu", "Cannot Export the Figure")),
                             error);
}

} // namespace app
