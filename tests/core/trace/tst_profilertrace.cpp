// SPDX-License-Identifier: GPL-3.0-or-later
// PyTorch profiler traces (docs/trace-import.md): the two public traces of Meta's HolisticTraceAnalysis test
// data (tests/data/traces, MIT licence) against figures an independent script computes, NCCL kernel names
// of every collective kind, overlaps by hand, and bad input (a located message, never a crash).

#include "trace/profilertrace.h"
#include "trace/tracerecord.h"
#include "trace/tracesweep.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>

using namespace core;

namespace {

const std::string kTraces = MESHWRIGHT_SOURCE_DIR "/tests/data/traces/";

double kindSeconds(const TraceSeconds& seconds, TraceCollective kind)
{
    return seconds[static_cast<int>(kind)];
}

// A trace with the given events (JSON objects, without the surrounding array).
std::string traceText(const std::string& events, const std::string& extra = {})
{
    return "{" + extra + "\"traceEvents\": [" + events + "]}";
}

std::string kernel(const std::string& name, double ts, double dur, int device = 0)
{
    return R"({"ph": "X", "cat": "kernel", "name": ")" + name + R"(", "pid": )" + std::to_string(device)
         + R"(, "tid": 7, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur)
         + R"(, "args": {"device": )" + std::to_string(device) + R"(, "grid": [1, 2, 3]}})";
}

std::string step(int n, double ts, double dur, const std::string& cat = "user_annotation")
{
    return R"({"ph": "X", "cat": ")" + cat + R"(", "name": "ProfilerStep#)" + std::to_string(n)
         + R"(", "pid": 1, "tid": 1, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + "}";
}

std::string firstCode(const TraceLoadResult& result)
{
    return result.diagnostics.empty() ? std::string() : result.diagnostics.front().code;
}

} // namespace

class TestProfilerTrace : public QObject
{
    Q_OBJECT

private slots:
    void realTraces_data();
    void realTraces();
    void realTraceIdentity();
    void kernelKinds_data();
    void kernelKinds();
    void overlaps_data();
    void overlaps();
    void syntheticTrace();
    void memoryEventsAndStats();
    void recordFromTrace();
    void badInput_data();
    void badInput();
    void numbersAtTheEdgeOfTheRange();
    void everyTruncatedPrefixIsAnError();
    void manyKeysInKeptObjectsLoadInLinearTime();
    void damagedFilesAndCancel();
    void largeTraceStreamsInBoundedMemory();
};

// Expected figures: tests/data/traces/expected_figures.py (Python's json module on the whole document;
// unions by merging sorted intervals, exposed time by subtracting the merged compute kernels) printed
//   128rank-sampled-rank0:   steps 2, stepSeconds 0.615120000, kernelSeconds 0.547303000,
//                            p2p 0.396199000 exposed 0.336983000 (0.168491500 per step)
//   a100-2rank-ddp-allreduce: steps 3, stepSeconds 0.222368446, kernelSeconds 0.155215309,
//                            allReduce 0.046762158 exposed 0.039445132 (0.013148377 per step),
//                            broadcast 0.000114334 exposed 0.000114334
void TestProfilerTrace::realTraces_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("stepSeconds");
    QTest::addColumn<double>("kernelSeconds");
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("communication");
    QTest::addColumn<double>("exposed");
    QTest::addColumn<double>("exposedPerStep");
    QTest::addColumn<double>("broadcast");

    QTest::newRow("A100 2-rank DDP, all-reduce") << "a100-2rank-ddp-allreduce.json.gz" << 2700 << 3 << 0.222368446
                                                 << 0.155215309 << int(TraceCollective::AllReduce) << 0.046762158
                                                 << 0.039445132 << 0.013148377 << 0.000114334;
    QTest::newRow("128-rank job, rank 0, send/recv") << "128rank-sampled-rank0.json.gz" << 1154 << 2 << 0.615120000
                                                    << 0.547303000 << int(TraceCollective::PointToPoint)
                                                    << 0.396199000 << 0.336983000 << 0.168491500 << 0.0;
}

void TestProfilerTrace::realTraces()
{
    QFETCH(QString, file);
    QFETCH(int, kernels);
    QFETCH(int, steps);
    QFETCH(double, stepSeconds);
    QFETCH(double, kernelSeconds);
    QFETCH(int, kind);
    QFETCH(double, communication);
    QFETCH(double, exposed);
    QFETCH(double, exposedPerStep);
    QFETCH(double, broadcast);

    const TraceLoadResult result = readTraceFile(kTraces + file.toStdString());
    QVERIFY2(result.summary, result.diagnostics.empty() ? "" : result.diagnostics.front().message().c_str());
    const TraceSummary& s = *result.summary;
    const double tolerance = 2e-9; // the script prints nanoseconds
    QCOMPARE(s.device, 0);
    QCOMPARE(s.kernels, kernels);
    QCOMPARE(s.steps, steps);
    QVERIFY(std::abs(s.stepSeconds - stepSeconds) < tolerance);
    QVERIFY(std::abs(s.kernelSeconds - kernelSeconds) < tolerance);
    QVERIFY(std::abs(s.communicationSeconds[kind] - communication) < tolerance);
    QVERIFY(std::abs(s.exposedCommunicationSeconds[kind] - exposed) < tolerance);
    QVERIFY(std::abs(s.exposedCommunicationSecondsPerStep[kind] - exposedPerStep) < tolerance);
    QVERIFY(std::abs(kindSeconds(s.communicationSeconds, TraceCollective::Broadcast) - broadcast) < tolerance);
    for (int other = 0; other < kTraceCollectiveCount; ++other)
        if (other != kind && other != int(TraceCollective::Broadcast))
            QCOMPARE(s.communicationSeconds[other], 0.0);
}

// deviceProperties and distributedInfo as the files hold them.
void TestProfilerTrace::realTraceIdentity()
{
    const TraceLoadResult a100 = readTraceFile(kTraces + "a100-2rank-ddp-allreduce.json.gz");
    QVERIFY(a100.summary);
    QCOMPARE(a100.summary->deviceName, std::string("NVIDIA A100-PG509-200"));
    QCOMPARE(a100.summary->deviceMemoryBytes.value_or(0), 42297524224.0);
    QCOMPARE(a100.summary->worldSize.value_or(0), 2);
    QCOMPARE(a100.summary->rank.value_or(-1), 0);
    QCOMPARE(a100.summary->ncclVersion, std::string("2.17.1"));
    QCOMPARE(a100.summary->processGroups.size(), std::size_t(1));
    QCOMPARE(a100.summary->processGroups[0].description, std::string("default_pg"));
    QCOMPARE(a100.summary->processGroups[0].ranks, (std::vector<int>{0, 1}));
    QCOMPARE(a100.summary->date, std::string("2024-04-01")); // baseTimeNanoseconds 1711964646000000000
    QVERIFY(!a100.summary->peakAllocatedBytes); // profiled without profile_memory

    const TraceLoadResult big = readTraceFile(kTraces + "128rank-sampled-rank0.json.gz");
    QVERIFY(big.summary);
    QCOMPARE(big.summary->worldSize.value_or(0), 128);
    QVERIFY(big.summary->deviceName.empty()); // the file has no deviceProperties
    QVERIFY(big.summary->processGroups.empty());
}

// Kernel names as NCCL's src/device/generate.py and older releases' templates spell them.
void TestProfilerTrace::kernelKinds_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind"); // −1: not an NCCL collective

    QTest::newRow("all-reduce") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)"
                                << int(TraceCollective::AllReduce);
    QTest::newRow("all-gather, 2.19+") << "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                                       << int(TraceCollective::AllGather);
    QTest::newRow("reduce-scatter") << "void ncclKernel_ReduceScatter_RING_SIMPLE_Sum_bf16(ncclDevComm*)"
                                    << int(TraceCollective::ReduceScatter);
    QTest::newRow("all-to-all") << "ncclKernel_AllToAll_RING_SIMPLE(ncclDevComm*)" << int(TraceCollective::AllToAll);
    QTest::newRow("send/recv") << "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)"
                               << int(TraceCollective::PointToPoint);
    QTest::newRow("send") << "ncclDevKernel_Send(ncclDevKernelArgsStorage<4096ul>)" << int(TraceCollective::PointToPoint);
    QTest::newRow("recv") << "ncclDevKernel_Recv(ncclDevKernelArgsStorage<4096ul>)" << int(TraceCollective::PointToPoint);
    QTest::newRow("broadcast") << "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclDevComm*)" << int(TraceCollective::Broadcast);
    QTest::newRow("reduce") << "ncclDevKernel_Reduce_RING_LL_Sum_f32(ncclDevKernelArgsStorage<4096ul>)"
                            << int(TraceCollective::Reduce);
    QTest::newRow("a GEMM") << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64" << -1;
    QTest::newRow("elementwise") << "void at::native::vectorized_elementwise_kernel<4>(int)" << -1;
    QTest::newRow("an unknown NCCL kernel") << "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)" << -1;
}

void TestProfilerTrace::kernelKinds()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    const auto found = ncclKernelKind(name.toStdString());
    QCOMPARE(found ? int(*found) : -1, kind);
}

// Intervals in µs, drawn on paper: C compute, A all-reduce, G all-gather; one step window [0, 100).
void TestProfilerTrace::overlaps_data()
{
    QTest::addColumn<QString>("kernels"); // "kind start end; …" with kind c, a or g
    QTest::addColumn<double>("busy");
    QTest::addColumn<double>("allReduce");
    QTest::addColumn<double>("exposedAllReduce");
    QTest::addColumn<double>("allGather");
    QTest::addColumn<double>("exposedAllGather");
    QTest::addColumn<double>("busyInStep");

    QTest::newRow("all-reduce alone") << "a 0 10" << 10.0 << 10.0 << 10.0 << 0.0 << 0.0 << 10.0;
    QTest::newRow("fully hidden") << "c 0 20; a 5 15" << 20.0 << 10.0 << 0.0 << 0.0 << 0.0 << 20.0;
    QTest::newRow("half hidden") << "c 0 10; a 5 15" << 15.0 << 10.0 << 5.0 << 0.0 << 0.0 << 15.0;
    QTest::newRow("two all-reduces overlap, counted once") << "a 0 10; a 5 15" << 15.0 << 15.0 << 15.0 << 0.0 << 0.0 << 15.0;
    QTest::newRow("two kinds at once: both exposed") << "a 0 10; g 5 15" << 15.0 << 10.0 << 10.0 << 10.0 << 10.0 << 15.0;
    QTest::newRow("compute between") << "a 0 30; c 10 20" << 30.0 << 30.0 << 20.0 << 0.0 << 0.0 << 30.0;
    QTest::newRow("gap, then beyond the step") << "c 0 10; a 20 30; a 90 120" << 50.0 << 40.0 << 40.0 << 0.0 << 0.0 << 30.0;
    QTest::newRow("zero-length kernel") << "c 5 5; a 0 10" << 10.0 << 10.0 << 10.0 << 0.0 << 0.0 << 10.0;
}

void TestProfilerTrace::overlaps()
{
    QFETCH(QString, kernels);
    QFETCH(double, busy);
    QFETCH(double, allReduce);
    QFETCH(double, exposedAllReduce);
    QFETCH(double, allGather);
    QFETCH(double, exposedAllGather);
    QFETCH(double, busyInStep);

    std::vector<TraceInterval> intervals;
    for (const QString& item : kernels.split(';')) {
        const QStringList parts = item.trimmed().split(' ');
        const int kind = parts[0] == "c" ? -1
                       : parts[0] == "a" ? int(TraceCollective::AllReduce)
                                         : int(TraceCollective::AllGather);
        intervals.push_back({parts[1].toDouble(), parts[2].toDouble(), kind});
    }
    const TraceSweep sweep = sweepKernels(intervals, {{0, 100}});
    QCOMPARE(sweep.busy, busy);
    QCOMPARE(sweep.communication[int(TraceCollective::AllReduce)], allReduce);
    QCOMPARE(sweep.exposed[int(TraceCollective::AllReduce)], exposedAllReduce);
    QCOMPARE(sweep.communication[int(TraceCollective::AllGather)], allGather);
    QCOMPARE(sweep.exposed[int(TraceCollective::AllGather)], exposedAllGather);
    QCOMPARE(sweep.busyInWindows, busyInStep);
}

// Two devices (the lowest that ran kernels is reported, whatever the order), steps annotated on the CPU and
// again on the GPU (counted once), the Chrome trace's array format.
void TestProfilerTrace::syntheticTrace()
{
    const std::string events = kernel("gemm", 0, 50, 3) + "," + kernel("gemm", 100, 40, 1) + ","
                             + kernel("ncclKernel_AllGather_RING_LL_Sum_bf16", 130, 30, 1) + ","
                             + kernel("ncclDevKernel_ReduceScatter_RING_LL", 170, 10, 1) + "," + step(1, 90, 60)
                             + "," + step(2, 150, 40) + "," + step(2, 150, 40, "gpu_user_annotation");
    for (const std::string& text : {traceText(events), "[" + events + "]"}) {
        const TraceLoadResult result = readTraceText(text);
        QVERIFY(result.summary);
        const TraceSummary& s = *result.summary;
        QCOMPARE(s.device, 1);
        QCOMPARE(s.kernels, std::int64_t(3));
        QCOMPARE(s.steps, 2);
        QCOMPARE(s.stepSeconds, 50e-6);
        QCOMPARE(s.kernelSeconds, 70e-6); // [100, 160) and [170, 180)
        QCOMPARE(kindSeconds(s.communicationSeconds, TraceCollective::AllGather), 30e-6);
        QCOMPARE(kindSeconds(s.exposedCommunicationSeconds, TraceCollective::AllGather), 20e-6); // [140, 160)
        QCOMPARE(kindSeconds(s.exposedCommunicationSeconds, TraceCollective::ReduceScatter), 10e-6);
        // Steps cover [90, 190): everything, over two steps.
        QCOMPARE(s.kernelSecondsPerStep, 35e-6);
        QCOMPARE(kindSeconds(s.exposedCommunicationSecondsPerStep, TraceCollective::AllGather), 10e-6);
    }
}

void TestProfilerTrace::memoryEventsAndStats()
{
    const auto memory = [](int device, double allocated, double reserved) {
        return R"({"ph": "i", "s": "t", "name": "[memory]", "pid": 0, "tid": 0, "ts": 1, "args": {"Device Type": 1, "Device Id": )"
             + std::to_string(device) + R"(, "Total Allocated": )" + std::to_string(allocated)
             + R"(, "Total Reserved": )" + std::to_string(reserved) + "}}";
    };
    const std::string events = kernel("gemm", 0, 10) + "," + step(1, 0, 10) + "," + memory(0, 1000, 4000) + ","
                             + memory(0, 3000, 2000) + "," + memory(1, 9000, 9000);
    TraceLoadResult result = readTraceText(traceText(events));
    QVERIFY(result.summary);
    QCOMPARE(result.summary->peakAllocatedBytes.value_or(0), 3000.0);
    QCOMPARE(result.summary->peakReservedBytes.value_or(0), 4000.0);

    std::vector<Diagnostic> diagnostics;
    applyMemoryStats(*result.summary, R"({"allocated_bytes.all.peak": 5e9, "reserved_bytes.all.peak": 6e9})", diagnostics);
    QVERIFY(diagnostics.empty());
    QCOMPARE(result.summary->peakAllocatedBytes.value_or(0), 5e9);
    QCOMPARE(result.summary->peakReservedBytes.value_or(0), 6e9);
    applyMemoryStats(*result.summary, R"({"allocated_bytes.all.peak": "lots"})", diagnostics);
    QCOMPARE(diagnostics.size(), std::size_t(1));
    QCOMPARE(diagnostics[0].path, std::string("/allocated_bytes.all.peak"));
    QCOMPARE(result.summary->peakAllocatedBytes.value_or(0), 5e9);
}

void TestProfilerTrace::recordFromTrace()
{
    const TraceLoadResult result = readTraceFile(kTraces + "a100-2rank-ddp-allreduce.json.gz");
    QVERIFY(result.summary);
    const MeasuredRecord record = traceRecord(*result.summary, "ddp run");
    QCOMPARE(record.name, std::string("ddp run"));
    QCOMPARE(record.date, std::string("2024-04-01"));
    QCOMPARE(record.stepSeconds.value_or(0), result.summary->stepSeconds);
    QVERIFY(std::abs(record.visible.allReduce.value_or(0) - 0.013148377) < 2e-9);
    QCOMPARE(record.visible.p2p.value_or(-1), 0.0);
    QCOMPARE(record.identity.runtime, std::string("NCCL 2.17.1"));
    QCOMPARE(record.identity.topology, std::string("2 ranks × NVIDIA A100-PG509-200 (39.4 GiB)"));
    // The record is a valid record: it survives its own file format.
    const RecordLoadResult again = loadRecord(saveRecord(record));
    QVERIFY(again.record);
    QCOMPARE(*again.record, record);

    const Json json = traceSummaryToJson(*result.summary);
    for (const char* key : {"steps", "stepSeconds", "kernelSeconds", "communicationSeconds",
                            "exposedCommunicationSeconds", "device", "world"})
        QVERIFY2(json.contains(key), key);
    QCOMPARE(json["world"]["size"].get<int>(), 2);
    QCOMPARE(json["communicationSeconds"]["allReduce"].get<double>(),
             result.summary->communicationSeconds[int(TraceCollective::AllReduce)]);
}

void TestProfilerTrace::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");

    QTest::newRow("empty") << "" << "io-parse" << "";
    QTest::newRow("not JSON") << "ProfilerStep" << "io-parse" << "";
    QTest::newRow("truncated") << "{\"traceEvents\": [" << "io-parse" << "";
    QTest::newRow("no traceEvents") << "{\"schemaVersion\": 1}" << "trace-no-events" << "/traceEvents";
    QTest::newRow("no kernels") << QString::fromStdString(traceText(step(1, 0, 10))) << "trace-no-kernels"
                                << "/traceEvents";
    QTest::newRow("no steps") << QString::fromStdString(traceText(kernel("gemm", 0, 10))) << "trace-no-steps"
                              << "/traceEvents";
    // Found by fuzzing (tests/fuzz/regressions/trace): the captured keys were copied recursively.
    QTest::newRow("nested 300 deep") << QString::fromStdString(traceText(kernel("gemm", 0, 10) + "," + step(1, 0, 10),
                                                                         R"("distributedInfo": {"x": )"
                                                                             + std::string(300, '[')
                                                                             + std::string(300, ']') + "}, "))
                                     << "value-range" << "/distributedInfo";
    // Found by fuzzing (tests/fuzz/regressions/trace): an event nested too deep had no place, in both
    // formats.
    QTest::newRow("event nested 300 deep") << QString::fromStdString(
        traceText(kernel("gemm", 0, 10) + ", 7, " + std::string(300, '[') + std::string(300, ']')))
                                           << "value-range"
                                           << "/traceEvents/2";
    std::string arrayFormat = "["; // appended, not "[" + …: GCC 12's false -Wrestrict (DEVELOPERS.md)
    arrayFormat += kernel("gemm", 0, 10);
    arrayFormat += ", " + std::string(300, '[') + std::string(300, ']') + "]";
    QTest::newRow("array format nested 300 deep") << QString::fromStdString(arrayFormat) << "value-range"
                                                  << "/1";
    // Found by fuzzing: times and memory past what a record holds made a record that does not load, and
    // 1e308 + 1e308 an infinite step.
    QTest::newRow("step of 1e14 µs") << QString::fromStdString(traceText(kernel("gemm", 0, 10) + "," + step(1, 0, 1e14)))
                                     << "value-range" << "/traceEvents/1/dur";
    QTest::newRow("kernel at 1e308 µs") << QString::fromStdString(traceText(kernel("gemm", 1e308, 1e308) + "," + step(1, 0, 10)))
                                        << "value-range" << "/traceEvents/0/ts";
    QTest::newRow("memory of 1e300 bytes")
        << QString::fromStdString(traceText(kernel("gemm", 0, 10) + ", 7, " + step(1, 0, 10)
                                            + R"(, {"ph": "i", "name": "[memory]", "args": {"Device Id": 0, "Total Allocated": 1e300}})"))
        << "value-range" << "/traceEvents/3/args/Total Allocated";
}

void TestProfilerTrace::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, path);
    const TraceLoadResult result = readTraceText(text.toStdString());
    QVERIFY(!result.summary);
    QCOMPARE(QString::fromStdString(firstCode(result)), code);
    QCOMPARE(QString::fromStdString(result.diagnostics.front().path), path);
}

// Found by fuzzing (tests/fuzz/regressions/trace): a baseTimeNanoseconds of 1e300 was cast to int64
// (undefined behaviour); a memory_stats() number beyond the double range escaped as an exception, a negative
// one made a record that does not load. At the bounds (a step of 10⁷ s, the most a record accepts) the
// record a trace makes still loads.
void TestProfilerTrace::numbersAtTheEdgeOfTheRange()
{
    const std::string events = kernel("gemm", 0, 10) + "," + step(1, 0, 1e13);
    TraceLoadResult result = readTraceText(traceText(events, R"("baseTimeNanoseconds": 1e300, )"));
    QVERIFY(result.summary);
    QCOMPARE(result.summary->date, std::string());
    QCOMPARE(result.summary->stepSeconds, 1e7);
    QVERIFY(loadRecord(saveRecord(traceRecord(*result.summary, "long step"))).record);

    std::vector<Diagnostic> diagnostics;
    applyMemoryStats(*result.summary, R"({"allocated_bytes.all.peak": 1e400})", diagnostics);
    QCOMPARE(diagnostics.size(), std::size_t(1));
    QCOMPARE(diagnostics[0].code, std::string("io-parse"));
    QCOMPARE(diagnostics[0].args.at(0), std::string("1"));
    diagnostics.clear();
    applyMemoryStats(*result.summary, R"({"allocated_bytes.all.peak": -5, "reserved_bytes.all.peak": 1e16})",
                     diagnostics);
    QCOMPARE(diagnostics.size(), std::size_t(2));
    QCOMPARE(diagnostics[0].code, std::string("value-range"));
    QCOMPARE(diagnostics[0].path, std::string("/allocated_bytes.all.peak"));
    QCOMPARE(diagnostics[1].path, std::string("/reserved_bytes.all.peak"));
    QVERIFY(!result.summary->peakAllocatedBytes);
}

void TestProfilerTrace::everyTruncatedPrefixIsAnError()
{
    const std::string text = traceText(kernel("gemm", 0, 10) + "," + step(1, 0, 10),
                                       R"("distributedInfo": {"rank": 0, "world_size": 2, "pg_config": [{"ranks": [0, 1]}]}, )");
    QVERIFY(readTraceText(text).summary);
    for (std::size_t length = 0; length < text.size(); ++length) {
        const TraceLoadResult result = readTraceText(std::string_view(text).substr(0, length));
        QVERIFY2(!result.summary && hasErrors(result.diagnostics), std::to_string(length).c_str());
    }
}

// The kept top-level objects were built key by key with ordered_map's linear insert: 100,000 keys in
// distributedInfo cost n²/2 ≈ 5·10⁹ string comparisons (half a minute). Built as parseJson builds a document,
// they load in well under a second even in a debug build; a key written twice keeps its last value, and the
// keys after the crowd are still read.
void TestProfilerTrace::manyKeysInKeptObjectsLoadInLinearTime()
{
    std::string info = R"("distributedInfo": {"world_size": 4, )";
    for (int i = 0; i < 100000; ++i)
        info += "\"k" + std::to_string(i) + "\": [" + std::to_string(i) + "], ";
    info += R"("world_size": 2, "rank": 1}, "baseTimeNanoseconds": 1700000000000000000, )";
    QElapsedTimer timer;
    timer.start();
    const TraceLoadResult result
        = readTraceText(traceText(kernel("gemm", 0, 10) + "," + step(1, 0, 10), info));
    QVERIFY(result.summary);
    QCOMPARE(result.summary->worldSize.value_or(0), 2);
    QCOMPARE(result.summary->rank.value_or(-1), 1);
    QCOMPARE(result.summary->date, std::string("2023-11-14"));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

void TestProfilerTrace::damagedFilesAndCancel()
{
    QTemporaryDir dir;
    // A gzip stream cut in half: zlib's complaint, not a parse error deep inside.
    std::ifstream in(kTraces + "a100-2rank-ddp-allreduce.json.gz", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string cut = dir.filePath("cut.json.gz").toStdString();
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    TraceLoadResult result = readTraceFile(cut);
    QVERIFY(!result.summary);
    QVERIFY(hasErrors(result.diagnostics));

    const std::string empty = dir.filePath("empty.json").toStdString();
    std::ofstream(empty).flush();
    result = readTraceFile(empty);
    QCOMPARE(firstCode(result), std::string("io-file"));
    QCOMPARE(firstCode(readTraceFile(dir.filePath("missing.json").toStdString())), std::string("io-file"));

    // Cancelled on the first progress report: no summary and no error.
    int reports = 0;
    result = readTraceFile(kTraces + "a100-2rank-ddp-allreduce.json.gz", [&](double) { return ++reports < 2; });
    QVERIFY(result.cancelled);
    QVERIFY(!result.summary);
    QVERIFY(result.diagnostics.empty());

    // Progress runs from 0 to 1.
    std::vector<double> fractions;
    result = readTraceFile(kTraces + "a100-2rank-ddp-allreduce.json.gz", [&](double f) {
        fractions.push_back(f);
        return true;
    });
    QVERIFY(result.summary);
    QVERIFY(!fractions.empty());
    QCOMPARE(fractions.back(), 1.0);
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
}

namespace {

// The process's peak resident memory so far (getrusage: kilobytes on Linux), in bytes.
double peakResidentBytes()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) * 1024;
}

} // namespace

// A 200 MB trace imports in a few seconds and memory stays bounded (docs/trace-import.md, Limits): 500,000
// kernel events of 450 bytes each, as Kineto writes them (args with grid, block, stream, occupancy), in 10
// steps. The importer streams it, so the process grows by the kernels' intervals (24 bytes each, twice that
// while the vector grows), not by the document (a DOM of it would take gigabytes). The time bound holds in an
// optimised build; a debug build only prints it.
void TestProfilerTrace::largeTraceStreamsInBoundedMemory()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("large.json").toStdString();
    constexpr int kKernels = 500000;
    {
        std::ofstream out(path);
        out << R"({"schemaVersion": 1, "traceEvents": [)";
        for (int step = 0; step < 10; ++step)
            out << ::step(step + 1, step * 100000.0 * 10, 100000.0 * 10) << ",\n";
        char event[512];
        for (int i = 0; i < kKernels; ++i) {
            const double ts = i * 20.0;
            std::snprintf(
                event, sizeof event,
                R"({"ph": "X", "cat": "kernel", "name": "%s", "pid": 0, "tid": 7, "ts": %.3f, "dur": %.3f, )"
                R"("args": {"External id": %d, "queued": 0, "device": 0, "context": 1, "stream": 7, )"
                R"("correlation": %d, "registers per thread": 128, "shared memory": 49152, )"
                R"("blocks per SM": 1.35, "warps per SM": 10.8, "grid": [132, 1, 1], "block": [384, 1, 1], )"
                R"("est. achieved occupancy %%": 17}}%s)",
                i % 2 ? "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_cublas"
                      : "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add>",
                ts, 15.0, i, i, i + 1 < kKernels ? ",\n" : "");
            out << event;
        }
        out << "]}";
    }
    const double bytes = static_cast<double>(std::filesystem::file_size(path));
    QVERIFY2(bytes > 190e6, qPrintable(QString::number(bytes)));
    const double before = peakResidentBytes();
    QElapsedTimer timer;
    timer.start();
    const TraceLoadResult result = readTraceFile(path);
    const qint64 ms = timer.elapsed();
    const double grown = peakResidentBytes() - before;
    qInfo("%.0f MB read in %lld ms; peak memory grew by %.0f MB", bytes / 1e6, static_cast<long long>(ms),
          grown / 1e6);
    QVERIFY(result.summary);
    QCOMPARE(result.summary->kernels, kKernels);
    QCOMPARE(result.summary->steps, 10);
    QCOMPARE(result.summary->gemmKernels, kKernels / 2);
    QVERIFY2(grown < 100e6, qPrintable(QString::number(grown)));
#ifdef NDEBUG
    QVERIFY2(ms < 15000, qPrintable(QString::number(ms)));
#endif
}

QTEST_APPLESS_MAIN(TestProfilerTrace)
#include "tst_profilertrace.moc"
