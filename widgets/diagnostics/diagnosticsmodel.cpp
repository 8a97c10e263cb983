// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/diagnosticsmodel.h"

#include "diagnostics/diagnostictext.h"
#include "common/qtconvert.h"

namespace widgets {

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void DiagnosticsModel::setDiagnostics(std::vector<core::Diagnostic> diagnostics)
{
    beginResetModel();
    m_diagnostics = std::move(diagnostics);
    endResetModel();
}

int DiagnosticsModel::count(core::Severity severity) const
{
    return static_cast<int>(
        std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                      [severity](const core::Diagnostic& d) { return d.severity == severity; }));
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Diagnostic& d = m_diagnostics[static_cast<std::size_t>(index.row())];
    if (role == PathRole)
        return qs(d.path);
    switch (index.column()) {
    case SeverityColumn:
        if (role == Qt::DisplayRole)
            return severityText(d.severity);
        if (role == Qt::DecorationRole)
            return severityIcon(d.severity);
        break;
    case MessageColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return diagnosticMessage(d);
        break;
    case PathColumn:
        if (role == Qt::DisplayRole)
            return locationText(d);
        break;
    case CodeColumn:
        if (role == Qt::DisplayRole)
            return qs(d.code);
        break;
    default:
        break;
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case MessageColumn:
        return tr("Message");
    case PathColumn:
        return tr("Field");
    case CodeColumn:
        return tr("Code");
    default:
        return {};
    }
}

void DiagnosticsModel::retranslate()
{
    if (!m_diagnostics.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

} // namespace widgets
