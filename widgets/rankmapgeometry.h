#pragma once

// Where the rank map draws each node and each GPU: plain geometry, computed from the node sizes and the
// available width, and tested without a window (STYLE.md: view maths in small plain structs).

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <vector>

namespace widgets {

struct RankMapGeometry
{
    struct NodeBox
    {
        QRectF rect;
        QRectF title; // empty when the nodes are too small for a title
        std::vector<QRectF> cells; // one per GPU slot
    };

    std::vector<NodeBox> nodes;
    QSizeF size; // the area everything needs
    double cellSize = 0;
    bool showLabels = false; // cells large enough for a rank number

    // Nodes flow left to right and wrap at `width`. Cells are as large as lets everything fit in
    // `fitHeight` (0: no limit), and never smaller than a minimum that shrinks as the cluster grows.
    static RankMapGeometry compute(const std::vector<int>& gpusPerNode, double width, double fitHeight = 0);
    static RankMapGeometry layoutWithCellSize(const std::vector<int>& gpusPerNode, double width,
                                              double cellSize);

    struct Hit
    {
        int node = -1;
        int slot = -1;
        bool valid() const { return node >= 0 && slot >= 0; }
    };
    Hit cellAt(QPointF point) const;
    int nodeAt(QPointF point) const;
};

} // namespace widgets
