#pragma once

// meshwright-cli calibrate-link: fit a link tier's bandwidth and latency from an nccl-tests table and
// put it into a design as a calibrated link.

#include "arguments.h"

#include <ostream>
#include <string>

namespace cli {

int calibrateLinkVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string calibrateLinkHelp();

} // namespace cli
