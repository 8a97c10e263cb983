// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The figures of one memory role (a pipeline rank on one GPU type, memory.h), in three rooms: the
// training figures (trainingmemory.cpp), the serving figures and the KV-cache fit (servingmemory.cpp),
// and what both share (memory.cpp), which also assembles the report. Internal to core/memory.

#include "memory/memory.h"
#include "memory/modelshard.h"

#include <cstdint>
#include <map>
#include <string>

namespace core::memoryroles {

struct RoleContext
{
    const Design& design;
    const MemoryAssumptions& assumptions;
    std::int64_t microBatches;
    const Catalog& catalog; // the GPU types of the roles
};

inline MemoryFigure figure(double bytes, Explanation why)
{
    return {bytes, std::move(why)};
}

// NCCL's buffers for every communicator the rank belongs to, plus `extra` bytes of data-parallel buckets
// named `extraText` (none when `extra` is 0).
MemoryFigure communicationFigure(const ParallelLayout& layout, const MemoryAssumptions& a, double extra,
                                 const std::string& extraText);

// One rank's model states at a ZeRO stage, as the bars and the ZeRO view both count them: dense and expert
// parameters each sharded over their own data-parallel group (modelshard.h); without reshard_after_forward
// the gathered weights beside the shard; FSDP2's unsharded gradients where it skips the sync between
// micro-batches (accumulatesUnshardedGradients); and the states moved to CPU memory when offloaded.
struct RankStates
{
    ModelStates onGpu; // dense + expert, without an offloaded optimizer
    double offloaded = 0; // bytes moved off the GPU: the three below
    ModelStates moved; // what moved, by state (hostmemory.h counts what of it lands in host memory)
    // Of FSDP2's unsharded gradients, the share of the rank's held at once (modelshard.h heldGradientShare);
    // 1 where they are not accumulated.
    double heldGradientShare = 1;
};
// `bytes`: per parameter on the role's GPU (frameworkStateBytes(design, gpu)); under FP8 they are a GEMM
// weight's, and the other dense parameters keep the framework's own.
RankStates rankStates(const Design& design, const RankShard& shard, int zeroStage, const StateBytes& bytes);

// What one rank keeps in its node's CPU memory: the offloaded states that land there and the pinned
// transfer buffers (hostmemory.cpp).
MemoryFigure hostFigure(const Design& design, const RankShard& shard, const RankStates& states,
                        double offloadedActivations);

// Every training figure of the role: model states, activations, temporary and communication buffers,
// and the allocator's reserve.
void trainingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role);

struct ServingPerRank
{
    double kvBytesPerToken = 0;
};
// Every serving figure of the role: weights, KV cache, workspace, communication buffers and the serving
// engine's reserve.
ServingPerRank servingRole(const RoleContext& ctx, const RankShard& shard, RankRole& role);
// The KV cache of one sequence on the fullest rank, and how many sequences fit on every rank of a replica.
void servingFit(const Design& design, const std::map<int, ServingPerRank>& serving, MemoryReport& report);

} // namespace core::memoryroles
