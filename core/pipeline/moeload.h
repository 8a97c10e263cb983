// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a MoE layer costs beyond its GEMMs: how unevenly the router loads the experts, and the token
// permutation around the expert computation, as Megatron-Core runs it (MoEAlltoAllTokenDispatcher in
// megatron/core/transformer/moe/token_dispatcher.py, permute / unpermute / sort_chunks_by_idxs in
// moe_utils.py; with --moe-permute-fusion the same traffic in Transformer Engine's fused moe_permute and
// moe_unpermute kernels).
//
// Load. The slowest expert rank sets the pace of every MoE layer: the others wait for it at the combine
// all-to-all. With a capacity factor c every expert takes at most ⌈c × tokens × top-k / experts⌉ tokens
// (Switch Transformer, Fedus et al. 2022 §2.2; GShard, Lepikhin et al. 2020 §2.2; Megatron-Core
// get_capacity and --moe-expert-capacity-factor): the busiest expert processes c × the mean, every expert
// on a rank does when Megatron pads to the capacity (--moe-pad-expert-input-to-capacity), and it is the
// bound otherwise, so the busiest rank runs c × the mean. Dropless routing (c = 0, Megatron's default)
// has no bound: a measured skew s = max / mean tokens per expert (workload.moeExpertLoadSkew) puts the
// busiest expert at s × the mean and the rest of its rank at the mean, so that rank runs
// 1 + (s − 1) / local experts × the mean; with both, the busiest expert runs min(s, c) × the mean. Without a
// measurement the router is taken as balanced (s = 1), the state its load-balancing loss (Switch §2.2) or
// DeepSeek-V3's bias-based balancing (technical report §2.1.2) drives it to: a designer who has measured
// the skew sets it. The expert GEMMs and the dispatch and combine all-to-alls of the busiest rank are
// priced at its tokens, and every rank's activation memory holds that many routed copies
// (memory/activations.h expertRankLoad).
//
// Permutation (bytes of one micro-batch on one rank; T tokens of h values of v bytes, k·c copies of each
// routed, A = T·k·c·h·v the routed copies, X = T·h·v the layer's tokens; c = 1 when dropless):
//   forward   permute: gather the copies into expert order (index_select), read A, write A      2A
//             unpermute: the copies weighted by their router probabilities and summed back into
//             token order (scatter_add), read A, write X                                          A + X
//   backward  unpermute's: gather the incoming gradient into expert order (read A, write A) and
//             the probabilities' gradient, which reads the saved expert outputs once more          3A
//             permute's: scatter the gradient copies back, read A, write X                        A + X
// With EP > 1 and more than one local expert the dispatcher also sorts the received chunks by local
// expert before the experts and back after them (sort_chunks_by_idxs), a read and a write of the busiest
// rank's copies each: 2·A·load more on each side, in both passes.

#include "design/design.h"

#include <array>
#include <string>

namespace core {

enum class MoeLoadBasis { Balanced, CapacityFactor, MeasuredSkew, SkewWithinCapacity };

struct MoeLoad
{
    double expert = 1; // tokens of the busiest expert over the mean
    double rank = 1; // tokens of the busiest EP rank over the mean
    double localExperts = 1;
    double capacityFactor = 0; // the design's, 0 = dropless
    double measuredSkew = 0; // the design's, 0 = none
    MoeLoadBasis basis = MoeLoadBasis::Balanced;
};

MoeLoad moeLoad(const Design& design);

// The permutation's HBM bytes on the busiest rank for one micro-batch of `tokens` tokens, forward and
// backward (input-gradient pass); weight-gradient pass none.
struct MoePermutationBytes
{
    double permuteForward = 0; // before the dispatch: permute (+ chunk sort)
    double unpermuteForward = 0; // after the combine: chunk unsort + unpermute
    double unpermuteBackward = 0; // its backward, first in the backward pass
    double permuteBackward = 0;
    double total() const { return permuteForward + unpermuteForward + unpermuteBackward + permuteBackward; }
};

MoePermutationBytes moePermutationBytes(const Design& design, double tokens, const MoeLoad& load);

// The bytes the memory model saves for the routed copies (activations.h: the permuted inputs and the
// expert outputs, 2 × A), which the permutation term prices instead of the elementwise passes.
double moeRoutedCopyBytes(const Design& design, double tokens);

// One line for explanations: "busiest EP rank 1.25 × the mean tokens (capacity factor 1.25)".
std::string describeMoeLoad(const MoeLoad& load);

} // namespace core
