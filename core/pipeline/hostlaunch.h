// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The host's part of a step: a GPU cannot run a kernel before the host has launched it. Where the host
// launches a layer's kernels one by one (no CUDA graphs) and waits once a layer for the device, the layer
// takes at least the host's time to launch it, however fast its kernels run. A Megatron-Core MoE layer
// does wait: its grouped expert GEMMs take the tokens per expert as a host list
// (megatron/core/transformer/moe/experts.py, `tokens_per_expert.tolist()`) and the alltoall dispatcher
// copies its split sizes to the host (token_dispatcher.py `_maybe_dtoh_and_synchronize`), so the host
// cannot run ahead of the GPU by more than a layer. docs/kernel-model.md, "The host's time of an eager MoE
// layer".

#include "design/design.h"
#include "pipeline/layerpattern.h"

#include <array>

namespace core {

// The host time a Megatron-Core MoE layer takes beyond a dense layer's, forward and backward, launched
// eagerly: 6.62 ms. Megatron-LM's own functional tests measure it (tests/functional_tests/test_cases,
// golden values of d98e8a64dd, 2026-08-22): gpt3_moe_mcore_te_ep8_resume_torch_dist_dist_optimizer (12 MoE
// layers, hidden 512, 8 experts, top-2, EP 8, the allgather dispatcher, grouped GEMM) against
// gpt/gpt3_mcore_te_tp1_pp1_resume_torch_dist_dist_optimizer, the same 12 dense layers with otherwise the
// same arguments, both one micro-batch of 4 × 1,024 tokens on 8 GPUs, whose kernels take microseconds:
// their median iteration times differ by 9.06, 6.31, 6.44 and 6.80 ms a layer on the two H100 and the two
// GB200 machines (A100: 10.31). The median of the four. It leaves out what the dense part of the layer
// (attention, norms) costs the host as well: a lower bound of the layer's host time.
inline constexpr double kEagerMoeLayerHostSeconds = 6.62e-3;

// Whether a design's MoE layers take the host's time above: a training design run by Megatron-Core
// without CUDA graphs (layout.h CudaGraphs::None). With graphs of the dense parts the experts' dispatch
// stays eager, but how much of the time above it keeps is not measured, so the model prices none there.
bool eagerMoeLayersWaitForHost(const Design& design);

// Raises a layer's passes, together, to the host's time when they take less: each pass grows in
// proportion to its time, and LayerPattern::hostSeconds records what the GPU waits for the host. A host
// time of 0 leaves the layer as it is.
void applyHostFloor(std::array<LayerPattern, kPassCount>& layer, double hostSeconds);

} // namespace core
