// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How fast a design trains: step time, tokens per second, MFU and HFU, and the communication that stays
// visible, by collective kind (the reference article's list of what to record: "sichtbare Zeit in
// All-Reduce-, All-Gather-, Reduce-Scatter-, All-to-All- und Point-to-Point-Operationen").
//
// The step is the design's pipeline schedule in seconds (steptimeline.h: per-stage compute from the
// compute model, TP/EP/CP collectives on the groups' real links, p2p between stages, the bubble), then the
// data-parallel synchronisation that the last backward cannot hide (DDP buckets, ZeRO's reduce-scatter and
// parameter all-gather, FSDP's per-layer gathers), then the optimizer step, which is bound by HBM.

#include "base/explanation.h"
#include "base/jsonreader.h"
#include "catalog/catalog.h"
#include "comm/exposedcomm.h"
#include "design/design.h"

#include <optional>
#include <vector>

namespace core {

struct PlacedLayout; // placedlayout.h
struct ScheduleEvaluation; // steptimeline.h

// Bytes an optimizer step moves per parameter it updates: FusedAdam reads and writes the FP32 master
// weights and both moments (2 × 12 bytes), reads the gradient and writes the 16-bit weights (apex/
// Transformer Engine multi_tensor_adam). SGD with momentum moves its one moment instead.
double optimizerBytesPerParameter(const Design& design);
// The communication switches that shape this design's step, each with its value and source
// (framework/frameworkswitches.h), for explanations.
std::string switchesInEffect(const Design& design);

struct Performance
{
    double stepSeconds = 0;
    double pipelineSeconds = 0; // the schedule's makespan
    // Data-parallel synchronisation after the pipeline, exposed, with what its hidden part slows the
    // compute beside it (dataParallelSlowdownSeconds).
    double dataParallelSeconds = 0;
    double dataParallelSlowdownSeconds = 0; // of dataParallelSeconds (comm/overlapslowdown.h)
    // Of dataParallelSeconds: FSDP2's copies in and out of its collective buffers on the compute stream
    // (pipeline/fsdptimeline.h FsdpUnit).
    double dataParallelCopySeconds = 0;
    // What collectives hidden beside compute add to it on the critical path, per step: the layers' (inside
    // pipelineSeconds, on the critical pipeline rank) and the data-parallel ones (comm/overlapslowdown.h).
    double overlapSlowdownSeconds = 0;
    // Of pipelineSeconds, what the critical pipeline rank's layers wait for the host to launch their kernels
    // (pipeline/hostlaunch.h: eager MoE layers of Megatron-Core), per step.
    double hostWaitSeconds = 0;
    double optimizerSeconds = 0;
    double tokensPerSecond = 0;
    double mfu = 0; // model FLOPs (no recomputation) / (step × the GPUs' dense BF16 peaks)
    double mfuFp8Peak = 0; // the same model FLOPs over the GPUs' dense FP8 peaks (BF16 where a GPU has none)
    double hfu = 0; // hardware FLOPs (with recomputation) / the same
    double bubbleFraction = 0;
    // All GPUs. The convention: Megatron-LM's num_floating_point_operations (Narayanan et al. 2021,
    // appendix) with causal attention (the lower triangle, as FlashAttention counts it); the explanation of
    // the MFU shows the step's FLOPs under the other conventions (non-causal Megatron, PaLM's
    // 6N + 12·L·h·s), so that a published MFU can be compared with its own.
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
    double computeEfficiency = 0; // the GEMM efficiency the compute model used
    ExposedCommunication exposed; // on the critical pipeline rank, per step
    // What each figure comes from.
    Explanation step;
    Explanation mfuExplanation;
    Explanation exposedExplanation; // how each kind's visible time adds up
};

// The performance of a training step from its simulated schedule (evaluateSchedule(), which exists only
// for a training design without errors whose pipeline is small enough to simulate) and the placed
// layout's GPUs.
Performance estimatePerformance(const Design& design, const PlacedLayout& placed,
                                const ScheduleEvaluation& schedule);

Json performanceToJson(const Performance& performance);
Json exposedToJson(
    const ExposedCommunication& exposed); // {allReduce, allGather, reduceScatter, allToAll, p2p}

} // namespace core
