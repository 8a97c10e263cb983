// SPDX-License-Identifier: GPL-3.0-or-later
// Replays the starting corpus and every input a fuzzing campaign ever crashed on (tests/fuzz/regressions/)
// through the fuzz targets' entry points, in the normal build: CI checks them without clang. A broken
// property aborts with the file's name printed first.

#include "fuzzentries.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

int main(int argc, char** argv)
{
    namespace fs = std::filesystem;
    const fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(MESHWRIGHT_SOURCE_DIR "/tests/fuzz");
    int files = 0;
    for (const fuzz::Target& target : fuzz::targets()) {
        for (const char* set : {"corpus", "regressions"}) {
            const fs::path folder = root / set / target.name;
            if (!fs::is_directory(folder))
                continue;
            std::vector<fs::path> inputs;
            for (const fs::directory_entry& entry : fs::directory_iterator(folder))
                if (entry.is_regular_file())
                    inputs.push_back(entry.path());
            std::sort(inputs.begin(), inputs.end());
            for (const fs::path& input : inputs) {
                std::ifstream in(input, std::ios::binary);
                const std::string bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
                std::fprintf(stderr, "%s\n", input.string().c_str());
                target.run(bytes);
                ++files;
            }
        }
    }
    std::printf("%d inputs replayed, no property broken\n", files);
    return files > 0 ? 0 : 1;
}
