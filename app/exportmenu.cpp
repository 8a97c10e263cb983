#include "exportmenu.h"

#include "designreport.h"
#include "figureexport.h"
#include "launchconfigdialog.h"
#include "mainwindow.h"
#include "performancepanel.h"
#include "qtconvert.h"
#include "recordsdialog.h"
#include "reportpdf.h"
#include "savefile.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

namespace app {

using widgets::qs;

namespace {

// Report figures are laid out 600 px wide: the text width of an A4 page at the document's 96 dpi.
constexpr int kReportFigureWidth = 600;

} // namespace

ExportMenu::ExportMenu(MainWindow* window)
    : QMenu(window)
    , m_window(window)
{
    m_launchAction = addAction(QString());
    m_figureAction = addAction(QString());
    m_reportAction = addAction(QString());
    addSeparator();
    m_recordsAction = addAction(QString());
    connect(m_launchAction, &QAction::triggered, this, &ExportMenu::showLaunchConfiguration);
    connect(m_figureAction, &QAction::triggered, this, &ExportMenu::exportFigureDialog);
    connect(m_reportAction, &QAction::triggered, this, &ExportMenu::writeReportDialog);
    connect(m_recordsAction, &QAction::triggered, this, &ExportMenu::showRecords);
    retranslate();
}

void ExportMenu::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMenu::changeEvent(event);
}

void ExportMenu::retranslate()
{
    setTitle(tr("E&xport"));
    m_launchAction->setText(tr("&Launch Configuration…"));
    m_figureAction->setText(tr("&Figure of the Current View…"));
    m_reportAction->setText(tr("Design &Report…"));
    m_recordsAction->setText(tr("&Measured Records…"));
}

void ExportMenu::showRecords()
{
    RecordsDialog dialog(m_window->document(), m_window);
    dialog.exec();
}

void ExportMenu::showLaunchConfiguration()
{
    LaunchConfigDialog dialog(m_window->document()->snapshot(), m_window);
    dialog.exec();
}

bool ExportMenu::exportCurrentView(const QString& path, QSize size, QString* error) const
{
    return exportFigure(m_window->views()->currentWidget(), size, path, error);
}

void ExportMenu::exportFigureDialog()
{
    const QString title
        = m_window->views()->tabText(m_window->views()->currentIndex()).remove(QLatin1Char('&'));
    app::exportFigureDialog(m_window, m_window->views()->currentWidget(), title);
}

bool ExportMenu::writeReport(const QString& path, QString* error) const
{
    const widgets::DesignSnapshot snapshot = m_window->document()->snapshot();
    if (snapshot.isNull()) {
        *error = tr("There is no evaluated design to report on.");
        return false;
    }
    const bool pdf = QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0;
    // Every view, as it is drawn now: the figures a reviewer would otherwise screenshot.
    QList<report::ReportImage> images;
    std::vector<core::ReportFigure> figures;
    QTabWidget* views = m_window->views();
    const int shown = views->currentIndex();
    for (int i = 0; i < views->count(); ++i) {
        // A tab never shown has not had its resize events yet, and its plots have no paint buffers: bring
        // each to the front once before drawing it, then return to the tab the user was on.
        views->setCurrentIndex(i);
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        QWidget* view = views->widget(i);
        if (view->size().isEmpty())
            continue;
        const QImage image = renderFigure(view);
        const QString name = QStringLiteral("figure-%1.png").arg(i + 1);
        images.append({name, image});
        const QString caption = views->tabText(i).remove(QLatin1Char('&'));
        figures.push_back({caption.toStdString(), (pdf ? name : report::pngDataUri(image)).toStdString(),
                           kReportFigureWidth});
    }
    views->setCurrentIndex(shown);
    // The layouts pinned on the Performance tab, compared in the report.
    const std::vector<widgets::DesignSnapshot> pinned = m_window->performance()->candidates();
    std::vector<core::ReportCandidate> candidates;
    for (const widgets::DesignSnapshot& c : pinned)
        candidates.push_back({c.design.get(), c.evaluation.get()});
    const QString html
        = qs(core::designReportHtml(*snapshot.design, *snapshot.evaluation, figures, candidates));
    if (pdf)
        return saveFileAtomically(path, report::reportPdf(html, images, qs(snapshot.design->name)), error);
    return saveFileAtomically(path, html.toUtf8(), error);
}

void ExportMenu::writeReportDialog()
{
    const QString path
        = QFileDialog::getSaveFileName(m_window, tr("Write Design Report"), tr("design-report.pdf"),
                                       tr("PDF document (*.pdf);;HTML page (*.html)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeReport(path, &error))
        QMessageBox::warning(m_window, tr("Cannot Write the Report"), error);
}

} // namespace app
