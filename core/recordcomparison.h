#pragma once

// A measured record beside the prediction for the same design (issue 8: "every view shows the measured
// value next to the prediction with the difference"). One row per quantity the record measured; the
// prediction is missing where Meshwright models nothing (input stalls, checkpoints, restarts, parity).

#include "jsonreader.h"
#include "measuredrecord.h"

#include <optional>
#include <string>
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

std::vector<RecordComparisonRow> compareRecord(const MeasuredRecord& record, const Design& design,
                                               const Evaluation& evaluation);

// "26.5 s", "71 GB", "41.2 %": a value in its unit, as the report and the CLI show it.
std::string formatRecordValue(double value, RecordUnit unit);

// {name, rows[] {quantity, label, unit, predicted, measured, difference, relativeDifference}}; null for a
// missing figure.
Json recordComparisonToJson(const MeasuredRecord& record, const std::vector<RecordComparisonRow>& rows);

} // namespace core
