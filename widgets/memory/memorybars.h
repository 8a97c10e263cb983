// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One stacked bar per GPU (grouped by node) or per rank role (one per pipeline stage and GPU type), a
// colour per memory category, each GPU's capacity as a line, and an outline where a bar goes over.
// Hovering tells every category's bytes; clicking a segment asks for its explanation. When the design
// carries a measured record, its peak stands over the bars as a line, its categories as short lines on
// the fullest GPU's bar, each labelled with the difference from the prediction.

#include "common/designsnapshot.h"
#include "memory/memory.h"

#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QMouseEvent;

namespace widgets {

class MemoryBars : public QWidget
{
    Q_OBJECT

public:
    // Automatic: every GPU up to kMaxBarsPerGpu of them, one bar per role beyond.
    enum class Grouping { Automatic, PerGpu, PerRole };
    static constexpr int kMaxBarsPerGpu = 128;

    explicit MemoryBars(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    void setGrouping(Grouping grouping);
    Grouping grouping() const { return m_grouping; }
    // The grouping that is drawn: PerGpu or PerRole.
    Grouping effectiveGrouping() const;

    struct Bar
    {
        int rank = 0; // the rank this bar shows (the first of its role when grouped)
        int role = 0;
        int count = 1; // ranks the bar stands for
        double x = 0;
        double capacity = 0;
        double total = 0;
        QString label;
        QString shortLabel; // the stage number and its ranks, for when the label does not fit under the bar
    };
    const std::vector<Bar>& bars() const { return m_bars; }
    // The tick labels under the bars as drawn (after any shortening to fit the width).
    QStringList tickLabels() const;
    QCustomPlot* plot() const { return m_plot; }
    QWidget* plotWidget() const; // the widget that takes the mouse (for tests and tooltips)
    // Where a bar reaches a height, in the plot widget's pixels.
    QPointF pointOf(int bar, double bytes) const;
    // The bar and category under a point of the plot widget; bar −1 if none.
    std::pair<int, core::MemoryCategory> hit(QPointF position) const;

    struct MeasuredMarker
    {
        std::string quantity; // the comparison row's key: "peakMemory.total", "peakMemory.activations"
        double bytes = 0; // the height the line is drawn at
        QString label;
    };
    const std::vector<MeasuredMarker>& measuredMarkers() const { return m_measured; }

signals:
    void explanationRequested(int rank, core::MemoryCategory category);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    double placeBars();
    double stackBars();
    double markStages(double top);
    void labelBars(double top);
    // Per role: each bar's label where its share of the axis holds it, else the short one, and only every
    // k-th bar's when even that does not fit.
    void labelRoles();
    void fillLegend();
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    QString toolTipFor(int bar) const;
    // Computes the measured markers of the compared record; returns the highest byte count among them.
    double collectMeasuredMarkers();
    void drawMeasuredMarkers();

    DesignSnapshot m_snapshot;
    Grouping m_grouping = Grouping::Automatic;
    QCustomPlot* m_plot = nullptr;
    std::vector<QCPBars*> m_series; // one per category, stacked
    QCPBars* m_overflow = nullptr;
    QCPGraph* m_capacity = nullptr;
    std::vector<Bar> m_bars;
    std::vector<MeasuredMarker> m_measured;
    int m_measuredBar = -1; // the fullest GPU's bar, where the categories are marked
};

} // namespace widgets
