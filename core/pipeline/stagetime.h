// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A first model of how long each pipeline stage computes for one micro-batch, how much of a layer's
// tensor-, context- and expert-parallel communication stays on its critical path, and how long a
// micro-batch's activations take to reach the next stage. It turns a design into the durations of a
// ScheduleSpec, so that the pipeline timeline of the design runs in seconds; every number is kept
// explainable (StageTimes::terms, each kernel's with its table rows or fallback).
//
// Compute: the sum of a layer's real kernels on the slowest GPU type of each pipeline rank, priced once per
// design and GPU type by the kernel model (layerkernels.h, docs/kernel-model.md): its GEMMs forward and as
// data- and weight-gradient GEMMs with their own shapes, FlashAttention with causal FLOPs (or the unfused
// QKᵀ and AV), elementwise work over HBM, and each micro-batch's weight gradients added to the step's
// gradient buffer (read and written once, HBM-bound). Recomputation adds to the backward its forward: the
// whole layer (full) or the attention products (selective; Korthikanti et al. 2022 §5). Embedding lookups
// take no time; the output head runs on the last stage. Model FLOPs (for MFU) count 2 per multiply-add,
// attention causal (Narayanan et al., SC'21, appendix; Megatron-LM training.py
// num_floating_point_operations):
//   linear    2·s·b·(attention projections + MLP or shared experts + top-k routed experts + router)
//             parameters — every weight multiplies every token once;
//   attention 2·b·heads·(d_qk + d_v)·s(s + 1)/2 / CP for QKᵀ and AV over the causal triangle.
//
// Communication inside a layer uses core/collectivecost (α–β, ring) on the links the group's ranks
// really share (grouplinks.h: the slowest intra-node link inside a node, the fabric between nodes); the
// layer's order of compute and collectives is layerpattern.h's. Values travel in BF16 (FP32
// when training in FP32, groupcollective.h activationBytesPerElement), but for a dense layer's TP
// all-gathers under FP8 where the framework gathers the quantised copies (tpGatherBytesPerElement):
//   TP  forward 2 all-reduces of [s/CP, b, h] (with SP 2 all-gathers + 2 reduce-scatters), backward the
//       same, and with SP Megatron's 2 extra all-gathers for the weight gradient (Megatron-LM
//       LinearWithGradAccumulationAndAsyncCommunication keeps the gathered input unsaved);
//       exposed, as Megatron-LM runs them by default. With layout.tpCommOverlap (Megatron-LM
//       --tp-comm-overlap, TransformerEngine userbuffers, SP only) each all-gather and reduce-scatter of a
//       dense layer runs under the GEMM next to it, cut into TP chunks (TE comm_gemm_overlap: the
//       split-pipelined all-gather feeds the QKV and FC1 GEMMs, the split-pipelined reduce-scatter drains
//       the projection and FC2 GEMMs; backward overlaps dgrad and wgrad in bulk). One chunk's transfer
//       stays visible, and whatever the collective needs beyond its GEMM: with c the collective, g the GEMM
//       and k = TP chunks, visible = max(c/k, c − g·(k−1)/k). A MoE block's collectives stay exposed (its
//       grouped expert GEMMs do not take part in TE's overlap).
//   EP  2 all-to-alls per MoE layer forward (dispatch, combine), 2 backward, of s/CP·b·top-k·h values;
//       exposed.
//   CP  ring attention: CP − 1 KV blocks forward, 2(CP − 1) blocks backward, overlapped with the
//       attention products (TransformerEngine); only what outlasts them is exposed.
// Recomputing a layer repeats its forward communication.
//
// Activation offloading (Megatron-Core cpu_offloading, Transformer Engine cpu_offload.py): an offloaded
// layer's saved activations leave for host memory on a side stream while the next layer computes, and
// come back while the layer after it runs its backward; only what a copy takes beyond that layer's pass is
// visible: max(0, A / host copy bandwidth − the layer's forward), and the same against its backward.
//
// Pipeline: the activation (forward) or gradient (backward) of [s/CP (/TP with SP), b, h] values
// crosses from stage s to s + 1 in latency + bytes / bandwidth, on the link the two
// ranks share; the slowest of all pipeline groups counts.

#include "catalog/catalog.h"
#include "comm/collectivecost.h"
#include "comm/exposedcomm.h"
#include "comm/grouplinks.h"
#include "compute/gemmmodel.h"
#include "design/design.h"
#include "design/placedlayout.h"
#include "performance/computemodel.h"
#include "pipeline/layerpattern.h"
#include "pipeline/pipelineschedule.h"

#include <array>
#include <string>
#include <vector>

namespace core {

struct StageTimeOptions
{
    ComputeModel compute;
    // The GEMM tables to price kernels with; null: the placed layout's (built-in plus the design's own).
    const GemmModel* gemms = nullptr;
};

// One global stage (one model chunk of one pipeline rank) for one micro-batch.
struct StageWork
{
    int stage = 0;
    int rank = 0; // pipeline rank that runs it
    int firstLayer = 0;
    int layers = 0;
    int moeLayers = 0;
    bool embedding = false; // the first stage
    bool outputHead = false; // the last stage: output head and loss
    double forwardFlops = 0; // per GPU, transformer layers and head
    // Of the layers' forward, the FLOPs selective recomputation's modules other than core_attn redo
    // (layerkernels.h LayerKernels::selectiveRecomputeFlops): hardware FLOPs, not model FLOPs.
    double selectiveRecomputeFlops = 0;
    // Per pass (Forward, InputGrad with recomputation, WeightGrad): the dense and the MoE layer, and
    // the output head's share (0 except on the last stage).
    std::array<LayerPattern, kPassCount> denseLayer;
    std::array<LayerPattern, kPassCount> moeLayer;
    std::array<double, kPassCount> headSeconds{};
    // The embedding's lookup on the first stage (layerkernels.h embeddingBytes): forward, and its weight
    // gradient with the gradient's accumulation into the step's buffer (0 elsewhere).
    std::array<double, kPassCount> embeddingSeconds{};
    // Of those, the output head's GEMM (without its gradient accumulation).
    std::array<double, kPassCount> headGemmSeconds{};
    // Multi-token prediction depths on the last stage of a training design (ModelArchitecture::mtpLayers),
    // per pass: each depth's layer (of the last layer's kind, recomputed in full under full recomputation),
    // its projection, and the output head and loss once more. mtpForwardFlops: their layers' and
    // projections' forward FLOPs (the head's are in forwardFlops with the rest).
    int mtpLayers = 0;
    std::array<double, kPassCount> mtpSeconds{};
    std::array<LayerPattern, kPassCount> mtpLayer; // a depth's layer with its collectives (its bands)
    double mtpForwardFlops = 0;
    // Activation offloading (layout.activationOffloadLayers): the stage's offloaded layers' copies to host
    // memory (forward) and back (input gradient) that the neighbouring layers' compute does not hide.
    int offloadedLayers = 0;
    std::array<double, kPassCount> offloadSeconds{};
    // Totals of the stage: layers × their pattern + embedding + head + multi-token prediction + the visible
    // offload copies.
    std::array<double, kPassCount> seconds{};
    // The collective times of one of its layers, on the stage's groups.
    LayerComm comm;
    // What a streaming copy reaches on the rank's GPU, bytes/s (η_HBM × HBM bandwidth, compute/
    // attentionkernel.h elementwiseTime): FSDP2's copies in and out of its collective buffers.
    double copyBandwidth = 0;

    double passSeconds(Pass pass) const { return seconds[static_cast<std::size_t>(pass)]; }
};

// A term of the model with its value, for tooltips and reports: `id` is stable (views translate it),
// `formula` and `source` say where the number comes from.
struct ModelTerm
{
    std::string id;
    double value = 0;
    std::string unit; // "FLOP", "s", "B", "FLOP/s", ""
    std::string formula;
    std::string source;
};

struct StageTimes
{
    double gpuPeakFlops = 0; // the slowest GPU that runs a stage
    double gpuMemoryBandwidth = 0; // its HBM bandwidth
    double computeEfficiency = 0; // what the GEMMs of a layer achieve, of the BF16 peak
    ComputeModel compute;
    // Where the kernel times come from: the table (and its rows) or fallback of each kind of kernel.
    std::string kernelSource;
    // The same for the GEMMs in a few words (kernelterms.h gemmOrigin): "measured kernel tables", …
    std::string gemmOrigin;
    std::vector<StageWork> stages; // p × v, in model order
    // Entry s: seconds for one micro-batch's activation (or gradient) from stage s to s + 1; 0 where
    // both stages are on one rank. p × v − 1 entries.
    std::vector<double> boundarySeconds;
    double boundaryBytes = 0;
    std::vector<ModelTerm> terms;
    // The design's schedule with these durations, ready for simulateSchedule(): whole-stage means in
    // forward / backward (input gradient) / weightGrad, per-stage factors in stageScale (each stage's
    // F + I + W over the mean; the uneven first and last stages), and boundaryTransfer.
    ScheduleSpec spec;
};

// The stages' durations from the placed layout alone: its ranks' GPUs, its groups' links (the presets of
// `placed`) and its micro-batches per step as the schedule's m. Precondition: the design has no errors
// (the mesh exists, every rank is placed, the layer split and the model are valid).
StageTimes stageTimes(const Design& design, const PlacedLayout& placed, const StageTimeOptions& options = {});

// Layers of each global stage: the explicit split, or L / (p × v) each (the first L mod S stages take
// one more when it does not divide, which validate() reports).
std::vector<int> layersOfStages(const ModelArchitecture& model, const ParallelLayout& layout);

// Forward FLOPs of one transformer layer on one GPU for one micro-batch (see the file comment).
struct LayerFlops
{
    double linear = 0;
    double attention = 0;
    double total() const { return linear + attention; }
};
// How a rank's tokens meet the experts: expert TP, and the shares of its tokens its router and its experts
// see (ParallelLayout::routerTokenShare, routedTokenShare).
struct ExpertSplit
{
    int expertTp = 1;
    double routerShare = 1;
    double routedShare = 1;
};
ExpertSplit expertSplit(const ParallelLayout& layout);
// Attention is counted causal (the lower triangle with its diagonal) unless `causal` is false, and over the
// window on a sliding-window layer (ModelArchitecture::attentionWindow).
LayerFlops layerForwardFlops(const ModelArchitecture& model, int layer, std::int64_t sequence,
                             std::int64_t microBatch, int tp, int cp, const ExpertSplit& experts,
                             bool causal = true);

// The exact duration of an op of the stage (ForwardBackward: both halves), from its patterns.
double stageOpSeconds(const StageWork& stage, PipelineOpKind kind);

// The communication bands of one timed operation on its rank's lane: every layer's collectives, placed
// within the op's [start, end) (stretched when the timeline's duration differs from the stage's exact
// one), and after it the send of its activation or gradient to the neighbouring stage on another rank.
// At most `maxBands` bands (0 = no limit); an op with more layers gets the first ones only.
std::vector<CommBand> opCommBands(const StageTimes& times, const ScheduleSpec& spec, const PipelineOp& op,
                                  std::size_t maxBands = 0);
// Only the sends: [end, end + the boundary's time) towards each neighbouring stage on another rank (a
// forward's activation to the next stage, a backward's gradient to the previous; none for W).
std::vector<CommBand> opSendBands(const StageTimes& times, const ScheduleSpec& spec, const PipelineOp& op);

} // namespace core
