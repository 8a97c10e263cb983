// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design report (report/designreport.h) as a PDF: Qt's rich-text layout prints the HTML onto A4 pages.
// Needs a QGuiApplication (fonts); the offscreen platform is enough.

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QString>

namespace report {

struct ReportImage
{
    QString name; // as the HTML's <img src>
    QImage image;
};

// The PDF's bytes.
QByteArray reportPdf(const QString& html, const QList<ReportImage>& images, const QString& title);

// "data:image/png;base64,…" for an HTML file that carries its figures inside.
QString pngDataUri(const QImage& image);

} // namespace report
