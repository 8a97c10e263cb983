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

std::string Diagnostic::message() const
{
    return fillTemplate(messageTemplate, args);
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
