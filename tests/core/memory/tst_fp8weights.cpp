// SPDX-License-Identifier: GPL-3.0-or-later
// What the last stage and the weights take beside the activations, where the software changes it:
// - an FP8 weight is one byte, plus its transposed copy where the GPU's FP8 GEMMs take only the TN layout
//   (Hopper); Blackwell's take any layout (Transformer Engine pytorch/utils.py
//   is_non_tn_fp8_gemm_supported, compute capability 10.x), so per-tensor scaling keeps one copy there,
//   while MXFP8 and blockwise scaling keep a column-wise copy (their scales run along one axis); only the
//   GEMM weights are FP8 (Transformer Engine's Linear modules), the embedding, norms and output head BF16;
// - FP8 weights are the parameters only where Megatron-Core can gather them (--fp8-param-gather: the
//   distributed optimizer or FSDP, not blockwise); elsewhere BF16 weights keep TE's FP8 copies beside them,
//   and torchao keeps FSDP2's FP32 parameters and casts in each GEMM;
// - the logits: Megatron-LM's loss casts them to FP32 (vocab_parallel_cross_entropy(logits.float(), …)),
//   Transformer Engine's fused loss reads them in BF16 and writes their gradient in place.

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "memory/memory.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// Llama 3.1 8B with ZeRO-1 over 8 GPUs of one type, FP8 training with `recipe`.
Design llama8b(const char* gpu, const char* link, Fp8Recipe recipe)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, gpu, link);
    d.layout.framework = Framework::MegatronCore;
    d.layout.setDegree(Dim::Dp, 8);
    d.layout.zeroStage = 1;
    d.layout.recompute = Recompute::Full;
    d.workload.sequenceLength = 8192;
    d.workload.globalBatch = 32;
    d.workload.precision = Precision::Fp8;
    d.workload.fp8Recipe = recipe;
    return d;
}

} // namespace

class TestFp8Weights : public QObject
{
    Q_OBJECT

private slots:
    void weightBytes_data();
    void weightBytes();
    void fusedLossKeepsBf16Logits();
};

void TestFp8Weights::weightBytes_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("link");
    QTest::addColumn<int>("recipe");
    QTest::addColumn<double>("fp8"); // an FP8 weight's copies (fp8WeightBytes)
    QTest::addColumn<int>("framework");
    QTest::addColumn<int>("zero");
    QTest::addColumn<double>("gemm"); // what a GEMM weight takes
    QTest::addColumn<double>("other"); // what the other parameters take
    const int mc = int(Framework::MegatronCore);
    // Megatron-Core with the distributed optimizer keeps FP8 parameters (--fp8-param-gather).
    QTest::newRow("H100, delayed scaling: FP8 and its transpose")
        << "h100-sxm-80gb"
        << "nvlink4" << int(Fp8Recipe::Delayed) << 2.0 << mc << 1 << 2.0 << 2.0;
    QTest::newRow("H100, current scaling")
        << "h100-sxm-80gb"
        << "nvlink4" << int(Fp8Recipe::Tensorwise) << 2.0 << mc << 1 << 2.0 << 2.0;
    QTest::newRow("B200, current scaling: one copy")
        << "b200-180gb"
        << "nvlink5" << int(Fp8Recipe::Tensorwise) << 1.0 << mc << 1 << 1.0 << 2.0;
    QTest::newRow("B200, delayed scaling")
        << "b200-180gb"
        << "nvlink5" << int(Fp8Recipe::Delayed) << 1.0 << mc << 1 << 1.0 << 2.0;
    QTest::newRow("B200, MXFP8: row- and column-wise")
        << "b200-180gb"
        << "nvlink5" << int(Fp8Recipe::Mxfp8) << 2.0 << mc << 1 << 2.0 << 2.0;
    QTest::newRow("GB200, current scaling")
        << "gb200-186gb"
        << "nvlink5" << int(Fp8Recipe::Tensorwise) << 1.0 << mc << 1 << 1.0 << 2.0;
    // Without FP8 parameters the weights stay BF16 and Transformer Engine keeps their FP8 copies beside
    // them: blockwise recipes (fp8_param_gather False), and DDP (arguments.py: --fp8-param-gather needs the
    // distributed optimizer or FSDP).
    QTest::newRow("H100, blockwise: BF16 and both FP8 copies")
        << "h100-sxm-80gb"
        << "nvlink4" << int(Fp8Recipe::Blockwise) << 2.0 << mc << 1 << 4.0 << 2.0;
    QTest::newRow("H100, current scaling, DDP")
        << "h100-sxm-80gb"
        << "nvlink4" << int(Fp8Recipe::Tensorwise) << 2.0 << mc << 0 << 4.0 << 2.0;
    QTest::newRow("B200, current scaling, DDP: BF16 and one copy")
        << "b200-180gb"
        << "nvlink5" << int(Fp8Recipe::Tensorwise) << 1.0 << mc << 0 << 3.0 << 2.0;
    // torchao (torchtitan): FSDP2's FP32 parameters, cast to FP8 in each GEMM.
    QTest::newRow("H100, torchtitan FSDP2")
        << "h100-sxm-80gb"
        << "nvlink4" << int(Fp8Recipe::Tensorwise) << 2.0 << int(Framework::Fsdp2) << 3 << 4.0 << 4.0;
}

void TestFp8Weights::weightBytes()
{
    QFETCH(QString, gpu);
    QFETCH(QString, link);
    QFETCH(int, recipe);
    QFETCH(double, fp8);
    QFETCH(int, framework);
    QFETCH(int, zero);
    QFETCH(double, gemm);
    QFETCH(double, other);
    const std::string id = gpu.toStdString();
    QCOMPARE(fp8WeightBytes(static_cast<Fp8Recipe>(recipe), Catalog::builtin().gpu(id)), fp8);
    // The memory figure holds the rank's GEMM weights at `gemm` bytes and the rest at `other`. Llama 3.1
    // 8B's GEMM weights: 32 layers × (Q and O 2·h·h, K and V 2·h·8·128, gated MLP 3·h·ffn).
    Design d = llama8b(id.c_str(), link.toStdString().c_str(), static_cast<Fp8Recipe>(recipe));
    d.layout.framework = static_cast<Framework>(framework);
    d.layout.zeroStage = zero;
    const Evaluation e = evaluate(d);
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    const double h = 4096;
    const double gemmWeights = 32 * (2 * h * h + 2 * h * 8 * 128 + 3 * h * 14336);
    const double parameters = countParameters(d.model).all.total();
    QVERIFY(gemmWeights < parameters
            && gemmWeights > 0.85 * parameters); // embedding and head: the other 13 %
    const double shard = zero >= 3 ? 8.0 : 1.0; // FSDP2 shards the weights over the 8 ranks
    const double weights = e.memory->roles.front().figure(MemoryCategory::Parameters).bytes;
    const double expected = (gemmWeights * gemm + (parameters - gemmWeights) * other) / shard;
    QVERIFY2(std::abs(weights / expected - 1) < 1e-9,
             qPrintable(QString::number(weights * shard / parameters)));
    // The explanation gives both terms, so the figure can be redone from it.
    const Explanation& why = e.memory->roles.front().figure(MemoryCategory::Parameters).explanation;
    const auto input = [&](std::string_view name) {
        for (const ExplanationInput& i : why.inputs)
            if (i.name == name)
                return i.value;
        return -1.0;
    };
    QCOMPARE(input("weight bytes per parameter"), gemm);
    QCOMPARE(input("of Ψ_rank dense, the GEMM weights (FP8)"), gemmWeights);
    QCOMPARE(input("bytes per other dense parameter"), other);
}

void TestFp8Weights::fusedLossKeepsBf16Logits()
{
    QCOMPARE(fp8WeightBytes(Fp8Recipe::Tensorwise, nullptr), 2.0); // a GPU not known: both copies
    Design plain = llama8b("h100-sxm-80gb", "nvlink4", Fp8Recipe::Delayed);
    Design fused = plain;
    fused.layout.fusedCrossEntropy = true;
    const Evaluation a = evaluate(plain), b = evaluate(fused);
    QVERIFY(a.memory && b.memory);
    const auto temporary
        = [](const Evaluation& e) { return e.memory->roles.front().figure(MemoryCategory::Temporary).bytes; };
    // 4 bytes less per logit (Megatron-Core's FP32 logits with the BF16 ones beside them, 6, against the
    // fused loss's 2): s · b · V on the one stage, V = 128,256 (a multiple of 128 already).
    QCOMPARE(temporary(a) - temporary(b), 4.0 * 8192 * 128256);
}

QTEST_APPLESS_MAIN(TestFp8Weights)
#include "tst_fp8weights.moc"
