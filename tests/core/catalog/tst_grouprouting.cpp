// SPDX-License-Identifier: GPL-3.0-or-later
// Group-limited routing (MoeConfig::routerGroups, routerGroupTopK): DeepSeek-V3's preset carries its 4 of 8
// groups, a design's JSON keeps them (written only when set), a division that Megatron-Core could not run is
// a located error, Hugging Face's n_group and topk_group and Megatron-LM's --moe-router-num-groups and
// --moe-router-group-topk are read and written, and a design routed to fewer nodes sends fewer tokens over
// the network (comm/expertdispatch.h heldMissProbability, worked by hand in tst_expertdispatch).

#include "catalog/catalog.h"
#include "catalog/hfconfig.h"
#include "catalog/presetio.h"
#include "comm/expertdispatch.h"
#include "design/designio.h"
#include "evaluate.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

namespace {

// DeepSeek-V3 with EP 64 over eight DGX-H100 and DeepEP, as in Megatron-Bridge's H100 recipe
// (docs/kernel-model.md, the held-out DeepSeek-V3 rows), shrunk to one pipeline of 64 GPUs.
Design deepSeekOnEightNodes(int groups, int chosen)
{
    const LoadResult loaded = testing::patched("mixtral-8x7b-ep8", R"({"model": "deepseek-v3",
        "workload": {"globalBatch": 512, "precision": "fp8", "fp8Recipe": "blockwise"},
        "cluster": {"fabric": "ib-ndr-400", "uniform": {"nodes": 8, "gpusPerNode": 8, "gpu": "h100-sxm-80gb",
                                                       "intraLink": "nvlink4"}},
        "layout": {"tp": 1, "pp": 1, "dp": 64, "ep": 64, "expertMode": "megatron", "recompute": "full",
                   "zeroStage": 1, "moeDispatcher": "deepep"}})");
    if (!loaded.ok())
        qFatal("%s", qPrintable(testing::describe(loaded.diagnostics)));
    Design d = *loaded.design;
    d.model.moe.routerGroups = groups;
    d.model.moe.routerGroupTopK = chosen;
    return d;
}

const Diagnostic* groupError(const std::vector<Diagnostic>& diagnostics)
{
    const auto it = std::find_if(diagnostics.begin(), diagnostics.end(),
                                 [](const Diagnostic& d) { return d.code == "model-router-groups"; });
    return it == diagnostics.end() ? nullptr : &*it;
}

} // namespace

class TestGroupRouting : public QObject
{
    Q_OBJECT
private slots:
    void presetAndJson();
    void badDivision_data();
    void badDivision();
    void huggingFaceConfig();
    void megatronFlags();
    void fewerNodesOverTheNetwork();
};

// DeepSeek-V3's config.json: n_group 8, topk_group 4; a model without groups writes no key, so a design
// saved before reads and saves the same.
void TestGroupRouting::presetAndJson()
{
    const ModelArchitecture* deepSeek = Catalog::builtin().model("deepseek-v3");
    QVERIFY(deepSeek);
    QCOMPARE(deepSeek->moe.routerGroups, 8);
    QCOMPARE(deepSeek->moe.routerGroupTopK, 4);
    QVERIFY(deepSeek->moe.groupLimited());
    QVERIFY(deepSeek->notModelled.empty()); // no longer a warning on every DeepSeek-V3 design
    const Json written = modelToJson(*deepSeek, false);
    QCOMPARE(written["moe"]["routerGroups"].get<int>(), 8);
    QCOMPARE(written["moe"]["routerGroupTopK"].get<int>(), 4);
    const ModelArchitecture* mixtral = Catalog::builtin().model("mixtral-8x7b");
    QVERIFY(mixtral && !mixtral->moe.groupLimited());
    QVERIFY(!modelToJson(*mixtral, false)["moe"].contains("routerGroups"));

    // Changed, a preset is saved as its overrides and read back with them.
    Design design = deepSeekOnEightNodes(8, 2);
    const LoadResult back = loadDesign(saveDesign(design));
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->model.moe.routerGroupTopK, 2);
    QCOMPARE(back.design->model.moe.routerGroups, 8);
    design.model.moe.routerGroups = design.model.moe.routerGroupTopK = 0;
    const LoadResult cleared = loadDesign(saveDesign(design));
    QVERIFY(cleared.ok());
    QVERIFY(!cleared.design->model.moe.groupLimited());
}

// Megatron-Core views the router's scores as [tokens, groups, experts / groups] and takes top-k from the
// chosen groups (moe_utils.py group_limited_topk): what it could not run is an error at the field.
void TestGroupRouting::badDivision_data()
{
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("chosen");
    QTest::addColumn<QString>("path"); // empty: valid
    QTest::newRow("4 of 8: DeepSeek-V3") << 8 << 4 << "";
    QTest::newRow("1 of 8: 32 experts hold top-8") << 8 << 1 << "";
    QTest::newRow("every group chosen: no limit") << 8 << 8 << "";
    QTest::newRow("7 groups do not divide 256 experts") << 7 << 4 << "/model/moe/routerGroups";
    QTest::newRow("more groups chosen than there are") << 8 << 9 << "/model/moe/routerGroupTopK";
    QTest::newRow("one of 64 groups of 4 cannot hold top-8") << 64 << 1 << "/model/moe/routerGroupTopK";
    QTest::newRow("groups without a count chosen") << 8 << 0 << "/model/moe/routerGroupTopK";
    QTest::newRow("a count chosen without groups") << 0 << 4 << "/model/moe/routerGroups";
    QTest::newRow("negative groups") << -8 << 4 << "/model/moe/routerGroups";
}

void TestGroupRouting::badDivision()
{
    QFETCH(int, groups);
    QFETCH(int, chosen);
    QFETCH(QString, path);
    const Evaluation e = evaluate(deepSeekOnEightNodes(groups, chosen));
    const Diagnostic* error = groupError(e.diagnostics);
    if (path.isEmpty()) {
        QVERIFY2(!error, qPrintable(testing::describe(e.diagnostics)));
        return;
    }
    QVERIFY2(error, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(QString::fromStdString(error->path), path);
    QCOMPARE(error->args,
             (std::vector<std::string>{"256", std::to_string(groups), std::to_string(chosen), "8"}));
    QVERIFY(!e.valid());
}

// DeepSeek-V3's config is read with its groups and says nothing is left out of the routing; Kimi K2's
// 1 of 1 group routes over all experts.
void TestGroupRouting::huggingFaceConfig()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/deepseek-v3.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const HfImportResult deepSeek = importHfConfig(file.readAll().toStdString());
    QVERIFY(deepSeek.model);
    QCOMPARE(deepSeek.model->moe, Catalog::builtin().model("deepseek-v3")->moe);
    for (const Diagnostic& d : deepSeek.diagnostics)
        QVERIFY2(d.path != "/n_group" && d.path != "/topk_group", d.message().c_str());
    Json kimi = Json::parse(R"({"architectures": ["DeepseekV3ForCausalLM"], "num_hidden_layers": 2,
        "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64,
        "moe_intermediate_size": 32, "n_routed_experts": 16, "num_experts_per_tok": 2, "n_group": 1,
        "topk_group": 1, "kv_lora_rank": 16, "qk_nope_head_dim": 16, "qk_rope_head_dim": 8, "v_head_dim": 16})");
    const HfImportResult one = importHfConfig(kimi.dump());
    QVERIFY(one.model);
    QCOMPARE(one.model->moe.routerGroups, 0);
    QCOMPARE(one.model->moe.routerGroupTopK, 0);
    kimi["n_group"] = 4;
    kimi["topk_group"] = 2;
    const HfImportResult two = importHfConfig(kimi.dump());
    QVERIFY(two.model && two.model->moe.groupLimited());
    QCOMPARE(two.model->moe.routerGroupTopK, 2);
}

// Written into a Megatron-LM script and read back; a script that gives the model without the flags routes
// over all experts (Megatron-LM's default, None), whatever the preset says.
void TestGroupRouting::megatronFlags()
{
    const Design design = deepSeekOnEightNodes(8, 4);
    const LaunchConfig config = launchConfig(design, evaluate(design), LaunchTarget::Megatron);
    const std::vector<std::string> words
        = testing::shellWords(config.text).value_or(std::vector<std::string>{});
    QCOMPARE(testing::valueAfter(words, "--moe-router-num-groups"), std::string("8"));
    QCOMPARE(testing::valueAfter(words, "--moe-router-group-topk"), std::string("4"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, design);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->model.moe, design.model.moe);

    std::string without = config.text;
    for (const char* flag : {" --moe-router-num-groups 8", " --moe-router-group-topk 4"}) {
        const auto at = without.find(flag);
        QVERIFY2(at != std::string::npos, flag);
        without.erase(at, std::string(flag).size());
    }
    const LaunchImport plain = importLaunch(LaunchFormat::Megatron, without, design);
    QVERIFY2(plain.ok(), qPrintable(testing::describe(plain.diagnostics)));
    QVERIFY(!plain.design->model.moe.groupLimited());

    // Alone, each flag as Megatron-Core takes it: the groups without a count limit nothing (a warning at the
    // flag), a count without groups is refused.
    std::string groupsAlone = without;
    groupsAlone.replace(groupsAlone.find(" --moe-router-topk"), 0, " --moe-router-num-groups 8");
    const LaunchImport alone = importLaunch(LaunchFormat::Megatron, groupsAlone, design);
    QVERIFY2(alone.ok(), qPrintable(testing::describe(alone.diagnostics)));
    QVERIFY(!alone.design->model.moe.groupLimited());
    const auto warning = std::find_if(alone.diagnostics.begin(), alone.diagnostics.end(),
                                      [](const Diagnostic& d) { return d.code == "launch-approximated"; });
    QVERIFY(warning != alone.diagnostics.end() && warning->path.starts_with("line "));
    QVERIFY2(warning->message().find("--moe-router-num-groups is read as routing over all experts")
                 != std::string::npos,
             warning->message().c_str());
    std::string countAlone = without;
    countAlone.replace(countAlone.find(" --moe-router-topk"), 0, " --moe-router-group-topk 4");
    const LaunchImport refused = importLaunch(LaunchFormat::Megatron, countAlone, design);
    QVERIFY(!refused.ok());
    QVERIFY(testing::hasCode(refused.diagnostics, "launch-unsupported"));

    // 0 is Megatron-Core's None (TransformerConfig tests the flags for truth): no groups, no warning; a
    // count with 0 groups is refused as one without.
    std::string zeroGroups = without;
    zeroGroups.replace(zeroGroups.find(" --moe-router-topk"), 0, " --moe-router-num-groups 0");
    const LaunchImport none = importLaunch(LaunchFormat::Megatron, zeroGroups, design);
    QVERIFY2(none.ok() && none.diagnostics.empty(), qPrintable(testing::describe(none.diagnostics)));
    QVERIFY(!none.design->model.moe.groupLimited());
    std::string zeroCount = groupsAlone;
    zeroCount.replace(zeroCount.find(" --moe-router-topk"), 0, " --moe-router-group-topk 0");
    const LaunchImport noCount = importLaunch(LaunchFormat::Megatron, zeroCount, design);
    QVERIFY2(noCount.ok() && testing::hasCode(noCount.diagnostics, "launch-approximated"),
             qPrintable(testing::describe(noCount.diagnostics)));
    QVERIFY(!noCount.design->model.moe.groupLimited());
    zeroGroups.replace(zeroGroups.find(" --moe-router-topk"), 0, " --moe-router-group-topk 4");
    const LaunchImport zeroRefused = importLaunch(LaunchFormat::Megatron, zeroGroups, design);
    QVERIFY(!zeroRefused.ok() && testing::hasCode(zeroRefused.diagnostics, "launch-unsupported"));

    std::string wrong = config.text;
    wrong.replace(wrong.find("--moe-router-num-groups 8"), 25, "--moe-router-num-groups x");
    const LaunchImport bad = importLaunch(LaunchFormat::Megatron, wrong, design);
    QVERIFY(!bad.ok() || testing::hasCode(bad.diagnostics, "io-value"));
}

// Routed to 4 of the 8 nodes, a token crosses the network 3.2 times where it would cross 4.6 times over
// all experts: the EP traffic over the fabric shrinks by that ratio, and the step is shorter.
void TestGroupRouting::fewerNodesOverTheNetwork()
{
    const Design limited = deepSeekOnEightNodes(8, 4);
    const Design any = deepSeekOnEightNodes(0, 0);
    const Evaluation l = evaluate(limited);
    const Evaluation a = evaluate(any);
    QVERIFY2(l.performance && a.performance, qPrintable(testing::describe(l.diagnostics)));
    QVERIFY(l.traffic && a.traffic);
    const double ratio = l.traffic->of(Dim::Ep).bytesOn(LinkClass::Fabric)
        / a.traffic->of(Dim::Ep).bytesOn(LinkClass::Fabric);
    const double copies = tokenCopies(MoeDispatcher::DeepEp, limited.model.moe, 64, 8).network
        / tokenCopies(MoeDispatcher::DeepEp, any.model.moe, 64, 8).network;
    QVERIFY2(std::abs(ratio - copies) < 1e-9, qPrintable(QStringLiteral("%1 %2").arg(ratio).arg(copies)));
    QVERIFY(copies < 0.7);
    QVERIFY(l.performance->stepSeconds < a.performance->stepSeconds);
    // The traffic's explanation names the groups it routed within, and only where there are some.
    const auto groupsInput = [](const Evaluation& e) {
        const std::vector<ExplanationInput>& inputs = e.traffic->of(Dim::Ep).explanation.inputs;
        const auto it = std::find_if(inputs.begin(), inputs.end(), [](const ExplanationInput& i) {
            return i.name == "expert groups (group-limited routing)";
        });
        return it == inputs.end() ? 0.0 : it->value;
    };
    QCOMPARE(groupsInput(l), 8.0);
    QCOMPARE(groupsInput(a), 0.0);
}

QTEST_GUILESS_MAIN(TestGroupRouting)
#include "tst_grouprouting.moc"
