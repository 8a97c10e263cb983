// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportwriter.h"

#include "report/designreport.h"
#include "report/reportfigures.h"
#include "report/reportpdf.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace report {

namespace {

// Figures are laid out 600 px wide: the text width of an A4 page at the document's 96 dpi.
constexpr int kFigureWidth = 600;

QString tr(const char* text)
{
    return QCoreApplication::translate("Report", text);
}

std::vector<core::ReportCandidate> reportCandidates(const std::vector<widgets::DesignSnapshot>& candidates)
{
    std::vector<core::ReportCandidate> list;
    for (const widgets::DesignSnapshot& c : candidates)
        list.push_back({c.design.get(), c.evaluation.get()});
    return list;
}

// Core's HTML with `figures`, each <img src> given by `source` (a data: URI, or a PDF resource name).
template<typename Source>
QString reportHtml(const widgets::DesignSnapshot& snapshot,
                   const std::vector<widgets::DesignSnapshot>& candidates,
                   const QList<RenderedFigure>& figures, Source source)
{
    std::vector<core::ReportFigure> list;
    for (int i = 0; i < figures.size(); ++i)
        list.push_back({figures[i].caption.toStdString(), source(i).toStdString(), kFigureWidth});
    return QString::fromStdString(
        core::designReportHtml(*snapshot.design, *snapshot.evaluation, list, reportCandidates(candidates)));
}

QString resourceName(int index)
{
    return QStringLiteral("figure-%1.png").arg(index + 1);
}

} // namespace

bool canDrawFigures(QString* error)
{
    if (qobject_cast<QApplication*>(QCoreApplication::instance()))
        return true;
    *error = tr("The report's figures need the graphical application.");
    return false;
}

QString designReportHtml(const widgets::DesignSnapshot& snapshot,
                         const std::vector<widgets::DesignSnapshot>& candidates)
{
    const QList<RenderedFigure> figures = renderReportFigures(snapshot);
    return reportHtml(snapshot, candidates, figures, [&](int i) { return pngDataUri(figures[i].image); });
}

bool writeDesignReport(const widgets::DesignSnapshot& snapshot,
                       const std::vector<widgets::DesignSnapshot>& candidates, const QString& path,
                       QString* error)
{
    if (!canDrawFigures(error))
        return false;
    QByteArray bytes;
    if (QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0) {
        const QList<RenderedFigure> figures = renderReportFigures(snapshot);
        QList<ReportImage> images;
        for (int i = 0; i < figures.size(); ++i)
            images.append({resourceName(i), figures[i].image});
        bytes = reportPdf(reportHtml(snapshot, candidates, figures, resourceName), images,
                          QString::fromStdString(snapshot.design->name));
    } else {
        bytes = designReportHtml(snapshot, candidates).toUtf8();
    }
    QSaveFile file(path);
    // flush() checked before commit(): Qt 6.4's commit() reports success after its own flush failed.
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.flush()
        || file.error() != QFileDevice::NoError || !file.commit()) {
        file.cancelWriting();
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace report
