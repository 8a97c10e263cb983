// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/cluster.h"

#include <algorithm>

namespace core {

int Cluster::gpuCount() const
{
    int count = 0;
    for (const Node& node : nodes)
        count += static_cast<int>(node.gpus.size());
    return count;
}

int Cluster::inServiceGpuCount() const
{
    int count = 0;
    for (const Node& node : nodes)
        count += static_cast<int>(
            std::count_if(node.gpus.begin(), node.gpus.end(), [](const Gpu& g) { return g.inService; }));
    return count;
}

GpuLocation Cluster::locate(int gpuId) const
{
    for (std::size_t n = 0; n < nodes.size(); ++n)
        for (std::size_t s = 0; s < nodes[n].gpus.size(); ++s)
            if (nodes[n].gpus[s].id == gpuId)
                return {static_cast<int>(n), static_cast<int>(s)};
    return {};
}

const Gpu* Cluster::gpu(int gpuId) const
{
    const GpuLocation at = locate(gpuId);
    return at.valid() ? &nodes[static_cast<std::size_t>(at.nodeIndex)].gpus[static_cast<std::size_t>(at.slot)]
                      : nullptr;
}

int Cluster::nodeIndex(int nodeId) const
{
    for (std::size_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].id == nodeId)
            return static_cast<int>(n);
    return -1;
}

int Cluster::nextGpuId() const
{
    int next = 0;
    for (const Node& node : nodes)
        for (const Gpu& g : node.gpus)
            next = std::max(next, g.id + 1);
    return next;
}

int Cluster::nextNodeId() const
{
    int next = 0;
    for (const Node& node : nodes)
        next = std::max(next, node.id + 1);
    return next;
}

bool Cluster::isUniform() const
{
    if (nodes.empty())
        return true;
    const Node& first = nodes.front();
    for (const Node& node : nodes) {
        if (node.gpus.size() != first.gpus.size() || node.intraLink != first.intraLink)
            return false;
        for (const Gpu& g : node.gpus)
            if (g.type != first.gpus.front().type)
                return false;
    }
    return true;
}

int Cluster::nicsOfNode(int nodeIndex) const
{
    if (nicsPerNode > 0)
        return nicsPerNode;
    if (nodeIndex < 0 || static_cast<std::size_t>(nodeIndex) >= nodes.size())
        return 0;
    return static_cast<int>(nodes[static_cast<std::size_t>(nodeIndex)].gpus.size());
}

Cluster makeUniformCluster(int nodes, int gpusPerNode, const std::string& gpuType,
                           const std::string& intraLink, const std::string& fabric)
{
    Cluster cluster;
    cluster.fabric = fabric;
    cluster.nodes.reserve(static_cast<std::size_t>(std::max(nodes, 0)));
    int gpuId = 0;
    for (int n = 0; n < nodes; ++n) {
        Node node;
        node.id = n;
        node.intraLink = intraLink;
        node.gpus.reserve(static_cast<std::size_t>(std::max(gpusPerNode, 0)));
        for (int g = 0; g < gpusPerNode; ++g)
            node.gpus.push_back(Gpu{gpuId++, gpuType, true});
        cluster.nodes.push_back(std::move(node));
    }
    return cluster;
}

bool isCanonicalUniform(const Cluster& cluster)
{
    if (cluster.nodes.empty() || cluster.nodes.front().gpus.empty() || !cluster.isUniform())
        return false;
    const Node& first = cluster.nodes.front();
    Cluster shape = cluster;
    shape.calibratedLinks.clear(); // written on their own, beside the shorthand
    shape.nicsPerNode = 0; // so are the network cards and the fabric's shape
    shape.oversubscription = 1;
    shape.fabricTopology = FabricTopology::RailOptimized;
    return shape
        == makeUniformCluster(static_cast<int>(cluster.nodes.size()), static_cast<int>(first.gpus.size()),
                              first.gpus.front().type, first.intraLink, cluster.fabric);
}

} // namespace core
