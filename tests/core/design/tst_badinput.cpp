// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input to the design and record loaders: every input a fuzzing campaign crashed, hung or wrongly
// accepted (tests/fuzz/regressions/) gives its located message; every truncated prefix of every example
// and fixture is a clean error; a design that loads saves to a file that loads again with the same
// meaning, also for inputs mutated at random.

#include "base/jsonparse.h"
#include "design/designio.h"
#include "design/measuredrecord.h"
#include "support/testdesigns.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QTest>
#include <random>

using namespace core;

namespace {

std::string readBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll().toStdString();
}

const QString kRegressions = QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/fuzz/regressions/");

QString firstError(const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        if (d.isError())
            return QString::fromStdString(d.code + " " + d.path);
    return QString();
}

} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT

private slots:
    void designRegressions_data();
    void designRegressions();
    void recordRegressions_data();
    void recordRegressions();
    void unknownKeysSurviveEveryRewrite_data();
    void unknownKeysSurviveEveryRewrite();
    void everyTruncatedPrefixIsAnError_data();
    void everyTruncatedPrefixIsAnError();
    void mutatedDesignsRoundTrip();
};

void TestBadInput::designRegressions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("error"); // the first error's code and path; "" = loads
    QTest::newRow("1e400 in an unknown key") << "number-1e400-in-unknown-key.json"
                                             << "io-parse ";
    QTest::newRow("400 digits") << "integer-400-digits.json"
                                << "io-parse ";
    QTest::newRow("-1e309 in a model") << "number-minus-1e309-in-model.json"
                                       << "io-parse ";
    QTest::newRow("root 1e400") << "root-number.json"
                                << "io-parse ";
    QTest::newRow("10,000 deep") << "nesting-10000-in-unknown-key.json"
                                 << "io-parse ";
    QTest::newRow("258 deep") << "nesting-258.json"
                              << "io-parse ";
    QTest::newRow("bad UTF-8") << "invalid-utf8-in-name.json"
                               << "io-parse ";
    QTest::newRow("cut inside ×") << "truncated-inside-times.json"
                                  << "io-parse ";
    QTest::newRow("UTF-16 LE") << "utf16-le-bom.json"
                               << "io-parse ";
    QTest::newRow("UTF-16 BE") << "utf16-be.json"
                               << "io-parse ";
    QTest::newRow("empty") << "empty.json"
                           << "io-parse ";
    QTest::newRow("root array") << "root-array.json"
                                << "io-type ";
    QTest::newRow("tp 1e19") << "tp-1e19.json"
                             << "io-too-large /layout/tp";
    QTest::newRow("dp -1e19") << "dp-minus-1e19.json"
                              << "io-too-large /layout/dp";
    QTest::newRow("micro-batch 4.0") << "micro-batch-4.0.json"
                                     << "";
    QTest::newRow("5,000 unknown keys") << "5000-unknown-keys.json"
                                        << "";
    QTest::newRow("bandwidth 0") << "link-bandwidth-zero.json"
                                 << "value-range /cluster/links/0/bandwidthGBps";
    QTest::newRow("bandwidth -300") << "link-bandwidth-negative.json"
                                    << "value-range /cluster/links/0/bandwidthGBps";
    QTest::newRow("bandwidth 1e308") << "link-bandwidth-1e308.json"
                                     << "value-range /cluster/links/0/bandwidthGBps";
    QTest::newRow("latency -1") << "link-latency-negative.json"
                                << "value-range /cluster/links/0/latencyUs";
    QTest::newRow("latency 1e308") << "link-latency-1e308.json"
                                   << "value-range /cluster/links/0/latencyUs";
    QTest::newRow("65,536 × 1,024 GPUs") << "uniform-65536-nodes-1024-gpus.json"
                                         << "value-range /cluster/uniform/nodes";
    QTest::newRow("512 × 1,024 GPUs") << "uniform-512-nodes-1024-gpus.json"
                                      << "value-range /cluster/uniform/nodes";
}

void TestBadInput::designRegressions()
{
    QFETCH(QString, file);
    QFETCH(QString, error);
    const std::string bytes = readBytes(kRegressions + QStringLiteral("design/") + file);
    QElapsedTimer timer;
    timer.start();
    const LoadResult loaded = loadDesign(bytes);
    if (error.isEmpty()) {
        QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
        const LoadResult again = loadDesign(saveDesign(*loaded.design));
        QVERIFY2(again.ok(), qPrintable(testing::describe(again.diagnostics)));
        QVERIFY(*again.design == *loaded.design);
    } else {
        QVERIFY(!loaded.ok());
        QCOMPARE(firstError(loaded.diagnostics).left(error.size()), error);
    }
    for (const Diagnostic& d : loaded.diagnostics) // every message is safe to print and to put into JSON
        QVERIFY2(!firstInvalidUtf8(d.message()), d.message().c_str());
    // The 65,536 × 1,024 cluster took 11.5 s and 5.8 GB; refused, it takes no time at all.
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
}

void TestBadInput::recordRegressions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("error");
    QTest::newRow("restarts 2^31") << "restarts-2-pow-31.json"
                                   << "value-range /restarts";
    QTest::newRow("1e400") << "number-1e400-in-unknown-key.json"
                           << "io-parse ";
    QTest::newRow("version 2^32 + 1") << "version-2-pow-32.json"
                                      << "io-version-newer /version";
    QTest::newRow("version -(2^32 - 1)") << "version-minus-2-pow-32.json"
                                         << "io-version-invalid /version";
    QTest::newRow("10,000 deep") << "nesting-10000.json"
                                 << "io-parse ";
    QTest::newRow("bad UTF-8") << "invalid-utf8-in-notes.json"
                               << "io-parse ";
    QTest::newRow("NaN literal") << "step-seconds-nan-literal.json"
                                 << "io-parse ";
    QTest::newRow("tokens 1e308") << "tokens-1e308.json"
                                  << "value-range /throughput/tokensPerSecond";
}

void TestBadInput::recordRegressions()
{
    QFETCH(QString, file);
    QFETCH(QString, error);
    const RecordLoadResult loaded = loadRecord(readBytes(kRegressions + QStringLiteral("record/") + file));
    QVERIFY(!loaded.record);
    QCOMPARE(firstError(loaded.diagnostics).left(error.size()), error);
}

void TestBadInput::unknownKeysSurviveEveryRewrite_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pointer");
    // A preset model with an unknown key was saved as the bare preset name; nodes with one, as uniform.
    QTest::newRow("preset model") << "unknown-key-in-preset-model.json"
                                  << "/model/futureKnob/a/1";
    QTest::newRow("node list") << "unknown-key-in-uniform-node-list.json"
                               << "/cluster/nodes/1/rack";
}

void TestBadInput::unknownKeysSurviveEveryRewrite()
{
    QFETCH(QString, file);
    QFETCH(QString, pointer);
    const LoadResult loaded = loadDesign(readBytes(kRegressions + QStringLiteral("design/") + file));
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    QVERIFY(testing::hasCode(loaded.diagnostics, "io-unknown-key"));
    const Json saved = Json::parse(saveDesign(*loaded.design));
    QVERIFY2(saved.contains(Json::json_pointer(pointer.toStdString())), saved.dump(1).c_str());
    const LoadResult again = loadDesign(saved.dump());
    QVERIFY(again.ok());
    QVERIFY(*again.design == *loaded.design);
}

void TestBadInput::everyTruncatedPrefixIsAnError_data()
{
    QTest::addColumn<QString>("path");
    QDirIterator examples(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/resources/examples"),
                          {QStringLiteral("*.json")});
    while (examples.hasNext()) {
        const QString path = examples.next();
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    QDirIterator fixtures(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data"), {QStringLiteral("*.json")});
    while (fixtures.hasNext()) {
        const QString path = fixtures.next();
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestBadInput::everyTruncatedPrefixIsAnError()
{
    QFETCH(QString, path);
    const std::string text = readBytes(path);
    const std::size_t end = text.find_last_not_of(" \n\r\t") + 1;
    for (std::size_t length = 0; length < end; ++length) {
        const std::string_view prefix = std::string_view(text).substr(0, length);
        const LoadResult design = loadDesign(prefix);
        const RecordLoadResult record = loadRecord(prefix);
        QVERIFY2(!design.ok() && !record.record, qPrintable(QString::number(length)));
        QCOMPARE(QString::fromStdString(design.diagnostics.front().code), QStringLiteral("io-parse"));
        QCOMPARE(QString::fromStdString(record.diagnostics.front().code), QStringLiteral("io-parse"));
    }
}

void TestBadInput::mutatedDesignsRoundTrip()
{
    // Property: load → save → load gives the same design, and a second save the same text, for every
    // mutation of the examples that still loads (numbers replaced by edge values, keys dropped, unknown
    // keys added). A fixed seed keeps the run reproducible.
    static const std::vector<Json> edgeValues{0,   -1,   1,     2,    3, 1e308, -1e308, 4.5e-324, 0.5,
                                              2.0, 1e19, 65536, 1024, 7, true,  "x",    nullptr};
    std::mt19937 random(20261201);
    int loaded = 0, tried = 0;
    for (const ExampleDesign& example : Catalog::builtin().examples()) {
        const Json original = Json::parse(example.text);
        const Json flat = original.flatten();
        for (int round = 0; round < 150; ++round) {
            Json mutated = flat;
            const int edits = 1 + int(random() % 3);
            for (int e = 0; e < edits; ++e) {
                auto it = mutated.begin();
                std::advance(it, random() % mutated.size());
                switch (random() % 3) {
                case 0:
                    it.value() = edgeValues[random() % edgeValues.size()];
                    break;
                case 1:
                    mutated.erase(it);
                    break;
                default:
                    mutated[it.key() + "Future"] = edgeValues[random() % edgeValues.size()];
                }
                if (mutated.empty())
                    break;
            }
            Json document;
            try {
                document = mutated.unflatten();
            } catch (const Json::exception&) {
                continue; // a pointer that no longer fits: not a document
            }
            ++tried;
            const LoadResult first = loadDesign(document.dump());
            if (!first.ok())
                continue;
            ++loaded;
            const std::string saved = saveDesign(*first.design);
            const LoadResult second = loadDesign(saved);
            QVERIFY2(second.ok(),
                     qPrintable(testing::describe(second.diagnostics) + QLatin1Char('\n')
                                + QString::fromStdString(saved)));
            Design a = *first.design, b = *second.design;
            a.unknown = b.unknown = Json::object();
            QVERIFY2(a == b, saved.c_str());
            QCOMPARE(saveDesign(*second.design), saved);
        }
    }
    QVERIFY2(loaded > 100, qPrintable(QStringLiteral("%1 of %2 loaded").arg(loaded).arg(tried)));
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
