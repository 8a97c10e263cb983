// SPDX-License-Identifier: GPL-3.0-or-later
// Selective recomputation as torchtitan runs it (FrameworkProfile::opLevelSelective;
// framework/oplevelpolicy.h: torchtitan distributed/activation_checkpoint.py, SelectiveAC and before it
// _apply_op_sac): of a layer's matrix products in forward order (wq, wk, wv, wo, w1, w3, w2; with MLA wq_a,
// wq_b, wkv_a, wkv_b, wo) the outputs of every second are recomputed, the others' kept, with the attention
// kernel's output and log-sum-exp and, under TP, the reduce-scatters' outputs; every other op is recomputed
// from the layer's input. A MoE block recomputes its router's gate and routed experts, keeps topk's output
// and, with EP, what its all-to-alls received. Llama 3.1 8B's widths from its config.json: hidden 4,096, 32
// query and 8 KV heads of 128, MLP 14,336; DeepSeek-V3's from its config.json: hidden 7,168, 128 heads,
// q_lora_rank 1,536, kv_lora_rank 512, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128, MLP 18,432,
// one shared expert of 2,048, top 8.

#include "catalog/catalog.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/oplevelpolicy.h"
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
    void moeBlockKeepsItsRouting();
    void expertAllToAllsKept();
    void mlaProducts();
    void mlaSavedBytes_data();
    void mlaSavedBytes();
    void mlaBackwardRedoesTheUpProjections();
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

// A MoE layer without EP (Mixtral's eight experts, no shared expert) keeps its attention's share and
// topk's output, 12 bytes (FP32 score, int64 index) a routed copy; its router and experts are recomputed,
// nothing is sent.
void TestOpSelective::moeBlockKeepsItsRouting()
{
    Design d = titan(1);
    d.model = *Catalog::builtin().model("mixtral-8x7b");
    const ActivationConfig c = activationConfig(d);
    const LayerActivations moe = layerActivationBytes(d.model, true, c);
    QCOMPARE(moe.mlp / (c.tokens * c.microBatch), 12.0 * 2);
    QVERIFY(moe.attention > 0);
    const LayerKernels k
        = layerKernels(d, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    QVERIFY(!k.parts.moeBlockRecomputed);
    double experts = 0;
    for (const LayerGemm& g : k.gemms)
        if (g.name == "router" || g.name.starts_with("experts-"))
            experts += g.times[kF].seconds;
    QVERIFY(experts > 0);
    QVERIFY(k.parts.selectiveRecomputeGemm > experts);
}

// With EP the dispatch's output (the copies the rank's experts receive, balanced: top 2 of each token) and
// the combine's (the rank's own tokens' copies) are kept, 2 × 2 × 2h bytes a token more, and the backward
// sends nothing again (torchtitan saves all_to_all_single's output).
void TestOpSelective::expertAllToAllsKept()
{
    Design local = titan(1);
    local.model = *Catalog::builtin().model("mixtral-8x7b");
    Design ep = local;
    ep.layout.setDegree(Dim::Ep, 8);
    const ActivationConfig c = activationConfig(ep);
    QVERIFY(c.expertAllToAll);
    const double perToken = c.tokens * c.microBatch;
    const double h = 4096;
    QCOMPARE(layerActivationBytes(ep.model, true, c).mlp / perToken
                 - layerActivationBytes(local.model, true, activationConfig(local)).mlp / perToken,
             2.0 * 2 * 2 * h);
    const LayerKernels k
        = layerKernels(ep, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    QVERIFY(!k.parts.moeBlockRecomputed);
}

// DeepSeek-V3's attention with a query rank: wq_a (kept), wq_b, wkv_a (kept), wkv_b, wo (kept); its dense
// MLP then counts on: w1 sixth (recomputed), w3 (kept), w2 (recomputed); the shared expert of a MoE layer
// the same. Each product's share of the QKV GEMM is its weight's: 7,168 × 1,536; 1,536 × 128 × 192;
// 7,168 × 576; 512 × 128 × 256.
void TestOpSelective::mlaProducts()
{
    const ModelArchitecture m = *Catalog::builtin().model("deepseek-v3");
    const OpLevelProducts dense = opLevelProducts(m, false);
    const std::vector<std::string_view> names{"wq_a", "wq_b", "wkv_a", "wkv_b", "wo", "w1", "w3", "w2"};
    QCOMPARE(dense.size(), names.size());
    const double total = 7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512.0 * 128 * 256;
    const std::vector<double> shares{7168.0 * 1536 / total,
                                     1536.0 * 128 * 192 / total,
                                     7168.0 * 576 / total,
                                     512.0 * 128 * 256 / total,
                                     1,
                                     0.5,
                                     0.5,
                                     1};
    for (std::size_t i = 0; i < names.size(); ++i) {
        QCOMPARE(dense[i].name, names[i]);
        QCOMPARE(dense[i].kept, i % 2 == 0);
        QCOMPARE(dense[i].gemmShare, shares[i]);
    }
    const OpLevelProducts moe = opLevelProducts(m, true);
    QCOMPARE(moe.size(), names.size());
    QCOMPARE(moe[5].gemm, std::string_view("shared-fc1"));
    QCOMPARE(moe[7].gemm, std::string_view("shared-fc2"));
    QVERIFY(!moe[5].kept && moe[6].kept && !moe[7].kept);
    // Without a query rank wq takes wq_a's and wq_b's place, and the parity moves: wq, wkv_b and w1 kept.
    ModelArchitecture direct = m;
    direct.mla.qLoraRank = 0;
    const OpLevelProducts v2 = opLevelProducts(direct, false);
    QCOMPARE(v2[0].name, std::string_view("wq"));
    QVERIFY(v2[0].kept && !v2[1].kept && v2[2].kept && !v2[3].kept && v2[4].kept && !v2[5].kept);
}

// Per token of one DeepSeek-V3 layer at TP 1: the input 2h; the kernel's output 2 × 128 × 128 and its
// log-sum-exp 4 × 128; wq_a's 2 × 1,536, wkv_a's 2 × 576, wo's 2h; a dense layer's w3 2 × 18,432; a MoE
// layer's shared w3 2 × 2,048 and topk's 12 × 8.
void TestOpSelective::mlaSavedBytes_data()
{
    QTest::addColumn<bool>("moe");
    QTest::addColumn<double>("bytes");
    const double h = 7168, attention = 2 * h + 2 * 128 * 128 + 4 * 128 + 2 * 1536 + 2 * 576 + 2 * h;
    QTest::newRow("dense layer") << false << attention + 2 * 18432; // 103,040
    QTest::newRow("MoE layer") << true << attention + 2 * 2048 + 12 * 8; // 70,368
}

void TestOpSelective::mlaSavedBytes()
{
    QFETCH(bool, moe);
    QFETCH(double, bytes);
    Design d = titan(1);
    d.model = *Catalog::builtin().model("deepseek-v3");
    QCOMPARE(perToken(d, moe), bytes);
}

// Before its backward a dense DeepSeek-V3 layer runs wq_b and wkv_b again (their weights' share of the QKV
// GEMM, 0.783), w1 (half the gate and up product) and w2, not wo.
void TestOpSelective::mlaBackwardRedoesTheUpProjections()
{
    Design d = titan(1);
    d.model = *Catalog::builtin().model("deepseek-v3");
    const LayerKernels k
        = layerKernels(d, 0, *Catalog::builtin().gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    const double up = (1536.0 * 128 * 192 + 512.0 * 128 * 256)
        / (7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512.0 * 128 * 256);
    double gemm = 0;
    for (const LayerGemm& g : k.gemms) {
        const double share = g.name == "qkv" ? up : g.name == "fc1" ? 0.5 : g.name == "fc2" ? 1.0 : 0.0;
        gemm += share * g.times[kF].seconds;
    }
    QVERIFY(gemm > 0);
    QCOMPARE(k.parts.selectiveRecomputeGemm, gemm);
}

QTEST_APPLESS_MAIN(TestOpSelective)
#include "tst_opselective.moc"
