#pragma once

// The design report (core/designreport.h) as a PDF: Qt's rich-text layout prints the HTML onto A4 pages.
// Needs a QGuiApplication (fonts); the offscreen platform is enough.

#include <QImage>
#include <QList>
#include <QString>

namespace report {

struct ReportImage
{
    QString name; // as the HTML's <img src>
    QImage image;
};

// Writes atomically; on failure returns false with `error` naming the path and the reason.
bool writeReportPdf(const QString& html, const QList<ReportImage>& images, const QString& title,
                    const QString& path, QString* error);

// "data:image/png;base64,…" for an HTML file that carries its figures inside.
QString pngDataUri(const QImage& image);

} // namespace report
