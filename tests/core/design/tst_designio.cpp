// SPDX-License-Identifier: GPL-3.0-or-later
// The design document: round trips, located errors, unknown keys, versions, truncated files.

#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

class TestDesignIo : public QObject
{
    Q_OBJECT

private slots:
    void fp8RecipeIsStoredWhenSet();
    void optimizerMomentsAreStoredWhenSet();
    void recomputeLayersAreStoredWhenSet();
    void examplesRoundTrip_data();
    void examplesRoundTrip();
    void everyTruncatedPrefixIsRejected_data();
    void everyTruncatedPrefixIsRejected();
    void newerVersionIsRefused();
    void parseErrorHasLineAndColumn();
    void typeErrorNamesPointer();
    void unknownKeysAreKeptAndReported();
    void explicitClusterRoundTrips();
    void modelOverridesAreWrittenAsOverrides();
    void customModelRoundTrips();
    void uniformShorthandIsBounded();
};

void TestDesignIo::examplesRoundTrip_data()
{
    QTest::addColumn<QString>("id");
    for (const ExampleDesign& example : Catalog::builtin().examples())
        QTest::newRow(example.id.c_str()) << QString::fromStdString(example.id);
}

void TestDesignIo::examplesRoundTrip()
{
    QFETCH(QString, id);
    const ExampleDesign* example = Catalog::builtin().example(id.toStdString());
    const LoadResult first = loadDesign(example->text);
    QVERIFY2(first.ok(), qPrintable(testing::describe(first.diagnostics)));
    QVERIFY2(first.diagnostics.empty(), qPrintable(testing::describe(first.diagnostics)));
    const std::string saved = saveDesign(*first.design);
    const LoadResult second = loadDesign(saved);
    QVERIFY2(second.ok(), qPrintable(testing::describe(second.diagnostics)));
    QVERIFY(*second.design == *first.design);
    QCOMPARE(saveDesign(*second.design), saved); // stable text after the first save
}

void TestDesignIo::everyTruncatedPrefixIsRejected_data()
{
    examplesRoundTrip_data();
}

void TestDesignIo::everyTruncatedPrefixIsRejected()
{
    QFETCH(QString, id);
    const std::string text = Catalog::builtin().example(id.toStdString())->text;
    // Every prefix that is not the whole document (trailing whitespace aside) must fail cleanly.
    std::size_t end = text.find_last_not_of(" \n\r\t") + 1;
    for (std::size_t length = 0; length < end; ++length) {
        const LoadResult result = loadDesign(std::string_view(text).substr(0, length));
        QVERIFY2(!result.ok(), qPrintable(QStringLiteral("prefix of %1 bytes loaded").arg(length)));
        QVERIFY(hasErrors(result.diagnostics));
        QCOMPARE(QString::fromStdString(result.diagnostics.front().code), QStringLiteral("io-parse"));
    }
}

void TestDesignIo::newerVersionIsRefused()
{
    const LoadResult result = testing::patched("default", R"({"version": 7})");
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(result.diagnostics[0].code), QStringLiteral("io-version-newer"));
    QCOMPARE(QString::fromStdString(result.diagnostics[0].path), QStringLiteral("/version"));
    QVERIFY(result.diagnostics[0].message().find("version 7") != std::string::npos);
}

void TestDesignIo::parseErrorHasLineAndColumn()
{
    const LoadResult result = loadDesign("{\n  \"format\": \"meshwright.design\",\n  \"version\": ,\n}");
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    const Diagnostic& d = result.diagnostics[0];
    QCOMPARE(QString::fromStdString(d.code), QStringLiteral("io-parse"));
    QCOMPARE(QString::fromStdString(d.args[0]), QStringLiteral("3")); // line
    QCOMPARE(QString::fromStdString(d.args[1]), QStringLiteral("14")); // column of the ','
}

void TestDesignIo::typeErrorNamesPointer()
{
    const LoadResult result
        = testing::patched("default", R"({"cluster": {"uniform": {"gpusPerNode": true}}})");
    QVERIFY(!result.ok());
    QVERIFY(testing::hasCode(result.diagnostics, "io-type"));
    QCOMPARE(QString::fromStdString(result.diagnostics[0].path),
             QStringLiteral("/cluster/uniform/gpusPerNode"));
    QCOMPARE(QString::fromStdString(result.diagnostics[0].message()),
             QStringLiteral("/cluster/uniform/gpusPerNode must be an integer, not a boolean."));
}

// workload.fp8Recipe: written only when not Megatron-LM's default (delayed), so older files keep their
// numbers; an unknown recipe is an error at its key.
void TestDesignIo::fp8RecipeIsStoredWhenSet()
{
    const LoadResult current
        = testing::patched("default", R"({"workload": {"precision": "fp8", "fp8Recipe": "tensorwise"}})");
    QVERIFY2(current.ok(), qPrintable(testing::describe(current.diagnostics)));
    QVERIFY(current.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
    const Json written = designToJson(*current.design);
    QCOMPARE(written["workload"]["fp8Recipe"].get<std::string>(), std::string("tensorwise"));
    QVERIFY(designFromJson(written).design == current.design);
    Design delayed = *current.design;
    delayed.workload.fp8Recipe = Fp8Recipe::Delayed;
    QVERIFY(!designToJson(delayed)["workload"].contains("fp8Recipe"));
    const LoadResult unknown = testing::patched("default", R"({"workload": {"fp8Recipe": "nvfp4"}})");
    QVERIFY(!unknown.ok());
    QCOMPARE(QString::fromStdString(unknown.diagnostics.at(0).path), QStringLiteral("/workload/fp8Recipe"));
}

// workload.optimizerMoments: written only when not FP32, so older files keep their numbers; an unknown
// dtype is an error at its key.
void TestDesignIo::optimizerMomentsAreStoredWhenSet()
{
    const LoadResult bf16 = testing::patched("default", R"({"workload": {"optimizerMoments": "bf16"}})");
    QVERIFY2(bf16.ok(), qPrintable(testing::describe(bf16.diagnostics)));
    QVERIFY(bf16.design->workload.optimizerMoments == MomentDtype::Bf16);
    const Json written = designToJson(*bf16.design);
    QCOMPARE(written["workload"]["optimizerMoments"].get<std::string>(), std::string("bf16"));
    QVERIFY(designFromJson(written).design == bf16.design);
    QVERIFY(!designToJson(testing::example("default"))["workload"].contains("optimizerMoments"));
    const LoadResult unknown = testing::patched("default", R"({"workload": {"optimizerMoments": "fp8"}})");
    QVERIFY(!unknown.ok());
    QCOMPARE(QString::fromStdString(unknown.diagnostics.at(0).path),
             QStringLiteral("/workload/optimizerMoments"));
}

// layout.recomputeLayers: written only when set, so older files keep their numbers; a value of the wrong
// type is an error at its key.
void TestDesignIo::recomputeLayersAreStoredWhenSet()
{
    const LoadResult partial
        = testing::patched("default", R"({"layout": {"recompute": "full", "recomputeLayers": 5}})");
    QVERIFY2(partial.ok(), qPrintable(testing::describe(partial.diagnostics)));
    QCOMPARE(partial.design->layout.recomputeLayers, 5);
    const Json written = designToJson(*partial.design);
    QCOMPARE(written["layout"]["recomputeLayers"].get<int>(), 5);
    QVERIFY(designFromJson(written).design == partial.design);
    QVERIFY(!designToJson(testing::example("default"))["layout"].contains("recomputeLayers"));
    const LoadResult wrong = testing::patched("default", R"({"layout": {"recomputeLayers": "five"}})");
    QVERIFY(!wrong.ok());
    QCOMPARE(QString::fromStdString(wrong.diagnostics.at(0).path), QStringLiteral("/layout/recomputeLayers"));
    // layout.activationOffloadLayers the same way.
    const LoadResult offloaded
        = testing::patched("default", R"({"layout": {"activationOffloadLayers": 12}})");
    QVERIFY2(offloaded.ok(), qPrintable(testing::describe(offloaded.diagnostics)));
    QCOMPARE(offloaded.design->layout.activationOffloadLayers, 12);
    QCOMPARE(designToJson(*offloaded.design)["layout"]["activationOffloadLayers"].get<int>(), 12);
    QVERIFY(!designToJson(testing::example("default"))["layout"].contains("activationOffloadLayers"));
    const LoadResult notANumber
        = testing::patched("default", R"({"layout": {"activationOffloadLayers": true}})");
    QVERIFY(!notANumber.ok());
    QCOMPARE(QString::fromStdString(notANumber.diagnostics.at(0).path),
             QStringLiteral("/layout/activationOffloadLayers"));
}

void TestDesignIo::unknownKeysAreKeptAndReported()
{
    const LoadResult loaded = testing::patched(
        "default", R"({"layout": {"futureKnob": {"a": [1, 2]}}, "annotations": "keep me"})");
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.diagnostics.size(), std::size_t{2});
    QVERIFY(testing::hasCode(loaded.diagnostics, "io-unknown-key"));
    const Json saved = Json::parse(saveDesign(*loaded.design));
    COMPARE_JSON(saved["annotations"], Json("keep me"));
    COMPARE_JSON(saved["layout"]["futureKnob"], Json::parse(R"({"a": [1, 2]})"));
    const LoadResult again = loadDesign(saved.dump());
    QVERIFY(again.ok());
    QVERIFY(*again.design == *loaded.design);
}

void TestDesignIo::explicitClusterRoundTrips()
{
    Design design = testing::example("default");
    design.cluster.nodes[1].gpus[3].inService = false;
    design.cluster.nodes[2].name = "rack 2, slot 7";
    design.cluster.nodes[3].gpus.pop_back();
    const Json saved = designToJson(design);
    QVERIFY(saved["cluster"].contains("nodes"));
    QVERIFY(!saved["cluster"].contains("uniform"));
    const LoadResult loaded = designFromJson(saved);
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    QVERIFY(loaded.design->cluster == design.cluster);
}

void TestDesignIo::modelOverridesAreWrittenAsOverrides()
{
    Design design = testing::example("default");
    COMPARE_JSON(designToJson(design)["model"], Json("llama-3.1-70b"));
    design.model.layers = 40;
    const Json model = designToJson(design)["model"];
    COMPARE_JSON(model, Json::parse(R"({"preset": "llama-3.1-70b", "layers": 40})"));
    const LoadResult loaded = designFromJson(designToJson(design));
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.design->model.layers, 40);
    QCOMPARE(QString::fromStdString(loaded.design->model.preset), QStringLiteral("llama-3.1-70b"));
}

void TestDesignIo::customModelRoundTrips()
{
    // A full architecture without a preset: defaults follow the required fields.
    const LoadResult loaded = testing::patched(
        "default",
        R"({"model": {"name": "Tiny", "layers": 4, "hidden": 256, "ffn": 1024, "heads": 8, "vocab": 1000}})");
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    const ModelArchitecture& m = loaded.design->model;
    QCOMPARE(m.kvHeads, 8);
    QCOMPARE(m.headDim, std::int64_t{32});
    QVERIFY(m.preset.empty());
    const LoadResult again = loadDesign(saveDesign(*loaded.design));
    QVERIFY(again.ok());
    QVERIFY(again.design->model == m);
    // A full architecture must say how large it is.
    const LoadResult missing = testing::patched("default", R"({"model": {"name": "Nothing"}})");
    QVERIFY(!missing.ok());
    QVERIFY(testing::hasCode(missing.diagnostics, "io-missing"));
    QCOMPARE(QString::fromStdString(missing.diagnostics[0].path), QStringLiteral("/model/layers"));
}

void TestDesignIo::uniformShorthandIsBounded()
{
    const LoadResult result
        = testing::patched("default", R"({"cluster": {"uniform": {"nodes": 100000000}}})");
    QVERIFY(!result.ok());
    QVERIFY(testing::hasCode(result.diagnostics, "value-range"));
    QCOMPARE(QString::fromStdString(result.diagnostics[0].path), QStringLiteral("/cluster/uniform/nodes"));
}

QTEST_APPLESS_MAIN(TestDesignIo)
#include "tst_designio.moc"
