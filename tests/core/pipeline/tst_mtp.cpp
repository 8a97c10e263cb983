// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-token prediction (catalog/model.h mtpLayers): DeepSeek-V3's extra prediction depth as Megatron-Core
// trains it — its parameters, where they live, what they cost the last pipeline stage in time and memory,
// the FLOPs Megatron-LM counts for it, and how it enters and leaves through the imports and exports.

#include "catalog/catalog.h"
#include "catalog/hfconfig.h"
#include "catalog/presetio.h"
#include "design/cluster.h"
#include "design/layoutarithmetic.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "memory/activations.h"
#include "memory/modelshard.h"
#include "performance/searchspace.h"
#include "pipeline/layerkernels.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTest>
#include <cmath>

using namespace core;

namespace {

constexpr auto kF = static_cast<std::size_t>(Pass::Forward);

// DeepSeek-V3 on 256 H100 as Megatron-Core runs it: PP 8 (61 layers, the last stage one short), EP 32 in
// Megatron's expert layout, the distributed optimizer.
Design deepSeek(int mtpLayers)
{
    Design d = testing::onOneNode("deepseek-v3", 8, "h100-sxm-80gb", "nvlink4");
    d.cluster = makeUniformCluster(32, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.model.mtpLayers = mtpLayers;
    ParallelLayout& l = d.layout;
    l.framework = Framework::MegatronCore;
    l.expertMode = ExpertMode::Megatron;
    l.expertTp = 1;
    l.setDegree(Dim::Tp, 1);
    l.setDegree(Dim::Pp, 8);
    l.setDegree(Dim::Ep, 32);
    l.setDegree(Dim::Dp, 32);
    l.zeroStage = 1;
    l.layersPerStage = {8, 8, 8, 8, 8, 7, 7, 7};
    d.workload.globalBatch = 256;
    d.workload.sequenceLength = 4096;
    return d;
}

// Llama 3.1 8B given one prediction depth (a dense model with MTP: the depth's layer is dense), PP 2 on one
// node of eight H100, Megatron-Core.
Design llamaWithMtp(int mtpLayers)
{
    Design d = testing::onOneNode("llama-3.1-8b", 8, "h100-sxm-80gb", "nvlink4");
    d.model.mtpLayers = mtpLayers;
    d.layout.framework = Framework::MegatronCore;
    d.layout.setDegree(Dim::Pp, 2);
    d.layout.setDegree(Dim::Dp, 4);
    d.layout.zeroStage = 1;
    d.layout.recompute = Recompute::None;
    d.workload.globalBatch = 64;
    return d;
}

// The same at two model chunks per rank (the interleaved schedule), their layers as given, recomputed in
// full.
Design twoChunksPerRank(int mtpLayers, std::vector<int> layersPerStage)
{
    Design d = llamaWithMtp(mtpLayers);
    d.layout.schedule = Schedule::Interleaved;
    d.layout.virtualStages = 2;
    d.layout.layersPerStage = std::move(layersPerStage);
    d.layout.recompute = Recompute::Full;
    return d;
}

const RankRole& roleOfPipelineRank(const MemoryReport& memory, int ppRank)
{
    for (const RankRole& role : memory.roles)
        if (role.ppRank == ppRank)
            return role;
    qFatal("no role for pipeline rank %d", ppRank);
}

double figure(const RankRole& role, MemoryCategory category)
{
    return role.figures[static_cast<std::size_t>(category)].bytes;
}

} // namespace

class TestMtp : public QObject
{
    Q_OBJECT

private slots:
    void depthParameters();
    void lastStageHoldsTheDepths();
    void servingLeavesThemOut();
    void lastStageTakesLonger();
    void depthsAloneOnTheLastStage();
    void embeddingAndLossAloneAtTheEnds();
    void timelineBandsOfTheDepths();
    void visibleCommunicationCountsTheDepths();
    void flopsAsMegatronCountsThem();
    void recomputedUnderFullRecomputation();
    void memoryOfTheLastStage();
    void dataParallelGradients();
    void searchBalancesTheLastStage_data();
    void searchBalancesTheLastStage();
    void importsAndExports();
    void otherFrameworksAreWarned();
    void badInput();
    void clearedOnAPreset();
};

// One depth (DeepSeek-V3 §2.2, Megatron-Core's MultiTokenPredictionLayer): a layer of the last layer's kind
// (DeepSeek-V3's is MoE), the projection 2h → h and three norms; its active parameters hold top-k experts.
void TestMtp::depthParameters()
{
    const ModelArchitecture& m = *Catalog::builtin().model("deepseek-v3");
    QCOMPARE(m.mtpLayers, 1);
    QVERIFY(m.mtpLayerIsMoe());
    const LayerParameters layer = layerParameters(m, m.layers - 1);
    const double h = static_cast<double>(m.hidden);
    const double depth = layer.total() + 2 * h * h + 3 * h;
    QCOMPARE(mtpDepthParameters(m), depth);
    const ParameterCounts counts = countParameters(m);
    QCOMPARE(counts.all.mtp, depth);
    const double active = depth - layer.experts + m.moe.topK * mlpParameters(m, m.moe.expertFfn);
    QCOMPARE(counts.active.mtp, active);
    // The Hugging Face card's 685B hold the depth with copies of the embedding and the output head: the
    // depth itself is 11.6B of them (tests/core/catalog/tst_model.cpp checks the total).
    QVERIFY(depth > 11.5e9 && depth < 11.7e9);
    ModelArchitecture without = m;
    without.mtpLayers = 0;
    QCOMPARE(countParameters(without).all.total(), counts.all.total() - depth);
}

// The depth and a copy of the embedding sit on the last pipeline stage (Megatron-Core: mtp_on_this_rank,
// the embedding where pre_process or mtp_process); the first stage holds none of it.
void TestMtp::lastStageHoldsTheDepths()
{
    const Design with = deepSeek(1), without = deepSeek(0);
    const ModelArchitecture& m = with.model;
    const RankShard last = rankShard(with, 7), lastBefore = rankShard(without, 7);
    QCOMPARE(last.mtpLayers, 1);
    QCOMPARE(lastBefore.mtpLayers, 0);
    QVERIFY(!last.hasEmbedding);
    const LayerParameters layer = layerParameters(m, m.layers - 1);
    const double h = static_cast<double>(m.hidden);
    const double vocab = static_cast<double>(paddedVocab(with)) * h;
    // TP 1: the dense part whole; the experts over EP 32.
    QCOMPARE(last.dense - lastBefore.dense, layer.total() - layer.experts + 2 * h * h + 3 * h + vocab);
    QCOMPARE(last.expert - lastBefore.expert, layer.experts / 32);
    QCOMPARE(rankShard(with, 0).total(), rankShard(without, 0).total());
    QCOMPARE(rankShard(with, 0).mtpLayers, 0);
}

// Inference engines load the prediction depth only to decode speculatively, which a serving design does
// not model: its ranks hold the main model alone.
void TestMtp::servingLeavesThemOut()
{
    Design with = deepSeek(1), without = deepSeek(0);
    for (Design* d : {&with, &without}) {
        d->workload.mode = Mode::Serving;
        d->layout.framework = Framework::Vllm;
    }
    QCOMPARE(rankShard(with, 7).mtpLayers, 0);
    QCOMPARE(rankShard(with, 7).total(), rankShard(without, 7).total());
    const Evaluation a = evaluate(with), b = evaluate(without);
    QVERIFY(a.memory && b.memory);
    QCOMPARE(a.memory->peakBytes, b.memory->peakBytes);
}

// Per micro-batch the last stage runs one more layer, the projection and the output head with its loss
// again, forward and backward; the first stage is unchanged and the step longer.
void TestMtp::lastStageTakesLonger()
{
    const Evaluation with = evaluate(llamaWithMtp(1)), without = evaluate(llamaWithMtp(0));
    QVERIFY2(with.schedule && without.schedule, qPrintable(testing::describe(with.diagnostics)));
    const StageTimes& a = with.schedule->times;
    const StageTimes& b = without.schedule->times;
    QCOMPARE(a.stages.size(), std::size_t(2));
    QCOMPARE(a.stages.front().seconds, b.stages.front().seconds);
    const StageWork& last = a.stages.back();
    QCOMPARE(last.mtpLayers, 1);
    const double added = last.seconds[kF] - b.stages.back().seconds[kF];
    const double layerAndHead = last.denseLayer[kF].seconds + last.headSeconds[kF];
    qInfo("forward of the last stage +%.2f ms (a layer and the head: %.2f ms)", 1e3 * added,
          1e3 * layerAndHead);
    QVERIFY(added > layerAndHead);
    QVERIFY(added < 1.2 * layerAndHead); // the projection is a small GEMM beside them
    QVERIFY(with.performance->stepSeconds > without.performance->stepSeconds);
    bool term = false;
    for (const ModelTerm& t : a.terms)
        term = term
            || (t.id == "mtpSeconds" && t.source.find("multi_token_prediction.py") != std::string::npos);
    QVERIFY(term);
}

// Megatron-LM's pipeline_model_parallel_layout may give the last stage only the depths and the loss ("mL";
// Megatron-Bridge's DeepSeek-V3 recipe for H100: "Et|(tt|)*30mL"): that stage runs the depth's layer, the
// projection and the head, holds their weights, and the step stays finite. A model without depths, a
// serving design or an empty stage anywhere else is still told that every stage needs a layer.
void TestMtp::depthsAloneOnTheLastStage()
{
    const Design d = twoChunksPerRank(1, {11, 11, 10, 0});
    const Evaluation e = evaluate(d);
    QVERIFY2(e.valid() && e.schedule && e.memory && e.performance,
             qPrintable(testing::describe(e.diagnostics)));
    const StageWork& last = e.schedule->times.stages.back();
    QCOMPARE(last.layers, 0);
    QCOMPARE(last.mtpLayers, 1);
    QVERIFY(last.seconds[kF] > last.headSeconds[kF] && std::isfinite(last.seconds[kF]));
    QVERIFY(std::isfinite(e.performance->stepSeconds) && e.performance->stepSeconds > 0);
    QVERIFY(std::isfinite(e.memory->peakBytes) && e.memory->peakBytes > 0);
    // The depth's layer, its projection and the head sit on the last pipeline rank beside its first chunk.
    const RankShard shard = rankShard(d, 1);
    QCOMPARE(shard.mtpLayers, 1);
    QCOMPARE(shard.layers, 11);

    const auto emptyStage = [](const Design& design) {
        for (const Diagnostic& diagnostic : evaluate(design).diagnostics)
            if (diagnostic.code == "pp-empty-stage")
                return diagnostic.path;
        return std::string();
    };
    QCOMPARE(emptyStage(d), std::string());
    // Without depths the last chunk holds the head and the loss (account_for_loss_in_pipeline_split), the
    // first may hold the embedding alone (account_for_embedding_in_pipeline_split); a middle one nothing.
    Design plain = d;
    plain.model.mtpLayers = 0;
    QCOMPARE(emptyStage(plain), std::string());
    Design first = d;
    first.layout.layersPerStage = {0, 11, 11, 10};
    QCOMPARE(emptyStage(first), std::string());
    Design middle = d;
    middle.layout.layersPerStage = {11, 0, 11, 10};
    QCOMPARE(emptyStage(middle), std::string("/layout/layersPerStage/1"));
    Design serving = d;
    serving.workload.mode = Mode::Serving;
    QCOMPARE(emptyStage(serving), std::string("/layout/layersPerStage/3"));
    Design dualPipe = plain;
    dualPipe.layout.schedule = Schedule::DualPipe;
    dualPipe.layout.virtualStages = 2;
    dualPipe.layout.layersPerStage = {32, 0};
    QCOMPARE(emptyStage(dualPipe), std::string("/layout/layersPerStage/1"));
}

// Megatron-Bridge's Llama 3.1 405B recipes count the embedding and the loss as layer slots
// (account_for_embedding_in_pipeline_split, account_for_loss_in_pipeline_split): 126 layers and the two as
// 128 slots, so at PP 16 VP 8 the first chunk holds the embedding alone and the last the head and the loss.
// Both are priced, finite, the first chunk far shorter than a chunk of a layer and the last longer.
void TestMtp::embeddingAndLossAloneAtTheEnds()
{
    const Design d = twoChunksPerRank(0, {0, 16, 16, 0});
    const Evaluation e = evaluate(d);
    QVERIFY2(e.valid() && e.schedule && e.memory && e.performance,
             qPrintable(testing::describe(e.diagnostics)));
    const std::vector<StageWork>& stages = e.schedule->times.stages;
    QCOMPARE(stages.front().layers, 0);
    QCOMPARE(stages.back().layers, 0);
    QVERIFY(std::isfinite(stages.front().seconds[kF])
            && stages.front().seconds[kF] < stages[1].seconds[kF] / 10);
    QVERIFY(stages.back().seconds[kF] > 0 && std::isfinite(stages.back().seconds[kF]));
    QVERIFY(std::isfinite(e.performance->stepSeconds) && e.performance->stepSeconds > 0);
    QVERIFY(std::isfinite(e.memory->peakBytes) && e.memory->peakBytes > 0);
    QCOMPARE(rankShard(d, 0).layers, 16);
    QVERIFY(rankShard(d, 0).hasEmbedding);
}

// The timeline draws a depth's collectives as a layer's: with TP 2, a backward of the last stage runs the
// depth first (its head and projection, then its layer with the layer's tensor-parallel bands), then the
// main head, then the stage's layers with theirs; forward in the opposite order. Every band lies inside
// the part of the op that holds it.
void TestMtp::timelineBandsOfTheDepths()
{
    Design d = llamaWithMtp(1);
    d.layout.setDegree(Dim::Tp, 2);
    d.layout.setDegree(Dim::Dp, 2);
    d.layout.sequenceParallel = true;
    const Evaluation e = evaluate(d);
    QVERIFY2(e.schedule, qPrintable(testing::describe(e.diagnostics)));
    const StageTimes& times = e.schedule->times;
    const StageWork& last = times.stages.back();
    const std::size_t kF = static_cast<std::size_t>(Pass::Forward),
                      kI = static_cast<std::size_t>(Pass::InputGrad),
                      kW = static_cast<std::size_t>(Pass::WeightGrad);
    QCOMPARE(last.mtpLayers, 1);
    QVERIFY(!last.mtpLayer[kF].bands.empty() && !last.mtpLayer[kI].bands.empty());
    bool backward = false, forward = false;
    for (const PipelineOp& op : e.schedule->timeline.ranks.back().ops) {
        if (op.stage != last.stage)
            continue;
        std::vector<CommBand> bands = opCommBands(times, times.spec, op, 0);
        std::erase_if(bands, [](const CommBand& b) { return b.kind == CommKind::PipelineSend; });
        if (op.kind == PipelineOpKind::Backward && !backward) {
            backward = true;
            const double stretch = (op.end - op.start) / (last.seconds[kI] + last.seconds[kW]);
            const std::size_t depthBands = last.mtpLayer[kI].bands.size();
            QCOMPARE(bands.size(),
                     depthBands + last.mtpLayer[kW].bands.size()
                         + static_cast<std::size_t>(last.layers)
                             * (last.denseLayer[kI].bands.size() + last.denseLayer[kW].bands.size()));
            // The depth's bands within the depth, the layers' after the head and the depth.
            const double depthEnd = op.start + last.mtpSeconds[kI] * stretch;
            QVERIFY(bands.front().start >= op.start && bands[depthBands - 1].end <= depthEnd + 1e-12);
            const double layersStart = op.start + (last.headSeconds[kI] + last.mtpSeconds[kI]) * stretch;
            QVERIFY2(
                bands[depthBands].start >= layersStart - 1e-12,
                qPrintable(QStringLiteral("%1 before %2").arg(bands[depthBands].start).arg(layersStart)));
        }
        if (op.kind == PipelineOpKind::Forward && !forward) {
            forward = true;
            const double stretch = (op.end - op.start) / last.seconds[kF];
            const std::size_t layerBands
                = static_cast<std::size_t>(last.layers) * last.denseLayer[kF].bands.size();
            QCOMPARE(bands.size(), layerBands + last.mtpLayer[kF].bands.size());
            // The depth after the layers and the main head.
            const double depthStart = op.start + (last.seconds[kF] - last.mtpSeconds[kF]) * stretch;
            QVERIFY2(bands[layerBands].start >= depthStart - 1e-12,
                     qPrintable(QStringLiteral("%1 before %2").arg(bands[layerBands].start).arg(depthStart)));
            QVERIFY(bands.back().end <= op.end + 1e-12);
        }
    }
    QVERIFY(backward && forward);
}

// The headline's visible communication counts a depth's collectives as the timeline draws them: on one
// pipeline stage with TP 8 (no data parallelism, whose synchronisation the depth's parameters would add to),
// the depth adds micro-batches × what its layer waits for.
void TestMtp::visibleCommunicationCountsTheDepths()
{
    const auto onOneStage = [](int depths) {
        Design d = llamaWithMtp(depths);
        d.layout.setDegree(Dim::Pp, 1);
        d.layout.setDegree(Dim::Tp, 8);
        d.layout.setDegree(Dim::Dp, 1);
        d.layout.sequenceParallel = true;
        d.layout.tpCommOverlap = false;
        return d;
    };
    const Evaluation with = evaluate(onOneStage(1)), without = evaluate(onOneStage(0));
    QVERIFY2(with.performance && without.performance, qPrintable(testing::describe(with.diagnostics)));
    const StageWork& stage = with.schedule->times.stages.front();
    QCOMPARE(stage.mtpLayers, 1);
    ExposedCommunication depth;
    for (const LayerPattern& pass : stage.mtpLayer)
        depth.add(pass.exposed);
    QVERIFY(depth.allGather + depth.reduceScatter > 0);
    const double m = static_cast<double>(microBatchesPerStep(onOneStage(1)));
    const auto near
        = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1e-9, std::abs(b)); };
    QVERIFY(near(with.performance->exposed.allGather - without.performance->exposed.allGather,
                 m * depth.allGather));
    QVERIFY(near(with.performance->exposed.reduceScatter - without.performance->exposed.reduceScatter,
                 m * depth.reduceScatter));
}

// Megatron-LM's num_floating_point_operations (training/training.py) adds per depth a layer of the last
// layer's kind, the projection (2h × h) and one more logit layer (h × vocab), forward and backward (× 3).
void TestMtp::flopsAsMegatronCountsThem()
{
    const Design d = llamaWithMtp(1);
    const Evaluation with = evaluate(d), without = evaluate(llamaWithMtp(0));
    QVERIFY(with.performance && without.performance);
    const ModelArchitecture& m = d.model;
    const double s = static_cast<double>(d.workload.sequenceLength);
    const double h = static_cast<double>(m.hidden);
    const double sequences = static_cast<double>(d.workload.globalBatch);
    const double layer
        = layerForwardFlops(m, m.layers - 1, d.workload.sequenceLength, 1, 1, 1, ExpertSplit{}).total();
    const double expected
        = 3 * sequences * (layer + 2 * s * (2 * h) * h + 2 * s * h * static_cast<double>(m.vocab));
    const double added = with.performance->modelFlopsPerStep - without.performance->modelFlopsPerStep;
    qInfo("model FLOPs per step +%.4g (expected %.4g)", added, expected);
    QVERIFY(std::abs(added / expected - 1) < 1e-6);
    // Without recomputation the hardware does what the model counts.
    QCOMPARE(with.performance->hardwareFlopsPerStep, with.performance->modelFlopsPerStep);
}

// Megatron-Core's MTP layer checkpoints itself whenever recompute_granularity is full: the hardware runs its
// forward twice, and the last stage keeps only its input.
void TestMtp::recomputedUnderFullRecomputation()
{
    Design d = llamaWithMtp(1), plain = llamaWithMtp(0);
    d.layout.recompute = plain.layout.recompute = Recompute::Full;
    const Evaluation with = evaluate(d), without = evaluate(plain);
    QVERIFY(with.performance && without.performance);
    const double extraHardware
        = (with.performance->hardwareFlopsPerStep - with.performance->modelFlopsPerStep)
        - (without.performance->hardwareFlopsPerStep - without.performance->modelFlopsPerStep);
    const ModelArchitecture& m = d.model;
    const double s = static_cast<double>(d.workload.sequenceLength);
    const double h = static_cast<double>(m.hidden);
    const double layer
        = layerForwardFlops(m, m.layers - 1, d.workload.sequenceLength, 1, 1, 1, ExpertSplit{}).total();
    const double expected = static_cast<double>(d.workload.globalBatch) * (layer + 2 * s * (2 * h) * h);
    QVERIFY2(std::abs(extraHardware / expected - 1) < 1e-6,
             qPrintable(QString::number(extraHardware / expected)));
    // Its backward redoes the layer's forward: the input-gradient pass grows by more than without
    // recomputation.
    const Evaluation kept = evaluate(llamaWithMtp(1));
    QVERIFY(with.schedule->times.stages.back().mtpSeconds[1]
            > kept.schedule->times.stages.back().mtpSeconds[1]);
}

// The last stage keeps the depth's activations for one micro-batch (the last chunk runs its backward right
// after its forward), and its logits wait for the backward beside the main head's.
void TestMtp::memoryOfTheLastStage()
{
    const Design d = llamaWithMtp(1);
    const Evaluation with = evaluate(d), without = evaluate(llamaWithMtp(0));
    QVERIFY(with.memory && without.memory);
    const RankRole& a = roleOfPipelineRank(*with.memory, 1);
    const RankRole& b = roleOfPipelineRank(*without.memory, 1);
    ActivationConfig config = activationConfig(d);
    const double layer = layerActivationBytes(d.model, false, config).total();
    const double activations
        = figure(a, MemoryCategory::Activations) - figure(b, MemoryCategory::Activations);
    qInfo("activations +%.2f GB (one layer %.2f GB)", activations / 1e9, layer / 1e9);
    // Beside the layer: its projection's 2h-wide BF16 input and, as the main head's, its final norm's and
    // head's inputs (Korthikanti et al. §4.3: 4·s·b·h on the last stage), without SP at TP 1.
    const double sbh = static_cast<double>(d.workload.sequenceLength) * d.layout.microBatch
        * static_cast<double>(d.model.hidden);
    QCOMPARE(activations, layer + 4 * sbh + 4 * sbh);
    // Megatron's loss keeps FP32 logits (the fused loss, BF16 in place).
    const double bytesPerLogit = switchOn(d, Switch::FusedCrossEntropy) ? 2.0 : 4.0;
    const double logits = bytesPerLogit * d.workload.sequenceLength * d.layout.microBatch
        * static_cast<double>(paddedVocab(d));
    QCOMPARE(figure(a, MemoryCategory::Temporary) - figure(b, MemoryCategory::Temporary), logits);
    QVERIFY(figure(a, MemoryCategory::Parameters) > figure(b, MemoryCategory::Parameters));
    const RankRole& first = roleOfPipelineRank(*with.memory, 0);
    QCOMPARE(first.totalBytes, roleOfPipelineRank(*without.memory, 0).totalBytes);
}

// The data-parallel synchronisation of the last pipeline rank carries the depth's gradients and those of
// the embedding copy (Megatron's distributed optimizer: its buckets; FSDP: one more unit after the layers),
// and holds exactly the parameters the memory model puts there.
void TestMtp::dataParallelGradients()
{
    const Design d = llamaWithMtp(1);
    const Evaluation with = evaluate(d), without = evaluate(llamaWithMtp(0));
    QVERIFY(with.schedule && without.schedule);
    const DdpStepTimeline& a = with.schedule->ddp.at(1);
    const DdpStepTimeline& b = without.schedule->ddp.at(1);
    const double before = rankShard(llamaWithMtp(0), 1).total();
    QVERIFY(rankShard(d, 1).total() > before);
    QCOMPARE(a.gradientBytes / b.gradientBytes, rankShard(d, 1).total() / before);
    QCOMPARE(with.schedule->ddp.at(0).gradientBytes, without.schedule->ddp.at(0).gradientBytes);

    Design fsdp = d;
    fsdp.layout.zeroStage = 3;
    const Evaluation sharded = evaluate(fsdp);
    QVERIFY2(sharded.schedule && !sharded.schedule->fsdp.empty(),
             qPrintable(testing::describe(sharded.diagnostics)));
    const FsdpLayerTimeline& units = sharded.schedule->fsdp.at(1);
    double parameters = 0;
    bool depth = false;
    for (const FsdpUnit& unit : units.units) {
        parameters += unit.parameters;
        depth = depth || unit.layer == d.model.layers; // numbered after the main model's layers
    }
    QVERIFY(depth);
    QCOMPARE(parameters, rankShard(fsdp, 1).total());
}

// The search's balanced split gives the last stage the depth's layer, projection and second head to carry
// and so fewer layers: for DeepSeek-V3 it finds the layouts Megatron-Bridge's recipe writes by hand
// (src/megatron/bridge/recipes/deepseek/deepseek_v3.py, layout_map, v0.2.0: PP 4 [16, 16, 16, 13], PP 8
// [8 × 7, 5] and PP 16 [4 × 15, 1], the last stage with "mtp" and "loss").
void TestMtp::searchBalancesTheLastStage_data()
{
    QTest::addColumn<int>("pp");
    QTest::addColumn<std::vector<int>>("recipe");
    QTest::newRow("PP 4") << 4 << std::vector<int>{16, 16, 16, 13};
    std::vector<int> eight(8, 8);
    eight.back() = 5;
    QTest::newRow("PP 8") << 8 << eight;
    std::vector<int> sixteen(16, 4);
    sixteen.back() = 1;
    QTest::newRow("PP 16") << 16 << sixteen;
}

void TestMtp::searchBalancesTheLastStage()
{
    QFETCH(int, pp);
    QFETCH(std::vector<int>, recipe);
    Design d = deepSeek(1);
    d.layout.layersPerStage.clear();
    const double extra = lastStageExtraInLayers(d);
    qInfo("head and prediction depth: %.2f layers", extra);
    QCOMPARE(balancedLayerSplit(d.model.layers, pp, extra), recipe);
    // Without the depth the head alone leaves the last stage more.
    const std::vector<int> withoutDepth
        = balancedLayerSplit(d.model.layers, pp, lastStageExtraInLayers(deepSeek(0)));
    QVERIFY(withoutDepth.back() > recipe.back());
    // A serving design has no depth to carry.
    d.workload.mode = Mode::Serving;
    QCOMPARE(lastStageExtraInLayers(d), lastStageExtraInLayers(deepSeek(0)));
}

// Hugging Face's num_nextn_predict_layers and Megatron-LM's --mtp-num-layers set the depths; the Megatron
// export writes the flag; a Megatron file that gives the model without it trains none (Megatron's default).
void TestMtp::importsAndExports()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/deepseek-v3.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const HfImportResult hf = importHfConfig(file.readAll().toStdString());
    QVERIFY(hf.model);
    QCOMPARE(hf.model->mtpLayers, 1);
    for (const Diagnostic& diagnostic : hf.diagnostics)
        QVERIFY2(diagnostic.path != "/num_nextn_predict_layers", diagnostic.message().c_str());

    const Design d = llamaWithMtp(1);
    const LaunchConfig config = launchConfig(d, evaluate(d), LaunchTarget::Megatron);
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    QVERIFY(QString::fromStdString(config.text).contains(QStringLiteral("--mtp-num-layers 1")));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, llamaWithMtp(0));
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->model.mtpLayers, 1);

    QVERIFY(!testing::hasCode(config.notes, "export-mtp"));
    // The other training exports cannot carry the depth and say so.
    for (LaunchTarget target :
         {LaunchTarget::Torchtitan, LaunchTarget::Accelerate, LaunchTarget::DeepSpeed}) {
        // One pipeline stage, each framework's own sharding: DeepSpeed ZeRO-1, FSDP2 fully sharded.
        const auto onData = [&](int depths) {
            Design other = llamaWithMtp(depths);
            const bool deepSpeed = target == LaunchTarget::DeepSpeed;
            other.layout.framework = deepSpeed ? Framework::DeepSpeed : Framework::Fsdp2;
            other.layout.setDegree(Dim::Pp, 1);
            other.layout.setDegree(Dim::Dp, 8);
            other.layout.zeroStage = deepSpeed ? 1 : 3;
            return launchConfig(other, evaluate(other), target);
        };
        const LaunchConfig exported = onData(1);
        QVERIFY2(testing::hasCode(exported.notes, "export-mtp"),
                 qPrintable(testing::describe(exported.notes)));
        QVERIFY(!testing::hasCode(onData(0).notes, "export-mtp"));
    }

    QString without = QString::fromStdString(config.text);
    without.replace(QStringLiteral("--mtp-num-layers 1"), QString());
    const LaunchImport none = importLaunch(LaunchFormat::Megatron, without.toStdString(), d);
    QVERIFY2(none.ok(), qPrintable(testing::describe(none.diagnostics)));
    QCOMPARE(none.design->model.mtpLayers, 0);

    QString negative = QString::fromStdString(config.text);
    negative.replace(QStringLiteral("--mtp-num-layers 1"), QStringLiteral("--mtp-num-layers -1"));
    const LaunchImport bad = importLaunch(LaunchFormat::Megatron, negative.toStdString(), d);
    QVERIFY(!bad.ok());
    QVERIFY(!bad.diagnostics.empty());
    QVERIFY2(QString::fromStdString(bad.diagnostics.front().path).startsWith(QStringLiteral("line ")),
             bad.diagnostics.front().path.c_str());
}

// Only Megatron-Core's profile says it trains the depths; elsewhere the figures keep them and say so.
void TestMtp::otherFrameworksAreWarned()
{
    Design d = llamaWithMtp(1);
    QVERIFY(!testing::hasCode(evaluate(d).diagnostics, "framework-mtp"));
    d.layout.framework = Framework::DeepSpeed;
    const Evaluation e = evaluate(d);
    bool located = false;
    for (const Diagnostic& diagnostic : e.diagnostics)
        located = located
            || (diagnostic.code == "framework-mtp" && diagnostic.path == "/model/mtpLayers"
                && diagnostic.severity == Severity::Warning);
    QVERIFY2(located, qPrintable(testing::describe(e.diagnostics)));
}

// A design file's depths: written only when set, read back; negative or not a number is a located error.
void TestMtp::badInput()
{
    const Json saved = designToJson(llamaWithMtp(1));
    QCOMPARE(saved.at("model").at("mtpLayers").get<int>(), 1);
    QVERIFY(!designToJson(llamaWithMtp(0)).at("model").contains("mtpLayers"));
    const LoadResult back = designFromJson(saved);
    QVERIFY(back.design);
    QCOMPARE(back.design->model.mtpLayers, 1);

    Json negative = saved;
    negative["model"]["mtpLayers"] = -1;
    const Evaluation e = evaluate(*designFromJson(negative).design);
    bool located = false;
    for (const Diagnostic& diagnostic : e.diagnostics)
        located = located || (diagnostic.isError() && diagnostic.path == "/model/mtpLayers");
    QVERIFY2(located, qPrintable(testing::describe(e.diagnostics)));

    Json text = saved;
    text["model"]["mtpLayers"] = "one";
    const LoadResult wrong = designFromJson(text);
    QVERIFY(!wrong.design);
    located = false;
    for (const Diagnostic& diagnostic : wrong.diagnostics)
        located = located || diagnostic.path == "/model/mtpLayers";
    QVERIFY2(located, qPrintable(testing::describe(wrong.diagnostics)));
}

// A DeepSeek-V3 design whose depth is set to 0 (the summaries' "w/o MTP" rows) saves the 0 as an override of
// the preset and reads back without it; the same for a sliding window cleared on a model that had one.
void TestMtp::clearedOnAPreset()
{
    const Design without = deepSeek(0);
    QCOMPARE(without.model.preset, std::string("deepseek-v3"));
    const LoadResult back = loadDesign(saveDesign(without));
    QVERIFY(back.design);
    QCOMPARE(back.design->model.mtpLayers, 0);
    QCOMPARE(loadDesign(saveDesign(deepSeek(1))).design->model.mtpLayers, 1);

    ModelArchitecture windowed = *Catalog::builtin().model("llama-3.1-8b");
    windowed.slidingWindow = {4096, 2, 1};
    ModelArchitecture cleared = windowed;
    cleared.slidingWindow = {};
    const Json diff = modelOverrides(cleared, windowed);
    QCOMPARE(diff.at("slidingWindow").at("tokens").get<int>(), 0);
}

QTEST_APPLESS_MAIN(TestMtp)
#include "tst_mtp.moc"
