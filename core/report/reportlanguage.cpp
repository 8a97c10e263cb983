// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportlanguage.h"

#include "base/units.h"

namespace core {

std::string ReportLanguage::text(const char* english) const
{
    return english;
}

std::string ReportLanguage::counted(const char* english, std::int64_t count) const
{
    // English plural forms of a "%n node(s)" source: "1 node", "2 nodes".
    std::string out;
    const std::string_view source(english);
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source.substr(i, 2) == "%n") {
            out += integer(count);
            ++i;
        } else if (source.substr(i, 3) == "(s)") {
            out += count == 1 ? "" : "s";
            i += 2;
        } else {
            out += source[i];
        }
    }
    return out;
}

std::string ReportLanguage::integer(std::int64_t value) const
{
    return std::to_string(value);
}

std::string ReportLanguage::number(double value) const
{
    return formatNumber(value);
}

std::string ReportLanguage::percent(double fraction) const
{
    std::string out = number(100 * fraction);
    out += " %";
    return out;
}

std::string ReportLanguage::bytes(double value) const
{
    return formatBytes(value);
}

std::string ReportLanguage::seconds(double value) const
{
    return formatSeconds(value);
}

std::string ReportLanguage::count(double value) const
{
    return formatCount(value);
}

std::string ReportLanguage::diagnostic(const Diagnostic& d) const
{
    return d.message();
}

std::string ReportLanguage::severity(Severity s) const
{
    return std::string(enumName(s));
}

std::string ReportLanguage::scheduleName(Schedule schedule) const
{
    return std::string(enumName(schedule));
}

std::string ReportLanguage::recomputeName(Recompute recompute) const
{
    // As widgets/common/choicetext.h names them.
    if (recompute == Recompute::None)
        return "no recomputation";
    std::string name(enumName(recompute));
    name += " recomputation";
    return name;
}

std::string ReportLanguage::recordTitle(const MeasuredRecord& record) const
{
    std::string title = record.name.empty() ? std::string("Unnamed record") : record.name;
    if (!record.date.empty()) {
        title += " (";
        title += record.date;
        title += ')';
    }
    return title;
}

std::string ReportLanguage::recordQuantity(const RecordComparisonRow& row) const
{
    return row.label;
}

std::string ReportLanguage::recordValue(double value, RecordUnit unit) const
{
    return formatRecordValue(value, unit);
}

std::string ReportLanguage::recordDifference(const RecordComparisonRow& row) const
{
    return formatRecordDifference(row);
}

std::string ReportLanguage::fill(const char* english, const std::vector<std::string>& args) const
{
    return fillTemplate(text(english), args);
}

const ReportLanguage& englishReport()
{
    static const ReportLanguage english;
    return english;
}

} // namespace core
