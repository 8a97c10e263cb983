// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/recipetext.h"

#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cctype>

namespace widgets {

namespace {

QString argumentText(const std::string& arg)
{
    const bool whole = !arg.empty() && arg.size() < 19
        && std::all_of(arg.begin(), arg.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    return whole ? integerText(std::stoll(arg)) : qs(arg);
}

// %1 … %9 filled in one pass, so that an argument holding "%2" is never substituted again.
QString filled(const QString& text, const std::vector<std::string>& args)
{
    QString out;
    out.reserve(text.size() + 32);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1) >= QLatin1Char('1')
            && text.at(i + 1) <= QLatin1Char('9')) {
            const auto index = static_cast<std::size_t>(text.at(i + 1).unicode() - '1');
            if (index < args.size()) {
                out += argumentText(args[index]);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QString recipeText(const std::vector<core::RecipeSentence>& sentences)
{
    QStringList out;
    for (const core::RecipeSentence& s : sentences)
        out << filled(QCoreApplication::translate("Recipes", s.text), s.args);
    return out.join(QLatin1Char(' '));
}

} // namespace widgets
