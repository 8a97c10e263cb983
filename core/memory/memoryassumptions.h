// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The numbers the memory model assumes rather than derives, each named and with its source, so that an
// assumption can be read, questioned and changed in one place instead of hiding as a literal in a formula.
// What differs between frameworks (the reserve, buckets, gathered layers, a serving engine's budget) is in
// the framework's profile (framework/frameworkprofile.h).

#include "base/units.h"

namespace core {

struct MemoryAssumptions
{
    // PyTorch DDP: bucket_cap_mb = 25 MiB, first bucket 1 MiB (torch/csrc/distributed/c10d/reducer.hpp).
    double ddpBucketBytes = 25.0 * kMiB;
    // gradient_as_bucket_view=False (PyTorch's default) copies every gradient into the flat all-reduce
    // buckets, so the buckets hold a second copy of all gradients (torch.nn.parallel.DistributedDataParallel
    // documentation: True saves "the total gradients size").
    bool ddpGradientAsBucketView = false;

    // NCCL_BUFFSIZE is 4 MiB per channel (NCCL environment variables documentation); with up to 16
    // channels on NVLink that is 64 MiB of buffers per communicator a rank belongs to.
    double ncclBytesPerCommunicator = 16 * 4.0 * kMiB;
};

} // namespace core
