#include "figureexport.h"

#include "savefile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

namespace app {

namespace {

// Draws the view centred in `target`, scaled uniformly so that it fits.
void paintFitted(QPainter& painter, QWidget* view, const QSizeF& target)
{
    const QSizeF source = view->size();
    const qreal scale = std::min(target.width() / source.width(), target.height() / source.height());
    painter.fillRect(QRectF(QPointF(0, 0), target), Qt::white);
    painter.translate((target.width() - source.width() * scale) / 2,
                      (target.height() - source.height() * scale) / 2);
    painter.scale(scale, scale);
    view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
}

QString tr(const char* text)
{
    return QCoreApplication::translate("FigureExport", text);
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
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    paintFitted(painter, view, QSizeF(size));
    return image;
}

bool exportFigure(QWidget* view, QSize size, const QString& path, QString* error)
{
    const std::optional<FigureFormat> format = figureFormatForPath(path);
    if (!format) {
        *error = tr("%1: figures are written as .png, .svg or .pdf.").arg(path);
        return false;
    }
    if (size.isEmpty())
        size = view->size();
    if (view->size().isEmpty()) {
        *error = tr("The view has no size yet; show it first.");
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
        QPainter painter(&svg);
        paintFitted(painter, view, QSizeF(size));
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
        QPainter painter(&pdf);
        paintFitted(painter, view, QSizeF(size));
        break;
    }
    }
    buffer.close();
    return saveFileAtomically(path, bytes, error);
}

} // namespace app
