// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading and writing whole text files for the CLI verbs.

#include <optional>
#include <string>

namespace cli {

std::optional<std::string> readText(const std::string& path);
// Writes a temporary file next to the target, checks every write, fsyncs it and renames it over the
// target, so a failed write (a full disk) never leaves half a file nor a temporary one. Returns the
// reason on failure (strerror), nullopt on success.
[[nodiscard]] std::optional<std::string> writeAtomically(const std::string& path, const std::string& text);

} // namespace cli
