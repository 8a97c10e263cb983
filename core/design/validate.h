// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a user should hear about a design before running it: every check has a stable code (see
// diagnostickinds.h) and points at the field it is about.

#include "base/diagnostic.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/layoutarithmetic.h" // the checks count micro-batches; callers read the formula here too
#include "design/mesh.h"
#include "design/placement.h"

#include <vector>

namespace core {

struct DesignChecks
{
    bool meshPossible = false; // the degrees are valid: the mesh can be built
    bool modelValid = false; // the architecture is complete and within limits: figures can be computed
};

// Checks that need no mesh: value ranges, references to presets, divisibility, batch and sequence.
DesignChecks validateDesign(const Design& design, const Catalog& catalog,
                            std::vector<Diagnostic>& diagnostics);
// validateDesign in its two halves, for the mesh search, which checks thousands of layouts of one model
// on one cluster: what no layout changes (model, cluster, compute model; returns whether the model is
// valid), and what the layout decides (`inServiceGpus`: the cluster's count when the caller knows it, so
// that a layout's checks do not walk every GPU; −1 counts them).
bool validateFixedParts(const Design& design, const Catalog& catalog, std::vector<Diagnostic>& diagnostics);
DesignChecks validateLayoutParts(const Design& design, bool modelValid, std::vector<Diagnostic>& diagnostics,
                                 int inServiceGpus = -1);

// Checks on the ranks as placed: TP groups that leave a node, TP over PCIe.
void validatePlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                       const RankPlacement& placement, std::vector<Diagnostic>& diagnostics);

} // namespace core
