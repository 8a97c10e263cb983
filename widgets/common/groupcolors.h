// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Colours that tell parallel groups apart. Neighbouring groups get clearly different hues; the sequence
// repeats after twelve, which is fine because the view also outlines a hovered group.

#include "design/layout.h"

#include <QColor>

namespace widgets {

QColor groupColor(int groupIndex);
// A readable text colour on top of a background.
QColor textColorOn(const QColor& background);
// One accent colour per dimension (legend, selection outlines).
QColor dimensionColor(core::Dim dim);

} // namespace widgets
