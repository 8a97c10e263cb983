// SPDX-License-Identifier: GPL-3.0-or-later
// Selective recomputation by module (layout.h RecomputeModule, Megatron-Core's recompute_modules): what each
// module leaves out of a layer's saved activations, what its backward redoes, and how the design carries it.
// The bytes per token come from the models' configurations (DeepSeek-V3 and Llama 3.1 8B config.json).

#include "catalog/catalog.h"
#include "design/designfield.h"
#include "evaluate.h"
#include "launch/launchconfig.h"
#include "memory/activations.h"
#include "pipeline/layerkernels.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);

// One rank's saved bytes per token of one layer, BF16 activations, TP 1, no SP, one sequence of 4,096.
double perToken(const char* model, bool moe, std::vector<RecomputeModule> modules)
{
    ActivationConfig c;
    c.tokens = 4096;
    c.attendedTokens = 4096;
    c.recompute = modules.empty() ? Recompute::None : Recompute::Selective;
    c.recomputeModules = 0;
    for (RecomputeModule m : modules)
        c.recomputeModules |= 1u << static_cast<unsigned>(m);
    return layerActivationBytes(*Catalog::builtin().model(model), moe, c).total() / 4096;
}

// Llama 3.1 8B on eight H100 as the FSDP example, data parallel, without recomputation unless set.
Design llama(Recompute recompute, std::vector<RecomputeModule> modules = {})
{
    Design d = testing::example("fsdp-1node-8gpu");
    // Megatron-Core's modules: selective without modules is the framework's own, for FSDP2 torchtitan's
    // op-level policy (tst_opselective).
    d.layout.framework = Framework::MegatronCore;
    d.layout.recompute = recompute;
    d.layout.recomputeModules = std::move(modules);
    return d;
}

} // namespace

class TestRecomputeModules : public QObject
{
    Q_OBJECT

private slots:
    void savedBytesPerModule_data();
    void savedBytesPerModule();
    void backwardRedoesTheModule();
    void hardwareFlopsCountTheRedoneWork();
    void moeBlockSendsItsTokensAgain();
    void fieldAndFile();
};

// Per token, from the configurations: DeepSeek-V3's MLA makes Q and K of 128 heads × 192 and V of 128 × 128
// (2 bytes each: 131,072); its MoE layer's 8 routed copies keep their 2,048-wide activation outputs (8 × 2 ×
// 2,048 = 32,768) and its shared expert gate, up and output (6 × 2,048 = 12,288); Llama 3.1 8B's two norm
// outputs are 2 × 2 × 4,096 = 16,384 and its MLP's gate, up and FC2 input 6 × 14,336 = 86,016;
// FlashAttention's log-sum-exp 4 bytes for each of the 32 heads.
void TestRecomputeModules::savedBytesPerModule_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("moe");
    QTest::addColumn<int>("module");
    QTest::addColumn<double>("dropped");
    QTest::newRow("mla_up_proj, DeepSeek-V3")
        << "deepseek-v3" << true << int(RecomputeModule::MlaUpProj) << 131072.0;
    QTest::newRow("moe_act, DeepSeek-V3") << "deepseek-v3" << true << int(RecomputeModule::MoeAct) << 32768.0;
    QTest::newRow("shared_experts, DeepSeek-V3")
        << "deepseek-v3" << true << int(RecomputeModule::SharedExperts) << 12288.0;
    QTest::newRow("layernorm, Llama 3.1 8B")
        << "llama-3.1-8b" << false << int(RecomputeModule::Layernorm) << 16384.0;
    QTest::newRow("mlp, Llama 3.1 8B") << "llama-3.1-8b" << false << int(RecomputeModule::Mlp) << 86016.0;
    QTest::newRow("core_attn, Llama 3.1 8B")
        << "llama-3.1-8b" << false << int(RecomputeModule::CoreAttn) << 128.0;
    // transformer_layer.py: "mlp" recomputes dense layers only; a MoE layer keeps its block.
    QTest::newRow("mlp on a MoE layer") << "deepseek-v3" << true << int(RecomputeModule::Mlp) << 0.0;
    // MLA's up-projections on a model without MLA: nothing.
    QTest::newRow("mla_up_proj, Llama 3.1 8B")
        << "llama-3.1-8b" << false << int(RecomputeModule::MlaUpProj) << 0.0;
}

void TestRecomputeModules::savedBytesPerModule()
{
    QFETCH(QString, model);
    QFETCH(bool, moe);
    QFETCH(int, module);
    QFETCH(double, dropped);
    const std::string id = model.toStdString();
    // Against core_attn alone (the default) for the others, against none for core_attn itself.
    const auto m = static_cast<RecomputeModule>(module);
    const double base = m == RecomputeModule::CoreAttn
        ? perToken(id.c_str(), moe, {})
        : perToken(id.c_str(), moe, {RecomputeModule::CoreAttn});
    const double with = m == RecomputeModule::CoreAttn
        ? perToken(id.c_str(), moe, {RecomputeModule::CoreAttn})
        : perToken(id.c_str(), moe, {RecomputeModule::CoreAttn, m});
    QCOMPARE(base - with + 1.0, dropped + 1.0);
    // The whole MoE block keeps only its input.
    const double block = perToken("deepseek-v3", true, {RecomputeModule::Moe});
    const double dense = perToken("deepseek-v3", true, {RecomputeModule::CoreAttn});
    QVERIFY(block < dense - 32768.0 - 12288.0);
}

// The input-gradient pass of a layer grows by the forward of what it recomputes: mlp redoes FC1 and FC2
// (and the activation), no less; core_attn alone is what selective recomputation cost before.
void TestRecomputeModules::backwardRedoesTheModule()
{
    const Evaluation plain = evaluate(llama(Recompute::Selective));
    const Evaluation mlp
        = evaluate(llama(Recompute::Selective, {RecomputeModule::CoreAttn, RecomputeModule::Mlp}));
    QVERIFY(plain.schedule && mlp.schedule);
    const StageWork& a = plain.schedule->times.stages.front();
    const StageWork& b = mlp.schedule->times.stages.front();
    const double added = b.denseLayer[kI].seconds - a.denseLayer[kI].seconds;
    const Design d = llama(Recompute::None);
    const LayerKernels k
        = layerKernels(d, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    const double mlpForward = k.parts.fc1[kF] + k.parts.fc2[kF];
    qInfo("input gradient +%.3f ms for FC1 and FC2 of %.3f ms", 1e3 * added, 1e3 * mlpForward);
    QVERIFY(added >= mlpForward);
    QVERIFY(added < 1.2 * mlpForward); // and its activation, an HBM pass
    QCOMPARE(a.denseLayer[kF].seconds, b.denseLayer[kF].seconds);
    // The memory: less per layer.
    QVERIFY(mlp.memory->peakBytes < plain.memory->peakBytes);
}

// The hardware FLOPs count the recomputed GEMMs: for mlp on Llama 3.1 8B, every layer's gated MLP forward,
// 2 · 3 · h · ffn per token, over the step's tokens.
void TestRecomputeModules::hardwareFlopsCountTheRedoneWork()
{
    const Design d = llama(Recompute::Selective, {RecomputeModule::Mlp});
    const Evaluation e = evaluate(d);
    QVERIFY(e.performance);
    const ModelArchitecture& m = d.model;
    const double tokens
        = static_cast<double>(d.workload.globalBatch) * static_cast<double>(d.workload.sequenceLength);
    const double expected
        = tokens * m.layers * 2.0 * 3.0 * static_cast<double>(m.hidden) * static_cast<double>(m.ffn);
    const double extra = e.performance->hardwareFlopsPerStep - e.performance->modelFlopsPerStep;
    qInfo("hardware − model FLOPs %.4g, the MLPs' forward %.4g", extra, expected);
    QVERIFY(std::abs(extra / expected - 1) < 1e-6);
}

// A recomputed MoE block sends its tokens to the experts and back once more before its backward
// (moe_layer.py checkpoints dispatch and combine with the experts).
void TestRecomputeModules::moeBlockSendsItsTokensAgain()
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.layout.recompute = Recompute::Selective;
    const Evaluation plain = evaluate(d);
    d.layout.recomputeModules = {RecomputeModule::Moe};
    const Evaluation block = evaluate(d);
    QVERIFY2(plain.schedule && block.schedule, qPrintable(testing::describe(block.diagnostics)));
    const auto allToAlls = [](const StageWork& stage) {
        int count = 0;
        for (const CommBand& band : stage.moeLayer[kI].bands)
            count += band.kind == CommKind::ExpertParallel ? 1 : 0;
        return count;
    };
    const StageWork& a = plain.schedule->times.stages.front();
    const StageWork& b = block.schedule->times.stages.front();
    QVERIFY(a.moeLayer[kI].seconds < b.moeLayer[kI].seconds);
    QCOMPARE(allToAlls(b), allToAlls(a) + 2);
    QVERIFY(block.memory->peakBytes < plain.memory->peakBytes);
}

// The inspector's text field and the design file: names as Megatron-Core writes them, core_attn alone the
// default; an unknown name is rejected in the field and a located error in the file.
void TestRecomputeModules::fieldAndFile()
{
    Design d = llama(Recompute::Selective);
    QVERIFY(setField(d, Field::RecomputeModules, FieldValue{std::string("mla_up_proj, mlp mla_up_proj")}));
    QVERIFY(d.layout.recomputeModules
            == (std::vector<RecomputeModule>{RecomputeModule::MlaUpProj, RecomputeModule::Mlp}));
    QCOMPARE(std::get<std::string>(getField(d, Field::RecomputeModules)), std::string("mla_up_proj, mlp"));
    QVERIFY(!setField(d, Field::RecomputeModules, FieldValue{std::string("mlp, attention")}));
    QVERIFY(setField(d, Field::RecomputeModules, FieldValue{std::string("core_attn")}));
    QVERIFY(d.layout.recomputeModules.empty());

    d.layout.recomputeModules = {RecomputeModule::Layernorm, RecomputeModule::MoeAct};
    const Json saved = designToJson(d);
    QVERIFY(saved.at("layout").at("recomputeModules") == Json::parse(R"(["layernorm", "moe_act"])"));
    QVERIFY(designFromJson(saved).design->layout.recomputeModules == d.layout.recomputeModules);
    QVERIFY(!designToJson(llama(Recompute::Selective)).at("layout").contains("recomputeModules"));
    // torchtitan's selective recomputation is op-level: its export says it runs that instead.
    const LaunchConfig titan = launchConfig(d, evaluate(d), LaunchTarget::Torchtitan);
    bool noted = false;
    for (const Diagnostic& note : titan.notes)
        noted = noted || (note.code == "export-recompute" && note.path == "/layout/recomputeModules");
    QVERIFY2(noted, qPrintable(testing::describe(titan.notes)));

    Json bad = saved;
    bad["layout"]["recomputeModules"] = Json::parse(R"(["layernorm", "attention"])");
    const LoadResult wrong = designFromJson(bad);
    QVERIFY(!wrong.design);
    bool located = false;
    for (const Diagnostic& diagnostic : wrong.diagnostics)
        located = located || diagnostic.path == "/layout/recomputeModules/1";
    QVERIFY2(located, qPrintable(testing::describe(wrong.diagnostics)));
}

QTEST_APPLESS_MAIN(TestRecomputeModules)
#include "tst_recomputemodules.moc"
