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
    // The presets the evaluation used, with the design's calibrated links in place of the presets of the
    // same id: every look-up of the design's GPUs and links goes here, so that a figure names what the
    // evaluation computed with. The built-in presets when there is no evaluation.
    const core::Catalog& catalog() const
    {
        return evaluation && evaluation->catalog ? *evaluation->catalog : core::Catalog::builtin();
    }
};

} // namespace widgets
