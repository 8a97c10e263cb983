// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The communication switches a framework offers (layout.h: overlapGradReduce, overlapParamGather,
// gradientSyncEveryMicroBatch, overlapMoeAllToAll), each with the framework's default and the file it comes
// from (resources/presets/frameworks.json, docs/frameworks.md). A design that leaves a switch unset runs
// with the default; the timeline and the step time read the effective value from here.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "design/design.h"

#include <optional>
#include <utility>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Switch { OverlapGradReduce, OverlapParamGather, GradientSyncEveryMicroBatch, OverlapMoeAllToAll };
inline constexpr std::array<Switch, 4> kAllSwitches{Switch::OverlapGradReduce, Switch::OverlapParamGather,
                                                    Switch::GradientSyncEveryMicroBatch,
                                                    Switch::OverlapMoeAllToAll};

template<> struct EnumNames<Switch>
{
    static constexpr std::array table{
        std::pair{Switch::OverlapGradReduce, std::string_view{"overlapGradReduce"}},
        std::pair{Switch::OverlapParamGather, std::string_view{"overlapParamGather"}},
        std::pair{Switch::GradientSyncEveryMicroBatch, std::string_view{"gradientSyncEveryMicroBatch"}},
        std::pair{Switch::OverlapMoeAllToAll, std::string_view{"overlapMoeAllToAll"}}};
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
};

// The behaviour of a framework that lacks a switch: gradients reduced under backward (DDP's buckets),
// parameters gathered after the optimizer, FSDP synchronising every micro-batch, the all-to-all exposed.
bool neutralDefault(Switch s);

std::optional<bool> ParallelLayout::*switchMember(Switch s);
std::string_view switchKey(Switch s); // the JSON key, "overlapGradReduce"
std::string switchPointer(Switch s); // "/layout/overlapGradReduce"

// The framework's default for the design (its framework and ZeRO stage), the design's value when it sets
// one, and a sentence naming the value, the option and its source for explanations.
bool switchDefault(const Design& design, Switch s);
bool switchOn(const Design& design, Switch s);
std::string switchExplanation(const Design& design, Switch s);

// Errors for switches the framework cannot set, or that the layout cannot use (framework-switch).
void validateSwitches(const Design& design, std::vector<Diagnostic>& out);

} // namespace core
