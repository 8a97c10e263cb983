// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File ▸ Import: what a user brings from a real run. Import Trace… reads a PyTorch profiler trace
// (core/trace/profilertrace.h) on a worker thread, with progress and Cancel, and adds the run to the
// design's measured records as one undo step. Its own class, so that the main window only adds it to the
// File menu.

#include <QMenu>

namespace app {

class MainWindow;

class ImportMenu : public QMenu
{
    Q_OBJECT

public:
    explicit ImportMenu(MainWindow* window);

    // Reads the trace off the GUI thread and adds its record; false with `error` saying why (nothing of
    // the design changed) or, with `cancelled` set, because the user cancelled.
    bool importTrace(const QString& path, QString* error, bool* cancelled = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void importTraceDialog();

    MainWindow* m_window;
    QAction* m_traceAction = nullptr;
};

} // namespace app
