// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the design's framework cannot run, each as an error at the field that asks for it: a training
// framework asked to serve, a ZeRO stage it does not offer or not with pipeline parallelism, a parallel
// dimension it lacks, an offload kind it does not have, a pipeline schedule it does not run when the design
// names the framework (frameworkprofile.h names the sources).

#include "base/diagnostic.h"
#include "design/design.h"

#include <vector>

namespace core {

void validateFramework(const Design& design, std::vector<Diagnostic>& out);

// Megatron-Core's layout rules for activation offloading (TransformerConfig.__post_init__): one pipeline
// stage and no recomputation. validateFramework reports each that fails (with the layer count and the
// framework); the search keeps a design's offloading only on candidates that pass.
bool layoutAllowsActivationOffload(const ParallelLayout& layout);

} // namespace core
