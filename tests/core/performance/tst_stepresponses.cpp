// SPDX-License-Identifier: GPL-3.0-or-later
// How the modelled step responds to a design: invariants on every example, faster or slower links, TP
// overlap, the compute model's overrides, the JSON contract and the step's note on how far published runs
// were. The published runs themselves are tst_performance's.

#include "evaluate.h"
#include "performance/computecalibration.h"
#include "performance/layoutcomparison.h"
#include "performance/performance.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "report/evaluationio.h"
#include "support/performancetest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;
using testing::performanceOf;

namespace {

// What one dense layer of the first stage waits for, over its three passes (stagetime.h).
ExposedCommunication visibleInOneLayer(const Design& design)
{
    const Evaluation e = evaluate(design);
    ExposedCommunication sum;
    for (const LayerPattern& pass : e.schedule->times.stages.front().denseLayer)
        sum.add(pass.exposed);
    return sum;
}

} // namespace

class TestStepResponses : public QObject
{
    Q_OBJECT

private slots:
    void invariants();
    void widerGemmsRunCloserToPeak();
    void fasterLinksNeverSlowTheStep();
    void slowLinkOnAnyNodeSlowsTheStep();
    void layerWaitsAreItsVisibleCollectives_data();
    void layerWaitsAreItsVisibleCollectives();
    void tpOverlapHidesAllButAChunk();
    void tpOverlapNeedsSequenceParallelism();
    void computeModelRoundTrips();
    void jsonContract();
    void stepSaysHowFarPublishedRunsWere();
};

void TestStepResponses::invariants()
{
    for (const char* id :
         {"default", "seed-70b-32k-512gpu", "fsdp-1node-8gpu", "mixtral-8x7b-ep8", "teaching-4gpu"}) {
        const Evaluation e = evaluate(testing::example(id));
        QVERIFY2(e.performance, id);
        const Performance& p = *e.performance;
        QVERIFY2(p.stepSeconds > 0 && std::isfinite(p.stepSeconds), id);
        QCOMPARE(p.stepSeconds, p.pipelineSeconds + p.dataParallelSeconds + p.optimizerSeconds);
        QVERIFY2(p.mfu > 0 && p.mfu <= p.hfu && p.hfu < 1, id);
        QVERIFY2(p.bubbleFraction >= 0 && p.bubbleFraction < 1, id);
        QVERIFY2(p.exposed.total() >= 0, id);
        QVERIFY2(p.exposed.total() < p.stepSeconds, id);
        QVERIFY2(p.computeEfficiency > 0 && p.computeEfficiency <= 1, id);
        QVERIFY2(!p.step.formula.empty() && !p.mfuExplanation.source.empty(), id);
    }
    // Serving has no training step.
    QVERIFY(!evaluate(testing::example("serving-70b-tp4x2")).performance);
}

// The compute model's width term: the same GEMMs split over more TP ranks run further from peak.
void TestStepResponses::widerGemmsRunCloserToPeak()
{
    const ComputeModel model;
    QVERIFY(model.efficiency(12288) > model.efficiency(1536));
    QVERIFY(model.efficiency(1536) > model.efficiency(288));
    QVERIFY(model.efficiency(1e9) < model.gemmEfficiency);
    QVERIFY(std::abs(model.efficiency(1e9) - model.gemmEfficiency) < 1e-5);
    QCOMPARE(model.efficiency(model.gemmHalfWidth), model.gemmEfficiency / 2);
}

void TestStepResponses::fasterLinksNeverSlowTheStep()
{
    Design slow = testing::example("default");
    Design fast = slow;
    slow.cluster.fabric = "ib-hdr-200";
    fast.cluster.fabric = "ib-ndr-400";
    const Performance a = performanceOf(slow), b = performanceOf(fast);
    QVERIFY(b.stepSeconds <= a.stepSeconds);
    QVERIFY(b.exposed.total() <= a.exposed.total());
}

// One node's GPUs on PCIe instead of NVLink (the canvas's what-if): its TP group's all-reduces hold back
// every replica, since they meet at each gradient sync. Default example: 4 nodes × 8, TP = 8 per node,
// stage 0 on nodes 0 (replica 0) and 1 (replica 1), stage 1 on nodes 2 and 3 — so slowing node 1 costs as
// much as slowing node 0, though rank 0's pipeline never touches it.
void TestStepResponses::slowLinkOnAnyNodeSlowsTheStep()
{
    const Design fast = testing::example("default");
    const double fastStep = performanceOf(fast).stepSeconds;
    std::vector<double> steps;
    for (std::size_t node = 0; node < fast.cluster.nodes.size(); ++node) {
        Design slow = fast;
        slow.cluster.nodes[node].intraLink = "pcie5";
        steps.push_back(performanceOf(slow).stepSeconds);
        QVERIFY2(steps.back() > 1.1 * fastStep,
                 qPrintable(
                     QStringLiteral("node %1: %2 s against %3 s").arg(node).arg(steps.back()).arg(fastStep)));
    }
    QCOMPARE(steps[1], steps[0]);
    QCOMPARE(steps[3], steps[2]);
}

// Each layer pattern waits exactly for the collectives it reports as visible, for every kind of layer
// and pass; the step's visible communication is built from these.
void TestStepResponses::layerWaitsAreItsVisibleCollectives_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("overlap");
    for (const char* example : {"default", "seed-70b-32k-512gpu", "mixtral-8x7b-ep8"})
        for (bool overlap : {false, true})
            QTest::addRow("%s%s", example, overlap ? " overlap" : "")
                << QString::fromLatin1(example) << overlap;
}

void TestStepResponses::layerWaitsAreItsVisibleCollectives()
{
    QFETCH(QString, example);
    QFETCH(bool, overlap);
    Design design = testing::example(example.toStdString());
    design.layout.tpCommOverlap = overlap && design.layout.sequenceParallel;
    const Evaluation e = evaluate(design);
    QVERIFY(e.schedule);
    for (const StageWork& stage : e.schedule->times.stages)
        for (const auto* patterns : {&stage.denseLayer, &stage.moeLayer})
            for (const LayerPattern& pass : *patterns) {
                QVERIFY(pass.seconds >= pass.computeSeconds);
                QVERIFY(std::abs(pass.seconds - pass.computeSeconds - pass.exposed.total())
                        <= 1e-12 * pass.seconds);
            }
}

// Megatron-LM --tp-comm-overlap (TransformerEngine userbuffers): each TP all-gather and reduce-scatter of a
// dense layer runs under the GEMM next to it, cut into chunks (TP of them, 4 for the forward's pipelined
// reduce-scatter), so at least one TP-th of each stays visible and at most all of it; the step gets
// faster, the FLOPs stay.
void TestStepResponses::tpOverlapHidesAllButAChunk()
{
    Design design = testing::example("default"); // Llama 3.1 70B, TP=8 with SP, PP=2
    QVERIFY(design.layout.sequenceParallel && design.layout.tp() == 8);
    const Performance exposed = performanceOf(design);
    const ExposedCommunication layerBefore = visibleInOneLayer(design);
    design.layout.tpCommOverlap = true;
    const Performance overlapped = performanceOf(design);
    const ExposedCommunication layerAfter = visibleInOneLayer(design);
    const double chunks = design.layout.tp();

    QVERIFY(overlapped.stepSeconds < exposed.stepSeconds);
    QVERIFY(overlapped.mfu > exposed.mfu);
    QVERIFY(overlapped.exposed.allGather < exposed.exposed.allGather);
    QVERIFY(overlapped.exposed.reduceScatter < exposed.exposed.reduceScatter);
    for (double ExposedCommunication::*kind :
         {&ExposedCommunication::allGather, &ExposedCommunication::reduceScatter}) {
        QVERIFY(layerAfter.*kind < layerBefore.*kind);
        QVERIFY(layerAfter.*kind >= layerBefore.*kind / chunks * (1 - 1e-12));
    }
    QCOMPARE(overlapped.exposed.allToAll, exposed.exposed.allToAll);
    QCOMPARE(overlapped.optimizerSeconds, exposed.optimizerSeconds);
    QCOMPARE(overlapped.modelFlopsPerStep, exposed.modelFlopsPerStep);
    QVERIFY(overlapped.exposedExplanation.note.find("--tp-comm-overlap") != std::string::npos);
}

// Without sequence parallelism Megatron refuses the overlap; the model leaves the all-reduces exposed and
// validation says so.
void TestStepResponses::tpOverlapNeedsSequenceParallelism()
{
    Design design = testing::example("default");
    design.layout.sequenceParallel = false;
    const Performance without = performanceOf(design);
    design.layout.tpCommOverlap = true;
    const Performance with = performanceOf(design);
    QCOMPARE(with.stepSeconds, without.stepSeconds);
    QCOMPARE(with.exposed.allReduce, without.exposed.allReduce);
    bool warned = false;
    for (const Diagnostic& d : evaluate(design).diagnostics)
        warned = warned || d.code == "tp-overlap-without-sp";
    QVERIFY(warned);
}

void TestStepResponses::computeModelRoundTrips()
{
    Design d = testing::example("default");
    QVERIFY(!designToJson(d).contains("computeModel")); // defaults are not written
    d.compute.gemmEfficiency = 0.6;
    d.compute.gemmHalfWidth = 128;
    d.compute.elementwisePasses = 3;
    d.compute.source = "measured on our H100 nodes";
    const LoadResult back = designFromJson(designToJson(d));
    QVERIFY(back.design);
    QVERIFY(back.design->compute == d.compute);
    // A slower GEMM model gives a slower step.
    QVERIFY(performanceOf(d).stepSeconds > performanceOf(testing::example("default")).stepSeconds);
    // Out-of-range efficiencies are located errors.
    const LoadResult bad = testing::patched("default", R"({"computeModel": {"gemmEfficiency": 1.5}})");
    QVERIFY(bad.design);
    QVERIFY(testing::hasCode(evaluate(*bad.design).diagnostics, "value-range"));
    // Per GPU type: the H100s of the default design at η_max 0.5 run slower; other types are untouched.
    Design perGpu = testing::example("default");
    perGpu.compute.gemmEfficiencyByGpu = {{"h100-sxm-80gb", 0.5}, {"a100-80gb", 0.9}};
    QVERIFY(performanceOf(perGpu).stepSeconds > performanceOf(testing::example("default")).stepSeconds);
    QCOMPARE(perGpu.compute.efficiency(1000, "b200"), perGpu.compute.efficiency(1000));
    const LoadResult perGpuBack = designFromJson(designToJson(perGpu));
    QVERIFY(perGpuBack.design);
    QVERIFY(perGpuBack.design->compute == perGpu.compute);
    const LoadResult unknownGpu = testing::patched(
        "default", R"({"computeModel": {"gemmEfficiencyByGpu": {"no-such-gpu": 0.6, "b200": 2}}})");
    QVERIFY(unknownGpu.design);
    const Evaluation refused = evaluate(*unknownGpu.design);
    QVERIFY(testing::hasCode(refused.diagnostics, "hardware-gpu-unknown"));
    QVERIFY(testing::hasCode(refused.diagnostics, "value-range"));
}

void TestStepResponses::jsonContract()
{
    const Design design = testing::example("default");
    const Json json = evaluationToJson(design, evaluate(design));
    QVERIFY(json.contains("performance"));
    const Json& p = json.at("performance");
    for (const char* key :
         {"stepSeconds", "tokensPerSecond", "mfu", "mfuFp8Peak", "hfu", "bubbleFraction",
          "exposedCommSeconds", "pipelineSeconds", "dataParallelSeconds", "optimizerSeconds",
          "modelFlopsPerStep", "hardwareFlopsPerStep", "computeEfficiency", "explanations"})
        QVERIFY2(p.contains(key), key);
    for (const char* key : {"allReduce", "allGather", "reduceScatter", "allToAll", "p2p"})
        QVERIFY2(p.at("exposedCommSeconds").contains(key), key);
    for (const char* key : {"step", "mfu", "exposedCommSeconds"})
        QVERIFY2(p.at("explanations").contains(key), key);
    // The explanation of the visible communication states each kind's total, and they add up.
    const Performance perf = performanceOf(design);
    double stated = 0;
    for (const ExplanationInput& input : perf.exposedExplanation.inputs)
        if (input.name.starts_with("visible "))
            stated += input.value;
    QVERIFY(std::abs(stated - perf.exposed.total()) < 1e-12);
}

// The step's explanation says how far published runs were from the model (docs/kernel-model.md), and for a
// MoE design how far those with the alltoall dispatcher and without CUDA graphs were; the offload sentence
// stays first.
void TestStepResponses::stepSaysHowFarPublishedRunsWere()
{
    const auto note = [](const Design& d) { return performanceOf(d).step.note; };
    const std::string dense = note(testing::example("default"));
    QVERIFY2(dense.starts_with("Published runs took within 9 %"), dense.c_str());
    QVERIFY2(dense.find("alltoall") == std::string::npos, dense.c_str());
    // The ranges of tst_heldouttoday's FP8 rows and tst_megatronscaling's BF16 rows.
    QVERIFY2(
        dense.find(
            "on H100, B200 and GB200 in FP8 (NeMo and Megatron-Bridge 2025–2026) from 9 % less to 8 % more")
            != std::string::npos,
        dense.c_str());
    QVERIFY2(dense.find("Megatron-LM's own scaling runs in BF16 on H100 (2024) 7–26 % more")
                 != std::string::npos,
             dense.c_str());
    const std::string moe = note(testing::example("mixtral-8x7b-ep8"));
    QVERIFY2(moe.find("Published runs took") != std::string::npos, moe.c_str());
    QVERIFY2(moe.find("alltoall dispatcher and no CUDA graphs took 1.35 to 1.5 times") != std::string::npos,
             moe.c_str());
    QVERIFY2(
        moe.find(
            "those with CUDA graphs (HybridEP, or experts padded to a capacity) from 3 % less to 12 % more")
            != std::string::npos,
        moe.c_str());
    QVERIFY2(
        moe.find("19 % longer with the alltoall dispatcher, 25 % with DeepEP (DeepSeek-V3 on 1,024 GPUs) and "
                 "40 % with HybridEP")
            != std::string::npos,
        moe.c_str());
    // An eager design is told the host time its MoE layers take, a graphed one that it has none.
    QVERIFY2(moe.find("each MoE layer takes at least the host time") != std::string::npos, moe.c_str());
    Design graphed = testing::example("mixtral-8x7b-ep8");
    graphed.layout.cudaGraphs = CudaGraphs::Iteration;
    QVERIFY2(note(graphed).find("as the model prices a graphed design's") != std::string::npos,
             note(graphed).c_str());
    QVERIFY2(
        moe.find("GPT-OSS 120B took 1.4 to 1.9 times the modelled step in every published run without the "
                 "fused grouped MLP")
            != std::string::npos,
        moe.c_str());
    QVERIFY2(dense.find("GPT-OSS") == std::string::npos, dense.c_str());
    // The ratio of two layouts is said for every training design, with the tolerances the Performance tab's
    // candidates use (performance/layoutcomparison.h), what MXFP8 cost the runs for FP8 ones.
    const auto percent = [](PairEvidence kind) {
        return std::to_string(static_cast<int>(std::lround(100 * pairTolerance(kind)))) + " %";
    };
    const std::string pairs = "within " + percent(PairEvidence::MegatronLayouts)
        + " of the modelled one in the published pairs (" + percent(PairEvidence::MegatronEagerMoe)
        + " where MoE layers were launched eagerly)";
    QVERIFY2(dense.find(pairs) != std::string::npos, dense.c_str());
    QVERIFY2(dense.find("MXFP8") == std::string::npos, dense.c_str());
    Design fp8 = testing::example("default");
    fp8.workload.precision = Precision::Fp8;
    QVERIFY2(note(fp8).find("more for MXFP8 than for per-tensor FP8") != std::string::npos,
             note(fp8).c_str());
    const std::string offloaded = note(testing::dataParallel(Framework::DeepSpeed, 2, Offload::Cpu));
    QVERIFY2(offloaded.starts_with("With CPU offload"), offloaded.c_str());
    QVERIFY2(offloaded.find(" Published runs took") != std::string::npos, offloaded.c_str());
}

QTEST_GUILESS_MAIN(TestStepResponses)
#include "tst_stepresponses.moc"
