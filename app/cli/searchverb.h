#pragma once

// meshwright-cli search: every valid layout of a design's model on its cluster, ranked by step time
// (core/search.h).

#include "arguments.h"

#include <ostream>
#include <string>

namespace cli {

int searchVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string searchHelp();

} // namespace cli
