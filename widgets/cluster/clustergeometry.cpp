// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustergeometry.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace widgets {

namespace {
// Slots per row of a node: four, as the two rows of four GPUs in an HGX board, up to 16 GPUs; a square-ish
// grid for larger nodes (NVL72 racks).
int columnsFor(int maxGpus)
{
    if (maxGpus <= 16)
        return std::clamp(maxGpus, 1, 4);
    return static_cast<int>(std::ceil(std::sqrt(static_cast<double>(maxGpus))));
}

// Node columns that make the grid about kAspect wide; a count that divides the nodes evenly wins among
// near ties, so that 64 nodes form 8 full rows.
int nodeColumnsFor(int nodes, double pitchX, double pitchY)
{
    if (nodes <= 1)
        return 1;
    const double ideal = std::sqrt(nodes * ClusterGeometry::kAspect * pitchY / pitchX);
    int best = std::clamp(static_cast<int>(std::lround(ideal)), 1, nodes);
    for (int c = std::max(1, static_cast<int>(ideal) - 2); c <= std::min(nodes, static_cast<int>(ideal) + 2);
         ++c)
        if (nodes % c == 0 && (nodes % best != 0 || std::abs(c - ideal) < std::abs(best - ideal)))
            best = c;
    return best;
}
} // namespace

double ClusterGeometry::nodeWidth() const
{
    return 2 * kPadding + gpuColumns * kCell + (gpuColumns - 1) * kCellGap;
}

double ClusterGeometry::nodeHeight() const
{
    return kTitle + gpuRows * kCell + (gpuRows - 1) * kCellGap + kLinkGap + kLinkBar + kPadding;
}

ClusterGeometry ClusterGeometry::compute(const std::vector<int>& gpusPerNode)
{
    ClusterGeometry g;
    const int maxGpus
        = gpusPerNode.empty() ? 1 : std::max(1, *std::max_element(gpusPerNode.begin(), gpusPerNode.end()));
    g.gpuColumns = columnsFor(maxGpus);
    g.gpuRows = (maxGpus + g.gpuColumns - 1) / g.gpuColumns;
    const double width = g.nodeWidth();
    const double height = g.nodeHeight();
    const int count = static_cast<int>(gpusPerNode.size());
    g.nodeColumns = nodeColumnsFor(count, width + kGapX, height + kGapY);
    g.nodeRows = count == 0 ? 0 : (count + g.nodeColumns - 1) / g.nodeColumns;

    g.nodes.resize(gpusPerNode.size());
    for (int n = 0; n < count; ++n) {
        NodeBox& box = g.nodes[static_cast<std::size_t>(n)];
        box.row = n / g.nodeColumns;
        box.column = n % g.nodeColumns;
        const double x = kTrunk + box.column * (width + kGapX);
        const double y = box.row * (height + kGapY);
        box.rect = QRectF(x, y, width, height);
        box.title = QRectF(x + kPadding, y, width - 2 * kPadding, kTitle);
        const double gpuTop = y + kTitle;
        box.cells.reserve(static_cast<std::size_t>(gpusPerNode[static_cast<std::size_t>(n)]));
        for (int s = 0; s < gpusPerNode[static_cast<std::size_t>(n)]; ++s)
            box.cells.emplace_back(x + kPadding + (s % g.gpuColumns) * (kCell + kCellGap),
                                   gpuTop + (s / g.gpuColumns) * (kCell + kCellGap), kCell, kCell);
        const double linkTop = gpuTop + g.gpuRows * kCell + (g.gpuRows - 1) * kCellGap + kLinkGap;
        box.linkBar = QRectF(x + kPadding, linkTop, width - 2 * kPadding, kLinkBar);
        box.uplinkTop = QPointF(box.rect.center().x(), box.rect.bottom());
        box.uplinkBottom = QPointF(box.rect.center().x(), box.rect.bottom() + kGapY / 2);
    }
    for (int row = 0; row < g.nodeRows; ++row) {
        g.laneY.push_back(row * (height + kGapY) + height + kGapY / 2);
        const int last = std::min(count, (row + 1) * g.nodeColumns) - 1;
        g.laneEndX.push_back(g.nodes[static_cast<std::size_t>(last)].uplinkBottom.x());
    }
    const double right = kTrunk + g.nodeColumns * width + (g.nodeColumns - 1) * kGapX;
    const double bottom = g.nodeRows * (height + kGapY);
    g.bounds = QRectF(0, -kPadding, right + kPadding, bottom + kPadding);
    return g;
}

int ClusterGeometry::nodeAt(QPointF point) const
{
    if (nodes.empty())
        return -1;
    const double pitchX = nodeWidth() + kGapX;
    const double pitchY = nodeHeight() + kGapY;
    const int column = static_cast<int>(std::floor((point.x() - kTrunk) / pitchX));
    const int row = static_cast<int>(std::floor(point.y() / pitchY));
    if (column < 0 || column >= nodeColumns || row < 0)
        return -1;
    const int n = row * nodeColumns + column;
    if (n >= static_cast<int>(nodes.size()) || !nodes[static_cast<std::size_t>(n)].rect.contains(point))
        return -1;
    return n;
}

ClusterGeometry::Hit ClusterGeometry::hit(QPointF point) const
{
    Hit h;
    h.node = nodeAt(point);
    if (h.node < 0)
        return h;
    const auto& cells = nodes[static_cast<std::size_t>(h.node)].cells;
    for (std::size_t s = 0; s < cells.size(); ++s)
        if (cells[s].contains(point)) {
            h.slot = static_cast<int>(s);
            break;
        }
    return h;
}

int ClusterGeometry::dropSlot(int node, QPointF point) const
{
    if (node < 0 || node >= static_cast<int>(nodes.size()))
        return -1;
    const auto& cells = nodes[static_cast<std::size_t>(node)].cells;
    for (std::size_t s = 0; s < cells.size(); ++s)
        if (cells[s].adjusted(-kCellGap / 2, -kCellGap / 2, kCellGap / 2, kCellGap / 2).contains(point))
            return static_cast<int>(s);
    return static_cast<int>(cells.size());
}

QRectF ClusterGeometry::slotRect(int node, int slot) const
{
    if (node < 0 || node >= static_cast<int>(nodes.size()) || slot < 0)
        return {};
    const NodeBox& box = nodes[static_cast<std::size_t>(node)];
    if (slot < static_cast<int>(box.cells.size()))
        return box.cells[static_cast<std::size_t>(slot)];
    // Past the last GPU: the next grid position (it may fall below the box when the node is full).
    return QRectF(box.rect.left() + kPadding + (slot % gpuColumns) * (kCell + kCellGap),
                  box.rect.top() + kTitle + (slot / gpuColumns) * (kCell + kCellGap), kCell, kCell);
}

std::vector<QLineF> coveredStretches(const std::vector<QPointF>& route)
{
    // Axis-parallel segments as intervals on their line: x = key for vertical ones, y = key for horizontal.
    std::map<double, std::vector<std::pair<double, double>>> vertical, horizontal;
    std::vector<QLineF> stretches;
    for (std::size_t i = 1; i < route.size(); ++i) {
        const QPointF a = route[i - 1];
        const QPointF b = route[i];
        if (a == b)
            continue;
        if (a.x() == b.x())
            vertical[a.x()].emplace_back(std::min(a.y(), b.y()), std::max(a.y(), b.y()));
        else if (a.y() == b.y())
            horizontal[a.y()].emplace_back(std::min(a.x(), b.x()), std::max(a.x(), b.x()));
        else if (std::none_of(stretches.begin(), stretches.end(), [&](const QLineF& line) {
                     return (line.p1() == a && line.p2() == b) || (line.p1() == b && line.p2() == a);
                 }))
            stretches.emplace_back(a, b);
    }
    const auto merge = [&](auto& lines, auto toLine) {
        for (auto& [key, intervals] : lines) {
            std::sort(intervals.begin(), intervals.end());
            auto [from, to] = intervals.front();
            for (const auto& [start, end] : intervals) {
                if (start > to) {
                    stretches.push_back(toLine(key, from, to));
                    from = start;
                }
                to = std::max(to, end);
            }
            stretches.push_back(toLine(key, from, to));
        }
    };
    merge(vertical, [](double x, double from, double to) { return QLineF(x, from, x, to); });
    merge(horizontal, [](double y, double from, double to) { return QLineF(from, y, to, y); });
    return stretches;
}

} // namespace widgets
