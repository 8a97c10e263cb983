// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a collective costs: the α–β model (Thakur, Rabenseifner & Gropp, IJHPCA 2005, as MPICH's cost
// comments state it) or NCCL's own tuning model (src/graph/tuning.cc), and the algorithm and bus
// bandwidths nccl-tests reports (doc/PERFORMANCE.md). docs/collectives.md derives and checks them.
//
// Links: ranks r and s talk over the intra-node link when they share a node (CollectiveSpec::ranksPerNode)
// and over the inter-node link otherwise. Every rank has the link's bandwidth for itself in each direction
// (LinkSpec: "bytes/s per GPU, per direction"), so the ranks of a step run side by side.
//
// A group that crosses both link classes runs at the pace of its slowest hop: all hops of a ring step
// move in lockstep, so a ring step takes max over the classes it crosses of (α + m·β), m the bytes per
// hop; the tree and the direct send do the same with their edges, and pairwise all-to-all takes that
// maximum step by step (an XOR step inside the node stays on NVLink). Hierarchical all-reduce is the
// exception it was built for: intra α/β inside the nodes, inter α/β across them.

#include "catalog/hardware.h"
#include "comm/collective.h"

#include <vector>

namespace core {

// The share of a link's bandwidth that NCCL's bus bandwidth reaches on large messages over a long ring,
// unless the link's preset gives a measured one (LinkSpec::ncclEfficiency: NVLink 4 and 5 from measured
// nccl rows, docs/collectives.md). 1: the ring's peer factor p/(p + 1) alone already gives what NVIDIA's
// NCCL team expects of NDR InfiniBand, 46–48 GB/s per 50 GB/s card on 2 × 8 GPUs (50 · 16/17 = 47.1;
// github.com/NVIDIA/nccl-tests/issues/290).
inline constexpr double kNcclBusEfficiency = 1.0;

// α: seconds per message (one hop of one step); β: seconds per byte (1 / bandwidth); efficiency: the
// share of 1/β that NCCL reaches on large messages (only the NCCL-efficiency pricing uses it).
struct LinkCost
{
    double alpha = 0;
    double beta = 0;
    double efficiency = kNcclBusEfficiency;
    bool operator==(const LinkCost&) const = default;
};

LinkCost linkCost(double latencySeconds, double bandwidthBytesPerSecond);
LinkCost linkCost(const LinkSpec& link);
// The link with `bandwidthScale` times its bandwidth (rails, oversubscription), its efficiency kept.
LinkCost linkCost(const LinkSpec& link, double bandwidthScale);

struct CollectiveLinks
{
    LinkCost intraNode; // NVLink or PCIe inside a node
    LinkCost interNode; // the fabric between nodes, per GPU
    // γ, seconds per byte reduced (Thakur et al.); 0 = the reduction hides behind the transfer, as on GPUs
    // where NCCL reduces in the copy kernel.
    double gamma = 0;
    // NCCL tuning.cc adds a per-algorithm base latency (baseLat) to every call; 0 = all latency is in the
    // links' α. Only the NCCL model uses it.
    double ncclBaseLatency = 0;
    bool operator==(const CollectiveLinks&) const = default;
};

// AlphaBeta: the α–β formulas; Nccl: NCCL's tuning model for the algorithm asked; NcclEfficiency: the
// collective as the step time prices it (ncclCollective below: NCCL's choice of algorithm, the
// message-size efficiency and the base latency).
enum class CostModel { AlphaBeta, Nccl, NcclEfficiency };

template<> struct EnumNames<CostModel>
{
    static constexpr std::array table{std::pair{CostModel::AlphaBeta, std::string_view{"alpha-beta"}},
                                      std::pair{CostModel::Nccl, std::string_view{"nccl"}},
                                      std::pair{CostModel::NcclEfficiency, std::string_view{"nccl-efficiency"}}};
};

struct CollectiveCost
{
    double timeSeconds = 0;
    double latencySeconds = 0; // the α part
    double bandwidthSeconds = 0; // the β part
    double reductionSeconds = 0; // the γ part
    int steps = 0; // messages in sequence, each paying α once
    bool crossesIntraNode = false;
    bool crossesInterNode = false;
    // nccl-tests: algBandwidth = S / t, busBandwidth = algBandwidth × busFactor (bytes/s). Both are 0
    // when nothing moves (one rank).
    double algBandwidth = 0;
    double busBandwidth = 0;
    double busFactor = 0;
    std::vector<Diagnostic> diagnostics;

    bool valid() const { return !hasErrors(diagnostics); }
};

// Costs need no trace and take up to limits::kMaxWorldSize ranks.
//
// α–β (p ranks, n = CollectiveSpec::bytes, h(m) = α + m·β of the slowest class crossed):
//   ring all-reduce     2(p−1)·h(n/p) + ((p−1)/p)·nγ
//   ring all-gather     (p−1)·h(n/p)
//   ring reduce-scatter (p−1)·h(n/p) + ((p−1)/p)·nγ
//   tree all-reduce     2⌈lg p⌉·h(n) + ⌈lg p⌉·nγ   (MPICH's binomial reduce + broadcast; not pipelined,
//                                                  so the NCCL model is the better guide for large n)
//   hierarchical        2[(g−1)α_i + ((g−1)/g)·nβ_i] + 2(k−1)α_e + 2((k−1)/k)·(n/g)β_e
//                       + ((g−1)/g)·nγ + ((k−1)/k)·(n/g)γ
//   pairwise all-to-all Σ_{i=1}^{p−1} h_i(n/p), = (p−1)α + ((p−1)/p)·nβ on one link class
//   sendrecv            h(n) (direct: the class between the two ranks; ring shift: the ring's)
// NCCL (tuning.cc; no γ): time = latency + S/algBw, busBw = the slowest crossed link's bandwidth;
//   ring: algBw = busBw·p/nsteps, nsteps = 2(p−1) all-reduce, p−1 all-gather/reduce-scatter; latency =
//   (nsteps − nInter)·α_i + nInter·α_e with nInter = 2(nodes−1) for all-reduce, nodes−1 otherwise;
//   tree all-reduce: algBw = busBw/2, latency = 2((p/nodes − 1)·α_i + ⌊lg nodes⌋·α_e);
//   hierarchical: NCCL rings for its three parts; all-to-all and sendrecv: α–β (NCCL's tuning model
//   covers collectives only).
CollectiveCost collectiveCost(const CollectiveSpec& spec, const CollectiveLinks& links,
                              CostModel model = CostModel::AlphaBeta);

// ---- Collectives as NCCL runs them: the pricing of every group in a design ----------------------------
//
// A collective of S bytes on p ranks reaches a share η(p, S) of each link's bandwidth B:
//   η = e_link · p/(p + 1) · S/(S + S½),   S½ = B · α (the link's bandwidth-delay product)
// e_link (LinkCost::efficiency) is what a long ring of large messages keeps busy; p/(p + 1) is the peers a GPU
// streams to at once (a ring of 2 moves half its data per step to one peer and reaches less of the
// NVSwitch's bandwidth than a ring of 8: the measured one-node rows); S/(S + S½) is the message-size
// ramp: NCCL pipelines a message in chunks over its channels, and each chunk waits a hop's latency before
// the next may go, so a link is half busy until a message holds what the link carries in one latency
// (NVLink 4: 450 GB/s · 2 µs = 0.9 MB; NVLink 5 1.8 MB; an NDR card 250 KB). Below that NCCL also runs
// fewer channels and the LL/LL128 protocols, which trade bandwidth for latency (tuning.cc: LL at 1/4 of
// the bus bandwidth, LL128 at 0.92). Each call pays kNcclBaseLatencySeconds, then the ring's (or tree's)
// per-hop α. Constants and their check against measured nccl-tests rows: docs/collectives.md.
// S½ of a link without a latency or bandwidth: 1 MB, NVLink 4's.
inline constexpr double kNcclHalfBandwidthBytes = 1e6;
// NCCL src/graph/tuning.cc, baseLat for Ring/Simple (8.4 µs in NCCL 2.8–2.18).
inline constexpr double kNcclBaseLatencySeconds = 8.4e-6;
// tuning.cc: a tree's bus bandwidth is 0.9 of the ring's (busBw *= .9 for NCCL_ALGO_TREE).
inline constexpr double kNcclTreeBandwidthShare = 0.9;

// S½ = α · bandwidth of `link`; kNcclHalfBandwidthBytes when either is missing.
double ncclHalfBandwidthBytes(const LinkCost& link);
// p/(p + 1) · S/(S + S½): the factor η(p, S) puts on a link's efficiency.
double ncclSizeFactor(int ranks, double bytes, double halfBandwidthBytes = kNcclHalfBandwidthBytes);
// η(p, S) on a link of kNcclBusEfficiency and the given S½.
double ncclEfficiency(int ranks, double bytes, double halfBandwidthBytes = kNcclHalfBandwidthBytes);

struct NcclCollective
{
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring; // ring, tree, pairwise or direct
    double seconds = 0;
    double latencySeconds = 0; // base latency and the α of the hops in sequence
    double bandwidthSeconds = 0; // the bytes at η of the bandwidth
    int steps = 0; // hops in sequence
    double efficiency = 0; // η(p, S) of the slowest class crossed
};
// The collective `spec` describes (op, ranks, ranksPerNode, bytes; its algorithm is ignored) at η(p, S) of
// `links`, plus NCCL's base latency: a ring (all-reduce, all-gather, reduce-scatter), a pairwise
// all-to-all, a direct send; an all-reduce across nodes takes NCCL's double binary tree instead when that
// is faster, as tuning.cc's cost table would choose (time = baseLat + 2((g − 1)·α_i + ⌈lg nodes⌉·α_e) +
// 2S / (0.9 · bus bandwidth)). An invalid spec or link costs 0 seconds.
NcclCollective ncclCollective(const CollectiveSpec& spec, const CollectiveLinks& links);

// nccl-tests bus-bandwidth factor: all-reduce 2(n−1)/n; all-gather, reduce-scatter, all-to-all (n−1)/n;
// sendrecv 1 (as broadcast and reduce).
double busBandwidthFactor(CollectiveOp op, int ranks);
// nccl-tests S from its count × type size: all-reduce and sendrecv count·typesize; all-gather and
// reduce-scatter count·typesize·ranks (count is per rank); all-to-all count·ranks·typesize.
double ncclTestsBytes(CollectiveOp op, double countTimesTypeSize, int ranks);

struct BandwidthFigures
{
    double algBandwidth = 0;
    double busBandwidth = 0;
    double busFactor = 0;
};
// algbw = S / t (bytes/s), busbw = algbw × factor; zeros for t <= 0.
BandwidthFigures ncclTestsBandwidth(CollectiveOp op, int ranks, double bytes, double seconds);

// Each step of a trace priced with the α–β links: every rank pays, per direction and link class,
// α + bytes·β for what it sends or receives in the step (its chunks of bytes/chunks each), plus γ for
// what it reduces; the step lasts as long as its slowest rank. For ring, pairwise, sendrecv and
// hierarchical traces the sum is collectiveCost's α–β time; the pipelined tree's differs from the
// binomial formula. Empty for an invalid trace.
std::vector<double> stepSeconds(const CollectiveTrace& trace, const CollectiveLinks& links);

} // namespace core
