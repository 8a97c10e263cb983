// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The largest values Meshwright accepts. They are far beyond any real design and keep every computation
// finite and every allocation small; a value beyond them is a clear message, never an overflow.

#include <cstdint>

namespace core::limits {

inline constexpr int kMaxDegree = 65536;
inline constexpr std::int64_t kMaxWorldSize = 262144; // 256 Ki ranks
inline constexpr int kMaxNodes = 65536;
inline constexpr int kMaxGpusPerNode = 1024;
// A node's RAM, bytes: 1 PiB, far above any server (DGX B200: 4 TB at most).
inline constexpr double kMaxHostMemoryBytes = 1125899906842624.0;
// GPUs in one cluster, in service or not: no layout can use more than kMaxWorldSize of them.
inline constexpr std::int64_t kMaxGpus = kMaxWorldSize;
inline constexpr int kMaxLayers = 100000;
inline constexpr std::int64_t kMaxHidden = std::int64_t{1} << 20;
inline constexpr std::int64_t kMaxFfn = std::int64_t{1} << 24;
inline constexpr int kMaxHeads = 65536;
inline constexpr std::int64_t kMaxHeadDim = 65536;
inline constexpr std::int64_t kMaxVocab = 100000000;
inline constexpr int kMaxExperts = 65536;
inline constexpr double kMaxParameters = 1e15;
inline constexpr std::int64_t kMaxSequence = std::int64_t{1} << 30;
inline constexpr std::int64_t kMaxBatch = 1000000000;
inline constexpr int kMaxMicroBatch = 1000000;
inline constexpr int kMaxVirtualStages = 1024;
inline constexpr int kMaxConcurrency = 10000000;
// Compute operations of one simulated pipeline schedule (ranks × virtual stages × micro-batches × F/B/W).
// Measured at this size: the timeline takes about 55 MB, its JSON (scheduleToJson) about 0.5 GB; at
// 4 million operations the JSON alone passed 2 GB.
inline constexpr std::int64_t kMaxPipelineOps = 1000000;

// Layouts one search evaluates (sets of degrees × ZeRO stages × micro-batches × virtual stages ×
// recomputation). The default space on the default example is 28 sets of degrees × 144 = 4,032 at any
// cluster size; each costs time in proportion to the ranks, which kMaxWorldSize bounds.
inline constexpr std::int64_t kMaxSearchCombinations = 200000;

// Any one duration (a stage's forward time, a link latency, a measured step): about 31.7 years. A
// million of them still sum to a finite number of seconds.
inline constexpr double kMaxSeconds = 1e9;

// A link: from 1 MB/s (a slow management network) to 1 PB/s, far beyond any NVLink generation; a latency
// of up to one second. Zero or negative bandwidth, negative latency: the step would get faster.
inline constexpr double kMinLinkBandwidthGBps = 1e-3;
inline constexpr double kMaxLinkBandwidthGBps = 1e6;
inline constexpr double kMaxLinkLatencyUs = 1e6;

// Nesting of arrays and objects in a document read from a file: a design nests about six deep; 256 keeps
// every recursive walk of a document (copy, compare, write) far from the stack's end.
inline constexpr int kMaxJsonDepth = 256;

} // namespace core::limits
