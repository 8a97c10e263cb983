// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "launch/importcontext.h"

namespace core::launch {

// The model of a Megatron-LM script into context.design.model: the preset --tokenizer-model names, else the
// preset with the file's shape (--num-layers, --hidden-size, the head counts, the FFN), the shape flags that
// disagree with it as warnings, else a dense model built from the file's architecture flags with
// Megatron-LM's defaults for the rest (a warning says so); --mtp-num-layers; --moe-router-num-groups and
// --moe-router-group-topk. Where the file gives the model without the last three, Megatron-LM's defaults
// (none).
void readMegatronModel(ImportContext& context, const Settings& flags);

} // namespace core::launch
