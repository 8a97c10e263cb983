// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/profilertrace.h"

#include "base/diagnostickinds.h"
#include "base/jsonbuilder.h"
#include "base/jsonparse.h"
#include "base/jsonparsereason.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "trace/traceinput.h"
#include "trace/tracesweep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace core {

std::optional<TraceCollective> ncclKernelKind(std::string_view name)
{
    // "void ncclKernel_AllReduce_RING_LL_Sum_float(…)", "ncclDevKernel_AllGather_RING_LL(…)"
    const auto at = name.find("nccl");
    if (at == std::string_view::npos || name.find("Kernel", at) == std::string_view::npos)
        return std::nullopt;
    const std::string_view rest = name.substr(at);
    static constexpr std::pair<std::string_view, TraceCollective> kNames[]{
        {"AllReduce", TraceCollective::AllReduce},     {"AllGather", TraceCollective::AllGather},
        {"ReduceScatter", TraceCollective::ReduceScatter}, {"AllToAll", TraceCollective::AllToAll},
        {"SendRecv", TraceCollective::PointToPoint},   {"Send", TraceCollective::PointToPoint},
        {"Recv", TraceCollective::PointToPoint},       {"Broadcast", TraceCollective::Broadcast},
        {"Reduce", TraceCollective::Reduce}};
    // The kind follows the first underscore after "Kernel": ncclKernel_<Kind>_…, ncclDevKernel_<Kind>_….
    const auto underscore = rest.find('_', rest.find("Kernel"));
    if (underscore == std::string_view::npos)
        return std::nullopt;
    const std::string_view kind = rest.substr(underscore + 1);
    for (const auto& [prefix, value] : kNames)
        if (kind.starts_with(prefix))
            return value;
    return std::nullopt;
}

namespace {

char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equalsNoCase(std::string_view a, std::string_view b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return lowerAscii(x) == lowerAscii(y); });
}

bool containsNoCase(std::string_view text, std::string_view word)
{
    for (std::size_t at = 0; at + word.size() <= text.size(); ++at)
        if (equalsNoCase(text.substr(at, word.size()), word))
            return true;
    return false;
}

// "gemm", other than inside FBGEMM's library name ("fbgemm_gpu::…").
bool namesGemm(std::string_view name)
{
    for (std::size_t at = 0; at + 4 <= name.size(); ++at)
        if (equalsNoCase(name.substr(at, 4), "gemm")
            && !(at >= 2 && equalsNoCase(name.substr(at - 2, 2), "fb")))
            return true;
    return false;
}

} // namespace

bool isGemmKernel(std::string_view name)
{
    if (ncclKernelKind(name) || containsNoCase(name, "nccl"))
        return false;
    for (std::string_view attention : {"flash", "fmha", "attn", "attention", "sdpa"})
        if (containsNoCase(name, attention))
            return false;
    std::string_view bare = name;
    if (bare.starts_with("void "))
        bare.remove_prefix(5);
    return namesGemm(name) || containsNoCase(name, "_xmma_") || containsNoCase(name, "cutlass")
        || equalsNoCase(bare.substr(0, 5), "nvjet");
}

namespace {

// Bounds that keep every figure finite and within what a record holds: a duration of up to 10⁷ s (the
// record's bound on a step time), timestamps within ±10¹⁷ µs (over 3,000 years around the epoch), memory
// up to 10¹⁵ bytes. Any sum of a trace's intervals then stays finite.
constexpr double kMaxDurationMicroseconds = 1e13;
constexpr double kMaxTimestampMicroseconds = 1e17;
constexpr double kMaxBytes = 1e15;

// One event of "traceEvents", as far as the summary needs it.
struct Event
{
    std::string name, cat, ph;
    std::optional<double> ts, dur, pid, device, memoryDevice, memoryDeviceType, allocated, reserved;
};

struct MemoryPeak
{
    std::optional<double> allocated, reserved;
};

// nlohmann's SAX interface: the top-level scalars and small objects (deviceProperties, distributedInfo)
// are captured as JSON; the events are reduced to intervals as they stream past.
class TraceHandler : public nlohmann::json_sax<Json>
{
public:
    std::vector<Diagnostic> diagnostics;
    bool sawEvents = false;
    std::int64_t kernelCount = 0;
    std::map<int, std::vector<TraceInterval>> kernels; // by device
    std::map<int, MemoryPeak> memory; // by device
    std::vector<TraceWindow> steps;
    std::set<std::string> stepNames;
    Json captured = Json::object(); // top-level keys other than traceEvents

    bool null() override { return scalar(Json(nullptr)); }
    bool boolean(bool value) override { return scalar(Json(value)); }
    bool number_integer(number_integer_t value) override { return scalar(Json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return scalar(Json(value)); }
    bool number_float(number_float_t value, const string_t&) override { return scalar(Json(value)); }
    bool string(string_t& value) override { return scalar(Json(std::move(value))); }
    bool binary(binary_t&) override { return true; }

    bool start_object(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_array() override { return close(); }

    bool key(string_t& value) override
    {
        if (m_builder)
            return m_builder->key(value);
        m_keys[m_depth] = value;
        return true;
    }

    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) override
    {
        diagnostics.push_back(locatedParseError(error.what()));
        return false;
    }

private:
    static Diagnostic locatedParseError(const std::string& what)
    {
        // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error while …"
        int line = 0, column = 0;
        const auto at = what.find(" at line ");
        if (at != std::string::npos)
            std::sscanf(what.c_str() + at, " at line %d, column %d", &line, &column);
        return makeDiagnostic(diag::kIoParse, "",
                              {std::to_string(line), std::to_string(column), jsonParseReason(what)});
    }

    // Only the top-level keys the summary reads are kept as JSON; the rest (Kineto's "INFO" log, …) is
    // skipped as it streams past.
    bool capturesTopLevel() const
    {
        return m_depth == 1 && m_rootObject
            && (m_keys[1] == "distributedInfo" || m_keys[1] == "deviceProperties"
                || m_keys[1] == "baseTimeNanoseconds");
    }

    bool inEvent() const { return m_eventsDepth > 0 && m_depth == m_eventsDepth + 1; }
    bool inArgs() const { return m_inArgs && m_depth == m_eventsDepth + 2; }

    bool open(bool object)
    {
        // The captured keys become JSON, which nlohmann copies and compares recursively: as for every
        // document read (base/jsonparse.h), nesting past limits::kMaxJsonDepth is refused.
        const int depth = m_depth + static_cast<int>(m_builder ? m_builder->depth() : 0) + 1;
        if (depth > limits::kMaxJsonDepth) {
            // Inside the events: the event that nests too deep (the array format has no key to name).
            const std::string where = m_eventsDepth > 0 && m_depth > m_eventsDepth && m_eventIndex > 0
                ? jsonPointerAppend(m_rootObject ? "/traceEvents" : "",
                                    static_cast<std::size_t>(m_eventIndex - 1))
                : m_depth > 0 && m_rootObject ? jsonPointerAppend("", m_keys[1])
                                              : std::string();
            diagnostics.push_back(
                makeDiagnostic(diag::kValueRange, where,
                               {MW_TR_NOOP("DiagnosticArguments", "Nesting of arrays and objects"), "1",
                                std::to_string(limits::kMaxJsonDepth), std::to_string(depth)}));
            return false;
        }
        if (m_builder || capturesTopLevel()) {
            if (!m_builder)
                m_builder.emplace(captured[m_keys[1]]);
            return object ? m_builder->start_object(0) : m_builder->start_array(0);
        }
        ++m_depth;
        if (m_depth >= static_cast<int>(m_keys.size()))
            m_keys.resize(m_depth + 1);
        m_keys[m_depth].clear();
        if (m_depth == 1) {
            m_rootObject = object;
            if (!object)
                beginEvents(); // the Chrome trace's array format: the root is the event list
        } else if (m_depth == 2 && !object && m_rootObject && m_keys[1] == "traceEvents") {
            beginEvents();
        } else if (m_eventsDepth > 0 && m_depth == m_eventsDepth + 1) {
            ++m_eventIndex; // an event that is an array only counts for the pointer
            if (object)
                m_event = Event{};
        } else if (m_eventsDepth > 0 && m_depth == m_eventsDepth + 2 && object
                   && m_keys[m_depth - 1] == "args") {
            m_inArgs = true;
        }
        return true;
    }

    bool close()
    {
        if (m_builder) {
            m_builder->end_object(); // the same as end_array: the open container closes
            if (m_builder->depth() == 0)
                m_builder.reset();
            return true;
        }
        if (m_eventsDepth > 0 && m_depth == m_eventsDepth + 1 && !finishEvent())
            return false;
        if (m_depth == m_eventsDepth + 2)
            m_inArgs = false;
        if (m_depth == m_eventsDepth)
            m_eventsDepth = 0;
        --m_depth;
        return true;
    }

    void beginEvents()
    {
        m_eventsDepth = m_depth;
        sawEvents = true;
    }

    bool scalar(Json value)
    {
        if (m_builder)
            return m_builder->put(std::move(value));
        if (capturesTopLevel()) {
            captured[m_keys[1]] = std::move(value);
            return true;
        }
        if (m_eventsDepth > 0 && m_depth == m_eventsDepth)
            ++m_eventIndex; // an event that is not an object: it only counts for the pointer
        else if (inEvent())
            eventField(m_keys[m_depth], value);
        else if (inArgs())
            argField(m_keys[m_depth], value);
        return true;
    }

    static std::optional<double> number(const Json& value)
    {
        if (value.is_number())
            return value.get<double>();
        return std::nullopt;
    }

    void eventField(const std::string& key, const Json& value)
    {
        if (key == "name" && value.is_string())
            m_event.name = value.get<std::string>();
        else if (key == "cat" && value.is_string())
            m_event.cat = value.get<std::string>();
        else if (key == "ph" && value.is_string())
            m_event.ph = value.get<std::string>();
        else if (key == "ts")
            m_event.ts = number(value);
        else if (key == "dur")
            m_event.dur = number(value);
        else if (key == "pid")
            m_event.pid = number(value);
    }

    void argField(const std::string& key, const Json& value)
    {
        if (key == "device")
            m_event.device = number(value);
        else if (key == "Device Id")
            m_event.memoryDevice = number(value);
        else if (key == "Device Type")
            m_event.memoryDeviceType = number(value);
        else if (key == "Total Allocated")
            m_event.allocated = number(value);
        else if (key == "Total Reserved")
            m_event.reserved = number(value);
    }

    // A figure the summary would carry past what a record accepts (design/measuredrecord.cpp: 10⁷ s,
    // 10¹⁵ bytes), or a time whose sums could reach infinity (1e308 + 1e308): a located value-range error,
    // and reading stops.
    bool inRange(const std::optional<double>& value, double min, double max, std::string_view field)
    {
        if (!value || (*value >= min && *value <= max))
            return true;
        // The Chrome trace's array format has the events at the root.
        const std::string event = jsonPointerAppend(m_rootObject ? "/traceEvents" : "",
                                                    static_cast<std::size_t>(m_eventIndex - 1));
        const std::string where = field.starts_with("Total ") ? jsonPointerAppend(event + "/args", field)
                                                               : jsonPointerAppend(event, field);
        diagnostics.push_back(makeDiagnostic(diag::kValueRange, where,
                                             {where, formatNumber(min, 6), formatNumber(max, 6),
                                              formatNumber(*value, 6)}));
        return false;
    }

    bool finishEvent()
    {
        Event& e = m_event;
        if (e.ph == "X"
            && !(inRange(e.ts, -kMaxTimestampMicroseconds, kMaxTimestampMicroseconds, "ts")
                 && inRange(e.dur, -kMaxDurationMicroseconds, kMaxDurationMicroseconds, "dur")))
            return false;
        if (e.name == "[memory]"
            && !(inRange(e.allocated, -kMaxBytes, kMaxBytes, "Total Allocated")
                 && inRange(e.reserved, -kMaxBytes, kMaxBytes, "Total Reserved")))
            return false;
        if (e.ph == "X" && e.ts && e.dur && *e.dur >= 0) {
            if (e.cat == "kernel") {
                const auto device = e.device ? e.device : e.pid;
                if (device && *device >= 0 && *device < 1e6) {
                    const auto kind = ncclKernelKind(e.name);
                    kernels[static_cast<int>(*device)].push_back({*e.ts, *e.ts + *e.dur,
                                                                  kind ? static_cast<int>(*kind) : -1,
                                                                  !kind && isGemmKernel(e.name)});
                    ++kernelCount;
                }
            } else if (e.name.starts_with("ProfilerStep#") && e.cat != "gpu_user_annotation"
                       && stepNames.insert(e.name).second) {
                steps.push_back({*e.ts, *e.ts + *e.dur});
            }
        } else if (e.name == "[memory]" && e.memoryDevice && *e.memoryDevice >= 0 && *e.memoryDevice < 1e6
                   && (!e.memoryDeviceType || *e.memoryDeviceType == 1)) {
            // Kineto's memory events: Device Type 1 is CUDA (c10::DeviceType), 0 the CPU.
            MemoryPeak& peak = memory[static_cast<int>(*e.memoryDevice)];
            if (e.allocated)
                peak.allocated = std::max(peak.allocated.value_or(0), *e.allocated);
            if (e.reserved)
                peak.reserved = std::max(peak.reserved.value_or(0), *e.reserved);
        }
        return true;
    }

    int m_depth = 0;
    std::int64_t m_eventIndex = 0; // events opened so far: the current one is m_eventIndex − 1
    bool m_rootObject = false;
    int m_eventsDepth = 0;
    bool m_inArgs = false;
    std::vector<std::string> m_keys = std::vector<std::string>(4);
    Event m_event;
    // Builds the kept top-level object or array as it streams past, in time linear in its keys.
    std::optional<JsonBuilder> m_builder;
};

std::string isoDay(double nanoseconds)
{
    using namespace std::chrono;
    const auto days = floor<std::chrono::days>(sys_seconds(seconds(static_cast<std::int64_t>(nanoseconds / 1e9))));
    const year_month_day ymd(days);
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return text;
}

void readDistributedInfo(const Json& info, TraceSummary& summary, ReadContext& context)
{
    ObjectReader reader(info, "/distributedInfo", context);
    int rank = -1, world = -1;
    if (reader.has("rank") && reader.read("rank", rank))
        summary.rank = rank;
    if (reader.has("world_size") && reader.read("world_size", world))
        summary.worldSize = world;
    reader.read("backend", summary.backend);
    reader.read("nccl_version", summary.ncclVersion);
    const Json* groups = reader.take("pg_config");
    if (groups == nullptr)
        return;
    if (!groups->is_array()) {
        context.add(diag::kIoType, reader.pointerTo("pg_config"),
                    {"/distributedInfo/pg_config", MW_TR_NOOP("DiagnosticArguments", "an array"),
                     jsonTypeName(*groups)});
        return;
    }
    for (std::size_t i = 0; i < groups->size(); ++i) {
        ObjectReader group((*groups)[i], jsonPointerAppend(reader.pointerTo("pg_config"), i), context);
        TraceProcessGroup pg;
        group.read("pg_name", pg.name);
        group.read("pg_desc", pg.description);
        group.read("pg_size", pg.size);
        group.read("ranks", pg.ranks);
        if (pg.size == 0)
            pg.size = static_cast<int>(pg.ranks.size());
        summary.processGroups.push_back(std::move(pg));
    }
}

void readDeviceProperties(const Json& properties, TraceSummary& summary, ReadContext& context)
{
    if (!properties.is_array()) {
        context.add(
            diag::kIoType, "/deviceProperties",
            {"/deviceProperties", MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(properties)});
        return;
    }
    for (std::size_t i = 0; i < properties.size(); ++i) {
        ObjectReader device(properties[i], jsonPointerAppend("/deviceProperties", i), context);
        int id = -1;
        if (!device.read("id", id) || id != summary.device)
            continue;
        device.read("name", summary.deviceName);
        double memory = 0;
        if (device.has("totalGlobalMem") && device.read("totalGlobalMem", memory))
            summary.deviceMemoryBytes = memory;
    }
}

// The summary of the lowest device that ran kernels, from what the handler collected.
TraceLoadResult summarize(TraceHandler& handler)
{
    TraceLoadResult result;
    result.diagnostics = std::move(handler.diagnostics);
    if (hasErrors(result.diagnostics))
        return result;
    if (!handler.sawEvents) {
        result.diagnostics.push_back(makeDiagnostic(diag::kTraceNoEvents, "/traceEvents"));
        return result;
    }
    if (handler.kernels.empty())
        result.diagnostics.push_back(makeDiagnostic(diag::kTraceNoKernels, "/traceEvents"));
    if (handler.steps.empty())
        result.diagnostics.push_back(makeDiagnostic(diag::kTraceNoSteps, "/traceEvents"));
    if (hasErrors(result.diagnostics))
        return result;

    TraceSummary summary;
    const auto& [device, intervals] = *handler.kernels.begin();
    summary.device = device;
    summary.kernels = static_cast<std::int64_t>(intervals.size());
    summary.steps = static_cast<int>(handler.steps.size());
    double stepMicroseconds = 0;
    for (const TraceWindow& w : handler.steps)
        stepMicroseconds += w.end - w.start;
    summary.stepSeconds = stepMicroseconds / summary.steps * 1e-6;

    const TraceSweep sweep = sweepKernels(intervals, handler.steps);
    summary.kernelSeconds = sweep.busy * 1e-6;
    summary.kernelSecondsPerStep = sweep.busyInWindows * 1e-6 / summary.steps;
    summary.gemmKernels
        = std::count_if(intervals.begin(), intervals.end(), [](const TraceInterval& k) { return k.gemm; });
    summary.gemmSeconds = sweep.gemm * 1e-6;
    summary.gemmSecondsPerStep = sweep.gemmInWindows * 1e-6 / summary.steps;
    for (int k = 0; k < kTraceCollectiveCount; ++k) {
        summary.communicationSeconds[k] = sweep.communication[k] * 1e-6;
        summary.exposedCommunicationSeconds[k] = sweep.exposed[k] * 1e-6;
        summary.communicationSecondsPerStep[k] = sweep.communicationInWindows[k] * 1e-6 / summary.steps;
        summary.exposedCommunicationSecondsPerStep[k] = sweep.exposedInWindows[k] * 1e-6 / summary.steps;
    }
    if (const auto peak = handler.memory.find(device); peak != handler.memory.end()) {
        summary.peakAllocatedBytes = peak->second.allocated;
        summary.peakReservedBytes = peak->second.reserved;
    }

    ReadContext context;
    context.reportUnknown = false;
    const Json& top = handler.captured;
    if (const auto it = top.find("distributedInfo"); it != top.end())
        readDistributedInfo(*it, summary, context);
    if (const auto it = top.find("deviceProperties"); it != top.end())
        readDeviceProperties(*it, summary, context);
    if (const auto it = top.find("baseTimeNanoseconds"); it != top.end() && it->is_number()
        && it->get<double>() > 0 && it->get<double>() < 9e18) // int64 nanoseconds: up to the year 2262
        summary.date = isoDay(it->get<double>());
    // A mistyped identity field loses only that field: the timings stand, the problem is reported.
    for (Diagnostic& d : context.diagnostics) {
        d.severity = Severity::Warning;
        result.diagnostics.push_back(std::move(d));
    }
    result.summary = std::move(summary);
    return result;
}

TraceLoadResult parse(std::istream& stream)
{
    TraceHandler handler;
    Json::sax_parse(stream, &handler);
    return summarize(handler);
}

} // namespace

TraceLoadResult readTraceFile(const std::string& path, const TraceProgress& progress)
{
    TraceInput input(path, progress);
    if (!input.isOpen())
        return {std::nullopt, {makeDiagnostic(diag::kIoFile, "", {path, input.error()})}, false};
    if (input.empty())
        return {std::nullopt,
                {makeDiagnostic(diag::kIoFile, "",
                                {path, MW_TR_NOOP("DiagnosticArguments", "the file is empty")})},
                false};
    std::istream stream(&input);
    TraceLoadResult result = parse(stream);
    if (input.cancelled())
        return {std::nullopt, {}, true};
    if (!input.error().empty()) // a damaged gzip stream: say so rather than the parser's "unexpected end"
        return {std::nullopt, {makeDiagnostic(diag::kIoFile, "", {path, input.error()})}, false};
    if (progress)
        progress(1.0);
    return result;
}

TraceLoadResult readTraceText(std::string_view text)
{
    std::istringstream stream{std::string(text)};
    return parse(stream);
}

void applyMemoryStats(TraceSummary& summary, std::string_view text, std::vector<Diagnostic>& diagnostics)
{
    JsonParse parsed = parseJson(text);
    if (!parsed.ok()) {
        diagnostics.push_back(std::move(*parsed.error));
        return;
    }
    const Json& stats = parsed.document;
    ReadContext context;
    context.reportUnknown = false;
    ObjectReader reader(stats, "", context);
    double allocated = -1, reserved = -1;
    if (!reader.has("allocated_bytes.all.peak"))
        reader.require("allocated_bytes.all.peak", allocated); // reports it missing
    else if (readInRange(reader, context, "allocated_bytes.all.peak", allocated, 0, kMaxBytes))
        summary.peakAllocatedBytes = allocated;
    if (reader.has("reserved_bytes.all.peak")
        && readInRange(reader, context, "reserved_bytes.all.peak", reserved, 0, kMaxBytes))
        summary.peakReservedBytes = reserved;
    for (Diagnostic& d : context.diagnostics)
        diagnostics.push_back(std::move(d));
}

} // namespace core
