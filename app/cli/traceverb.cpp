// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/traceverb.h"

#include "base/jsonparse.h"
#include "base/units.h"
#include "cli/cli.h"
#include "cli/textfile.h"
#include "cli/textreport.h"
#include "trace/profilertrace.h"
#include "trace/tracerecord.h"

#include <cstdio>
#include <filesystem>

namespace cli {

using namespace core;

namespace {

std::string seconds(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6f s", value);
    return text;
}

void writeSummary(std::ostream& out, const TraceSummary& s)
{
    out << "Device " << s.device;
    if (!s.deviceName.empty())
        out << ": " << s.deviceName;
    if (s.deviceMemoryBytes)
        out << ", " << formatBytes(*s.deviceMemoryBytes);
    out << "\n";
    if (s.worldSize) {
        out << "World: " << *s.worldSize << " ranks";
        if (s.rank)
            out << ", this is rank " << *s.rank;
        if (!s.ncclVersion.empty())
            out << ", NCCL " << s.ncclVersion;
        out << "\n";
    }
    for (const TraceProcessGroup& g : s.processGroups) {
        out << "  process group " << g.name;
        if (!g.description.empty())
            out << " (" << g.description << ")";
        out << ": " << g.size << " ranks\n";
    }
    out << "Steps: " << s.steps << ", mean " << seconds(s.stepSeconds) << "\n";
    out << "Kernels: " << s.kernels << ", busy " << seconds(s.kernelSeconds) << " over the trace, "
        << seconds(s.kernelSecondsPerStep) << " per step\n";
    out << "GEMM kernels: " << s.gemmKernels << ", " << seconds(s.gemmSeconds) << " over the trace, "
        << seconds(s.gemmSecondsPerStep) << " per step\n";
    out << "Collective        NCCL kernels     exposed    exposed per step\n";
    for (int k = 0; k < kTraceCollectiveCount; ++k) {
        if (s.communicationSeconds[k] == 0)
            continue;
        char line[128];
        std::snprintf(line, sizeof line, "  %-14s %12.6f s %10.6f s %12.6f s\n",
                      std::string(enumName(static_cast<TraceCollective>(k))).c_str(), s.communicationSeconds[k],
                      s.exposedCommunicationSeconds[k], s.exposedCommunicationSecondsPerStep[k]);
        out << line;
    }
    if (s.peakAllocatedBytes)
        out << "Peak allocated: " << formatBytes(*s.peakAllocatedBytes) << "\n";
    if (s.peakReservedBytes)
        out << "Peak reserved: " << formatBytes(*s.peakReservedBytes) << "\n";
}

} // namespace

std::string traceHelp()
{
    return "  trace TRACE.json[.gz] [--memory-stats STATS.json] [--record OUT.json] [--json]\n"
           "      What a PyTorch profiler trace measured on its lowest device: steps and step time, kernel\n"
           "      time, GEMM kernel time, NCCL time and its exposed part per collective kind, device and\n"
           "      world; --record writes it as a measured record (add it to a design with record add).\n";
}

int traceVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    std::optional<std::string> path, statsPath, recordPath;
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (arg == "--memory-stats")
            statsPath = args.value(arg);
        else if (arg == "--record")
            recordPath = args.value(arg);
        else if (!arg.starts_with("-") && !path)
            path = arg;
        else
            throw UsageError("trace: unknown argument '" + arg + "'");
    }
    if (!path)
        throw UsageError("trace needs a trace file (the JSON torch.profiler writes, plain or .gz)");
    TraceLoadResult result = readTraceFile(*path);
    if (!result.summary) {
        err << "meshwright-cli: " << *path << " is not a readable profiler trace:\n";
        writeDiagnostics(err, result.diagnostics);
        return kExitUsage;
    }
    if (statsPath) {
        const auto text = readText(*statsPath);
        if (!text) {
            err << "meshwright-cli: cannot read " << *statsPath << "\n";
            return kExitUsage;
        }
        std::vector<Diagnostic> problems;
        applyMemoryStats(*result.summary, *text, problems);
        if (hasErrors(problems)) {
            err << "meshwright-cli: " << *statsPath << " is not a torch.cuda.memory_stats() JSON:\n";
            writeDiagnostics(err, problems);
            return kExitUsage;
        }
    }
    if (!result.diagnostics.empty())
        writeDiagnostics(err, result.diagnostics);
    if (recordPath) {
        const std::string name = std::filesystem::path(*path).filename().string();
        if (const auto failure = writeAtomically(*recordPath, saveRecord(traceRecord(*result.summary, name)))) {
            err << "meshwright-cli: cannot write " << *recordPath << ": " << *failure << "\n";
            return kExitUsage;
        }
    }
    if (json)
        out << jsonText(traceSummaryToJson(*result.summary), 2) << "\n";
    else
        writeSummary(out, *result.summary);
    return kExitOk;
}

} // namespace cli
