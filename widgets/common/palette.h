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
// What moves in the shown step: its packets, their links, the cells they leave and reach, the playhead
// (the legend calls it orange).
inline constexpr QColor collectiveMoving{0xd9, 0x7a, 0x00};
// Under a packet in flight, and the "+" on a packet the receiver adds to what it holds.
inline constexpr QColor collectivePacketShadow{0, 0, 0, 60};
inline constexpr QColor collectivePacketSign{0xff, 0xff, 0xff};
// A chunk cell's outline, and the dark frame of a finished sum.
inline constexpr QColor collectiveCellOutline{0, 0, 0, 70};
inline constexpr QColor collectiveFinishedSum{0x20, 0x20, 0x20};
// A cell's text, on a light pill that reads on any rank's stripe.
inline constexpr QColor collectiveCellLabelBackground{0xff, 0xff, 0xff, 215};
inline constexpr QColor collectiveCellLabelText{0x20, 0x20, 0x20};
// The bands behind the ranks of a node in the topology, alternating from node to node.
inline constexpr QColor collectiveNodeBand{0xe3, 0xe8, 0xef};
inline constexpr QColor collectiveNodeBandAlternate{0xef, 0xe8, 0xdd};
// The steps on the time strip by phase: reducing blue, gathering green, each darker across nodes.
inline constexpr QColor collectivePhaseReduce{0x4e, 0x79, 0xa7};
inline constexpr QColor collectivePhaseReduceAcrossNodes{0x2b, 0x45, 0x6b};
inline constexpr QColor collectivePhaseGather{0x59, 0xa1, 0x4f};
inline constexpr QColor collectivePhaseGatherAcrossNodes{0x2f, 0x63, 0x2a};
inline constexpr QColor collectivePhaseReduceAndGather{0x76, 0xb7, 0xb2}; // a tree's reduce and broadcast
inline constexpr QColor collectivePhaseExchange{0xb0, 0x7a, 0xa1}; // all-to-all exchanges and sends
inline constexpr QColor collectivePhaseUnknown{0xa0, 0xa0, 0xa4};
// A step's number on its segment: done or in flight (on the full colour), still to come (on the faint one).
inline constexpr QColor collectiveStepNumber{0xff, 0xff, 0xff};
inline constexpr QColor collectiveUpcomingStepNumber{0x40, 0x40, 0x40};
// Why nothing is animated (a diagnostic), in a box of its own over the view.
inline constexpr QColor collectiveProblemFrame{0xc0, 0x39, 0x2b};
inline constexpr QColor collectiveProblemFill{0xfd, 0xed, 0xec};
inline constexpr QColor collectiveProblemText{0x7b, 0x24, 0x1c};
// A group's time in the group list when it crosses the slow fabric between nodes.
inline constexpr QColor collectiveCrossesFabric{0xb0, 0x3a, 0x2e};

// Timeline and plots (widgets/timeline, widgets/performance).

// Memory (widgets/memory).

// Learn views (widgets/teaching).

// The four GPUs of a lesson, one hue each: the first of Tableau 10's hues without its red, which here means
// data on the wire.
inline constexpr QColor lessonGpus[4] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b),
                                         QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1)};
inline QColor lessonGpu(int rank)
{
    return lessonGpus[rank % 4];
}
// Data sent between GPUs: a collective and its wires, the ring's sends, the all-to-all's lines.
inline constexpr QColor lessonCommunication(0xe1, 0x57, 0x59);
// Beyond a capacity: a GPU whose memory does not fit, a token assignment the expert capacity drops.
inline constexpr QColor lessonOverCapacity(0xd6, 0x27, 0x28);
// A GPU whose memory fits.
inline constexpr QColor lessonFits(0x59, 0xa1, 0x4f);
// The note that a panel shows another model on its own scale.
inline constexpr QColor lessonScaleNote(0xb2, 0x5e, 0x00);
// A label on a filled bar, block or key.
inline constexpr QColor lessonTextOnFill(0xff, 0xff, 0xff);
// The experts of the routing lesson: Tableau 10 without its red and pink, which would read as dropped
// tokens (expertroutingview.h shades experts 8–15).
inline constexpr QColor lessonExperts[8] = {
    QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1),
    QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48), QColor(0xba, 0xb0, 0xac), QColor(0x9c, 0x75, 0x5f)};

} // namespace widgets::palette
