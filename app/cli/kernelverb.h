// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli kernel: the modelled time of one kernel on one GPU — a GEMM from the measured tables (or
// the roofline where a GPU has none), or a FlashAttention call — with where the number comes from
// (docs/kernel-model.md).

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int kernelVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string kernelHelp();

} // namespace cli
