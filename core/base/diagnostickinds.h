// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every diagnostic the core can raise, with its stable code. Codes never change meaning once released;
// the README lists them. Templates are English; the GUI translates them (context "Diagnostics").

#include "base/diagnostic.h"

#include <span>

namespace core::diag {

// ---- Reading a document ------------------------------------------------------------------------
inline constexpr DiagnosticKind kIoFile{"io-file", Severity::Error,
                                        MW_TR_NOOP("Diagnostics", "Cannot read %1: %2")};
inline constexpr DiagnosticKind kIoParse{
    "io-parse", Severity::Error, MW_TR_NOOP("Diagnostics", "Malformed JSON at line %1, column %2: %3")};
inline constexpr DiagnosticKind kIoType{"io-type", Severity::Error,
                                        MW_TR_NOOP("Diagnostics", "%1 must be %2, not %3.")};
inline constexpr DiagnosticKind kIoMissing{"io-missing", Severity::Error,
                                           MW_TR_NOOP("Diagnostics", "Required field %1 is missing.")};
inline constexpr DiagnosticKind kIoValue{
    "io-value", Severity::Error, MW_TR_NOOP("Diagnostics", "%1 is not a valid value for %2 (expected %3).")};
inline constexpr DiagnosticKind kIoFormat{
    "io-format", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "This is not a Meshwright design: \"format\" is %1, expected \"meshwright.design\".")};
inline constexpr DiagnosticKind kIoVersionNewer{
    "io-version-newer", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "The design was written by a newer Meshwright (format version %1); this version reads up to %2.")};
inline constexpr DiagnosticKind kIoVersionInvalid{
    "io-version-invalid", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Format version %1 is not valid; versions start at 1.")};
inline constexpr DiagnosticKind kIoUnknownKey{
    "io-unknown-key", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "Unknown field %1: Meshwright does not use it, but keeps it when saving.")};
inline constexpr DiagnosticKind kIoTooLarge{
    "io-too-large", Severity::Error, MW_TR_NOOP("Diagnostics", "%1 is %2; Meshwright handles at most %3.")};
inline constexpr DiagnosticKind kIoDuplicateId{
    "io-duplicate-id", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 id %2 is used twice; ids must be unique.")};

// ---- Values and references -----------------------------------------------------------------------
inline constexpr DiagnosticKind kValueRange{
    "value-range", Severity::Error, MW_TR_NOOP("Diagnostics", "%1 must be between %2 and %3; it is %4.")};
// A search whose space is larger than limits::kMaxSearchCombinations (base/sizelimits.h).
inline constexpr DiagnosticKind kSearchTooLarge{
    "search-too-large", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The search space holds %1 layouts, more than the %2 one search tries: fix a degree or the "
               "schedule, or try the first %2 with a limit (meshwright-cli search --limit %2).")};
inline constexpr DiagnosticKind kModelPresetUnknown{
    "model-preset-unknown", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Unknown model preset \"%1\". Known presets: %2.")};
inline constexpr DiagnosticKind kGpuUnknown{
    "hardware-gpu-unknown", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Unknown GPU type \"%1\". Known GPUs: %2.")};
inline constexpr DiagnosticKind kLinkUnknown{
    "hardware-link-unknown", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Unknown link \"%1\". Known links: %2.")};
inline constexpr DiagnosticKind kLinkWrongClass{
    "hardware-link-class", Severity::Error,
    MW_TR_NOOP("Diagnostics", "\"%1\" is a %2 link and cannot serve as %3.")};

// ---- Model ---------------------------------------------------------------------------------------
inline constexpr DiagnosticKind kModelKvHeads{
    "model-kv-heads", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "%1 attention heads cannot be shared by %2 key/value heads: heads must be a multiple of KV heads.")};
inline constexpr DiagnosticKind kModelTopK{
    "model-top-k", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Top-k (%1) cannot exceed the number of experts (%2).")};
inline constexpr DiagnosticKind kModelRouterGroups{
    "model-router-groups", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "Group-limited routing of %1 experts in %2 groups, %3 of them a token, cannot hold its top-%4: "
        "the groups must divide the experts, and the chosen groups hold at least top-k experts.")};
inline constexpr DiagnosticKind kModelNoMlp{
    "model-ffn-missing", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The model has %1 dense layers but no FFN size.")};
inline constexpr DiagnosticKind kModelTooLarge{
    "model-too-large", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The model has %1 parameters; Meshwright handles up to %2.")};
inline constexpr DiagnosticKind kModelUnmodelled{
    "model-feature-unmodelled", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "Not modelled yet: %1. Figures leave it out.")};

// ---- Cluster -------------------------------------------------------------------------------------
inline constexpr DiagnosticKind kClusterEmpty{
    "cluster-empty", Severity::Error, MW_TR_NOOP("Diagnostics", "The cluster has no GPUs in service.")};
inline constexpr DiagnosticKind kNodesNonUniform{
    "cluster-nodes-nonuniform", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "Nodes hold different numbers of GPUs (%1): torchrun and Megatron start the same number of "
               "processes on every node.")};
inline constexpr DiagnosticKind kMixedGpus{
    "cluster-mixed-gpus", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "The cluster mixes GPU types (%1): the slowest GPU sets the pace and each GPU's own memory is "
               "its limit.")};
inline constexpr DiagnosticKind kGpusOutOfService{
    "cluster-out-of-service", Severity::Info,
    MW_TR_NOOP("Diagnostics", "%1 GPUs are out of service and not used.")};

// ---- World size and placement --------------------------------------------------------------------
inline constexpr DiagnosticKind kWorldExceedsGpus{
    "world-size-exceeds-gpus", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The layout needs %1 GPUs (%2) but the cluster has %3 in service.")};
inline constexpr DiagnosticKind kWorldIdleGpus{
    "world-size-idle-gpus", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "The layout uses %1 of the cluster's %2 GPUs (%3); %4 stay idle.")};
inline constexpr DiagnosticKind kWorldTooLarge{
    "world-size-too-large", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The layout needs %1 GPUs; Meshwright handles up to %2.")};
inline constexpr DiagnosticKind kPlacementStale{
    "placement-stale", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "The explicit placement lists %1 ranks but the layout has %2; the default placement is used "
               "instead.")};
inline constexpr DiagnosticKind kPlacementUnknownGpu{
    "placement-unknown-gpu", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Rank %1 is placed on GPU %2, which the cluster does not have.")};
inline constexpr DiagnosticKind kPlacementDuplicate{
    "placement-duplicate", Severity::Error,
    MW_TR_NOOP("Diagnostics", "GPU %1 holds both rank %2 and rank %3.")};
inline constexpr DiagnosticKind kPlacementOutOfService{
    "placement-out-of-service", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Rank %1 is placed on GPU %2, which is out of service.")};

// ---- Tensor parallelism --------------------------------------------------------------------------
inline constexpr DiagnosticKind kTpHeads{
    "tp-heads", Severity::Error, MW_TR_NOOP("Diagnostics", "TP=%1 does not divide the %2 attention heads.")};
inline constexpr DiagnosticKind kTpKvHeads{
    "tp-kv-heads", Severity::Error,
    MW_TR_NOOP("Diagnostics", "TP=%1 does not divide the %2 key/value heads.")};
inline constexpr DiagnosticKind kTpKvReplicated{
    "tp-kv-heads-replicated", Severity::Info,
    MW_TR_NOOP(
        "Diagnostics",
        "TP=%1 exceeds the %2 key/value heads: each KV head is replicated on %3 ranks (as vLLM does).")};
inline constexpr DiagnosticKind kTpHidden{
    "tp-hidden", Severity::Error, MW_TR_NOOP("Diagnostics", "TP=%1 does not divide the hidden size %2.")};
inline constexpr DiagnosticKind kTpFfn{"tp-ffn", Severity::Error,
                                       MW_TR_NOOP("Diagnostics", "TP=%1 does not divide the FFN size %2.")};
inline constexpr DiagnosticKind kTpExpertFfn{
    "tp-expert-ffn", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Expert TP=%1 does not divide the expert FFN size %2.")};
inline constexpr DiagnosticKind kTpVocabPadded{
    "tp-vocab-padded", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "The vocabulary of %1 is padded to %2 so that it divides into TP=%3 shards (%4 pads the "
               "output layer to a multiple of %5).")};
inline constexpr DiagnosticKind kTpSpansNodes{
    "tp-spans-nodes", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 of %2 TP groups span several nodes, so every layer's TP collectives cross the fabric (for "
               "example ranks %3). Keep TP inside a node: TP first in the order, and TP dividing the GPUs "
               "per node.")};
inline constexpr DiagnosticKind kEpSpansNodes{
    "ep-spans-nodes", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 of %2 EP groups span several nodes, so every MoE layer's all-to-all crosses the fabric (for "
               "example ranks %3), though TP × EP = %4 fits a node. Put EP right after TP in the order to keep "
               "the all-to-all on NVLink.")};
inline constexpr DiagnosticKind kTpOverPcie{
    "tp-over-pcie", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "TP=%1 on GPUs joined only by PCIe: every layer's all-reduce runs over PCIe. Keep TP at 1 or "
               "2 without NVLink.")};
inline constexpr DiagnosticKind kSpWithoutTp{
    "sp-without-tp", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "Sequence parallelism works inside the TP group; with TP=1 it changes nothing.")};
inline constexpr DiagnosticKind kTpOverlapWithoutSp{
    "tp-overlap-without-sp", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "TP communication overlap needs sequence parallelism and TP > 1 (Megatron-LM refuses "
               "--tp-comm-overlap without --sequence-parallel); the model leaves the TP collectives exposed.")};

inline constexpr DiagnosticKind kFp8RecipeGpu{
    "fp8-recipe-gpu", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The FP8 recipe mxfp8 needs tensor cores that take block-scaled FP8 (Blackwell); %1 has none, "
               "and Transformer Engine refuses the recipe there. Choose tensorwise or delayed scaling.")};

// ---- Pipeline ------------------------------------------------------------------------------------
inline constexpr DiagnosticKind kPpLayers{
    "pp-layers", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 layers do not split evenly into PP=%2 × %3 virtual stages; give the layers per stage "
               "explicitly or change PP.")};
inline constexpr DiagnosticKind kPpTooManyStages{
    "pp-too-many-stages", Severity::Error,
    MW_TR_NOOP("Diagnostics", "PP=%1 × %2 virtual stages make %3 stages, more than the %4 layers.")};
inline constexpr DiagnosticKind kPpStageCount{
    "pp-stage-count", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The layers per stage list %1 stages; PP=%2 × %3 virtual stages need %4.")};
inline constexpr DiagnosticKind kPpStageSum{
    "pp-stage-sum", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The layers per stage add up to %1; the model has %2 layers.")};
inline constexpr DiagnosticKind kPpEmptyStage{
    "pp-empty-stage", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "Stage %1 has %2 layers; every stage needs at least one, but in training the first may hold "
               "only the embedding and the last only the output head and the loss.")};
inline constexpr DiagnosticKind kScheduleVirtualStages{
    "schedule-virtual-stages", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The %1 schedule needs %2 virtual stages per rank; the layout has %3.")};
inline constexpr DiagnosticKind kScheduleInterleavedMicroBatches{
    "schedule-interleaved-micro-batches", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "The interleaved schedule needs the %1 micro-batches to be a multiple of PP=%2 (Megatron-LM).")};
inline constexpr DiagnosticKind kScheduleFewMicroBatches{
    "schedule-few-micro-batches", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "%1 micro-batches for %2 pipeline stages: the pipeline never fills (PyTorch's 1F1B refuses this).")};
inline constexpr DiagnosticKind kScheduleDualPipeMicroBatches{
    "schedule-dualpipev-micro-batches", Severity::Error,
    MW_TR_NOOP("Diagnostics", "DualPipeV needs at least 2 × PP = %1 micro-batches; the layout has %2.")};
inline constexpr DiagnosticKind kScheduleDualPipeRanks{
    "schedule-dualpipe-ranks", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "DualPipe needs an even PP (half the micro-batches enter from each end); the layout has PP=%1.")};
inline constexpr DiagnosticKind kScheduleDualPipeBidirectionalMicroBatches{
    "schedule-dualpipe-micro-batches", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "DualPipe needs an even number of micro-batches, at least 2 × PP = %1; the layout has %2.")};
inline constexpr DiagnosticKind kScheduleWithoutPp{
    "schedule-without-pp", Severity::Info,
    MW_TR_NOOP("Diagnostics", "With PP=1 there is no pipeline; the %1 schedule has no effect.")};

// ---- Experts -------------------------------------------------------------------------------------
inline constexpr DiagnosticKind kEpDenseModel{
    "ep-dense-model", Severity::Error,
    MW_TR_NOOP("Diagnostics", "EP=%1 needs a mixture-of-experts model; %2 is dense.")};
inline constexpr DiagnosticKind kEpExperts{
    "ep-experts", Severity::Error, MW_TR_NOOP("Diagnostics", "EP=%1 does not divide the %2 experts.")};
inline constexpr DiagnosticKind kEpMegatronFold{
    "ep-megatron-fold", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "In Megatron's convention expert TP × EP × PP (%1 × %2 × %3) must divide the %4 ranks.")};

// ---- Batch and sequence --------------------------------------------------------------------------
inline constexpr DiagnosticKind kBatchDivisible{
    "batch-divisible", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "The global batch of %1 does not divide into micro-batches of %2 on %3 data-parallel replicas.")};
inline constexpr DiagnosticKind kSeqCp{
    "seq-cp", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "Sequence length %1 must be a multiple of 2 × CP = %2 (load-balanced causal context parallelism).")};
inline constexpr DiagnosticKind kSeqSp{
    "seq-sp", Severity::Error,
    MW_TR_NOOP("Diagnostics", "With sequence parallelism each CP rank's %1 tokens must divide by TP=%2.")};
inline constexpr DiagnosticKind kSeqContext{
    "seq-exceeds-context", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "%1 tokens exceed the model's context window of %2.")};

// ---- Data-parallel sharding ----------------------------------------------------------------------
inline constexpr DiagnosticKind kZeroNoEffect{
    "zero-no-effect", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "ZeRO stage %1 shards across data-parallel ranks; with DP=1 it saves nothing.")};
inline constexpr DiagnosticKind kZeroServing{
    "zero-serving", Severity::Info,
    MW_TR_NOOP("Diagnostics", "Serving keeps no gradients or optimizer states; the ZeRO stage is ignored.")};
inline constexpr DiagnosticKind kShardGroup{
    "zero-shard-group", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The HSDP shard group of %1 must divide DP=%2.")};

// ---- Pipeline schedules ----------------------------------------------------------------------------
// Raised by checkSchedule() / simulateOrder() (pipelineschedule.h, pipelinetimeline.h). The schedule
// module also reuses the pipeline codes above where the rule is the same (schedule-virtual-stages,
// schedule-interleaved-micro-batches, schedule-dualpipev-micro-batches, schedule-few-micro-batches) and
// value-range for counts, so that one rule always carries one code.
inline constexpr DiagnosticKind kScheduleDuration{
    "schedule-duration", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 must be a finite time greater than zero; it is %2.")};
inline constexpr DiagnosticKind kScheduleDurationNegative{
    "schedule-duration-negative", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 must be a finite time of zero or more; it is %2.")};
inline constexpr DiagnosticKind kScheduleStageScaleCount{
    "schedule-stage-scale-count", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The stage time factors list %1 stages; PP=%2 × %3 virtual stages need %4 (or none for even "
               "stages).")};
inline constexpr DiagnosticKind kScheduleStageScaleValue{
    "schedule-stage-scale-value", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The time factor of stage %1 is %2; it must be a finite number greater than zero.")};
inline constexpr DiagnosticKind kScheduleTransferCount{
    "schedule-transfer-count", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The stage boundary transfer times list %1 boundaries; %3 stages have %2 (or none for no "
               "transfers).")};
inline constexpr DiagnosticKind kScheduleGroupSize{
    "schedule-group-size", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The micro-batch group size N=%1 must lie between PP=%2 and the %3 micro-batches (Megatron-LM "
               "microbatch_group_size_per_vp_stage).")};
inline constexpr DiagnosticKind kScheduleGroupRemainder{
    "schedule-group-remainder", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "The last micro-batch group holds %1 micro-batches (%2 mod N=%3); it must hold none or at least "
        "PP=%4, otherwise the pipeline stalls on dependencies (Megatron-LM).")};
inline constexpr DiagnosticKind kScheduleTooLarge{
    "schedule-too-large", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "PP=%1 × %2 virtual stages × %3 micro-batches make %4 pipeline operations; Meshwright simulates "
        "at most %5.")};
inline constexpr DiagnosticKind kScheduleOpOutOfRange{
    "schedule-op-out-of-range", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "Rank %1 lists %2, which names a stage or micro-batch the pipeline does not have (%3 stages, %4 "
        "micro-batches).")};
inline constexpr DiagnosticKind kScheduleOpMisplaced{
    "schedule-op-misplaced", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Rank %1 lists %2, but stage %3 lives on rank %4.")};
inline constexpr DiagnosticKind kScheduleOpRepeated{
    "schedule-op-repeated", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Rank %1 runs %2, which has already run.")};
inline constexpr DiagnosticKind kScheduleOpMissing{"schedule-op-missing", Severity::Error,
                                                   MW_TR_NOOP("Diagnostics", "The schedule never runs %1.")};
inline constexpr DiagnosticKind kScheduleDeadlock{
    "schedule-deadlock", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The schedule cannot finish: rank %1 waits at %2 for %3, which cannot run before it.")};
inline constexpr DiagnosticKind kScheduleNotSimulated{
    "schedule-not-simulated", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "The pipeline runs %1 operations per step; timelines are drawn for up to %2. Fewer "
               "micro-batches or stages show one (meshwright-cli schedule simulates larger ones).")};
// ---- Collectives --------------------------------------------------------------------------------
// Paths point into a collective request ({"op", "algorithm", "ranks", "bytes", "chunks", …}), as the
// command line and the collective view pass it (collective.h, collectivecost.h).
inline constexpr DiagnosticKind kCollectiveRanks{
    "collective-ranks", Severity::Error,
    MW_TR_NOOP("Diagnostics", "A collective needs at least one rank; it has %1.")};
inline constexpr DiagnosticKind kCollectiveSingleRank{
    "collective-single-rank", Severity::Info,
    MW_TR_NOOP("Diagnostics", "With a single rank, %1 moves no data and takes no time.")};
inline constexpr DiagnosticKind kCollectiveRanksTooMany{
    "collective-ranks-too-many", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 ranks are more than Meshwright handles (%2).")};
inline constexpr DiagnosticKind kCollectiveTraceRanks{
    "collective-trace-ranks", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "Step-by-step traces show at most %2 ranks; this collective has %1. Its cost needs no trace.")};
inline constexpr DiagnosticKind kCollectiveTraceTooLarge{
    "collective-trace-too-large", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The trace of %1 steps on %2 ranks × %3 chunks would need about %4; traces are kept under %5. "
               "Use fewer ranks or chunks.")};
inline constexpr DiagnosticKind kCollectiveBytes{
    "collective-bytes", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The buffer must hold between 1 byte and %2; it is %1.")};
inline constexpr DiagnosticKind kCollectiveChunks{
    "collective-chunks", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The buffer needs at least one chunk (0 picks one per rank); it has %1.")};
inline constexpr DiagnosticKind kCollectiveChunksUneven{
    "collective-chunks-uneven", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The %1 algorithm gives every rank an equal share: %2 chunks must be a multiple of the %3 "
               "ranks.")};
inline constexpr DiagnosticKind kCollectiveChunksExceedBytes{
    "collective-chunks-exceed-bytes", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 chunks cannot cut a buffer of %2: every chunk needs at least one byte.")};
inline constexpr DiagnosticKind kCollectiveAlgorithm{
    "collective-algorithm", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The %1 algorithm does not implement %2; choose %3.")};
inline constexpr DiagnosticKind kCollectiveRanksPerNode{
    "collective-ranks-per-node", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Ranks per node must be 0 (all in one node) or more; it is %1.")};
inline constexpr DiagnosticKind kCollectiveHierarchicalNodes{
    "collective-hierarchical-nodes", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The hierarchical algorithm needs whole nodes: %1 ranks are not a multiple of %2 ranks per "
               "node.")};
inline constexpr DiagnosticKind kCollectivePeers{
    "collective-peers", Severity::Error,
    MW_TR_NOOP("Diagnostics", "A send needs two different ranks from 0 to %1; it has %2 → %3.")};
inline constexpr DiagnosticKind kCollectiveLink{
    "collective-link", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The %1 link needs a bandwidth above zero and a latency of zero or more; it has %2 and %3.")};

// ---- Memory ---------------------------------------------------------------------------------------
// A rank that needs more memory than its GPU holds makes the layout fail: it cannot run. One code, four
// messages by the largest part, each with the remedy for that part.
inline constexpr DiagnosticKind kMemoryDoesNotFit{
    "memory-does-not-fit", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 "
               "ranks do not fit. Model states (%7) are the largest part: shard them (a higher ZeRO stage, "
               "more DP), split the model further (more TP or PP), or offload the optimizer.")};
inline constexpr DiagnosticKind kMemoryDoesNotFitActivations{
    "memory-does-not-fit", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 "
               "ranks do not fit. Activations (%7) are the largest part: recompute them, lower the "
               "micro-batch, use sequence parallelism with TP, add CP, or with PP 1 offload some layers' "
               "activations to host memory.")};
inline constexpr DiagnosticKind kMemoryDoesNotFitWeights{
    "memory-does-not-fit", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 "
               "ranks do not fit. The weights (%7) are the largest part: shard the replica with more TP "
               "inside a node, or PP across nodes.")};
inline constexpr DiagnosticKind kMemoryDoesNotFitKvCache{
    "memory-does-not-fit", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 "
               "ranks do not fit. The KV cache (%7) is the largest part: serve fewer sequences at once (at "
               "most %8 fit), store the cache in FP8, or raise TP.")};
// A rank over its capacity by less than the reserve's fragmentation allowance: the tensors and the CUDA
// context fit, and whether the layout runs depends on how much the caching allocator wastes, which the
// allowance only assumes (docs/frameworks.md, "Buffers and the reserve"). A warning: the layout may run.
inline constexpr DiagnosticKind kMemoryTight{
    "memory-tight", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "Memory is tight: rank %1 (pipeline stage %2) needs %3 with the allowance for the allocator's "
               "fragmentation but its GPU holds %4; without the allowance it needs %5. The layout runs only "
               "if PyTorch's caching allocator wastes less than %6 of what it allocates (%7 of %8 ranks are "
               "this close). Leave a margin (recompute, a smaller micro-batch), or run with "
               "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, which keeps that waste low.")};
// DeepSpeed's offload_optimizer is a ZeRO option, valid for stages 1 to 3 (DeepSpeed configuration JSON,
// "zero_optimization.offload_optimizer"); Megatron's --optimizer-cpu-offload needs its distributed
// optimizer, which is ZeRO-1.
inline constexpr DiagnosticKind kOffloadWithoutZero{
    "offload-without-zero", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "The optimizer is offloaded to CPU with ZeRO stage 0, but DeepSpeed offloads only a sharded "
        "optimizer (ZeRO stage 1 or higher): raise the ZeRO stage, or keep the optimizer on the GPU.")};

// Offload puts model states in the nodes' CPU memory (memory/hostmemory.h); more than a node's RAM does not
// fail on the GPU but makes the host swap or the job die when it starts.
inline constexpr DiagnosticKind kHostMemory{
    "host-memory", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "Node %1 needs %2 of host memory for the offloaded states of its %3 GPUs, but has %4 of RAM; "
               "%5 of %6 nodes are over. Offload less (the optimizer only, or none), shard over more GPUs "
               "(a higher ZeRO stage, more DP), or set the nodes' RAM if it is larger.")};
inline constexpr DiagnosticKind kHostMemoryCheckpoint{
    "host-memory", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "Node %1 needs %2 of host memory for the asynchronous checkpoint and any offloaded states of its "
        "%3 GPUs, but has %4 of RAM; %5 of %6 nodes are over. Save checkpoints synchronously, offload "
        "less, shard over more GPUs, or set the nodes' RAM if it is larger.")};

// ---- What the framework can run (core/framework/frameworkprofile.h) -----------------------------------
inline constexpr DiagnosticKind kFrameworkMode{
    "framework-mode", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 does not run %2 designs: choose a %2 framework, or Auto.")};
inline constexpr DiagnosticKind kFrameworkZeroStage{
    "framework-zero-stage", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 does not offer ZeRO stage %2; it offers stages %3.")};
inline constexpr DiagnosticKind kFrameworkZeroPipeline{
    "framework-zero-pipeline", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 runs pipeline parallelism with ZeRO stage %2 at most (its pipeline engine refuses stage "
               "%3): lower the ZeRO stage, set PP to 1, or choose another framework.")};
inline constexpr DiagnosticKind kFrameworkDimension{
    "framework-dimension", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 has no %2 parallelism: set %2 to 1, or choose another framework.")};
inline constexpr DiagnosticKind kFrameworkOffload{
    "framework-offload", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 cannot offload %2 to the host: %3")};
// Megatron-Core's activation offloading and the rules its TransformerConfig sets (frameworks.json,
// activationOffloadSource).
inline constexpr DiagnosticKind kActivationOffloadFramework{
    "activation-offload-framework", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 cannot offload activations to the host; Megatron-Core can (--cpu-offloading), or set the "
               "offloaded layers to 0.")};
inline constexpr DiagnosticKind kActivationOffloadPipeline{
    "activation-offload-pipeline", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "Megatron-Core offloads activations only without pipeline parallelism; the layout has PP=%1.")};
inline constexpr DiagnosticKind kActivationOffloadRecompute{
    "activation-offload-recompute", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "Megatron-Core cannot offload activations and recompute them (%1 recomputation) at once: "
               "choose one.")};
inline constexpr DiagnosticKind kActivationOffloadLayers{
    "activation-offload-layers", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "Megatron-Core offloads the activations of fewer layers than the model's %1; the layout "
               "offloads %2.")};
// The schedule a framework runs is its profile's "schedules" (frameworks.json, with the file it comes
// from); a design that names its framework gets only those. The fix names the frameworks that run it; the
// second message, with the same code, is for a schedule no framework profile runs (DualPipe: its public code
// is a reference implementation), which a design can still model with the framework left to Auto.
inline constexpr DiagnosticKind kFrameworkSchedule{
    "framework-schedule", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 does not run the %2 pipeline schedule. Frameworks that run it: %3. Choose one of them, or "
               "another schedule.")};
inline constexpr DiagnosticKind kFrameworkScheduleNowhere{
    "framework-schedule", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 does not run the %2 pipeline schedule, and no other framework does: choose another "
               "schedule, or set the framework to Auto to model the schedule on its own.")};
// Auto models any schedule on its own; it says when the framework it takes for the layout would not run it.
inline constexpr DiagnosticKind kFrameworkScheduleAuto{
    "framework-schedule-auto", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "Auto models the %2 pipeline schedule on its own, with the memory and switches of %1, which "
               "does not run it. Frameworks that run it: %3.")};
inline constexpr DiagnosticKind kFrameworkScheduleAutoNowhere{
    "framework-schedule-auto", Severity::Info,
    MW_TR_NOOP("Diagnostics",
               "Auto models the %2 pipeline schedule on its own, with the memory and switches of %1; no "
               "framework Meshwright knows runs it.")};
// A model with multi-token prediction on a framework whose profile does not train it (frameworks.json,
// multiTokenPrediction).
inline constexpr DiagnosticKind kFrameworkMtp{
    "framework-mtp", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "Meshwright knows multi-token prediction training from Megatron-Core (--mtp-num-layers), not "
               "from %1: the figures include the model's %2 prediction depth(s) as Megatron-Core runs them. "
               "Set the model's multi-token prediction depths to 0 to price the run without them.")};
// A CUDA graph of the whole iteration over a dropless MoE model (frameworkchecks.cpp): Megatron-Core needs
// the experts' shapes static, which the design's capacity factor or HybridEP's per-rank padding gives.
inline constexpr DiagnosticKind kCudaGraphExpertShapes{
    "cuda-graph-expert-shapes", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "The figures leave out the padding a CUDA graph of the whole iteration needs on this dropless "
               "design: %1 pads the experts to a capacity factor (moeCapacityFactor) or, with HybridEP, each "
               "rank's tokens to a fixed multiple of their mean (moe_expert_rank_capacity_factor).")};
inline constexpr DiagnosticKind kFrameworkSwitch{
    "framework-switch", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 cannot run with %2 set this way: %3")};

// ---- Calibration from measurements ---------------------------------------------------------------
inline constexpr DiagnosticKind kNcclTestsRow{
    "calibration-nccl-row", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "Line %1 is not a row of an nccl-tests table and was skipped: %2")};
inline constexpr DiagnosticKind kNcclTestsEmpty{
    "calibration-nccl-empty", Severity::Error,
    MW_TR_NOOP(
        "Diagnostics",
        "No nccl-tests rows found: expected lines of size, count, type, redop, root, time, algbw, busbw.")};

// ---- Measured records ----------------------------------------------------------------------------
inline constexpr DiagnosticKind kRecordRunDiffers{
    "record-run-differs", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "The run's %1 was %2, the design's is %3: the other rows compare different workloads.")};

// ---- Reading a profiler trace ---------------------------------------------------------------------
inline constexpr DiagnosticKind kTraceNoEvents{
    "trace-no-events", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "This is not a PyTorch profiler trace: it has no \"traceEvents\" array (torch.profiler's "
               "export_chrome_trace writes one).")};
inline constexpr DiagnosticKind kTraceNoKernels{
    "trace-no-kernels", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The trace holds no GPU kernels (events of category \"kernel\"): profile with "
               "ProfilerActivity.CUDA among the activities.")};
inline constexpr DiagnosticKind kTraceNoSteps{
    "trace-no-steps", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The trace holds no ProfilerStep#N annotations, so it has no step time: call prof.step() once "
               "per training step.")};

std::span<const DiagnosticKind> allKinds();
const DiagnosticKind* findKind(std::string_view code);

} // namespace core::diag
