// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What an FP8 recipe's scaling means for the bytes of a quantised copy, said once for the memory, the
// collectives and the kernels.

#include "design/workload.h"

namespace core {

// Delayed and current scaling keep one scale for a whole tensor; MXFP8 and blockwise one per block.
constexpr bool perTensorScaling(Fp8Recipe recipe)
{
    return recipe == Fp8Recipe::Delayed || recipe == Fp8Recipe::Tensorwise;
}

// Bytes per value of the scales one FP8 copy carries: an E8M0 byte per 32 values (MXFP8, OCP Microscaling
// Formats v1.0), an FP32 per 1 × 128 block (Transformer Engine's Float8BlockQuantizer); a per-tensor scale
// is one number.
constexpr double fp8ScaleBytes(Fp8Recipe recipe)
{
    return recipe == Fp8Recipe::Mxfp8 ? 1.0 / 32 : recipe == Fp8Recipe::Blockwise ? 4.0 / 128 : 0.0;
}

} // namespace core
