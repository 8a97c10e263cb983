// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli collective: the time, algorithm bandwidth and bus bandwidth of one collective, on links
// given by α and bandwidth or on a real group of a design, and with --steps every step of its algorithm.

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int collectiveVerb(Arguments& args, std::ostream& out, std::ostream& err);
// The verb's part of `meshwright-cli help`.
std::string collectiveHelp();

} // namespace cli
