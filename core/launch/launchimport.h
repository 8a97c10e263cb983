// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Importing a launch configuration that already runs: the inverse of launchconfig.h. A Megatron-LM command
// line or argument file, a torchtitan TOML, an Accelerate FSDP YAML, a DeepSpeed JSON, a `vllm serve` or an
// SGLang command becomes a design: the base design's cluster (and what the file does not say) with the
// file's degrees, sharding, batch sizes, sequence length, recomputation, schedule, precision, framework and,
// when the file names one, the model preset. Each format has its own small reader (launchreader.h); every
// flag or key the import does not use is listed, never dropped silently.
//
// Bad input — a malformed or truncated file, degrees that conflict with each other or do not fill the
// cluster — gives no design, only located diagnostics (base/importdiagnostics.h): the path of each is
// "line N" of the file, or the JSON pointer of a DeepSpeed key.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "design/design.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class LaunchFormat { Megatron, Torchtitan, Accelerate, DeepSpeed, Vllm, Sglang };

template<> struct EnumNames<LaunchFormat>
{
    static constexpr std::array table{std::pair{LaunchFormat::Megatron, std::string_view{"megatron"}},
                                      std::pair{LaunchFormat::Torchtitan, std::string_view{"torchtitan"}},
                                      std::pair{LaunchFormat::Accelerate, std::string_view{"accelerate"}},
                                      std::pair{LaunchFormat::DeepSpeed, std::string_view{"deepspeed"}},
                                      std::pair{LaunchFormat::Vllm, std::string_view{"vllm"}},
                                      std::pair{LaunchFormat::Sglang, std::string_view{"sglang"}}};
};

struct LaunchImport
{
    std::optional<Design> design; // none when a diagnostic is an error
    std::vector<Diagnostic> diagnostics; // errors, and warnings about what was read approximately
    std::vector<std::string> unusedSettings; // "--foo (line 3)", "optimizer.lr (line 9)", "/optimizer"

    bool ok() const { return design.has_value(); }
};

LaunchImport importLaunch(LaunchFormat format, std::string_view text, const Design& base);

// The format of a file from its name and first bytes: .json → DeepSpeed, .toml → torchtitan, .yaml/.yml →
// Accelerate, a shell text by the program it runs (vllm, sglang, otherwise Megatron). Nullopt for empty text.
std::optional<LaunchFormat> guessLaunchFormat(std::string_view fileName, std::string_view text);

// The built-in model preset a name in a launch file stands for: a preset id, a Hugging Face hub id of a
// preset's checkpoint ("meta-llama/Llama-3.1-70B-Instruct"), or a local path ending in either. Empty when
// none.
std::string modelPresetOfName(std::string_view name);

} // namespace core
