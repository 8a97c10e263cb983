// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Builds a JSON document from nlohmann's SAX events in time linear in its size. nlohmann's own DOM
// builder inserts each key with ordered_map::operator[], a linear search, which makes an object of n keys
// cost n² (100,000 keys: half a minute); here a key is appended, and only objects past a few keys get an
// index for repeats. parseJson (base/jsonparse.h) builds whole documents with it; the profiler-trace
// reader builds the few top-level objects it keeps.

#include "base/jsonreader.h"

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace core {

class JsonBuilder
{
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    // The first value fed in becomes `root` (the builder keeps a reference to it).
    explicit JsonBuilder(Json& root);

    // One scalar (or a whole value built elsewhere) at the current place.
    bool put(Json value);
    bool null() { return put(nullptr); }
    bool boolean(bool value) { return put(value); }
    bool number_integer(number_integer_t value) { return put(value); }
    bool number_unsigned(number_unsigned_t value) { return put(value); }
    bool number_float(number_float_t value, const string_t&) { return put(value); }
    bool string(string_t& value) { return put(std::move(value)); }
    bool binary(binary_t& value) { return put(Json::binary(std::move(value))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    // A key written twice keeps its last value, as nlohmann does.
    bool key(string_t& name);
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& error);

    // Arrays and objects open now; 0 once the root value is complete.
    std::size_t depth() const { return m_levels.size(); }
    bool tooDeep() const { return m_tooDeep; }
    std::optional<std::size_t> errorPosition() const { return m_errorPosition; }
    int errorId() const { return m_errorId; }
    const std::string& errorWhat() const { return m_errorWhat; }

private:
    struct Level
    {
        Json* container;
        std::unordered_map<std::string, std::size_t> index;
    };

    Json* place();
    bool open(Json container);
    bool close();

    Json& m_root;
    std::vector<Level> m_levels;
    Json* m_slot = nullptr;
    bool m_tooDeep = false;
    std::optional<std::size_t> m_errorPosition;
    int m_errorId = 0;
    std::string m_errorWhat;
};

} // namespace core
