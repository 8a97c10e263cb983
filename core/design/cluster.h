// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The physical cluster: nodes holding GPUs, each node's intra-node link, and the inter-node fabric.
// GPUs and nodes carry stable ids, so that placements, commands and selections survive edits.

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

struct Cluster
{
    std::string fabric; // link preset id of the inter-node fabric
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
};

Cluster makeUniformCluster(int nodes, int gpusPerNode, const std::string& gpuType,
                           const std::string& intraLink, const std::string& fabric);

// True when the cluster is exactly what makeUniformCluster would build (sequential ids, no names, all in
// service), so that it can be written in the compact form.
bool isCanonicalUniform(const Cluster& cluster);

} // namespace core
