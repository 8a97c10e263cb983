// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File ▸ Export: the hand-over of a design review — the launch configuration for a framework, a figure of the
// current view, the design report with its figures, and (after the hand-over) the measured records of the
// real run beside the prediction. Its own class, so that the main window only adds it to the File menu.

#include <QMenu>
#include <QSize>

class QWidget;

namespace app {

class MainWindow;

class ExportMenu : public QMenu
{
    Q_OBJECT

public:
    explicit ExportMenu(MainWindow* window);

    // What the actions do after their dialogs; false with `error` saying why.
    bool exportCurrentView(const QString& path, QSize size, QString* error) const;
    bool writeReport(const QString& path, QString* error) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showLaunchConfiguration();
    void exportFigureDialog();
    void writeReportDialog();
    void showRecords();

    MainWindow* m_window;
    QAction* m_launchAction = nullptr;
    QAction* m_figureAction = nullptr;
    QAction* m_reportAction = nullptr;
    QAction* m_recordsAction = nullptr;
};

} // namespace app
