// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustercanvas.h"

#include "base/diagnostickinds.h"
#include "cluster/clustermenu.h"
#include "cluster/clusterpaths.h"
#include "cluster/clustertools.h"
#include "cluster/clustertooltip.h"
#include "cluster/gpupalette.h"
#include "common/groupcolors.h"
#include "design/placementchecks.h"

#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 4.0;

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
    for (std::span<const int> group : e.mesh.groupsOf(dim)) {
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

// Per node: whether its placement raises a warning, by the rule of the diagnostics tp-spans-nodes,
// tp-over-pcie and ep-spans-nodes (core/design/placementchecks.h). The EP badge follows the ep-spans-nodes
// warning, which the evaluation raises only once every rank has a GPU.
std::vector<char> placementWarnings(const core::Design& design, const core::Evaluation& e)
{
    std::vector<char> warned(design.cluster.nodes.size(), 0);
    if (!e.hasMesh)
        return warned;
    const core::PlacementChecks checks = core::checkPlacement(design, *e.catalog, e.mesh, e.ranks);
    const bool epWarned = findDiagnostic(e, core::diag::kEpSpansNodes) != nullptr;
    for (std::size_t n = 0; n < warned.size(); ++n) {
        const core::NodePlacementWarnings& w = checks.nodes[n];
        warned[n] = w.tpSpansNodes || w.tpOverPcie || (epWarned && w.epSpansNodes) ? 1 : 0;
    }
    return warned;
}

// The fill, dimmed fill and edge of each colour, once per snapshot rather than per GPU and frame.
// Groups in shades of their dimension's accent; positions in scattered groups in the stage colours
// (clusterlegend.h says which).
void fillGroupColours(ClusterViewState& s, int colours)
{
    s.groupFill.clear();
    s.groupFillDimmed.clear();
    s.groupEdge.clear();
    for (int colour = 0; colour < colours; ++colour) {
        const QColor fill = s.colorByPosition ? stageColor(colour) : groupShade(s.dim, colour);
        s.groupFill.push_back(fill);
        s.groupFillDimmed.push_back(fill.lighter(145));
        s.groupEdge.push_back(fill.darker(135));
    }
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
        // The old nodes leave the scene while the geometry their bounding boxes read still holds them: with
        // fewer nodes, the scene's index would otherwise ask a removed node for a rect past the new list.
        removeNodeItems();
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

void ClusterCanvas::removeNodeItems()
{
    for (NodeItem* item : m_nodeItems) {
        m_scene->removeItem(item);
        delete item;
    }
    m_nodeItems.clear();
}

void ClusterCanvas::rebuildItems()
{
    removeNodeItems();
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
// the focus groups, warnings per node, colours, link classes and the traffic scale.
void ClusterCanvas::refreshDerivedState()
{
    ClusterViewState& s = m_state;
    s.rankOnCell.clear();
    s.placementWarned.assign(m_nodeSizes.size(), 0);
    s.text.reset(s.font, s.snapshot.isNull() ? 0 : s.snapshot.evaluation->ranks.size(), m_nodeSizes.size());
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
    if (std::any_of(s.selectedRanks.begin(), s.selectedRanks.end(),
                    [&](int r) { return r >= static_cast<int>(e.ranks.size()); }))
        s.selectedRanks.clear();

    s.placementWarned = placementWarnings(design, e);
    s.memoryShare.clear();
    s.memoryTight.clear();
    if (e.memory && e.memory->roleOfRank.size() == e.ranks.size()) {
        s.memoryShare.reserve(e.ranks.size());
        s.memoryTight.reserve(e.ranks.size());
        for (std::size_t r = 0; r < e.ranks.size(); ++r) {
            const core::RankRole& role = e.memory->roleOf(static_cast<int>(r));
            s.memoryShare.push_back(
                role.capacityBytes > 0 ? static_cast<float>(role.totalBytes / role.capacityBytes) : 0.f);
            s.memoryTight.push_back(role.tight() ? 1 : 0);
        }
    }
    s.colorByPosition = e.hasMesh && groupsScatter(e, s.dim);
    fillGroupColours(s, s.colorByPosition ? static_cast<int>(e.mesh.groupsOf(s.dim).front().size()) : groups);
    s.groupOutlines.clear();
    for (int n = 0; n < static_cast<int>(design.cluster.nodes.size()); ++n)
        s.groupOutlines.push_back(groupOutlinesOf(s, n));
    s.intraClass.clear();
    for (const core::Node& node : design.cluster.nodes) {
        const core::LinkSpec* link = e.catalog->link(node.intraLink);
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
    if (s.selectedGroup >= 0) {
        s.inSelectedGroup
            = membership(e.mesh.groupsOf(s.dim)[static_cast<std::size_t>(s.selectedGroup)].front());
    } else if (!s.selectedRanks.empty()) {
        s.inSelectedGroup.assign(e.ranks.size(), 0);
        for (int r : s.selectedRanks)
            s.inSelectedGroup[static_cast<std::size_t>(r)] = 1;
    }
}

void ClusterCanvas::setColorDimension(core::Dim dim)
{
    if (dim == m_state.dim)
        return;
    m_state.dim = dim;
    const bool hadGroup = m_state.selectedGroup >= 0;
    m_state.selectedGroup = -1;
    m_state.selectedRanks.clear();
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
    if (groupIndex == m_state.selectedGroup && m_state.selectedRanks.empty())
        return;
    m_state.selectedRanks.clear();
    m_state.selectedGroup = groupIndex;
    refreshFocus();
    for (NodeItem* item : m_nodeItems)
        item->update();
    updatePaths();
    emit groupSelected(m_state.dim, m_state.selectedGroup);
}

void ClusterCanvas::showRanks(std::vector<int> ranks)
{
    const int count
        = m_state.snapshot.isNull() ? 0 : static_cast<int>(m_state.snapshot.evaluation->ranks.size());
    std::erase_if(ranks, [&](int r) { return r < 0 || r >= count; });
    m_state.selectedGroup = -1;
    m_state.selectedRanks = std::move(ranks);
    refreshFocus();
    for (NodeItem* item : m_nodeItems)
        item->update();
    updatePaths();
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

void ClusterCanvas::updatePaths()
{
    m_overlay->setPaths(trafficPaths(m_state));
}

// ---- Gestures: each a tool the pointer is forwarded to (clustertools.h) ---------------------------

void ClusterCanvas::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    const QPoint at = event->position().toPoint();
    const QPointF scenePos = mapToScene(at);
    const ClusterGeometry::Hit hit = m_state.geometry.hit(scenePos);
    if (event->button() == Qt::MiddleButton) {
        m_tool = std::make_unique<PanTool>(*this, at);
        return;
    }
    if (event->button() != Qt::LeftButton || m_state.snapshot.isNull()) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    const bool toggle = event->modifiers().testFlag(Qt::ControlModifier);
    if (hit.onGpu()) {
        const int gpu = gpuIdAt(hit.node, hit.slot);
        m_tool.reset();
        if (toggle) {
            if (!m_state.selectedGpus.erase(gpu))
                m_state.selectedGpus.insert(gpu);
        } else {
            if (!m_state.selectedGpus.count(gpu)) {
                m_state.selectedGpus = {gpu};
                m_state.selectedNodes.clear();
            }
            // The "ranks" mode drags ranks; Shift switches the mode for one drag.
            const bool swapRanks
                = (m_editMode == EditMode::SwapRanks) != event->modifiers().testFlag(Qt::ShiftModifier);
            m_tool = std::make_unique<GpuPressTool>(*this, at, scenePos, hit, swapRanks);
        }
        notifySelection();
        // Clicking a GPU selects its group too, so that other views can follow it.
        selectGroup(m_state.groupOf(m_state.rankAt(hit.node, hit.slot)));
        return;
    }
    if (hit.onNode()) {
        const int node = m_state.snapshot.design->cluster.nodes[static_cast<std::size_t>(hit.node)].id;
        if (toggle) {
            if (!m_state.selectedNodes.erase(node))
                m_state.selectedNodes.insert(node);
        } else {
            m_state.selectedNodes = {node};
            m_state.selectedGpus.clear();
        }
        m_tool.reset();
        notifySelection();
        return;
    }
    if (!toggle) {
        clearSelection();
        selectGroup(-1);
    }
    m_tool = std::make_unique<RubberBandTool>(*this, scenePos);
}

void ClusterCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint at = event->position().toPoint();
    const QPointF scenePos = mapToScene(at);
    if (m_tool) {
        m_tool->move(at, scenePos);
        return;
    }
    const ClusterGeometry::Hit hit = m_state.geometry.hit(scenePos);
    setHoveredRank(hit.onGpu() ? m_state.rankAt(hit.node, hit.slot) : -1);
}

void ClusterCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    // The tool leaves the canvas first: the edit it asks for redraws the canvas from a new design.
    if (const std::unique_ptr<CanvasTool> tool = std::move(m_tool);
        tool && tool->finish(mapToScene(event->position().toPoint())))
        return;
    QGraphicsView::mouseReleaseEvent(event);
}

void ClusterCanvas::cancelGesture()
{
    if (const std::unique_ptr<CanvasTool> tool = std::move(m_tool))
        tool->cancel();
}

// ---- Keys, wheel, menu --------------------------------------------------------------------------

void ClusterCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        if (m_tool)
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
    const ClusterGeometry::Hit hit = m_state.geometry.hit(mapToScene(event->pos()));
    // A right-click on a GPU outside the selection acts on that GPU alone.
    if (hit.onGpu()) {
        const int gpuId = gpuIdAt(hit.node, hit.slot);
        if (!m_state.selectedGpus.count(gpuId)) {
            m_state.selectedGpus = {gpuId};
            notifySelection();
        }
    }
    QMenu menu(this);
    fillClusterMenu(menu, *this, m_state, hit, selectedGpus());
    menu.exec(event->globalPos());
}

// ---- Drops from the GPU palette -----------------------------------------------------------------

void ClusterCanvas::dragEnterEvent(QDragEnterEvent* event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(kGpuTypeMimeType))) {
        event->ignore();
        return;
    }
    m_tool = std::make_unique<PaletteDropTool>(
        *this, QString::fromUtf8(event->mimeData()->data(QLatin1String(kGpuTypeMimeType))));
    event->acceptProposedAction();
}

void ClusterCanvas::dragMoveEvent(QDragMoveEvent* event)
{
    if (!m_tool) {
        event->ignore();
        return;
    }
    const QPoint at = event->position().toPoint();
    m_tool->move(at, mapToScene(at));
    event->acceptProposedAction();
}

void ClusterCanvas::dragLeaveEvent(QDragLeaveEvent* event)
{
    cancelGesture();
    event->accept();
}

void ClusterCanvas::dropEvent(QDropEvent* event)
{
    std::unique_ptr<CanvasTool> tool = std::move(m_tool);
    if (!tool)
        tool = std::make_unique<PaletteDropTool>(
            *this, QString::fromUtf8(event->mimeData()->data(QLatin1String(kGpuTypeMimeType))));
    if (tool->finish(mapToScene(event->position().toPoint())))
        event->acceptProposedAction();
    else
        event->ignore();
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
    if (!m_tool)
        setHoveredRank(-1);
    QGraphicsView::leaveEvent(event);
}

bool ClusterCanvas::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = clusterToolTip(m_state, mapToScene(help->pos()));
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
        refreshDerivedState();
        setBackgroundBrush(palette().color(QPalette::Base));
        m_scene->update();
    }
    QGraphicsView::changeEvent(event);
}

} // namespace widgets
