// SPDX-License-Identifier: GPL-3.0-or-later
// The key/value launch files: TOML (torchtitan's job config) and YAML (Accelerate's config), read into
// Settings at their lines; the shell's words are launchreader.cpp's.
#include "base/importdiagnostics.h"
#include "launch/launchreader.h"

#include <algorithm>

namespace core::launch {

namespace {

// A key set a second time, with where the first one was: a line of the file, or a JSON pointer.
std::string setTwice(const std::string& key, const Setting& earlier)
{
    if (earlier.pointer.empty())
        return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the key %1 is set twice (also on line %2)"),
                              {key, std::to_string(earlier.line)});
    return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the key %1 is set twice (also at %2)"),
                          {key, earlier.pointer});
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// The value part of a TOML or YAML line: a quoted string (its content), or the text up to a comment.
// Nullopt when a quote is not closed.
std::optional<std::string> scalar(std::string_view text, bool& quoted, char comment = '#')
{
    text = trimmed(text);
    quoted = false;
    if (!text.empty() && (text.front() == '"' || text.front() == '\'')) {
        const char quote = text.front();
        std::string out;
        std::size_t i = 1;
        for (; i < text.size() && text[i] != quote; ++i) {
            if (quote == '"' && text[i] == '\\' && i + 1 < text.size())
                ++i;
            out += text[i];
        }
        if (i >= text.size())
            return std::nullopt;
        const std::string_view rest = trimmed(text.substr(i + 1));
        if (!rest.empty() && rest.front() != comment)
            return std::nullopt;
        quoted = true;
        return out;
    }
    // A comment starts at '#' after a blank (YAML) or anywhere outside a string (TOML's bare values hold no
    // #).
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == comment && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t'))
            return std::string(trimmed(text.substr(0, i)));
    return std::string(text);
}

// A TOML array from its "[" on: TOML 1.0 lets it span lines, with comments and a trailing comma between its
// values ("module_fqns_per_model_part = [\n  [\"tok_embeddings\", …],\n  …\n]"). Its text up to the bracket
// that closes it, comments dropped and lines joined by a space; nullopt when the text ends first, or a
// string does not close on its line. pos and line move past the lines it takes.
std::optional<std::string> tomlArray(std::string_view first, std::string_view text, std::size_t& pos,
                                     int& line)
{
    std::string out;
    int depth = 0;
    std::string_view current = first;
    for (;;) {
        char quote = 0;
        for (std::size_t i = 0; i < current.size(); ++i) {
            const char c = current[i];
            if (quote) {
                out += c;
                if (c == '\\' && quote == '"' && i + 1 < current.size())
                    out += current[++i];
                else if (c == quote)
                    quote = 0;
                continue;
            }
            if (c == '#')
                break;
            if (c == '\r')
                continue;
            out += c;
            if (c == '"' || c == '\'')
                quote = c;
            else if (c == '[')
                ++depth;
            else if (c == ']' && --depth == 0)
                return out;
        }
        if (quote || pos > text.size())
            return std::nullopt;
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        current = text.substr(pos, end - pos);
        pos = end + 1;
        ++line;
        out += ' ';
    }
}

} // namespace

std::optional<Diagnostic> readToml(std::string_view text, std::string_view tool, Settings& out)
{
    std::string section;
    int line = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view raw = trimmed(text.substr(pos, end - pos));
        pos = end + 1;
        ++line;
        if (raw.empty() || raw.front() == '#')
            continue;
        if (raw.front() == '[') {
            const std::size_t close = raw.find(']');
            if (close == std::string_view::npos || raw.starts_with("[["))
                return syntaxError(tool, line,
                                   MW_TR_NOOP("DiagnosticArguments", "a section header needs [name]"));
            section = std::string(trimmed(raw.substr(1, close - 1)));
            if (section.empty())
                return syntaxError(tool, line,
                                   MW_TR_NOOP("DiagnosticArguments", "a section header needs [name]"));
            continue;
        }
        const std::size_t eq = raw.find('=');
        if (eq == std::string_view::npos || eq == 0)
            return syntaxError(tool, line,
                               MW_TR_NOOP("DiagnosticArguments", "expected key = value or [section]"));
        std::string key(trimmed(raw.substr(0, eq)));
        if (key.size() >= 2 && (key.front() == '"' || key.front() == '\'') && key.back() == key.front())
            key = key.substr(1, key.size() - 2);
        const std::string_view valueText = trimmed(raw.substr(eq + 1));
        if (valueText.empty())
            return syntaxError(
                tool, line,
                phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the key %1 has no value"), {key}));
        Setting setting;
        setting.name = section.empty() ? key : section + "." + key;
        setting.line = line;
        if (valueText.front() == '[') {
            setting.value = tomlArray(valueText, text, pos, line);
            if (!setting.value)
                return syntaxError(
                    tool, setting.line,
                    phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the array of the key %1 is not closed"),
                                   {key}));
        } else if (valueText.front() == '{') { // an inline table, on one line (TOML 1.0)
            const std::size_t at = valueText.rfind('}');
            if (at == std::string_view::npos)
                return syntaxError(
                    tool, line,
                    phraseArgument(MW_TR_NOOP("DiagnosticArguments",
                                              "the table of the key %1 is not closed on its line"),
                                   {key}));
            setting.value = std::string(valueText.substr(0, at + 1));
        } else {
            bool quoted = false;
            setting.value = scalar(valueText, quoted);
            if (!setting.value)
                return syntaxError(
                    tool, line,
                    phraseArgument(
                        MW_TR_NOOP("DiagnosticArguments", "the string of the key %1 is not closed"), {key}));
            setting.quoted = quoted;
        }
        for (const Setting& earlier : out.entries)
            if (earlier.name == setting.name)
                return syntaxError(tool, line, setTwice(setting.name, earlier));
        out.entries.push_back(std::move(setting));
    }
    return std::nullopt;
}

std::optional<Diagnostic> readYaml(std::string_view text, std::string_view tool, Settings& out)
{
    struct Parent
    {
        std::size_t indent;
        std::string name;
        int line;
        std::optional<std::size_t> childIndent;
    };
    std::vector<Parent> parents; // the maps (or lists) opened by "key:" lines above
    int line = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++line;
        if (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
        const std::size_t indent = raw.find_first_not_of(' ');
        if (indent == std::string_view::npos)
            continue;
        const std::string_view content = raw.substr(indent);
        if (content.front() == '#' || content == "---" || content == "...")
            continue;
        if (content.front() == '\t')
            return syntaxError(
                tool, line, MW_TR_NOOP("DiagnosticArguments", "YAML indentation must be spaces, not tabs"));
        while (!parents.empty() && indent <= parents.back().indent
               && !(content.front() == '-' && indent == parents.back().indent
                    && parents.back().childIndent.value_or(indent) == indent))
            parents.pop_back();
        if (parents.empty() && indent > 0)
            return syntaxError(
                tool, line, MW_TR_NOOP("DiagnosticArguments", "the indentation does not match a key above"));
        if (!parents.empty()) {
            Parent& parent = parents.back();
            if (!parent.childIndent)
                parent.childIndent = indent;
            else if (indent != *parent.childIndent)
                return syntaxError(
                    tool, line,
                    MW_TR_NOOP("DiagnosticArguments", "the indentation does not match a key above"));
        }
        if (content.front() == '-') {
            // A list item of the key above, kept as that key's text ("a, b").
            if (parents.empty())
                return syntaxError(tool, line,
                                   MW_TR_NOOP("DiagnosticArguments", "a list item without a key above it"));
            const std::string& name = parents.back().name;
            if (out.entries.empty() || out.entries.back().name != name) {
                Setting list;
                list.name = name;
                list.value = std::string();
                list.line = parents.back().line;
                out.entries.push_back(std::move(list));
            }
            std::string& list = *out.entries.back().value;
            list += (list.empty() ? "" : ", ") + std::string(trimmed(content.substr(1)));
            continue;
        }
        const std::size_t colon = content.find(": ");
        const bool opensMap = colon == std::string_view::npos && content.back() == ':';
        if (colon == std::string_view::npos && !opensMap)
            return syntaxError(tool, line, MW_TR_NOOP("DiagnosticArguments", "expected key: value"));
        const std::string key(
            trimmed(opensMap ? content.substr(0, content.size() - 1) : content.substr(0, colon)));
        if (key.empty())
            return syntaxError(tool, line, MW_TR_NOOP("DiagnosticArguments", "expected key: value"));
        const std::string name = parents.empty() ? key : parents.back().name + "." + key;
        for (const Setting& earlier : out.entries)
            if (earlier.name == name)
                return syntaxError(tool, line, setTwice(name, earlier));
        bool quoted = false;
        const auto value
            = opensMap ? std::optional<std::string>("") : scalar(content.substr(colon + 2), quoted);
        if (!value)
            return syntaxError(
                tool, line,
                phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the string of the key %1 is not closed"),
                               {key}));
        if (value->empty() && !quoted) {
            parents.push_back({indent, name, line, std::nullopt});
            continue;
        }
        Setting setting;
        setting.name = name;
        setting.line = line;
        setting.value = *value;
        setting.quoted = quoted;
        out.entries.push_back(std::move(setting));
    }
    return std::nullopt;
}

} // namespace core::launch
