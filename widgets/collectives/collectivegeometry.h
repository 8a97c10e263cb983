// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the collective view draws: three state panels side by side ("before", the animated "now",
// "after"; one column per rank, one cell per chunk, as in the reference article's figure), the links between
// the ranks below them, and a strip of the steps' times. Plain geometry, tested without a window.

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QStringList>
#include <array>
#include <vector>

namespace core {
class CollectiveState;
struct TreeNode;
} // namespace core

namespace widgets {

struct CollectiveGeometry
{
    struct Panel
    {
        QRectF frame; // everything of the panel
        QRectF title;
        std::vector<QRectF> columns; // one per rank: the buffer's outline, heads excluded
        std::vector<QRectF> heads; // one per rank: the label above the column
        std::vector<QRectF> rowLabels; // one per chunk, left of the first column (may be empty)
        std::vector<QRectF> cells; // rank-major: cells[rank · chunks + slot]
        int chunks = 0;

        QRectF cell(int rank, int slot) const;
    };

    Panel before;
    Panel now;
    Panel after;
    QRectF topology; // the ranks and their links
    QRectF timeline; // the steps' times
    QRectF legend;
    QSizeF size;

    // `headLines`: lines of text above each column (1: "rank 3"; 2 adds "node 1 · GPU 3"). `legendHeight`:
    // what the legend's text needs (0: the usual share); the bottom band grows for it, up to half the height.
    // `wideLegend`: the topology keeps its smallest width and the legend takes the rest and up to 60 % of the
    // height, for a legend that half the height does not hold at its usual width (a short window in German).
    static CollectiveGeometry compute(QSizeF size, int ranks, int chunks, int headLines = 1,
                                      double legendHeight = 0, bool wideLegend = false);
};

// Positions of the ranks in the topology area. A ring (and every algorithm that is not a tree) places
// them clockwise on a circle from the top, in column order; the double binary tree draws its two trees
// side by side, the root at the top. `radius` receives the size a rank's disc may have.
std::vector<QPointF> ringPositions(const QRectF& area, int ranks, double* radius = nullptr);
std::array<std::vector<QPointF>, 2> treePositions(const QRectF& area,
                                                  const std::array<std::vector<core::TreeNode>, 2>& trees,
                                                  double* radius = nullptr);

// What a cell holds, as texts from the most to the least detailed; the view draws the first that fits.
// Reductions list the contributing ranks ("0+1+2", then runs as ranges "0–2", then a count "3/4"); a slot
// holding every rank's contribution reads "Σ"; a copied chunk names its owner ("2"), and for all-to-all
// also which of the owner's chunks it is ("2.1": rank 2's chunk 1). An empty slot has no text.
// `rankIds` names the ranks of positions 0…n−1 (a group of the design: 8, 9, …); empty = the positions.
QStringList cellTexts(const core::CollectiveState& state, int rank, int slot, bool reduction, bool showBlock,
                      const std::vector<int>& rankIds = {});

} // namespace widgets
