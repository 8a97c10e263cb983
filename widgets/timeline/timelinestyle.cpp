// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinestyle.h"

#include "common/palette.h"

#include <QCoreApplication>
#include <algorithm>

namespace widgets {

namespace {

// Four shades per kind, cycling with the micro-batch: dark to light. A rank's later chunks are drawn less
// saturated, so that the passes of an interleaved or V-shaped schedule read apart.
QColor shaded(const palette::PassTone& pass, int microBatch, int chunk)
{
    const int shade = ((microBatch % 4) + 4) % 4;
    const double saturation = chunk > 0 ? pass.laterChunkSaturation : pass.tone.saturation;
    return QColor::fromHslF(pass.tone.hue / 360.0, saturation,
                            std::min(0.85, pass.tone.lightness + 0.075 * shade));
}

} // namespace

QColor opColor(core::PipelineOpKind kind, int microBatch, int chunk)
{
    switch (kind) {
    case core::PipelineOpKind::Forward:
        return shaded(palette::forwardPass, microBatch, chunk);
    case core::PipelineOpKind::Backward:
    case core::PipelineOpKind::BackwardInput:
        return shaded(palette::backwardPass, microBatch, chunk);
    case core::PipelineOpKind::BackwardWeight:
        return shaded(palette::weightGradientPass, microBatch, chunk);
    case core::PipelineOpKind::ForwardBackward:
        return shaded(palette::overlappedPass, microBatch, chunk);
    }
    return palette::unknownKind;
}

QColor commColor(core::CommKind kind)
{
    switch (kind) {
    case core::CommKind::TensorParallel:
        return palette::tensorParallelCollective;
    case core::CommKind::ContextParallel:
        return palette::contextParallelExchange;
    case core::CommKind::ExpertParallel:
        return palette::expertAllToAll;
    case core::CommKind::PipelineSend:
        return palette::pipelineSend;
    case core::CommKind::DataParallel:
        return palette::dataParallelReduction;
    }
    return palette::unknownKind;
}

QColor idleColor()
{
    return palette::bubbleIdle;
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

} // namespace widgets
