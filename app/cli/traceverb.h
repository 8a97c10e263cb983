// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli trace: what a PyTorch profiler trace measured (core/trace/profilertrace.h) — steps and
// step time, kernel time, NCCL time and its exposed part per collective kind, the device and the world —
// as text or as the documented JSON object, and optionally as a measured record file.

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int traceVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string traceHelp();

} // namespace cli
