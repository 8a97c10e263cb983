// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli.h"

#include <iostream>

int main(int argc, char* argv[])
{
    std::vector<std::string> args(argv + 1, argv + argc);
    return cli::run(args, std::cout, std::cerr);
}
