// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A translated core text with its arguments filled in: the diagnostics (diagnostics/diagnostictext.h) and
// the search's reasons (performance/recipetext.h) are templates marked in the core with %1 … %9 and a list
// of arguments as strings.

#include <QString>
#include <functional>
#include <string>
#include <vector>

namespace widgets {

// %1 … %9 of `text` replaced by `argumentText` of the matching argument, in one pass, so that an argument
// holding "%2" is never substituted again (QString::arg would); a marker without an argument stays.
QString fillArguments(const QString& text, const std::vector<std::string>& args,
                      const std::function<QString(const std::string&)>& argumentText);

} // namespace widgets
