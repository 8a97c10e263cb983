// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The communication switches a framework offers (layout.h: overlapGradReduce, overlapParamGather,
// gradientSyncEveryMicroBatch, overlapMoeAllToAll, gradReduceInFp32), its checkpoint saving
// (asyncCheckpoint), its loss kernel (fusedCrossEntropy), torch.compile (torchCompile) and FP8 weight
// all-gathers (fp8ParamGather), each with the framework's default and the file it comes from
// (resources/presets/frameworks.json, docs/frameworks.md). A design that leaves a switch unset runs with the
// default; the timeline and the step time read the effective value from here.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "design/design.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

enum class Switch {
    OverlapGradReduce,
    OverlapParamGather,
    GradientSyncEveryMicroBatch,
    OverlapMoeAllToAll,
    AsyncCheckpoint,
    GradReduceInFp32,
    FusedCrossEntropy,
    TorchCompile,
    Fp8ParamGather
};
inline constexpr std::array<Switch, 9> kAllSwitches{
    Switch::OverlapGradReduce,  Switch::OverlapParamGather, Switch::GradientSyncEveryMicroBatch,
    Switch::OverlapMoeAllToAll, Switch::AsyncCheckpoint,    Switch::GradReduceInFp32,
    Switch::FusedCrossEntropy,  Switch::TorchCompile,       Switch::Fp8ParamGather};

template<> struct EnumNames<Switch>
{
    static constexpr std::array table{
        std::pair{Switch::OverlapGradReduce, std::string_view{"overlapGradReduce"}},
        std::pair{Switch::OverlapParamGather, std::string_view{"overlapParamGather"}},
        std::pair{Switch::GradientSyncEveryMicroBatch, std::string_view{"gradientSyncEveryMicroBatch"}},
        std::pair{Switch::OverlapMoeAllToAll, std::string_view{"overlapMoeAllToAll"}},
        std::pair{Switch::AsyncCheckpoint, std::string_view{"asyncCheckpoint"}},
        std::pair{Switch::GradReduceInFp32, std::string_view{"gradReduceInFp32"}},
        std::pair{Switch::FusedCrossEntropy, std::string_view{"fusedCrossEntropy"}},
        std::pair{Switch::TorchCompile, std::string_view{"torchCompile"}},
        std::pair{Switch::Fp8ParamGather, std::string_view{"fp8ParamGather"}}};
};

// What a profile says of one switch. Without an entry the framework lacks the switch and behaves as the
// neutral default (kNeutralDefault).
struct SwitchRule
{
    bool present = false; // the profile names the switch
    bool settable = false;
    std::array<bool, 4> defaultAtStage{}; // by ZeRO stage 0–3 (DeepSpeed's overlap_comm depends on it)
    std::string option; // the framework's own name for it: "--overlap-grad-reduce", "overlap_comm"
    std::string source;
    // The default where the design pipelines (PP > 1), when the framework's pipeline runtime sets the
    // switch itself (torch.distributed.pipelining turns FSDP2's gradient sync off between micro-batches).
    std::optional<bool> pipelineDefault;
    std::string pipelineSource;
};

// The behaviour of a framework that lacks a switch: gradients reduced under backward (DDP's buckets),
// parameters gathered after the optimizer, FSDP synchronising every micro-batch, the all-to-all exposed,
// checkpoints written synchronously, gradients reduced in the 16-bit type they are computed in.
bool neutralDefault(Switch s);

std::optional<bool> ParallelLayout::*switchMember(Switch s);
std::string_view switchKey(Switch s); // the JSON key, "overlapGradReduce"
std::string switchPointer(Switch s); // "/layout/overlapGradReduce"

// The framework's default for the design (its framework, ZeRO stage and, where the profile says so, whether
// it pipelines; gradReduceInFp32 is off with FP16, whose 16-bit gradients no framework widens by default,
// and on with FP32), the design's value when it sets one, and a sentence naming the value, the option and
// its source for explanations.
bool switchDefault(const Design& design, Switch s);
bool switchOn(const Design& design, Switch s);
std::string switchExplanation(const Design& design, Switch s);

// Whether a switch changes anything for this layout: grad-reduce overlap always, param-gather overlap with
// the distributed optimizer (ZeRO-1/2), gradient-sync cadence under fully_shard (ZeRO-3), all-to-all overlap
// with EP, an asynchronous checkpoint where the design turns it on, the gradient dtype in mixed precision.
bool switchApplies(const Design& design, Switch s);
// Why Megatron-Core cannot overlap the expert-parallel all-to-all for this design, or empty where it can
// (TransformerConfig.__post_init__ of core_v0.19.0 asserts, for overlap_moe_expert_parallel_comm, virtual
// pipeline stages when PP > 1, no full recomputation and no recomputed MoE, BF16 or FP16 and at most one
// prediction depth).
std::string megatronMoeOverlapConflict(const Design& design);
// "overlapGradReduce on, overlapParamGather off (set)": the switches that apply, each with its effective
// value, "(set)" where the design sets it rather than taking the framework's default.
std::string switchesSummary(const Design& design);
// "Megatron-Core (auto): overlapGradReduce on, overlapParamGather off; CUDA graphs layers": the framework
// that runs the design, whether the design chose it, the switches in effect and the CUDA graphs it replays
// (training only).
std::string frameworkSummary(const Design& design);

// What one micro-batch of a ZeRO-3 / FSDP2 step communicates (torch.distributed.fsdp.fully_shard):
// the forward all-gather (skipped after the first micro-batch when nothing is resharded between them), the
// backward re-gather (reshard_after_forward), and the reduce-scatter (every micro-batch, or only the last
// without gradient sync between them: set_requires_gradient_sync). docs/communication-volume.md.
struct FsdpPass
{
    bool gatherForward = true;
    bool regather = true;
    bool reduce = true;
    bool operator==(const FsdpPass&) const = default;
};
FsdpPass fsdpPass(const Design& design, std::int64_t microBatch, std::int64_t microBatches);

// How many all-gathers of the parameters and reduce-scatters of the gradients one optimizer step runs in its
// data-parallel (shard) group: once each for DDP and ZeRO-1/2 (gradients accumulate locally, Megatron-LM's
// finalize_model_grads; DeepSpeed's reduction at the accumulation boundary), the sum of fsdpPass() over the
// micro-batches for ZeRO-3. DDP's all-reduce counts as one reduce-scatter and one all-gather.
struct DataParallelCadence
{
    std::int64_t gathers = 1;
    std::int64_t reduceScatters = 1;
    std::int64_t regathers = 0; // of the gathers, those for a backward (resharded after forward)
};
DataParallelCadence dataParallelCadence(const Design& design, std::int64_t microBatches);

// Errors for switches the framework cannot set, or that the layout cannot use (framework-switch).
void validateSwitches(const Design& design, std::vector<Diagnostic>& out);

} // namespace core
