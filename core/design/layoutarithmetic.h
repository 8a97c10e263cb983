// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The arithmetic of a layout: how many micro-batches a step runs and how the world size is made up. The
// checks (validate.h), the memory model and the timing read it; none of them needs the others for it.

#include "design/design.h"

#include <cstdint>
#include <string>

namespace core {

// Micro-batches per pipeline and optimizer step: global batch / (micro-batch × data-parallel replicas);
// 0 when they do not divide.
std::int64_t microBatchesPerStep(const Design& design);

// Auto DP: the data-parallel degree that fills the GPUs in service once TP, CP, PP (and EP as a dimension
// of its own) have taken theirs — in-service GPUs / (world size / DP), rounded down, at least 1.
int autoDpDegree(const Design& design);

// "DP 4 × TP 8 × PP 4 × CP 4", naming only the dimensions that count towards the world size.
std::string worldSizeFormula(const ParallelLayout& layout);
// The layout's other settings in one line, as the reports print them: "ZeRO-1, sequence parallel, schedule
// 1f1b × 2 virtual stages, recompute selective, micro-batch 1".
std::string layoutSettings(const ParallelLayout& layout);
// Selective recomputation's modules as Megatron-Core names them, "mla_up_proj, mlp".
std::string recomputeModuleList(const std::vector<RecomputeModule>& modules);

} // namespace core
