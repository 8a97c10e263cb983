// SPDX-License-Identifier: GPL-3.0-or-later
// The step-time model against published runs on today's GPUs that it was not built from (no constant was
// chosen against them): NVIDIA's NeMo performance summaries, Megatron-Core as NeMo runs it. Reported, not
// tuned; where the model misses by more than the 10 % a design review needs, the row is an expected failure
// that says by how much, so that the gap stays in sight until the model closes it.

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>

#include <cmath>

Q_DECLARE_METATYPE(core::Design)

using namespace core;

namespace {

// Llama 3 8B as NeMo's LLAMA3-8B recipe trains it on one node of 8 GPUs: sequence 8,192, global batch 128,
// micro-batch 2, TP = PP = CP = 1, DP 8 with the distributed optimizer and its overlaps (FSDP 0, GA 8), no
// recomputation, FP8 with per-tensor current scaling (Transformer Engine).
Design nemoLlama3_8b(const std::string& gpu, const std::string& intraLink)
{
    Design d = testing::example("fsdp-1node-8gpu"); // Llama 3.1 8B: Llama 3 8B's shapes
    d.cluster = makeUniformCluster(1, 8, gpu, intraLink, "ib-ndr-400");
    d.layout.framework = Framework::MegatronCore;
    d.layout.zeroStage = 1;
    d.layout.overlapGradReduce = true;
    d.layout.overlapParamGather = true;
    d.layout.microBatch = 2;
    d.layout.recompute = Recompute::None;
    d.workload.globalBatch = 128;
    d.workload.sequenceLength = 8192;
    d.workload.precision = Precision::Fp8;
    return d;
}

} // namespace

class TestHeldOutToday : public QObject
{
    Q_OBJECT

private slots:
    void nemoPerformanceSummary_data();
    void nemoPerformanceSummary();
};

// docs.nvidia.com/nemo-framework/user-guide/latest/performance/performance_summary.html, pre-training at
// FP8: NeMo 25.02 on DGX-B200 (LLAMA3-8B, 8 GPUs: 26,006 tokens/s/GPU) and NeMo 25.04 on DGX-GB200 (33,099).
void TestHeldOutToday::nemoPerformanceSummary_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("tokensPerGpu");
    QTest::newRow("NeMo 25.02 DGX-B200 LLAMA3-8B FP8") << nemoLlama3_8b("b200-180gb", "nvlink5") << 26006.0;
    QTest::newRow("NeMo 25.04 DGX-GB200 LLAMA3-8B FP8") << nemoLlama3_8b("gb200-186gb", "nvlink5") << 33099.0;
}

void TestHeldOutToday::nemoPerformanceSummary()
{
    QFETCH(Design, design);
    QFETCH(double, tokensPerGpu);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid() && e.performance, qPrintable(testing::describe(e.diagnostics)));
    const double predicted = e.performance->tokensPerSecond / 8;
    const double error = predicted / tokensPerGpu - 1;
    qInfo("predicted %.0f tokens/s/GPU, published %.0f, %+.1f %%", predicted, tokensPerGpu, 100 * error);
    // A sanity bound that holds today: the model is not off by more than a factor of two either way.
    QVERIFY(std::abs(std::log(predicted / tokensPerGpu)) < std::log(2.0));
    // The model's throughput is 52 % (B200) and 23 % (GB200) above NeMo's: its FP8 GEMMs at the rate of
    // XLA's measured table, with its elementwise, attention and FP8 cast passes, leave out part of what
    // Transformer Engine's step spends. Not tuned: docs/kernel-model.md, "Held out on today's GPUs".
    QEXPECT_FAIL("", "the model's throughput is 23–52 % above NeMo's Llama 3 8B FP8 runs", Continue);
    QVERIFY(std::abs(error) <= 0.10);
}

QTEST_APPLESS_MAIN(TestHeldOutToday)
#include "tst_heldouttoday.moc"
