// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A rank of the layout, placed: its coordinates in the mesh and the GPU (node, slot) that runs it.

#include "design/mesh.h"

namespace core {

struct RankInfo
{
    int rank = 0;
    int gpuId = -1; // -1: no GPU left for this rank
    int nodeId = -1;
    int nodeIndex = -1;
    int slot = -1;
    Coords coords{};
    int coord(Dim dim) const { return coords[static_cast<std::size_t>(dim)]; }
};

} // namespace core
