// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The editable scalar fields of a design, addressed by a stable enum and by their JSON pointer. This is
// the narrow mutation API that undo commands call, so that every edit of a field goes through one place,
// and the link between a diagnostic's path and the control that edits that field.
//
// Enum-valued fields travel as their stable names ("1f1b", "selective"), as in the JSON document.

#include "design/design.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace core {

enum class Field {
    Name,
    // Model: ModelLayers to ModelMtpLayers, in one run (designfield.cpp withField)
    ModelLayers,
    ModelHidden,
    ModelFfn,
    ModelHeads,
    ModelKvHeads,
    ModelHeadDim,
    ModelVocab,
    ModelExperts,
    ModelTopK,
    ModelExpertFfn,
    ModelRouterGroups, // group-limited routing: expert groups; 0: routed over all experts
    ModelRouterGroupTopK, // the groups a token's experts come from
    ModelSlidingWindow, // tokens; 0: full attention on every layer
    ModelWindowPeriod,
    ModelSlidingLayers,
    ModelMtpLayers, // multi-token prediction depths; 0: none
    // Workload
    Mode,
    SequenceLength,
    GlobalBatch,
    Precision,
    Fp8Recipe,
    Optimizer,
    OptimizerMoments,
    Offload,
    FlashAttention,
    AttentionKernel,
    MoeCapacityFactor,
    Concurrency,
    ContextLength,
    KvDtype,
    // Cluster
    Fabric,
    NicsPerNode, // network cards per node; 0: one per GPU
    Oversubscription,
    HostMemory, // RAM per node, bytes; 0: the GPU type's reference system
    // Layout
    Tp,
    Cp,
    Ep,
    Dp,
    Pp,
    Order,
    Framework,
    VocabDivisibleBy,
    ExpertMode,
    ExpertTp,
    ZeroStage,
    ShardGroup,
    ReshardAfterForward,
    SequenceParallel,
    TpCommOverlap,
    MicroBatch,
    Schedule,
    VirtualStages,
    Recompute,
    RecomputeLayers, // layers of each model chunk recomputed in full; 0: every layer
    RecomputeModules, // "mla_up_proj, mlp" (Megatron-Core's names); "" for core_attn alone
    ActivationOffloadLayers, // layers whose activations wait in host memory; 0: none
    CudaGraphs, // "none", "layers", "iteration" (layout.h CudaGraphs)
    MoeDispatcher, // "alltoall", "deepep", "hybridep" (layout.h MoeDispatcher)
    LayersPerStage, // "1, 2, 2, 3" (comma-separated); "" for an even split
    AutoDp,
    // The framework's switches (layout.h): a bool when set, "default" when the framework decides; setting
    // "default" clears them.
    OverlapGradReduce,
    OverlapParamGather,
    GradientSyncEveryMicroBatch,
    OverlapMoeAllToAll,
    AsyncCheckpoint,
    GradReduceInFp32,
    FusedCrossEntropy,
    TorchCompile,
    Fp8ParamGather,
};
inline constexpr Field kLastField = Field::Fp8ParamGather;
inline constexpr std::string_view kFrameworkDefault = "default";

using FieldValue = std::variant<std::int64_t, double, bool, std::string>;

FieldValue getField(const Design& design, Field field);
// Returns false (and leaves the design unchanged) when the value has the wrong kind or is not a valid
// name; numbers are stored as given, range problems are for validate() to report.
bool setField(Design& design, Field field, const FieldValue& value);

std::string_view fieldPointer(Field field); // "/layout/tp"
std::optional<Field> fieldAtPointer(std::string_view pointer);
Field degreeField(Dim dim);

} // namespace core
