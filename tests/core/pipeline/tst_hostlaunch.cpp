// SPDX-License-Identifier: GPL-3.0-or-later
// The host's time of an eager MoE layer (core/pipeline/hostlaunch.h): a Megatron-Core MoE layer launched
// without CUDA graphs takes at least what the host needs to launch it, forward and backward. The constant
// comes from Megatron-LM's own functional tests (tests/functional_tests/test_cases, golden values of
// d98e8a64dd, 2026-08-22): the same 12-layer model of hidden 512 with dense layers
// (gpt/gpt3_mcore_te_tp1_pp1_resume_torch_dist_dist_optimizer) and with MoE layers of 8 experts, top-2, EP 8
// (moe/gpt3_moe_mcore_te_ep8_resume_torch_dist_dist_optimizer), one micro-batch of 4 × 1,024 tokens on 8
// GPUs, whose kernels take microseconds: the step is the host's.

#include "evaluate.h"
#include "pipeline/hostlaunch.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/performancetest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;
using testing::performanceOf;

Q_DECLARE_METATYPE(core::Design)

namespace {

// The two tests' model: Megatron's GPT of 12 layers, hidden 512, 8 heads, sequence 1,024, micro-batch 4,
// global batch 32 on one node of 8 H100; the MoE variant with 8 experts of FFN 1,024, top-2, EP 8.
Design tinyPair(bool moe)
{
    Design d = testing::example("mixtral-8x7b-ep8");
    d.model = testing::megatronGpt(12, 512, 8);
    d.model.maxContext = 1024;
    if (moe)
        d.model.moe = {.experts = 8, .topK = 2, .expertFfn = 1024};
    d.cluster = makeUniformCluster(1, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    ParallelLayout& l = d.layout;
    l.setDegree(Dim::Tp, 1);
    l.setDegree(Dim::Pp, 1);
    l.setDegree(Dim::Ep, moe ? 8 : 1); // the data-parallel ranks of the dense parts (Megatron-Core)
    l.setDegree(Dim::Dp, moe ? 1 : 8);
    l.microBatch = 4;
    l.recompute = Recompute::None; // as the tests ran
    d.workload.sequenceLength = 1024;
    d.workload.globalBatch = 32;
    return d;
}

} // namespace

class TestHostLaunch : public QObject
{
    Q_OBJECT

private slots:
    void constantIsTheMedianOfTheMeasuredMachines();
    void theTestsPairComesOutAsMeasured();
    void whenTheLayersWaitForTheHost_data();
    void whenTheLayersWaitForTheHost();
    void layersLongerThanTheHostKeepTheirTime();
    void theStepSaysWhatTheHostAdds();
};

// Median iteration times of the two tests past their fifth step, seconds, per machine of the golden values:
// (MoE − dense) / 12 layers is the host time a MoE layer adds. The model takes the median of the four
// Hopper and Blackwell machines (A100's older hosts, 10.31 ms, aside).
void TestHostLaunch::constantIsTheMedianOfTheMeasuredMachines()
{
    struct Machine
    {
        const char* goldenValues;
        double dense, moe;
    };
    const Machine machines[] = {{"dev_dgx_h100", 0.0531, 0.1618},
                                {"dev_dgx_h100_2nd", 0.0500, 0.1257},
                                {"dev_dgx_gb200", 0.0669, 0.1442},
                                {"dev_dgx_gb200_2nd", 0.0849, 0.1666}};
    std::vector<double> perLayer;
    for (const Machine& m : machines)
        perLayer.push_back((m.moe - m.dense) / 12);
    std::sort(perLayer.begin(), perLayer.end());
    const double median = (perLayer[1] + perLayer[2]) / 2;
    QVERIFY2(std::abs(median / kEagerMoeLayerHostSeconds - 1) < 0.005, qPrintable(QString::number(median)));
}

// The model of the two tests: its MoE step is longer than its dense one by the host time of 12 MoE layers,
// less what its dense layers take on the GPU (0.4 ms each), since the model has no host time for a dense
// layer where the tests' dense step was the host's too: within 10 % of the measured difference.
void TestHostLaunch::theTestsPairComesOutAsMeasured()
{
    const Performance dense = performanceOf(tinyPair(false));
    const Performance moe = performanceOf(tinyPair(true));
    QCOMPARE(dense.hostWaitSeconds, 0.0);
    QVERIFY(moe.hostWaitSeconds > 0);
    const double perLayer = (moe.stepSeconds - dense.stepSeconds) / 12;
    qInfo("the model's MoE layer adds %.2f ms, measured %.2f", perLayer * 1e3,
          kEagerMoeLayerHostSeconds * 1e3);
    QVERIFY2(std::abs(perLayer / kEagerMoeLayerHostSeconds - 1) < 0.10,
             qPrintable(QString::number(perLayer)));
    // Its MoE layers take the host's time, forward and backward together, and not more.
    const Evaluation e = evaluate(tinyPair(true));
    const StageWork& stage = e.schedule->times.stages.front();
    double layer = 0;
    for (const LayerPattern& pass : stage.moeLayer)
        layer += pass.seconds;
    QVERIFY2(std::abs(layer / kEagerMoeLayerHostSeconds - 1) < 1e-9, qPrintable(QString::number(layer)));
}

// Only Megatron-Core's MoE layers launched eagerly: not with CUDA graphs (what the graphed runs keep eager
// is not measured), not under another framework, not in a dense model.
void TestHostLaunch::whenTheLayersWaitForTheHost_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<bool>("waits");
    const Design eager = tinyPair(true);
    QTest::newRow("Megatron-Core, eager") << eager << true;
    Design layers = eager;
    layers.layout.cudaGraphs = CudaGraphs::Layers;
    QTest::newRow("CUDA graphs of the layers") << layers << false;
    Design iteration = eager;
    iteration.layout.cudaGraphs = CudaGraphs::Iteration;
    QTest::newRow("a CUDA graph of the iteration") << iteration << false;
    Design deepSpeed = eager;
    deepSpeed.layout.framework = Framework::DeepSpeed;
    QTest::newRow("DeepSpeed") << deepSpeed << false;
    QTest::newRow("a dense model") << tinyPair(false) << false;
}

void TestHostLaunch::whenTheLayersWaitForTheHost()
{
    QFETCH(Design, design);
    QFETCH(bool, waits);
    QCOMPARE(eagerMoeLayersWaitForHost(design), waits);
    QCOMPARE(performanceOf(design).hostWaitSeconds > 0, waits);
}

// Mixtral 8x7B at 4,096 tokens a micro-batch: a MoE layer's GPU work outlasts the host's launches.
void TestHostLaunch::layersLongerThanTheHostKeepTheirTime()
{
    const Design mixtral = testing::example("mixtral-8x7b-ep8");
    QVERIFY(eagerMoeLayersWaitForHost(mixtral));
    QCOMPARE(performanceOf(mixtral).hostWaitSeconds, 0.0);
    // The floor alone: a layer under it grows in proportion, one over it stays.
    std::array<LayerPattern, kPassCount> layer{};
    layer[0].seconds = 1e-3;
    layer[1].seconds = 2e-3;
    layer[2].seconds = 1e-3;
    applyHostFloor(layer, 8e-3);
    QCOMPARE(layer[1].seconds, 4e-3);
    QCOMPARE(layer[1].hostSeconds, 2e-3);
    applyHostFloor(layer, 4e-3);
    QCOMPARE(layer[0].seconds, 2e-3);
}

// The step's explanation names the wait, its source and the JSON carries it.
void TestHostLaunch::theStepSaysWhatTheHostAdds()
{
    const Performance p = performanceOf(tinyPair(true));
    const auto named
        = std::find_if(p.step.inputs.begin(), p.step.inputs.end(), [](const ExplanationInput& in) {
              return in.name == "of these, the GPU waiting for the host to launch eager MoE layers";
          });
    QVERIFY(named != p.step.inputs.end());
    QCOMPARE(named->value, p.hostWaitSeconds);
    QVERIFY(p.step.source.find("pipeline/hostlaunch.h") != std::string::npos);
    QVERIFY(p.step.note.find("6.6 ms forward and backward") != std::string::npos);
    QCOMPARE(performanceToJson(p).at("hostWaitSeconds").get<double>(), p.hostWaitSeconds);
}

QTEST_GUILESS_MAIN(TestHostLaunch)
#include "tst_hostlaunch.moc"
