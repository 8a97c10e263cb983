// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What if GPUs go out of service: the layout regrouped onto the GPUs left, as a training framework
// restarts it — the model-parallel degrees (TP, PP, CP, EP) stay, since they fix how the model is cut, and
// data parallelism shrinks to the largest degree the GPUs in service hold. The global batch stays; each
// replica takes more micro-batches. The explicit placement is dropped for the topology-aware default.

#include "design/design.h"

#include <optional>

namespace core {

struct Regrouped
{
    Design design; // the regrouped design
    int dpBefore = 0;
    int dpAfter = 0;
};

// nullopt when every rank has a GPU already, or when no smaller DP fits the GPUs in service with the global
// batch still dividing into its micro-batches.
std::optional<Regrouped> regroupOntoGpusInService(const Design& design);

} // namespace core
