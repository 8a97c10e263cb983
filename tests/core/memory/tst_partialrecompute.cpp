// SPDX-License-Identifier: GPL-3.0-or-later
// Full recomputation of only some layers: Megatron-LM's --recompute-method block --recompute-num-layers N
// recomputes the first N layers of each model chunk and keeps the others' activations
// (megatron/core/transformer/transformer_block.py, _checkpointed_forward; Megatron-Bridge's performance
// recipes set it through recompute_num_layers, e.g. 5 for Llama 3 8B on H100). Memory, time and hardware
// FLOPs each follow the share of the layers that recompute, chunk by chunk.

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

// Llama 3.1 8B (32 layers, h 4,096, 32 query and 8 KV heads of 128, SwiGLU of 14,336) on 8 H100s: PP 2
// with 2 virtual stages, so four chunks of 8 layers and two chunks on each pipeline rank; DP 4, 4,096
// tokens (at 8,192 the layout without recomputation does not fit), BF16, FlashAttention.
Design llama8b(Recompute recompute, int recomputeLayers)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, "h100-sxm-80gb", "nvlink4");
    d.layout.framework = Framework::MegatronCore;
    d.layout.setDegree(Dim::Pp, 2);
    d.layout.setDegree(Dim::Dp, 4);
    d.layout.schedule = Schedule::Interleaved;
    d.layout.virtualStages = 2;
    d.layout.zeroStage = 1;
    d.layout.microBatch = 1;
    d.layout.recompute = recompute;
    d.layout.recomputeLayers = recomputeLayers;
    d.workload.sequenceLength = 4096;
    d.workload.globalBatch = 32;
    d.workload.precision = Precision::Bf16Mixed;
    return d;
}

double activations(const Evaluation& e)
{
    return e.memory->roles.front().figure(MemoryCategory::Activations).bytes;
}

} // namespace

class TestPartialRecompute : public QObject
{
    Q_OBJECT

private slots:
    void layerBytes();
    void firstLayersOfEachChunk_data();
    void firstLayersOfEachChunk();
    void onlyWithFullRecomputation();
};

// One layer's bytes per token, term by term (memory/activations.h), with h = q = o = 4,096, k = v = 1,024,
// f = 14,336, no TP: norms 2·2h = 16,384; attention 2h + 2q + 2o + 2k + 2v = 28,672; log-sum-exp 4·32 =
// 128; MLP 2h + (4f + 2f) = 94,208: 139,392 kept; a recomputed layer keeps its input, 2h = 8,192.
void TestPartialRecompute::layerBytes()
{
    const Design kept = llama8b(Recompute::None, 0);
    QCOMPARE(layerActivationBytes(kept.model, false, activationConfig(kept)).total() / 4096, 139392.0);
    const Design recomputed = llama8b(Recompute::Full, 5);
    QCOMPARE(layerActivationBytes(recomputed.model, false, activationConfig(recomputed)).total() / 4096,
             8192.0);
}

// N layers of each 8-layer chunk; pipeline rank 0 holds two chunks (16 layers). More than a chunk holds
// recomputes the whole chunk, as the block method's `layer < recompute_num_layers` does.
void TestPartialRecompute::firstLayersOfEachChunk_data()
{
    QTest::addColumn<int>("recomputeLayers");
    QTest::addColumn<int>("recomputedOnRank"); // of rank 0's 16 layers
    QTest::newRow("every layer (0)") << 0 << 16;
    QTest::newRow("1 of 8") << 1 << 2;
    QTest::newRow("5 of 8") << 5 << 10;
    QTest::newRow("8 of 8") << 8 << 16;
    QTest::newRow("12, more than a chunk") << 12 << 16;
}

void TestPartialRecompute::firstLayersOfEachChunk()
{
    QFETCH(int, recomputeLayers);
    QFETCH(int, recomputedOnRank);
    const Evaluation none = evaluate(llama8b(Recompute::None, 0));
    const Evaluation full = evaluate(llama8b(Recompute::Full, 0));
    const Evaluation partial = evaluate(llama8b(Recompute::Full, recomputeLayers));
    for (const Evaluation* e : {&none, &full, &partial})
        QVERIFY2(e->valid() && e->memory && e->performance && e->schedule,
                 qPrintable(testing::describe(e->diagnostics)));

    // Memory: the layers that keep their activations hold A_none − A_full more each, per micro-batch in
    // flight.
    const RankRole& role = partial.memory->roles.front();
    QCOMPARE(role.layers, 16);
    const double perLayerKept = (139392.0 - 8192.0) * 4096;
    QVERIFY(testing::nearlyEqual(activations(partial) - activations(full),
                                 role.inFlight * (16 - recomputedOnRank) * perLayerKept));
    QVERIFY(activations(partial) <= activations(none));

    // Time: each chunk's input-gradient pass redoes the forward of its recomputed share.
    const double share = recomputedOnRank / 16.0;
    for (std::size_t stage = 0; stage < partial.schedule->times.stages.size(); ++stage) {
        const auto input = [&](const Evaluation& e) {
            return e.schedule->times.stages[stage].passSeconds(Pass::InputGrad);
        };
        QVERIFY(testing::nearlyEqual(input(partial) - input(none), share * (input(full) - input(none))));
        QVERIFY(input(full) > input(none));
    }
    // Hardware FLOPs count the recomputed forwards; the model FLOPs do not change.
    const Performance& p = *partial.performance;
    QCOMPARE(p.modelFlopsPerStep, full.performance->modelFlopsPerStep);
    QVERIFY(testing::nearlyEqual(
        p.hardwareFlopsPerStep - p.modelFlopsPerStep,
        share * (full.performance->hardwareFlopsPerStep - full.performance->modelFlopsPerStep)));
    QVERIFY(p.stepSeconds >= none.performance->stepSeconds);
    QVERIFY(p.stepSeconds <= full.performance->stepSeconds);
}

// The count is Megatron's --recompute-num-layers, which only full granularity reads: under selective or no
// recomputation it changes nothing; a negative count is refused where it is written.
void TestPartialRecompute::onlyWithFullRecomputation()
{
    for (Recompute recompute : {Recompute::None, Recompute::Selective}) {
        const Evaluation plain = evaluate(llama8b(recompute, 0));
        const Evaluation withCount = evaluate(llama8b(recompute, 5));
        QCOMPARE(withCount.performance->stepSeconds, plain.performance->stepSeconds);
        QCOMPARE(activations(withCount), activations(plain));
    }
    const Evaluation negative = evaluate(llama8b(Recompute::Full, -1));
    QVERIFY(!negative.valid());
    const auto error = std::find_if(negative.diagnostics.begin(), negative.diagnostics.end(),
                                    [](const Diagnostic& d) { return d.path == "/layout/recomputeLayers"; });
    QVERIFY(error != negative.diagnostics.end());
    QCOMPARE(error->severity, Severity::Error);
}

QTEST_APPLESS_MAIN(TestPartialRecompute)
#include "tst_partialrecompute.moc"
