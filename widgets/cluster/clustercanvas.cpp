// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustercanvas.h"

#include "catalog/catalog.h"
#include "cluster/gpupalette.h"
#include "common/groupcolors.h"
#include "memory/memorytext.h"
#include "common/qtconvert.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 4.0;
constexpr std::size_t kMaxGhosts = 64;

QString dimLabel(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

QString gpuName(const std::string& type)
{
    const core::GpuSpec* spec = core::Catalog::builtin().gpu(type);
    return spec ? qs(spec->name) : qs(type);
}

std::vector<int> sortedIds(const std::unordered_set<int>& ids)
{
    std::vector<int> out(ids.begin(), ids.end());
    std::sort(out.begin(), out.end());
    return out;
}

// Whether some group of `dim` spreads over more nodes than its size needs: its members then lie apart in
// the picture (a PP group one GPU in each of four distant nodes), and one colour per group cannot be seen.
bool groupsScatter(const core::Evaluation& e, core::Dim dim)
{
    std::size_t gpusPerNode = 1;
    for (const core::RankInfo& r : e.ranks)
        gpusPerNode = std::max(gpusPerNode, static_cast<std::size_t>(r.slot) + 1);
    for (const std::vector<int>& group : e.mesh.groupsOf(dim)) {
        std::vector<int> nodes;
        for (int rank : group)
            if (const int node = e.ranks[static_cast<std::size_t>(rank)].nodeIndex; node >= 0)
                nodes.push_back(node);
        std::sort(nodes.begin(), nodes.end());
        const auto spanned
            = static_cast<std::size_t>(std::unique(nodes.begin(), nodes.end()) - nodes.begin());
        if (spanned > (group.size() + gpusPerNode - 1) / gpusPerNode)
            return true;
    }
    return false;
}

} // namespace

ClusterCanvas::ClusterCanvas(QWidget* parent)
    : QGraphicsView(parent)
    , m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setMouseTracking(true);
    setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setRenderHint(QPainter::Antialiasing, false);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    setBackgroundBrush(palette().color(QPalette::Base));
    m_state.palette = palette();
    m_state.font = font();
    m_fabric = new FabricItem(&m_state);
    m_overlay = new OverlayItem(&m_state);
    m_scene->addItem(m_fabric);
    m_scene->addItem(m_overlay);
}

ClusterCanvas::~ClusterCanvas() = default;

void ClusterCanvas::setSnapshot(const DesignSnapshot& snapshot)
{
    m_state.snapshot = snapshot;
    std::vector<int> sizes;
    if (!snapshot.isNull())
        for (const core::Node& node : snapshot.design->cluster.nodes)
            sizes.push_back(static_cast<int>(node.gpus.size()));
    if (sizes != m_nodeSizes) {
        // The items that span the whole cluster announce their new size before it changes.
        m_fabric->geometryChanged();
        m_overlay->geometryChanged();
        m_nodeSizes = sizes;
        m_state.geometry = ClusterGeometry::compute(sizes);
        rebuildItems();
    }
    refreshDerivedState();
    for (NodeItem* item : m_nodeItems)
        item->update();
    m_fabric->update();
    updatePaths();
}

void ClusterCanvas::rebuildItems()
{
    for (NodeItem* item : m_nodeItems) {
        m_scene->removeItem(item);
        delete item;
    }
    m_nodeItems.clear();
    for (int n = 0; n < static_cast<int>(m_nodeSizes.size()); ++n) {
        auto* item = new NodeItem(&m_state, n);
        m_nodeItems.push_back(item);
        m_scene->addItem(item);
    }
    m_scene->setSceneRect(m_state.geometry.bounds.adjusted(-40, -40, 40, 40));
    if (m_autoFit)
        fitCluster();
}

// Everything the items read that follows from the snapshot: ranks per slot, selections that still exist,
// the focus groups, TP warnings per node and the traffic scale.
void ClusterCanvas::refreshDerivedState()
{
    ClusterViewState& s = m_state;
    s.rankOnCell.clear();
    s.tpSpansNodes.assign(m_nodeSizes.size(), 0);
    s.tpOverPcie.assign(m_nodeSizes.size(), 0);
    s.trafficScale = 0;
    if (s.snapshot.isNull())
        return;
    const core::Design& design = *s.snapshot.design;
    const core::Evaluation& e = *s.snapshot.evaluation;
    s.rankOnCell.resize(design.cluster.nodes.size());
    std::unordered_set<int> gpuIds, nodeIds;
    for (std::size_t n = 0; n < design.cluster.nodes.size(); ++n) {
        s.rankOnCell[n].assign(design.cluster.nodes[n].gpus.size(), -1);
        nodeIds.insert(design.cluster.nodes[n].id);
        for (const core::Gpu& gpu : design.cluster.nodes[n].gpus)
            gpuIds.insert(gpu.id);
    }
    for (const core::RankInfo& r : e.ranks)
        if (r.nodeIndex >= 0)
            s.rankOnCell[static_cast<std::size_t>(r.nodeIndex)][static_cast<std::size_t>(r.slot)] = r.rank;

    const std::size_t selectedBefore = s.selectedGpus.size() + s.selectedNodes.size();
    std::erase_if(s.selectedGpus, [&](int id) { return !gpuIds.count(id); });
    std::erase_if(s.selectedNodes, [&](int id) { return !nodeIds.count(id); });
    if (s.selectedGpus.size() + s.selectedNodes.size() != selectedBefore)
        emit selectionChanged();
    if (s.hoveredRank >= static_cast<int>(e.ranks.size()) || !e.hasMesh)
        s.hoveredRank = -1;
    const int groups = e.hasMesh ? static_cast<int>(e.mesh.groupsOf(s.dim).size()) : 0;
    if (s.selectedGroup >= groups)
        s.selectedGroup = -1;

    // Warnings per node: a TP group that spans nodes, or a TP group of more than two on PCIe (the seed:
    // without NVLink keep TP at 1 or 2), or an EP group that spans nodes where TP × EP would fit one
    // (core's ep-spans-nodes).
    if (e.hasMesh && design.layout.tp() > 1) {
        const auto& catalog = core::Catalog::builtin();
        for (const auto& group : e.mesh.groupsOf(core::Dim::Tp)) {
            const int first = e.ranks[static_cast<std::size_t>(group.front())].nodeIndex;
            const bool spans = std::any_of(group.begin(), group.end(), [&](int r) {
                return e.ranks[static_cast<std::size_t>(r)].nodeIndex != first;
            });
            for (int r : group) {
                const int node = e.ranks[static_cast<std::size_t>(r)].nodeIndex;
                if (node < 0)
                    continue;
                if (spans)
                    s.tpSpansNodes[static_cast<std::size_t>(node)] = 1;
                const core::LinkSpec* link
                    = catalog.link(design.cluster.nodes[static_cast<std::size_t>(node)].intraLink);
                if (!spans && group.size() > 2 && link && link->linkClass == core::LinkClass::Pcie)
                    s.tpOverPcie[static_cast<std::size_t>(node)] = 1;
            }
        }
    }
    const bool epSpans = std::any_of(e.diagnostics.begin(), e.diagnostics.end(),
                                     [](const core::Diagnostic& d) { return d.code == "ep-spans-nodes"; });
    if (e.hasMesh && epSpans)
        for (const auto& group : e.mesh.groupsOf(core::Dim::Ep)) {
            const int first = e.ranks[static_cast<std::size_t>(group.front())].nodeIndex;
            if (std::all_of(group.begin(), group.end(),
                            [&](int r) { return e.ranks[static_cast<std::size_t>(r)].nodeIndex == first; }))
                continue;
            for (int r : group)
                if (const int node = e.ranks[static_cast<std::size_t>(r)].nodeIndex; node >= 0)
                    s.tpSpansNodes[static_cast<std::size_t>(node)] = 1;
        }
    s.colorByPosition = e.hasMesh && groupsScatter(e, s.dim);
    s.groupFill.clear();
    s.groupFillDimmed.clear();
    s.groupEdge.clear();
    const int colors = s.colorByPosition ? static_cast<int>(e.mesh.groupsOf(s.dim).front().size()) : groups;
    for (int color = 0; color < colors; ++color) {
        const QColor fill = groupColor(color);
        s.groupFill.push_back(fill);
        s.groupFillDimmed.push_back(fill.lighter(145));
        s.groupEdge.push_back(fill.darker(135));
    }
    s.groupOutlines.clear();
    for (int n = 0; n < static_cast<int>(design.cluster.nodes.size()); ++n)
        s.groupOutlines.push_back(groupOutlinesOf(s, n));
    s.intraClass.clear();
    for (const core::Node& node : design.cluster.nodes) {
        const core::LinkSpec* link = core::Catalog::builtin().link(node.intraLink);
        s.intraClass.push_back(link && link->linkClass != core::LinkClass::Fabric ? link->linkClass
                                                                                  : core::LinkClass::Pcie);
    }
    if (s.hasTraffic()) {
        const core::DimensionTraffic& t = e.traffic->of(s.dim);
        for (double bytes : t.intraNodeBytes)
            s.trafficScale = std::max(s.trafficScale, bytes);
        for (double bytes : t.fabricBytes)
            s.trafficScale = std::max(s.trafficScale, bytes);
    }
    refreshFocus();
}

// The hovered and selected groups' members; cheap enough for every pointer move.
void ClusterCanvas::refreshFocus()
{
    ClusterViewState& s = m_state;
    s.inHoveredGroup.clear();
    s.inSelectedGroup.clear();
    if (s.snapshot.isNull() || !s.snapshot.evaluation->hasMesh)
        return;
    const core::Evaluation& e = *s.snapshot.evaluation;
    const auto membership = [&](int rank) {
        std::vector<char> members;
        const int group = s.groupOf(rank);
        if (group < 0)
            return members;
        members.assign(e.ranks.size(), 0);
        for (int r : e.mesh.groupsOf(s.dim)[static_cast<std::size_t>(group)])
            members[static_cast<std::size_t>(r)] = 1;
        return members;
    };
    s.inHoveredGroup = membership(s.hoveredRank);
    if (s.selectedGroup >= 0)
        s.inSelectedGroup
            = membership(e.mesh.groupsOf(s.dim)[static_cast<std::size_t>(s.selectedGroup)].front());
}

void ClusterCanvas::setColorDimension(core::Dim dim)
{
    if (dim == m_state.dim)
        return;
    m_state.dim = dim;
    const bool hadGroup = m_state.selectedGroup >= 0;
    m_state.selectedGroup = -1;
    refreshDerivedState();
    for (NodeItem* item : m_nodeItems)
        item->update();
    m_fabric->update();
    updatePaths();
    if (hadGroup)
        emit groupSelected(dim, -1);
}

QPoint ClusterCanvas::viewportPointOf(int nodeIndex, int slot) const
{
    const QRectF cell = m_state.geometry.slotRect(nodeIndex, slot);
    return mapFromScene(cell.center());
}

QPoint ClusterCanvas::viewportPointOfNodeTitle(int nodeIndex) const
{
    if (nodeIndex < 0 || nodeIndex >= static_cast<int>(m_state.geometry.nodes.size()))
        return {};
    return mapFromScene(m_state.geometry.nodes[static_cast<std::size_t>(nodeIndex)].title.center());
}

std::vector<int> ClusterCanvas::selectedGpus() const
{
    return sortedIds(m_state.selectedGpus);
}

std::vector<int> ClusterCanvas::selectedNodes() const
{
    return sortedIds(m_state.selectedNodes);
}

void ClusterCanvas::notifySelection()
{
    for (NodeItem* item : m_nodeItems)
        item->update();
    emit selectionChanged();
}

void ClusterCanvas::selectAll()
{
    if (m_state.snapshot.isNull())
        return;
    for (const core::Node& node : m_state.snapshot.design->cluster.nodes)
        for (const core::Gpu& gpu : node.gpus)
            m_state.selectedGpus.insert(gpu.id);
    notifySelection();
}

void ClusterCanvas::clearSelection()
{
    if (m_state.selectedGpus.empty() && m_state.selectedNodes.empty())
        return;
    m_state.selectedGpus.clear();
    m_state.selectedNodes.clear();
    notifySelection();
}

void ClusterCanvas::selectGroup(int groupIndex)
{
    if (groupIndex == m_state.selectedGroup)
        return;
    m_state.selectedGroup = groupIndex;
    refreshFocus();
    for (NodeItem* item : m_nodeItems)
        item->update();
    updatePaths();
    emit groupSelected(m_state.dim, m_state.selectedGroup);
}

void ClusterCanvas::fitCluster()
{
    m_autoFit = true;
    if (m_state.geometry.nodes.empty())
        return;
    // The whole scene rectangle, margins included, so that no scroll bar appears at the fit.
    fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    const double z = zoom();
    if (z > kMaxZoom)
        scale(kMaxZoom / z, kMaxZoom / z);
}

double ClusterCanvas::zoom() const
{
    return transform().m11();
}

void ClusterCanvas::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    const double applied = target / zoom();
    if (std::abs(applied - 1) < 1e-9)
        return;
    m_autoFit = false;
    scale(applied, applied);
}

int ClusterCanvas::gpuIdAt(int nodeIndex, int slot) const
{
    if (m_state.snapshot.isNull() || nodeIndex < 0 || slot < 0)
        return -1;
    const auto& nodes = m_state.snapshot.design->cluster.nodes;
    if (nodeIndex >= static_cast<int>(nodes.size()))
        return -1;
    const auto& gpus = nodes[static_cast<std::size_t>(nodeIndex)].gpus;
    return slot < static_cast<int>(gpus.size()) ? gpus[static_cast<std::size_t>(slot)].id : -1;
}

// ---- Hover and the traffic paths ------------------------------------------------------------------

void ClusterCanvas::setHoveredRank(int rank)
{
    if (rank == m_state.hoveredRank)
        return;
    m_state.hoveredRank = rank;
    refreshFocus();
    for (NodeItem* item : m_nodeItems)
        item->update();
    updatePaths();
    emit rankHovered(rank);
}

// The hovered rank's groups, every dimension in its own colour, along the path its traffic takes; or the
// selected group's path when nothing is hovered.
void ClusterCanvas::updatePaths()
{
    std::vector<OverlayItem::Path> paths;
    const ClusterViewState& s = m_state;
    if (s.snapshot.isNull() || !s.snapshot.evaluation->hasMesh) {
        m_overlay->setPaths({});
        return;
    }
    const core::Evaluation& e = *s.snapshot.evaluation;
    // A hop between two nodes follows the drawn network: down the sender's uplink, along its lane (and the
    // trunk to another row's lane), up the receiver's uplink. Inside a node, straight across.
    const auto route = [&](int from, int to, std::vector<QPointF>& points) {
        const core::RankInfo& a = e.ranks[static_cast<std::size_t>(from)];
        const core::RankInfo& b = e.ranks[static_cast<std::size_t>(to)];
        const QPointF target = s.geometry.slotRect(b.nodeIndex, b.slot).center();
        if (a.nodeIndex != b.nodeIndex) {
            const ClusterGeometry::NodeBox& boxA = s.geometry.nodes[static_cast<std::size_t>(a.nodeIndex)];
            const ClusterGeometry::NodeBox& boxB = s.geometry.nodes[static_cast<std::size_t>(b.nodeIndex)];
            points.push_back(boxA.uplinkTop);
            points.push_back(boxA.uplinkBottom);
            if (boxA.row != boxB.row) {
                points.emplace_back(s.geometry.trunkX, boxA.uplinkBottom.y());
                points.emplace_back(s.geometry.trunkX, boxB.uplinkBottom.y());
            }
            points.push_back(boxB.uplinkBottom);
            points.push_back(boxB.uplinkTop);
        }
        points.push_back(target);
    };
    const auto addPath = [&](core::Dim dim, int rank, double width) -> OverlayItem::Path* {
        std::vector<int> members;
        bool closed = true;
        if (e.traffic) {
            const core::DimensionTraffic& t = e.traffic->of(dim);
            if (t.groupSize() < 2)
                return nullptr;
            members = t.paths[static_cast<std::size_t>(t.groupOfRank[static_cast<std::size_t>(rank)])];
            closed = t.pattern != core::TrafficPattern::Chain || t.closedChain;
        } else {
            const auto& groups = e.mesh.groupsOf(dim);
            const auto& groupOf = e.mesh.groupOf[static_cast<std::size_t>(dim)];
            if (groups.empty() || groups.front().size() < 2)
                return nullptr;
            members = groups[static_cast<std::size_t>(groupOf[static_cast<std::size_t>(rank)])];
        }
        std::erase_if(members, [&](int r) { return e.ranks[static_cast<std::size_t>(r)].nodeIndex < 0; });
        if (members.size() < 2)
            return nullptr;
        OverlayItem::Path path;
        path.color = dimensionColor(dim);
        path.width = width;
        path.dotsOnly = true;
        for (int member : members) {
            const core::RankInfo& r = e.ranks[static_cast<std::size_t>(member)];
            path.dots.push_back(s.geometry.slotRect(r.nodeIndex, r.slot).center());
            path.dotsOnly = path.dotsOnly
                && r.nodeIndex == e.ranks[static_cast<std::size_t>(members.front())].nodeIndex;
        }
        std::vector<QPointF> points{path.dots.front()};
        for (std::size_t i = 1; i < members.size(); ++i)
            route(members[i - 1], members[i], points);
        if (closed && members.size() > 2)
            route(members.back(), members.front(), points);
        path.stretches = coveredStretches(points);
        paths.push_back(std::move(path));
        return &paths.back();
    };
    if (s.hoveredRank >= 0) {
        // The colour dimension's path last, on top.
        for (core::Dim dim : {core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep, core::Dim::Tp})
            if (dim != s.dim)
                addPath(dim, s.hoveredRank, 2);
        addPath(s.dim, s.hoveredRank, 4);
    } else if (s.selectedGroup >= 0) {
        addPath(s.dim, e.mesh.groupsOf(s.dim)[static_cast<std::size_t>(s.selectedGroup)].front(), 4);
    } else if (!e.ranks.empty()) {
        // Nothing hovered or selected: rank 0's group shows by example where this dimension's traffic
        // crosses between nodes (inside one node, the outline and the NVLink bar say it already).
        if (OverlayItem::Path* path = addPath(s.dim, 0, 3.5)) {
            if (path->dotsOnly) {
                paths.pop_back();
            } else {
                path->label = tr("%1 traffic of rank 0").arg(dimLabel(s.dim));
                path->labelAt = path->dots.front();
                // Darker than the lanes it runs along, which carry the same colour.
                path->color = path->color.darker(150);
            }
        }
    }
    m_overlay->setPaths(std::move(paths));
}

QString ClusterCanvas::toolTipAt(QPointF scenePos) const
{
    const ClusterGeometry::Hit hit = m_state.geometry.hit(scenePos);
    if (m_state.snapshot.isNull() || !hit.onNode())
        return {};
    const core::Design& design = *m_state.snapshot.design;
    const core::Evaluation& e = *m_state.snapshot.evaluation;
    const core::Node& node = design.cluster.nodes[static_cast<std::size_t>(hit.node)];
    const core::LinkSpec* link = core::Catalog::builtin().link(node.intraLink);
    const QString nodeLine = tr("Node %1 · %n GPU(s) · %2", nullptr, static_cast<int>(node.gpus.size()))
                                 .arg(node.id)
                                 .arg(link ? qs(link->name) : qs(node.intraLink));
    if (!hit.onGpu())
        return nodeLine;
    const core::Gpu& gpu = node.gpus[static_cast<std::size_t>(hit.slot)];
    QString text
        = QStringLiteral("<b>%1</b><br>%2")
              .arg(
                  tr("GPU %1 (%2), slot %3").arg(gpu.id).arg(gpuName(gpu.type)).arg(hit.slot).toHtmlEscaped(),
                  nodeLine.toHtmlEscaped());
    if (!gpu.inService)
        return text + QStringLiteral("<br>") + tr("Out of service");
    const int rank = m_state.rankAt(hit.node, hit.slot);
    if (rank < 0)
        return text + QStringLiteral("<br>") + tr("Idle: the layout has no rank for this GPU");
    const core::RankInfo& info = e.ranks[static_cast<std::size_t>(rank)];
    QStringList coords;
    for (core::Dim dim : {core::Dim::Dp, core::Dim::Tp, core::Dim::Pp, core::Dim::Cp, core::Dim::Ep})
        coords << QStringLiteral("%1 %2").arg(dimLabel(dim)).arg(info.coord(dim));
    text += QStringLiteral("<br><b>%1</b> · %2")
                .arg(tr("Rank %1").arg(rank), coords.join(QStringLiteral(" · ")));
    if (e.memory) {
        const core::RankRole& role = e.memory->roleOf(rank);
        text += QStringLiteral("<br>")
            + tr("Memory: %1 of %2").arg(bytesText(role.totalBytes), bytesText(role.capacityBytes));
    }
    if (e.traffic) {
        QStringList sends;
        for (core::Dim dim : {core::Dim::Tp, core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep}) {
            const double bytes = e.traffic->of(dim).bytesOfRank[static_cast<std::size_t>(rank)];
            if (bytes > 0)
                sends << QStringLiteral("%1 %2").arg(dimLabel(dim), bytesText(bytes));
        }
        if (!sends.isEmpty())
            text += QStringLiteral("<br>") + tr("Sends per step: %1").arg(sends.join(QStringLiteral(" · ")));
    }
    return text;
}

// ---- Mouse gestures -----------------------------------------------------------------------------

void ClusterCanvas::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    m_pressViewport = event->position().toPoint();
    m_pressScene = mapToScene(m_pressViewport);
    m_pressHit = m_state.geometry.hit(m_pressScene);
    m_pressShift = event->modifiers().testFlag(Qt::ShiftModifier);
    if (event->button() == Qt::MiddleButton) {
        m_gesture = Gesture::Panning;
        viewport()->setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() != Qt::LeftButton || m_state.snapshot.isNull()) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    const bool toggle = event->modifiers().testFlag(Qt::ControlModifier);
    if (m_pressHit.onGpu()) {
        const int gpu = gpuIdAt(m_pressHit.node, m_pressHit.slot);
        if (toggle) {
            if (!m_state.selectedGpus.erase(gpu))
                m_state.selectedGpus.insert(gpu);
            m_gesture = Gesture::None;
        } else {
            if (!m_state.selectedGpus.count(gpu)) {
                m_state.selectedGpus = {gpu};
                m_state.selectedNodes.clear();
            }
            m_gesture = Gesture::Pending;
        }
        notifySelection();
        // Clicking a GPU selects its group too, so that other views can follow it.
        selectGroup(m_state.groupOf(m_state.rankAt(m_pressHit.node, m_pressHit.slot)));
        return;
    }
    if (m_pressHit.onNode()) {
        const int node = m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(m_pressHit.node)].id;
        if (toggle) {
            if (!m_state.selectedNodes.erase(node))
                m_state.selectedNodes.insert(node);
        } else {
            m_state.selectedNodes = {node};
            m_state.selectedGpus.clear();
        }
        m_gesture = Gesture::None;
        notifySelection();
        return;
    }
    if (!toggle) {
        clearSelection();
        selectGroup(-1);
    }
    m_gesture = Gesture::RubberBand;
}

void ClusterCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint at = event->position().toPoint();
    const QPointF scenePos = mapToScene(at);
    switch (m_gesture) {
    case Gesture::Panning: {
        const QPoint delta = at - m_pressViewport;
        m_pressViewport = at;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        return;
    }
    case Gesture::Pending:
        if ((at - m_pressViewport).manhattanLength() < QApplication::startDragDistance())
            return;
        {
            const int rank = m_state.rankAt(m_pressHit.node, m_pressHit.slot);
            const bool swap = (m_editMode == EditMode::SwapRanks) != m_pressShift;
            if (swap && rank >= 0) {
                m_gesture = Gesture::PlacingRank;
                m_draggedRank = rank;
            } else {
                m_gesture = Gesture::MovingGpus;
                // The selected GPUs in cluster order, so that a group keeps its order when it moves.
                m_draggedGpus.clear();
                for (const core::Node& node : m_state.snapshot.design->cluster.nodes)
                    for (const core::Gpu& gpu : node.gpus)
                        if (m_state.selectedGpus.count(gpu.id))
                            m_draggedGpus.push_back(gpu.id);
            }
            setHoveredRank(-1);
        }
        updateDrag(scenePos);
        return;
    case Gesture::MovingGpus:
    case Gesture::PlacingRank:
        updateDrag(scenePos);
        return;
    case Gesture::RubberBand:
        m_overlay->setRubberBand(QRectF(m_pressScene, scenePos).normalized());
        return;
    case Gesture::None:
        break;
    }
    const ClusterGeometry::Hit hit = m_state.geometry.hit(scenePos);
    setHoveredRank(hit.onGpu() ? m_state.rankAt(hit.node, hit.slot) : -1);
}

void ClusterCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const Gesture gesture = m_gesture;
    m_gesture = Gesture::None;
    switch (gesture) {
    case Gesture::Panning:
        viewport()->unsetCursor();
        return;
    case Gesture::MovingGpus:
    case Gesture::PlacingRank:
        m_gesture = gesture;
        finishDrag(scenePos);
        return;
    case Gesture::RubberBand: {
        const QRectF band = QRectF(m_pressScene, scenePos).normalized();
        m_overlay->setRubberBand({});
        if (band.width() < 2 && band.height() < 2)
            return;
        for (std::size_t n = 0; n < m_state.geometry.nodes.size(); ++n) {
            const ClusterGeometry::NodeBox& box = m_state.geometry.nodes[n];
            if (!band.intersects(box.rect))
                continue;
            for (std::size_t slot = 0; slot < box.cells.size(); ++slot)
                if (band.intersects(box.cells[slot]))
                    m_state.selectedGpus.insert(gpuIdAt(static_cast<int>(n), static_cast<int>(slot)));
        }
        notifySelection();
        return;
    }
    case Gesture::Pending:
    case Gesture::None:
        break;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void ClusterCanvas::updateDrag(QPointF scenePos)
{
    OverlayItem::Drag drag;
    const ClusterGeometry& g = m_state.geometry;
    const QPointF offset = scenePos - m_pressScene;
    drag.labelAt = scenePos;
    if (m_gesture == Gesture::PlacingRank) {
        drag.ghosts.push_back(g.slotRect(m_pressHit.node, m_pressHit.slot).translated(offset));
        const ClusterGeometry::Hit hit = g.hit(scenePos);
        const int gpu = hit.onGpu() ? gpuIdAt(hit.node, hit.slot) : -1;
        const core::Gpu* target = gpu >= 0 ? m_state.snapshot.design->cluster.gpu(gpu) : nullptr;
        if (target && target->inService && !(hit.node == m_pressHit.node && hit.slot == m_pressHit.slot)) {
            drag.target = g.slotRect(hit.node, hit.slot).adjusted(-3, -3, 3, 3);
            const int other = m_state.rankAt(hit.node, hit.slot);
            drag.label = other >= 0 ? tr("Swap rank %1 with rank %2").arg(m_draggedRank).arg(other)
                                    : tr("Place rank %1 on GPU %2").arg(m_draggedRank).arg(gpu);
        }
        m_overlay->setDrag(std::move(drag));
        return;
    }
    for (int id : m_draggedGpus) {
        if (drag.ghosts.size() >= kMaxGhosts)
            break;
        const core::GpuLocation at = m_state.snapshot.design->cluster.locate(id);
        drag.ghosts.push_back(g.slotRect(at.nodeIndex, at.slot).translated(offset));
    }
    const int node = g.nodeAt(scenePos);
    const int count = static_cast<int>(m_draggedGpus.size());
    if (node >= 0) {
        drag.target = g.slotRect(node, g.dropSlot(node, scenePos)).adjusted(-3, -3, 3, 3);
        drag.label = tr("Move %n GPU(s) to node %1", nullptr, count)
                         .arg(m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].id);
    } else {
        drag.removes = true;
        drag.label = tr("Remove %n GPU(s)", nullptr, count);
    }
    m_overlay->setDrag(std::move(drag));
}

void ClusterCanvas::finishDrag(QPointF scenePos)
{
    const Gesture gesture = m_gesture;
    cancelGesture();
    const ClusterGeometry& g = m_state.geometry;
    if (gesture == Gesture::PlacingRank) {
        const ClusterGeometry::Hit hit = g.hit(scenePos);
        const int gpu = hit.onGpu() ? gpuIdAt(hit.node, hit.slot) : -1;
        if (gpu >= 0)
            emit clusterEditRequested(core::edit::PlaceRank{m_draggedRank, gpu});
        return;
    }
    const std::vector<int> gpus = m_draggedGpus;
    if (gpus.empty())
        return;
    const int node = g.nodeAt(scenePos);
    if (node < 0) {
        emit clusterEditRequested(core::edit::Remove{{}, gpus});
        return;
    }
    const int nodeId = m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].id;
    const int slot = g.dropSlot(node, scenePos);
    const int size = static_cast<int>(
        m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].gpus.size());
    emit clusterEditRequested(core::edit::MoveGpus{gpus, nodeId, slot >= size ? -1 : slot});
}

void ClusterCanvas::cancelGesture()
{
    m_gesture = Gesture::None;
    m_overlay->setDrag({});
    m_overlay->setRubberBand({});
    m_dropType.clear();
}

// ---- Keys, wheel, menu --------------------------------------------------------------------------

void ClusterCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        if (m_gesture != Gesture::None)
            cancelGesture();
        else {
            clearSelection();
            selectGroup(-1);
        }
        return;
    }
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace) {
        if (!m_state.selectedGpus.empty() || !m_state.selectedNodes.empty())
            emit clusterEditRequested(core::edit::Remove{selectedNodes(), selectedGpus()});
        return;
    }
    if (event->matches(QKeySequence::SelectAll)) {
        selectAll();
        return;
    }
    if (event->modifiers().testFlag(Qt::ControlModifier)) {
        switch (event->key()) {
        case Qt::Key_0:
            fitCluster();
            return;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomBy(1.25);
            return;
        case Qt::Key_Minus:
            zoomBy(0.8);
            return;
        default:
            break;
        }
    }
    QGraphicsView::keyPressEvent(event);
}

void ClusterCanvas::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers().testFlag(Qt::ControlModifier)) {
        zoomBy(std::pow(1.0015, event->angleDelta().y()));
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void ClusterCanvas::contextMenuEvent(QContextMenuEvent* event)
{
    if (m_state.snapshot.isNull())
        return;
    const core::Design& design = *m_state.snapshot.design;
    const core::Catalog& catalog = core::Catalog::builtin();
    const ClusterGeometry::Hit hit = m_state.geometry.hit(mapToScene(event->pos()));
    QMenu menu(this);

    if (hit.onGpu()) {
        const int gpuId = gpuIdAt(hit.node, hit.slot);
        if (!m_state.selectedGpus.count(gpuId)) {
            m_state.selectedGpus = {gpuId};
            notifySelection();
        }
        const std::vector<int> gpus = selectedGpus();
        const int count = static_cast<int>(gpus.size());
        const core::Gpu* gpu = design.cluster.gpu(gpuId);
        if (gpu && gpu->inService)
            connect(menu.addAction(tr("Take %n GPU(s) out of service", nullptr, count)), &QAction::triggered,
                    this, [this, gpus] {
                        emit clusterEditRequested(core::edit::SetInService{gpus, false});
                    });
        else
            connect(menu.addAction(tr("Return %n GPU(s) to service", nullptr, count)), &QAction::triggered,
                    this, [this, gpus] {
                        emit clusterEditRequested(core::edit::SetInService{gpus, true});
                    });
        connect(menu.addAction(tr("Remove %n GPU(s)", nullptr, count)), &QAction::triggered, this,
                [this, gpus] {
                    emit clusterEditRequested(core::edit::Remove{{}, gpus});
                });
        menu.addSeparator();
    }
    if (hit.onNode()) {
        const core::Node& node = design.cluster.nodes[static_cast<std::size_t>(hit.node)];
        const int nodeId = node.id;
        std::vector<int> nodeGpus;
        bool anyInService = false;
        for (const core::Gpu& g : node.gpus) {
            nodeGpus.push_back(g.id);
            anyInService |= g.inService;
        }
        QMenu* nodeMenu = menu.addMenu(tr("Node %1").arg(nodeId));
        connect(nodeMenu->addAction(tr("Duplicate node")), &QAction::triggered, this,
                [this, nodeId] { emit clusterEditRequested(core::edit::DuplicateNodes{{nodeId}}); });
        connect(nodeMenu->addAction(tr("Remove node")), &QAction::triggered, this, [this, nodeId] {
            emit clusterEditRequested(core::edit::Remove{{nodeId}, {}});
        });
        if (anyInService)
            connect(nodeMenu->addAction(tr("Take node out of service")), &QAction::triggered, this,
                    [this, nodeGpus] {
                        emit clusterEditRequested(core::edit::SetInService{nodeGpus, false});
                    });
        else
            connect(nodeMenu->addAction(tr("Return node to service")), &QAction::triggered, this,
                    [this, nodeGpus] {
                        emit clusterEditRequested(core::edit::SetInService{nodeGpus, true});
                    });
        QMenu* linkMenu = nodeMenu->addMenu(tr("Intra-node link"));
        for (const core::LinkSpec& link : catalog.links()) {
            if (link.linkClass == core::LinkClass::Fabric)
                continue;
            QAction* action = linkMenu->addAction(qs(link.name));
            action->setCheckable(true);
            action->setChecked(link.id == node.intraLink);
            const std::string id = link.id;
            connect(action, &QAction::triggered, this, [this, nodeId, id] {
                emit clusterEditRequested(core::edit::SetIntraLink{{nodeId}, id});
            });
        }
        menu.addSeparator();
    }
    QMenu* fabricMenu = menu.addMenu(tr("Fabric between nodes"));
    for (const core::LinkSpec& link : catalog.links()) {
        if (link.linkClass != core::LinkClass::Fabric)
            continue;
        QAction* action = fabricMenu->addAction(qs(link.name));
        action->setCheckable(true);
        action->setChecked(link.id == design.cluster.fabric);
        const std::string id = link.id;
        connect(action, &QAction::triggered, this,
                [this, id] { emit fieldEdited(core::Field::Fabric, core::FieldValue{id}); });
    }
    connect(menu.addAction(tr("Auto-place the ranks")), &QAction::triggered, this,
            [this] { emit clusterEditRequested(core::edit::AutoPlace{}); });
    menu.addSeparator();
    connect(menu.addAction(tr("Select all GPUs")), &QAction::triggered, this, &ClusterCanvas::selectAll);
    connect(menu.addAction(tr("Fit the cluster in view")), &QAction::triggered, this,
            &ClusterCanvas::fitCluster);
    menu.exec(event->globalPos());
}

// ---- Drops from the GPU palette -----------------------------------------------------------------

void ClusterCanvas::dragEnterEvent(QDragEnterEvent* event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(kGpuTypeMimeType))) {
        event->ignore();
        return;
    }
    m_dropType = QString::fromUtf8(event->mimeData()->data(QLatin1String(kGpuTypeMimeType)));
    event->acceptProposedAction();
}

void ClusterCanvas::dragMoveEvent(QDragMoveEvent* event)
{
    if (m_dropType.isEmpty()) {
        event->ignore();
        return;
    }
    const QPointF scenePos = mapToScene(event->position().toPoint());
    OverlayItem::Drag drag;
    const ClusterGeometry& g = m_state.geometry;
    const int node = g.nodeAt(scenePos);
    drag.labelAt = scenePos;
    const QString name = gpuName(ss(m_dropType));
    if (node >= 0) {
        drag.target = g.slotRect(node, g.dropSlot(node, scenePos)).adjusted(-3, -3, 3, 3);
        drag.label = tr("Add a %1 to node %2")
                         .arg(name)
                         .arg(m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].id);
    } else {
        drag.ghosts.push_back(
            QRectF(scenePos - QPointF(ClusterGeometry::kCell / 2, ClusterGeometry::kCell / 2),
                   QSizeF(ClusterGeometry::kCell, ClusterGeometry::kCell)));
        drag.label = tr("New node with a %1").arg(name);
    }
    m_overlay->setDrag(std::move(drag));
    event->acceptProposedAction();
}

void ClusterCanvas::dragLeaveEvent(QDragLeaveEvent* event)
{
    cancelGesture();
    event->accept();
}

void ClusterCanvas::dropEvent(QDropEvent* event)
{
    const QString type = m_dropType.isEmpty()
        ? QString::fromUtf8(event->mimeData()->data(QLatin1String(kGpuTypeMimeType)))
        : m_dropType;
    cancelGesture();
    if (type.isEmpty() || m_state.snapshot.isNull()) {
        event->ignore();
        return;
    }
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const ClusterGeometry& g = m_state.geometry;
    const int node = g.nodeAt(scenePos);
    core::edit::AddGpus add;
    add.type = ss(type);
    if (node >= 0) {
        add.nodeId = m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].id;
        const int slot = g.dropSlot(node, scenePos);
        add.slot = slot >= static_cast<int>(m_nodeSizes[static_cast<std::size_t>(node)]) ? -1 : slot;
    }
    event->acceptProposedAction();
    emit clusterEditRequested(add);
}

// ---- The rest -----------------------------------------------------------------------------------

void ClusterCanvas::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitCluster();
}

void ClusterCanvas::leaveEvent(QEvent* event)
{
    if (m_gesture == Gesture::None)
        setHoveredRank(-1);
    QGraphicsView::leaveEvent(event);
}

bool ClusterCanvas::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(mapToScene(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void ClusterCanvas::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_state.palette = palette();
        m_state.font = font();
        setBackgroundBrush(palette().color(QPalette::Base));
        m_scene->update();
    }
    QGraphicsView::changeEvent(event);
}

} // namespace widgets
