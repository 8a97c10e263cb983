// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// PyTorch DDP gradient buckets and when their all-reduces run (pytorch/pytorch: torch/csrc/distributed/
// c10d/reducer.cpp, reducer.hpp, docs/source/notes/ddp.rst; docs/data-parallel-overlap.md).

#include <vector>

namespace core {

// reducer.hpp: kDefaultBucketBytesCap = 25 MiB (bucket_cap_mb = 25 is MiB, not MB), kDefaultFirstBucketBytes
// = 1 MiB.
inline constexpr double kDdpBucketCapBytes = 25.0 * 1024 * 1024;
inline constexpr double kDdpFirstBucketBytes = 1024.0 * 1024;

struct DdpBucket
{
    std::vector<int> tensors; // indices into the tensor list, in order
    double bytes = 0;
    bool operator==(const DdpBucket&) const = default;
};

// compute_bucket_assignment_by_size: walk the tensors in order (after the first iteration's rebuild, the
// order in which their gradients became ready) and close a bucket as soon as it holds at least the current
// limit, so its last tensor may take it past the limit; the limits are used in turn and the last one
// repeats ([1 MiB, 25 MiB] → 1 MiB, 25 MiB, 25 MiB, …). No limits: one bucket (DDP's first iteration,
// bucket_size_limits = [sys.maxsize]). One dtype and device assumed.
std::vector<DdpBucket> assignDdpBuckets(const std::vector<double>& tensorBytes,
                                        const std::vector<double>& limits
                                        = {kDdpFirstBucketBytes, kDdpBucketCapBytes});

// The all-reduces on the communication stream: DDP launches them in bucket order once a bucket's gradients
// are all ready, so AR_k starts at max(ready_k, end of AR_{k−1}). Exposed communication is what runs past
// the end of backward.
struct DdpOverlap
{
    std::vector<double> startSeconds;
    std::vector<double> endSeconds;
    double exposedSeconds = 0;
};
DdpOverlap ddpOverlap(const std::vector<double>& bucketReadySeconds,
                      const std::vector<double>& allReduceSeconds, double backwardEndSeconds);

} // namespace core
