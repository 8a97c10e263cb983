// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The readable report of `meshwright-cli evaluate` (without --json).

#include "base/diagnostic.h"

#include <ostream>
#include <vector>

namespace core {
struct Design;
struct Evaluation;
struct MemoryReport;
struct TrafficReport;
} // namespace core

namespace cli {

struct ReportOptions
{
    bool allRanks = false; // list every rank even in large designs
};

void writeTextReport(std::ostream& out, const core::Design& design, const core::Evaluation& evaluation,
                     const ReportOptions& options = {});
void writeDiagnostics(std::ostream& out, const std::vector<core::Diagnostic>& diagnostics);
// The per-stage memory table.
void writeMemoryTable(std::ostream& out, const core::MemoryReport& memory);
// Bytes per GPU and training step of every dimension, and the share on each link class.
void writeTrafficTable(std::ostream& out, const core::TrafficReport& traffic);

} // namespace cli
