// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A design: everything a user decides — the model, the workload, the cluster, the parallel layout and
// optionally an explicit rank → GPU placement. It is a plain value; core::evaluate(design) computes every
// figure from it.

#include "base/jsonreader.h"
#include "catalog/model.h"
#include "design/cluster.h"
#include "design/layout.h"
#include "design/measuredrecord.h"
#include "design/workload.h"
#include "performance/computemodel.h"

#include <string>
#include <vector>

namespace core {

// A user's own GEMM kernel table carried by the design (docs/kernel-model.md): CSV text with the columns of
// the built-in table, and the name of where it came from. The evaluation prices the GPU types and data
// types it holds with it, in place of the built-in table or the roofline fallback.
struct DesignKernelTable
{
    std::string source;
    std::string csv;
    bool operator==(const DesignKernelTable&) const = default;
};

struct Design
{
    std::string name;
    std::string description;
    ModelArchitecture model;
    Workload workload;
    Cluster cluster;
    ParallelLayout layout;
    // How fast the GPUs compute a layer: the defaults, or numbers calibrated from measured layer times.
    ComputeModel compute;
    // Measured GEMM tables of the design's GPU types (a sweep on its cluster); empty: the built-in ones.
    std::vector<DesignKernelTable> kernelTables;
    // Explicit placement: GPU id of every rank. Empty: the default, topology-aware placement.
    std::vector<int> placement;
    // What real runs of this layout measured, to set beside the prediction (measuredrecord.h).
    std::vector<MeasuredRecord> records;
    // The record the views set beside the prediction, by its index in `records`; none: the newest
    // (comparedRecord in measuredrecord.h).
    std::optional<int> comparedRecord;
    // Fields a newer Meshwright (or a person) wrote that this version does not know, by JSON pointer;
    // written back on save, so that a load/save round trip in this version loses nothing a newer one wrote.
    Json unknown = Json::object();

    bool operator==(const Design&) const = default;
};

// The multi-token prediction depths a design trains (catalog/model.h mtpLayers); a serving design runs
// none (inference engines load them only to decode speculatively).
inline int trainedMtpLayers(const Design& design)
{
    return design.workload.mode == Mode::Training ? design.model.mtpLayers : 0;
}

} // namespace core
