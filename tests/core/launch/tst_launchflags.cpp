// SPDX-License-Identifier: GPL-3.0-or-later
// The Megatron-LM export against the release it names: every flag of its MODEL, PARALLEL and TRAINING
// arrays, over designs that between them reach every branch of launchmegatron.cpp, is one that core_v0.19.0
// takes (tests/data/megatron-core-v0.19.0-flags.txt, each flag with where that release defines it), and
// every flag of that list is written by one of them, so the list holds no flag the export no longer writes.
// The rules core_v0.19.0 asserts beside the names are checked where they bind: Megatron-FSDP's fsdp_dtensor
// checkpoints, the asynchronous save's persistent worker, activation offloading by its layer count alone, and
// the conditions of the overlapped expert all-to-all, which a Megatron-Core design is held to as well.

#include "base/diagnostic.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTest>
#include <map>
#include <set>

using namespace core;

namespace {

// The flags of the list, each with its source.
std::map<std::string, std::string> releaseFlags()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/megatron-core-v0.19.0-flags.txt"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the flag list");
    std::map<std::string, std::string> flags;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> fields = line.split('\t');
        if (fields.size() != 2 || !fields[0].startsWith("--") || fields[1].isEmpty())
            qFatal("malformed line in the flag list: %s", line.constData());
        flags.emplace(fields[0].toStdString(), fields[1].toStdString());
    }
    return flags;
}

// The flags of the script's Megatron arrays (torchrun's own, in DISTRIBUTED_ARGS, are not Megatron's).
std::set<std::string> megatronFlags(const std::string& script)
{
    std::set<std::string> flags;
    bool inside = false;
    std::size_t start = 0;
    while (start < script.size()) {
        std::size_t end = script.find('\n', start);
        if (end == std::string::npos)
            end = script.size();
        const std::string line = script.substr(start, end - start);
        start = end + 1;
        if (line == "MODEL_ARGS=(" || line == "PARALLEL_ARGS=(" || line == "TRAINING_ARGS=(")
            inside = true;
        else if (line == ")")
            inside = false;
        else if (inside && line.rfind("    --", 0) == 0)
            flags.insert(line.substr(
                4, line.find(' ', 4) == std::string::npos ? std::string::npos : line.find(' ', 4) - 4));
    }
    return flags;
}

struct Variant
{
    const char* name;
    const char* example;
    const char* patch;
};

// Designs that reach every branch of the writer: each model family's own flags, the ZeRO stages and both
// FSDPs, the precisions and FP8 recipes, 16-bit moments, the offloads, the switches, the pipeline splits,
// recomputation, the rank order, the attention kernels and CUDA graphs.
const Variant kVariants[]{
    {"default", "default", "{}"},
    {"Mixtral, EP 8", "mixtral-8x7b-ep8", "{}"},
    {"the 512-GPU example", "seed-70b-32k-512gpu", "{}"},
    {"the 512-GPU example, other split", "seed-70b-32k-512gpu",
     R"({"layout": {"layersPerStage": [20, 19, 21, 20]}})"},
    {"the 512-GPU example, uneven ends", "seed-70b-32k-512gpu",
     R"({"layout": {"layersPerStage": [16, 22, 22, 20]}})"},
    {"the 512-GPU example, interleaved", "seed-70b-32k-512gpu",
     R"({"layout": {"schedule": "interleaved", "virtualStages": 2, "layersPerStage": []}})"},
    {"the alternative example", "seed-70b-32k-512gpu-alt", "{}"},
    {"GB200 405B", "gb200-nvl72-405b", "{}"},
    {"teaching", "teaching-4gpu", "{}"},
    {"FSDP example", "fsdp-1node-8gpu", "{}"},
    {"ZeRO-2", "default", R"({"layout": {"zeroStage": 2}})"},
    {"ZeRO-3 with EP", "mixtral-8x7b-ep8", R"({"layout": {"zeroStage": 3}})"},
    {"PyTorch FSDP2", "fsdp-1node-8gpu", R"({"layout": {"framework": "fsdp2", "zeroStage": 3}})"},
    {"FP16 with FP32 reduction", "default",
     R"({"workload": {"precision": "fp16-mixed"}, "layout": {"gradReduceInFp32": true}})"},
    {"FP8 current scaling, moments BF16", "default",
     R"({"workload": {"precision": "fp8", "fp8Recipe": "tensorwise", "optimizerMoments": "bf16"}})"},
    {"optimizer offload", "fsdp-1node-8gpu",
     R"({"workload": {"offload": "cpu"}, "layout": {"framework": "megatron-core", "zeroStage": 1}})"},
    {"activation offload", "fsdp-1node-8gpu",
     R"({"layout": {"framework": "megatron-core", "zeroStage": 1, "recompute": "none", "activationOffloadLayers": 4}})"},
    {"switches and async checkpoint", "default",
     R"({"layout": {"overlapGradReduce": true, "overlapParamGather": true, "asyncCheckpoint": true, "fusedCrossEntropy": true, "gradReduceInFp32": false}})"},
    {"DeepSeek-V3, MLA, MTP, overlapped all-to-all", "default",
     R"({"model": "deepseek-v3", "workload": {"globalBatch": 1024}, "cluster": {"uniform": {"nodes": 32, "gpusPerNode": 8, "gpu": "b200-180gb"}},
         "layout": {"tp": 1, "pp": 8, "virtualStages": 2, "ep": 8, "dp": 4, "cp": 1, "schedule": "interleaved",
                    "layersPerStage": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1], "recompute": "selective", "recomputeModules": ["mla_up_proj"],
                    "overlapMoeAllToAll": true}})"},
    {"Qwen3 30B-A3B, QK norm", "mixtral-8x7b-ep8", R"({"model": "qwen3-30b-a3b"})"},
    {"GPT-OSS 20B, biases", "mixtral-8x7b-ep8", R"({"model": "gpt-oss-20b"})"},
    {"QKV bias", "default", R"({"model": {"preset": "llama-3.1-70b", "bias": "qkv"}})"},
    {"some layers recomputed", "default", R"({"layout": {"recompute": "full", "recomputeLayers": 2}})"},
    {"TP overlap, FlashAttention-2", "default",
     R"({"layout": {"tpCommOverlap": true}, "workload": {"attentionKernel": "flash-attention-2"}})"},
    {"no fused attention", "default", R"({"workload": {"flashAttention": false}})"},
    {"TP-PP-DP order", "default", R"({"layout": {"order": "tp-cp-ep-pp-dp"}})"},
    {"CUDA graphs per layer, MoE with dense layers", "mixtral-8x7b-ep8",
     R"({"model": {"preset": "mixtral-8x7b", "moe": {"firstDenseLayers": 1}}, "layout": {"recompute": "selective", "cudaGraphs": "layers"}})"},
    {"CUDA graphs of the whole iteration", "default", R"({"layout": {"cudaGraphs": "iteration"}})"},
    {"expert TP, capacity factor", "mixtral-8x7b-ep8",
     R"({"layout": {"expertMode": "megatron", "expertTp": 1, "dp": 32}, "workload": {"moeCapacityFactor": 1.25}})"},
};

} // namespace

class TestLaunchFlags : public QObject
{
    Q_OBJECT
private slots:
    void everyFlagIsTheRelease();
    void megatronFsdpAndAsyncSave();
    void moeOverlapConditions_data();
    void moeOverlapConditions();
    void offloadByLayerCount();
};

void TestLaunchFlags::everyFlagIsTheRelease()
{
    const std::map<std::string, std::string> release = releaseFlags();
    QVERIFY(release.size() > 60);
    std::set<std::string> written;
    for (const Variant& v : kVariants) {
        const LoadResult loaded = testing::patched(v.example, v.patch);
        QVERIFY2(loaded.ok(),
                 qPrintable(QString("%1: %2").arg(v.name, testing::describe(loaded.diagnostics))));
        const Design& design = *loaded.design;
        const Evaluation evaluation = evaluate(design);
        const LaunchConfig config = launchConfig(design, evaluation, LaunchTarget::Megatron);
        QVERIFY2(config.ok(),
                 qPrintable(QString("%1: %2").arg(v.name, testing::describe(evaluation.diagnostics))));
        QCOMPARE(config.toolVersion, std::string("core_v0.19.0"));
        QVERIFY2(testing::shellWords(config.text).has_value(), v.name);
        for (const std::string& flag : megatronFlags(config.text)) {
            QVERIFY2(release.count(flag),
                     qPrintable(QString("%1 writes %2, which core_v0.19.0 does not take")
                                    .arg(v.name, QString::fromStdString(flag))));
            written.insert(flag);
        }
    }
    for (const auto& [flag, source] : release)
        QVERIFY2(written.count(flag),
                 qPrintable(QString("no design writes %1 (%2)")
                                .arg(QString::fromStdString(flag), QString::fromStdString(source))));
}

// core_v0.19.0 arguments.py: Megatron-FSDP "requires the `fsdp_dtensor` checkpointing format" (from
// core_v0.18.0); "--async-save is not supported without --use-persistent-ckpt-worker" (from core_v0.16.0:
// it is turned off, not refused). --use-custom-fsdp is no flag from core_v0.14.0 on. The import reads each
// back, and a --use-megatron-fsdp without a strategy as the release's default, optim_grads_params, with a
// warning.
void TestLaunchFlags::megatronFsdpAndAsyncSave()
{
    const LoadResult fsdp
        = testing::patched("default", R"({"layout": {"zeroStage": 3, "asyncCheckpoint": true}})");
    QVERIFY(fsdp.ok());
    const LaunchConfig config = launchConfig(*fsdp.design, evaluate(*fsdp.design), LaunchTarget::Megatron);
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    const auto words = testing::shellWords(config.text).value();
    QVERIFY(testing::hasWord(words, "--use-megatron-fsdp"));
    QVERIFY(!testing::hasWord(words, "--use-custom-fsdp"));
    QCOMPARE(testing::valueAfter(words, "--ckpt-format"), std::string("fsdp_dtensor"));
    QCOMPARE(std::count(words.begin(), words.end(), std::string("--ckpt-format")), 1);
    QVERIFY(testing::hasWord(words, "--async-save"));
    QVERIFY(testing::hasWord(words, "--use-persistent-ckpt-worker"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, *fsdp.design);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.zeroStage, 3);
    QCOMPARE(back.design->layout.asyncCheckpoint, std::optional<bool>{true});
    for (const std::string& unused : back.unusedSettings)
        QVERIFY2(unused.find("ckpt") == std::string::npos, unused.c_str());
    QVERIFY(!testing::hasCode(back.diagnostics, "launch-approximated"));

    const Design base = testing::example("default");
    // An earlier script's --async-save alone: read as on, with a warning that later releases turn it off.
    const LaunchImport alone
        = importLaunch(LaunchFormat::Megatron, "--bf16\n--async-save\n--ckpt-format torch_dist\n", base);
    QVERIFY2(alone.ok(), qPrintable(testing::describe(alone.diagnostics)));
    QCOMPARE(alone.design->layout.asyncCheckpoint, std::optional<bool>{true});
    QVERIFY(testing::hasCode(alone.diagnostics, "launch-approximated"));
    QCOMPARE(alone.diagnostics.front().path, std::string("line 2"));
    const LaunchImport bare = importLaunch(
        LaunchFormat::Megatron, "--bf16\n--use-distributed-optimizer\n--use-megatron-fsdp\n", base);
    QVERIFY2(bare.ok(), qPrintable(testing::describe(bare.diagnostics)));
    QCOMPARE(bare.design->layout.zeroStage, 3);
    QVERIFY(testing::hasCode(bare.diagnostics, "launch-approximated"));
    const LaunchImport noShard = importLaunch(LaunchFormat::Megatron,
                                              "--bf16\n--use-distributed-optimizer\n--use-megatron-fsdp\n--"
                                              "data-parallel-sharding-strategy no_shard\n",
                                              base);
    QVERIFY2(noShard.ok(), qPrintable(testing::describe(noShard.diagnostics)));
    QCOMPARE(noShard.design->layout.zeroStage, 1);
    QVERIFY(!testing::hasCode(noShard.diagnostics, "launch-approximated"));
}

// TransformerConfig.__post_init__ of core_v0.19.0, overlap_moe_expert_parallel_comm: "virtual_pipeline_model_
// parallel_size must be specified when pipeline_model_parallel_size > 1", "disable full recomputation",
// "disable moe in recompute_modules", "only supported with bf16 or fp16 model", "MTP supports at most one
// layer". A Megatron-Core design that sets it against one of them has an error naming the reason.
void TestLaunchFlags::moeOverlapConditions_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("reason"); // empty: it runs
    const char* deepSeek = R"("model": "deepseek-v3", "workload": {"globalBatch": 1024},
        "cluster": {"uniform": {"nodes": 32, "gpusPerNode": 8, "gpu": "b200-180gb"}}, "layout": {"tp": 1, "ep": 8, "dp": 4, "cp": 1, "overlapMoeAllToAll": true, )";
    const char* sixteen = R"("virtualStages": 2, "schedule": "interleaved",
        "layersPerStage": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1], )";
    const char* eight
        = R"("virtualStages": 1, "schedule": "1f1b", "layersPerStage": [8, 8, 8, 8, 8, 8, 8, 5], )";
    const auto row = [&](const char* name, const char* split, const char* rest, const char* reason) {
        QTest::newRow(name) << QString("{") + deepSeek + R"("pp": 8, )" + split + rest + "}}"
                            << QString(reason);
    };
    row("PP 8 with VP 2", sixteen, R"("recompute": "selective")", "");
    row("PP 8 without VP", eight, R"("recompute": "selective")", "virtual pipeline stages");
    row("full recomputation", sixteen, R"("recompute": "full")", "full recomputation");
    row("MoE recomputed", sixteen, R"("recompute": "selective", "recomputeModules": ["moe"])",
        "MoE layer recomputed");
}

void TestLaunchFlags::moeOverlapConditions()
{
    QFETCH(QString, patch);
    QFETCH(QString, reason);
    const LoadResult loaded = testing::patched("default", patch.toUtf8().constData());
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    const Design& design = *loaded.design;
    QCOMPARE(QString::fromStdString(megatronMoeOverlapConflict(design)).contains(reason), true);
    QCOMPARE(megatronMoeOverlapConflict(design).empty(), reason.isEmpty());
    const Evaluation evaluation = evaluate(design);
    bool refused = false;
    for (const Diagnostic& d : evaluation.diagnostics)
        refused = refused || (d.code == "framework-switch" && d.path == "/layout/overlapMoeAllToAll");
    QCOMPARE(refused, !reason.isEmpty());
    const LaunchConfig config = launchConfig(design, evaluation, LaunchTarget::Megatron);
    QVERIFY2(config.ok() == reason.isEmpty(), qPrintable(testing::describe(evaluation.diagnostics)));
    if (config.ok())
        QVERIFY(config.text.find("--overlap-moe-expert-parallel-comm") != std::string::npos);
}

// --cpu-offloading-num-layers N turns cpu_offloading on by itself from core_v0.16.0 (arguments.py), and
// --cpu-offloading is no flag of any release: the export writes the count alone, the import reads either.
void TestLaunchFlags::offloadByLayerCount()
{
    const Design base = testing::example("fsdp-1node-8gpu");
    for (const char* text : {"--bf16\n--cpu-offloading-num-layers 6\n",
                             "--bf16\n--cpu-offloading\n--cpu-offloading-num-layers 6\n"}) {
        const LaunchImport back = importLaunch(LaunchFormat::Megatron, text, base);
        QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
        QCOMPARE(back.design->layout.activationOffloadLayers, 6);
        const LaunchConfig config
            = launchConfig(*back.design, evaluate(*back.design), LaunchTarget::Megatron);
        QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
        const auto words = testing::shellWords(config.text).value();
        QCOMPARE(testing::valueAfter(words, "--cpu-offloading-num-layers"), std::string("6"));
        QVERIFY(!testing::hasWord(words, "--cpu-offloading"));
    }
}

QTEST_GUILESS_MAIN(TestLaunchFlags)
#include "tst_launchflags.moc"
