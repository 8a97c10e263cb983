// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Strong and weak scaling of the current training design (core/scaling.h): throughput against GPU count
// on the left axis, scaling efficiency on the right, with the baseline and the denominator stated above
// the plot — as the reference article insists, an efficiency without them means nothing. Computed only while
// visible.

#include "common/designsnapshot.h"
#include "common/rebuildwhenshown.h"
#include "performance/scaling.h"

#include <QPointF>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QCPGraph;
class QCustomPlot;
class QLabel;

namespace widgets {

class ScalingPlot : public QWidget
{
    Q_OBJECT

public:
    explicit ScalingPlot(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    const core::ScalingCurve& curve(core::ScalingKind kind) const;
    QString explanationText() const;
    // The axes' titles (bottom, left, right), which name their scales, and the ideal line's two ends.
    QStringList axisTitles() const;
    // The throughput axis' tick labels as last drawn (for tests).
    QStringList throughputTickLabels() const;
    QVector<QPointF> idealLine() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void recompute();
    void redraw();

    DesignSnapshot m_snapshot;
    RebuildWhenShown* m_recompute = nullptr; // the curves evaluate the design at every size: not while hidden
    core::ScalingCurve m_weak;
    core::ScalingCurve m_strong;
    QLabel* m_explanation = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_weakThroughput = nullptr;
    QCPGraph* m_strongThroughput = nullptr;
    QCPGraph* m_weakEfficiency = nullptr;
    QCPGraph* m_strongEfficiency = nullptr;
    QCPGraph* m_ideal = nullptr;
};

} // namespace widgets
