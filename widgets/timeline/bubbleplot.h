// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference article's curve: the pipeline's idle share against the number of micro-batches, for the
// design's pipeline ranks and schedule (simulated with its stage times), beside the article's idealized (p −
// 1)/(m + p − 1), with the current design marked on the curve. QCustomPlot stays inside.

#include "pipeline/pipelineschedule.h"

#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemText;
class QCPItemTracer;
class QLabel;

namespace widgets {

class BubblePlot : public QWidget
{
    Q_OBJECT

public:
    explicit BubblePlot(QWidget* parent = nullptr);

    // The schedule as the design runs it; `current` is its own bubble fraction. An empty spec clears it.
    void setSchedule(const core::ScheduleSpec& spec, double currentBubble);
    void clear();

    // For tests: the simulated curve (micro-batches, idle share) and the idealized one.
    QList<QPointF> curve() const;
    QList<QPointF> idealCurve() const;
    QPointF marker() const;
    // What the marker's label says; empty without a marker.
    QString markerLabel() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    void redraw();
    void replot();
    // The design's marker at `microBatches` and `percent` idle, its label `text` beside it on the side with
    // room on an axis up to `right` micro-batches.
    void markDesign(int microBatches, double percent, int right, const QString& text);

    QCustomPlot* m_plot = nullptr;
    bool m_stale = false; // data changed while hidden
    QCPGraph* m_curve = nullptr;
    QCPGraph* m_ideal = nullptr;
    QCPGraph* m_current = nullptr;
    QCPItemText* m_currentLabel = nullptr;
    QLabel* m_title = nullptr;
    core::ScheduleSpec m_spec;
    double m_currentBubble = 0;
    bool m_hasSpec = false;
};

} // namespace widgets
