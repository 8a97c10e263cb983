// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the collective view shows (the scene), and what each part of its painting reads: the scene, where
// the animation stands, and the widget's palette and font. The parts (state panels, chunk cells, topology,
// legend, time strip) paint from this and keep no state of their own.

#include "collectives/collectiveplayhead.h"
#include "comm/collective.h"

#include <QFont>
#include <QPalette>
#include <QStringList>
#include <memory>
#include <vector>

namespace widgets {

// The animation draws 2 to kMaxAnimatedRanks ranks, each buffer cut into at most kMaxAnimatedChunks chunks:
// beyond that a class no longer follows the cells. A larger group of a design shows its cost only.
inline constexpr int kMaxAnimatedRanks = 16;
inline constexpr int kMaxAnimatedChunks = 64;

// What the view shows. Columns are the collective's positions 0…n−1 (for a group of the design, its ranks
// in ring order).
struct CollectiveScene
{
    std::shared_ptr<const core::CollectiveTrace> trace; // null or invalid: `message` is shown instead
    std::vector<double> stepSeconds; // per step, from the cost model
    QString costModel; // names the model the times come from, for the time strip's title
    QStringList heads; // per column, e.g. "rank 8"
    QStringList details; // per column, e.g. "node 1 · GPU 0"; empty for none
    QStringList discLabels; // per column, the number in the topology's disc
    std::vector<int> rankIds; // per column, the rank number cells name contributors by; empty = columns
    std::vector<int> nodeOfColumn; // per column, an index into nodeNames; empty: no nodes drawn
    QStringList nodeNames;
    QString message; // why there is nothing to animate (a diagnostic)
};

// The buffers after `steps` steps of `trace` (clamped to the trace's steps; 0 and less: the start).
const core::CollectiveState& stateAfterSteps(const core::CollectiveTrace& trace, int steps);

// A scene with a trace, as one part of the view paints it.
struct CollectivePaintContext
{
    const CollectiveScene& scene;
    const CollectivePlayhead& playhead;
    const QPalette& palette;
    const QFont& font;

    const core::CollectiveTrace& trace() const { return *scene.trace; }
    const core::CollectiveState& stateAfter(int steps) const { return stateAfterSteps(trace(), steps); }
    // The number a column's disc and swatch show.
    QString discLabel(int column) const;
};

} // namespace widgets
