// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/traffic.h"

#include "base/diagnostic.h"
#include "comm/commvolume.h"
#include "comm/expertdispatch.h"
#include "comm/groupcollective.h"
#include "comm/stagecopy.h"
#include "framework/frameworkswitches.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace core {

namespace {

constexpr const char* kVolumeSource = "docs/communication-volume.md";

std::size_t idx(int value)
{
    return static_cast<std::size_t>(value);
}

// Activations and their gradients travel in the compute precision: BF16 in mixed precision (also with FP8
// GEMMs, whose Transformer Engine collectives stay in BF16 by default), FP32 in pure FP32 training.
double activationElementBytes(Precision precision)
{
    return precision == Precision::Fp32 ? 4 : 2;
}

// Sends between placed ranks, sorted into link classes and nodes.
class TrafficAccumulator
{
public:
    TrafficAccumulator(const Cluster& cluster, const std::vector<RankInfo>& ranks, const Catalog& catalog,
                       DimensionTraffic& out)
        : m_ranks(ranks)
        , m_out(out)
    {
        m_intraClass.reserve(cluster.nodes.size());
        for (const Node& node : cluster.nodes) {
            const LinkSpec* link = catalog.link(node.intraLink);
            m_intraClass.push_back(link && link->linkClass != LinkClass::Fabric ? link->linkClass
                                                                                : LinkClass::Pcie);
        }
        out.intraNodeBytes.assign(cluster.nodes.size(), 0.0);
        out.fabricBytes.assign(cluster.nodes.size(), 0.0);
        out.bytesOfRank.assign(ranks.size(), 0.0);
    }

    void send(int from, int to, double bytes)
    {
        if (bytes <= 0 || from == to)
            return;
        const int fromNode = m_ranks[idx(from)].nodeIndex;
        const int toNode = m_ranks[idx(to)].nodeIndex;
        if (fromNode == toNode)
            intra(from, bytes);
        else
            fabric(from, bytes);
    }
    void intra(int from, double bytes)
    {
        const int node = m_ranks[idx(from)].nodeIndex;
        m_out.linkBytes[static_cast<std::size_t>(m_intraClass[idx(node)])] += bytes;
        m_out.intraNodeBytes[idx(node)] += bytes;
        count(from, bytes);
    }
    void fabric(int from, double bytes)
    {
        m_out.linkBytes[static_cast<std::size_t>(LinkClass::Fabric)] += bytes;
        m_out.fabricBytes[idx(m_ranks[idx(from)].nodeIndex)] += bytes;
        count(from, bytes);
    }

    // A ring collective: every member sends `bytesOf(member)` to the next one along the path.
    template<class BytesOf> void ring(const std::vector<int>& path, BytesOf bytesOf)
    {
        const std::size_t n = path.size();
        if (n < 2)
            return;
        for (std::size_t i = 0; i < n; ++i)
            send(path[i], path[(i + 1) % n], bytesOf(path[i]));
    }

    // A MoE layer's dispatch (expertdispatch.h): every member's bytes a token copy times the copies its
    // dispatcher sends over the intra-node link and over the network, for the members the group has on the
    // member's node. Counted per node rather than per pair, so that a group of thousands of ranks costs O(n).
    template<class BytesOf>
    void expertDispatch(const std::vector<int>& group, MoeDispatcher dispatcher, const MoeConfig& moe,
                        BytesOf bytesOf)
    {
        std::map<int, int> membersOnNode;
        for (int rank : group)
            ++membersOnNode[m_ranks[idx(rank)].nodeIndex];
        const int n = static_cast<int>(group.size());
        for (int rank : group) {
            const TokenCopies copies
                = tokenCopies(dispatcher, moe, n, membersOnNode[m_ranks[idx(rank)].nodeIndex]);
            const double bytes = bytesOf(rank);
            intra(rank, bytes * copies.nvlink);
            fabric(rank, bytes * copies.network);
        }
    }

private:
    void count(int from, double bytes)
    {
        m_out.bytesOfRank[idx(from)] += bytes;
        m_out.totalBytes += bytes;
    }

    const std::vector<RankInfo>& m_ranks;
    DimensionTraffic& m_out;
    std::vector<LinkClass> m_intraClass;
};

// NCCL builds its rings from the topology, not from the rank order: the ring runs through all GPUs of
// one node before it crosses the network (src/graph/search.cc, ncclTopoCompute; rings enter and leave a
// node once). Sorting the members by node and slot gives that ring.
std::vector<int> ncclRingOrder(std::vector<int> group, const std::vector<RankInfo>& ranks)
{
    std::stable_sort(group.begin(), group.end(), [&ranks](int a, int b) {
        const RankInfo& ra = ranks[idx(a)];
        const RankInfo& rb = ranks[idx(b)];
        return ra.nodeIndex != rb.nodeIndex ? ra.nodeIndex < rb.nodeIndex : ra.slot < rb.slot;
    });
    return group;
}

void indexGroups(DimensionTraffic& out, const std::vector<RankInfo>& ranks)
{
    out.groupOfRank.assign(ranks.size(), 0);
    out.groupsSpanningNodes = 0;
    for (std::size_t g = 0; g < out.paths.size(); ++g) {
        bool spans = false;
        for (int rank : out.paths[g]) {
            out.groupOfRank[idx(rank)] = static_cast<int>(g);
            spans |= ranks[idx(rank)].nodeIndex != ranks[idx(out.paths[g].front())].nodeIndex;
        }
        out.groupsSpanningNodes += spans ? 1 : 0;
    }
}

void finish(DimensionTraffic& out)
{
    out.bytesPerGpu
        = out.bytesOfRank.empty() ? 0 : *std::max_element(out.bytesOfRank.begin(), out.bytesOfRank.end());
}

// Ranks that agree on every coordinate in `keep` form one group; groups in the order of their first rank.
std::vector<std::vector<int>> groupsSharing(const std::vector<RankInfo>& ranks, const ParallelLayout& layout,
                                           std::initializer_list<Dim> keep)
{
    // Coordinates are below their degrees, so a mixed-radix number over the kept dimensions is a unique key.
    std::unordered_map<std::int64_t, std::size_t> indexOf;
    std::vector<std::vector<int>> groups;
    for (const RankInfo& r : ranks) {
        std::int64_t key = 0;
        for (Dim dim : keep)
            key = key * layout.degree(dim) + r.coord(dim);
        const auto [it, inserted] = indexOf.emplace(key, groups.size());
        if (inserted)
            groups.emplace_back();
        groups[it->second].push_back(r.rank);
    }
    return groups;
}

// Data-parallel synchronisation of Ψ parameters on N ranks, per optimizer step: gradients reduced in their
// own precision (e_g), parameters gathered in theirs (`weights`: Ψ·e_w, FP8 GEMM weights as
// parameterGatherBytes says), as often as the cadence says (dataParallelCadence: once each for DDP and
// ZeRO-1/2, per micro-batch for FSDP by default). With e_g = e_w and one of each this is
// dataParallelSendBytes: 2(N−1)/N·Ψ·e for DDP and ZeRO-1/2.
double dataParallelBytes(double parameters, double weights, int ranks, const ParallelLayout& layout,
                         double gradientBytes, const DataParallelCadence& cadence)
{
    const double gradients = parameters * gradientBytes;
    if (layout.zeroStage == 0)
        return collectiveSendBytes(CollectiveOp::AllReduce, ranks, gradients);
    return static_cast<double>(cadence.reduceScatters)
        * collectiveSendBytes(CollectiveOp::ReduceScatter, ranks, gradients)
        + static_cast<double>(cadence.gathers) * collectiveSendBytes(CollectiveOp::AllGather, ranks, weights);
}

struct Context
{
    const Design& design;
    const LayoutMesh& mesh;
    const std::vector<RankInfo>& ranks;
    const Catalog& catalog;
    double microBatches = 0;
    double elementBytes = 2;
    std::int64_t tokensPerCpRank = 0; // s / CP
    std::vector<RankShard> shardOfPpRank;

    const RankShard& shardOf(int rank) const { return shardOfPpRank[idx(ranks[idx(rank)].coord(Dim::Pp))]; }
};

DimensionTraffic tensorTraffic(const Context& c)
{
    const ParallelLayout& l = c.design.layout;
    DimensionTraffic out;
    out.dim = Dim::Tp;
    out.pattern = TrafficPattern::Ring;
    for (const auto& group : c.mesh.groupsOf(Dim::Tp))
        out.paths.push_back(ncclRingOrder({group.begin(), group.end()}, c.ranks));
    indexGroups(out, c.ranks);
    const ActivationShape shape{c.tokensPerCpRank, l.microBatch, c.design.model.hidden, c.elementBytes};
    const TpCommunication mode
        = l.sequenceParallel ? TpCommunication::SequenceParallel : TpCommunication::AllReduce;
    const TpGatherBytes gathers = tpGatherBytesPerElement(c.design);
    const TpLayerCommunication perLayer = tpLayerCommunication(shape, l.tp(), mode, gathers);
    // A MoE block's dispatcher gathers in the activations' precision: one of a MoE layer's two input and
    // two gradient all-gathers.
    const TpLayerCommunication perMoeLayer = tpLayerCommunication(
        shape, l.tp(), mode, {(gathers.input + c.elementBytes) / 2, (gathers.gradient + c.elementBytes) / 2});
    TrafficAccumulator acc(c.design.cluster, c.ranks, c.catalog, out);
    for (const auto& path : out.paths)
        acc.ring(path, [&](int rank) {
            const RankShard& shard = c.shardOf(rank);
            return (perLayer.sendBytes * (shard.layers - shard.moeLayers)
                    + perMoeLayer.sendBytes * shard.moeLayers)
                * c.microBatches;
        });
    finish(out);

    out.explanation.formula = l.sequenceParallel
        ? MW_TR_NOOP("Explanations",
                     "(4 all-gathers + 4 reduce-scatters) × (t−1)/t × s/CP·b·h·e × layers × micro-batches")
        : MW_TR_NOOP("Explanations", "4 all-reduces × 2(t−1)/t × s/CP·b·h·e × layers × micro-batches");
    out.explanation.input(MW_TR_NOOP("Explanations", "t (TP)"), l.tp())
        .input(MW_TR_NOOP("Explanations", "s/CP (tokens per CP rank)"),
               static_cast<double>(c.tokensPerCpRank), "tokens")
        .input(MW_TR_NOOP("Explanations", "b (micro-batch)"), l.microBatch, "sequences")
        .input(MW_TR_NOOP("Explanations", "h (hidden)"), static_cast<double>(c.design.model.hidden))
        .input(MW_TR_NOOP("Explanations", "e (bytes per element)"), c.elementBytes, "bytes");
    if (l.sequenceParallel && (gathers.input != c.elementBytes || gathers.gradient != c.elementBytes))
        out.explanation
            .input(MW_TR_NOOP("Explanations", "bytes per element of the input's all-gathers, in FP8"),
                   gathers.input, "bytes")
            .input(MW_TR_NOOP("Explanations", "bytes per element of the gradient's all-gathers, in FP8"),
                   gathers.gradient, "bytes");
    out.explanation
        .input(MW_TR_NOOP("Explanations", "bytes per layer per micro-batch"), perLayer.sendBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "micro-batches"), c.microBatches);
    out.explanation.source = std::string(kVolumeSource)
        + "; Megatron-Core tensor_parallel/mappings.py; Korthikanti et al. 2022 §4.2.2";
    out.explanation.note
        = MW_TR_NOOP("Explanations",
                     "Per layer: attention and MLP, forward and backward. Megatron's implementation "
                     "re-gathers the input for the weight gradient (6 all-gathers + 4 reduce-scatters), "
                     "and recomputation repeats forward collectives; neither is counted.");
    return out;
}

DimensionTraffic contextTraffic(const Context& c)
{
    const ParallelLayout& l = c.design.layout;
    const ModelArchitecture& m = c.design.model;
    DimensionTraffic out;
    out.dim = Dim::Cp;
    out.pattern = TrafficPattern::Ring;
    // TransformerEngine's ring passes KV from CP rank r to r + 1 with point-to-point sends, in CP-rank order.
    out.paths = c.mesh.groupsOf(Dim::Cp).toVectors();
    indexGroups(out, c.ranks);
    ContextParallelRing ringSends;
    if (m.attention == AttentionKind::Mla) {
        // MLA materialises per-head K (no-RoPE + RoPE part) and V for attention; the ring passes those.
        const double heads = std::max(1.0, static_cast<double>(m.heads) / l.tp());
        const double width
            = heads * static_cast<double>(m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim + m.mla.vHeadDim);
        ringSends.kvBlockBytes
            = static_cast<double>(c.tokensPerCpRank) * l.microBatch * width * c.elementBytes;
        ringSends.forwardSendBytes = (l.cp() - 1) * ringSends.kvBlockBytes;
        ringSends.backwardSendBytes = 2.0 * (l.cp() - 1) * ringSends.kvBlockBytes;
    } else {
        // Each TP rank runs the ring on its own KV heads (replicated once TP exceeds them).
        const int kvHeads = std::max(1, m.kvHeads / std::max(l.tp(), 1));
        ringSends = contextParallelRing(c.design.workload.sequenceLength, l.microBatch, kvHeads,
                                        static_cast<int>(m.headDim), c.elementBytes, l.cp());
    }
    const double perLayer = ringSends.forwardSendBytes + ringSends.backwardSendBytes;
    TrafficAccumulator acc(c.design.cluster, c.ranks, c.catalog, out);
    for (const auto& path : out.paths)
        acc.ring(path, [&](int rank) { return perLayer * c.shardOf(rank).layers * c.microBatches; });
    finish(out);

    out.explanation.formula
        = MW_TR_NOOP("Explanations",
                     "3(CP−1) × KV block × layers × micro-batches; KV block = 2·(s/CP)·b·(KV heads/t)·d·e");
    out.explanation.input(MW_TR_NOOP("Explanations", "CP"), l.cp())
        .input(MW_TR_NOOP("Explanations", "KV block"), ringSends.kvBlockBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "bytes per layer per micro-batch"), perLayer, "bytes")
        .input(MW_TR_NOOP("Explanations", "micro-batches"), c.microBatches);
    out.explanation.source = std::string(kVolumeSource) + "; TransformerEngine AttnFuncWithCPAndKVP2P";
    out.explanation.note
        = MW_TR_NOOP("Explanations",
                     "Forward passes CP−1 KV blocks around the ring; backward CP−1 KV and CP−1 dKV blocks "
                     "around the reversed ring.");
    return out;
}

DimensionTraffic pipelineTraffic(const Context& c)
{
    const ParallelLayout& l = c.design.layout;
    DimensionTraffic out;
    out.dim = Dim::Pp;
    out.pattern = TrafficPattern::Chain;
    const int p = l.pp();
    for (const auto& group : c.mesh.groupsOf(Dim::Pp)) {
        std::vector<int> path(group.size(), -1);
        for (int rank : group)
            path[idx(c.ranks[idx(rank)].coord(Dim::Pp))] = rank;
        out.paths.push_back(std::move(path));
    }
    indexGroups(out, c.ranks);

    // Which pipeline rank runs each global stage; a boundary between stages on different ranks is one
    // activation send forward and one gradient send backward per micro-batch.
    std::vector<int> owner;
    for (int r = 0; r < p; ++r)
        for (int stage : stagesOfPipelineRank(c.design, r)) {
            if (idx(stage) >= owner.size())
                owner.resize(idx(stage) + 1, -1);
            owner[idx(stage)] = r;
        }
    std::vector<std::pair<int, int>> boundaries;
    bool wraps = false;
    for (std::size_t k = 0; k + 1 < owner.size(); ++k)
        if (owner[k] >= 0 && owner[k + 1] >= 0 && owner[k] != owner[k + 1]) {
            boundaries.emplace_back(owner[k], owner[k + 1]);
            wraps |= owner[k] == p - 1 && owner[k + 1] == 0 && p > 2;
        }
    out.closedChain = wraps;

    const double boundaryBytes
        = pipelineBoundaryBytes(ActivationShape{c.design.workload.sequenceLength, l.microBatch,
                                                c.design.model.hidden, c.elementBytes},
                                l.tp(), l.sequenceParallel, l.cp());
    // DualPipe's 2p − 2 boundaries belong to its two directions, each crossed by half the micro-batches.
    const double share = l.schedule == Schedule::DualPipe ? 0.5 : 1.0;
    const double perSend = boundaryBytes * c.microBatches * share;
    TrafficAccumulator acc(c.design.cluster, c.ranks, c.catalog, out);
    for (const auto& path : out.paths)
        for (const auto& [from, to] : boundaries) {
            acc.send(path[idx(from)], path[idx(to)], perSend); // activations forward
            acc.send(path[idx(to)], path[idx(from)], perSend); // their gradients backward
        }
    finish(out);

    out.explanation.formula = MW_TR_NOOP(
        "Explanations", "(sends forward + sends backward) × [s/CP (/t with SP), b, h]·e × micro-batches");
    out.explanation
        .input(MW_TR_NOOP("Explanations", "boundary sends per micro-batch and direction"),
               static_cast<double>(boundaries.size()))
        .input(MW_TR_NOOP("Explanations", "activation per boundary"), boundaryBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "micro-batches"), c.microBatches);
    out.explanation.source
        = std::string(kVolumeSource) + "; Megatron-Core pipeline_parallel/schedules.py get_tensor_shapes";
    out.explanation.note
        = MW_TR_NOOP("Explanations",
                     "The first and last stages send in one direction only; the busiest GPU is a middle "
                     "stage.");
    return out;
}

// The expert traffic's formula and inputs under DeepEP or HybridEP: the copies a token makes
// (expertdispatch.h) on a node of the first group.
void explainFlexDispatch(DimensionTraffic& out, const Context& c, std::int64_t tokens)
{
    const ParallelLayout& l = c.design.layout;
    const ModelArchitecture& m = c.design.model;
    int perNode = 0;
    if (!out.paths.empty())
        for (int rank : out.paths.front())
            perNode += c.ranks[idx(rank)].nodeIndex == c.ranks[idx(out.paths.front().front())].nodeIndex;
    const TokenCopies copies = tokenCopies(l.moeDispatcher, m.moe, l.ep(), perNode);
    out.explanation.formula = MW_TR_NOOP(
        "Explanations",
        "4 dispatches and combines × T·h·e × (copies over NVLink + copies over the network) × MoE layers × "
        "micro-batches");
    out.explanation.input(MW_TR_NOOP("Explanations", "EP"), l.ep())
        .input(MW_TR_NOOP("Explanations", "GPUs of the group on a node"), perNode)
        .input(MW_TR_NOOP("Explanations", "T (tokens routed per GPU)"), static_cast<double>(tokens), "tokens")
        .input(MW_TR_NOOP("Explanations", "k (top-k)"), m.moe.topK)
        .input(MW_TR_NOOP("Explanations", "copies of a token over NVLink"), copies.nvlink)
        .input(MW_TR_NOOP("Explanations", "copies of a token over the network"), copies.network)
        .input(MW_TR_NOOP("Explanations", "micro-batches"), c.microBatches);
    if (m.moe.groupLimited())
        out.explanation
            .input(MW_TR_NOOP("Explanations", "expert groups (group-limited routing)"), m.moe.routerGroups)
            .input(MW_TR_NOOP("Explanations", "groups a token's experts come from"), m.moe.routerGroupTopK);
    out.explanation.source = std::string(kVolumeSource)
        + "; Megatron-Core transformer/moe/token_dispatcher.py (flex); deepseek-ai/DeepEP "
          "csrc/kernels/legacy/internode.cu";
    out.explanation.note = MW_TR_NOOP(
        "Explanations",
        "Uniform routing, within the groups a token is limited to where the model has them. DeepEP and "
        "HybridEP send a token once to each GPU that holds one of its experts, "
        "and once to each other node that does, whose GPU on the same rail forwards it over NVLink; the "
        "alltoall dispatcher sends one copy for each of its k experts.");
}

DimensionTraffic expertTraffic(const Context& c)
{
    const ParallelLayout& l = c.design.layout;
    const ModelArchitecture& m = c.design.model;
    DimensionTraffic out;
    out.dim = Dim::Ep;
    out.pattern = TrafficPattern::AllToAll;
    out.paths = c.mesh.groupsOf(Dim::Ep).toVectors();
    indexGroups(out, c.ranks);
    // With sequence parallelism each TP rank routes its own s/(CP·t) tokens (Megatron-Core
    // MoEAlltoAllTokenDispatcher on sequence-parallel hidden states).
    const std::int64_t tokens
        = c.tokensPerCpRank * l.microBatch / (l.sequenceParallel && l.tp() > 1 ? l.tp() : 1);
    const ExpertAllToAll a2a = expertAllToAll(tokens, m.moe.topK, m.hidden, c.elementBytes, l.ep());
    TrafficAccumulator acc(c.design.cluster, c.ranks, c.catalog, out);
    const auto perLayer
        = [&](int rank) { return a2a.allToAllsPerLayer * c.shardOf(rank).moeLayers * c.microBatches; };
    for (const auto& group : out.paths)
        acc.expertDispatch(group, l.moeDispatcher, m.moe, [&](int rank) {
            return static_cast<double>(tokens) * m.hidden * c.elementBytes * perLayer(rank);
        });
    finish(out);
    if (l.moeDispatcher != MoeDispatcher::AllToAll) {
        explainFlexDispatch(out, c, tokens);
        return out;
    }

    out.explanation.formula
        = MW_TR_NOOP("Explanations", "4 all-to-alls × (EP−1)/EP × T·k·h·e × MoE layers × micro-batches");
    out.explanation.input(MW_TR_NOOP("Explanations", "EP"), l.ep())
        .input(MW_TR_NOOP("Explanations", "T (tokens routed per GPU)"), static_cast<double>(tokens), "tokens")
        .input(MW_TR_NOOP("Explanations", "k (top-k)"), m.moe.topK)
        .input(MW_TR_NOOP("Explanations", "payload per all-to-all"), a2a.payloadBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "leaving the GPU per all-to-all"), a2a.leavingBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "micro-batches"), c.microBatches);
    out.explanation.source
        = std::string(kVolumeSource) + "; Megatron-Core transformer/moe/token_dispatcher.py";
    out.explanation.note
        = MW_TR_NOOP("Explanations", "Uniform routing: (EP−1)/EP of every token leaves the GPU.");
    return out;
}

// The data-parallel traffic's formula and inputs: for the fullest rank's dense shard (expertRanks 0: no
// experts; largestStageCopy < 0: no DualPipe stage copies).
void explainDataTraffic(DimensionTraffic& out, const Context& c, int denseRanks, double gradientBytes,
                        const GatherBytes& gathered, const DataParallelCadence& cadence, int expertRanks,
                        double largestStageCopy)
{
    const ParallelLayout& l = c.design.layout;
    const bool stageCopies = largestStageCopy >= 0;
    out.explanation.formula = l.zeroStage == 0
        ? MW_TR_NOOP("Explanations", "2(N−1)/N × Ψ·e_g (all-reduce of the gradients)")
        : MW_TR_NOOP("Explanations",
                     "(N−1)/N × (R·Ψ·e_g + G·Ψ·e_w) (R reduce-scatters of the gradients, G "
                     "all-gathers of the weights)");
    double largestShard = 0;
    double largestShardGather = 0;
    for (const RankShard& s : c.shardOfPpRank)
        if (s.dense > largestShard) {
            largestShard = s.dense;
            largestShardGather = gathered.of(s.denseGemm, s.dense - s.denseGemm);
        }
    out.explanation
        .input(MW_TR_NOOP("Explanations", "N (ranks holding the same dense parameters: DP × CP)"), denseRanks)
        .input(MW_TR_NOOP("Explanations", "Ψ (dense parameters of the fullest rank)"), largestShard)
        .input(MW_TR_NOOP("Explanations", "e_g (bytes per gradient)"), gradientBytes, "bytes")
        .input(MW_TR_NOOP("Explanations", "e_w (bytes per weight)"),
               largestShard > 0 ? largestShardGather / largestShard : 0.0, "bytes")
        .input(MW_TR_NOOP("Explanations", "ZeRO stage"), l.zeroStage);
    if (c.design.workload.precision == Precision::Fp8)
        out.explanation.input(
            MW_TR_NOOP("Explanations", "of which an FP8 GEMM weight (gathered as FP8 or BF16)"),
            gathered.gemm, "bytes");
    if (l.zeroStage > 0)
        out.explanation
            .input(MW_TR_NOOP("Explanations", "R (reduce-scatters per step)"),
                   static_cast<double>(cadence.reduceScatters))
            .input(MW_TR_NOOP("Explanations", "G (all-gathers per step)"),
                   static_cast<double>(cadence.gathers));
    if (expertRanks > 0)
        out.explanation.input(MW_TR_NOOP("Explanations", "N for expert parameters"), expertRanks);
    const bool embeddingCopies = pipelineCopies(c.design) == PipelineCopies::Embedding;
    if (stageCopies)
        out.explanation.input(
            embeddingCopies
                ? MW_TR_NOOP("Explanations",
                             "the word embedding's copy the first and the last stage sum, per rank")
                : MW_TR_NOOP("Explanations",
                             "DualPipe: gradients each rank sends to rank PP−1−r (both stages; with "
                             "ZeRO its partition)"),
            largestStageCopy, "bytes");
    out.explanation.source = std::string(kVolumeSource) + "; Rajbhandari et al., ZeRO (SC 2020) §7";
    if (stageCopies)
        out.explanation.source += embeddingCopies
            ? "; the embedding's copies: Megatron-LM finalize_model_grads.py _allreduce_word_embedding_grads "
              "(comm/stagecopy.h)"
            : "; DualPipe's stage copies: deepseek-ai/DualPipe examples/example_dualpipe.py, sharded "
              "gradients summed as partitions (ZeRO §7.2.1; comm/stagecopy.h)";
    out.explanation.note = l.zeroStage >= 3
        // Sentences apart, so that a view can translate each (widgets/common/explanationdialog.h).
        ? MW_TR_NOOP("Explanations",
                     "FSDP (fully_shard) gathers the weights for every micro-batch's forward, again for its "
                     "backward when it reshards after forward, and reduce-scatters every micro-batch's "
                     "gradients unless gradient sync waits for the last one; without either it gathers once "
                     "per step.")
            + std::string(" ") + switchesSummary(c.design) + ". "
            + MW_TR_NOOP("Explanations", "HSDP shard groups are counted as sharding over the whole group.")
        : MW_TR_NOOP(
            "Explanations",
            "Once per optimizer step: gradients accumulate locally over the micro-batches (Megatron-LM "
            "finalize_model_grads, DeepSpeed at the accumulation boundary).");
}

DimensionTraffic dataTraffic(const Context& c)
{
    const ParallelLayout& l = c.design.layout;
    DimensionTraffic out;
    out.dim = Dim::Dp;
    out.pattern = TrafficPattern::Ring;
    const bool megatron = l.expertMode == ExpertMode::Megatron;
    // The ranks holding the same dense parameters differ only in DP, CP (and EP when it is a dimension of
    // its own): they share the TP and PP coordinates.
    const std::vector<std::vector<int>> dense = groupsSharing(c.ranks, l, {Dim::Tp, Dim::Pp});
    for (const auto& group : dense)
        out.paths.push_back(ncclRingOrder({group.begin(), group.end()}, c.ranks));
    indexGroups(out, c.ranks);

    const double gradientBytes = gradientBytesPerElement(c.design); // reduced as the framework keeps them
    const GatherBytes gathered = parameterGatherBytes(c.design);
    const int denseRanks = static_cast<int>(dense.front().size());
    const DataParallelCadence cadence
        = dataParallelCadence(c.design, static_cast<std::int64_t>(c.microBatches));
    TrafficAccumulator acc(c.design.cluster, c.ranks, c.catalog, out);
    for (const auto& path : out.paths)
        acc.ring(path, [&](int rank) {
            const RankShard& shard = c.shardOf(rank);
            return dataParallelBytes(shard.dense, gathered.of(shard.denseGemm, shard.dense - shard.denseGemm),
                                     denseRanks, l, gradientBytes, cadence);
        });

    // Expert parameters are replicated over fewer ranks: DP × CP in the separate convention, expert-DP in
    // Megatron's; they synchronise over those groups.
    const bool hasExperts = std::any_of(c.shardOfPpRank.begin(), c.shardOfPpRank.end(),
                                        [](const RankShard& s) { return s.expert > 0; });
    int expertRanks = 0;
    if (hasExperts) {
        const std::vector<std::vector<int>> experts = megatron
            ? c.mesh.expertDpGroups.toVectors()
            : groupsSharing(c.ranks, l, {Dim::Tp, Dim::Pp, Dim::Ep});
        expertRanks = static_cast<int>(experts.front().size());
        for (const auto& group : experts)
            acc.ring(ncclRingOrder(group, c.ranks), [&](int rank) {
                const double expert = c.shardOf(rank).expert;
                return dataParallelBytes(expert, gathered.of(expert, 0), expertRanks, l, gradientBytes,
                                         cadence);
            });
    }
    // DualPipe: ranks r and PP − 1 − r hold the same two stages and sum their gradients (or, sharded, their
    // partitions) once per step, each sending its partner stageCopyBytes (comm/stagecopy.h; the step's time
    // uses the same, pipeline/steptimeline.h StageCopySync); a word embedding's two copies likewise between
    // the first and last rank. A pipeline group's ranks share every other coordinate, so the partners hold
    // the same data-parallel partition.
    const bool stageCopies = hasStageCopies(c.design);
    double largestStageCopy = 0;
    if (stageCopies) {
        const int p = l.pp();
        std::vector<double> sent(idx(p));
        for (int r = 0; r < p; ++r) {
            sent[idx(r)] = stageCopyBytes(c.design, r);
            largestStageCopy = std::max(largestStageCopy, sent[idx(r)]);
        }
        for (const auto& group : c.mesh.groupsOf(Dim::Pp)) {
            std::vector<int> path(group.size(), -1);
            for (int rank : group)
                path[idx(c.ranks[idx(rank)].coord(Dim::Pp))] = rank;
            for (int r = 0; r < p; ++r)
                if (const int partner = stageCopyPartner(c.design, r); partner >= 0)
                    acc.send(path[idx(r)], path[idx(partner)], sent[idx(r)]);
        }
    }
    finish(out);

    explainDataTraffic(out, c, denseRanks, gradientBytes, gathered, cadence, hasExperts ? expertRanks : 0,
                       stageCopies ? largestStageCopy : -1);
    return out;
}

} // namespace

TrafficReport computeTraffic(const Design& design, const LayoutMesh& mesh, const std::vector<RankInfo>& ranks,
                             std::int64_t microBatches, const Catalog& catalog)
{
    TrafficReport report;
    report.microBatches = microBatches;
    if (ranks.empty())
        return report;
    Context c{design,
              mesh,
              ranks,
              catalog,
              static_cast<double>(microBatches),
              activationElementBytes(design.workload.precision),
              design.workload.sequenceLength / std::max(design.layout.cp(), 1),
              {}};
    for (int r = 0; r < design.layout.pp(); ++r)
        c.shardOfPpRank.push_back(rankShard(design, r));

    report.dims[idx(static_cast<int>(Dim::Tp))] = tensorTraffic(c);
    report.dims[idx(static_cast<int>(Dim::Cp))] = contextTraffic(c);
    report.dims[idx(static_cast<int>(Dim::Ep))] = expertTraffic(c);
    report.dims[idx(static_cast<int>(Dim::Dp))] = dataTraffic(c);
    report.dims[idx(static_cast<int>(Dim::Pp))] = pipelineTraffic(c);
    for (const DimensionTraffic& d : report.dims)
        for (std::size_t k = 0; k < report.linkBytes.size(); ++k)
            report.linkBytes[k] += d.linkBytes[k];
    return report;
}

namespace {
// Byte counts are written as integers when they are whole numbers, as the parameter counts are.
Json byteCount(double value)
{
    if (value >= 0 && value < 9007199254740992.0
        && value == static_cast<double>(static_cast<std::int64_t>(value)))
        return static_cast<std::int64_t>(value);
    return value;
}
} // namespace

Json trafficToJson(const TrafficReport& report)
{
    Json dims = Json::object();
    for (Dim dim : {Dim::Tp, Dim::Pp, Dim::Dp, Dim::Cp, Dim::Ep}) {
        const DimensionTraffic& d = report.of(dim);
        Json shares = Json::object();
        Json crosses = Json::array();
        for (LinkClass link : {LinkClass::NvLink, LinkClass::Pcie, LinkClass::Fabric}) {
            shares[std::string(enumName(link))] = d.share(link);
            if (d.crosses(link))
                crosses.push_back(enumName(link));
        }
        dims[std::string(enumName(dim))] = {{"pattern", enumName(d.pattern)},
                                            {"groups", d.paths.size()},
                                            {"groupSize", d.groupSize()},
                                            {"groupsSpanningNodes", d.groupsSpanningNodes},
                                            {"bytesPerGpu", byteCount(d.bytesPerGpu)},
                                            {"totalBytes", byteCount(d.totalBytes)},
                                            {"crosses", std::move(crosses)},
                                            {"shares", std::move(shares)},
                                            {"explanation", explanationToJson(d.explanation)}};
    }
    Json links = Json::object();
    for (LinkClass link : {LinkClass::NvLink, LinkClass::Pcie, LinkClass::Fabric})
        links[std::string(enumName(link))] = byteCount(report.bytesOn(link));
    return {{"microBatches", report.microBatches},
            {"dimensions", std::move(dims)},
            {"linkBytes", std::move(links)}};
}

} // namespace core
