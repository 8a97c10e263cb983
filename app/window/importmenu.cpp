// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/importmenu.h"

#include "common/qtconvert.h"
#include "diagnostics/diagnostictext.h"
#include "document/document.h"
#include "trace/profilertrace.h"
#include "trace/tracerecord.h"
#include "window/mainwindow.h"

#include <QEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>

namespace app {

ImportMenu::ImportMenu(MainWindow* window)
    : QMenu(window)
    , m_window(window)
{
    m_traceAction = addAction(QString());
    connect(m_traceAction, &QAction::triggered, this, &ImportMenu::importTraceDialog);
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
    m_traceAction->setText(tr("Profiler &Trace…"));
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
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1000, m_window);
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
            messages << (d.path.empty() ? QString() : widgets::qs(d.path) + QStringLiteral(": "))
                            + widgets::diagnosticMessage(d);
        *error = tr("%1 is not a readable profiler trace:\n%2").arg(path, messages.join(QLatin1Char('\n')));
        return false;
    }
    const core::MeasuredRecord record = core::traceRecord(*result.summary, QFileInfo(path).fileName().toStdString());
    Document* document = m_window->document();
    std::vector<core::MeasuredRecord> records = document->design().records;
    records.push_back(record);
    document->editRecords(std::move(records), tr("Import trace %1").arg(QFileInfo(path).fileName()));
    return true;
}

void ImportMenu::importTraceDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import a PyTorch Profiler Trace"), QString(),
                                                      tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    bool cancelled = false;
    if (!importTrace(path, &error, &cancelled) && !cancelled)
        QMessageBox::warning(m_window, tr("Cannot Import the Trace"), error);
}

} // namespace app
