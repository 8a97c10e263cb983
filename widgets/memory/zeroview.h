// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference article's ZeRO diagram for the current design: DDP, ZeRO-1, ZeRO-2 and ZeRO-3 side by side,
// each split into the part every GPU keeps a full copy of and its share of the sharded rest, against the
// GPU's memory.

#include "common/designsnapshot.h"
#include "memory/memory.h"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace widgets {

class ZeroView : public QWidget
{
    Q_OBJECT

public:
    explicit ZeroView(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    const core::ZeroComparison& comparison() const { return m_comparison; }
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    DesignSnapshot m_snapshot;
    core::ZeroComparison m_comparison;
    QLabel* m_title = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_replicated = nullptr;
    QCPBars* m_sharded = nullptr;
};

} // namespace widgets
