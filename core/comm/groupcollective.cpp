// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/groupcollective.h"

#include "comm/commvolume.h"
#include "comm/grouplinks.h"
#include "comm/stagecopy.h"
#include "design/fp8scaling.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

#include <algorithm>
#include <span>

namespace core {

namespace {

// Appends every part with += (GCC 12 warns falsely about "literal" + std::to_string(...); bug 105329).
template<typename... Parts> std::string cat(const Parts&... parts)
{
    std::string out;
    ((out += parts), ...);
    return out;
}

GroupCollectiveResult failure(std::string problem)
{
    GroupCollectiveResult out;
    out.problem = std::move(problem);
    return out;
}

std::string groupName(Dim dim, int index)
{
    return cat(enumName(dim), ":", std::to_string(index));
}

CollectiveOp opFor(Dim dim, const Design& design);

GroupMessage messageFor(Dim dim, const Design& design, int ppRank)
{
    const ParallelLayout& layout = design.layout;
    const Workload& workload = design.workload;
    const ModelArchitecture& model = design.model;
    const bool serving = workload.mode == Mode::Serving;
    GroupMessage m;
    m.bytesPerElement = activationBytesPerElement(workload.precision);
    const std::int64_t tokensPerCpRank = workload.sequenceLength / std::max(layout.cp(), 1);
    switch (dim) {
    case Dim::Tp:
        m.kind = GroupMessageKind::TpActivations;
        // With SP the forward's all-gather of the input (opFor), quantised where the design gathers so.
        if (opFor(dim, design) == CollectiveOp::AllGather)
            m.bytesPerElement = tpGatherBytesPerElement(design).input;
        m.hidden = model.hidden;
        m.tokens = serving ? workload.serving.concurrency : tokensPerCpRank;
        m.microBatch = serving ? 1 : layout.microBatch;
        m.bytes = activationBytes({m.tokens, m.microBatch, m.hidden, m.bytesPerElement});
        break;
    case Dim::Dp:
        m.kind = GroupMessageKind::DpGradients;
        m.bytesPerElement = gradientBytesPerElement(design);
        // The parameters one rank of the group holds (its TP/PP/EP shard, as the memory model counts them).
        m.parameters = rankShard(design, ppRank).total();
        m.bytes = m.parameters * m.bytesPerElement;
        break;
    case Dim::Cp: {
        m.kind = GroupMessageKind::CpKvBlocks;
        // Each TP rank holds kvHeads / TP heads; with more TP ranks than KV heads every rank keeps one
        // (replicated, as vLLM and Megatron do).
        m.kvHeads = std::max(model.kvHeads / std::max(layout.tp(), 1), 1);
        m.headDim = model.headDim;
        m.tokens = serving ? workload.serving.concurrency : tokensPerCpRank;
        m.microBatch = serving ? 1 : layout.microBatch;
        m.blocks = layout.cp();
        // contextParallelRing takes the whole sequence and divides by CP itself.
        const ContextParallelRing ring
            = contextParallelRing(m.tokens * layout.cp(), m.microBatch, m.kvHeads,
                                  static_cast<int>(m.headDim), m.bytesPerElement, layout.cp());
        m.bytes = ring.kvBlockBytes * m.blocks;
        break;
    }
    case Dim::Ep: {
        m.kind = GroupMessageKind::EpDispatch;
        m.hidden = model.hidden;
        m.topK = model.moe.topK;
        m.tokens = serving ? workload.serving.concurrency : tokensPerCpRank * layout.microBatch;
        m.microBatch = 1;
        m.bytes = expertAllToAll(m.tokens, m.topK, m.hidden, m.bytesPerElement, layout.ep()).payloadBytes;
        break;
    }
    case Dim::Pp:
        break;
    }
    return m;
}

// The gradients a pair of copies sums (stagecopy.h): DualPipe's two stages, whole or as the rank's ZeRO
// partition; a word embedding's copy.
GroupMessage stageCopyMessage(const Design& design, int ppRank)
{
    GroupMessage m;
    m.kind = pipelineCopies(design) == PipelineCopies::Embedding ? GroupMessageKind::EmbeddingCopyGradients
                                                                 : GroupMessageKind::StageCopyGradients;
    m.bytesPerElement = gradientBytesPerElement(design);
    m.parameters = stageCopyParameters(design, ppRank);
    // Sharded: less than the copy holds (the embedding's shard; the rank's two stages).
    m.partition = m.parameters < (m.kind == GroupMessageKind::EmbeddingCopyGradients
                                      ? wordEmbeddingShard(design)
                                      : rankShard(design, ppRank).total());
    m.bytes = stageCopyBytes(design, ppRank);
    return m;
}

CollectiveOp opFor(Dim dim, const Design& design)
{
    switch (dim) {
    case Dim::Tp:
        // Sequence parallelism turns each of TP's all-reduces into an all-gather before the layer and a
        // reduce-scatter after it, of the same buffer (Korthikanti et al. 2022, sec. 4.2.2); the all-gather
        // is the one a step starts with. Serving engines keep the all-reduce.
        return design.layout.sequenceParallel && design.layout.tp() > 1
                && design.workload.mode == Mode::Training
            ? CollectiveOp::AllGather
            : CollectiveOp::AllReduce;
    case Dim::Dp:
        return design.layout.zeroStage == 0 ? CollectiveOp::AllReduce : CollectiveOp::ReduceScatter;
    case Dim::Cp:
        return CollectiveOp::AllGather;
    case Dim::Ep:
        return CollectiveOp::AllToAll;
    case Dim::Pp:
        break;
    }
    return CollectiveOp::SendRecv;
}

} // namespace

double gradientBytesPerElement(const Design& design)
{
    // The dtype the framework reduces in (its gradReduceInFp32 switch, frameworks.json).
    return switchOn(design, Switch::GradReduceInFp32) ? 4.0 : 2.0;
}

double activationBytesPerElement(Precision precision)
{
    return precision == Precision::Fp32 ? 4 : 2;
}

GatherBytes parameterGatherBytes(const Design& design)
{
    const Workload& w = design.workload;
    GatherBytes out;
    out.other = activationBytesPerElement(w.precision);
    out.gemm = out.other;
    if (gathersFp8Weights(design))
        out.gemm = perTensorScaling(w.fp8Recipe) ? 1.0 : 2.0;
    return out;
}

TpGatherBytes tpGatherBytesPerElement(const Design& design)
{
    const Workload& w = design.workload;
    const std::optional<double> quantised = quantisedTpGatherBytes(design);
    if (!quantised) {
        const double e = activationBytesPerElement(w.precision);
        return {e, e};
    }
    // Block-scaled: Transformer Engine gathers the gradient's row- and column-wise copies.
    return {*quantised, perTensorScaling(w.fp8Recipe) ? *quantised : 2 * *quantised};
}

CollectiveLinks GroupCollective::linksFor(CollectiveOp op) const
{
    CollectiveLinks out = links;
    out.interNode = op == CollectiveOp::AllToAll || op == CollectiveOp::SendRecv ? interNodePerGpu : interNodeOnRails;
    return out;
}

GroupCollectiveResult groupCollective(const Design& design, const PlacedLayout& placed, Dim dim,
                                      int groupIndex)
{
    return groupCollective(design, placed, ClusterLinkSpecs(design.cluster, placed.presets()), dim,
                           groupIndex);
}

GroupCollectiveResult groupCollective(const Design& design, const PlacedLayout& placed,
                                      const ClusterLinkSpecs& specs, Dim dim, int groupIndex)
{
    const bool stageCopies = dim == Dim::Pp && hasStageCopies(design);
    if (!stageCopies
        && std::find(kCollectiveDims.begin(), kCollectiveDims.end(), dim) == kCollectiveDims.end())
        return failure("PP stages send activations point to point; choose a tp, dp, cp or ep group");
    if (!placed.hasMesh)
        return failure("the layout has no process groups: its degrees are not valid");
    const RankGroups& groups = placed.mesh.groupsOf(dim);
    const std::vector<std::array<int, 2>> pairs
        = stageCopies ? stageCopyPairs(design, placed.mesh, placed.ranks) : std::vector<std::array<int, 2>>{};
    const int count = static_cast<int>(stageCopies ? pairs.size() : groups.size());
    if (groupIndex < 0 || groupIndex >= count)
        return failure(cat("there is no group ", groupName(dim, groupIndex), "; the design has ",
                           std::to_string(count), " ", enumName(dim),
                           stageCopies ? " pairs of copies (" : " groups (", groupName(dim, 0), " to ",
                           groupName(dim, count - 1), ")"));
    if (dim == Dim::Dp && design.workload.mode == Mode::Serving)
        return failure("serving replicas do not communicate: data-parallel groups have no collective");

    GroupCollective out;
    out.dim = dim;
    out.groupIndex = groupIndex;
    const auto index = static_cast<std::size_t>(groupIndex);
    for (int rank : stageCopies ? std::span<const int>(pairs[index]) : groups[index]) {
        if (rank < 0 || rank >= static_cast<int>(placed.ranks.size()))
            return failure(cat("the ranks of ", groupName(dim, groupIndex), " are not placed"));
        const RankInfo& info = placed.ranks[static_cast<std::size_t>(rank)];
        if (info.nodeIndex < 0)
            return failure(cat("rank ", std::to_string(rank), " of ", groupName(dim, groupIndex),
                               " has no GPU: the cluster is too small for the layout"));
        out.members.push_back({rank, info.nodeIndex, info.nodeId, info.gpuId, info.slot});
    }
    std::stable_sort(out.members.begin(), out.members.end(), [](const GroupMember& a, const GroupMember& b) {
        return a.nodeIndex != b.nodeIndex ? a.nodeIndex < b.nodeIndex : a.rank < b.rank;
    });

    // The nodes the members sit on and their links, by the rule of grouplinks.h.
    std::vector<int> nodeIndices;
    nodeIndices.reserve(out.members.size());
    for (const GroupMember& m : out.members)
        nodeIndices.push_back(m.nodeIndex);
    const GroupNodes spread = groupNodes(specs, nodeIndices);
    if (spread.unknownIntraNode >= 0) {
        const Node& node = design.cluster.nodes[static_cast<std::size_t>(spread.unknownIntraNode)];
        return failure(
            cat("node ", std::to_string(node.id), " has an unknown intra-node link '", node.intraLink, "'"));
    }
    out.nodes = spread.nodes;
    if (!specs.fabric && out.nodes > 1)
        return failure(cat("the cluster's fabric '", design.cluster.fabric, "' is unknown"));
    out.intraLink = *spread.slowestIntra;
    out.interLink = specs.fabric ? *specs.fabric : *spread.slowestIntra;
    out.links.intraNode = linkCost(out.intraLink);
    out.links.interNode = linkCost(out.interLink);
    out.unevenNodes = spread.uneven;
    const CollectiveOp op = stageCopies ? CollectiveOp::AllReduce : opFor(dim, design);
    out.interNodeOnRails = out.interNodePerGpu = out.links.interNode;
    if (specs.fabric) {
        // Rings run on as many rails as the group has members per node; all-to-all on each GPU's card.
        const GroupLinks onRails = groupLinksOnNodes(specs, nodeIndices);
        out.rails = onRails.rails;
        out.interNodeOnRails = onRails.links.interNode;
        out.interNodePerGpu = onRails.interNodePerGpu;
    }
    out.links = out.linksFor(op);

    // Every rank of a TP, DP, CP or EP group sits at the same pipeline position; a stage-copy pair sums
    // the same bytes from both ends (stageCopyBytes of r and PP−1−r are equal).
    const int ppRank = placed.ranks[static_cast<std::size_t>(out.members.front().rank)].coord(Dim::Pp);
    out.message = stageCopies ? stageCopyMessage(design, ppRank) : messageFor(dim, design, ppRank);
    out.spec.op = op;
    out.spec.algorithm = algorithmsFor(out.spec.op).front();
    out.spec.ranks = static_cast<int>(out.members.size());
    out.spec.bytes = out.message.bytes;
    out.spec.ranksPerNode = spread.ranksPerNode;
    GroupCollectiveResult result;
    result.group = std::move(out);
    return result;
}

} // namespace core
