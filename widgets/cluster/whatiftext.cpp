// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/whatiftext.h"

#include "base/units.h"
#include "cluster/clusteritems.h"
#include "cluster/clusterpanel.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QStringList>
#include <algorithm>
#include <array>

namespace widgets {

namespace {

constexpr std::array kDims{core::Dim::Tp, core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep};

// Why DP shrinks by as much as it does: the model-parallel degrees stay, so the GPUs in service hold a
// whole number of replicas, and the global batch must split evenly over the replicas' micro-batches.
QString regroupingReason(const WhatIfFigures& figures)
{
    const WhatIfFigures::Regrouping& r = *figures.regrouping;
    if (!figures.design || r.dpBefore < 1)
        return {};
    const core::Design& d = *figures.design;
    const std::int64_t perReplica = d.layout.worldSize() / r.dpBefore;
    const std::int64_t inService = d.cluster.inServiceGpuCount();
    const std::int64_t replicas = perReplica > 0 ? inService / perReplica : 0;
    QString text
        = ClusterPanel::tr("Each replica keeps its %1 (TP, PP, CP and EP stay), so the %2 in service "
                           "hold %3")
              .arg(ClusterPanel::tr("%Ln GPU(s)", nullptr, static_cast<int>(perReplica)),
                   ClusterPanel::tr("%Ln GPU(s)", nullptr, static_cast<int>(inService)),
                   ClusterPanel::tr("%Ln replica(s)", nullptr, static_cast<int>(replicas)));
    if (r.dpAfter < replicas)
        text += ClusterPanel::tr(", and the global batch of %1 splits into micro-batches of %2 evenly over "
                                 "no more than %3 of them")
                    .arg(d.workload.globalBatch)
                    .arg(d.layout.microBatch)
                    .arg(r.dpAfter);
    return text + QLatin1Char('.');
}

// The layout regrouped onto the GPUs in service, against the same layout with every GPU in service.
QString regroupedText(const WhatIfFigures& figures)
{
    if (!figures.regrouping)
        return ClusterPanel::tr(
            "No smaller data-parallel degree fits the GPUs in service: the layout cannot run on them.");
    const WhatIfFigures::Regrouping& r = *figures.regrouping;
    QString text = ClusterPanel::tr("Regrouped with DP %1 instead of %2 (%3 GPUs):")
                       .arg(integerText(r.dpAfter))
                       .arg(integerText(r.dpBefore))
                       .arg(integerText(r.worldSize));
    if (r.whole.stepSeconds && r.regrouped.stepSeconds)
        text += QLatin1Char(' ')
            + ClusterPanel::tr("step %1 instead of %2, MFU %3 instead of %4.")
                  .arg(secondsText(*r.regrouped.stepSeconds), secondsText(*r.whole.stepSeconds),
                       shareText(*r.regrouped.mfu), shareText(*r.whole.mfu));
    else if (r.regrouped.tokensPerSecond && r.whole.tokensPerSecond)
        text += QLatin1Char(' ')
            + ClusterPanel::tr("%1 tokens/s instead of %2.")
                  .arg(countText(*r.regrouped.tokensPerSecond), countText(*r.whole.tokensPerSecond));
    if (r.regrouped.overMemory)
        text += QLatin1Char(' ') + ClusterPanel::tr("It no longer fits in memory.");
    return text + QLatin1Char(' ') + regroupingReason(figures);
}

// The nodes on a slower link than the fastest node's, and what the step costs against every node on the
// fast link; empty when all nodes are alike.
QString slowedLinksText(const WhatIfFigures& figures, const core::Evaluation& e)
{
    if (figures.slowedNodes.empty())
        return {};
    QStringList slowed;
    for (const WhatIfFigures::SlowedNode& node : figures.slowedNodes)
        slowed << ClusterPanel::tr("node %1 on %2").arg(node.nodeId).arg(qs(node.link));
    QString text = ClusterPanel::tr("Slower links: %1 (the others: %2).")
                       .arg(slowed.join(QStringLiteral(", ")), qs(figures.fastestLink));
    if (figures.allFast.stepSeconds && e.performance)
        text += QLatin1Char(' ')
            + ClusterPanel::tr("Step %1 instead of %2, MFU %3 instead of %4.")
                  .arg(secondsText(e.performance->stepSeconds), secondsText(*figures.allFast.stepSeconds),
                       shareText(e.performance->mfu), shareText(*figures.allFast.mfu));
    return text;
}

int nodesOutOfService(const core::Design& design)
{
    return static_cast<int>(
        std::count_if(design.cluster.nodes.begin(), design.cluster.nodes.end(), [](const core::Node& node) {
            return !node.gpus.empty()
                && std::none_of(node.gpus.begin(), node.gpus.end(),
                                [](const core::Gpu& g) { return g.inService; });
        }));
}

// "TP 1 · PP 8": how many groups of each dimension miss a member.
QStringList groupsLosingMembers(const core::Evaluation& e)
{
    QStringList losing;
    for (core::Dim dim : kDims) {
        const auto& groups = e.mesh.groupsOf(dim);
        if (groups.empty() || groups.front().size() < 2)
            continue;
        const auto count = std::count_if(groups.begin(), groups.end(), [&](std::span<const int> group) {
            return std::any_of(group.begin(), group.end(),
                               [&](int r) { return e.ranks[static_cast<std::size_t>(r)].gpuId < 0; });
        });
        if (count > 0)
            losing << QStringLiteral("%1 %2").arg(dimensionLabel(dim)).arg(count);
    }
    return losing;
}

} // namespace

QString whatIfText(const DesignSnapshot& snapshot, const WhatIfFigures* figures)
{
    if (snapshot.isNull())
        return {};
    const core::Design& design = *snapshot.design;
    const core::Evaluation& e = *snapshot.evaluation;
    QStringList lines;
    lines << ClusterPanel::tr("%1 of %2 GPUs in service; the layout needs %3.")
                 .arg(integerText(e.gpusInService))
                 .arg(integerText(e.gpusInCluster))
                 .arg(integerText(e.worldSize));
    if (const int outNodes = nodesOutOfService(design); outNodes > 0)
        lines << ClusterPanel::tr("%Ln node(s) out of service.", nullptr, outNodes);
    if (!figures)
        lines << QStringLiteral("<i>%1</i>").arg(ClusterPanel::tr("Computing what the changes cost…"));
    else if (const QString slowed = slowedLinksText(*figures, e); !slowed.isEmpty())
        lines << slowed;
    if (!design.placement.empty() && !e.explicitPlacement)
        lines << ClusterPanel::tr(
            "The explicit placement no longer fits the cluster; the canvas shows the default placement.");
    const auto unplaced = static_cast<int>(
        std::count_if(e.ranks.begin(), e.ranks.end(), [](const core::RankInfo& r) { return r.gpuId < 0; }));
    if (unplaced > 0 && e.hasMesh) {
        const QStringList losing = groupsLosingMembers(e);
        lines << QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                     .arg(palette::lossText.name(),
                          ClusterPanel::tr("%Ln rank(s) have no GPU.", nullptr, unplaced));
        if (!losing.isEmpty())
            lines << ClusterPanel::tr("Groups losing a member: %1.").arg(losing.join(QStringLiteral(" · ")));
        if (figures)
            lines << regroupedText(*figures);
    } else if (e.hasMesh) {
        lines << ClusterPanel::tr("Every rank has a GPU.");
    }
    lines << QStringLiteral("<i>%1</i>")
                 .arg(
                     ClusterPanel::tr("Right-click a GPU or node to take it out of service or slow its link; "
                                      "Ctrl+Z brings it back."));
    return lines.join(QStringLiteral("<br>"));
}

} // namespace widgets
