// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/launchconfigdialog.h"

#include "diagnostics/diagnostictext.h"
#include "common/qtconvert.h"
#include "document/savefile.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace app {

using widgets::qs;

namespace {

QString targetTitle(core::LaunchTarget target)
{
    switch (target) {
    case core::LaunchTarget::Torchrun:
        return LaunchConfigDialog::tr("torchrun command");
    case core::LaunchTarget::Accelerate:
        return LaunchConfigDialog::tr("Accelerate FSDP2 configuration (YAML)");
    case core::LaunchTarget::DeepSpeed:
        return LaunchConfigDialog::tr("DeepSpeed configuration (JSON)");
    case core::LaunchTarget::Megatron:
        return LaunchConfigDialog::tr("Megatron-LM arguments");
    case core::LaunchTarget::Vllm:
        return LaunchConfigDialog::tr("vLLM serving command");
    case core::LaunchTarget::Sglang:
        return LaunchConfigDialog::tr("SGLang serving command");
    case core::LaunchTarget::Torchtitan:
        return LaunchConfigDialog::tr("torchtitan job config (TOML)");
    }
    return {};
}

} // namespace

LaunchConfigDialog::LaunchConfigDialog(widgets::DesignSnapshot snapshot, QWidget* parent)
    : QDialog(parent)
    , m_snapshot(std::move(snapshot))
{
    setWindowTitle(tr("Launch Configuration"));
    m_target = new QComboBox(this);
    for (core::LaunchTarget target : core::enumValues<core::LaunchTarget>())
        m_target->addItem(targetTitle(target), int(target));
    m_version = new QLabel(this);
    m_notes = new QLabel(this);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMinimumSize(640, 360);

    auto* form = new QFormLayout;
    form->addRow(tr("Framework:"), m_target);
    form->addRow(tr("Documented flags of:"), m_version);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_notes);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);

    connect(m_target, &QComboBox::currentIndexChanged, this, &LaunchConfigDialog::refresh);
    connect(m_copy, &QPushButton::clicked, this, &LaunchConfigDialog::copyToClipboard);
    connect(m_save, &QPushButton::clicked, this, &LaunchConfigDialog::saveDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // A serving design opens on vLLM, a training design on Megatron-LM: the tools that express the most.
    const bool serving = m_snapshot.design && m_snapshot.design->workload.mode == core::Mode::Serving;
    setTarget(serving ? core::LaunchTarget::Vllm : core::LaunchTarget::Megatron);
    refresh();
}

void LaunchConfigDialog::setTarget(core::LaunchTarget target)
{
    m_target->setCurrentIndex(m_target->findData(int(target)));
}

core::LaunchTarget LaunchConfigDialog::target() const
{
    return core::LaunchTarget(m_target->currentData().toInt());
}

QString LaunchConfigDialog::text() const
{
    return qs(m_config.text);
}

QString LaunchConfigDialog::notesText() const
{
    return m_notes->text();
}

void LaunchConfigDialog::refresh()
{
    if (m_snapshot.isNull())
        return;
    m_config = core::launchConfig(*m_snapshot.design, *m_snapshot.evaluation, target());
    m_version->setText(qs(m_config.tool) + QLatin1Char(' ') + qs(m_config.toolVersion));
    QStringList notes;
    for (const core::Diagnostic& note : m_config.notes)
        notes << widgets::severityText(note.severity) + QStringLiteral(": ")
                + widgets::diagnosticMessage(note);
    if (notes.isEmpty())
        notes << tr("Everything the design sets is expressed.");
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_text->setPlainText(text());
    m_copy->setEnabled(m_config.ok());
    m_save->setEnabled(m_config.ok());
}

void LaunchConfigDialog::copyToClipboard()
{
    QApplication::clipboard()->setText(text());
}

bool LaunchConfigDialog::saveTo(const QString& path, QString* error)
{
    return saveFileAtomically(path, text().toUtf8(), error);
}

void LaunchConfigDialog::saveDialog()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save Launch Configuration"), qs(m_config.fileName));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        QMessageBox::warning(this, tr("Cannot Save"), error);
}

} // namespace app
