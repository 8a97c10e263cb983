// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Launch configurations: what a design review hands over so that a framework runs the chosen split (the
// reference article, «Welches Framework welchen Split implementiert»). Each target is written from the
// documented flags or keys of one named version of the tool; what the design uses and the target cannot
// express comes back as notes (launchnotes.h) and, in the text itself, as comments at the top (JSON has no
// comments, so the DeepSpeed file carries them in a "_comment" list, which DeepSpeed ignores like any unknown
// top-level key).

#include "base/diagnostic.h"
#include "base/enumnames.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct Design;
struct Evaluation;

enum class LaunchTarget { Torchrun, Accelerate, DeepSpeed, Megatron, Vllm, Sglang, Torchtitan };

template<> struct EnumNames<LaunchTarget>
{
    static constexpr std::array table{std::pair{LaunchTarget::Torchrun, std::string_view{"torchrun"}},
                                      std::pair{LaunchTarget::Accelerate, std::string_view{"accelerate"}},
                                      std::pair{LaunchTarget::DeepSpeed, std::string_view{"deepspeed"}},
                                      std::pair{LaunchTarget::Megatron, std::string_view{"megatron"}},
                                      std::pair{LaunchTarget::Vllm, std::string_view{"vllm"}},
                                      std::pair{LaunchTarget::Sglang, std::string_view{"sglang"}},
                                      std::pair{LaunchTarget::Torchtitan, std::string_view{"torchtitan"}}};
};

enum class LaunchSyntax { Shell, Yaml, Json, Toml };

struct LaunchConfig
{
    LaunchTarget target = LaunchTarget::Torchrun;
    std::string tool; // "Megatron-LM"
    std::string toolVersion; // the version whose documented flags the text uses: "core_v0.19.0"
    LaunchSyntax syntax = LaunchSyntax::Shell;
    std::string fileName; // a suggested file name: "megatron-args.sh"
    std::string text; // empty when a note is an error
    std::vector<Diagnostic> notes; // what the text leaves out or approximates; errors: no text at all

    bool ok() const { return !hasErrors(notes); }
};

// The design's launch configuration for one target. The evaluation is the design's (for the ranks'
// placement and the micro-batch count); a design with errors gets only a note.
LaunchConfig launchConfig(const Design& design, const Evaluation& evaluation, LaunchTarget target);

// Hugging Face names of a preset model, for the targets that load checkpoints: the hub id of the released
// checkpoint and the transformers class of one decoder layer (FSDP's wrap unit). Empty when unknown.
struct HuggingFaceNames
{
    std::string_view hubId;
    std::string_view decoderLayerClass;
};
HuggingFaceNames huggingFaceNames(std::string_view modelPreset);

} // namespace core
