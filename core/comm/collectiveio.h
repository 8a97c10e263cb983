// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A collective as JSON: the stable contract of the command line's collective output (keys are only
// ever added, never renamed or removed), and the request it reads.
//
// {"format": "meshwright.collective", "version": 1, "op", "algorithm", "model", "ranks", "ranksPerNode",
//  "bytes", "chunks", "timeSeconds", "latencySeconds", "bandwidthSeconds", "reductionSeconds",
//  "algBandwidth", "busBandwidth", "busFactor", "steps": [{"index", "phase", "seconds",
//  "sends": [{"from", "to", "chunk", "toChunk", "reduce", "channel"}], "after": [[[int]]]}],
//  "diagnostics": [...]}
// Times in seconds, bandwidths in bytes/s, sizes in bytes. "steps" is empty without a trace. "after" is
// what each rank's buffer holds once the step is done: after[rank][slot] lists the ranks whose
// contributions that slot holds (summed, for a reduction), ascending; [] is an empty slot.

#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "base/jsonreader.h"

namespace core {

inline constexpr std::string_view kCollectiveFormat = "meshwright.collective";
inline constexpr int kCollectiveVersion = 1;

// The trace may be null (costs only, e.g. beyond kMaxTraceRanks); its diagnostics are reported too.
Json collectiveToJson(const CollectiveSpec& spec, CostModel model, const CollectiveCost& cost,
                      const CollectiveTrace* trace, const CollectiveLinks& links);

// Reads {"op", "algorithm", "ranks", "bytes", "chunks", "ranksPerNode", "source", "destination"}; "op" and
// "ranks" and "bytes" are required, the algorithm defaults to the op's first (algorithmsFor).
CollectiveSpec readCollectiveSpec(const Json& value, ReadContext& context);

} // namespace core
