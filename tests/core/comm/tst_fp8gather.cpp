// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter all-gathers under FP8 move the weights as the framework keeps them: Megatron-Core with
// --fp8-param-gather (set by Megatron-Bridge's FP8-CS and MXFP8 recipes, training/mixed_precision.py) holds
// per-tensor FP8 weights in a uint8 buffer and gathers one byte each (core/distributed/
// param_and_grad_buffer.py); under MXFP8 it gathers BF16 and quantises after; blockwise recipes keep BF16
// weights. torchao (torchtitan, Accelerate) gathers BF16 unless enable_fsdp_float8_all_gather. Only the
// GEMM weights are FP8: embedding, norms, router and output head travel in BF16 either way.

#include "catalog/catalog.h"
#include "comm/groupcollective.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// Llama 3.1 8B over 8 B200 (which run every FP8 recipe) with `zero`, FP8 under `recipe` on `framework`.
Design llama8b(Framework framework, int zero, Precision precision, Fp8Recipe recipe)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, "b200-180gb", "nvlink5");
    d.layout.framework = framework;
    d.layout.setDegree(Dim::Dp, 8);
    d.layout.zeroStage = zero;
    d.layout.recompute = Recompute::Full;
    d.workload.sequenceLength = 8192;
    d.workload.globalBatch = 32;
    d.workload.precision = precision;
    d.workload.fp8Recipe = recipe;
    return d;
}

// Llama 3.1 8B's GEMM weights and the rest (embedding, output head, norms), from its architecture:
// 32 layers × (Q and O 2·h·h, K and V 2·h·8·128, gated MLP 3·h·14,336).
constexpr double kH = 4096;
constexpr double kGemm = 32 * (2 * kH * kH + 2 * kH * 8 * 128 + 3 * kH * 14336);

} // namespace

class TestFp8Gather : public QObject
{
    Q_OBJECT

private slots:
    void bytesPerWeight_data();
    void bytesPerWeight();
    void dataParallelTraffic();
    void distributedOptimizerGather();
    void fsdpUnitGather();
    void torchaoFloat8AllGather();
};

void TestFp8Gather::bytesPerWeight_data()
{
    QTest::addColumn<int>("framework");
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("recipe");
    QTest::addColumn<int>("gather"); // the design's fp8ParamGather: -1 unset (the framework's default), 0, 1
    QTest::addColumn<double>("bytes");
    const int mc = int(Framework::MegatronCore), fp8 = int(Precision::Fp8);
    QTest::newRow("Megatron-Core, current scaling: the FP8 bytes")
        << mc << fp8 << int(Fp8Recipe::Tensorwise) << -1 << 1.0;
    QTest::newRow("Megatron-Core, delayed scaling") << mc << fp8 << int(Fp8Recipe::Delayed) << -1 << 1.0;
    QTest::newRow("Megatron-Core, MXFP8: BF16, quantised after")
        << mc << fp8 << int(Fp8Recipe::Mxfp8) << -1 << 2.0;
    QTest::newRow("Megatron-Core, blockwise: BF16 weights")
        << mc << fp8 << int(Fp8Recipe::Blockwise) << -1 << 2.0;
    QTest::newRow("Megatron-Core, BF16")
        << mc << int(Precision::Bf16Mixed) << int(Fp8Recipe::Tensorwise) << -1 << 2.0;
    QTest::newRow("Megatron-Core, FP32")
        << mc << int(Precision::Fp32) << int(Fp8Recipe::Tensorwise) << -1 << 4.0;
    QTest::newRow("FSDP2 (torchao), current scaling: BF16")
        << int(Framework::Fsdp2) << fp8 << int(Fp8Recipe::Tensorwise) << -1 << 2.0;
    QTest::newRow("Megatron-Core, current scaling, --fp8-param-gather off: BF16")
        << mc << fp8 << int(Fp8Recipe::Tensorwise) << 0 << 2.0;
    QTest::newRow("FSDP2, current scaling, enable_fsdp_float8_all_gather: the FP8 bytes")
        << int(Framework::Fsdp2) << fp8 << int(Fp8Recipe::Tensorwise) << 1 << 1.0;
    QTest::newRow("FSDP2, MXFP8, enable_fsdp_float8_all_gather: BF16 (torchtitan mxfp8.md)")
        << int(Framework::Fsdp2) << fp8 << int(Fp8Recipe::Mxfp8) << 1 << 2.0;
    QTest::newRow("FSDP2, BF16, enable_fsdp_float8_all_gather: BF16")
        << int(Framework::Fsdp2) << int(Precision::Bf16Mixed) << int(Fp8Recipe::Tensorwise) << 1 << 2.0;
    QTest::newRow("DeepSpeed, current scaling: BF16")
        << int(Framework::DeepSpeed) << fp8 << int(Fp8Recipe::Tensorwise) << -1 << 2.0;
}

void TestFp8Gather::bytesPerWeight()
{
    QFETCH(int, framework);
    QFETCH(int, precision);
    QFETCH(int, recipe);
    QFETCH(int, gather);
    QFETCH(double, bytes);
    Design d = llama8b(static_cast<Framework>(framework), 1, static_cast<Precision>(precision),
                       static_cast<Fp8Recipe>(recipe));
    if (gather >= 0)
        d.layout.fp8ParamGather = gather == 1;
    const GatherBytes gathered = parameterGatherBytes(d);
    QCOMPARE(gathered.gemm, bytes);
    // The other parameters travel in the compute precision whatever the recipe.
    const double other = static_cast<Precision>(precision) == Precision::Fp32 ? 4.0 : 2.0;
    QCOMPARE(gathered.of(3, 5), 3 * bytes + 5 * other);
}

// ZeRO-1 over 8 ranks: each sends (N−1)/N of its gradients in the reduce-scatter and (N−1)/N of its weights
// in the all-gather; one byte per GEMM weight less under current scaling than under MXFP8, same gradients.
void TestFp8Gather::dataParallelTraffic()
{
    const Design tensorwise = llama8b(Framework::MegatronCore, 1, Precision::Fp8, Fp8Recipe::Tensorwise);
    const Design mxfp8 = llama8b(Framework::MegatronCore, 1, Precision::Fp8, Fp8Recipe::Mxfp8);
    const Evaluation a = evaluate(tensorwise), b = evaluate(mxfp8);
    QVERIFY2(a.valid() && b.valid(), qPrintable(testing::describe(b.diagnostics)));
    QVERIFY(a.traffic && b.traffic);
    const double saved = b.traffic->of(Dim::Dp).bytesPerGpu - a.traffic->of(Dim::Dp).bytesPerGpu;
    QVERIFY2(std::abs(saved / (7.0 / 8.0 * kGemm) - 1) < 1e-9, qPrintable(QString::number(saved)));
}

// The distributed optimizer's all-gather after the step carries the GEMM weights at one byte: with the
// message in the bandwidth regime its time shrinks by (gemm + 2·other) / (2·all), 0.565 for Llama 3.1 8B.
void TestFp8Gather::distributedOptimizerGather()
{
    const Design tensorwise = llama8b(Framework::MegatronCore, 1, Precision::Fp8, Fp8Recipe::Tensorwise);
    const Design mxfp8 = llama8b(Framework::MegatronCore, 1, Precision::Fp8, Fp8Recipe::Mxfp8);
    const Evaluation a = evaluate(tensorwise), b = evaluate(mxfp8);
    QVERIFY2(a.schedule && b.schedule, qPrintable(testing::describe(a.diagnostics)));
    QVERIFY(!a.schedule->ddp.empty() && !b.schedule->ddp.empty());
    const double all = countParameters(tensorwise.model).all.total();
    const double expected = (kGemm + 2 * (all - kGemm)) / (2 * all);
    const double ratio
        = a.schedule->ddp.front().parameterGatherSeconds / b.schedule->ddp.front().parameterGatherSeconds;
    QVERIFY2(std::abs(ratio / expected - 1) < 0.01, qPrintable(QString::number(ratio)));
    QVERIFY(ratio < 0.6);
}

// FSDP: each layer's gather moves its GEMM weights at one byte and its norms at two.
void TestFp8Gather::fsdpUnitGather()
{
    Design tensorwise = llama8b(Framework::MegatronCore, 3, Precision::Fp8, Fp8Recipe::Tensorwise);
    Design mxfp8 = llama8b(Framework::MegatronCore, 3, Precision::Fp8, Fp8Recipe::Mxfp8);
    const Evaluation a = evaluate(tensorwise), b = evaluate(mxfp8);
    QVERIFY2(a.schedule && b.schedule, qPrintable(testing::describe(a.diagnostics)));
    QVERIFY(!a.schedule->fsdp.empty() && !b.schedule->fsdp.empty());
    const FsdpUnit& one = a.schedule->fsdp.front().units.front();
    const FsdpUnit& two = b.schedule->fsdp.front().units.front();
    QCOMPARE(one.layer, 0);
    const double layerGemm = kGemm / 32, norms = 2 * kH;
    QCOMPARE(one.parameters, layerGemm + norms);
    // Half the bytes (218 MB for 436); the time follows them but for NCCL's fixed latency, which only
    // raises the ratio (a few per cent at a quarter of a millisecond on NVLink 5).
    const double expected = (layerGemm + 2 * norms) / (2 * (layerGemm + norms));
    const double ratio = one.gatherSeconds / two.gatherSeconds;
    QVERIFY2(ratio >= expected && ratio < expected + 0.05, qPrintable(QString::number(ratio)));
}

// torchtitan's enable_fsdp_float8_all_gather (tensorwise): each unit's gather moves its GEMM weights at one
// byte, as Megatron-Core's does; the gathered weights kept from forward to backward (reshard_after_forward
// False) take one byte a parameter; the FP32 shard, the optimizer's, is the same with the switch or without.
void TestFp8Gather::torchaoFloat8AllGather()
{
    Design off = llama8b(Framework::Fsdp2, 3, Precision::Fp8, Fp8Recipe::Tensorwise);
    off.layout.reshardAfterForward = false;
    Design on = off;
    on.layout.fp8ParamGather = true;
    const Evaluation a = evaluate(on), b = evaluate(off);
    QVERIFY2(a.schedule && b.schedule && a.memory && b.memory, qPrintable(testing::describe(a.diagnostics)));
    const FsdpUnit& one = a.schedule->fsdp.front().units.front();
    const FsdpUnit& two = b.schedule->fsdp.front().units.front();
    const double layerGemm = kGemm / 32, norms = 2 * kH;
    const double expected = (layerGemm + 2 * norms) / (2 * (layerGemm + norms));
    const double ratio = one.gatherSeconds / two.gatherSeconds;
    QVERIFY2(ratio >= expected && ratio < expected + 0.05, qPrintable(QString::number(ratio)));
    const auto parameters = [](const Evaluation& e) {
        return e.memory->roles.front().figure(MemoryCategory::Parameters).bytes;
    };
    const double all = countParameters(on.model).all.total();
    QCOMPARE(parameters(b) - parameters(a), all); // 4/8 + 2 bytes a parameter against 4/8 + 1
    QVERIFY2(std::abs(parameters(a) / (all * (4.0 / 8 + 1)) - 1) < 1e-9,
             qPrintable(QString::number(parameters(a))));
    // The step names the switch as set.
    QVERIFY(switchesSummary(on).find("fp8ParamGather on (set)") != std::string::npos);
    QVERIFY(switchesSummary(off).find("fp8ParamGather off") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestFp8Gather)
#include "tst_fp8gather.moc"
