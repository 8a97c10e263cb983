// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The words of the Learn views, in one place so that every view and test names a strategy, a holding or a
// phase alike; the "saves"/"costs" sentences are the reference article's (its training and its serving
// tables) turned into numbers for the lesson's model.

#include "teaching/teachingstrategies.h"

#include <QColor>
#include <QString>

namespace widgets {

QString strategyName(core::Strategy strategy); // "DDP", "FSDP / ZeRO-3", "Tensor parallel (TP)", …
QString strategyAbbreviation(core::Strategy strategy); // "DDP", "FSDP", "TP", …
QString strategySummary(core::Strategy strategy); // one sentence: what is split
QString stateKindName(core::StateKind kind);
QColor stateKindColor(core::StateKind kind);
QString holdingText(core::Holding holding);
QString stepPhaseText(core::StepPhase phase);
QString payloadText(std::string_view payload);
QString dimensionText(core::Dim dim);

// Rich text: what the split saves against a full replica of the same model (the lesson's replica figures)
// and what it costs, every number from the lesson.
QString savesText(const core::StrategyLesson& lesson);
QString costsText(const core::StrategyLesson& lesson);
// Why TP's and PP's activations shrink as they do (Korthikanti et al. 2022), with the lesson's numbers;
// empty for the other strategies. Part of savesText.
QString activationsText(const core::StrategyLesson& lesson);

} // namespace widgets
