// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A diagnostic is what the core says about a design: a severity, a stable code, a message and the JSON
// pointer (RFC 6901) of the field it is about. The GUI shows it next to that field; the CLI prints it
// and exits non-zero on errors.
//
// Messages are templates with %1, %2, … placeholders so that the GUI can translate the template
// (context "Diagnostics") and fill in the arguments; MW_TR_NOOP marks them for Qt's lupdate without the
// core depending on Qt (lupdate is run with -tr-function-alias QT_TRANSLATE_NOOP+=MW_TR_NOOP).

#include "base/enumnames.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#define MW_TR_NOOP(context, text) text

namespace core {

enum class Severity { Error, Warning, Info };

template<> struct EnumNames<Severity>
{
    static constexpr std::array table{std::pair{Severity::Error, std::string_view{"error"}},
                                      std::pair{Severity::Warning, std::string_view{"warning"}},
                                      std::pair{Severity::Info, std::string_view{"info"}}};
};

// The fixed part of a diagnostic: its code, how bad it is, and its message template.
struct DiagnosticKind
{
    std::string_view code;
    Severity severity;
    std::string_view messageTemplate;
};

struct Diagnostic
{
    Severity severity = Severity::Error;
    std::string code;
    std::string messageTemplate;
    std::vector<std::string> args;
    std::string path; // JSON pointer into the design document ("" = the whole document)

    // The message with %1… replaced by the arguments.
    std::string message() const;
    bool isError() const { return severity == Severity::Error; }
};

Diagnostic makeDiagnostic(const DiagnosticKind& kind, std::string path, std::vector<std::string> args = {});
// Replaces %1 … %9 in a template by the arguments (a missing argument leaves the placeholder).
std::string fillTemplate(std::string_view messageTemplate, const std::vector<std::string>& args);

// An argument in words rather than a name, a value or a number ("an integer", "the data-parallel degree")
// is marked MW_TR_NOOP("DiagnosticArguments", …) where it is written, and the GUI translates it as it does
// the template (widgets/diagnostics/diagnostictext.cpp), so that a German message carries no English words.
// Words with numbers of their own ("layers over %1 pipeline stages") are a phrase: its text, marked the
// same way, and its arguments, carried in the one argument string by phraseArgument.
std::string phraseArgument(std::string_view text, const std::vector<std::string>& args);
struct Phrase
{
    std::string text;
    std::vector<std::string> args;
};
// The phrase an argument carries, if it is one.
std::optional<Phrase> phraseOf(std::string_view argument);
// The argument as the message shows it: a phrase filled in, anything else as it is.
std::string argumentText(std::string_view argument);

bool hasErrors(const std::vector<Diagnostic>& diagnostics);
// Severity first (errors, warnings, infos), then path, keeping the order of equal entries.
void sortDiagnostics(std::vector<Diagnostic>& diagnostics);

} // namespace core
