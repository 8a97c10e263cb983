// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM's own scaling table (NVIDIA/Megatron-LM README.md, "Performance Benchmarking", and
// images/model_table.png, added in f2e5db402c of 2024-07-15; the runs are Megatron-Core r0.8.0's, as the
// README's weak_scaling.png and strong_scaling.png say): nine GPT models from 1.7B to 462B parameters on
// 48 to 6,144 H100 in BF16, each with DP 48, sequence 4,096, vocabulary 131,072, the distributed optimizer
// with its gradient reduction and parameter gathering overlapped, TE's TP overlap and P2P overlap (which
// Megatron-Core runs only with the interleaved schedule). Held out like tst_heldouttoday: no constant was
// chosen against these rows; the rows report how far the model is and are not tuned
// (docs/kernel-model.md, "Megatron-LM's scaling table on H100 in BF16").
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

Q_DECLARE_METATYPE(core::Design)

using namespace core;

namespace {

constexpr double kSequence = 4096;
constexpr double kVocab = 131072;

// One row of the table. The README gives neither the micro-batch nor the virtual stages: each row takes the
// pair the model finds fastest among those Megatron-Core r0.8.0 accepts and the model fits (`microBatch`,
// `vp`; bestLayout checks that it still is), as NVIDIA tuned these runs for throughput.
struct ScalingRow
{
    const char* size;
    int heads;
    int hidden;
    int layers;
    int tp;
    int pp;
    int gpus;
    int globalBatch;
    double tflopsPerGpu; // the table's "Per-GPU teraFLOP/s"
    int microBatch;
    int vp;
    double modelled; // the model's tokens/s/GPU when the row was written
};

// The table's nine rows (DP 48 throughout).
constexpr ScalingRow kRows[]{
    {"1.7B", 16, 2048, 24, 1, 1, 48, 192, 408.8, 4, 1, 45662},
    {"7.1B", 32, 4096, 30, 2, 1, 96, 192, 465.9, 4, 1, 11696},
    {"16B", 48, 6144, 32, 4, 1, 192, 192, 489.1, 4, 1, 5266},
    {"32B", 56, 7168, 48, 8, 1, 384, 192, 459.6, 4, 1, 2452},
    {"70B", 64, 8192, 84, 8, 2, 768, 384, 419.7, 4, 14, 1110},
    {"119B", 80, 10240, 92, 8, 4, 1536, 768, 420.5, 2, 23, 675.6},
    {"177B", 96, 12288, 96, 8, 6, 2304, 1152, 432.8, 2, 16, 463.0},
    {"314B", 128, 16384, 96, 8, 8, 3072, 1536, 474.4, 1, 12, 263.2},
    {"462B", 144, 18432, 112, 8, 16, 6144, 3072, 459.9, 1, 7, 175.1},
};

// The FLOPs a token Megatron-Core r0.8.0 counts for its teraFLOP/s (megatron/training/training.py
// num_floating_point_operations, for multi-head attention and an ungated MLP of 4h): 12·L·h²·(2 + s/h + 4
// + V/(2·L·h)), attention over the whole s × s square.
double megatronFlopsPerToken(const ScalingRow& row)
{
    const double l = row.layers, h = row.hidden;
    return 12 * l * h * h * (2 + kSequence / h + 4 + kVocab / (2 * l * h));
}

// The README's GPT models: Megatron-LM's defaults (LayerNorm, GeLU MLP of 4h, biases, dropout 0.1, learned
// positions) with an untied output layer, which the table's parameter counts need (7.1B = 12·L·h² + 2·V·h).
// 8 GPUs a node with InfiniBand NDR, 400 Gb/s per GPU (NVIDIA's Eos, where these runs were made); BF16 with
// FP32 gradient reduction and Megatron's unfused FP32 loss (r0.8.0's defaults), no recomputation.
Design scalingDesign(const ScalingRow& row, int microBatch, int vp)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.name = std::string("Megatron-LM README ") + row.size;
    d.model = testing::megatronGpt(row.layers, row.hidden, row.heads);
    d.model.name = std::string("GPT ") + row.size;
    d.model.vocab = static_cast<std::int64_t>(kVocab);
    d.model.tiedEmbeddings = false;
    d.model.maxContext = static_cast<std::int64_t>(kSequence);
    d.cluster = makeUniformCluster(row.gpus / 8, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    ParallelLayout& l = d.layout;
    l.framework = Framework::MegatronCore;
    l.setDegree(Dim::Tp, row.tp);
    l.setDegree(Dim::Pp, row.pp);
    l.setDegree(Dim::Dp, row.gpus / (row.tp * row.pp));
    l.sequenceParallel = row.tp > 1;
    l.tpCommOverlap = row.tp > 1;
    l.zeroStage = 1;
    l.reshardAfterForward = false;
    l.overlapGradReduce = true;
    l.overlapParamGather = true;
    l.gradReduceInFp32 = true;
    l.fusedCrossEntropy = false;
    l.microBatch = microBatch;
    l.recompute = Recompute::None;
    l.schedule = vp > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
    l.virtualStages = vp;
    d.workload.globalBatch = row.globalBatch;
    d.workload.sequenceLength = static_cast<std::int64_t>(kSequence);
    d.workload.precision = Precision::Bf16Mixed;
    return d;
}

double tokensPerGpu(const Evaluation& e, const ScalingRow& row)
{
    return e.performance->tokensPerSecond / row.gpus;
}

} // namespace

class TestMegatronScaling : public QObject
{
    Q_OBJECT

private slots:
    void publishedRows_data();
    void publishedRows();
    void bestLayout_data() { publishedRows_data(); }
    void bestLayout();
};

void TestMegatronScaling::publishedRows_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(kRows)); ++i)
        QTest::newRow(kRows[i].size) << i;
}

// Every row comes out fast, by 7–26 % (docs/kernel-model.md; the step's explanation says so), four of the
// nine within 10 %. Not tuned: the FP8 rows of Megatron-Bridge on the same GPUs (tst_heldouttoday) lie from
// 4 % below to 8 % above their runs. Before a training step's GEMMs took kTrainingGemmShare of the tables'
// rate (layerkernels.h, chosen on A100), these rows were 18–37 % fast.
void TestMegatronScaling::publishedRows()
{
    QFETCH(int, index);
    const ScalingRow& row = kRows[index];
    const Design design = scalingDesign(row, row.microBatch, row.vp);
    const Evaluation e = evaluate(design);
    QVERIFY2(e.performance && e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.memory->fits);
    const double published = row.tflopsPerGpu * 1e12 / megatronFlopsPerToken(row);
    const double predicted = tokensPerGpu(e, row);
    const double error = predicted / published - 1;
    qInfo("%s: predicted %.0f tokens/s/GPU, published %.0f, %+.1f %%", row.size, predicted, published,
          100 * error);
    QVERIFY2(error > 0.065 && error < 0.265, qPrintable(QString::number(error)));
    QVERIFY2(std::abs(predicted / row.modelled - 1) < 0.005, qPrintable(QString::number(predicted)));
    if (error > 0.10)
        QEXPECT_FAIL("", "the model's throughput is above the published run's", Continue);
    QVERIFY(std::abs(error) <= 0.10);
}

// The rows' micro-batch and virtual stages are the fastest the model finds: each micro-batch of 1, 2, 4 or
// 8 that divides a replica's share of the batch, each number of virtual stages that divides a stage's
// layers (more than one only when the micro-batches divide by PP, as Megatron-Core r0.8.0's interleaved
// schedule requires), among the layouts that fit. A change to the model that makes another pair faster
// shows here, and the row's pair moves with it.
void TestMegatronScaling::bestLayout()
{
    QFETCH(int, index);
    const ScalingRow& row = kRows[index];
    const int replicaBatch = row.globalBatch / (row.gpus / (row.tp * row.pp));
    const int stageLayers = row.layers / row.pp;
    double best = 0;
    int bestMicroBatch = 0, bestVp = 0;
    for (int microBatch : {1, 2, 4, 8}) {
        if (replicaBatch % microBatch != 0)
            continue;
        const int microBatches = replicaBatch / microBatch;
        for (int vp = 1; vp <= stageLayers; ++vp) {
            if (stageLayers % vp != 0 || (vp > 1 && (row.pp == 1 || microBatches % row.pp != 0)))
                continue;
            const Evaluation e = evaluate(scalingDesign(row, microBatch, vp));
            if (!e.performance || !e.memory->fits)
                continue;
            if (const double tokens = tokensPerGpu(e, row); tokens > best) {
                best = tokens;
                bestMicroBatch = microBatch;
                bestVp = vp;
            }
        }
    }
    QCOMPARE(bestMicroBatch, row.microBatch);
    QCOMPARE(bestVp, row.vp);
}

QTEST_APPLESS_MAIN(TestMegatronScaling)
#include "tst_megatronscaling.moc"
