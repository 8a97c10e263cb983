// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/megatronlayout.h"

#include "base/diagnostic.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>

namespace core::launch {

namespace {

// Far more than any model's chunks need; a "(t)*999999999" stops here instead of filling memory.
constexpr std::size_t kMaxUnrolled = std::size_t(1) << 20;

bool isDigit(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// The count of "*n" at `at`, `at` moved past its digits; -1 when there is none.
std::int64_t repeatCount(std::string_view text, std::size_t& at)
{
    if (at >= text.size() || text[at] != '*' || at + 1 >= text.size() || !isDigit(text[at + 1]))
        return -1;
    std::size_t end = at + 1;
    std::int64_t n = 0;
    while (end < text.size() && isDigit(text[end])) {
        n = std::min<std::int64_t>(n * 10 + (text[end] - '0'), std::int64_t(kMaxUnrolled) + 1);
        ++end;
    }
    at = end;
    return n;
}

// One pass of Python's re.sub: every leftmost, non-overlapping match of the pattern replaced by its group
// repeated, the result not scanned again. With groups, the pattern is r'\(([^)]+)\)\*(\d+)' (the group
// runs to the first ')'); without, r'(.)\*(\d+)'. False when the result would pass kMaxUnrolled.
bool unroll(std::string& text, bool groups)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t groupBegin = i, groupEnd = i + 1, after = i + 1;
        if (groups) {
            const std::size_t close = text[i] == '(' ? text.find(')', i + 1) : std::string::npos;
            if (close != std::string::npos && close > i + 1) {
                groupBegin = i + 1;
                groupEnd = close;
                after = close + 1;
            } else {
                after = std::string::npos;
            }
        } else if (text[i] == '\n') {
            after = std::string::npos;
        }
        std::size_t next = after;
        const std::int64_t n = after == std::string::npos ? -1 : repeatCount(text, next);
        if (n < 0) {
            out += text[i++];
            continue;
        }
        const std::size_t width = groupEnd - groupBegin;
        if (std::uint64_t(n) * width + out.size() > kMaxUnrolled)
            return false;
        for (std::int64_t k = 0; k < n; ++k)
            out.append(text, groupBegin, width);
        i = next;
    }
    text = std::move(out);
    return text.size() <= kMaxUnrolled;
}

void appendRun(std::string& out, char c, int n)
{
    if (n >= 3)
        out += std::string(1, c) + "*" + std::to_string(n);
    else
        out.append(std::size_t(std::max(n, 0)), c);
}

} // namespace

ParsedLayout parseMegatronLayout(std::string_view text)
{
    ParsedLayout parsed;
    std::string unrolled;
    for (char c : text)
        if (c != ',')
            unrolled += c;
    if (!unroll(unrolled, true) || !unroll(unrolled, false)) {
        parsed.problem
            = phraseArgument(MW_TR_NOOP("DiagnosticArguments", "it unrolls to more than %1 characters"),
                             {std::to_string(kMaxUnrolled)});
        return parsed;
    }
    parsed.chunks.emplace_back();
    for (char c : unrolled) {
        LayoutChunk& chunk = parsed.chunks.back();
        if (c != '|') {
            parsed.first = parsed.first ? parsed.first : c;
            parsed.last = c;
        }
        switch (c) {
        case '|':
            parsed.chunks.emplace_back();
            break;
        case 'E':
            ++chunk.embeddings;
            break;
        case 't':
            chunk.mtpBeforeLayer = chunk.mtpBeforeLayer || chunk.mtpDepths > 0;
            ++chunk.layers;
            break;
        case 'm':
            ++chunk.mtpDepths;
            break;
        case 'L':
            ++chunk.losses;
            break;
        default:
            parsed.chunks.clear();
            parsed.problem = phraseArgument(
                MW_TR_NOOP("DiagnosticArguments", "Megatron-Core knows no layer character '%1' (E, t, m, L)"),
                {std::string(1, c)});
            return parsed;
        }
    }
    return parsed;
}

std::string megatronLayout(std::span<const int> layersPerChunk, int mtpDepths)
{
    const std::size_t n = layersPerChunk.size();
    const auto chunkText = [&](std::size_t i) {
        std::string s = i == 0 ? "E" : "";
        appendRun(s, 't', layersPerChunk[i]);
        if (i + 1 == n) {
            appendRun(s, 'm', mtpDepths);
            s += "L";
        }
        return s;
    };
    std::string out;
    for (std::size_t i = 0; i < n;) {
        const std::string s = chunkText(i);
        std::size_t run = 1;
        while (i > 0 && i + run + 1 < n && chunkText(i + run) == s)
            ++run;
        if (run > 1)
            out += "(" + s + "|)*" + std::to_string(run);
        else
            out += s + (i + 1 < n ? "|" : "");
        i += run;
    }
    return out;
}

} // namespace core::launch
