// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clustertooltip.h"

#include "cluster/clustercanvas.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "memory/memorytext.h"

#include <QStringList>
#include <algorithm>

namespace widgets {

namespace {

// The rank's line and what it holds and sends.
QString rankLines(const core::Evaluation& e, int rank)
{
    const core::RankInfo& info = e.ranks[static_cast<std::size_t>(rank)];
    QStringList coords;
    for (core::Dim dim : {core::Dim::Dp, core::Dim::Tp, core::Dim::Pp, core::Dim::Cp, core::Dim::Ep})
        coords << QStringLiteral("%1 %2").arg(dimensionLabel(dim)).arg(info.coord(dim));
    QString text = QStringLiteral("<br><b>%1</b> · %2")
                       .arg(ClusterCanvas::tr("Rank %1").arg(rank), coords.join(QStringLiteral(" · ")));
    if (e.memory) {
        const core::RankRole& role = e.memory->roleOf(rank);
        const QString memory = ClusterCanvas::tr("Memory: %1 of %2 (%3)")
                                   .arg(bytesText(role.totalBytes), bytesText(role.capacityBytes),
                                        percentText(role.totalBytes / role.capacityBytes, 0));
        text += QStringLiteral("<br>")
            + (role.fits() ? memory
                           : QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                                 .arg((role.tight() ? palette::tightCapacity : palette::overCapacity).name(),
                                      memory + QStringLiteral(" — ")
                                          + (role.tight() ? ClusterCanvas::tr("tight")
                                                          : ClusterCanvas::tr("does not fit"))));
        // What fills it, largest first, each with its colour on the Memory tab.
        std::vector<core::MemoryCategory> categories;
        for (int c = 0; c < core::kMemoryCategoryCount; ++c)
            if (role.figures[static_cast<std::size_t>(c)].bytes > 0)
                categories.push_back(static_cast<core::MemoryCategory>(c));
        std::stable_sort(categories.begin(), categories.end(),
                         [&](auto a, auto b) { return role.figure(a).bytes > role.figure(b).bytes; });
        for (core::MemoryCategory c : categories)
            text += QStringLiteral("<br>&nbsp;<span style='color:%1'>■</span> %2: %3")
                        .arg(categoryColor(c).name(), categoryName(c), bytesText(role.figure(c).bytes));
    }
    if (e.traffic) {
        QStringList sends;
        for (core::Dim dim : {core::Dim::Tp, core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep}) {
            const double bytes = e.traffic->of(dim).bytesOfRank[static_cast<std::size_t>(rank)];
            if (bytes > 0)
                sends << QStringLiteral("%1 %2").arg(dimensionLabel(dim), bytesText(bytes));
        }
        if (!sends.isEmpty())
            text += QStringLiteral("<br>")
                + ClusterCanvas::tr("Sends per step: %1").arg(sends.join(QStringLiteral(" · ")));
    }
    return text;
}

} // namespace

QString clusterToolTip(const ClusterViewState& state, QPointF scenePos)
{
    const ClusterGeometry::Hit hit = state.geometry.hit(scenePos);
    if (state.snapshot.isNull() || !hit.onNode())
        return {};
    const core::Node& node = state.snapshot.design->cluster.nodes[static_cast<std::size_t>(hit.node)];
    const QString nodeLine
        = ClusterCanvas::tr("Node %1 · %Ln GPU(s) · %2", nullptr, static_cast<int>(node.gpus.size()))
              .arg(node.id)
              .arg(linkName(state, node.intraLink));
    if (!hit.onGpu())
        return nodeLine;
    const core::Gpu& gpu = node.gpus[static_cast<std::size_t>(hit.slot)];
    const QString text = QStringLiteral("<b>%1</b><br>%2")
                             .arg(ClusterCanvas::tr("GPU %1 (%2), slot %3")
                                      .arg(gpu.id)
                                      .arg(gpuTypeName(state, gpu.type))
                                      .arg(hit.slot)
                                      .toHtmlEscaped(),
                                  nodeLine.toHtmlEscaped());
    if (!gpu.inService)
        return text + QStringLiteral("<br>") + ClusterCanvas::tr("Out of service");
    const int rank = state.rankAt(hit.node, hit.slot);
    if (rank < 0)
        return text + QStringLiteral("<br>") + ClusterCanvas::tr("Idle: the layout has no rank for this GPU");
    return text + rankLines(*state.snapshot.evaluation, rank);
}

} // namespace widgets
