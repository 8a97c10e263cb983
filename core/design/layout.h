// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The parallel layout: degrees of the five parallel dimensions, the order in which they vary across
// ranks, how data parallelism shards model states, and how the pipeline is scheduled.

#include "base/enumnames.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Dim { Tp, Cp, Ep, Dp, Pp };
inline constexpr int kDimCount = 5;
inline constexpr std::array<Dim, kDimCount> kAllDims{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp};

template<> struct EnumNames<Dim>
{
    static constexpr std::array table{
        std::pair{Dim::Tp, std::string_view{"tp"}}, std::pair{Dim::Cp, std::string_view{"cp"}},
        std::pair{Dim::Ep, std::string_view{"ep"}}, std::pair{Dim::Dp, std::string_view{"dp"}},
        std::pair{Dim::Pp, std::string_view{"pp"}}};
};

// How expert parallelism relates to the other dimensions.
enum class ExpertMode {
    // The reference article («Ein Layout aus der Topologie zusammensetzen») and NVIDIA's Megatron Core
    // parallelism guide: EP is a dimension of its own,
    // world = DP × TP × PP × CP × EP; in non-expert layers the EP ranks work on different data.
    Separate,
    // Megatron-Core: world = DP × TP × PP × CP; for the MoE layers the same ranks are regrouped as
    // expert-TP × EP × expert-DP × PP, so EP is carved out of DP × CP (× TP when expert TP < TP).
    Megatron
};

// The software that runs the layout (core/framework/frameworkprofile.h): what it keeps in memory and when
// it communicates differ between them. Auto: Megatron-Core for a training layout with TP, PP, CP or EP,
// DeepSpeed for ZeRO-1/2 data parallelism, PyTorch (DDP/FSDP2) for the rest, vLLM for serving.
enum class Framework { Auto, MegatronCore, DeepSpeed, Fsdp2, Vllm, Sglang };

// DualPipe: the bidirectional schedule of the DeepSeek-V3 report (deepseek-ai/DualPipe dualpipe.py), each rank
// holding two stages' weights; DualPipeV its V-shaped half.
enum class Schedule { GPipe, OneFOneB, Interleaved, ZbH1, ZbV, DualPipeV, DualPipe };
enum class Recompute { None, Selective, Full };

// What selective recomputation recomputes in each layer's backward instead of keeping its outputs, as
// Megatron-Core names the modules (transformer_config.py recompute_modules, read under
// recompute_granularity "selective"; default core_attn): core_attn the attention products; mla_up_proj
// MLA's up-projections and RoPE (their Q, K, V); layernorm the two pre-norms' outputs; mlp a dense layer's
// MLP (transformer_layer.py: not on MoE layers); moe_act the routed experts' activation function; moe the
// whole MoE layer with its dispatch and combine (moe_layer.py); shared_experts the shared experts.
enum class RecomputeModule { CoreAttn, MlaUpProj, Layernorm, Mlp, MoeAct, Moe, SharedExperts };

// Which kernels of a training step the host launches from captured CUDA graphs instead of one by one, as
// Megatron-Core captures them (transformer_config.py cuda_graph_impl and cuda_graph_modules, core_v0.19.0):
// None launches every kernel eagerly; Layers replays each layer from per-layer graphs (Transformer Engine's
// make_graphed_callables: a dense layer whole, a dropless MoE layer its attention, router and preprocessing,
// whose expert dispatch has shapes only known at run time); Iteration replays the forward and backward of a
// whole step as one graph (full_iteration; the optimizer step outside). The model prices the host's time
// only where Megatron-Core launches a MoE layer eagerly (None: pipeline/hostlaunch.h); otherwise the
// setting decides what the framework is asked to run and which published runs the step's explanation
// compares with (docs/kernel-model.md, "Held out on today's GPUs").
enum class CudaGraphs { None, Layers, Iteration };

// How a MoE layer sends its tokens to their experts and back (Megatron-Core
// --moe-token-dispatcher-type alltoall, or flex with --moe-flex-dispatcher-backend deepep or hybridep):
// AllToAll sends one copy of a token for each of its top-k experts (MoEAlltoAllTokenDispatcher permutes
// the tokens by expert before the all-to-all); DeepEp and HybridEp one copy for each GPU, and across nodes
// one for each node, that holds one of its experts, which the receiving GPU forwards over NVLink
// (deepseek-ai/DeepEP csrc/kernels/legacy/internode.cu SourceMeta; comm/expertdispatch.h tokenCopies).
enum class MoeDispatcher { AllToAll, DeepEp, HybridEp };

template<> struct EnumNames<RecomputeModule>
{
    static constexpr std::array table{
        std::pair{RecomputeModule::CoreAttn, std::string_view{"core_attn"}},
        std::pair{RecomputeModule::MlaUpProj, std::string_view{"mla_up_proj"}},
        std::pair{RecomputeModule::Layernorm, std::string_view{"layernorm"}},
        std::pair{RecomputeModule::Mlp, std::string_view{"mlp"}},
        std::pair{RecomputeModule::MoeAct, std::string_view{"moe_act"}},
        std::pair{RecomputeModule::Moe, std::string_view{"moe"}},
        std::pair{RecomputeModule::SharedExperts, std::string_view{"shared_experts"}}};
};

template<> struct EnumNames<CudaGraphs>
{
    static constexpr std::array table{std::pair{CudaGraphs::None, std::string_view{"none"}},
                                      std::pair{CudaGraphs::Layers, std::string_view{"layers"}},
                                      std::pair{CudaGraphs::Iteration, std::string_view{"iteration"}}};
};

template<> struct EnumNames<MoeDispatcher>
{
    static constexpr std::array table{std::pair{MoeDispatcher::AllToAll, std::string_view{"alltoall"}},
                                      std::pair{MoeDispatcher::DeepEp, std::string_view{"deepep"}},
                                      std::pair{MoeDispatcher::HybridEp, std::string_view{"hybridep"}}};
};

template<> struct EnumNames<ExpertMode>
{
    static constexpr std::array table{std::pair{ExpertMode::Separate, std::string_view{"separate"}},
                                      std::pair{ExpertMode::Megatron, std::string_view{"megatron"}}};
};
template<> struct EnumNames<Framework>
{
    static constexpr std::array table{std::pair{Framework::Auto, std::string_view{"auto"}},
                                      std::pair{Framework::MegatronCore, std::string_view{"megatron-core"}},
                                      std::pair{Framework::DeepSpeed, std::string_view{"deepspeed"}},
                                      std::pair{Framework::Fsdp2, std::string_view{"fsdp2"}},
                                      std::pair{Framework::Vllm, std::string_view{"vllm"}},
                                      std::pair{Framework::Sglang, std::string_view{"sglang"}}};
};
template<> struct EnumNames<Schedule>
{
    static constexpr std::array table{std::pair{Schedule::GPipe, std::string_view{"gpipe"}},
                                      std::pair{Schedule::OneFOneB, std::string_view{"1f1b"}},
                                      std::pair{Schedule::Interleaved, std::string_view{"interleaved"}},
                                      std::pair{Schedule::ZbH1, std::string_view{"zb-h1"}},
                                      std::pair{Schedule::ZbV, std::string_view{"zb-v"}},
                                      std::pair{Schedule::DualPipeV, std::string_view{"dualpipev"}},
                                      std::pair{Schedule::DualPipe, std::string_view{"dualpipe"}}};
};
template<> struct EnumNames<Recompute>
{
    static constexpr std::array table{std::pair{Recompute::None, std::string_view{"none"}},
                                      std::pair{Recompute::Selective, std::string_view{"selective"}},
                                      std::pair{Recompute::Full, std::string_view{"full"}}};
};

// Megatron-Core's default order, fastest-varying first (parallel_state.py, order="tp-cp-ep-dp-pp").
inline constexpr std::array<Dim, kDimCount> kDefaultOrder{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp};

struct ParallelLayout
{
    std::array<int, kDimCount> degrees{1, 1, 1, 1, 1}; // indexed by Dim
    std::vector<Dim> order{kDefaultOrder.begin(), kDefaultOrder.end()}; // fastest-varying first
    Framework framework = Framework::Auto;
    // Megatron-LM --make-vocab-size-divisible-by: the output layer's rows are padded to a multiple of this
    // × TP. 0: the framework's default (128 for Megatron-Core, none for the others).
    int vocabDivisibleBy = 0;
    ExpertMode expertMode = ExpertMode::Separate;
    int expertTp = 0; // Megatron mode: TP degree inside the experts; 0 = same as tp

    // Data-parallel sharding of model states (ZeRO, Rajbhandari et al. 2020). Stage 3 is FSDP.
    int zeroStage = 0;
    int shardGroup = 0; // HSDP: shard inside groups of this many DP ranks, replicate across; 0 = all of DP
    bool reshardAfterForward = true; // FSDP2; false keeps parameters gathered until backward (ZeRO-2-like)

    bool sequenceParallel = false; // Megatron SP inside the TP group (Korthikanti et al. 2022)
    // Megatron-LM --tp-comm-overlap (TransformerEngine userbuffers): SP's all-gathers and reduce-scatters
    // run under the GEMMs next to them instead of between them. Needs sequence parallelism.
    bool tpCommOverlap = false;
    // Communication switches of the framework (framework/frameworkswitches.h); unset: the framework's
    // default, which its profile names with its source. Stored only when set, so older files keep their
    // numbers.
    // Megatron-LM --overlap-grad-reduce, DeepSpeed overlap_comm; DDP and FSDP2 always overlap, off is
    // --no-ddp-overlap: the gradient reduction runs under the backward that produces the gradients.
    std::optional<bool> overlapGradReduce;
    // Megatron-LM --overlap-param-gather: the distributed optimizer's all-gather of the updated parameters
    // runs under the next step's first forward instead of after the optimizer step.
    std::optional<bool> overlapParamGather;
    // FSDP2: false = set_requires_gradient_sync(False) on all but the last micro-batch, so the gradients
    // are reduce-scattered once per step (and, without resharding after forward, gathered once per step).
    std::optional<bool> gradientSyncEveryMicroBatch;
    // Megatron-Core --overlap-moe-expert-parallel-comm (DeepEP style): the EP all-to-all runs under the
    // dense computation of the same layer.
    std::optional<bool> overlapMoeAllToAll;
    // Megatron-LM --async-save, torchtitan checkpoint.async_mode "async": a checkpoint is copied to host
    // memory and written from there while training goes on (memory/hostmemory.h: the staging it needs).
    std::optional<bool> asyncCheckpoint;
    // Megatron-Core DistributedDataParallelConfig.grad_reduce_in_fp32 (Megatron-LM
    // --accumulate-allreduce-grads-in-fp32), FSDP2 MixedPrecisionPolicy.reduce_dtype, DeepSpeed
    // communication_data_type: the gradients are accumulated and reduced in FP32 rather than in 16 bits.
    std::optional<bool> gradReduceInFp32;
    // Megatron-LM --cross-entropy-loss-fusion with --cross-entropy-fusion-impl te: the loss over the
    // vocabulary as Transformer Engine's fused kernel (pipeline/layerkernels.h crossEntropyBytes).
    std::optional<bool> fusedCrossEntropy;
    // torchtitan --compile.enable (torch.compile of each transformer block): the eager model code's
    // elementwise steps fused into generated kernels (pipeline/layerkernels.h eagerElementwiseBytes).
    std::optional<bool> torchCompile;
    // Under FP8 with the weights sharded (ZeRO 1 and up): the parameter all-gathers move the GEMM weights as
    // FP8 (Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather; comm/groupcollective.h
    // parameterGatherBytes, memory.h gathersFp8Weights).
    std::optional<bool> fp8ParamGather;
    int microBatch = 1; // sequences per micro-batch
    Schedule schedule = Schedule::OneFOneB;
    int virtualStages = 1; // model chunks per pipeline rank
    std::vector<int> layersPerStage; // explicit split over pp × virtualStages stages; empty = even split
    Recompute recompute = Recompute::None;
    // With full recomputation, how many layers of each model chunk recompute their forward: Megatron-LM
    // --recompute-method block --recompute-num-layers N (transformer_block.py _checkpointed_forward: the
    // first N layers of the chunk; the others keep their activations). 0: every layer (--recompute-method
    // uniform). Stored only when set.
    int recomputeLayers = 0;
    // Under selective recomputation, the modules it recomputes (RecomputeModule; Megatron-LM
    // --recompute-modules). Empty: core_attn alone, Megatron-Core's default. Stored only when set.
    std::vector<RecomputeModule> recomputeModules;
    // Megatron-Core's activation offloading (TransformerConfig cpu_offloading with cpu_offloading_num_layers
    // N; Megatron-LM --cpu-offloading --cpu-offloading-num-layers N): the activations the first N layers
    // save for their backward go to host memory after each layer's forward and come back before its
    // backward, on a side stream under the neighbouring layers' compute (Transformer Engine's
    // cpu_offload.py). Megatron-Core allows it only with PP 1, without recomputation, for N below the
    // layers. Stored only when set.
    int activationOffloadLayers = 0;
    // CUDA graphs of the training step (CudaGraphs above). Stored only when not None.
    CudaGraphs cudaGraphs = CudaGraphs::None;
    // The MoE token dispatcher (MoeDispatcher above). Stored only when not AllToAll.
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    // DP follows the cluster: an edit of TP, PP, CP, EP or of the cluster sets DP to the GPUs the other
    // degrees leave (autoDpDegree, layoutarithmetic.h). Off keeps DP as given. Files without the key keep
    // their DP; new designs start with it on.
    bool autoDp = false;

    int degree(Dim dim) const { return degrees[static_cast<std::size_t>(dim)]; }
    void setDegree(Dim dim, int value) { degrees[static_cast<std::size_t>(dim)] = value; }
    int tp() const { return degree(Dim::Tp); }
    int cp() const { return degree(Dim::Cp); }
    int ep() const { return degree(Dim::Ep); }
    int dp() const { return degree(Dim::Dp); }
    int pp() const { return degree(Dim::Pp); }
    int effectiveExpertTp() const { return expertTp > 0 ? expertTp : tp(); }
    // Megatron mode: the ranks that hold the same experts, world / (expert TP · EP · PP), as Megatron-Core
    // regroups the ranks for the MoE layers (mesh.cpp); 0 for degrees that are not valid yet.
    std::int64_t expertDataParallel() const
    {
        const std::int64_t block = std::int64_t{effectiveExpertTp()} * ep() * pp();
        return block > 0 ? worldSize() / block : 0;
    }
    // Megatron-Core with sequence parallelism routes each TP rank's own sequence shard: the router runs on
    // s/TP tokens, and a rank's experts compute the routed copies of expert-TP such shards (the all-to-all
    // within the expert-parallel group, then an all-gather over expert TP: megatron/core/transformer/moe/
    // token_dispatcher.py). Of a rank's s tokens, the share its router and its experts see; 1 where every
    // rank routes the whole sequence.
    bool routesSequenceShards() const
    {
        return expertMode == ExpertMode::Megatron && sequenceParallel && tp() > 1;
    }
    double routerTokenShare() const { return routesSequenceShards() ? 1.0 / tp() : 1.0; }
    double routedTokenShare() const
    {
        return routesSequenceShards() ? static_cast<double>(effectiveExpertTp()) / tp() : 1.0;
    }
    // Sequence parallelism over TP > 1 with --tp-comm-overlap: the one condition under which TE's
    // userbuffers overlap runs (validate.cpp refuses the switch otherwise).
    bool tpOverlapInEffect() const { return sequenceParallel && tpCommOverlap && tp() > 1; }
    // Whether selective recomputation recomputes `module` (recomputeModules, or core_attn when empty).
    bool recomputesModule(RecomputeModule module) const
    {
        if (recompute != Recompute::Selective)
            return false;
        if (recomputeModules.empty())
            return module == RecomputeModule::CoreAttn;
        return std::find(recomputeModules.begin(), recomputeModules.end(), module) != recomputeModules.end();
    }
    // Full recomputation of only the first recomputeLayers layers of each chunk (Megatron's block method).
    bool recomputesSomeLayers() const { return recompute == Recompute::Full && recomputeLayers > 0; }
    // Of a model chunk of `chunkLayers` layers, those that recompute their forward in full (the first ones).
    int recomputedLayers(int chunkLayers) const
    {
        if (recompute != Recompute::Full)
            return 0;
        return recomputeLayers > 0 ? std::min(recomputeLayers, chunkLayers) : chunkLayers;
    }

    // Ranks the layout needs: DP·TP·PP·CP, times EP when EP is a dimension of its own; the largest int64
    // when the product would overflow.
    std::int64_t worldSize() const;
    // How many model replicas split the batch in the dense layers: DP, times EP in the separate mode.
    std::int64_t batchReplicas() const;

    bool operator==(const ParallelLayout&) const = default;
};

// The framework's communication switches by their JSON keys, in the order the file writes them.
struct LayoutSwitch
{
    std::string_view key;
    std::optional<bool> ParallelLayout::*member;
};
inline constexpr std::array<LayoutSwitch, 9> kLayoutSwitches{
    LayoutSwitch{"overlapGradReduce", &ParallelLayout::overlapGradReduce},
    LayoutSwitch{"overlapParamGather", &ParallelLayout::overlapParamGather},
    LayoutSwitch{"gradientSyncEveryMicroBatch", &ParallelLayout::gradientSyncEveryMicroBatch},
    LayoutSwitch{"overlapMoeAllToAll", &ParallelLayout::overlapMoeAllToAll},
    LayoutSwitch{"asyncCheckpoint", &ParallelLayout::asyncCheckpoint},
    LayoutSwitch{"gradReduceInFp32", &ParallelLayout::gradReduceInFp32},
    LayoutSwitch{"fusedCrossEntropy", &ParallelLayout::fusedCrossEntropy},
    LayoutSwitch{"torchCompile", &ParallelLayout::torchCompile},
    LayoutSwitch{"fp8ParamGather", &ParallelLayout::fp8ParamGather}};

// "tp-cp-ep-dp-pp" ↔ the order. Parsing accepts a partial order (e.g. "tp-dp-pp"); each dimension it
// leaves out follows the last of its default-order predecessors. Returns nullopt for unknown or repeated
// names.
std::string orderToString(const std::vector<Dim>& order);
std::optional<std::vector<Dim>> parseOrder(std::string_view text);

} // namespace core
