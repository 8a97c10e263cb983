// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a launch configuration could not carry over from the design: every text says plainly when the
// design uses something the target framework cannot express, so that nobody launches a different layout
// than the one reviewed. An error means the target gets
// no configuration at all, because any text would be a wrong one; a warning means the text runs but
// leaves the named part out or approximates it. %1 is always the tool's name.
//
// These are notes about an export, not about the design, so they are not in diag::allKinds() (the design's
// diagnostic table); the README lists them under "Launch configurations". The GUI translates them like
// every diagnostic (context "Diagnostics").

#include "base/diagnostic.h"

namespace core::launch {

// ---- No configuration ---------------------------------------------------------------------------------
inline constexpr DiagnosticKind kDesignErrors{
    "export-design-errors", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The design has errors; %1 gets no configuration until they are fixed.")};
inline constexpr DiagnosticKind kNeedsTraining{
    "export-needs-training", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 launches training, but this design serves a model.")};
inline constexpr DiagnosticKind kNeedsServing{
    "export-needs-serving", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 serves models, but this design trains one.")};
inline constexpr DiagnosticKind kNoPipeline{
    "export-no-pipeline", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 has no pipeline parallelism; the design's PP = %2 cannot be expressed.")};
inline constexpr DiagnosticKind kNoContext{
    "export-no-context", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 has no context parallelism; the design's CP = %2 cannot be expressed.")};
inline constexpr DiagnosticKind kNoExpert{
    "export-no-expert", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 has no expert parallelism; the design's EP = %2 cannot be expressed.")};
inline constexpr DiagnosticKind kReplicatedTensorParallel{
    "export-replicated-tp", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 composes TP or CP only with sharded data parallelism (its ParallelismConfig refuses "
               "dp_shard_size 1 beside dp_replicate_size > 1); the design's shard group of 1 over DP = %2 "
               "replicates every weight.")};
inline constexpr DiagnosticKind kExpertInsideTp{
    "export-expert-inside-tp", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 shards experts inside its tensor-parallel group (--ep-size up to --tp-size); the design's "
               "EP = %2 beside TP = %3 has no equivalent.")};
inline constexpr DiagnosticKind kPipelineZero{
    "export-pipeline-zero", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1 runs pipeline parallelism only with ZeRO stage 0 or 1; the design combines PP = %2 with "
               "ZeRO-%3.")};

// ---- Left out or approximated ---------------------------------------------------------------------------
inline constexpr DiagnosticKind kSetInCode{
    "export-set-in-code", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 takes %2 from the training script, not from this file; the header comment lists the "
               "values.")};
inline constexpr DiagnosticKind kOrder{
    "export-order", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 orders ranks %2; the design's order %3 cannot be expressed, so the groups differ from "
               "the design's.")};
inline constexpr DiagnosticKind kSchedule{
    "export-schedule", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "%1 has no %2 schedule; the configuration uses %3 instead.")};
inline constexpr DiagnosticKind kLayerSplit{
    "export-layer-split", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 cannot express the design's layer split over the pipeline stages; it splits the layers "
               "evenly.")};
inline constexpr DiagnosticKind kPrecision{
    "export-precision", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "%1 has no %2 mixed precision; the configuration uses %3 instead.")};
inline constexpr DiagnosticKind kParamGatherAlone{
    "export-param-gather", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "%1 overlaps the parameter all-gather only with --overlap-grad-reduce; the design overlaps the "
        "gather without it (Megatron-Bridge's ddp.overlap_param_gather), the configuration does not.")};
inline constexpr DiagnosticKind kCudaGraphDynamicExperts{
    "export-cuda-graph-experts", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 captures the whole iteration only with static expert shapes; with the alltoall dispatcher "
               "written here a dropless MoE layer has none: set a capacity factor (the design's "
               "moeCapacityFactor) or run the flex dispatcher with --moe-expert-rank-capacity-factor.")};
inline constexpr DiagnosticKind kZeroStage{
    "export-zero-stage", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "%1 has no ZeRO stage %2; the configuration uses %3 instead.")};
inline constexpr DiagnosticKind kShardGroup{
    "export-shard-group", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 cannot shard in groups of %2 ranks (HSDP); it shards over the whole data-parallel "
               "group.")};
inline constexpr DiagnosticKind kRecompute{
    "export-recompute", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 has no %2 recomputation; the configuration uses %3 recomputation instead.")};
inline constexpr DiagnosticKind kOptimizerMoments{
    "export-optimizer-moments", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "%1 keeps the optimizer's moments in FP32; the configuration's optimizer states take the 4 bytes "
        "a parameter that the design's %2 moments save.")};
inline constexpr DiagnosticKind kActivationOffload{
    "export-activation-offload", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 has no activation offloading to host memory; the configuration keeps every layer's "
               "activations on the GPU.")};
inline constexpr DiagnosticKind kMultiTokenPrediction{
    "export-mtp", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 has no multi-token prediction; the configuration trains the model without its %2 "
               "prediction depth(s), which the design's figures include.")};
inline constexpr DiagnosticKind kSequenceParallel{
    "export-sequence-parallel", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 has no Megatron-style sequence parallelism; norms and dropout are not sharded in the "
               "TP group as the design assumes.")};
inline constexpr DiagnosticKind kSequenceParallelAlways{
    "export-sequence-parallel-always", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 always shards norms and dropout along the sequence under TP; the design's TP without "
               "sequence parallelism runs with it.")};
inline constexpr DiagnosticKind kGradientSync{
    "export-gradient-sync", Severity::Warning,
    MW_TR_NOOP(
        "Diagnostics",
        "%1 reduce-scatters FSDP's gradients %2; the design's gradientSyncEveryMicroBatch %3 cannot be "
        "expressed.")};
inline constexpr DiagnosticKind kOffload{
    "export-offload", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 offloads parameters and gradients as well, not only the optimizer states as the design "
               "assumes.")};
inline constexpr DiagnosticKind kModelName{
    "export-model-name", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "Meshwright knows no %2 for the model \"%3\"; replace the placeholder %4 before running %1.")};
inline constexpr DiagnosticKind kPlacement{
    "export-placement", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 numbers ranks node by node; the design places them differently, so ranks run on other "
               "GPUs than the design shows.")};
inline constexpr DiagnosticKind kUnevenNodes{
    "export-uneven-nodes", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 starts the same number of processes on every node, but the design uses %2 GPUs on some "
               "nodes and %3 on others.")};
inline constexpr DiagnosticKind kExpertGroup{
    "export-expert-group", Severity::Warning,
    MW_TR_NOOP("Diagnostics",
               "%1 spreads the experts over DP × TP = %2 GPUs; the design's expert-parallel groups have "
               "%3.")};

} // namespace core::launch
