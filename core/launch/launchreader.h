// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small readers for the launch files launchimport.h reads back: shell command lines (words with their line
// numbers, after continuations, quotes, comments, variables and bash arrays) and the subsets of TOML and
// YAML that torchtitan and Accelerate configs use (sections or nested maps of scalar keys). Each keeps the
// line of every setting and whether an importer used it, so that what it did not use can be listed. Internal
// to core.

#include "base/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core::launch {

// One setting of a launch file: a flag with its value, or a key of a config file ("parallelism.tp").
struct Setting
{
    std::string name; // flags as written but with '_' as '-' ("--nproc-per-node"); keys with dotted sections
    std::optional<std::string> value;
    int line = 0;
    bool quoted = false; // the value was a quoted string (TOML, YAML)
    mutable bool used = false;
    std::string pointer; // JSON files: the key's JSON pointer, which locates it instead of a line
    // Shell command lines: the words after the value up to the next flag, for the flags that take a list
    // (argparse's nargs '*': Megatron-LM --recompute-modules); they are positional words too.
    std::vector<std::string> rest;

    // "line 3" (or the JSON pointer), the path of a diagnostic about it.
    std::string where() const;
};

struct Word
{
    std::string text;
    int line = 0;
};

// A shell command: its words after expansion. Flags are the words starting with '-'; a flag takes the next
// word as its value unless it is among `switches` (flags without a value), it is written --flag=value, or the
// next word is itself a flag.
struct ShellCommandLine
{
    std::vector<Word> words;
};

struct ShellReadResult
{
    std::vector<ShellCommandLine> commands; // one per statement that is not only assignments
    std::optional<Diagnostic> error; // launch-syntax at a line
};

// Splits a shell script into commands: backslash-newline continues a line; '#' starts a comment; '...'
// and "..." quote; NAME=value and NAME=( ... ) assign (also after `export`), and $NAME, ${NAME},
// ${NAME:-default} and ${NAME[@]} expand what the file assigned (an unknown variable stays as written);
// $(( … )) is evaluated over them (shellarithmetic.h), and a $( … ) command substitution, like an arithmetic
// the file cannot give, stays one word as written.
ShellReadResult readShell(std::string_view text, std::string_view tool);

struct Settings
{
    std::vector<Word> positional; // words that are neither flags nor their values
    std::vector<Setting> entries;

    // The last setting with this name (argparse and config files keep the last), marked used; null if none.
    const Setting* take(std::string_view name) const;
    const Setting* take(std::initializer_list<std::string_view> names) const; // the first name present
    // "--foo (line 3)" for every setting not taken, in file order.
    std::vector<std::string> unused() const;
};

Settings flagsOf(const std::vector<Word>& words, const std::vector<std::string_view>& switches);

// A launch-syntax error at a line of the file, the reason in words: the readers' one form of it.
Diagnostic syntaxError(std::string_view tool, int line, std::string reason);

// Sections ([parallelism]) and `key = value` lines of TOML: strings, numbers, booleans, arrays (over several
// lines too, with comments) and one-line inline tables. Entries are named "section.key", at the key's line. A
// line of another shape is a launch-syntax error.
std::optional<Diagnostic> readToml(std::string_view text, std::string_view tool, Settings& out);

// Nested maps of YAML ("fsdp_config:\n  fsdp_version: 2"): scalars, quoted or plain; list items and flow
// collections are kept as text. Entries are named "parent.key". A line of another shape (a tab in the
// indentation, a key without ':', a deeper indentation without a parent) is a launch-syntax error.
std::optional<Diagnostic> readYaml(std::string_view text, std::string_view tool, Settings& out);

} // namespace core::launch
