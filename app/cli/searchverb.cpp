// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/searchverb.h"

#include "base/jsonparse.h"
#include "base/units.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textreport.h"
#include "design/designio.h"
#include "performance/layoutcomparison.h"
#include "performance/search.h"
#include "performance/searchspace.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>

namespace cli {

using namespace core;

namespace {

// Beyond these a search may take a while; it says so at once.
constexpr std::int64_t kAnnouncedCombinations = 20000;
constexpr int kAnnouncedGpus = 65536;

std::string layoutLabel(const ParallelLayout& l)
{
    std::ostringstream s;
    s << "TP " << l.tp() << " PP " << l.pp();
    if (!l.layersPerStage.empty()) {
        s << " (layers";
        for (std::size_t i = 0; i < l.layersPerStage.size(); ++i)
            s << (i == 0 ? " " : "/") << l.layersPerStage[i];
        s << ")";
    }
    s << " DP " << l.dp();
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

// The layout and, where it differs from the design's, the candidate's precision and offload.
std::string candidateLabel(const Design& design, const SearchCandidate& c)
{
    std::string text = layoutLabel(c.layout);
    if (c.precision != design.workload.precision)
        text += ", " + std::string(enumName(c.precision));
    if (c.offload != design.workload.offload)
        text += ", offload " + std::string(enumName(c.offload));
    return text;
}

// What keeps every combination out: the rejections by cause, and the combination closest to fitting.
void writeNothingFits(std::ostream& err, const Design& design, const SearchResult& result)
{
    err << "meshwright-cli search: no layout fits " << design.model.name << " on these GPUs.";
    if (!result.rejectedBy.empty()) {
        err << " Rejected:";
        for (std::size_t i = 0; i < result.rejectedBy.size(); ++i)
            err << (i == 0 ? " " : ", ") << result.rejectedBy[i].second << " by " << result.rejectedBy[i].first;
        err << ".";
    }
    err << "\n";
    if (result.closest) {
        const SearchCandidate& c = *result.closest;
        err << "Closest: " << candidateLabel(design, c) << ", global batch " << c.globalBatch << ", needs "
            << formatBytes(c.peakBytes) << " of " << formatBytes(c.capacityBytes) << ".\n";
    }
    const auto rejected = [&](const std::string& code) {
        return std::any_of(result.rejectedBy.begin(), result.rejectedBy.end(),
                           [&](const auto& r) { return r.first == code; });
    };
    if (rejected("batch-divisible") && result.batch == BatchPolicy::Exact)
        err << "No data-parallel degree that fills the GPUs divides the global batch "
            << design.workload.globalBatch << "; --batch nearest or round-down lets each layout round it.\n";
    err << "Add GPUs, take GPUs with more memory, or shorten the sequence or the global batch.\n";
}

// A search that cannot finish quickly says so before it starts.
void announceLargeSearch(std::ostream& err, const Design& design, const SearchSpace& space,
                         const SearchOptions& options)
{
    const std::int64_t combinations = countCombinations(design, space);
    if (combinations > kAnnouncedCombinations || design.cluster.inServiceGpuCount() > kAnnouncedGpus)
        err << "meshwright-cli search: " << combinations << " combinations on "
            << design.cluster.inServiceGpuCount() << " GPUs"
            << (options.limit > 0 && options.limit < combinations
                    ? "; trying the first " + std::to_string(options.limit) + " (--limit)"
                    : std::string("; --limit N bounds them"))
            << ".\n";
}

// A comma-separated list of enum names ("none,cpu"), each known, none twice.
template<typename E>
std::vector<E> enumList(const std::string& text, const std::string& flag, const std::string& names)
{
    std::vector<E> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string name = text.substr(start, comma - start);
        const auto value = enumFromName<E>(name);
        if (!value)
            throw UsageError("search: " + flag + " takes a list of " + names + ", not '" + name + "'");
        if (std::find(out.begin(), out.end(), *value) != out.end())
            throw UsageError("search: " + flag + " names '" + name + "' twice");
        out.push_back(*value);
        start = comma + 1;
    }
    return out;
}

// The flags that shape the space: the batch policy, and the offload kinds, precisions and pipeline
// schedules to try.
bool consumeSpaceFlag(const std::string& arg, Arguments& args, SearchSpace& space)
{
    if (arg == "--batch") {
        const std::string value = args.value("--batch");
        const auto policy = enumFromName<BatchPolicy>(value);
        if (!policy)
            throw UsageError("search: --batch takes exact, round-down or nearest, not '" + value + "'");
        space.batch = *policy;
    } else if (arg == "--offloads") {
        space.offloads = enumList<Offload>(args.value("--offloads"), "--offloads", "none, cpu or cpu-params");
    } else if (arg == "--schedules") {
        space.schedules = enumList<Schedule>(args.value("--schedules"), "--schedules",
                                             "gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev or dualpipe");
    } else if (arg == "--precisions") {
        space.precisions = enumList<Precision>(args.value("--precisions"), "--precisions",
                                               "bf16-mixed, megatron-bf16, fp32 or fp8");
    } else {
        return false;
    }
    return true;
}

// The first `top` candidates, a paragraph each: the layout, its figures and why its groups sit where they
// sit.
void writeCandidates(std::ostream& out, const Design& design, const SearchResult& result, std::size_t top)
{
    const bool serving = design.workload.mode == Mode::Serving;
    for (std::size_t i = 0; i < std::min(top, result.candidates.size()); ++i) {
        const SearchCandidate& c = result.candidates[i];
        if (serving) {
            out << std::setw(3) << i + 1 << ". TP " << c.layout.tp() << " PP " << c.layout.pp() << ", "
                << c.layout.batchReplicas() << (c.layout.batchReplicas() == 1 ? " replica" : " replicas")
                << (c.layout.ep() > 1 ? ", EP " + std::to_string(c.layout.ep()) : "") << "\n     "
                << formatNumber(c.tokensPerSecond) << " tokens/s for the group, first token "
                << formatSeconds(c.timeToFirstToken) << ", " << formatSeconds(c.stepSeconds)
                << " per further token, peak " << formatBytes(c.peakBytes) << " of "
                << formatBytes(c.capacityBytes) << "\n     " << c.recipe << "\n";
            continue;
        }
        out << std::setw(3) << i + 1 << ". " << candidateLabel(design, c) << "\n"
            << "     step " << formatSeconds(c.stepSeconds) << ", " << formatNumber(c.tokensPerSecond)
            << " tokens/s, MFU " << formatPercent(c.mfu) << ", bubble " << formatPercent(c.bubbleFraction)
            << ", exposed communication " << formatSeconds(c.exposed.total()) << ", peak "
            << formatBytes(c.peakBytes) << " of " << formatBytes(c.capacityBytes);
        if (c.globalBatch != design.workload.globalBatch)
            out << ", global batch " << c.globalBatch;
        if (c.warnings > 0)
            out << ", " << c.warnings << " warning(s)";
        out << "\n     " << c.recipe << "\n";
    }
}

} // namespace

std::string searchHelp()
{
    return "  search [DESIGN.json] [FLAGS] [--top N] [--json] [--threads N] [--limit N]\n"
           "         [--batch exact|round-down|nearest] [--rank-by time|headroom|tokens-per-gpu]\n"
           "         [--offloads none,cpu,cpu-params] [--precisions bf16-mixed,fp8]\n"
           "         [--schedules 1f1b,interleaved,zb-h1,zb-v,dualpipev,dualpipe]\n"
           "      Every valid layout of the design's model on its cluster (DP, TP, PP with even and "
           "balanced\n"
           "      layer splits, CP, EP, ZeRO stage, micro-batch, schedule, virtual stages, recomputation),\n"
           "      what does not fit dropped, ranked by step time (or headroom, tokens per GPU), the Pareto\n"
           "      set of time and headroom marked; serving designs: TP, PP, EP and replicas, ranked by the\n"
           "      group's tokens/s; --top N shows the first N (default 10). --batch rounds the global batch\n"
           "      to what each layout divides; --threads N (default: every core); --limit N tries at most\n"
           "      N combinations. --offloads and --precisions list what else to try (default: the design's\n"
           "      own), where the framework can offload it and the GPUs have FP8 tensor cores. --schedules\n"
           "      lists the pipeline schedules to try (default: all but gpipe), each where the framework\n"
           "      runs it (Megatron-Core: 1F1B and interleaved; DeepSpeed: 1F1B; torchtitan: all but\n"
           "      DualPipe).\n";
}

int searchVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    bool json = false;
    std::size_t top = 10;
    SearchSpace space;
    SearchOptions options;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (arg == "--top")
            top = static_cast<std::size_t>(args.integer("--top", 1, 100000));
        else if (arg == "--threads")
            options.threads = static_cast<int>(args.integer("--threads", 1, 1024));
        else if (arg == "--limit")
            options.limit = args.integer("--limit", 1, std::int64_t{1} << 50);
        else if (arg == "--rank-by") {
            const std::string value = args.value("--rank-by");
            const auto by = enumFromName<SearchRank>(value);
            if (!by)
                throw UsageError("search: --rank-by takes time, headroom or tokens-per-gpu, not '" + value + "'");
            options.rankBy = *by;
        } else if (consumeSpaceFlag(arg, args, space))
            continue;
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

    announceLargeSearch(err, design, space, options);

    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = searchMeshes(design, space, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (!result.diagnostics.empty()) {
        err << "meshwright-cli search: no layout can fix these errors of the design:\n";
        writeDiagnostics(err, result.diagnostics);
        return kExitDesignErrors;
    }
    // What the model cannot tell apart (performance/layoutcomparison.h).
    const SearchTies ties = searchTies(design, result);
    if (json) {
        Json report = searchToJson(result, top);
        report["design"] = design.name;
        report["gpus"] = design.cluster.inServiceGpuCount();
        report["searchSeconds"] = seconds;
        report["notDecided"] = {{"layouts", ties.undecided}, {"tolerance", ties.tolerance}};
        out << jsonText(report) << "\n";
    } else {
        const bool serving = design.workload.mode == Mode::Serving;
        out << design.name << ": " << design.model.name << " on " << design.cluster.inServiceGpuCount() << " GPUs, ";
        if (serving)
            out << design.workload.serving.concurrency << " sequences of " << design.workload.serving.contextLength
                << " tokens per replica, ranked by the group's tokens/s\n";
        else
            out << "global batch " << design.workload.globalBatch << " × " << design.workload.sequenceLength
                << " tokens"
                << (result.batch == BatchPolicy::Exact
                        ? std::string()
                        : ", each layout's batch rounded (" + std::string(enumName(result.batch)) + ")")
                << "\n";
        out << result.enumerated << " combinations: " << result.invalid << " invalid, " << result.notFitting
            << " do not fit, " << result.candidates.size() << " fit (searched in " << formatSeconds(seconds)
            << ")\n";
        if (result.limited)
            out << "Stopped by --limit after " << result.enumerated << " of " << result.combinations
                << " combinations.\n";
        if (options.rankBy != SearchRank::Time)
            out << "Ranked by " << enumName(options.rankBy) << ".\n";
        if (ties.undecided > 0)
            out << ties.undecided << (ties.undecided == 1 ? " more layout runs" : " more layouts run")
                << " within " << std::lround(100 * ties.tolerance)
                << " % of the fastest: published pairs of such layouts missed the model's ratio by as much, "
                   "so "
                   "measure them before choosing.\n";
        out << "\n";
        writeCandidates(out, design, result, top);
    }
    if (result.candidates.empty()) {
        writeNothingFits(err, design, result);
        return kExitDesignErrors;
    }
    return kExitOk;
}

} // namespace cli
