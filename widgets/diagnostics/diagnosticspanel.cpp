// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/diagnosticspanel.h"

#include "diagnostics/diagnosticsmodel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace widgets {

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new DiagnosticsModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    layout->addWidget(m_summary);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::SeverityColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::MessageColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::PathColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::CodeColumn,
                                                      QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        emit fieldRequested(index.data(DiagnosticsModel::PathRole).toString());
    });
    updateSummary();
}

void DiagnosticsPanel::setDiagnostics(std::vector<core::Diagnostic> diagnostics)
{
    m_model->setDiagnostics(std::move(diagnostics));
    updateSummary();
}

QString DiagnosticsPanel::summaryText() const
{
    const int errors = m_model->count(core::Severity::Error);
    const int warnings = m_model->count(core::Severity::Warning);
    const int notes = m_model->count(core::Severity::Info);
    if (errors + warnings + notes == 0)
        return tr("No problems: the layout is consistent with the model and the cluster.");
    return tr("%Ln error(s)", nullptr, errors) + QStringLiteral(" · ")
        + tr("%Ln warning(s)", nullptr, warnings) + QStringLiteral(" · ") + tr("%Ln note(s)", nullptr, notes);
}

void DiagnosticsPanel::updateSummary()
{
    m_summary->setText(summaryText());
    // Without a diagnostic the panel is its one line ("No problems: …"): the empty table would take the
    // canvas' room on a laptop screen. Its maximum height holds the dock to that line.
    const bool collapse = m_model->rowCount() == 0;
    m_table->setHidden(collapse);
    const int lineHeight = m_summary->sizeHint().height() + layout()->contentsMargins().top()
        + layout()->contentsMargins().bottom();
    setMaximumHeight(collapse ? lineHeight : QWIDGETSIZE_MAX);
    if (collapse != m_collapsed) {
        m_collapsed = collapse;
        emit collapsedChanged(collapse);
    }
}

void DiagnosticsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_model->retranslate();
        updateSummary();
    }
    QWidget::changeEvent(event);
}

} // namespace widgets
