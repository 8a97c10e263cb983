// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// For the widget suites: a design and its evaluation as the views receive them from the document.

#include "common/designsnapshot.h"

namespace testing {

inline widgets::DesignSnapshot snapshotOf(const core::Design& design)
{
    return {std::make_shared<const core::Design>(design),
            std::make_shared<const core::Evaluation>(core::evaluate(design))};
}

} // namespace testing
