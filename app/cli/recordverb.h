// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli record: measured records (core/measuredrecord.h) beside the prediction, and adding a
// record file to a design.

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int recordVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string recordHelp();

} // namespace cli
