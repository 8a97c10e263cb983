// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pipeline-parallel schedules: for each pipeline rank, the ordered list of compute operations it runs
// (forward, backward, and for the zero-bubble family the split input-/weight-gradient backward). The
// order alone; pipelinetimeline.h turns it into start and end times.
//
// Every generator follows one public implementation exactly, named at its function in the source file:
// GPipe and 1F1B as in PyTorch / Megatron-LM, interleaved 1F1B as Megatron-LM, ZB-H1 as PyTorch's
// ScheduleInterleavedZeroBubble with one stage per rank, ZB-V as PyTorch's ScheduleZBVZeroBubble and
// DualPipeV as PyTorch's ScheduleDualPipeV (after deepseek-ai/DualPipe), DualPipe (bidirectional) as
// deepseek-ai/DualPipe dualpipe.py DualPipe.step. The papers behind them: GPipe
// (Huang et al. 2019), 1F1B and interleaved 1F1B (Narayanan et al., SC 2021, §2.2), the zero-bubble
// schedules (Qi et al., ICLR 2024) and DualPipe (DeepSeek-V3 technical report); tst_schedule checks the
// orders and timelines of worked cases against them.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "design/layout.h"

#include <optional>
#include <string>
#include <vector>

namespace core {

enum class PipelineOpKind {
    Forward,
    Backward, // full backward: input and weight gradients together
    BackwardInput, // the input-gradient half of a split backward (torch BACKWARD_INPUT, the ZB paper's "B")
    BackwardWeight, // the weight-gradient half (torch BACKWARD_WEIGHT, the ZB paper's "W")
    ForwardBackward // DualPipe: a forward of one chunk overlapped with a full backward of the other
};

// Letters as PyTorch's schedule IR writes them (torch _ComputationType); "FB" is our name for the
// overlapped pair (torch OVERLAP_F_B).
template<> struct EnumNames<PipelineOpKind>
{
    static constexpr std::array table{std::pair{PipelineOpKind::Forward, std::string_view{"F"}},
                                      std::pair{PipelineOpKind::Backward, std::string_view{"B"}},
                                      std::pair{PipelineOpKind::BackwardInput, std::string_view{"I"}},
                                      std::pair{PipelineOpKind::BackwardWeight, std::string_view{"W"}},
                                      std::pair{PipelineOpKind::ForwardBackward, std::string_view{"FB"}}};
};

struct PipelineOp
{
    PipelineOpKind kind = PipelineOpKind::Forward;
    int microBatch = 0;
    int stage = 0; // global stage index; for ForwardBackward the forward half's
    int chunk = 0; // model chunk on the rank, 0 … v−1
    // ForwardBackward only: the backward half (always a full backward, as in torch ScheduleDualPipeV).
    int backwardMicroBatch = -1;
    int backwardStage = -1;
    int backwardChunk = -1;
    // Filled by the simulation (pipelinetimeline.h); in the same units as the durations.
    double start = 0;
    double end = 0;

    bool operator==(const PipelineOp&) const = default;
};

// "F3", or with the stage "F3@s4"; a pair is "F3@s0&B1@s7".
std::string opLabel(const PipelineOp& op, bool withStage = false);
// The labels of one rank's ops joined by spaces: "F0 F1 B0 F2 B1 B2".
std::string opLabels(const std::vector<PipelineOp>& ops, bool withStage = false);

struct ScheduleSpec
{
    Schedule kind = Schedule::OneFOneB;
    int ranks = 1; // p: pipeline ranks (devices)
    int microBatches = 1; // m
    int virtualStages = 1; // v: model chunks per rank; 2 for ZB-V and DualPipeV
    int microBatchGroupSize = 0; // Megatron's N for interleaved (microbatch_group_size_per_vp_stage); 0 = p

    // Times of one WHOLE pipeline stage (a rank's share of the layers) for one micro-batch; an operation
    // on one of v chunks takes 1/v of it. Any unit works; the timeline comes out in the same unit.
    double forward = 1;
    double backward = 2; // input-gradient backward; the full backward takes backward + weightGrad
    double weightGrad = 0; // separate W ops where ZB-H1, ZB-V and DualPipeV split the backward
    double forwardBackward = 0; // DualPipeV overlapped pair (F of one chunk & B of another); 0 = F + full B
    double p2pLatency = 0; // added when a dependency crosses ranks
    // Optional transfer time across each stage boundary: entry s is the time one micro-batch's activation
    // (forward) or gradient (backward) takes between global stages s and s + 1 on the link their ranks
    // share. Added to p2pLatency when the two stages live on different ranks; empty = none, else exactly
    // p × v − 1 entries.
    std::vector<double> boundaryTransfer;
    // Optional factor per global stage for uneven stages (embedding on the first, head on the last);
    // empty = all 1, else exactly p × v entries.
    std::vector<double> stageScale;

    bool operator==(const ScheduleSpec&) const = default;
};

// JSON pointers used in diagnostics. The counts live in the design document; the durations are fields of
// the `schedule` input of the command line (named like the ScheduleSpec members).
namespace schedulepath {
inline constexpr std::string_view kRanks = "/layout/pp";
inline constexpr std::string_view kMicroBatches = "/workload/globalBatch";
inline constexpr std::string_view kVirtualStages = "/layout/virtualStages";
inline constexpr std::string_view kGroupSize = "/layout/microBatchGroupSize";
inline constexpr std::string_view kSchedule = "/layout/schedule";
inline constexpr std::string_view kDurations = "/schedule"; // + "/forward", "/backward", …
} // namespace schedulepath

// Every constraint of the chosen schedule, as located diagnostics. Errors make scheduleOrder() return
// nothing and simulateSchedule() an empty timeline. Checks the counts, durations and sizes first, so that
// nothing later divides by zero or allocates more than limits::kMaxPipelineOps operations.
std::vector<Diagnostic> checkSchedule(const ScheduleSpec& spec);

// Per rank, the operations in the order the rank runs them (times left at zero). Empty if checkSchedule()
// reports an error.
std::vector<std::vector<PipelineOp>> scheduleOrder(const ScheduleSpec& spec);

// ---- Stage placement ------------------------------------------------------------------------------
int stageCount(const ScheduleSpec& spec); // p × v
// Loop placement (GPipe, 1F1B, interleaved): stage s on rank s mod p. V placement (ZB-V, DualPipeV):
// stage s < p on rank s, stage s ≥ p on rank 2p−1−s (torch _utils.generate_stage_to_rank_mapping "v").
int rankOfStage(const ScheduleSpec& spec, int stage);
// The rank's chunk that holds the stage.
int chunkOfStage(const ScheduleSpec& spec, int stage);
// Every schedule but DualPipe runs every micro-batch through every stage 0 … S − 1. DualPipe
// (bidirectional) has two pipelines of p stages each: micro-batches 0 … m/2 − 1 run through stages
// 0 … p − 1, micro-batches m/2 … m − 1 through stages p … 2p − 1 (the model again, in the other direction:
// stage p + k is the model's stage k on rank p − 1 − k, with its own copy of the weights).
bool stageRunsMicroBatch(const ScheduleSpec& spec, int stage, int microBatch);
// A stage where micro-batches enter (no forward before it), or leave (the loss; no backward after it).
bool isEntryStage(const ScheduleSpec& spec, int stage);
bool isExitStage(const ScheduleSpec& spec, int stage);
// Global stage of a rank's chunk.
int stageOfChunk(const ScheduleSpec& spec, int rank, int chunk);

// ---- Megatron-LM interleaved schedule -------------------------------------------------------------
struct VirtualMicroBatch
{
    int microBatch = 0;
    int chunk = 0;
    bool operator==(const VirtualMicroBatch&) const = default;
};
// Megatron-LM get_schedule_table: for each group of N consecutive micro-batches, chunk 0 on all of them,
// then chunk 1, …; the last group may be shorter. Entry k is virtual micro-batch k's (micro-batch, chunk).
std::vector<VirtualMicroBatch> megatronScheduleTable(int microBatches, int chunks, int groupSize);
// N as the schedule uses it: microBatchGroupSize, or p when it is 0 (Megatron's default).
int effectiveGroupSize(const ScheduleSpec& spec);

// Forwards a rank runs before its first forward–backward step ("warm-up"), for the schedules that have
// one: GPipe m (all), 1F1B min(p−r−1, m), interleaved min(2(p−r−1) + (v−1)N, m·v), ZB-H1 min(p−r−1, m).
// nullopt for ZB-V and DualPipeV, whose warm-up has several phases.
std::optional<int> warmupForwards(const ScheduleSpec& spec, int rank);

// PyTorch's ScheduleInterleaved1F1B accepts any m with m % max(1, m / p) == 0 and then behaves as
// Megatron with N = m / max(1, m / p) ("microbatches_per_round"). Returns that N, or nullopt where torch
// raises ValueError. Meshwright's checks follow Megatron, which also requires N ≥ p.
std::optional<int> torchInterleavedGroupSize(int ranks, int microBatches);

} // namespace core
