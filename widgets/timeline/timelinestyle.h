// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the timelines look and speak: a colour for each kind of operation (shaded by micro-batch, so that
// neighbouring micro-batches read apart) and each kind of communication, and their names in the user's
// language. Shared by the pipeline chart, the DDP and FSDP views, their legends and the plots.

#include "common/choicetext.h" // scheduleName
#include "pipeline/pipelineschedule.h"
#include "pipeline/stagetime.h"

#include <QColor>
#include <QString>

namespace widgets {

QColor opColor(core::PipelineOpKind kind, int microBatch = 0, int chunk = 0);
QColor commColor(core::CommKind kind);
// The bubble: a rank idle inside the step (the chart hatches it with palette::bubbleHatch).
QColor idleColor();

// "Forward", "Backward", "Backward (input gradient)", …
QString opKindName(core::PipelineOpKind kind);
// "Forward of micro-batch 3 on stage 2", with the chunk's stage.
QString opDescription(const core::PipelineOp& op);
QString commKindName(core::CommKind kind);

} // namespace widgets
