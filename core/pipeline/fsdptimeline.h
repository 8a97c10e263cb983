// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// FSDP2's step on one rank: each layer's all-gather before its compute and reduce-scatter after its
// backward, prefetched as torch/distributed/fsdp/_fully_shard runs them, with the compute slowed beside them
// (comm/overlapslowdown.h); the reference article's FSDP one-layer figure. steptimeline.h assembles the
// step from it.

#include "design/design.h"
#include "design/placedlayout.h"
#include "pipeline/stagetime.h"

#include <vector>

namespace core {

// ---- FSDP2: per-layer all-gather, compute and reduce-scatter ----------------------------------------------
enum class FsdpStream { Compute, AllGather, ReduceScatter };

struct FsdpSpan
{
    FsdpStream stream = FsdpStream::Compute;
    int unit = 0; // index into FsdpLayerTimeline::units
    bool backward = false;
    double start = 0;
    double end = 0;
};

struct FsdpUnit
{
    int layer = -1; // transformer layer; -1 = the root module (embedding, output head, final norm)
    double parameters = 0; // this rank's TP shard, before FSDP sharding
    double gatherSeconds = 0;
    double reduceSeconds = 0;
    // On the compute stream, where the framework copies (FrameworkProfile::shardCopies): after each
    // all-gather, the gathered bytes read out of its buffer and written into the parameters; before each
    // reduce-scatter, the unsharded gradients read and written into its buffer in the reduction's type.
    double copyOutSeconds = 0;
    double copyInSeconds = 0;
};

// One micro-batch's forward and backward over one pipeline rank's layers, run back to back, on one of N
// ranks of the shard group. Each transformer layer is one fully_shard unit (as the reference article's loop
// wraps them), the root holds what is left and stays gathered (reshard_after_forward None → False for the
// root).
//   forward: AG(i + 1) is issued when compute(i) starts (prefetch), compute(i) waits for AG(i);
//   backward: with reshard_after_forward the layers are gathered again, AG(i − 1) issued when
//   backward(i) starts; without it there is no backward all-gather; RS(i) is issued when backward(i)
//   ends, on its own stream. The compute runs slower while the link queue is busy
//   (comm/overlapslowdown.h). FSDP2 copies each gathered layer out of the all-gather buffer before its
//   compute and its gradients into the reduce-scatter buffer before issuing it, on the compute stream.
//   Exposed = makespan − compute − copies − slowdown.
struct FsdpLayerTimeline
{
    int pipelineRank = 0;
    int shardRanks = 1;
    bool reshardAfterForward = true;
    std::vector<FsdpUnit> units;
    std::vector<FsdpSpan> spans; // every stream, in issue order
    double computeSeconds = 0; // as the compute would take alone
    double copySeconds = 0; // the copies in and out of the collective buffers (FsdpUnit)
    // What the gathers and reduce-scatters beside the compute added to it (comm/overlapslowdown.h).
    double slowdownSeconds = 0;
    double makespan = 0;
    // Of the micro-batch shown: the collectives the compute does not hide (makespan − compute − copies −
    // slowdown).
    double exposedSeconds = 0;
    // The step: with gradient sync on every micro-batch (FSDP2's default) each of them is the one shown;
    // without (set_requires_gradient_sync(False) before the last) only the last reduce-scatters, and
    // without resharding after forward only the first gathers. overlapGradReduce off issues the
    // reduce-scatters after the backward instead of during it.
    bool gradientSyncEveryMicroBatch = true;
    bool overlapGradReduce = true;
    int microBatches = 1;
    double stepExposedSeconds = 0;
    double stepSlowdownSeconds = 0;
    double stepCopySeconds = 0;
};

FsdpLayerTimeline fsdpLayerTimeline(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                                    int pipelineRank);

} // namespace core
