// SPDX-License-Identifier: GPL-3.0-or-later
// One libFuzzer target; MESHWRIGHT_FUZZ_TARGET names its entry point (fuzzentries.h).

#include "fuzzentries.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    MESHWRIGHT_FUZZ_TARGET(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
