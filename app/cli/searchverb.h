// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli search: every valid layout of a design's model on its cluster, ranked by step time
// (core/search.h).

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int searchVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string searchHelp();

} // namespace cli
