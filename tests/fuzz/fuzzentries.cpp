// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzentries.h"

#include "base/jsonparse.h"
#include "catalog/hfconfig.h"
#include "comm/ncclimport.h"
#include "design/designio.h"
#include "design/measuredrecord.h"
#include "launch/launchimport.h"
#include "trace/profilertrace.h"
#include "trace/tracerecord.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

namespace fuzz {

namespace {

[[noreturn]] void broken(const char* target, const char* property, const std::string& detail = {})
{
    std::fprintf(stderr, "%s: %s\n%s\n", target, property, detail.c_str());
    std::abort();
}

// A design that loaded must save to text that loads again to a design that means the same.
void checkSavesAndReloads(const char* target, const core::Design& design)
{
    const std::string saved = core::saveDesign(design);
    const core::LoadResult again = core::loadDesign(saved);
    if (!again.ok())
        broken(target, "a design saved to a file that does not load",
               saved + "\n" + again.diagnostics.front().code + " " + again.diagnostics.front().path + ": "
                   + again.diagnostics.front().message());
    core::Design a = design, b = *again.design;
    a.unknown = b.unknown = core::Json::object();
    if (!(a == b))
        broken(target, "the reloaded design differs from the saved one", saved);
}

// Every error says where: a JSON pointer or line, or (for a document that is not JSON) the parser's line
// and column in its arguments. The empty pointer is the whole document (RFC 6901): a root that is not an
// object is an io-type error there, and its message says "the document".
void checkErrorsLocated(const char* target, const std::vector<core::Diagnostic>& diagnostics,
                        std::initializer_list<std::string_view> unlocatedCodes)
{
    for (const core::Diagnostic& d : diagnostics) {
        if (!d.isError() || !d.path.empty() || d.code == "io-type")
            continue;
        bool allowed = false;
        for (const std::string_view code : unlocatedCodes)
            allowed = allowed || d.code == code;
        if (!allowed)
            broken(target, "an error without a place in the file", d.code + ": " + d.message());
    }
}

} // namespace

void designLoader(std::string_view bytes)
{
    const core::LoadResult first = core::loadDesign(bytes);
    if (!first.ok())
        return;
    const std::string saved = core::saveDesign(*first.design);
    const core::LoadResult second = core::loadDesign(saved);
    if (!second.ok())
        broken("design", "a design that loaded saved to a file that does not load", saved);
    // Unknown keys whose parent no longer exists are dropped on the first save; what counts is that the
    // design itself means the same and that a second save changes nothing.
    core::Design a = *first.design, b = *second.design;
    a.unknown = b.unknown = core::Json::object();
    if (!(a == b))
        broken("design", "the reloaded design differs from the loaded one", saved);
    if (core::saveDesign(*second.design) != saved)
        broken("design", "saving the reloaded design changed the text", saved);
}

void recordLoader(std::string_view bytes)
{
    const core::RecordLoadResult first = core::loadRecord(bytes);
    if (!first.record)
        return;
    const std::string saved = core::saveRecord(*first.record);
    const core::RecordLoadResult second = core::loadRecord(saved);
    if (!second.record)
        broken("record", "a record that loaded saved to a file that does not load", saved);
    if (!(*second.record == *first.record))
        broken("record", "the reloaded record differs from the loaded one", saved);
}

void ncclTestsParser(std::string_view bytes)
{
    const core::NcclTestTable table = core::parseNcclTests(bytes);
    for (const core::NcclTestRow& row : table.rows)
        if (!std::isfinite(row.bytes) || !std::isfinite(row.seconds) || !(row.seconds > 0)
            || !std::isfinite(row.busBandwidth) || row.busBandwidth < 0)
            broken("nccl-tests", "a row with a value that is not finite and positive was kept");
    for (const core::CollectiveOp op : {core::CollectiveOp::AllReduce, core::CollectiveOp::AllGather})
        for (int ranks : {0, 2, 8, 65536}) {
            const core::LinkFit fit = core::fitLink(table, op, ranks);
            if (!std::isfinite(fit.bandwidth) || !std::isfinite(fit.latency) || fit.latency < 0)
                broken("nccl-tests", "the fit is not finite");
        }
}

void launchImporter(std::string_view bytes)
{
    // A fixed list, so that an input in the corpus keeps its meaning when examples are added.
    static const std::vector<core::Design> bases = [] {
        std::vector<core::Design> designs;
        for (const char* id : {"default", "fsdp-1node-8gpu", "serving-70b-tp4x2", "teaching-4gpu",
                               "mixtral-8x7b-ep8", "gb200-nvl72-405b", "seed-70b-32k-512gpu",
                               "seed-70b-32k-512gpu-alt"})
            designs.push_back(*core::exampleDesign(id));
        return designs;
    }();
    static const std::vector<core::LaunchFormat> formats = core::enumValues<core::LaunchFormat>();
    if (bytes.empty())
        return;
    const auto first = static_cast<unsigned char>(bytes.front());
    const core::LaunchFormat format = formats[first % formats.size()];
    const core::Design& base = bases[first / formats.size() % bases.size()];
    const core::LaunchImport imported = core::importLaunch(format, bytes.substr(1), base);
    checkErrorsLocated("launch", imported.diagnostics, {"io-parse", "launch-syntax"});
    if (imported.ok() == core::hasErrors(imported.diagnostics))
        broken("launch", "a design and an error, or neither");
    if (!imported.ok())
        return;
    if (imported.design->layout.worldSize() != imported.design->cluster.inServiceGpuCount())
        broken("launch", "an imported design does not fill the cluster", core::saveDesign(*imported.design));
    checkSavesAndReloads("launch", *imported.design);
}

void hfConfigImporter(std::string_view bytes)
{
    static const core::Design base = *core::exampleDesign(core::kDefaultExample);
    const core::HfImportResult imported = core::importHfConfig(bytes);
    checkErrorsLocated("hfconfig", imported.diagnostics, {"io-parse"});
    if (imported.model.has_value() == core::hasErrors(imported.diagnostics))
        broken("hfconfig", "a model and an error, or neither");
    if (!imported.model)
        return;
    core::Design design = base;
    design.model = *imported.model;
    checkSavesAndReloads("hfconfig", design);
}

void traceImporter(std::string_view bytes)
{
    const core::TraceLoadResult loaded = core::readTraceText(bytes);
    checkErrorsLocated("trace", loaded.diagnostics, {"io-parse"});
    if (loaded.summary.has_value() == core::hasErrors(loaded.diagnostics))
        broken("trace", "a summary and an error, or neither");
    core::TraceSummary summary = loaded.summary.value_or(core::TraceSummary{});
    std::vector<core::Diagnostic> statsDiagnostics;
    core::applyMemoryStats(summary, bytes, statsDiagnostics);
    checkErrorsLocated("trace", statsDiagnostics, {"io-parse"});
    if (!loaded.summary)
        return;
    const core::TraceSummary& s = *loaded.summary;
    const auto figure = [](double x) { return std::isfinite(x) && x >= 0; };
    bool finite = figure(s.stepSeconds) && figure(s.kernelSeconds) && figure(s.kernelSecondsPerStep)
        && figure(s.gemmSeconds) && figure(s.gemmSecondsPerStep) && s.gemmSeconds <= s.kernelSeconds
        && s.gemmKernels <= s.kernels;
    for (int k = 0; k < core::kTraceCollectiveCount; ++k)
        finite = finite && figure(s.communicationSeconds[k]) && figure(s.exposedCommunicationSeconds[k])
              && figure(s.communicationSecondsPerStep[k]) && figure(s.exposedCommunicationSecondsPerStep[k]);
    if (!finite)
        broken("trace", "a figure of the summary is not finite and non-negative, or GEMMs exceed all kernels",
               core::jsonText(core::traceSummaryToJson(s)));
    const std::string saved = core::saveRecord(core::traceRecord(s, "trace.json"));
    const core::RecordLoadResult record = core::loadRecord(saved);
    if (!record.record)
        broken("trace", "the record a trace makes saves to a file that does not load",
               saved + "\n" + record.diagnostics.front().code + " " + record.diagnostics.front().path);
}

const std::vector<Target>& targets()
{
    static const std::vector<Target> all{
        {"design", designLoader},
        {"record", recordLoader},
        {"nccltests", ncclTestsParser},
        {"launch", launchImporter},
        {"hfconfig", hfConfigImporter},
        {"trace", traceImporter},
    };
    return all;
}

} // namespace fuzz
