// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/ncclimport.h"

#include "base/diagnostickinds.h"
#include "base/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace core {

namespace {

std::vector<std::string_view> tokens(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        std::size_t end = i;
        while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r')
            ++end;
        if (end > i)
            out.push_back(line.substr(i, end - i));
        i = end;
    }
    return out;
}

bool number(std::string_view text, double& out)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc{} && end == text.data() + text.size();
}

} // namespace

NcclTestTable parseNcclTests(std::string_view text)
{
    NcclTestTable table;
    std::size_t lineNumber = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        const std::vector<std::string_view> t = tokens(line);
        if (t.empty())
            continue;
        if (t[0] == "#") {
            if (t.size() >= 3 && t[1] == "Rank")
                ++table.ranks;
            continue;
        }
        if (t[0].front() == '#')
            continue;
        // size count type redop root time algbw busbw #wrong [in place: time algbw busbw #wrong]
        double size = 0, seconds = 0, alg = 0, bus = 0;
        if (t.size() < 8 || !number(t[0], size) || !number(t[5], seconds) || !number(t[6], alg)
            || !number(t[7], bus)) {
            table.diagnostics.push_back(
                makeDiagnostic(diag::kNcclTestsRow, "", {std::to_string(lineNumber), std::string(line)}));
            continue;
        }
        // from_chars reads "nan" and "inf" too; a time of zero or a negative column is no measurement.
        const auto outside = [&](const char* column, double value, double min, double max) {
            if (value >= min && value <= max)
                return false;
            table.diagnostics.push_back(makeDiagnostic(
                diag::kValueRange, "",
                {"Line " + std::to_string(lineNumber) + ": " + column, formatNumber(min, 6),
                 formatNumber(max, 6), formatNumber(value, 6)}));
            return true;
        };
        // Bounds far past any link: 1 PB/s, a message of 1 PB, a time of 10⁹ µs (about 17 minutes).
        if (outside("size (B)", size, 0, 1e15) || outside("time (us)", seconds, 1e-3, 1e9)
            || outside("algbw (GB/s)", alg, 0, 1e6) || outside("busbw (GB/s)", bus, 0, 1e6))
            continue;
        table.rows.push_back({size, seconds * 1e-6, alg * 1e9, bus * 1e9});
    }
    if (table.rows.empty())
        table.diagnostics.push_back(makeDiagnostic(diag::kNcclTestsEmpty, ""));
    std::sort(table.rows.begin(), table.rows.end(),
              [](const NcclTestRow& a, const NcclTestRow& b) { return a.bytes < b.bytes; });
    return table;
}

LinkFit fitLink(const NcclTestTable& table, CollectiveOp op, int ranks)
{
    LinkFit fit;
    if (table.rows.empty() || ranks < 2)
        return fit;
    switch (op) {
    case CollectiveOp::AllReduce:
        fit.steps = 2 * (ranks - 1);
        break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        fit.steps = ranks - 1;
        break;
    case CollectiveOp::SendRecv:
        fit.steps = 1;
        break;
    }
    std::vector<double> largest;
    for (auto it = table.rows.rbegin(); it != table.rows.rend() && largest.size() < 3; ++it)
        largest.push_back(it->busBandwidth);
    std::sort(largest.begin(), largest.end());
    fit.bandwidth = largest[largest.size() / 2];
    fit.largestBytes = table.rows.back().bytes;
    fit.smallestSeconds = table.rows.front().seconds;
    fit.latency = fit.smallestSeconds / std::max(fit.steps, 1);
    return fit;
}

LinkSpec calibratedLink(const LinkSpec& base, const LinkFit& fit, const std::string& source)
{
    LinkSpec link = base;
    link.bandwidth = fit.bandwidth;
    link.latency = fit.latency;
    link.source = source;
    return link;
}

} // namespace core
