// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Core diagnostics in the user's language: the message template is translated in the context
// "Diagnostics" (the core marks every template with MW_TR_NOOP), then the arguments are filled in, words
// among them translated too (core::phraseArgument).

#include "base/diagnostic.h"

#include <QIcon>
#include <QString>
#include <string>

namespace widgets {

QString diagnosticMessage(const core::Diagnostic& diagnostic);
// One argument of a diagnostic as the message shows it: words the core marked in the context
// "DiagnosticArguments" translated (a phrase with its own numbers filled in), numbers in the language's
// digits, names and values as they are.
QString argumentText(const std::string& argument);
// The message with where it is, for a file that cannot be read: the field's JSON pointer in front unless
// the message names it already ("/layout/tp must be an integer, not a string."); a JSON syntax error as
// its line and column with what to look for, the parser's own words in parentheses.
QString locatedMessage(const core::Diagnostic& diagnostic);
// Where it is, as the user reads it: a launch file's "line 12" in the language, a JSON pointer as written.
QString locationText(const core::Diagnostic& diagnostic);
QString severityText(core::Severity severity);
QIcon severityIcon(core::Severity severity);

} // namespace widgets
