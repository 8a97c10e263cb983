// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The what-if section of the Cluster tab in words: GPUs and nodes out of service, slower links and what
// they cost, ranks without a GPU and the groups they leave, and the layout regrouped onto the GPUs left.

#include "cluster/whatif.h"
#include "common/designsnapshot.h"

#include <QString>

namespace widgets {

// Rich text for `snapshot`; `figures` are the costs of the designs evaluated beside it, null while they are
// being computed (the text then says so).
QString whatIfText(const DesignSnapshot& snapshot, const WhatIfFigures* figures);

} // namespace widgets
