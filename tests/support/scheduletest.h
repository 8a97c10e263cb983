// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the pipeline-schedule suites share (tst_schedule, tst_schedulebadinput): a ScheduleSpec from its
// numbers, an op sequence as labels, and lookups of ops and diagnostic codes.

#include "base/diagnostic.h"
#include "pipeline/pipelinetimeline.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace testing::schedule {

using namespace core;

inline ScheduleSpec makeSpec(Schedule kind, int p, int m, int v = 1, double forward = 1, double backward = 2,
                             double weightGrad = 0, double forwardBackward = 0, int groupSize = 0)
{
    ScheduleSpec s;
    s.kind = kind;
    s.ranks = p;
    s.microBatches = m;
    s.virtualStages = v;
    s.forward = forward;
    s.backward = backward;
    s.weightGrad = weightGrad;
    s.forwardBackward = forwardBackward;
    s.microBatchGroupSize = groupSize;
    return s;
}

inline QString labels(const std::vector<PipelineOp>& ops, bool withStage = false)
{
    return QString::fromStdString(opLabels(ops, withStage));
}

inline const PipelineOp* findOp(const RankTimeline& rank, PipelineOpKind kind, int microBatch, int stage)
{
    for (const PipelineOp& op : rank.ops)
        if (op.kind == kind && op.microBatch == microBatch && op.stage == stage)
            return &op;
    return nullptr;
}

inline const Diagnostic* findCode(const std::vector<Diagnostic>& diagnostics, const QString& code)
{
    for (const Diagnostic& d : diagnostics)
        if (QString::fromStdString(d.code) == code)
            return &d;
    return nullptr;
}

inline QString codes(const std::vector<Diagnostic>& diagnostics)
{
    QStringList out;
    for (const Diagnostic& d : diagnostics)
        out << QString::fromStdString(d.code + ": " + d.message());
    return out.join(QLatin1String("; "));
}

} // namespace testing::schedule
