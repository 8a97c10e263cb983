// SPDX-License-Identifier: GPL-3.0-or-later
// The dtype gradients are reduced in (layout.gradReduceInFp32): each framework's default by precision as its
// code sets it, what the switch changes in memory (Megatron-Core's gradient buffer and its optimizer's FP32
// copy, against the table of Megatron-LM's docs/source/api-guide/dist_optimizer.md), in the data-parallel
// traffic and in the step, the refusal where it cannot apply, and the launch files that carry it. Each row
// names its source.

#include "comm/groupcollective.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "memory/memory.h"
#include "pipeline/steptimeline.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <numeric>

using namespace core;

Q_DECLARE_METATYPE(core::Framework)
Q_DECLARE_METATYPE(core::Precision)

namespace {

// Llama 3.1 8B on eight H100 of one node, data parallelism only, four micro-batches per step.
Design dataParallel(Framework framework, int zeroStage, Precision precision = Precision::Bf16Mixed)
{
    Design d = testing::dataParallel(framework, zeroStage, Offload::None);
    d.workload.precision = precision;
    d.workload.globalBatch = 4 * d.layout.dp() * d.layout.microBatch;
    return d;
}

bool hasNote(const LaunchConfig& config, const std::string& code)
{
    return std::any_of(config.notes.begin(), config.notes.end(), [&](const Diagnostic& n) {
        return n.code == code && n.path == "/layout/gradReduceInFp32";
    });
}

} // namespace

class TestGradReduce : public QObject
{
    Q_OBJECT

private slots:
    void defaults_data();
    void defaults();
    void fp32TrainingRefusesSixteenBits();
    void megatronStateBytes_data();
    void megatronStateBytes();
    void trafficAndStepFollowTheDtype();
    void launchFiles();
};

void TestGradReduce::defaults_data()
{
    QTest::addColumn<Framework>("framework");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<Precision>("precision");
    QTest::addColumn<bool>("fp32");
    QTest::addColumn<double>("wireBytes");
    // Megatron-LM core_r0.12 arguments.py: BF16 forces accumulate_allreduce_grads_in_fp32, FP16 does not.
    QTest::newRow("Megatron-Core BF16 (arguments.py)")
        << Framework::MegatronCore << 1 << Precision::Bf16Mixed << true << 4.0;
    QTest::newRow("Megatron-Core FP8 on BF16 (arguments.py)")
        << Framework::MegatronCore << 1 << Precision::Fp8 << true << 4.0;
    QTest::newRow("Megatron-Core FP16 (arguments.py)")
        << Framework::MegatronCore << 1 << Precision::Fp16Mixed << false << 2.0;
    // torchtitan job_config.py mixed_precision_reduce = "float32".
    QTest::newRow("FSDP2 reduce_dtype float32 (torchtitan)")
        << Framework::Fsdp2 << 3 << Precision::Bf16Mixed << true << 4.0;
    // DeepSpeed config.py get_communication_data_type: unset, the model's 16-bit type.
    QTest::newRow("DeepSpeed BF16 (communication_data_type unset)")
        << Framework::DeepSpeed << 2 << Precision::Bf16Mixed << false << 2.0;
    QTest::newRow("DeepSpeed FP32") << Framework::DeepSpeed << 2 << Precision::Fp32 << true << 4.0;
    QTest::newRow("megatron-bf16 names FP32 main gradients")
        << Framework::DeepSpeed << 1 << Precision::MegatronBf16 << true << 4.0;
}

void TestGradReduce::defaults()
{
    QFETCH(Framework, framework);
    QFETCH(int, zeroStage);
    QFETCH(Precision, precision);
    QFETCH(bool, fp32);
    QFETCH(double, wireBytes);
    QVERIFY(frameworkProfileProblems().empty());
    const Design d = dataParallel(framework, zeroStage, precision);
    QCOMPARE(switchDefault(d, Switch::GradReduceInFp32), fp32);
    QCOMPARE(gradientBytesPerElement(d), wireBytes);
    // The explanation names the framework's option and its source file.
    const std::string why = switchExplanation(d, Switch::GradReduceInFp32);
    QVERIFY2(why.find("gradReduceInFp32") != std::string::npos && why.find(".py") != std::string::npos,
             why.c_str());
    // Set the other way, the wire carries the other dtype.
    Design set = d;
    set.layout.gradReduceInFp32 = !fp32;
    if (precision != Precision::Fp32)
        QCOMPARE(gradientBytesPerElement(set), fp32 ? 2.0 : 4.0);
    // Summaries name it wherever mixed precision leaves a choice.
    QCOMPARE(frameworkSummary(d).find("gradReduceInFp32") != std::string::npos, precision != Precision::Fp32);
}

void TestGradReduce::fp32TrainingRefusesSixteenBits()
{
    Design d = dataParallel(Framework::MegatronCore, 1, Precision::Fp32);
    d.layout.gradReduceInFp32 = false;
    const Evaluation e = evaluate(d);
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [](const Diagnostic& x) { return x.code == "framework-switch"; });
    QVERIFY(it != e.diagnostics.end());
    QCOMPARE(it->severity, Severity::Error);
    QCOMPARE(it->path, std::string("/layout/gradReduceInFp32"));
    // Turning it off is a framework's choice: DeepSpeed's default, accepted; so is FP32 in BF16.
    for (const Design& fine : {[] {
                                   Design x = dataParallel(Framework::MegatronCore, 1);
                                   x.layout.gradReduceInFp32 = false;
                                   return x;
                               }(),
                               [] {
                                   Design x = dataParallel(Framework::DeepSpeed, 2);
                                   x.layout.gradReduceInFp32 = true;
                                   return x;
                               }()}) {
        const Evaluation ok = evaluate(fine);
        QVERIFY2(!testing::hasCode(ok.diagnostics, "framework-switch"),
                 testing::describe(ok.diagnostics).toUtf8());
    }
}

// Megatron-LM docs/source/api-guide/dist_optimizer.md, bytes per parameter with the distributed optimizer
// over d ranks: "bf16 param, fp32 grads" 6 + 12/d; "fp16 param, fp16 grads" 4 + 16/d (the optimizer's FP32
// copy of its gradient shard, distrib_optimizer.py). A 16-bit reduction in BF16 has the second's bytes.
void TestGradReduce::megatronStateBytes_data()
{
    QTest::addColumn<Precision>("precision");
    QTest::addColumn<int>("fp32"); // -1 default, 0 off, 1 on
    QTest::addColumn<double>("replicated");
    QTest::addColumn<double>("sharded");
    QTest::newRow("bf16 param, fp32 grads") << Precision::Bf16Mixed << -1 << 6.0 << 12.0;
    QTest::newRow("bf16 param, bf16 grads (NeMo recipes)") << Precision::Bf16Mixed << 0 << 4.0 << 16.0;
    QTest::newRow("fp16 param, fp16 grads") << Precision::Fp16Mixed << -1 << 4.0 << 16.0;
    QTest::newRow("fp16 with --accumulate-allreduce-grads-in-fp32")
        << Precision::Fp16Mixed << 1 << 6.0 << 12.0;
}

void TestGradReduce::megatronStateBytes()
{
    QFETCH(Precision, precision);
    QFETCH(int, fp32);
    QFETCH(double, replicated);
    QFETCH(double, sharded);
    Design d = dataParallel(Framework::MegatronCore, 1, precision);
    if (fp32 >= 0)
        d.layout.gradReduceInFp32 = fp32 == 1;
    const StateBytes bytes = frameworkStateBytes(d);
    const int ranks = d.layout.dp();
    const ModelStates states = modelStates(1.0, 1, ranks, bytes, frameworkProfile(d).gradientsAtStage[1]);
    QCOMPARE(states.replicated, replicated);
    QCOMPARE(states.sharded, sharded / ranks);
}

// The reduce-scatter of the 8B's gradients carries half the bytes in 16 bits, and its time in the step
// shrinks with them (Megatron-Core, overlap off: the whole reduction is exposed after the last backward).
void TestGradReduce::trafficAndStepFollowTheDtype()
{
    Design fp32 = dataParallel(Framework::MegatronCore, 1);
    Design bf16 = fp32;
    bf16.layout.gradReduceInFp32 = false;
    const Evaluation e32 = evaluate(fp32);
    const Evaluation e16 = evaluate(bf16);
    QVERIFY(e32.valid() && e16.valid());
    const GroupCollectiveResult dp32 = groupCollective(fp32, e32, Dim::Dp, 0);
    const GroupCollectiveResult dp16 = groupCollective(bf16, e16, Dim::Dp, 0);
    QVERIFY(dp32.group && dp16.group);
    QCOMPARE(dp16.group->message.bytes * 2, dp32.group->message.bytes);
    QVERIFY(e32.schedule && e16.schedule && !e32.schedule->ddp.empty() && !e16.schedule->ddp.empty());
    const auto sum = [](const DdpStepTimeline& t) {
        return std::accumulate(t.bucketSeconds.begin(), t.bucketSeconds.end(), 0.0);
    };
    const double reduce32 = sum(e32.schedule->ddp.front());
    const double reduce16 = sum(e16.schedule->ddp.front());
    QVERIFY2(reduce16 < 0.6 * reduce32 && reduce16 > 0.4 * reduce32,
             qPrintable(QStringLiteral("%1 s vs %2 s").arg(reduce16).arg(reduce32)));
    QVERIFY(e16.performance->stepSeconds < e32.performance->stepSeconds);
}

// Megatron-LM: --fp16 with --accumulate-allreduce-grads-in-fp32; BF16 in 16 bits with --grad-reduce-in-bf16
// (core_r0.13.0 arguments.py: --bf16 reduces in FP32 otherwise). torchtitan: [training]
// mixed_precision_reduce. DeepSpeed: communication_data_type. Accelerate: the script's MixedPrecisionPolicy.
// Each reads back.
void TestGradReduce::launchFiles()
{
    Design fp16 = dataParallel(Framework::MegatronCore, 1, Precision::Fp16Mixed);
    fp16.layout.gradReduceInFp32 = true;
    const std::string script = launchConfig(fp16, evaluate(fp16), LaunchTarget::Megatron).text;
    QVERIFY(testing::hasWord(testing::shellWords(script).value(), "--accumulate-allreduce-grads-in-fp32"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, script, fp16);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.gradReduceInFp32, std::optional<bool>{true});

    Design bf16 = dataParallel(Framework::MegatronCore, 1);
    const LaunchConfig plain = launchConfig(bf16, evaluate(bf16), LaunchTarget::Megatron);
    QVERIFY(plain.notes.empty());
    QVERIFY(
        !testing::hasWord(testing::shellWords(plain.text).value(), "--accumulate-allreduce-grads-in-fp32"));
    QVERIFY(!testing::hasWord(testing::shellWords(plain.text).value(), "--grad-reduce-in-bf16"));
    bf16.layout.gradReduceInFp32 = false;
    const LaunchConfig sixteen = launchConfig(bf16, evaluate(bf16), LaunchTarget::Megatron);
    QVERIFY(sixteen.notes.empty());
    QVERIFY(testing::hasWord(testing::shellWords(sixteen.text).value(), "--grad-reduce-in-bf16"));
    const LaunchImport sixteenBack = importLaunch(LaunchFormat::Megatron, sixteen.text, bf16);
    QVERIFY2(sixteenBack.ok(), qPrintable(testing::describe(sixteenBack.diagnostics)));
    QCOMPARE(sixteenBack.design->layout.gradReduceInFp32, std::optional<bool>{false});

    Design titan = dataParallel(Framework::Fsdp2, 3);
    const std::string defaultToml = launchConfig(titan, evaluate(titan), LaunchTarget::Torchtitan).text;
    QVERIFY(defaultToml.find("mixed_precision_reduce") == std::string::npos); // float32, its default
    titan.layout.gradReduceInFp32 = false;
    const std::string toml = launchConfig(titan, evaluate(titan), LaunchTarget::Torchtitan).text;
    QVERIFY2(toml.find("mixed_precision_reduce = \"bfloat16\"") != std::string::npos, toml.c_str());
    const LaunchImport titanBack = importLaunch(LaunchFormat::Torchtitan, toml, titan);
    QVERIFY2(titanBack.ok(), qPrintable(testing::describe(titanBack.diagnostics)));
    QCOMPARE(titanBack.design->layout.gradReduceInFp32, std::optional<bool>{false});
    const LaunchImport titanPlain = importLaunch(LaunchFormat::Torchtitan, defaultToml, titan);
    QVERIFY(titanPlain.ok() && !titanPlain.design->layout.gradReduceInFp32);
    QVERIFY(hasNote(launchConfig(titan, evaluate(titan), LaunchTarget::Accelerate), "export-set-in-code"));

    Design ds = dataParallel(Framework::DeepSpeed, 2);
    ds.layout.gradReduceInFp32 = true;
    const std::string json = launchConfig(ds, evaluate(ds), LaunchTarget::DeepSpeed).text;
    QVERIFY2(json.find("\"communication_data_type\": \"fp32\"") != std::string::npos, json.c_str());
    const LaunchImport dsBack = importLaunch(LaunchFormat::DeepSpeed, json, ds);
    QVERIFY2(dsBack.ok(), qPrintable(testing::describe(dsBack.diagnostics)));
    QCOMPARE(dsBack.design->layout.gradReduceInFp32, std::optional<bool>{true});
}

QTEST_APPLESS_MAIN(TestGradReduce)
#include "tst_gradreduce.moc"
