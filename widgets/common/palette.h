// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every colour the views use, named by what it means, so that one colour says one thing in every view
// (the legend of one view is the legend of all). Views take their colours from here and from
// groupcolors.h (which picks among the group hues); no view writes a literal colour.

#include <QColor>

namespace widgets::palette {

// Text, frames and backgrounds shared by every view.

// Cluster canvas (widgets/cluster).
// The three link classes at a glance: NVLink in NVIDIA's own green, PCIe grey, the fabric a warm brown (also
// the fabric's share in the traffic table).
inline constexpr QColor nvlinkLink{0x76, 0xb9, 0x00};
inline constexpr QColor pcieLink{0x8c, 0x8c, 0x8c};
inline constexpr QColor fabricLink{0xa0, 0x6a, 0x3c};
// The badge on a node whose placement draws a warning (a TP group spanning nodes, TP over PCIe).
inline constexpr QColor warningBadgeFill{0xff, 0xc1, 0x07};
inline constexpr QColor warningBadgeEdge{0x8a, 0x5a, 0x00};
inline constexpr QColor warningBadgeMark{0x00, 0x00, 0x00};
// A GPU out of service: greyed and crossed out; a node of them carries a band saying so.
inline constexpr QColor gpuOutOfServiceFill{0x9a, 0x9a, 0x9a};
inline constexpr QColor gpuOutOfServiceEdge{0x55, 0x55, 0x55};
inline constexpr QColor outOfServiceText{0x40, 0x40, 0x40};
inline constexpr QColor outOfServiceBand{0xff, 0xff, 0xff, 210};
// A GPU whose rank has no group colour yet (Qt's gray and darkGray).
inline constexpr QColor gpuWithoutGroupFill{0xa0, 0xa0, 0xa4};
inline constexpr QColor gpuWithoutGroupEdge{0x80, 0x80, 0x80};
// The label on an intra-node link bar filled more than halfway by traffic.
inline constexpr QColor linkLabelOnTraffic{0xff, 0xff, 0xff};
// Over the picture: the halo under a group's traffic path, the rim of its members' dots, the background of
// a label that follows the pointer.
inline constexpr QColor pathHalo{0xff, 0xff, 0xff, 200};
inline constexpr QColor memberDotRim{0xff, 0xff, 0xff, 220};
inline constexpr QColor overlayLabelBackground{0xff, 0xff, 0xff, 235};
// A drag that would remove GPUs (its target and ghosts, and its label), and ranks left without a GPU.
inline constexpr QColor removeDrag{0xd6, 0x27, 0x28};
inline constexpr QColor lossText{0xb0, 0x1e, 0x1e};
// The Cluster tab around the canvas: the legend under the header, the warning bar with its one-click fix.
inline constexpr QColor clusterLegendText{0x60, 0x60, 0x60};
inline constexpr QColor warningBarFill{0xff, 0xf3, 0xcd};
inline constexpr QColor warningBarBorder{0xe0, 0xc3, 0x6b};
inline constexpr QColor warningBarText{0x5c, 0x44, 0x00};

// Collectives (widgets/collectives).

// Timeline and plots (widgets/timeline, widgets/performance).

// Memory (widgets/memory).

// Learn views (widgets/teaching).

} // namespace widgets::palette
