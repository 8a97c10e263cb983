// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design report with its figures: core's HTML (report/designreport.h) with the figures of
// reportfigures.h, as one stand-alone HTML text (figures inside as data: URIs) or written to a .html or .pdf
// file. The one path of both File ▸ Export ▸ Design Report… and `meshwright-cli report`. Needs a
// QApplication; the offscreen platform is enough.

#include "common/designsnapshot.h"

#include <QString>
#include <vector>

namespace report {

// Whether the figures can be drawn: the process runs a QApplication; false with `error` saying so.
bool canDrawFigures(QString* error);

// The HTML of the report, its figures embedded. Needs canDrawFigures().
QString designReportHtml(const widgets::DesignSnapshot& snapshot,
                         const std::vector<widgets::DesignSnapshot>& candidates = {});

// Writes the report as PDF for a path ending in .pdf (any case), else as HTML; atomically. False with
// `error` saying why (no QApplication to draw the figures, the file cannot be written).
bool writeDesignReport(const widgets::DesignSnapshot& snapshot,
                       const std::vector<widgets::DesignSnapshot>& candidates, const QString& path,
                       QString* error);

} // namespace report
