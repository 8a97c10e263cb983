// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli compare: two training designs side by side — step time, tokens a second per GPU, MFU, fit —
// and whether published pairs of runs like them let the model decide which is faster
// (core/performance/layoutcomparison.h; docs/kernel-model.md, "What the candidates say of two layouts").

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int compareVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string compareHelp();

} // namespace cli
