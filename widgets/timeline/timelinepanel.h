// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The timeline tab: what every GPU does during one training step of the design. Beside the schedule,
// micro-batch and virtual-stage choices (edits of the design, sent as intents), the pipeline Gantt with
// its communication lanes and idle time; under it the bubble against the micro-batch count, each rank's
// activation memory over the step, the DDP buckets over the last backward and the FSDP layers.

#include "common/designsnapshot.h"
#include "common/fieldedit.h"
#include "common/rebuildwhenshown.h"
#include "design/designfield.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace widgets {

class ActivationPlot;
class BubblePlot;
class LaneChart;
class TimelineLegend;

class TimelinePanel : public QWidget
{
    Q_OBJECT

public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);

    // The parts as they show the current snapshot (rebuilt first if the tab was hidden since the edit).
    QComboBox* scheduleBox() const { return m_rebuild->current(m_schedule); }
    QSpinBox* microBatchesBox() const { return m_rebuild->current(m_microBatches); }
    QSpinBox* virtualStagesBox() const { return m_rebuild->current(m_virtualStages); }
    QSpinBox* pipelineRankBox() const { return m_rebuild->current(m_rank); }
    LaneChart* pipelineChart() const { return m_rebuild->current(m_pipeline); }
    LaneChart* ddpChart() const { return m_rebuild->current(m_ddp); }
    LaneChart* fsdpChart() const { return m_rebuild->current(m_fsdp); }
    BubblePlot* bubblePlot() const { return m_rebuild->current(m_bubble); }
    ActivationPlot* activationPlot() const { return m_rebuild->current(m_activations); }
    QTabWidget* detailTabs() const { return m_rebuild->current(m_details); }
    QString summaryText() const;

    // The edits that choosing `schedule` makes: the schedule, and the virtual stages it needs (ZB-V and
    // DualPipeV exactly 2, interleaved at least 2, the others 1).
    static std::vector<FieldEdit> scheduleEdits(const core::Design& design, core::Schedule schedule);

signals:
    // One user gesture; the application makes it one undo step.
    void fieldsEdited(const std::vector<widgets::FieldEdit>& edits);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QHBoxLayout* buildControls();
    QSplitter* buildCharts();
    void connectControls();
    void retranslate();
    void rebuild();
    void showValues();
    void updateCharts();
    void updateDetails();
    void updateCaptions();
    QString stepCompositionText() const;
    void shareRoom();

    DesignSnapshot m_snapshot;
    RebuildWhenShown* m_rebuild = nullptr; // the controls, charts and captions wait while hidden
    bool m_updating = false;
    QLabel* m_scheduleLabel = nullptr;
    QComboBox* m_schedule = nullptr;
    QLabel* m_microBatchesLabel = nullptr;
    QSpinBox* m_microBatches = nullptr;
    QLabel* m_virtualStagesLabel = nullptr;
    QSpinBox* m_virtualStages = nullptr;
    QToolButton* m_fit = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_summary = nullptr;
    TimelineLegend* m_legend = nullptr;
    QSplitter* m_vertical = nullptr;
    QSplitter* m_horizontal = nullptr;
    int m_sharedForLanes = 0; // the Gantt lanes the splitters last shared the room for
    LaneChart* m_pipeline = nullptr;
    BubblePlot* m_bubble = nullptr;
    QTabWidget* m_details = nullptr;
    ActivationPlot* m_activations = nullptr;
    QWidget* m_ddpPage = nullptr;
    QLabel* m_ddpCaption = nullptr;
    LaneChart* m_ddp = nullptr;
    QWidget* m_fsdpPage = nullptr;
    QLabel* m_fsdpCaption = nullptr;
    LaneChart* m_fsdp = nullptr;
    QLabel* m_rankLabel = nullptr;
    QSpinBox* m_rank = nullptr;
};

} // namespace widgets
