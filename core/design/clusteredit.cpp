// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/clusteredit.h"

#include "design/placement.h"
#include "base/sizelimits.h"

#include <algorithm>

namespace core {

namespace {

template<class... Ts> struct Overloaded : Ts...
{
    using Ts::operator()...;
};
template<class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

Node* findNode(Cluster& cluster, int nodeId)
{
    const int index = cluster.nodeIndex(nodeId);
    return index >= 0 ? &cluster.nodes[static_cast<std::size_t>(index)] : nullptr;
}

bool contains(const std::vector<int>& ids, int id)
{
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool knownIntraLink(const Catalog& catalog, const std::string& id)
{
    const LinkSpec* link = catalog.link(id);
    return link && link->linkClass != LinkClass::Fabric;
}

bool addGpus(Cluster& cluster, const edit::AddGpus& e, const Catalog& catalog)
{
    const GpuSpec* spec = catalog.gpu(e.type);
    if (!spec || e.count < 1 || e.count > limits::kMaxGpusPerNode)
        return false;
    Node* node = nullptr;
    if (e.nodeId < 0) {
        if (static_cast<int>(cluster.nodes.size()) >= limits::kMaxNodes)
            return false;
        Node fresh;
        fresh.id = cluster.nextNodeId();
        fresh.intraLink = spec->defaultIntraLink;
        cluster.nodes.push_back(std::move(fresh));
        node = &cluster.nodes.back();
    } else {
        node = findNode(cluster, e.nodeId);
    }
    if (!node || static_cast<int>(node->gpus.size()) + e.count > limits::kMaxGpusPerNode)
        return false;
    const int firstId = cluster.nextGpuId();
    std::vector<Gpu> added;
    for (int k = 0; k < e.count; ++k)
        added.push_back(Gpu{firstId + k, e.type, true});
    const std::size_t at
        = e.slot < 0 ? node->gpus.size() : std::min(static_cast<std::size_t>(e.slot), node->gpus.size());
    node->gpus.insert(node->gpus.begin() + static_cast<std::ptrdiff_t>(at), added.begin(), added.end());
    return true;
}

bool moveGpus(Cluster& cluster, const edit::MoveGpus& e)
{
    Node* target = findNode(cluster, e.nodeId);
    if (!target || e.gpuIds.empty())
        return false;
    // The GPU the moved ones go in front of: the one at `slot`, or the next one that stays.
    int anchor = -1;
    if (e.slot >= 0)
        for (std::size_t s = static_cast<std::size_t>(e.slot); s < target->gpus.size(); ++s)
            if (!contains(e.gpuIds, target->gpus[s].id)) {
                anchor = target->gpus[s].id;
                break;
            }
    std::vector<Gpu> moving;
    for (int id : e.gpuIds) {
        const GpuLocation at = cluster.locate(id);
        if (!at.valid())
            return false;
        Node& from = cluster.nodes[static_cast<std::size_t>(at.nodeIndex)];
        moving.push_back(from.gpus[static_cast<std::size_t>(at.slot)]);
        from.gpus.erase(from.gpus.begin() + at.slot);
    }
    if (static_cast<int>(target->gpus.size() + moving.size()) > limits::kMaxGpusPerNode)
        return false;
    auto where = std::find_if(target->gpus.begin(), target->gpus.end(),
                              [anchor](const Gpu& g) { return g.id == anchor; });
    target->gpus.insert(where, moving.begin(), moving.end());
    return true;
}

bool remove(Cluster& cluster, const edit::Remove& e)
{
    const std::size_t nodesBefore = cluster.nodes.size();
    const int gpusBefore = cluster.gpuCount();
    std::erase_if(cluster.nodes, [&](const Node& n) { return contains(e.nodeIds, n.id); });
    for (Node& node : cluster.nodes)
        std::erase_if(node.gpus, [&](const Gpu& g) { return contains(e.gpuIds, g.id); });
    return cluster.nodes.size() != nodesBefore || cluster.gpuCount() != gpusBefore;
}

bool addNodes(Cluster& cluster, const edit::AddNodes& e, const Catalog& catalog)
{
    const GpuSpec* spec = catalog.gpu(e.gpuType);
    const std::string link = e.intraLink.empty() && spec ? spec->defaultIntraLink : e.intraLink;
    if (!spec || !knownIntraLink(catalog, link) || e.count < 1 || e.gpusPerNode < 0
        || e.gpusPerNode > limits::kMaxGpusPerNode
        || static_cast<std::int64_t>(cluster.nodes.size()) + e.count > limits::kMaxNodes)
        return false;
    int nodeId = cluster.nextNodeId();
    int gpuId = cluster.nextGpuId();
    for (int n = 0; n < e.count; ++n) {
        Node node;
        node.id = nodeId++;
        node.intraLink = link;
        for (int g = 0; g < e.gpusPerNode; ++g)
            node.gpus.push_back(Gpu{gpuId++, e.gpuType, true});
        cluster.nodes.push_back(std::move(node));
    }
    return true;
}

bool duplicateNodes(Cluster& cluster, const edit::DuplicateNodes& e)
{
    std::vector<Node> copies;
    int nodeId = cluster.nextNodeId();
    int gpuId = cluster.nextGpuId();
    for (const Node& node : cluster.nodes) {
        if (!contains(e.nodeIds, node.id))
            continue;
        Node copy = node;
        copy.id = nodeId++;
        for (Gpu& gpu : copy.gpus) {
            gpu.id = gpuId++;
            gpu.inService = true;
        }
        copies.push_back(std::move(copy));
    }
    if (copies.empty() || cluster.nodes.size() + copies.size() > static_cast<std::size_t>(limits::kMaxNodes))
        return false;
    cluster.nodes.insert(cluster.nodes.end(), copies.begin(), copies.end());
    return true;
}

bool setInService(Cluster& cluster, const edit::SetInService& e)
{
    bool changed = false;
    for (Node& node : cluster.nodes)
        for (Gpu& gpu : node.gpus)
            if (gpu.inService != e.inService && contains(e.gpuIds, gpu.id)) {
                gpu.inService = e.inService;
                changed = true;
            }
    return changed;
}

bool setIntraLink(Cluster& cluster, const edit::SetIntraLink& e, const Catalog& catalog)
{
    if (!knownIntraLink(catalog, e.link))
        return false;
    bool changed = false;
    for (Node& node : cluster.nodes)
        if (node.intraLink != e.link && contains(e.nodeIds, node.id)) {
            node.intraLink = e.link;
            changed = true;
        }
    return changed;
}

bool placeRank(Design& design, const edit::PlaceRank& e)
{
    const ParallelLayout& layout = design.layout;
    for (Dim dim : kAllDims)
        if (layout.degree(dim) < 1)
            return false;
    const std::int64_t world = layout.worldSize();
    const Gpu* gpu = design.cluster.gpu(e.gpuId);
    if (world > limits::kMaxWorldSize || e.rank < 0 || e.rank >= world || !gpu || !gpu->inService)
        return false;
    std::vector<int> placement = static_cast<std::int64_t>(design.placement.size()) == world
        ? design.placement
        : defaultPlacement(design.cluster, layout, static_cast<int>(world));
    // An explicit placement needs a GPU for every rank.
    if (contains(placement, -1))
        return false;
    const auto other = std::find(placement.begin(), placement.end(), e.gpuId);
    const int previous = placement[static_cast<std::size_t>(e.rank)];
    if (previous == e.gpuId)
        return false;
    if (other != placement.end())
        *other = previous;
    placement[static_cast<std::size_t>(e.rank)] = e.gpuId;
    design.placement = std::move(placement);
    return true;
}

} // namespace

bool applyClusterEdit(Design& design, const ClusterEdit& edit, const Catalog& catalog)
{
    Design probe = design;
    const bool applied = std::visit(
        Overloaded{[&](const edit::AddGpus& e) { return addGpus(probe.cluster, e, catalog); },
                   [&](const edit::MoveGpus& e) { return moveGpus(probe.cluster, e); },
                   [&](const edit::Remove& e) { return remove(probe.cluster, e); },
                   [&](const edit::AddNodes& e) { return addNodes(probe.cluster, e, catalog); },
                   [&](const edit::DuplicateNodes& e) { return duplicateNodes(probe.cluster, e); },
                   [&](const edit::SetInService& e) { return setInService(probe.cluster, e); },
                   [&](const edit::SetIntraLink& e) { return setIntraLink(probe.cluster, e, catalog); },
                   [&](const edit::PlaceRank& e) { return placeRank(probe, e); },
                   [&](const edit::AutoPlace&) {
                       const bool had = !probe.placement.empty();
                       probe.placement.clear();
                       return had;
                   }},
        edit);
    if (!applied || (probe.cluster == design.cluster && probe.placement == design.placement))
        return false;
    design.cluster = std::move(probe.cluster);
    design.placement = std::move(probe.placement);
    return true;
}

} // namespace core
