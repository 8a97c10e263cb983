// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli calibrate-link and calibrate-compute: fit a link tier's bandwidth and latency from an
// nccl-tests table, or the compute model to measured layer times, and put the result into a design.

#include "cli/arguments.h"

#include <ostream>
#include <string>

namespace cli {

int calibrateLinkVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string calibrateLinkHelp();

// meshwright-cli calibrate-compute: fit the compute model's efficiency to measured layer times.
int calibrateComputeVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string calibrateComputeHelp();

// meshwright-cli calibrate-kernels: put a measured GEMM kernel table into a design.
int calibrateKernelsVerb(Arguments& args, std::ostream& out, std::ostream& err);
std::string calibrateKernelsHelp();

} // namespace cli
