// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How a design field is called in the user's language, and what it means: shared by the inspector's
// labels and the undo commands' texts ("Set TP to 4").

#include "design/designfield.h"

#include <QString>

namespace widgets {

QString fieldLabel(core::Field field);
QString fieldToolTip(core::Field field);

} // namespace widgets
