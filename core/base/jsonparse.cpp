// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsonparse.h"

#include "base/diagnostickinds.h"
#include "base/jsonbuilder.h"
#include "base/jsonparsereason.h"
#include "base/sizelimits.h"
#include "base/units.h"

#include <cstdio>
#include <exception>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace core {

namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 if it is not well-formed (RFC 3629 table 3-7:
// no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        if (b0 == 0xE0)
            low = 0xA0;
        if (b0 == 0xED)
            high = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        if (b0 == 0xF0)
            low = 0x90;
        if (b0 == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    if (byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return length;
}

Diagnostic parseError(std::string_view text, std::size_t byte, const std::string& reason)
{
    const auto [line, column] = lineAndColumn(text, byte);
    return makeDiagnostic(diag::kIoParse, "",
                          {std::to_string(line), std::to_string(column), escapeInvalidUtf8(reason)});
}

// The byte offset at which arrays and objects first nest deeper than `limit` (strings skipped).
std::size_t offsetOfDepth(std::string_view text, int limit)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text.size();
}

std::optional<Diagnostic> encodingError(std::string_view text)
{
    const auto starts = [&](std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; };
    if (starts("\xFF\xFE") || starts("\xFE\xFF")
        || (text.size() >= 2 && (text[0] == '\0' || text[1] == '\0')))
        return parseError(text, 0, wideEncodingReason());
    if (const auto bad = firstInvalidUtf8(text))
        return parseError(text, *bad, invalidUtf8Reason(static_cast<unsigned char>(text[*bad]), *bad));
    return std::nullopt;
}

} // namespace

std::pair<std::size_t, std::size_t> lineAndColumn(std::string_view text, std::size_t byte)
{
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

std::optional<std::size_t> firstInvalidUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0)
            return i;
        i += length;
    }
    return std::nullopt;
}

std::string escapeInvalidUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(text[i]));
            out += hex;
            ++i;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

JsonParse parseJson(std::string_view text)
{
    JsonParse result;
    if (auto error = encodingError(text)) {
        result.error = std::move(error);
        return result;
    }
    Json document;
    JsonBuilder builder(document);
    bool parsed = false;
    try {
        parsed = Json::sax_parse(text, &builder);
    } catch (const std::exception& error) {
        // sax_parse reports through the builder; this is only a guard at the boundary.
        result.error = parseError(text, 0, jsonParseReason(error.what()));
        return result;
    }
    if (parsed) {
        result.document = std::move(document);
        return result;
    }
    if (builder.tooDeep()) {
        result.error = parseError(text, offsetOfDepth(text, limits::kMaxJsonDepth),
                                  tooDeepReason(limits::kMaxJsonDepth));
    } else {
        const std::size_t position = builder.errorPosition().value_or(0);
        const std::size_t byte = position > 0 ? position - 1 : 0;
        result.error = parseError(text, byte,
                                  builder.errorId() == 406 ? numberOverflowReason(builder.errorWhat())
                                                           : jsonParseReason(builder.errorWhat()));
    }
    return result;
}

void writeBackUnknown(Json& document, const Json& unknown)
{
    // Grouped by parent, so that each parent is looked up once and its keys are indexed once: a save of
    // an object with 100,000 unknown keys must not search the object for each of them.
    std::vector<std::string> parents;
    std::unordered_map<std::string, std::vector<std::pair<std::string, const Json*>>> byParent;
    for (auto it = unknown.begin(); it != unknown.end(); ++it) {
        try {
            const Json::json_pointer pointer(it.key());
            if (pointer.empty())
                continue;
            const auto [slot, inserted] = byParent.try_emplace(pointer.parent_pointer().to_string());
            if (inserted)
                parents.push_back(slot->first);
            slot->second.emplace_back(pointer.back(), &it.value());
        } catch (const Json::exception&) {
            // Not a JSON pointer: nothing of ours wrote it; dropped.
        }
    }
    for (const std::string& parent : parents) {
        Json* target = nullptr;
        try {
            const Json::json_pointer pointer(parent);
            if (document.contains(pointer))
                target = &document.at(pointer);
        } catch (const Json::exception&) { }
        if (!target || !target->is_object())
            continue; // the parent no longer exists: its unknown keys go with it
        auto& pairs = static_cast<Json::object_t::Container&>(target->get_ref<Json::object_t&>());
        std::unordered_set<std::string> present;
        for (const auto& [key, value] : pairs)
            present.insert(key);
        for (const auto& [key, value] : byParent[parent])
            if (present.insert(key).second)
                pairs.emplace_back(key, *value);
    }
}

bool readInRange(ObjectReader& in, ReadContext& context, std::string_view key, double& out, double min,
                 double max)
{
    if (!in.has(key)) {
        in.take(key);
        return true;
    }
    double value = out;
    if (!in.read(key, value))
        return false;
    if (!(value >= min && value <= max)) {
        context.add(diag::kValueRange, in.pointerTo(key),
                    {in.pointerTo(key), formatNumber(min, 6), formatNumber(max, 6), formatNumber(value, 6)});
        return false;
    }
    out = value;
    return true;
}

std::string jsonText(const Json& value, int indent)
{
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

} // namespace core
