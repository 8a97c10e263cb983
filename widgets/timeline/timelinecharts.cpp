// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinecharts.h"

#include "base/units.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "timeline/timelinestyle.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <map>
#include <tuple>

namespace widgets {

namespace {

constexpr double kLabelPixels = 18; // an op this wide gets its label
constexpr double kDetailPixelsPerLayer = 6; // an op this wide per layer shows each layer's collectives
constexpr std::size_t kMaxDetailBands = 4000;

QString timeSpan(double start, double end, const TimeUnit& unit)
{
    return QCoreApplication::translate("Timeline", "%1 – %2 (%3)")
        .arg(formatTime(start, unit), formatTime(end, unit), formatTime(end - start, unit));
}

// "F3", "B0"; a rank's later model chunk primed ("F3′"); an overlapped pair "F3&B1′".
QString opText(const core::PipelineOp& op)
{
    const QChar prime(0x2032);
    QString label = qs(core::enumName(op.kind)).left(1) + QString::number(op.microBatch);
    if (op.chunk > 0)
        label += prime;
    if (op.kind == core::PipelineOpKind::ForwardBackward) {
        label += QStringLiteral("&B") + QString::number(op.backwardMicroBatch);
        if (op.backwardChunk > 0)
            label += prime;
    }
    return label;
}

CommSummary summarise(const core::StageTimes& times, const core::ScheduleSpec& spec,
                      const core::PipelineOp& op)
{
    CommSummary s;
    core::PipelineOp unit = op;
    unit.start = 0;
    if (op.kind == core::PipelineOpKind::ForwardBackward)
        unit.end = times.stages[static_cast<std::size_t>(op.stage)].passSeconds(core::Pass::Forward)
            + core::stageOpSeconds(times.stages[static_cast<std::size_t>(op.backwardStage)],
                                   core::PipelineOpKind::Backward);
    else
        unit.end = core::stageOpSeconds(times.stages[static_cast<std::size_t>(op.stage)], op.kind);
    s.exact = unit.end;
    for (const core::CommBand& band : core::opCommBands(times, spec, unit))
        if (band.kind != core::CommKind::PipelineSend && band.exposed)
            s.seconds[static_cast<std::size_t>(band.kind)] += band.end - band.start;
    return s;
}

} // namespace

// ---- Pipeline ----------------------------------------------------------------------------------

PipelineChartModel::PipelineChartModel(const DesignSnapshot& snapshot)
    : m_snapshot(snapshot)
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->schedule)
        return;
    for (const core::RankTimeline& rank : schedule().timeline.ranks) {
        std::vector<double> ends;
        ends.reserve(rank.ops.size());
        for (const core::PipelineOp& op : rank.ops)
            ends.push_back(op.end);
        m_ends.push_back(std::move(ends));
    }
    const ShownRecord shown = shownRecord(m_snapshot);
    if (const core::RecordComparisonRow* step = shown.comparison.find("stepSeconds");
        step && step->predicted) {
        m_markers.push_back({*step->predicted, palette::predicted,
                             QCoreApplication::translate("Timeline", "predicted step %1")
                                 .arg(recordValueText(*step->predicted, step->unit))});
        m_markers.push_back(
            {*step->measured, palette::measured,
             QCoreApplication::translate("Timeline", "measured step %1").arg(measuredWithDifference(*step))});
    }
}

int PipelineChartModel::laneCount() const
{
    return 2 * static_cast<int>(m_ends.size());
}

QString PipelineChartModel::laneLabel(int lane) const
{
    const int rank = lane / 2;
    if (lane % 2 == 1)
        return QCoreApplication::translate("Timeline", "comm.");
    const core::ScheduleSpec& spec = schedule().spec();
    if (spec.virtualStages == 1)
        return QCoreApplication::translate("Timeline", "Stage %1").arg(rank);
    return QCoreApplication::translate("Timeline", "PP rank %1").arg(rank);
}

QColor PipelineChartModel::laneKey(int lane) const
{
    return lane % 2 == 0 ? stageColor(lane / 2) : QColor();
}

double PipelineChartModel::endTime() const
{
    double end = activeEnd();
    for (const ChartMarker& marker : m_markers)
        end = std::max(end, marker.time);
    return end;
}

double PipelineChartModel::activeEnd() const
{
    return m_ends.empty() ? 1 : schedule().timeline.makespan;
}

std::pair<std::size_t, std::size_t> PipelineChartModel::visible(int rank, double from, double to) const
{
    const std::vector<double>& ends = m_ends[static_cast<std::size_t>(rank)];
    const std::vector<core::PipelineOp>& ops = schedule().timeline.ranks[static_cast<std::size_t>(rank)].ops;
    std::size_t first
        = static_cast<std::size_t>(std::lower_bound(ends.begin(), ends.end(), from) - ends.begin());
    std::size_t last = first;
    while (last < ops.size() && ops[last].start <= to)
        ++last;
    return {first, last};
}

void PipelineChartModel::bars(int lane, double from, double to, double secondsPerPixel,
                              std::vector<ChartBar>& out) const
{
    if (lane < 0 || lane >= laneCount())
        return;
    const int rank = lane / 2;
    const core::ScheduleEvaluation& s = schedule();
    const std::vector<core::PipelineOp>& ops = s.timeline.ranks[static_cast<std::size_t>(rank)].ops;
    const auto [first, last] = visible(rank, from, to);
    if (lane % 2 == 0) {
        for (std::size_t i = first; i < last; ++i) {
            const core::PipelineOp& op = ops[i];
            ChartBar bar{op.start, op.end, opColor(op.kind, op.microBatch, op.chunk), {}, false, true};
            if ((op.end - op.start) / secondsPerPixel >= kLabelPixels)
                bar.label = opText(op);
            out.push_back(std::move(bar));
        }
        return;
    }
    // The communication lane: each layer's collectives when there is room, else their sum per kind at
    // the start of the op; and the send to the next stage after it.
    for (std::size_t i = first; i < last; ++i) {
        const core::PipelineOp& op = ops[i];
        const double pixels = (op.end - op.start) / secondsPerPixel;
        const int layers = std::max(1, s.times.stages[static_cast<std::size_t>(op.stage)].layers);
        if (pixels >= layers * kDetailPixelsPerLayer) {
            for (const core::CommBand& band : core::opCommBands(s.times, s.spec(), op, kMaxDetailBands)) {
                QColor color = commColor(band.kind);
                if (!band.exposed)
                    color.setAlphaF(0.45);
                out.push_back({band.start, band.end, color, {}, false, false});
            }
            continue;
        }
        const auto key = std::tuple{op.stage, static_cast<int>(op.kind), op.backwardStage};
        auto found = m_summaries.find(key);
        if (found == m_summaries.end())
            found = m_summaries.emplace(key, summarise(s.times, s.spec(), op)).first;
        const CommSummary& summary = found->second;
        const double stretch = summary.exact > 0 ? (op.end - op.start) / summary.exact : 0;
        double clock = op.start;
        for (std::size_t kind = 0; kind < summary.seconds.size(); ++kind) {
            if (summary.seconds[kind] <= 0)
                continue;
            const double end = clock + summary.seconds[kind] * stretch;
            out.push_back({clock, end, commColor(static_cast<core::CommKind>(kind)), {}, false, false});
            clock = end;
        }
        for (const core::CommBand& band : core::opSendBands(s.times, s.spec(), op))
            out.push_back({band.start, band.end, commColor(band.kind), {}, false, false});
    }
    std::sort(out.begin(), out.end(), [](const ChartBar& a, const ChartBar& b) { return a.start < b.start; });
}

const core::PipelineOp* PipelineChartModel::opAt(int rank, double time, double tolerance) const
{
    if (rank < 0 || static_cast<std::size_t>(rank) >= m_ends.size())
        return nullptr;
    const std::vector<core::PipelineOp>& ops = schedule().timeline.ranks[static_cast<std::size_t>(rank)].ops;
    const auto [first, last] = visible(rank, time - tolerance, time + tolerance);
    const core::PipelineOp* best = nullptr;
    for (std::size_t i = first; i < last; ++i)
        if (time >= ops[i].start && time < ops[i].end)
            return &ops[i];
        else if (!best)
            best = &ops[i];
    return best;
}

QString PipelineChartModel::toolTip(int lane, double time, double tolerance) const
{
    if (lane < 0 || lane >= laneCount())
        return {};
    const int rank = lane / 2;
    const core::ScheduleEvaluation& s = schedule();
    const TimeUnit unit = timeUnitFor(s.timeline.makespan);
    const core::RankInfo& info
        = m_snapshot.evaluation
              ->ranks[static_cast<std::size_t>(s.pipelineRanks[static_cast<std::size_t>(rank)])];
    const QString where
        = QCoreApplication::translate("Timeline", "Pipeline rank %1 · rank %2 · GPU %3 on node %4")
              .arg(rank)
              .arg(info.rank)
              .arg(info.gpuId)
              .arg(info.nodeId);
    const core::PipelineOp* op = opAt(rank, time, lane % 2 == 0 ? 0 : tolerance);
    if (lane % 2 == 0) {
        if (op)
            return QStringLiteral("<b>%1</b><br/>%2<br/>%3")
                .arg(opDescription(*op), timeSpan(op->start, op->end, unit), where);
        // Idle: between the ops around `time`.
        const std::vector<core::PipelineOp>& ops = s.timeline.ranks[static_cast<std::size_t>(rank)].ops;
        const std::vector<double>& ends = m_ends[static_cast<std::size_t>(rank)];
        const std::size_t next
            = static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), time) - ends.begin());
        const double idleStart = next > 0 ? ops[next - 1].end : 0;
        const double idleEnd = next < ops.size() ? ops[next].start : s.timeline.makespan;
        if (time < idleStart || time > idleEnd || !(idleEnd > idleStart))
            return {};
        return QStringLiteral("<b>%1</b><br/>%2<br/>%3")
            .arg(QCoreApplication::translate("Timeline", "Idle (bubble)"), timeSpan(idleStart, idleEnd, unit),
                 where);
    }
    // Communication: the band under the mouse, of this op or of the one before (its send).
    std::vector<core::CommBand> bands;
    for (const core::PipelineOp* candidate :
         {op, op && op != &s.timeline.ranks[static_cast<std::size_t>(rank)].ops.front() ? op - 1 : nullptr}) {
        if (!candidate)
            continue;
        for (const core::CommBand& band : core::opCommBands(s.times, s.spec(), *candidate, kMaxDetailBands))
            if (time >= band.start - tolerance && time <= band.end + tolerance)
                bands.push_back(band);
    }
    if (bands.empty())
        return {};
    const core::CommBand& band = bands.front();
    QString text = QStringLiteral("<b>%1</b><br/>%2")
                       .arg(commKindName(band.kind), timeSpan(band.start, band.end, unit));
    if (!band.exposed)
        text += QStringLiteral("<br/>")
            + QCoreApplication::translate("Timeline", "Runs while the GPU computes.");
    return text + QStringLiteral("<br/>") + where;
}

// ---- DDP -----------------------------------------------------------------------------------------

DdpChartModel::DdpChartModel(const DesignSnapshot& snapshot, int pipelineRank)
    : m_snapshot(snapshot)
    , m_rank(pipelineRank)
{
    const core::ScheduleEvaluation& s = *m_snapshot.evaluation->schedule;
    if (pipelineRank < 0 || static_cast<std::size_t>(pipelineRank) >= s.ddp.size())
        return;
    m_ddp = s.ddp[static_cast<std::size_t>(pipelineRank)];
    // Ranks between an embedding's two copies hold none (partner −1).
    if (static_cast<std::size_t>(pipelineRank) < s.stageCopies.size()
        && s.stageCopies[static_cast<std::size_t>(pipelineRank)].partnerRank >= 0)
        m_copy = s.stageCopies[static_cast<std::size_t>(pipelineRank)];
    const double end = parameterGatherStart() + m_ddp.parameterGatherSeconds;
    const double margin = std::max(1e-9, (end - m_ddp.windowStart) * 0.03);
    m_start = std::max(0.0, m_ddp.windowStart - margin);
    m_end = end + margin;
}

QString DdpChartModel::laneLabel(int lane) const
{
    switch (lane) {
    case 0:
        return QCoreApplication::translate("Timeline", "Compute");
    case 1:
        return m_ddp.reduction == core::CollectiveOp::AllReduce
            ? QCoreApplication::translate("Timeline", "All-reduce")
            : QCoreApplication::translate("Timeline", "Reduce-scatter");
    case 2:
        if (m_copy)
            return m_copy->copies == core::PipelineCopies::Embedding
                ? QCoreApplication::translate("Timeline", "Embedding sum")
                : QCoreApplication::translate("Timeline", "Stage copies");
        [[fallthrough]];
    default:
        return m_ddp.parameterGatherSeconds > 0 ? QCoreApplication::translate("Timeline", "All-gather")
                                                : QString();
    }
}

void DdpChartModel::bars(int lane, double from, double to, double secondsPerPixel,
                         std::vector<ChartBar>& out) const
{
    const core::ScheduleEvaluation& s = *m_snapshot.evaluation->schedule;
    if (lane == 0) {
        if (static_cast<std::size_t>(m_rank) >= s.timeline.ranks.size())
            return;
        for (const core::PipelineOp& op : s.timeline.ranks[static_cast<std::size_t>(m_rank)].ops) {
            if (op.end < from || op.start > to)
                continue;
            ChartBar bar{op.start, op.end, opColor(op.kind, op.microBatch, op.chunk), {}, false, true};
            if ((op.end - op.start) / secondsPerPixel >= kLabelPixels)
                bar.label = opText(op);
            out.push_back(std::move(bar));
        }
        return;
    }
    if (lane == 1) {
        const QColor color = commColor(core::CommKind::DataParallel);
        for (std::size_t k = 0; k < m_ddp.overlap.startSeconds.size(); ++k) {
            const double start = m_ddp.overlap.startSeconds[k];
            const double end = m_ddp.overlap.endSeconds[k];
            if (end < from || start > to)
                continue;
            const double split = std::clamp(m_ddp.backwardEnd, start, end);
            const QString label = QStringLiteral("#%1").arg(k);
            const bool wide = (end - start) / secondsPerPixel >= kLabelPixels;
            if (split > start)
                out.push_back({start, split, color, wide ? label : QString(), false, true});
            if (end > split) // what runs past the backward is exposed
                out.push_back({split, end, palette::exposedReduction,
                               split == start && wide ? label : QString(), true, true});
        }
        return;
    }
    if (lane == copyLane()) {
        // DualPipe: the pair's all-reduce after the reduction, with nothing left to hide it.
        const double start = copyStart();
        out.push_back({start, start + m_copy->seconds, palette::exposedReduction, {}, true, true});
        return;
    }
    if (m_ddp.parameterGatherSeconds > 0) {
        // After the optimizer; with --overlap-param-gather under the next step's first forward, which hides
        // all but its exposed end.
        const double start = parameterGatherStart();
        const double hidden = m_ddp.parameterGatherSeconds - m_ddp.parameterGatherExposedSeconds;
        const QColor color = commColor(core::CommKind::DataParallel);
        if (hidden > 0)
            out.push_back({start, start + hidden, color, {}, false, true});
        if (m_ddp.parameterGatherExposedSeconds > 0)
            out.push_back({start + hidden, start + m_ddp.parameterGatherSeconds, color, {}, true, true});
    }
}

double DdpChartModel::copyStart() const
{
    double start = m_ddp.backwardEnd;
    if (!m_ddp.overlap.endSeconds.empty())
        start = std::max(start, m_ddp.overlap.endSeconds.back());
    return start;
}

double DdpChartModel::parameterGatherStart() const
{
    return copyStart() + (m_copy ? m_copy->seconds : 0.0);
}

QString DdpChartModel::toolTip(int lane, double time, double tolerance) const
{
    const TimeUnit unit = timeUnitFor(m_end - m_start);
    if (lane == 0) {
        const core::ScheduleEvaluation& s = *m_snapshot.evaluation->schedule;
        for (const core::PipelineOp& op : s.timeline.ranks[static_cast<std::size_t>(m_rank)].ops)
            if (time >= op.start && time < op.end)
                return QStringLiteral("<b>%1</b><br/>%2")
                    .arg(opDescription(op), timeSpan(op.start, op.end, unit));
        return {};
    }
    if (lane == 1) {
        for (std::size_t k = 0; k < m_ddp.buckets.size(); ++k) {
            const double start = m_ddp.overlap.startSeconds[k];
            const double end = m_ddp.overlap.endSeconds[k];
            if (time < start - tolerance || time > end + tolerance)
                continue;
            const core::DdpBucket& bucket = m_ddp.buckets[k];
            const int tensors = static_cast<int>(bucket.tensors.size());
            QString text = QCoreApplication::translate(
                               "Timeline", "<b>Bucket %1</b>: %2 in %Ln gradient tensor(s)", nullptr, tensors)
                               .arg(k)
                               .arg(bytesText(bucket.bytes, core::ByteUnits::Binary));
            text += QStringLiteral("<br/>")
                + QCoreApplication::translate("Timeline", "Ready at %1; %2 %3")
                      .arg(formatTime(m_ddp.bucketReadySeconds[k], unit), laneLabel(1),
                           timeSpan(start, end, unit));
            if (end > m_ddp.backwardEnd)
                text += QStringLiteral("<br/>")
                    + QCoreApplication::translate("Timeline", "%1 of it after the backward: exposed")
                          .arg(formatTime(end - std::max(start, m_ddp.backwardEnd), unit));
            return text;
        }
        return {};
    }
    if (lane == copyLane())
        return (m_copy->copies == core::PipelineCopies::Embedding
                    ? QCoreApplication::translate(
                        "Timeline",
                        "The word embedding's gradient all-reduced with pipeline rank "
                        "%1, which keeps the other copy: %2 in %3, exposed "
                        "(Megatron-LM sums them after the data-parallel reduction)")
                    : QCoreApplication::translate(
                        "Timeline",
                        "DualPipe: this rank's gradients of its two stages all-reduced "
                        "with pipeline rank %1, which holds the same stages: %2 in %3, "
                        "exposed (deepseek-ai/DualPipe sums them after the step)"))
            .arg(m_copy->partnerRank)
            .arg(bytesText(m_copy->gradientBytes, core::ByteUnits::Binary),
                 formatTime(m_copy->seconds, unit));
    if (m_ddp.parameterGatherSeconds > 0 && m_ddp.overlapParamGather)
        return QCoreApplication::translate("Timeline",
                                           "All-gather of the updated parameters under the next step's first "
                                           "forward (%1, overlap-param-gather): %2, of which %3 exposed")
            .arg(formatTime(m_ddp.firstForwardSeconds, unit), formatTime(m_ddp.parameterGatherSeconds, unit),
                 formatTime(m_ddp.parameterGatherExposedSeconds, unit));
    if (m_ddp.parameterGatherSeconds > 0)
        return QCoreApplication::translate("Timeline",
                                           "All-gather of the updated parameters after the optimizer step: "
                                           "%1, exposed (the next forward waits for it)")
            .arg(formatTime(m_ddp.parameterGatherSeconds, unit));
    return {};
}

std::vector<ChartMarker> DdpChartModel::markers() const
{
    std::vector<ChartMarker> out{
        {m_ddp.backwardEnd, palette::backwardEnd, QCoreApplication::translate("Timeline", "backward ends")}};
    if (m_ddp.parameterGatherSeconds > 0 && m_ddp.overlapParamGather)
        out.push_back({parameterGatherStart(), palette::backwardEnd,
                       QCoreApplication::translate("Timeline", "next forward begins")});
    return out;
}

// ---- FSDP ----------------------------------------------------------------------------------------

FsdpChartModel::FsdpChartModel(const DesignSnapshot& snapshot, int pipelineRank)
    : m_snapshot(snapshot)
{
    const core::ScheduleEvaluation& s = *m_snapshot.evaluation->schedule;
    if (pipelineRank >= 0 && static_cast<std::size_t>(pipelineRank) < s.fsdp.size())
        m_fsdp = s.fsdp[static_cast<std::size_t>(pipelineRank)];
}

double FsdpChartModel::endTime() const
{
    return m_fsdp.makespan > 0 ? m_fsdp.makespan : 1;
}

QString FsdpChartModel::laneLabel(int lane) const
{
    switch (lane) {
    case 0:
        return QCoreApplication::translate("Timeline", "Compute");
    case 1:
        return QCoreApplication::translate("Timeline", "All-gather");
    default:
        return QCoreApplication::translate("Timeline", "Reduce-scatter");
    }
}

QString FsdpChartModel::unitName(int unit) const
{
    const core::FsdpUnit& u = m_fsdp.units[static_cast<std::size_t>(unit)];
    return u.layer >= 0 ? QCoreApplication::translate("Timeline", "L%1").arg(u.layer)
                        : QCoreApplication::translate("Timeline", "root");
}

void FsdpChartModel::bars(int lane, double from, double to, double secondsPerPixel,
                          std::vector<ChartBar>& out) const
{
    const core::FsdpStream stream = lane == 0 ? core::FsdpStream::Compute
        : lane == 1                           ? core::FsdpStream::AllGather
                                              : core::FsdpStream::ReduceScatter;
    for (const core::FsdpSpan& span : m_fsdp.spans) {
        if (span.stream != stream || span.end < from || span.start > to)
            continue;
        const int layer = m_fsdp.units[static_cast<std::size_t>(span.unit)].layer;
        QColor color;
        switch (stream) {
        case core::FsdpStream::Compute:
            color = opColor(span.backward ? core::PipelineOpKind::Backward : core::PipelineOpKind::Forward,
                            std::max(0, layer));
            break;
        case core::FsdpStream::AllGather:
            color = span.backward ? palette::fsdpGatherBackward : palette::fsdpGatherForward;
            break;
        case core::FsdpStream::ReduceScatter:
            color = commColor(core::CommKind::DataParallel);
            break;
        }
        ChartBar bar{span.start, span.end, color, {}, false, true};
        const QString name = unitName(span.unit);
        if ((span.end - span.start) / secondsPerPixel >= std::max(kLabelPixels, 9.0 * name.size()))
            bar.label = name;
        out.push_back(std::move(bar));
    }
}

QString FsdpChartModel::toolTip(int lane, double time, double tolerance) const
{
    const TimeUnit unit = timeUnitFor(endTime());
    const core::FsdpStream stream = lane == 0 ? core::FsdpStream::Compute
        : lane == 1                           ? core::FsdpStream::AllGather
                                              : core::FsdpStream::ReduceScatter;
    for (const core::FsdpSpan& span : m_fsdp.spans) {
        if (span.stream != stream || time < span.start - tolerance || time > span.end + tolerance)
            continue;
        const core::FsdpUnit& u = m_fsdp.units[static_cast<std::size_t>(span.unit)];
        const QString name = u.layer >= 0
            ? QCoreApplication::translate("Timeline", "layer %1").arg(u.layer)
            : QCoreApplication::translate("Timeline", "the root (embedding, head)");
        QString what;
        switch (stream) {
        case core::FsdpStream::Compute:
            what = span.backward ? QCoreApplication::translate("Timeline", "Backward of %1").arg(name)
                                 : QCoreApplication::translate("Timeline", "Forward of %1").arg(name);
            break;
        case core::FsdpStream::AllGather:
            what = span.backward
                ? QCoreApplication::translate("Timeline", "All-gather of %1 for the backward").arg(name)
                : QCoreApplication::translate("Timeline", "All-gather of %1 for the forward").arg(name);
            break;
        case core::FsdpStream::ReduceScatter:
            what = QCoreApplication::translate("Timeline", "Reduce-scatter of the gradients of %1").arg(name);
            break;
        }
        return QStringLiteral("<b>%1</b><br/>%2<br/>%3")
            .arg(what, timeSpan(span.start, span.end, unit),
                 QCoreApplication::translate("Timeline",
                                             "%1 parameters on this rank before sharding, over %2 ranks")
                     .arg(countText(u.parameters))
                     .arg(m_fsdp.shardRanks));
    }
    return {};
}

} // namespace widgets
