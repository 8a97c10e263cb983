// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsonreader.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

std::string jsonPointerAppend(const std::string& pointer, std::string_view key)
{
    // RFC 6901: '~' is written "~0" and '/' is written "~1".
    std::string out = pointer + '/';
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string jsonPointerAppend(const std::string& pointer, std::size_t index)
{
    return pointer + '/' + std::to_string(index);
}

std::string jsonTypeName(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::object:
        return MW_TR_NOOP("DiagnosticArguments", "an object");
    case Json::value_t::array:
        return MW_TR_NOOP("DiagnosticArguments", "an array");
    case Json::value_t::string:
        return MW_TR_NOOP("DiagnosticArguments", "a string");
    case Json::value_t::boolean:
        return MW_TR_NOOP("DiagnosticArguments", "a boolean");
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
        return MW_TR_NOOP("DiagnosticArguments", "an integer");
    case Json::value_t::number_float:
        return MW_TR_NOOP("DiagnosticArguments", "a number");
    case Json::value_t::null:
        return "null";
    default:
        return MW_TR_NOOP("DiagnosticArguments", "an unsupported value");
    }
}

void ReadContext::add(const DiagnosticKind& kind, std::string pointer, std::vector<std::string> args)
{
    diagnostics.push_back(makeDiagnostic(kind, std::move(pointer), std::move(args)));
}

namespace {
std::string displayPointer(const std::string& pointer)
{
    return pointer.empty() ? "The document" : pointer;
}
} // namespace

ObjectReader::ObjectReader(const Json& value, std::string pointer, ReadContext& context)
    : m_pointer(std::move(pointer))
    , m_context(context)
{
    if (value.is_object())
        m_object = &value;
    else
        m_context.add(
            diag::kIoType, m_pointer,
            {displayPointer(m_pointer), MW_TR_NOOP("DiagnosticArguments", "an object"), jsonTypeName(value)});
}

ObjectReader::~ObjectReader()
{
    if (!m_object)
        return;
    for (auto it = m_object->begin(); it != m_object->end(); ++it) {
        if (std::find(m_taken.begin(), m_taken.end(), it.key()) != m_taken.end())
            continue;
        const std::string where = pointerTo(it.key());
        // Each pointer is recorded once, so it is appended: ordered_map's operator[] searches linearly,
        // which would make an object of many unknown keys quadratic.
        static_cast<Json::object_t::Container&>(m_context.unknown.get_ref<Json::object_t&>())
            .emplace_back(where, it.value());
        if (m_context.reportUnknown)
            m_context.add(diag::kIoUnknownKey, where, {where});
    }
}

bool ObjectReader::has(std::string_view key) const
{
    return m_object && m_object->contains(key);
}

const Json* ObjectReader::take(std::string_view key)
{
    if (!m_object)
        return nullptr;
    m_taken.emplace_back(key);
    const auto it = m_object->find(key);
    return it == m_object->end() ? nullptr : &*it;
}

const DiagnosticKind& ObjectReader::invalidValueKind()
{
    return diag::kIoValue;
}

void ObjectReader::reportMissing(std::string_view key)
{
    m_taken.emplace_back(key);
    m_context.add(diag::kIoMissing, pointerTo(key), {pointerTo(key)});
}

bool ObjectReader::readInteger(std::string_view key, std::int64_t& out, std::int64_t min, std::int64_t max)
{
    const Json* value = take(key);
    if (!value)
        return true;
    // A whole number written as 4.0 counts; std::trunc decides that without a cast, which would be
    // undefined for 1e19.
    const bool integral = value->is_number_integer()
        || (value->is_number_float() && std::isfinite(value->get<double>())
            && std::trunc(value->get<double>()) == value->get<double>());
    if (!integral) {
        m_context.add(
            diag::kIoType, pointerTo(key),
            {pointerTo(key), MW_TR_NOOP("DiagnosticArguments", "an integer"), jsonTypeName(*value)});
        return false;
    }
    // Compare as double before any cast: an unsigned value above int64's range must not wrap, and a
    // float outside [min, max] must not reach static_cast.
    const double asDouble = value->get<double>();
    if (asDouble < static_cast<double>(min) || asDouble > static_cast<double>(max)) {
        m_context.add(diag::kIoTooLarge, pointerTo(key),
                      {pointerTo(key), value->dump(), std::to_string(max)});
        return false;
    }
    out = value->is_number_float() ? static_cast<std::int64_t>(asDouble) : value->get<std::int64_t>();
    return true;
}

bool ObjectReader::read(std::string_view key, int& out)
{
    std::int64_t value = out;
    if (!readInteger(key, value, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
        return false;
    out = static_cast<int>(value);
    return true;
}

bool ObjectReader::read(std::string_view key, std::int64_t& out)
{
    // Limit to 2^53 so that every accepted integer is exact as a double as well.
    constexpr std::int64_t limit = std::int64_t{1} << 53;
    return readInteger(key, out, -limit, limit);
}

bool ObjectReader::read(std::string_view key, double& out)
{
    const Json* value = take(key);
    if (!value)
        return true;
    if (!value->is_number()) {
        m_context.add(diag::kIoType, pointerTo(key),
                      {pointerTo(key), MW_TR_NOOP("DiagnosticArguments", "a number"), jsonTypeName(*value)});
        return false;
    }
    out = value->get<double>();
    return true;
}

bool ObjectReader::read(std::string_view key, bool& out)
{
    const Json* value = take(key);
    if (!value)
        return true;
    if (!value->is_boolean()) {
        m_context.add(
            diag::kIoType, pointerTo(key),
            {pointerTo(key), MW_TR_NOOP("DiagnosticArguments", "true or false"), jsonTypeName(*value)});
        return false;
    }
    out = value->get<bool>();
    return true;
}

bool ObjectReader::read(std::string_view key, std::string& out)
{
    const Json* value = take(key);
    if (!value)
        return true;
    if (!value->is_string()) {
        m_context.add(diag::kIoType, pointerTo(key),
                      {pointerTo(key), MW_TR_NOOP("DiagnosticArguments", "a string"), jsonTypeName(*value)});
        return false;
    }
    out = value->get<std::string>();
    return true;
}

bool ObjectReader::read(std::string_view key, std::vector<int>& out)
{
    const Json* value = take(key);
    if (!value)
        return true;
    const std::string where = pointerTo(key);
    if (!value->is_array()) {
        m_context.add(
            diag::kIoType, where,
            {where, MW_TR_NOOP("DiagnosticArguments", "an array of integers"), jsonTypeName(*value)});
        return false;
    }
    std::vector<int> result;
    result.reserve(value->size());
    for (std::size_t i = 0; i < value->size(); ++i) {
        const Json& item = (*value)[i];
        if (!item.is_number_integer() || item.get<double>() < std::numeric_limits<int>::min()
            || item.get<double>() > std::numeric_limits<int>::max()) {
            const std::string itemPointer = jsonPointerAppend(where, i);
            m_context.add(diag::kIoType, itemPointer,
                          {itemPointer, MW_TR_NOOP("DiagnosticArguments", "an integer"), jsonTypeName(item)});
            return false;
        }
        result.push_back(item.get<int>());
    }
    out = std::move(result);
    return true;
}

bool ObjectReader::read(std::string_view key, std::vector<std::string>& out)
{
    const Json* value = take(key);
    if (!value)
        return true;
    const std::string where = pointerTo(key);
    if (!value->is_array()) {
        m_context.add(
            diag::kIoType, where,
            {where, MW_TR_NOOP("DiagnosticArguments", "an array of strings"), jsonTypeName(*value)});
        return false;
    }
    std::vector<std::string> result;
    for (std::size_t i = 0; i < value->size(); ++i) {
        const Json& item = (*value)[i];
        if (!item.is_string()) {
            const std::string itemPointer = jsonPointerAppend(where, i);
            m_context.add(diag::kIoType, itemPointer,
                          {itemPointer, MW_TR_NOOP("DiagnosticArguments", "a string"), jsonTypeName(item)});
            return false;
        }
        result.push_back(item.get<std::string>());
    }
    out = std::move(result);
    return true;
}

} // namespace core
