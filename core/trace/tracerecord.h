// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A trace's summary as JSON (the object `meshwright-cli trace --json` prints) and as a measured record of
// the design (docs/measured-records.md).

#include "design/measuredrecord.h"
#include "trace/profilertrace.h"

namespace core {

inline constexpr std::string_view kTraceFormat = "meshwright.trace";
inline constexpr int kTraceVersion = 1;

// {"format", "version", "steps", "stepSeconds", "kernels", "kernelSeconds", "communicationSeconds"{kind},
//  "exposedCommunicationSeconds"{kind}, "perStep"{…}, "device"{…}, "world"{…}, "memory"{…}}: totals over
// the whole trace, seconds; the README's "Trace JSON" table documents every key.
Json traceSummaryToJson(const TraceSummary& summary);

// The record a trace makes: step time, visible time per collective per step (inside the ProfilerStep
// windows), peak memory (the allocator's peak allocated bytes, as torch.cuda.max_memory_allocated
// reports) and an identity filled from the trace (runtime: NCCL version; topology: world size and GPU).
// Broadcast and Reduce have no place among the record's kinds and are named in the notes.
MeasuredRecord traceRecord(const TraceSummary& summary, const std::string& name);

} // namespace core
