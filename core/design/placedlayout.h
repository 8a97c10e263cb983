// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The layout placed on the cluster: the mesh and its groups, every rank's GPU, the presets the design is
// priced with and the step's micro-batch count. evaluate() builds it once, after the checks; every stage
// after it (memory, traffic, the schedule, performance, serving, a group's collective) reads it and the
// results of the stages before, never the evaluation being built, so that no stage depends on the order
// in which evaluate() fills its result.

#include "catalog/catalog.h"
#include "compute/gemmmodel.h"
#include "design/cluster.h"
#include "design/mesh.h"
#include "design/rankinfo.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

class PlacedGroupLinks; // comm/grouplinks.h

// Ranks that run the same pipeline position on the same GPU type hold the same memory and compute at the
// same rate: one role each, in the order of their first rank. Found once per placement, so that every
// model that needs "the GPUs of pipeline rank r" (memory, stage rates, the FLOP peak) reads the roles
// instead of walking every rank.
struct RankRoles
{
    struct Role
    {
        int ppRank = 0;
        std::string gpuType; // empty: ranks without a GPU
        std::vector<int> ranks;
    };
    std::vector<Role> roles;
    std::vector<int> roleOfRank; // rank → index into roles
};
RankRoles rankRoles(const Cluster& cluster, const std::vector<RankInfo>& ranks, int pp);

struct PlacedLayout
{
    std::int64_t worldSize = 0; // 0 when the degrees are not valid
    std::int64_t microBatches = 0; // per pipeline and optimizer step (training); microBatchesPerStep()
    // The mesh, ranks and groups exist when the degrees are valid, even if other checks failed, so that
    // a user sees the groups of a layout that does not fit yet.
    bool hasMesh = false;
    LayoutMesh mesh;
    std::vector<RankInfo> ranks;
    bool explicitPlacement = false;
    // The presets the layout is priced with: the built-in ones, with the design's calibrated links in
    // place of the presets of the same id. Views and further models look links up here.
    std::shared_ptr<const Catalog> catalog;
    // The links of every group, looked up once for this mesh and these ranks (comm/grouplinks.h); absent
    // for a layout placed by hand, whose groups are then looked up on every question.
    std::shared_ptr<const PlacedGroupLinks> groupLinks;
    // The ranks' roles (above); absent for a layout placed by hand.
    std::shared_ptr<const RankRoles> roles;

    // The GEMM tables kernels are priced with: the built-in ones, with the design's own kernel tables in
    // place of those of the same GPU type and data type; null: the built-in ones.
    std::shared_ptr<const GemmModel> gemms;

    const GemmModel& kernels() const { return gemms ? *gemms : GemmModel::builtin(); }
    // The catalog, or the built-in presets for a layout placed without one.
    const Catalog& presets() const { return catalog ? *catalog : Catalog::builtin(); }
    // Every rank has a GPU (false without a mesh).
    bool everyRankPlaced() const;
    // What the placement found: 1 every rank has a GPU, 0 not; -1 not known (everyRankPlaced counts).
    int placedKnown = -1;
};

} // namespace core
