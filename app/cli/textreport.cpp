// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/textreport.h"

#include "base/units.h"
#include "catalog/catalog.h"
#include "design/layoutarithmetic.h"
#include "design/validate.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "pipeline/steptimeline.h"

#include <iomanip>
#include <limits>
#include <sstream>

namespace cli {

using namespace core;

namespace {

std::string groupText(std::span<const int> group)
{
    // Consecutive ranks read best as a range: [0-7]; others as a list: [0, 8, 16, 24].
    bool consecutive = group.size() > 2;
    for (std::size_t i = 1; i < group.size() && consecutive; ++i)
        consecutive = group[i] == group[i - 1] + 1;
    std::string text = "["; // appended piece by piece: see GCC bug 105329 (false -Wrestrict at -O2)
    if (consecutive) {
        text += std::to_string(group.front());
        text += '-';
        text += std::to_string(group.back());
        return text + "]";
    }
    for (std::size_t i = 0; i < group.size(); ++i) {
        if (i > 0)
            text += ", ";
        if (i == 6 && group.size() > 8) {
            text += "…, " + std::to_string(group.back());
            break;
        }
        text += std::to_string(group[i]);
    }
    return text + "]";
}

// GPU and link names from the evaluation's catalog, which holds the design's calibrated links.
std::string clusterText(const Cluster& cluster, const Catalog& catalog)
{
    if (cluster.nodes.empty())
        return "no nodes";
    const Node& first = cluster.nodes.front();
    auto gpuName = [&](const std::string& id) {
        const GpuSpec* gpu = catalog.gpu(id);
        return gpu ? gpu->name : id;
    };
    auto linkName = [&](const std::string& id) {
        const LinkSpec* link = catalog.link(id);
        return link ? link->name : id;
    };
    std::string text;
    if (cluster.isUniform() && !first.gpus.empty())
        text = std::to_string(cluster.nodes.size()) + " node" + (cluster.nodes.size() == 1 ? "" : "s") + " × "
            + std::to_string(first.gpus.size()) + " " + gpuName(first.gpus.front().type) + " ("
            + linkName(first.intraLink) + ")";
    else
        text = std::to_string(cluster.nodes.size()) + " nodes, " + std::to_string(cluster.gpuCount())
            + " GPUs of mixed shape";
    if (cluster.nodes.size() > 1)
        text += ", " + linkName(cluster.fabric);
    return text;
}

// CPU memory per node (hostmemory.h), one line per group of nodes with the same need and RAM, when
// anything is offloaded or a checkpoint is staged there.
void writeHostMemory(std::ostream& out, const MemoryReport& memory)
{
    if (!memory.host || memory.host->groups.empty() || memory.host->groups.front().needBytes <= 0)
        return;
    constexpr std::size_t kShown = 4;
    const std::vector<HostMemoryGroup>& groups = memory.host->groups;
    for (std::size_t i = 0; i < groups.size() && i < kShown; ++i) {
        const HostMemoryGroup& g = groups[i];
        out << "  host memory per node: " << formatBytes(g.needBytes) << " of "
            << (g.ramBytes > 0 ? formatBytes(g.ramBytes) : std::string("unknown")) << " RAM (" << g.nodes
            << (g.nodes == 1 ? " node" : " nodes") << ")" << (g.fits() ? "" : " — exceeds the RAM") << "\n";
    }
    if (groups.size() > kShown)
        out << "  host memory per node: … " << groups.size() - kShown << " more groups of nodes\n";
}

} // namespace

void writeMemoryTable(std::ostream& out, const MemoryReport& memory)
{
    const bool training = memory.mode == Mode::Training;
    const std::vector<MemoryCategory> columns = training
        ? std::vector<MemoryCategory>{MemoryCategory::Parameters, MemoryCategory::Gradients,
                                      MemoryCategory::Optimizer,  MemoryCategory::Activations,
                                      MemoryCategory::Temporary,  MemoryCategory::Communication,
                                      MemoryCategory::Reserve}
        : std::vector<MemoryCategory>{MemoryCategory::Parameters, MemoryCategory::KvCache,
                                      MemoryCategory::Workspace, MemoryCategory::Communication,
                                      MemoryCategory::Reserve};
    const char* headings[] = {"params", "grads", "optim", "activ", "kv", "work", "temp", "comm", "reserve"};
    out << "\nMemory per GPU (GB = 1e9 bytes), one row per pipeline stage"
        << (training ? "" : "; weights, KV cache, workspace") << "\n  stage  ranks"
        << (training ? "  in-flight" : ""); // serving keeps no activations for a backward pass
    for (MemoryCategory c : columns)
        out << std::setw(9) << headings[static_cast<int>(c)];
    out << "      total / capacity\n";
    auto gb = [](double bytes) {
        std::ostringstream text;
        text << std::fixed << std::setprecision(1) << bytes / kGB;
        return text.str();
    };
    for (const RankRole& role : memory.roles) {
        out << "  " << std::setw(5) << role.ppRank << "  " << std::setw(5) << role.ranks.size();
        if (training)
            out << "  " << std::setw(9) << formatNumber(role.inFlight);
        for (MemoryCategory c : columns)
            out << std::setw(9) << gb(role.figure(c).bytes);
        out << "  " << std::setw(7) << gb(role.totalBytes) << " / " << gb(role.capacityBytes)
            << (role.fits()        ? ""
                    : role.tight() ? "  tight"
                                   : "  does not fit")
            << "\n";
        if (role.offloadedBytes > 0)
            out << "         + " << gb(role.offloadedBytes)
                << " GB of optimizer states offloaded to CPU memory\n";
    }
    out << "  peak: rank " << memory.peakRank << ", " << formatBytes(memory.peakBytes)
        << (memory.fits        ? " — every rank fits"
                : memory.tight ? " — tight: fits only if the allocator fragments less than assumed"
                               : " — does not fit")
        << "\n";
    writeHostMemory(out, memory);
    if (memory.maxConcurrentSequences)
        out << "  KV cache per sequence " << formatBytes(memory.kvBytesPerSequence) << "; at most "
            << *memory.maxConcurrentSequences << " concurrent sequences fit per replica\n";
    if (const auto& b = memory.servingBudget) {
        // As the engine's start-up log states it (docs/frameworks.md).
        const auto gib = [](double bytes) { return formatNumber(bytes / kGiB) + " GiB"; };
        out << "  " << b->engine << ": total " << gib(b->totalBytes) << " x utilization "
            << formatNumber(b->utilization) << " = " << gib(b->usableBytes) << "; weights " << gib(b->weightsBytes)
            << "; non-torch " << gib(b->nonTorchBytes) << "; activation peak " << gib(b->activationBytes)
            << "; KV cache " << gib(b->kvCacheBytes) << " = " << b->blocks << " blocks of " << b->blockTokens
            << " tokens, maximum concurrency " << formatNumber(b->maxConcurrency) << "x\n";
    }
}

void writeTrafficTable(std::ostream& out, const TrafficReport& traffic)
{
    out << "\nTraffic per training step (" << traffic.microBatches << " micro-batches)\n"
        << "  dim   per GPU (busiest)   all GPUs    NVLink   PCIe  fabric\n";
    const auto percent = [](double share) {
        std::string text = formatNumber(share * 100);
        text += " %";
        return text;
    };
    for (Dim dim : {Dim::Tp, Dim::Pp, Dim::Dp, Dim::Cp, Dim::Ep}) {
        const DimensionTraffic& d = traffic.of(dim);
        if (d.totalBytes <= 0)
            continue;
        out << "  " << std::left << std::setw(4) << enumName(dim) << std::right << std::setw(18)
            << formatBytes(d.bytesPerGpu) << std::setw(12) << formatBytes(d.totalBytes) << std::setw(9)
            << percent(d.share(LinkClass::NvLink)) << std::setw(7) << percent(d.share(LinkClass::Pcie))
            << std::setw(8) << percent(d.share(LinkClass::Fabric)) << "\n";
    }
    out << "  all GPUs: NVLink " << formatBytes(traffic.bytesOn(LinkClass::NvLink)) << ", PCIe "
        << formatBytes(traffic.bytesOn(LinkClass::Pcie)) << ", fabric "
        << formatBytes(traffic.bytesOn(LinkClass::Fabric)) << "\n";
}

void writeDiagnostics(std::ostream& out, const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        out << "  " << std::left << std::setw(8) << enumName(d.severity) << d.code;
        if (!d.path.empty())
            out << "  " << d.path;
        out << "\n      " << d.message() << "\n";
    }
}

void writeTextReport(std::ostream& out, const Design& design, const Evaluation& e,
                     const ReportOptions& options)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& layout = design.layout;
    const Workload& w = design.workload;
    const ParameterBreakdown& p = e.parameters.all;

    out << "Meshwright — " << (design.name.empty() ? "untitled design" : design.name) << "\n\n";
    out << "Model     " << m.name << ": " << formatCount(p.total()) << " parameters";
    if (m.moe.isMoe())
        out << ", " << formatCount(e.parameters.active.total()) << " active per token";
    out << "\n          embedding " << formatCount(p.embedding) << " · attention " << formatCount(p.attention)
        << " · MLP " << formatCount(p.mlp);
    if (m.moe.isMoe())
        out << " · experts " << formatCount(p.experts) << " · router " << formatCount(p.router);
    out << " · norms " << formatCount(p.norms) << " · output head " << formatCount(p.outputHead);
    if (p.mtp > 0)
        out << " · multi-token prediction " << formatCount(p.mtp);
    out << "\n";
    out << "Cluster   " << clusterText(design.cluster, *e.catalog) << "\n";
    // A product past int64 saturates (ParallelLayout::worldSize): say so rather than print the largest int64.
    const bool overflow = layout.worldSize() == std::numeric_limits<std::int64_t>::max();
    out << "Layout    world size "
        << (overflow ? std::string("beyond 2^63") : std::to_string(layout.worldSize())) << " = "
        << worldSizeFormula(layout) << ", order " << orderToString(layout.order) << "\n";
    out << "          " << layoutSettings(layout) << "\n";
    out << "Framework " << frameworkSummary(design) << "\n";
    if (w.mode == Mode::Training)
        out << "Workload  training, sequence " << w.sequenceLength << ", global batch " << w.globalBatch
            << " (" << e.microBatches << " micro-batches per pipeline), " << precisionText(w) << ", "
            << enumName(w.optimizer) << "\n";
    else
        out << "Workload  serving, " << w.serving.concurrency << " sequences of " << w.serving.contextLength
            << " tokens per replica, KV cache " << enumName(w.serving.kvDtype) << "\n";

    if (e.schedule) {
        const ScheduleEvaluation& step = *e.schedule;
        const ScheduleSpec& spec = step.spec();
        out << "Step      " << enumName(spec.kind) << " on " << spec.ranks << " pipeline stage"
            << (spec.ranks == 1 ? "" : "s") << " × " << spec.microBatches
            << " micro-batches: " << formatSeconds(step.timeline.makespan) << ", bubble "
            << formatNumber(100 * step.timeline.bubbleFraction) << " % (compute at "
            << formatNumber(100 * step.times.computeEfficiency)
            << " % of the BF16 peak in a layer's GEMMs, from " << step.times.gemmOrigin << ")\n";
    }

    if (e.hasMesh) {
        out << "\nGroups\n";
        for (Dim dim : kAllDims) {
            const RankGroups& groups = e.mesh.groupsOf(dim);
            if (groups.empty() || groups.front().size() < 2)
                continue;
            out << "  " << std::left << std::setw(4) << enumName(dim) << std::right << std::setw(5)
                << groups.size() << (groups.size() == 1 ? " group of " : " groups of ")
                << groups.front().size() << ": " << groupText(groups.front());
            if (groups.size() > 1)
                out << ", " << groupText(groups[1]);
            if (groups.size() > 2)
                out << ", …";
            out << "\n";
        }

        const std::size_t shown
            = options.allRanks ? e.ranks.size() : std::min<std::size_t>(e.ranks.size(), 64);
        out << "\nRanks"
            << (shown < e.ranks.size() ? " (first " + std::to_string(shown) + " of "
                        + std::to_string(e.ranks.size()) + "; --all-ranks for every one)"
                                       : "")
            << "\n  rank  node  gpu    dp  tp  pp  cp  ep\n";
        for (std::size_t i = 0; i < shown; ++i) {
            const RankInfo& r = e.ranks[i];
            out << "  " << std::setw(4) << r.rank << "  " << std::setw(4) << r.nodeId << "  " << std::setw(4)
                << r.gpuId;
            for (Dim dim : {Dim::Dp, Dim::Tp, Dim::Pp, Dim::Cp, Dim::Ep})
                out << "  " << std::setw(2) << r.coord(dim);
            out << "\n";
        }
    }

    if (e.memory)
        writeMemoryTable(out, *e.memory);
    if (e.traffic)
        writeTrafficTable(out, *e.traffic);

    out << "\nDiagnostics";
    if (e.diagnostics.empty())
        out << ": none\n";
    else {
        out << "\n";
        writeDiagnostics(out, e.diagnostics);
    }
    out << "\n"
        << (e.valid()                ? "The design is valid."
                : e.failsOnlyInMemory() ? "The layout does not fit in memory and cannot run; its step figures are "
                                          "those it would reach on GPUs large enough."
                                        : "The design has errors.")
        << "\n";
}

} // namespace cli
