// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli report: the design report (core/designreport.h) as HTML or PDF.

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int reportVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string reportHelp();

} // namespace cli
