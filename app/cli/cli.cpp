// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli.h"

#include "base/jsonparse.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "catalog/presetio.h"
#include "cli/arguments.h"
#include "cli/calibrateverb.h"
#include "cli/collectiveverb.h"
#include "cli/compareverb.h"
#include "cli/designflags.h"
#include "cli/exportverb.h"
#include "cli/importverb.h"
#include "cli/kernelverb.h"
#include "cli/recordverb.h"
#include "cli/reportverb.h"
#include "cli/schedulereport.h"
#include "cli/searchverb.h"
#include "cli/textreport.h"
#include "cli/traceverb.h"
#include "design/designio.h"
#include "evaluate.h"
#include "report/evaluationio.h"

#include <algorithm>

#ifndef MESHWRIGHT_VERSION
#define MESHWRIGHT_VERSION "dev"
#endif

namespace cli {

using namespace core;

namespace {

void usage(std::ostream& out)
{
    out << "Usage: meshwright-cli VERB [ARGUMENTS]\n\n"
           "Verbs:\n"
           "  evaluate [DESIGN.json] [FLAGS] [--json] [--all-ranks]\n"
           "      Every figure of a design: parameters, world size, ranks and groups, diagnostics.\n"
           "  schedule --kind KIND --stages P --micro-batches M [--virtual-stages V]\n"
           "           [--forward T --backward T --weight-grad T] [--json]\n"
           "      A pipeline schedule with abstract durations: each rank's operations as a text\n"
           "      Gantt chart, its order and its bubble (JSON: the \"schedule\" of evaluate).\n"
           "  presets [--json]\n"
           "      The model, GPU and link presets and the example designs.\n"
        << searchHelp() << compareHelp() << collectiveHelp() << kernelHelp() << calibrateLinkHelp()
        << calibrateComputeHelp() << calibrateKernelsHelp() << exportHelp() << importHelp() << reportHelp()
        << recordHelp() << traceHelp() << "  help | --help, version | --version\n\n"
        << designFlagsHelp() << "\n"
        << scheduleFlagsHelp()
        << "\nExit codes: 0 valid, 1 the design (or schedule) has errors, 2 unreadable input or a usage "
           "error.\n";
}

// Load problems as JSON (with --json) or text, then exit code 2.
int reportUnreadable(const std::vector<Diagnostic>& diagnostics, bool json, std::ostream& out,
                     std::ostream& err)
{
    if (json) {
        Json report = {{"format", kEvaluationFormat}, {"version", kEvaluationVersion}, {"valid", false}};
        Json list = Json::array();
        for (const Diagnostic& d : diagnostics)
            list.push_back(diagnosticToJson(d));
        report["diagnostics"] = std::move(list);
        out << jsonText(report) << "\n";
    } else {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, diagnostics);
    }
    return kExitUsage;
}

int evaluateVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    bool json = false;
    ReportOptions options;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (arg == "--all-ranks")
            options.allRanks = true;
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("--") && !flags.file)
            flags.file = arg;
        else
            throw UsageError("evaluate: unknown argument '" + arg + "'");
    }
    const BuiltDesign built = buildDesign(flags);
    if (!built.design)
        return reportUnreadable(built.diagnostics, json, out, err);
    const Design& design = *built.design;
    Evaluation evaluation = evaluate(design);
    // Warnings from reading the file (unknown keys) belong to the evaluation too.
    evaluation.diagnostics.insert(evaluation.diagnostics.begin(), built.diagnostics.begin(),
                                  built.diagnostics.end());
    sortDiagnostics(evaluation.diagnostics);
    if (json)
        out << jsonText(evaluationToJson(design, evaluation, EvaluationJsonOptions{options.allRanks})) << "\n";
    else
        writeTextReport(out, design, evaluation, options);
    return evaluation.valid() ? kExitOk : kExitDesignErrors;
}

int scheduleVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    bool json = false;
    const ScheduleSpec spec = readScheduleFlags(args, json);
    PipelineTimeline timeline = simulateSchedule(spec);
    pointAtScheduleFlags(timeline.diagnostics);
    if (json) {
        // The "schedule" object of evaluate --json, with the schedule's own diagnostics beside it.
        Json report = scheduleToJson(timeline, spec);
        report["valid"] = timeline.valid();
        Json diagnostics = Json::array();
        for (const Diagnostic& d : timeline.diagnostics)
            diagnostics.push_back(diagnosticToJson(d));
        report["diagnostics"] = std::move(diagnostics);
        out << jsonText(report) << "\n";
    } else {
        writeScheduleReport(out, spec, timeline);
        if (!timeline.diagnostics.empty()) {
            (timeline.valid() ? out : err)
                << (timeline.valid() ? "\nDiagnostics\n" : "The schedule cannot run:\n");
            writeDiagnostics(timeline.valid() ? out : err, timeline.diagnostics);
        }
    }
    return timeline.valid() ? kExitOk : kExitDesignErrors;
}

int presetsVerb(Arguments& args, std::ostream& out)
{
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg != "--json")
            throw UsageError("presets: unknown argument '" + arg + "'");
        json = true;
    }
    const Catalog& catalog = Catalog::builtin(); // `presets` lists the built-in presets
    if (json) {
        Json models = Json::array(), gpus = Json::array(), links = Json::array(), examples = Json::array();
        for (const ModelArchitecture& m : catalog.models()) {
            Json entry = modelToJson(m);
            entry["parameters"] = parametersToJson(countParameters(m));
            models.push_back(std::move(entry));
        }
        for (const GpuSpec& g : catalog.gpus())
            gpus.push_back(gpuToJson(g));
        for (const LinkSpec& l : catalog.links())
            links.push_back(linkToJson(l));
        for (const ExampleDesign& e : catalog.examples())
            examples.push_back({{"id", e.id}, {"name", e.title}});
        out << jsonText(Json{{"models", models}, {"gpus", gpus}, {"links", links}, {"examples", examples}})
            << "\n";
        return kExitOk;
    }
    auto pad = [](std::string text, std::size_t width) {
        // Pad by characters, not bytes, so that names with "×" or "µ" line up.
        std::size_t chars = 0;
        for (unsigned char c : text)
            chars += (c & 0xC0) != 0x80;
        if (chars < width)
            text.append(width - chars, ' ');
        return text;
    };
    out << "Models\n";
    for (const ModelArchitecture& m : catalog.models()) {
        const ParameterCounts counts = countParameters(m);
        out << "  " << pad(m.preset, 18) << pad(m.name, 20) << formatCount(counts.all.total())
            << " parameters";
        if (m.moe.isMoe())
            out << ", " << formatCount(counts.active.total()) << " active";
        if (m.mtpLayers > 0)
            out << " (" << formatCount(counts.all.mtp) << " in multi-token prediction)";
        out << "\n";
    }
    out << "\nGPUs (memory as CUDA reports it; dense tensor-core peaks)\n";
    for (const GpuSpec& g : catalog.gpus()) {
        out << "  " << pad(g.id, 18) << pad(g.name, 22) << formatBytes(g.memoryBytes) << ", "
            << formatNumber(g.bf16Flops / 1e12) << " TFLOP/s BF16, ";
        if (g.fp8Flops > 0)
            out << formatNumber(g.fp8Flops / 1e12) << " TFLOP/s FP8, ";
        else
            out << "no FP8, ";
        out << formatBytes(g.hbmBandwidth) << "/s HBM";
        if (g.smCount > 0)
            out << ", " << g.smCount << " SMs";
        out << "\n";
    }
    out << "\nLinks (bandwidth per GPU and direction)\n";
    for (const LinkSpec& l : catalog.links())
        out << "  " << pad(l.id, 18) << pad(std::string(enumName(l.linkClass)), 8) << pad(l.name, 36)
            << formatBytes(l.bandwidth) << "/s, " << formatSeconds(l.latency) << "\n";
    out << "\nExamples (--example ID)\n";
    for (const ExampleDesign& e : catalog.examples())
        out << "  " << pad(e.id, 28) << e.title << "\n";
    return kExitOk;
}

} // namespace

int run(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    if (argv.empty()) {
        usage(err);
        return kExitUsage;
    }
    const std::string verb = argv.front();
    // "VERB --help" is what people type first: the usage, which lists every verb's flags.
    if (std::find_if(argv.begin() + 1, argv.end(),
                     [](const std::string& a) { return a == "--help" || a == "-h"; })
        != argv.end()) {
        usage(out);
        return kExitOk;
    }
    Arguments args(std::vector<std::string>(argv.begin() + 1, argv.end()));
    try {
        if (verb == "evaluate")
            return evaluateVerb(args, out, err);
        if (verb == "presets")
            return presetsVerb(args, out);
        if (verb == "collective")
            return collectiveVerb(args, out, err);
        if (verb == "compare")
            return compareVerb(args, out, err);
        if (verb == "kernel")
            return kernelVerb(args, out, err);
        if (verb == "calibrate-link")
            return calibrateLinkVerb(args, out, err);
        if (verb == "calibrate-compute")
            return calibrateComputeVerb(args, out, err);
        if (verb == "calibrate-kernels")
            return calibrateKernelsVerb(args, out, err);
        if (verb == "schedule")
            return scheduleVerb(args, out, err);
        if (verb == "search")
            return searchVerb(args, out, err);
        if (verb == "export")
            return exportVerb(args, out, err);
        if (verb == "import")
            return importVerb(args, out, err);
        if (verb == "report")
            return reportVerb(args, out, err);
        if (verb == "record")
            return recordVerb(args, out, err);
        if (verb == "trace")
            return traceVerb(args, out, err);
        if (verb == "help" || verb == "--help" || verb == "-h") {
            usage(out);
            return kExitOk;
        }
        if (verb == "version" || verb == "--version") {
            out << "meshwright-cli " << MESHWRIGHT_VERSION << "\n";
            return kExitOk;
        }
        throw UsageError("unknown verb '" + verb + "'");
    } catch (const UsageError& error) {
        err << "meshwright-cli: " << error.what() << "\n(meshwright-cli help lists verbs and flags)\n";
        return kExitUsage;
    }
}

} // namespace cli
