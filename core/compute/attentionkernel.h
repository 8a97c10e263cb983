// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The two kernels of a layer that are not table GEMMs (docs/kernel-model.md):
//  - attention as one FlashAttention call: its FLOPs counted over the (query, key) pairs it computes —
//    for a causal mask the lower triangle, half of the full square plus the diagonal — at a published
//    per-GPU efficiency that grows with the sequence;
//  - elementwise work (norms, activations, rotary, dropout, casts, amax) bound by HBM bandwidth.

#include "base/enumnames.h"
#include "base/explanation.h"
#include "catalog/hardware.h"

#include <string_view>

namespace core {

struct AttentionShape
{
    double batch = 1; // sequences
    double heads = 0; // query heads on this GPU (grouped-query attention shares keys, not FLOPs)
    double headDim = 0;
    double queries = 0; // query positions per sequence
    double keys = 0; // key positions per sequence; the queries are its last `queries` positions
    bool causal = true;
    // Sliding window: a query attends to at most this many keys, itself and those just before it
    // (FlashAttention's window_size; the kernel skips the blocks outside it). 0: no window.
    double window = 0;
};

enum class AttentionPass { Forward, Backward };

// (query, key) pairs computed per sequence and head: queries × keys without a mask; with a causal mask
// query i sees keys up to its own position, so s_q·(s_k − s_q) + s_q·(s_q + 1)/2, about s²/2 when
// s_q = s_k = s. With a window w a query sees min(its position + 1, w) keys: up to s = w the same count,
// beyond it w·(w + 1)/2 + (s − w)·w for s_q = s_k = s, growing linearly (Mistral 7B, arXiv:2310.06825 §2:
// "O(sliding_window) instead of O(seq_len)" per token); without a mask min(s_k, w) per query.
double attentionPairs(const AttentionShape& shape);
// Forward: Q·Kᵀ and P·V, 2 FLOPs per multiply-add each: 4·batch·heads·headDim·pairs. Backward: 2.5 × the
// forward (five matrix products for two: S recomputed, dV, dP, dQ, dK), as FlashAttention counts it
// (Dao 2023, §4.1; benchmarks/benchmark_flash_attention.py in Dao-AILab/flash-attention).
double attentionFlops(const AttentionShape& shape, AttentionPass pass);

// A kernel's rate depends on the head dimension d (the mean of the query-key and value dimensions, as
// FlashAttention and cuDNN count FLOPs: DeepSeek's 192/128 is 160): at 64 the softmax's exponent, whose cost
// does not shrink with d, bounds FlashAttention-4 on B200 (arXiv 2603.05451, §3.1.1). Each published kernel
// carries its rate at the head dimensions its source measured, relative to 128; between them the factor is
// interpolated linearly in d, beyond them it is the nearest one's (docs/kernel-model.md, "Attention").
//
// Tokens at which a FlashAttention kernel reaches half its long-sequence throughput: the efficiency at key
// length s is η∞ · s / (s + 512). Chosen once from the published curves (docs/kernel-model.md): it
// matches FlashAttention-2 on A100 within 3 % from 512 to 16K tokens and FlashAttention-3 on H100
// within 10 %.
inline constexpr double kAttentionHalfTokens = 512;
// A GPU without a published kernel: the lower end of FlashAttention-2's 50–73 % of the A100 peak
// (Dao 2023, abstract).
inline constexpr double kAttentionFallbackEfficiency = 0.50;

// Which FlashAttention kernel a design runs (the workload's attentionKernel):
//  - best: the fastest one published for the GPU (FlashAttention-2 on A100, FlashAttention-3 on Hopper,
//    FlashAttention-4 on Blackwell), as Transformer Engine's cuDNN or flash-attn backends pick it;
//  - flash-attention-2: FlashAttention-2 on every GPU: PyTorch's scaled_dot_product_attention with its
//    flash backend first, as torchtitan ran it on Hopper until October 2025 (torchtitan
//    models/attention.py: cuDNN first on compute capability 10.0 only, pull request 1196; on every GPU from
//    pull request 1776), and the flash-attn 2 package.
enum class AttentionKernel { Best, FlashAttention2 };

template<> struct EnumNames<AttentionKernel>
{
    static constexpr std::array table{
        std::pair{AttentionKernel::Best, std::string_view{"best"}},
        std::pair{AttentionKernel::FlashAttention2, std::string_view{"flash-attention-2"}}};
};

struct AttentionTime
{
    double seconds = 0;
    double flops = 0;
    double efficiency = 0; // of the dense BF16 peak, at this sequence length
    double longSequenceEfficiency = 0; // η∞ at this head dimension
    // The kernel's published rate at this head dimension against its rate at 128 (1 at 128, or where the
    // kernel has no published curve), already in longSequenceEfficiency.
    double headDimFactor = 1;
    bool fallback = false; // no published kernel for this GPU
    std::string_view kernel; // "FlashAttention-3"
    std::string_view source;
    std::string_view headDimSource; // where headDimFactor comes from; empty at 128
};

// BF16 attention (Transformer Engine keeps attention in BF16 under its FP8 recipes unless FP8 attention
// is switched on).
AttentionTime attentionTime(const GpuSpec& gpu, const AttentionShape& shape, AttentionPass pass,
                            AttentionKernel kind = AttentionKernel::Best);
Explanation explainAttention(const AttentionTime& time, const GpuSpec& gpu, const AttentionShape& shape);

struct ElementwiseTime
{
    double seconds = 0;
    double bytes = 0;
    double bandwidth = 0; // bytes/s reached: hbmEfficiency(gpu) × the preset's HBM bandwidth
};

// Elementwise kernels read and write their tensors once each: bytes / (η_HBM · HBM bandwidth).
ElementwiseTime elementwiseTime(const GpuSpec& gpu, double bytes);
Explanation explainElementwise(const ElementwiseTime& time, const GpuSpec& gpu);

} // namespace core
