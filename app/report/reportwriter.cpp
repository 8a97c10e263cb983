// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportwriter.h"

#include "common/choicetext.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "diagnostics/diagnostictext.h"
#include "report/designreport.h"
#include "report/reportfigures.h"
#include "report/reportlanguage.h"
#include "report/reportpdf.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace report {

namespace {

// Figures are laid out 600 px wide: the text width of an A4 page at the document's 96 dpi.
constexpr int kFigureWidth = 600;

// The report in the language the application runs in: texts from the context "Report" (the core marks them),
// numbers through the default QLocale, and the words the views already have for diagnostics, choices and
// measured records. The command line sets an English locale and loads no translation, so it writes English.
class ApplicationReportLanguage : public core::ReportLanguage
{
public:
    std::string text(const char* english) const override
    {
        return QCoreApplication::translate("Report", english).toStdString();
    }
    std::string counted(const char* english, std::int64_t count) const override
    {
        // The translation picks the plural form and writes %n as plain digits; without one (the command
        // line loads none) the source's "(s)" comes back, and the English rule of the core applies.
        QString text = QCoreApplication::translate("Report", english, nullptr, int(count));
        if (text.contains(QStringLiteral("(s)")))
            return core::ReportLanguage::counted(english, count);
        // The count with the locale's digit grouping ("1.024 GPUs"); the texts hold no other digits.
        return text.replace(QString::number(count), widgets::integerText(count)).toStdString();
    }
    std::string integer(std::int64_t value) const override
    {
        return widgets::integerText(value).toStdString();
    }
    std::string number(double value) const override { return widgets::numberText(value).toStdString(); }
    std::string percent(double fraction) const override
    {
        return (widgets::numberText(100 * fraction) + QStringLiteral(" %")).toStdString();
    }
    std::string bytes(double value) const override { return widgets::bytesText(value).toStdString(); }
    std::string seconds(double value) const override { return widgets::secondsText(value).toStdString(); }
    std::string count(double value) const override { return widgets::countText(value).toStdString(); }
    std::string diagnostic(const core::Diagnostic& d) const override
    {
        return widgets::diagnosticMessage(d).toStdString();
    }
    std::string severity(core::Severity s) const override { return widgets::severityText(s).toStdString(); }
    std::string scheduleName(core::Schedule s) const override
    {
        return widgets::scheduleName(s).toStdString();
    }
    std::string recomputeName(core::Recompute r) const override
    {
        return widgets::recomputeName(r).toStdString();
    }
    std::string recordTitle(const core::MeasuredRecord& r) const override
    {
        return widgets::recordTitle(r).toStdString();
    }
    std::string recordQuantity(const core::RecordComparisonRow& row) const override
    {
        return widgets::recordQuantityText(row).toStdString();
    }
    std::string recordValue(double value, core::RecordUnit unit) const override
    {
        return widgets::recordValueText(value, unit).toStdString();
    }
    std::string recordDifference(const core::RecordComparisonRow& row) const override
    {
        return widgets::recordDifferenceText(row).toStdString();
    }
};

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
    return QString::fromStdString(core::designReportHtml(*snapshot.design, *snapshot.evaluation, list,
                                                         reportCandidates(candidates),
                                                         ApplicationReportLanguage()));
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
    *error = QCoreApplication::translate("Report", "The report's figures need the graphical application.");
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
        *error = QCoreApplication::translate("Report", "Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace report
