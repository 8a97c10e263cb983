// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clusterpaths.h"

#include "cluster/clustercanvas.h"
#include "common/groupcolors.h"

namespace widgets {

namespace {

// A hop between two nodes follows the drawn network: down the sender's uplink, along its lane (and the
// trunk to another row's lane), up the receiver's uplink. Inside a node, straight across.
void route(const ClusterViewState& s, int from, int to, std::vector<QPointF>& points)
{
    const core::Evaluation& e = *s.snapshot.evaluation;
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
}

// The members of `rank`'s group of `dim` in the order its traffic visits them, and whether that order
// closes into a ring; empty for a group of one.
std::vector<int> groupRoute(const core::Evaluation& e, core::Dim dim, int rank, bool& closed)
{
    closed = true;
    if (e.traffic) {
        const core::DimensionTraffic& t = e.traffic->of(dim);
        if (t.groupSize() < 2)
            return {};
        closed = t.pattern != core::TrafficPattern::Chain || t.closedChain;
        return t.paths[static_cast<std::size_t>(t.groupOfRank[static_cast<std::size_t>(rank)])];
    }
    const auto& groups = e.mesh.groupsOf(dim);
    const auto& groupOf = e.mesh.groupOf[static_cast<std::size_t>(dim)];
    if (groups.empty() || groups.front().size() < 2)
        return {};
    const std::span<const int> group = groups[static_cast<std::size_t>(groupOf[static_cast<std::size_t>(rank)])];
    return {group.begin(), group.end()};
}

// Adds the path through `members` in the colour of `dim`; null with fewer than two placed members.
OverlayItem::Path* addMembersPath(const ClusterViewState& s, std::vector<OverlayItem::Path>& paths,
                                  core::Dim dim, std::vector<int> members, bool closed, double width)
{
    const core::Evaluation& e = *s.snapshot.evaluation;
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
        path.dotsOnly
            = path.dotsOnly && r.nodeIndex == e.ranks[static_cast<std::size_t>(members.front())].nodeIndex;
    }
    std::vector<QPointF> points{path.dots.front()};
    for (std::size_t i = 1; i < members.size(); ++i)
        route(s, members[i - 1], members[i], points);
    if (closed && members.size() > 2)
        route(s, members.back(), members.front(), points);
    path.stretches = coveredStretches(points);
    paths.push_back(std::move(path));
    return &paths.back();
}

// Adds the path of `rank`'s group of `dim`; null when the group has fewer than two placed members.
OverlayItem::Path* addPath(const ClusterViewState& s, std::vector<OverlayItem::Path>& paths, core::Dim dim,
                           int rank, double width)
{
    bool closed = true;
    std::vector<int> members = groupRoute(*s.snapshot.evaluation, dim, rank, closed);
    return addMembersPath(s, paths, dim, std::move(members), closed, width);
}

} // namespace

std::vector<OverlayItem::Path> trafficPaths(const ClusterViewState& s)
{
    std::vector<OverlayItem::Path> paths;
    if (s.snapshot.isNull() || !s.snapshot.evaluation->hasMesh)
        return paths;
    const core::Evaluation& e = *s.snapshot.evaluation;
    if (s.hoveredRank >= 0) {
        // The colour dimension's path last, on top.
        for (core::Dim dim : {core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep, core::Dim::Tp})
            if (dim != s.dim)
                addPath(s, paths, dim, s.hoveredRank, 2);
        addPath(s, paths, s.dim, s.hoveredRank, 4);
    } else if (s.selectedGroup >= 0) {
        addPath(s, paths, s.dim, e.mesh.groupsOf(s.dim)[static_cast<std::size_t>(s.selectedGroup)].front(),
                4);
    } else if (!s.selectedRanks.empty()) {
        addMembersPath(s, paths, s.dim, s.selectedRanks, false, 4);
    } else if (!e.ranks.empty()) {
        // Nothing hovered or selected: rank 0's group shows by example where this dimension's traffic
        // crosses between nodes (inside one node, the outline and the NVLink bar say it already).
        if (OverlayItem::Path* path = addPath(s, paths, s.dim, 0, 3.5)) {
            if (path->dotsOnly) {
                paths.pop_back();
            } else {
                path->label = ClusterCanvas::tr("%1 traffic of rank 0").arg(dimensionLabel(s.dim));
                path->labelAt = path->dots.front();
                // Darker than the lanes it runs along, which carry the same colour.
                path->color = path->color.darker(150);
            }
        }
    }
    return paths;
}

} // namespace widgets
