// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/calibrateverb.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "catalog/presetio.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textfile.h"
#include "cli/textreport.h"
#include "comm/ncclimport.h"
#include "compute/kerneltable.h"
#include "design/designio.h"
#include "performance/computecalibration.h"
#include "trace/profilertrace.h"

#include <algorithm>
#include <filesystem>

namespace cli {

using namespace core;

std::string calibrateLinkHelp()
{
    return "  calibrate-link NCCL_TESTS.txt --op allreduce|allgather|reducescatter|alltoall --link ID\n"
           "                 [--ranks N] [--design DESIGN.json -o OUT.json] [--json]\n"
           "      Fit a link's bandwidth and per-hop latency from an nccl-tests table; with --design, write\n"
           "      the design with the calibrated link (it replaces the preset of that id).\n";
}

int calibrateLinkVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    std::string file, linkId, designPath, outputPath;
    std::optional<CollectiveOp> op;
    int ranks = 0;
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--op") {
            const std::string name = args.value(arg);
            op = enumFromName<CollectiveOp>(name);
            if (!op)
                throw UsageError("--op must be one of " + enumNameList<CollectiveOp>(", ") + ", not '" + name
                                 + "'");
        } else if (arg == "--link")
            linkId = args.value(arg);
        else if (arg == "--ranks")
            ranks = static_cast<int>(args.integer(arg, 2, 1 << 20));
        else if (arg == "--design")
            designPath = args.value(arg);
        else if (arg == "-o" || arg == "--output")
            outputPath = args.value(arg);
        else if (arg == "--json")
            json = true;
        else if (!arg.starts_with("-") && file.empty())
            file = arg;
        else
            throw UsageError("calibrate-link: unknown argument '" + arg + "'");
    }
    if (file.empty() || !op || linkId.empty())
        throw UsageError("calibrate-link needs an nccl-tests file, --op and --link");
    if (!designPath.empty() && outputPath.empty())
        throw UsageError("calibrate-link --design needs -o OUT.json for the calibrated design");
    // --link names the preset the measurement calibrates: the built-in one, which the calibrated link
    // replaces in the design (even one calibrated before).
    const LinkSpec* base = Catalog::builtin().link(linkId);
    if (!base)
        throw UsageError("--link: unknown link '" + linkId + "' (presets: " + Catalog::builtin().linkIds()
                         + ")");

    const auto text = readText(file);
    if (!text) {
        err << "meshwright-cli: cannot read " << file << "\n";
        return kExitUsage;
    }
    const NcclTestTable table = parseNcclTests(*text);
    if (hasErrors(table.diagnostics)) {
        writeDiagnostics(err, table.diagnostics);
        return kExitUsage;
    }
    if (ranks == 0)
        ranks = table.ranks;
    if (ranks < 2)
        throw UsageError("the file does not list its ranks; give --ranks N");
    const LinkFit fit = fitLink(table, *op, ranks);
    std::string source
        = "nccl-tests " + std::string(enumName(*op)) + " on " + std::to_string(ranks) + " ranks (";
    source += std::filesystem::path(file).filename().string();
    source += "): busbw of the largest messages, smallest time over ";
    source += std::to_string(fit.steps);
    source += " ring steps";
    const LinkSpec link = calibratedLink(*base, fit, source);
    // The fitted link must be one a design can hold, or the design written below would not load again.
    std::vector<Diagnostic> outOfRange;
    const auto check = [&](const char* what, double value, double min, double max) {
        if (!(value >= min && value <= max))
            outOfRange.push_back(makeDiagnostic(diag::kValueRange, "",
                                                {what, formatNumber(min, 6), formatNumber(max, 6),
                                                 formatNumber(value, 6)}));
    };
    check("The fitted bandwidth (GB/s)", link.bandwidth / kGB, limits::kMinLinkBandwidthGBps,
          limits::kMaxLinkBandwidthGBps);
    check("The fitted latency (µs)", link.latency * 1e6, 0, limits::kMaxLinkLatencyUs);
    if (!outOfRange.empty()) {
        writeDiagnostics(err, outOfRange);
        return kExitUsage;
    }

    if (!designPath.empty()) {
        const auto designText = readText(designPath);
        if (!designText) {
            err << "meshwright-cli: cannot read " << designPath << "\n";
            return kExitUsage;
        }
        LoadResult loaded = loadDesign(*designText);
        if (!loaded.ok()) {
            writeDiagnostics(err, loaded.diagnostics);
            return kExitUsage;
        }
        auto& links = loaded.design->cluster.calibratedLinks;
        std::erase_if(links, [&](const LinkSpec& l) { return l.id == link.id; });
        links.push_back(link);
        if (const auto failure = writeAtomically(outputPath, saveDesign(*loaded.design))) {
            err << "meshwright-cli: cannot write " << outputPath << ": " << *failure << "\n";
            return kExitUsage;
        }
    }
    if (json) {
        out << jsonText(Json{{"link", linkToJson(link)},
                             {"rows", table.rows.size()},
                             {"ranks", ranks},
                             {"steps", fit.steps},
                             {"presetBandwidthGBps", base->bandwidth / kGB},
                             {"presetLatencyUs", base->latency * 1e6}})
            << "\n";
    } else {
        out << "Link " << link.id << " (" << base->name << ") from " << table.rows.size()
            << " message sizes on " << ranks << " ranks:\n"
            << "  bandwidth " << formatBytes(fit.bandwidth) << "/s per GPU and direction (preset "
            << formatBytes(base->bandwidth) << "/s)\n"
            << "  latency   " << formatSeconds(fit.latency) << " per ring step (preset "
            << formatSeconds(base->latency) << ")\n";
        if (!outputPath.empty())
            out << "Wrote " << outputPath << " with the calibrated link.\n";
        else
            out << "Add it to a design's cluster.links:\n" << jsonText(linkToJson(link)) << "\n";
    }
    return kExitOk;
}

std::string calibrateComputeHelp()
{
    return "  calibrate-compute [DESIGN.json] [FLAGS] --forward SECONDS --backward SECONDS [-o OUT.json] "
           "[--json]\n"
           "      Fit the compute model's GEMM efficiency to the measured times of one transformer layer\n"
           "      (one micro-batch on one GPU, TP collectives included; backward with weight gradient and\n"
           "      recomputation) and show predicted against measured; -o writes the design with it.\n"
           "  calibrate-compute [DESIGN.json] [FLAGS] --trace TRACE.json[.gz] [-o OUT.json] [--json]\n"
           "      The same fitted to a profiler trace of the run: its first device's GEMM kernel time per\n"
           "      step (cuBLAS, cuBLASLt, CUTLASS kernels) against the predicted GEMM time of rank 0's GPU;\n"
           "      without recognised GEMM kernels, on all its compute kernels, and the output says so.\n";
}

namespace {

// With -o, the design with the fitted compute model written to `outputPath`; the caller's design keeps its
// own model, whose efficiency the output reports as the previous one. An exit code when the write fails.
std::optional<int> writeCalibrated(Design design, const ComputeModel& fitted, const std::string& outputPath,
                                   std::ostream& err)
{
    if (outputPath.empty())
        return std::nullopt;
    design.compute = fitted;
    if (const auto failure = writeAtomically(outputPath, saveDesign(design))) {
        err << "meshwright-cli: cannot write " << outputPath << ": " << *failure << "\n";
        return kExitUsage;
    }
    return std::nullopt;
}

// calibrate-compute --trace: the fit to a profiler trace's compute kernel time per step.
int calibrateFromTrace(const std::string& tracePath, Design design, const std::string& outputPath, bool json,
                       std::ostream& out, std::ostream& err)
{
    const TraceLoadResult read = readTraceFile(tracePath);
    if (!read.summary) {
        err << "meshwright-cli: " << tracePath << " is not a readable profiler trace:\n";
        writeDiagnostics(err, read.diagnostics);
        return kExitUsage;
    }
    const StepComputeFit fit = fitComputeModelToTrace(design, *read.summary);
    if (!fit.ok) {
        err << "meshwright-cli calibrate-compute: "
            << (fit.path.empty() ? "" : tracePath + " " + fit.path + ": ") << fit.message << "\n";
        return fit.path.empty() ? kExitDesignErrors : kExitUsage;
    }
    if (const auto failed = writeCalibrated(design, fit.model, outputPath, err))
        return *failed;
    const bool gemm = fit.basis == StepFitBasis::Gemm;
    if (json) {
        // The *StepComputeSeconds keys keep their meaning (all compute kernels) whichever was fitted.
        out << jsonText(Json{{"gemmEfficiency", fit.efficiency},
                             {"previousGemmEfficiency", fit.previousEfficiency},
                             {"steps", read.summary->steps},
                             {"fittedTo", gemm ? "gemm" : "compute"},
                             {"fallback", fit.fallback},
                             {"gemmKernels", read.summary->gemmKernels},
                             {"measuredStepGemmSeconds", fit.gemm.measured},
                             {"predictedBeforeStepGemmSeconds", fit.gemm.before},
                             {"predictedAfterStepGemmSeconds", fit.gemm.after},
                             {"measuredStepComputeSeconds", fit.compute.measured},
                             {"predictedBeforeStepComputeSeconds", fit.compute.before},
                             {"predictedAfterStepComputeSeconds", fit.compute.after},
                             {"source", fit.model.source},
                             {"warning", fit.warning}})
            << "\n";
        return kExitOk;
    }
    out << "Fitted to the " << (gemm ? "GEMM" : "compute") << " kernels of the first GPU ("
        << read.summary->steps << (read.summary->steps == 1 ? " step of " : " steps of ")
        << std::filesystem::path(tracePath).filename().string() << "); per step:\n";
    if (!gemm)
        out << "  (" << fit.fallback << ")\n";
    const auto cell = [](std::string text) {
        text.resize(std::max<std::size_t>(text.size() + 1, 11), ' ');
        return text;
    };
    out << "                    " << cell("measured") << cell("before") << "after\n";
    const auto row = [&](const char* what, const StepSeconds& t) {
        out << what << cell(t.measured > 0 ? formatSeconds(t.measured) : std::string("none"))
            << cell(formatSeconds(t.before)) << formatSeconds(t.after) << "\n";
    };
    row("  GEMM kernels      ", fit.gemm);
    row("  compute kernels   ", fit.compute);
    out << "GEMM efficiency " << formatNumber(fit.efficiency) << " (was "
        << formatNumber(fit.previousEfficiency) << ")\n";
    if (!outputPath.empty())
        out << "Wrote " << outputPath << " with the fitted compute model.\n";
    if (!fit.warning.empty())
        err << "meshwright-cli calibrate-compute: warning: " << fit.warning << "\n";
    return kExitOk;
}

} // namespace

int calibrateComputeVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    LayerTimes measured;
    std::string outputPath;
    std::optional<std::string> tracePath;
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--trace")
            tracePath = args.value(arg);
        else if (arg == "--forward")
            measured.forward = args.number(arg);
        else if (arg == "--backward")
            measured.backward = args.number(arg);
        else if (arg == "-o" || arg == "--output")
            outputPath = args.value(arg);
        else if (arg == "--json")
            json = true;
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("-") && !flags.file)
            flags.file = arg;
        else
            throw UsageError("calibrate-compute: unknown argument '" + arg + "'");
    }
    if (tracePath && (measured.forward != 0 || measured.backward != 0))
        throw UsageError("calibrate-compute takes either --trace or --forward and --backward, not both");
    if (!tracePath && (!(measured.forward > 0) || !(measured.backward > 0)))
        throw UsageError(
            "calibrate-compute needs --forward and --backward, in seconds, both positive, or --trace");
    const BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    Design design = *built.design;
    if (tracePath)
        return calibrateFromTrace(*tracePath, design, outputPath, json, out, err);
    const ComputeFit fit = fitComputeModel(design, measured);
    if (!fit.ok) {
        err << "meshwright-cli calibrate-compute: " << fit.message << "\n";
        return kExitDesignErrors;
    }
    if (const auto failed = writeCalibrated(design, fit.model, outputPath, err))
        return *failed;
    if (json) {
        auto times = [](const LayerTimes& t) {
            return Json{{"forward", t.forward}, {"backward", t.backward}};
        };
        out << jsonText(Json{{"gemmEfficiency", fit.model.gemmEfficiency},
                             {"previousGemmEfficiency", design.compute.gemmEfficiency},
                             {"measured", times(measured)},
                             {"predictedBefore", times(fit.before)},
                             {"predictedAfter", times(fit.after)},
                             {"source", fit.model.source},
                             {"warning", fit.warning}})
            << "\n";
    } else {
        out << "One layer of " << design.model.name << ", micro-batch " << design.layout.microBatch << ", TP "
            << design.layout.tp() << ":\n"
            << "             measured   before     after\n"
            << "  forward    " << formatSeconds(measured.forward) << "   "
            << formatSeconds(fit.before.forward) << "   " << formatSeconds(fit.after.forward) << "\n"
            << "  backward   " << formatSeconds(measured.backward) << "   "
            << formatSeconds(fit.before.backward) << "   " << formatSeconds(fit.after.backward) << "\n"
            << "GEMM efficiency " << formatNumber(fit.model.gemmEfficiency) << " (was "
            << formatNumber(built.design->compute.gemmEfficiency) << ")\n";
        if (!outputPath.empty())
            out << "Wrote " << outputPath << " with the fitted compute model.\n";
        if (!fit.warning.empty())
            err << "meshwright-cli calibrate-compute: warning: " << fit.warning << "\n";
    }
    return kExitOk;
}

} // namespace cli

namespace cli {

std::string calibrateKernelsHelp()
{
    return "  calibrate-kernels DESIGN.json TABLE.csv -o OUT.json [--json]\n"
           "      Put a measured GEMM table (columns gpu, dtype, b, m, n, k, seconds) into the design: its\n"
           "      GPU types and data types are then priced from it instead of the built-in table.\n";
}

int calibrateKernelsVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    std::string designPath, tablePath, outputPath;
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "-o" || arg == "--output")
            outputPath = args.value(arg);
        else if (arg == "--json")
            json = true;
        else if (!arg.starts_with("-") && designPath.empty())
            designPath = arg;
        else if (!arg.starts_with("-") && tablePath.empty())
            tablePath = arg;
        else
            throw UsageError("calibrate-kernels: unknown argument '" + arg + "'");
    }
    if (designPath.empty() || tablePath.empty() || outputPath.empty())
        throw UsageError("calibrate-kernels needs DESIGN.json, TABLE.csv and -o OUT.json");
    const auto designText = readText(designPath);
    const auto tableText = readText(tablePath);
    if (!designText || !tableText) {
        err << "meshwright-cli: cannot read " << (designText ? tablePath : designPath) << "\n";
        return kExitUsage;
    }
    LoadResult loaded = loadDesign(*designText);
    if (!loaded.ok()) {
        writeDiagnostics(err, loaded.diagnostics);
        return kExitUsage;
    }
    const std::string source = std::filesystem::path(tablePath).filename().string();
    // The table is read as the built-in one is; a table with a problem loads nothing.
    const KernelTableRead read = readKernelTable(*tableText, source);
    if (hasErrors(read.diagnostics)) {
        writeDiagnostics(err, read.diagnostics);
        return kExitUsage;
    }
    auto& tables = loaded.design->kernelTables;
    std::erase_if(tables, [&](const DesignKernelTable& t) { return t.source == source; });
    tables.push_back({source, *tableText});
    if (!writeAtomically(outputPath, saveDesign(*loaded.design))) {
        err << "meshwright-cli: cannot write " << outputPath << "\n";
        return kExitUsage;
    }
    std::vector<std::string> pairs;
    for (const GemmRow& row : read.table.rows) {
        const std::string pair = row.gpu + " " + std::string(enumName(row.dtype));
        if (std::find(pairs.begin(), pairs.end(), pair) == pairs.end())
            pairs.push_back(pair);
    }
    if (json) {
        out << Json{{"source", source}, {"rows", read.table.rows.size()}, {"tables", pairs}}.dump(2) << "\n";
    } else {
        out << source << ": " << read.table.rows.size() << " GEMM rows";
        for (const std::string& pair : pairs)
            out << "; " << pair;
        out << "\nWritten to " << outputPath << "\n";
    }
    return kExitOk;
}

} // namespace cli
