// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One transformer layer of one stage as a sequence in time: its compute, and its tensor-, context- and
// expert-parallel collectives placed where Megatron-LM runs them, exposed or hidden under the compute
// beside them (the model is described in stagetime.h). stageTimes() builds a dense and a MoE layer of
// every stage from their times and collective times; the timeline draws the bands.

#include "base/enumnames.h"
#include "comm/collective.h"
#include "comm/exposedcomm.h"
#include "design/layout.h"

#include <array>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

// What moves while a layer runs: the kinds of band on a rank's communication lane.
enum class CommKind { TensorParallel, ContextParallel, ExpertParallel, PipelineSend, DataParallel };

template<> struct EnumNames<CommKind>
{
    static constexpr std::array table{std::pair{CommKind::TensorParallel, std::string_view{"tp"}},
                                      std::pair{CommKind::ContextParallel, std::string_view{"cp"}},
                                      std::pair{CommKind::ExpertParallel, std::string_view{"ep"}},
                                      std::pair{CommKind::PipelineSend, std::string_view{"pp"}},
                                      std::pair{CommKind::DataParallel, std::string_view{"dp"}}};
};

struct CommBand
{
    CommKind kind = CommKind::TensorParallel;
    double start = 0; // seconds; relative to the layer in a LayerPattern, absolute from opCommBands()
    double end = 0;
    bool exposed = true; // false: runs while compute goes on (CP ring during the attention products)
    bool operator==(const CommBand&) const = default;
};

// Collective times of one layer on one stage's groups (seconds each).
struct LayerComm
{
    double tpAllReduce = 0; // one all-reduce of the [s/CP, b, h] activation
    double tpAllGather = 0; // with SP: one all-gather of it, in the activations' precision (a MoE block's)
    // A dense TP region's all-gathers: of its input (forward, recomputation, weight gradient) and of the
    // incoming gradient (backward), quantised under FP8 where the framework gathers so
    // (comm/groupcollective.h tpGatherBytesPerElement); else tpAllGather.
    double tpInputAllGather = 0;
    double tpGradientAllGather = 0;
    double tpReduceScatter = 0;
    double epAllToAll = 0; // one dispatch or combine
    double cpRingForward = 0; // CP − 1 KV blocks
    double cpRingBackward = 0; // 2(CP − 1) blocks
};

// One layer of one kind of operation: how long it takes on its rank (compute plus the exposed
// communication) and when its collectives run, relative to the layer's start.
struct LayerPattern
{
    double seconds = 0;
    double computeSeconds = 0;
    // The part of computeSeconds that GEMM kernels run (the linear layers, a MoE layer's router and
    // experts, unfused attention's QKᵀ and AV): what a profiler trace's GEMM kernels measure
    // (calibrate-compute, docs/trace-import.md).
    double gemmSeconds = 0;
    // Of computeSeconds, what the collectives hidden beside the compute added to it
    // (comm/overlapslowdown.h).
    double slowdownSeconds = 0;
    // What the GPU waits, beyond its compute and collectives, for the host to launch the layer's kernels
    // (hostlaunch.h: an eager MoE layer of Megatron-Core).
    double hostSeconds = 0;
    std::vector<CommBand> bands;
    // What the layer waits for beyond its compute, by collective kind (the CP ring counts as
    // point-to-point): seconds − computeSeconds − hostSeconds, split.
    ExposedCommunication exposed;
};

enum class Pass { Forward, InputGrad, WeightGrad };
inline constexpr int kPassCount = 3;

// The times of a layer's parts on its rank (seconds), as layerPatterns() arranges them: each GEMM in its
// three passes (Forward; InputGrad, its data gradient dX = dY·Wᵀ; WeightGrad, its weight gradient
// dW = Xᵀ·dY), from the kernel model (layerkernels.h).
struct LayerPartTimes
{
    // The GEMMs a TP region starts and ends with: QKV and the output projection; FC1 (gate and up) and
    // FC2. A MoE layer's FC1 holds the router and the first GEMMs of its experts (routed and shared), its
    // FC2 their second GEMMs.
    std::array<double, kPassCount> qkv{};
    std::array<double, kPassCount> outProjection{};
    std::array<double, kPassCount> fc1{};
    std::array<double, kPassCount> fc2{};
    double attentionForward = 0; // the attention products (FlashAttention, or QKᵀ and AV)
    double attentionBackward = 0;
    // Their part run by GEMM kernels: all of it on the unfused path (QKᵀ and AV), none with FlashAttention.
    double attentionGemmForward = 0;
    double attentionGemmBackward = 0;
    double elementwiseForward = 0; // norms, activations, dropout, casts: bound by HBM
    double elementwiseBackward = 0;
    double scoreElementwise = 0; // the forward's part on the attention scores (redone by selective recomputation)
    // A MoE layer's token permutation before the dispatch and unpermutation after the combine, bound by HBM
    // (moeload.h); per pass, in the forward's order (the backward runs the unpermutation's first).
    std::array<double, kPassCount> permute{};
    std::array<double, kPassCount> unpermute{};
    // The weight gradients added to the step's gradient buffer (weight-gradient pass), bound by HBM.
    double gradientAccumulation = 0;
    // Selective recomputation (layout.h RecomputeModule), before the input gradient: core_attn redoes the
    // attention products and score work above; the other modules' forward work is `selectiveRecompute`, of it
    // `selectiveRecomputeGemm` on GEMM kernels, and a recomputed MoE block sends its tokens to the experts
    // and back again (`moeBlockRecomputed`).
    bool coreAttentionRecomputed = true;
    double selectiveRecompute = 0;
    double selectiveRecomputeGemm = 0;
    bool moeBlockRecomputed = false;

    double mlp(std::size_t pass) const { return fc1[pass] + fc2[pass]; }
    double attentionProjections(std::size_t pass) const { return qkv[pass] + outProjection[pass]; }
};

// How a layer's TP collectives meet its GEMMs.
struct TpOverlap
{
    bool sp = false; // all-gather before, reduce-scatter after a TP region (else one all-reduce after)
    bool overlap = false; // --tp-comm-overlap: each runs under its neighbouring GEMM (stagetime.h)
    int chunks = 1; // TP: the ring exchange's chunks
    // The forward reduce-scatter after a TP region's last GEMM: TE's pipeline method in its default 4 chunks
    // (layerkernels.h kUserbufferPipelineSplits), PyTorch's fused matmul-reduce-scatter in TP.
    int forwardReduceScatterChunks = 1;
    // With SP, whether the weight-gradient pass all-gathers the linear layers' inputs again (Megatron-Core;
    // FrameworkProfile::tpSavesGatheredInput: not where autograd kept the gathered input, unless op-level
    // checkpointing discarded it).
    bool weightGradientGather = true;
    // Megatron-Core --overlap-moe-expert-parallel-comm: the dispatch and combine all-to-alls run on their
    // own stream under the dense computation (norms, attention and its projections) of the same layer and
    // pass, and only what outlasts it is waited for.
    bool epOverlap = false;
};

// The layer's pattern in each pass (Forward; InputGrad, with the recomputed forward first; WeightGrad),
// from the times of its parts and of its collectives. A MoE layer runs its experts between a dispatch
// and a combine all-to-all, both exposed unless tp.epOverlap. With full recomputation `recomputedShare` of
// the stage's layers of this kind redo their forward (ParallelLayout::recomputedLayers): the pattern is
// their mean layer's, its input gradient opening with that share of the forward, as a sliding window's
// mean layer mixes its attention kernels (stagetime.cpp meanLayerParts).
std::array<LayerPattern, kPassCount> layerPatterns(const LayerPartTimes& times, const LayerComm& comm,
                                                   TpOverlap tp, bool moe, Recompute recompute,
                                                   double recomputedShare);

} // namespace core
