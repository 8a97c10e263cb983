// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/compareverb.h"

#include "base/diagnostic.h"
#include "base/jsonparse.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textreport.h"
#include "evaluate.h"
#include "performance/layoutcomparison.h"

#include <array>
#include <cmath>
#include <filesystem>

namespace cli {

using namespace core;

namespace {

constexpr const char* kCompareFormat = "meshwright.compare";
constexpr int kCompareVersion = 1;

// A design named on the command line: a file, or else a built-in example's id; the flags apply to the
// second design only, so that `compare A.json --precision fp8` sets A beside A in FP8.
BuiltDesign namedDesign(const std::string& name, DesignFlags flags)
{
    if (!std::filesystem::exists(name) && Catalog::builtin().example(name))
        flags.example = name;
    else
        flags.file = name;
    return buildDesign(flags);
}

struct Side
{
    Design design;
    Evaluation evaluation;
    double tokensPerGpu = 0;
};

Json sideToJson(const Side& s)
{
    const Performance& p = *s.evaluation.performance;
    return {{"name", s.design.name},
            {"gpus", s.evaluation.gpusInService},
            {"stepSeconds", p.stepSeconds},
            {"tokensPerSecond", p.tokensPerSecond},
            {"tokensPerGpu", s.tokensPerGpu},
            {"mfu", p.mfu},
            {"peakBytes", s.evaluation.memory->peakBytes},
            {"fits", s.evaluation.memory->fits}};
}

} // namespace

std::string compareHelp()
{
    return "  compare FIRST [SECOND] [FLAGS] [--json]\n"
           "      Two training designs side by side (each a design file or an example id; without SECOND,\n"
           "      FIRST again; the flags change the second): step, tokens/s per GPU, MFU, fit, and whether\n"
           "      published pairs of runs like them let the model decide which is faster.\n";
}

int compareVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    bool json = false;
    std::vector<std::string> names;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("--") && names.size() < 2)
            names.push_back(arg);
        else
            throw UsageError("compare: unknown argument '" + arg + "'");
    }
    if (names.empty())
        throw UsageError("compare: name the first design (a file or an example id)");
    if (flags.file || flags.example)
        throw UsageError("compare: name the designs as FIRST and SECOND, not with --example");
    std::array<Side, 2> sides;
    for (std::size_t i = 0; i < 2; ++i) {
        const BuiltDesign built
            = namedDesign(names[std::min(i, names.size() - 1)], i == 0 ? DesignFlags{} : flags);
        if (!built.design) {
            err << "meshwright-cli compare: the " << (i == 0 ? "first" : "second")
                << " design cannot be read:\n";
            writeDiagnostics(err, built.diagnostics);
            return kExitUsage;
        }
        sides[i].design = *built.design;
        sides[i].evaluation = evaluate(sides[i].design);
        const Evaluation& e = sides[i].evaluation;
        const std::string which = std::string("meshwright-cli compare: the ") + (i == 0 ? "first" : "second")
            + " design (" + sides[i].design.name + ")";
        if (sides[i].design.workload.mode != Mode::Training) {
            err << which << " serves; compare compares training designs (/workload/mode).\n";
            return kExitDesignErrors;
        }
        if (!e.performance || !e.memory || e.gpusInService < 1) {
            err << which << " has no training step to compare; its errors:\n";
            writeDiagnostics(err, e.diagnostics);
            return kExitDesignErrors;
        }
        sides[i].tokensPerGpu = e.performance->tokensPerSecond / static_cast<double>(e.gpusInService);
    }
    const std::size_t faster = sides[1].tokensPerGpu > sides[0].tokensPerGpu ? 1 : 0;
    const Side& f = sides[faster];
    const Side& s = sides[1 - faster];
    const LayoutComparison c = compareLayouts(f.design, f.tokensPerGpu, s.design, s.tokensPerGpu);
    const VerdictText verdict = comparisonVerdict(c);
    const std::string detail = fillTemplate(
        verdict.detail,
        {c.evidence == PairEvidence::None ? pairGapWords(c.gap) : pairEvidenceWords(c.evidence),
         std::to_string(std::lround(100 * c.tolerance)) + " %"});
    if (json) {
        const Json report{{"format", kCompareFormat},
                          {"version", kCompareVersion},
                          {"designs", Json::array({sideToJson(sides[0]), sideToJson(sides[1])})},
                          {"faster", faster},
                          {"ratio", c.ratio},
                          {"evidence", std::string(enumName(c.evidence))},
                          {"gap", std::string(enumName(c.gap))},
                          {"tolerance", c.tolerance},
                          {"decided", c.decided()}};
        out << jsonText(report) << "\n";
        return kExitOk;
    }
    const char* labels[] = {"First ", "Second"};
    for (std::size_t i = 0; i < 2; ++i) {
        const Side& side = sides[i];
        const Performance& p = *side.evaluation.performance;
        out << labels[i] << "  " << side.design.name << "\n        step " << formatSeconds(p.stepSeconds)
            << ", " << formatNumber(side.tokensPerGpu) << " tokens/s per GPU on "
            << side.evaluation.gpusInService << " GPUs, MFU " << formatPercent(p.mfu) << ", peak "
            << formatBytes(side.evaluation.memory->peakBytes)
            << (side.evaluation.memory->fits ? " (fits)" : " (does not fit)") << "\n";
    }
    if (c.asFast()) {
        out << "\nThe two run as many tokens a second per GPU.\n";
        return kExitOk;
    }
    out << "\n"
        << (faster == 0 ? "The first" : "The second") << " runs " << formatPercent(c.ratio - 1)
        << " more tokens a second per GPU than the " << (faster == 0 ? "second" : "first") << ". "
        << verdict.headline << ": " << detail << "\n";
    return kExitOk;
}

} // namespace cli
