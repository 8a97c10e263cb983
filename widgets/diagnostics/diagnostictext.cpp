// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/diagnostictext.h"

#include "common/qtconvert.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStyle>

namespace widgets {

QString diagnosticMessage(const core::Diagnostic& diagnostic)
{
    const QString translated = QCoreApplication::translate("Diagnostics", diagnostic.messageTemplate.c_str());
    // One pass over the template, so that an argument containing "%2" is never substituted again.
    QString out;
    out.reserve(translated.size() + 32);
    for (qsizetype i = 0; i < translated.size(); ++i) {
        const QChar c = translated.at(i);
        if (c == QLatin1Char('%') && i + 1 < translated.size() && translated.at(i + 1) >= QLatin1Char('1')
            && translated.at(i + 1) <= QLatin1Char('9')) {
            const auto index = static_cast<std::size_t>(translated.at(i + 1).unicode() - '1');
            if (index < diagnostic.args.size()) {
                out += qs(diagnostic.args[index]);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

QString severityText(core::Severity severity)
{
    switch (severity) {
    case core::Severity::Error:
        return QCoreApplication::translate("Diagnostics", "Error");
    case core::Severity::Warning:
        return QCoreApplication::translate("Diagnostics", "Warning");
    case core::Severity::Info:
        return QCoreApplication::translate("Diagnostics", "Note");
    }
    return {};
}

QIcon severityIcon(core::Severity severity)
{
    QStyle* style = QApplication::style();
    switch (severity) {
    case core::Severity::Error:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case core::Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case core::Severity::Info:
        return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

} // namespace widgets
