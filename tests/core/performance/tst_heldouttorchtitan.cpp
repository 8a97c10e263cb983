// SPDX-License-Identifier: GPL-3.0-or-later
// Published runs of a framework other than Megatron-LM, held out like tst_heldouttoday's: torchtitan's FSDP2
// on 64 A100 80 GB (pytorch/torchtitan docs/performance.md, "Llama 3 performance numbers": FSDP2, local
// batch 1, global batch 64, 8,192 tokens, BF16 with FP32 gradient reduction, eager PyTorch). The network
// is not stated; the model hides FSDP's collectives behind the layers on any fabric from 200 Gb/s per GPU
// up, so the rows take InfiniBand HDR. Not tuned: the rows report how far the model is, and the step's
// explanation for FSDP2 designs says it (noteHeldOut in core/performance/performance.cpp).
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

namespace {

// torchtitan's Llama 3 on 8 nodes of 8 A100 80 GB with FSDP2: "selective layer" checkpoints every second
// block in full (half the layers recomputed: recomputeLayers 16 of 32), "full" every block.
Design torchtitanA100(const char* model, int recomputeLayers)
{
    const std::string patch = std::string(R"({"model": ")") + model + R"(",
        "workload": {"sequenceLength": 8192, "globalBatch": 64, "precision": "bf16-mixed", "optimizer": "adamw"},
        "cluster": {"fabric": "ib-hdr-200",
                    "uniform": {"nodes": 8, "gpusPerNode": 8, "gpu": "a100-80gb", "intraLink": "nvlink3"}},
        "layout": {"dp": 64, "framework": "fsdp2", "zeroStage": 3, "reshardAfterForward": true,
                   "microBatch": 1, "recompute": "full", "recomputeLayers": )"
        + std::to_string(recomputeLayers) + "}}";
    const LoadResult loaded = testing::patched("fsdp-1node-8gpu", patch.c_str());
    if (!loaded.design)
        qFatal("the torchtitan design does not load");
    return *loaded.design;
}

} // namespace

class TestHeldOutTorchtitan : public QObject
{
    Q_OBJECT

private slots:
    void publishedRuns_data();
    void publishedRuns();
    void theStepSaysSo();
    void compileAgainstEager();
};

void TestHeldOutTorchtitan::publishedRuns_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("tokensPerGpu"); // the table's WPS, tokens per second and GPU
    QTest::addColumn<double>("modelled"); // the model's when the row was written
    QTest::newRow("torchtitan 64 A100 Llama 3 8B, selective layer AC")
        << torchtitanA100("llama-3.1-8b", 16) << 2904.0 << 3101.6;
    // "selective op": the op-level policy (activation_checkpoint.py _apply_op_sac), an FSDP2 design's
    // selective recomputation (FrameworkProfile::opLevelSelective).
    Design op = torchtitanA100("llama-3.1-8b", 0);
    op.layout.recompute = Recompute::Selective;
    QTest::newRow("torchtitan 64 A100 Llama 3 8B, selective op AC") << op << 2973.0 << 3175.0;
    QTest::newRow("torchtitan 64 A100 Llama 3 70B, full AC")
        << torchtitanA100("llama-3.1-70b", 0) << 331.0 << 345.3;
}

void TestHeldOutTorchtitan::publishedRuns()
{
    QFETCH(Design, design);
    QFETCH(double, tokensPerGpu);
    QFETCH(double, modelled);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.memory->fits);
    QVERIFY(e.performance);
    const double predicted = e.performance->tokensPerSecond / static_cast<double>(design.cluster.gpuCount());
    const double error = predicted / tokensPerGpu - 1;
    qInfo("predicted %.1f tokens/s/GPU, published %.0f, %+.1f %%", predicted, tokensPerGpu, 100 * error);
    // The range the step's explanation states for FSDP2 designs: 4–7 % fast.
    QVERIFY2(error > 0.04 - 0.005 && error < 0.07 + 0.005, qPrintable(QString::number(error)));
    // docs/kernel-model.md's table shows these figures.
    QVERIFY2(std::abs(predicted / modelled - 1) < 0.005, qPrintable(QString::number(predicted)));
}

// An FSDP2 design's step explanation states torchtitan's range; a Megatron-Core design's does not.
void TestHeldOutTorchtitan::theStepSaysSo()
{
    const std::string sentence
        = "torchtitan's published FSDP2 runs (eager PyTorch, Llama 3 8B and 70B on A100) "
          "took 4–7 % longer than modelled";
    const Design fsdp = torchtitanA100("llama-3.1-8b", 16);
    QVERIFY(evaluate(fsdp).performance->step.note.find(sentence) != std::string::npos);
    Design megatron = fsdp;
    megatron.layout.framework = Framework::MegatronCore;
    const Evaluation e = evaluate(megatron);
    QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.performance->step.note.find(sentence) == std::string::npos);
}

// torchtitan's table on 8 H100 (docs/performance.md, Table 1: Llama 3.1 8B, FSDP, local batch 2, global
// batch 16, selective activation checkpointing, op-level in llama3_8b.toml): 5,762 tokens/s/GPU eager, 6,667
// with torch.compile. Those H100s ran at 500 W with 96 GB of HBM2e, not a preset, so only the ratio is
// compared: the eager kernels' count (eagerElementwiseBytes), which the op-level policy runs again before the
// backward, is what compile removes; the model's ratio, 1.215, is within 5 % of the runs' 1.157.
void TestHeldOutTorchtitan::compileAgainstEager()
{
    const LoadResult loaded = testing::patched(
        "fsdp-1node-8gpu",
        R"({"workload": {"globalBatch": 16}, "layout": {"framework": "fsdp2", "microBatch": 2,
                                "recompute": "selective"}})");
    QVERIFY(loaded.design);
    Design eager = *loaded.design;
    Design compiled = eager;
    compiled.layout.torchCompile = true;
    const Evaluation a = evaluate(eager);
    const Evaluation b = evaluate(compiled);
    QVERIFY(a.performance && b.performance);
    const double model = b.performance->tokensPerSecond / a.performance->tokensPerSecond;
    const double runs = 6667.0 / 5762.0;
    qInfo("compile against eager: runs %.3f, the model %.3f", runs, model);
    QVERIFY2(std::abs(model / runs - 1) < 0.05, qPrintable(QString::number(model)));
    // Megatron-Core runs no eager kernels and has no such switch: setting it there is refused.
    Design megatron = compiled;
    megatron.layout.framework = Framework::MegatronCore;
    const Evaluation refused = evaluate(megatron);
    QVERIFY2(std::any_of(refused.diagnostics.begin(), refused.diagnostics.end(),
                         [](const Diagnostic& d) {
                             return d.code == "framework-switch" && d.path == "/layout/torchCompile";
                         }),
             qPrintable(testing::describe(refused.diagnostics)));
}

QTEST_GUILESS_MAIN(TestHeldOutTorchtitan)
#include "tst_heldouttorchtitan.moc"
