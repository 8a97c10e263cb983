// SPDX-License-Identifier: GPL-3.0-or-later
// Tensor-parallel overlap as each framework runs it (framework/frameworkprofile.h TpOverlapRuntime):
// Megatron-Core's --tp-comm-overlap is Transformer Engine's userbuffers (tst_layerkernels), torchtitan's
// asynchronous TP is PyTorch's fused symmetric-memory ops (torch/distributed/_symmetric_memory/__init__.py:
// _pipelined_all_gather_and_consume, _pipelined_produce_and_all2all and reduce_partials). And whether the
// weight gradient all-gathers a TP region's input again: Megatron-Core's linear layers keep it sharded
// (tensor_parallel/layers.py), DTensor's autograd keeps the gathered tensor, unless torchtitan's op-level
// checkpointing dropped it (its _save_list has no all-gather).
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "memory/activations.h"
#include "pipeline/kernelterms.h"
#include "pipeline/layerkernels.h"
#include "pipeline/layerpattern.h"
#include "support/kerneltest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

Q_DECLARE_METATYPE(core::Framework)
Q_DECLARE_METATYPE(core::Recompute)

using namespace core;
using testing::gemm;
using testing::gpu;

namespace {

constexpr std::size_t kF = 0, kI = 1, kW = 2;

// Llama 3 70B at TP 8 with sequence parallelism and the overlap, 8,192 tokens a micro-batch on a rank
// (32K at CP 4), on H100, run by `framework`.
Design seed(Framework framework)
{
    Design d = testing::example("seed-70b-32k-512gpu");
    d.cluster = makeUniformCluster(64, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout.tpCommOverlap = true;
    d.layout.framework = framework;
    return d;
}

} // namespace

class TestAsyncTp : public QObject
{
    Q_OBJECT

private slots:
    void fusedOpsSplitTheGemms();
    void reduceScatterEndsInASum();
    void weightGradientGather_data();
    void weightGradientGather();
    void theStepSaysHowTpRan();
    void gatheredInputsInMemory();
};

// PyTorch fuses the first GEMM of a TP region with its all-gather forward and with its reduce-scatter in the
// data gradient, the last GEMM the other way round; the weight gradients run alone. Each fused pass runs TP
// chunks alternating between two streams, on every SM (the copies are the copy engines'): at TP 8, four
// pairs of 2,048-token GEMMs.
void TestAsyncTp::fusedOpsSplitTheGemms()
{
    const Design d = seed(Framework::Fsdp2);
    const GpuSpec& g = gpu("h100-sxm-80gb");
    const GemmModel& model = GemmModel::builtin();
    const LayerKernels kernels = layerKernels(d, 0, g, model, 1.0);
    using M = TpOverlapMethod;
    const struct
    {
        const char* name;
        std::array<M, kPassCount> method;
    } table[] = {
        {"qkv", {M::FusedAllGatherMatmul, M::FusedMatmulReduceScatter, M::None}},
        {"projection", {M::FusedMatmulReduceScatter, M::FusedAllGatherMatmul, M::None}},
        {"fc1", {M::FusedAllGatherMatmul, M::FusedMatmulReduceScatter, M::None}},
        {"fc2", {M::FusedMatmulReduceScatter, M::FusedAllGatherMatmul, M::None}},
    };
    for (const auto& e : table) {
        const LayerGemm& gm = gemm(kernels, e.name);
        for (std::size_t pass = 0; pass < kPassCount; ++pass) {
            const QByteArray where = QByteArray(e.name) + " pass " + QByteArray::number(int(pass));
            QVERIFY2(gm.overlapMethod[pass] == e.method[pass], where);
            QVERIFY2(gm.smShare[pass] == 1.0, where);
            const bool fused = e.method[pass] != M::None;
            QVERIFY2(gm.splitChunks[pass] == (fused ? 8 : 1), where);
            GemmShape inFlight = gm.shapes[pass];
            if (fused)
                inFlight.m = gm.shapes[pass].m * 2 / 8;
            QCOMPARE(timedShape(gm, pass), inFlight);
            const double groups = fused ? 4.0 : 1.0;
            QVERIFY2(
                qFuzzyCompare(gm.times[pass].seconds,
                              groups * model.time(g, inFlight, GemmDtype::Bf16).seconds / kTrainingGemmShare),
                where);
        }
    }
    std::vector<ModelTerm> terms;
    appendKernelTerms(terms, kernels, g, model, "");
    const auto it
        = std::find_if(terms.begin(), terms.end(), [](const ModelTerm& t) { return t.id == "kernel.qkv"; });
    QVERIFY(it != terms.end());
    QVERIFY2(it->formula.find("8 TP chunks of PyTorch's fused all-gather-matmul, 2 at a time, on all SMs")
                 != std::string::npos,
             it->formula.c_str());
    QVERIFY2(it->formula.find("8 TP chunks of PyTorch's fused matmul-reduce-scatter, 2 at a time, on all SMs")
                 != std::string::npos,
             it->formula.c_str());
}

// Each fused matmul-reduce-scatter sums the TP partial products of its output over HBM (reduce_partials):
// it reads TP shards of T/TP × h and writes one, 2 bytes each in BF16. A dense layer has two a pass,
// forward (projection, fc2) and in the data gradient (qkv, fc1); TE's reduce-scatter reduces in its own
// kernels, and without the overlap NCCL's does.
void TestAsyncTp::reduceScatterEndsInASum()
{
    const double tokens = 8192, hidden = 8192, tp = 8;
    const double perPass = 2 * (2 * tokens * hidden * (1 + 1 / tp));
    const GpuSpec& g = gpu("h100-sxm-80gb");
    const LayerKernels fused = layerKernels(seed(Framework::Fsdp2), 0, g, GemmModel::builtin(), 1.0);
    QCOMPARE(fused.tpReduceBytes[kF], perPass);
    QCOMPARE(fused.tpReduceBytes[kI], perPass);
    QCOMPARE(fused.tpReduceBytes[kW], 0.0);
    Design plain = seed(Framework::Fsdp2);
    plain.layout.tpCommOverlap = false;
    const LayerKernels vanilla = layerKernels(plain, 0, g, GemmModel::builtin(), 1.0);
    QCOMPARE(vanilla.tpReduceBytes[kF], 0.0);
    const LayerKernels te = layerKernels(seed(Framework::MegatronCore), 0, g, GemmModel::builtin(), 1.0);
    QCOMPARE(te.tpReduceBytes[kF], 0.0);
    // The sums are HBM traffic of the pass: the forward's elementwise time grows by them.
    const double bandwidth = elementwiseTime(g, 1).bandwidth;
    QVERIFY(qFuzzyCompare(fused.parts.elementwiseForward - vanilla.parts.elementwiseForward,
                          perPass / bandwidth));
}

void TestAsyncTp::weightGradientGather_data()
{
    QTest::addColumn<Framework>("framework");
    QTest::addColumn<Recompute>("recompute");
    QTest::addColumn<bool>("gathers");
    QTest::newRow("Megatron-Core, none") << Framework::MegatronCore << Recompute::None << true;
    QTest::newRow("Megatron-Core, full") << Framework::MegatronCore << Recompute::Full << true;
    QTest::newRow("torchtitan, none") << Framework::Fsdp2 << Recompute::None << false;
    QTest::newRow("torchtitan, full (the recomputed forward gathers)")
        << Framework::Fsdp2 << Recompute::Full << false;
    QTest::newRow("torchtitan, op-level selective") << Framework::Fsdp2 << Recompute::Selective << true;
}

// The weight-gradient pass of a layer without overlap: two exposed all-gathers where the framework gathers
// again, none where it kept the input.
void TestAsyncTp::weightGradientGather()
{
    QFETCH(Framework, framework);
    QFETCH(Recompute, recompute);
    QFETCH(bool, gathers);
    Design d = seed(framework);
    d.layout.recompute = recompute;
    QCOMPARE(tpWeightGradientGather(d), gathers);
    LayerPartTimes t;
    for (auto* part : {&t.qkv, &t.outProjection, &t.fc1, &t.fc2})
        part->fill(0.001);
    LayerComm c;
    c.tpAllGather = c.tpInputAllGather = c.tpGradientAllGather = 0.002;
    const TpOverlap tp{.sp = true, .chunks = 8, .weightGradientGather = tpWeightGradientGather(d)};
    const auto patterns = layerPatterns(t, c, tp, false, Recompute::None, 0);
    QCOMPARE(patterns[kW].exposed.allGather, gathers ? 2 * 0.002 : 0.0);
}

// A whole step: the exposed communication's explanation counts the all-gathers a layer runs and names the
// overlap's runtime.
void TestAsyncTp::theStepSaysHowTpRan()
{
    const auto perLayerGathers = [](const Evaluation& e) {
        for (const ExplanationInput& input : e.performance->exposedExplanation.inputs)
            if (input.name == "TP all-gathers per layer and micro-batch")
                return input.value;
        return -1.0;
    };
    Design titan = testing::example("seed-70b-32k-512gpu");
    titan.layout.framework = Framework::Fsdp2;
    titan.layout.zeroStage = 3;
    titan.layout.recompute = Recompute::Full;
    titan.layout.tpCommOverlap = true;
    const Evaluation a = evaluate(titan);
    QVERIFY2(a.performance, qPrintable(testing::describe(a.diagnostics)));
    QCOMPARE(perLayerGathers(a), 6.0); // forward, recomputed forward, data gradient: 2 each
    QVERIFY(a.performance->exposedExplanation.note.find("Asynchronous TP") == 0);
    Design megatron = titan;
    megatron.layout.framework = Framework::MegatronCore;
    megatron.layout.zeroStage = 1;
    const Evaluation b = evaluate(megatron);
    QVERIFY2(b.performance, qPrintable(testing::describe(b.diagnostics)));
    QCOMPARE(perLayerGathers(b), 8.0); // and the weight gradient's
    QVERIFY(b.performance->exposedExplanation.note.find("TransformerEngine userbuffers")
            != std::string::npos);
    titan.layout.tpCommOverlap = false;
    const Evaluation c = evaluate(titan);
    QVERIFY(c.performance->exposedExplanation.note.find("without asynchronous TP") != std::string::npos);
    // Without TP there is nothing to overlap, and the note says so rather than naming a framework.
    const Evaluation none = evaluate(testing::example("fsdp-1node-8gpu"));
    QCOMPARE(none.performance->exposedExplanation.note, std::string("No TP collectives: TP is 1."));
}

// What autograd keeps: torchtitan's QKV and MLP inputs as gathered, T × h each, where Megatron-Core keeps
// the shard, T/TP × h; with full recomputation both keep the layer's input alone.
void TestAsyncTp::gatheredInputsInMemory()
{
    Design titan = seed(Framework::Fsdp2);
    Design megatron = seed(Framework::MegatronCore);
    for (Design* d : {&titan, &megatron})
        d->layout.recompute = Recompute::None;
    const LayerActivations a = layerActivationBytes(titan.model, false, activationConfig(titan));
    const LayerActivations b = layerActivationBytes(megatron.model, false, activationConfig(megatron));
    const double tokens = 8192, hidden = 8192, tp = 8;
    const double gathered = 2 * tokens * hidden * (1 - 1 / tp); // BF16, beyond the shard
    QCOMPARE(a.attention - b.attention, gathered);
    QCOMPARE(a.mlp - b.mlp, gathered);
    QCOMPARE(a.norms, b.norms);
    // The Memory view's activation figure names where that comes from.
    const Evaluation e = evaluate(titan);
    QVERIFY2(e.memory && !e.memory->roles.empty(), qPrintable(testing::describe(e.diagnostics)));
    const Explanation& why = e.memory->roles.front().figure(MemoryCategory::Activations).explanation;
    QVERIFY2(why.source.find("kept as gathered: torchtitan parallelize_llama") != std::string::npos,
             why.source.c_str());
    for (Design* d : {&titan, &megatron})
        d->layout.recompute = Recompute::Full;
    QCOMPARE(layerActivationBytes(titan.model, false, activationConfig(titan)).total(),
             layerActivationBytes(megatron.model, false, activationConfig(megatron)).total());
}

QTEST_GUILESS_MAIN(TestAsyncTp)
#include "tst_asynctp.moc"
