// SPDX-License-Identifier: GPL-3.0-or-later
// Tensor-parallel all-gathers under FP8 move the quantised copies where the framework gathers them so
// (frameworks.json fp8TpGatherRecipes; docs/communication-volume.md, "Under FP8"). Transformer Engine 2.x
// gathers the norm's quantised output (layernorm_linear.py, gather_along_first_dim(ln_out, tp_group,
// quantizer=input_quantizer)) and the incoming gradient (module/base.py grad_output_preprocess) under every
// recipe: one byte per-tensor (distributed.py _all_gather_fp8), and with MXFP8 or blockwise scaling a scale
// per 32 values, the gradient's row- and column-wise copies both (_all_gather_mxfp8). torchao's float8 TP
// (float8_tensor_parallel.py, torchtitan) casts before both gathers, tensorwise only. Reduce-scatters sum in
// BF16; a MoE block's gathers are its dispatcher's, in BF16.

#include "comm/groupcollective.h"
#include "evaluate.h"
#include "pipeline/stagetime.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// `model` over 8 H100 at TP 8 with sequence parallelism, trained in `precision` under `recipe` on
// `framework`, micro-batch `microBatch`.
Design tpDesign(const char* model, Framework framework, Precision precision, Fp8Recipe recipe,
                int microBatch = 1)
{
    Design d = testing::onOneNode(model, 8, "h100-sxm-80gb", "nvlink4");
    d.layout.framework = framework;
    d.layout.setDegree(Dim::Dp, 1);
    d.layout.setDegree(Dim::Tp, 8);
    d.layout.sequenceParallel = true;
    d.layout.zeroStage = 1;
    d.layout.microBatch = microBatch;
    d.layout.recompute = Recompute::Full;
    d.workload.sequenceLength = 4096;
    d.workload.globalBatch = 8;
    d.workload.precision = precision;
    d.workload.fp8Recipe = recipe;
    return d;
}

Design llama(Framework framework, Precision precision, Fp8Recipe recipe, int microBatch = 1)
{
    return tpDesign("llama-3.1-8b", framework, precision, recipe, microBatch);
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestFp8TpGather : public QObject
{
    Q_OBJECT

private slots:
    void bytesPerValue_data();
    void bytesPerValue();
    void servingGathersItsActivations();
    void trafficTable();
    void stepTimesTheSmallerGathers();
    void theGroupsMessage();
};

void TestFp8TpGather::bytesPerValue_data()
{
    QTest::addColumn<int>("framework");
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("recipe");
    QTest::addColumn<double>("input");
    QTest::addColumn<double>("gradient");
    const int mc = int(Framework::MegatronCore), fp8 = int(Precision::Fp8);
    const double scaled = 1 + 1.0 / 32;
    QTest::newRow("Megatron-Core, delayed scaling: the FP8 bytes")
        << mc << fp8 << int(Fp8Recipe::Delayed) << 1.0 << 1.0;
    QTest::newRow("Megatron-Core, current scaling") << mc << fp8 << int(Fp8Recipe::Tensorwise) << 1.0 << 1.0;
    QTest::newRow("Megatron-Core, MXFP8: scales, the gradient's two copies")
        << mc << fp8 << int(Fp8Recipe::Mxfp8) << scaled << 2 * scaled;
    QTest::newRow("Megatron-Core, blockwise")
        << mc << fp8 << int(Fp8Recipe::Blockwise) << scaled << 2 * scaled;
    QTest::newRow("Megatron-Core, BF16")
        << mc << int(Precision::Bf16Mixed) << int(Fp8Recipe::Delayed) << 2.0 << 2.0;
    QTest::newRow("Megatron-Core, FP32")
        << mc << int(Precision::Fp32) << int(Fp8Recipe::Delayed) << 4.0 << 4.0;
    QTest::newRow("FSDP2 (torchao float8 TP), tensorwise")
        << int(Framework::Fsdp2) << fp8 << int(Fp8Recipe::Tensorwise) << 1.0 << 1.0;
    QTest::newRow("FSDP2, MXFP8: BF16")
        << int(Framework::Fsdp2) << fp8 << int(Fp8Recipe::Mxfp8) << 2.0 << 2.0;
    QTest::newRow("DeepSpeed: BF16") << int(Framework::DeepSpeed) << fp8 << int(Fp8Recipe::Tensorwise) << 2.0
                                     << 2.0;
}

void TestFp8TpGather::bytesPerValue()
{
    QFETCH(int, framework);
    QFETCH(int, precision);
    QFETCH(int, recipe);
    QFETCH(double, input);
    QFETCH(double, gradient);
    const Design d = llama(Framework(framework), Precision(precision), Fp8Recipe(recipe));
    const TpGatherBytes bytes = tpGatherBytesPerElement(d);
    QCOMPARE(bytes.input, input);
    QCOMPARE(bytes.gradient, gradient);
}

// A serving engine's TP all-reduces its BF16 activations; the training rule does not reach it.
void TestFp8TpGather::servingGathersItsActivations()
{
    Design d = llama(Framework::MegatronCore, Precision::Fp8, Fp8Recipe::Tensorwise);
    d.workload.mode = Mode::Serving;
    QCOMPARE(tpGatherBytesPerElement(d).input, 2.0);
    QCOMPARE(tpGatherBytesPerElement(d).gradient, 2.0);
}

// The traffic table: per layer 2 input and 2 gradient all-gathers beside 4 BF16 reduce-scatters, so
// per-tensor FP8 moves (4 · 1 + 4 · 2) / (8 · 2) = 3/4 of BF16's TP bytes; a MoE layer's MLP gathers stay
// BF16: (2 · 1 + 2 · 2 + 4 · 2) / 16 = 7/8.
void TestFp8TpGather::trafficTable()
{
    for (const auto& [model, ratio] : {std::pair{"llama-3.1-8b", 0.75}, std::pair{"mixtral-8x7b", 0.875}}) {
        const Evaluation fp8
            = evaluate(tpDesign(model, Framework::MegatronCore, Precision::Fp8, Fp8Recipe::Delayed));
        const Evaluation bf16
            = evaluate(tpDesign(model, Framework::MegatronCore, Precision::Bf16Mixed, Fp8Recipe::Delayed));
        QVERIFY2(fp8.traffic && bf16.traffic, model);
        QVERIFY2(near(fp8.traffic->of(Dim::Tp).bytesPerGpu / bf16.traffic->of(Dim::Tp).bytesPerGpu, ratio),
                 qPrintable(QString::number(fp8.traffic->of(Dim::Tp).bytesPerGpu
                                            / bf16.traffic->of(Dim::Tp).bytesPerGpu)));
    }
}

// The step prices a dense layer's gathers at their bytes: per-tensor FP8 at micro-batch 2 moves what BF16
// moves at micro-batch 1, so its input and gradient gathers take that time, on the same links; the
// reduce-scatters and a MoE block's gather stay BF16 (twice that).
void TestFp8TpGather::stepTimesTheSmallerGathers()
{
    const Design fp8 = llama(Framework::MegatronCore, Precision::Fp8, Fp8Recipe::Tensorwise, 2);
    const Design bf16 = llama(Framework::MegatronCore, Precision::Bf16Mixed, Fp8Recipe::Tensorwise, 1);
    const Evaluation e8 = evaluate(fp8), e16 = evaluate(bf16);
    QVERIFY(e8.valid() && e16.valid());
    const LayerComm c8 = stageTimes(fp8, e8).stages.front().comm;
    const LayerComm c16 = stageTimes(bf16, e16).stages.front().comm;
    QVERIFY(c16.tpAllGather > 0);
    QVERIFY(near(c8.tpInputAllGather, c16.tpAllGather));
    QVERIFY(near(c8.tpGradientAllGather, c16.tpAllGather));
    QVERIFY(c8.tpAllGather > 1.5 * c8.tpInputAllGather);
    QVERIFY(c8.tpReduceScatter > 1.5 * c16.tpReduceScatter);
    // A framework that gathers BF16 under FP8 (DeepSpeed) takes the activations' time for all of them.
    const Design deepSpeed = llama(Framework::DeepSpeed, Precision::Fp8, Fp8Recipe::Tensorwise, 2);
    const LayerComm bf16Gathers = stageTimes(deepSpeed, evaluate(deepSpeed)).stages.front().comm;
    QVERIFY(near(bf16Gathers.tpInputAllGather, c8.tpAllGather));
    QVERIFY(near(bf16Gathers.tpGradientAllGather, c8.tpAllGather));
    // The step's explanation of its visible communication names the FP8 gathers' time.
    QVERIFY(e8.performance);
    bool named = false;
    for (const ExplanationInput& input : e8.performance->exposedExplanation.inputs)
        named = named
            || (input.name == "one TP all-gather of a layer's input, in FP8"
                && near(input.value, c8.tpInputAllGather));
    QVERIFY(named);
}

// The command line's `collective --group tp` prices the forward's gather of the input as the step does.
void TestFp8TpGather::theGroupsMessage()
{
    const Design d = llama(Framework::MegatronCore, Precision::Fp8, Fp8Recipe::Delayed);
    const Evaluation e = evaluate(d);
    const GroupCollectiveResult r = groupCollective(d, e, Dim::Tp, 0);
    QVERIFY2(r.group, r.problem.c_str());
    QVERIFY(r.group->spec.op == CollectiveOp::AllGather);
    QCOMPARE(r.group->message.bytesPerElement, 1.0);
    QVERIFY(near(r.group->message.bytes, 4096.0 * 1 * 4096 * 1)); // s · b · h · 1 byte
}

QTEST_GUILESS_MAIN(TestFp8TpGather)
#include "tst_fp8tpgather.moc"
