// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM measures itself: the functional tests `gpt3_7b_tp1_pp4_memory_speed` and
// `gpt3_7b_tp4_pp1_memory_speed` (NVIDIA/Megatron-LM tests/functional_tests/test_cases/gpt, core_v0.19.0,
// golden_values_dev_dgx_h100.json) log the iteration time and PyTorch's allocated bytes after each step and
// their peak, on the last rank (megatron/training/global_vars.py: the TensorBoard writer is rank
// world_size − 1; training.py logs allocated_bytes.all.current and .peak). Held out like tst_heldouttoday:
// the rows report how far the model is and are not tuned. PyTorch's count leaves out the CUDA context and
// NCCL's buffers, which NCCL allocates itself, and the caching allocator's slack, so the model's figure is
// its allocated part: model states, activations and temporary buffers.
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

// Both tests' model (model_config.yaml): 32 layers of width 4,096, 32 heads in 8 query groups of 128,
// Megatron-LM's defaults for what the file does not set: an FFN of 4h with GELU, LayerNorm, biases,
// learned absolute positions over 8,192, hidden and attention dropout 0.1; untied output layer;
// NullTokenizer with --vocab-size 131,073 (padded to 128 × TP). BF16 with the distributed optimizer over
// DP 2 on one node of 8 H100 (tests/test_utils/recipes/h100/gpt.yaml: 1 node, 8 GPUs), sequence 8,192,
// global batch 8, no recomputation, Transformer Engine's fused attention.
Design functionalTest(int tp, int pp, int microBatch)
{
    const std::string pipeline
        = pp > 1 ? R"(, "schedule": "interleaved", "virtualStages": 8)" : R"(, "schedule": "1f1b")";
    const std::string patch = R"({"model": {"name": "Megatron-LM functional-test GPT", "layers": 32,
        "hidden": 4096, "ffn": 16384, "heads": 32, "kvHeads": 8, "headDim": 128, "vocab": 131073,
        "tiedEmbeddings": false, "mlp": "plain", "norm": "layernorm", "bias": "all", "dropout": true,
        "positions": "learned", "maxContext": 8192},
        "workload": {"sequenceLength": 8192, "globalBatch": 8, "precision": "bf16-mixed", "optimizer": "adamw"},
        "layout": {"framework": "megatron-core", "tp": )"
        + std::to_string(tp) + R"(, "pp": )" + std::to_string(pp) + R"(, "dp": 2, "zeroStage": 1,
        "reshardAfterForward": false, "microBatch": )"
        + std::to_string(microBatch) + R"(, "recompute": "none", "overlapGradReduce": true,
        "overlapParamGather": true)"
        + pipeline + "}}";
    const LoadResult loaded = testing::patched("fsdp-1node-8gpu", patch.c_str());
    if (!loaded.design)
        qFatal("a Megatron-LM functional-test design does not load: %s",
               qPrintable(testing::describe(loaded.diagnostics)));
    return *loaded.design;
}

double allocatedStates(const RankRole& role)
{
    return role.figure(MemoryCategory::Parameters).bytes + role.figure(MemoryCategory::Gradients).bytes
        + role.figure(MemoryCategory::Optimizer).bytes;
}

} // namespace

class TestMegatronFunctional : public QObject
{
    Q_OBJECT

private slots:
    void memory_data();
    void memory();
    void stepTimes();
};

void TestMegatronFunctional::memory_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("afterStep"); // mem-allocated-bytes from the second iteration on
    QTest::addColumn<double>("peak"); // mem-max-allocated-bytes from the second iteration on
    QTest::addColumn<double>("modelledStates"); // the model's when the row was written
    QTest::addColumn<double>("modelledPeak");
    // TP 1 × PP 4 with one layer a virtual stage (8 a rank), micro-batch 1: rank 7 holds the last stage.
    QTest::newRow("gpt3_7b_tp1_pp4_memory_speed")
        << functionalTest(1, 4, 1) << 24808996864.0 << 60720852992.0 << 23364796416.0 << 60143599616.0;
    // TP 4 × PP 1, micro-batch 2.
    QTest::newRow("gpt3_7b_tp4_pp1_memory_speed")
        << functionalTest(4, 1, 2) << 20663519232.0 << 57143791616.0 << 20558413824.0 << 56843370496.0;
}

// After the step a rank holds its model states: the BF16 weights, the FP32 main gradients and its shard of
// the FP32 master weights and Adam's moments (6 + 12/DP bytes a parameter). At the peak it also holds the
// activations of the micro-batches in flight and the temporary buffers of the moment.
void TestMegatronFunctional::memory()
{
    QFETCH(Design, design);
    QFETCH(double, afterStep);
    QFETCH(double, peak);
    QFETCH(double, modelledStates);
    QFETCH(double, modelledPeak);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    const RankRole& last = e.memory->roleOf(7);
    const double states = allocatedStates(last);
    const double atPeak = states + last.figure(MemoryCategory::Activations).bytes
        + last.figure(MemoryCategory::Temporary).bytes;
    qInfo("after the step %.2f GB, measured %.2f: %+.1f %%; peak %.2f GB, measured %.2f: %+.1f %%",
          states / 1e9, afterStep / 1e9, 100 * (states / afterStep - 1), atPeak / 1e9, peak / 1e9,
          100 * (atPeak / peak - 1));
    // The bounds docs/kernel-model.md states ("Megatron-LM's memory and speed, measured by its own tests"):
    // the states within 6 %, the peak within 1 %, both below the measurement.
    QVERIFY2(states / afterStep - 1 > -0.06 && states < afterStep, qPrintable(QString::number(states)));
    QVERIFY2(atPeak / peak - 1 > -0.011 && atPeak < peak, qPrintable(QString::number(atPeak)));
    QVERIFY2(std::abs(states / modelledStates - 1) < 0.005, qPrintable(QString::number(states, 'f', 0)));
    QVERIFY2(std::abs(atPeak / modelledPeak - 1) < 0.005, qPrintable(QString::number(atPeak, 'f', 0)));
}

// The same runs' iteration time, steady from the fourth iteration on: 1.150 s (TP 1 × PP 4) and 1.115 s
// (TP 4 × PP 1) for 65,536 tokens. The runs are functional tests, not tuned for speed: deterministic mode
// (NVTE_ALLOW_NONDETERMINISTIC_ALGO=0, torch.use_deterministic_algorithms), no gradient-accumulation fusion,
// and every second iteration the parameters' norm, the gradients' zeros and the timers logged; the model
// prices none of these (the import lists the flags it does not use). The model is 21 % (0.91 s) and 20 %
// (0.89 s) short of them, as docs/kernel-model.md states (28 and 26 % before a training step's GEMMs took
// kTrainingGemmShare of the tables' rate). Reported, not tuned.
void TestMegatronFunctional::stepTimes()
{
    for (const auto& [design, measured, modelled] : {std::tuple{functionalTest(1, 4, 1), 1.150, 0.9081},
                                                     std::tuple{functionalTest(4, 1, 2), 1.115, 0.8884}}) {
        const Evaluation e = evaluate(design);
        QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
        const double step = e.performance->stepSeconds;
        qInfo("step %.3f s, measured %.3f: %+.1f %%", step, measured, 100 * (step / measured - 1));
        QVERIFY2(step / measured - 1 > -0.22 && step / measured - 1 < -0.19,
                 qPrintable(QString::number(step)));
        QVERIFY2(std::abs(step / modelled - 1) < 0.005, qPrintable(QString::number(step)));
    }
}

QTEST_APPLESS_MAIN(TestMegatronFunctional)
#include "tst_megatronfunctional.moc"
