// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A measured record beside the prediction for the same design: every view shows the measured value next to
// the prediction with the difference (docs/measured-records.md). One row per quantity the record measured;
// the prediction is missing where Meshwright models nothing (input stalls, checkpoints, restarts, parity).
// Every view, the report and the command line take their differences from here.

#include "base/diagnostic.h"
#include "base/jsonreader.h"
#include "design/measuredrecord.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct Design;
struct Evaluation;

enum class RecordUnit { Seconds, Bytes, TokensPerSecond, Fraction, Count };

struct RecordComparisonRow
{
    std::string quantity; // stable key: "stepSeconds", "peakMemory.activations", "visible.allReduce", …
    std::string label; // "Step time"
    RecordUnit unit = RecordUnit::Count;
    std::optional<double> predicted;
    std::optional<double> measured;

    // measured − predicted, and that relative to the prediction; nullopt without both (or a zero prediction).
    std::optional<double> difference() const;
    std::optional<double> relativeDifference() const;
};

struct RecordComparison
{
    std::vector<RecordComparisonRow> rows;
    // record-run-differs, one per batch figure in which the run differs from the design: then every other
    // row compares two different workloads, and a reader must be told.
    std::vector<Diagnostic> warnings;

    // The row of a quantity key, or nullptr when the record did not measure it.
    const RecordComparisonRow* find(std::string_view quantity) const;
};

RecordComparison compareRecord(const MeasuredRecord& record, const Design& design,
                               const Evaluation& evaluation);

// "26.5 s", "71 GB", "41.2 %": a value in its unit, as the report and the CLI show it.
std::string formatRecordValue(double value, RecordUnit unit);

// "+2.1 s (+7.9 %)": the difference with its sign and relative to the prediction; a difference of two
// fractions in percentage points, "−3.8 pp (−9 %)"; empty without a difference.
std::string formatRecordDifference(const RecordComparisonRow& row);

// {name, rows[] {quantity, label, unit, predicted, measured, difference, relativeDifference},
// warnings[] {code, message, path}}; null for a missing figure.
Json recordComparisonToJson(const MeasuredRecord& record, const RecordComparison& comparison);

} // namespace core
