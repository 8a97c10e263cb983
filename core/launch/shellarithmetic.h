// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Bash's arithmetic expansion, $(( … )), as launch scripts use it to derive sizes from other sizes
// (WORLD_SIZE=$((NNODES * GPUS_PER_NODE)), --global-batch-size $((MBS * DP * 8))): integers with + - * / %,
// unary signs and parentheses, operands that are numbers or the file's variables (NAME, $NAME, ${NAME}).
// Internal to core (launchreader.cpp).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace core::launch {

// A variable's value as the file assigned it; nullopt when the file does not set it.
using ShellVariableLookup = std::function<std::optional<std::string>(std::string_view name)>;

// The value of `expression` (what stands between "$((" and "))"), or nullopt where the launch file alone
// cannot give it: a variable the file does not set or whose value is not a whole number (bash would read an
// unset one as 0, which would put a wrong size into the design), division by zero, a result beyond 64 bits,
// an operator the sizes of a launch script do not need (comparisons, shifts, assignments), parentheses
// nested deeper than 64, or text that is not an expression.
std::optional<std::int64_t> evaluateShellArithmetic(std::string_view expression,
                                                    const ShellVariableLookup& variable);

} // namespace core::launch
