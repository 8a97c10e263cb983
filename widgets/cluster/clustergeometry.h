// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the cluster canvas draws each node, GPU slot, intra-node link and fabric lane, in scene units:
// plain geometry computed from the GPU count of every node, kept in a small plain struct so that it is
// tested without a window.
//
// Nodes sit in a grid of equal boxes, row by row. Each box holds a title, its GPU slots in a small grid and
// the node's intra-node link as a bar beneath them. The fabric runs between the nodes: a lane in the gap
// under every row of nodes, an uplink from each node down to its lane, and a trunk on the left joining
// the lanes.

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <vector>

namespace widgets {

struct ClusterGeometry
{
    static constexpr double kCell = 40; // a GPU slot
    static constexpr double kCellGap = 4;
    static constexpr double kPadding = 8;
    static constexpr double kTitle = 22;
    static constexpr double kLinkGap = 5;
    static constexpr double kLinkBar = 16; // the intra-node link
    static constexpr double kGapX = 32; // between node boxes
    static constexpr double kGapY = 44; // between rows: the fabric lane runs here
    static constexpr double kTrunk = 28; // left margin: the fabric trunk
    static constexpr double kAspect = 1.6; // the grid aims at a landscape shape, like a window

    struct NodeBox
    {
        QRectF rect;
        QRectF title;
        QRectF linkBar;
        std::vector<QRectF> cells; // one per GPU
        QPointF uplinkTop; // the node's connection to the fabric (bottom centre)
        QPointF uplinkBottom; // where the uplink meets the lane
        int row = 0;
        int column = 0;
    };

    std::vector<NodeBox> nodes;
    int gpuColumns = 1;
    int gpuRows = 1;
    int nodeColumns = 1;
    int nodeRows = 0;
    std::vector<double> laneY; // per row of nodes
    std::vector<double> laneEndX; // per row: where its lane ends on the right
    double trunkX = kTrunk / 2;
    QRectF bounds; // everything, with a margin

    static ClusterGeometry compute(const std::vector<int>& gpusPerNode);

    struct Hit
    {
        int node = -1;
        int slot = -1; // the GPU under the point, -1 for the rest of the node
        bool onNode() const { return node >= 0; }
        bool onGpu() const { return node >= 0 && slot >= 0; }
    };
    Hit hit(QPointF point) const;
    int nodeAt(QPointF point) const;
    // The slot a GPU dropped at `point` inside node `node` goes to: the slot under the point, or after the
    // last GPU when the point is not over one.
    int dropSlot(int node, QPointF point) const;
    // The rectangle of a slot, also of the free slot just past the last GPU (where a drop appends).
    QRectF slotRect(int node, int slot) const;
    double nodeWidth() const;
    double nodeHeight() const;
};

// The distinct stretches a route covers: its segments with repeats dropped and collinear overlaps merged
// (the horizontal and vertical ones, as the routes along the lanes and the trunk are). A group's route
// retraces the trunk once per pair of members; stroking each stretch once instead of the whole polyline
// keeps a hovered frame of 4,096 GPUs cheap.
std::vector<QLineF> coveredStretches(const std::vector<QPointF>& route);

} // namespace widgets
