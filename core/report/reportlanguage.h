// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The words and numbers of the design report in one language. The core writes the report without Qt, so it
// marks its texts with MW_TR_NOOP("Report", …) (MW_TR_N_NOOP for a count's plural forms) and asks this
// class for them, for numbers in the language's format and for the texts that have a translation elsewhere
// (diagnostics, the names of choices, measured records). This base writes English with core/base/units.h,
// for the core's own tests; the application passes one that translates with Qt and writes numbers with
// QLocale (app/report/reportwriter.cpp), so that the report reads as the window does.

#include "base/diagnostic.h"
#include "design/layout.h"
#include "performance/recordcomparison.h"

#include <cstdint>
#include <string>

#define MW_TR_N_NOOP(context, text) text

namespace core {

class ReportLanguage
{
public:
    virtual ~ReportLanguage() = default;

    // A text marked MW_TR_NOOP("Report", …), translated; %1 … stay for fill().
    virtual std::string text(const char* english) const;
    // A text marked MW_TR_N_NOOP("Report", …) with %n replaced by the count, in the count's plural form.
    virtual std::string counted(const char* english, std::int64_t count) const;

    virtual std::string integer(std::int64_t value) const; // "8192"; German "8.192"
    virtual std::string number(double value) const; // three significant digits: "0.333", German "0,333"
    virtual std::string percent(double fraction) const; // 0.521 → "52.1 %"
    virtual std::string bytes(double bytes) const; // "72.3 GB"
    virtual std::string seconds(double seconds) const; // "1.2 ms"
    virtual std::string count(double count) const; // "3.45 M"

    virtual std::string diagnostic(const Diagnostic& diagnostic) const;
    virtual std::string severity(Severity severity) const;
    virtual std::string scheduleName(Schedule schedule) const;
    virtual std::string recomputeName(Recompute recompute) const; // "selective recomputation"
    virtual std::string recordTitle(const MeasuredRecord& record) const;
    virtual std::string recordQuantity(const RecordComparisonRow& row) const;
    virtual std::string recordValue(double value, RecordUnit unit) const;
    virtual std::string recordDifference(const RecordComparisonRow& row) const;

    // text(english) with %1 … filled in.
    std::string fill(const char* english, const std::vector<std::string>& args) const;
};

// The base class: English, as the command line writes it.
const ReportLanguage& englishReport();

} // namespace core
