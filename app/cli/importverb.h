// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli import: a launch configuration that already runs, read back into a design
// (core/launch/launchimport.h).

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int importVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string importHelp();

} // namespace cli
