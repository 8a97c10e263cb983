// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportpdf.h"

#include <QBuffer>
#include <QFont>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

namespace report {

namespace {
// QTextDocument::print adds its own 2 cm margin on every side, so the page itself has none; with 9 pt text
// the memory table's twelve columns fit A4 in portrait.
constexpr int kResolutionDpi = 150;
constexpr int kFontPoints = 9;
} // namespace

QByteArray reportPdf(const QString& html, const QList<ReportImage>& images, const QString& title)
{
    QByteArray pdf;
    QBuffer buffer(&pdf);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("Meshwright"));
    writer.setResolution(kResolutionDpi);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0),
                                     QPageLayout::Millimeter));
    QTextDocument document;
    QFont font = document.defaultFont();
    font.setPointSize(kFontPoints);
    document.setDefaultFont(font);
    for (const ReportImage& image : images)
        document.addResource(QTextDocument::ImageResource, QUrl(image.name), image.image);
    document.setHtml(html);
    document.print(&writer);
    return pdf;
}

QString pngDataUri(const QImage& image)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
}

} // namespace report
