// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/searchverb.h"

#include "base/jsonparse.h"
#include "base/units.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textreport.h"
#include "design/designio.h"
#include "performance/search.h"

#include <chrono>
#include <iomanip>
#include <sstream>

namespace cli {

using namespace core;

namespace {

std::string percent(double share)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << 100 * share << " %";
    return s.str();
}

std::string layoutLabel(const ParallelLayout& l)
{
    std::ostringstream s;
    s << "TP " << l.tp() << " PP " << l.pp() << " DP " << l.dp();
    if (l.cp() > 1)
        s << " CP " << l.cp();
    if (l.ep() > 1)
        s << " EP " << l.ep();
    s << ", ZeRO-" << l.zeroStage << ", mb " << l.microBatch << ", " << enumName(l.schedule);
    if (l.virtualStages > 1)
        s << " v" << l.virtualStages;
    s << ", recompute " << enumName(l.recompute);
    return s.str();
}

} // namespace

std::string searchHelp()
{
    return "  search [DESIGN.json] [FLAGS] [--top N] [--json]\n"
           "      Every valid layout of the design's model on its cluster (DP, TP, PP, CP, EP, ZeRO stage,\n"
           "      micro-batch, schedule, virtual stages, recomputation), what does not fit dropped,\n"
           "      ranked by step time; serving designs: TP, PP, EP and replicas, ranked by the group's\n"
           "      tokens/s; --top N shows the first N (default 10).\n";
}

int searchVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    bool json = false;
    std::size_t top = 10;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (arg == "--top")
            top = static_cast<std::size_t>(args.integer("--top", 1, 100000));
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("--") && !flags.file)
            flags.file = arg;
        else
            throw UsageError("search: unknown argument '" + arg + "'");
    }
    const BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    const Design& design = *built.design;
    if (design.cluster.inServiceGpuCount() < 1) {
        err << "meshwright-cli search: the cluster has no GPU in service (/cluster).\n";
        return kExitDesignErrors;
    }

    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = searchMeshes(design);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (!result.diagnostics.empty()) {
        err << "meshwright-cli search: no layout can fix these errors of the design:\n";
        writeDiagnostics(err, result.diagnostics);
        return kExitDesignErrors;
    }
    if (json) {
        Json report = searchToJson(result, top);
        report["design"] = design.name;
        report["gpus"] = design.cluster.inServiceGpuCount();
        report["searchSeconds"] = seconds;
        out << jsonText(report) << "\n";
    } else {
        const bool serving = design.workload.mode == Mode::Serving;
        out << design.name << ": " << design.model.name << " on " << design.cluster.inServiceGpuCount() << " GPUs, ";
        if (serving)
            out << design.workload.serving.concurrency << " sequences of " << design.workload.serving.contextLength
                << " tokens per replica, ranked by the group's tokens/s\n";
        else
            out << "global batch " << design.workload.globalBatch << " × " << design.workload.sequenceLength
                << " tokens\n";
        out << result.enumerated << " combinations: " << result.invalid << " invalid, " << result.notFitting
            << " do not fit, " << result.candidates.size() << " fit (searched in " << formatSeconds(seconds)
            << ")\n\n";
        for (std::size_t i = 0; i < std::min(top, result.candidates.size()); ++i) {
            const SearchCandidate& c = result.candidates[i];
            if (serving) {
                out << std::setw(3) << i + 1 << ". TP " << c.layout.tp() << " PP " << c.layout.pp() << ", "
                    << c.layout.batchReplicas() << (c.layout.batchReplicas() == 1 ? " replica" : " replicas") << (c.layout.ep() > 1 ? ", EP " + std::to_string(c.layout.ep()) : "")
                    << "\n     " << formatNumber(c.tokensPerSecond) << " tokens/s for the group, first token "
                    << formatSeconds(c.timeToFirstToken) << ", " << formatSeconds(c.stepSeconds)
                    << " per further token, peak " << formatBytes(c.peakBytes) << " of " << formatBytes(c.capacityBytes)
                    << "\n     " << c.recipe << "\n";
                continue;
            }
            out << std::setw(3) << i + 1 << ". " << layoutLabel(c.layout) << "\n"
                << "     step " << formatSeconds(c.stepSeconds) << ", " << formatNumber(c.tokensPerSecond)
                << " tokens/s, MFU " << percent(c.mfu) << ", bubble " << percent(c.bubbleFraction)
                << ", exposed communication " << formatSeconds(c.exposed.total()) << ", peak "
                << formatBytes(c.peakBytes) << " of " << formatBytes(c.capacityBytes);
            if (c.warnings > 0)
                out << ", " << c.warnings << " warning(s)";
            out << "\n     " << c.recipe << "\n";
        }
    }
    if (result.candidates.empty()) {
        err << "meshwright-cli search: no layout fits " << design.model.name << " on these GPUs; add GPUs, "
            << "take GPUs with more memory, or shorten the sequence or the global batch.\n";
        return kExitDesignErrors;
    }
    return kExitOk;
}

} // namespace cli
