// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clusterlegend.h"

#include "cluster/clustercanvas.h"
#include "common/groupcolors.h"
#include "common/palette.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace widgets {

namespace {

QString swatch(const QColor& colour)
{
    return QStringLiteral("<span style='color:%1'>■</span>").arg(colour.name());
}

// What a GPU's coordinate in a group of `dim` is, when the canvas colours by it.
QString positionName(core::Dim dim)
{
    switch (dim) {
    case core::Dim::Tp:
        return QCoreApplication::translate("ClusterLegend", "TP rank");
    case core::Dim::Pp:
        return QCoreApplication::translate("ClusterLegend", "pipeline stage");
    case core::Dim::Dp:
        return QCoreApplication::translate("ClusterLegend", "DP replica");
    case core::Dim::Cp:
        return QCoreApplication::translate("ClusterLegend", "CP rank");
    case core::Dim::Ep:
        return QCoreApplication::translate("ClusterLegend", "EP rank");
    }
    return {};
}

QString groupName(core::Dim dim)
{
    switch (dim) {
    case core::Dim::Tp:
        return QCoreApplication::translate("ClusterLegend", "TP group");
    case core::Dim::Pp:
        return QCoreApplication::translate("ClusterLegend", "PP group (one pipeline)");
    case core::Dim::Dp:
        return QCoreApplication::translate("ClusterLegend", "DP group");
    case core::Dim::Cp:
        return QCoreApplication::translate("ClusterLegend", "CP group");
    case core::Dim::Ep:
        return QCoreApplication::translate("ClusterLegend", "EP group");
    }
    return {};
}

} // namespace

QString colourLegendText(const ClusterCanvas& canvas)
{
    const core::Dim dim = canvas.colorDimension();
    QString colours;
    if (canvas.colorsByPosition()) {
        // Scattered groups: the key lists the positions (at most eight, then an ellipsis).
        const int positions = canvas.colourCount();
        QStringList keys;
        for (int p = 0; p < std::min(positions, 8); ++p)
            keys << swatch(stageColor(p)) + QString::number(p);
        if (positions > 8)
            keys << QStringLiteral("… %1").arg(positions - 1);
        colours = QCoreApplication::translate("ClusterLegend",
                                              "<b>Colour = %1</b> %2 (the %3 groups lie spread over nodes)")
                      .arg(positionName(dim), keys.join(QLatin1Char(' ')), dimensionLabel(dim));
    } else {
        QString shades;
        for (int g = 0; g < 4; ++g)
            shades += swatch(groupShade(dim, g));
        colours = QCoreApplication::translate(
                      "ClusterLegend",
                      "<b>Colour = %1</b> %2 (shades of the %3 button's colour; neighbouring groups "
                      "alternate light and dark, a group's GPUs in one node share an "
                      "outline)")
                      .arg(groupName(dim), shades, dimensionLabel(dim));
    }
    const QString memory
        = QCoreApplication::translate(
              "ClusterLegend",
              "bar at a GPU's foot: its memory against its capacity (%1: does not fit; %2: tight)")
              .arg(
                  QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                      .arg(palette::overCapacity.name(), QCoreApplication::translate("ClusterLegend", "red")),
                  QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                      .arg(palette::tightCapacity.name(),
                           QCoreApplication::translate("ClusterLegend", "amber")));
    return colours + QStringLiteral(" · ") + memory;
}

QString colouringSwitchNote(core::Dim dim, bool nowByPosition)
{
    return nowByPosition
        ? QCoreApplication::translate(
              "ClusterLegend",
              "The %1 groups now lie spread over nodes: the colours show each GPU's %2 instead of its group.")
              .arg(dimensionLabel(dim), positionName(dim))
        : QCoreApplication::translate(
              "ClusterLegend", "The %1 groups now sit together in nodes: the colours show each group again.")
              .arg(dimensionLabel(dim));
}

core::Dim storyDimension(const core::ParallelLayout& layout)
{
    if (layout.ep() > 1)
        return core::Dim::Ep;
    if (layout.zeroStage >= 3 && layout.tp() == 1 && layout.pp() == 1 && layout.cp() == 1)
        return core::Dim::Dp;
    for (core::Dim dim : {core::Dim::Tp, core::Dim::Pp, core::Dim::Cp})
        if (layout.degree(dim) > 1)
            return dim;
    return core::Dim::Dp;
}

} // namespace widgets
