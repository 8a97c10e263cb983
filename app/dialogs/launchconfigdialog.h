// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File ▸ Export ▸ Launch Configuration…: the design's configuration for a chosen framework
// (launch/launchconfig.h), what it cannot express, and Copy / Save. It shows one snapshot of the design: a
// later edit needs the dialog opened again.

#include "common/designsnapshot.h"
#include "launch/launchconfig.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace app {

class LaunchConfigDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LaunchConfigDialog(widgets::DesignSnapshot snapshot, QWidget* parent = nullptr);

    void setTarget(core::LaunchTarget target);
    core::LaunchTarget target() const;
    const core::LaunchConfig& config() const { return m_config; }
    QString text() const;
    QString notesText() const;

    void copyToClipboard();
    // Writes the text; false with `error` saying why.
    bool saveTo(const QString& path, QString* error);

private:
    void refresh();
    void saveDialog();

    widgets::DesignSnapshot m_snapshot;
    core::LaunchConfig m_config;
    QComboBox* m_target = nullptr;
    QLabel* m_version = nullptr;
    QLabel* m_notes = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace app
