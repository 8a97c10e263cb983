// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Peak memory of every GPU, by category, for training and for serving.
//
// The categories of the reference article («Memory Budgets für Training und Inference»):
//   training peak ≈ parameters + gradients + optimizer state + saved activations + temporary buffers
//                   + communication buffers + allocator headroom
//   inference peak ≈ resident weights + KV cache + runtime workspace + communication buffers
//                   + allocator headroom
// Every rank at the same pipeline position on the same GPU type needs the same memory, so the model
// computes one "role" per pipeline rank and GPU type, with an explanation for every figure, and maps the
// ranks onto the roles.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "base/explanation.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/placedlayout.h"
#include "design/rankinfo.h"
#include "framework/frameworkprofile.h"
#include "memory/hostmemory.h"
#include "memory/memoryassumptions.h"
#include "memory/memorycategory.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace core {

// Bytes per parameter of the model states.
struct StateBytes
{
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double total() const { return weights + gradients + optimizer; }
};
// Model-state bytes per parameter in training: the precision's weights and gradients, the optimizer's
// master weights and moments in `moments` (2 bytes each when 16-bit).
StateBytes stateBytesPerParameter(Precision precision, Optimizer optimizer, MomentDtype moments);
inline StateBytes stateBytesPerParameter(const Workload& w)
{
    return stateBytesPerParameter(w.precision, w.optimizer, w.optimizerMoments);
}
// Bytes of an FP8 weight on `gpu` (null: not known) under `recipe`. Transformer Engine keeps the FP8 copy
// and, where the GPU's FP8 GEMMs take only the TN layout (Hopper), its transpose for the data gradient;
// Blackwell's take any layout (TE pytorch/utils.py is_non_tn_fp8_gemm_supported: compute capability 10.x;
// the presets mark those GPUs by their block-scaled tensor cores, GpuSpec::mxfp8), so per-tensor scaling
// keeps one byte there. MXFP8 and blockwise scaling keep a column-wise copy everywhere (their scales run
// along one axis). stateBytesPerParameter counts 2.
double fp8WeightBytes(Fp8Recipe recipe, const GpuSpec* gpu);
// Whether the design's parameter all-gathers move its GEMM weights as FP8 (Switch::Fp8ParamGather:
// Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather): only under FP8 with the weights
// sharded (ZeRO 1 and up; Megatron-LM arguments.py asserts it), not under blockwise scaling, whose recipes
// keep BF16 weights, and with torchao only for per-tensor scaling (MXFP8 is gathered in BF16).
bool gathersFp8Weights(const Design& design);
// Whether those FP8 weights are the parameters: Transformer Engine's FP8 tensors (Megatron-Core). torchao
// keeps the FP32 shard and casts it to FP8 before each all-gather (float8/fsdp_utils.py fsdp_pre_all_gather).
bool keepsFp8Parameters(const Design& design);

// The ZeRO paper's model states (Rajbhandari et al. 2020, §5; the reference article's table) for Ψ parameters
// sharded over N data-parallel ranks: stage 1 shards the optimizer, stage 2 also gradients, stage 3 also
// weights. (What a rank holds beside them, a pass's gathered weights or FSDP2's unsharded gradients between
// micro-batches, memoryroles::rankStates adds.)
struct ModelStates
{
    double weights = 0, gradients = 0, optimizer = 0;
    double replicated = 0; // what every rank of the group holds in full
    double sharded = 0; // each rank's 1/N share of the rest
    double total() const { return weights + gradients + optimizer; }
    ModelStates& operator+=(const ModelStates& other);
};
ModelStates modelStates(double parameters, int zeroStage, int shardRanks, const StateBytes& bytes);
// The same with the framework's way of holding gradients at this stage (frameworkprofile.h).
ModelStates modelStates(double parameters, int zeroStage, int shardRanks, const StateBytes& bytes,
                        GradientHolding gradients);
// The bytes per parameter the design's framework keeps (frameworkprofile.h): the precision's, with
// FSDP2's FP32 parameters as master weights, Megatron's FP32 main gradients, DeepSpeed's FP32 gradient
// partition.
StateBytes frameworkStateBytes(const Design& design);
// The same on `gpu` (null: not known), with `weights` what a GEMM weight takes under FP8: its FP8 copies
// (fp8WeightBytes) alone where they are the parameters (keepsFp8Parameters); otherwise the framework's
// parameter bytes, plus the FP8 copies where its layers keep them between micro-batches
// (FrameworkProfile::fp8CachesWeights: Transformer Engine), not where they cast in each GEMM (torchao).
StateBytes frameworkStateBytes(const Design& design, const GpuSpec* gpu);
// What ZeRO-3 gathers and reduces layer by layer, per parameter: the compute precision's bytes, FP8
// parameters as they are kept (`kept`: frameworkStateBytes(design, gpu)), torchao's FP8 gather as one byte.
StateBytes collectiveStateBytes(const Design& design, const StateBytes& kept);
// FSDP2 with set_requires_gradient_sync(False) between micro-batches (the design's
// gradientSyncEveryMicroBatch off, torch.distributed.pipelining's default) and more than one micro-batch a
// step: every parameter's unsharded gradient is held in reduce_dtype (unshardedGradientBytes) until the last
// micro-batch.
bool accumulatesUnshardedGradients(const Design& design, int zeroStage);
double unshardedGradientBytes(const Design& design);

struct MemoryFigure
{
    double bytes = 0;
    Explanation explanation;
};

struct RankRole
{
    int ppRank = 0;
    std::string gpuType;
    double capacityBytes = 0;
    std::array<MemoryFigure, kMemoryCategoryCount> figures;
    double totalBytes = 0;
    double offloadedBytes = 0; // optimizer states kept in CPU memory instead
    MemoryFigure host; // what one rank keeps in its node's CPU memory (hostmemory.h)
    double inFlight = 0; // micro-batches whose activations are held at the peak, in whole-stage units
    int layers = 0;
    std::vector<int> ranks;
    // Training: the reserve's allowance for the caching allocator's fragmentation, a share of what it
    // allocates (FrameworkProfile::fragmentation). The allowance is an assumption, the rest is counted: a
    // rank over its capacity by less than the allowance is tight.
    double fragmentationBytes = 0;

    const MemoryFigure& figure(MemoryCategory c) const { return figures[static_cast<std::size_t>(c)]; }
    MemoryFigure& figure(MemoryCategory c) { return figures[static_cast<std::size_t>(c)]; }
    bool fits() const { return totalBytes <= capacityBytes; }
    // What the caching allocator hands out: every category but the reserve.
    double allocatedBytes() const
    {
        double bytes = 0;
        for (std::size_t c = 0; c < figures.size(); ++c)
            if (static_cast<MemoryCategory>(c) != MemoryCategory::Reserve)
                bytes += figures[c].bytes;
        return bytes;
    }
    // Over its capacity only by the fragmentation allowance: it runs if the allocator wastes less.
    bool tight() const { return !fits() && totalBytes - fragmentationBytes <= capacityBytes; }
    // The share of what is allocated the allocator may waste before the rank runs out (tight ranks).
    double fragmentationHeadroom() const
    {
        const double allocated = allocatedBytes();
        return allocated > 0 ? (capacityBytes - (totalBytes - fragmentationBytes)) / allocated : 0;
    }
    MemoryCategory largest() const; // the category that dominates (reserve excluded)
};

// A serving engine's start-up arithmetic on the rank that fits the fewest sequences, term by term as its log
// states it (vLLM: "the current vLLM instance can use total_gpu_memory × gpu_memory_utilization; model
// weights take …; non_torch_memory takes …; PyTorch activation peak memory takes …; the rest of the memory
// reserved for KV Cache is …", then the number of KV blocks and the maximum concurrency).
struct ServingBudget
{
    std::string engine; // the release whose defaults it uses, e.g. "vLLM 0.10"
    double totalBytes = 0;
    double utilization = 0;
    double usableBytes = 0; // total × utilization
    double weightsBytes = 0;
    double nonTorchBytes = 0;
    double activationBytes = 0;
    double kvCacheBytes = 0; // usable − weights − non-torch − activations
    int blockTokens = 16;
    std::int64_t blocks = 0;
    double maxConcurrency = 0; // blocks × block tokens ÷ context per sequence
};

struct MemoryReport
{
    Mode mode = Mode::Training;
    std::string framework; // the profile's id (frameworkprofile.h) whose rules the figures follow
    std::vector<RankRole> roles;
    std::vector<int> roleOfRank; // rank → index into roles
    int peakRank = -1;
    double peakBytes = 0;
    bool fits = true; // every rank fits with the configured reserve
    // Does not fit, but every rank would without the fragmentation allowance (RankRole::tight): a warning,
    // not an error, since the allowance is an assumption (docs/frameworks.md, "Buffers and the reserve").
    bool tight = false;
    // Serving: the KV cache one sequence of the design's context needs on the fullest rank, and how many
    // such sequences fit on every rank of a replica next to the weights.
    double kvBytesPerSequence = 0;
    std::optional<std::int64_t> maxConcurrentSequences;
    Explanation kvBytesPerSequenceExplanation;
    Explanation maxConcurrentSequencesExplanation;
    std::optional<ServingBudget> servingBudget;
    // Training: CPU memory per node (hostmemory.h); set by evaluate, which knows the ranks' nodes.
    std::optional<HostMemory> host;
    std::vector<Diagnostic> diagnostics;

    const RankRole& roleOf(int rank) const
    {
        return roles[static_cast<std::size_t>(roleOfRank[static_cast<std::size_t>(rank)])];
    }
};

// In-flight micro-batches of a pipeline rank at its activation peak, in whole-stage units: m for GPipe,
// min(p − r, m) for 1F1B, Megatron's interleaved warm-up + 1 chunks divided by v, … (see memory.cpp).
double inFlightMicroBatches(const Design& design, int ppRank, std::int64_t microBatches);

// Needs a design whose model and degrees are valid and whose ranks are placed (Evaluation::ranks).
MemoryReport computeMemory(const Design& design, const std::vector<RankInfo>& ranks, const Catalog& catalog,
                           const MemoryAssumptions& assumptions = {});
// The same from the placement's roles (placedlayout.h: one role per pipeline rank and GPU type). Without
// `rankLists` the report leaves RankRole::ranks and roleOfRank empty (peakRank is still set): what the search
// needs, at a cost that does not grow with the GPUs.
MemoryReport computeMemory(const Design& design, const RankRoles& roleMap, const Catalog& catalog,
                           const MemoryAssumptions& assumptions = {}, bool rankLists = true);

// The reference article's ZeRO comparison for a design: DDP, ZeRO-1, ZeRO-2 and ZeRO-3 model states of the
// fullest rank's shard, counted as the memory bars count them: dense parameters sharded over the dense
// data-parallel group, expert parameters over the expert one, FSDP2's reshard_after_forward as designed,
// and an offloaded optimizer off the GPU. The design's own stage equals its bar's model states.
struct ZeroComparison
{
    double parameters = 0; // Ψ of the shard, dense and expert
    double expertParameters = 0; // the expert part of it
    int shardRanks = 1; // N of the dense parameters
    int expertShardRanks = 1; // N of the expert parameters (expert data parallelism)
    bool optimizerOffloaded = false; // the optimizer states are in CPU memory, not in the bars
    std::array<ModelStates, 4> stages;
};
// `gpu`: the fullest rank's GPU, whose FP8 weights the bars count (frameworkStateBytes); null: 2 bytes.
ZeroComparison zeroComparison(const Design& design, const GpuSpec* gpu = nullptr);

// `listedRanks`: the ranks ranks[] lists (nullptr: every rank).
Json memoryToJson(const MemoryReport& report, const std::vector<int>* listedRanks = nullptr);

} // namespace core
