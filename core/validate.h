#pragma once

// What a user should hear about a design before running it: every check has a stable code (see
// diagnostickinds.h) and points at the field it is about.

#include "catalog.h"
#include "design.h"
#include "diagnostic.h"
#include "mesh.h"
#include "placement.h"

#include <vector>

namespace core {

// Checks that need no mesh: value ranges, references to presets, divisibility, batch and sequence.
// Returns true when the layout's degrees allow the mesh to be built.
bool validateDesign(const Design& design, const Catalog& catalog, std::vector<Diagnostic>& diagnostics);

// Checks on the ranks as placed: TP groups that leave a node, TP over PCIe.
void validatePlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                       const RankPlacement& placement, std::vector<Diagnostic>& diagnostics);

// Micro-batches per pipeline and optimizer step: global batch / (micro-batch × data-parallel replicas);
// 0 when they do not divide.
std::int64_t microBatchesPerStep(const Design& design);

// "DP 4 × TP 8 × PP 4 × CP 4", naming only the dimensions that count towards the world size.
std::string worldSizeFormula(const ParallelLayout& layout);

} // namespace core
