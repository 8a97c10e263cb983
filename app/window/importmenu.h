// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File ▸ Import: what a user brings from outside. Model… reads a Hugging Face config.json
// (core/catalog/hfconfig.h) and makes it the design's model; Profiler Trace… reads a PyTorch profiler trace
// (core/trace/profilertrace.h) on a worker thread, with progress and Cancel, and adds the run to the
// design's measured records. Each is one undo step, and a config.json or a trace dropped onto the window
// is imported the same way. Its own class, so that the main window only adds it to the File menu.

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
    // Makes the config's architecture the design's model; false with `error` naming the field (nothing
    // changed). `warnings` gets what the import could not model.
    bool importModel(const QString& path, QString* error, QStringList* warnings = nullptr);

protected:
    void changeEvent(QEvent* event) override;
    // Files dropped onto the main window: a config.json is a model, anything else JSON a trace.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void importTraceDialog();
    void importModelDialog();
    void importDropped(const QString& path);

    MainWindow* m_window;
    QAction* m_modelAction = nullptr;
    QAction* m_traceAction = nullptr;
};

} // namespace app
