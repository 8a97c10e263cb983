#include "rankmapgeometry.h"

#include <algorithm>
#include <cmath>

namespace widgets {

namespace {
constexpr double kMargin = 12;
constexpr double kNodeGap = 12;
constexpr double kCellGap = 3;
constexpr double kPadding = 6;
constexpr double kTitleHeight = 20;
constexpr double kLabelThreshold = 30; // below this a cell has no room for "r123"

// The smallest cell for a cluster of this size: below it a user could no longer point at one GPU.
double minimumCellSize(int totalGpus)
{
    if (totalGpus <= 32)
        return 44;
    if (totalGpus <= 128)
        return 30;
    if (totalGpus <= 512)
        return 14;
    if (totalGpus <= 2048)
        return 14;
    return 9;
}

// Eight GPUs sit in two rows of four, like the baseboard of an HGX node.
int columnsFor(int gpus)
{
    return gpus <= 4 ? std::max(gpus, 1) : (gpus + 1) / 2;
}
} // namespace

RankMapGeometry RankMapGeometry::compute(const std::vector<int>& gpusPerNode, double width, double fitHeight)
{
    int total = 0;
    for (int gpus : gpusPerNode)
        total += std::max(gpus, 0);
    // The largest cells for which the whole cluster fits the visible area; never smaller than the minimum
    // for its size (then the view scrolls).
    const double minimum = minimumCellSize(total);
    for (double size : {72.0, 64.0, 58.0, 50.0, 44.0, 40.0, 34.0, 30.0, 24.0, 18.0, 14.0, 9.0}) {
        if (size < minimum)
            break;
        RankMapGeometry g = layoutWithCellSize(gpusPerNode, width, size);
        if (fitHeight <= 0 || g.size.height() <= fitHeight || size == minimum)
            return g;
    }
    return layoutWithCellSize(gpusPerNode, width, minimum);
}

RankMapGeometry RankMapGeometry::layoutWithCellSize(const std::vector<int>& gpusPerNode, double width,
                                                    double cellSize)
{
    RankMapGeometry g;
    g.cellSize = cellSize;
    g.showLabels = g.cellSize >= kLabelThreshold;
    const double titleHeight = g.cellSize >= 14 ? kTitleHeight : 0;
    const double gap = g.cellSize >= 14 ? kCellGap : 1;
    const double padding = g.cellSize >= 14 ? kPadding : 3;
    const double nodeGap = g.cellSize >= 14 ? kNodeGap : 5;

    double x = kMargin, y = kMargin, rowHeight = 0, maxRight = 0;
    const double right = std::max(width - kMargin, kMargin + 1);
    // With nodes of one width, rows are balanced (4 nodes that fit 3 to a row make 2 rows of 2, not 3 + 1).
    std::size_t perRow = gpusPerNode.size();
    if (!gpusPerNode.empty() && std::all_of(gpusPerNode.begin(), gpusPerNode.end(), [&](int n) {
            return n == gpusPerNode.front();
        })) {
        const int columns = columnsFor(gpusPerNode.front());
        const double boxWidth = 2 * padding + columns * g.cellSize + (columns - 1) * gap;
        const auto fit = static_cast<std::size_t>(
            std::max(1.0, std::floor((right - kMargin + nodeGap) / (boxWidth + nodeGap))));
        const std::size_t rows = (gpusPerNode.size() + fit - 1) / fit;
        perRow = (gpusPerNode.size() + rows - 1) / rows;
    }
    g.nodes.reserve(gpusPerNode.size());
    for (int gpus : gpusPerNode) {
        const int columns = columnsFor(gpus);
        const int rows = gpus <= 0 ? 1 : (gpus + columns - 1) / columns;
        const double boxWidth = 2 * padding + columns * g.cellSize + (columns - 1) * gap;
        const double boxHeight = titleHeight + 2 * padding + rows * g.cellSize + (rows - 1) * gap;
        const bool rowFull = !g.nodes.empty() && g.nodes.size() % perRow == 0;
        if (x > kMargin && (x + boxWidth > right || rowFull)) {
            x = kMargin;
            y += rowHeight + nodeGap;
            rowHeight = 0;
        }
        NodeBox box;
        box.rect = QRectF(x, y, boxWidth, boxHeight);
        if (titleHeight > 0)
            box.title = QRectF(x + padding, y + 2, boxWidth - 2 * padding, titleHeight - 2);
        box.cells.reserve(static_cast<std::size_t>(std::max(gpus, 0)));
        for (int slot = 0; slot < gpus; ++slot) {
            const int column = slot % columns;
            const int row = slot / columns;
            box.cells.emplace_back(x + padding + column * (g.cellSize + gap),
                                   y + titleHeight + padding + row * (g.cellSize + gap), g.cellSize,
                                   g.cellSize);
        }
        g.nodes.push_back(std::move(box));
        x += boxWidth + nodeGap;
        rowHeight = std::max(rowHeight, boxHeight);
        maxRight = std::max(maxRight, x);
    }
    g.size = QSizeF(maxRight - nodeGap + kMargin, y + rowHeight + kMargin);
    return g;
}

int RankMapGeometry::nodeAt(QPointF point) const
{
    for (std::size_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].rect.contains(point))
            return static_cast<int>(n);
    return -1;
}

RankMapGeometry::Hit RankMapGeometry::cellAt(QPointF point) const
{
    const int n = nodeAt(point);
    if (n < 0)
        return {};
    const auto& cells = nodes[static_cast<std::size_t>(n)].cells;
    for (std::size_t s = 0; s < cells.size(); ++s)
        if (cells[s].contains(point))
            return {n, static_cast<int>(s)};
    return {};
}

} // namespace widgets
