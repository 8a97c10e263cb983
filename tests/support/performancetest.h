// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the step-time suites share (tst_performance, tst_stepresponses): a design's step, whatever the memory
// model says of it.

#include "evaluate.h"
#include "support/testdesigns.h"

#include <QtGlobal>

namespace testing {

// The step time of a design, whatever the memory model says of it: the 1T run of Korthikanti et al. 2022
// ran on A100 80 GB, where the model's peak for rank 0 lies a few percent above the capacity (tst_memory
// checks memory against its own sources). Any other error is a broken test design.
inline core::Performance performanceOf(const core::Design& design)
{
    const core::Evaluation e = core::evaluate(design);
    if (!e.valid() && !e.failsOnlyInMemory())
        qFatal("test design invalid: %s", qPrintable(testing::describe(e.diagnostics)));
    if (!e.performance)
        qFatal("test design has no performance estimate");
    return *e.performance;
}

} // namespace testing
