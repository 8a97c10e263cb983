// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A chart of lanes of bars over time: the pipeline Gantt (one lane per rank with a communication lane
// beneath), the DDP step and the FSDP layers all draw with it. A model says what lies in each lane;
// the chart draws the visible part, zooms (Ctrl + wheel, +/−), pans (drag, wheel, arrows), fits (double
// click, 0), shows a tooltip for what is under the mouse and keeps a cursor (click) that other views
// follow. The time ↔ pixel maths is TimeAxis.

#include "timeline/timeaxis.h"

#include <QColor>
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

class QPainter;

namespace widgets {

struct ChartBar
{
    double start = 0;
    double end = 0;
    QColor color;
    QString label; // drawn inside when it fits
    bool hatched = false; // e.g. communication that stays exposed after compute ends
    bool outlined = true;
};

struct ChartMarker
{
    double time = 0;
    QColor color;
    QString label;
};

class LaneChartModel
{
public:
    virtual ~LaneChartModel() = default;
    virtual int laneCount() const = 0;
    virtual QString laneLabel(int lane) const = 0;
    // A minor lane is drawn thin, under the major lane before it (a rank's communication).
    virtual bool isMinorLane(int /*lane*/) const { return false; }
    // A swatch beside the lane's label (a pipeline rank's stage colour, as on the cluster canvas and the
    // Memory tab); none when invalid.
    virtual QColor laneKey(int /*lane*/) const { return {}; }
    // Idle time in this lane is hatched (a pipeline rank waiting is the bubble).
    virtual bool showsIdle(int /*lane*/) const { return false; }
    virtual double startTime() const = 0;
    virtual double endTime() const = 0;
    // Where the lanes' own time ends; idle is hatched only before it (a chart may reach further to show a
    // marker, such as a measured step time, after the last bar).
    virtual double activeEnd() const { return endTime(); }
    // The bars of a lane that overlap [from, to]; a model may merge what is narrower than a pixel.
    virtual void bars(int lane, double from, double to, double secondsPerPixel,
                      std::vector<ChartBar>& out) const = 0;
    // What lies at `time` in `lane` (within `tolerance` seconds), or an empty string.
    virtual QString toolTip(int lane, double time, double tolerance) const = 0;
    virtual std::vector<ChartMarker> markers() const { return {}; }
};

class LaneChart : public QWidget
{
    Q_OBJECT

public:
    explicit LaneChart(QWidget* parent = nullptr);

    void setModel(std::shared_ptr<const LaneChartModel> model);
    const LaneChartModel* model() const { return m_model.get(); }
    // An empty chart shows this message instead.
    void setEmptyText(const QString& text);
    const QString& emptyText() const { return m_emptyText; }

    const TimeAxis& axis() const { return m_axis; }
    void zoom(double factor, double anchorPixel);
    void fit();
    // The time cursor: a vertical line at a time (NaN: none). Not QWidget::setCursor, the mouse pointer.
    double cursorTime() const { return m_cursor; }
    void setCursorTime(double time);
    // The lane at a y coordinate, or −1.
    int laneAt(double y) const;
    // The y range [top, bottom) of a lane.
    std::pair<double, double> laneSpan(int lane) const;
    // What the tooltip at a point says.
    QString toolTipAt(const QPointF& position) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The height at which every lane of the model has its largest height (few lanes grow no further).
    int fullHeight() const;

    static constexpr int kLabelWidth = 118;
    static constexpr int kAxisHeight = 24;

signals:
    void cursorMoved(double time);
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    int labelStride() const;
    void paintLaneBackground(QPainter& painter, int lane) const;
    void paintLaneLabel(QPainter& painter, int lane, bool everyKth) const;
    void paintBars(QPainter& painter, int lane, std::vector<ChartBar>& bars) const;
    void paintMarkers(QPainter& painter, double axisTop) const;
    void paintTimeAxis(QPainter& painter, double axisTop) const;
    double wantedHeight(bool withMinor) const;
    void layoutLanes();
    void updatePixels();

    std::shared_ptr<const LaneChartModel> m_model;
    QString m_emptyText;
    TimeAxis m_axis;
    std::vector<std::pair<double, double>> m_lanes; // top and bottom of each lane
    double m_lanesBottom = 0;
    double m_cursor;
    bool m_dragging = false;
    bool m_moved = false;
    QPointF m_pressPosition;
    QPointF m_lastPosition;
};

} // namespace widgets
