// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The diagnostics list: what is wrong with the design, or worth knowing, each with the field it is
// about. Activating a row asks to show that field.

#include "common/designsnapshot.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace widgets {

class DiagnosticsModel;

class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);

    void setDiagnostics(std::vector<core::Diagnostic> diagnostics);
    DiagnosticsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString summaryText() const;
    // The table is hidden while there is no diagnostic: the panel is its summary line.
    bool isCollapsed() const { return m_collapsed; }

signals:
    void fieldRequested(const QString& jsonPointer);
    void collapsedChanged(bool collapsed);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateSummary();

    DiagnosticsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_summary = nullptr;
    bool m_collapsed = false;
};

} // namespace widgets
