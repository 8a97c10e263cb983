// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsonparsereason.h"

#include "base/diagnostic.h"

#include <array>
#include <cstdio>
#include <optional>
#include <utility>

namespace core {

namespace {

using Words = std::pair<std::string_view, const char*>;

// What the parser was reading (parser.hpp's exception_message contexts), in words of a sentence.
constexpr std::array kContexts{
    Words{"value", MW_TR_NOOP("DiagnosticArguments", "where a value belongs")},
    Words{"object key", MW_TR_NOOP("DiagnosticArguments", "where an object key belongs")},
    Words{"object separator", MW_TR_NOOP("DiagnosticArguments", "after an object key")},
    Words{"array", MW_TR_NOOP("DiagnosticArguments", "inside an array")},
    Words{"object", MW_TR_NOOP("DiagnosticArguments", "inside an object")},
};

// lexer.hpp's token_type_name in words; its punctuation ("'['", "':'", …) is the same in every language.
constexpr std::array kTokens{
    Words{"end of input", MW_TR_NOOP("DiagnosticArguments", "the end of the file")},
    Words{"string literal", MW_TR_NOOP("DiagnosticArguments", "a string")},
    Words{"number literal", MW_TR_NOOP("DiagnosticArguments", "a number")},
    Words{"true literal", MW_TR_NOOP("DiagnosticArguments", "the literal true")},
    Words{"false literal", MW_TR_NOOP("DiagnosticArguments", "the literal false")},
    Words{"null literal", MW_TR_NOOP("DiagnosticArguments", "the literal null")},
    Words{"'[', '{', or a literal", MW_TR_NOOP("DiagnosticArguments", "'[', '{' or a literal")},
    Words{"unknown token", MW_TR_NOOP("DiagnosticArguments", "an unknown token")},
    Words{"<uninitialized>", MW_TR_NOOP("DiagnosticArguments", "nothing")},
    Words{"<parse error>", MW_TR_NOOP("DiagnosticArguments", "an unreadable token")},
};
constexpr std::array<std::string_view, 6> kPunctuation{"'['", "'{'", "']'", "'}'", "':'", "','"};

// lexer.hpp's error_message, but its 32 "control character" ones (controlCharacter below).
constexpr std::array kLexerMessages{
    Words{"invalid string: ill-formed UTF-8 byte",
          MW_TR_NOOP("DiagnosticArguments", "a string with an ill-formed UTF-8 byte")},
    Words{"invalid string: missing closing quote",
          MW_TR_NOOP("DiagnosticArguments", "a string without its closing quote")},
    Words{"invalid string: '\\u' must be followed by 4 hex digits",
          MW_TR_NOOP("DiagnosticArguments", "a string whose '\\u' is not followed by 4 hex digits")},
    Words{"invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF",
          MW_TR_NOOP("DiagnosticArguments",
                     "a string whose surrogate U+D800..U+DBFF is not followed by U+DC00..U+DFFF")},
    Words{"invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF",
          MW_TR_NOOP("DiagnosticArguments",
                     "a string whose surrogate U+DC00..U+DFFF does not follow U+D800..U+DBFF")},
    Words{"invalid string: forbidden character after backslash",
          MW_TR_NOOP("DiagnosticArguments", "a string with a forbidden character after a backslash")},
    Words{"invalid comment; missing closing '*/'",
          MW_TR_NOOP("DiagnosticArguments", "a comment without its closing '*/'")},
    Words{"invalid comment; expecting '/' or '*' after '/'",
          MW_TR_NOOP("DiagnosticArguments", "a '/' not followed by '/' or '*'")},
    Words{"invalid number; expected '+', '-', or digit after exponent",
          MW_TR_NOOP("DiagnosticArguments", "a number without '+', '-' or a digit after its exponent")},
    Words{"invalid number; expected digit after '-'",
          MW_TR_NOOP("DiagnosticArguments", "a number without a digit after its '-'")},
    Words{"invalid number; expected digit after '.'",
          MW_TR_NOOP("DiagnosticArguments", "a number without a digit after its '.'")},
    Words{"invalid number; expected digit after exponent sign",
          MW_TR_NOOP("DiagnosticArguments", "a number without a digit after its exponent's sign")},
    Words{"invalid literal",
          MW_TR_NOOP("DiagnosticArguments",
                     "a word that is not true, false or null (or a string without quotes)")},
    Words{"invalid BOM; must be 0xEF 0xBB 0xBF if given",
          MW_TR_NOOP("DiagnosticArguments", "a byte order mark other than 0xEF 0xBB 0xBF")},
};

template<std::size_t N>
std::optional<std::string> wordsFor(const std::array<Words, N>& table, std::string_view name)
{
    for (const auto& [from, to] : table)
        if (from == name)
            return std::string(to);
    return std::nullopt;
}

std::optional<std::string> tokenWords(std::string_view name)
{
    for (std::string_view p : kPunctuation)
        if (p == name)
            return std::string(name);
    return wordsFor(kTokens, name);
}

// "invalid string: control character U+000A (LF) must be escaped to \u000A or \n": the character and
// its \u escape (always valid; the short one, where there is one, is left out).
std::optional<std::pair<std::string, std::string>> controlCharacter(std::string_view message)
{
    constexpr std::string_view kStart = "invalid string: control character ";
    constexpr std::string_view kMiddle = " must be escaped to ";
    if (!message.starts_with(kStart))
        return std::nullopt;
    const std::size_t middle = message.find(kMiddle);
    if (middle == std::string_view::npos)
        return std::nullopt;
    std::string_view escape = message.substr(middle + kMiddle.size());
    escape = escape.substr(0, escape.find(" or "));
    return std::pair{std::string(message.substr(kStart.size(), middle - kStart.size())), std::string(escape)};
}

// What follows "parse error at line 3, column 5: " (or "] " where no position is given).
std::string_view withoutPrefix(std::string_view what)
{
    const std::size_t column = what.find("column ");
    if (const std::size_t colon = column == std::string_view::npos ? column : what.find(": ", column);
        colon != std::string_view::npos)
        return what.substr(colon + 2);
    const std::size_t bracket = what.find("] ");
    return bracket == std::string_view::npos ? what : what.substr(bracket + 2);
}

// What the lexer read of the token it failed on, which for a string is all of it so far: its last 32
// bytes after "…" where longer (from a character's first byte), the part next to the error.
std::string lastRead(std::string_view read)
{
    constexpr std::size_t kShown = 32;
    if (read.size() <= kShown + 8)
        return std::string(read);
    std::size_t from = read.size() - kShown;
    while (from < read.size() && (static_cast<unsigned char>(read[from]) & 0xC0) == 0x80)
        ++from;
    return "…" + std::string(read.substr(from));
}

} // namespace

std::string jsonParseReason(std::string_view what)
{
    const std::string_view reason = withoutPrefix(what);
    constexpr std::string_view kSyntax = "syntax error while parsing ";
    const std::size_t dash = reason.find(" - ");
    if (!reason.starts_with(kSyntax) || dash == std::string_view::npos)
        return std::string(reason);
    const std::optional<std::string> context
        = wordsFor(kContexts, reason.substr(kSyntax.size(), dash - kSyntax.size()));
    std::string_view rest = reason.substr(dash + 3);
    // "; expected <token>" closes the message when the parser knew what it wanted.
    std::optional<std::string> expected;
    if (const std::size_t at = rest.rfind("; expected "); at != std::string_view::npos)
        if ((expected = tokenWords(rest.substr(at + 11))))
            rest = rest.substr(0, at);
    if (!context)
        return std::string(reason);
    constexpr std::string_view kUnexpected = "unexpected ";
    if (rest.starts_with(kUnexpected)) {
        const std::optional<std::string> token = tokenWords(rest.substr(kUnexpected.size()));
        if (!token)
            return std::string(reason);
        return expected
            ? phraseArgument(MW_TR_NOOP("DiagnosticArguments", "%1: found %2, expected %3"),
                             {*context, *token, *expected})
            : phraseArgument(MW_TR_NOOP("DiagnosticArguments", "%1: found %2"), {*context, *token});
    }
    // A lexer's message: "<message>; last read: '<text>'".
    constexpr std::string_view kLastRead = "; last read: '";
    const std::size_t last = rest.find(kLastRead);
    if (last == std::string_view::npos || !rest.ends_with('\''))
        return std::string(reason);
    const std::string_view message = rest.substr(0, last);
    const std::string read
        = lastRead(rest.substr(last + kLastRead.size(), rest.size() - last - kLastRead.size() - 1));
    if (const auto control = controlCharacter(message))
        return phraseArgument(
            MW_TR_NOOP("DiagnosticArguments",
                       "%1: the control character %2 in a string, which must be written %3 (last read: %4)"),
            {*context, control->first, control->second, read});
    const std::optional<std::string> words = wordsFor(kLexerMessages, message);
    if (!words)
        return std::string(reason);
    return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "%1: %2 (last read: %3)"),
                          {*context, *words, read});
}

std::string wideEncodingReason()
{
    return MW_TR_NOOP("DiagnosticArguments",
                      "the file is UTF-16 (or another wide encoding); save it as UTF-8");
}

std::string invalidUtf8Reason(unsigned char byte, std::size_t offset)
{
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", byte);
    return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "invalid UTF-8: byte %1 at byte offset %2"),
                          {hex, std::to_string(offset)});
}

std::string tooDeepReason(int levels)
{
    return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "arrays and objects nest deeper than %1 levels"),
                          {std::to_string(levels)});
}

std::string numberOverflowReason(std::string_view what)
{
    const std::size_t open = what.find('\'');
    const std::size_t close = what.rfind('\'');
    if (open == std::string_view::npos || close <= open)
        return MW_TR_NOOP("DiagnosticArguments", "a number is beyond the range of a double (about ±1.8e308)");
    const std::string_view number = what.substr(open + 1, close - open - 1);
    if (number.size() > 24)
        return phraseArgument(MW_TR_NOOP("DiagnosticArguments",
                                         "the number %1… (%2 characters) is beyond the range of a double "
                                         "(about ±1.8e308)"),
                              {std::string(number.substr(0, 20)), std::to_string(number.size())});
    return phraseArgument(
        MW_TR_NOOP("DiagnosticArguments", "the number %1 is beyond the range of a double (about ±1.8e308)"),
        {std::string(number)});
}

} // namespace core
