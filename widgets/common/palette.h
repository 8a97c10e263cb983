// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every colour the views use, named by what it means, so that one colour says one thing in every view
// (the legend of one view is the legend of all). Views take their colours from here and from
// groupcolors.h (which picks among the group hues); no view writes a literal colour.

#include <QColor>

namespace widgets::palette {

// Text, frames and backgrounds shared by every view.

// Cluster canvas (widgets/cluster).

// Collectives (widgets/collectives).

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
