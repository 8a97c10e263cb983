// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The entry points every fuzz target and the corpus replay share. Each takes any bytes, must return
// normally, and checks a property of what it read; a broken property prints what broke and aborts, so
// that libFuzzer keeps the input and the replay test fails on it.

#include <string>
#include <string_view>
#include <vector>

namespace fuzz {

// loadDesign; a design that loads saves to text that loads again to the same design, and saving that
// gives the same text.
void designLoader(std::string_view bytes);
// loadRecord; a record that loads saves to text that loads again to the same record.
void recordLoader(std::string_view bytes);
// parseNcclTests and fitLink: every row kept is finite and positive, and so is the fit.
void ncclTestsParser(std::string_view bytes);
// importLaunch: the first byte picks the format (its value modulo the six formats) and the base design
// (the value divided by six, modulo eight built-in examples: default, fsdp-1node-8gpu,
// serving-70b-tp4x2, teaching-4gpu, …), the rest is the file. An imported design fills
// the cluster exactly and saves to a file that loads again; every error names where in the file it is.
void launchImporter(std::string_view bytes);
// importHfConfig: an imported model, put into the default example, saves to a design that loads again with
// the same model; every error names the field or the line.
void hfConfigImporter(std::string_view bytes);
// readTraceText, then applyMemoryStats on the same bytes: a summary has finite, non-negative figures, and
// the record it makes saves to a file that loads again.
void traceImporter(std::string_view bytes);

struct Target
{
    const char* name; // the corpus folder: tests/fuzz/corpus/<name>, tests/fuzz/regressions/<name>
    void (*run)(std::string_view bytes);
};

const std::vector<Target>& targets();

} // namespace fuzz
