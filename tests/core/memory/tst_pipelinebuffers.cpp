// SPDX-License-Identifier: GPL-3.0-or-later
// The memory PyTorch's and DeepSpeed's pipelines keep around a rank's stages beyond what their layers save:
// the stages' outputs until their backward and their receive buffers (frameworks.json
// pipelineKeepsStageOutput, pipelineReceiveBuffers and DeepSpeed's fields beside them; docs/frameworks.md,
// "Model states").
#include "evaluate.h"
#include "support/memorytest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;
using namespace testing::memory;

class TestPipelineBuffers : public QObject
{
    Q_OBJECT

private slots:
    void pipelineStageHops_data();
    void pipelineStageHops();
    void deepSpeedPipeline_data();
    void deepSpeedPipeline();
};

namespace {

// An input of a rank's memory figure by name, 0 where the figure has none.
double inputOf(const RankRole& role, MemoryCategory category, const char* name)
{
    const auto& in = role.figure(category).explanation.inputs;
    const auto it
        = std::find_if(in.begin(), in.end(), [&](const ExplanationInput& i) { return i.name == name; });
    return it == in.end() ? 0.0 : it->value;
}

} // namespace

// PyTorch's pipeline around a rank's stages (FSDP2's profile; memory/trainingmemory.cpp stageHops), counted
// by hand per rank: each stage sending to another rank keeps every in-flight micro-batch's output until its
// backward (stage.py fwd_cache) and a receive buffer for each micro-batch's output gradient; each stage fed
// from another rank a receive buffer for each micro-batch's input, of which the in-flight ones are their
// first layer's saved input. Hops between two stages of one rank (ZB-V's middle) pass the tensor itself
// (set_local_fwd_input). Megatron-Core frees a sent output and receives into a fresh tensor: neither.
void TestPipelineBuffers::pipelineStageHops_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("outputs"); // the rank's stages sending to another rank
    QTest::addColumn<int>("inputs"); // the rank's stages fed from another rank
    QTest::addColumn<double>("hop"); // one micro-batch's BF16 tensor between stages
    constexpr double s = 2048, h = 1024;
    const auto run = [](int tp, Schedule schedule, int v, Framework framework) {
        Design d = tinyRun(tp, 2, 8 / (2 * tp), 0);
        d.layout.framework = framework;
        d.layout.schedule = schedule;
        d.layout.virtualStages = v;
        d.layout.sequenceParallel = tp > 1;
        return d;
    };
    // PP 2 × DP 4: ranks 0–3 stage 0, ranks 4–7 stage 1 (order tp-cp-ep-dp-pp).
    const Design oneFOneB = run(1, Schedule::OneFOneB, 1, Framework::Fsdp2);
    QTest::newRow("1F1B, the first stage: its output") << oneFOneB << 0 << 1 << 0 << 2 * s * h;
    QTest::newRow("1F1B, the last stage: its input") << oneFOneB << 4 << 0 << 1 << 2 * s * h;
    QTest::newRow("TP 2 with SP: the tensor sequence-sharded")
        << run(2, Schedule::OneFOneB, 1, Framework::Fsdp2) << 0 << 1 << 0 << 2 * s * h / 2;
    // Interleaved, 2 stages a rank: rank 0 holds stages 0 and 2, rank 4 stages 1 and 3; every hop crosses.
    const Design interleaved = run(1, Schedule::Interleaved, 2, Framework::Fsdp2);
    QTest::newRow("interleaved, rank 0: outputs of stages 0 and 2, input of stage 2")
        << interleaved << 0 << 2 << 1 << 2 * s * h;
    QTest::newRow("interleaved, rank 4: output of stage 1, inputs of stages 1 and 3")
        << interleaved << 4 << 1 << 2 << 2 * s * h;
    // ZB-V: rank 0 holds stages 0 and 3, rank 4 stages 1 and 2, whose hop stays on the rank.
    const Design zbv = run(1, Schedule::ZbV, 2, Framework::Fsdp2);
    QTest::newRow("ZB-V, rank 0: output of stage 0, input of stage 3") << zbv << 0 << 1 << 1 << 2 * s * h;
    QTest::newRow("ZB-V, rank 4: input of stage 1, output of stage 2") << zbv << 4 << 1 << 1 << 2 * s * h;
    QTest::newRow("Megatron-Core: neither")
        << run(1, Schedule::OneFOneB, 1, Framework::MegatronCore) << 0 << 0 << 0 << 2 * s * h;
}

void TestPipelineBuffers::pipelineStageHops()
{
    QFETCH(Design, design);
    QFETCH(int, rank);
    QFETCH(int, outputs);
    QFETCH(int, inputs);
    QFETCH(double, hop);
    EVALUATE_OR_FAIL(e, design);
    const RankRole& role = e.memory->roleOf(rank);
    const auto input
        = [&](MemoryCategory category, const char* name) { return inputOf(role, category, name); };
    const double m = static_cast<double>(design.workload.globalBatch / design.layout.dp()); // micro-batch 1
    QCOMPARE(input(MemoryCategory::Activations, "stage outputs kept per micro-batch in flight"),
             outputs * hop);
    const double waiting = std::max(0.0, m - role.inFlight);
    QVERIFY2(role.inFlight >= 1 && role.inFlight <= m, qPrintable(QString::number(role.inFlight)));
    QCOMPARE(input(MemoryCategory::Communication, "pipeline receive buffers"),
             (outputs * m + inputs * waiting) * hop);
}

// DeepSpeed's pipeline engine (runtime/pipe/engine.py; DeepSpeed's profile), counted by hand on PP 2 × DP 4
// (TP 1) and TP 2 × PP 2 × DP 2, 1F1B, micro-batch 1, 8 micro-batches: a stage that sends keeps each
// in-flight micro-batch's output until its backward (pipe_buffers['outputs']), under TP a PartitionedTensor
// of 1/TP of it; without TP a stage fed from another rank keeps the received clone beside the copy it runs on
// (pipe_buffers['inputs']); every stage receives into one buffer, made once, for inputs and gradients alike
// (_grad_layer_buf); the last stage's previous logits stay in their buffer beside the current ones.
void TestPipelineBuffers::deepSpeedPipeline_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<int>("rank");
    QTest::addColumn<double>("outputsKept"); // per micro-batch in flight
    QTest::addColumn<double>("inputsKept"); // per micro-batch in flight
    QTest::addColumn<double>("receiveBuffer");
    QTest::addColumn<double>("previousLogits");
    constexpr double s = 2048, h = 1024, v = 32000;
    const auto run = [](int tp) {
        Design d = tinyRun(tp, 2, 8 / (2 * tp), 1);
        d.layout.framework = Framework::DeepSpeed;
        d.layout.sequenceParallel = false;
        return d;
    };
    QTest::newRow("TP 1, the first stage: its output and the gradient buffer")
        << run(1) << 0 << 2 * s * h << 0.0 << 2 * s * h << 0.0;
    QTest::newRow("TP 1, the last stage: the received input and the previous logits")
        << run(1) << 4 << 0.0 << 2 * s * h << 2 * s * h << 2 * s * v;
    QTest::newRow("TP 2, the first stage: a TP partition of its output")
        << run(2) << 0 << 2 * s * h / 2 << 0.0 << 2 * s * h / 2 << 0.0;
    QTest::newRow("TP 2, the last stage: the input gathered whole is the stage's own")
        << run(2) << 4 << 0.0 << 0.0 << 2 * s * h / 2 << 2 * s * v / 2;
}

void TestPipelineBuffers::deepSpeedPipeline()
{
    QFETCH(Design, design);
    QFETCH(int, rank);
    QFETCH(double, outputsKept);
    QFETCH(double, inputsKept);
    QFETCH(double, receiveBuffer);
    QFETCH(double, previousLogits);
    EVALUATE_OR_FAIL(e, design);
    const RankRole& role = e.memory->roleOf(rank);
    QCOMPARE(inputOf(role, MemoryCategory::Activations, "stage outputs kept per micro-batch in flight"),
             outputsKept);
    QCOMPARE(inputOf(role, MemoryCategory::Activations, "received inputs kept per micro-batch in flight"),
             inputsKept);
    QCOMPARE(inputOf(role, MemoryCategory::Communication, "pipeline receive buffer"), receiveBuffer);
    QCOMPARE(inputOf(role, MemoryCategory::Communication, "pipeline receive buffers"), 0.0); // PyTorch's
    QCOMPARE(inputOf(role, MemoryCategory::Temporary, "the previous micro-batch's logits the pipeline keeps"),
             previousLogits);
}

QTEST_APPLESS_MAIN(TestPipelineBuffers)
#include "tst_pipelinebuffers.moc"
