// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The numbers the memory model assumes rather than derives, each named and with its source, so that an
// assumption can be read, questioned and changed in one place instead of hiding as a literal in a formula.

#include "base/units.h"

namespace core {

struct MemoryAssumptions
{
    // PyTorch's caching allocator keeps memory reserved that no tensor uses (fragmentation), and the CUDA
    // context, cuBLAS workspaces and NCCL's own allocations sit outside it. Training runs commonly show
    // max_memory_reserved 5–10 % above max_memory_allocated; Meshwright keeps 5 % of the capacity free.
    double allocatorReserveFraction = 0.05;
    // vLLM pre-allocates gpu_memory_utilization = 0.9 of the GPU by default (vllm/config.py) and leaves the
    // rest to the CUDA context, CUDA graphs and fragmentation.
    double servingMemoryUtilization = 0.9;

    // PyTorch DDP: bucket_cap_mb = 25 MiB, first bucket 1 MiB (torch/csrc/distributed/c10d/reducer.hpp).
    double ddpBucketBytes = 25.0 * kMiB;
    // gradient_as_bucket_view=False (PyTorch's default) copies every gradient into the flat all-reduce
    // buckets, so the buckets hold a second copy of all gradients (torch.nn.parallel.DistributedDataParallel
    // documentation: True saves "the total gradients size").
    bool ddpGradientAsBucketView = false;
    // Sharded data parallelism stages gradients in reduce-scatter buckets and parameters in all-gather
    // buckets of about this size, two at a time (one in flight, one being filled).
    double shardingBucketBytes = 25.0 * kMiB;

    // NCCL_BUFFSIZE is 4 MiB per channel (NCCL environment variables documentation); with up to 16
    // channels on NVLink that is 64 MiB of buffers per communicator a rank belongs to.
    double ncclBytesPerCommunicator = 16 * 4.0 * kMiB;

    // FSDP2 gathers one unit (here: one transformer layer) ahead of the one computing (forward prefetch),
    // so two units are unsharded at a time (torch fully_shard, set_modules_to_forward_prefetch).
    int fsdpUnitsGathered = 2;

    // Tokens per forward pass a serving engine plans its activation workspace for: vLLM's
    // max_num_batched_tokens for chunked prefill (8,192 in vLLM 0.8's defaults for online serving).
    double servingBatchTokens = 8192;
};

} // namespace core
