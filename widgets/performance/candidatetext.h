// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The words of the Candidates page: a candidate's degrees and settings in one line each, and what the
// model can say of the difference between the two fastest (core performance/layoutcomparison.h).

#include "common/designsnapshot.h"
#include "design/layout.h"

#include <QString>
#include <vector>

namespace widgets {

// "TP 8 · PP 4 · DP 4 · CP 4", the degrees above 1 beyond TP, PP and DP.
QString layoutLabel(const core::ParallelLayout& l);
// "ZeRO-1 · mb 1 · 1F1B · selective", with interleaving's chunks and selective recomputation's modules.
QString settingsLabel(const core::ParallelLayout& l);

// The candidate doing the most tokens per GPU against the next, and whether published pairs of runs like
// them say the model's order holds; empty with fewer than two training
// candidates that have a step time. Candidates are named by their column, counted from 1 as the table's
// (a measured record's column included), as two may share a name.
QString candidateComparisonText(const std::vector<DesignSnapshot>& candidates);

} // namespace widgets
