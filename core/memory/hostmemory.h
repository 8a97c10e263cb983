// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// CPU memory (host RAM) per node: what the design's offload puts there, against the node's RAM
// (cluster.h hostMemoryBytes, or its GPUs' shares of their vendor reference system).
//
// The figure is the steady state of a training step: per GPU the model states its framework moves to the
// host (the optimizer states; DeepSpeed's FP32 gradient partition with them; FSDP2's sharded gradients;
// the parameter partition under parameter offload) and the pinned buffers of the transfer (DeepSpeed
// ZeRO-1/2: a 16-bit copy of the partition), summed over the node's GPUs. It leaves out what a process
// holds only while it loads the model (DeepSpeed's estimators count each process's FP32 copy of the
// whole model, 4 bytes × parameters × GPUs per node, and a 1.5 safety factor): that peak passes before
// the first step, is avoided with zero_init or a sharded load, and would hide the figure that stays.
// DeepSpeed's published estimators are kept alongside as functions (deepSpeedZero2HostBytes,
// deepSpeedZero3HostBytes) and named in the explanation of a DeepSpeed design (docs/frameworks.md).
//
// Checkpoint saving: written synchronously (torch.save, DCP's save, Megatron without --async-save) a
// checkpoint passes through host memory a tensor at a time; asynchronously (layout.asyncCheckpoint) the
// rank first copies its whole share to host memory and writes it from there while training goes on
// (checkpointStagingBytes), which the figure adds: it is held when a save starts, on every node at once.
//
// Not counted: the operating system, data loaders and NCCL's host buffers.

#include "base/diagnostic.h"
#include "base/explanation.h"
#include "base/jsonreader.h"

#include <string>
#include <vector>

namespace core {

class Catalog;
struct Cluster;
struct Design;
struct MemoryReport;
struct RankInfo;
struct RankRoles;
struct RankShard;

// The bytes an asynchronous checkpoint stages on the host for a rank holding `shard` (modelshard.h): its
// parameters at their training dtype and the optimizer's master weights and moments, the states that
// data-parallel replicas share split over them (Megatron-LM --ckpt-fully-parallel-save, on by default;
// PyTorch DCP's dedup_replicated_tensors), without gradients; 0 when the design saves synchronously.
double checkpointStagingBytes(const Design& design, const RankShard& shard);
// Whether the design stages its checkpoints in host memory: training with asyncCheckpoint on.
bool stagesCheckpoint(const Design& design);

// Nodes with the same need and the same RAM.
struct HostMemoryGroup
{
    double needBytes = 0;
    double ramBytes = 0; // 0: not known (a GPU type without a reference system and no hostMemoryBytes)
    int nodes = 0;
    int firstNode = -1; // node index
    bool fits() const { return ramBytes <= 0 || needBytes <= ramBytes; }
};

struct HostMemory
{
    std::vector<HostMemoryGroup> groups; // the largest need first, then the smallest RAM
    int fullestNode = -1; // the node index with the largest need over its RAM (or the largest need)
    int nodesOver = 0; // nodes whose need exceeds their RAM
    bool checkpointStaging = false; // the need holds an asynchronous checkpoint's staging
    Explanation explanation; // of one GPU's share and the fullest node's sum
    std::vector<Diagnostic> diagnostics;

    const HostMemoryGroup* fullest() const;
    bool fits() const { return nodesOver == 0; }
};

// The RAM of node `nodeIndex`: the cluster's hostMemoryBytes, or the sum of its GPUs' shares of their
// reference system; 0 when a GPU type has none.
double hostMemoryOfNode(const Cluster& cluster, int nodeIndex, const Catalog& catalog);

// Host memory per node of a training design whose memory report is computed (memory.h); the ranks' host
// bytes are RankRole::hostBytes. Raises the warning host-memory for nodes whose need exceeds their RAM.
HostMemory computeHostMemory(const Design& design, const std::vector<RankInfo>& ranks,
                             const RankRoles& roleMap, const MemoryReport& memory, const Catalog& catalog);

Json hostMemoryToJson(const HostMemory& host);

// DeepSpeed's published estimators, CPU side, as written (bytes per node; a loading-time upper bound):
// deepspeed/runtime/zero/stage_1_and_2.py estimate_zero2_model_states_mem_needs:
//   offload_optimizer: Ψ · max(4 · total GPUs, 16) · factor;  none: Ψ · 4 · GPUs per node · factor
double deepSpeedZero2HostBytes(double parameters, int gpusPerNode, int nodes, bool offloadOptimizer,
                               double additionalBufferFactor = 1.5);
// deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs, gpus_factor = 1 / nodes:
//   offload_param and offload_optimizer: Ψ · 18 · gpus_factor · factor (zero_init), else
//                                        Ψ · max(4 · GPUs per node, 18 · gpus_factor) · factor
//   offload_optimizer only: the same with 16;  none: largest layer · 4 · GPUs per node · factor
//                                                    (zero_init), else Ψ · 4 · GPUs per node · factor
double deepSpeedZero3HostBytes(double parameters, double largestLayer, int gpusPerNode, int nodes,
                               bool offloadOptimizer, bool offloadParameters, bool zeroInit,
                               double additionalBufferFactor = 1.5);

} // namespace core
