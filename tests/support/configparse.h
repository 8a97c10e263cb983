// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Minimal readers for the launch configurations' formats, so that tests check what a shell or a YAML
// loader would read back rather than searching the text. Deliberately strict: anything they do not
// understand fails the parse.
//
// Shell: POSIX word splitting for what the writers produce — blanks and newlines separate words, a
// backslash before a newline continues the line, '…' is literal, "…" is literal except \" and \\, and #
// at the start of a word comments out the rest of the line (POSIX 2.3 and 2.2).
// YAML: block mappings of "key: value" at indent 0 and 2, comments, plain and single-quoted scalars
// (YAML 1.2 §7.3.2); nested keys come back as "parent.child".

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace testing {

inline std::optional<std::vector<std::string>> shellWords(const std::string& text)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord)
                words.push_back(word);
            word.clear();
            inWord = false;
            continue;
        }
        if (c == '#' && !inWord) {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        inWord = true;
        if (c == '\'') {
            const std::size_t end = text.find('\'', i + 1);
            if (end == std::string::npos)
                return std::nullopt;
            word += text.substr(i + 1, end - i - 1);
            i = end;
        } else if (c == '"') {
            std::size_t j = i + 1;
            for (; j < text.size() && text[j] != '"'; ++j) {
                if (text[j] == '\\' && j + 1 < text.size() && (text[j + 1] == '"' || text[j + 1] == '\\'))
                    ++j;
                word += text[j];
            }
            if (j >= text.size())
                return std::nullopt;
            i = j;
        } else if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
        } else {
            word += c;
        }
    }
    if (inWord)
        words.push_back(word);
    return words;
}

// The word after the first `flag`, or "" when the flag is missing or last.
inline std::string valueAfter(const std::vector<std::string>& words, const std::string& flag)
{
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == flag)
            return words[i + 1];
    return {};
}

inline bool hasWord(const std::vector<std::string>& words, const std::string& word)
{
    for (const std::string& w : words)
        if (w == word)
            return true;
    return false;
}

inline std::optional<std::map<std::string, std::string>> yamlMap(const std::string& text)
{
    std::map<std::string, std::string> out;
    std::string parent;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        if (line.find('\t') != std::string::npos)
            return std::nullopt;
        const std::size_t indent = line.find_first_not_of(' ');
        if (indent == std::string::npos || line[indent] == '#')
            continue;
        if (indent != 0 && (indent != 2 || parent.empty()))
            return std::nullopt;
        const std::size_t colon = line.find(':', indent);
        if (colon == std::string::npos)
            return std::nullopt;
        const std::string key = line.substr(indent, colon - indent);
        std::string rest = line.substr(colon + 1);
        if (!rest.empty() && rest.front() != ' ')
            return std::nullopt;
        const std::size_t valueStart = rest.find_first_not_of(' ');
        std::string value;
        if (valueStart != std::string::npos && rest[valueStart] == '\'') {
            std::size_t j = valueStart + 1;
            for (; j < rest.size(); ++j) {
                if (rest[j] == '\'') {
                    if (j + 1 < rest.size() && rest[j + 1] == '\'') {
                        value += '\'';
                        ++j;
                        continue;
                    }
                    break;
                }
                value += rest[j];
            }
            if (j >= rest.size())
                return std::nullopt;
        } else if (valueStart != std::string::npos) {
            value = rest.substr(valueStart);
            if (const std::size_t comment = value.find(" #"); comment != std::string::npos)
                value.erase(comment);
            while (!value.empty() && value.back() == ' ')
                value.pop_back();
        }
        const std::string fullKey = indent == 0 ? key : parent + "." + key;
        if (indent == 0)
            parent = value.empty() ? key : std::string();
        if (!out.emplace(fullKey, value).second)
            return std::nullopt;
    }
    return out;
}

} // namespace testing
