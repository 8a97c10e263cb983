// SPDX-License-Identifier: GPL-3.0-or-later
// The memory model against the reference article, the ZeRO paper and Megatron-LM, and its invariants; its
// activations against Korthikanti et al. are tst_activationmemory's. Each row names its source.

#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "memory/activations.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "pipeline/pipelinetimeline.h"
#include "support/memorytest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;
using namespace testing::memory;
using testing::megatronGpt;

Q_DECLARE_METATYPE(core::Design)

class TestMemory : public QObject
{
    Q_OBJECT

private slots:
    void zeroModelStates_data();
    void zeroModelStates();
    void bytesPerParameter_data();
    void bytesPerParameter();
    void sixteenBitMoments_data();
    void sixteenBitMoments();
    void articleWeightsAndKvCache();
    void expertWeightsDividedByEpAndExpertTp();
    void unevenStagesAndModelEnds();
    void invariants();
    void offloadMovesTheOptimizer();
    void servingMaxConcurrency();
    void doesNotFitNamesTheCause_data();
    void doesNotFitNamesTheCause();
    void everyFigureExplainsItself();
    void absurdModelsGiveMessages();
    void hsdpShardsInsideItsGroup();
    void zeroViewMatchesTheBars_data();
    void zeroViewMatchesTheBars();
    void zeroViewOfADenseModel();
    void temporaryAndCommunicationBuffers_data();
    void temporaryAndCommunicationBuffers();
    void modelStateOptions_data();
    void modelStateOptions();
    void kvCacheDividedAcrossPpByLayers();
};

// The reference article, «Memory Budgets für Training und Inference»: "Auf 64 GPUs geshardet braucht das
// 70B-Model mit ZeRO-1 etwa 293 GB pro GPU, mit ZeRO-2 etwa 155 GB und mit ZeRO-3 oder FSDP etwa 17,5 GB"
// (and 1,120 GB for DDP). ZeRO paper Figure 1: Ψ = 7.5B, N_d = 64 → 120 GB, 31.4 GB, 16.6 GB, 1.9 GB.
// Tolerance: half a unit of the last digit given.
void TestMemory::zeroModelStates_data()
{
    QTest::addColumn<double>("psi");
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expectedGB");
    QTest::addColumn<double>("toleranceGB");
    QTest::newRow("article 70B DDP") << 70e9 << 0 << 1120.0 << 0.5;
    QTest::newRow("article 70B ZeRO-1") << 70e9 << 1 << 293.0 << 0.5;
    QTest::newRow("article 70B ZeRO-2") << 70e9 << 2 << 155.0 << 0.5;
    QTest::newRow("article 70B ZeRO-3") << 70e9 << 3 << 17.5 << 0.05;
    QTest::newRow("ZeRO paper 7.5B baseline") << 7.5e9 << 0 << 120.0 << 0.5;
    QTest::newRow("ZeRO paper 7.5B P_os") << 7.5e9 << 1 << 31.4 << 0.05;
    QTest::newRow("ZeRO paper 7.5B P_os+g") << 7.5e9 << 2 << 16.6 << 0.05;
    QTest::newRow("ZeRO paper 7.5B P_os+g+p") << 7.5e9 << 3 << 1.9 << 0.05;
}

void TestMemory::zeroModelStates()
{
    QFETCH(double, psi);
    QFETCH(int, stage);
    QFETCH(double, expectedGB);
    QFETCH(double, toleranceGB);
    const ModelStates s = modelStates(
        psi, stage, 64, stateBytesPerParameter(Precision::Bf16Mixed, Optimizer::Adam, MomentDtype::Fp32));
    QVERIFY2(std::abs(s.total() / 1e9 - expectedGB) <= toleranceGB,
             qPrintable(QString::number(s.total() / 1e9)));
    QCOMPARE(s.replicated + s.sharded, s.total());
}

// Megatron-LM docs/user-guide/features/dist_optimizer.md: bytes per parameter without and with the
// distributed optimizer (ZeRO-1 over d data-parallel ranks), here d = 8.
void TestMemory::bytesPerParameter_data()
{
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("bytes");
    QTest::newRow("ZeRO: fp16/bf16 mixed, Adam") << int(Precision::Bf16Mixed) << 0 << 16.0;
    QTest::newRow("Megatron bf16 params, fp32 grads") << int(Precision::MegatronBf16) << 0 << 18.0;
    QTest::newRow("Megatron distributed, d=8: 6 + 12/d")
        << int(Precision::MegatronBf16) << 1 << 6.0 + 12.0 / 8;
    QTest::newRow("Megatron fp32: 16") << int(Precision::Fp32) << 0 << 16.0;
    QTest::newRow("Megatron fp32 distributed: 8 + 8/d") << int(Precision::Fp32) << 1 << 8.0 + 8.0 / 8;
}

void TestMemory::bytesPerParameter()
{
    QFETCH(int, precision);
    QFETCH(int, stage);
    QFETCH(double, bytes);
    QCOMPARE(modelStates(1.0, stage, 8,
                         stateBytesPerParameter(Precision(precision), Optimizer::Adam, MomentDtype::Fp32))
                 .total(),
             bytes);
}

// The optimizer's moments in 16 bits (workload.optimizerMoments): Adam's two at 2 bytes each beside the FP32
// master weight, 4 + 2 + 2 = 8 bytes where FP32 moments take 12 (DeepSeek-V3 report, arXiv:2412.19437
// §3.3.1; Megatron-LM --exp-avg-dtype and --exp-avg-sq-dtype bf16); SGD's one momentum 4 + 2.
void TestMemory::sixteenBitMoments_data()
{
    QTest::addColumn<int>("optimizer");
    QTest::addColumn<int>("moments");
    QTest::addColumn<double>("optimizerBytes");
    QTest::newRow("Adam, FP32 moments") << int(Optimizer::Adam) << int(MomentDtype::Fp32) << 12.0;
    QTest::newRow("Adam, BF16 moments") << int(Optimizer::Adam) << int(MomentDtype::Bf16) << 8.0;
    QTest::newRow("AdamW, FP16 moments") << int(Optimizer::AdamW) << int(MomentDtype::Fp16) << 8.0;
    QTest::newRow("SGD, FP32 momentum") << int(Optimizer::SgdMomentum) << int(MomentDtype::Fp32) << 8.0;
    QTest::newRow("SGD, BF16 momentum") << int(Optimizer::SgdMomentum) << int(MomentDtype::Bf16) << 6.0;
}

void TestMemory::sixteenBitMoments()
{
    QFETCH(int, optimizer);
    QFETCH(int, moments);
    QFETCH(double, optimizerBytes);
    const StateBytes bytes
        = stateBytesPerParameter(Precision::MegatronBf16, Optimizer(optimizer), MomentDtype(moments));
    QCOMPARE(bytes.optimizer, optimizerBytes);
    QCOMPARE(bytes.weights, 2.0);
    QCOMPARE(bytes.gradients, 4.0);
    if (Optimizer(optimizer) == Optimizer::SgdMomentum)
        return;
    // On a Megatron-Core design the rank's optimizer states shrink by that share, and the optimizer step,
    // which streams them through HBM, takes less time.
    Design d = testing::example("default");
    d.layout.framework = Framework::MegatronCore;
    d.workload.optimizer = Optimizer(optimizer);
    const Evaluation fp32 = evaluate(d);
    d.workload.optimizerMoments = MomentDtype(moments);
    const Evaluation sixteen = evaluate(d);
    QVERIFY2(sixteen.valid(), qPrintable(testing::describe(sixteen.diagnostics)));
    QVERIFY(fp32.performance && sixteen.performance);
    const double ratio
        = bytesOf(sixteen, 0, MemoryCategory::Optimizer) / bytesOf(fp32, 0, MemoryCategory::Optimizer);
    QVERIFY2(std::abs(ratio - optimizerBytes / 12.0) < 1e-9, qPrintable(QString::number(ratio)));
    if (MomentDtype(moments) == MomentDtype::Fp32)
        return;
    QVERIFY(sixteen.performance->optimizerSeconds < fp32.performance->optimizerSeconds);
    // The optimizer's figure says why, with the framework's source.
    const Explanation& why = sixteen.memory->roles.front().figure(MemoryCategory::Optimizer).explanation;
    QVERIFY2(why.note.find("16 bits") != std::string::npos, why.note.c_str());
    QVERIFY2(why.source.find("--use-precision-aware-optimizer") != std::string::npos, why.source.c_str());
}

// The reference article: "70 Milliarden Parametern braucht allein für die BF16 Weights mindestens 140 GB";
// "Für Llama 3.1 70B in BF16 … etwa 0,33 MB pro Token. Eine Sequenz mit 32.768 Tokens belegt also etwa 10,7
// GB Cache."
void TestMemory::articleWeightsAndKvCache()
{
    QCOMPARE(modelStates(70e9, 0, 1,
                         stateBytesPerParameter(Precision::Bf16Mixed, Optimizer::Adam, MomentDtype::Fp32))
                 .weights,
             140e9);
    Design d = testing::example("serving-70b-tp4x2");
    d.cluster = makeUniformCluster(1, 1, "b200-180gb", "nvlink5", "ib-ndr-400");
    d.layout = ParallelLayout{};
    d.workload.serving.concurrency = 1;
    d.workload.serving.contextLength = 32768;
    const Evaluation e = evaluate(d);
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    const double kv = bytesOf(e, 0, MemoryCategory::KvCache);
    QCOMPARE(kv / 32768, 327680.0); // 2 × 80 × 8 × 128 × 2 bytes ≈ 0.33 MB per token
    QVERIFY(std::abs(kv / 1e9 - 10.7) < 0.05);
    QCOMPARE(e.memory->kvBytesPerSequence, kv);
    // Llama 3.1 70B's real weights in BF16 on one GPU: 70.55 B parameters × 2 bytes, vocabulary padded.
    QVERIFY(std::abs(bytesOf(e, 0, MemoryCategory::Parameters) / 1e9 - 141.1) < 0.1);
}

// NVIDIA/Megatron-LM GitHub issues #2439 and #4050: estimators forget to divide expert weights by EP (and
// expert TP).
void TestMemory::expertWeightsDividedByEpAndExpertTp()
{
    Design d = testing::example("mixtral-8x7b-ep8");
    const double allExperts = countParameters(d.model).all.experts;
    const RankShard separate = rankShard(d, 0);
    QCOMPARE(separate.expert * d.layout.ep(), allExperts);
    // Megatron's convention with expert TP 2 and EP 4 on 32 ranks (TP 2, DP 16).
    d.layout.expertMode = ExpertMode::Megatron;
    d.layout.setDegree(Dim::Tp, 2);
    d.layout.setDegree(Dim::Dp, 16);
    d.layout.setDegree(Dim::Ep, 4);
    d.layout.expertTp = 2;
    const RankShard megatron = rankShard(d, 0);
    QVERIFY(std::abs(megatron.expert * 4 * 2 - allExperts) < 1);
    const Evaluation e = evaluate(d);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(expertReplicas(d.layout), 4); // expert DP = 32 / (2 · 4 · 1)
    // The experts' ZeRO shard group is expert DP, not the dense DP.
    d.layout.zeroStage = 1;
    const Evaluation z = evaluate(d);
    const StateBytes bytes = stateBytesPerParameter(d.workload);
    const double expected = megatron.dense * bytes.optimizer / 16 + megatron.expert * bytes.optimizer / 4;
    QVERIFY(std::abs(bytesOf(z, 0, MemoryCategory::Optimizer) - expected) < 1);
}

void TestMemory::unevenStagesAndModelEnds()
{
    // Explicit [1, 2, 2, 3] layers on PP = 4: the last stage holds three layers, not the average two.
    Design d = testing::example("default");
    d.model.layers = 8;
    d.layout.setDegree(Dim::Pp, 4);
    d.layout.setDegree(Dim::Dp, 1);
    d.layout.layersPerStage = {1, 2, 2, 3};
    QCOMPARE(rankShard(d, 0).layers, 1);
    QCOMPARE(rankShard(d, 3).layers, 3);
    const Evaluation e = evaluate(d);
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    // 1F1B: rank 0 keeps 4 micro-batches of 1 layer, rank 3 one micro-batch of 3 layers.
    QCOMPARE(e.memory->roleOf(0).inFlight, 4.0);
    QCOMPARE(e.memory->roleOf(24).inFlight, 1.0);
    // Tied embeddings and PP > 1: both ends keep a copy (Megatron).
    Design gpt = d;
    gpt.model = megatronGpt(8, 4096, 32);
    const RankShard first = rankShard(gpt, 0), last = rankShard(gpt, 3);
    QVERIFY(first.hasEmbedding && !first.hasOutputHead);
    QVERIFY(last.hasOutputHead && !last.hasEmbedding);
    const double vocabShard = 51200.0 * 4096 / 8;
    QVERIFY(last.dense > vocabShard);
    // ZB-V places both ends of the model on rank 0.
    d.layout.layersPerStage.clear();
    d.layout.schedule = Schedule::ZbV;
    d.layout.virtualStages = 2;
    const RankShard v0 = rankShard(d, 0);
    QCOMPARE(v0.stages, (std::vector<int>{0, 7}));
    QVERIFY(v0.hasEmbedding && v0.hasOutputHead);
}

void TestMemory::invariants()
{
    // ZeRO-3 ≤ ZeRO-2 ≤ ZeRO-1 ≤ DDP for every example's fullest rank.
    for (const char* id : {"default", "seed-70b-32k-512gpu", "mixtral-8x7b-ep8", "fsdp-1node-8gpu"}) {
        const ZeroComparison z = zeroComparison(testing::example(id));
        for (int stage = 1; stage < 4; ++stage)
            QVERIFY2(z.stages[std::size_t(stage)].total() <= z.stages[std::size_t(stage - 1)].total(), id);
    }
    const Design base = testing::example("seed-70b-32k-512gpu");
    const double baseActivations = bytesOf(evaluate(base), 0, MemoryCategory::Activations);
    // Activations fall with TP+SP …
    Design noSp = base;
    noSp.layout.sequenceParallel = false;
    QVERIFY(bytesOf(evaluate(noSp), 0, MemoryCategory::Activations) > baseActivations);
    // … with CP …
    Design lessCp = base;
    lessCp.layout.setDegree(Dim::Cp, 2);
    lessCp.layout.setDegree(Dim::Dp, 8);
    QVERIFY(bytesOf(evaluate(lessCp), 0, MemoryCategory::Activations) > baseActivations);
    // … and with recomputation.
    Design full = base;
    full.layout.recompute = Recompute::Full;
    QVERIFY(bytesOf(evaluate(full), 0, MemoryCategory::Activations) < baseActivations);
    Design none = base;
    none.layout.recompute = Recompute::None;
    none.workload.flashAttention = false;
    QVERIFY(bytesOf(evaluate(none), 0, MemoryCategory::Activations) > baseActivations);
    // Under 1F1B the first stage holds the most activations.
    const Evaluation e = evaluate(base);
    for (const RankRole& role : e.memory->roles)
        QVERIFY(role.figure(MemoryCategory::Activations).bytes
                <= bytesOf(e, 0, MemoryCategory::Activations) + 1);
}

void TestMemory::offloadMovesTheOptimizer()
{
    Design d = testing::example("default");
    const double before = bytesOf(evaluate(d), 0, MemoryCategory::Optimizer);
    d.workload.offload = Offload::Cpu;
    const Evaluation e = evaluate(d);
    QCOMPARE(bytesOf(e, 0, MemoryCategory::Optimizer), 0.0);
    QCOMPARE(e.memory->roleOf(0).offloadedBytes, before);
    QVERIFY(!e.memory->roleOf(0).figure(MemoryCategory::Optimizer).explanation.note.empty());
    QVERIFY(!testing::hasCode(e.diagnostics, "offload-without-zero")); // ZeRO-1: DeepSpeed offloads it
    d.layout.zeroStage = 0;
    QVERIFY(testing::hasCode(evaluate(d).diagnostics, "offload-without-zero"));
}

void TestMemory::servingMaxConcurrency()
{
    const Design d = testing::example("serving-70b-tp4x2");
    const Evaluation e = evaluate(d);
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    const RankRole& role = e.memory->roleOf(0);
    // Per sequence on one TP=4 rank: 80 layers × 2 × (8 / 4) KV heads × 128 × 2 bytes × 8,192 tokens.
    const double perSequence = 80.0 * 2 * 2 * 128 * 2 * 8192;
    QCOMPARE(e.memory->kvBytesPerSequence, perSequence);
    QCOMPARE(role.figure(MemoryCategory::KvCache).bytes, 32 * perSequence);
    const double others = role.totalBytes - role.figure(MemoryCategory::KvCache).bytes;
    QCOMPARE(*e.memory->maxConcurrentSequences,
             std::int64_t(std::floor((role.capacityBytes - others) / perSequence)));
    QVERIFY(*e.memory->maxConcurrentSequences >= 32);
    // FP8 KV cache halves it and doubles what fits.
    Design fp8 = d;
    fp8.workload.serving.kvDtype = KvDtype::Fp8;
    QCOMPARE(evaluate(fp8).memory->kvBytesPerSequence, perSequence / 2);
}

void TestMemory::doesNotFitNamesTheCause_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("part"); // the largest part, as the message names it
    QTest::newRow("DDP of 70B") << R"({"layout": {"zeroStage": 0, "pp": 1, "dp": 4}})"
                                << "Model states (";
    // Each state (18, 35 and 53 GB) is smaller than the activations (90 GB); together they are larger, and
    // ZeRO shards them together, so they are the part to name.
    QTest::newRow("states together outweigh activations")
        << R"({"layout": {"tp": 4, "microBatch": 2}})"
        << "Model states (";
    QTest::newRow("large micro-batches")
        << R"({"layout": {"microBatch": 16}, "workload": {"globalBatch": 512}})"
        << "Activations (";
    QTest::newRow("serving too many sequences")
        << R"({"workload": {"mode": "serving", "serving": {"concurrency": 4096, "contextLength": 8192}}, "layout": {"zeroStage": 0, "pp": 1, "dp": 4}})"
        << "The KV cache (";
    QTest::newRow("serving on too few GPUs")
        << R"({"workload": {"mode": "serving", "serving": {"concurrency": 1, "contextLength": 1024}}, "layout": {"zeroStage": 0, "pp": 1, "tp": 1, "dp": 32, "sequenceParallel": false}})"
        << "The weights (";
}

void TestMemory::doesNotFitNamesTheCause()
{
    QFETCH(QString, patch);
    QFETCH(QString, part);
    const LoadResult loaded = testing::patched("default", patch.toUtf8().constData());
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY(e.memory);
    QVERIFY(!e.memory->fits);
    // A rank that does not fit makes the layout fail: one error, whose message names the largest part.
    const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(),
                                 [](const Diagnostic& d) { return d.code == "memory-does-not-fit"; });
    QVERIFY2(it != e.diagnostics.end(), qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(it->severity, Severity::Error);
    QVERIFY2(QString::fromStdString(it->message()).contains(part), it->message().c_str());
    QVERIFY(!e.valid());
    // Memory is the only error, so the step still has its figures, shown as those of a layout that
    // cannot run.
    QVERIFY(e.failsOnlyInMemory());
    QVERIFY(e.performance.has_value() || e.serving.has_value());
}

void TestMemory::everyFigureExplainsItself()
{
    for (const char* id : {"default", "serving-70b-tp4x2", "mixtral-8x7b-ep8"}) {
        const Evaluation e = evaluate(testing::example(id));
        for (const RankRole& role : e.memory->roles)
            for (const MemoryFigure& f : role.figures)
                if (f.bytes > 0) {
                    QVERIFY2(!f.explanation.formula.empty(), id);
                    QVERIFY2(!f.explanation.source.empty(), id);
                    QVERIFY2(!f.explanation.inputs.empty(), id);
                }
    }
}

void TestMemory::absurdModelsGiveMessages()
{
    for (const char* patch :
         {R"({"model": {"preset": "llama-3.1-70b", "layers": 100000, "hidden": 1048576}})",
          R"({"model": {"preset": "llama-3.1-70b", "layers": 0}})",
          R"({"model": {"preset": "llama-3.1-70b", "hidden": -5}})"}) {
        const LoadResult loaded = testing::patched("default", patch);
        QVERIFY(loaded.ok());
        const Evaluation e = evaluate(*loaded.design);
        QVERIFY(!e.valid());
        QVERIFY(!e.memory); // no figures from an impossible model, and no overflow
    }
}

// HSDP (PyTorch fully_shard with a 2-D mesh): shard inside groups of shardGroup DP ranks, replicate across.
void TestMemory::hsdpShardsInsideItsGroup()
{
    Design d = testing::example("fsdp-1node-8gpu");
    const double full = bytesOf(evaluate(d), 0, MemoryCategory::Parameters);
    d.layout.shardGroup = 4;
    const double hybrid = bytesOf(evaluate(d), 0, MemoryCategory::Parameters);
    QCOMPARE(hybrid, 2 * full); // sharded over 4 instead of 8
    QCOMPARE(denseShardGroup(d.layout), 4);
}

// The ZeRO view counts model states as the bars do: dense parameters sharded over the dense group,
// experts over expert data parallelism (NVIDIA/Megatron-LM GitHub issues #2439 and #4050), the optimizer off
// the GPU when offloaded, FSDP2's reshard_after_forward=False keeping the weights whole. The design's own
// stage is the peak rank's bar (parameters + gradients + optimizer); every row has one pipeline stage.
void TestMemory::zeroViewMatchesTheBars_data()
{
    QTest::addColumn<Design>("design");
    const Design mixtral = testing::example("mixtral-8x7b-ep8");
    QTest::newRow("mixtral-8x7b-ep8: ZeRO-1, dense over 32, experts over 4") << mixtral;
    Design zero3 = mixtral;
    zero3.layout.zeroStage = 3;
    QTest::newRow("mixtral ZeRO-3") << zero3;
    Design offload = mixtral;
    offload.workload.offload = Offload::Cpu;
    QTest::newRow("mixtral, optimizer offloaded (DeepSpeed offload_optimizer)") << offload;
    Design noReshard = testing::example("fsdp-1node-8gpu");
    noReshard.layout.reshardAfterForward = false;
    QTest::newRow("FSDP2 reshard_after_forward=False") << noReshard;
    // Blackwell under per-tensor FP8: a GEMM weight takes one byte, the embedding and head two
    // (fp8WeightBytes on the peak rank's GPU).
    Design fp8 = testing::example("fsdp-1node-8gpu");
    fp8.cluster = makeUniformCluster(1, 8, "b200-180gb", "nvlink5", "ib-ndr-400");
    fp8.layout.framework = Framework::MegatronCore;
    fp8.layout.zeroStage = 1;
    fp8.workload.precision = Precision::Fp8;
    fp8.workload.fp8Recipe = Fp8Recipe::Tensorwise;
    QTest::newRow("Megatron-Core ZeRO-1, FP8 current scaling on B200") << fp8;
}

void TestMemory::zeroViewMatchesTheBars()
{
    QFETCH(Design, design);
    EVALUATE_OR_FAIL(e, design);
    const RankRole& peak = e.memory->roleOf(e.memory->peakRank);
    const double bar = peak.figure(MemoryCategory::Parameters).bytes
        + peak.figure(MemoryCategory::Gradients).bytes + peak.figure(MemoryCategory::Optimizer).bytes;
    const ZeroComparison z = zeroComparison(design, e.presets().gpu(peak.gpuType));
    const ModelStates& own = z.stages[std::size_t(design.layout.zeroStage)];
    QVERIFY2(std::abs(own.total() - bar) <= 1e-9 * bar,
             qPrintable(QStringLiteral("ZeRO view %1, bar %2").arg(own.total()).arg(bar)));
    QCOMPARE(own.replicated + own.sharded, own.total());
    QCOMPARE(z.shardRanks, denseShardGroup(design.layout));
    QCOMPARE(z.expertShardRanks, expertShardGroup(design.layout));
    QCOMPARE(z.optimizerOffloaded, design.workload.offload == Offload::Cpu);
    if (design.workload.offload == Offload::Cpu)
        QCOMPARE(own.optimizer, 0.0);
}

// For a dense model the view is the ZeRO paper's Ψ sharded over the dense group, stage by stage, on the
// fullest pipeline rank (with PP = 2 the first one, which holds the embedding).
void TestMemory::zeroViewOfADenseModel()
{
    for (const char* id : {"default", "fsdp-1node-8gpu", "seed-70b-32k-512gpu"}) {
        const Design d = testing::example(id);
        double psi = 0;
        for (int r = 0; r < d.layout.pp(); ++r)
            psi = std::max(psi, rankShard(d, r).total());
        const ZeroComparison z = zeroComparison(d);
        QCOMPARE(z.parameters, psi);
        QCOMPARE(z.expertParameters, 0.0);
        // The bytes the design's framework keeps, and how it holds gradients at each stage
        // (docs/frameworks.md).
        const StateBytes bytes = frameworkStateBytes(d);
        const FrameworkProfile& framework = frameworkProfile(d);
        for (int stage = 0; stage < 4; ++stage) {
            const ModelStates expected = modelStates(psi, stage, denseShardGroup(d.layout), bytes,
                                                     framework.gradientsAtStage[std::size_t(stage)]);
            const ModelStates& actual = z.stages[std::size_t(stage)];
            QCOMPARE(actual.total(), expected.total());
            QCOMPARE(actual.replicated, expected.replicated);
            QCOMPARE(actual.sharded, expected.sharded);
        }
    }
}

// Temporary and communication buffers term by term (memory.cpp, memoryassumptions.h), on tinyLlama with
// hand-computed values. Stage 0 of PP = 2 holds 2 layers and the embedding: Ψ₀ = 2L + V·h = 66,326,528.
// NCCL: 16 channels × NCCL_BUFFSIZE 4 MiB = 64 MiB per communicator (one per dimension of degree > 1).
void TestMemory::temporaryAndCommunicationBuffers_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<bool>("gradientAsBucketView");
    QTest::addColumn<int>("rank");
    QTest::addColumn<double>("temporary");
    QTest::addColumn<double>("communication");
    constexpr double nccl = 64.0 * kMiB;
    constexpr double buckets = 2 * 25.0 * kMiB; // two 25 MiB buckets (bucket_cap_mb), one in flight
    constexpr double psi0 = 2 * kTinyLayer + kTinyVocab;
    constexpr double s = 2048, h = 1024, v = 32000;
    // PyTorch's pipeline (FSDP2's rows, PP 2, 1F1B) receives each of the 32 / 4 = 8 micro-batches into
    // buffers of its own, one BF16 2·s·b·h tensor each, kept across steps (stage.py _prepare_forward_infra,
    // _prepare_backward_infra): stage 0 its output's 8 gradients; stage 1 its 8 inputs, less the one in
    // flight, which is its first layer's saved input.
    constexpr double hop = 2 * s * h;
    constexpr double gradientsReceived = 8 * hop, inputsWaiting = (8 - 1) * hop;

    // The buckets are the framework's (docs/frameworks.md): each row names the one it follows.
    const auto run = [](int tp, int pp, int dp, int zero, Framework framework) {
        Design d = tinyRun(tp, pp, dp, zero);
        d.layout.framework = framework;
        return d;
    };
    QTest::newRow("DDP: gradient_as_bucket_view=False copies every gradient (PyTorch DDP docs)")
        << run(1, 2, 4, 0, Framework::Fsdp2) << false << 0 << 0.0 << 2 * nccl + 2 * psi0 + gradientsReceived;
    QTest::newRow("DDP: gradient_as_bucket_view=True keeps two buckets (reducer.hpp)")
        << run(1, 2, 4, 0, Framework::Fsdp2) << true << 0 << 0.0 << 2 * nccl + buckets + gradientsReceived;
    Design megatron = run(1, 2, 4, 0, Framework::MegatronCore);
    megatron.workload.precision = Precision::MegatronBf16;
    QTest::newRow("Megatron DDP: the FP32 main-gradient buffer is the bucket (no copy)")
        << megatron << false << 0 << 0.0 << 2 * nccl;
    // DeepSpeed's pipeline engine receives inputs and gradients alike into one buffer, made once
    // (engine.py _allocate_or_extend_buffers): stage 0 one hop for its output's gradients.
    QTest::newRow("DeepSpeed ZeRO-1: one reduce bucket of reduce_bucket_size elements, at most the shard")
        << run(1, 2, 4, 1, Framework::DeepSpeed) << false << 0 << 0.0 << 2 * nccl + 2 * psi0 + hop;
    QTest::newRow("ZeRO-3: 2 gathered units (prefetch) + one unit's gradients (torch fully_shard)")
        << run(1, 2, 4, 3, Framework::Fsdp2) << false << 0 << (2 * 2 + 2) * kTinyLayer
        << 2 * nccl + buckets + gradientsReceived;
    Design noReshard = run(1, 2, 4, 3, Framework::Fsdp2);
    noReshard.layout.reshardAfterForward = false;
    QTest::newRow("FSDP2 reshard_after_forward=False: weights already whole, one unit's gradients")
        << noReshard << false << 0 << 2 * kTinyLayer << 2 * nccl + buckets + gradientsReceived;
    // Rank 4 is stage 1 of TP 2 × DP 2 × PP 2 (order tp-cp-ep-dp-pp); Megatron's distributed optimizer
    // reduce-scatters views of its main-gradient buffer (no bucket copy).
    // Megatron-Core's loss: Korthikanti et al.'s FP32 logits, 4·s·b·V/t (§4.3), with the BF16 ones beside
    // them (cross_entropy.py casts while gpt_model.py holds them), 6 in all.
    QTest::newRow("FP32 logits and their BF16 copy, 6·s·b·V/t, on the last stage")
        << tinyRun(2, 2, 2, 1) << false << 4 << 6 * s * v / 2 << 3 * nccl;
    QTest::newRow("no logits on the first stage") << tinyRun(2, 2, 2, 1) << false << 0 << 0.0 << 3 * nccl;
    Design sp = tinyRun(2, 2, 2, 1);
    sp.layout.sequenceParallel = true;
    QTest::newRow("SP: the all-gathered 2·s·b·h layer input (Korthikanti et al. §4.2.2)")
        << sp << false << 0 << 2 * s * h << 3 * nccl;
    QTest::newRow("SP and logits on the last stage")
        << sp << false << 4 << 2 * s * h + 6 * s * v / 2 << 3 * nccl;
    // Full recomputation: one layer's whole activations while it is recomputed, per token 4h norms + 2h
    // QKV input + 2q + 2o + 2k + 2v + 4a log-sum-exp + 2h MLP input + 6f SwiGLU = 40,992 bytes.
    Design full = tinyRun(1, 2, 4, 1);
    full.layout.recompute = Recompute::Full;
    QTest::newRow("full recomputation: the layer being recomputed (Korthikanti et al. §4.3)")
        << full << false << 0 << 40992 * s << 2 * nccl;
    // DDP trains torchtitan's model code, whose eager loss holds 12 bytes a logit (frameworks.json
    // lossSource).
    QTest::newRow("single GPU: no communicators, no buckets, only the eager loss over the logits") << [] {
        Design d = tinyRun(1, 1, 1, 0);
        d.cluster = makeUniformCluster(1, 1, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
        return d;
    }() << false << 0 << 12 * s * v << 0.0;
    // Under PP torch.distributed.pipelining keeps the last stage's output, the BF16 logits, until that
    // micro-batch's backward (stage.py fwd_cache), 2 bytes a logit beside the eager loss's 12; rank 4 is
    // stage 1 of PP 2 × DP 4.
    QTest::newRow("FSDP2 under PP: the eager loss and the logits the pipeline keeps")
        << run(1, 2, 4, 0, Framework::Fsdp2) << true << 4 << (12 + 2) * s * v
        << 2 * nccl + buckets + inputsWaiting;
    QTest::newRow("the first stage has neither")
        << run(1, 2, 4, 0, Framework::Fsdp2) << true << 0 << 0.0 << 2 * nccl + buckets + gradientsReceived;
    // DeepSpeed trains Hugging Face's causal LM, whose ForCausalLMLoss casts the logits to FP32 for the same
    // cross_entropy: 12 bytes a logit as well.
    QTest::newRow("DeepSpeed on one GPU: Hugging Face's eager loss over the logits") << [] {
        Design d = tinyRun(1, 1, 1, 0);
        d.cluster = makeUniformCluster(1, 1, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
        d.layout.framework = Framework::DeepSpeed;
        return d;
    }() << false << 0 << 12 * s * v << 0.0;
}

void TestMemory::temporaryAndCommunicationBuffers()
{
    QFETCH(Design, design);
    QFETCH(bool, gradientAsBucketView);
    QFETCH(int, rank);
    QFETCH(double, temporary);
    QFETCH(double, communication);
    EVALUATE_OR_FAIL(e, design);
    MemoryAssumptions assumptions;
    assumptions.ddpGradientAsBucketView = gradientAsBucketView;
    const MemoryReport memory = computeMemory(design, e.ranks, Catalog::builtin(), assumptions);
    const RankRole& role = memory.roleOf(rank);
    QCOMPARE(role.figure(MemoryCategory::Temporary).bytes, temporary);
    QCOMPARE(role.figure(MemoryCategory::Communication).bytes, communication);
    QVERIFY(!role.figure(MemoryCategory::Temporary).explanation.formula.empty());
}

// Model states per rank for options the ZeRO tables above leave out, by hand on tinyLlama over
// TP 1 × PP 1 × DP 8: Ψ = 4L + 2·V·h + h = 132,654,080, N = 8.
void TestMemory::modelStateOptions_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("parameters");
    QTest::addColumn<double>("gradients");
    QTest::addColumn<double>("optimizer");
    constexpr double psi = 4 * kTinyLayer + 2 * kTinyVocab + 1024;
    // Data parallelism alone: ZeRO-3 runs on FSDP2, whose sharded FP32 parameters are the master weights
    // (MixedPrecisionPolicy(param_dtype=bf16, reduce_dtype=fp32): 4 + 4 + 8 bytes); ZeRO-1 on DeepSpeed,
    // whose optimizer partition keeps FP32 gradients (estimate_zero2_model_states_mem_needs: 4Ψ + 16Ψ/N).
    Design noReshard = tinyRun(1, 1, 8, 3);
    noReshard.layout.reshardAfterForward = false;
    QTest::newRow("FSDP2 reshard_after_forward=False: the FP32 shard and the BF16 weights gathered beside it")
        << noReshard << 4 * psi / 8 + 2 * psi << 4 * psi / 8 << 8 * psi / 8;
    QTest::newRow("FSDP2 reshard_after_forward=True: ZeRO-3")
        << tinyRun(1, 1, 8, 3) << 4 * psi / 8 << 4 * psi / 8 << 8 * psi / 8;
    // Without gradient sync between its 4 micro-batches FSDP2 holds every unsharded gradient in reduce_dtype
    // (torch/distributed/fsdp/_fully_shard/_fsdp_param.py to_accumulated_grad_if_needed) in place of the
    // sharded ones: FP32 by default, BF16 when reduced in BF16; with one micro-batch nothing accumulates.
    Design noSync = tinyRun(1, 1, 8, 3);
    noSync.layout.gradientSyncEveryMicroBatch = false;
    QTest::newRow("FSDP2 without gradient sync between micro-batches: unsharded FP32 gradients")
        << noSync << 4 * psi / 8 << 4 * psi << 8 * psi / 8;
    Design noSyncBf16 = noSync;
    noSyncBf16.layout.gradReduceInFp32 = false;
    QTest::newRow("the same reduced in BF16: unsharded BF16 gradients")
        << noSyncBf16 << 4 * psi / 8 << 2 * psi << 8 * psi / 8;
    Design noSyncOffloaded = noSync;
    noSyncOffloaded.workload.offload = Offload::Cpu;
    QTest::newRow("the same with the optimizer offloaded: the unsharded gradients stay on the GPU")
        << noSyncOffloaded << 4 * psi / 8 << 4 * psi << 0.0;
    Design noSyncOnce = noSync;
    noSyncOnce.workload.globalBatch = 8;
    QTest::newRow("the same with one micro-batch a step: the sharded gradients")
        << noSyncOnce << 4 * psi / 8 << 4 * psi / 8 << 8 * psi / 8;
    // Under PP torch.distributed.pipelining turns the sync off for every FSDP stage (stage.py
    // backward_maybe_with_nosync), FSDP2's default there: stage 0 holds 2 layers and the embedding.
    constexpr double firstStage = 2 * kTinyLayer + kTinyVocab;
    Design pipelined = tinyRun(1, 2, 4, 3);
    pipelined.layout.framework = Framework::Fsdp2;
    QTest::newRow("FSDP2 under PP: the pipeline's unsharded FP32 gradients by default")
        << pipelined << 4 * firstStage / 4 << 4 * firstStage << 8 * firstStage / 4;
    // Interleaved, each stage holds its gradients from its first backward to its last, which reduce-scatters
    // them (stage.py counts last_backward per stage). Rank 0 holds stages 0 (layer 0 and the embedding) and
    // 2 (layer 2). With as many micro-batches as ranks it runs both backwards of stage 2 before the first of
    // stage 0, so it never holds both; with twice as many the two spans overlap (Megatron's order, groups of
    // p micro-batches a chunk), and it holds all.
    Design interleaved = pipelined;
    interleaved.layout.schedule = Schedule::Interleaved;
    interleaved.layout.virtualStages = 2;
    interleaved.workload.globalBatch = 8;
    QTest::newRow("FSDP2 under interleaved PP, m = p: one stage's unsharded gradients at a time")
        << interleaved << 4 * firstStage / 4 << 4 * (kTinyLayer + kTinyVocab) << 8 * firstStage / 4;
    Design overlapping = interleaved;
    overlapping.workload.globalBatch = 16;
    QTest::newRow("the same with m = 2p: both stages' at once")
        << overlapping << 4 * firstStage / 4 << 4 * firstStage << 8 * firstStage / 4;
    Design sgd = tinyRun(1, 1, 8, 1);
    sgd.workload.optimizer = Optimizer::SgdMomentum;
    QTest::newRow("SGD with momentum, DeepSpeed ZeRO-1: FP32 master + one momentum + FP32 gradients = 12 bytes")
        << sgd << 2 * psi << 2 * psi << 12 * psi / 8;
    Design fp8 = tinyRun(1, 1, 8, 1);
    fp8.workload.precision = Precision::Fp8;
    // TE fp8_model_init keeps the FP8 weight and its FP8 transpose (Hopper) or column-wise MXFP8 copy
    // (Blackwell) for the data-gradient GEMM: 1 + 1 bytes (Float8Tensor / MXFP8Tensor in TransformerEngine);
    // DeepSpeed's ZeRO-1 partition adds its FP32 gradients to the FP32 master and moments (16 bytes).
    QTest::newRow("FP8 weights, DeepSpeed ZeRO-1: FP8 weight + FP8 transpose, FP32 master (TE fp8_model_init)")
        << fp8 << 2 * psi << 2 * psi << 16 * psi / 8;
    Design servingFp8 = tinyRun(1, 1, 8, 0);
    servingFp8.workload.mode = Mode::Serving;
    servingFp8.workload.precision = Precision::Fp8;
    QTest::newRow("serving FP8 weights: 1 byte per weight, no gradients or optimizer")
        << servingFp8 << psi << 0.0 << 0.0;
}

void TestMemory::modelStateOptions()
{
    QFETCH(Design, design);
    QFETCH(double, parameters);
    QFETCH(double, gradients);
    QFETCH(double, optimizer);
    EVALUATE_OR_FAIL(e, design);
    QCOMPARE(bytesOf(e, 0, MemoryCategory::Parameters), parameters);
    QCOMPARE(bytesOf(e, 0, MemoryCategory::Gradients), gradients);
    QCOMPARE(bytesOf(e, 0, MemoryCategory::Optimizer), optimizer);
    // What is offloaded is what left the GPU, the sharded gradients with the optimizer included.
    if (design.workload.offload == Offload::Cpu && !design.layout.gradientSyncEveryMicroBatch.value_or(true))
        QCOMPARE(e.memory->roleOf(0).offloadedBytes, (8 + 4) * (4 * kTinyLayer + 2 * kTinyVocab + 1024) / 8);
}

// The reference article: the KV cache is divided across PP by layers. tinyLlama split [1, 3] over two stages:
// per token and layer 2 × 8 KV heads × 128 × 2 bytes = 4,096 bytes; the fullest rank (stage 1) sets the
// figure per sequence and the concurrency that fits.
void TestMemory::kvCacheDividedAcrossPpByLayers()
{
    Design d = tinyRun(1, 2, 4, 0);
    d.workload.mode = Mode::Serving;
    d.workload.serving.concurrency = 4;
    d.workload.serving.contextLength = 4096;
    d.layout.layersPerStage = {1, 3};
    EVALUATE_OR_FAIL(e, d);
    const double perLayer = 2.0 * 8 * 128 * 2 * 4096; // one sequence
    QCOMPARE(bytesOf(e, 0, MemoryCategory::KvCache), 1 * perLayer * 4);
    QCOMPARE(bytesOf(e, 4, MemoryCategory::KvCache), 3 * perLayer * 4); // PP outermost: rank 4 is stage 1
    QCOMPARE(e.memory->kvBytesPerSequence, 3 * perLayer);
    // The serving figures explain themselves, naming the per-sequence cache they divide by.
    const Explanation& fit = e.memory->maxConcurrentSequencesExplanation;
    QVERIFY(!fit.formula.empty() && !fit.source.empty());
    QVERIFY(std::any_of(fit.inputs.begin(), fit.inputs.end(),
                        [&](const ExplanationInput& i) { return i.value == 3 * perLayer; }));
    const Explanation& kv = e.memory->kvBytesPerSequenceExplanation;
    QVERIFY(!kv.formula.empty() && !kv.source.empty());
    QVERIFY(std::any_of(kv.inputs.begin(), kv.inputs.end(),
                        [](const ExplanationInput& i) { return i.value == 3 * 4096.0; }));
}

QTEST_APPLESS_MAIN(TestMemory)
#include "tst_memory.moc"
