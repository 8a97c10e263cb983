// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every view draws from: one design and its evaluation, shared read-only between views so that a
// redraw never copies a 4,096-GPU design.

#include "design/design.h"
#include "evaluate.h"

#include <memory>

namespace widgets {

struct DesignSnapshot
{
    std::shared_ptr<const core::Design> design;
    std::shared_ptr<const core::Evaluation> evaluation;

    bool isNull() const { return !design || !evaluation; }
};

} // namespace widgets
