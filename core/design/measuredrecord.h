// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What was measured on a real run of a layout, next to what Meshwright predicted. The fields are the
// reference article's list of what to record for every candidate layout (docs/measured-records.md): model,
// code, runtime and topology identity; global and local batch and sequence lengths; peak memory by category;
// useful tokens per second and MFU; visible time per collective; input stalls, checkpoint time, restarts;
// loss or serving-output parity with the baseline. Every measurement is optional: a record holds what was
// measured, nothing is made up.
//
// A design carries its records ("records" in the design document); a record also stands alone as a
// document of its own ("format": "meshwright.record", resources/schema/record.schema.json), which is how a
// training job hands one over.

#include "base/enumnames.h"
#include "base/jsonreader.h"
#include "memory/memorycategory.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace core {

inline constexpr std::string_view kRecordFormat = "meshwright.record";
inline constexpr int kRecordVersion = 1;

struct RecordIdentity
{
    std::string model; // "meta-llama/Llama-3.1-70B"
    std::string code; // commit or version of the training or serving code
    std::string runtime; // "PyTorch 2.5.1, Megatron-Core 0.13, NCCL 2.21"
    std::string topology; // "64 × 8 H100 SXM, NVLink 4, IB NDR 400"
    bool operator==(const RecordIdentity&) const = default;
};

// Seconds per step in which a collective kind ran without compute hiding it (the reference article's
// «sichtbare Zeit»).
struct VisibleCommunication
{
    std::optional<double> allReduce, allGather, reduceScatter, allToAll, p2p;
    bool operator==(const VisibleCommunication&) const = default;
};

struct Parity
{
    std::string baseline; // the run compared with
    std::string metric; // "loss", "serving output"
    std::optional<double> difference; // metric − baseline
    std::optional<bool> withinTolerance;
    bool operator==(const Parity&) const = default;
};

struct MeasuredRecord
{
    std::string name;
    std::string date; // ISO 8601, as written
    RecordIdentity identity;
    std::optional<std::int64_t> globalBatch, microBatch, sequenceLength;
    // Peak bytes of the fullest GPU, in total and by the memory model's categories where the profiler split
    // them (torch.cuda.memory_stats, the memory snapshot).
    std::optional<double> peakMemoryBytes;
    std::array<std::optional<double>, kMemoryCategoryCount> peakMemoryByCategory{};
    std::optional<double> stepSeconds, tokensPerSecond, mfu;
    // Serving: seconds to the first token of a request and between two further tokens (the reference
    // article, «Training und Serving brauchen getrennte Entscheidungen»: training tokens per second say
    // nothing about either).
    std::optional<double> timeToFirstTokenSeconds, interTokenSeconds;
    VisibleCommunication visible;
    std::optional<double> inputStallSeconds, checkpointSeconds; // per step, and per checkpoint written
    std::optional<int> restarts;
    std::optional<Parity> parity;
    std::string notes;
    bool operator==(const MeasuredRecord&) const = default;
};

// The record a view shows when a design carries several: the newest by date (ISO 8601 compares as text),
// of equal dates the one added last; nullptr for none.
const MeasuredRecord* newestRecord(const std::vector<MeasuredRecord>& records);

// The record the views compare with: `chosen` (an index into `records`) when it names one, else the newest.
const MeasuredRecord* comparedRecord(const std::vector<MeasuredRecord>& records, std::optional<int> chosen);

// The record object (inside a design's "records" or a record document's body). Problems go to `context`
// with pointers under `pointer`; out-of-range numbers (negative times, an MFU above 1) are errors.
MeasuredRecord recordFromJson(const Json& value, const std::string& pointer, ReadContext& context);
Json recordToJson(const MeasuredRecord& record);

struct RecordLoadResult
{
    std::optional<MeasuredRecord> record;
    std::vector<Diagnostic> diagnostics;
};
// A record document: {"format": "meshwright.record", "version": 1, …the record…}.
RecordLoadResult loadRecord(std::string_view text);
std::string saveRecord(const MeasuredRecord& record);

} // namespace core
