// SPDX-License-Identifier: GPL-3.0-or-later
// The memory report (memory.h): bytes per parameter of the model states, the ZeRO stages, the micro-batches
// a schedule keeps in flight, and the report assembled from one role per pipeline rank and GPU type. The
// roles' figures are trainingmemory.cpp's and servingmemory.cpp's (memoryroles.h).
#include "memory/memory.h"

#include "base/diagnostickinds.h"
#include "design/fp8scaling.h"
#include "design/layoutarithmetic.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/memoryroles.h"
#include "pipeline/pipelineschedule.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace core {

namespace memoryroles {

namespace {

// Communicators a rank belongs to: one per parallel dimension whose groups have more than one rank.
int communicatorCount(const ParallelLayout& layout)
{
    int count = 0;
    for (Dim dim : kAllDims)
        count += layout.degree(dim) > 1 ? 1 : 0;
    return count;
}

} // namespace

MemoryFigure communicationFigure(const ParallelLayout& layout, const MemoryAssumptions& a, double extra,
                                 const std::string& extraText)
{
    const int communicators = communicatorCount(layout);
    const double nccl = communicators * a.ncclBytesPerCommunicator;
    Explanation why;
    why.formula = MW_TR_NOOP("Explanations", "communicators × NCCL buffers per communicator")
        + std::string(extra > 0 ? " + " + extraText : "");
    why.input(MW_TR_NOOP("Explanations", "communicators (dimensions with groups > 1)"), communicators)
        .input(MW_TR_NOOP("Explanations", "NCCL buffers per communicator"), a.ncclBytesPerCommunicator,
               "bytes");
    if (extra > 0)
        why.input(extraText, extra, "bytes");
    why.source
        = "NCCL_BUFFSIZE = 4 MiB per channel (NCCL environment variables); PyTorch DDP bucket_cap_mb = 25";
    return figure(nccl + extra, std::move(why));
}

RankStates rankStates(const Design& design, const RankShard& shard, int zeroStage, const StateBytes& bytes)
{
    const ParallelLayout& l = design.layout;
    const FrameworkProfile& p = frameworkProfile(design);
    const int stage = std::clamp(zeroStage, 0, 3);
    const GradientHolding gradients = p.gradientsAtStage[static_cast<std::size_t>(stage)];
    // Under FP8 `bytes.weights` is what an FP8 GEMM weight takes; the dense parameters besides the GEMM
    // weights (embedding, norms, router, output head) keep the framework's own weight bytes.
    StateBytes dense = bytes;
    if (design.workload.precision == Precision::Fp8 && shard.dense > 0)
        dense.weights = (shard.denseGemm * bytes.weights
                         + (shard.dense - shard.denseGemm) * frameworkStateBytes(design).weights)
            / shard.dense;
    RankStates s;
    s.onGpu = modelStates(shard.dense, stage, denseShardGroup(l), dense, gradients);
    s.onGpu += modelStates(shard.expert, stage, expertShardGroup(l), bytes, gradients);
    // FSDP2 without gradient sync between micro-batches keeps each parameter's unsharded gradient,
    // upcast to reduce_dtype, and adds every micro-batch's into it until the last one reduce-scatters
    // (_fsdp_param.py to_accumulated_grad_if_needed, accumulate_unsharded_grad_if_needed), each stage's
    // until its own last backward (heldGradientShare). They replace the sharded gradients, which
    // zero_grad frees before the step's first forward.
    const bool accumulating = accumulatesUnshardedGradients(design, stage);
    const double shardedGradients = s.onGpu.gradients;
    if (accumulating) {
        (gradients == GradientHolding::Sharded ? s.onGpu.sharded : s.onGpu.replicated) -= s.onGpu.gradients;
        s.heldGradientShare = heldGradientShare(design, shard);
        s.onGpu.gradients = shard.total() * unshardedGradientBytes(design) * s.heldGradientShare;
        s.onGpu.replicated += s.onGpu.gradients;
    }
    const Offload offload = design.workload.offload;
    // What moves to host memory leaves the replicated or the sharded part it was counted in.
    auto move = [&](double& category, double& moved, bool sharded) {
        s.offloaded += category;
        moved += category;
        (sharded ? s.onGpu.sharded : s.onGpu.replicated) -= category;
        category = 0;
    };
    if (offload != Offload::None)
        move(s.onGpu.optimizer, s.moved.optimizer, stage >= 1);
    if (offload != Offload::None && p.offloadMovesGradients && accumulating) {
        // The sharded gradients the optimizer reads live in host memory; the unsharded ones stay.
        s.offloaded += shardedGradients;
        s.moved.gradients += shardedGradients;
    } else if (offload != Offload::None && p.offloadMovesGradients) {
        move(s.onGpu.gradients, s.moved.gradients, gradients == GradientHolding::Sharded);
    }
    if (offload == Offload::CpuParameters && stage >= 3)
        move(s.onGpu.weights, s.moved.weights, true);
    // Without resharding after forward the gathered weights, in the type they are gathered in, live beside
    // the shard from a layer's forward to its backward, on the GPU whatever is offloaded (FSDP2's unsharded
    // parameters; the sharded FP32 ones stay the optimizer's).
    if (stage >= 3 && !l.reshardAfterForward) {
        const double gathered = shard.total() * collectiveStateBytes(design, bytes).weights;
        s.onGpu.weights += gathered;
        s.onGpu.replicated += gathered;
    }
    return s;
}

} // namespace memoryroles

StateBytes frameworkStateBytes(const Design& design)
{
    const Workload& w = design.workload;
    StateBytes bytes = stateBytesPerParameter(w);
    if (w.precision == Precision::Fp32)
        return bytes;
    const FrameworkProfile& p = frameworkProfile(design);
    if (p.fp32Parameters) // the FP32 parameters are the master weights: the optimizer keeps its moments only
        bytes = {4, 4, bytes.optimizer - 4};
    // Megatron-Core's main_grad buffer holds the gradients in the dtype it reduces them in: FP32 with
    // grad_reduce_in_fp32 (BF16's default; Megatron-LM's arguments.py forces
    // accumulate_allreduce_grads_in_fp32), 16-bit without (FP16, or NeMo's performance recipes). The
    // optimizer then makes an FP32 copy of its gradient shard (distrib_optimizer.py: shard_main_param.grad =
    // model_grad.float()): dist_optimizer.md's 20 bytes, 4 + 16/d, for 16-bit gradients.
    if (p.gradientBytes > 0) {
        if (switchOn(design, Switch::GradReduceInFp32)) {
            bytes.gradients = p.gradientBytes;
        } else {
            bytes.gradients = 2;
            bytes.optimizer += 4;
        }
    }
    if (p.fp32GradientPartition)
        bytes.optimizer += 4;
    return bytes;
}

StateBytes collectiveStateBytes(const Design& design, const StateBytes& kept)
{
    StateBytes bytes = stateBytesPerParameter(design.workload);
    if (keepsFp8Parameters(design))
        bytes.weights = kept.weights;
    else if (gathersFp8Weights(design))
        bytes.weights = 1; // torchao's per-tensor FP8 data; the GEMM makes the transpose it needs
    return bytes;
}

bool accumulatesUnshardedGradients(const Design& design, int zeroStage)
{
    return zeroStage >= 3 && design.workload.mode == Mode::Training
        && !switchOn(design, Switch::GradientSyncEveryMicroBatch) && microBatchesPerStep(design) > 1;
}

double unshardedGradientBytes(const Design& design)
{
    // FSDP2's reduce_dtype: FP32 unless the design reduces in the 16-bit type the gradients are computed in.
    return switchOn(design, Switch::GradReduceInFp32) ? 4.0 : 2.0;
}

StateBytes frameworkStateBytes(const Design& design, const GpuSpec* gpu)
{
    StateBytes bytes = frameworkStateBytes(design);
    if (design.workload.precision != Precision::Fp8)
        return bytes;
    // A GEMM weight: its FP8 copies alone where they are the parameters; otherwise the framework's
    // parameter, with the FP8 copies beside it where its layers keep them between micro-batches.
    const double fp8 = fp8WeightBytes(design.workload.fp8Recipe, gpu);
    if (keepsFp8Parameters(design))
        bytes.weights = fp8;
    else if (frameworkProfile(design).fp8CachesWeights)
        bytes.weights += fp8;
    return bytes;
}

bool gathersFp8Weights(const Design& design)
{
    const Fp8Recipe recipe = design.workload.fp8Recipe;
    if (!switchApplies(design, Switch::Fp8ParamGather) || !switchOn(design, Switch::Fp8ParamGather)
        || recipe == Fp8Recipe::Blockwise)
        return false;
    // torchao's float8 all-gather is its per-tensor weight's (WeightWithDynamicFloat8CastTensor).
    return frameworkProfile(design).fp8Casts == Fp8Casts::TransformerEngine || perTensorScaling(recipe);
}

bool keepsFp8Parameters(const Design& design)
{
    return gathersFp8Weights(design) && frameworkProfile(design).fp8Casts == Fp8Casts::TransformerEngine;
}

StateBytes stateBytesPerParameter(Precision precision, Optimizer optimizer, MomentDtype momentDtype)
{
    // Adam keeps two moments (8 bytes in FP32), SGD with momentum one (4 bytes); 16-bit moments half that.
    const double momentBytes = momentDtype == MomentDtype::Fp32 ? 4.0 : 2.0;
    const double moments = (optimizer == Optimizer::SgdMomentum ? 1 : 2) * momentBytes;
    switch (precision) {
    case Precision::Bf16Mixed:
    case Precision::Fp16Mixed:
        return {2, 2, 4 + moments}; // ZeRO: 16-bit weights and gradients, FP32 master + moments
    case Precision::MegatronBf16:
        return {2, 4, 4 + moments}; // Megatron: FP32 main gradients (dist_optimizer.md: 18)
    case Precision::Fp32:
        return {4, 4, moments}; // no master copy (dist_optimizer.md: 16)
    case Precision::Fp8:
        // Transformer Engine fp8_model_init: FP8 weights and FP32 master copies (per GPU and framework:
        // frameworkStateBytes(design, gpu), which also covers BF16 weights with or without cached FP8
        // copies). A
        // training GEMM reads each weight in both orientations (forward X·W, data gradient dY·Wᵀ), and TE
        // keeps both FP8 copies between micro-batches: on Hopper the FP8 transpose (FP8 GEMMs there take only
        // the TN layout; Float8Tensor's cached transpose), on Blackwell MXFP8's column-wise copy (its block
        // scales run along the other axis; MXFP8Tensor's columnwise data, 1/32 byte of scales each, left
        // out). One byte each: 2 bytes per weight.
        return {2, 2, 4 + moments};
    }
    return {2, 2, 4 + moments};
}

double fp8WeightBytes(Fp8Recipe recipe, const GpuSpec* gpu)
{
    return perTensorScaling(recipe) && gpu && gpu->mxfp8 ? 1.0 : 2.0;
}

ModelStates modelStates(double parameters, int zeroStage, int shardRanks, const StateBytes& bytes)
{
    return modelStates(parameters, zeroStage, shardRanks, bytes,
                       zeroStage >= 2 ? GradientHolding::Sharded : GradientHolding::Full);
}

ModelStates modelStates(double parameters, int zeroStage, int shardRanks, const StateBytes& bytes,
                        GradientHolding gradients)
{
    const double n = std::max(shardRanks, 1);
    ModelStates s;
    const bool shardOptimizer = zeroStage >= 1;
    const bool shardGradients = gradients == GradientHolding::Sharded;
    const bool shardWeights = zeroStage >= 3;
    s.weights = parameters * bytes.weights / (shardWeights ? n : 1.0);
    s.gradients = gradients == GradientHolding::None ? 0.0 : parameters * bytes.gradients / (shardGradients ? n : 1.0);
    s.optimizer = parameters * bytes.optimizer / (shardOptimizer ? n : 1.0);
    s.replicated = (shardWeights ? 0 : s.weights) + (shardGradients ? 0 : s.gradients)
        + (shardOptimizer ? 0 : s.optimizer);
    s.sharded = s.total() - s.replicated;
    return s;
}

ModelStates& ModelStates::operator+=(const ModelStates& other)
{
    weights += other.weights;
    gradients += other.gradients;
    optimizer += other.optimizer;
    replicated += other.replicated;
    sharded += other.sharded;
    return *this;
}

MemoryCategory RankRole::largest() const
{
    MemoryCategory best = MemoryCategory::Parameters;
    for (std::size_t c = 0; c < figures.size(); ++c) {
        const auto category = static_cast<MemoryCategory>(c);
        if (category != MemoryCategory::Reserve && figures[c].bytes > figure(best).bytes)
            best = category;
    }
    return best;
}

double inFlightMicroBatches(const Design& design, int ppRank, std::int64_t microBatches)
{
    const ParallelLayout& layout = design.layout;
    const int p = std::max(layout.pp(), 1);
    const int v = std::max(layout.virtualStages, 1);
    const double m = static_cast<double>(std::max<std::int64_t>(microBatches, 1));
    const int r = std::clamp(ppRank, 0, p - 1);
    if (p == 1)
        return 1; // gradient accumulation: each micro-batch's backward frees its activations
    switch (layout.schedule) {
    case Schedule::GPipe:
        return m; // every forward runs before the first backward
    case Schedule::OneFOneB:
        return std::min<double>(p - r, m); // warm-up p − r − 1, then one more before the first backward
    case Schedule::Interleaved: {
        // Megatron-LM: the warm-up forwards plus the one that precedes the first backward, each one chunk
        // (1/v of the rank's layers); on rank 0 that is p·(1 + (p−1)/(p·v)) stage-equivalents
        // (Korthikanti et al. §4.2.3).
        ScheduleSpec spec;
        spec.kind = Schedule::Interleaved;
        spec.ranks = p;
        spec.microBatches = static_cast<int>(std::min<double>(m, 1 << 30));
        spec.virtualStages = v;
        const int warmup = warmupForwards(spec, r).value_or(0);
        return std::min<double>(warmup + 1, m * v) / v;
    }
    // The split schedules hold a micro-batch from its forward until its weight-gradient pass W: W needs
    // the inputs of the linear layers and their output gradients, so the input-gradient pass cannot free
    // the micro-batch. Counting it whole until W is the ZB paper's p·M_B for ZB-H1 (Qi et al. 2023,
    // Table 1) and RankTimeline::peakInFlightToWeightGrad, which the memory-over-time curve follows;
    // tst_memory compares the two over a grid of p and m.
    case Schedule::ZbH1:
        // F→W: min(p, m) on every rank, in the order of PyTorch's ScheduleInterleavedZeroBubble with one
        // stage per rank, timed by list scheduling (pipelinetimeline.h).
        return std::min<double>(p, m);
    case Schedule::ZbV:
        // Chunks of half a stage. PyTorch's ScheduleZBVZeroBubble order holds 2p of them once m ≥ 2p − 1
        // (the sail-sg zero-bubble README: "ZBV … activation 1x"); with fewer micro-batches rank r reaches
        // m + r + 1, at most 2m [derived from the order].
        return std::min({2.0 * p, 2.0 * m, m + r + 1.0}) / 2.0;
    case Schedule::DualPipeV:
        return std::min<double>(2.0 * p + 1.0, 2.0 * m) / 2.0; // PP + 1 chunks (DualPipe README)
    case Schedule::DualPipe:
        // Chunks of a whole model stage, half the rank's layers; PP + 1 of them at the peak (DualPipe
        // README, "Activation per device PP+1"), at most the m/2 micro-batches of each direction.
        return std::min<double>(p + 1.0, m) / 2.0;
    }
    return std::min<double>(p - r, m);
}

namespace {

std::string stageLabel(const RankShard& shard)
{
    std::string text;
    for (int s : shard.stages)
        text += (text.empty() ? "" : ", ") + std::to_string(s);
    return text;
}

// What to change when a rank is over: the largest part names the message and the field to fix.
struct Remedy
{
    const DiagnosticKind* kind = &diag::kMemoryDoesNotFitActivations;
    const char* path = "/layout/recompute";
    double part = 0; // the largest part's bytes
};

Remedy remedy(const Design& design, const RankRole& role)
{
    Remedy r;
    const MemoryCategory largest = role.largest();
    r.part = role.figure(largest).bytes;
    // The model states are one part (ZeRO shards them together): 20 GB each of weights and gradients
    // and 40 GB of optimizer outweigh 45 GB of activations, and the fix is ZeRO, not recomputation.
    const double states = role.figure(MemoryCategory::Parameters).bytes
        + role.figure(MemoryCategory::Gradients).bytes + role.figure(MemoryCategory::Optimizer).bytes;
    if (design.workload.mode == Mode::Serving) {
        const bool kv = largest == MemoryCategory::KvCache;
        r.kind = kv ? &diag::kMemoryDoesNotFitKvCache : &diag::kMemoryDoesNotFitWeights;
        r.path = kv ? "/workload/serving/concurrency" : "/layout/tp";
    } else if (states >= r.part) {
        r.kind = &diag::kMemoryDoesNotFit;
        r.path = "/layout/zeroStage";
        r.part = states;
    }
    return r;
}

Diagnostic doesNotFit(const Design& design, const MemoryReport& report, const RankShard& shard,
                      std::size_t role, const std::vector<int>& firstRank, int ranksOver,
                      std::size_t rankCount)
{
    const RankRole& r = report.roles[role];
    const Remedy fix = remedy(design, r);
    std::vector<std::string> args{std::to_string(firstRank[role]),
                                  stageLabel(shard),
                                  formatBytes(r.totalBytes),
                                  formatBytes(r.capacityBytes),
                                  std::to_string(ranksOver),
                                  std::to_string(rankCount),
                                  formatBytes(fix.part)};
    if (fix.kind == &diag::kMemoryDoesNotFitKvCache)
        args.push_back(std::to_string(report.maxConcurrentSequences.value_or(0)));
    return makeDiagnostic(*fix.kind, fix.path, std::move(args));
}

} // namespace

MemoryReport computeMemory(const Design& design, const std::vector<RankInfo>& ranks, const Catalog& catalog,
                           const MemoryAssumptions& assumptions)
{
    return computeMemory(design, rankRoles(design.cluster, ranks, design.layout.pp()), catalog, assumptions, true);
}

MemoryReport computeMemory(const Design& design, const RankRoles& roleMap, const Catalog& catalog,
                           const MemoryAssumptions& assumptions, bool rankLists)
{
    MemoryReport report;
    report.mode = design.workload.mode;
    report.framework = std::string(enumName(frameworkOf(design)));
    const memoryroles::RoleContext ctx{design, assumptions, microBatchesPerStep(design), catalog};

    // One role per (pipeline rank, GPU type); shards are computed once per pipeline rank.
    std::map<int, RankShard> shards;
    std::map<int, memoryroles::ServingPerRank> serving;
    std::vector<int> firstRank; // of each role
    std::vector<std::size_t> roleSize;
    for (const RankRoles::Role& mapped : roleMap.roles) {
        const int pp = mapped.ppRank;
        auto shard = shards.find(pp);
        if (shard == shards.end())
            shard = shards.emplace(pp, rankShard(design, pp)).first;
        RankRole role;
        role.ppRank = pp;
        role.gpuType = mapped.gpuType;
        const GpuSpec* gpu = catalog.gpu(mapped.gpuType);
        role.capacityBytes = gpu ? gpu->memoryBytes : 0.0;
        if (design.workload.mode == Mode::Training)
            memoryroles::trainingRole(ctx, shard->second, role);
        else
            serving[pp] = memoryroles::servingRole(ctx, shard->second, role);
        for (const MemoryFigure& f : role.figures)
            role.totalBytes += f.bytes;
        if (rankLists)
            role.ranks = mapped.ranks;
        firstRank.push_back(mapped.ranks.empty() ? -1 : mapped.ranks.front());
        roleSize.push_back(mapped.ranks.size());
        report.roles.push_back(std::move(role));
    }
    if (rankLists)
        report.roleOfRank = roleMap.roleOfRank;
    const std::size_t rankCount = roleMap.roleOfRank.size();

    // The peak rank, whether everything fits, and (serving) how many sequences would. Of the ranks over
    // their capacity, the worst that is over even without the fragmentation allowance makes the error;
    // when every such rank is tight, the worst tight one makes the warning.
    int worst = -1, worstTight = -1;
    int ranksOver = 0;
    const auto over = [&](int i) {
        const RankRole& role = report.roles[static_cast<std::size_t>(i)];
        return role.totalBytes - role.capacityBytes;
    };
    for (std::size_t i = 0; i < report.roles.size(); ++i) {
        const RankRole& role = report.roles[i];
        if (role.totalBytes > report.peakBytes) {
            report.peakBytes = role.totalBytes;
            report.peakRank = firstRank[i];
        }
        if (role.fits())
            continue;
        report.fits = false;
        ranksOver += static_cast<int>(roleSize[i]);
        int& slot = role.tight() ? worstTight : worst;
        if (slot < 0 || over(static_cast<int>(i)) > over(slot))
            slot = static_cast<int>(i);
    }
    report.tight = !report.fits && worst < 0;
    if (design.workload.mode == Mode::Serving)
        memoryroles::servingFit(design, serving, report);
    if (worst >= 0) {
        report.diagnostics.push_back(
            doesNotFit(design, report, shards.at(report.roles[static_cast<std::size_t>(worst)].ppRank),
                       static_cast<std::size_t>(worst), firstRank, ranksOver, rankCount));
    } else if (worstTight >= 0) {
        const RankRole& role = report.roles[static_cast<std::size_t>(worstTight)];
        report.diagnostics.push_back(makeDiagnostic(
            diag::kMemoryTight, remedy(design, role).path,
            {std::to_string(firstRank[static_cast<std::size_t>(worstTight)]),
             stageLabel(shards.at(role.ppRank)), formatBytes(role.totalBytes),
             formatBytes(role.capacityBytes), formatBytes(role.totalBytes - role.fragmentationBytes),
             formatNumber(role.fragmentationHeadroom() * 100, 2) + " %", std::to_string(ranksOver),
             std::to_string(rankCount)}));
    }
    return report;
}

ZeroComparison zeroComparison(const Design& design, const GpuSpec* gpu)
{
    const StateBytes bytes = frameworkStateBytes(design, gpu);
    // The fullest rank: the pipeline rank with the most model states at the design's own stage.
    const ParallelLayout& l = design.layout;
    const int p = std::max(l.pp(), 1);
    RankShard fullest;
    double most = -1;
    for (int r = 0; r < p; ++r) {
        RankShard shard = rankShard(design, r);
        const double states = memoryroles::rankStates(design, shard, l.zeroStage, bytes).onGpu.total();
        if (states > most) {
            most = states;
            fullest = std::move(shard);
        }
    }
    ZeroComparison result;
    result.parameters = fullest.total();
    result.expertParameters = fullest.expert;
    result.shardRanks = denseShardGroup(l);
    result.expertShardRanks = expertShardGroup(l);
    result.optimizerOffloaded = design.workload.offload != Offload::None;
    for (int stage = 0; stage < 4; ++stage)
        result.stages[static_cast<std::size_t>(stage)]
            = memoryroles::rankStates(design, fullest, stage, bytes).onGpu;
    return result;
}

Json memoryToJson(const MemoryReport& report, const std::vector<int>* listedRanks)
{
    auto bytesOf = [](const RankRole& role) {
        Json bytes = Json::object();
        for (std::size_t c = 0; c < role.figures.size(); ++c)
            bytes[std::string(enumName(static_cast<MemoryCategory>(c)))] = role.figures[c].bytes;
        return bytes;
    };
    Json ranks = Json::array();
    const auto listRank = [&](std::size_t rank) {
        const RankRole& role = report.roles[static_cast<std::size_t>(report.roleOfRank[rank])];
        ranks.push_back({{"rank", rank},
                         {"capacityBytes", role.capacityBytes},
                         {"totalBytes", role.totalBytes},
                         {"bytes", bytesOf(role)}});
    };
    if (listedRanks) {
        for (int rank : *listedRanks)
            if (rank >= 0 && static_cast<std::size_t>(rank) < report.roleOfRank.size())
                listRank(static_cast<std::size_t>(rank));
    } else {
        for (std::size_t rank = 0; rank < report.roleOfRank.size(); ++rank)
            listRank(rank);
    }
    Json roles = Json::array();
    for (const RankRole& role : report.roles) {
        Json explanations = Json::object();
        for (std::size_t c = 0; c < role.figures.size(); ++c)
            explanations[std::string(enumName(static_cast<MemoryCategory>(c)))]
                = explanationToJson(role.figures[c].explanation);
        roles.push_back({{"pipelineRank", role.ppRank},
                         {"gpu", role.gpuType},
                         {"ranks", role.ranks.size()},
                         {"firstRank", role.ranks.empty() ? -1 : role.ranks.front()},
                         {"layers", role.layers},
                         {"inFlightMicroBatches", role.inFlight},
                         {"capacityBytes", role.capacityBytes},
                         {"totalBytes", role.totalBytes},
                         {"offloadedBytes", role.offloadedBytes},
                         {"fits", role.fits()},
                         {"tight", role.tight()},
                         {"bytes", bytesOf(role)},
                         {"explanations", std::move(explanations)}});
    }
    Json out = {{"ranks", std::move(ranks)}, {"peakRank", report.peakRank}, {"peakBytes", report.peakBytes},
                {"fits", report.fits},       {"tight", report.tight},       {"roles", std::move(roles)}};
    if (report.mode == Mode::Serving) {
        out["kvBytesPerSequence"] = report.kvBytesPerSequence;
        out["maxConcurrentSequences"]
            = report.maxConcurrentSequences ? Json(*report.maxConcurrentSequences) : Json(nullptr);
        out["explanations"]
            = {{"kvBytesPerSequence", explanationToJson(report.kvBytesPerSequenceExplanation)},
               {"maxConcurrentSequences", explanationToJson(report.maxConcurrentSequencesExplanation)}};
        if (const auto& b = report.servingBudget)
            out["servingBudget"] = {{"engine", b->engine},
                                    {"totalBytes", b->totalBytes},
                                    {"utilization", b->utilization},
                                    {"usableBytes", b->usableBytes},
                                    {"weightsBytes", b->weightsBytes},
                                    {"nonTorchBytes", b->nonTorchBytes},
                                    {"activationBytes", b->activationBytes},
                                    {"kvCacheBytes", b->kvCacheBytes},
                                    {"blockTokens", b->blockTokens},
                                    {"blocks", b->blocks},
                                    {"maxConcurrency", b->maxConcurrency}};
    }
    if (report.host)
        out["host"] = hostMemoryToJson(*report.host);
    out["framework"] = report.framework;
    return out;
}

} // namespace core
