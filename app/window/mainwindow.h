// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The composition root: it owns the document and wires document → evaluation → views, and views'
// intents → undoable edits. It holds no logic of its own beyond files, menus and dialogs.

#include "document/document.h"

#include <QKeySequence>
#include <QList>
#include <QMainWindow>
#include <QSize>
#include <memory>

class QActionGroup;
class QDockWidget;
class QMenu;
class QTabWidget;
class QUndoGroup;

namespace widgets {
class CollectivePanel;
class ClusterPanel;
class DesignSummary;
class DiagnosticsPanel;
class LayoutInspector;
class MemoryPanel;
class PerformancePanel;
class TimelinePanel;
} // namespace widgets

namespace app {

class EvaluationStatus;
class HelpDialog;
class Language;
class LearnWindow;
class WhatIfRunner;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // The smallest window that still shows the canvas at a useful size with both docks: a 1024 × 768
    // screen with its panels. Enforced by the window and by --size.
    static constexpr QSize kMinimumSize{1024, 640};

    explicit MainWindow(Language* language, QWidget* parent = nullptr);
    ~MainWindow() override;
    QDockWidget* inspectorDock() const { return m_inspectorDock; }
    QDockWidget* diagnosticsDock() const { return m_diagnosticsDock; }

    Document* document() const { return m_document.get(); }
    widgets::LayoutInspector* inspector() const { return m_inspector; }
    widgets::ClusterPanel* cluster() const { return m_cluster; }
    widgets::DiagnosticsPanel* diagnostics() const { return m_diagnostics; }
    widgets::DesignSummary* summary() const { return m_summary; }
    widgets::CollectivePanel* collectives() const { return m_collectives; }
    QTabWidget* views() const { return m_views; }
    widgets::MemoryPanel* memory() const { return m_memory; }
    widgets::TimelinePanel* timeline() const { return m_timeline; }
    widgets::PerformancePanel* performance() const { return m_performance; }
    // The teaching views, reached from the Learn menu; they follow the current design.
    LearnWindow* learn() const { return m_learn; }

    // Replaces the document with a new one holding `design` (no questions asked). A large design evaluates
    // first with a progress dialog; false, and the open document stays, when that is cancelled.
    bool setDesign(core::Design design, const QString& filePath = {});
    // The status bar's line while the document evaluates on the worker.
    EvaluationStatus* evaluationStatus() const { return m_evaluationStatus; }
    // Reads a design file; on failure the current design stays and the error is shown (or, when not
    // interactive, kept in lastError()).
    bool openFile(const QString& path);
    // The same after asking to save unsaved changes (a recent file, a design dropped onto the window).
    bool openFileAfterAsking(const QString& path);
    bool saveTo(const QString& path);
    // Dialogs on (the application) or off (tests: errors go to lastError(), unsaved changes are kept).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    QString lastError() const { return m_lastError; }

    // Brings a view's tab to the front by its object name ("ranks", "collectives") or its title;
    // "performance:search" also a page of the tabs inside the view (its object name or title).
    bool showTab(const QString& name);
    // Renders the window to a PNG (used by --screenshot).
    bool saveScreenshot(const QString& path);

    // The keys of Edit ▸ Undo and Edit ▸ Redo: the platform's, and Ctrl+Y for redo, each bound once.
    static QList<QKeySequence> undoKeys();
    static QList<QKeySequence> redoKeys();

protected:
    void closeEvent(QCloseEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createDocks(); // the Layout panel and the diagnostics, each closable from the View menu
    void createActions();
    void createMenus();
    void retranslate();
    void createUndoActions();
    HelpDialog* helpDialog();
    // The value typed into the focused field becomes an edit before undo or redo act.
    void commitFocusedField();
    void connectDocument();
    // The Layout dock as wide as the panel's narrowest form, so that no row scrolls sideways.
    void fitInspectorDock();
    void refreshViews();
    void updateTitle();
    void updateRecentMenu();
    bool maybeSave();
    void showError(const QString& title, const QString& text);

    void newDesign();
    void openDialog();
    bool save();
    bool saveAsDialog();
    void openExample(const QString& id);

    Language* m_language;
    std::unique_ptr<Document> m_document;
    QUndoGroup* m_undoGroup = nullptr;
    WhatIfRunner* m_whatIf = nullptr; // the Cluster tab's what-if, evaluated off the GUI thread
    EvaluationStatus* m_evaluationStatus = nullptr;
    widgets::LayoutInspector* m_inspector = nullptr;
    widgets::ClusterPanel* m_cluster = nullptr;
    widgets::TimelinePanel* m_timeline = nullptr;
    widgets::PerformancePanel* m_performance = nullptr;
    widgets::DiagnosticsPanel* m_diagnostics = nullptr;
    widgets::DesignSummary* m_summary = nullptr;
    widgets::CollectivePanel* m_collectives = nullptr;
    QTabWidget* m_views = nullptr;
    widgets::MemoryPanel* m_memory = nullptr;
    LearnWindow* m_learn = nullptr;
    QDockWidget* m_inspectorDock = nullptr;
    QDockWidget* m_diagnosticsDock = nullptr;
    bool m_interactive = true;
    bool m_inspectorOpened = false; // the Layout dock was opened at its narrowest once shown
    QString m_lastError;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QAction* m_guideAction = nullptr;
    HelpDialog* m_help = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QAction* m_systemLanguageAction = nullptr;
    QAction* m_englishAction = nullptr;
    QAction* m_germanAction = nullptr;
};

} // namespace app
