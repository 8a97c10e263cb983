// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinestyle.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

// Four shades per kind, cycling with the micro-batch: dark to light.
QColor shaded(int hue, double saturation, double lightness, int microBatch)
{
    const int shade = ((microBatch % 4) + 4) % 4;
    return QColor::fromHslF(hue / 360.0, saturation, std::min(0.85, lightness + 0.075 * shade));
}

} // namespace

QColor opColor(core::PipelineOpKind kind, int microBatch, int chunk)
{
    // A rank's later chunks are drawn less saturated, so that the passes of an interleaved or V-shaped
    // schedule read apart.
    const double s = chunk > 0 ? 0.35 : 0.62;
    switch (kind) {
    case core::PipelineOpKind::Forward:
        return shaded(212, s, 0.36, microBatch);
    case core::PipelineOpKind::Backward:
    case core::PipelineOpKind::BackwardInput:
        return shaded(26, chunk > 0 ? 0.5 : 0.85, 0.42, microBatch);
    case core::PipelineOpKind::BackwardWeight:
        return shaded(140, s, 0.34, microBatch);
    case core::PipelineOpKind::ForwardBackward:
        return shaded(280, 0.42, 0.40, microBatch);
    }
    return Qt::gray;
}

QColor commColor(core::CommKind kind)
{
    switch (kind) {
    case core::CommKind::TensorParallel:
        return QColor::fromHslF(300 / 360.0, 0.45, 0.50);
    case core::CommKind::ContextParallel:
        return QColor::fromHslF(178 / 360.0, 0.55, 0.38);
    case core::CommKind::ExpertParallel:
        return QColor::fromHslF(352 / 360.0, 0.65, 0.52);
    case core::CommKind::PipelineSend:
        return QColor::fromHslF(30 / 360.0, 0.20, 0.50);
    case core::CommKind::DataParallel:
        return QColor::fromHslF(45 / 360.0, 0.85, 0.48);
    }
    return Qt::gray;
}

QColor idleColor()
{
    return QColor(210, 210, 210);
}

QColor seriesColor(int index, int count)
{
    // Evenly around the hue circle, starting at blue; dark enough to read on white.
    const double hue = std::fmod(212.0 / 360.0 + static_cast<double>(index) / std::max(1, count), 1.0);
    return QColor::fromHslF(hue, 0.65, 0.42);
}

QString opKindName(core::PipelineOpKind kind)
{
    switch (kind) {
    case core::PipelineOpKind::Forward:
        return QCoreApplication::translate("Timeline", "Forward");
    case core::PipelineOpKind::Backward:
        return QCoreApplication::translate("Timeline", "Backward");
    case core::PipelineOpKind::BackwardInput:
        return QCoreApplication::translate("Timeline", "Backward (input gradient)");
    case core::PipelineOpKind::BackwardWeight:
        return QCoreApplication::translate("Timeline", "Weight gradient");
    case core::PipelineOpKind::ForwardBackward:
        return QCoreApplication::translate("Timeline", "Forward and backward, overlapped");
    }
    return {};
}

QString opDescription(const core::PipelineOp& op)
{
    switch (op.kind) {
    case core::PipelineOpKind::Forward:
        return QCoreApplication::translate("Timeline", "Forward of micro-batch %1 on stage %2")
            .arg(op.microBatch)
            .arg(op.stage);
    case core::PipelineOpKind::Backward:
        return QCoreApplication::translate("Timeline", "Backward of micro-batch %1 on stage %2")
            .arg(op.microBatch)
            .arg(op.stage);
    case core::PipelineOpKind::BackwardInput:
        return QCoreApplication::translate("Timeline",
                                           "Input-gradient backward of micro-batch %1 on stage %2")
            .arg(op.microBatch)
            .arg(op.stage);
    case core::PipelineOpKind::BackwardWeight:
        return QCoreApplication::translate("Timeline", "Weight gradient of micro-batch %1 on stage %2")
            .arg(op.microBatch)
            .arg(op.stage);
    case core::PipelineOpKind::ForwardBackward:
        return QCoreApplication::translate(
                   "Timeline",
                   "Forward of micro-batch %1 on stage %2, overlapped with the backward of micro-batch %3 on "
                   "stage %4")
            .arg(op.microBatch)
            .arg(op.stage)
            .arg(op.backwardMicroBatch)
            .arg(op.backwardStage);
    }
    return {};
}

QString commKindName(core::CommKind kind)
{
    switch (kind) {
    case core::CommKind::TensorParallel:
        return QCoreApplication::translate("Timeline", "Tensor-parallel collective");
    case core::CommKind::ContextParallel:
        return QCoreApplication::translate("Timeline", "Context-parallel ring exchange");
    case core::CommKind::ExpertParallel:
        return QCoreApplication::translate("Timeline", "Expert all-to-all");
    case core::CommKind::PipelineSend:
        return QCoreApplication::translate("Timeline", "Pipeline send to the next stage");
    case core::CommKind::DataParallel:
        return QCoreApplication::translate("Timeline", "Data-parallel gradient reduction");
    }
    return {};
}

QString scheduleName(core::Schedule schedule)
{
    switch (schedule) {
    case core::Schedule::GPipe:
        return QCoreApplication::translate("Timeline", "GPipe");
    case core::Schedule::OneFOneB:
        return QCoreApplication::translate("Timeline", "1F1B");
    case core::Schedule::Interleaved:
        return QCoreApplication::translate("Timeline", "Interleaved 1F1B");
    case core::Schedule::ZbH1:
        return QCoreApplication::translate("Timeline", "ZB-H1");
    case core::Schedule::ZbV:
        return QCoreApplication::translate("Timeline", "ZB-V");
    case core::Schedule::DualPipeV:
        return QCoreApplication::translate("Timeline", "DualPipeV");
    }
    return {};
}

} // namespace widgets
