// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Calibration from measurements: read the table nccl-tests prints (all_reduce_perf, all_gather_perf, …)
// and fit the bandwidth and per-hop latency of the link tier it ran on, for Meshwright's α–β model.
//
// nccl-tests prints one row per message size (doc/PERFORMANCE.md):
//        size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong
//         (B) (elems)                    (us) (GB/s) (GB/s)          (us) (GB/s) (GB/s)
// the first group out of place, the second in place. busbw = algbw × the operation's bus factor
// (2(n−1)/n for all-reduce, (n−1)/n for all-gather, reduce-scatter and all-to-all), which is the
// bandwidth each link carries in a ring — the β of the α–β model.

#include "comm/collective.h"
#include "base/diagnostic.h"
#include "catalog/hardware.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct NcclTestRow
{
    double bytes = 0; // S: the size column
    double seconds = 0; // out-of-place time
    double algBandwidth = 0; // bytes/s
    double busBandwidth = 0; // bytes/s
};

struct NcclTestTable
{
    int ranks = 0; // from the "#  Rank  n Group …" lines; 0 when the output does not list them
    std::vector<NcclTestRow> rows;
    std::vector<Diagnostic> diagnostics;
};

NcclTestTable parseNcclTests(std::string_view text);

struct LinkFit
{
    double bandwidth = 0; // bytes/s per GPU and direction: the bus bandwidth of the largest messages
    double latency = 0; // seconds per ring step: the smallest messages' time over the ring's steps
    int steps = 0; // ring steps of the operation on the ranks
    double largestBytes = 0;
    double smallestSeconds = 0;
};

// Bandwidth: the median bus bandwidth of the three largest messages (where α no longer matters).
// Latency: the smallest message's time divided by the ring steps the operation takes (2(n−1) for
// all-reduce, n−1 for all-gather and reduce-scatter) — NCCL's own model prices a ring the same way
// (src/graph/tuning.cc: latency = base + nsteps × per-hop latency).
LinkFit fitLink(const NcclTestTable& table, CollectiveOp op, int ranks);

// A link spec carrying the fitted numbers in place of `base` (same id and class), with a source that
// says where they come from.
LinkSpec calibratedLink(const LinkSpec& base, const LinkFit& fit, const std::string& source);

} // namespace core
