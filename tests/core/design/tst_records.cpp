// SPDX-License-Identifier: GPL-3.0-or-later
// Measured records (docs/measured-records.md): a record survives a round trip on its own and inside a design,
// bad input gets a located message (never a crash, also for every truncated prefix), and the comparison sets
// each measurement beside the prediction with the difference.

#include "design/designio.h"
#include "design/measuredrecord.h"
#include "evaluate.h"
#include "performance/recordcomparison.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

class TestRecords : public QObject
{
    Q_OBJECT

private slots:
    void fixtureLoadsEveryField();
    void roundTripAlone();
    void roundTripInsideADesign();
    void badInput_data();
    void badInput();
    void everyTruncatedPrefixIsAnError();
    void comparisonSetsMeasuredBesidePredicted();
    void servingComparedWithTheServingPrediction();
    void runThatDiffersIsWarned_data();
    void runThatDiffersIsWarned();
    void differenceText_data();
    void differenceText();
    void newestRecord_data();
    void newestRecord();
    void comparedRecord_data();
    void comparedRecord();
    void comparedRecordInsideADesign_data();
    void comparedRecordInsideADesign();
};

void TestRecords::fixtureLoadsEveryField()
{
    const RecordLoadResult loaded = loadRecord(testing::seedRecordText());
    QVERIFY2(loaded.record.has_value() && loaded.diagnostics.empty(),
             qPrintable(testing::describe(loaded.diagnostics)));
    const MeasuredRecord& r = *loaded.record;
    QCOMPARE(r.identity.runtime, std::string("PyTorch 2.5.1, Megatron-Core 0.13.0, NCCL 2.21.5"));
    QCOMPARE(*r.globalBatch, std::int64_t(256));
    QCOMPARE(*r.sequenceLength, std::int64_t(32768));
    QCOMPARE(*r.peakMemoryBytes, 4.1e10);
    QCOMPARE(*r.peakMemoryByCategory[std::size_t(MemoryCategory::Activations)], 2.4e10);
    QVERIFY(!r.peakMemoryByCategory[std::size_t(MemoryCategory::Gradients)].has_value());
    QCOMPARE(*r.mfu, 0.383);
    QCOMPARE(*r.visible.allGather, 2.6);
    QCOMPARE(*r.restarts, 1);
    QVERIFY(r.parity && r.parity->withinTolerance == true);
    QCOMPARE(*r.parity->difference, 0.002);
}

void TestRecords::roundTripAlone()
{
    const MeasuredRecord record = *loadRecord(testing::seedRecordText()).record;
    const RecordLoadResult again = loadRecord(saveRecord(record));
    QVERIFY(again.record.has_value());
    QVERIFY(*again.record == record);
    // An empty record is valid too: a record holds what was measured, nothing more.
    QVERIFY(*loadRecord(saveRecord(MeasuredRecord{})).record == MeasuredRecord{});
}

void TestRecords::roundTripInsideADesign()
{
    Design design = testing::example("seed-70b-32k-512gpu");
    design.records.push_back(*loadRecord(testing::seedRecordText()).record);
    MeasuredRecord second;
    second.name = "second run";
    second.stepSeconds = 27.0;
    design.records.push_back(second);
    const std::string saved = saveDesign(design);
    const LoadResult loaded = loadDesign(saved);
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    QCOMPARE(loaded.design->records.size(), std::size_t(2));
    QVERIFY(*loaded.design == design);
    QCOMPARE(saveDesign(*loaded.design), saved);
    // A design without records writes no "records" key (files of earlier versions stay as they were).
    QVERIFY(!designToJson(testing::example("default")).contains("records"));
}

void TestRecords::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");
    const QString head = QStringLiteral(R"({"format": "meshwright.record", "version": 1, )");
    QTest::newRow("negative time") << head + R"("throughput": {"stepSeconds": -1}})"
                                   << "value-range"
                                   << "/throughput/stepSeconds";
    QTest::newRow("MFU above 1") << head + R"("throughput": {"mfu": 38.3}})"
                                 << "value-range"
                                 << "/throughput/mfu";
    QTest::newRow("time as text") << head + R"("inputStallSeconds": "short"})"
                                  << "io-type"
                                  << "/inputStallSeconds";
    QTest::newRow("zero batch") << head + R"("batch": {"globalBatch": 0}})"
                                << "value-range"
                                << "/batch/globalBatch";
    QTest::newRow("negative restarts") << head + R"("restarts": -2})"
                                       << "value-range"
                                       << "/restarts";
    QTest::newRow("memory not an object") << head + R"("peakMemory": 7e10})"
                                          << "io-type"
                                          << "/peakMemory";
    QTest::newRow("a design, not a record") << R"({"format": "meshwright.design", "version": 1})"
                                            << "io-value"
                                            << "/format";
    QTest::newRow("newer version") << R"({"format": "meshwright.record", "version": 2})"
                                   << "io-version-newer"
                                   << "/version";
    QTest::newRow("not JSON") << "{\"format\": "
                              << "io-parse"
                              << "";
    QTest::newRow("an array") << "[]"
                              << "io-type"
                              << "";
}

void TestRecords::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, path);
    const RecordLoadResult loaded = loadRecord(text.toStdString());
    QVERIFY(!loaded.record.has_value());
    QVERIFY2(testing::hasCode(loaded.diagnostics, code.toStdString()),
             qPrintable(testing::describe(loaded.diagnostics)));
    bool located = false;
    for (const Diagnostic& d : loaded.diagnostics)
        located = located || (d.code == code.toStdString() && d.path == path.toStdString());
    QVERIFY2(located, qPrintable(testing::describe(loaded.diagnostics)));
}

void TestRecords::everyTruncatedPrefixIsAnError()
{
    const std::string text = testing::seedRecordText();
    const std::size_t end = text.find_last_of('}');
    for (std::size_t length = 0; length < end; ++length) {
        const RecordLoadResult loaded = loadRecord(std::string_view(text).substr(0, length));
        QVERIFY(!loaded.record.has_value());
        QVERIFY(hasErrors(loaded.diagnostics));
    }
}

void TestRecords::comparisonSetsMeasuredBesidePredicted()
{
    const Design design = testing::example("seed-70b-32k-512gpu");
    const Evaluation evaluation = evaluate(design);
    QVERIFY(evaluation.performance.has_value() && evaluation.memory.has_value());
    const MeasuredRecord record = *loadRecord(testing::seedRecordText()).record;
    const RecordComparison comparison = compareRecord(record, design, evaluation);
    auto row = [&comparison](const char* quantity) { return comparison.find(quantity); };
    // The record ran the design's batch: nothing to warn about.
    QVERIFY(comparison.warnings.empty());

    const RecordComparisonRow* step = row("stepSeconds");
    QVERIFY(step);
    QCOMPARE(*step->predicted, evaluation.performance->stepSeconds);
    QCOMPARE(*step->measured, 29.2);
    QCOMPARE(*step->difference(), 29.2 - evaluation.performance->stepSeconds);
    QCOMPARE(*step->relativeDifference(),
             (29.2 - evaluation.performance->stepSeconds) / evaluation.performance->stepSeconds);

    const RecordComparisonRow* peak = row("peakMemory.total");
    QVERIFY(peak);
    QCOMPARE(*peak->predicted, evaluation.memory->peakBytes);
    const RecordComparisonRow* activations = row("peakMemory.activations");
    QVERIFY(activations);
    QCOMPARE(activations->label, std::string("  of which activations"));
    const RankRole& peakRole = evaluation.memory->roleOf(evaluation.memory->peakRank);
    QCOMPARE(*activations->predicted, peakRole.figure(MemoryCategory::Activations).bytes);
    // Gradients were not measured: no row.
    QVERIFY(!row("peakMemory.gradients"));

    QCOMPARE(*row("visible.allGather")->predicted, evaluation.performance->exposed.allGather);
    QCOMPARE(*row("globalBatch")->difference(), 0.0);
    // Measured only: no prediction, no difference.
    for (const char* quantity : {"inputStallSeconds", "checkpointSeconds", "restarts"}) {
        const RecordComparisonRow* r = row(quantity);
        QVERIFY2(r && !r->predicted && r->measured && !r->difference(), quantity);
    }
    const Json json = recordComparisonToJson(record, comparison);
    QCOMPARE(json["rows"].size(), comparison.rows.size());
    QVERIFY(json["rows"][0].contains("relativeDifference"));
    QVERIFY(json["warnings"].is_array() && json["warnings"].empty());
}

// A serving design's prediction is evaluation.serving: tokens per second of the group, time to first
// token and inter-token latency; the batch is the sequences in flight and the context length.
void TestRecords::servingComparedWithTheServingPrediction()
{
    const Design design = testing::example("serving-70b-tp4x2");
    const Evaluation evaluation = evaluate(design);
    QVERIFY(evaluation.serving.has_value());
    MeasuredRecord record;
    record.tokensPerSecond = 1500;
    record.timeToFirstTokenSeconds = 0.9;
    record.interTokenSeconds = 0.031;
    record.stepSeconds = 2; // a serving design predicts no training step
    record.globalBatch = design.workload.serving.concurrency * design.layout.batchReplicas();
    record.sequenceLength = design.workload.serving.contextLength;
    const RecordComparison comparison = compareRecord(record, design, evaluation);
    QCOMPARE(*comparison.find("tokensPerSecond")->predicted, evaluation.serving->groupTokensPerSecond);
    QCOMPARE(*comparison.find("timeToFirstToken")->predicted, evaluation.serving->timeToFirstToken);
    QCOMPARE(*comparison.find("timeToFirstToken")->measured, 0.9);
    QCOMPARE(*comparison.find("interToken")->predicted, evaluation.serving->interTokenLatency);
    QCOMPARE(*comparison.find("interToken")->difference(), 0.031 - evaluation.serving->interTokenLatency);
    QVERIFY(!comparison.find("stepSeconds")->predicted);
    QVERIFY(comparison.find("sequencesInFlight") && !comparison.find("globalBatch"));
    QVERIFY2(comparison.warnings.empty(), qPrintable(testing::describe(comparison.warnings)));
    // The latencies survive a round trip of the record file.
    const RecordLoadResult again = loadRecord(saveRecord(record));
    QVERIFY(again.record && *again.record == record);
    QVERIFY(Json::parse(saveRecord(record))["latency"].contains("interToken"));
}

void TestRecords::runThatDiffersIsWarned_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QStringList>("warned");
    // The 512-GPU example's workload: global batch 256, micro-batch 1, 32,768 tokens.
    QTest::newRow("same run") << "" << qint64(0) << QStringList{};
    QTest::newRow("global batch") << "globalBatch" << qint64(512) << QStringList{"/batch/globalBatch"};
    QTest::newRow("sequence length") << "sequenceLength" << qint64(8192)
                                     << QStringList{"/batch/sequenceLength"};
    QTest::newRow("micro-batch") << "microBatch" << qint64(2) << QStringList{"/batch/microBatch"};
}

void TestRecords::runThatDiffersIsWarned()
{
    QFETCH(QString, field);
    QFETCH(qint64, value);
    QFETCH(QStringList, warned);
    const Design design = testing::example("seed-70b-32k-512gpu");
    MeasuredRecord record = *loadRecord(testing::seedRecordText()).record;
    if (field == QLatin1String("globalBatch"))
        record.globalBatch = value;
    else if (field == QLatin1String("sequenceLength"))
        record.sequenceLength = value;
    else if (field == QLatin1String("microBatch"))
        record.microBatch = value;
    const RecordComparison comparison = compareRecord(record, design, evaluate(design));
    QStringList paths;
    for (const Diagnostic& warning : comparison.warnings) {
        QCOMPARE(warning.code, std::string("record-run-differs"));
        QCOMPARE(warning.severity, Severity::Warning);
        QVERIFY(warning.message().find(std::to_string(value)) != std::string::npos);
        paths << QString::fromStdString(warning.path);
    }
    QCOMPARE(paths, warned);
    QCOMPARE(recordComparisonToJson(record, comparison)["warnings"].size(), std::size_t(warned.size()));
}

void TestRecords::differenceText_data()
{
    QTest::addColumn<int>("unit");
    QTest::addColumn<double>("predicted");
    QTest::addColumn<double>("measured");
    QTest::addColumn<QString>("text");
    QTest::newRow("slower step") << int(RecordUnit::Seconds) << 27.0 << 29.2 << "+2.2 s (+8.15 %)";
    // An MFU of 38.3 % against 42.1 % is 3.8 percentage points less, 9 % less relative to the prediction.
    QTest::newRow("MFU in points") << int(RecordUnit::Fraction) << 0.421 << 0.383 << "−3.8 pp (−9.03 %)";
    QTest::newRow("less memory") << int(RecordUnit::Bytes) << 4.4e10 << 4.1e10 << "−3 GB (−6.82 %)";
    QTest::newRow("fewer tokens") << int(RecordUnit::TokensPerSecond) << 316000.0 << 287000.0
                                  << "−29 k tokens/s (−9.18 %)";
}

void TestRecords::differenceText()
{
    QFETCH(int, unit);
    QFETCH(double, predicted);
    QFETCH(double, measured);
    QFETCH(QString, text);
    const RecordComparisonRow row{"q", "Q", static_cast<RecordUnit>(unit), predicted, measured};
    QCOMPARE(QString::fromStdString(formatRecordDifference(row)), text);
    const RecordComparisonRow unpredicted{"q", "Q", static_cast<RecordUnit>(unit), std::nullopt, measured};
    QVERIFY(formatRecordDifference(unpredicted).empty());
}

void TestRecords::newestRecord_data()
{
    QTest::addColumn<QStringList>("dates");
    QTest::addColumn<int>("newest");
    QTest::newRow("none") << QStringList{} << -1;
    QTest::newRow("by date") << QStringList{"2026-11-30", "2026-10-02"} << 0;
    QTest::newRow("same date: the last added") << QStringList{"2026-11-30", "2026-11-30"} << 1;
    QTest::newRow("undated: the last added") << QStringList{"", ""} << 1;
    QTest::newRow("a dated one before an undated") << QStringList{"", "2026-01-01", ""} << 1;
}

void TestRecords::newestRecord()
{
    QFETCH(QStringList, dates);
    QFETCH(int, newest);
    std::vector<MeasuredRecord> records;
    for (const QString& date : dates) {
        records.emplace_back();
        records.back().date = date.toStdString();
    }
    const MeasuredRecord* found = core::newestRecord(records);
    QCOMPARE(found ? int(found - records.data()) : -1, newest);
}

// The record the views compare with: the chosen one when it exists, else the newest.
void TestRecords::comparedRecord_data()
{
    QTest::addColumn<int>("chosen"); // −1: none chosen
    QTest::addColumn<int>("compared");
    // Records dated 2026-11-30, 2026-10-02, 2026-11-01: the first is the newest.
    QTest::newRow("none chosen: the newest") << -1 << 0;
    QTest::newRow("an older one") << 1 << 1;
    QTest::newRow("the last") << 2 << 2;
    QTest::newRow("past the end: the newest") << 3 << 0;
    QTest::newRow("negative: the newest") << -2 << 0;
}

void TestRecords::comparedRecord()
{
    QFETCH(int, chosen);
    QFETCH(int, compared);
    std::vector<MeasuredRecord> records(3);
    records[0].date = "2026-11-30";
    records[1].date = "2026-10-02";
    records[2].date = "2026-11-01";
    const MeasuredRecord* found
        = core::comparedRecord(records, chosen == -1 ? std::nullopt : std::optional<int>(chosen));
    QVERIFY(found);
    QCOMPARE(int(found - records.data()), compared);
    QVERIFY(!core::comparedRecord({}, 0));
}

// "comparedRecord" is saved with the design and read back; one that names no record refuses the file with
// a located message.
void TestRecords::comparedRecordInsideADesign_data()
{
    QTest::addColumn<int>("records");
    QTest::addColumn<int>("compared");
    QTest::addColumn<bool>("loads");
    QTest::newRow("the first of two") << 2 << 0 << true;
    QTest::newRow("the second of two") << 2 << 1 << true;
    QTest::newRow("past the end") << 2 << 2 << false;
    QTest::newRow("without records") << 0 << 0 << false;
    QTest::newRow("negative") << 1 << -1 << false;
}

void TestRecords::comparedRecordInsideADesign()
{
    QFETCH(int, records);
    QFETCH(int, compared);
    QFETCH(bool, loads);
    Design design = testing::example("default");
    for (int i = 0; i < records; ++i) {
        design.records.emplace_back();
        design.records.back().name = "run ";
        design.records.back().name += std::to_string(i);
    }
    Json json = designToJson(design);
    QVERIFY(!json.contains("comparedRecord"));
    json["comparedRecord"] = compared;
    const LoadResult loaded = loadDesign(json.dump());
    QCOMPARE(loaded.ok(), loads);
    if (!loads) {
        const auto located
            = std::find_if(loaded.diagnostics.begin(), loaded.diagnostics.end(), [](const auto& d) {
                  return d.code == "value-range" && d.path == "/comparedRecord";
              });
        QVERIFY2(located != loaded.diagnostics.end(), qPrintable(testing::describe(loaded.diagnostics)));
        return;
    }
    QVERIFY(loaded.design->comparedRecord == std::optional<int>(compared));
    QVERIFY(designToJson(*loaded.design) == json);
}

QTEST_GUILESS_MAIN(TestRecords)
#include "tst_records.moc"
