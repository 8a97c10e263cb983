// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One training step of a design, as time: the pipeline schedule in seconds (stagetime.h durations on
// pipelinetimeline.h), how data-parallel communication overlaps it (the reference article's DDP bucket
// figure and its FSDP one-layer figure), each rank's activation memory over the step, and the bubble
// against the number of micro-batches (the reference article's pipeline figure). The timeline is list
// scheduling over the schedule's dependencies, as torch.distributed.pipelining checks its schedules
// (schedules.py _simulate_comms_compute); DDP's buckets follow PyTorch's reducer (reducer.cpp
// compute_bucket_assignment_by_size), FSDP2's prefetch torch/distributed/fsdp/_fully_shard.

#include "catalog/catalog.h"
#include "comm/ddpbuckets.h"
#include "comm/stagecopy.h"
#include "design/design.h"
#include "design/placedlayout.h"
#include "pipeline/fsdptimeline.h"
#include "pipeline/pipelinetimeline.h"
#include "pipeline/stagetime.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace core {

struct MemoryReport; // memory.h

// Timelines of more operations than this are not simulated inside evaluate(), which stays well under
// 100 ms (64 stages × 1,024 micro-batches of ZB-H1 are 196,608 operations); the command line's
// `schedule` verb takes up to limits::kMaxPipelineOps.
inline constexpr std::int64_t kMaxEvaluatedPipelineOps = 262144;

// ---- DDP and ZeRO-1/2: gradient buckets over the last backward ------------------------------------------
struct DdpStepTimeline
{
    int pipelineRank = 0;
    int dataParallelRanks = 1;
    // All-reduce (DDP, ZeRO-0) or reduce-scatter (ZeRO-1/2 and Megatron's distributed optimizer, whose
    // updated parameters are then all-gathered: parameterGatherSeconds).
    CollectiveOp reduction = CollectiveOp::AllReduce;
    double gradientBytes = 0; // this rank's gradients, bytes
    std::vector<double> tensorBytes; // in the order the gradients become ready
    std::vector<double> tensorReadySeconds;
    std::vector<DdpBucket> buckets; // PyTorch's assignment with [1 MiB, 25 MiB]
    std::vector<double> bucketReadySeconds;
    std::vector<double> bucketSeconds; // collective time of each bucket
    DdpOverlap overlap; // start and end of each bucket's collective, exposed part
    double windowStart = 0; // start of the backward that produces the gradients
    double backwardEnd = 0; // end of the rank's last backward
    double parameterGatherSeconds = 0; // ZeRO-1/2: after the optimizer step; 0 for DDP
    // The switches (framework/frameworkswitches.h). Without overlapGradReduce every bucket waits for the
    // end of the backward; with overlapParamGather the all-gather runs under the next step's first forward
    // of the rank (firstForwardSeconds) and only what outlasts it is exposed.
    bool overlapGradReduce = true;
    bool overlapParamGather = false;
    double firstForwardSeconds = 0;
    double parameterGatherExposedSeconds = 0;
    // What the buckets beside the backward, and an overlapped parameter gather beside the first forward,
    // add to the compute they run beside (comm/overlapslowdown.h); overlap.exposedSeconds and
    // parameterGatherExposedSeconds are what is left beyond it.
    double slowdownSeconds = 0;
};

// The gradients of a pipeline rank become ready during the last backward of each of its chunks (with
// gradient accumulation DDP synchronises on the last micro-batch only, no_sync before it). Within that
// operation: the output head's first, then the layers from the last to the first (each as its MLP or
// experts, its attention and its norms), the embedding's last.
DdpStepTimeline ddpStepTimeline(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                                const PipelineTimeline& timeline, int pipelineRank);

// ---- DualPipe: the two copies of every stage -----------------------------------------------------------
// Under DualPipe pipeline rank r holds model stage r for one direction and stage PP−1−r for the other
// (deepseek-ai/DualPipe examples/example_dualpipe.py: nn.Sequential(full_modules[rank],
// full_modules[pp_size - 1 - rank])), so every stage's weights sit on ranks r and PP−1−r, and both copies'
// gradients must be summed before the optimizer (DeepSeek-V3 report §3.2.1). DualPipe.step() does not sum
// them (dualpipe/dualpipe.py: it ends with the last weight-gradient chunk and _commit_and_wait_comm); the
// example does after step() returns, with nothing left to hide it under: it all-gathers both modules'
// gradients over the pipeline group and adds the partner's (p0.grad += p1all[pp_size - 1 - rank]).
// Meshwright charges the least that sum needs: one all-reduce between r and PP−1−r of the rank's gradients
// (both stages), or with ZeRO of its partition of them (comm/stagecopy.h, which the traffic reads too),
// after the rank's last backward and reduction and not overlapped, as in the example. The same holds the
// all-reduce of a word embedding's two copies between the first and last stage (tied embeddings, prediction
// depths: comm/stagecopy.h, PipelineCopies::Embedding), which Megatron-LM runs after the data-parallel
// reduction, exposed.
struct StageCopySync
{
    int pipelineRank = 0;
    int partnerRank = 0; // PP − 1 − r; −1: the rank holds no copy (between an embedding's two ends)
    PipelineCopies copies = PipelineCopies::Stages;
    double gradientBytes = 0; // what the rank sums with its partner (stagecopy.h)
    double backwardEnd = 0; // end of the rank's last backward: the sum starts then
    double seconds = 0; // the pair's all-reduce on its links
    bool crossesNodes = false; // r and PP − 1 − r sit on different nodes
};

// Empty without pipeline copies; else one per pipeline rank of the first pipeline.
std::vector<StageCopySync> stageCopySyncs(const Design& design, const PlacedLayout& placed,
                                          const PipelineTimeline& timeline);

// ---- Activation memory over the step ----------------------------------------------------------------
struct ActivationPoint
{
    double time = 0;
    double bytes = 0;
    bool operator==(const ActivationPoint&) const = default;
};

// Per rank, a piecewise-linear curve: a forward adds its stage's bytes over its duration, a full backward
// frees them over its duration. A split backward frees them during W, which still needs the linear layers'
// inputs, not during the input-gradient half: the curve peaks at RankTimeline::peakInFlightToWeightGrad,
// as the memory model counts. An overlapped pair adds during its first half and frees during its second.
// `bytesPerStage`: what one micro-batch keeps on each global stage (stagetime.h gives a provisional
// estimate; the memory model will provide it). Missing entries count as 0.
std::vector<std::vector<ActivationPoint>> activationCurves(const PipelineTimeline& timeline,
                                                           const std::vector<double>& bytesPerStage);
// What one micro-batch keeps on each global stage: from the memory model (a rank's activations at its
// peak over the micro-batches it holds then, the same bytes as the Memory tab's activations, split evenly
// over the rank's chunks); 0 without a memory report.
std::vector<double> activationBytesPerStage(const Design& design, const MemoryReport* memory,
                                            const StageTimes& times);
// The same bytes per rank spread to the rank's stages (with one chunk per rank, the same numbers).
std::vector<double> bytesPerStageFromRanks(const ScheduleSpec& spec, const std::vector<double>& bytesPerRank);
// The curve's value at a time (linear between points; 0 before the first, the last value after it).
double activationAt(const std::vector<ActivationPoint>& curve, double time);
double peakActivation(const std::vector<ActivationPoint>& curve);

// ---- Bubble against micro-batches (the reference article's pipeline figure) --------------------------
struct BubblePoint
{
    int microBatches = 0;
    double bubbleFraction = 0;
    double makespan = 0;
};
// The spec simulated at each count in turn; counts the schedule rejects are left out, and the counts
// stop once the simulated operations together pass `operationBudget`.
std::vector<BubblePoint> bubbleCurve(ScheduleSpec spec, const std::vector<int>& microBatchCounts,
                                     std::int64_t operationBudget = 400000);
// Counts worth plotting for p ranks: 1, 2, 3, 4, 6, 8, 12, 16, … up to max(64, 4p, 2·current), the
// current count included.
std::vector<int> bubbleCurveCounts(int ranks, int current);

// ---- Everything evaluate() adds ------------------------------------------------------------------------
struct ScheduleEvaluation
{
    StageTimes times; // times.spec is the simulated spec
    PipelineTimeline timeline;
    std::vector<int> pipelineRanks; // global ranks of the pipeline shown (the one of rank 0)
    std::vector<DdpStepTimeline> ddp; // per pipeline rank; empty with one data-parallel rank
    std::vector<FsdpLayerTimeline> fsdp; // per pipeline rank; empty with one data-parallel rank
    std::vector<StageCopySync> stageCopies; // per pipeline rank; DualPipe only
    std::vector<std::vector<ActivationPoint>> activations; // per pipeline rank
    bool activationsFromMemoryModel = false; // else the provisional estimate of stagetime.h

    const ScheduleSpec& spec() const { return times.spec; }
};

// The schedule of a training design from its placed layout, and the memory report for the activations
// over the step (nullptr: the curves stay at 0). Precondition: the design's checks found no errors;
// evaluate() asks only then. nullptr for serving, without a mesh or with a rank that has no GPU. A
// pipeline of more than kMaxEvaluatedPipelineOps operations is not simulated: nullptr, and an info
// diagnostic (schedule-not-simulated) goes to `diagnostics`.
std::shared_ptr<const ScheduleEvaluation> evaluateSchedule(const Design& design, const PlacedLayout& placed,
                                                           const MemoryReport* memory,
                                                           std::vector<Diagnostic>& diagnostics);

} // namespace core
