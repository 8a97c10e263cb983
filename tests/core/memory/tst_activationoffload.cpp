// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-Core's activation offloading (TransformerConfig cpu_offloading, cpu_offloading_num_layers;
// Transformer Engine cpu_offload.py; docs/offload.md, "Activation offloading"): the first N layers'
// activations wait in host memory between their forward and backward, and each copy shows only where it
// outlasts the neighbouring layer's pass. Megatron-Core's rules (transformer_config.py: PP 1, no
// recomputation, fewer layers than the model's) are errors at the field.

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "memory/activations.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace core;

namespace {

// Llama 3.1 8B (32 layers) with FSDP over 8 GPUs of one type, micro-batch 1, 8,192 tokens, BF16.
Design llama8b(const char* gpu, const char* link, int offloaded)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, gpu, link);
    d.layout.framework = Framework::MegatronCore;
    d.layout.setDegree(Dim::Dp, 8);
    d.layout.zeroStage = 3;
    d.layout.microBatch = 1;
    d.layout.recompute = Recompute::None;
    d.layout.activationOffloadLayers = offloaded;
    d.workload.sequenceLength = 8192;
    d.workload.globalBatch = 32;
    d.workload.precision = Precision::Bf16Mixed;
    return d;
}

// One layer's activations: 139,392 bytes a token (tst_partialrecompute: norms, attention, log-sum-exp and
// the SwiGLU MLP of an 8B layer without TP) × 8,192 tokens.
constexpr double kLayerBytes = 139392.0 * 8192;

const Diagnostic* findAt(const Evaluation& e, const std::string& code)
{
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [&](const Diagnostic& d) { return d.code == code; });
    return it == e.diagnostics.end() ? nullptr : &*it;
}

} // namespace

class TestActivationOffload : public QObject
{
    Q_OBJECT

private slots:
    void activationsMoveToTheHost();
    void copiesShowWhereTheyOutlastALayer_data();
    void copiesShowWhereTheyOutlastALayer();
    void megatronCoreRules();
};

void TestActivationOffload::activationsMoveToTheHost()
{
    const Design kept = llama8b("h100-sxm-80gb", "nvlink4", 0);
    QCOMPARE(layerActivationBytes(kept.model, false, activationConfig(kept)).total(), kLayerBytes);
    const Evaluation all = evaluate(kept);
    const Evaluation offloaded = evaluate(llama8b("h100-sxm-80gb", "nvlink4", 8));
    for (const Evaluation* e : {&all, &offloaded})
        QVERIFY2(e->valid() && e->memory, qPrintable(testing::describe(e->diagnostics)));
    const RankRole& before = all.memory->roles.front();
    const RankRole& after = offloaded.memory->roles.front();
    QCOMPARE(after.inFlight, 1.0); // PP 1: one micro-batch's activations at the peak
    const auto bytes = [](const RankRole& r, MemoryCategory c) { return r.figure(c).bytes; };
    // Eight layers' activations leave the GPU for host memory; one layer's count as the copy in transit.
    QVERIFY(testing::nearlyEqual(bytes(before, MemoryCategory::Activations)
                                     - bytes(after, MemoryCategory::Activations),
                                 8 * kLayerBytes));
    QVERIFY(testing::nearlyEqual(after.host.bytes - before.host.bytes, 8 * kLayerBytes));
    QVERIFY(testing::nearlyEqual(
        bytes(after, MemoryCategory::Temporary) - bytes(before, MemoryCategory::Temporary), kLayerBytes));
    QVERIFY(after.host.explanation.source.find("cpu_offload.py") != std::string::npos);
    // Where activations are what does not fit, the error names offloading among the ways out.
    Design crowded = llama8b("h100-sxm-80gb", "nvlink4", 0);
    crowded.layout.microBatch = 4;
    const Evaluation over = evaluate(crowded);
    const Diagnostic* tooBig = findAt(over, "memory-does-not-fit");
    QVERIFY(tooBig);
    QVERIFY2(tooBig->message().find("Activations") != std::string::npos
                 && tooBig->message().find("offload some layers' activations") != std::string::npos,
             tooBig->message().c_str());
}

// Each offloaded layer's copy runs under the next layer's forward and the following layer's backward: the
// step grows by what a copy takes beyond those, N × max(0, A / (host link × 0.88) − the layer's pass). Over
// an H100's PCIe Gen5 link (63 GB/s) the 1.1 GB of an 8B layer take 21 ms against a forward of a few
// milliseconds; GB200's NVLink-C2C (225 GB/s per GPU) moves them in under 6 ms.
void TestActivationOffload::copiesShowWhereTheyOutlastALayer_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("link");
    QTest::newRow("H100, PCIe Gen5") << "h100-sxm-80gb"
                                     << "nvlink4";
    QTest::newRow("GB200, NVLink-C2C") << "gb200-186gb"
                                       << "nvlink5";
}

void TestActivationOffload::copiesShowWhereTheyOutlastALayer()
{
    QFETCH(QString, gpu);
    QFETCH(QString, link);
    const std::string gpuId = gpu.toStdString(), linkId = link.toStdString();
    const Evaluation all = evaluate(llama8b(gpuId.c_str(), linkId.c_str(), 0));
    const Evaluation offloaded = evaluate(llama8b(gpuId.c_str(), linkId.c_str(), 8));
    QVERIFY2(offloaded.valid() && offloaded.schedule, qPrintable(testing::describe(offloaded.diagnostics)));
    const StageWork& stage = offloaded.schedule->times.stages.front();
    QCOMPARE(stage.offloadedLayers, 8);
    const double copy
        = kLayerBytes / (Catalog::builtin().gpu(gpuId)->hostLinkBandwidth * kHostLinkEfficiency);
    const auto& layer = stage.denseLayer;
    const double forward = 8 * std::max(0.0, copy - layer[0].seconds);
    const double backward = 8 * std::max(0.0, copy - layer[1].seconds - layer[2].seconds);
    QVERIFY(testing::nearlyEqual(stage.offloadSeconds[0], forward));
    QVERIFY(testing::nearlyEqual(stage.offloadSeconds[1], backward));
    const StageWork& plain = all.schedule->times.stages.front();
    QVERIFY(
        testing::nearlyEqual(stage.passSeconds(Pass::Forward) - plain.passSeconds(Pass::Forward), forward));
    if (gpuId == "h100-sxm-80gb")
        QVERIFY2(forward > 0.05, qPrintable(QString::number(forward))); // > 6 ms a layer, visible
    QVERIFY(offloaded.performance->stepSeconds >= all.performance->stepSeconds);
    // The term says where the visible copies come from.
    const auto term
        = std::find_if(offloaded.schedule->times.terms.begin(), offloaded.schedule->times.terms.end(),
                       [](const ModelTerm& t) { return t.id == "activationOffloadSeconds"; });
    QVERIFY(term != offloaded.schedule->times.terms.end());
    QVERIFY(testing::nearlyEqual(term->value, forward + backward));
}

// transformer_config.py: "CPU offloading can be done only for layers less than num_layers", "no support
// for Pipeline parallelism with CPU offloading", "CPU offloading does not work when activation
// recomputation is enabled"; a framework without it says so.
void TestActivationOffload::megatronCoreRules()
{
    Design all = llama8b("h100-sxm-80gb", "nvlink4", 32);
    QVERIFY(findAt(evaluate(all), "activation-offload-layers"));
    Design pipelined = llama8b("h100-sxm-80gb", "nvlink4", 4);
    pipelined.layout.zeroStage = 1;
    pipelined.layout.setDegree(Dim::Pp, 2);
    pipelined.layout.setDegree(Dim::Dp, 4);
    QVERIFY(findAt(evaluate(pipelined), "activation-offload-pipeline"));
    Design recomputed = llama8b("h100-sxm-80gb", "nvlink4", 4);
    recomputed.layout.recompute = Recompute::Selective;
    const Evaluation both = evaluate(recomputed);
    const Diagnostic* error = findAt(both, "activation-offload-recompute");
    QVERIFY(error && error->isError());
    QCOMPARE(error->path, std::string("/layout/activationOffloadLayers"));
    Design fsdp2 = llama8b("h100-sxm-80gb", "nvlink4", 4);
    fsdp2.layout.framework = Framework::Fsdp2;
    QVERIFY(findAt(evaluate(fsdp2), "activation-offload-framework"));
    Design negative = llama8b("h100-sxm-80gb", "nvlink4", -2);
    const Evaluation refused = evaluate(negative);
    QVERIFY(!refused.valid());
    QVERIFY(std::any_of(refused.diagnostics.begin(), refused.diagnostics.end(),
                        [](const Diagnostic& d) { return d.path == "/layout/activationOffloadLayers"; }));
    QVERIFY(evaluate(llama8b("h100-sxm-80gb", "nvlink4", 31)).valid());
}

QTEST_APPLESS_MAIN(TestActivationOffload)
#include "tst_activationoffload.moc"
