// SPDX-License-Identifier: GPL-3.0-or-later
// Every diagnostic code is raised by a design that should raise it, and not by the clean design it was
// derived from. Each row is a JSON merge patch (RFC 7386) on the "default" example, whose evaluation has
// no diagnostics at all.

#include "base/diagnostickinds.h"
#include "design/placementchecks.h"
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTest>
#include <set>

using namespace core;

namespace {

// An explicit two-node cluster, to be completed by the row.
const char* const kTwoNodes = R"("cluster": {"uniform": null, "nodes": [
    {"id": 0, "intraLink": "nvlink4", "gpus": [%1]},
    {"id": 1, "intraLink": "nvlink4", "gpus": [%2]}]})";

QString gpus(int firstId, int count, const char* type = "h100-sxm-80gb", int outOfServiceId = -1)
{
    QStringList items;
    for (int id = firstId; id < firstId + count; ++id)
        items << QStringLiteral(R"({"id": %1, "type": "%2"%3})")
                     .arg(id)
                     .arg(QLatin1String(type))
                     .arg(id == outOfServiceId ? QStringLiteral(R"(, "inService": false)") : QString());
    return items.join(QLatin1String(", "));
}

QString twoNodes(const QString& first, const QString& second)
{
    return QString::fromLatin1(kTwoNodes).arg(first, second);
}

QString placementWith(int world, int index, int gpu)
{
    QStringList ids;
    for (int rank = 0; rank < world; ++rank)
        ids << QString::number(rank == index ? gpu : rank);
    return QStringLiteral(R"("placement": [%1])").arg(ids.join(QLatin1String(", ")));
}

// Codes whose trigger is not a design document: a file system or a command line (tst_cli, tst_commands),
// an abstract pipeline schedule (tst_schedule), a collective on its own (every "collective-" code,
// tst_collectives), memory that does not fit (every "memory-" code, tst_memory), or a measurement file
// (every "calibration-" code, tst_ncclimport).
const std::set<std::string> kTestedElsewhere{"io-file",
                                             "search-too-large", // tst_search hugeSpaceRefusedUnlessLimited
                                             "schedule-duration",
                                             "schedule-duration-negative",
                                             "schedule-stage-scale-count",
                                             "schedule-stage-scale-value",
                                             "schedule-group-size",
                                             "schedule-group-remainder",
                                             "schedule-too-large",
                                             "schedule-op-out-of-range",
                                             "schedule-op-misplaced",
                                             "schedule-op-repeated",
                                             "schedule-op-missing",
                                             "schedule-deadlock",
                                             // tst_steptimeline: the stage boundary transfers, and a
                                             // timeline left out of evaluate().
                                             "schedule-transfer-count",
                                             "schedule-not-simulated"};

} // namespace

class TestValidate : public QObject
{
    Q_OBJECT

private slots:
    void baseDesignIsClean();
    void everyExampleIsValid();
    void codeTriggered_data();
    void codeTriggered();
    void everyCodeHasARow();
    void everyCodeIsDocumented();
    void diagnosticsAreSortedAndLocated();
    void placementRuleMarksTheNodes();

private:
    std::set<std::string> m_covered;
};

void TestValidate::baseDesignIsClean()
{
    const Evaluation e = evaluate(testing::example("default"));
    QVERIFY2(e.diagnostics.empty(), qPrintable(testing::describe(e.diagnostics)));
}

void TestValidate::everyExampleIsValid()
{
    for (const ExampleDesign& example : Catalog::builtin().examples()) {
        const LoadResult loaded = loadDesign(example.text);
        QVERIFY2(loaded.ok(),
                 qPrintable(QString::fromStdString(example.id) + testing::describe(loaded.diagnostics)));
        const Evaluation e = evaluate(*loaded.design);
        QVERIFY2(e.valid(),
                 qPrintable(QString::fromStdString(example.id) + "\n" + testing::describe(e.diagnostics)));
    }
}

void TestValidate::codeTriggered_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("patch"); // merge patch; a patch that is not JSON is loaded as text
    auto row = [](const char* code, const QString& patch) {
        QTest::newRow(code) << QString::fromLatin1(code) << patch;
    };
    auto rowP = [&](const char* code, const char* patch) { row(code, QString::fromUtf8(patch)); };

    // Reading
    rowP("io-parse", "{\"layout\": ");
    rowP("io-type", R"({"layout": {"tp": "8"}})");
    rowP("io-missing", R"({"layout": null})");
    rowP("io-value", R"({"layout": {"schedule": "zigzag"}})");
    rowP("io-format", R"({"format": "something.else"})");
    rowP("io-version-newer", R"({"version": 2})");
    rowP("io-version-invalid", R"({"version": 0})");
    rowP("io-unknown-key", R"({"layout": {"futureKnob": 1}})");
    rowP("io-too-large", R"({"layout": {"tp": 4294967296}})");
    row("io-duplicate-id", "{" + twoNodes(gpus(0, 8), gpus(7, 8)) + "}");
    // Values and references
    rowP("value-range", R"({"layout": {"microBatch": 0}})");
    rowP("model-preset-unknown", R"({"model": "llama-9"})");
    rowP("hardware-gpu-unknown", R"({"cluster": {"uniform": {"gpu": "h900"}}})");
    rowP("hardware-link-unknown", R"({"cluster": {"fabric": "carrier-pigeon"}})");
    rowP("hardware-link-class", R"({"cluster": {"uniform": {"intraLink": "ib-ndr-400"}}})");
    // Model
    rowP("model-kv-heads", R"({"model": {"preset": "llama-3.1-70b", "kvHeads": 7}})");
    rowP("model-top-k", R"({"model": {"preset": "mixtral-8x7b", "moe": {"topK": 9}}})");
    rowP("model-router-groups", R"({"model": {"preset": "deepseek-v3", "moe": {"routerGroups": 7}}})");
    rowP("model-ffn-missing", R"({"model": {"preset": "llama-3.1-70b", "ffn": 0}})");
    rowP("model-too-large", R"({"model": {"preset": "llama-3.1-70b", "layers": 100000, "hidden": 1048576}})");
    rowP("model-feature-unmodelled", R"({"model": "gpt-3-175b"})");
    // Cluster
    row("cluster-empty",
        "{" + twoNodes(gpus(0, 1, "h100-sxm-80gb", 0), gpus(1, 1, "h100-sxm-80gb", 1)) + "}");
    row("cluster-nodes-nonuniform",
        "{" + twoNodes(gpus(0, 8), gpus(8, 6)) + R"(, "layout": {"dp": 1, "pp": 1}})");
    row("cluster-mixed-gpus",
        "{" + twoNodes(gpus(0, 8), gpus(8, 8, "h200-141gb")) + R"(, "layout": {"dp": 1}})");
    row("cluster-out-of-service",
        "{" + twoNodes(gpus(0, 8), gpus(8, 8, "h100-sxm-80gb", 15)) + R"(, "layout": {"dp": 1, "pp": 1}})");
    // World size and placement
    rowP("world-size-exceeds-gpus", R"({"layout": {"dp": 4}})");
    rowP("world-size-idle-gpus", R"({"layout": {"dp": 1}})");
    rowP("world-size-too-large", R"({"layout": {"dp": 65536}})");
    rowP("placement-stale", R"({"placement": [0, 1, 2]})");
    row("placement-unknown-gpu", "{" + placementWith(32, 5, 999) + "}");
    row("placement-duplicate", "{" + placementWith(32, 5, 6) + "}");
    row("placement-out-of-service",
        "{" + twoNodes(gpus(0, 8), gpus(8, 9, "h100-sxm-80gb", 16)) + R"(, "layout": {"dp": 1}, )"
            + placementWith(16, 15, 16) + "}");
    // Tensor parallelism
    rowP("tp-heads", R"({"layout": {"tp": 3}})");
    rowP("tp-kv-heads", R"({"layout": {"tp": 16, "pp": 1}})");
    rowP("tp-kv-heads-replicated",
         R"({"workload": {"mode": "serving"}, "layout": {"tp": 16, "pp": 1, "zeroStage": 0}})");
    rowP("tp-hidden", R"({"model": {"preset": "llama-3.1-70b", "hidden": 8196}})");
    rowP("tp-ffn", R"({"model": {"preset": "llama-3.1-70b", "ffn": 28676}})");
    rowP("tp-expert-ffn", R"({"model": {"preset": "mixtral-8x7b", "moe": {"expertFfn": 14340}}})");
    rowP("tp-vocab-padded", R"({"model": "gpt-3-175b"})");
    rowP("tp-spans-nodes", R"({"layout": {"order": "dp-tp-cp-ep-pp"}})");
    rowP("tp-over-pcie", R"({"cluster": {"uniform": {"intraLink": "pcie5"}}})");
    rowP("sp-without-tp", R"({"layout": {"tp": 1, "dp": 16}})");
    // Mixtral's eight experts on 4 × 8 GPUs with DP fastest: EP groups stride across nodes, though TP × EP = 8
    // would fit one. (With EP = 16 on 8-GPU nodes the warning would be wrong: that EP crosses nodes anyway.)
    rowP("ep-spans-nodes", R"({"model": "mixtral-8x7b", "layout": {"tp": 1, "pp": 1, "ep": 8, "dp": 4, "order": "dp-ep-tp-cp-pp"}})");
    rowP("tp-overlap-without-sp", R"({"layout": {"sequenceParallel": false, "tpCommOverlap": true}})");
    // The default design's H100s have no block-scaled FP8 (B200 has: tst_layerkernels fp8RecipeCasts).
    rowP("fp8-recipe-gpu", R"({"workload": {"precision": "fp8", "fp8Recipe": "mxfp8"}})");
    // Pipeline
    rowP("pp-layers", R"({"layout": {"pp": 3, "dp": 1}})");
    rowP("pp-too-many-stages", R"({"layout": {"schedule": "interleaved", "virtualStages": 48}})");
    rowP("pp-stage-count", R"({"layout": {"layersPerStage": [40]}})");
    rowP("pp-stage-sum", R"({"layout": {"layersPerStage": [40, 39]}})");
    // The ends may hold only the embedding, or the head and the loss, in training; a middle chunk nothing.
    rowP("pp-empty-stage",
         R"({"layout": {"schedule": "interleaved", "virtualStages": 2, "layersPerStage": [40, 0, 20, 20]}})");
    rowP("schedule-virtual-stages", R"({"layout": {"virtualStages": 2}})");
    rowP("schedule-interleaved-micro-batches",
         R"({"layout": {"schedule": "interleaved", "virtualStages": 2}, "workload": {"globalBatch": 6}})");
    rowP("schedule-few-micro-batches", R"({"workload": {"globalBatch": 2}})");
    rowP("schedule-dualpipev-micro-batches",
         R"({"layout": {"schedule": "dualpipev", "virtualStages": 2}, "workload": {"globalBatch": 6}})");
    rowP("schedule-dualpipe-ranks",
         R"({"layout": {"pp": 1, "dp": 4, "schedule": "dualpipe", "virtualStages": 2}})");
    rowP("schedule-dualpipe-micro-batches",
         R"({"layout": {"schedule": "dualpipe", "virtualStages": 2}, "workload": {"globalBatch": 6}})");
    rowP("schedule-without-pp", R"({"layout": {"pp": 1, "dp": 4, "schedule": "gpipe"}})");
    // Experts
    rowP("ep-dense-model", R"({"layout": {"ep": 2, "dp": 1}})");
    rowP(
        "ep-experts",
        R"({"model": "mixtral-8x7b", "layout": {"tp": 1, "pp": 1, "dp": 2, "ep": 16, "sequenceParallel": false}})");
    rowP("ep-megatron-fold", R"({"model": "mixtral-8x7b", "layout": {"expertMode": "megatron", "ep": 8}})");
    // Batch and sequence
    rowP("batch-divisible", R"({"workload": {"globalBatch": 127}})");
    rowP("seq-cp", R"({"layout": {"cp": 2, "dp": 1}, "workload": {"sequenceLength": 8190}})");
    rowP("seq-sp", R"({"workload": {"sequenceLength": 8196}})");
    rowP("seq-exceeds-context", R"({"workload": {"sequenceLength": 262144}})");
    // Data-parallel sharding
    rowP("zero-no-effect", R"({"layout": {"dp": 1}})");
    rowP("zero-serving", R"({"workload": {"mode": "serving"}})");
    rowP("zero-shard-group", R"({"layout": {"shardGroup": 3}})");
    // Memory
    rowP("offload-without-zero", R"({"layout": {"zeroStage": 0}, "workload": {"offload": "cpu"}})");
    // 1 GiB of RAM per node holds no offloaded optimizer of a 70B model (memory/hostmemory.h).
    rowP("host-memory",
         R"({"cluster": {"hostMemoryBytes": 1073741824}, "layout": {"zeroStage": 1}, "workload": {"offload": "cpu"}})");
}

void TestValidate::codeTriggered()
{
    QFETCH(QString, code);
    QFETCH(QString, patch);
    m_covered.insert(code.toStdString());
    QVERIFY2(diag::findKind(code.toStdString()), "the row names a code that does not exist");

    std::vector<Diagnostic> diagnostics;
    const Json patchJson = Json::parse(patch.toStdString(), nullptr, false);
    if (patchJson.is_discarded()) {
        diagnostics = loadDesign(patch.toStdString()).diagnostics; // the row is text, not a patch
    } else {
        const LoadResult loaded = testing::patched("default", patch.toUtf8().constData());
        diagnostics = loaded.diagnostics;
        if (loaded.ok()) {
            const Evaluation e = evaluate(*loaded.design);
            diagnostics.insert(diagnostics.end(), e.diagnostics.begin(), e.diagnostics.end());
        }
    }
    QVERIFY2(testing::hasCode(diagnostics, code.toStdString()), qPrintable(testing::describe(diagnostics)));
    for (const Diagnostic& d : diagnostics) {
        QVERIFY(!d.message().empty());
        QVERIFY2(d.message().find("%1") == std::string::npos, d.message().c_str());
        QCOMPARE(QString::fromStdString(std::string(enumName(d.severity))),
                 QString::fromStdString(std::string(enumName(diag::findKind(d.code)->severity))));
    }
}

void TestValidate::everyCodeHasARow()
{
    for (const DiagnosticKind& kind : diag::allKinds()) {
        const std::string code(kind.code);
        const bool elsewhere = kTestedElsewhere.count(code) || code.starts_with("collective-")
            || code.starts_with("memory-") || code.starts_with("calibration-")
            || code.starts_with("record-") // tst_records
            || code.starts_with("trace-") // tst_profilertrace
            || code.starts_with("hf-") // tst_hfconfig
            || code.starts_with("launch-") // tst_launchimport
            || code.starts_with("framework-"); // tst_frameworks
        QVERIFY2(m_covered.count(code) || elsewhere,
                 qPrintable("no test row for " + QString::fromStdString(code)));
    }
}

// The README's table of diagnostic codes is the users' reference; it must name every code there is.
void TestValidate::everyCodeIsDocumented()
{
    QFile readme(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(readme.readAll());
    for (const DiagnosticKind& kind : diag::allKinds()) {
        const QString code
            = QStringLiteral("`%1`").arg(QString::fromUtf8(kind.code.data(), qsizetype(kind.code.size())));
        QVERIFY2(text.contains(code), qPrintable(code + " is not in the README"));
    }
}

void TestValidate::diagnosticsAreSortedAndLocated()
{
    const LoadResult loaded = testing::patched("default", R"({"layout": {"tp": 3, "dp": 1}})");
    QVERIFY(loaded.ok());
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY(!e.valid());
    for (std::size_t i = 1; i < e.diagnostics.size(); ++i)
        QVERIFY(int(e.diagnostics[i - 1].severity) <= int(e.diagnostics[i].severity));
    for (const Diagnostic& d : e.diagnostics)
        QVERIFY2(d.path.starts_with('/'), d.code.c_str());
    // tp-heads points at the TP degree, and says which numbers clash.
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [](const Diagnostic& d) { return d.code == "tp-heads"; });
    QVERIFY(it != e.diagnostics.end());
    QCOMPARE(QString::fromStdString(it->path), QStringLiteral("/layout/tp"));
    QCOMPARE(QString::fromStdString(it->message()),
             QStringLiteral("TP=3 does not divide the 64 attention heads."));
}

// The placement rule (placementchecks.h) behind tp-spans-nodes, tp-over-pcie and ep-spans-nodes: the
// diagnostics say what it counts, and the nodes it marks are the ones the groups involved run on.
void TestValidate::placementRuleMarksTheNodes()
{
    const auto checked = [](const char* patch) {
        const LoadResult loaded = testing::patched("default", patch);
        if (!loaded.ok())
            qFatal("the patch does not load: %s", patch);
        const Evaluation e = evaluate(*loaded.design);
        return std::pair{e, checkPlacement(*loaded.design, *e.catalog, e.mesh, e.ranks)};
    };
    const auto argsOf = [](const Evaluation& e, const DiagnosticKind& kind) {
        for (const Diagnostic& d : e.diagnostics)
            if (d.code == kind.code)
                return d.args;
        return std::vector<std::string>{};
    };

    // Ranks 0 and 8 swap GPUs (rank r runs on GPU r by default, 8 GPUs a node): TP groups 0 and 1 span
    // nodes 0 and 1; groups 2 and 3 stay inside nodes 2 and 3.
    QStringList ids;
    for (int rank = 0; rank < 32; ++rank)
        ids << QString::number(rank == 0 ? 8 : rank == 8 ? 0 : rank);
    const QByteArray swapped
        = QStringLiteral(R"({"placement": [%1]})").arg(ids.join(QLatin1String(", "))).toUtf8();
    const auto [e, checks] = checked(swapped.constData());
    QCOMPARE(checks.tp.spanning, 2);
    QCOMPARE(checks.tp.groups, 4);
    QCOMPARE(checks.tp.example, std::string("0, 1, 2, 3, 4, 5, 6, 7"));
    QCOMPARE(argsOf(e, diag::kTpSpansNodes), (std::vector<std::string>{"2", "4", "0, 1, 2, 3, 4, 5, 6, 7"}));
    QCOMPARE(checks.nodes.size(), std::size_t{4});
    QVERIFY(checks.nodes[0].tpSpansNodes && checks.nodes[1].tpSpansNodes);
    QVERIFY(!checks.nodes[2].any() && !checks.nodes[3].any());
    QVERIFY(!checks.tpOverPcie && !checks.epSpansNodes);

    // TP=8 inside PCIe nodes: every node runs a TP group over PCIe, none spans.
    const auto [pcie, pcieChecks] = checked(R"({"cluster": {"uniform": {"intraLink": "pcie5"}}})");
    QVERIFY(pcieChecks.tpOverPcie);
    QCOMPARE(pcieChecks.tp.spanning, 0);
    QCOMPARE(argsOf(pcie, diag::kTpOverPcie), (std::vector<std::string>{"8"}));
    for (const NodePlacementWarnings& node : pcieChecks.nodes)
        QVERIFY(node.tpOverPcie && !node.tpSpansNodes);

    // Mixtral's EP=8 groups strided across the nodes, though TP × EP = 8 fits one: every node is marked.
    const auto [moe, moeChecks] = checked(
        R"({"model": "mixtral-8x7b", "layout": {"tp": 1, "pp": 1, "ep": 8, "dp": 4, "order": "dp-ep-tp-cp-pp"}})");
    QVERIFY(moeChecks.epSpansNodes);
    QCOMPARE(moeChecks.expertTpTimesEp, 8);
    const std::vector<std::string> epArgs = argsOf(moe, diag::kEpSpansNodes);
    QCOMPARE(epArgs.size(), std::size_t{4});
    QCOMPARE(epArgs[0], std::to_string(moeChecks.ep.spanning));
    QCOMPARE(epArgs[1], std::to_string(moeChecks.ep.groups));
    QCOMPARE(epArgs[2], moeChecks.ep.example);
    for (const NodePlacementWarnings& node : moeChecks.nodes)
        QVERIFY(node.epSpansNodes && !node.tpSpansNodes);

    // The clean design raises nothing, and marks nothing.
    const auto [clean, cleanChecks] = checked("{}");
    QCOMPARE(cleanChecks.tp.spanning, 0);
    for (const NodePlacementWarnings& node : cleanChecks.nodes)
        QVERIFY(!node.any());
}

QTEST_APPLESS_MAIN(TestValidate)
#include "tst_validate.moc"
