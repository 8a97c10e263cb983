// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a framework keeps in GPU memory beyond the textbook model states, what it can offload and what it
// refuses to run: one profile per framework, read from resources/presets/frameworks.json, where every
// number carries the file and version of the framework it comes from (docs/frameworks.md).

#include "base/diagnostic.h"
#include "design/design.h"
#include "framework/frameworkswitches.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

enum class GradientHolding { Full, Sharded, None };

template<> struct EnumNames<GradientHolding>
{
    static constexpr std::array table{std::pair{GradientHolding::Full, std::string_view{"full"}},
                                      std::pair{GradientHolding::Sharded, std::string_view{"sharded"}},
                                      std::pair{GradientHolding::None, std::string_view{"none"}}};
};

// How a framework runs tensor-parallel communication overlap (layout.tpCommOverlap; pipeline/layerkernels.h):
// Transformer Engine's userbuffers (Megatron-LM --tp-comm-overlap), or PyTorch's micro-pipelined
// symmetric-memory ops (torch/distributed/_symmetric_memory: fused_all_gather_matmul and
// fused_matmul_reduce_scatter, which torch.compile puts in for DTensor's collectives, torchtitan's
// enable_async_tensor_parallel).
enum class TpOverlapRuntime { Userbuffers, SymmetricMemory };

template<> struct EnumNames<TpOverlapRuntime>
{
    static constexpr std::array table{
        std::pair{TpOverlapRuntime::Userbuffers, std::string_view{"userbuffers"}},
        std::pair{TpOverlapRuntime::SymmetricMemory, std::string_view{"symmetric-memory"}}};
};

// Which library's kernels cast a framework's FP8 GEMM operands (pipeline/layerkernels.h
// fp8CastBytesPerElement, fp8WeightCastBytes):
//  - Transformer Engine: one kernel reads a BF16 tensor and writes both FP8 copies, row-wise and
//    column-wise (cast_transpose; cast_mxfp8_2D_kernel with ROWWISE_SCALING and COLWISE_SCALING);
//  - torchao: its per-tensor kernel writes both copies from one read too, but MXLinear casts the row-wise
//    and the column-wise MXFP8 copies in kernels of their own, each reading the tensor, the weight's in
//    every forward and backward (torchao testing/training/roofline_utils.py
//    get_tensor_memory_traffic_ovhd_s, which counts its kernels this way).
enum class Fp8Casts { TransformerEngine, Torchao };

template<> struct EnumNames<Fp8Casts>
{
    static constexpr std::array table{
        std::pair{Fp8Casts::TransformerEngine, std::string_view{"transformer-engine"}},
        std::pair{Fp8Casts::Torchao, std::string_view{"torchao"}}};
};

struct FrameworkProfile
{
    Framework id = Framework::MegatronCore;
    std::string name;
    std::string version; // the release whose defaults the profile states
    bool training = true;
    bool serving = false;

    // Model states (bytes per parameter, for 16-bit mixed precision; FP32 training keeps the ZeRO paper's).
    // Gradient bytes the framework keeps; 0: the precision's (2 in BF16). Megatron-LM accumulates BF16
    // gradients in an FP32 main_grad buffer.
    double gradientBytes = 0;
    // DeepSpeed's optimizer partition keeps FP32 gradients next to the FP32 master weights and moments:
    // 4 bytes per parameter more, sharded with the optimizer.
    bool fp32GradientPartition = false;
    // How each ZeRO stage (0–3) holds the gradients: whole, sharded, or not at all beyond the layer being
    // reduced (the ZeRO paper: whole, whole, sharded, sharded). DeepSpeed's estimators keep the 16-bit
    // gradients whole at stages 1 and 2 and count none at stage 3 (reduced into the FP32 partition).
    std::array<GradientHolding, 4> gradientsAtStage{GradientHolding::Full, GradientHolding::Full,
                                                    GradientHolding::Sharded, GradientHolding::Sharded};
    // ZeRO-3: layers whose parameters are gathered at once (FSDP2 prefetches one ahead: 2; DeepSpeed's
    // estimator counts the largest layer once).
    int gatheredUnits = 2;
    // FSDP2 and DDP under autocast keep the parameters in FP32, and they are the optimizer's master weights:
    // 4 bytes of weights, 4 of gradients, the optimizer only its moments.
    bool fp32Parameters = false;

    // Whether its optimizer can keep 16-bit moments (workload.optimizerMoments), and where that is said.
    bool sixteenBitMoments = false;
    std::string sixteenBitMomentsSource;

    // Communication buffers of data parallelism.
    double reduceBucketElements = 0; // DeepSpeed reduce_bucket_size: one 16-bit bucket of gradients
    bool ddpGradientCopy = false; // PyTorch DDP copies all gradients into its buckets
    double shardingBucketBytes = 0; // FSDP2: reduce-scatter and all-gather buffers in flight
    // ZeRO-3: whether the compute stream copies each gathered layer out of the all-gather buffer into its
    // parameters and the layer's unsharded gradients into the reduce-scatter buffer, each read and written
    // once (FSDP2's foreach_all_gather_copy_out and foreach_reduce_scatter_copy_in), rather than using the
    // buffers as the parameters and gradients (Megatron-FSDP); pipeline/fsdptimeline.h. shardCopySource.
    bool shardCopies = false;
    std::string shardCopySource;

    // Memory outside the model: the CUDA context with its libraries' workspaces, and the caching
    // allocator's fragmentation as a share of what is allocated.
    double cudaContextBytes = 0;
    double fragmentation = 0;

    // Under FP8, whether its linear layers keep their inputs for the weight gradient as the one-byte FP8
    // copies the GEMMs read (Transformer Engine) rather than in BF16 (torchao's Float8Linear).
    bool fp8SavesQuantizedInputs = false;
    std::string fp8Source;
    // Whose kernels cast its FP8 GEMM operands (Fp8Casts); fp8CastSource says where from.
    Fp8Casts fp8Casts = Fp8Casts::TransformerEngine;
    std::string fp8CastSource;
    // Whether the model code it trains runs a layer's elementwise steps as eager PyTorch, one kernel each
    // (torchtitan's and Hugging Face's Llama: RMSNorm and rotary embeddings through FP32, SwiGLU's silu and
    // product apart), rather than fused (Megatron-Core with Transformer Engine); the step adds what the
    // eager kernels move beyond fused ones (pipeline/layerkernels.h eagerElementwiseBytes).
    bool eagerElementwise = false;
    std::string elementwiseSource;
    // Bytes per logit its loss holds at the peak where the model code computes it in eager PyTorch (0: the
    // loss is Megatron's FP32 one or Transformer Engine's fused one, Switch::FusedCrossEntropy): torchtitan's
    // cross_entropy_loss casts the logits to FP32, log_softmax keeps its FP32 output, and its backward holds
    // that with the FP32 gradients of its output and input (12). Under torchCompile the loss is compiled
    // too (memory/trainingmemory.cpp temporaryFigure). lossSource.
    double eagerLossBytes = 0;
    std::string lossSource;
    // Under PP, whether its pipeline keeps each stage's output until that micro-batch's backward: the last
    // stage's is the BF16 logits, which the train step without PP drops before (temporaryFigure, with the
    // eager loss); another stage's is its last layer's output, which none of its layers saves
    // (activationFigure). stageOutputSource says where from.
    bool pipelineKeepsStageOutput = false;
    std::string stageOutputSource;
    // Under PP, whether its pipeline receives each micro-batch into buffers of its own, made once and kept
    // across steps: one for the stage's input and one for its output's gradient (PyTorch's PipelineStage),
    // rather than into a fresh tensor each time that becomes the micro-batch's input (Megatron-Core's p2p
    // communication). memory/trainingmemory.cpp trainingCommunicationFigure; receiveBufferSource.
    bool pipelineReceiveBuffers = false;
    std::string receiveBufferSource;
    // DeepSpeed's pipeline engine (runtime/pipe/engine.py) around a stage, with deepSpeedPipeSource:
    //  - pipelinePartitionsOverTp: under TP the kept outputs and the receive buffer hold 1/TP of the tensor
    //    (PartitionedTensor over the TP group, pipe_partitioned and grad_partitioned), with or without SP;
    //  - pipelineKeepsReceivedInput: unpartitioned (TP 1), a received input stays beside the copy the stage
    //    runs on until that micro-batch's backward;
    //  - pipelineSharedReceiveBuffer: one receive buffer for inputs and gradients alike, made once and kept
    //    (instead of pipelineReceiveBuffers' one a micro-batch);
    //  - pipelineKeepsPreviousOutput: the last stage's backward leaves its output (the logits) in the buffer
    //    the next-but-one forward overwrites, so the previous micro-batch's logits stay beside the current.
    bool pipelinePartitionsOverTp = false;
    bool pipelineKeepsReceivedInput = false;
    bool pipelineSharedReceiveBuffer = false;
    bool pipelineKeepsPreviousOutput = false;
    std::string deepSpeedPipeSource;
    // What `recompute: selective` without recomputeModules recomputes: Megatron-Core's core_attn (false), or
    // torchtitan's op-level policy (true: activation_checkpoint.py _apply_op_sac keeps the outputs of the
    // matrix products but every second one and of attention, and recomputes the rest; memory/activations.h,
    // pipeline/layerkernels.cpp). opLevelSelective(design) says whether a design runs it.
    bool opLevelSelective = false;
    std::string selectiveSource;
    // Tensor parallelism with sequence parallelism: how its overlap runs, and whether a TP region's linear
    // layers keep their gathered input for the weight gradient (autograd saves the output of DTensor's
    // all-gather, torchtitan) rather than all-gathering it again (Megatron-Core's
    // LinearWithGradAccumulationAndAsyncCommunication keeps it sharded). tpSource says where from.
    TpOverlapRuntime tpOverlap = TpOverlapRuntime::Userbuffers;
    bool tpSavesGatheredInput = false;
    std::string tpSource;
    // Under FP8 with sequence parallelism, the recipes whose TP all-gathers it runs on the quantised copy
    // the GEMM reads (the layer's input, and the incoming gradient in backward) rather than in BF16;
    // reduce-scatters stay BF16 (comm/groupcollective.h tpGatherBytesPerElement). fp8TpGatherSource.
    std::vector<Fp8Recipe> fp8TpGatherRecipes;
    std::string fp8TpGatherSource;
    // Under FP8 with 16- or 32-bit parameters, whether its linear layers keep each weight's FP8 copies
    // between micro-batches (Transformer Engine's weight workspaces) rather than casting in every GEMM
    // (torchao). memory.h frameworkStateBytes(design, gpu).
    bool fp8CachesWeights = false;

    // The output layer's rows are padded to a multiple of vocabMultiple (× TP when vocabTimesTp).
    int vocabMultiple = 1;
    bool vocabTimesTp = false;

    // What it can offload to host memory, and whether offloading the optimizer takes the gradients along.
    bool offloadOptimizer = false;
    bool offloadParameters = false; // with the optimizer
    bool offloadMovesGradients = false;
    // Host memory an offloaded optimizer needs beyond the states it moves (hostmemory.h): a pinned buffer
    // of this many bytes per parameter of the rank's partition, at ZeRO stages 1 and 2 (DeepSpeed copies
    // the updated FP32 partition into a 16-bit CPU buffer before sending it to the GPU: 2).
    double offloadPinnedParameterBytes = 0;
    std::string hostSource; // where the host-memory rules come from
    // Whether it can move the activations of some layers to host memory between their forward and backward
    // (Megatron-Core's cpu_offloading, layout.activationOffloadLayers), and the file that says how.
    bool offloadActivations = false;
    std::string activationOffloadSource;
    // Whether it can launch a training step's kernels from captured CUDA graphs (layout.cudaGraphs), and the
    // file that says how and with what.
    bool cudaGraphs = false;
    std::string cudaGraphSource;
    // Whether its MoE layers can send their tokens with DeepEP or HybridEP (layout.moeDispatcher), and the
    // file that says how; the others send them by all-to-all.
    bool flexDispatchers = false;
    std::string flexDispatcherSource;

    // Whether it trains a model's multi-token prediction depths (catalog/model.h mtpLayers), and the file
    // that says how; elsewhere the figures still include them, with a warning (frameworkchecks.h).
    bool multiTokenPrediction = false;
    std::string mtpSource;

    // What it can run.
    int maxZeroStage = 3;
    std::vector<int> zeroStages; // the stages it offers; empty: all up to maxZeroStage
    int maxZeroStageWithPipeline = 3;
    bool contextParallel = true;
    bool pipelineParallel = true;
    bool expertParallel = true;
    // The pipeline schedules it runs (the search tries only these); empty: 1F1B only.
    std::vector<Schedule> schedules;
    std::string scheduleSource;

    // Serving engines: the share of the device they take, the memory outside PyTorch's allocator (one GPU,
    // and with tensor parallelism: NCCL and custom all-reduce buffers), the tokens of one KV block, the
    // tokens of the forward pass that profiles the activation peak, and the sequences an engine runs at
    // most when its command does not say (vLLM's max_num_seqs default: the profile then uses as many).
    double memoryUtilization = 0;
    std::vector<std::pair<int, double>> memoryUtilizationByTp; // [TP from, share]: SGLang's rule
    double nonTorchBytes = 0;
    double nonTorchBytesTp = 0;
    int kvBlockTokens = 16;
    double profileTokens = 0;
    int profileSequences = 0;
    // vLLM 0.10 raises both defaults for `vllm serve` on a GPU of at least largeDeviceBytes whose name does
    // not contain largeDeviceExcept (engine/arg_utils.py _set_default_args_v1: ≥ 70 GiB and not an A100);
    // largeDeviceBytes 0: one set of defaults.
    double largeDeviceBytes = 0;
    std::string largeDeviceExcept;
    double profileTokensLarge = 0;
    int profileSequencesLarge = 0;

    // The communication switches it offers, their defaults and sources, by Switch.
    std::array<SwitchRule, kAllSwitches.size()> switches{};

    std::string source; // files and versions, for explanations
    std::string memorySource; // where the model-state rule comes from
    std::string contextSource; // where the CUDA context and fragmentation figures come from

    // The share of the device a serving engine takes at this TP degree.
    double utilization(int tp) const;
    // The profiled tokens and the default sequences on a GPU of this capacity and preset id.
    bool largeDevice(double deviceBytes, std::string_view gpuId) const;
    double profileTokensOn(double deviceBytes, std::string_view gpuId) const;
    int profileSequencesOn(double deviceBytes, std::string_view gpuId) const;
    bool supportsZeroStage(int stage) const;
    bool runsSchedule(Schedule schedule) const;
    const SwitchRule& rule(Switch s) const { return switches[static_cast<std::size_t>(s)]; }
};

// The profile of a framework (Auto resolves to Megatron-Core; use frameworkOf() for a design).
const FrameworkProfile& frameworkProfile(Framework framework);
// The framework that runs the design: its own choice, or the Auto rule (layout.h).
Framework frameworkOf(const Design& design);
Framework frameworkOf(const ParallelLayout& layout, Mode mode);
inline const FrameworkProfile& frameworkProfile(const Design& design)
{
    return frameworkProfile(frameworkOf(design));
}
// Whether a design's selective recomputation is torchtitan's op-level policy: `recompute: selective` without
// recomputeModules under a framework that runs it (FrameworkProfile::opLevelSelective). With modules named,
// selective is Megatron-Core's, whatever the framework. The layout's form serves a search's candidates.
bool opLevelSelective(const ParallelLayout& layout, Mode mode);
bool opLevelSelective(const Design& design);
// With sequence parallelism, whether the weight gradient all-gathers a TP region's input again: where the
// framework re-gathers it (Megatron-Core), or keeps it but op-level checkpointing dropped it (torchtitan's
// _save_list has no all-gather).
bool tpWeightGradientGather(const Design& design);
// Bytes per value of the quantised copy a TP all-gather of a layer's input moves in a training design under
// FP8 whose recipe the framework gathers so (FrameworkProfile::fp8TpGatherRecipes): 1 under per-tensor
// scaling, 1 + 1/32 with a block scale per 32 values (MXFP8's E8M0 byte, blockwise's FP32 scale of
// 1 × 128); nothing where the gathers move the activations' precision. comm/groupcollective.h
// tpGatherBytesPerElement prices the gathers with it, memory/activations.h what torchtitan keeps of them.
std::optional<double> quantisedTpGatherBytes(const Design& design);
// Whether the backward recomputes attention's products: Megatron-Core's core_attn, which the op-level
// policy keeps instead.
bool recomputesCoreAttention(const Design& design);
// How the design's loss over the logits runs: in FP32 (Megatron-Core's VocabParallelCrossEntropy, or
// PyTorch's cross_entropy in eager mode, which holds FrameworkProfile::eagerLossBytes), as Transformer
// Engine's fused kernel (the fusedCrossEntropy switch), or compiled with the model where the framework's
// loss is PyTorch's and the design compiles (torchtitan since bbb1b616e). Its time: layerkernels.h
// crossEntropyBytes; its memory: trainingmemory.cpp temporaryFigure.
enum class LossKernel { Fp32, TransformerEngine, Compiled };
LossKernel lossKernel(const Design& design);
// Rows of the output layer after the framework's padding (Megatron: a multiple of 128 × TP, the design's
// vocabDivisibleBy in place of 128 when set).
std::int64_t vocabPaddingMultiple(const Design& design);
std::int64_t paddedVocab(const Design& design);

// Problems reading the built-in profiles; empty in a correct build (a test checks).
const std::vector<Diagnostic>& frameworkProfileProblems();

} // namespace core
