// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/diagnostic.h"

#include <algorithm>

namespace core {

std::string fillTemplate(std::string_view messageTemplate, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(messageTemplate.size() + 32);
    for (std::size_t i = 0; i < messageTemplate.size(); ++i) {
        const char c = messageTemplate[i];
        if (c == '%' && i + 1 < messageTemplate.size() && messageTemplate[i + 1] >= '1'
            && messageTemplate[i + 1] <= '9') {
            const std::size_t index = static_cast<std::size_t>(messageTemplate[i + 1] - '1');
            if (index < args.size()) {
                out += args[index];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

namespace {

// A phrase argument: the phrase's mark, its text, and each of its arguments after a separator (ASCII's
// record and unit separators, which no name or value a user writes holds; removed from the arguments).
constexpr char kPhraseMark = '\x1f';
constexpr char kPhraseSeparator = '\x1e';

} // namespace

std::string phraseArgument(std::string_view text, const std::vector<std::string>& args)
{
    std::string out(1, kPhraseMark);
    out += text;
    for (const std::string& arg : args) {
        out += kPhraseSeparator;
        for (const char c : arg)
            if (c != kPhraseMark && c != kPhraseSeparator)
                out += c;
    }
    return out;
}

std::optional<Phrase> phraseOf(std::string_view argument)
{
    if (argument.empty() || argument.front() != kPhraseMark)
        return std::nullopt;
    argument.remove_prefix(1);
    Phrase phrase;
    std::size_t end = argument.find(kPhraseSeparator);
    phrase.text = std::string(argument.substr(0, end));
    while (end != std::string_view::npos) {
        const std::size_t next = argument.find(kPhraseSeparator, end + 1);
        phrase.args.emplace_back(
            argument.substr(end + 1, next == std::string_view::npos ? next : next - end - 1));
        end = next;
    }
    return phrase;
}

std::string argumentText(std::string_view argument)
{
    const std::optional<Phrase> phrase = phraseOf(argument);
    return phrase ? fillTemplate(phrase->text, phrase->args) : std::string(argument);
}

std::string Diagnostic::message() const
{
    std::vector<std::string> shown;
    shown.reserve(args.size());
    for (const std::string& arg : args)
        shown.push_back(argumentText(arg));
    return fillTemplate(messageTemplate, shown);
}

Diagnostic makeDiagnostic(const DiagnosticKind& kind, std::string path, std::vector<std::string> args)
{
    return Diagnostic{kind.severity, std::string(kind.code), std::string(kind.messageTemplate),
                      std::move(args), std::move(path)};
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.isError(); });
}

void sortDiagnostics(std::vector<Diagnostic>& diagnostics)
{
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return static_cast<int>(a.severity) < static_cast<int>(b.severity);
    });
}

} // namespace core
