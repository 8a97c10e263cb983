// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design report: one HTML document a reviewer reads without opening the application — the design summary,
// the diagnostics, the per-stage memory table, performance, the measured records beside the prediction, which
// frameworks can launch the split, and the figures the caller rendered. The HTML keeps to the subset that
// Qt's QTextDocument lays out (tables with border attributes, headings, <img>), so that the same text becomes
// the PDF. It is built here, without Qt, so that the command line writes it too.

#include <string>
#include <vector>

namespace core {

struct Design;
struct Evaluation;
class ReportLanguage;

struct ReportFigure
{
    std::string caption;
    std::string source; // the <img src>: a data: URI in an HTML file, a resource name for QTextDocument
    int widthPixels = 0; // shown width; 0 = the image's own
};

// Section ids, in order; each is an <h2 id="…"> of the report (tests check that every one is there).
inline constexpr const char* kReportSections[]{"summary",    "diagnostics", "memory", "performance",
                                               "candidates", "records",     "launch", "figures"};

// A layout pinned beside the design (the Performance tab's candidates), compared in the report.
struct ReportCandidate
{
    const Design* design = nullptr;
    const Evaluation* evaluation = nullptr;
};

std::string designReportHtml(const Design& design, const Evaluation& evaluation,
                             const std::vector<ReportFigure>& figures = {},
                             const std::vector<ReportCandidate>& candidates = {});
// The report in `language`'s words and number format (report/reportlanguage.h); the overload above writes
// English.
std::string designReportHtml(const Design& design, const Evaluation& evaluation,
                             const std::vector<ReportFigure>& figures,
                             const std::vector<ReportCandidate>& candidates, const ReportLanguage& language);

// Text for HTML: &, <, >, " escaped.
std::string htmlEscape(const std::string& text);

} // namespace core
