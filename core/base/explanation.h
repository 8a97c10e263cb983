// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every figure the core returns can say where it comes from, so that a reader can check it rather than
// trust it: the formula, its inputs with their values and units, and the source (paper and equation, or
// framework and file).

#include "base/jsonreader.h"

#include <string>
#include <vector>

namespace core {

struct ExplanationInput
{
    std::string name; // "s (tokens per CP rank)"
    double value = 0;
    std::string unit; // "tokens", "bytes", "" for a pure number
};

struct Explanation
{
    std::string formula; // "layers × in-flight × s·b·h·(34/t)"
    std::vector<ExplanationInput> inputs;
    std::string source; // "Korthikanti et al. 2022, Table 2"
    std::string note; // an assumption or a caveat, if any

    Explanation& input(std::string name, double value, std::string unit = {})
    {
        inputs.push_back({std::move(name), value, std::move(unit)});
        return *this;
    }
};

Json explanationToJson(const Explanation& explanation);

} // namespace core
