// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzentries.h"

#include "comm/ncclimport.h"
#include "design/designio.h"
#include "design/measuredrecord.h"
#include "launch/launchimport.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace fuzz {

namespace {

[[noreturn]] void broken(const char* target, const char* property, const std::string& detail = {})
{
    std::fprintf(stderr, "%s: %s\n%s\n", target, property, detail.c_str());
    std::abort();
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
    static const core::Design base = *core::exampleDesign(core::kDefaultExample);
    for (const core::LaunchFormat format : core::enumValues<core::LaunchFormat>()) {
        const core::LaunchImport imported = core::importLaunch(format, bytes, base);
        for (const core::Diagnostic& d : imported.diagnostics)
            if (d.isError() && d.path.empty() && d.code != "io-parse" && d.code != "launch-syntax")
                broken("launch", "an error without a place in the file", d.code + ": " + d.message());
        if (imported.ok()
            && imported.design->layout.worldSize() != imported.design->cluster.inServiceGpuCount())
            broken("launch", "an imported design does not fill the cluster",
                   core::saveDesign(*imported.design));
        if (imported.ok() == core::hasErrors(imported.diagnostics))
            broken("launch", "a design and an error, or neither");
    }
}

const std::vector<Target>& targets()
{
    static const std::vector<Target> all{
        {"design", designLoader},
        {"record", recordLoader},
        {"nccltests", ncclTestsParser},
        {"launch", launchImporter},
    };
    return all;
}

} // namespace fuzz
