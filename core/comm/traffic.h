// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which links each parallel dimension's traffic crosses, and how many bytes per training step.
//
// The volumes are those of docs/communication-volume.md, through comm/commvolume.h: data-parallel
// gradient synchronisation per optimizer step (DDP / ZeRO-1/2: 2(N−1)/N·Ψ·e, ZeRO-3: 1.5× that), tensor
// parallelism per layer per micro-batch, pipeline activations per stage boundary, the context-parallel
// ring's KV blocks and the expert all-to-alls; under DualPipe the data-parallel part also carries the sum
// of every stage's two copies between pipeline ranks r and PP−1−r (pipeline/steptimeline.h,
// StageCopySync). The links come from the actual placement: every send goes
// from one rank's GPU to another's, over the node's own link (NVLink or PCIe) when both sit in the same
// node and over the fabric otherwise. The reference article's figure in «Ein Layout aus der Topologie
// zusammensetzen» is the picture to get right: in its 512-GPU example the TP all-reduce stays on NVLink
// inside a node, while the FSDP/DP gradient collectives and the PP activations cross the network between
// nodes.

#include "base/explanation.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/mesh.h"
#include "design/rankinfo.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace core {

inline constexpr int kLinkClassCount = 3; // LinkClass: nvlink, pcie, fabric

// How the members of a group send to one another.
enum class TrafficPattern {
    Ring, // each member sends to the next one of `path`, the last to the first
    Chain, // pipeline: neighbours along `path` send both ways (activations forward, gradients backward)
    AllToAll // every member sends an equal share to every other member
};

template<> struct EnumNames<TrafficPattern>
{
    static constexpr std::array table{std::pair{TrafficPattern::Ring, std::string_view{"ring"}},
                                      std::pair{TrafficPattern::Chain, std::string_view{"chain"}},
                                      std::pair{TrafficPattern::AllToAll, std::string_view{"all-to-all"}}};
};

struct DimensionTraffic
{
    Dim dim = Dim::Tp;
    TrafficPattern pattern = TrafficPattern::Ring;
    // A chain that closes: interleaved pipelines send from the last rank back to the first.
    bool closedChain = false;
    // The groups that communicate, each in send order (rings in NCCL's topology order, see traffic.cpp).
    // For DP these are the gradient-synchronisation groups: all ranks holding the same dense parameters
    // (DP × CP, × EP when EP is its own dimension), as Megatron-Core reduces over its data-parallel group
    // "with context parallel".
    std::vector<std::vector<int>> paths;
    std::vector<int> groupOfRank; // rank → index into paths
    int groupsSpanningNodes = 0;

    double bytesPerGpu = 0; // the busiest GPU, per training step
    double totalBytes = 0; // every GPU together, per training step
    std::vector<double> bytesOfRank; // rank → bytes it sends per step
    std::array<double, kLinkClassCount> linkBytes{}; // totalBytes split by the link class it crosses
    // By node index: bytes the node's GPUs send to GPUs of the same node, and over the fabric.
    std::vector<double> intraNodeBytes;
    std::vector<double> fabricBytes;
    Explanation explanation;

    int groupSize() const { return paths.empty() ? 0 : static_cast<int>(paths.front().size()); }
    double bytesOn(LinkClass link) const { return linkBytes[static_cast<std::size_t>(link)]; }
    // Share of the dimension's bytes on a link class (0 when nothing moves).
    double share(LinkClass link) const { return totalBytes > 0 ? bytesOn(link) / totalBytes : 0; }
    bool crosses(LinkClass link) const { return bytesOn(link) > 0; }
};

struct TrafficReport
{
    std::int64_t microBatches = 0;
    std::array<DimensionTraffic, kDimCount> dims; // indexed by Dim
    std::array<double, kLinkClassCount> linkBytes{}; // all dimensions, per training step

    const DimensionTraffic& of(Dim dim) const { return dims[static_cast<std::size_t>(dim)]; }
    double bytesOn(LinkClass link) const { return linkBytes[static_cast<std::size_t>(link)]; }
};

// Needs a training design whose model and degrees are valid, the mesh, and every rank placed
// (Evaluation::ranks with a GPU each). A send between GPUs of one node uses the node's intra link (one the
// catalog does not know counts as PCIe; the validation reports it), any other send the fabric.
TrafficReport computeTraffic(const Design& design, const LayoutMesh& mesh, const std::vector<RankInfo>& ranks,
                             std::int64_t microBatches, const Catalog& catalog);

Json trafficToJson(const TrafficReport& report);

} // namespace core
