// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What CPU offload costs a training step (docs/offload.md). The optimizer states live in host memory, so
// the optimizer runs on the CPU and the states cross the GPU's host link:
//
// - optimizer offload (DeepSpeed offload_optimizer, Megatron --optimizer-cpu-offload): after the last
//   backward the rank's gradient partition goes to the host (hidden under that micro-batch's backward
//   but for what outlasts it: ZeRO-Offload, Ren et al. 2021, §4.1), the CPU updates the partition, bound
//   by host memory bandwidth (DeepSpeed's cpu_adam streams the FP32 master weights, both moments and the
//   FP32 gradient, and writes the 16-bit weights), and the updated 16-bit partition comes back before the
//   next forward;
// - parameter offload (DeepSpeed offload_param, FSDP2 CPUOffloadPolicy; ZeRO-3): the 16-bit partition is
//   fetched for every forward and every backward and the gradients leave after each backward, prefetched
//   under the micro-batch's compute, so only what outlasts the compute is visible; the CPU step as above,
//   nothing to upload after it.
//
// The slowest pipeline rank counts. The links and host memory are the GPU's (catalog: hostLinkGBps per
// direction, hostMemoryGBpsPerGpu its share of the reference server's DRAM bandwidth).

#include "design/design.h"

namespace core {

struct PlacedLayout; // placedlayout.h
struct StageTimes; // stagetime.h

// Share of a server's DRAM channel bandwidth a streaming kernel reaches (McCalpin's STREAM triad on
// two-socket servers: about 70 %); DeepSpeed's cpu_adam is such a stream.
inline constexpr double kHostMemoryEfficiency = 0.70;

struct OffloadTime
{
    double parameters = 0; // parameters the slowest rank updates on the host
    double cpuStepSeconds = 0; // the optimizer on the CPU
    double uploadSeconds = 0; // the updated 16-bit partition back to the GPU (optimizer offload)
    double transferExposedSeconds = 0; // host transfers the compute does not hide, over the step
    double hostLinkBandwidth = 0; // the slowest rank's, bytes/s per direction, before efficiency
    double hostMemoryBandwidth = 0; // its share of host DRAM bandwidth, bytes/s, before efficiency
    double total() const { return cpuStepSeconds + uploadSeconds + transferExposedSeconds; }
};

// Host bytes the CPU optimizer streams per parameter: reads and writes the FP32 master weights and the
// moments, reads the FP32 gradient, writes the 16-bit weights (DeepSpeed csrc/includes/cpu_adam.h Step).
double hostOptimizerBytesPerParameter(const Design& design);

// Zero for a design without offload, or whose GPUs' host link or memory is not known.
OffloadTime offloadTime(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                        double microBatches);

} // namespace core
