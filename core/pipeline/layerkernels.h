// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The kernels of one transformer layer (and of the output head) on one GPU for one micro-batch, each timed
// by the kernel model (core/compute/, docs/kernel-model.md), and their sum as the LayerPartTimes that
// layerPatterns() arranges with the layer's collectives.
//
// T = s/CP · b tokens on the GPU (with SP the GEMMs run on the gathered T). As Megatron-LM splits them:
//   QKV          column-parallel: (T × h) · (h × (q + 2·kv)·d/TP)
//   projection   row-parallel:    (T × heads·d_v/TP) · (heads·d_v/TP × h)
//   FC1, FC2     (T × h) · (h × ffn/TP), ×2 columns when gated (gate and up); (T × ffn/TP) · (ffn/TP × h)
//   router       (T × h) · (h × experts), not split
//   experts      a grouped GEMM over the E/EP local experts, each with T·topK/(E/EP) tokens (what an even
//                router sends it from the EP group) times the busiest rank's load (moeload.h: capacity
//                factor or measured skew), widths ffn_e / expert TP
//   shared       the shared experts as one MLP of sharedExperts·ffn_s, split by TP
//   output head  (T × h) · (h × vocab/TP), BF16 (Megatron's output layer is not a TE module)
// Backward: each GEMM Y = X·W as its data gradient dX = dY·Wᵀ (m × k over n) and its weight gradient
// dW = Xᵀ·dY (k × n over m), each with its own shape. Attention: one FlashAttention call forward and one
// backward with causal FLOPs (attentionkernel.h); without FlashAttention the two batched GEMMs QKᵀ and AV
// over the whole s × s square (Megatron's unfused path masks after computing) and their gradients.
// Elementwise work (norms, activations, dropout, residuals, softmax on unfused scores) is HBM traffic:
// `elementwisePasses` × the bytes the layer saves for backward (the memory model's activations),
// backward twice that. Under FP8 (Transformer Engine on Hopper, MXFP8 on Blackwell) the linear layers'
// GEMMs run on the FP8 rows (built-in rows × kTrainingFp8TableRatio, below) and every FP8 GEMM input is
// cast, with its transpose, in one pass: read BF16, write FP8 twice (4 bytes per element; the design's FP8
// recipe adds current scaling's amax pass or the block scales, fp8CastBytesPerElement; torchao casts
// block-scaled copies in two passes, and its weights in every micro-batch, fp8WeightCastBytes). The
// weight-gradient pass adds the micro-batch's weight gradients to the step's gradient buffer (read and
// written once: 2 × its bytes per weight, FP32 main_grad on Megatron-LM), which the measured GEMM tables do
// not count. A MoE layer's token permutation and unpermutation are HBM passes of their own (moeload.h), and
// the routed copies they move leave the elementwise passes.

#include "catalog/hardware.h"
#include "compute/attentionkernel.h"
#include "compute/gemmmodel.h"
#include "design/design.h"
#include "framework/frameworkprofile.h"
#include "pipeline/layerpattern.h"
#include "pipeline/moeload.h"

#include <string_view>
#include <vector>

namespace core {

// Transformer Engine's userbuffers overlap (Megatron-LM --tp-comm-overlap) as Megatron-LM runs it without
// --tp-comm-overlap-cfg: TE's default methods and settings (transformer_engine/pytorch/module/base.py,
// initialize_ub: `methods` and get_default_config; comm_gemm_overlap.cpp runs them).
//   ring exchange  qkv and fc1 forward, projection and fc2 data gradient: the GEMM as TP chunks, each
//                  started as its slice arrives from the ring; the exchange runs on the copy engines
//                  (use_ce), so the GEMM keeps every SM.
//   pipeline       projection and fc2 forward: 4 chunks (num_splits), each chunk's reduce-scatter under the
//                  next; the reduce-scatter kernels take 16 SMs and the GEMM runs on the rest (num_sm 16,
//                  set_sm_margin).
//   bulk           qkv and fc1 data and weight gradients: the GEMM whole, beside a collective on 16 SMs it
//                  leaves them to (num_sm 16, set_sm_margin).
// The chunk GEMMs go round-robin onto NVTE_COMM_OVERLAP_MAX_STREAMS = 3 compute streams.
// PyTorch's asynchronous TP (framework/frameworkprofile.h TpOverlapRuntime::SymmetricMemory;
// torch/distributed/_symmetric_memory/__init__.py) fuses each collective with the matmul beside it:
//   fused all-gather-matmul   qkv and fc1 forward, projection and fc2 data gradient: the matmul as TP chunks,
//                             each after a copy-engine pull of its shard (_pipelined_all_gather_and_consume);
//   fused matmul-reduce-scatter
//                             projection and fc2 forward, qkv and fc1 data gradient: TP chunks, each pulled
//                             by its destination, then one kernel sums the TP partial products
//                             (_pipelined_produce_and_all2all, reduce_partials): it reads TP × the shard and
//                             writes the shard (LayerKernels::tpReduceBytes).
// Copies run on the copy engines, so the matmuls keep every SM; the chunks alternate between two streams
// ("computation/computation overlapping"). The weight gradients need no collective: the gathered input was
// kept (FrameworkProfile::tpSavesGatheredInput).
enum class TpOverlapMethod {
    None,
    RingExchange,
    Pipeline,
    Bulk,
    FusedAllGatherMatmul,
    FusedMatmulReduceScatter
};
inline constexpr int kUserbufferStreams = 3;
inline constexpr int kSymmetricMemoryStreams = 2;

inline constexpr int kUserbufferPipelineSplits = 4;
inline constexpr int kUserbufferCommSms = 16;

// The compute streams a method's chunks share.
constexpr int overlapStreams(TpOverlapMethod method)
{
    return method == TpOverlapMethod::FusedAllGatherMatmul
            || method == TpOverlapMethod::FusedMatmulReduceScatter
        ? kSymmetricMemoryStreams
        : kUserbufferStreams;
}

// How many chunks a pass under `method` runs in: TP for a ring exchange and PyTorch's fused ops, TE's 4 for
// its pipelined reduce-scatter, 1 (the GEMM whole) otherwise.
constexpr int overlapChunks(TpOverlapMethod method, int tp)
{
    switch (method) {
    case TpOverlapMethod::RingExchange:
    case TpOverlapMethod::FusedAllGatherMatmul:
    case TpOverlapMethod::FusedMatmulReduceScatter:
        return tp;
    case TpOverlapMethod::Pipeline:
        return kUserbufferPipelineSplits;
    default:
        return 1;
    }
}

// The methods a TP region's first GEMM (qkv, fc1) and last GEMM (projection, fc2) run their passes with
// (forward, data gradient, weight gradient) under the design's framework (FrameworkProfile::tpOverlap).
struct TpRegionMethods
{
    std::array<TpOverlapMethod, kPassCount> first{};
    std::array<TpOverlapMethod, kPassCount> last{};
};
TpRegionMethods tpRegionMethods(const Design& design);

// One GEMM of the layer in its three passes.
struct LayerGemm
{
    std::string_view name; // "qkv", "projection", "fc1", "fc2", "router", "experts-fc1", … (stable ids)
    GemmDtype dtype = GemmDtype::Bf16;
    std::array<GemmShape, kPassCount> shapes; // forward, data gradient, weight gradient
    std::array<GemmTime, kPassCount> times;
    // How a pass runs under TP overlap, in how many chunks, and on what share of the GPU's SMs (the rest
    // run the collective). A pass of C chunks on S streams (C > S) is timed as C/S GEMMs of S·m/C rows, the
    // shape its table rows are for, divided by the SM share. None, 1 and 1: the whole GEMM on the whole GPU.
    std::array<TpOverlapMethod, kPassCount> overlapMethod{};
    std::array<int, kPassCount> splitChunks{1, 1, 1};
    std::array<double, kPassCount> smShare{1, 1, 1};
    bool weightGradient = true; // false for the attention products (no weights)
    // An FP8 GEMM on a built-in table: every pass × kTrainingFp8TableRatio; 1 otherwise (BF16, the
    // roofline, a user's own table).
    double tableFp8Factor = 1;
    // Block-scaled FP8 (MXFP8) on the per-tensor FP8 tables: every pass × kMxfp8KernelRatio; 1 otherwise.
    double recipeFactor = 1;
    // A training step's GEMM against the benchmark's (trainingGemmFactor): every pass × it.
    double trainingFactor = 1;
};

// The built-in FP8 rows (B200's, XLA's measurement) against the GEMMs training runs call. Transformer
// Engine's GEMM profiling guide (docs/examples/gemm_profiling, benchmarks/gemm/benchmark_gemm.py
// --pre-quantize, CUDA events over 100 iterations) times the twelve GEMMs of a training layer (hidden
// 4,096, MLP 16,384, 15,872 tokens; forward, data and weight gradient) on B300, Blackwell's successor on the
// same tensor cores and the same dense peaks: BF16 13.102 ms, per-tensor FP8 6.812 ms, a speedup of 1.923.
// The built-in B200 rows give the same twelve shapes 12.513 and 5.892 ms, a speedup of 2.124
// (tst_kernelmodel recomputes both sums from the table). The BF16 rows agree with TE's within 5 %; the FP8
// rows run 10 % faster than TE's kernels, relative to BF16, than TE's own measurement allows. An FP8 GEMM on
// a built-in table therefore takes its rows × the ratio of the two speedups: it keeps TE's measured speedup
// over the BF16 rows at training shapes and the table's dependence on shape. A roofline (H100 FP8: its
// speedup at these shapes, 1.83, is TE's 1.90 on H200 within 4 %) and a user's own table (measured on the
// user's cluster, with the user's kernels) are taken as they are.
inline constexpr double kTableFp8Speedup = 12.513 / 5.892;
inline constexpr double kTrainingFp8Speedup = 13.102 / 6.812;
inline constexpr double kTrainingFp8TableRatio = kTableFp8Speedup / kTrainingFp8Speedup;

// A training step runs a GEMM at a share κ of the rate the same GEMM reaches timed alone. The tables (XLA's
// CUPTI medians) and every other figure the kernel model takes from a GEMM benchmark time the kernel by
// itself, repeated on an otherwise idle GPU; in a step the GEMMs run between memory-bound kernels and beside
// communication kernels, under the power limit the whole step draws. κ is chosen once, on the one GPU whose
// GEMM rate the calibration runs fix (the fourteen Selene runs of the README's table): A100 takes the
// roofline, η = kGemmRooflineEfficiency of its 312 TFLOP/s, 234, which holds those runs within 9 %; the
// same A100 reaches 271.2 timed alone (stas00/ml-engineering, compute/accelerator/README.md, "Maximum
// Achievable Matmul FLOPS": the best of a search of shapes, a mean of 100 iterations after 50 warm-up, torch
// 2.6). κ = 234 / 271.2 = 0.863 (docs/kernel-model.md, "A training step's GEMMs against a benchmark's").
inline constexpr double kA100BenchmarkGemmFlops = 271.2e12;
// 312e12: the A100 presets' BF16 peak (gpus.json; tst_trainingfp8 keeps the two equal).
inline constexpr double kTrainingGemmShare = kGemmRooflineEfficiency * 312e12 / kA100BenchmarkGemmFlops;

// What a training layer's GEMM takes beyond the time `t` the kernel model gave it for the GPU's benchmark
// rate: 1 / kTrainingGemmShare on a built-in table (its own GPU's or its die's) and on the roofline of a GPU
// with a built-in table (H100's FP8, whose roofline stands for the kernels DeepGEMM's benchmark times); 1 on
// the roofline of a GPU nothing measured (A100, V100: there η is the rate the calibration runs hold, κ's
// source) and on a user's own table, taken as the user's training GEMMs.
double trainingGemmFactor(const GemmTime& t, const GpuSpec& gpu, const GemmModel& gemms);

// What a training layer's GEMM of `dtype` takes beyond the time `t` the kernel model gave it:
// kTrainingFp8TableRatio on a built-in table's FP8 rows, 1 otherwise (BF16, the roofline, a user's own table,
// FP8 timed as BF16 on a GPU without FP8 tensor cores).
double trainingFp8Factor(const GemmTime& t, GemmDtype dtype, const GemmModel& gemms);

// cuBLAS's MXFP8 GEMMs against its per-tensor FP8 ones on the twelve GEMMs of a training layer (hidden
// 4,096, MLP 16,384, 15,872 tokens; forward, data and weight gradient), both pre-quantized: 7.161 against
// 6.812 ms per layer (Transformer Engine's GEMM profiling guide, docs/examples/gemm_profiling, measured on
// B300 with TE's benchmarks/gemm/benchmark_gemm.py --pre-quantize). The measured tables hold per-tensor FP8
// only; an MXFP8 GEMM takes their time × this ratio. (A single batched shape, 128 × 512 × 512 × 4,096,
// ran within 1 % on B200: flashinfer-ai/flashinfer pull request 2256; training shapes are not that one.)
inline constexpr double kMxfp8KernelRatio = 7.161 / 6.812;

// The shape a pass's time was taken at: the pass's own, or under TP overlap the chunks in flight.
GemmShape timedShape(const LayerGemm& gemm, std::size_t pass);

struct LayerKernels
{
    std::vector<LayerGemm> gemms;
    bool flashAttention = true;
    AttentionShape attention; // FlashAttention's shape
    AttentionTime attentionForward;
    AttentionTime attentionBackward;
    // A sliding-window layer's FlashAttention (catalog/model.h SlidingWindow), forward and backward seconds
    // with the time scale: parts.attention* hold a full-attention layer's, and a stage mixes the two by its
    // layers. Megatron's unfused path computes the whole square and masks it, so there both are the same.
    double windowedAttentionForward = 0;
    double windowedAttentionBackward = 0;
    double elementwiseBytes = 0; // forward, without the FP8 casts (eager kernels' bytes included)
    double eagerBytes = 0; // of those, what eager kernels move beyond fused ones (eagerElementwiseBytes)
    double eagerBytesBackward = 0; // what their autograd kernels move beyond the fused backward's
    double scoreBytes = 0; // its part on unfused attention scores
    double castBytes = 0; // FP8 casts, forward (the backward casts its incoming gradients: castBytesBackward)
    double castBytesBackward = 0;
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed; // how the casts find their scales
    double castBytesPerElement = 0; // fp8CastBytesPerElement(design)
    double weightCastBytes = 0; // of castBytes and castBytesBackward, the weights' (fp8WeightCastBytes)
    std::string_view castSource; // the framework's fp8CastSource where torchao casts
    // PyTorch's asynchronous TP: what its fused matmul-reduce-scatters' sums of partial products move in
    // each pass (forward and data gradient; the weight gradient has none).
    std::array<double, kPassCount> tpReduceBytes{};
    // Per micro-batch: the gradient buffer read and written (weight-gradient pass).
    double accumulatedGradientBytes = 0;
    // MoE layers: the busiest rank's load and the permutation's bytes (moeload.h).
    MoeLoad load;
    MoePermutationBytes permutation;
    double timeScale = 1; // the design's compute model relative to the kernel model (1: as measured)
    // The forward FLOPs selective recomputation's modules other than core_attn redo (their GEMMs).
    double selectiveRecomputeFlops = 0;
    LayerPartTimes parts;

    // What the GEMMs achieve over all three passes, FLOP/s.
    double gemmFlopsPerSecond() const;
};

// The kernels of layer `layer` of the design on `gpu`. `timeScale` multiplies GEMM and attention times
// (the compute model's 0.70 / η_max for this GPU type); `elementwisePasses` < 0: the design's own.
LayerKernels layerKernels(const Design& design, int layer, const GpuSpec& gpu, const GemmModel& gemms,
                          double timeScale, double elementwisePasses = -1);
// The output head of the last stage: its GEMM in three passes.
LayerGemm outputHeadGemm(const Design& design, const GpuSpec& gpu, const GemmModel& gemms, double timeScale);
// A multi-token prediction depth's projection of the normed hidden state and next-token embedding,
// column-parallel: (T × 2h) · (2h × h/TP), at the linear layers' data type (Megatron-Core runs it in the FP8
// context, multi_token_prediction.py).
LayerGemm mtpProjectionGemm(const Design& design, const GpuSpec& gpu, const GemmModel& gemms,
                            double timeScale);

// The loss over the head's logits, one micro-batch on the last stage, bound by HBM: Megatron-LM's
// VocabParallelCrossEntropy (core/tensor_parallel/cross_entropy.py) on the tokens × vocab/TP logits.
// Forward 38 bytes a logit: the BF16 logits read and written as FP32 (6), their row maximum read (4), the
// maximum subtracted (8), exponentiated in place (8), summed (4) and divided by the sum into the softmax it
// saves (8). Backward 14: the softmax scaled by the incoming gradient in place (8) and cast to BF16 for the
// head's data and weight gradients (6). PyTorch's cross_entropy on FP32 logits (log_softmax, nll) moves
// about as much. `fused` (the fusedCrossEntropy switch, Megatron-LM --cross-entropy-loss-fusion
// --cross-entropy-fusion-impl te): Transformer Engine's Triton kernels on the BF16 logits
// (transformer_engine/pytorch/triton/cross_entropy.py): forward 2 bytes, online_softmax_kernel reading them
// for each row's maximum and sum (cross_entropy_forward_kernel reads only those); backward 4,
// cross_entropy_backward_kernel reading them again and writing the gradient in their place.
struct CrossEntropyBytes
{
    double logits = 0; // tokens × vocab/TP
    double forwardPerLogit = 0;
    double backwardPerLogit = 0;
    double forward() const { return logits * forwardPerLogit; }
    double backward() const { return logits * backwardPerLogit; }
};
// A compiled PyTorch loss (LossKernel::Compiled) is counted as Transformer Engine's: Inductor fuses the cast,
// log_softmax and nll_loss into reductions over the BF16 logits and writes their BF16 gradient, the bytes the
// memory counts for it (an assumption from what it fuses, not a measurement).
CrossEntropyBytes crossEntropyBytes(const LayerGemm& head, LossKernel kind);

// The embedding's lookup on the first stage (Megatron-Core's VocabParallelEmbedding, F.embedding over the
// rank's vocabulary shard), per micro-batch, in BF16. Forward: each token's row read and its activation
// written, 2 × tokens × hidden × 2 bytes. Backward (PyTorch's embedding_dense_backward): a dense gradient of
// the shard zero-filled (vocab/TP × hidden × 2) and each token's gradient added into its row (read the
// gradient, read and write the row: 3 × tokens × hidden × 2). The head's GEMM has the same shape (m the
// tokens, k the hidden size, n the vocabulary shard), so the head stands for it.
struct EmbeddingBytes
{
    double forward = 0;
    double backward = 0;
};
EmbeddingBytes embeddingBytes(const LayerGemm& head);

// HBM bytes one micro-batch moves to add the weight gradients of `gemms` to the step's gradient buffer:
// the buffer read and written, 2 × the framework's gradient bytes per weight (memory.h frameworkStateBytes:
// FP32 main_grad on Megatron-LM).
double gradientAccumulationBytes(const Design& design, const std::vector<LayerGemm>& gemms);

// HBM bytes one layer moves on a rank beyond Megatron's fused kernels when its elementwise steps run as eager
// PyTorch, one kernel each (FrameworkProfile::eagerElementwise: torchtitan's and Hugging Face's Llama).
// Counted from their code, per token, against the fused kernel each replaces. Forward:
//  - RMSNorm through FP32, x.float(), pow, mean, × rsqrt, type_as, × weight: 36 bytes an element where a
//    fused norm reads 2 and writes 2, +32 × hidden for each of the two (a LayerNorm is one native kernel: 0);
//  - rotary embeddings through FP32 complex numbers, float(), × freqs, type_as: 20 bytes an element of q
//    and k where a fused kernel moves 4, +16 × (q + k) widths (learned positions, MLA: 0);
//  - the attention output transposed and made contiguous, a copy Megatron's layout has no need of: +4 × q;
//  - a gated MLP's silu and product apart, 10 bytes an element of the MLP's width where a fused SwiGLU
//    moves 6: +4 × width (the routed experts' on their routed tokens).
// Backward, each op's gradient formula as autograd runs it, one kernel each (PyTorch's
// tools/autograd/derivatives.yaml: mul, pow_backward, mean_backward, _to_copy, silu_backward; the engine adds
// the two gradients of a tensor used twice), against the fused backward's 1.5 × its forward (6 for 4):
//  - RMSNorm: × weight's input gradient (4) and the weight's, product and sum over the tokens (8); type_as's
//    cast back to FP32 (6); × rsqrt's input gradient (8) and rsqrt's, product and sum (16); mean's expansion
//    (4); pow's self.pow(1), × 2 and × gradient (28); the two FP32 gradients added (12); the cast back to
//    BF16 (6): 92 for 6, +86 × hidden for each;
//  - rotary: the two casts (6 each) and × conj(freqs) (8): 20 for 6, +14 × (q + k);
//  - the copy: its gradient passes through, and FlashAttention takes the transposed gradient as it is (its
//    last dimension contiguous): 0;
//  - SwiGLU: the product's two gradients (6 each) and silu's (6): 18 for 9, +9 × width.
// Norms on the rank's sequence shard under sequence parallelism, widths divided by TP (expert TP).
struct EagerBytes
{
    double forward = 0;
    double backward = 0;
};
EagerBytes eagerElementwiseBytes(const Design& design, int layer);

// The GEMM operand type of a design's linear layers: FP8 E4M3 under `precision: fp8`, else BF16.
GemmDtype linearDtype(const Design& design);
// HBM bytes per element of an FP8 GEMM input's cast under `recipe`: read BF16, write the two FP8 copies
// (4), current scaling's amax pass reading it once more (+2), block scales (+1/16 for MXFP8's per 32,
// +1/16 for blockwise's FP32 per 128). Where torchao casts a block-scaled input's two copies apart
// (FrameworkProfile::fp8Casts), each cast reads the BF16 tensor: +2.
double fp8CastBytesPerElement(Fp8Recipe recipe, Fp8Casts casts);
double fp8CastBytesPerElement(const Design& design);
// HBM bytes per weight element its FP8 casts move in each micro-batch, forward and backward: none where
// Transformer Engine casts (Megatron-Core keeps the FP8 weights between micro-batches, or as the parameters:
// cast once a step, not timed); torchao casts the gathered BF16 weight in every forward and backward GEMM
// (3 bytes and the scales each, 2 more for a per-tensor amax), or, where it gathers FP8 weights
// (gathersFp8Weights), the FP32 shard before each gather (9 bytes ÷ the shard group).
struct Fp8WeightCast
{
    double forward = 0;
    double backward = 0;
};
Fp8WeightCast fp8WeightCastBytes(const Design& design);

// Forward attention FLOPs of one layer on one GPU for one micro-batch of b sequences of s tokens: the
// products Q·Kᵀ and P·V over the (query, key) pairs computed, 2 FLOPs per multiply-add. Causal: the lower
// triangle with its diagonal, s(s + 1)/2 pairs per sequence and head; else the whole s². One function, so
// that attention variants extend it in one place: a sliding-window layer (window > 0) computes the pairs of
// attentionPairs (compute/attentionkernel.h), equal up to s = window and linear in s beyond it.
double attentionForwardFlops(const ModelArchitecture& model, double sequence, double microBatch, int tp,
                             int cp, bool causal, double window = 0);
// The forward attention FLOPs of layers [first, first + count) together: the sliding ones windowed.
double layersAttentionForwardFlops(const ModelArchitecture& model, int first, int count, double sequence,
                                   double microBatch, int tp, int cp, bool causal);

} // namespace core
