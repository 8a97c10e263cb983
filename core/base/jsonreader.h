// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Typed reading of JSON objects that reports every problem as a located diagnostic (JSON pointer) instead
// of throwing, and keeps the keys it does not know so that a save can write them back.

#include "base/diagnostic.h"
#include "base/enumnames.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// Documents keep the order in which keys were written, so saved files read top-down.
using Json = nlohmann::ordered_json;

std::string jsonPointerAppend(const std::string& pointer, std::string_view key);
std::string jsonPointerAppend(const std::string& pointer, std::size_t index);
// "object", "array", "string", "integer", "number", "boolean", "null"
std::string jsonTypeName(const Json& value);

struct ReadContext
{
    std::vector<Diagnostic> diagnostics;
    // Unknown keys, kept by pointer: { "/layout/futureKnob": 3, … }
    Json unknown = Json::object();
    bool reportUnknown = true;

    bool failed() const { return hasErrors(diagnostics); }
    void add(const DiagnosticKind& kind, std::string pointer, std::vector<std::string> args = {});
};

class ObjectReader
{
public:
    // An object that is not a JSON object is reported as a type error; reads from it then do nothing.
    ObjectReader(const Json& value, std::string pointer, ReadContext& context);
    ObjectReader(const ObjectReader&) = delete;
    ObjectReader& operator=(const ObjectReader&) = delete;
    // Records the keys that no read asked for as unknown.
    ~ObjectReader();

    bool valid() const { return m_object != nullptr; }
    bool has(std::string_view key) const;
    const std::string& pointer() const { return m_pointer; }
    std::string pointerTo(std::string_view key) const { return jsonPointerAppend(m_pointer, key); }
    // Marks a key as known and returns its value, or nullptr if absent.
    const Json* take(std::string_view key);

    // Optional reads leave `out` unchanged when the key is absent; they return false on a type error.
    bool read(std::string_view key, int& out);
    bool read(std::string_view key, std::int64_t& out);
    bool read(std::string_view key, double& out);
    bool read(std::string_view key, bool& out);
    bool read(std::string_view key, std::string& out);
    bool read(std::string_view key, std::vector<int>& out);
    bool read(std::string_view key, std::vector<std::string>& out);

    template<class E> bool readEnum(std::string_view key, E& out)
    {
        std::string name;
        if (!has(key))
            return true;
        if (!read(key, name))
            return false;
        if (const auto value = enumFromName<E>(name)) {
            out = *value;
            return true;
        }
        m_context.add(invalidValueKind(), pointerTo(key),
                      {"\"" + name + "\"", std::string(key), enumNameList<E>(", ")});
        return false;
    }

    // A list of enum names: each read as readEnum reads one, an unknown name an error at its index.
    template<class E> bool readEnumList(std::string_view key, std::vector<E>& out)
    {
        std::vector<std::string> names;
        if (!has(key))
            return true;
        if (!read(key, names))
            return false;
        std::vector<E> values;
        bool ok = true;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (const auto value = enumFromName<E>(names[i])) {
                values.push_back(*value);
                continue;
            }
            m_context.add(invalidValueKind(), jsonPointerAppend(pointerTo(key), std::to_string(i)),
                          {"\"" + names[i] + "\"", std::string(key), enumNameList<E>(", ")});
            ok = false;
        }
        if (ok)
            out = std::move(values);
        return ok;
    }

    // Like read(), but a missing key is an error.
    template<class T> bool require(std::string_view key, T& out)
    {
        if (!has(key)) {
            reportMissing(key);
            return false;
        }
        return read(key, out);
    }

private:
    static const DiagnosticKind& invalidValueKind();
    void reportMissing(std::string_view key);
    bool readInteger(std::string_view key, std::int64_t& out, std::int64_t min, std::int64_t max);

    const Json* m_object = nullptr;
    std::string m_pointer;
    ReadContext& m_context;
    std::vector<std::string> m_taken;
};

} // namespace core
