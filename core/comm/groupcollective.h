// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The collective that one process group of a design runs: its ranks on their real GPUs, the links those
// GPUs talk over (grouplinks.h) and a message size taken from the design, so that a user can play a real
// group of the design rather than an abstract one. The command line (`collective --design D.json --group
// tp:0`) and the collective view both read groups through here.
//
// Which collective and which message, per dimension (the formulas of commvolume.h):
//   TP  ring all-reduce of one layer's activations, s·b·h·e with s the tokens per CP rank (Megatron-LM
//       tensor_parallel/mappings.py: the row-parallel output; with sequence parallelism the same tensor
//       goes through an all-gather and a reduce-scatter instead, the same volume — Korthikanti et al. 2022
//       §4.2.2). Serving: one decode step, concurrency·h·e.
//   DP  the gradients of the rank's model shard, Ψ_rank·e_grad: a ring all-reduce without ZeRO (DDP), a
//       reduce-scatter with ZeRO 1–3 (the parameters' all-gather follows it; Rajbhandari et al., ZeRO,
//       SC'20 §7). Serving replicas never talk.
//   CP  the KV blocks of ring attention, gathered around the ring: an all-gather whose every rank
//       contributes one block of 2·(s/CP)·b·(KV heads per TP rank)·d·e (TransformerEngine
//       AttnFuncWithCPAndKVP2P passes the block on CP − 1 times, which is what a ring all-gather does).
//   EP  the token dispatch all-to-all of one MoE layer, T·k·h·e per GPU with T = b·s/CP local tokens
//       (Megatron-LM MoEAlltoAllTokenDispatcher). Serving: T = the concurrency (one decode step).
//   PP  sends point to point and has no collective, but under DualPipe group pp:i is the i-th pair of ranks
//       holding the same two stages (comm/stagecopy.h, stageCopyPairs): an all-reduce of both copies'
//       gradients, or with ZeRO of the rank's partition of them (stageCopyBytes); with a word embedding
//       on the first and the last stage (tied, or prediction depths) the pair of those two ranks, an
//       all-reduce of the embedding's gradient.
// Activations and KV travel in BF16 (2 bytes; 4 in FP32 training).

#include "catalog/catalog.h"
#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "comm/commvolume.h"
#include "design/design.h"
#include "design/placedlayout.h"

#include <optional>
#include <string>
#include <vector>

namespace core {

struct ClusterLinkSpecs; // comm/grouplinks.h

// What a group's message is; the fields of GroupMessage that apply to each kind are named there.
enum class GroupMessageKind {
    TpActivations,
    DpGradients,
    CpKvBlocks,
    EpDispatch,
    StageCopyGradients,
    EmbeddingCopyGradients
};

template<> struct EnumNames<GroupMessageKind>
{
    static constexpr std::array table{
        std::pair{GroupMessageKind::TpActivations, std::string_view{"tp-activations"}},
        std::pair{GroupMessageKind::DpGradients, std::string_view{"dp-gradients"}},
        std::pair{GroupMessageKind::CpKvBlocks, std::string_view{"cp-kv-blocks"}},
        std::pair{GroupMessageKind::EpDispatch, std::string_view{"ep-dispatch"}},
        std::pair{GroupMessageKind::StageCopyGradients, std::string_view{"stage-copy-gradients"}},
        std::pair{GroupMessageKind::EmbeddingCopyGradients, std::string_view{"embedding-copy-gradients"}}};
};

// The message and the numbers it is made of, so that a view can explain it in its own words.
struct GroupMessage
{
    GroupMessageKind kind = GroupMessageKind::TpActivations;
    double bytes = 0; // S as CollectiveSpec::bytes defines it
    double bytesPerElement = 2; // e
    std::int64_t tokens = 0; // TP, CP: s per CP rank; EP: local tokens T; serving: concurrency
    std::int64_t microBatch = 0; // b (1 when tokens already count every sequence)
    std::int64_t hidden = 0; // h (TP, EP)
    double parameters = 0; // DP: parameters of one rank's model shard; stage copies: those summed
    bool partition = false; // stage copies: the rank's ZeRO partition of the gradients, not all of them
    int kvHeads = 0; // CP: key/value heads per TP rank
    std::int64_t headDim = 0; // CP
    int topK = 0; // EP
    int blocks = 1; // CP: the all-gather's S is this many KV blocks (one per rank)
};

// One rank of the group as it sits in the cluster.
struct GroupMember
{
    int rank = 0;
    int nodeIndex = -1; // -1: the cluster has no GPU for this rank
    int nodeId = -1;
    int gpuId = -1;
    int slot = -1; // the GPU's position inside its node
};

struct GroupCollective
{
    Dim dim = Dim::Tp;
    int groupIndex = 0;
    // In ring order: node by node, ranks ascending inside a node, as NCCL's rings visit every GPU of a node
    // before they leave it. Position i of the collective is members[i].
    std::vector<GroupMember> members;
    CollectiveSpec spec; // op, default algorithm, ranks, bytes, ranksPerNode
    CollectiveLinks links;
    LinkSpec intraLink; // the slowest intra-node link among the group's nodes
    LinkSpec interLink; // the cluster's fabric: one network card
    double rails = 1; // cards a ring's inter-node hop runs on (grouplinks.h); links.interNode holds them
    // Between nodes, as each kind of collective runs there (grouplinks.h): a ring on its rails, all-to-all and
    // point-to-point sends on each GPU's card. links.interNode is the one of spec.op; an op chosen instead
    // takes linksFor(op).
    LinkCost interNodeOnRails;
    LinkCost interNodePerGpu;
    CollectiveLinks linksFor(CollectiveOp op) const;
    GroupMessage message;
    int nodes = 0; // nodes the group's GPUs are on
    // The nodes hold different numbers of the group's GPUs: CollectiveSpec can only say "g per node", so
    // g is their greatest common divisor and some hops inside a node are priced as fabric hops.
    bool unevenNodes = false;
};

struct GroupCollectiveResult
{
    std::optional<GroupCollective> group;
    // Why there is none, in English, for the command line (a view has its own words): the group does not
    // exist, the layout has no mesh, a rank has no GPU, a link is unknown, or the group does not talk.
    std::string problem;
};

// The dimensions whose groups run a collective that Meshwright can play (PP sends point to point).
inline constexpr std::array<Dim, 4> kCollectiveDims{Dim::Tp, Dim::Dp, Dim::Cp, Dim::Ep};

// Links are those of the placed layout's presets (they hold the design's calibrated links). An
// Evaluation is a PlacedLayout, so views and the command line pass theirs.
GroupCollectiveResult groupCollective(const Design& design, const PlacedLayout& placed, Dim dim,
                                      int groupIndex);
// The same with the cluster's per-node link specs built once (ClusterLinkSpecs(design.cluster,
// placed.presets())), for a caller that asks for many groups: building them walks every node.
GroupCollectiveResult groupCollective(const Design& design, const PlacedLayout& placed,
                                      const ClusterLinkSpecs& specs, Dim dim, int groupIndex);

// Bytes of one gradient element as the data-parallel collective moves it: 4 where the framework reduces in
// FP32 (its gradReduceInFp32 switch): Megatron-Core's default with BF16 (grad_reduce_in_fp32; Megatron-LM's
// arguments.py forces accumulate_allreduce_grads_in_fp32), FSDP2 with MixedPrecisionPolicy(reduce_dtype=
// float32), torchtitan's mixed_precision_reduce default; pure FP32 training. 2 where it reduces 16-bit
// gradients: DeepSpeed's communication_data_type default, FP16 training, NeMo's performance recipes.
double gradientBytesPerElement(const Design& design);
// Bytes of one activation element on the wire: 4 in FP32 training, 2 otherwise (FP8 recipes keep
// activations between layers in BF16; Transformer Engine casts to FP8 inside the GEMMs).
double activationBytesPerElement(Precision precision);
// Bytes per parameter a parameter all-gather moves (ZeRO-3/FSDP per layer, the distributed optimizer after
// its step), found once per design. A GEMM weight (RankShard::denseGemm, the experts): where the design
// gathers FP8 weights (gathersFp8Weights: Megatron-Core's --fp8-param-gather, torchtitan's
// enable_fsdp_float8_all_gather) 1 under per-tensor scaling (the FP8 bytes; Hopper's transpose is made after
// the gather) and 2 under MXFP8 (Megatron-Core's distributed optimizer gathers BF16 and quantises after;
// Megatron-FSDP gathers both FP8 copies); elsewhere, and outside FP8, the compute precision's
// activationBytesPerElement, which the other parameters (embedding, norms, router, output head) always take.
struct GatherBytes
{
    double gemm = 2;
    double other = 2;
    // Bytes an all-gather of `gemmParameters` GEMM weights and `otherParameters` other parameters moves.
    double of(double gemmParameters, double otherParameters) const
    {
        return gemmParameters * gemm + otherParameters * other;
    }
};
GatherBytes parameterGatherBytes(const Design& design);
// Bytes per value of a tensor-parallel all-gather under sequence parallelism, found once per design: of the
// layer's input (forward, recomputation and Megatron-Core's gather again for the weight gradient) and of the
// incoming gradient (backward). Under FP8, where the framework gathers the design's recipe quantised
// (frameworkprofile.h quantisedTpGatherBytes: Transformer Engine every recipe, torchao's float8 TP
// tensorwise only), the quantised copy's bytes; under block-scaled recipes Transformer Engine gathers the
// gradient's row- and column-wise copies both. Elsewhere activationBytesPerElement. Reduce-scatters and
// all-reduces sum, in the latter.
TpGatherBytes tpGatherBytesPerElement(const Design& design);

} // namespace core
