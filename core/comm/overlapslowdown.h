// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Compute that runs beside a collective is slower than compute alone: NCCL's kernels hold SMs (one block
// per channel), L2 and HBM bandwidth while they move data, so the GEMMs and attention kernels next to
// them get fewer of each. Lee et al., "Characterizing Compute-Communication Overlap in GPU-Accelerated
// Distributed Deep Learning: Performance and Power Implications" (arXiv 2507.03114, 2025), measured GPT and
// Llama layers on A100 and H100 (and AMD MI250/MI210): overlapped compute took 18.9 % longer on average
// than the same compute alone (at most 40 %). Meshwright takes that average as the rate of any compute
// while a collective runs on its own stream beside it (data-parallel buckets, FSDP's gathers and
// reduce-scatters, a hidden CP ring or all-to-all, TransformerEngine's overlapped TP collectives); copies
// to host memory run on the copy engines and do not slow it (Agrawal et al., arXiv 2412.14335: DMA-based
// collectives avoid the interference). docs/data-parallel-overlap.md, "Compute beside a collective".

#include <span>

namespace core {

inline constexpr double kOverlapComputeSlowdown = 0.189;

struct TimeInterval
{
    double start = 0;
    double end = 0;
};

// When `work` seconds of compute (as it would take alone) started at `start` end while the collectives of
// `busy` (sorted by start, not overlapping each other) run: at 1 / (1 + kOverlapComputeSlowdown) of its
// speed while one does.
double contendedEnd(double start, double work, std::span<const TimeInterval> busy);

// What a collective of `comm` seconds that starts with `work` seconds of compute adds to that compute: the
// compute runs slowed for as long as both run. 0 when either is 0.
double overlapSlowdownSeconds(double comm, double work);

// Seconds during which both sets of intervals (each sorted by start, not overlapping within itself) run.
double concurrentSeconds(std::span<const TimeInterval> a, std::span<const TimeInterval> b);

} // namespace core
