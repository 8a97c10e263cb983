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

Json parametersToJson(const ParameterCounts& counts);
Json evaluationToJson(const Design& design, const Evaluation& evaluation);

} // namespace core
