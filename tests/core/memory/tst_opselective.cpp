// SPDX-License-Identifier: GPL-3.0-or-later
// Selective recomputation as torchtitan runs it (FrameworkProfile::opLevelSelective; torchtitan
// distributed/activation_checkpoint.py _apply_op_sac): of a layer's matrix products in forward order (wq, wk,
// wv, wo, w1, w3, w2) the outputs of every second are recomputed, the others' kept, with the attention
// kernel's output and log-sum-exp and, under TP, the reduce-scatters' outputs; every other op is recomputed
// from the layer's input, a MoE block whole. Llama 3.1 8B's widths from its config.json: hidden 4,096, 32
// query and 8 KV heads of 128, MLP 14,336.

#include "catalog/catalog.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "memory/activations.h"
#include "pipeline/layerkernels.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);

// Llama 3.1 8B on eight H100 with FSDP2 (the FSDP example), selective recomputation, TP as given.
Design titan(int tp, Framework framework = Framework::Fsdp2)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.layout.framework = framework;
    d.layout.recompute = Recompute::Selective;
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Dp, 8 / tp);
    d.layout.sequenceParallel = tp > 1;
    return d;
}

double perToken(const Design& d, bool moe = false)
{
    const ActivationConfig c = activationConfig(d);
    return layerActivationBytes(d.model, moe, c).total() / (c.tokens * c.microBatch);
}

} // namespace

class TestOpSelective : public QObject
{
    Q_OBJECT

private slots:
    void whichFrameworkRunsIt();
    void savedBytes_data();
    void savedBytes();
    void backwardRedoesEverySecondProduct();
    void moeBlockWhole();
};

// FSDP2 runs torchtitan's policy, Megatron-Core and DeepSpeed their module-level selective; modules named
// make it Megatron-Core's anywhere (frameworks.json says where each comes from).
void TestOpSelective::whichFrameworkRunsIt()
{
    QVERIFY(opLevelSelective(titan(1)));
    QVERIFY(!opLevelSelective(titan(1, Framework::MegatronCore)));
    QVERIFY(!opLevelSelective(titan(1, Framework::DeepSpeed)));
    Design modules = titan(1);
    modules.layout.recomputeModules = {RecomputeModule::CoreAttn};
    QVERIFY(!opLevelSelective(modules));
    Design full = titan(1);
    full.layout.recompute = Recompute::Full;
    QVERIFY(!opLevelSelective(full));
    QVERIFY(!frameworkProfile(Framework::Fsdp2).selectiveSource.empty());
}

// Per token of one layer: the input 2h; wq's, wv's and attention's outputs 2q, 2kv, 2q; the log-sum-exp 4
// per head; w1's output 2f; w2's 2h (the partial sum of every token under TP); under TP with sequence
// parallelism the widths and the heads over TP, the input and the two reduce-scatters' outputs (2h each) on
// the sequence shard. Megatron-Core's selective (core_attn) keeps the norms' inputs and outputs, Q, K, V,
// the attention output and the MLP's gate, up and second input: 139,264.
void TestOpSelective::savedBytes_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("framework");
    QTest::addColumn<double>("bytes");
    const double h = 4096, q = 4096, kv = 1024, f = 14336, heads = 32;
    QTest::newRow("op level, TP 1") << 1 << int(Framework::Fsdp2)
                                    << 2 * h + 2 * (q + kv + q) + 4 * heads + 2 * f + 2 * h; // 63,616
    QTest::newRow("op level, TP 2") << 2 << int(Framework::Fsdp2)
                                    << 2 * h / 2 + 2 * (q / 2 + kv / 2 + q / 2) + 2 * h / 2 + 4 * heads / 2
            + 2 * f / 2 + 2 * h + 2 * h / 2; // 44,096
    QTest::newRow("Megatron-Core's, TP 1")
        << 1 << int(Framework::MegatronCore)
        << 4 * h + (2 * h + 2 * q + 2 * q + 2 * kv + 2 * kv) + (2 * h + 6 * f); // 139,264
}

void TestOpSelective::savedBytes()
{
    QFETCH(int, tp);
    QFETCH(int, framework);
    QFETCH(double, bytes);
    QCOMPARE(perToken(titan(tp, Framework(framework))), bytes);
}

// Before its backward the layer runs again wk (kv / (q + 2kv) of the QKV product), wo and w3 (half of the
// gate and up product), and every elementwise step of its forward; attention's products are kept, not
// recomputed. The hardware FLOPs count the three products once more.
void TestOpSelective::backwardRedoesEverySecondProduct()
{
    const Design d = titan(1);
    const LayerKernels k
        = layerKernels(d, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    double gemm = 0, flops = 0;
    for (const LayerGemm& g : k.gemms) {
        const double share = g.name == "qkv" ? 1024.0 / (4096 + 2 * 1024)
            : g.name == "projection"         ? 1.0
            : g.name == "fc1"                ? 0.5
                                             : 0.0;
        gemm += share * g.times[kF].seconds;
        flops += share * g.times[kF].flops;
    }
    QVERIFY(gemm > 0);
    QVERIFY(!k.parts.coreAttentionRecomputed);
    QCOMPARE(k.parts.selectiveRecomputeGemm, gemm);
    QCOMPARE(k.parts.selectiveRecompute, gemm + k.parts.elementwiseForward);
    QCOMPARE(k.selectiveRecomputeFlops, flops);
    // Megatron-Core's selective redoes attention instead.
    const LayerKernels megatron
        = layerKernels(titan(1, Framework::MegatronCore), 0, *Catalog::builtin().gpu("h100-sxm-80gb"),
                       GemmModel::builtin(), 1.0);
    QVERIFY(megatron.parts.coreAttentionRecomputed);
    QCOMPARE(megatron.parts.selectiveRecompute, 0.0);
    // The step: slower than no recomputation, faster than recomputing every layer whole.
    Design none = titan(1), full = titan(1);
    none.layout.recompute = Recompute::None;
    full.layout.recompute = Recompute::Full;
    const double op = evaluate(titan(1)).performance->stepSeconds;
    QVERIFY(op > evaluate(none).performance->stepSeconds);
    QVERIFY(op < evaluate(full).performance->stepSeconds);
}

// A MoE layer keeps its attention's share only: the block (router, experts, their dispatch) is recomputed.
void TestOpSelective::moeBlockWhole()
{
    Design d = titan(1);
    d.model = *Catalog::builtin().model("mixtral-8x7b");
    const ActivationConfig c = activationConfig(d);
    const LayerActivations moe = layerActivationBytes(d.model, true, c);
    QCOMPARE(moe.mlp, 0.0);
    QVERIFY(moe.attention > 0);
    const LayerKernels k
        = layerKernels(d, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    QVERIFY(k.parts.moeBlockRecomputed);
}

QTEST_APPLESS_MAIN(TestOpSelective)
#include "tst_opselective.moc"
