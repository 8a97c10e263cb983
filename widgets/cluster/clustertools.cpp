// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustertools.h"

#include "cluster/clustercanvas.h"
#include "common/qtconvert.h"

#include <QApplication>
#include <QScrollBar>
#include <algorithm>

namespace widgets {

namespace {

// English takes "an" before a vowel sound: "an H200", "an A100", "a B200". A GPU name starts with a letter
// read on its own (H, A, M, …) or a word; these letters are read with a vowel first.
bool readsWithVowel(const QString& name)
{
    return !name.isEmpty() && QStringLiteral("AEFHILMNORSX").contains(name.front().toUpper());
}

// More ghosts than this say nothing more under the pointer, and each costs a rectangle per frame.
constexpr std::size_t kMaxGhosts = 64;

// The slot a drop would fill, outlined a little larger than the slot.
QRectF dropTarget(const ClusterGeometry& g, int node, QPointF scenePos)
{
    return g.slotRect(node, g.dropSlot(node, scenePos)).adjusted(-3, -3, 3, 3);
}

// The node a dragged GPU goes to: the node under the pointer, else — anywhere inside the cluster, such as
// the gap between two nodes — the nearest node, so that a drag repeated where a node was before the canvas
// redrew moves the GPU instead of deleting it. -1 (remove) only outside the cluster.
int moveTargetNode(const ClusterGeometry& g, QPointF scenePos)
{
    if (const int node = g.nodeAt(scenePos); node >= 0 || !g.bounds.contains(scenePos))
        return node;
    int nearest = -1;
    double best = 0;
    for (std::size_t n = 0; n < g.nodes.size(); ++n) {
        const QRectF& r = g.nodes[n].rect;
        const double dx = std::max({r.left() - scenePos.x(), 0.0, scenePos.x() - r.right()});
        const double dy = std::max({r.top() - scenePos.y(), 0.0, scenePos.y() - r.bottom()});
        const double distance = dx * dx + dy * dy;
        if (nearest < 0 || distance < best) {
            nearest = static_cast<int>(n);
            best = distance;
        }
    }
    return nearest;
}

} // namespace

// ---- What every tool may use ----------------------------------------------------------------------

void CanvasTool::cancel()
{
    overlay().setDrag({});
    overlay().setRubberBand({});
}

const ClusterViewState& CanvasTool::state() const
{
    return m_canvas.m_state;
}

ClusterViewState& CanvasTool::mutableState()
{
    return m_canvas.m_state;
}

OverlayItem& CanvasTool::overlay() const
{
    return *m_canvas.m_overlay;
}

int CanvasTool::gpuIdAt(int nodeIndex, int slot) const
{
    return m_canvas.gpuIdAt(nodeIndex, slot);
}

void CanvasTool::notifySelection()
{
    m_canvas.notifySelection();
}

void CanvasTool::setHoveredRank(int rank)
{
    m_canvas.setHoveredRank(rank);
}

void CanvasTool::requestEdit(const core::ClusterEdit& edit)
{
    emit m_canvas.clusterEditRequested(edit);
}

// ---- A press on a GPU -----------------------------------------------------------------------------

GpuPressTool::GpuPressTool(ClusterCanvas& canvas, QPoint pressAt, QPointF pressScene,
                           ClusterGeometry::Hit hit, bool swapRanks)
    : CanvasTool(canvas)
    , m_pressAt(pressAt)
    , m_pressScene(pressScene)
    , m_hit(hit)
    , m_swapRanks(swapRanks)
{ }

void GpuPressTool::move(QPoint at, QPointF scenePos)
{
    if (!m_drag) {
        if ((at - m_pressAt).manhattanLength() < QApplication::startDragDistance())
            return;
        const int rank = state().rankAt(m_hit.node, m_hit.slot);
        if (m_swapRanks && rank >= 0) {
            m_drag = std::make_unique<PlaceRankTool>(canvas(), m_pressScene, m_hit, rank);
        } else {
            std::vector<int> gpus;
            for (const core::Node& node : state().snapshot.design->cluster.nodes)
                for (const core::Gpu& gpu : node.gpus)
                    if (state().selectedGpus.count(gpu.id))
                        gpus.push_back(gpu.id);
            m_drag = std::make_unique<MoveGpusTool>(canvas(), m_pressScene, std::move(gpus));
        }
        setHoveredRank(-1);
    }
    m_drag->move(at, scenePos);
}

bool GpuPressTool::finish(QPointF scenePos)
{
    // A click without a drag: the press has selected already.
    return m_drag && m_drag->finish(scenePos);
}

void GpuPressTool::cancel()
{
    if (m_drag)
        m_drag->cancel();
    else
        CanvasTool::cancel();
}

// ---- Moving GPUs ----------------------------------------------------------------------------------

MoveGpusTool::MoveGpusTool(ClusterCanvas& canvas, QPointF pressScene, std::vector<int> gpus)
    : CanvasTool(canvas)
    , m_pressScene(pressScene)
    , m_gpus(std::move(gpus))
{ }

void MoveGpusTool::move(QPoint, QPointF scenePos)
{
    const ClusterGeometry& g = state().geometry;
    const core::Cluster& cluster = state().snapshot.design->cluster;
    OverlayItem::Drag drag;
    drag.labelAt = scenePos;
    for (int id : m_gpus) {
        if (drag.ghosts.size() >= kMaxGhosts)
            break;
        const core::GpuLocation at = cluster.locate(id);
        drag.ghosts.push_back(g.slotRect(at.nodeIndex, at.slot).translated(scenePos - m_pressScene));
    }
    const int node = moveTargetNode(g, scenePos);
    const int count = static_cast<int>(m_gpus.size());
    if (node >= 0) {
        drag.target = dropTarget(g, node, scenePos);
        drag.label = ClusterCanvas::tr("Move %Ln GPU(s) to node %1", nullptr, count)
                         .arg(cluster.nodes[static_cast<std::size_t>(node)].id);
    } else {
        drag.removes = true;
        drag.label = ClusterCanvas::tr("Remove %Ln GPU(s)", nullptr, count);
    }
    overlay().setDrag(std::move(drag));
}

bool MoveGpusTool::finish(QPointF scenePos)
{
    cancel();
    if (m_gpus.empty())
        return true;
    const ClusterGeometry& g = state().geometry;
    const int node = moveTargetNode(g, scenePos);
    if (node < 0) {
        requestEdit(core::edit::Remove{{}, m_gpus});
        return true;
    }
    const core::Node& target = state().snapshot.design->cluster.nodes[static_cast<std::size_t>(node)];
    const int slot = g.dropSlot(node, scenePos);
    const int size = static_cast<int>(target.gpus.size());
    requestEdit(core::edit::MoveGpus{m_gpus, target.id, slot >= size ? -1 : slot});
    return true;
}

// ---- Placing a rank -------------------------------------------------------------------------------

PlaceRankTool::PlaceRankTool(ClusterCanvas& canvas, QPointF pressScene, ClusterGeometry::Hit hit, int rank)
    : CanvasTool(canvas)
    , m_pressScene(pressScene)
    , m_hit(hit)
    , m_rank(rank)
{ }

void PlaceRankTool::move(QPoint, QPointF scenePos)
{
    const ClusterGeometry& g = state().geometry;
    OverlayItem::Drag drag;
    drag.labelAt = scenePos;
    drag.ghosts.push_back(g.slotRect(m_hit.node, m_hit.slot).translated(scenePos - m_pressScene));
    const ClusterGeometry::Hit hit = g.hit(scenePos);
    const int gpu = hit.onGpu() ? gpuIdAt(hit.node, hit.slot) : -1;
    const core::Gpu* target = gpu >= 0 ? state().snapshot.design->cluster.gpu(gpu) : nullptr;
    if (target && target->inService && !(hit.node == m_hit.node && hit.slot == m_hit.slot)) {
        drag.target = g.slotRect(hit.node, hit.slot).adjusted(-3, -3, 3, 3);
        const int other = state().rankAt(hit.node, hit.slot);
        drag.label = other >= 0 ? ClusterCanvas::tr("Swap rank %1 with rank %2").arg(m_rank).arg(other)
                                : ClusterCanvas::tr("Place rank %1 on GPU %2").arg(m_rank).arg(gpu);
    }
    overlay().setDrag(std::move(drag));
}

bool PlaceRankTool::finish(QPointF scenePos)
{
    cancel();
    const ClusterGeometry::Hit hit = state().geometry.hit(scenePos);
    const int gpu = hit.onGpu() ? gpuIdAt(hit.node, hit.slot) : -1;
    if (gpu >= 0)
        requestEdit(core::edit::PlaceRank{m_rank, gpu});
    return true;
}

// ---- Rubber band ----------------------------------------------------------------------------------

RubberBandTool::RubberBandTool(ClusterCanvas& canvas, QPointF pressScene)
    : CanvasTool(canvas)
    , m_pressScene(pressScene)
{ }

void RubberBandTool::move(QPoint, QPointF scenePos)
{
    overlay().setRubberBand(QRectF(m_pressScene, scenePos).normalized());
}

bool RubberBandTool::finish(QPointF scenePos)
{
    const QRectF band = QRectF(m_pressScene, scenePos).normalized();
    overlay().setRubberBand({});
    if (band.width() < 2 && band.height() < 2)
        return true;
    const ClusterGeometry& g = state().geometry;
    for (std::size_t n = 0; n < g.nodes.size(); ++n) {
        const ClusterGeometry::NodeBox& box = g.nodes[n];
        if (!band.intersects(box.rect))
            continue;
        for (std::size_t slot = 0; slot < box.cells.size(); ++slot)
            if (band.intersects(box.cells[slot]))
                mutableState().selectedGpus.insert(gpuIdAt(static_cast<int>(n), static_cast<int>(slot)));
    }
    notifySelection();
    return true;
}

// ---- Panning --------------------------------------------------------------------------------------

PanTool::PanTool(ClusterCanvas& canvas, QPoint pressAt)
    : CanvasTool(canvas)
    , m_last(pressAt)
{
    canvas.viewport()->setCursor(Qt::ClosedHandCursor);
}

void PanTool::move(QPoint at, QPointF)
{
    const QPoint delta = at - m_last;
    m_last = at;
    canvas().horizontalScrollBar()->setValue(canvas().horizontalScrollBar()->value() - delta.x());
    canvas().verticalScrollBar()->setValue(canvas().verticalScrollBar()->value() - delta.y());
}

bool PanTool::finish(QPointF)
{
    canvas().viewport()->unsetCursor();
    return true;
}

void PanTool::cancel()
{
    CanvasTool::cancel();
    canvas().viewport()->unsetCursor();
}

// ---- A GPU type from the palette ------------------------------------------------------------------

PaletteDropTool::PaletteDropTool(ClusterCanvas& canvas, QString type)
    : CanvasTool(canvas)
    , m_type(std::move(type))
{ }

void PaletteDropTool::move(QPoint, QPointF scenePos)
{
    const ClusterGeometry& g = state().geometry;
    OverlayItem::Drag drag;
    drag.labelAt = scenePos;
    const QString name = gpuTypeName(state(), ss(m_type));
    if (const int node = g.nodeAt(scenePos); node >= 0) {
        drag.target = dropTarget(g, node, scenePos);
        drag.label = (readsWithVowel(name) ? ClusterCanvas::tr("Add an %1 to node %2")
                                           : ClusterCanvas::tr("Add a %1 to node %2"))
                         .arg(name)
                         .arg(state().snapshot.design->cluster.nodes[static_cast<std::size_t>(node)].id);
    } else {
        drag.ghosts.push_back(
            QRectF(scenePos - QPointF(ClusterGeometry::kCell / 2, ClusterGeometry::kCell / 2),
                   QSizeF(ClusterGeometry::kCell, ClusterGeometry::kCell)));
        drag.label = ClusterCanvas::tr("New node with a %1").arg(name);
    }
    overlay().setDrag(std::move(drag));
}

bool PaletteDropTool::finish(QPointF scenePos)
{
    cancel();
    if (m_type.isEmpty() || state().snapshot.isNull())
        return false;
    const ClusterGeometry& g = state().geometry;
    core::edit::AddGpus add;
    add.type = ss(m_type);
    if (const int node = g.nodeAt(scenePos); node >= 0) {
        const core::Node& target = state().snapshot.design->cluster.nodes[static_cast<std::size_t>(node)];
        add.nodeId = target.id;
        const int slot = g.dropSlot(node, scenePos);
        add.slot = slot >= static_cast<int>(target.gpus.size()) ? -1 : slot;
    }
    requestEdit(add);
    return true;
}

} // namespace widgets
