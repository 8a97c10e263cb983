// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File ▸ Import: what a user brings from outside. Model… reads a Hugging Face config.json
// (core/catalog/hfconfig.h) and makes it the design's model; Launch Configuration… reads a Megatron-LM,
// torchtitan, Accelerate, DeepSpeed, vLLM or SGLang launch file (core/launch/launchimport.h) into the
// design's layout and workload on its cluster; Profiler Trace… reads a PyTorch profiler trace
// (core/trace/profilertrace.h) on a worker thread, with progress and Cancel, and adds the run to the
// design's measured records. Each is one undo step, and a config.json or a trace dropped onto the window
// is imported the same way. Its own class, so that the main window only adds it to the File menu.

#include "launch/launchimport.h"

#include <QMenu>
#include <optional>

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
    // Makes the launch file's layout, workload, framework and (when it names a preset) model the design's,
    // in one undo step; the format from the file's name and contents unless given. False with `error`
    // naming the line or key (nothing changed). `notes` gets the warnings and the settings not used.
    bool importLaunch(const QString& path, std::optional<core::LaunchFormat> format, QString* error,
                      QStringList* notes = nullptr);

protected:
    void changeEvent(QEvent* event) override;
    // Files dropped onto the main window: a config.json is a model, anything else JSON a trace.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void importTraceDialog();
    void importModelDialog();
    void importLaunchDialog();
    void importDropped(const QString& path);

    MainWindow* m_window;
    QAction* m_modelAction = nullptr;
    QAction* m_launchAction = nullptr;
    QAction* m_traceAction = nullptr;
};

} // namespace app
