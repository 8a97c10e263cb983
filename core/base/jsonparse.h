// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Turning text into JSON and JSON into text without ever throwing. Every document Meshwright reads from
// a user (designs, records, model files) goes through parseJson, every JSON it writes through
// jsonText: a bad byte, a number beyond the double range or a document nested too deeply becomes one
// located kIoParse diagnostic, never an exception, a crash or minutes of work.

#include "base/diagnostic.h"
#include "base/jsonreader.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace core {

struct JsonParse
{
    Json document;
    std::optional<Diagnostic> error; // kIoParse with line, column and reason

    bool ok() const { return !error.has_value(); }
};

// Parses one whole JSON document (UTF-8, an optional byte-order mark). Objects keep the order of their
// keys and load in time linear in their size (a key written twice keeps its last value, as nlohmann
// does); arrays and objects may nest at most limits::kMaxJsonDepth deep.
JsonParse parseJson(std::string_view text);

// The byte offset of the first byte that is not well-formed UTF-8 (RFC 3629), or nullopt.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);
// The text with every byte that is not well-formed UTF-8 written as "\xNN", safe to show and to put into
// JSON.
std::string escapeInvalidUtf8(std::string_view text);

// Writes the unknown keys a ReadContext kept ({pointer: value}) back into a document being saved, each
// where its parent object still exists and the key is not written already (a key recorded twice is
// written once); the rest is dropped with its parent. Linear in the number of keys.
void writeBackUnknown(Json& document, const Json& unknown);

// A number within [min, max]; outside, a kValueRange error at the key and `out` unchanged. Absent: true.
bool readInRange(ObjectReader& in, ReadContext& context, std::string_view key, double& out, double min,
                 double max);

// value.dump(indent) that never throws: a string that is not UTF-8 is written with U+FFFD in place of its
// bad bytes.
std::string jsonText(const Json& value, int indent = 2);

// Line and column (1-based) of a byte offset in a document, for located parse errors.
std::pair<std::size_t, std::size_t> lineAndColumn(std::string_view text, std::size_t byte);

} // namespace core
