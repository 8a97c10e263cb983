// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustermenu.h"

#include "catalog/catalog.h"
#include "cluster/clustercanvas.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"

#include <QMenu>

namespace widgets {

namespace {

// An entry that asks for one cluster edit.
void addEdit(QMenu& menu, ClusterCanvas& canvas, const QString& text, const core::ClusterEdit& edit)
{
    QObject::connect(menu.addAction(text), &QAction::triggered, &canvas,
                     [c = &canvas, edit] { emit c->clusterEditRequested(edit); });
}

void addGpuEntries(QMenu& menu, ClusterCanvas& canvas, const core::Gpu* gpu, const std::vector<int>& gpus)
{
    const int count = static_cast<int>(gpus.size());
    if (gpu && gpu->inService)
        addEdit(menu, canvas, ClusterCanvas::tr("Take %Ln GPU(s) out of service", nullptr, count),
                core::edit::SetInService{gpus, false});
    else
        addEdit(menu, canvas, ClusterCanvas::tr("Return %Ln GPU(s) to service", nullptr, count),
                core::edit::SetInService{gpus, true});
    addEdit(menu, canvas, ClusterCanvas::tr("Remove %Ln GPU(s)", nullptr, count),
            core::edit::Remove{{}, gpus});
    menu.addSeparator();
}

void addNodeEntries(QMenu& menu, ClusterCanvas& canvas, const core::Node& node, const core::Catalog& catalog)
{
    const int nodeId = node.id;
    std::vector<int> nodeGpus;
    bool anyInService = false;
    for (const core::Gpu& g : node.gpus) {
        nodeGpus.push_back(g.id);
        anyInService |= g.inService;
    }
    QMenu* nodeMenu = menu.addMenu(ClusterCanvas::tr("Node %1").arg(nodeId));
    addEdit(*nodeMenu, canvas, ClusterCanvas::tr("Duplicate node"), core::edit::DuplicateNodes{{nodeId}});
    addEdit(*nodeMenu, canvas, ClusterCanvas::tr("Remove node"), core::edit::Remove{{nodeId}, {}});
    if (anyInService)
        addEdit(*nodeMenu, canvas, ClusterCanvas::tr("Take node out of service"),
                core::edit::SetInService{nodeGpus, false});
    else
        addEdit(*nodeMenu, canvas, ClusterCanvas::tr("Return node to service"),
                core::edit::SetInService{nodeGpus, true});
    QMenu* linkMenu = nodeMenu->addMenu(ClusterCanvas::tr("Intra-node link"));
    for (const core::LinkSpec& link : catalog.links()) {
        if (link.linkClass == core::LinkClass::Fabric)
            continue;
        QAction* action = linkMenu->addAction(presetName(link.name));
        action->setCheckable(true);
        action->setChecked(link.id == node.intraLink);
        QObject::connect(action, &QAction::triggered, &canvas, [c = &canvas, nodeId, id = link.id] {
            emit c->clusterEditRequested(core::edit::SetIntraLink{{nodeId}, id});
        });
    }
    menu.addSeparator();
}

void addFabricEntries(QMenu& menu, ClusterCanvas& canvas, const core::Cluster& cluster,
                      const core::Catalog& catalog)
{
    QMenu* fabricMenu = menu.addMenu(ClusterCanvas::tr("Fabric between nodes"));
    for (const core::LinkSpec& link : catalog.links()) {
        if (link.linkClass != core::LinkClass::Fabric)
            continue;
        QAction* action = fabricMenu->addAction(presetName(link.name));
        action->setCheckable(true);
        action->setChecked(link.id == cluster.fabric);
        QObject::connect(action, &QAction::triggered, &canvas, [c = &canvas, id = link.id] {
            emit c->fieldEdited(core::Field::Fabric, core::FieldValue{id});
        });
    }
}

} // namespace

void fillClusterMenu(QMenu& menu, ClusterCanvas& canvas, const ClusterViewState& state,
                     ClusterGeometry::Hit hit, const std::vector<int>& selectedGpus)
{
    const core::Design& design = *state.snapshot.design;
    // The links the design's evaluation uses: the presets, with the design's calibrated links in place of
    // the presets of the same id.
    const core::Catalog& catalog = *state.snapshot.evaluation->catalog;
    if (hit.onGpu())
        addGpuEntries(menu, canvas,
                      &design.cluster.nodes[static_cast<std::size_t>(hit.node)]
                           .gpus[static_cast<std::size_t>(hit.slot)],
                      selectedGpus);
    if (hit.onNode())
        addNodeEntries(menu, canvas, design.cluster.nodes[static_cast<std::size_t>(hit.node)], catalog);
    addFabricEntries(menu, canvas, design.cluster, catalog);
    addEdit(menu, canvas, ClusterCanvas::tr("Auto-place the ranks"), core::edit::AutoPlace{});
    menu.addSeparator();
    QObject::connect(menu.addAction(ClusterCanvas::tr("Select all GPUs")), &QAction::triggered, &canvas,
                     &ClusterCanvas::selectAll);
    QObject::connect(menu.addAction(ClusterCanvas::tr("Fit the cluster in view")), &QAction::triggered,
                     &canvas, &ClusterCanvas::fitCluster);
}

} // namespace widgets
