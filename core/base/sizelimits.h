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

} // namespace core::limits
