// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the lane charts of the timeline tab show: the pipeline schedule of the design (one lane per
// pipeline rank, its communication lane beneath), the DDP buckets over the last backward of a rank, and
// the FSDP layers of a rank. Each reads core's ScheduleEvaluation; none keeps anything else.

#include "common/designsnapshot.h"
#include "pipeline/steptimeline.h"
#include "timeline/lanechart.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace widgets {

// How long each kind of communication keeps an op of a stage busy (exposed), and the op's exact length.
struct CommSummary
{
    std::array<double, 5> seconds{};
    double exact = 0;
};

class PipelineChartModel : public LaneChartModel
{
public:
    explicit PipelineChartModel(const DesignSnapshot& snapshot);

    int laneCount() const override;
    QString laneLabel(int lane) const override;
    QColor laneKey(int lane) const override;
    bool isMinorLane(int lane) const override { return lane % 2 == 1; }
    bool showsIdle(int lane) const override { return lane % 2 == 0; }
    double startTime() const override { return 0; }
    double endTime() const override;
    double activeEnd() const override;
    void bars(int lane, double from, double to, double secondsPerPixel,
              std::vector<ChartBar>& out) const override;
    QString toolTip(int lane, double time, double tolerance) const override;
    // With a measured record of the step time: where the predicted step ends (the pipeline, then the
    // data-parallel synchronisation and the optimizer) and where the measured one did.
    std::vector<ChartMarker> markers() const override { return m_markers; }

    // The op of pipeline rank `rank` running at `time`, or nullptr.
    const core::PipelineOp* opAt(int rank, double time, double tolerance = 0) const;

private:
    const core::ScheduleEvaluation& schedule() const { return *m_snapshot.evaluation->schedule; }
    std::pair<std::size_t, std::size_t> visible(int rank, double from, double to) const;

    DesignSnapshot m_snapshot;
    std::vector<std::vector<double>> m_ends; // per rank, the end of each op (ascending)
    std::vector<ChartMarker> m_markers;
    // Per (stage, op kind, backward stage), filled as ops too narrow for their layers are drawn.
    mutable std::map<std::tuple<int, int, int>, CommSummary> m_summaries;
};

class DdpChartModel : public LaneChartModel
{
public:
    DdpChartModel(const DesignSnapshot& snapshot, int pipelineRank);

    // Compute, the gradient reduction, under DualPipe the sum of each stage's two copies
    // (core::StageCopySync), and with ZeRO-1/2 the parameter all-gather.
    int laneCount() const override
    {
        return 2 + (m_copy ? 1 : 0) + (m_ddp.parameterGatherSeconds > 0 ? 1 : 0);
    }
    QString laneLabel(int lane) const override;
    double startTime() const override { return m_start; }
    double endTime() const override { return m_end; }
    void bars(int lane, double from, double to, double secondsPerPixel,
              std::vector<ChartBar>& out) const override;
    QString toolTip(int lane, double time, double tolerance) const override;
    std::vector<ChartMarker> markers() const override;

    const core::DdpStepTimeline& ddp() const { return m_ddp; }

private:
    double copyStart() const; // after the last bucket's reduction
    double parameterGatherStart() const; // after that and the stage copies' sum
    int copyLane() const { return m_copy ? 2 : -1; }
    DesignSnapshot m_snapshot;
    int m_rank;
    core::DdpStepTimeline m_ddp;
    std::optional<core::StageCopySync> m_copy;
    double m_start = 0;
    double m_end = 1;
};

class FsdpChartModel : public LaneChartModel
{
public:
    FsdpChartModel(const DesignSnapshot& snapshot, int pipelineRank);

    int laneCount() const override { return 3; }
    QString laneLabel(int lane) const override;
    double startTime() const override { return 0; }
    double endTime() const override;
    void bars(int lane, double from, double to, double secondsPerPixel,
              std::vector<ChartBar>& out) const override;
    QString toolTip(int lane, double time, double tolerance) const override;

    const core::FsdpLayerTimeline& fsdp() const { return m_fsdp; }

private:
    QString unitName(int unit) const;

    DesignSnapshot m_snapshot;
    core::FsdpLayerTimeline m_fsdp;
};

} // namespace widgets
