// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The evaluation as JSON: the stable contract of `meshwright-cli evaluate --json` (documented in the
// README). Keys are only ever added, never renamed or removed.

#include "base/diagnosticio.h" // the evaluation's diagnostics, written as every document writes them
#include "base/jsonreader.h"
#include "catalog/model.h"
#include "design/design.h"

namespace core {

inline constexpr std::string_view kEvaluationFormat = "meshwright.evaluation";
inline constexpr int kEvaluationVersion = 1;

struct Evaluation; // evaluate.h

// Up to this many ranks, ranks[], groups and memory.ranks[] list every rank and group. A larger layout
// (131,072 ranks: 100 MB of JSON) lists the first rank of each memory role (one per pipeline stage and GPU
// type: every other rank of the role holds the same memory) and the first two groups of each dimension,
// and says so in `ranksListed`, unless `allRanks` asks for all of them.
inline constexpr std::int64_t kListedRanks = 4096;

struct EvaluationJsonOptions
{
    bool allRanks = false;
};

Json parametersToJson(const ParameterCounts& counts);
Json evaluationToJson(const Design& design, const Evaluation& evaluation, const EvaluationJsonOptions& options = {});

} // namespace core
