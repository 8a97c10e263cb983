// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli: the same core as the window, without one. Each verb reads its arguments, writes its
// result to `out` and problems to `err`, and returns the exit code:
//   0  the design is valid (or the verb succeeded)
//   1  the design has errors (the diagnostics are printed)
//   2  unreadable input or a usage error

#include <ostream>
#include <string>
#include <vector>

namespace cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitDesignErrors = 1;
inline constexpr int kExitUsage = 2;

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace cli
