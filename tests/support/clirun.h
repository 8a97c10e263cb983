// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli run in-process for the command-line suites: its exit code and what it wrote to standard
// output and standard error.

#include "cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace testing {

struct CliRun
{
    int exitCode;
    std::string out;
    std::string err;
};

inline CliRun runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace testing
