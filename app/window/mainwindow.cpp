// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "catalog/catalog.h"
#include "cluster/clusterlegend.h"
#include "cluster/clusterpanel.h"
#include "collectives/collectivepanel.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "design/layoutinspector.h"
#include "diagnostics/diagnosticspanel.h"
#include "diagnostics/diagnostictext.h"
#include "document/recentfiles.h"
#include "document/whatif.h"
#include "memory/memorypanel.h"
#include "performance/performancepanel.h"
#include "timeline/timelinepanel.h"
#include "window/evaluationprogress.h"
#include "window/exportmenu.h"
#include "window/helpdialogs.h"
#include "window/importmenu.h"
#include "window/language.h"
#include "window/learnwindow.h"
#include "window/pindesign.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QUndoGroup>
#include <QVBoxLayout>
#include <algorithm>

namespace app {

using widgets::qs;
using widgets::ss;

MainWindow::MainWindow(Language* language, QWidget* parent)
    : QMainWindow(parent)
    , m_language(language)
    , m_undoGroup(new QUndoGroup(this))
    , m_whatIf(new WhatIfRunner(this))
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/meshwright.svg")));

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(6, 6, 6, 0);
    m_summary = new widgets::DesignSummary(central);
    centralLayout->addWidget(m_summary);
    // One tab per view of the design; each view draws from the same snapshot (refreshViews).
    m_views = new QTabWidget(central);
    m_views->setDocumentMode(true);
    m_cluster = new widgets::ClusterPanel(m_views);
    m_cluster->setObjectName(QStringLiteral("ranks"));
    m_views->addTab(m_cluster, QString());
    m_memory = new widgets::MemoryPanel(m_views);
    m_memory->setObjectName(QStringLiteral("memory"));
    m_views->addTab(m_memory, QString());
    m_collectives = new widgets::CollectivePanel(m_views);
    m_collectives->setObjectName(QStringLiteral("collectives"));
    m_views->addTab(m_collectives, QString());
    m_timeline = new widgets::TimelinePanel(m_views);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    m_views->addTab(m_timeline, QString());
    m_performance = new widgets::PerformancePanel(m_views);
    m_performance->setObjectName(QStringLiteral("performance"));
    m_views->addTab(m_performance, QString());
    centralLayout->addWidget(m_views, 1);
    setCentralWidget(central);

    createDocks();

    // Views emit intents; the document turns each into one undoable edit.
    connect(
        m_inspector, &widgets::LayoutInspector::fieldEdited, this,
        [this](core::Field field, const core::FieldValue& value) { m_document->editField(field, value); });
    auto editFields = [this](const std::vector<widgets::FieldEdit>& edits) {
        std::vector<std::pair<core::Field, core::FieldValue>> changes;
        for (const widgets::FieldEdit& edit : edits)
            changes.emplace_back(edit.field, edit.value);
        m_document->editFields(changes);
    };
    connect(m_timeline, &widgets::TimelinePanel::fieldsEdited, this, editFields);
    connect(m_performance, &widgets::PerformancePanel::fieldsEdited, this, editFields);
    connect(m_inspector, &widgets::LayoutInspector::modelPresetChosen, this,
            [this](const QString& id) { m_document->editModelPreset(id); });
    connect(m_inspector, &widgets::LayoutInspector::clusterShapeEdited, this,
            [this](int nodes, int perNode, const QString& gpu, const QString& link) {
                m_document->editClusterShape(nodes, perNode, gpu, link);
            });
    connect(
        m_memory, &widgets::MemoryPanel::fieldEdited, this,
        [this](core::Field field, const core::FieldValue& value) { m_document->editField(field, value); });
    connect(m_cluster, &widgets::ClusterPanel::clusterEditRequested, this,
            [this](const core::ClusterEdit& edit) { m_document->editCluster(edit); });
    connect(
        m_cluster, &widgets::ClusterPanel::fieldEdited, this,
        [this](core::Field field, const core::FieldValue& value) { m_document->editField(field, value); });
    connect(m_cluster, &widgets::ClusterPanel::tpFixRequested, this,
            [this] { m_document->fixTpPlacement(); });
    connect(m_whatIf, &WhatIfRunner::figuresReady, m_cluster, &widgets::ClusterPanel::setWhatIfFigures);
    // A group picked on the canvas is the group the Collectives tab plays, and the other way round.
    connect(m_cluster, &widgets::ClusterPanel::groupSelected, this, [this](core::Dim dim, int group) {
        if (group >= 0)
            m_collectives->selectGroup(dim, group);
    });
    connect(m_collectives, &widgets::CollectivePanel::groupSelected, m_cluster,
            &widgets::ClusterPanel::showGroup);
    connect(m_diagnostics, &widgets::DiagnosticsPanel::fieldRequested, this, [this](const QString& pointer) {
        m_inspectorDock->show();
        m_inspector->focusField(pointer);
    });

    createActions();
    createMenus();
    retranslate();
    qApp->installEventFilter(this); // undo and redo from any field (eventFilter)
    connect(m_language, &Language::changed, this, [this] { updateRecentMenu(); });

    m_evaluationStatus = new EvaluationStatus(this);
    statusBar()->addPermanentWidget(m_evaluationStatus);
    std::optional<core::Design> initial = exampleInLanguage(core::kDefaultExample);
    setDesign(initial ? std::move(*initial) : core::Design{});
    setMinimumSize(kMinimumSize);
    resize(1500, 950);
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this); // no key event reaches a window being destroyed
    // The document goes before QWidget's destructor closes the window and takes the focus from a field,
    // whose editingFinished (the Name field's) would then reach a document that is gone: the views' intents
    // stop here.
    for (QObject* view : std::initializer_list<QObject*>{m_inspector, m_cluster, m_timeline, m_performance,
                                                         m_memory, m_collectives})
        view->disconnect(this);
}

void MainWindow::createDocks()
{
    m_inspector = new widgets::LayoutInspector;
    auto* inspectorScroll = new QScrollArea;
    inspectorScroll->setWidget(m_inspector);
    inspectorScroll->setWidgetResizable(true);
    // A row wider than the dock scrolls sideways rather than pushing the window past the screen; the dock
    // is at least as wide as the panel's narrowest form (fitInspectorDock), so none does.
    inspectorScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_inspectorDock = new QDockWidget(this);
    m_inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    m_inspectorDock->setWidget(inspectorScroll);
    // Every dock can be closed and brought back from the View menu (its toggle action), so that a laptop
    // screen can give the canvas the room.
    m_inspectorDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                                 | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_inspectorDock);
    fitInspectorDock();

    m_diagnostics = new widgets::DiagnosticsPanel;
    m_diagnosticsDock = new QDockWidget(this);
    m_diagnosticsDock->setObjectName(QStringLiteral("diagnosticsDock"));
    m_diagnosticsDock->setWidget(m_diagnostics);
    m_diagnosticsDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                                   | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    // Four diagnostics in view; on a laptop screen the canvas needs the rest (View ▸ Diagnostics hides it).
    // Without diagnostics the panel is one line; when some come back, the dock opens to that height again.
    resizeDocks({m_diagnosticsDock}, {120}, Qt::Vertical);
    connect(m_diagnostics, &widgets::DiagnosticsPanel::collapsedChanged, this, [this](bool collapsed) {
        if (!collapsed)
            resizeDocks({m_diagnosticsDock}, {120}, Qt::Vertical);
    });
    // The Layout panel opens at its narrowest form (LayoutInspector::sizeHint): on a laptop screen the
    // canvas needs the width; the panel can be widened by hand, or hidden from the View menu.
}

void MainWindow::createActions()
{
    m_newAction = new QAction(this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newDesign);
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);
    m_saveAction = new QAction(this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(this);
    // Not every platform theme binds Save As (Windows and plain X11 do not): then Ctrl+Shift+S, as GNOME
    // and KDE have it.
    m_saveAsAction->setShortcuts(QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
                                     ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}
                                     : QKeySequence::keyBindings(QKeySequence::SaveAs));
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAsDialog);
    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_languageGroup = new QActionGroup(this);
    auto languageAction = [this](const QString& choice) {
        auto* action = new QAction(this);
        action->setCheckable(true);
        action->setData(choice);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, choice] { m_language->choose(choice); });
        action->setChecked(m_language->choice() == choice);
        return action;
    };
    m_systemLanguageAction = languageAction(QStringLiteral("system"));
    m_englishAction = languageAction(QStringLiteral("en"));
    m_germanAction = languageAction(QStringLiteral("de"));

    m_shortcutsAction = new QAction(this);
    m_shortcutsAction->setObjectName(QStringLiteral("helpShortcuts"));
    connect(m_shortcutsAction, &QAction::triggered, this, [this] {
        QList<QMenu*> menus;
        for (QAction* action : menuBar()->actions())
            if (action->menu())
                menus << action->menu();
        helpDialog()->showHtml(tr("Keyboard Shortcuts — Meshwright"), keyboardShortcutsHtml(menus));
    });
    m_guideAction = new QAction(this);
    m_guideAction->setObjectName(QStringLiteral("helpGuide"));
    m_guideAction->setShortcuts(QKeySequence::HelpContents);
    connect(m_guideAction, &QAction::triggered, this,
            [this] { helpDialog()->showMarkdown(tr("User Guide — Meshwright"), userGuideMarkdown()); });

    m_aboutAction = new QAction(this);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About Meshwright"),
            tr("<h3>Meshwright %1</h3><p>Design, check and teach how large language models are "
               "split across GPUs: data, tensor, pipeline, context and expert parallelism, on "
               "real hardware.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_examplesMenu = m_fileMenu->addMenu(QString());
    // The examples ship with the program: the built-in catalogue, whatever design is open.
    for (const core::ExampleDesign& example : core::Catalog::builtin().examples()) {
        QAction* action = m_examplesMenu->addAction(QString()); // titled in retranslate()
        const QString id = qs(example.id);
        connect(action, &QAction::triggered, this, [this, id] { openExample(id); });
    }
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addMenu(new ImportMenu(this));
    m_fileMenu->addMenu(new ExportMenu(this));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(QString());

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_inspectorDock->toggleViewAction());
    m_viewMenu->addAction(m_diagnosticsDock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());

    // The teaching views live in their own window; the menu refreshes them from the current design.
    m_learn = new LearnWindow(this);
    QMenu* learnMenu = m_learn->createMenu(this);
    menuBar()->addMenu(learnMenu);
    connect(m_cluster, &widgets::ClusterPanel::lessonRequested, this, [this](core::Dim dim) {
        const core::Design& design = m_document->design();
        m_learn->showLessonFor(dim, design.layout.zeroStage, design.workload.mode == core::Mode::Serving);
    });
    // From the ZeRO view to the FSDP lesson: the sharded side of data parallelism.
    connect(m_memory, &widgets::MemoryPanel::shardingLessonRequested, this, [this] {
        m_learn->showLessonFor(core::Dim::Dp, 3);
    });

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_guideAction);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);
    updateRecentMenu();
}

void MainWindow::fitInspectorDock()
{
    auto* scroll = qobject_cast<QScrollArea*>(m_inspectorDock->widget());
    const int scrollBar = scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
    // At most a laptop's share (the window's minimum must fit 1366 px, tst_mainwindow): beyond it the rare
    // wide row scrolls.
    scroll->setMinimumWidth(
        std::min(m_inspector->minimumSizeHint().width() + scrollBar + 2 * scroll->frameWidth(), 380));
    // The first time the window is up with its texts, the panel opens at that width; later the user's
    // width stays (a change of language only raises the minimum).
    if (!m_inspectorOpened && isVisible()) {
        m_inspectorOpened = true;
        resizeDocks({m_inspectorDock}, {scroll->minimumWidth()}, Qt::Horizontal);
    }
}

void MainWindow::retranslate()
{
    // The labels' new lengths are known once the panel has retranslated itself.
    QTimer::singleShot(0, this, &MainWindow::fitInspectorDock);
    m_fileMenu->setTitle(tr("&File"));
    m_examplesMenu->setTitle(tr("Open &Example"));
    // The examples in catalogue order, titled in the language (widgets::presetName).
    const QList<QAction*> examples = m_examplesMenu->actions();
    for (std::size_t i = 0;
         i < core::Catalog::builtin().examples().size() && i < std::size_t(examples.size()); ++i)
        examples[static_cast<qsizetype>(i)]->setText(
            widgets::presetName(core::Catalog::builtin().examples()[i].title));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_newAction->setText(tr("&New"));
    m_openAction->setText(tr("&Open…"));
    m_saveAction->setText(tr("&Save"));
    m_saveAsAction->setText(tr("Save &As…"));
    m_quitAction->setText(tr("&Quit"));
    m_systemLanguageAction->setText(tr("System language"));
    // Language names are written in their own language, so that anyone can find theirs.
    m_englishAction->setText(QStringLiteral("English"));
    m_germanAction->setText(QStringLiteral("Deutsch"));
    m_aboutAction->setText(tr("&About Meshwright"));
    m_shortcutsAction->setText(tr("&Keyboard Shortcuts"));
    m_guideAction->setText(tr("&User Guide"));
    createUndoActions();
    m_inspectorDock->setWindowTitle(tr("Layout"));
    m_views->setTabText(m_views->indexOf(m_cluster), tr("Cluster"));
    m_views->setTabText(m_views->indexOf(m_memory), tr("Memory"));
    m_views->setTabText(m_views->indexOf(m_collectives), tr("Collectives"));
    m_views->setTabText(m_views->indexOf(m_timeline), tr("Timeline"));
    m_views->setTabText(m_views->indexOf(m_performance), tr("Performance"));
    m_diagnosticsDock->setWindowTitle(tr("Diagnostics"));
    updateRecentMenu();
    updateTitle();
    // The status bar holds the last verdict as text: say it again in the new language (a temporary
    // message, "Saved …", was in the old one and gives way).
    if (m_document)
        statusBar()->showMessage(widgets::layoutVerdictText(*m_document->snapshot().evaluation));
}

HelpDialog* MainWindow::helpDialog()
{
    if (!m_help)
        m_help = new HelpDialog(this);
    return m_help;
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

bool MainWindow::setDesign(core::Design design, const QString& filePath)
{
    std::shared_ptr<const core::Evaluation> evaluation = evaluateWithProgress(design, this, m_interactive);
    if (!evaluation)
        return false;
    auto document = std::make_unique<Document>(std::move(design), std::move(evaluation));
    document->setFilePath(filePath);
    if (m_document)
        m_undoGroup->removeStack(m_document->undoStack());
    m_document = std::move(document);
    m_undoGroup->addStack(m_document->undoStack());
    m_undoGroup->setActiveStack(m_document->undoStack());
    connectDocument();
    refreshViews();
    // A design opens coloured by the dimension that tells its story (EP for an expert-parallel design,
    // DP for FSDP), not by a TP of 1.
    m_cluster->setColorDimension(widgets::storyDimension(m_document->snapshot().design->layout));
    m_evaluationStatus->setDocument(m_document.get());
    updateTitle();
    return true;
}

void MainWindow::connectDocument()
{
    connect(m_document.get(), &Document::changed, this, &MainWindow::refreshViews);
    connect(m_document.get(), &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document.get(), &Document::filePathChanged, this, &MainWindow::updateTitle);
}

void MainWindow::refreshViews()
{
    const widgets::DesignSnapshot& snapshot = m_document->snapshot();
    m_summary->setSnapshot(snapshot);
    m_inspector->setSnapshot(snapshot);
    m_cluster->setSnapshot(snapshot);
    m_whatIf->request(snapshot);
    m_memory->setSnapshot(snapshot);
    m_collectives->setSnapshot(snapshot);
    m_timeline->setSnapshot(snapshot);
    m_performance->setSnapshot(snapshot);
    // The Learn window keeps the design while hidden, so F5 opens every lesson on it.
    if (m_learn)
        m_learn->setSnapshot(snapshot);
    std::vector<core::Diagnostic> diagnostics = m_document->loadWarnings();
    diagnostics.insert(diagnostics.end(), snapshot.evaluation->diagnostics.begin(),
                       snapshot.evaluation->diagnostics.end());
    core::sortDiagnostics(diagnostics);
    m_diagnostics->setDiagnostics(std::move(diagnostics));
    // Whether the layout runs, as the headline says it.
    statusBar()->showMessage(widgets::layoutVerdictText(*snapshot.evaluation));
}

void MainWindow::updateTitle()
{
    if (!m_document)
        return;
    setWindowTitle(tr("%1[*] — Meshwright").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
    setWindowFilePath(m_document->filePath());
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = RecentFiles::list();
    for (const QString& path : files) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName());
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path] { openFileAfterAsking(path); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent designs"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("Clear the list")), &QAction::triggered, this, [this] {
            RecentFiles::clear();
            updateRecentMenu();
        });
    }
}

void MainWindow::showError(const QString& title, const QString& text)
{
    m_lastError = text;
    if (m_interactive)
        QMessageBox::warning(this, title, text);
}

bool MainWindow::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    if (!m_interactive)
        return false; // tests never lose work silently
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them first?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

void MainWindow::newDesign()
{
    if (!maybeSave())
        return;
    std::optional<core::Design> design = core::exampleDesign(core::kDefaultExample);
    if (design) {
        design->name = ss(tr("New design"));
        design->layout.autoDp = true; // DP follows TP, PP, CP and the cluster until set by hand
    }
    setDesign(design ? std::move(*design) : core::Design{});
}

void MainWindow::openExample(const QString& id)
{
    if (!maybeSave())
        return;
    if (std::optional<core::Design> design = exampleInLanguage(widgets::ss(id)))
        setDesign(std::move(*design));
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open design"), QString(),
                                                      tr("Meshwright designs (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFileAfterAsking(const QString& path)
{
    return maybeSave() && openFile(path);
}

bool MainWindow::openFile(const QString& path)
{
    Document::ReadResult result = Document::read(path);
    if (!result.fileError.isEmpty()) {
        RecentFiles::remove(QFileInfo(path).absoluteFilePath());
        updateRecentMenu();
        showError(tr("Cannot open design"), result.fileError);
        return false;
    }
    if (!result.design) {
        QStringList lines;
        for (const core::Diagnostic& d : result.diagnostics)
            if (d.isError())
                lines << widgets::locatedMessage(d);
        showError(tr("Cannot open design"),
                  tr("%1 is not a design Meshwright can read. Nothing was changed.\n\n%2")
                      .arg(path, lines.join(QLatin1Char('\n'))));
        return false;
    }
    if (!setDesign(std::move(*result.design), QFileInfo(path).absoluteFilePath()))
        return false; // cancelled while it evaluated: the open design stays
    m_document->setLoadWarnings(std::move(result.diagnostics));
    refreshViews();
    RecentFiles::add(path);
    updateRecentMenu();
    return true;
}

bool MainWindow::saveTo(const QString& path)
{
    QString error;
    if (!m_document->save(path, &error)) {
        showError(tr("Cannot save design"), error);
        return false;
    }
    RecentFiles::add(path);
    updateRecentMenu();
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAsDialog();
    return saveTo(m_document->filePath());
}

bool MainWindow::saveAsDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save design"), m_document->displayName(),
                                                tr("Meshwright designs (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveTo(path);
}

namespace {

// The page of `tabs` named `name` (its object name or its title, any case), or -1.
int pageNamed(const QTabWidget* tabs, const QString& name)
{
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->widget(i)->objectName().compare(name, Qt::CaseInsensitive) == 0
            || tabs->tabText(i).remove(QLatin1Char('&')).compare(name, Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

} // namespace

bool MainWindow::showTab(const QString& name)
{
    // "performance:search": a view's tab, then a page of the tabs inside it.
    const QString view = name.section(QLatin1Char(':'), 0, 0);
    const QString page = name.section(QLatin1Char(':'), 1);
    const int index = pageNamed(m_views, view);
    if (index < 0)
        return false;
    if (!page.isEmpty()) {
        const auto inner = m_views->widget(index)->findChildren<QTabWidget*>();
        const auto found = std::find_if(inner.begin(), inner.end(),
                                        [&](const QTabWidget* tabs) { return pageNamed(tabs, page) >= 0; });
        if (found == inner.end())
            return false;
        (*found)->setCurrentIndex(pageNamed(*found, page));
    }
    m_views->setCurrentIndex(index);
    return true;
}

bool MainWindow::saveScreenshot(const QString& path)
{
    m_document->finishEvaluation(); // the picture shows the design's figures, not that they are coming
    m_whatIf->finish(); // the picture shows the what-if's costs, not that they are being computed
    QApplication::processEvents();
    const QPixmap pixmap = grab();
    if (!pixmap.save(path, "PNG")) {
        m_lastError = tr("Cannot write the screenshot to %1").arg(path);
        return false;
    }
    return true;
}

} // namespace app
