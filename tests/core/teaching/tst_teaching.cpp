// SPDX-License-Identifier: GPL-3.0-or-later
// The teaching models against the reference articles (the six layouts on four GPUs, the MLP split, CP,
// EP; and the one on serving), Megatron-LM and TransformerEngine, and against the memory and traffic models
// they are built on: a lesson states no number the evaluation of its own design would not give.

#include "catalog/catalog.h"
#include "comm/commvolume.h"
#include "evaluate.h"
#include "memory/memory.h"
#include "support/testdesigns.h"
#include "teaching/teachingcontext.h"
#include "teaching/teachingexperts.h"
#include "teaching/teachingmlp.h"
#include "teaching/teachingstrategies.h"

#include <QTest>
#include <cmath>
#include <map>

using namespace core;

Q_DECLARE_METATYPE(core::Strategy)
Q_DECLARE_METATYPE(core::Holding)
Q_DECLARE_METATYPE(core::TeachingModelReason)

namespace {

const ModelArchitecture& llama8b()
{
    return *Catalog::builtin().model("llama-3.1-8b");
}

} // namespace

class TstTeaching : public QObject
{
    Q_OBJECT

private slots:
    void holdings_data();
    void holdings();
    void expertsSplitAsTheWeights_data();
    void expertsSplitAsTheWeights();
    void lessonNumbersAreTheEvaluations_data();
    void lessonNumbersAreTheEvaluations();
    void collectivesAddUpToTheTrafficModel_data();
    void collectivesAddUpToTheTrafficModel();
    void ddpHoldsSixteenBytesPerParameter();
    void expertLessonOnDenseModelUsesMoePreset();
    void teachingModel_data();
    void teachingModel();
    void tensorParallelLeavesSomeActivationsWhole();
    void firstPipelineStageHoldsPMicroBatches();
    void idealBubble_data();
    void idealBubble();
    void servingHasNoTrainingState();
    void mlpSplitShapes_data();
    void mlpSplitShapes();
    void mlpSplitIsAQuarterOfTheLayersTpTraffic();
    void causalPairs_data();
    void causalPairs();
    void contextChunks();
    void contextBalance_data();
    void contextBalance();
    void contextRingSteps();
    void expertCapacity_data();
    void expertCapacity();
    void routingConservesAssignments_data();
    void routingConservesAssignments();
    void routingIsDeterministic();
};

// The reference article, «Was jede Strategie aufteilt»: what each of the six panels keeps on a GPU.
void TstTeaching::holdings_data()
{
    QTest::addColumn<Strategy>("strategy");
    QTest::addColumn<Holding>("weights");
    QTest::addColumn<Holding>("optimizer");
    QTest::addColumn<Holding>("activations");
    QTest::newRow("DDP: full replica")
        << Strategy::Ddp << Holding::Whole << Holding::Whole << Holding::OwnBatch;
    QTest::newRow("FSDP: a quarter of the state")
        << Strategy::Fsdp << Holding::Shard << Holding::Shard << Holding::OwnBatch;
    QTest::newRow("TP: slices of every matrix")
        << Strategy::Tp << Holding::Shard << Holding::Shard << Holding::Shard;
    QTest::newRow("PP: a group of layers")
        << Strategy::Pp << Holding::Layers << Holding::Layers << Holding::Layers;
    QTest::newRow("CP: weights replicated, sequence split")
        << Strategy::Cp << Holding::Whole << Holding::Whole << Holding::Shard;
    QTest::newRow("EP: dense part replicated, experts split")
        << Strategy::Ep << Holding::DenseWhole << Holding::DenseWhole << Holding::OwnBatch;
}

void TstTeaching::holdings()
{
    QFETCH(Strategy, strategy);
    QFETCH(Holding, weights);
    QFETCH(Holding, optimizer);
    QFETCH(Holding, activations);
    const StrategyLesson lesson = strategyLesson(testing::example("teaching-4gpu"), strategy);
    QCOMPARE(int(lesson.gpus.size()), kTeachingGpus);
    for (const GpuHoldings& gpu : lesson.gpus) {
        QCOMPARE(gpu.state(StateKind::Weights).holding, weights);
        QCOMPARE(gpu.state(StateKind::Optimizer).holding, optimizer);
        QCOMPARE(gpu.state(StateKind::Activations).holding, activations);
        QCOMPARE(gpu.state(StateKind::KvCache).holding, Holding::None); // training keeps no KV cache
    }
    if (strategy == Strategy::Ep) {
        // Mixtral's 8 experts on 4 GPUs: two each, in order.
        QCOMPARE(lesson.gpus[2].experts, 2);
        QCOMPARE(lesson.gpus[2].firstExpert, 4);
        QCOMPARE(lesson.gpus[2].state(StateKind::Experts).holding, Holding::Shard);
    }
    if (strategy == Strategy::Pp) {
        // Llama 3.1 8B's 32 layers: 8 per stage.
        QCOMPARE(lesson.gpus[3].firstLayer, 24);
        QCOMPARE(lesson.gpus[3].layers, 8);
    }
}

// Mixtral's experts in each lesson: EP hands out whole experts, otherwise they split as the weights do. The
// serving TP lesson called its quarter of every expert "whole" before.
void TstTeaching::expertsSplitAsTheWeights_data()
{
    QTest::addColumn<Strategy>("strategy");
    QTest::addColumn<Holding>("experts");
    QTest::newRow("DDP") << Strategy::Ddp << Holding::Whole;
    QTest::newRow("FSDP") << Strategy::Fsdp << Holding::Shard;
    QTest::newRow("TP") << Strategy::Tp << Holding::Shard;
    QTest::newRow("PP") << Strategy::Pp << Holding::Layers;
    QTest::newRow("EP") << Strategy::Ep << Holding::Shard;
    QTest::newRow("serving TP") << Strategy::ServingTp << Holding::Shard;
    QTest::newRow("serving PP") << Strategy::ServingPp << Holding::Layers;
    QTest::newRow("serving replicas") << Strategy::ServingReplicas << Holding::Whole;
    QTest::newRow("serving EP") << Strategy::ServingEp << Holding::Shard;
}

void TstTeaching::expertsSplitAsTheWeights()
{
    QFETCH(Strategy, strategy);
    QFETCH(Holding, experts);
    const StrategyLesson lesson = strategyLesson(testing::example("mixtral-8x7b-ep8"), strategy);
    QVERIFY(!lesson.gpus.empty());
    for (const GpuHoldings& gpu : lesson.gpus)
        QCOMPARE(gpu.state(StateKind::Experts).holding, experts);
}

void TstTeaching::lessonNumbersAreTheEvaluations_data()
{
    QTest::addColumn<Strategy>("strategy");
    for (Strategy s : kTrainingStrategies)
        QTest::newRow(enumName(s).data()) << s;
    for (Strategy s : kServingStrategies)
        QTest::newRow(enumName(s).data()) << s;
}

void TstTeaching::lessonNumbersAreTheEvaluations()
{
    QFETCH(Strategy, strategy);
    const Design base = testing::example("teaching-4gpu");
    const StrategyLesson lesson = strategyLesson(base, strategy);
    const Evaluation evaluation = evaluate(lesson.design);
    QVERIFY(evaluation.memory.has_value());
    QCOMPARE(lesson.design.layout.degree(strategyDimension(strategy)), kTeachingGpus);
    QCOMPARE(lesson.design.layout.worldSize(), std::int64_t{kTeachingGpus});
    QCOMPARE(lesson.peakBytes, evaluation.memory->peakBytes);
    QCOMPARE(lesson.fits, evaluation.memory->fits);
    for (const GpuHoldings& gpu : lesson.gpus) {
        const RankRole& role = evaluation.memory->roleOf(gpu.rank);
        QCOMPARE(gpu.state(StateKind::Weights).bytes, role.figure(MemoryCategory::Parameters).bytes);
        QCOMPARE(gpu.state(StateKind::Optimizer).bytes, role.figure(MemoryCategory::Optimizer).bytes);
        const double workspace = isServing(strategy) ? role.figure(MemoryCategory::Workspace).bytes : 0;
        QCOMPARE(gpu.state(StateKind::Activations).bytes,
                 role.figure(MemoryCategory::Activations).bytes + workspace);
        QCOMPARE(gpu.state(StateKind::KvCache).bytes, role.figure(MemoryCategory::KvCache).bytes);
        QCOMPARE(gpu.totalBytes, role.totalBytes);
    }
}

void TstTeaching::collectivesAddUpToTheTrafficModel_data()
{
    QTest::addColumn<Strategy>("strategy");
    for (Strategy s : kTrainingStrategies)
        QTest::newRow(enumName(s).data()) << s;
}

// Each phase's bytes, summed per dimension, are the traffic model's bytes for the busiest GPU.
void TstTeaching::collectivesAddUpToTheTrafficModel()
{
    QFETCH(Strategy, strategy);
    const StrategyLesson lesson = strategyLesson(testing::example("teaching-4gpu"), strategy);
    const Evaluation evaluation = evaluate(lesson.design);
    QVERIFY2(evaluation.traffic.has_value(), "a training lesson has traffic");
    QVERIFY(!lesson.collectives.empty());
    std::map<Dim, double> byDim;
    for (const PhaseCollective& c : lesson.collectives)
        byDim[c.dim] += c.bytesPerGpu;
    for (const auto& [dim, bytes] : byDim) {
        const double expected = evaluation.traffic->of(dim).bytesPerGpu;
        QVERIFY2(expected > 0, enumName(dim).data());
        QVERIFY2(std::abs(bytes - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1: lesson %2, traffic %3")
                                .arg(QString::fromStdString(std::string(enumName(dim))))
                                .arg(bytes)
                                .arg(expected)));
    }
}

// The reference article: "DDP 16Ψ" — mixed-precision Adam, 2 + 2 + 12 bytes per parameter, on every GPU.
void TstTeaching::ddpHoldsSixteenBytesPerParameter()
{
    const StrategyLesson ddp = strategyLesson(testing::example("teaching-4gpu"), Strategy::Ddp);
    QCOMPARE(ddp.modelStateBytes, 16 * ddp.parameters);
    // 8B parameters × 16 bytes = 128 GB: more than an 80 GB GPU, the article's reason to shard.
    QVERIFY(!ddp.fits);
    const StrategyLesson fsdp = strategyLesson(testing::example("teaching-4gpu"), Strategy::Fsdp);
    QVERIFY(fsdp.fits);
    QVERIFY(fsdp.modelStateBytes < ddp.modelStateBytes / 3);
    const StrategyLesson pp = strategyLesson(testing::example("teaching-4gpu"), Strategy::Pp);
    QVERIFY(pp.bubbleFraction > 0);
    QCOMPARE(pp.microBatches, std::int64_t{32}); // global batch 32, no data parallelism
    QCOMPARE(pp.idealBubbleFraction, 3.0 / 35);
}

// The reference article's figures («Pipeline Parallelism»): 4 stages with 4, 16 and 32 micro-batches leave
// 3/7, 3/19 and 3/35 idle.
void TstTeaching::idealBubble_data()
{
    QTest::addColumn<int>("stages");
    QTest::addColumn<qint64>("microBatches");
    QTest::addColumn<double>("fraction");
    QTest::newRow("article: 4 × 4, about 43 %") << 4 << qint64(4) << 3.0 / 7;
    QTest::newRow("article: 4 × 16, about 16 %") << 4 << qint64(16) << 3.0 / 19;
    QTest::newRow("article: 4 × 32, about 9 %") << 4 << qint64(32) << 3.0 / 35;
    QTest::newRow("no pipeline") << 1 << qint64(8) << 0.0;
}

void TstTeaching::idealBubble()
{
    QFETCH(int, stages);
    QFETCH(qint64, microBatches);
    QFETCH(double, fraction);
    QCOMPARE(idealBubbleFraction(stages, microBatches), fraction);
}

void TstTeaching::expertLessonOnDenseModelUsesMoePreset()
{
    const StrategyLesson lesson = strategyLesson(testing::example("teaching-4gpu"), Strategy::Ep);
    QVERIFY(lesson.substitutedModel);
    QCOMPARE(lesson.design.model.preset, std::string("mixtral-8x7b"));
    const StrategyLesson own = strategyLesson(testing::example("mixtral-8x7b-ep8"), Strategy::Ep);
    QVERIFY(!own.substitutedModel);
    // What EP saves is measured against Mixtral as a full replica, not against the dense model.
    const StrategyLesson mixtralDdp = strategyLesson(testing::example("mixtral-8x7b-ep8"), Strategy::Ddp);
    QCOMPARE(lesson.replicaPeakBytes, mixtralDdp.peakBytes);
    QVERIFY(lesson.peakBytes < lesson.replicaPeakBytes);
}

// The six panels teach by contrast: the design's model when some panel fits four GPUs, else the smallest
// dense preset; a chosen preset overrides both.
void TstTeaching::teachingModel_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<TeachingModelReason>("reason");
    QTest::addColumn<QString>("model");
    QTest::newRow("8B fits with FSDP: the design's model")
        << "teaching-4gpu"
        << "" << TeachingModelReason::Design << "llama-3.1-8b";
    QTest::newRow("70B fits no panel: the 8B preset")
        << "default"
        << "" << TeachingModelReason::DesignFitsNowhere << "llama-3.1-8b";
    QTest::newRow("Mixtral fits no panel either")
        << "mixtral-8x7b-ep8"
        << "" << TeachingModelReason::DesignFitsNowhere << "llama-3.1-8b";
    QTest::newRow("chosen: 70B although nothing fits")
        << "default"
        << "llama-3.1-70b" << TeachingModelReason::Chosen << "llama-3.1-70b";
    QTest::newRow("chosen: Mixtral on an 8B design")
        << "teaching-4gpu"
        << "mixtral-8x7b" << TeachingModelReason::Chosen << "mixtral-8x7b";
    QTest::newRow("unknown preset: automatic")
        << "default"
        << "no-such-model" << TeachingModelReason::DesignFitsNowhere << "llama-3.1-8b";
}

void TstTeaching::teachingModel()
{
    QFETCH(QString, example);
    QFETCH(QString, chosen);
    QFETCH(TeachingModelReason, reason);
    QFETCH(QString, model);
    const Design base = testing::example(example.toStdString());
    const std::vector<Strategy> strategies(kTrainingStrategies.begin(), kTrainingStrategies.end());
    const StrategyLessons lessons = strategyLessons(base, strategies, chosen.toStdString());
    QCOMPARE(lessons.reason, reason);
    QCOMPARE(QString::fromStdString(lessons.model.preset), model);
    QCOMPARE(lessons.designModelName, base.model.name);
    QCOMPARE(lessons.lessons.size(), strategies.size());
    // Every number is the lesson of the base with the teaching model, as strategyLesson gives it.
    Design taught = base;
    taught.model = lessons.model;
    bool someFits = false, someDoesNot = false;
    for (std::size_t i = 0; i < strategies.size(); ++i) {
        const StrategyLesson& lesson = lessons.lessons[i];
        QCOMPARE(lesson.strategy, strategies[i]);
        QCOMPARE(lesson.peakBytes, strategyLesson(taught, strategies[i]).peakBytes);
        if (!lesson.substitutedModel)
            QCOMPARE(QString::fromStdString(lesson.design.model.preset), model);
        (lesson.fits ? someFits : someDoesNot) = true;
    }
    // The automatic choice contrasts: DDP's 16 bytes per parameter do not fit, a split does.
    if (reason != TeachingModelReason::Chosen) {
        QVERIFY(someFits);
        QVERIFY(someDoesNot);
    }
}

// Korthikanti et al. 2022, §4.2.2: TP divides only the tensors inside attention and the MLP, so a TP rank
// keeps more than a quarter of a replica's activations; sequence parallelism splits the rest too.
void TstTeaching::tensorParallelLeavesSomeActivationsWhole()
{
    const Design base = testing::example("teaching-4gpu");
    const StrategyLesson tp = strategyLesson(base, Strategy::Tp);
    const StrategyLesson ddp = strategyLesson(base, Strategy::Ddp);
    const double tpActivations = tp.gpus.front().state(StateKind::Activations).bytes;
    QCOMPARE(tp.replicaActivationBytes, ddp.gpus.front().state(StateKind::Activations).bytes);
    QVERIFY(tpActivations > tp.replicaActivationBytes / kTeachingGpus);
    QVERIFY(tpActivations < tp.replicaActivationBytes);
    Design sequenceParallel = tp.design;
    sequenceParallel.layout.sequenceParallel = true;
    const Evaluation withSp = evaluate(sequenceParallel);
    QCOMPARE(tp.sequenceParallelActivationBytes,
             withSp.memory->roleOf(0).figure(MemoryCategory::Activations).bytes);
    QVERIFY(tp.sequenceParallelActivationBytes < tpActivations);
    QCOMPARE(ddp.sequenceParallelActivationBytes, 0.0); // only the TP panel explains it
}

// Korthikanti et al. 2022, §4.2.3: under 1F1B stage r holds p − r micro-batches at its peak.
void TstTeaching::firstPipelineStageHoldsPMicroBatches()
{
    const StrategyLesson pp = strategyLesson(testing::example("teaching-4gpu"), Strategy::Pp);
    QCOMPARE(int(pp.gpus.size()), kTeachingGpus);
    for (const GpuHoldings& gpu : pp.gpus) {
        const int stage = gpu.firstLayer / gpu.layers;
        QCOMPARE(gpu.inFlight, double(kTeachingGpus - stage));
    }
    const StrategyLesson ddp = strategyLesson(testing::example("teaching-4gpu"), Strategy::Ddp);
    QCOMPARE(ddp.gpus.front().inFlight, 1.0);
}

// The reference article on serving («Was speichert jede GPU?»): serving keeps weights and KV cache; no
// gradients, no optimizer; replicas send nothing.
void TstTeaching::servingHasNoTrainingState()
{
    for (Strategy s : kServingStrategies) {
        const StrategyLesson lesson = strategyLesson(testing::example("teaching-4gpu"), s);
        for (const GpuHoldings& gpu : lesson.gpus) {
            QCOMPARE(gpu.state(StateKind::Gradients).holding, Holding::None);
            QCOMPARE(gpu.state(StateKind::Optimizer).holding, Holding::None);
            QVERIFY(gpu.state(StateKind::KvCache).bytes > 0);
        }
        QCOMPARE(lesson.collectives.empty(), s == Strategy::ServingReplicas);
    }
}

// Shoeybi et al. 2019 Figure 3a on Llama 3.1 8B (h = 4096, f = 14336, SwiGLU) and a GeLU GPT.
void TstTeaching::mlpSplitShapes_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<qint64>("firstColumnsPerRank");
    QTest::addColumn<qint64>("secondRowsPerRank");
    QTest::addColumn<qint64>("inputRowsPerRank");
    QTest::addColumn<QList<int>>("ops");
    const int ar = int(CollectiveOp::AllReduce), ag = int(CollectiveOp::AllGather),
              rs = int(CollectiveOp::ReduceScatter);
    QTest::newRow("article: two ranks, one all-reduce")
        << 2 << false << qint64(14336) << qint64(7168) << qint64(4096) << QList<int>{ar};
    QTest::newRow("with SP: all-gather before, reduce-scatter after")
        << 2 << true << qint64(14336) << qint64(7168) << qint64(2048) << QList<int>{ag, rs};
    QTest::newRow("four ranks") << 4 << false << qint64(7168) << qint64(3584) << qint64(4096)
                                << QList<int>{ar};
    QTest::newRow("one rank: nothing to reduce")
        << 1 << false << qint64(28672) << qint64(14336) << qint64(4096) << QList<int>{};
}

void TstTeaching::mlpSplitShapes()
{
    QFETCH(int, tp);
    QFETCH(bool, sp);
    QFETCH(qint64, firstColumnsPerRank);
    QFETCH(qint64, secondRowsPerRank);
    QFETCH(qint64, inputRowsPerRank);
    QFETCH(QList<int>, ops);
    const MlpSplit split = mlpSplit(llama8b(), tp, sp, 4096);
    QCOMPARE(split.firstWeightPerRank.rows, std::int64_t{4096});
    QCOMPARE(split.firstWeightPerRank.cols, firstColumnsPerRank);
    QCOMPARE(split.secondWeightPerRank.rows, secondRowsPerRank);
    QCOMPARE(split.inputPerRank.rows, inputRowsPerRank);
    QCOMPARE(split.input.rows, std::int64_t{4096}); // the matmul always reads the whole sequence
    QList<int> actual;
    for (const MlpCollective& c : split.forward)
        actual << int(c.op);
    QCOMPARE(actual, ops);
    // Every weight is on exactly one rank: the slices add up to the model's MLP.
    QCOMPARE(split.weightBytesPerRank * tp, mlpParameters(llama8b(), 14336) * 2);
    QCOMPARE((split.firstWeightPerRank.elements() + split.secondWeightPerRank.elements()) * tp,
             mlpParameters(llama8b(), 14336));
}

// The layer's TP traffic (commvolume.h) is 2 collectives forward and 2 backward, attention and MLP alike:
// the MLP's forward part is a quarter of it.
void TstTeaching::mlpSplitIsAQuarterOfTheLayersTpTraffic()
{
    for (bool sp : {false, true}) {
        const MlpSplit split = mlpSplit(llama8b(), 2, sp, 4096);
        double mlp = 0;
        for (const MlpCollective& c : split.forward)
            mlp += c.sendBytesPerGpu;
        const TpLayerCommunication layer
            = tpLayerCommunication(ActivationShape{4096, 1, 4096, 2}, 2,
                                   sp ? TpCommunication::SequenceParallel : TpCommunication::AllReduce);
        QCOMPARE(4 * mlp, layer.sendBytes);
    }
}

void TstTeaching::causalPairs_data()
{
    QTest::addColumn<qint64>("q0");
    QTest::addColumn<qint64>("q1");
    QTest::addColumn<qint64>("k0");
    QTest::addColumn<qint64>("k1");
    QTest::addColumn<double>("pairs");
    QTest::newRow("whole sequence: s(s+1)/2") << qint64(0) << qint64(8) << qint64(0) << qint64(8) << 36.0;
    QTest::newRow("diagonal block") << qint64(4) << qint64(8) << qint64(4) << qint64(8) << 10.0;
    QTest::newRow("queries after keys: full") << qint64(4) << qint64(8) << qint64(0) << qint64(4) << 16.0;
    QTest::newRow("queries before keys: none") << qint64(0) << qint64(4) << qint64(4) << qint64(8) << 0.0;
    QTest::newRow("overlapping") << qint64(2) << qint64(6) << qint64(0) << qint64(4) << 3.0 + 4 + 4 + 4;
}

void TstTeaching::causalPairs()
{
    QFETCH(qint64, q0);
    QFETCH(qint64, q1);
    QFETCH(qint64, k0);
    QFETCH(qint64, k1);
    QFETCH(double, pairs);
    QCOMPARE(core::causalPairs(q0, q1, k0, k1), pairs);
}

// TransformerEngine's load balancing: 2·CP chunks, rank r keeps r and 2·CP−1−r.
void TstTeaching::contextChunks()
{
    const ContextSplit split = contextSplit(llama8b(), 4096, 4, true);
    QCOMPARE(int(split.chunks.size()), 8);
    const QList<int> expected{0, 1, 2, 3, 3, 2, 1, 0};
    for (int c = 0; c < 8; ++c) {
        QCOMPARE(split.chunks[std::size_t(c)].rank, expected[c]);
        QCOMPARE(split.chunks[std::size_t(c)].tokens, std::int64_t{512});
    }
    // KV block of one rank: 2 × 1024 tokens × 8 KV heads × 128 × 2 bytes (commvolume.h).
    QCOMPARE(split.kvBlockBytes, 2.0 * 1024 * 8 * 128 * 2);
}

void TstTeaching::contextBalance_data()
{
    QTest::addColumn<int>("cp");
    QTest::addColumn<bool>("balanced");
    QTest::addColumn<double>("imbalance");
    // Contiguous: the last rank's chunk c = s/CP sees (CP−1)·c² + c(c+1)/2 pairs; the mean is s(s+1)/(2·CP).
    const double c = 1024, s = 4096;
    QTest::newRow("CP=4 contiguous") << 4 << false << (3 * c * c + c * (c + 1) / 2) / (s * (s + 1) / 8);
    QTest::newRow("CP=4 load-balanced") << 4 << true << 1.0;
    QTest::newRow("CP=2 load-balanced") << 2 << true << 1.0;
}

void TstTeaching::contextBalance()
{
    QFETCH(int, cp);
    QFETCH(bool, balanced);
    QFETCH(double, imbalance);
    const ContextSplit split = contextSplit(llama8b(), 4096, cp, balanced);
    QCOMPARE(split.imbalance(), imbalance);
    double total = 0;
    for (double pairs : split.pairsOfRank)
        total += pairs;
    QCOMPARE(total, 4096.0 * 4097 / 2); // every causal pair computed once, somewhere
}

void TstTeaching::contextRingSteps()
{
    const ContextSplit split = contextSplit(llama8b(), 4096, 4, true);
    QCOMPARE(int(split.steps.size()), 4);
    int sends = 0;
    for (const ContextRingStep& step : split.steps) {
        sends += step.sends ? 1 : 0;
        for (int r = 0; r < 4; ++r)
            QCOMPARE(step.kvOwner[std::size_t(r)], (r - step.step + 4) % 4);
    }
    QCOMPARE(sends, 3); // CP − 1 sends (commvolume.h contextParallelRing)
    // Balanced: after the diagonal step every rank does the same work in every step.
    for (std::size_t step = 1; step < 4; ++step)
        for (std::size_t r = 1; r < 4; ++r)
            QCOMPARE(split.steps[step].pairs[r], split.steps[step].pairs[0]);
}

// GShard §2.2, Megatron-Core moe_expert_capacity_factor: ⌈c·T·k/E⌉.
void TstTeaching::expertCapacity_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("topK");
    QTest::addColumn<int>("experts");
    QTest::addColumn<int>("capacity");
    QTest::newRow("c=1: the even share") << 1.0 << 32 << 2 << 8 << 8;
    QTest::newRow("c=1.25") << 1.25 << 32 << 2 << 8 << 10;
    QTest::newRow("rounded up") << 1.1 << 10 << 2 << 8 << 3;
    QTest::newRow("dropless") << 0.0 << 32 << 2 << 8 << 0;
}

void TstTeaching::expertCapacity()
{
    QFETCH(double, factor);
    QFETCH(int, tokens);
    QFETCH(int, topK);
    QFETCH(int, experts);
    QFETCH(int, capacity);
    QCOMPARE(core::expertCapacity(factor, tokens, topK, experts), capacity);
}

void TstTeaching::routingConservesAssignments_data()
{
    QTest::addColumn<double>("factor");
    QTest::newRow("c=1") << 1.0;
    QTest::newRow("c=1.5") << 1.5;
    QTest::newRow("dropless") << 0.0;
}

void TstTeaching::routingConservesAssignments()
{
    QFETCH(double, factor);
    RoutingConfig config;
    config.capacityFactor = factor;
    const Routing routing = routeTokens(config);
    QCOMPARE(routing.assignments, 64);
    int processed = 0, dropped = 0, padded = 0, sent = 0;
    for (const ExpertLoad& e : routing.experts) {
        QCOMPARE(e.processed + e.dropped, e.assigned);
        if (routing.dropless()) {
            QCOMPARE(e.dropped, 0);
            QCOMPARE(e.padded, 0);
        } else {
            QCOMPARE(e.processed + e.padded, routing.capacity);
        }
        QCOMPARE(e.rank, e.expert / 2);
        processed += e.processed;
        dropped += e.dropped;
        padded += e.padded;
    }
    for (const auto& row : routing.sent)
        for (int n : row)
            sent += n;
    QCOMPARE(processed + dropped, 64);
    QCOMPARE(sent, processed); // a dropped assignment is not sent
    QCOMPARE(dropped, routing.dropped);
    QCOMPARE(padded, routing.padded);
    for (const TokenRoute& t : routing.tokens) {
        QCOMPARE(int(t.experts.size()), 2);
        QVERIFY(t.experts[0] != t.experts[1]); // top-k picks distinct experts
        QCOMPARE(t.sourceRank, t.token / 8);
    }
    // The skewed router overloads expert 0 at c = 1: that is what the view shows.
    if (factor == 1.0)
        QVERIFY(routing.dropped > 0);
}

void TstTeaching::routingIsDeterministic()
{
    RoutingConfig config;
    const Routing a = routeTokens(config);
    const Routing b = routeTokens(config);
    for (std::size_t t = 0; t < a.tokens.size(); ++t)
        QCOMPARE(a.tokens[t].experts, b.tokens[t].experts);
    config.seed = 2;
    const Routing c = routeTokens(config);
    bool differs = false;
    for (std::size_t t = 0; t < a.tokens.size(); ++t)
        differs |= a.tokens[t].experts != c.tokens[t].experts;
    QVERIFY(differs);
}

QTEST_APPLESS_MAIN(TstTeaching)
#include "tst_teaching.moc"
