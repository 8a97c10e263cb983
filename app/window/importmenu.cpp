// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/importmenu.h"

#include "base/jsonparse.h"
#include "catalog/hfconfig.h"
#include "common/qtconvert.h"
#include "diagnostics/diagnostictext.h"
#include "document/commands.h"
#include "document/document.h"
#include "trace/profilertrace.h"
#include "trace/tracerecord.h"
#include "window/mainwindow.h"

#include <QDropEvent>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <atomic>
#include <memory>

namespace app {

ImportMenu::ImportMenu(MainWindow* window)
    : QMenu(window)
    , m_window(window)
{
    m_modelAction = addAction(QString());
    m_launchAction = addAction(QString());
    m_traceAction = addAction(QString());
    connect(m_modelAction, &QAction::triggered, this, &ImportMenu::importModelDialog);
    connect(m_launchAction, &QAction::triggered, this, &ImportMenu::importLaunchDialog);
    connect(m_traceAction, &QAction::triggered, this, &ImportMenu::importTraceDialog);
    window->setAcceptDrops(true);
    window->installEventFilter(this);
    retranslate();
}

void ImportMenu::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMenu::changeEvent(event);
}

void ImportMenu::retranslate()
{
    setTitle(tr("&Import"));
    m_modelAction->setText(tr("&Model (Hugging Face config.json)…"));
    m_launchAction->setText(tr("&Launch Configuration…"));
    m_traceAction->setText(tr("Profiler &Trace…"));
}

bool ImportMenu::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::DragEnter) {
        auto* drag = static_cast<QDragEnterEvent*>(event);
        if (drag->mimeData()->hasUrls() && drag->mimeData()->urls().size() == 1
            && drag->mimeData()->urls().front().isLocalFile()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        if (drop->mimeData()->hasUrls() && !drop->mimeData()->urls().isEmpty()) {
            const QString path = drop->mimeData()->urls().front().toLocalFile();
            drop->acceptProposedAction();
            // After the drop returns, so that the source application is not kept waiting.
            QTimer::singleShot(0, this, [this, path] { importDropped(path); });
            return true;
        }
    }
    return QMenu::eventFilter(watched, event);
}

ImportMenu::DroppedKind ImportMenu::droppedKind(const QString& path)
{
    if (path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive))
        return DroppedKind::Trace;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return DroppedKind::Trace; // the trace import says why it cannot be read
    const QByteArray head = file.read(1 << 20);
    if (head.contains("\"meshwright.design\""))
        return DroppedKind::Design; // even a damaged one: opening it says where
    const core::JsonParse parsed = core::parseJson(std::string_view(head.constData(), std::size_t(head.size())));
    if (parsed.ok() && parsed.document.is_object()) {
        if (core::isHfConfig(parsed.document))
            return DroppedKind::Model;
        return parsed.document.contains("traceEvents") ? DroppedKind::Trace : DroppedKind::Launch;
    }
    const QByteArray start = head.trimmed();
    if (head.contains("\"traceEvents\"")
        || (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) && start.startsWith('{')))
        return DroppedKind::Trace; // JSON that does not parse from its first MiB: a large trace
    return DroppedKind::Launch; // text: a launch script or argument file, TOML, YAML
}

void ImportMenu::importDropped(const QString& path)
{
    QString error;
    QStringList notes;
    bool cancelled = false;
    bool ok = false;
    QString failed, done;
    switch (droppedKind(path)) {
    case DroppedKind::Design:
        m_window->openFileAfterAsking(path);
        return;
    case DroppedKind::Model:
        ok = importModel(path, &error, &notes);
        failed = tr("Cannot Import the Model");
        done = tr("Model Imported");
        break;
    case DroppedKind::Launch:
        ok = importLaunch(path, std::nullopt, &error, &notes);
        failed = tr("Cannot Import the Launch Configuration");
        done = tr("Launch Configuration Imported");
        break;
    case DroppedKind::Trace:
        ok = importTrace(path, &error, &cancelled);
        failed = tr("Cannot Import the Trace");
        break;
    }
    if (!ok && !cancelled)
        QMessageBox::warning(m_window, failed, error);
    else if (ok && !notes.isEmpty())
        QMessageBox::information(m_window, done, notes.join(QLatin1Char('\n')));
}

bool ImportMenu::importModel(const QString& path, QString* error, QStringList* warnings)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    const core::HfImportResult imported = core::importHfConfig(file.readAll().toStdString());
    QStringList messages;
    for (const core::Diagnostic& d : imported.diagnostics)
        messages << widgets::locatedMessage(d);
    if (!imported.model) {
        *error
            = tr("%1 is not a model Meshwright can import:\n%2").arg(path, messages.join(QLatin1Char('\n')));
        return false;
    }
    if (warnings)
        *warnings = messages;
    Document* document = m_window->document();
    if (*imported.model != document->design().model)
        document->undoStack()->push(
            new SetModelCommand(document, document->design().model, *imported.model,
                                tr("Import model %1").arg(widgets::qs(imported.model->name))));
    return true;
}

void ImportMenu::importModelDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Import a Hugging Face config.json"), QString(),
                                       tr("Model configurations (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    QStringList warnings;
    if (!importModel(path, &error, &warnings))
        QMessageBox::warning(m_window, tr("Cannot Import the Model"), error);
    else if (!warnings.isEmpty())
        QMessageBox::information(m_window, tr("Model Imported"), warnings.join(QLatin1Char('\n')));
}

bool ImportMenu::importLaunch(const QString& path, std::optional<core::LaunchFormat> format, QString* error,
                              QStringList* notes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    const std::string text = file.readAll().toStdString();
    if (!format)
        format = core::guessLaunchFormat(QFileInfo(path).fileName().toStdString(), text);
    if (!format) {
        *error = tr("%1 is empty.").arg(path);
        return false;
    }
    Document* document = m_window->document();
    const core::Design& current = document->design();
    const core::LaunchImport imported = core::importLaunch(*format, text, current);
    QStringList messages;
    for (const core::Diagnostic& d : imported.diagnostics)
        messages << widgets::locatedMessage(d);
    if (!imported.ok()) {
        *error = tr("%1 cannot be imported:\n%2").arg(path, messages.join(QLatin1Char('\n')));
        return false;
    }
    if (notes) {
        *notes = messages;
        if (!imported.unusedSettings.empty()) {
            QStringList unused;
            for (const std::string& setting : imported.unusedSettings)
                unused << widgets::qs(setting);
            *notes << tr("Not used: %1").arg(unused.join(QStringLiteral(", ")));
        }
    }
    // One undo step: the model, every layout and workload field that changed, and the placement.
    const core::Design& design = *imported.design;
    std::vector<std::pair<core::Field, core::FieldValue>> edits;
    for (int f = int(core::Field::Mode); f <= int(core::kLastField); ++f) {
        const auto field = core::Field(f);
        if (field != core::Field::Fabric && core::getField(design, field) != core::getField(current, field))
            edits.emplace_back(field, core::getField(design, field));
    }
    const bool modelChanges = !(design.model == current.model);
    // The cluster changes when the launcher names its nodes (launch-cluster-resized).
    const bool clusterChanges = design.placement != current.placement || !(design.cluster == current.cluster);
    if (!modelChanges && edits.empty() && !clusterChanges)
        return true;
    QUndoStack* stack = document->undoStack();
    stack->beginMacro(tr("Import launch configuration %1").arg(QFileInfo(path).fileName()));
    if (modelChanges)
        stack->push(new SetModelCommand(document, current.model, design.model, QString()));
    if (clusterChanges)
        stack->push(new SetClusterCommand(document, document->design().cluster, document->design().placement,
                                          design.cluster, design.placement, QString()));
    document->editFields(edits);
    stack->endMacro();
    return true;
}

void ImportMenu::importLaunchDialog()
{
    // The filter chosen names the format; the first reads it from the file's name and contents.
    const QStringList filters{
        tr("Any launch file, format from its name and contents (*)"),
        tr("Megatron-LM arguments (*.sh *.txt *.args)"),
        tr("torchtitan config (*.toml)"),
        tr("Accelerate config (*.yaml *.yml)"),
        tr("DeepSpeed config (*.json)"),
        tr("vLLM command (*.sh)"),
        tr("SGLang command (*.sh)"),
    };
    QString selected;
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Import a Launch Configuration"), QString(),
                                       filters.join(QStringLiteral(";;")), &selected);
    if (path.isEmpty())
        return;
    std::optional<core::LaunchFormat> format;
    static constexpr core::LaunchFormat kFormats[]{
        core::LaunchFormat::Megatron,  core::LaunchFormat::Torchtitan, core::LaunchFormat::Accelerate,
        core::LaunchFormat::DeepSpeed, core::LaunchFormat::Vllm,       core::LaunchFormat::Sglang};
    if (const qsizetype index = filters.indexOf(selected); index > 0)
        format = kFormats[index - 1];
    QString error;
    QStringList notes;
    if (!importLaunch(path, format, &error, &notes))
        QMessageBox::warning(m_window, tr("Cannot Import the Launch Configuration"), error);
    else if (!notes.isEmpty())
        QMessageBox::information(m_window, tr("Launch Configuration Imported"),
                                 notes.join(QLatin1Char('\n')));
}

bool ImportMenu::importTrace(const QString& path, QString* error, bool* cancelled)
{
    // The worker reports progress in thousandths and reads the cancel flag at every chunk of the file.
    struct Shared
    {
        std::atomic<int> permille{0};
        std::atomic<bool> cancel{false};
        core::TraceLoadResult result;
    };
    auto shared = std::make_shared<Shared>();
    const std::string file = path.toStdString();
    QThread* worker = QThread::create([shared, file] {
        shared->result = core::readTraceFile(file, [shared](double fraction) {
            shared->permille = static_cast<int>(fraction * 1000);
            return !shared->cancel.load();
        });
    });
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1000,
                             m_window);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    QTimer poll;
    connect(&poll, &QTimer::timeout, &progress, [&] { progress.setValue(shared->permille.load()); });
    connect(&progress, &QProgressDialog::canceled, &progress, [shared] { shared->cancel = true; });
    QEventLoop loop;
    connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    worker->start();
    poll.start(50);
    loop.exec();
    worker->wait();
    delete worker;
    poll.stop();
    progress.reset();

    const core::TraceLoadResult& result = shared->result;
    if (cancelled)
        *cancelled = result.cancelled;
    if (result.cancelled) {
        *error = tr("The import was cancelled; the design is unchanged.");
        return false;
    }
    if (!result.summary) {
        QStringList messages;
        for (const core::Diagnostic& d : result.diagnostics)
            messages << widgets::locatedMessage(d);
        *error = tr("%1 is not a readable profiler trace:\n%2").arg(path, messages.join(QLatin1Char('\n')));
        return false;
    }
    const core::MeasuredRecord record
        = core::traceRecord(*result.summary, QFileInfo(path).fileName().toStdString());
    Document* document = m_window->document();
    std::vector<core::MeasuredRecord> records = document->design().records;
    records.push_back(record);
    document->editRecords(std::move(records), tr("Import trace %1").arg(QFileInfo(path).fileName()));
    return true;
}

void ImportMenu::importTraceDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Import a PyTorch Profiler Trace"), QString(),
                                       tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    bool cancelled = false;
    if (!importTrace(path, &error, &cancelled) && !cancelled)
        QMessageBox::warning(m_window, tr("Cannot Import the Trace"), error);
}

} // namespace app
