// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/arguments.h"

#include <charconv>
#include <cmath>

namespace cli {

Arguments::Arguments(std::vector<std::string> args)
    : m_args(std::move(args))
{ }

void Arguments::refuseUnreadValue()
{
    if (m_inlineValue)
        throw UsageError(m_inlineFlag + " takes no value (given '" + m_inlineFlag + "=" + *m_inlineValue
                         + "'); write " + m_inlineFlag + " alone");
}

bool Arguments::atEnd()
{
    refuseUnreadValue();
    return m_index >= m_args.size();
}

std::string Arguments::next()
{
    refuseUnreadValue();
    std::string arg = m_args.at(m_index++);
    if (arg.starts_with("--")) {
        if (const std::size_t eq = arg.find('='); eq != std::string::npos) {
            m_inlineValue = arg.substr(eq + 1);
            arg.resize(eq);
            m_inlineFlag = arg;
        }
    }
    return arg;
}

std::string Arguments::value(const std::string& flag)
{
    if (m_inlineValue) {
        std::string v = std::move(*m_inlineValue);
        m_inlineValue.reset();
        return v;
    }
    if (atEnd())
        throw UsageError(flag + " needs a value");
    return m_args[m_index++];
}

std::int64_t Arguments::integer(const std::string& flag, std::int64_t min, std::int64_t max)
{
    const std::string text = value(flag);
    std::int64_t result = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result);
    if (error != std::errc{} || end != text.data() + text.size())
        throw UsageError(flag + " needs a whole number, not '" + text + "'");
    if (result < min || result > max)
        throw UsageError(flag + " must be between " + std::to_string(min) + " and " + std::to_string(max)
                         + ", not " + text);
    return result;
}

double Arguments::number(const std::string& flag)
{
    const std::string text = value(flag);
    double result = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(result))
        throw UsageError(flag + " needs a number, not '" + text + "'");
    return result;
}

} // namespace cli
