// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/commvolume.h"

#include <algorithm>

namespace core {

double collectiveSendBytes(CollectiveOp op, int ranks, double bytes)
{
    if (ranks < 1)
        return 0;
    const double share = static_cast<double>(ranks - 1) / ranks;
    switch (op) {
    case CollectiveOp::AllReduce:
        return 2 * share * bytes;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        return share * bytes;
    case CollectiveOp::SendRecv:
        return bytes;
    }
    return 0;
}

double dataParallelSendBytes(double parameters, double bytesPerElement, int dataParallel, int zeroStage,
                             bool reshardAfterForward)
{
    const double buffer = parameters * bytesPerElement;
    if (zeroStage >= 3 && reshardAfterForward) // forward AG + backward AG + gradient RS
        return 2 * collectiveSendBytes(CollectiveOp::AllGather, dataParallel, buffer)
            + collectiveSendBytes(CollectiveOp::ReduceScatter, dataParallel, buffer);
    return collectiveSendBytes(CollectiveOp::AllReduce, dataParallel, buffer);
}

double activationBytes(const ActivationShape& shape)
{
    return static_cast<double>(shape.sequence) * static_cast<double>(shape.microBatch)
        * static_cast<double>(shape.hidden) * shape.bytesPerElement;
}

TpLayerCommunication tpLayerCommunication(const ActivationShape& shape, int tensorParallel,
                                          TpCommunication mode)
{
    return tpLayerCommunication(shape, tensorParallel, mode,
                                TpGatherBytes{shape.bytesPerElement, shape.bytesPerElement});
}

TpLayerCommunication tpLayerCommunication(const ActivationShape& shape, int tensorParallel,
                                          TpCommunication mode, const TpGatherBytes& gathers)
{
    TpLayerCommunication out;
    out.messageBytes = activationBytes(shape);
    switch (mode) {
    case TpCommunication::AllReduce:
        out.allReduces = 4;
        break;
    case TpCommunication::SequenceParallel:
        out.allGathers = 4;
        out.reduceScatters = 4;
        break;
    case TpCommunication::SequenceParallelMegatron:
        out.allGathers = 6;
        out.reduceScatters = 4;
        break;
    }
    // Two of the all-gathers are the backward's, of the gradient; the others gather the input.
    ActivationShape valuesOnly = shape;
    valuesOnly.bytesPerElement = 1;
    const double values = activationBytes(valuesOnly);
    const int gradientGathers = std::min(out.allGathers, 2);
    out.sendBytes
        = out.allReduces * collectiveSendBytes(CollectiveOp::AllReduce, tensorParallel, out.messageBytes)
        + (out.allGathers - gradientGathers)
            * collectiveSendBytes(CollectiveOp::AllGather, tensorParallel, values * gathers.input)
        + gradientGathers
            * collectiveSendBytes(CollectiveOp::AllGather, tensorParallel, values * gathers.gradient)
        + out.reduceScatters
            * collectiveSendBytes(CollectiveOp::ReduceScatter, tensorParallel, out.messageBytes);
    return out;
}

double pipelineBoundaryBytes(const ActivationShape& shape, int tensorParallel, bool sequenceParallel,
                             int contextParallel)
{
    if (tensorParallel < 1 || contextParallel < 1)
        return 0;
    double bytes = activationBytes(shape) / contextParallel;
    if (sequenceParallel)
        bytes /= tensorParallel;
    return bytes;
}

int pipelineBoundarySends(int pipelineParallel, int virtualStages, bool vShape)
{
    if (pipelineParallel < 1 || virtualStages < 1)
        return 0;
    if (vShape)
        return 2 * pipelineParallel - 2;
    return virtualStages * pipelineParallel - 1;
}

ContextParallelRing contextParallelRing(std::int64_t sequence, std::int64_t microBatch, int kvHeads,
                                        int headDim, double bytesPerElement, int contextParallel)
{
    ContextParallelRing out;
    if (contextParallel < 1)
        return out;
    out.kvBlockBytes = 2.0 * (static_cast<double>(sequence) / contextParallel)
        * static_cast<double>(microBatch) * static_cast<double>(kvHeads) * headDim * bytesPerElement;
    out.forwardSendBytes = (contextParallel - 1) * out.kvBlockBytes;
    out.backwardSendBytes = 2.0 * (contextParallel - 1) * out.kvBlockBytes;
    return out;
}

ExpertAllToAll expertAllToAll(std::int64_t localTokens, int topK, std::int64_t hidden, double bytesPerElement,
                              int expertParallel)
{
    ExpertAllToAll out;
    if (expertParallel < 1)
        return out;
    out.payloadBytes
        = static_cast<double>(localTokens) * topK * static_cast<double>(hidden) * bytesPerElement;
    out.leavingBytes = collectiveSendBytes(CollectiveOp::AllToAll, expertParallel, out.payloadBytes);
    return out;
}

} // namespace core
