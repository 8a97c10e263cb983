// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/kerneltable.h"

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

namespace core {

namespace {

constexpr std::array kRequired{std::string_view{"gpu"},    std::string_view{"dtype"}, std::string_view{"b"},
                               std::string_view{"m"},      std::string_view{"n"},     std::string_view{"k"},
                               std::string_view{"seconds"}};
enum Column { Gpu, Dtype, B, M, N, K, Seconds };
// A file that is wrong throughout would otherwise give one error per line.
constexpr std::size_t kMaxDiagnostics = 20;
constexpr double kMaxDimension = 1e9;

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// One CSV record (RFC 4180): a field in double quotes may hold commas, and "" stands for a quote.
// Returns false when a quote is not closed.
bool splitFields(std::string_view line, std::vector<std::string>& fields)
{
    fields.clear();
    std::string field;
    bool inQuotes = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inQuotes) {
            if (c != '"')
                field += c;
            else if (i + 1 < line.size() && line[i + 1] == '"')
                field += line[++i];
            else
                inQuotes = false;
        } else if (c == '"' && trim(field).empty()) {
            field.clear();
            inQuotes = true;
        } else if (c == ',') {
            fields.emplace_back(trim(field));
            field.clear();
        } else {
            field += c;
        }
    }
    fields.emplace_back(trim(field));
    return !inQuotes;
}

std::optional<double> number(std::string_view text)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string formatDimension(double value)
{
    return std::to_string(static_cast<long long>(value));
}

struct Reader
{
    std::string source;
    KernelTableRead out;
    std::array<int, kRequired.size()> column{};
    std::size_t columnCount = 0;
    int headerLine = 0;
    std::map<std::tuple<std::string, GemmDtype, double, double, double, double>, int> seen;

    void report(const DiagnosticKind& kind, std::vector<std::string> args)
    {
        if (out.diagnostics.size() >= kMaxDiagnostics)
            return;
        args.insert(args.begin(), source);
        out.diagnostics.push_back(makeDiagnostic(kind, "", std::move(args)));
    }

    // Returns false when a required column is missing (then no row can be read).
    bool readHeader(const std::vector<std::string>& fields, int line)
    {
        headerLine = line;
        columnCount = fields.size();
        std::string missing;
        for (std::size_t c = 0; c < kRequired.size(); ++c) {
            column[c] = -1;
            for (std::size_t f = 0; f < fields.size(); ++f)
                if (fields[f] == kRequired[c])
                    column[c] = static_cast<int>(f);
            if (column[c] < 0)
                missing += (missing.empty() ? "" : ", ") + std::string(kRequired[c]);
        }
        if (!missing.empty())
            report(diag::kKernelTableColumns, {std::to_string(line), missing});
        return missing.empty();
    }

    std::optional<double> dimension(const std::vector<std::string>& fields, Column c, int line)
    {
        const std::string& text = fields[column[c]];
        const std::optional<double> value = number(text);
        if (value && *value >= 1 && *value <= kMaxDimension && std::floor(*value) == *value)
            return value;
        report(diag::kKernelTableSize, {std::to_string(line), std::string(kRequired[c]), text});
        return std::nullopt;
    }

    void readRow(const std::vector<std::string>& fields, int line)
    {
        if (fields.size() != columnCount) {
            report(diag::kKernelTableFields,
                   {std::to_string(line), std::to_string(fields.size()), std::to_string(headerLine),
                    std::to_string(columnCount)});
            return;
        }
        GemmRow row;
        row.line = line;
        row.gpu = fields[column[Gpu]];
        bool ok = true;
        if (row.gpu.empty()) {
            report(diag::kKernelTableGpu, {std::to_string(line)});
            ok = false;
        }
        if (const auto dtype = enumFromName<GemmDtype>(fields[column[Dtype]]))
            row.dtype = *dtype;
        else {
            report(diag::kKernelTableDtype,
                   {std::to_string(line), fields[column[Dtype]], enumNameList<GemmDtype>(", ")});
            ok = false;
        }
        const auto b = dimension(fields, B, line);
        const auto m = dimension(fields, M, line);
        const auto n = dimension(fields, N, line);
        const auto k = dimension(fields, K, line);
        const std::optional<double> seconds = number(fields[column[Seconds]]);
        if (!seconds || *seconds <= 0) {
            report(diag::kKernelTableTime, {std::to_string(line), fields[column[Seconds]]});
            ok = false;
        }
        if (!ok || !b || !m || !n || !k)
            return;
        row.shape = {*b, *m, *n, *k};
        row.seconds = *seconds;
        const auto [it, added] = seen.try_emplace({row.gpu, row.dtype, *b, *m, *n, *k}, line);
        if (!added) {
            const std::string shape = row.gpu + " " + std::string(enumName(row.dtype)) + " "
                + formatDimension(*b) + "×" + formatDimension(*m) + "×" + formatDimension(*n) + "×"
                + formatDimension(*k);
            report(diag::kKernelTableDuplicate, {std::to_string(line), shape, std::to_string(it->second)});
            return;
        }
        out.table.rows.push_back(std::move(row));
    }
};

} // namespace

KernelTableRead readKernelTable(std::string_view text, std::string source)
{
    Reader reader;
    reader.source = source;
    reader.out.table.source = std::move(source);
    std::vector<std::string> fields;
    bool headerOk = false;
    int lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trim(text.substr(start, end - start));
        start = end + 1;
        ++lineNumber;
        if (line.empty() || line.front() == '#')
            continue;
        if (!splitFields(line, fields)) {
            reader.report(diag::kKernelTableQuote, {std::to_string(lineNumber)});
            continue;
        }
        if (reader.headerLine == 0) {
            headerOk = reader.readHeader(fields, lineNumber);
            if (!headerOk)
                break;
            continue;
        }
        reader.readRow(fields, lineNumber);
    }
    if (headerOk && reader.out.table.rows.empty() && !hasErrors(reader.out.diagnostics))
        reader.report(diag::kKernelTableEmpty, {});
    if (reader.headerLine == 0 && reader.out.diagnostics.empty())
        reader.report(diag::kKernelTableEmpty, {});
    if (hasErrors(reader.out.diagnostics))
        reader.out.table.rows.clear();
    return std::move(reader.out);
}

} // namespace core
