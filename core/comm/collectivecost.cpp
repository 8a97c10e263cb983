// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/collectivecost.h"

#include "base/diagnostickinds.h"
#include "base/units.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace core {

namespace {

// Above this many ranks a pairwise step on a power-of-two group whose nodes are not a power of two is
// assumed to cross both link classes rather than scanned rank by rank (which would take p² work).
constexpr int kMaxScannedPairwiseRanks = 4096;

struct Crossing
{
    bool intra = false;
    bool inter = false;
};

int ranksPerNodeOf(const CollectiveSpec& spec)
{
    return spec.ranksPerNode <= 0 ? std::max(spec.ranks, 1) : spec.ranksPerNode;
}

bool sameNode(int g, int a, int b)
{
    return a / g == b / g;
}

bool isPowerOfTwo(int value)
{
    return value > 0 && std::has_single_bit(static_cast<unsigned>(value));
}

int ceilLog2(int value)
{
    return value <= 1 ? 0 : static_cast<int>(std::bit_width(static_cast<unsigned>(value - 1)));
}

int floorLog2(int value)
{
    return value <= 1 ? 0 : static_cast<int>(std::bit_width(static_cast<unsigned>(value))) - 1;
}

// Hops r → r+1 (mod p): some stay inside a node when nodes hold two or more ranks; some cross when there
// are two or more nodes (the hop out of each node's last rank).
Crossing ringCrossing(const CollectiveSpec& spec)
{
    if (spec.ranks < 2)
        return {};
    const int g = ranksPerNodeOf(spec);
    return {g >= 2, nodeCount(spec) >= 2};
}

Crossing treeCrossing(const CollectiveSpec& spec)
{
    Crossing c;
    const int g = ranksPerNodeOf(spec);
    for (int r = 0; r < spec.ranks && !(c.intra && c.inter); ++r)
        for (const TreeNode& node : doubleBinaryTreeNode(spec.ranks, r))
            if (node.parent >= 0)
                (sameNode(g, r, node.parent) ? c.intra : c.inter) = true;
    return c;
}

// Pairwise step i: rank r sends to r XOR i (power-of-two p) or to (r + i) mod p.
Crossing pairwiseCrossing(const CollectiveSpec& spec, int i)
{
    const int p = spec.ranks;
    const int g = ranksPerNodeOf(spec);
    if (nodeCount(spec) < 2)
        return {true, false};
    if (isPowerOfTwo(p)) {
        // XOR with i < g only flips bits inside an aligned block of g ranks, i.e. inside a node.
        if (isPowerOfTwo(g))
            return {i < g, i >= g};
        if (p > kMaxScannedPairwiseRanks)
            return {true, true};
        Crossing c;
        for (int r = 0; r < p && !(c.intra && c.inter); ++r)
            (sameNode(g, r, r ^ i) ? c.intra : c.inter) = true;
        return c;
    }
    // Shift by i: r and r + i share a node only when i < g (r = 0 → i) or i > p − g (r = p − i → 0);
    // some hop always leaves a node once there are two (the last rank's, or rank 0's).
    return {g >= 2 && (i < g || i > p - g), true};
}

struct Hop
{
    double seconds = 0;
    LinkCost link;
};

// The slower of the crossed classes for a message of `bytes`.
Hop slowestHop(const Crossing& crossing, const CollectiveLinks& links, double bytes)
{
    Hop hop;
    bool any = false;
    for (const auto& [crossed, link] :
         {std::pair{crossing.intra, links.intraNode}, std::pair{crossing.inter, links.interNode}}) {
        if (!crossed)
            continue;
        const double seconds = link.alpha + bytes * link.beta;
        if (!any || seconds > hop.seconds)
            hop = {seconds, link};
        any = true;
    }
    return hop;
}

// Adds `count` steps of one hop of `bytes` each.
void addSteps(CollectiveCost& cost, double count, const Hop& hop, double bytes)
{
    cost.latencySeconds += count * hop.link.alpha;
    cost.bandwidthSeconds += count * bytes * hop.link.beta;
    cost.steps += static_cast<int>(count);
}

bool linkUsable(const LinkCost& link)
{
    return std::isfinite(link.alpha) && link.alpha >= 0 && std::isfinite(link.beta) && link.beta > 0;
}

void checkLink(std::vector<Diagnostic>& out, const LinkCost& link, const char* label, const char* path)
{
    if (linkUsable(link))
        return;
    const std::string bandwidth = link.beta > 0 && std::isfinite(link.beta)
        ? formatBytes(1.0 / link.beta) + "/s"
        : std::string("0 B/s");
    out.push_back(makeDiagnostic(diag::kCollectiveLink, path, {label, bandwidth, formatSeconds(link.alpha)}));
}

// γ and the NCCL base latency: zero or more, and at most one second (per byte, per call).
void checkParameter(std::vector<Diagnostic>& out, double value, const char* label, const char* path)
{
    if (std::isfinite(value) && value >= 0 && value <= 1)
        return;
    out.push_back(makeDiagnostic(diag::kValueRange, path, {label, "0", "1", formatNumber(value)}));
}

Crossing crossingOf(const CollectiveSpec& spec)
{
    switch (spec.algorithm) {
    case CollectiveAlgorithm::Ring:
    case CollectiveAlgorithm::Hierarchical:
        return ringCrossing(spec);
    case CollectiveAlgorithm::Tree:
        return treeCrossing(spec);
    case CollectiveAlgorithm::Pairwise: {
        Crossing c;
        // Steps 1, g and p − 1 between them show every class that any step crosses.
        for (int i : {1, spec.ranks - 1, ranksPerNodeOf(spec)})
            if (i >= 1 && i < spec.ranks) {
                const Crossing s = pairwiseCrossing(spec, i);
                c.intra |= s.intra;
                c.inter |= s.inter;
            }
        return c;
    }
    case CollectiveAlgorithm::Direct: {
        if (spec.ranks < 2)
            return {};
        const bool same = sameNode(ranksPerNodeOf(spec), spec.source, spec.destination);
        return {same, !same};
    }
    }
    return {};
}

void alphaBeta(const CollectiveSpec& spec, const CollectiveLinks& links, CollectiveCost& cost)
{
    const double p = spec.ranks;
    const double n = spec.bytes;
    const Crossing crossing = crossingOf(spec);
    switch (spec.algorithm) {
    case CollectiveAlgorithm::Ring: {
        if (spec.op == CollectiveOp::SendRecv) {
            addSteps(cost, 1, slowestHop(crossing, links, n), n);
            break;
        }
        const double steps = spec.op == CollectiveOp::AllReduce ? 2 * (p - 1) : p - 1;
        addSteps(cost, steps, slowestHop(crossing, links, n / p), n / p);
        if (spec.op != CollectiveOp::AllGather)
            cost.reductionSeconds = (p - 1) / p * n * links.gamma;
        break;
    }
    case CollectiveAlgorithm::Tree: {
        const double levels = ceilLog2(spec.ranks);
        addSteps(cost, 2 * levels, slowestHop(crossing, links, n), n);
        cost.reductionSeconds = levels * n * links.gamma;
        break;
    }
    case CollectiveAlgorithm::Hierarchical: {
        const double g = ranksPerNodeOf(spec);
        const double k = p / g;
        if (g >= 2)
            addSteps(cost, 2 * (g - 1), {0, links.intraNode}, n / g);
        if (k >= 2)
            addSteps(cost, 2 * (k - 1), {0, links.interNode}, n / (g * k));
        cost.reductionSeconds = ((g - 1) / g * n + (k - 1) / k * (n / g)) * links.gamma;
        break;
    }
    case CollectiveAlgorithm::Pairwise:
        for (int i = 1; i < spec.ranks; ++i)
            addSteps(cost, 1, slowestHop(pairwiseCrossing(spec, i), links, n / p), n / p);
        break;
    case CollectiveAlgorithm::Direct:
        addSteps(cost, 1, slowestHop(crossing, links, n), n);
        break;
    }
}

void nccl(const CollectiveSpec& spec, const CollectiveLinks& links, CollectiveCost& cost)
{
    const bool collective = spec.op == CollectiveOp::AllReduce || spec.op == CollectiveOp::AllGather
        || spec.op == CollectiveOp::ReduceScatter;
    if (!collective || spec.algorithm == CollectiveAlgorithm::Hierarchical) {
        // p2p has no tuning model in NCCL; hierarchical is three NCCL rings, which the ring model prices
        // exactly as α–β does on one link class. NCCL folds the reduction into its bandwidth: no γ.
        alphaBeta(spec, links, cost);
        cost.reductionSeconds = 0;
        return;
    }
    const Crossing crossing = crossingOf(spec);
    double slowestBeta = 0;
    if (crossing.intra)
        slowestBeta = std::max(slowestBeta, links.intraNode.beta);
    if (crossing.inter)
        slowestBeta = std::max(slowestBeta, links.interNode.beta);
    const double busBw = 1.0 / slowestBeta;
    const int p = spec.ranks;
    const int nodes = nodeCount(spec);
    double algBw = 0;
    double latency = links.ncclBaseLatency;
    if (spec.algorithm == CollectiveAlgorithm::Tree) {
        algBw = busBw * 0.5;
        latency += 2 * ((p / nodes - 1) * links.intraNode.alpha + floorLog2(nodes) * links.interNode.alpha);
        cost.steps = 2 * (p / nodes - 1 + floorLog2(nodes));
    } else {
        const int nsteps = spec.op == CollectiveOp::AllReduce ? 2 * (p - 1) : p - 1;
        const int interSteps
            = nodes == 1 ? 0 : (spec.op == CollectiveOp::AllReduce ? 2 * (nodes - 1) : nodes - 1);
        algBw = busBw * p / nsteps;
        latency += (nsteps - interSteps) * links.intraNode.alpha + interSteps * links.interNode.alpha;
        cost.steps = nsteps;
    }
    cost.latencySeconds = latency;
    cost.bandwidthSeconds = spec.bytes / algBw;
}

} // namespace

LinkCost linkCost(double latencySeconds, double bandwidthBytesPerSecond)
{
    const double beta = bandwidthBytesPerSecond > 0 ? 1.0 / bandwidthBytesPerSecond
                                                    : std::numeric_limits<double>::infinity();
    return {latencySeconds, beta};
}

LinkCost linkCost(const LinkSpec& link)
{
    return linkCost(link, 1.0);
}

LinkCost linkCost(const LinkSpec& link, double bandwidthScale)
{
    LinkCost out = linkCost(link.latency, link.bandwidth * bandwidthScale);
    if (link.ncclEfficiency > 0)
        out.efficiency = link.ncclEfficiency;
    return out;
}

double busBandwidthFactor(CollectiveOp op, int ranks)
{
    if (ranks < 1)
        return 0;
    const double n = ranks;
    switch (op) {
    case CollectiveOp::AllReduce:
        return 2 * (n - 1) / n;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        return (n - 1) / n;
    case CollectiveOp::SendRecv:
        return 1;
    }
    return 0;
}

double ncclTestsBytes(CollectiveOp op, double countTimesTypeSize, int ranks)
{
    switch (op) {
    case CollectiveOp::AllReduce:
    case CollectiveOp::SendRecv:
        return countTimesTypeSize;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        return countTimesTypeSize * ranks;
    }
    return 0;
}

BandwidthFigures ncclTestsBandwidth(CollectiveOp op, int ranks, double bytes, double seconds)
{
    BandwidthFigures out;
    out.busFactor = busBandwidthFactor(op, ranks);
    if (!(seconds > 0) || !std::isfinite(seconds) || !std::isfinite(bytes))
        return out;
    out.algBandwidth = bytes / seconds;
    out.busBandwidth = out.algBandwidth * out.busFactor;
    return out;
}

CollectiveCost collectiveCost(const CollectiveSpec& spec, const CollectiveLinks& links, CostModel model)
{
    CollectiveCost cost;
    cost.diagnostics = checkCollective(spec);
    if (cost.valid()) {
        const Crossing crossing = crossingOf(spec);
        cost.crossesIntraNode = crossing.intra;
        cost.crossesInterNode = crossing.inter;
        if (cost.crossesIntraNode)
            checkLink(cost.diagnostics, links.intraNode, "intra-node", "/links/intraNode");
        if (cost.crossesInterNode)
            checkLink(cost.diagnostics, links.interNode, "inter-node", "/links/interNode");
        checkParameter(cost.diagnostics, links.gamma, "Reduction cost γ (seconds per byte)", "/links/gamma");
        checkParameter(cost.diagnostics, links.ncclBaseLatency, "NCCL base latency (seconds)",
                       "/links/ncclBaseLatency");
    }
    sortDiagnostics(cost.diagnostics);
    if (!cost.valid() || spec.ranks < 2)
        return cost;
    if (model == CostModel::NcclEfficiency) {
        const NcclCollective priced = ncclCollective(spec, links);
        cost.latencySeconds = priced.latencySeconds;
        cost.bandwidthSeconds = priced.bandwidthSeconds;
        cost.steps = priced.steps;
    } else if (model == CostModel::Nccl) {
        nccl(spec, links, cost);
    } else {
        alphaBeta(spec, links, cost);
    }
    cost.timeSeconds = cost.latencySeconds + cost.bandwidthSeconds + cost.reductionSeconds;
    const BandwidthFigures figures = ncclTestsBandwidth(spec.op, spec.ranks, spec.bytes, cost.timeSeconds);
    cost.algBandwidth = figures.algBandwidth;
    cost.busBandwidth = figures.busBandwidth;
    cost.busFactor = figures.busFactor;
    return cost;
}

double ncclHalfBandwidthBytes(const LinkCost& link)
{
    return link.alpha > 0 && link.beta > 0 ? link.alpha / link.beta : kNcclHalfBandwidthBytes;
}

double ncclSizeFactor(int ranks, double bytes, double halfBandwidthBytes)
{
    if (ranks < 2 || !(bytes > 0))
        return 1;
    const double p = ranks;
    return p / (p + 1) * bytes / (bytes + halfBandwidthBytes);
}

double ncclEfficiency(int ranks, double bytes, double halfBandwidthBytes)
{
    return kNcclBusEfficiency * ncclSizeFactor(ranks, bytes, halfBandwidthBytes);
}

NcclCollective ncclCollective(const CollectiveSpec& spec, const CollectiveLinks& links)
{
    NcclCollective out;
    CollectiveSpec s = spec;
    s.algorithm = s.op == CollectiveOp::AllToAll ? CollectiveAlgorithm::Pairwise
        : s.op == CollectiveOp::SendRecv        ? CollectiveAlgorithm::Direct
                                                : CollectiveAlgorithm::Ring;
    if (s.algorithm == CollectiveAlgorithm::Direct && s.source == s.destination)
        s.destination = s.ranks - 1;
    out.algorithm = s.algorithm;
    // A send has one peer by definition: no ring of few peers to discount, only the message size.
    const int peers = s.op == CollectiveOp::SendRecv ? 1 << 30 : s.ranks;
    const auto share = [&s, peers](const LinkCost& link) {
        return (link.efficiency > 0 && link.efficiency <= 1 ? link.efficiency : kNcclBusEfficiency)
            * ncclSizeFactor(peers, s.bytes, ncclHalfBandwidthBytes(link));
    };
    out.efficiency = share(links.intraNode);
    if (s.ranks < 2 || !(s.bytes > 0))
        return out;
    CollectiveLinks scaled = links;
    scaled.intraNode.beta /= share(links.intraNode);
    scaled.interNode.beta /= share(links.interNode);
    scaled.gamma = 0;
    if (nodeCount(s) >= 2 && scaled.interNode.beta > scaled.intraNode.beta)
        out.efficiency = share(links.interNode);
    const CollectiveCost ring = collectiveCost(s, scaled);
    if (!ring.valid())
        return out;
    out.seconds = kNcclBaseLatencySeconds + ring.timeSeconds;
    out.latencySeconds = kNcclBaseLatencySeconds + ring.latencySeconds;
    out.bandwidthSeconds = ring.bandwidthSeconds;
    out.steps = ring.steps;
    const int nodes = nodeCount(s);
    if (s.op == CollectiveOp::AllReduce && nodes >= 2) {
        const int g = ranksPerNodeOf(s);
        const double beta = std::max(g >= 2 ? scaled.intraNode.beta : 0.0, scaled.interNode.beta);
        const double latency = kNcclBaseLatencySeconds
            + 2 * ((g - 1) * links.intraNode.alpha + ceilLog2(nodes) * links.interNode.alpha);
        const double transfer = 2 * s.bytes * beta / kNcclTreeBandwidthShare;
        if (latency + transfer < out.seconds) {
            out = {CollectiveAlgorithm::Tree, latency + transfer, latency, transfer,
                   2 * (g - 1 + ceilLog2(nodes)), out.efficiency};
        }
    }
    return out;
}

std::vector<double> stepSeconds(const CollectiveTrace& trace, const CollectiveLinks& links)
{
    std::vector<double> out;
    if (!trace.valid())
        return out;
    const int n = trace.initial.ranks();
    const int chunks = trace.initial.chunks();
    if (n < 1 || chunks < 1)
        return out;
    const int g = ranksPerNodeOf(trace.spec);
    const double chunkBytes = trace.spec.bytes / chunks;
    // Per rank: bytes out and in over the intra and the inter link, and bytes reduced.
    enum { OutIntra, OutInter, InIntra, InInter, Reduced, Fields };
    std::vector<double> load(static_cast<std::size_t>(n) * Fields);
    for (const CollectiveStep& step : trace.steps) {
        std::fill(load.begin(), load.end(), 0.0);
        const auto at = [](int rank, int field) {
            return static_cast<std::size_t>(rank) * Fields + static_cast<std::size_t>(field);
        };
        for (const CollectiveSend& s : step.sends) {
            const bool inter = !sameNode(g, s.from, s.to);
            load[at(s.from, inter ? OutInter : OutIntra)] += chunkBytes;
            load[at(s.to, inter ? InInter : InIntra)] += chunkBytes;
            if (s.reduces)
                load[at(s.to, Reduced)] += chunkBytes;
        }
        double seconds = 0;
        for (int r = 0; r < n; ++r) {
            double link = 0;
            for (int field : {OutIntra, InIntra, OutInter, InInter}) {
                const double bytes = load[at(r, field)];
                if (bytes <= 0)
                    continue;
                const LinkCost& cost
                    = field == OutIntra || field == InIntra ? links.intraNode : links.interNode;
                link = std::max(link, cost.alpha + bytes * cost.beta);
            }
            seconds = std::max(seconds, link + load[at(r, Reduced)] * links.gamma);
        }
        out.push_back(seconds);
    }
    return out;
}

} // namespace core
