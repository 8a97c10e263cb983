// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Why a document is not JSON, as a diagnostic argument (kIoParse's %3) in words the GUI translates: the
// parser's own reasons and nlohmann's, whose messages are English sentences of a fixed form.

#include <cstddef>
#include <string>
#include <string_view>

namespace core {

// nlohmann's parse error (`what()`, with or without its "[json.exception.parse_error.101] parse error at
// line 3, column 5: " prefix) as a phrase argument (base/diagnostic.h phraseArgument). Its parser says
// "syntax error while parsing <context> - <what it read>[; expected <token>]" (nlohmann/detail/input/
// parser.hpp exception_message), what it read being "unexpected <token>" or one of its lexer's messages
// with "; last read: '<text>'" (lexer.hpp error_message, token_type_name): each part becomes a marked word.
// A message of another form is kept as written.
std::string jsonParseReason(std::string_view what);

// The reasons Meshwright's own reading gives before or beside nlohmann's (base/jsonparse.cpp).
std::string wideEncodingReason();
std::string invalidUtf8Reason(unsigned char byte, std::size_t offset);
std::string tooDeepReason(int levels);
// A number beyond a double's range, as written in the document (nlohmann's parse_error 406 carries it
// between quotes); a long one is cut to 20 characters and its length.
std::string numberOverflowReason(std::string_view what);

} // namespace core
