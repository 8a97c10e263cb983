// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/tracerecord.h"

#include <cmath>
#include <cstdio>

namespace core {

namespace {

Json byKind(const TraceSeconds& seconds)
{
    Json object = Json::object();
    for (int k = 0; k < kTraceCollectiveCount; ++k)
        object[std::string(enumName(static_cast<TraceCollective>(k)))] = seconds[k];
    return object;
}

std::string formatNumber(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

} // namespace

Json traceSummaryToJson(const TraceSummary& s)
{
    Json out{{"format", kTraceFormat},
             {"version", kTraceVersion},
             {"steps", s.steps},
             {"stepSeconds", s.stepSeconds},
             {"kernels", s.kernels},
             {"kernelSeconds", s.kernelSeconds},
             {"gemmKernels", s.gemmKernels},
             {"gemmSeconds", s.gemmSeconds},
             {"communicationSeconds", byKind(s.communicationSeconds)},
             {"exposedCommunicationSeconds", byKind(s.exposedCommunicationSeconds)},
             {"perStep",
              {{"kernelSeconds", s.kernelSecondsPerStep},
               {"gemmSeconds", s.gemmSecondsPerStep},
               {"communicationSeconds", byKind(s.communicationSecondsPerStep)},
               {"exposedCommunicationSeconds", byKind(s.exposedCommunicationSecondsPerStep)}}}};
    Json device{{"id", s.device}, {"name", s.deviceName}};
    device["memoryBytes"] = s.deviceMemoryBytes ? Json(*s.deviceMemoryBytes) : Json(nullptr);
    out["device"] = std::move(device);
    Json world = Json::object();
    world["rank"] = s.rank ? Json(*s.rank) : Json(nullptr);
    world["size"] = s.worldSize ? Json(*s.worldSize) : Json(nullptr);
    world["backend"] = s.backend;
    world["ncclVersion"] = s.ncclVersion;
    Json groups = Json::array();
    for (const TraceProcessGroup& g : s.processGroups)
        groups.push_back({{"name", g.name}, {"description", g.description}, {"size", g.size}, {"ranks", g.ranks}});
    world["processGroups"] = std::move(groups);
    out["world"] = std::move(world);
    Json memory = Json::object();
    memory["peakAllocatedBytes"] = s.peakAllocatedBytes ? Json(*s.peakAllocatedBytes) : Json(nullptr);
    memory["peakReservedBytes"] = s.peakReservedBytes ? Json(*s.peakReservedBytes) : Json(nullptr);
    out["memory"] = std::move(memory);
    return out;
}

MeasuredRecord traceRecord(const TraceSummary& s, const std::string& name)
{
    MeasuredRecord record;
    record.name = name;
    record.date = s.date;
    if (!s.ncclVersion.empty())
        record.identity.runtime = "NCCL " + s.ncclVersion;
    if (s.worldSize || !s.deviceName.empty()) {
        std::string topology = s.worldSize ? std::to_string(*s.worldSize) + " ranks" : std::string();
        if (!s.deviceName.empty())
            topology += (topology.empty() ? "" : " × ") + s.deviceName;
        if (s.deviceMemoryBytes)
            topology += formatNumber(" (%.1f GiB)", *s.deviceMemoryBytes / double(1ull << 30));
        record.identity.topology = topology;
    }
    record.stepSeconds = s.stepSeconds;
    const auto visible = [&](TraceCollective kind) -> std::optional<double> {
        return s.exposedCommunicationSecondsPerStep[static_cast<int>(kind)];
    };
    record.visible.allReduce = visible(TraceCollective::AllReduce);
    record.visible.allGather = visible(TraceCollective::AllGather);
    record.visible.reduceScatter = visible(TraceCollective::ReduceScatter);
    record.visible.allToAll = visible(TraceCollective::AllToAll);
    record.visible.p2p = visible(TraceCollective::PointToPoint);
    if (s.peakAllocatedBytes)
        record.peakMemoryBytes = *s.peakAllocatedBytes;

    std::string notes = "From a PyTorch profiler trace: device " + std::to_string(s.device);
    if (s.rank)
        notes += " of rank " + std::to_string(*s.rank);
    notes += ", " + std::to_string(s.steps) + " steps, kernels busy "
           + formatNumber("%.6g", s.kernelSecondsPerStep) + " s per step.";
    for (TraceCollective kind : {TraceCollective::Broadcast, TraceCollective::Reduce}) {
        const double exposed = s.exposedCommunicationSecondsPerStep[static_cast<int>(kind)];
        if (exposed > 0)
            notes += " Visible " + std::string(enumName(kind)) + ": " + formatNumber("%.6g", exposed) + " s per step.";
    }
    if (s.peakReservedBytes)
        notes += " Peak reserved " + formatNumber("%.0f", *s.peakReservedBytes) + " bytes.";
    record.notes = notes;
    return record;
}

} // namespace core
