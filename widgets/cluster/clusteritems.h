// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The graphics items of the cluster canvas. One item per node paints the node and all its GPUs (never one
// item per GPU or per label), with a level of detail that follows the zoom: summarised tiles far out,
// GPU cells with their group colours closer, rank numbers and coordinates up close. One item below the
// nodes draws the fabric and the traffic on it; one above draws what follows the pointer (a group's
// paths, a drag in progress, the rubber band). All of them read one shared, read-only state.

#include "cluster/clustergeometry.h"
#include "cluster/clustertext.h"
#include "common/designsnapshot.h"

#include <QFont>
#include <QGraphicsItem>
#include <QPalette>
#include <unordered_set>
#include <vector>

namespace widgets {

// What the canvas shows right now: the design, its geometry, and the view's own state.
struct ClusterViewState
{
    DesignSnapshot snapshot;
    ClusterGeometry geometry;
    core::Dim dim = core::Dim::Tp;
    std::vector<std::vector<int>> rankOnCell; // [node][slot] → rank, −1 idle
    std::unordered_set<int> selectedGpus;
    std::unordered_set<int> selectedNodes;
    int hoveredRank = -1;
    int selectedGroup = -1; // index into the mesh groups of `dim`
    std::vector<int>
        selectedRanks; // instead of a mesh group: ranks shown as one (a DualPipe stage-copy pair)
    std::vector<char> inSelectedGroup; // per rank
    std::vector<char> inHoveredGroup; // per rank, the hovered rank's group of `dim`
    // Per node: its placement raises a warning (core::checkPlacement: a TP group spanning nodes, TP over
    // PCIe, or, where warned, an EP group leaving the node).
    std::vector<char> placementWarned;
    double trafficScale = 0; // the largest per-node traffic of `dim` (NVLink or fabric), for line widths
    // When the groups of `dim` lie scattered over nodes (PP, DP and CP groups at scale), a colour per group
    // would be a mosaic of a repeating palette; the GPUs are then coloured by their position in the group
    // (pipeline stage, DP replica, CP rank), which shows how the layout cuts the cluster into bands.
    bool colorByPosition = false;
    // Per colour (a group of `dim`, or a position in it): the fill, the fill when another group has the
    // focus, and the edge (computed once per snapshot, not per GPU and frame).
    std::vector<QColor> groupFill, groupFillDimmed, groupEdge;
    // Per rank: its peak memory over its GPU's capacity (above 1: it does not fit), empty without a memory
    // report. Every GPU tile shows it as a bar, whatever the colouring.
    std::vector<float> memoryShare;
    std::vector<char> memoryTight; // per rank: over only by the fragmentation allowance (amber, not red)
    std::vector<core::LinkClass> intraClass; // per node
    struct GroupOutline
    {
        int color = 0; // index into groupEdge
        QRectF rect;
    };
    std::vector<std::vector<GroupOutline>> groupOutlines; // per node
    QPalette palette;
    QFont font;
    // The labels' fonts and laid-out text, filled as the items paint (ClusterCanvas resets it whenever the
    // snapshot, the colour dimension or the font changes).
    mutable ClusterTextCache text;

    bool hasTraffic() const { return !snapshot.isNull() && snapshot.evaluation->traffic.has_value(); }
    int rankAt(int node, int slot) const;
    // The mesh group of `dim` a rank belongs to (−1 without a mesh).
    int groupOf(int rank) const;
    // The index into groupFill and groupEdge a rank is drawn with (−1 without a mesh).
    int colorOf(int rank) const;
};

// "TP", "PP", …: how the canvas and its tab name a dimension.
QString dimensionLabel(core::Dim dim);
// A share in per cent, with three significant digits so that 87.5 % and 12.5 % still add up to 100 %.
QString shareText(double share);
// Names of the design's presets, looked up in its evaluation's catalog (the presets with the design's
// calibrated links); the id itself when unknown or without a snapshot.
QString gpuTypeName(const ClusterViewState& state, const std::string& type);
QString linkName(const ClusterViewState& state, const std::string& id);

// The evaluation's diagnostic of a kind, or null.
const core::Diagnostic* findDiagnostic(const core::Evaluation& evaluation, const core::DiagnosticKind& kind);

// Level of detail from the painter's scale: how many device pixels a GPU slot has.
enum class Detail { Tile, Cells, Labels, Full };
Detail detailFor(double levelOfDetail);

// The outlines of the groups of `state.dim` that fill a rectangle of one node's slots.
std::vector<ClusterViewState::GroupOutline> groupOutlinesOf(const ClusterViewState& state, int node);

class NodeItem : public QGraphicsItem
{
public:
    NodeItem(const ClusterViewState* state, int node);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    int node() const { return m_node; }

private:
    void paintGpu(QPainter* painter, const QRectF& cell, int slot, Detail detail) const;
    void paintGroupOutlines(QPainter* painter, Detail detail) const;
    void paintMemory(QPainter* painter, const QRectF& cell, int rank, Detail detail) const;
    void paintLinkBar(QPainter* painter, Detail detail) const;
    static QString linkLabel(const ClusterViewState& s, int nodeIndex, double bytes, const QFont& font);

    const ClusterViewState* m_state;
    int m_node;
};

// The fabric between the nodes (trunk, lanes, uplinks) and, for the chosen dimension, how much of its
// traffic each node sends over it.
class FabricItem : public QGraphicsItem
{
public:
    explicit FabricItem(const ClusterViewState* state);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void geometryChanged() { prepareGeometryChange(); }

private:
    const ClusterViewState* m_state;
};

// Drawn above the nodes: the paths of the hovered or selected group's traffic, a drag in progress and
// the rubber band.
class OverlayItem : public QGraphicsItem
{
public:
    explicit OverlayItem(const ClusterViewState* state);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    struct Path
    {
        std::vector<QLineF> stretches; // the route, each stretch once (coveredStretches)
        QColor color;
        double width = 3;
        std::vector<QPointF> dots; // the members
        QString label;
        QPointF labelAt;
        bool dotsOnly = false; // a group inside one node: its members marked, no lines over the ranks
    };
    struct Drag
    {
        std::vector<QRectF> ghosts; // where the dragged GPUs would be drawn under the pointer
        QRectF target; // the slot or GPU they would go to; empty when none
        bool removes = false; // dropped here, they are removed
        QString label;
        QPointF labelAt;
    };
    void setPaths(std::vector<Path> paths);
    void setDrag(Drag drag);
    void setRubberBand(const QRectF& band);
    void geometryChanged() { prepareGeometryChange(); }

private:
    void drawScreenLabel(QPainter* painter, QPointF sceneAt, const QString& text, const QColor& color,
                         const QColor& border) const;

    const ClusterViewState* m_state;
    std::vector<Path> m_paths;
    Drag m_drag;
    QRectF m_band;
};

} // namespace widgets
