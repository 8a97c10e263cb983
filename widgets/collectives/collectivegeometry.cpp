// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivegeometry.h"

#include "comm/collective.h"

#include <QString>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace widgets {

namespace {

constexpr double kMargin = 8;
constexpr double kPanelGap = 18;
constexpr double kTitleHeight = 26;
constexpr double kHeadLineHeight = 17;
constexpr double kRowLabelWidth = 26;
constexpr double kMaxCellHeight = 86;
constexpr double kCellGap = 3; // between chunks; less when there are many
constexpr double kLegendGap = 10; // between the time strip and the legend

void layoutPanel(CollectiveGeometry::Panel& panel, const QRectF& frame, int ranks, int chunks, int headLines,
                 double cellHeight)
{
    const double cellGap = std::clamp(cellHeight * 0.15, 0.5, kCellGap);
    panel.frame = frame;
    panel.chunks = chunks;
    panel.title = QRectF(frame.left(), frame.top(), frame.width(), kTitleHeight);
    const double headHeight = kHeadLineHeight * headLines + 4;
    const double columnsLeft = frame.left() + kRowLabelWidth;
    const double pitch = (frame.right() - columnsLeft) / std::max(ranks, 1);
    const double gap = std::clamp(pitch * 0.14, 2.0, 12.0);
    const double columnTop = panel.title.bottom() + headHeight;
    const double columnHeight = chunks * cellHeight + 2 * kCellGap;
    for (int r = 0; r < ranks; ++r) {
        const double left = columnsLeft + r * pitch + gap / 2;
        const QRectF column(left, columnTop, pitch - gap, columnHeight);
        panel.columns.push_back(column);
        panel.heads.push_back(QRectF(column.left() - gap / 2, panel.title.bottom(), pitch, headHeight));
        for (int c = 0; c < chunks; ++c)
            panel.cells.push_back(QRectF(column.left() + kCellGap, column.top() + kCellGap + c * cellHeight,
                                         column.width() - 2 * kCellGap, cellHeight - cellGap));
    }
    for (int c = 0; c < chunks; ++c)
        panel.rowLabels.push_back(QRectF(frame.left(), columnTop + kCellGap + c * cellHeight,
                                         kRowLabelWidth - 4, cellHeight - cellGap));
}

} // namespace

QRectF CollectiveGeometry::Panel::cell(int rank, int slot) const
{
    const auto i
        = static_cast<std::size_t>(rank) * static_cast<std::size_t>(chunks) + static_cast<std::size_t>(slot);
    if (rank < 0 || slot < 0 || slot >= chunks || i >= cells.size())
        return {};
    return cells[i];
}

CollectiveGeometry CollectiveGeometry::compute(QSizeF size, int ranks, int chunks, int headLines,
                                               double legendHeight, bool wideLegend)
{
    CollectiveGeometry g;
    g.size = size;
    ranks = std::max(ranks, 1);
    chunks = std::max(chunks, 1);
    headLines = std::max(headLines, 1);
    const double width = std::max(size.width(), 200.0);
    const double height = std::max(size.height(), 200.0);

    // Bottom band: the topology on the left, the step times and the legend on the right.
    const double usualHeight = std::clamp(height * 0.36, 150.0, 280.0);
    const double timelineHeight = std::min(78.0, usualHeight * 0.45);
    const double bottomHeight = std::max(
        usualHeight, std::min(timelineHeight + kLegendGap + legendHeight, height * (wideLegend ? 0.6 : 0.5)));
    const double bottomTop = height - kMargin - bottomHeight;
    const double topologyWidth = wideLegend ? 180.0 : std::clamp((width - 2 * kMargin) * 0.42, 180.0, 560.0);
    g.topology = QRectF(kMargin, bottomTop, topologyWidth, bottomHeight);
    const double rightLeft = g.topology.right() + kPanelGap;
    const double rightWidth = std::max(width - kMargin - rightLeft, 10.0);
    g.timeline = QRectF(rightLeft, bottomTop, rightWidth, timelineHeight);
    g.legend = QRectF(rightLeft, g.timeline.bottom() + kLegendGap, rightWidth,
                      std::max(bottomTop + bottomHeight - g.timeline.bottom() - kLegendGap, 10.0));

    // Top band: before (1 share), now (2 shares), after (1 share).
    const double top = kMargin;
    const double panelsHeight = std::max(bottomTop - kPanelGap - top, 60.0);
    const double share = (width - 2 * kMargin - 2 * kPanelGap) / 4;
    const double headHeight = kHeadLineHeight * headLines + 4;
    const double cellsHeight = panelsHeight - kTitleHeight - headHeight - 2 * kCellGap;
    const double cellHeight = std::clamp(cellsHeight / chunks, 4.0, kMaxCellHeight);
    layoutPanel(g.before, QRectF(kMargin, top, share, panelsHeight), ranks, chunks, headLines, cellHeight);
    layoutPanel(g.now, QRectF(kMargin + share + kPanelGap, top, 2 * share, panelsHeight), ranks, chunks,
                headLines, cellHeight);
    layoutPanel(g.after, QRectF(kMargin + 3 * share + 2 * kPanelGap, top, share, panelsHeight), ranks, chunks,
                headLines, cellHeight);
    return g;
}

std::vector<QPointF> ringPositions(const QRectF& area, int ranks, double* radius)
{
    std::vector<QPointF> out;
    if (ranks < 1 || area.isEmpty())
        return out;
    const double half = std::min(area.width(), area.height()) / 2;
    // Discs as large as their spacing on the circle allows, within reason; then the circle shrinks so that
    // the discs and the node bands behind them (1.45 radii) stay inside the area.
    const double first = std::max(half - 22, 10.0);
    const double spacing = ranks > 1 ? 2 * first * std::sin(std::numbers::pi / ranks) : 2 * first;
    const double disc = std::clamp(spacing * 0.36, 7.0, 22.0);
    const double ring = std::max(half - disc * 1.45 - 4, 10.0);
    if (radius)
        *radius = disc;
    const QPointF centre = area.center();
    for (int r = 0; r < ranks; ++r) {
        const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * r / ranks;
        out.push_back(centre + QPointF(ring * std::cos(angle), ring * std::sin(angle)));
    }
    return out;
}

std::array<std::vector<QPointF>, 2>
treePositions(const QRectF& area, const std::array<std::vector<core::TreeNode>, 2>& trees, double* radius)
{
    std::array<std::vector<QPointF>, 2> out;
    const int n = static_cast<int>(trees[0].size());
    if (n < 1 || area.isEmpty())
        return out;
    double disc = 22;
    for (std::size_t t = 0; t < 2; ++t) {
        const std::vector<core::TreeNode>& tree = trees[t];
        if (static_cast<int>(tree.size()) != n)
            continue;
        const QRectF half(area.left() + t * area.width() / 2, area.top() + 18, area.width() / 2,
                          area.height() - 18);
        // Depth of every rank, and its order among the ranks of its depth by an in-order walk, so that
        // children sit below their parent.
        const auto [depth, root] = core::treeDepths(tree);
        const int levels = *std::max_element(depth.begin(), depth.end()) + 1;
        std::vector<double> slot(static_cast<std::size_t>(n), 0);
        int next = 0;
        // In-order: child0, self, child1 gives every rank its own horizontal slot.
        std::vector<std::pair<int, bool>> stack{{root, false}};
        while (!stack.empty()) {
            auto [r, expanded] = stack.back();
            stack.pop_back();
            if (r < 0)
                continue;
            const core::TreeNode& node = tree[static_cast<std::size_t>(r)];
            if (expanded) {
                slot[static_cast<std::size_t>(r)] = next++;
                continue;
            }
            stack.push_back({node.child1, false});
            stack.push_back({r, true});
            stack.push_back({node.child0, false});
        }
        const double dx = half.width() / std::max(next, 1);
        const double dy = levels > 1 ? (half.height() - 2 * 16) / (levels - 1) : 0;
        disc = std::min({disc, dx * 0.42, levels > 1 ? dy * 0.4 : disc});
        out[t].resize(static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r)
            out[t][static_cast<std::size_t>(r)]
                = QPointF(half.left() + (slot[static_cast<std::size_t>(r)] + 0.5) * dx,
                          half.top() + 16 + depth[static_cast<std::size_t>(r)] * dy);
    }
    if (radius)
        *radius = std::max(disc, 6.0);
    return out;
}

QStringList cellTexts(const core::CollectiveState& state, int rank, int slot, bool reduction, bool showBlock,
                      const std::vector<int>& rankIds)
{
    const std::vector<int> positions = state.contributors(rank, slot);
    if (positions.empty())
        return {};
    if (reduction && static_cast<int>(positions.size()) == state.ranks() && state.ranks() > 1)
        return {QStringLiteral("Σ")};
    std::vector<int> who;
    for (int p : positions)
        who.push_back(static_cast<std::size_t>(p) < rankIds.size() ? rankIds[static_cast<std::size_t>(p)]
                                                                   : p);
    if (who.size() == 1) {
        const QString owner = QString::number(who.front());
        if (showBlock)
            return {QStringLiteral("%1.%2").arg(owner).arg(state.block(rank, slot)), owner};
        return {owner};
    }
    std::sort(who.begin(), who.end());
    QStringList plus;
    for (int r : who)
        plus << QString::number(r);
    // Runs of consecutive ranks as ranges: 0,1,2,5 → "0–2,5".
    QStringList runs;
    for (std::size_t i = 0; i < who.size();) {
        std::size_t j = i;
        while (j + 1 < who.size() && who[j + 1] == who[j] + 1)
            ++j;
        if (j >= i + 2)
            runs << QStringLiteral("%1–%2").arg(who[i]).arg(who[j]);
        else
            for (std::size_t k = i; k <= j; ++k)
                runs << QString::number(who[k]);
        i = j + 1;
    }
    QStringList out{plus.join(QLatin1Char('+'))};
    const QString ranges = runs.join(QLatin1Char(','));
    if (ranges.size() < out.front().size())
        out << ranges;
    out << QStringLiteral("%1/%2").arg(who.size()).arg(state.ranks());
    return out;
}

} // namespace widgets
