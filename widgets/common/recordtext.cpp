// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/recordtext.h"

#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "diagnostics/diagnostictext.h"
#include "memory/memorytext.h"

#include <QCoreApplication>
#include <cmath>

namespace widgets {

namespace {

// The words keep the context of the records dialog, where they were first translated; `text` is marked
// with QT_TRANSLATE_NOOP.
QString translated(const char* text)
{
    return QCoreApplication::translate("app::RecordsDialog", text);
}

} // namespace

ShownRecord shownRecord(const DesignSnapshot& snapshot)
{
    ShownRecord shown;
    if (snapshot.isNull())
        return shown;
    shown.record = core::comparedRecord(snapshot.design->records, snapshot.design->comparedRecord);
    if (shown.record)
        shown.comparison = core::compareRecord(*shown.record, *snapshot.design, *snapshot.evaluation);
    return shown;
}

QString recordTitle(const core::MeasuredRecord& record)
{
    QString title = record.name.empty() ? QCoreApplication::translate("app::RecordsDialog", "Unnamed record")
                                        : qs(record.name);
    if (!record.date.empty())
        title += QStringLiteral(" (%1)").arg(qs(record.date));
    return title;
}

QString recordQuantityText(const core::RecordComparisonRow& row)
{
    const QString key = qs(row.quantity);
    if (key.startsWith(QLatin1String("peakMemory."))) {
        for (core::MemoryCategory category : core::enumValues<core::MemoryCategory>())
            if (key.mid(11) == qs(core::enumName(category)))
                return QCoreApplication::translate("app::RecordsDialog", "  of which %1")
                    .arg(categoryName(category));
        return QCoreApplication::translate("app::RecordsDialog", "Peak memory of the fullest GPU");
    }
    static const std::pair<const char*, const char*> kTexts[]{
        {"globalBatch", QT_TRANSLATE_NOOP("app::RecordsDialog", "Global batch (sequences)")},
        {"sequencesInFlight", QT_TRANSLATE_NOOP("app::RecordsDialog", "Sequences in flight (all replicas)")},
        {"microBatch", QT_TRANSLATE_NOOP("app::RecordsDialog", "Micro-batch (sequences)")},
        {"sequenceLength", QT_TRANSLATE_NOOP("app::RecordsDialog", "Sequence length (tokens)")},
        {"stepSeconds", QT_TRANSLATE_NOOP("app::RecordsDialog", "Step time")},
        {"tokensPerSecond", QT_TRANSLATE_NOOP("app::RecordsDialog", "Tokens per second")},
        {"mfu", QT_TRANSLATE_NOOP("app::RecordsDialog", "MFU")},
        {"timeToFirstToken", QT_TRANSLATE_NOOP("app::RecordsDialog", "Time to first token")},
        {"interToken", QT_TRANSLATE_NOOP("app::RecordsDialog", "Inter-token latency")},
        {"visible.allReduce", QT_TRANSLATE_NOOP("app::RecordsDialog", "Visible all-reduce per step")},
        {"visible.allGather", QT_TRANSLATE_NOOP("app::RecordsDialog", "Visible all-gather per step")},
        {"visible.reduceScatter", QT_TRANSLATE_NOOP("app::RecordsDialog", "Visible reduce-scatter per step")},
        {"visible.allToAll", QT_TRANSLATE_NOOP("app::RecordsDialog", "Visible all-to-all per step")},
        {"visible.p2p", QT_TRANSLATE_NOOP("app::RecordsDialog", "Visible point-to-point per step")},
        {"inputStallSeconds", QT_TRANSLATE_NOOP("app::RecordsDialog", "Input stalls per step")},
        {"checkpointSeconds", QT_TRANSLATE_NOOP("app::RecordsDialog", "Checkpoint time")},
        {"restarts", QT_TRANSLATE_NOOP("app::RecordsDialog", "Restarts")},
        {"parity.difference",
         QT_TRANSLATE_NOOP("app::RecordsDialog", "Parity with the baseline (difference)")},
    };
    for (const auto& [quantity, text] : kTexts)
        if (key == QLatin1String(quantity))
            return translated(text);
    return qs(row.label);
}

// core::formatRecordValue's figures, written with the language's QLocale ("26,5 s" in German).
QString recordValueText(double value, core::RecordUnit unit)
{
    switch (unit) {
    case core::RecordUnit::Seconds:
        return secondsText(value);
    case core::RecordUnit::Bytes:
        return bytesText(value);
    case core::RecordUnit::TokensPerSecond:
        return translated(QT_TRANSLATE_NOOP("app::RecordsDialog", "%1 tokens/s")).arg(countText(value));
    case core::RecordUnit::Fraction:
        return numberText(100 * value) + QStringLiteral(" %");
    case core::RecordUnit::Count:
        return numberText(value, 6);
    }
    return {};
}

// core::formatRecordDifference's text in the language's number format.
QString recordDifferenceText(const core::RecordComparisonRow& row)
{
    const std::optional<double> difference = row.difference();
    if (!difference)
        return {};
    auto sign = [](double value) { return value < 0 ? QStringLiteral("−") : QStringLiteral("+"); };
    QString out = sign(*difference);
    if (row.unit == core::RecordUnit::Fraction)
        // 38.3 % against 42.1 % is 3.8 percentage points less, not 3.8 % less.
        out += translated(QT_TRANSLATE_NOOP("app::RecordsDialog", "%1 pp"))
                   .arg(numberText(100 * std::abs(*difference)));
    else
        out += recordValueText(std::abs(*difference), row.unit);
    if (const std::optional<double> relative = row.relativeDifference())
        out += QStringLiteral(" (%1%2 %)").arg(sign(*relative), numberText(100 * std::abs(*relative)));
    return out;
}

QString measuredWithDifference(const core::RecordComparisonRow& row)
{
    const QString measured = recordValueText(*row.measured, row.unit);
    const QString difference = recordDifferenceText(row);
    return difference.isEmpty()
        ? measured
        : QCoreApplication::translate("app::RecordsDialog", "%1, %2").arg(measured, difference);
}

QString measuredBesidePredicted(const core::RecordComparisonRow& row)
{
    const QString measured = recordValueText(*row.measured, row.unit);
    if (!row.predicted)
        return QCoreApplication::translate("app::RecordsDialog", "%1 measured, not predicted").arg(measured);
    return QCoreApplication::translate("app::RecordsDialog", "%1 measured, %2 predicted, %3")
        .arg(measured, recordValueText(*row.predicted, row.unit), recordDifferenceText(row));
}

QStringList recordWarnings(const core::RecordComparison& comparison)
{
    QStringList lines;
    for (const core::Diagnostic& warning : comparison.warnings)
        lines << diagnosticMessage(warning);
    return lines;
}

} // namespace widgets
