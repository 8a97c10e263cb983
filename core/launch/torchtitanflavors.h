// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// torchtitan's [model] name and flavor for Meshwright's model presets, both ways: the export writes them,
// the import reads them back. torchtitan 0.2's flavors (torchtitan/models/llama3, qwen3 and deepseek_v3,
// __init__.py) have the presets' dimensions: the Llama 3.1 sizes, Qwen3's two MoE models, DeepSeek-V3.

#include <optional>
#include <string_view>

namespace core::launch {

struct TorchtitanFlavor
{
    std::string_view preset; // Meshwright's model preset id
    std::string_view name; // torchtitan's [model] name
    std::string_view flavor; // and flavor
};

std::optional<TorchtitanFlavor> torchtitanFlavorOfPreset(std::string_view preset);
// The flavor is matched without regard to case ("8b" is "8B").
std::optional<TorchtitanFlavor> torchtitanFlavorOf(std::string_view name, std::string_view flavor);

} // namespace core::launch
