// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design document: JSON with "format": "meshwright.design" and an integer "version" (schema in
// resources/schema/design.schema.json, described in the README).
//
// Loading parses into a fresh Design and hands it out only when there was no error, so a failed load
// never leaves a half-read design anywhere. Every problem is a located diagnostic: a JSON pointer, and
// for malformed JSON the line and column.

#include "catalog/catalog.h"
#include "design/design.h"
#include "base/diagnostic.h"
#include "base/jsonreader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

inline constexpr std::string_view kDesignFormat = "meshwright.design";
inline constexpr int kDesignVersion = 1;

struct LoadResult
{
    std::optional<Design> design; // set only when there were no errors
    std::vector<Diagnostic> diagnostics; // errors, and warnings such as unknown keys

    bool ok() const { return design.has_value(); }
};

LoadResult loadDesign(std::string_view text, const Catalog& catalog = Catalog::builtin());
LoadResult designFromJson(const Json& document, const Catalog& catalog = Catalog::builtin());

Json designToJson(const Design& design, const Catalog& catalog = Catalog::builtin());
// Pretty-printed with two-space indentation and a final newline.
std::string saveDesign(const Design& design, const Catalog& catalog = Catalog::builtin());

// A built-in example design by id ("default", "seed-70b-32k-512gpu", …); nullopt if unknown.
std::optional<Design> exampleDesign(std::string_view id, const Catalog& catalog = Catalog::builtin());

} // namespace core
