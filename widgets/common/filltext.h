// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A translated core text with its arguments filled in: the diagnostics (diagnostics/diagnostictext.h) and
// the search's reasons (performance/recipetext.h) are templates marked in the core with %1 … %9 and a list
// of arguments as strings.

#include <QLocale>
#include <QString>
#include <functional>
#include <string>
#include <vector>

namespace widgets {

// %1 … %9 of `text` replaced by `argumentText` of the matching argument, in one pass, so that an argument
// holding "%2" is never substituted again (QString::arg would); a marker without an argument stays.
QString fillArguments(const QString& text, const std::vector<std::string>& args,
                      const std::function<QString(const std::string&)>& argumentText);

// An argument the core wrote as a number in English digits ("1,024", "1.3", "-2"), alone or before a space
// and a unit ("1.3 GB", "25 %"), in `locale`'s digits ("1.024", "1,3 GB" in German); any other argument as
// it is. Digit groups stay where the core grouped (a count) and are not added where it did not (a rank, a
// line number).
QString localizedNumberText(const QString& arg, const QLocale& locale = QLocale());

} // namespace widgets
