// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/diagnostictext.h"

#include "common/catalogtext.h"
#include "common/filltext.h"
#include "common/qtconvert.h"

#include <QApplication>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QStyle>
#include <string_view>

namespace widgets {

namespace {

// Diagnostics whose first argument is a count: their message in the plural forms of the language ("1 GPU
// is", "2 GPUs are"), %Ln the count in the locale's digits, %2… the other arguments. The command line
// keeps the core's template.
struct CountedMessage
{
    std::string_view code;
    const char* text;
};
constexpr CountedMessage kCountedMessages[] = {
    {"cluster-out-of-service", QT_TRANSLATE_N_NOOP("Diagnostics", "%Ln GPU(s) out of service and not used.")},
};

} // namespace

QString diagnosticMessage(const core::Diagnostic& diagnostic)
{
    QString translated = QCoreApplication::translate("Diagnostics", diagnostic.messageTemplate.c_str());
    for (const CountedMessage& counted : kCountedMessages) {
        bool isCount = false;
        const int count = diagnostic.args.empty() ? 0 : qs(diagnostic.args.front()).toInt(&isCount);
        if (counted.code == diagnostic.code && isCount)
            translated = QCoreApplication::translate("Diagnostics", counted.text, nullptr, count);
    }
    // A model's feature that is not modelled: a preset's catalogue text or an imported config's phrases
    // (catalogtext.h featureText).
    if (diagnostic.code == "model-feature-unmodelled")
        return fillArguments(translated, diagnostic.args,
                             [](const std::string& arg) { return featureText(arg); });
    return fillArguments(translated, diagnostic.args, argumentText);
}

namespace {

// An argument that is not a phrase: marked words in the language, a number in its digits, anything else as
// it is.
QString wordsOrNumber(const std::string& argument)
{
    const QString words = QCoreApplication::translate("DiagnosticArguments", argument.c_str());
    return words != qs(argument) ? words : localizedNumberText(qs(argument));
}

} // namespace

QString argumentText(const std::string& argument)
{
    // Words the core marked (core::phraseArgument) in the language, the phrase's own arguments likewise
    // (a JSON parse error's "an object key", "end of input"); names and values as they are.
    if (const std::optional<core::Phrase> phrase = core::phraseOf(argument))
        return fillArguments(QCoreApplication::translate("DiagnosticArguments", phrase->text.c_str()),
                             phrase->args, wordsOrNumber);
    return wordsOrNumber(argument);
}

QString locatedMessage(const core::Diagnostic& diagnostic)
{
    if (diagnostic.code == "io-parse" && diagnostic.args.size() == 3)
        return QCoreApplication::translate(
                   "Diagnostics",
                   "Line %1, column %2 is not valid JSON (%3): look there for a missing "
                   "or extra comma, quote or bracket.")
            .arg(qs(diagnostic.args[0]), qs(diagnostic.args[1]), argumentText(diagnostic.args[2]));
    const QString message = diagnosticMessage(diagnostic);
    const QString path = locationText(diagnostic);
    return path.isEmpty() || message.contains(path) ? message : QStringLiteral("%1: %2").arg(path, message);
}

QString locationText(const core::Diagnostic& diagnostic)
{
    // A launch file's location is its line ("line 12"); a JSON pointer stays as written.
    static const QRegularExpression line(QStringLiteral("^line ([0-9]+)$"));
    const QString path = qs(diagnostic.path);
    if (const QRegularExpressionMatch m = line.match(path); m.hasMatch())
        return QCoreApplication::translate("Diagnostics", "line %1").arg(m.captured(1));
    return path;
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
