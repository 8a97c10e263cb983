// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The sentence above the collective animation, to be read out in a class: before the first step, what
// each rank holds and what the collective achieves; during a step, which rank sends which chunks to whom
// and what the receiver does with them, and the step's time; at the end, the goal reached. Without an
// animation, the view's message.

#include <QString>

namespace widgets {

class CollectiveView;

QString collectiveCaption(const CollectiveView& view);

} // namespace widgets
