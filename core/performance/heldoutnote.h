// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "design/design.h"

#include <string>

namespace core {

// The step's note on how far published runs were from the modelled step, so that a reader weighs a
// difference between two layouts against it: the Megatron-LM runs on A100 (README, "Performance model";
// tst_performance), the held-out runs on today's GPUs (docs/kernel-model.md, "Held out on today's GPUs";
// tst_heldouttoday publishedRuns; Megatron-LM's own scaling table in BF16, tst_megatronscaling;
// torchtitan's, tst_heldouttorchtitan) and the ratio of two layouts' (tst_heldouttoday layoutChoices): the
// sentences that fit the design's framework, precision and MoE layers, each apart for the views'
// translation. Empty for a serving design.
std::string heldOutNote(const Design& design);

} // namespace core
