// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Collectives in the user's language (translation context "Collectives"): the operations keep their
// English names as the seed does (All-Reduce, All-Gather, Reduce-Scatter, All-to-All, Point-to-Point);
// algorithms and phases are translated. Sizes and times use core's units (decimal, unit attached).

#include "comm/collective.h"
#include "common/unitstext.h"

#include <QString>

namespace widgets {

QString collectiveOpText(core::CollectiveOp op);
QString collectiveAlgorithmText(core::CollectiveOp op, core::CollectiveAlgorithm algorithm);
QString collectivePhaseText(core::CollectivePhase phase);
// Whether the op sums contributions (all-reduce, reduce-scatter) rather than copying them.
bool isReduction(core::CollectiveOp op);

} // namespace widgets
