// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/recipetext.h"

#include "common/filltext.h"
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
    return whole ? integerText(std::stoll(arg)) : localizedNumberText(qs(arg));
}

} // namespace

QString recipeText(const std::vector<core::RecipeSentence>& sentences)
{
    QStringList out;
    for (const core::RecipeSentence& s : sentences)
        out << fillArguments(QCoreApplication::translate("Recipes", s.text), s.args, argumentText);
    return out.join(QLatin1Char(' '));
}

} // namespace widgets
