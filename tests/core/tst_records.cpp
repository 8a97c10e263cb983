// Measured records (issue 8): a record survives a round trip on its own and inside a design, bad input
// gets a located message (never a crash, also for every truncated prefix), and the comparison sets each
// measurement beside the prediction with the difference.

#include "designio.h"
#include "evaluate.h"
#include "measuredrecord.h"
#include "recordcomparison.h"
#include "testdesigns.h"

#include <QFile>
#include <QTest>

using namespace core;

namespace {

std::string fixture()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/record-seed-70b.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("record-seed-70b.json is missing");
    return file.readAll().toStdString();
}

const RecordComparisonRow* row(const std::vector<RecordComparisonRow>& rows, const std::string& quantity)
{
    for (const RecordComparisonRow& r : rows)
        if (r.quantity == quantity)
            return &r;
    return nullptr;
}

} // namespace

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
};

void TestRecords::fixtureLoadsEveryField()
{
    const RecordLoadResult loaded = loadRecord(fixture());
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
    const MeasuredRecord record = *loadRecord(fixture()).record;
    const RecordLoadResult again = loadRecord(saveRecord(record));
    QVERIFY(again.record.has_value());
    QVERIFY(*again.record == record);
    // An empty record is valid too: a record holds what was measured, nothing more.
    QVERIFY(*loadRecord(saveRecord(MeasuredRecord{})).record == MeasuredRecord{});
}

void TestRecords::roundTripInsideADesign()
{
    Design design = testing::example("seed-70b-32k-512gpu");
    design.records.push_back(*loadRecord(fixture()).record);
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
    const std::string text = fixture();
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
    const MeasuredRecord record = *loadRecord(fixture()).record;
    const std::vector<RecordComparisonRow> rows = compareRecord(record, design, evaluation);

    const RecordComparisonRow* step = row(rows, "stepSeconds");
    QVERIFY(step);
    QCOMPARE(*step->predicted, evaluation.performance->stepSeconds);
    QCOMPARE(*step->measured, 29.2);
    QCOMPARE(*step->difference(), 29.2 - evaluation.performance->stepSeconds);
    QCOMPARE(*step->relativeDifference(),
             (29.2 - evaluation.performance->stepSeconds) / evaluation.performance->stepSeconds);

    const RecordComparisonRow* peak = row(rows, "peakMemory.total");
    QVERIFY(peak);
    QCOMPARE(*peak->predicted, evaluation.memory->peakBytes);
    const RecordComparisonRow* activations = row(rows, "peakMemory.activations");
    QVERIFY(activations);
    const RankRole& peakRole = evaluation.memory->roleOf(evaluation.memory->peakRank);
    QCOMPARE(*activations->predicted, peakRole.figure(MemoryCategory::Activations).bytes);
    // Gradients were not measured: no row.
    QVERIFY(!row(rows, "peakMemory.gradients"));

    QCOMPARE(*row(rows, "visible.allGather")->predicted, evaluation.performance->exposed.allGather);
    QCOMPARE(*row(rows, "globalBatch")->difference(), 0.0);
    // Measured only: no prediction, no difference.
    for (const char* quantity : {"inputStallSeconds", "checkpointSeconds", "restarts"}) {
        const RecordComparisonRow* r = row(rows, quantity);
        QVERIFY2(r && !r->predicted && r->measured && !r->difference(), quantity);
    }
    const Json json = recordComparisonToJson(record, rows);
    QCOMPARE(json["rows"].size(), rows.size());
    QVERIFY(json["rows"][0].contains("relativeDifference"));
}

QTEST_GUILESS_MAIN(TestRecords)
#include "tst_records.moc"
