// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One table per enum maps values to the stable names used in JSON, on the command line and in
// diagnostics. Each enum that needs names specialises EnumNames<E> with a `table` of pairs.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

template<class E>
struct EnumNames; // specialise: static constexpr std::array<std::pair<E, std::string_view>, N> table

template<class E> constexpr std::string_view enumName(E value)
{
    for (const auto& [v, name] : EnumNames<E>::table)
        if (v == value)
            return name;
    return "?";
}

template<class E> constexpr std::optional<E> enumFromName(std::string_view name)
{
    for (const auto& [v, n] : EnumNames<E>::table)
        if (n == name)
            return v;
    return std::nullopt;
}

template<class E> std::vector<E> enumValues()
{
    std::vector<E> values;
    for (const auto& entry : EnumNames<E>::table)
        values.push_back(entry.first);
    return values;
}

// "a|b|c", for usage lines and error messages.
template<class E> std::string enumNameList(std::string_view separator = "|")
{
    std::string out;
    for (const auto& entry : EnumNames<E>::table) {
        if (!out.empty())
            out += separator;
        out += entry.second;
    }
    return out;
}

} // namespace core
