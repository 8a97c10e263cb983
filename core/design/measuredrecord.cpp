// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/measuredrecord.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/units.h"

#include <algorithm>
#include <limits>

namespace core {

namespace {

// Bounds that no real run exceeds; a value outside is a typo or a unit mistake (milliseconds for seconds).
constexpr double kMaxSeconds = 1e7;
constexpr double kMaxBytes = 1e15;
constexpr double kMaxTokensPerSecond = 1e12;
constexpr std::int64_t kMaxCount = 1'000'000'000'000;

void readNumber(ObjectReader& reader, std::string_view key, std::optional<double>& out, double min,
                double max, ReadContext& context)
{
    double value = 0;
    if (!reader.has(key) || !reader.read(key, value))
        return;
    if (!(value >= min && value <= max)) {
        context.add(diag::kValueRange, reader.pointerTo(key),
                    {std::string(key), formatNumber(min), formatNumber(max), formatNumber(value)});
        return;
    }
    out = value;
}

void readCount(ObjectReader& reader, std::string_view key, std::optional<std::int64_t>& out, std::int64_t min,
               ReadContext& context, std::int64_t max = kMaxCount)
{
    std::int64_t value = 0;
    if (!reader.has(key) || !reader.read(key, value))
        return;
    if (value < min || value > max) {
        context.add(diag::kValueRange, reader.pointerTo(key),
                    {std::string(key), std::to_string(min), std::to_string(max), std::to_string(value)});
        return;
    }
    out = value;
}

template<class Read>
void readObject(ObjectReader& parent, std::string_view key, ReadContext& context, Read read)
{
    if (const Json* value = parent.take(key)) {
        ObjectReader object(*value, parent.pointerTo(key), context);
        if (object.valid())
            read(object);
    }
}

template<class T> void put(Json& object, std::string_view key, const std::optional<T>& value)
{
    if (value)
        object[std::string(key)] = *value;
}

void putText(Json& object, std::string_view key, const std::string& value)
{
    if (!value.empty())
        object[std::string(key)] = value;
}

} // namespace

const MeasuredRecord* newestRecord(const std::vector<MeasuredRecord>& records)
{
    const MeasuredRecord* newest = nullptr;
    for (const MeasuredRecord& record : records)
        if (!newest || record.date >= newest->date)
            newest = &record;
    return newest;
}

const MeasuredRecord* comparedRecord(const std::vector<MeasuredRecord>& records, std::optional<int> chosen)
{
    if (chosen && *chosen >= 0 && *chosen < static_cast<int>(records.size()))
        return &records[static_cast<std::size_t>(*chosen)];
    return newestRecord(records);
}

MeasuredRecord recordFromJson(const Json& value, const std::string& pointer, ReadContext& context)
{
    MeasuredRecord record;
    ObjectReader root(value, pointer, context);
    if (!root.valid())
        return record;
    root.read("name", record.name);
    root.read("date", record.date);
    readObject(root, "identity", context, [&](ObjectReader& r) {
        r.read("model", record.identity.model);
        r.read("code", record.identity.code);
        r.read("runtime", record.identity.runtime);
        r.read("topology", record.identity.topology);
    });
    readObject(root, "batch", context, [&](ObjectReader& r) {
        readCount(r, "globalBatch", record.globalBatch, 1, context);
        readCount(r, "microBatch", record.microBatch, 1, context);
        readCount(r, "sequenceLength", record.sequenceLength, 1, context);
    });
    readObject(root, "peakMemory", context, [&](ObjectReader& r) {
        readNumber(r, "total", record.peakMemoryBytes, 0, kMaxBytes, context);
        for (MemoryCategory category : enumValues<MemoryCategory>())
            readNumber(r, enumName(category), record.peakMemoryByCategory[static_cast<std::size_t>(category)],
                       0, kMaxBytes, context);
    });
    readObject(root, "throughput", context, [&](ObjectReader& r) {
        readNumber(r, "stepSeconds", record.stepSeconds, 0, kMaxSeconds, context);
        readNumber(r, "tokensPerSecond", record.tokensPerSecond, 0, kMaxTokensPerSecond, context);
        readNumber(r, "mfu", record.mfu, 0, 1, context);
    });
    readObject(root, "latency", context, [&](ObjectReader& r) {
        readNumber(r, "timeToFirstToken", record.timeToFirstTokenSeconds, 0, kMaxSeconds, context);
        readNumber(r, "interToken", record.interTokenSeconds, 0, kMaxSeconds, context);
    });
    readObject(root, "visibleCommunication", context, [&](ObjectReader& r) {
        readNumber(r, "allReduce", record.visible.allReduce, 0, kMaxSeconds, context);
        readNumber(r, "allGather", record.visible.allGather, 0, kMaxSeconds, context);
        readNumber(r, "reduceScatter", record.visible.reduceScatter, 0, kMaxSeconds, context);
        readNumber(r, "allToAll", record.visible.allToAll, 0, kMaxSeconds, context);
        readNumber(r, "p2p", record.visible.p2p, 0, kMaxSeconds, context);
    });
    readNumber(root, "inputStallSeconds", record.inputStallSeconds, 0, kMaxSeconds, context);
    readNumber(root, "checkpointSeconds", record.checkpointSeconds, 0, kMaxSeconds, context);
    std::optional<std::int64_t> restarts;
    // Held as an int: a count beyond it is refused, not clamped.
    readCount(root, "restarts", restarts, 0, context, std::numeric_limits<int>::max());
    if (restarts)
        record.restarts = int(*restarts);
    readObject(root, "parity", context, [&](ObjectReader& r) {
        Parity parity;
        r.read("baseline", parity.baseline);
        r.read("metric", parity.metric);
        double difference = 0;
        if (r.has("difference") && r.read("difference", difference))
            parity.difference = difference;
        bool within = false;
        if (r.has("withinTolerance") && r.read("withinTolerance", within))
            parity.withinTolerance = within;
        record.parity = std::move(parity);
    });
    root.read("notes", record.notes);
    return record;
}

Json recordToJson(const MeasuredRecord& record)
{
    Json out = Json::object();
    putText(out, "name", record.name);
    putText(out, "date", record.date);
    Json identity = Json::object();
    putText(identity, "model", record.identity.model);
    putText(identity, "code", record.identity.code);
    putText(identity, "runtime", record.identity.runtime);
    putText(identity, "topology", record.identity.topology);
    if (!identity.empty())
        out["identity"] = std::move(identity);
    Json batch = Json::object();
    put(batch, "globalBatch", record.globalBatch);
    put(batch, "microBatch", record.microBatch);
    put(batch, "sequenceLength", record.sequenceLength);
    if (!batch.empty())
        out["batch"] = std::move(batch);
    Json memory = Json::object();
    put(memory, "total", record.peakMemoryBytes);
    for (MemoryCategory category : enumValues<MemoryCategory>())
        put(memory, enumName(category), record.peakMemoryByCategory[static_cast<std::size_t>(category)]);
    if (!memory.empty())
        out["peakMemory"] = std::move(memory);
    Json throughput = Json::object();
    put(throughput, "stepSeconds", record.stepSeconds);
    put(throughput, "tokensPerSecond", record.tokensPerSecond);
    put(throughput, "mfu", record.mfu);
    if (!throughput.empty())
        out["throughput"] = std::move(throughput);
    Json latency = Json::object();
    put(latency, "timeToFirstToken", record.timeToFirstTokenSeconds);
    put(latency, "interToken", record.interTokenSeconds);
    if (!latency.empty())
        out["latency"] = std::move(latency);
    Json visible = Json::object();
    put(visible, "allReduce", record.visible.allReduce);
    put(visible, "allGather", record.visible.allGather);
    put(visible, "reduceScatter", record.visible.reduceScatter);
    put(visible, "allToAll", record.visible.allToAll);
    put(visible, "p2p", record.visible.p2p);
    if (!visible.empty())
        out["visibleCommunication"] = std::move(visible);
    put(out, "inputStallSeconds", record.inputStallSeconds);
    put(out, "checkpointSeconds", record.checkpointSeconds);
    put(out, "restarts", record.restarts);
    if (record.parity) {
        Json parity = Json::object();
        putText(parity, "baseline", record.parity->baseline);
        putText(parity, "metric", record.parity->metric);
        put(parity, "difference", record.parity->difference);
        put(parity, "withinTolerance", record.parity->withinTolerance);
        out["parity"] = std::move(parity);
    }
    putText(out, "notes", record.notes);
    return out;
}

RecordLoadResult loadRecord(std::string_view text)
{
    RecordLoadResult result;
    JsonParse parsed = parseJson(text);
    if (!parsed.ok()) {
        result.diagnostics.push_back(std::move(*parsed.error));
        return result;
    }
    Json& document = parsed.document;
    ReadContext context;
    if (!document.is_object()) {
        context.add(diag::kIoType, "",
                    {MW_TR_NOOP("DiagnosticArguments", "the record"),
                     MW_TR_NOOP("DiagnosticArguments", "an object"), jsonTypeName(document)});
        result.diagnostics = std::move(context.diagnostics);
        return result;
    }
    std::string format;
    if (document.contains("format") && document["format"].is_string())
        format = document["format"].get<std::string>();
    if (format != kRecordFormat) {
        result.diagnostics.push_back(makeDiagnostic(
            diag::kIoValue, "/format",
            {format.empty() ? std::string("missing") : format, "format", std::string(kRecordFormat)}));
        return result;
    }
    int version = 0;
    std::string versionText = "0";
    // Compared as a double first: a version beyond int's range must not wrap into a valid one.
    if (document.contains("version") && document["version"].is_number_integer()) {
        const double asDouble = document["version"].get<double>();
        versionText = document["version"].dump();
        version = asDouble > kRecordVersion ? kRecordVersion + 1
            : asDouble < 1                  ? 0
                                            : document["version"].get<int>();
    }
    if (version > kRecordVersion || version < 1) {
        context.add(version > kRecordVersion ? diag::kIoVersionNewer : diag::kIoVersionInvalid, "/version",
                    version > kRecordVersion
                        ? std::vector<std::string>{versionText, std::to_string(kRecordVersion)}
                        : std::vector<std::string>{versionText});
        result.diagnostics = std::move(context.diagnostics);
        return result;
    }
    Json body = document;
    body.erase("format");
    body.erase("version");
    MeasuredRecord record = recordFromJson(body, "", context);
    // Unknown keys in a record are reported (a misspelt measurement must not vanish silently).
    result.diagnostics = std::move(context.diagnostics);
    if (!hasErrors(result.diagnostics))
        result.record = std::move(record);
    return result;
}

std::string saveRecord(const MeasuredRecord& record)
{
    Json out = {{"format", kRecordFormat}, {"version", kRecordVersion}};
    const Json body = recordToJson(record); // named: items() only refers to it
    for (const auto& [key, value] : body.items())
        out[key] = value;
    return jsonText(out) + "\n";
}

} // namespace core
