// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Each pipeline rank's activation memory over the step: it rises with every forward in flight and falls
// with every backward (steptimeline.h activationCurves). A cursor, shared with the timeline, reads off
// every rank's bytes at one moment. QCustomPlot stays inside.

#include "pipeline/steptimeline.h"

#include <QStringList>
#include <QWidget>

class QCustomPlot;
class QCPItemStraightLine;
class QLabel;

namespace widgets {

class ActivationPlot : public QWidget
{
    Q_OBJECT

public:
    explicit ActivationPlot(QWidget* parent = nullptr);

    // One curve per pipeline rank, each with its name ("Stage 2", "PP rank 2").
    void setCurves(std::vector<std::vector<core::ActivationPoint>> curves, QStringList names);
    void setCursorTime(double time);
    // Whether the bytes are the memory model's (as the Memory tab shows them) or the provisional estimate.
    void setFromMemoryModel(bool fromMemoryModel);
    double cursorTime() const { return m_cursor; }
    // What the reading under the plot says (for tests).
    QString readout() const;
    // For tests: the plot inside.
    QCustomPlot* plot() const { return m_plot; }

signals:
    void cursorMoved(double time);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    void redraw();
    void fitRange();
    void updateReadout();

    QCustomPlot* m_plot = nullptr;
    bool m_stale = false; // data changed while hidden
    QCPItemStraightLine* m_line = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_readout = nullptr;
    std::vector<std::vector<core::ActivationPoint>> m_curves;
    QStringList m_names;
    double m_span = 0; // seconds the curves cover
    double m_peakGb = 0; // the highest point of any curve
    bool m_fromMemoryModel = false;
    double m_cursor;
};

} // namespace widgets
