// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The diagnostics of the current evaluation as a table: severity, message, where, code.

#include "base/diagnostic.h"

#include <QAbstractTableModel>
#include <vector>

namespace widgets {

class DiagnosticsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, MessageColumn, PathColumn, CodeColumn, ColumnCount };
    static constexpr int PathRole = Qt::UserRole + 1; // the JSON pointer, for "show me the field"

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setDiagnostics(std::vector<core::Diagnostic> diagnostics);
    const std::vector<core::Diagnostic>& diagnostics() const { return m_diagnostics; }
    int count(core::Severity severity) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-reads the translated texts (after a language change).
    void retranslate();

private:
    std::vector<core::Diagnostic> m_diagnostics;
};

} // namespace widgets
