// SPDX-License-Identifier: GPL-3.0-or-later
// The frameworks' communication switches: each one's default as the framework's code sets it, the errors
// for a switch a framework lacks, what each does to the step (exposed seconds appear or vanish as the
// framework's code says), the JSON keys, and the launch files that carry them. Each row names its source.

#include "design/designfield.h"
#include "design/designio.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "pipeline/steptimeline.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <numeric>

using namespace core;

Q_DECLARE_METATYPE(core::Framework)
Q_DECLARE_METATYPE(core::Switch)
Q_DECLARE_METATYPE(core::Optimizer)

namespace {

// Llama 3.1 8B on eight H100 of one node, data parallelism only, four micro-batches per step.
Design dataParallel(Framework framework, int zeroStage)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.layout.framework = framework;
    d.layout.zeroStage = zeroStage;
    d.workload.globalBatch = 4 * d.layout.dp() * d.layout.microBatch;
    return d;
}

Evaluation evaluated(const Design& d)
{
    Evaluation e = evaluate(d);
    if (!e.schedule || !e.performance)
        qWarning("%s", qPrintable(testing::describe(e.diagnostics)));
    return e;
}

} // namespace

class TestFrameworkSwitches : public QObject
{
    Q_OBJECT

private slots:
    void defaults_data();
    void defaults();
    void fsdpUnderPipelineSyncsOnce();
    void impossibleCombinations_data();
    void impossibleCombinations();
    void sixteenBitMomentsOnlyInMegatron_data();
    void sixteenBitMomentsOnlyInMegatron();
    void gradientReduceOverlap();
    void parameterGatherOverlap();
    void fsdpGradientSyncCadence_data();
    void fsdpGradientSyncCadence();
    void dataParallelCadence_data();
    void dataParallelCadence();
    void trafficFollowsTheCadence();
    void expertAllToAllOverlap();
    void accumulationBufferIsTheShard();
    void jsonKeysOnlyWhenSet();
    void fieldsSetAndClear();
    void launchFilesCarryTheSwitches();
    void launchFilesCarryTheAsyncCheckpoint();
};

void TestFrameworkSwitches::defaults_data()
{
    QTest::addColumn<Framework>("framework");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<Switch>("which");
    QTest::addColumn<bool>("expected");
    // Megatron-LM core_r0.12 megatron/training/arguments.py: store_true flags, default False.
    QTest::newRow("megatron --overlap-grad-reduce off (arguments.py)")
        << Framework::MegatronCore << 1 << Switch::OverlapGradReduce << false;
    QTest::newRow("megatron --overlap-param-gather off (arguments.py)")
        << Framework::MegatronCore << 1 << Switch::OverlapParamGather << false;
    QTest::newRow("megatron --overlap-moe-expert-parallel-comm off (arguments.py)")
        << Framework::MegatronCore << 1 << Switch::OverlapMoeAllToAll << false;
    // DeepSpeed runtime/zero/config.py overlap_comm_valid: None → stage == 3.
    QTest::newRow("deepspeed overlap_comm off at stage 1 (zero/config.py)")
        << Framework::DeepSpeed << 1 << Switch::OverlapGradReduce << false;
    QTest::newRow("deepspeed overlap_comm off at stage 2 (zero/config.py)")
        << Framework::DeepSpeed << 2 << Switch::OverlapGradReduce << false;
    QTest::newRow("deepspeed overlap_comm on at stage 3 (zero/config.py)")
        << Framework::DeepSpeed << 3 << Switch::OverlapGradReduce << true;
    // PyTorch DDP reduces its buckets from autograd hooks; FSDP2 reduce-scatters in post_backward.
    QTest::newRow("ddp overlaps (torch/nn/parallel/distributed.py)")
        << Framework::Fsdp2 << 0 << Switch::OverlapGradReduce << true;
    QTest::newRow("fsdp2 overlaps (_fsdp_param_group.py)")
        << Framework::Fsdp2 << 3 << Switch::OverlapGradReduce << true;
    // PyTorch 2.6 _fully_shard.py: requires_gradient_sync defaults to True.
    QTest::newRow("fsdp2 syncs every micro-batch (_fully_shard.py)")
        << Framework::Fsdp2 << 3 << Switch::GradientSyncEveryMicroBatch << true;
    // Megatron-LM arguments.py --async-save (default None: off); torchtitan checkpoint.async_mode
    // "disabled" (components/checkpoint.py).
    QTest::newRow("megatron --async-save off (arguments.py)")
        << Framework::MegatronCore << 1 << Switch::AsyncCheckpoint << false;
    QTest::newRow("torchtitan async_mode disabled (checkpoint.py)")
        << Framework::Fsdp2 << 3 << Switch::AsyncCheckpoint << false;
    // Frameworks without the switch behave as the neutral default.
    QTest::newRow("deepspeed saves synchronously")
        << Framework::DeepSpeed << 2 << Switch::AsyncCheckpoint << false;
    QTest::newRow("fsdp2 has no parameter all-gather after the step")
        << Framework::Fsdp2 << 3 << Switch::OverlapParamGather << false;
}

void TestFrameworkSwitches::defaults()
{
    QFETCH(Framework, framework);
    QFETCH(int, zeroStage);
    QFETCH(Switch, which);
    QFETCH(bool, expected);
    QVERIFY(frameworkProfileProblems().empty());
    const Design d = dataParallel(framework, zeroStage);
    QCOMPARE(switchDefault(d, which), expected);
    QCOMPARE(switchOn(d, which), expected);
    Design set = d;
    set.layout.*switchMember(which) = !expected;
    QCOMPARE(switchOn(set, which), !expected);
    // The explanation names the switch and, for a framework that has it, its source file.
    const std::string why = switchExplanation(d, which);
    QVERIFY2(why.find(switchKey(which)) != std::string::npos, why.c_str());
    if (frameworkProfile(d).rule(which).present)
        QVERIFY2(why.find(".py") != std::string::npos, why.c_str());
}

// PyTorch 2.6 torch/distributed/pipelining/stage.py backward_maybe_with_nosync: every backward of an FSDP
// stage runs with set_requires_gradient_sync(False), and the stage reduce-scatters after its last one. So
// FSDP2's default under PP is one sync a step, which the explanation sources; a design may still set it.
void TestFrameworkSwitches::fsdpUnderPipelineSyncsOnce()
{
    Design d = dataParallel(Framework::Fsdp2, 3);
    d.layout.setDegree(Dim::Pp, 2);
    d.layout.setDegree(Dim::Dp, 4);
    QVERIFY(!switchDefault(d, Switch::GradientSyncEveryMicroBatch));
    const std::string why = switchExplanation(d, Switch::GradientSyncEveryMicroBatch);
    QVERIFY2(why.find("pipelining/stage.py") != std::string::npos, why.c_str());
    const DataParallelCadence cadence = core::dataParallelCadence(d, 4);
    QCOMPARE(cadence.reduceScatters, 1);
    d.layout.gradientSyncEveryMicroBatch = true;
    QVERIFY(switchOn(d, Switch::GradientSyncEveryMicroBatch));
    QVERIFY(switchExplanation(d, Switch::GradientSyncEveryMicroBatch).find("pipelining/stage.py")
            == std::string::npos);
    // Without PP the default is fully_shard's own.
    QVERIFY(switchDefault(dataParallel(Framework::Fsdp2, 3), Switch::GradientSyncEveryMicroBatch));
}

void TestFrameworkSwitches::impossibleCombinations_data()
{
    QTest::addColumn<Framework>("framework");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<Switch>("which");
    QTest::addColumn<bool>("value");
    QTest::addColumn<bool>("refused");
    // Megatron-LM arguments.py: --overlap-param-gather needs --use-distributed-optimizer.
    QTest::newRow("param gather without the distributed optimizer")
        << Framework::MegatronCore << 0 << Switch::OverlapParamGather << true << true;
    QTest::newRow("param gather with the distributed optimizer")
        << Framework::MegatronCore << 1 << Switch::OverlapParamGather << true << false;
    QTest::newRow("param gather in FSDP2") << Framework::Fsdp2 << 3 << Switch::OverlapParamGather << true << true;
    QTest::newRow("gradient-sync cadence in Megatron-Core")
        << Framework::MegatronCore << 1 << Switch::GradientSyncEveryMicroBatch << false << true;
    QTest::newRow("gradient-sync cadence in DDP (no fully_shard)")
        << Framework::Fsdp2 << 0 << Switch::GradientSyncEveryMicroBatch << false << true;
    QTest::newRow("gradient-sync cadence in FSDP2")
        << Framework::Fsdp2 << 3 << Switch::GradientSyncEveryMicroBatch << false << false;
    QTest::newRow("expert overlap in DeepSpeed")
        << Framework::DeepSpeed << 1 << Switch::OverlapMoeAllToAll << true << true;
    QTest::newRow("expert overlap without EP")
        << Framework::MegatronCore << 1 << Switch::OverlapMoeAllToAll << true << true;
    QTest::newRow("--no-ddp-overlap in DDP") << Framework::Fsdp2 << 0 << Switch::OverlapGradReduce << false << false;
    QTest::newRow("overlap_comm in DeepSpeed") << Framework::DeepSpeed << 2 << Switch::OverlapGradReduce << true
                                               << false;
    QTest::newRow("asynchronous checkpoint in DeepSpeed")
        << Framework::DeepSpeed << 2 << Switch::AsyncCheckpoint << true << true;
    QTest::newRow("asynchronous checkpoint in Megatron-Core")
        << Framework::MegatronCore << 0 << Switch::AsyncCheckpoint << true << false;
    QTest::newRow("asynchronous checkpoint in FSDP2")
        << Framework::Fsdp2 << 3 << Switch::AsyncCheckpoint << true << false;
    // Setting the default is never refused, whether the framework has the switch or not.
    QTest::newRow("default value of a missing switch")
        << Framework::DeepSpeed << 1 << Switch::OverlapParamGather << false << false;
}

void TestFrameworkSwitches::impossibleCombinations()
{
    QFETCH(Framework, framework);
    QFETCH(int, zeroStage);
    QFETCH(Switch, which);
    QFETCH(bool, value);
    QFETCH(bool, refused);
    Design d = dataParallel(framework, zeroStage);
    d.layout.*switchMember(which) = value;
    const Evaluation e = evaluate(d);
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [](const Diagnostic& x) { return x.code == "framework-switch"; });
    QCOMPARE(it != e.diagnostics.end(), refused);
    if (refused) {
        QCOMPARE(it->severity, Severity::Error);
        QCOMPARE(it->path, switchPointer(which));
    }
}

// 16-bit optimizer moments: Megatron-Core's precision-aware optimizer, which is Transformer Engine's
// FusedAdam (frameworks.json sixteenBitMoments); refused at /workload/optimizerMoments elsewhere and with
// SGD.
void TestFrameworkSwitches::sixteenBitMomentsOnlyInMegatron_data()
{
    QTest::addColumn<Framework>("framework");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<Optimizer>("optimizer");
    QTest::addColumn<bool>("refused");
    QTest::newRow("Megatron-Core, Adam") << Framework::MegatronCore << 1 << Optimizer::AdamW << false;
    QTest::newRow("Megatron-Core, SGD") << Framework::MegatronCore << 1 << Optimizer::SgdMomentum << true;
    QTest::newRow("DeepSpeed") << Framework::DeepSpeed << 2 << Optimizer::AdamW << true;
    QTest::newRow("FSDP2") << Framework::Fsdp2 << 3 << Optimizer::AdamW << true;
}

void TestFrameworkSwitches::sixteenBitMomentsOnlyInMegatron()
{
    QFETCH(Framework, framework);
    QFETCH(int, zeroStage);
    QFETCH(Optimizer, optimizer);
    QFETCH(bool, refused);
    Design d = dataParallel(framework, zeroStage);
    d.workload.optimizer = optimizer;
    QVERIFY2(!testing::hasCode(evaluate(d).diagnostics, "framework-switch"),
             qPrintable(testing::describe(evaluate(d).diagnostics)));
    d.workload.optimizerMoments = MomentDtype::Bf16;
    const Evaluation e = evaluate(d);
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [](const Diagnostic& x) { return x.code == "framework-switch"; });
    QCOMPARE(it != e.diagnostics.end(), refused);
    if (refused)
        QCOMPARE(it->path, std::string("/workload/optimizerMoments"));
}

// Megatron-LM without --overlap-grad-reduce reduces every bucket after the last backward
// (finalize_model_grads): the whole reduce-scatter is exposed; with it, only what outlasts the backward.
void TestFrameworkSwitches::gradientReduceOverlap()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    const Evaluation off = evaluated(d);
    QVERIFY(off.schedule && !off.schedule->ddp.empty());
    const DdpStepTimeline& ddp = off.schedule->ddp.front();
    QVERIFY(!ddp.overlapGradReduce);
    const double total = std::accumulate(ddp.bucketSeconds.begin(), ddp.bucketSeconds.end(), 0.0);
    QVERIFY(total > 0);
    QCOMPARE(ddp.overlap.exposedSeconds, total);
    QCOMPARE(ddp.overlap.startSeconds.front(), ddp.backwardEnd);

    d.layout.overlapGradReduce = true;
    const Evaluation on = evaluated(d);
    const DdpStepTimeline& hidden = on.schedule->ddp.front();
    QVERIFY(hidden.overlapGradReduce);
    QVERIFY(hidden.overlap.startSeconds.front() < hidden.backwardEnd);
    QVERIFY(hidden.overlap.exposedSeconds < total);
    QCOMPARE(off.performance->exposed.reduceScatter - on.performance->exposed.reduceScatter,
             total - hidden.overlap.exposedSeconds);
    // The explanation names the switch with its source.
    const std::string& source = off.performance->exposedExplanation.source;
    QVERIFY2(source.find("overlapGradReduce off (Megatron-Core's default, --overlap-grad-reduce)")
                 != std::string::npos,
             source.c_str());
}

// Megatron-LM --overlap-param-gather: the all-gather after the optimizer step hides under the next
// step's first forward (param_and_grad_buffer.py); off, it is exposed whole.
void TestFrameworkSwitches::parameterGatherOverlap()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    const Evaluation off = evaluated(d);
    const DdpStepTimeline& exposed = off.schedule->ddp.front();
    QVERIFY(exposed.parameterGatherSeconds > 0);
    QCOMPARE(exposed.parameterGatherExposedSeconds, exposed.parameterGatherSeconds);
    QCOMPARE(off.performance->exposed.allGather, exposed.parameterGatherSeconds);

    d.layout.overlapParamGather = true;
    const Evaluation on = evaluated(d);
    const DdpStepTimeline& hidden = on.schedule->ddp.front();
    QVERIFY(hidden.firstForwardSeconds > 0);
    QCOMPARE(hidden.parameterGatherExposedSeconds,
             std::max(0.0, hidden.parameterGatherSeconds - hidden.firstForwardSeconds));
    QCOMPARE(on.performance->exposed.allGather, hidden.parameterGatherExposedSeconds);
    QVERIFY(on.performance->stepSeconds < off.performance->stepSeconds);
}

void TestFrameworkSwitches::fsdpGradientSyncCadence_data()
{
    QTest::addColumn<bool>("reshard");
    QTest::newRow("reshard after forward") << true;
    QTest::newRow("keep gathered (ZeRO-2-like)") << false;
}

// PyTorch 2.6 _fully_shard.py: with set_requires_gradient_sync(False) before the last micro-batch FSDP2
// reduce-scatters once per step; without resharding after forward the parameters stay gathered and are
// all-gathered once per step too.
void TestFrameworkSwitches::fsdpGradientSyncCadence()
{
    QFETCH(bool, reshard);
    Design d = dataParallel(Framework::Fsdp2, 3);
    d.layout.reshardAfterForward = reshard;
    const Evaluation every = evaluated(d);
    QVERIFY(every.schedule && !every.schedule->fsdp.empty());
    const FsdpLayerTimeline& perMicroBatch = every.schedule->fsdp.front();
    QCOMPARE(perMicroBatch.microBatches, 4);
    QVERIFY(perMicroBatch.exposedSeconds > 0);
    QCOMPARE(perMicroBatch.stepExposedSeconds, 4 * perMicroBatch.exposedSeconds);

    d.layout.gradientSyncEveryMicroBatch = false;
    const Evaluation once = evaluated(d);
    QVERIFY2(!hasErrors(once.diagnostics), qPrintable(testing::describe(once.diagnostics)));
    const FsdpLayerTimeline& perStep = once.schedule->fsdp.front();
    QVERIFY(!perStep.gradientSyncEveryMicroBatch);
    QVERIFY(perStep.stepExposedSeconds < perMicroBatch.stepExposedSeconds);
    // The micro-batch shown is the last: it reduce-scatters; without resharding it gathers nothing.
    const auto count = [&](FsdpStream stream) {
        return std::count_if(perStep.spans.begin(), perStep.spans.end(),
                             [&](const FsdpSpan& s) { return s.stream == stream; });
    };
    QCOMPARE(count(FsdpStream::ReduceScatter), static_cast<std::ptrdiff_t>(perStep.units.size()));
    QCOMPARE(count(FsdpStream::AllGather), reshard ? 2 * static_cast<std::ptrdiff_t>(perStep.units.size()) - 1 : 0);
    QVERIFY(once.performance->exposed.reduceScatter < every.performance->exposed.reduceScatter);
}

void TestFrameworkSwitches::dataParallelCadence_data()
{
    QTest::addColumn<int>("zero");
    QTest::addColumn<bool>("reshard");
    QTest::addColumn<bool>("syncEvery");
    QTest::addColumn<int>("microBatches");
    QTest::addColumn<int>("gathers");
    QTest::addColumn<int>("reduceScatters");
    // Megatron-LM finalize_model_grads and DeepSpeed's accumulation boundary: once per step whatever m.
    QTest::newRow("ZeRO-1, 8 micro-batches") << 1 << true << true << 8 << 1 << 1;
    QTest::newRow("ZeRO-2, 8 micro-batches") << 2 << true << true << 8 << 1 << 1;
    // PyTorch FSDP2 fully_shard (docs: reshard_after_forward, set_requires_gradient_sync): per micro-batch
    // a forward gather, a backward re-gather when resharded after forward, a reduce-scatter when syncing.
    QTest::newRow("FSDP2 default, 8") << 3 << true << true << 8 << 16 << 8;
    QTest::newRow("FSDP2 no reshard, 8") << 3 << false << true << 8 << 8 << 8;
    QTest::newRow("FSDP2 sync on the last, 8") << 3 << true << false << 8 << 16 << 1;
    QTest::newRow("FSDP2 gathered all step, 8") << 3 << false << false << 8 << 1 << 1;
    QTest::newRow("FSDP2 default, 1") << 3 << true << true << 1 << 2 << 1;
    QTest::newRow("FSDP2 gathered all step, 2") << 3 << false << false << 2 << 1 << 1;
}

void TestFrameworkSwitches::dataParallelCadence()
{
    QFETCH(int, zero);
    QFETCH(bool, reshard);
    QFETCH(bool, syncEvery);
    QFETCH(int, microBatches);
    Design d = dataParallel(zero == 3 ? Framework::Fsdp2 : Framework::DeepSpeed, zero);
    d.layout.reshardAfterForward = reshard;
    if (zero == 3)
        d.layout.gradientSyncEveryMicroBatch = syncEvery;
    const DataParallelCadence cadence = core::dataParallelCadence(d, microBatches);
    QTEST(static_cast<int>(cadence.gathers), "gathers");
    QTEST(static_cast<int>(cadence.reduceScatters), "reduceScatters");
    // The passes the step timeline simulates add up to the same counts.
    std::int64_t gathers = 0;
    std::int64_t regathers = 0;
    std::int64_t reduces = 0;
    for (int i = 0; zero == 3 && i < microBatches; ++i) {
        const FsdpPass pass = fsdpPass(d, i, microBatches);
        gathers += int{pass.gatherForward} + int{pass.regather};
        regathers += int{pass.regather};
        reduces += int{pass.reduce};
    }
    if (zero == 3) {
        QCOMPARE(gathers, cadence.gathers);
        QCOMPARE(regathers, cadence.regathers);
        QCOMPARE(reduces, cadence.reduceScatters);
    }
}

// The traffic table sends what the cadence says: with a = one reduce-scatter's bytes per GPU and b = one
// all-gather's, the four FSDP2 settings send a + b, m(a + b), m·a + 2m·b and a + 2m·b per step.
void TestFrameworkSwitches::trafficFollowsTheCadence()
{
    const auto dpBytes = [](bool reshard, bool syncEvery) {
        Design d = dataParallel(Framework::Fsdp2, 3);
        d.layout.reshardAfterForward = reshard;
        d.layout.gradientSyncEveryMicroBatch = syncEvery;
        const Evaluation e = evaluated(d);
        if (!e.traffic)
            qFatal("no traffic report");
        return e.traffic->of(Dim::Dp).bytesPerGpu;
    };
    const double m = 4;
    const double once = dpBytes(false, false);
    const double keepEvery = dpBytes(false, true);
    const double reshardEvery = dpBytes(true, true);
    const double reshardOnce = dpBytes(true, false);
    QVERIFY(once > 0);
    QCOMPARE(keepEvery, m * once);
    const double b = (reshardEvery - keepEvery) / m;
    const double a = once - b;
    QVERIFY(a > 0 && b > 0);
    QCOMPARE(reshardOnce, a + 2 * m * b);
}

// Megatron-Core --overlap-moe-expert-parallel-comm: the dispatch and combine hide under the dense work of
// the layer up to that work's time (combined_1f1b.py).
void TestFrameworkSwitches::expertAllToAllOverlap()
{
    Design d = testing::example("mixtral-8x7b-ep8");
    QCOMPARE(frameworkOf(d), Framework::MegatronCore);
    // Megatron-Core overlaps it only without full recomputation (tst_launchflags), whose activations fit at
    // half the example's sequence.
    d.layout.recompute = Recompute::Selective;
    d.workload.sequenceLength /= 2;
    const Evaluation off = evaluated(d);
    QVERIFY(off.performance && off.performance->exposed.allToAll > 0);
    const StageWork& stage = off.schedule->times.stages.front();
    QCOMPARE(stage.moeLayer[0].exposed.allToAll, 2 * stage.comm.epAllToAll);

    d.layout.overlapMoeAllToAll = true;
    const Evaluation on = evaluated(d);
    QVERIFY2(!hasErrors(on.diagnostics), qPrintable(testing::describe(on.diagnostics)));
    const StageWork& hidden = on.schedule->times.stages.front();
    const double visible = hidden.moeLayer[0].exposed.allToAll;
    QVERIFY(visible < 2 * hidden.comm.epAllToAll);
    QVERIFY(visible >= 0);
    QVERIFY(on.performance->exposed.allToAll < off.performance->exposed.allToAll);
    QVERIFY(on.performance->exposedExplanation.source.find("overlapMoeAllToAll on (set in the design")
            != std::string::npos);
}

// Under ZeRO-2 each micro-batch's gradients are reduce-scattered and accumulated as the rank's shard
// (DeepSpeed stage_1_and_2.py): the accumulation pass moves 1/N of the ZeRO-1 bytes.
void TestFrameworkSwitches::accumulationBufferIsTheShard()
{
    const Evaluation one = evaluated(dataParallel(Framework::DeepSpeed, 1));
    const Evaluation two = evaluated(dataParallel(Framework::DeepSpeed, 2));
    const auto kernelTerm = [](const Evaluation& e) {
        for (const auto& term : e.schedule->times.terms)
            if (term.id.find("gradient-accumulation") != std::string::npos)
                return term.value;
        return -1.0;
    };
    QVERIFY(kernelTerm(one) > 0);
    QCOMPARE(kernelTerm(two) * 8, kernelTerm(one));
}

void TestFrameworkSwitches::jsonKeysOnlyWhenSet()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    const Json plain = Json::parse(saveDesign(d));
    for (const LayoutSwitch& s : kLayoutSwitches)
        QVERIFY(!plain["layout"].contains(std::string(s.key)));
    d.layout.overlapGradReduce = true;
    d.layout.overlapParamGather = false;
    d.layout.gradientSyncEveryMicroBatch = false;
    d.layout.overlapMoeAllToAll = true;
    const std::string text = saveDesign(d);
    const Json saved = Json::parse(text);
    QCOMPARE(saved["layout"]["overlapGradReduce"].get<bool>(), true);
    QCOMPARE(saved["layout"]["overlapParamGather"].get<bool>(), false);
    const LoadResult back = loadDesign(text);
    QVERIFY(back.design);
    QVERIFY(*back.design == d);
    const LoadResult wrong = testing::patched("default", R"({"layout": {"overlapGradReduce": 1}})");
    QVERIFY(testing::hasCode(wrong.diagnostics, "io-type"));
}

void TestFrameworkSwitches::fieldsSetAndClear()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    QCOMPARE(getField(d, Field::OverlapParamGather), FieldValue{std::string(kFrameworkDefault)});
    QVERIFY(setField(d, Field::OverlapParamGather, FieldValue{true}));
    QCOMPARE(d.layout.overlapParamGather, std::optional<bool>{true});
    QCOMPARE(fieldAtPointer("/layout/overlapParamGather"), std::optional<Field>{Field::OverlapParamGather});
    QVERIFY(setField(d, Field::OverlapParamGather, FieldValue{std::string(kFrameworkDefault)}));
    QVERIFY(!d.layout.overlapParamGather);
    QVERIFY(!setField(d, Field::OverlapParamGather, FieldValue{std::string("sometimes")}));
}

// Export writes the switches as the design runs them, and the importers read them back.
void TestFrameworkSwitches::launchFilesCarryTheSwitches()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    const auto megatronWords = [](const Design& design) {
        return testing::shellWords(launchConfig(design, evaluate(design), LaunchTarget::Megatron).text).value();
    };
    QVERIFY(!testing::hasWord(megatronWords(d), "--overlap-grad-reduce"));
    d.layout.overlapGradReduce = true;
    d.layout.overlapParamGather = true;
    const auto words = megatronWords(d);
    QVERIFY(testing::hasWord(words, "--overlap-grad-reduce"));
    QVERIFY(testing::hasWord(words, "--overlap-param-gather"));
    const std::string script = launchConfig(d, evaluate(d), LaunchTarget::Megatron).text;
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, script, d);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.overlapGradReduce, std::optional<bool>{true});
    QCOMPARE(back.design->layout.overlapParamGather, std::optional<bool>{true});

    // DeepSpeed's overlap_comm: off at ZeRO-2 by default (zero/config.py), on when the design sets it.
    Design ds = dataParallel(Framework::DeepSpeed, 2);
    const auto overlapComm = [](const Design& design) {
        return Json::parse(launchConfig(design, evaluate(design), LaunchTarget::DeepSpeed).text)["zero_optimization"]
                          ["overlap_comm"]
                              .get<bool>();
    };
    QCOMPARE(overlapComm(ds), false);
    ds.layout.overlapGradReduce = true;
    QCOMPARE(overlapComm(ds), true);
    const std::string config = launchConfig(ds, evaluate(ds), LaunchTarget::DeepSpeed).text;
    const LaunchImport dsBack = importLaunch(LaunchFormat::DeepSpeed, config, ds);
    QVERIFY2(dsBack.ok(), qPrintable(testing::describe(dsBack.diagnostics)));
    QCOMPARE(dsBack.design->layout.overlapGradReduce, std::optional<bool>{true});
    Design dsDefault = dataParallel(Framework::DeepSpeed, 2);
    const LaunchImport plain = importLaunch(
        LaunchFormat::DeepSpeed, launchConfig(dsDefault, evaluate(dsDefault), LaunchTarget::DeepSpeed).text, dsDefault);
    QVERIFY(plain.ok());
    QVERIFY(!plain.design->layout.overlapGradReduce); // the default stays the framework's
}

// Megatron-LM --async-save with the torch_dist format it needs (arguments.py); torchtitan's [checkpoint]
// async_mode (job_config.py); Accelerate has no checkpoint keys and says so. Each reads back.
void TestFrameworkSwitches::launchFilesCarryTheAsyncCheckpoint()
{
    Design d = dataParallel(Framework::MegatronCore, 1);
    d.layout.asyncCheckpoint = true;
    const std::string script = launchConfig(d, evaluate(d), LaunchTarget::Megatron).text;
    const auto words = testing::shellWords(script).value();
    QVERIFY(testing::hasWord(words, "--async-save"));
    QVERIFY(testing::hasWord(words, "torch_dist"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, script, d);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    for (const std::string& unused : back.unusedSettings) // --ckpt-format is --async-save's
        QVERIFY2(unused.find("ckpt") == std::string::npos, unused.c_str());
    QCOMPARE(back.design->layout.asyncCheckpoint, std::optional<bool>{true});
    Design plain = dataParallel(Framework::MegatronCore, 1);
    const LaunchImport plainBack = importLaunch(
        LaunchFormat::Megatron, launchConfig(plain, evaluate(plain), LaunchTarget::Megatron).text, plain);
    QVERIFY(plainBack.ok());
    QVERIFY(!plainBack.design->layout.asyncCheckpoint);

    Design titan = dataParallel(Framework::Fsdp2, 3);
    titan.layout.asyncCheckpoint = true;
    const std::string toml = launchConfig(titan, evaluate(titan), LaunchTarget::Torchtitan).text;
    QVERIFY2(toml.find("[checkpoint]") != std::string::npos
                 && toml.find("async_mode = \"async\"") != std::string::npos,
             toml.c_str());
    const LaunchImport titanBack = importLaunch(LaunchFormat::Torchtitan, toml, titan);
    QVERIFY2(titanBack.ok(), qPrintable(testing::describe(titanBack.diagnostics)));
    QCOMPARE(titanBack.design->layout.asyncCheckpoint, std::optional<bool>{true});

    const LaunchConfig accelerate = launchConfig(titan, evaluate(titan), LaunchTarget::Accelerate);
    QVERIFY(accelerate.ok());
    QVERIFY(std::any_of(accelerate.notes.begin(), accelerate.notes.end(),
                        [](const Diagnostic& n) { return n.path == "/layout/asyncCheckpoint"; }));
}

QTEST_APPLESS_MAIN(TestFrameworkSwitches)
#include "tst_frameworkswitches.moc"
