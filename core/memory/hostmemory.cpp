// SPDX-License-Identifier: GPL-3.0-or-later
// CPU memory per node (hostmemory.h): each rank's offloaded states and pinned buffers, summed over the
// GPUs of its node, against the node's RAM; and DeepSpeed's published estimators.
#include "memory/hostmemory.h"

#include "base/diagnostickinds.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/placedlayout.h"
#include "framework/frameworkprofile.h"
#include "memory/memory.h"
#include "memory/memoryroles.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

namespace core {

// The rank's share of the states that its data-parallel replicas hold alike (hostmemory.h).
bool stagesCheckpoint(const Design& design)
{
    return design.workload.mode == Mode::Training && switchOn(design, Switch::AsyncCheckpoint);
}

double checkpointStagingBytes(const Design& design, const RankShard& shard)
{
    if (!stagesCheckpoint(design))
        return 0;
    const StateBytes bytes = frameworkStateBytes(design);
    // DeepSpeed's FP32 gradient partition, which frameworkStateBytes counts with the optimizer.
    const double gradientPartition = frameworkProfile(design).fp32GradientPartition ? 4.0 : 0.0;
    const ParallelLayout& l = design.layout;
    return (shard.dense / denseReplicas(l) + shard.expert / expertReplicas(l))
        * (bytes.weights + bytes.optimizer - gradientPartition);
}

namespace memoryroles {

MemoryFigure hostFigure(const Design& design, const RankShard& shard, const RankStates& states,
                        double offloadedActivations)
{
    const ParallelLayout& l = design.layout;
    Explanation why;
    const FrameworkProfile& p = frameworkProfile(design);
    const double staging = checkpointStagingBytes(design, shard);
    if (design.workload.offload == Offload::None && staging <= 0 && offloadedActivations <= 0) {
        why.formula = "nothing offloaded: the model states stay on the GPU; checkpoints are written "
                      "synchronously, a tensor at a time";
        return figure(0, std::move(why));
    }
    const int stage = std::clamp(l.zeroStage, 0, 3);
    // DeepSpeed reduces the 16-bit gradients straight into the FP32 gradient partition on the host, which
    // its optimizer bytes already count: what leaves the GPU of them lands nowhere else.
    const double gradients = p.fp32GradientPartition ? 0.0 : states.moved.gradients;
    const double partition = shard.dense / denseShardGroup(l) + shard.expert / expertShardGroup(l);
    const bool offloading = design.workload.offload != Offload::None;
    const double pinned
        = offloading && (stage == 1 || stage == 2) ? p.offloadPinnedParameterBytes * partition : 0.0;
    why.formula = "offloaded optimizer states + offloaded gradients + offloaded parameters + pinned buffer "
                  "(bytes per parameter × the rank's partition) + checkpoint staging + offloaded activations";
    why.input("optimizer states on the host", states.moved.optimizer, "bytes")
        .input("gradients on the host", gradients, "bytes")
        .input("parameters on the host", states.moved.weights, "bytes")
        .input("parameters of the rank's partition (Ψ_rank ÷ N)", partition)
        .input("pinned buffer bytes per parameter (ZeRO-1/2)",
               offloading && (stage == 1 || stage == 2) ? p.offloadPinnedParameterBytes : 0.0, "bytes")
        .input("checkpoint staging (asynchronous save: the rank's share of parameters and optimizer states)",
               staging, "bytes")
        .input("activations of the offloaded layers (micro-batches in flight)", offloadedActivations,
               "bytes");
    why.source = p.name + ": " + p.hostSource;
    if (offloadedActivations > 0)
        why.source += "; " + p.activationOffloadSource;
    if (staging > 0)
        why.source += "; " + switchExplanation(design, Switch::AsyncCheckpoint);
    if (p.fp32GradientPartition && states.moved.gradients > 0)
        why.note
            = "The 16-bit gradients that leave the GPU are reduced into the FP32 gradient partition on the "
              "host, which the optimizer states count.";
    return figure(states.moved.optimizer + gradients + states.moved.weights + pinned + staging
                      + offloadedActivations,
                  std::move(why));
}

} // namespace memoryroles

namespace {

std::string nodeText(const Cluster& cluster, int nodeIndex)
{
    const Node& node = cluster.nodes[static_cast<std::size_t>(nodeIndex)];
    return node.name.empty() ? std::to_string(node.id) : node.name; // the message says "Node %1"
}

// The RAM of a node from its GPUs' shares, looking each type up once.
class NodeRam
{
public:
    NodeRam(const Cluster& cluster, const Catalog& catalog)
        : m_cluster(cluster)
        , m_catalog(catalog)
    { }
    double operator()(int nodeIndex)
    {
        if (m_cluster.hostMemoryBytes > 0)
            return m_cluster.hostMemoryBytes;
        double sum = 0;
        for (const Gpu& gpu : m_cluster.nodes[static_cast<std::size_t>(nodeIndex)].gpus) {
            if (gpu.type != m_type) {
                const GpuSpec* spec = m_catalog.gpu(gpu.type);
                m_type = gpu.type;
                m_share = spec ? spec->hostMemoryPerGpuBytes : 0.0;
            }
            if (m_share <= 0)
                return 0; // one GPU type without a reference system: the node's RAM is not known
            sum += m_share;
        }
        return sum;
    }

private:
    const Cluster& m_cluster;
    const Catalog& m_catalog;
    std::string m_type;
    double m_share = 0;
};

// DeepSpeed's estimate for the design when it is what the estimator describes: DeepSpeed, pure data
// parallelism on a uniform cluster; 0 otherwise.
double deepSpeedEstimate(const Design& design, const MemoryReport& memory, int gpusPerNode, int nodes)
{
    const ParallelLayout& l = design.layout;
    if (frameworkOf(design) != Framework::DeepSpeed || l.tp() > 1 || l.pp() > 1 || l.ep() > 1
        || memory.roles.empty())
        return 0;
    const RankShard shard = rankShard(design, 0);
    const bool optimizer = design.workload.offload != Offload::None;
    if (l.zeroStage >= 3)
        return deepSpeedZero3HostBytes(shard.total(), shard.largestLayer, gpusPerNode, nodes, optimizer,
                                       design.workload.offload == Offload::CpuParameters, true);
    return deepSpeedZero2HostBytes(shard.total(), gpusPerNode, nodes, optimizer);
}

} // namespace

const HostMemoryGroup* HostMemory::fullest() const
{
    for (const HostMemoryGroup& g : groups)
        if (g.firstNode == fullestNode)
            return &g;
    return nullptr;
}

double hostMemoryOfNode(const Cluster& cluster, int nodeIndex, const Catalog& catalog)
{
    if (nodeIndex < 0 || static_cast<std::size_t>(nodeIndex) >= cluster.nodes.size())
        return 0;
    return NodeRam(cluster, catalog)(nodeIndex);
}

HostMemory computeHostMemory(const Design& design, const std::vector<RankInfo>& ranks,
                             const RankRoles& roleMap, const MemoryReport& memory, const Catalog& catalog)
{
    HostMemory out;
    const Cluster& cluster = design.cluster;
    const std::size_t nodeCount = cluster.nodes.size();
    std::vector<double> need(nodeCount, 0.0);
    std::vector<int> gpus(nodeCount, 0);
    double rankMax = 0;
    for (const RankRole& role : memory.roles)
        rankMax = std::max(rankMax, role.host.bytes);
    if (rankMax > 0)
        for (std::size_t r = 0; r < ranks.size() && r < roleMap.roleOfRank.size(); ++r) {
            const int node = ranks[r].nodeIndex;
            const int role = roleMap.roleOfRank[r];
            if (node < 0 || role < 0 || static_cast<std::size_t>(role) >= memory.roles.size())
                continue;
            need[static_cast<std::size_t>(node)] += memory.roles[static_cast<std::size_t>(role)].host.bytes;
            ++gpus[static_cast<std::size_t>(node)];
        }

    // Nodes with the same need and RAM are one group: a uniform cluster is one line at any size.
    NodeRam ramOf(cluster, catalog);
    std::map<std::pair<double, double>, HostMemoryGroup> grouped;
    double worstOver = 0;
    for (std::size_t n = 0; n < nodeCount; ++n) {
        const double ram = ramOf(static_cast<int>(n));
        HostMemoryGroup& g = grouped[{-need[n], ram}];
        if (g.nodes++ == 0) {
            g.needBytes = need[n];
            g.ramBytes = ram;
            g.firstNode = static_cast<int>(n);
        }
        const double over = ram > 0 ? need[n] - ram : 0.0;
        if (over > 0) {
            ++out.nodesOver;
            if (over > worstOver) {
                worstOver = over;
                out.fullestNode = static_cast<int>(n);
            }
        }
    }
    for (auto& [key, group] : grouped)
        out.groups.push_back(group);
    if (out.fullestNode < 0 && !out.groups.empty())
        out.fullestNode = out.groups.front().firstNode;
    if (out.fullestNode < 0)
        return out;

    const auto fullest = static_cast<std::size_t>(out.fullestNode);
    const double ram = ramOf(out.fullestNode);
    Explanation& why = out.explanation;
    why.formula = "Σ over the node's GPUs of each rank's host memory";
    why.input("GPUs of the node running ranks", gpus[fullest])
        .input("host memory of the fullest rank", rankMax, "bytes")
        .input("need of the node", need[fullest], "bytes")
        .input("RAM of the node (0: not known)", ram, "bytes");
    why.source = cluster.hostMemoryBytes > 0 ? std::string("the cluster's hostMemoryBytes")
                                             : "the GPUs' reference system (resources/presets/gpus.json)";
    const bool staging = stagesCheckpoint(design);
    out.checkpointStaging = staging;
    why.note = staging
        ? "The steady state of a training step with the staging of an asynchronous checkpoint, "
          "without the loading peak (docs/frameworks.md)."
        : "The steady state of a training step, without the loading peak (docs/frameworks.md).";
    const int gpusPerNode
        = cluster.nodes[fullest].gpus.empty() ? 0 : static_cast<int>(cluster.nodes[fullest].gpus.size());
    if (const double estimate = cluster.isUniform()
            ? deepSpeedEstimate(design, memory, gpusPerNode, static_cast<int>(nodeCount))
            : 0.0;
        estimate > 0)
        why.note += " DeepSpeed's estimate_zero" + std::string(design.layout.zeroStage >= 3 ? "3" : "2")
            + "_model_states_mem_needs states " + formatBytes(estimate)
            + " per node: the load-time bound with its 1.5 buffer factor"
            + (design.layout.zeroStage >= 3 ? " (zero_init)." : ".");

    // The warning points at what fills the RAM: the checkpoint staging when there is one, else the offload.
    if (out.nodesOver > 0)
        out.diagnostics.push_back(makeDiagnostic(
            staging ? diag::kHostMemoryCheckpoint : diag::kHostMemory,
            staging ? "/layout/asyncCheckpoint" : "/workload/offload",
            {nodeText(cluster, out.fullestNode), formatBytes(need[fullest]), std::to_string(gpus[fullest]),
             formatBytes(ram), std::to_string(out.nodesOver), std::to_string(nodeCount)}));
    return out;
}

Json hostMemoryToJson(const HostMemory& host)
{
    Json groups = Json::array();
    for (const HostMemoryGroup& g : host.groups)
        groups.push_back({{"needBytes", g.needBytes},
                          {"ramBytes", g.ramBytes},
                          {"nodes", g.nodes},
                          {"firstNode", g.firstNode},
                          {"fits", g.fits()}});
    return {{"groups", std::move(groups)},
            {"fullestNode", host.fullestNode},
            {"nodesOver", host.nodesOver},
            {"fits", host.fits()},
            {"explanation", explanationToJson(host.explanation)}};
}

double deepSpeedZero2HostBytes(double parameters, int gpusPerNode, int nodes, bool offloadOptimizer,
                               double additionalBufferFactor)
{
    const double totalGpus = double(nodes) * gpusPerNode;
    const double cpu = offloadOptimizer ? parameters * std::max(4 * totalGpus, 16.0) * additionalBufferFactor
                                        : parameters * 4 * gpusPerNode * additionalBufferFactor;
    return std::floor(cpu); // int(cpu_mem)
}

double deepSpeedZero3HostBytes(double parameters, double largestLayer, int gpusPerNode, int nodes,
                               bool offloadOptimizer, bool offloadParameters, bool zeroInit,
                               double additionalBufferFactor)
{
    const double gpusFactor = 1.0 / nodes;
    double cpu = 0;
    if (offloadOptimizer) {
        const double states = offloadParameters ? 18.0 : 16.0;
        cpu = zeroInit
            ? parameters * states * gpusFactor * additionalBufferFactor
            : parameters * std::max(4.0 * gpusPerNode, states * gpusFactor) * additionalBufferFactor;
    } else {
        cpu = zeroInit ? largestLayer * 4 * gpusPerNode * additionalBufferFactor
                       : parameters * 4 * gpusPerNode * additionalBufferFactor;
    }
    return std::floor(cpu); // int(cpu_mem)
}

} // namespace core
