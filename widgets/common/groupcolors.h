// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Colours that tell parallel groups apart. Neighbouring groups get clearly different hues; the sequence
// repeats after twelve, which is fine because the view also outlines a hovered group.

#include "design/layout.h"

#include <QColor>

namespace widgets {

QColor groupColor(int groupIndex);
// A group of one dimension on the cluster canvas: a shade of the dimension's accent (dimensionColor), the
// shades alternating light and dark from group to group, so that the dimension buttons are the key.
QColor groupShade(core::Dim dim, int groupIndex);
// A position in a group: the pipeline stage (and, where the canvas colours by position, the DP replica or
// CP rank). One stage has one colour on the cluster canvas, the Memory tab and the Timeline; never red,
// which on the canvas means memory past capacity.
QColor stageColor(int stage);
// A readable text colour on top of a background.
QColor textColorOn(const QColor& background);
// One accent colour per dimension (legend, selection outlines).
QColor dimensionColor(core::Dim dim);

} // namespace widgets
