// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/filltext.h"

namespace widgets {

QString fillArguments(const QString& text, const std::vector<std::string>& args,
                      const std::function<QString(const std::string&)>& argumentText)
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

} // namespace widgets
