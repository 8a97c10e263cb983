// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/filltext.h"

#include <QRegularExpression>

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

QString localizedNumberText(const QString& arg, const QLocale& locale)
{
    static const QRegularExpression number(
        QStringLiteral("^(-?)(\\d{1,3}(?:,\\d{3})+|\\d{1,15})(?:\\.(\\d{1,9}))?( .*)?$"));
    const QRegularExpressionMatch m = number.match(arg);
    if (!m.hasMatch())
        return arg;
    QString digits = m.captured(2);
    const bool grouped = digits.contains(QLatin1Char(','));
    digits.remove(QLatin1Char(','));
    QLocale out = locale;
    out.setNumberOptions(grouped ? QLocale::DefaultNumberOptions : QLocale::OmitGroupSeparator);
    const QString decimals = m.captured(3);
    const QString sign = m.captured(1);
    const QString text = decimals.isEmpty()
        ? out.toString((sign + digits).toLongLong())
        : out.toString((sign + digits + QLatin1Char('.') + decimals).toDouble(), 'f', int(decimals.size()));
    return text + m.captured(4);
}

} // namespace widgets
