// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The figures the Cluster tab's what-if needs beyond the design's own evaluation: what the layout costs
// regrouped onto the GPUs in service (core/design/regroup.h) against the same layout with every GPU in
// service, and what the step costs with every node on the fastest intra-node link. Each is a design
// evaluated beside the current one, as long to compute as the design itself, so the application computes
// them off the GUI thread (app/document/whatif.h) and hands them to the panel, which shows "computing…"
// until they arrive.

#include "design/design.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace widgets {

// What one evaluated design costs, as the what-if compares it.
struct WhatIfCosts
{
    std::optional<double> stepSeconds; // training: the step time…
    std::optional<double> mfu; // …and the model FLOPs utilisation
    std::optional<double> tokensPerSecond; // serving: the group's output tokens per second
    bool overMemory = false; // some rank does not fit its GPU
};

struct WhatIfFigures
{
    std::shared_ptr<const core::Design> design; // the design these figures belong to

    // Some rank has no GPU: the layout with a smaller DP on the GPUs in service (none when no DP fits),
    // against the same layout with every GPU in service.
    struct Regrouping
    {
        int dpBefore = 0;
        int dpAfter = 0;
        std::int64_t worldSize = 0;
        WhatIfCosts whole;
        WhatIfCosts regrouped;
    };
    std::optional<Regrouping> regrouping;

    // Nodes whose intra-node link is slower than the fastest node's (a link slowed in the context menu),
    // by node id and link name, and the cost with every node on the fastest link.
    struct SlowedNode
    {
        int nodeId = 0;
        std::string link;
    };
    std::vector<SlowedNode> slowedNodes;
    std::string fastestLink;
    WhatIfCosts allFast;
};

} // namespace widgets
