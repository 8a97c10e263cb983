// SPDX-License-Identifier: GPL-3.0-or-later
// Activation memory under FP8: Transformer Engine keeps each linear layer's input for the weight gradient
// as the one-byte FP8 copy the GEMM read (transformer_engine/pytorch/module/linear.py, _Linear.forward:
// column-wise usage only); torchao's Float8Linear keeps the BF16 input (float8/float8_linear.py,
// ctx.save_for_backward(input_hp, weight_hp_t)). docs/frameworks.md, "FP8 activations".

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "memory/activations.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

Q_DECLARE_METATYPE(core::Design)

using namespace core;

namespace {

// Llama 3.1 70B (h 8,192, 64 query and 8 KV heads of 128, SwiGLU of 28,672) at TP 4 with sequence
// parallelism, 8,192 tokens, FlashAttention: one layer's activations.
Design llama70b(Framework framework, Precision precision, Fp8Recipe recipe = Fp8Recipe::Delayed)
{
    Design d = testing::onOneNode("llama-3.1-70b", 8, "h100-sxm-80gb", "nvlink4");
    d.layout.framework = framework;
    d.layout.setDegree(Dim::Tp, 4);
    d.layout.setDegree(Dim::Dp, 2);
    d.layout.sequenceParallel = true;
    d.layout.zeroStage = 1;
    d.layout.microBatch = 1;
    d.layout.recompute = Recompute::None;
    d.workload.sequenceLength = 8192;
    d.workload.globalBatch = 16;
    d.workload.precision = precision;
    d.workload.fp8Recipe = recipe;
    return d;
}

} // namespace

class TestFp8Activations : public QObject
{
    Q_OBJECT

private slots:
    void linearInputsInOneByte_data();
    void linearInputsInOneByte();
};

// Bytes per token of one layer, worked out term by term (memory/activations.h) with h = q = o = 8,192,
// k = v = 1,024 (KV shards min(TP, 8) = 4), f = 28,672, TP = SP = 4:
//   BF16:   norms 2·2h/4 = 8,192; attention 2h/4 + (2q + 2o)/4 + (2k + 2v)/4 = 13,312; log-sum-exp
//           4·64/4 = 64; MLP 2h/4 + (4f + 2f)/4 = 47,104: 68,672
//   TE FP8: QKV input h/4 (−2,048), the attention output's FP8 copy o/4 (+2,048); MLP input h/4 (−2,048),
//           second linear's input f/4 (−7,168): 59,456
//   FSDP2:  BF16 inputs as BF16, but the QKV and MLP inputs as gathered, 2h each where Megatron keeps 2h/4
//           (DTensor's all-gather saves its output, FrameworkProfile::tpSavesGatheredInput): +24,576, 93,248
//   FSDP2, tensorwise: torchao's float8 TP gathers the QKV and MLP inputs in FP8 and Float8Linear keeps
//           what it was given (float8_tensor_parallel.py): h each, −16,384, 76,864
void TestFp8Activations::linearInputsInOneByte_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("bytesPerToken");
    QTest::addColumn<bool>("quantisedInputs"); // every linear input kept as the GEMM's FP8 copy (TE)
    QTest::addColumn<bool>("quantisedGather"); // the gathered QKV and MLP inputs kept in FP8 (torchao)
    QTest::newRow("Megatron-Core, BF16")
        << llama70b(Framework::MegatronCore, Precision::Bf16Mixed) << 68672.0 << false << false;
    QTest::newRow("Megatron-Core, FP8 (TE keeps FP8 inputs)")
        << llama70b(Framework::MegatronCore, Precision::Fp8) << 59456.0 << true << false;
    QTest::newRow("FSDP2, FP8 delayed (torchao keeps BF16 inputs, gathered in BF16)")
        << llama70b(Framework::Fsdp2, Precision::Fp8) << 93248.0 << false << false;
    QTest::newRow("FSDP2, FP8 tensorwise (float8 TP gathers FP8, kept as gathered)")
        << llama70b(Framework::Fsdp2, Precision::Fp8, Fp8Recipe::Tensorwise) << 76864.0 << false << true;
    QTest::newRow("FSDP2, MXFP8 (gathered in BF16)")
        << llama70b(Framework::Fsdp2, Precision::Fp8, Fp8Recipe::Mxfp8) << 93248.0 << false << false;
    QTest::newRow("DeepSpeed, FP8 (counted as torchao)")
        << llama70b(Framework::DeepSpeed, Precision::Fp8) << 68672.0 << false << false;
}

void TestFp8Activations::linearInputsInOneByte()
{
    QFETCH(Design, design);
    QFETCH(double, bytesPerToken);
    QFETCH(bool, quantisedInputs);
    QFETCH(bool, quantisedGather);
    const ActivationConfig config = activationConfig(design);
    const LayerActivations layer = layerActivationBytes(design.model, false, config);
    QCOMPARE(layer.total() / 8192, bytesPerToken);
    // The Memory view's activation figure says when and why the inputs are one byte, with the source.
    const Evaluation e = evaluate(design);
    QVERIFY(e.memory && !e.memory->roles.empty());
    const Explanation& why = e.memory->roles.front().figure(MemoryCategory::Activations).explanation;
    const auto named = [&](const char* words) {
        return std::any_of(why.inputs.begin(), why.inputs.end(), [&](const ExplanationInput& i) {
            return i.name.find(words) != std::string::npos;
        });
    };
    QCOMPARE(named("FP8 copy"), quantisedInputs);
    QCOMPARE(why.source.find("linear.py") != std::string::npos, quantisedInputs);
    QCOMPARE(named("FP8, as gathered"), quantisedGather);
    QCOMPARE(why.source.find("float8_tensor_parallel.py") != std::string::npos, quantisedGather);
}

QTEST_APPLESS_MAIN(TestFp8Activations)
#include "tst_fp8activations.moc"
