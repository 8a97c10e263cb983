// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The physical cluster: nodes holding GPUs, each node's intra-node link, and the inter-node fabric.
// GPUs and nodes carry stable ids, so that placements, commands and selections survive edits.

#include "base/enumnames.h"
#include "catalog/hardware.h"

#include <string>
#include <vector>

namespace core {

struct Gpu
{
    int id = 0;
    std::string type; // GPU preset id
    bool inService = true; // false: taken out of service ("what if"), not used by the placement
    bool operator==(const Gpu&) const = default;
};

struct Node
{
    int id = 0;
    std::string name; // empty: shown as "node <id>"
    std::string intraLink; // link preset id (NVLink generation or PCIe)
    std::vector<Gpu> gpus;
    bool operator==(const Node&) const = default;
};

struct GpuLocation
{
    int nodeIndex = -1;
    int slot = -1;
    bool valid() const { return nodeIndex >= 0; }
};

// How the fabric's switches connect the nodes' network cards. Rail-optimised (DGX SuperPOD reference
// architecture): NIC i of every node of a scalable unit hangs off the same leaf switch (rail i), so NCCL's
// rings, which leave each node on the rail of the GPU they leave from, stay under one leaf switch inside a
// unit and cross the spine only between units. Fat tree: nodes hang off leaf switches whole, and traffic
// between nodes crosses the spine.
enum class FabricTopology { RailOptimized, FatTree };

template<> struct EnumNames<FabricTopology>
{
    static constexpr std::array table{std::pair{FabricTopology::RailOptimized, std::string_view{"rail-optimized"}},
                                      std::pair{FabricTopology::FatTree, std::string_view{"fat-tree"}}};
};

// Nodes under one leaf switch per rail: a DGX SuperPOD scalable unit holds 32 DGX nodes (NVIDIA DGX
// SuperPOD reference architecture, DGX H100: 4 SUs of 32 nodes for 1,024 GPUs).
inline constexpr int kNodesPerRailGroup = 32;

struct Cluster
{
    std::string fabric; // link preset id of the inter-node fabric; its bandwidth is one network card's
    // Network cards per node, each with the fabric link's bandwidth; 0: one per GPU of the node, as in DGX
    // A100 (8 × HDR 200 Gb/s), DGX H100 (8 × NDR 400 Gb/s) and DGX B200 (8 × 400 Gb/s).
    int nicsPerNode = 0;
    // Bandwidth below the leaf switches over bandwidth above them (1: full bisection). Traffic that
    // crosses the spine gets 1/oversubscription of the cards' bandwidth.
    double oversubscription = 1;
    FabricTopology fabricTopology = FabricTopology::RailOptimized;
    // CPU memory (RAM) of every node, bytes; 0: the GPUs' shares of their vendor reference system
    // (GpuSpec::hostMemoryPerGpuBytes, DGX H100: 2 TB for 8 GPUs). What offload needs of it: hostmemory.h.
    double hostMemoryBytes = 0;
    std::vector<Node> nodes;
    // Links measured on this cluster (nccl-tests, see ncclimport.h): each replaces the preset with its id,
    // or adds a new one that nodes and the fabric can name.
    std::vector<LinkSpec> calibratedLinks;

    bool operator==(const Cluster&) const = default;

    int gpuCount() const;
    int inServiceGpuCount() const;
    GpuLocation locate(int gpuId) const;
    const Gpu* gpu(int gpuId) const;
    int nodeIndex(int nodeId) const; // -1 if absent
    int nextGpuId() const;
    int nextNodeId() const;
    // The uniform shape of the cluster, when every node has the same GPU count, GPU type and link.
    bool isUniform() const;
    // Network cards of node `nodeIndex` (nicsPerNode, or its GPU count when 0).
    int nicsOfNode(int nodeIndex) const;
};

Cluster makeUniformCluster(int nodes, int gpusPerNode, const std::string& gpuType,
                           const std::string& intraLink, const std::string& fabric);

// True when the cluster is exactly what makeUniformCluster would build (sequential ids, no names, all in
// service), so that it can be written in the compact form.
bool isCanonicalUniform(const Cluster& cluster);

} // namespace core
