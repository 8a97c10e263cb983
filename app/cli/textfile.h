// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading and writing whole text files for the CLI verbs.

#include <optional>
#include <string>

namespace cli {

std::optional<std::string> readText(const std::string& path);
// Writes next to the target and renames over it, so a failed write never leaves half a file.
bool writeAtomically(const std::string& path, const std::string& text);

} // namespace cli
