// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/shellarithmetic.h"

#include "launch/shellnames.h"

#include <charconv>
#include <limits>

namespace core::launch {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::optional<std::int64_t> wholeNumber(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Recursive descent over bash's precedence for the operators it keeps: sum of products of signed operands.
// Every step returns nullopt on anything it cannot give, and the caller passes that on.
class Arithmetic
{
public:
    Arithmetic(std::string_view text, const ShellVariableLookup& variable)
        : m_text(text)
        , m_variable(variable)
    { }

    std::optional<std::int64_t> whole()
    {
        const auto value = sum(0);
        skipBlanks();
        return m_pos == m_text.size() ? value : std::nullopt;
    }

private:
    static constexpr int kMaxDepth = 64;

    void skipBlanks()
    {
        while (m_pos < m_text.size()
               && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n'
                   || m_text[m_pos] == '\r'))
            ++m_pos;
    }

    // The next character is `c` and not the first of a two-character operator (**, ++, --, +=, …).
    bool accept(char c)
    {
        skipBlanks();
        if (m_pos >= m_text.size() || m_text[m_pos] != c)
            return false;
        if (m_pos + 1 < m_text.size()) {
            const char next = m_text[m_pos + 1];
            if (next == '=' || ((c == '*' || c == '+' || c == '-') && next == c))
                return false;
        }
        ++m_pos;
        return true;
    }

    std::optional<std::int64_t> sum(int depth)
    {
        auto value = product(depth);
        while (value) {
            if (accept('+')) {
                const auto rhs = product(depth);
                std::int64_t out = 0;
                value
                    = rhs && !__builtin_add_overflow(*value, *rhs, &out) ? std::optional(out) : std::nullopt;
            } else if (accept('-')) {
                const auto rhs = product(depth);
                std::int64_t out = 0;
                value
                    = rhs && !__builtin_sub_overflow(*value, *rhs, &out) ? std::optional(out) : std::nullopt;
            } else {
                break;
            }
        }
        return value;
    }

    std::optional<std::int64_t> product(int depth)
    {
        auto value = unary(depth);
        while (value) {
            const bool times = accept('*');
            const bool divide = !times && accept('/');
            const bool remainder = !times && !divide && accept('%');
            if (!times && !divide && !remainder)
                break;
            const auto rhs = unary(depth);
            if (!rhs)
                return std::nullopt;
            std::int64_t out = 0;
            if (times)
                value = __builtin_mul_overflow(*value, *rhs, &out) ? std::nullopt : std::optional(out);
            else if (*rhs == 0 || (*value == std::numeric_limits<std::int64_t>::min() && *rhs == -1))
                value = std::nullopt;
            else
                value = divide ? *value / *rhs : *value % *rhs; // bash truncates towards zero, as C++ does
        }
        return value;
    }

    std::optional<std::int64_t> unary(int depth)
    {
        if (depth > kMaxDepth)
            return std::nullopt;
        if (accept('+'))
            return unary(depth + 1);
        if (accept('-')) {
            const auto value = unary(depth + 1);
            if (!value || *value == std::numeric_limits<std::int64_t>::min())
                return std::nullopt;
            return -*value;
        }
        return operand(depth);
    }

    std::optional<std::int64_t> operand(int depth)
    {
        skipBlanks();
        if (m_pos >= m_text.size())
            return std::nullopt;
        if (accept('(')) {
            const auto value = sum(depth + 1);
            return value && accept(')') ? value : std::nullopt;
        }
        if (isDigit(m_text[m_pos])) {
            const std::size_t start = m_pos;
            while (m_pos < m_text.size() && isDigit(m_text[m_pos]))
                ++m_pos;
            // A leading 0 is octal to bash and 0x hexadecimal: sizes are written in decimal, so refuse them.
            if (m_text[start] == '0' && m_pos - start > 1)
                return std::nullopt;
            if (m_pos < m_text.size() && (isShellNameStart(m_text[m_pos]) || m_text[m_pos] == '#'))
                return std::nullopt;
            return wholeNumber(m_text.substr(start, m_pos - start));
        }
        // NAME, $NAME or ${NAME}.
        bool braced = false;
        if (m_text[m_pos] == '$') {
            ++m_pos;
            braced = m_pos < m_text.size() && m_text[m_pos] == '{';
            m_pos += braced ? 1 : 0;
        }
        if (m_pos >= m_text.size() || !isShellNameStart(m_text[m_pos]))
            return std::nullopt;
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && isShellNameChar(m_text[m_pos]))
            ++m_pos;
        const std::string_view name = m_text.substr(start, m_pos - start);
        if (braced && (m_pos >= m_text.size() || m_text[m_pos++] != '}'))
            return std::nullopt;
        const auto value = m_variable(name);
        return value ? wholeNumber(*value) : std::nullopt;
    }

    std::string_view m_text;
    const ShellVariableLookup& m_variable;
    std::size_t m_pos = 0;
};

} // namespace

std::optional<std::int64_t> evaluateShellArithmetic(std::string_view expression,
                                                    const ShellVariableLookup& variable)
{
    return Arithmetic(expression, variable).whole();
}

} // namespace core::launch
