// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every colour the views use, named by what it means, so that one colour says one thing in every view
// (the legend of one view is the legend of all). Views take their colours from here and from
// groupcolors.h (which picks among the group hues); no view writes a literal colour.

#include <QColor>

namespace widgets::palette {

// Text, frames and backgrounds shared by every view.
inline constexpr QColor figureBackground{255, 255, 255}; // the page a view is exported onto
// Text on a coloured fill: dark on a light one, white on a dark one (groupcolors.h's textColorOn).
inline constexpr QColor textOnLight{0x20, 0x20, 0x20};
inline constexpr QColor textOnDark{255, 255, 255};
// Behind a label or legend drawn over a plot or chart: what lies under it stays faintly visible.
inline constexpr QColor labelBacking{255, 255, 255, 220};
// An editor whose value a diagnostic flags, tinted by severity (a palette, not a style sheet).
inline constexpr QColor errorField{0xfb, 0xd9, 0xd9};
inline constexpr QColor warningField{0xfc, 0xec, 0xcf};
// What a switch over a kind returns past its last case; a valid kind never shows it (Qt::gray).
inline constexpr QColor unknownKind{0xa0, 0xa0, 0xa4};
// A measured value beside the prediction, in every view that shows a measured record.
inline constexpr QColor measured{148, 40, 150};

// Parallel groups and dimensions, in every view that shows them (groupcolors.h reads these).
// Group hues: Tableau 10 followed by two muted extras — distinct, colour-blind-aware, readable with dark
// text (Tableau's "Tableau 10" palette, 2016).
inline constexpr QColor groupHues[]{
    {0x4e, 0x79, 0xa7}, {0xf2, 0x8e, 0x2b}, {0xe1, 0x57, 0x59}, {0x76, 0xb7, 0xb2},
    {0x59, 0xa1, 0x4f}, {0xed, 0xc9, 0x48}, {0xb0, 0x7a, 0xa1}, {0xff, 0x9d, 0xa7},
    {0x9c, 0x75, 0x5f}, {0xba, 0xb0, 0xac}, {0x86, 0xbc, 0xb6}, {0xd4, 0xa6, 0xc8},
};
// One accent per dimension (legends, selection outlines, communication paths on the cluster).
inline constexpr QColor tensorParallel{0x4e, 0x79, 0xa7};
inline constexpr QColor pipelineParallel{0xe1, 0x57, 0x59};
inline constexpr QColor dataParallel{0x59, 0xa1, 0x4f};
inline constexpr QColor contextParallel{0xb0, 0x7a, 0xa1};
inline constexpr QColor expertParallel{0xf2, 0x8e, 0x2b};

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
// A GPU's memory on its tile: a bar across the tile's foot, filled as far as its peak reaches its capacity
// (memory's overCapacity past it), in every colouring.
inline constexpr QColor gpuMemoryTrack{0xff, 0xff, 0xff, 200};
inline constexpr QColor gpuMemoryUsed{0x26, 0x26, 0x26};
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
// The summary's verdict on a layout: dark red and dark amber, readable on the light panel.
inline constexpr QColor verdictFailsText{0xb0, 0x1c, 0x1c};
inline constexpr QColor verdictIdleText{0x8a, 0x5a, 0x00};

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
// A hue (degrees), saturation and lightness: the start of a family of shades.
struct Tone
{
    double hue;
    double saturation;
    double lightness;
};
// A pass of the pipeline, shaded by micro-batch from this tone (timelinestyle.cpp); a rank's later
// chunks take the second saturation, so that the passes of an interleaved or V-shaped schedule read apart.
struct PassTone
{
    Tone tone;
    double laterChunkSaturation;
};
inline constexpr PassTone forwardPass{{212, 0.62, 0.36}, 0.35};
inline constexpr PassTone backwardPass{{26, 0.85, 0.42}, 0.5}; // also the input-gradient half
inline constexpr PassTone weightGradientPass{{140, 0.62, 0.34}, 0.35};
inline constexpr PassTone overlappedPass{{280, 0.42, 0.40}, 0.42}; // DualPipeV's forward with a backward
// Collectives in time, by kind (the communication lanes and their legend). Their hues keep apart from
// the passes' blue, orange, green and purple, so that communication never reads as compute; the
// dimension accents above use those very hues, which is why a collective here is not its dimension's
// accent.
inline const QColor tensorParallelCollective = QColor::fromHslF(300 / 360.0, 0.45, 0.50);
inline const QColor contextParallelExchange = QColor::fromHslF(178 / 360.0, 0.55, 0.38);
inline const QColor expertAllToAll = QColor::fromHslF(352 / 360.0, 0.65, 0.52);
inline const QColor pipelineSend = QColor::fromHslF(30 / 360.0, 0.20, 0.50);
inline const QColor dataParallelReduction = QColor::fromHslF(45 / 360.0, 0.85, 0.48);
// FSDP's all-gather of a layer's weights, before its forward and (lighter) before its backward.
inline const QColor fsdpGatherForward = QColor::fromHslF(190 / 360.0, 0.55, 0.40);
inline const QColor fsdpGatherBackward = QColor::fromHslF(190 / 360.0, 0.55, 0.55);
// Gradient reduction that runs past the last backward, where nothing hides it (the DDP step).
inline constexpr QColor exposedReduction{150, 35, 30};
// Lanes: a rank's lane, its thin communication lane, and the bubble (a rank idle inside the step) with
// its hatch, in the chart and its legend alike.
inline constexpr QColor laneBackground{244, 244, 244};
inline constexpr QColor minorLaneBackground{248, 248, 248};
inline constexpr QColor bubbleIdle{236, 236, 236};
inline constexpr QColor bubbleHatch{196, 196, 196};
// On a bar: the hatch that marks it exposed, and the line where one bar meets the next.
inline constexpr QColor exposedHatch{255, 255, 255, 150};
inline constexpr QColor barSeparator{255, 255, 255};
// Marks in time: the cursor the timeline's views share, the predicted step, the end of the backward.
inline constexpr QColor timeCursor{200, 30, 30};
inline constexpr QColor predicted{90, 90, 90};
inline constexpr QColor backwardEnd{60, 60, 60};
// The bubble against micro-batches: the idealized (p − 1)/(m + p − 1), and the design's own count.
inline constexpr QColor idealBubble{120, 120, 120};
inline constexpr QColor currentDesign{200, 30, 30};
inline constexpr QColor currentDesignLabel{160, 20, 20};
// Behind a plot label that a curve may cross: the plot's white, nearly opaque.
inline constexpr QColor plotLabelBacking{255, 255, 255, 230};
// Weak and strong scaling (throughput solid, efficiency dashed, in the curve's colour).
inline constexpr QColor weakScaling{31, 119, 180};
inline constexpr QColor strongScaling{214, 39, 40};
inline constexpr QColor idealScaling{90, 90, 90}; // throughput proportional to the GPUs

// Memory (widgets/memory).
// The categories, in every view that shows memory (memorytext.h's categoryColor reads these).
inline constexpr QColor weights{0x4e, 0x79, 0xa7};
inline constexpr QColor gradients{0x76, 0xb7, 0xb2};
inline constexpr QColor optimizerStates{0x59, 0xa1, 0x4f};
inline constexpr QColor activations{0xf2, 0x8e, 0x2b};
inline constexpr QColor kvCache{0xb0, 0x7a, 0xa1};
inline constexpr QColor workspace{0xed, 0xc9, 0x48};
inline constexpr QColor temporaryBuffers{0xff, 0x9d, 0xa7};
inline constexpr QColor communicationBuffers{0x9c, 0x75, 0x5f};
inline constexpr QColor allocatorReserve{0xd5, 0xd0, 0xcc};
// A GPU's memory (a dashed line) and what goes over it: a bar's outline, "does not fit" in text.
inline constexpr QColor capacityLine{0xd6, 0x27, 0x28};
inline constexpr QColor overCapacity{0xa5, 0x0f, 0x15};
// What goes over only by the reserve's fragmentation allowance (core::RankRole::tight): it may run.
inline constexpr QColor tightCapacity{0xb3, 0x6b, 0x00};
// The ZeRO view: the model states every GPU copies, and this GPU's share of the sharded rest.
inline constexpr QColor zeroReplicated{0x4e, 0x79, 0xa7};
inline constexpr QColor zeroSharded{0xa0, 0xcb, 0xe8};

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
