// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/exportmenu.h"

#include "window/figureexport.h"
#include "dialogs/launchconfigdialog.h"
#include "window/mainwindow.h"
#include "performance/performancepanel.h"
#include "dialogs/recordsdialog.h"
#include "report/reportwriter.h"

#include <QEvent>
#include <QFileDialog>
#include <QMessageBox>
#include <QTabWidget>

namespace app {

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
    m_window->document()->finishEvaluation(); // the configuration of the design as edited last
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
    m_window->document()->finishEvaluation(); // the report of the design as edited last
    const widgets::DesignSnapshot snapshot = m_window->document()->snapshot();
    if (snapshot.isNull()) {
        *error = tr("There is no evaluated design to report on.");
        return false;
    }
    // The same report as meshwright-cli report, its figures drawn the same way, with the layouts pinned
    // on the Performance tab beside the design.
    return report::writeDesignReport(snapshot, m_window->performance()->candidates(), path, error);
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
