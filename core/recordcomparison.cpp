#include "recordcomparison.h"

#include "evaluate.h"
#include "units.h"

#include <cmath>

namespace core {

std::optional<double> RecordComparisonRow::difference() const
{
    if (!predicted || !measured)
        return std::nullopt;
    return *measured - *predicted;
}

std::optional<double> RecordComparisonRow::relativeDifference() const
{
    if (!predicted || !measured || *predicted == 0)
        return std::nullopt;
    return (*measured - *predicted) / *predicted;
}

std::vector<RecordComparisonRow> compareRecord(const MeasuredRecord& record, const Design& design,
                                               const Evaluation& evaluation)
{
    std::vector<RecordComparisonRow> rows;
    auto add = [&rows](std::string quantity, std::string label, RecordUnit unit,
                       std::optional<double> predicted, std::optional<double> measured) {
        if (measured)
            rows.push_back({std::move(quantity), std::move(label), unit, predicted, measured});
    };
    auto count = [](std::optional<std::int64_t> value) {
        return value ? std::optional<double>(double(*value)) : std::nullopt;
    };

    // The run's batch first: when it differs from the design's, every other row compares different runs.
    add("globalBatch", "Global batch (sequences)", RecordUnit::Count, double(design.workload.globalBatch),
        count(record.globalBatch));
    add("microBatch", "Micro-batch (sequences)", RecordUnit::Count, double(design.layout.microBatch),
        count(record.microBatch));
    add("sequenceLength", "Sequence length (tokens)", RecordUnit::Count,
        double(design.workload.sequenceLength), count(record.sequenceLength));

    std::optional<double> peak;
    const RankRole* peakRole = nullptr;
    if (evaluation.memory && evaluation.memory->peakRank >= 0) {
        peak = evaluation.memory->peakBytes;
        peakRole = &evaluation.memory->roleOf(evaluation.memory->peakRank);
    }
    add("peakMemory.total", "Peak memory of the fullest GPU", RecordUnit::Bytes, peak,
        record.peakMemoryBytes);
    for (MemoryCategory category : enumValues<MemoryCategory>()) {
        std::string quantity = "peakMemory.";
        quantity += enumName(category);
        std::string label = "  of which ";
        label += enumName(category);
        add(std::move(quantity), std::move(label), RecordUnit::Bytes,
            peakRole ? std::optional<double>(peakRole->figure(category).bytes) : std::nullopt,
            record.peakMemoryByCategory[static_cast<std::size_t>(category)]);
    }

    const std::optional<Performance>& p = evaluation.performance;
    auto predicted
        = [&p](double Performance::*field) { return p ? std::optional<double>((*p).*field) : std::nullopt; };
    add("stepSeconds", "Step time", RecordUnit::Seconds, predicted(&Performance::stepSeconds),
        record.stepSeconds);
    add("tokensPerSecond", "Tokens per second", RecordUnit::TokensPerSecond,
        predicted(&Performance::tokensPerSecond), record.tokensPerSecond);
    add("mfu", "MFU", RecordUnit::Fraction, predicted(&Performance::mfu), record.mfu);
    auto exposed = [&p](double ExposedCommunication::*field) {
        return p ? std::optional<double>(p->exposed.*field) : std::nullopt;
    };
    add("visible.allReduce", "Visible all-reduce per step", RecordUnit::Seconds,
        exposed(&ExposedCommunication::allReduce), record.visible.allReduce);
    add("visible.allGather", "Visible all-gather per step", RecordUnit::Seconds,
        exposed(&ExposedCommunication::allGather), record.visible.allGather);
    add("visible.reduceScatter", "Visible reduce-scatter per step", RecordUnit::Seconds,
        exposed(&ExposedCommunication::reduceScatter), record.visible.reduceScatter);
    add("visible.allToAll", "Visible all-to-all per step", RecordUnit::Seconds,
        exposed(&ExposedCommunication::allToAll), record.visible.allToAll);
    add("visible.p2p", "Visible point-to-point per step", RecordUnit::Seconds,
        exposed(&ExposedCommunication::p2p), record.visible.p2p);

    // Measured only: Meshwright models neither the input pipeline, checkpoints, failures nor numerics.
    add("inputStallSeconds", "Input stalls per step", RecordUnit::Seconds, std::nullopt,
        record.inputStallSeconds);
    add("checkpointSeconds", "Checkpoint time", RecordUnit::Seconds, std::nullopt, record.checkpointSeconds);
    add("restarts", "Restarts", RecordUnit::Count, std::nullopt,
        record.restarts ? std::optional<double>(*record.restarts) : std::nullopt);
    if (record.parity)
        add("parity.difference", "Parity with the baseline (difference)", RecordUnit::Count, 0.0,
            record.parity->difference);
    return rows;
}

std::string formatRecordValue(double value, RecordUnit unit)
{
    switch (unit) {
    case RecordUnit::Seconds:
        return formatSeconds(value);
    case RecordUnit::Bytes:
        return formatBytes(value);
    case RecordUnit::TokensPerSecond: {
        std::string out = formatNumber(value);
        out += " tokens/s";
        return out;
    }
    case RecordUnit::Fraction: {
        std::string out = formatNumber(100 * value);
        out += " %";
        return out;
    }
    case RecordUnit::Count:
        return formatNumber(value, 6);
    }
    return {};
}

Json recordComparisonToJson(const MeasuredRecord& record, const std::vector<RecordComparisonRow>& rows)
{
    static constexpr const char* kUnits[]{"s", "bytes", "tokens/s", "fraction", "count"};
    auto value = [](const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); };
    Json list = Json::array();
    for (const RecordComparisonRow& row : rows)
        list.push_back({{"quantity", row.quantity},
                        {"label", row.label},
                        {"unit", kUnits[static_cast<int>(row.unit)]},
                        {"predicted", value(row.predicted)},
                        {"measured", value(row.measured)},
                        {"difference", value(row.difference())},
                        {"relativeDifference", value(row.relativeDifference())}});
    return {{"name", record.name}, {"rows", std::move(list)}};
}

} // namespace core
