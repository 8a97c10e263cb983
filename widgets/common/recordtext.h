// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured records in the views' words: every view shows the measured value next to the prediction,
// with the difference. The views show the record the design compares with (the one chosen
// in the records dialog, else the newest); the numbers and the differences are core's
// (recordcomparison.h), only the words are translated here.

#include "common/designsnapshot.h"
#include "performance/recordcomparison.h"

#include <QString>

namespace widgets {

struct ShownRecord
{
    const core::MeasuredRecord* record = nullptr; // nullptr: the design carries no record
    core::RecordComparison comparison;
};

// The design's compared record (core::comparedRecord) beside the snapshot's evaluation.
ShownRecord shownRecord(const DesignSnapshot& snapshot);

// "Llama 70B, first 200 steps (2026-11-30)", or "Unnamed record".
QString recordTitle(const core::MeasuredRecord& record);
// The row's quantity in the user's language ("Step time", "  of which KV cache").
QString recordQuantityText(const core::RecordComparisonRow& row);
QString recordValueText(double value, core::RecordUnit unit);
// "+2.1 s (+7.9 %)", an MFU's in percentage points; empty without a prediction.
QString recordDifferenceText(const core::RecordComparisonRow& row);
// "29.2 s, +2.1 s (+7.9 %)": the measured value and its difference from the prediction.
QString measuredWithDifference(const core::RecordComparisonRow& row);
// "29.2 s measured, 27.1 s predicted, +2.1 s (+7.9 %)"; "… measured, not predicted" without a prediction.
QString measuredBesidePredicted(const core::RecordComparisonRow& row);
// The comparison's warnings (the run's batch differs from the design's), one per line.
QStringList recordWarnings(const core::RecordComparison& comparison);

} // namespace widgets
