// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli export: the design's launch configuration for one framework (core/launchconfig.h).

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int exportVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string exportHelp();

} // namespace cli
