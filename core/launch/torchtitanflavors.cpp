// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/torchtitanflavors.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace core::launch {

namespace {

constexpr std::array<TorchtitanFlavor, 6> kFlavors{{
    {"llama-3.1-8b", "llama3", "8B"},
    {"llama-3.1-70b", "llama3", "70B"},
    {"llama-3.1-405b", "llama3", "405B"},
    {"qwen3-30b-a3b", "qwen3", "30B-A3B"},
    {"qwen3-235b-a22b", "qwen3", "235B-A22B"},
    {"deepseek-v3", "deepseek_v3", "671B"},
}};

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

} // namespace

std::optional<TorchtitanFlavor> torchtitanFlavorOfPreset(std::string_view preset)
{
    for (const TorchtitanFlavor& f : kFlavors)
        if (f.preset == preset)
            return f;
    return std::nullopt;
}

std::optional<TorchtitanFlavor> torchtitanFlavorOf(std::string_view name, std::string_view flavor)
{
    for (const TorchtitanFlavor& f : kFlavors)
        if (f.name == name && sameIgnoringCase(f.flavor, flavor))
            return f;
    return std::nullopt;
}

} // namespace core::launch
