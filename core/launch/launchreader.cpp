// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/launchreader.h"

#include "base/importdiagnostics.h"

#include <algorithm>
#include <map>

namespace core::launch {

std::string Setting::where() const
{
    return pointer.empty() ? "line " + std::to_string(line) : pointer;
}

namespace {

Diagnostic syntaxError(std::string_view tool, int line, std::string reason)
{
    return makeDiagnostic(diag::kLaunchSyntax, "line " + std::to_string(line),
                          {std::string(tool), std::move(reason)});
}

// A key set a second time, with where the first one was: a line of the file, or a JSON pointer.
std::string setTwice(const std::string& key, const Setting& earlier)
{
    if (earlier.pointer.empty())
        return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the key %1 is set twice (also on line %2)"),
                              {key, std::to_string(earlier.line)});
    return phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the key %1 is set twice (also at %2)"),
                          {key, earlier.pointer});
}

bool isNameStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

// The shell's words of one statement, each with the line it starts on, and whether it was written without
// quotes (only an unquoted "NAME=(" opens an array).
struct RawWord
{
    std::string text;
    int line = 0;
    bool expandsArray = false; // "${NAME[@]}": replaced by the array's words
};

class ShellLexer
{
public:
    ShellLexer(std::string_view text, std::string_view tool)
        : m_text(text)
        , m_tool(tool)
    { }

    ShellReadResult run()
    {
        ShellReadResult result;
        std::vector<RawWord> statement;
        while (!m_error) {
            skipBlanks();
            if (m_pos >= m_text.size() || m_text[m_pos] == '\n' || m_text[m_pos] == ';') {
                finishStatement(statement, result);
                if (m_pos >= m_text.size())
                    break;
                if (m_text[m_pos] == '\n')
                    ++m_line;
                ++m_pos;
                continue;
            }
            if (m_text[m_pos] == '#') {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n')
                    ++m_pos;
                continue;
            }
            if (m_text.substr(m_pos, 2) == "&&" || m_text.substr(m_pos, 2) == "||" || m_text[m_pos] == '|'
                || m_text[m_pos] == '&') {
                m_pos += m_text.substr(m_pos, 2) == "&&" || m_text.substr(m_pos, 2) == "||" ? 2 : 1;
                finishStatement(statement, result);
                continue;
            }
            if (m_text[m_pos] == ')' && m_arrayName) {
                ++m_pos;
                m_arrays[*m_arrayName] = m_arrayWords;
                m_arrayName.reset();
                m_arrayWords.clear();
                continue;
            }
            RawWord word = readWord();
            if (m_error)
                break;
            if (m_arrayName) {
                appendExpanded(m_arrayWords, word);
                continue;
            }
            statement.push_back(std::move(word));
        }
        if (!m_error && m_arrayName)
            m_error = syntaxError(
                m_tool, m_arrayLine,
                phraseArgument(MW_TR_NOOP("DiagnosticArguments", "the array %1=( is never closed"),
                               {*m_arrayName}));
        result.error = m_error;
        return result;
    }

private:
    void skipBlanks()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == ' ' || c == '\t' || c == '\r') {
                ++m_pos;
            } else if (c == '\\' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n') {
                m_pos += 2;
                ++m_line;
            } else if (c == '\\' && m_text.substr(m_pos, 3) == "\\\r\n") {
                m_pos += 3;
                ++m_line;
            } else {
                break;
            }
        }
    }

    // $NAME, ${NAME}, ${NAME:-default}; an unknown variable stays as written.
    std::string expandVariable(bool& wholeArray)
    {
        const std::size_t start = m_pos;
        ++m_pos; // '$'
        if (m_pos < m_text.size() && m_text[m_pos] == '{') {
            const std::size_t close = m_text.find('}', m_pos);
            if (close == std::string_view::npos) {
                m_error = syntaxError(m_tool, m_line,
                                      MW_TR_NOOP("DiagnosticArguments", "${ without a closing }"));
                return {};
            }
            std::string inner(m_text.substr(m_pos + 1, close - m_pos - 1));
            m_pos = close + 1;
            if (inner.ends_with("[@]") || inner.ends_with("[*]")) {
                wholeArray = true;
                return inner.substr(0, inner.size() - 3);
            }
            std::string fallback;
            bool hasFallback = false;
            if (const std::size_t dash = inner.find(":-"); dash != std::string::npos) {
                // The default is a word of its own, its quotes removed as bash removes them
                // (MEGATRON_PATH=${MEGATRON_PATH:-"path"} is path).
                for (std::size_t i = dash + 2; i < inner.size(); ++i)
                    if (inner[i] == '\\' && i + 1 < inner.size())
                        fallback += inner[++i];
                    else if (inner[i] != '"' && inner[i] != '\'')
                        fallback += inner[i];
                inner.resize(dash);
                hasFallback = true;
            }
            if (const auto it = m_variables.find(inner); it != m_variables.end())
                return it->second;
            return hasFallback ? fallback : std::string(m_text.substr(start, m_pos - start));
        }
        std::size_t end = m_pos;
        while (end < m_text.size() && isNameChar(m_text[end]))
            ++end;
        if (end == m_pos)
            return "$";
        const std::string name(m_text.substr(m_pos, end - m_pos));
        m_pos = end;
        if (const auto it = m_variables.find(name); it != m_variables.end())
            return it->second;
        return "$" + name;
    }

    RawWord readWord()
    {
        RawWord word;
        word.line = m_line;
        bool quotedAny = false;
        while (m_pos < m_text.size() && !m_error) {
            const char c = m_text[m_pos];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '|' || c == '&'
                || (c == ')' && m_arrayName))
                break;
            if (c == '\\' && m_pos + 1 < m_text.size()) {
                if (m_text[m_pos + 1] == '\n')
                    break; // a continuation ends the word
                word.text += m_text[m_pos + 1];
                m_pos += 2;
            } else if (c == '\'') {
                const std::size_t close = m_text.find('\'', m_pos + 1);
                if (close == std::string_view::npos) {
                    m_error = syntaxError(m_tool, m_line,
                                          MW_TR_NOOP("DiagnosticArguments", "a ' quote is never closed"));
                    break;
                }
                const std::string_view inner = m_text.substr(m_pos + 1, close - m_pos - 1);
                m_line += int(std::count(inner.begin(), inner.end(), '\n'));
                word.text += inner;
                m_pos = close + 1;
                quotedAny = true;
            } else if (c == '"') {
                readDoubleQuoted(word);
                quotedAny = true;
            } else if (c == '$') {
                bool wholeArray = false;
                const std::string value = expandVariable(wholeArray);
                if (wholeArray) {
                    word.text = value;
                    word.expandsArray = true;
                } else {
                    word.text += value;
                }
            } else if (c == '(' && !quotedAny && word.text.ends_with('=') && isAssignment(word.text)) {
                ++m_pos;
                m_arrayName = word.text.substr(0, word.text.size() - 1);
                m_arrayLine = m_line;
                return {};
            } else {
                word.text += c;
                ++m_pos;
            }
        }
        return word;
    }

    void readDoubleQuoted(RawWord& word)
    {
        const int startLine = m_line;
        ++m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            const char c = m_text[m_pos];
            if (c == '\\' && m_pos + 1 < m_text.size()) {
                const char next = m_text[m_pos + 1];
                if (next == '\n')
                    ++m_line;
                else
                    word.text += (next == '"' || next == '\\' || next == '$' || next == '`')
                        ? std::string(1, next)
                        : std::string{c, next};
                m_pos += 2;
            } else if (c == '$') {
                bool wholeArray = false;
                const std::string value = expandVariable(wholeArray);
                if (m_error)
                    return;
                if (wholeArray) {
                    word.text = value;
                    word.expandsArray = true;
                } else {
                    word.text += value;
                }
            } else {
                if (c == '\n')
                    ++m_line;
                word.text += c;
                ++m_pos;
            }
        }
        if (m_pos >= m_text.size()) {
            m_error = syntaxError(m_tool, startLine,
                                  MW_TR_NOOP("DiagnosticArguments", "a \" quote is never closed"));
            return;
        }
        ++m_pos;
    }

    static bool isAssignment(std::string_view word)
    {
        const std::size_t eq = word.find('=');
        if (eq == std::string_view::npos || eq == 0 || !isNameStart(word[0]))
            return false;
        return std::all_of(word.begin(), word.begin() + std::ptrdiff_t(eq), isNameChar);
    }

    void appendExpanded(std::vector<RawWord>& out, const RawWord& word)
    {
        if (!word.expandsArray) {
            if (!word.text.empty() || word.line > 0)
                out.push_back(word);
            return;
        }
        if (const auto it = m_arrays.find(word.text); it != m_arrays.end())
            out.insert(out.end(), it->second.begin(), it->second.end());
    }

    void finishStatement(std::vector<RawWord>& statement, ShellReadResult& result)
    {
        if (m_arrayName)
            return; // an array's words may span lines
        std::size_t first = 0;
        if (!statement.empty() && statement.front().text == "export")
            first = 1;
        while (first < statement.size() && !statement[first].expandsArray
               && isAssignment(statement[first].text)) {
            const std::string& text = statement[first].text;
            const std::size_t eq = text.find('=');
            m_variables[text.substr(0, eq)] = text.substr(eq + 1);
            ++first;
        }
        std::vector<RawWord> words;
        for (std::size_t i = first; i < statement.size(); ++i)
            appendExpanded(words, statement[i]);
        statement.clear();
        if (words.empty())
            return;
        ShellCommandLine command;
        for (RawWord& word : words)
            command.words.push_back({std::move(word.text), word.line});
        result.commands.push_back(std::move(command));
    }

    std::string_view m_text;
    std::string_view m_tool;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::optional<Diagnostic> m_error;
    std::map<std::string, std::string> m_variables;
    std::map<std::string, std::vector<RawWord>> m_arrays;
    std::optional<std::string> m_arrayName;
    int m_arrayLine = 0;
    std::vector<RawWord> m_arrayWords;
};

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

} // namespace

ShellReadResult readShell(std::string_view text, std::string_view tool)
{
    return ShellLexer(text, tool).run();
}

const Setting* Settings::take(std::string_view name) const
{
    const Setting* found = nullptr;
    for (const Setting& setting : entries)
        if (setting.name == name) {
            setting.used = true;
            found = &setting;
        }
    return found;
}

const Setting* Settings::take(std::initializer_list<std::string_view> names) const
{
    const Setting* found = nullptr;
    for (std::string_view name : names)
        if (const Setting* setting = take(name); setting && (!found || setting->line >= found->line))
            found = setting;
    return found;
}

std::vector<std::string> Settings::unused() const
{
    std::vector<std::string> out;
    for (const Setting& setting : entries)
        if (!setting.used)
            out.push_back(setting.pointer.empty() ? setting.name + " (" + setting.where() + ")"
                                                  : setting.pointer);
    return out;
}

Settings flagsOf(const std::vector<Word>& words, const std::vector<std::string_view>& switches)
{
    Settings settings;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const Word& word = words[i];
        if (word.text.size() < 2 || word.text[0] != '-' || (word.text[1] >= '0' && word.text[1] <= '9')) {
            settings.positional.push_back(word);
            continue;
        }
        Setting setting;
        setting.line = word.line;
        std::string name = word.text;
        if (const std::size_t eq = name.find('='); eq != std::string::npos) {
            setting.value = name.substr(eq + 1);
            name.resize(eq);
        }
        std::replace(name.begin(), name.end(), '_', '-');
        setting.name = std::move(name);
        const bool isSwitch = std::find(switches.begin(), switches.end(), setting.name) != switches.end();
        if (!setting.value && !isSwitch && i + 1 < words.size()) {
            const std::string& next = words[i + 1].text;
            const bool nextIsFlag = next.size() >= 2 && next[0] == '-' && !(next[1] >= '0' && next[1] <= '9');
            if (!nextIsFlag) {
                setting.value = next;
                ++i;
            }
        }
        for (std::size_t j = i + 1; setting.value && j < words.size(); ++j) {
            const std::string& next = words[j].text;
            if (next.size() >= 2 && next[0] == '-' && !(next[1] >= '0' && next[1] <= '9'))
                break;
            setting.rest.push_back(next);
        }
        settings.entries.push_back(std::move(setting));
    }
    return settings;
}

namespace {

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
