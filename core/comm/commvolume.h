// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Bytes one GPU sends for each kind of parallelism, from named inputs; docs/communication-volume.md
// gives each formula with its source and a worked check. Ring collectives throughout: per GPU, an
// all-gather or reduce-scatter of a buffer of S bytes sends (n−1)/n·S and an all-reduce 2(n−1)/n·S.
// Degrees below 1 give 0.

#include "comm/collective.h"

#include <cstdint>

namespace core {

// Bytes one rank sends in one ring collective (or pairwise all-to-all) of S bytes on n ranks; a sendrecv
// sends all of S.
double collectiveSendBytes(CollectiveOp op, int ranks, double bytes);

// Gradient and parameter synchronisation per optimizer step, Ψ parameters of e bytes on N data-parallel
// ranks. DDP and ZeRO-1/2 (and Megatron's distributed optimizer): reduce-scatter + all-gather = one
// all-reduce = 2(N−1)/N·Ψe. ZeRO-3 / FSDP: all-gather in forward and again in backward, reduce-scatter of
// the gradients = 3(N−1)/N·Ψe, 1.5× DDP (Rajbhandari et al., SC'20, §7); without resharding after forward
// the backward all-gather goes away (2(N−1)/N·Ψe).
double dataParallelSendBytes(double parameters, double bytesPerElement, int dataParallel, int zeroStage,
                             bool reshardAfterForward = true);

// One micro-batch's activations at a layer boundary: s × b × h elements of e bytes.
struct ActivationShape
{
    std::int64_t sequence = 0; // s, tokens per sequence
    std::int64_t microBatch = 0; // b, sequences per micro-batch
    std::int64_t hidden = 0; // h
    double bytesPerElement = 2; // e (BF16)
};

double activationBytes(const ActivationShape& shape); // s·b·h·e

enum class TpCommunication {
    AllReduce, // Megatron without SP: 2 all-reduces forward, 2 backward (mappings.py g and f)
    SequenceParallel, // Korthikanti et al. 2022 §4.2.2: 2 AG + 2 RS forward, 2 RS + 2 AG backward
    SequenceParallelMegatron // Megatron's implementation re-gathers the input for wgrad: 6 AG + 4 RS
};

template<> struct EnumNames<TpCommunication>
{
    static constexpr std::array table{
        std::pair{TpCommunication::AllReduce, std::string_view{"allreduce"}},
        std::pair{TpCommunication::SequenceParallel, std::string_view{"sp"}},
        std::pair{TpCommunication::SequenceParallelMegatron, std::string_view{"sp-megatron"}}};
};

// Bytes per value of sequence parallelism's all-gathers: of a layer's input (forward, and Megatron's again
// for the weight gradient) and of its incoming gradient (backward). Under FP8 they can move the quantised
// copies (groupcollective.h tpGatherBytesPerElement); the reduce-scatters sum in the activations' e.
struct TpGatherBytes
{
    double input = 2;
    double gradient = 2;
};

// Tensor-parallel collectives of one transformer layer for one micro-batch, forward and backward; every
// message is the full s·b·h tensor (megatron/core/tensor_parallel/mappings.py, layers.py). With SP, half
// the all-gathers are of the gradient, the rest of the input; `gathers` says their bytes per value (by
// default the shape's e).
struct TpLayerCommunication
{
    int allReduces = 0;
    int allGathers = 0;
    int reduceScatters = 0;
    double messageBytes = 0; // s·b·h·e
    double sendBytes = 0; // per GPU, all collectives together
};
TpLayerCommunication tpLayerCommunication(const ActivationShape& shape, int tensorParallel,
                                          TpCommunication mode);
TpLayerCommunication tpLayerCommunication(const ActivationShape& shape, int tensorParallel,
                                          TpCommunication mode, const TpGatherBytes& gathers);

// Pipeline: the tensor one stage sends to the next per micro-batch, [s/CP (/TP with SP), b, h]
// (megatron/core/pipeline_parallel/schedules.py get_tensor_shapes); the gradient sent back in backward
// has the same shape.
double pipelineBoundaryBytes(const ActivationShape& shape, int tensorParallel, bool sequenceParallel,
                             int contextParallel);
// Sends per micro-batch in each direction: p − 1 boundaries, v·p − 1 with v virtual stages per rank; a
// V-shaped placement (ZB-V, DualPipeV: v = 2) crosses 2p − 1 boundaries, and the middle one stays on the
// last rank, so 2p − 2 sends.
int pipelineBoundarySends(int pipelineParallel, int virtualStages, bool vShape);

// Context parallelism as ring attention (TransformerEngine AttnFuncWithCPAndKVP2P): each rank passes
// K and V of its s/CP tokens to r + 1, CP − 1 times in forward; backward sends CP − 1 KV blocks and CP − 1
// dKV blocks of the same size around the reversed ring. Per layer per micro-batch.
struct ContextParallelRing
{
    double kvBlockBytes = 0; // 2·(s/CP)·b·(KV heads · head dim)·e
    double forwardSendBytes = 0; // (CP − 1)·block
    double backwardSendBytes = 0; // 2(CP − 1)·block
};
ContextParallelRing contextParallelRing(std::int64_t sequence, std::int64_t microBatch, int kvHeads,
                                        int headDim, double bytesPerElement, int contextParallel);

// Expert parallelism (Megatron MoEAlltoAllTokenDispatcher): one all-to-all to dispatch the tokens and one to
// combine them per MoE layer forward, mirrored in backward. Each carries T·k·h·e per GPU (T local tokens,
// top-k); with uniform routing (EP − 1)/EP of it leaves the GPU.
struct ExpertAllToAll
{
    double payloadBytes = 0; // per GPU, per all-to-all
    double leavingBytes = 0; // the part sent to other GPUs
    int allToAllsPerLayer = 4; // dispatch + combine, forward and backward
};
ExpertAllToAll expertAllToAll(std::int64_t localTokens, int topK, std::int64_t hidden, double bytesPerElement,
                              int expertParallel);

} // namespace core
