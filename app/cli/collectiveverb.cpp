// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/collectiveverb.h"

#include "base/jsonparse.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textreport.h"
#include "comm/collectiveio.h"
#include "comm/groupcollective.h"
#include "comm/grouplinks.h"
#include "comm/stagecopy.h"
#include "evaluate.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>

namespace cli {

using namespace core;

namespace {

// Appends every part with += (GCC 12 warns falsely about "literal" + std::to_string(...); bug 105329).
template<typename... Parts> std::string cat(const Parts&... parts)
{
    std::string out;
    ((out += parts), ...);
    return out;
}

template<class E> E enumArgument(Arguments& args, const std::string& flag)
{
    const std::string text = args.value(flag);
    if (const auto value = enumFromName<E>(text))
        return *value;
    throw UsageError(cat(flag, " must be one of ", enumNameList<E>(", "), ", not '", text, "'"));
}

struct GroupArgument
{
    Dim dim = Dim::Tp;
    int index = 0;
};

// "tp:0" → TP group 0.
GroupArgument parseGroup(const std::string& text)
{
    const std::size_t colon = text.find(':');
    const std::optional<Dim> dim = enumFromName<Dim>(text.substr(0, colon));
    GroupArgument out;
    bool ok = colon != std::string::npos && dim.has_value() && colon + 1 < text.size();
    if (ok) {
        out.dim = *dim;
        const std::string index = text.substr(colon + 1);
        ok = index.find_first_not_of("0123456789") == std::string::npos && index.size() <= 9;
        if (ok)
            out.index = std::stoi(index);
    }
    if (!ok)
        throw UsageError(
            cat("--group needs a dimension and a group index, e.g. tp:0 or dp:3, not '", text, "'"));
    return out;
}

std::string opTitle(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "All-Reduce";
    case CollectiveOp::AllGather:
        return "All-Gather";
    case CollectiveOp::ReduceScatter:
        return "Reduce-Scatter";
    case CollectiveOp::AllToAll:
        return "All-to-All";
    case CollectiveOp::SendRecv:
        return "Point-to-Point (send/receive)";
    }
    return "?";
}

// What S is for this op (nccl-tests doc/PERFORMANCE.md), so that a reader knows which buffer --bytes means.
std::string bytesMeaning(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "the buffer every rank reduces";
    case CollectiveOp::AllGather:
        return "the whole gathered output, ranks × shard";
    case CollectiveOp::ReduceScatter:
        return "the whole input, ranks × output shard";
    case CollectiveOp::AllToAll:
        return "each rank's whole send buffer, ranks × block";
    case CollectiveOp::SendRecv:
        return "the message";
    }
    return "";
}

std::string factorFormula(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "2(n-1)/n";
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        return "(n-1)/n";
    case CollectiveOp::SendRecv:
        return "1";
    }
    return "";
}

// nccl-tests doc/PERFORMANCE.md: busbw rescales algbw by the share of the buffer that crosses each rank's
// link, so that it can be compared with the link's bandwidth whatever the rank count.
std::string factorReason(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "an all-reduce must move every byte 2(n-1) times over n links (reduce-scatter, then "
               "all-gather), so each rank's link carries 2(n-1)/n of S";
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
        return "each rank's link carries the (n-1)/n of S that belongs to the other ranks";
    case CollectiveOp::AllToAll:
        return "each rank keeps its own block and sends the other (n-1)/n of S over its link";
    case CollectiveOp::SendRecv:
        return "the whole message crosses the link once";
    }
    return "";
}

std::string bandwidthText(double bytesPerSecond)
{
    return cat(formatBytes(bytesPerSecond), "/s");
}

std::string linkText(const LinkCost& link)
{
    return cat(bandwidthText(link.beta > 0 ? 1.0 / link.beta : 0.0), " per rank and direction, α ",
               formatSeconds(link.alpha), " per message");
}

std::string messageText(const GroupMessage& m)
{
    const auto number = [](double value) { return formatNumber(value, 6); };
    switch (m.kind) {
    case GroupMessageKind::TpActivations:
        // With SP the all-gather of the input, e its bytes (1 where the design gathers FP8).
        return cat("one layer's activations in TP, s·b·h·e = ", number(double(m.tokens)), " × ",
                   number(double(m.microBatch)), " × ", number(double(m.hidden)), " × ",
                   number(m.bytesPerElement), " B");
    case GroupMessageKind::DpGradients:
        return cat("the gradients of one rank's model shard, ", formatCount(m.parameters), " parameters × ",
                   number(m.bytesPerElement), " B");
    case GroupMessageKind::CpKvBlocks:
        return cat("ring attention's KV blocks, ", number(m.blocks),
                   " ranks × 2·(s/CP)·b·(KV heads)·d·e = ", number(m.blocks), " × 2 × ",
                   number(double(m.tokens)), " × ", number(double(m.microBatch)), " × ", number(m.kvHeads),
                   " × ", number(double(m.headDim)), " × ", number(m.bytesPerElement), " B");
    case GroupMessageKind::EpDispatch:
        return cat("the MoE token dispatch, T·k·h·e = ", number(double(m.tokens)), " × ", number(m.topK),
                   " × ", number(double(m.hidden)), " × ", number(m.bytesPerElement), " B per GPU");
    case GroupMessageKind::EmbeddingCopyGradients:
        return cat("the first and last stage's sum of the word embedding's two copies, ",
                   m.partition ? "the rank's FSDP shard of its gradient, " : "its gradient, ",
                   formatCount(m.parameters), " parameters × ", number(m.bytesPerElement), " B");
    case GroupMessageKind::StageCopyGradients:
        return cat("DualPipe's sum of both copies of two stages, ",
                   m.partition ? "the rank's ZeRO partition of their gradients, " : "their gradients, ",
                   formatCount(m.parameters), " parameters × ", number(m.bytesPerElement), " B");
    }
    return "";
}

void writeGroup(std::ostream& out, const Design& design, const GroupCollective& group, bool bytesOverridden)
{
    out << "Group " << enumName(group.dim) << ":" << group.groupIndex << " of \"" << design.name
        << "\": " << group.members.size() << " ranks on " << group.nodes
        << (group.nodes == 1 ? " node" : " nodes") << "\n";
    for (std::size_t i = 0; i < group.members.size(); ++i) {
        const GroupMember& m = group.members[i];
        if (i == 16 && group.members.size() > 18) {
            out << "  … " << group.members.size() - 16 << " more\n";
            break;
        }
        out << "  position " << std::setw(2) << i << "  rank " << std::setw(5) << m.rank << "  node "
            << std::setw(4) << m.nodeId << "  GPU " << m.slot << "\n";
    }
    out << "Links     inside a node: " << group.intraLink.name << " (" << linkText(group.links.intraNode)
        << ")\n";
    if (group.nodes > 1)
        out << "          between nodes: " << group.interLink.name << " (" << linkText(group.links.interNode)
            << ")\n";
    if (group.unevenNodes)
        out << "          the nodes hold different numbers of the group's GPUs; the cost treats them as "
            << group.spec.ranksPerNode << " per node, so some hops inside a node are priced as fabric hops\n";
    out << "Message   " << (bytesOverridden ? "--bytes overrides " : "") << messageText(group.message)
        << " = " << formatBytes(group.message.bytes) << "\n";
}

std::string chunkList(const std::vector<std::pair<int, int>>& chunks)
{
    std::string text;
    for (const auto& [chunk, slot] : chunks) {
        if (!text.empty())
            text += ",";
        text += std::to_string(chunk);
        if (slot != chunk) {
            text += ">";
            text += std::to_string(slot);
        }
    }
    return text;
}

// A slot's contributors, runs of three or more as ranges: "0-2+5"; "Σ" for all ranks, "." for none.
std::string slotText(const CollectiveState& state, int rank, int slot)
{
    if (state.isEmpty(rank, slot))
        return ".";
    if (state.holdsAll(rank, slot) && state.ranks() > 1)
        return "Σ";
    const std::vector<int> ranks = state.contributors(rank, slot);
    std::string text;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        if (!text.empty())
            text += "+";
        text += std::to_string(ranks[i]);
        if (j >= i + 2) {
            text += "-";
            text += std::to_string(ranks[j]);
        } else if (j == i + 1) {
            text += "+";
            text += std::to_string(ranks[j]);
        }
        i = j + 1;
    }
    return text;
}

// What every rank holds: "0:[Σ|1+2|.] 1:[…]", one entry per slot.
std::string stateText(const CollectiveState& state)
{
    std::string text;
    for (int r = 0; r < state.ranks(); ++r) {
        if (r > 0)
            text += " ";
        text += std::to_string(r);
        text += ":[";
        for (int c = 0; c < state.chunks(); ++c) {
            if (c > 0)
                text += "|";
            text += slotText(state, r, c);
        }
        text += "]";
    }
    return text;
}

void writeSteps(std::ostream& out, const CollectiveTrace& trace, const std::vector<double>& seconds)
{
    const int chunks = trace.spec.chunks;
    out << "\nSteps (" << chunks << " chunks of " << formatBytes(trace.spec.bytes / chunks)
        << "; from→to: chunks, \"+\" = the receiver adds it to its own";
    if (trace.spec.op == CollectiveOp::AllToAll)
        out << ", c>s = chunk c lands in slot s";
    out << ";\n       after = rank:[slot|slot|…], each slot the ranks whose data it holds, Σ = all, . = "
           "empty)\n";
    for (const CollectiveStep& step : trace.steps) {
        const std::size_t i = static_cast<std::size_t>(step.index);
        out << "  " << std::setw(3) << step.index + 1 << "  " << std::left << std::setw(22)
            << enumName(step.phase) << std::right << std::setw(10)
            << formatSeconds(i < seconds.size() ? seconds[i] : 0.0) << "  ";
        // One entry per link: the chunks it carries in this step.
        std::map<std::tuple<int, int, bool>, std::vector<std::pair<int, int>>> byLink;
        for (const CollectiveSend& s : step.sends)
            byLink[{s.from, s.to, s.reduces}].push_back({s.chunk, s.toChunk});
        bool first = true;
        for (const auto& [link, list] : byLink) {
            out << (first ? "" : "  ") << std::get<0>(link) << "→" << std::get<1>(link) << ":"
                << (std::get<2>(link) ? "+" : "") << chunkList(list);
            first = false;
        }
        // Under the sends: what the buffers hold once the step is done.
        out << "\n" << std::string(34, ' ') << "after  " << stateText(step.after) << "\n";
    }
}

// The pipelined tree's steps, priced one by one, do not add up to MPICH's binomial-tree formula that the
// time above uses (it does not pipeline the chunks); the GUI says the same (collectivepanel.cpp).
void writeStepSum(std::ostream& out, const std::vector<double>& seconds, const CollectiveCost& cost)
{
    double sum = 0;
    for (double s : seconds)
        sum += s;
    if (std::abs(sum - cost.timeSeconds) <= 1e-9 * std::max(sum, 1e-12))
        return;
    out << "The steps add up to " << formatSeconds(sum) << "; the time above, "
        << formatSeconds(cost.timeSeconds)
        << ", is MPICH's binomial-tree formula, which does not pipeline the chunks.\n";
}

// The flags of the collective verb, as given.
struct CollectiveFlags
{
    std::optional<CollectiveOp> op;
    std::optional<CollectiveAlgorithm> algorithm;
    std::optional<int> ranks, chunks, ranksPerNode;
    std::optional<double> bytes, alpha, bandwidth, interAlpha, interBandwidth;
    std::optional<GroupArgument> group;
    std::optional<std::string> link; // --link: the intra-node link of catalogue hardware
    CostModel model = CostModel::AlphaBeta;
    bool modelGiven = false;
    bool json = false, steps = false;
    DesignFlags designFlags;
    bool usesDesign = false;
};

CollectiveFlags readCollectiveFlags(Arguments& args)
{
    CollectiveFlags f;
    const auto positiveNumber = [&args](const std::string& flag, bool allowZero) {
        const double value = args.number(flag);
        if (value < 0 || (!allowZero && value == 0))
            throw UsageError(cat(flag, allowZero ? " must be zero or more" : " must be more than zero",
                                 ", not ", formatNumber(value)));
        return value;
    };
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--op")
            f.op = enumArgument<CollectiveOp>(args, arg);
        else if (arg == "--algo" || arg == "--algorithm")
            f.algorithm = enumArgument<CollectiveAlgorithm>(args, arg);
        else if (arg == "--ranks") {
            const std::int64_t n = args.integer(arg, 1, limits::kMaxWorldSize);
            if (n < 2)
                throw UsageError(
                    "--ranks 1: a collective needs at least two ranks; on one rank nothing moves");
            f.ranks = static_cast<int>(n);
        } else if (arg == "--bytes")
            f.bytes = args.number(arg); // the core explains a bad size (collective-bytes)
        else if (arg == "--chunks")
            f.chunks = static_cast<int>(args.integer(arg, 0, 1 << 30));
        else if (arg == "--alpha")
            f.alpha = positiveNumber(arg, true);
        else if (arg == "--bandwidth")
            f.bandwidth = positiveNumber(arg, false);
        else if (arg == "--inter-alpha")
            f.interAlpha = positiveNumber(arg, true);
        else if (arg == "--inter-bandwidth")
            f.interBandwidth = positiveNumber(arg, false);
        else if (arg == "--ranks-per-node")
            f.ranksPerNode = static_cast<int>(args.integer(arg, 0, limits::kMaxWorldSize));
        else if (arg == "--cost") {
            f.model = enumArgument<CostModel>(args, arg);
            f.modelGiven = true;
        } else if (arg == "--link")
            f.link = args.value(arg);
        else if (arg == "--group")
            f.group = parseGroup(args.value(arg));
        else if (arg == "--design") {
            f.designFlags.file = args.value(arg);
            f.usesDesign = true;
        } else if (arg == "--steps")
            f.steps = true;
        else if (arg == "--json")
            f.json = true;
        else if (f.designFlags.consume(arg, args))
            f.usesDesign = true;
        else
            throw UsageError(cat("collective: unknown argument '", arg, "'"));
    }
    return f;
}

// The collective to price: its spec and links, and with --group the design and the group they come from.
struct ChosenCollective
{
    CollectiveSpec spec;
    CollectiveLinks links;
    std::optional<Design> design;
    std::optional<GroupCollective> group;
    std::optional<Json> hardware; // catalogue mode: the presets, nodes and rails the links come from
    std::string hardwareText;
};

// --group: the ranks, links and message of one group of the design. An exit code when the design cannot
// give one.
std::optional<int> chooseGroup(const CollectiveFlags& f, ChosenCollective& chosen, std::ostream& err)
{
    const GroupArgument& group = *f.group;
    if (f.ranks)
        throw UsageError("collective: --ranks comes from the group; leave it out with --group");
    if (f.alpha || f.bandwidth || f.interAlpha || f.interBandwidth || f.ranksPerNode)
        throw UsageError("collective: the group's own links are used; --alpha, --bandwidth, --inter-alpha, "
                         "--inter-bandwidth and --ranks-per-node need no --group");
    BuiltDesign built = buildDesign(f.designFlags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    chosen.design = std::move(*built.design);
    const Design& design = *chosen.design;
    const Evaluation evaluation = evaluate(design);
    if (!evaluation.hasMesh) {
        err << "meshwright-cli: the design's layout has no process groups; its errors:\n";
        writeDiagnostics(err, evaluation.diagnostics);
        return kExitDesignErrors;
    }
    // PP's collectives are the sums of pipeline copies (comm/stagecopy.h): pair i is "pp:i".
    const bool stageCopies = group.dim == Dim::Pp && hasStageCopies(design);
    if (group.dim == Dim::Pp && !stageCopies)
        throw UsageError(
            "--group pp: pipeline stages send activations point to point, not in a collective "
            "(only DualPipe's two copies of a stage, and a word embedding kept on the first and the last "
            "stage, sum their gradients); choose a tp, dp, cp or ep group");
    const std::size_t count = stageCopies ? stageCopyPairs(design, evaluation.mesh, evaluation.ranks).size()
                                          : evaluation.mesh.groupsOf(group.dim).size();
    const std::string kind = !stageCopies                     ? cat(enumName(group.dim), " groups")
        : pipelineCopies(design) == PipelineCopies::Embedding ? "pp pairs of embedding copies"
                                                              : "pp pairs of stage copies";
    if (group.index >= static_cast<int>(count))
        throw UsageError(cat("--group: there is no group ", enumName(group.dim), ":",
                             std::to_string(group.index), "; the design has ", std::to_string(count), " ",
                             kind, " (", enumName(group.dim), ":0 to ", enumName(group.dim), ":",
                             std::to_string(count - 1), ")"));
    GroupCollectiveResult result = groupCollective(design, evaluation, group.dim, group.index);
    if (!result.group) {
        err << "meshwright-cli: " << result.problem << "\n";
        if (!evaluation.valid())
            writeDiagnostics(err, evaluation.diagnostics);
        return kExitDesignErrors;
    }
    chosen.group = std::move(*result.group);
    if (chosen.group->members.size() < 2)
        throw UsageError(cat("--group ", enumName(group.dim), ":", std::to_string(group.index),
                             " has a single rank (the design has ", enumName(group.dim),
                             " = 1): nothing to communicate"));
    chosen.spec = chosen.group->spec;
    if (f.op)
        chosen.spec.op = *f.op;
    // The design's links as this op runs on them: a ring on the group's rails, all-to-all and sends on each
    // GPU's card (grouplinks.h).
    chosen.links = chosen.group->linksFor(chosen.spec.op);
    chosen.spec.algorithm = f.algorithm ? *f.algorithm : algorithmsFor(chosen.spec.op).front();
    if (f.bytes)
        chosen.spec.bytes = *f.bytes;
    return std::nullopt;
}

// --gpu without a design: the collective on catalogue hardware, nodes × ranks-per-node GPUs, the links of
// a uniform cluster of those presets by the rule of grouplinks.h (rings on min(G, cards) rails).
void chooseFromCatalog(const CollectiveFlags& f, ChosenCollective& chosen)
{
    const DesignFlags& d = f.designFlags;
    if (f.alpha || f.bandwidth || f.interAlpha || f.interBandwidth)
        throw UsageError("collective: --gpu prices on catalogue links; leave out --alpha, --bandwidth, "
                         "--inter-alpha and --inter-bandwidth");
    if (!f.op)
        throw UsageError(cat("collective: --op is required (", enumNameList<CollectiveOp>(", "), ")"));
    if (!f.bytes)
        throw UsageError("collective: --bytes is required");
    if (!f.ranksPerNode || *f.ranksPerNode < 1)
        throw UsageError("collective: --gpu needs --ranks-per-node G (the group's GPUs on each node)");
    const Catalog& catalog = Catalog::builtin();
    const GpuSpec* gpu = catalog.gpu(*d.gpu);
    if (!gpu)
        throw UsageError("--gpu: unknown GPU '" + *d.gpu + "' (presets: " + catalog.gpuIds() + ")");
    const int nodes = d.nodes.value_or(1);
    const int perNode = *f.ranksPerNode;
    const int ranks = nodes * perNode;
    if (f.ranks && *f.ranks != ranks)
        throw UsageError(cat("collective: --ranks ", std::to_string(*f.ranks), " is not --nodes × --ranks-per-node = ",
                             std::to_string(ranks)));
    if (ranks < 2)
        throw UsageError("collective: one node with --ranks-per-node 1 is a single rank; nothing moves");
    const std::string intra = f.link.value_or(d.intraLink.value_or(gpu->defaultIntraLink));
    const std::string fabric = d.fabric.value_or("ib-ndr-400");
    for (const std::string& id : {intra, fabric})
        if (!catalog.link(id))
            throw UsageError("unknown link '" + id + "' (presets: " + catalog.linkIds() + ")");
    Cluster cluster = makeUniformCluster(nodes, d.gpusPerNode.value_or(perNode), gpu->id, intra, fabric);
    cluster.nicsPerNode = d.nicsPerNode.value_or(0);
    cluster.oversubscription = d.oversubscription.value_or(1.0);
    cluster.fabricTopology = d.fabricTopology.value_or(FabricTopology::RailOptimized);
    std::vector<int> nodeIndices;
    for (int n = 0; n < nodes; ++n)
        nodeIndices.insert(nodeIndices.end(), static_cast<std::size_t>(perNode), n);
    const GroupLinks links = groupLinksOnNodes(ClusterLinkSpecs(cluster, catalog), nodeIndices);
    CollectiveSpec& spec = chosen.spec;
    spec.op = *f.op;
    spec.algorithm = f.algorithm ? *f.algorithm : algorithmsFor(spec.op).front();
    spec.ranks = ranks;
    spec.bytes = *f.bytes;
    spec.ranksPerNode = links.ranksPerNode;
    chosen.links = links.links;
    if (spec.op == CollectiveOp::AllToAll || spec.op == CollectiveOp::SendRecv)
        chosen.links.interNode = links.interNodePerGpu;
    chosen.hardware = Json{{"gpu", gpu->id},     {"intraLink", intra},
                           {"fabric", nodes > 1 ? Json(fabric) : Json(nullptr)},
                           {"nodes", nodes},     {"ranksPerNode", perNode},
                           {"nicsPerNode", cluster.nicsOfNode(0)},
                           {"oversubscription", cluster.oversubscription},
                           {"fabricTopology", enumName(cluster.fabricTopology)},
                           {"rails", nodes > 1 ? links.rails : 0.0}};
    chosen.hardwareText = cat(gpu->name, ", ", std::to_string(nodes), nodes == 1 ? " node" : " nodes", " × ",
                              std::to_string(perNode), " ranks; ", intra);
    if (nodes > 1)
        chosen.hardwareText += cat(" inside a node, ", fabric, " between nodes on ", formatNumber(links.rails),
                                   " rails (", std::to_string(cluster.nicsOfNode(0)), " cards per node)");
}

// Without --group: the collective the flags describe, on links of the given bandwidth and latency.
void chooseFromFlags(const CollectiveFlags& f, ChosenCollective& chosen)
{
    if (f.usesDesign && f.designFlags.gpu && !f.designFlags.file && !f.designFlags.example) {
        chooseFromCatalog(f, chosen);
        return;
    }
    if (f.usesDesign)
        throw UsageError("collective: a design needs --group DIM:INDEX to say which group plays");
    if (!f.op)
        throw UsageError(cat("collective: --op is required (", enumNameList<CollectiveOp>(", "),
                             "), or --design with --group"));
    if (!f.ranks)
        throw UsageError("collective: --ranks is required (or --design with --group)");
    if (!f.bytes)
        throw UsageError("collective: --bytes is required (or --design with --group)");
    if (!f.bandwidth)
        throw UsageError("collective: --bandwidth BYTES_PER_S is required (or --design with --group)");
    if ((f.interAlpha || f.interBandwidth) && !f.ranksPerNode)
        throw UsageError("collective: --inter-alpha and --inter-bandwidth need --ranks-per-node");
    CollectiveSpec& spec = chosen.spec;
    spec.op = *f.op;
    spec.algorithm = f.algorithm ? *f.algorithm : algorithmsFor(spec.op).front();
    spec.ranks = *f.ranks;
    spec.bytes = *f.bytes;
    spec.ranksPerNode = f.ranksPerNode.value_or(0);
    chosen.links.intraNode = linkCost(f.alpha.value_or(0.0), *f.bandwidth);
    chosen.links.interNode
        = linkCost(f.interAlpha.value_or(f.alpha.value_or(0.0)), f.interBandwidth.value_or(*f.bandwidth));
}

Json groupToJson(const GroupCollective& group)
{
    Json members = Json::array();
    for (const GroupMember& m : group.members)
        members.push_back({{"rank", m.rank}, {"node", m.nodeId}, {"gpu", m.gpuId}, {"slot", m.slot}});
    return {{"dimension", enumName(group.dim)},
            {"index", group.groupIndex},
            {"members", std::move(members)},
            {"nodes", group.nodes},
            {"intraLink", group.intraLink.id},
            {"interLink", group.nodes > 1 ? Json(group.interLink.id) : Json(nullptr)},
            {"message", enumName(group.message.kind)},
            {"messageBytes", group.message.bytes}};
}

// The readable answer: the group, the op, its links and cost model, time and bandwidths, and the steps.
void writeCollectiveText(std::ostream& out, const ChosenCollective& chosen, CostModel model,
                         const CollectiveCost& cost, const std::optional<CollectiveTrace>& trace,
                         bool bytesOverridden)
{
    const CollectiveSpec& spec = chosen.spec;
    const CollectiveLinks& links = chosen.links;
    if (chosen.group)
        writeGroup(out, *chosen.design, *chosen.group, bytesOverridden);
    const int n = spec.ranks;
    out << opTitle(spec.op) << " · " << enumName(spec.algorithm) << " · " << n << " ranks";
    if (spec.ranksPerNode > 0 && spec.ranksPerNode < n)
        out << " (" << spec.ranksPerNode << " per node, " << nodeCount(spec) << " nodes)";
    out << " · S = " << formatBytes(spec.bytes) << " (" << bytesMeaning(spec.op) << ")\n";
    if (!chosen.hardwareText.empty())
        out << "Hardware  " << chosen.hardwareText << "\n";
    if (!chosen.group) {
        out << "Links     " << (cost.crossesInterNode ? "inside a node: " : "") << linkText(links.intraNode)
            << "\n";
        if (cost.crossesInterNode)
            out << "          between nodes: " << linkText(links.interNode) << "\n";
    }
    out << "Model     "
        << (model == CostModel::Nccl           ? "NCCL tuning model"
                : model == CostModel::NcclEfficiency
                ? cat("as the step time prices it: NCCL's algorithm, ",
                      formatNumber(100 * ncclCollective(spec, links).efficiency, 3),
                      " % of the slowest link's bandwidth at this size (docs/collectives.md)")
                : "α–β (latency + bytes / bandwidth)")
        << "\n\n";
    out << "Time                 " << formatSeconds(cost.timeSeconds) << "   (" << cost.steps
        << (cost.steps == 1 ? " message" : " messages") << " in sequence: latency "
        << formatSeconds(cost.latencySeconds) << ", transfer " << formatSeconds(cost.bandwidthSeconds);
    if (cost.reductionSeconds > 0)
        out << ", reduction " << formatSeconds(cost.reductionSeconds);
    out << ")\n";
    out << "Algorithm bandwidth  " << bandwidthText(cost.algBandwidth) << "   = S / time\n";
    out << "Bus bandwidth        " << bandwidthText(cost.busBandwidth) << "   = algbw × "
        << factorFormula(spec.op) << " = algbw × " << formatNumber(cost.busFactor, 4) << "\n";
    out << (cost.busFactor == 1.0 ? "  They are equal because " : "  They differ because ")
        << factorReason(spec.op)
        << ". The bus bandwidth is what nccl-tests compares with the link's own bandwidth.\n";
    if (trace) {
        const std::vector<double> seconds = stepSeconds(*trace, links);
        writeSteps(out, *trace, seconds);
        writeStepSum(out, seconds, cost);
    }
}

} // namespace

std::string collectiveHelp()
{
    return cat(
        "  collective --op ", enumNameList<CollectiveOp>(), " [--algo ", enumNameList<CollectiveAlgorithm>(),
        "]\n"
        "             --ranks N --bytes B --bandwidth BYTES_PER_S [--alpha SECONDS]\n"
        "             [--ranks-per-node G --inter-bandwidth BYTES_PER_S --inter-alpha SECONDS]\n"
        "           | --gpu ID --ranks-per-node G [--nodes N] [--link ID] [--fabric ID]\n"
        "             [--nics-per-node K] [--oversubscription X]   (catalogue links; cost nccl-efficiency)\n"
        "           | --design DESIGN.json|--example ID --group tp|dp|cp|ep|pp:INDEX [--bytes B] [DESIGN "
        "FLAGS]\n"
        "             [--chunks C] [--cost alpha-beta|nccl|nccl-efficiency] [--steps] [--json]\n"
        "             (the design's links; cost nccl-efficiency unless --cost says otherwise)\n"
        "      The time of one collective, its algorithm bandwidth (S / time) and bus bandwidth (algbw ×\n"
        "      the nccl-tests factor), and with --steps who sends which chunk to whom in every step.\n"
        "      B is nccl-tests' S: the all-reduce buffer, the whole all-gather output, the whole\n"
        "      reduce-scatter input, the whole all-to-all send buffer. With --group the ranks, their\n"
        "      links and the message come from that group of the design (TP: one layer's activations;\n"
        "      DP: the gradients of a rank's shard; CP: the KV blocks; EP: the token dispatch; PP, with\n"
        "      DualPipe only: pair INDEX of a stage's two copies summing their gradients).\n"
        "      Exit codes: 0 done, 1 the collective cannot run as asked (diagnostics), 2 usage.\n");
}

int collectiveVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    const CollectiveFlags flags = readCollectiveFlags(args);
    ChosenCollective chosen;
    if (flags.group) {
        if (const std::optional<int> exit = chooseGroup(flags, chosen, err))
            return *exit;
    } else {
        chooseFromFlags(flags, chosen);
    }
    CollectiveSpec& spec = chosen.spec;
    spec.chunks = flags.chunks.value_or(0);
    // Real hardware — catalogue presets or a design's cluster — is priced as the step time prices it unless
    // --cost says otherwise; raw α/β flags keep the α–β formulas.
    const CostModel model
        = (chosen.hardware || chosen.group) && !flags.modelGiven ? CostModel::NcclEfficiency : flags.model;
    if (spec.algorithm == CollectiveAlgorithm::Direct && spec.ranks > 1) {
        spec.source = 0;
        spec.destination = 1;
    }

    const CollectiveCost cost = collectiveCost(spec, chosen.links, model);
    std::optional<CollectiveTrace> trace;
    if (flags.steps && cost.valid())
        trace = traceCollective(spec);
    const bool valid = cost.valid() && (!trace || trace->valid());

    if (flags.json) {
        Json report = collectiveToJson(spec, model, cost, trace ? &*trace : nullptr, chosen.links);
        if (chosen.group)
            report["group"] = groupToJson(*chosen.group);
        if (chosen.hardware)
            report["hardware"] = *chosen.hardware;
        out << jsonText(report) << "\n";
        return valid ? kExitOk : kExitDesignErrors;
    }

    if (!valid) {
        err << "meshwright-cli: the collective cannot run as asked:\n";
        std::vector<Diagnostic> diagnostics = cost.diagnostics;
        if (trace)
            diagnostics.insert(diagnostics.end(), trace->diagnostics.begin(), trace->diagnostics.end());
        sortDiagnostics(diagnostics);
        writeDiagnostics(err, diagnostics);
        return kExitDesignErrors;
    }
    writeCollectiveText(out, chosen, model, cost, trace, flags.bytes.has_value());
    return kExitOk;
}

} // namespace cli
