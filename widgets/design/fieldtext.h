// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How a design field is called in the user's language, and what it means: shared by the inspector's
// labels and the undo commands' texts ("Set TP to 4").

#include "design/designfield.h"
#include "framework/frameworkswitches.h"

#include <QString>

#include <array>
#include <optional>

namespace widgets {

QString fieldLabel(core::Field field);
QString fieldToolTip(core::Field field);

// The layout's framework switches (core/framework/frameworkswitches.h): their fields, the switch of a
// field, and the text beside a switch's check box, which names the framework's default.
inline constexpr std::array<core::Field, 9> kSwitchFields{core::Field::OverlapGradReduce,
                                                          core::Field::OverlapParamGather,
                                                          core::Field::GradientSyncEveryMicroBatch,
                                                          core::Field::OverlapMoeAllToAll,
                                                          core::Field::AsyncCheckpoint,
                                                          core::Field::GradReduceInFp32,
                                                          core::Field::FusedCrossEntropy,
                                                          core::Field::TorchCompile,
                                                          core::Field::Fp8ParamGather};
static_assert(kSwitchFields.size() == core::kAllSwitches.size(), "a field for every switch, in its order");
std::optional<core::Switch> switchOfField(core::Field field);
QString switchDefaultText(const core::Design& design, core::Switch s);
// The value in effect and where it comes from, for the switch's tooltip: "Overlap gradient reduction is on
// (the default of Megatron-Core, --overlap-grad-reduce): <source>".
QString switchEffectText(const core::Design& design, core::Switch s);

} // namespace widgets
