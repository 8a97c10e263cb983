// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/launchreader.h"

#include "base/importdiagnostics.h"
#include "launch/shellarithmetic.h"
#include "launch/shellnames.h"

#include <algorithm>
#include <map>

namespace core::launch {

std::string Setting::where() const
{
    return pointer.empty() ? "line " + std::to_string(line) : pointer;
}

Diagnostic syntaxError(std::string_view tool, int line, std::string reason)
{
    return makeDiagnostic(diag::kLaunchSyntax, "line " + std::to_string(line),
                          {std::string(tool), std::move(reason)});
}

namespace {

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

    // $NAME, ${NAME}, ${NAME:-default}; an unknown variable stays as written. quoted: the $ stands inside
    // double quotes, which changes how the default's backslashes and single quotes read.
    std::string expandVariable(bool& wholeArray, bool quoted)
    {
        ++m_pos; // '$'
        if (m_pos < m_text.size() && m_text[m_pos] == '(')
            return substitution();
        if (m_pos < m_text.size() && m_text[m_pos] == '{') {
            const std::size_t close = matchingBrace(m_text, m_pos);
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
            return braced(inner, 0, quoted);
        }
        return plain(m_text, m_pos);
    }

    // $(( expression )) from the ( at m_pos: its value where the file's own variables give one
    // (shellarithmetic.h), else as written; $( command ) as written, since only running it would say what it
    // prints. Either stays one word, so that the flag it feeds is reported unread, not split into others.
    std::string substitution()
    {
        const bool arithmetic = m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '(';
        const std::size_t close = closingParenthesis(m_text, m_pos, !arithmetic);
        if (close == std::string_view::npos) {
            m_error = syntaxError(m_tool, m_line,
                                  arithmetic ? MW_TR_NOOP("DiagnosticArguments", "$(( without a closing ))")
                                             : MW_TR_NOOP("DiagnosticArguments", "$( without a closing )"));
            return {};
        }
        const std::string_view written = m_text.substr(m_pos, close + 1 - m_pos);
        m_line += int(std::count(written.begin(), written.end(), '\n'));
        m_pos = close + 1;
        if (arithmetic && written.ends_with("))")) {
            const auto value = evaluateShellArithmetic(
                written.substr(2, written.size() - 4),
                [this](std::string_view name) -> std::optional<std::string> {
                    const auto it = m_variables.find(std::string(name));
                    return it != m_variables.end() ? std::optional(it->second) : std::nullopt;
                });
            if (value)
                return std::to_string(*value);
        }
        std::string asWritten(1, '$'); // appended, not "$" + string: GCC 12's false -Wrestrict (bug 105651)
        return asWritten.append(written);
    }

    // The ) that closes the ( at open, nested parentheses counted; with `quotes` (a command) a quoted string
    // or a backslashed character closes nothing. npos if none does.
    static std::size_t closingParenthesis(std::string_view text, std::size_t open, bool quotes)
    {
        int depth = 0;
        for (std::size_t i = open; i < text.size(); ++i) {
            const char c = text[i];
            if (quotes && c == '\\') {
                ++i;
            } else if (quotes && (c == '\'' || c == '"')) {
                i = text.find(c, i + 1);
                if (i == std::string_view::npos)
                    return i;
            } else if (c == '(') {
                ++depth;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return std::string_view::npos;
    }

    // The } that closes the ${ whose { is at open, as bash finds it: a backslashed character, a quoted
    // string and a nested ${…} are passed over, a } inside them closes nothing (${A:-a\}b} and
    // ${A:-"a}b"} are a}b), and a bare { is not counted (${A:-x{y} is x{y). Inside the default's double
    // quotes a single quote is a character. npos if none does. One flag a ${ open, not a call: however deep
    // a text nests them, the stack stays as it is.
    static std::size_t matchingBrace(std::string_view text, std::size_t open)
    {
        std::vector<bool> inDouble{false}; // of each ${ open, the innermost last
        for (std::size_t i = open + 1; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inDouble.back() = !inDouble.back();
            } else if (c == '\'' && !inDouble.back()) {
                i = text.find('\'', i + 1);
                if (i == std::string_view::npos)
                    return i;
            } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '{') {
                inDouble.push_back(false);
                ++i;
            } else if (c == '}' && !inDouble.back()) {
                inDouble.pop_back();
                if (inDouble.empty())
                    return i;
            }
        }
        return std::string_view::npos;
    }

    // $NAME, the name read from pos on (pos moves past it): its value, or as written when unset ("$" alone
    // stays "$").
    std::string plain(std::string_view text, std::size_t& pos) const
    {
        const std::size_t start = pos;
        while (pos < text.size() && isShellNameChar(text[pos]))
            ++pos;
        const std::string name(text.substr(start, pos - start));
        if (name.empty())
            return "$";
        const auto it = m_variables.find(name);
        return it != m_variables.end() ? it->second : "$" + name;
    }

    // ${inner}: the variable's value; else the default after ":-", its quotes removed as bash removes them
    // (MEGATRON_PATH=${MEGATRON_PATH:-"path"} is path) and its own variables expanded, as SLURM scripts
    // nest them (NNODES=${NNODES:-${SLURM_NNODES:-1}}); else the text as written. Defaults nested deeper
    // than kMaxNesting stay as written, so that no text can exhaust the stack. quoted: the whole stands
    // inside double quotes.
    std::string braced(const std::string& inner, int depth, bool quoted) const
    {
        constexpr int kMaxNesting = 16;
        const std::size_t dash = inner.find(":-");
        if (const auto it = m_variables.find(inner.substr(0, dash)); it != m_variables.end())
            return it->second;
        if (dash == std::string::npos || depth >= kMaxNesting)
            return "${" + inner + "}";
        // The default read as bash reads it: quotes removed, a backslashed character or one inside single
        // quotes taken as written (\$HOME, '$HOME'), every other $ expanded. Inside double quotes a
        // backslash escapes only $, `, ", } and itself and is kept before anything else ("${A:-C:\x}" is
        // C:\x), and single quotes stay as written where the whole is double-quoted (bash 5). A nested
        // ${...} is handed on as written, so that its own quotes and backslashes are read there, once.
        std::string out;
        bool singleQuoted = false;
        bool doubleQuoted = false;
        for (std::size_t i = dash + 2; i < inner.size(); ++i) {
            const char c = inner[i];
            const bool inDouble = quoted || doubleQuoted;
            if (c == '\'' && !quoted && !doubleQuoted) {
                singleQuoted = !singleQuoted;
            } else if (singleQuoted) {
                out += c;
            } else if (c == '\\' && i + 1 < inner.size()) {
                const char next = inner[++i];
                if (inDouble && next != '$' && next != '`' && next != '"' && next != '\\' && next != '}')
                    out += c;
                out += next;
            } else if (c == '"') {
                doubleQuoted = !doubleQuoted;
            } else if (c != '$') {
                out += c;
            } else if (const std::size_t close = i + 1 < inner.size() && inner[i + 1] == '{'
                           ? matchingBrace(inner, i + 1)
                           : std::string::npos;
                       close != std::string::npos) {
                out += braced(inner.substr(i + 2, close - i - 2), depth + 1, inDouble);
                i = close;
            } else {
                std::size_t pos = i + 1;
                out += plain(inner, pos);
                i = pos - 1;
            }
        }
        return out;
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
                const std::string value = expandVariable(wholeArray, false);
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
                const std::string value = expandVariable(wholeArray, true);
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
        if (eq == std::string_view::npos || eq == 0 || !isShellNameStart(word[0]))
            return false;
        return std::all_of(word.begin(), word.begin() + std::ptrdiff_t(eq), isShellNameChar);
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

} // namespace core::launch
