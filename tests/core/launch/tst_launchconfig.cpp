// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configurations: every text parses in its format and carries the design's degrees back
// out; a design the target cannot express gets a message and no text. Flag and key names are those of the
// tool versions the writers name (launchconfig.cpp); the expected values follow from the example designs.

#include "evaluate.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "launch/launchreader.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

Q_DECLARE_METATYPE(core::LaunchTarget)

namespace {

LaunchConfig exportOf(const Design& design, LaunchTarget target)
{
    return launchConfig(design, evaluate(design), target);
}

LaunchConfig exportOfPatched(const char* example, const char* patch, LaunchTarget target)
{
    const LoadResult loaded = testing::patched(example, patch);
    if (!loaded.ok())
        qFatal("patch does not load: %s", patch);
    return exportOf(*loaded.design, target);
}

std::int64_t integer(const std::string& text)
{
    return text.empty() ? -1 : std::stoll(text);
}

} // namespace

class TestLaunchConfig : public QObject
{
    Q_OBJECT

private slots:
    void everyExampleEveryTarget_data();
    void everyExampleEveryTarget();
    void articleLayoutAsMegatronArguments();
    void fsdpAccelerateYaml();
    void articleLayoutWithoutPipelineAsAccelerateYaml();
    void cannotExpress_data();
    void cannotExpress();
    void approximations_data();
    void approximations();
    void torchtitanGradientSyncAsItRuns();
    void megatronInterleavedAndUnevenSplit();
    void megatronShardingAndConnections_data();
    void megatronShardingAndConnections();
    void megatronAttentionBackend_data();
    void megatronAttentionBackend();
    void designNameCannotBreakOutOfTheComment();
    void quoting();
};

void TestLaunchConfig::everyExampleEveryTarget_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<core::LaunchTarget>("target");
    QTest::addColumn<bool>("expressible");
    // Accelerate has no PP or EP, DeepSpeed's file no CP; serving tools serve, training tools train;
    // torchtitan has every training dimension.
    const struct
    {
        const char* example;
        bool ok[7]; // torchrun, accelerate, deepspeed, megatron, vllm, sglang, torchtitan
    } rows[]{
        {"default", {true, false, true, true, false, false, true}},
        {"seed-70b-32k-512gpu", {true, false, false, true, false, false, true}},
        {"fsdp-1node-8gpu", {true, true, true, true, false, false, true}},
        {"mixtral-8x7b-ep8", {true, false, true, true, false, false, true}},
        {"teaching-4gpu", {true, true, true, true, false, false, true}},
        {"serving-70b-tp4x2", {false, false, false, false, true, true, false}},
        {"gb200-nvl72-405b", {true, false, true, true, false, false, true}},
        {"seed-70b-32k-512gpu-alt", {true, false, false, true, false, false, true}},
    };
    // Every built-in example has its row, so that the round trips of tst_launchimport (every example, every
    // format that can express it) cannot lose one to an export that starts refusing it.
    for (const ExampleDesign& example : Catalog::builtin().examples())
        if (std::none_of(std::begin(rows), std::end(rows),
                         [&](const auto& row) { return example.id == row.example; }))
            qFatal("no row for the example %s", example.id.c_str());
    for (const auto& row : rows)
        for (LaunchTarget target : enumValues<LaunchTarget>())
            QTest::addRow("%s %s", row.example, std::string(enumName(target)).c_str())
                << QString::fromLatin1(row.example) << target << row.ok[int(target)];
}

void TestLaunchConfig::everyExampleEveryTarget()
{
    QFETCH(QString, example);
    QFETCH(core::LaunchTarget, target);
    QFETCH(bool, expressible);
    const Design design = testing::example(example.toStdString());
    const Evaluation evaluation = evaluate(design);
    QVERIFY2(evaluation.valid(), qPrintable(testing::describe(evaluation.diagnostics)));
    const LaunchConfig config = launchConfig(design, evaluation, target);
    QCOMPARE(config.ok(), expressible);
    QVERIFY(!config.tool.empty() && !config.toolVersion.empty() && !config.fileName.empty());
    if (!expressible) {
        QVERIFY(config.text.empty());
        QVERIFY(hasErrors(config.notes));
        for (const Diagnostic& note : config.notes)
            QVERIFY(!note.message().empty() && note.message().find('%') == std::string::npos);
        return;
    }
    // The text names the tool version whose documented flags it uses.
    QVERIFY(config.text.find(config.tool + " " + config.toolVersion) != std::string::npos);

    const ParallelLayout& layout = design.layout;
    const std::int64_t world = evaluation.worldSize;
    switch (config.syntax) {
    case LaunchSyntax::Json: {
        const Json ds = Json::parse(config.text, nullptr, false);
        QVERIFY(!ds.is_discarded());
        QCOMPARE(ds.at("train_batch_size").get<std::int64_t>(), design.workload.globalBatch);
        const std::int64_t dataParallel = world / (layout.tp() * layout.pp() * layout.cp());
        QCOMPARE(ds.at("train_micro_batch_size_per_gpu").get<std::int64_t>()
                     * ds.at("gradient_accumulation_steps").get<std::int64_t>() * dataParallel,
                 design.workload.globalBatch);
        QCOMPARE(ds.at("zero_optimization").at("stage").get<int>(), layout.zeroStage);
        break;
    }
    case LaunchSyntax::Yaml: {
        const auto yaml = testing::yamlMap(config.text);
        QVERIFY(yaml.has_value());
        QCOMPARE(yaml->at("fsdp_config.fsdp_version"), std::string("2"));
        QCOMPARE(yaml->at("distributed_type"), std::string("FSDP"));
        QCOMPARE(integer(yaml->at("num_processes")), world);
        std::int64_t product = layout.dp();
        if (yaml->count("parallelism_config.parallelism_config_tp_size")) {
            QCOMPARE(integer(yaml->at("parallelism_config.parallelism_config_tp_size")),
                     std::int64_t(layout.tp()));
            product = integer(yaml->at("parallelism_config.parallelism_config_dp_replicate_size"))
                * integer(yaml->at("parallelism_config.parallelism_config_dp_shard_size"))
                * integer(yaml->at("parallelism_config.parallelism_config_tp_size"))
                * integer(yaml->at("parallelism_config.parallelism_config_cp_size"));
        }
        QCOMPARE(product, world);
        break;
    }
    case LaunchSyntax::Shell: {
        const auto words = testing::shellWords(config.text);
        QVERIFY(words.has_value());
        QVERIFY(config.text.starts_with("#!/bin/"));
        if (target == LaunchTarget::Torchrun || target == LaunchTarget::Megatron) {
            const std::int64_t nodes = testing::hasWord(*words, "--standalone")
                ? 1
                : integer(testing::valueAfter(*words, "--nnodes"));
            QCOMPARE(nodes * integer(testing::valueAfter(*words, "--nproc-per-node")), world);
        }
        if (target == LaunchTarget::Megatron) {
            QCOMPARE(integer(testing::valueAfter(*words, "--tensor-model-parallel-size")),
                     std::int64_t(layout.tp()));
            QCOMPARE(integer(testing::valueAfter(*words, "--pipeline-model-parallel-size")),
                     std::int64_t(layout.pp()));
            QCOMPARE(integer(testing::valueAfter(*words, "--context-parallel-size")),
                     std::int64_t(layout.cp()));
            QCOMPARE(integer(testing::valueAfter(*words, "--micro-batch-size")),
                     std::int64_t(layout.microBatch));
            QCOMPARE(integer(testing::valueAfter(*words, "--global-batch-size")),
                     design.workload.globalBatch);
            if (layout.ep() > 1) {
                QCOMPARE(integer(testing::valueAfter(*words, "--expert-model-parallel-size")),
                         std::int64_t(layout.ep()));
                QCOMPARE(testing::valueAfter(*words, "--moe-token-dispatcher-type"), std::string("alltoall"));
                QCOMPARE(integer(testing::valueAfter(*words, "--num-experts")),
                         std::int64_t(design.model.moe.experts));
            }
        }
        if (target == LaunchTarget::Vllm) {
            QCOMPARE(integer(testing::valueAfter(*words, "--tensor-parallel-size")),
                     std::int64_t(layout.tp()));
            QCOMPARE(integer(testing::valueAfter(*words, "--tensor-parallel-size"))
                         * integer(testing::valueAfter(*words, "--pipeline-parallel-size"))
                         * integer(testing::valueAfter(*words, "--data-parallel-size")),
                     world);
        }
        if (target == LaunchTarget::Sglang) {
            const std::string dp = testing::valueAfter(*words, "--dp-size");
            const std::string pp = testing::valueAfter(*words, "--pp-size");
            QCOMPARE(integer(testing::valueAfter(*words, "--tp-size")) * (dp.empty() ? 1 : integer(dp))
                         * (pp.empty() ? 1 : integer(pp)),
                     world);
        }
        break;
    }
    case LaunchSyntax::Toml: {
        // Read back with the importer's TOML reader: the degrees multiply to the world once
        // data_parallel_shard_degree = -1 takes the rest.
        launch::Settings toml;
        QVERIFY(!launch::readToml(config.text, "torchtitan", toml));
        const auto value = [&toml](std::string_view key) {
            const launch::Setting* setting = toml.take(key);
            return setting && setting->value ? integer(*setting->value) : std::int64_t(1);
        };
        QCOMPARE(value("parallelism.data_parallel_shard_degree"), std::int64_t(-1));
        QCOMPARE(value("parallelism.tensor_parallel_degree"), std::int64_t(layout.tp()));
        QCOMPARE(value("parallelism.pipeline_parallel_degree"), std::int64_t(layout.pp()));
        QCOMPARE(value("parallelism.context_parallel_degree"), std::int64_t(layout.cp()));
        QCOMPARE(value("training.global_batch_size"), design.workload.globalBatch);
        QCOMPARE(value("training.seq_len"), design.workload.sequenceLength);
        QVERIFY(world
                    % (value("parallelism.data_parallel_replicate_degree") * layout.tp() * layout.pp()
                       * layout.cp())
                == 0);
        break;
    }
    }
}

// The reference article's 70B layout («Ein Layout aus der Topologie zusammensetzen») as Megatron-LM
// arguments an engineer would paste.
void TestLaunchConfig::articleLayoutAsMegatronArguments()
{
    const LaunchConfig config = exportOf(testing::example("seed-70b-32k-512gpu"), LaunchTarget::Megatron);
    QVERIFY2(config.notes.empty(), qPrintable(testing::describe(config.notes)));
    const auto words = testing::shellWords(config.text);
    QVERIFY(words.has_value());
    const std::pair<const char*, const char*> expected[]{
        {"--nnodes", "64"},
        {"--nproc-per-node", "8"},
        {"--num-layers", "80"},
        {"--hidden-size", "8192"},
        {"--ffn-hidden-size", "28672"},
        {"--num-attention-heads", "64"},
        {"--num-query-groups", "8"},
        {"--seq-length", "32768"},
        {"--normalization", "RMSNorm"},
        {"--tensor-model-parallel-size", "8"},
        {"--pipeline-model-parallel-size", "4"},
        {"--context-parallel-size", "4"},
        {"--micro-batch-size", "1"},
        {"--global-batch-size", "256"},
        {"--recompute-granularity", "selective"},
        {"--tokenizer-model", "meta-llama/Llama-3.1-70B"},
        {"--node-rank", "${NODE_RANK}"},
    };
    for (const auto& [flag, value] : expected)
        QVERIFY2(testing::valueAfter(*words, flag) == value, flag);
    for (const char* flag : {"--sequence-parallel", "--use-distributed-optimizer", "--swiglu", "--bf16",
                             "--group-query-attention", "--untie-embeddings-and-output-weights",
                             "--disable-bias-linear", "pretrain_gpt.py"})
        QVERIFY2(testing::hasWord(*words, flag), flag);
    // No virtual stages in a plain 1F1B design, and no EP flag for a dense model.
    QVERIFY(!testing::hasWord(*words, "--num-virtual-stages-per-pipeline-rank"));
    QVERIFY(!testing::hasWord(*words, "--expert-model-parallel-size"));
    QVERIFY(!testing::hasWord(*words, "--tp-comm-overlap"));
    QVERIFY(config.text.find("Everything the design sets is expressed.") != std::string::npos);

    // With TP communication overlap the same design asks TransformerEngine's userbuffers for it.
    Design overlapped = testing::example("seed-70b-32k-512gpu");
    overlapped.layout.tpCommOverlap = true;
    const auto overlappedWords = testing::shellWords(exportOf(overlapped, LaunchTarget::Megatron).text);
    QVERIFY(overlappedWords && testing::hasWord(*overlappedWords, "--tp-comm-overlap"));
}

// The reference article's single-node FSDP example («Welches Framework welchen Split implementiert»): FSDP2
// with the Llama decoder layer as the wrap unit.
void TestLaunchConfig::fsdpAccelerateYaml()
{
    const LaunchConfig config = exportOf(testing::example("fsdp-1node-8gpu"), LaunchTarget::Accelerate);
    QVERIFY2(config.notes.empty(), qPrintable(testing::describe(config.notes)));
    const auto yaml = testing::yamlMap(config.text);
    QVERIFY(yaml.has_value());
    const std::pair<const char*, const char*> expected[]{
        {"fsdp_config.fsdp_version", "2"},
        {"fsdp_config.fsdp_auto_wrap_policy", "TRANSFORMER_BASED_WRAP"},
        {"fsdp_config.fsdp_transformer_layer_cls_to_wrap", "LlamaDecoderLayer"},
        {"fsdp_config.fsdp_reshard_after_forward", "true"},
        {"fsdp_config.fsdp_activation_checkpointing", "true"},
        {"fsdp_config.fsdp_offload_params", "false"},
        {"mixed_precision", "bf16"},
        {"num_machines", "1"},
        {"num_processes", "8"},
    };
    for (const auto& [key, value] : expected)
        QVERIFY2(yaml->count(key) && yaml->at(key) == value, key);
    QVERIFY(!yaml->count("parallelism_config"));
    QVERIFY(!yaml->count("fp8_config.backend"));

    // FP8 with current (tensorwise) scaling: Accelerate's torchao backend runs it as it is, without a note.
    const LaunchConfig fp8 = exportOfPatched(
        "fsdp-1node-8gpu", R"({"workload": {"precision": "fp8", "fp8Recipe": "tensorwise"}})",
        LaunchTarget::Accelerate);
    QVERIFY2(fp8.ok() && fp8.notes.empty(), qPrintable(testing::describe(fp8.notes)));
    const auto fp8Yaml = testing::yamlMap(fp8.text);
    QVERIFY(fp8Yaml.has_value());
    QCOMPARE(fp8Yaml->at("mixed_precision"), std::string("fp8"));
    QCOMPARE(fp8Yaml->at("fp8_config.backend"), std::string("AO"));
}

// With PP folded into DP, the reference article's layout fits Accelerate: TP and CP in parallelism_config,
// and a note that ZeRO-1 becomes FSDP2.
void TestLaunchConfig::articleLayoutWithoutPipelineAsAccelerateYaml()
{
    const LaunchConfig config
        = exportOfPatched("seed-70b-32k-512gpu", R"({"layout": {"pp": 1, "dp": 16, "shardGroup": 8}})",
                          LaunchTarget::Accelerate);
    QVERIFY(config.ok());
    QVERIFY(testing::hasCode(config.notes, "export-zero-stage"));
    const auto yaml = testing::yamlMap(config.text);
    QVERIFY(yaml.has_value());
    QCOMPARE(yaml->at("num_machines"), std::string("64"));
    QCOMPARE(yaml->at("num_processes"), std::string("512"));
    QCOMPARE(yaml->at("parallelism_config.parallelism_config_tp_size"), std::string("8"));
    QCOMPARE(yaml->at("parallelism_config.parallelism_config_cp_size"), std::string("4"));
    QCOMPARE(yaml->at("parallelism_config.parallelism_config_dp_shard_size"), std::string("8"));
    QCOMPARE(yaml->at("parallelism_config.parallelism_config_dp_replicate_size"), std::string("2"));
    QCOMPARE(yaml->at("fsdp_config.fsdp_reshard_after_forward"), std::string("false"));
    // Every note is also in the file, as a comment.
    for (const Diagnostic& note : config.notes)
        QVERIFY(config.text.find(note.message()) != std::string::npos);
}

void TestLaunchConfig::cannotExpress_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<core::LaunchTarget>("target");
    QTest::addColumn<QString>("code");
    QTest::newRow("serving to Megatron") << "serving-70b-tp4x2"
                                         << "{}" << LaunchTarget::Megatron << "export-needs-training";
    QTest::newRow("training to vLLM") << "default"
                                      << "{}" << LaunchTarget::Vllm << "export-needs-serving";
    QTest::newRow("design errors") << "default"
                                   << R"({"layout": {"tp": 3}})" << LaunchTarget::Megatron
                                   << "export-design-errors";
    QTest::newRow("Accelerate PP") << "default"
                                   << "{}" << LaunchTarget::Accelerate << "export-no-pipeline";
    QTest::newRow("Accelerate EP") << "mixtral-8x7b-ep8"
                                   << "{}" << LaunchTarget::Accelerate << "export-no-expert";
    // Accelerate 1.14 parallelism_config.py: "Tensor/Context parallelism (tp/cp_size > 1) cannot be used with
    // pure data parallelism (dp_replicate_size > 1 and dp_shard_size == 1)".
    QTest::newRow("Accelerate TP beside replication")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"tp": 2, "dp": 4, "shardGroup": 1, "sequenceParallel": false}})"
        << LaunchTarget::Accelerate << "export-replicated-tp";
    QTest::newRow("DeepSpeed CP") << "seed-70b-32k-512gpu"
                                  << "{}" << LaunchTarget::DeepSpeed << "export-no-context";
    // DeepSpeed's pipeline engine asserts ZeRO stage < 2.
    QTest::newRow("DeepSpeed PP with ZeRO-2")
        << "default"
        << R"({"layout": {"zeroStage": 2}})" << LaunchTarget::DeepSpeed << "export-pipeline-zero";
    // vLLM has no context parallelism: the design itself is refused (framework-dimension), so the export
    // writes nothing and says why.
    QTest::newRow("vLLM CP") << "serving-70b-tp4x2"
                             << R"({"layout": {"cp": 2, "dp": 1}})" << LaunchTarget::Vllm
                             << "export-design-errors";
}

void TestLaunchConfig::cannotExpress()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(core::LaunchTarget, target);
    QFETCH(QString, code);
    const LaunchConfig config
        = exportOfPatched(example.toStdString().c_str(), patch.toStdString().c_str(), target);
    QVERIFY(!config.ok());
    QVERIFY(config.text.empty());
    QVERIFY2(testing::hasCode(config.notes, code.toStdString()), qPrintable(testing::describe(config.notes)));
    // The message names the tool.
    for (const Diagnostic& note : config.notes)
        if (note.code == code.toStdString())
            QVERIFY(note.message().find(config.tool) != std::string::npos);
}

void TestLaunchConfig::approximations_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<core::LaunchTarget>("target");
    QTest::addColumn<QString>("code");
    QTest::newRow("Megatron zero-bubble")
        << "default"
        << R"({"layout": {"schedule": "zb-h1"}})" << LaunchTarget::Megatron << "export-schedule";
    QTest::newRow("Megatron order") << "default"
                                    << R"({"layout": {"order": "dp-tp-pp"}})" << LaunchTarget::Megatron
                                    << "export-order";
    // arguments.py: "Must use --overlap-param-gather with --overlap-grad-reduce".
    QTest::newRow("Megatron parameter gather without the gradient reduction")
        << "default"
        << R"({"layout": {"framework": "megatron-core", "overlapParamGather": true, "overlapGradReduce": false}})"
        << LaunchTarget::Megatron << "export-param-gather";
    QTest::newRow("torchtitan FP16 (job_config.py: bfloat16 or float32)")
        << "fsdp-1node-8gpu"
        << R"({"workload": {"precision": "fp16-mixed"}})" << LaunchTarget::Torchtitan << "export-precision";
    QTest::newRow("Accelerate FP8 delayed scaling (its AO backend: tensorwise)")
        << "fsdp-1node-8gpu"
        << R"({"workload": {"precision": "fp8", "fp8Recipe": "delayed"}})" << LaunchTarget::Accelerate
        << "export-precision";
    QTest::newRow("DeepSpeed FP8 (none of its own: BF16)")
        << "default"
        << R"({"workload": {"precision": "fp8"}})" << LaunchTarget::DeepSpeed << "export-precision";
    // torchtitan's training loop syncs FSDP's gradients every micro-batch, its pipeline schedules once a step
    // (torch.distributed.pipelining stage.py); neither has a setting.
    QTest::newRow("torchtitan without gradient sync between micro-batches")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"gradientSyncEveryMicroBatch": false}})" << LaunchTarget::Torchtitan
        << "export-gradient-sync";
    QTest::newRow("torchtitan PP with gradient sync every micro-batch")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"pp": 2, "dp": 4, "framework": "fsdp2", "gradientSyncEveryMicroBatch": true}})"
        << LaunchTarget::Torchtitan << "export-gradient-sync";
    QTest::newRow("Accelerate selective") << "teaching-4gpu"
                                          << "{}" << LaunchTarget::Accelerate << "export-recompute";
    QTest::newRow("Accelerate SP") << "teaching-4gpu"
                                   << "{}" << LaunchTarget::Accelerate << "export-sequence-parallel";
    QTest::newRow("DeepSpeed TP in code") << "default"
                                          << "{}" << LaunchTarget::DeepSpeed << "export-set-in-code";
    QTest::newRow("torchrun degrees in code") << "default"
                                              << "{}" << LaunchTarget::Torchrun << "export-set-in-code";
    QTest::newRow("unknown model in vLLM")
        << "serving-70b-tp4x2"
        << R"({"model": "gpt-3-175b", "workload": {"serving": {"contextLength": 2048}}})"
        << LaunchTarget::Vllm << "export-model-name";
}

// What torchtitan does of itself needs no note: every micro-batch without PP, once a step with it, which is
// FSDP2's default there.
void TestLaunchConfig::torchtitanGradientSyncAsItRuns()
{
    for (const char* patch :
         {"{}", R"({"layout": {"pp": 2, "dp": 4, "framework": "fsdp2"}})",
          R"({"layout": {"pp": 2, "dp": 4, "framework": "fsdp2", "gradientSyncEveryMicroBatch": false}})"}) {
        const LaunchConfig config = exportOfPatched("fsdp-1node-8gpu", patch, LaunchTarget::Torchtitan);
        QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
        QVERIFY2(!testing::hasCode(config.notes, "export-gradient-sync"), patch);
    }
}

void TestLaunchConfig::approximations()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(core::LaunchTarget, target);
    QFETCH(QString, code);
    const LaunchConfig config
        = exportOfPatched(example.toStdString().c_str(), patch.toStdString().c_str(), target);
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    QVERIFY(!config.text.empty());
    QVERIFY2(testing::hasCode(config.notes, code.toStdString()), qPrintable(testing::describe(config.notes)));
}

// Megatron-LM: --num-virtual-stages-per-pipeline-rank for the interleaved schedule; an uneven split that
// differs only in the first and last stage uses the decoder-first/last flags, any other the layout string.
void TestLaunchConfig::megatronInterleavedAndUnevenSplit()
{
    const LaunchConfig interleaved = exportOfPatched(
        "default", R"({"layout": {"schedule": "interleaved", "virtualStages": 2}})", LaunchTarget::Megatron);
    QVERIFY2(interleaved.notes.empty(), qPrintable(testing::describe(interleaved.notes)));
    const auto words = testing::shellWords(interleaved.text);
    QVERIFY(words.has_value());
    QCOMPARE(testing::valueAfter(*words, "--num-virtual-stages-per-pipeline-rank"), std::string("2"));

    const LaunchConfig uneven = exportOfPatched(
        "seed-70b-32k-512gpu", R"({"layout": {"layersPerStage": [18, 21, 21, 20]}})", LaunchTarget::Megatron);
    QVERIFY2(uneven.notes.empty(), qPrintable(testing::describe(uneven.notes)));
    const auto unevenWords = testing::shellWords(uneven.text);
    QCOMPARE(testing::valueAfter(*unevenWords, "--decoder-first-pipeline-num-layers"), std::string("18"));
    QCOMPARE(testing::valueAfter(*unevenWords, "--decoder-last-pipeline-num-layers"), std::string("20"));

    // Any other split is a --pipeline-model-parallel-layout string (tst_launchroundtrips reads it back).
    const LaunchConfig zigzag = exportOfPatched(
        "seed-70b-32k-512gpu", R"({"layout": {"layersPerStage": [20, 19, 21, 20]}})", LaunchTarget::Megatron);
    QVERIFY2(zigzag.notes.empty(), qPrintable(testing::describe(zigzag.notes)));
    const auto zigzagWords = testing::shellWords(zigzag.text);
    QCOMPARE(testing::valueAfter(*zigzagWords, "--pipeline-model-parallel-layout"),
             std::string("Et*20|t*19|t*21|t*20L"));
    QVERIFY(!testing::hasWord(*zigzagWords, "--decoder-first-pipeline-num-layers"));
}

// ZeRO-2 and ZeRO-3 as Megatron-FSDP, which the model prices (core_v0.19.0 arguments.py: --use-megatron-fsdp
// with --data-parallel-sharding-strategy, the distributed optimizer, no gradient-accumulation fusion, the
// fsdp_dtensor checkpoint format and CUDA_DEVICE_MAX_CONNECTIONS anything but 1); ZeRO-1 the distributed
// optimizer, which with TP or CP needs CUDA_DEVICE_MAX_CONNECTIONS=1 before Blackwell. The import reads each
// back to its stage. A PyTorch FSDP2 design without PP or EP is Megatron-LM's --use-torch-fsdp2, without the
// distributed optimizer.
void TestLaunchConfig::megatronShardingAndConnections_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<QString>("strategy"); // empty: no Megatron-FSDP
    QTest::addColumn<QString>("connections"); // the line about CUDA_DEVICE_MAX_CONNECTIONS; empty: none
    QTest::newRow("ZeRO-1 with TP 8") << "default" << 1 << ""
                                      << "export CUDA_DEVICE_MAX_CONNECTIONS=1";
    QTest::newRow("ZeRO-2") << "default" << 2 << "optim_grads"
                            << "unset CUDA_DEVICE_MAX_CONNECTIONS";
    QTest::newRow("ZeRO-3 with EP 8") << "mixtral-8x7b-ep8" << 3 << "optim_grads_params"
                                      << "unset CUDA_DEVICE_MAX_CONNECTIONS";
    QTest::newRow("ZeRO-1 without TP or CP") << "fsdp-1node-8gpu" << 1 << ""
                                             << "";
}

void TestLaunchConfig::megatronShardingAndConnections()
{
    QFETCH(QString, example);
    QFETCH(int, zeroStage);
    QFETCH(QString, strategy);
    QFETCH(QString, connections);
    Design design = testing::example(example.toStdString());
    design.layout.framework = Framework::MegatronCore;
    design.layout.zeroStage = zeroStage;
    const LaunchConfig config = launchConfig(design, evaluate(design), LaunchTarget::Megatron);
    QVERIFY2(config.ok() && config.notes.empty(), qPrintable(testing::describe(config.notes)));
    const auto words = testing::shellWords(config.text);
    QVERIFY(words.has_value());
    QCOMPARE(testing::hasWord(*words, "--use-megatron-fsdp"), !strategy.isEmpty());
    QCOMPARE(testing::valueAfter(*words, "--ckpt-format") == "fsdp_dtensor", !strategy.isEmpty());
    QCOMPARE(QString::fromStdString(testing::valueAfter(*words, "--data-parallel-sharding-strategy")),
             strategy);
    QVERIFY(testing::hasWord(*words, "--use-distributed-optimizer"));
    QVERIFY(!testing::hasWord(*words, "--use-torch-fsdp2"));
    QCOMPARE(testing::hasWord(*words, "--no-gradient-accumulation-fusion"), !strategy.isEmpty());
    QCOMPARE(config.text.find("CUDA_DEVICE_MAX_CONNECTIONS") != std::string::npos, !connections.isEmpty());
    if (!connections.isEmpty())
        QVERIFY(config.text.find(connections.toStdString() + "\n") != std::string::npos);
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, design);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.zeroStage, zeroStage);
    if (zeroStage == 3) {
        Design fsdp2 = design;
        fsdp2.layout.framework = Framework::Fsdp2;
        fsdp2.layout.setDegree(Dim::Dp, fsdp2.layout.dp() * fsdp2.layout.ep());
        fsdp2.layout.setDegree(Dim::Ep, 1);
        const LaunchConfig torch = launchConfig(fsdp2, evaluate(fsdp2), LaunchTarget::Megatron);
        QVERIFY2(torch.ok(), qPrintable(testing::describe(torch.notes)));
        const auto torchWords = testing::shellWords(torch.text);
        QVERIFY(testing::hasWord(*torchWords, "--use-torch-fsdp2"));
        QVERIFY(!testing::hasWord(*torchWords, "--use-distributed-optimizer"));
        QVERIFY(!testing::hasWord(*torchWords, "--use-megatron-fsdp"));
    }
    for (const std::string& unused : back.unusedSettings) // the launcher's rendezvous flags at most
        QVERIFY2(unused.find("fsdp") == std::string::npos && unused.find("sharding") == std::string::npos
                     && unused.find("accumulation") == std::string::npos,
                 unused.c_str());
}

// The attention kernel the design is timed with, as Megatron-LM's --attention-backend (arguments.py: flash,
// fused, unfused, local, auto; auto by default): the fastest published kernel is Transformer Engine's own
// choice, FlashAttention-2 the flash-attn package, no fused kernel the unfused path.
void TestLaunchConfig::megatronAttentionBackend_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("backend");
    QTest::newRow("best") << R"({"attentionKernel": "best"})"
                          << "auto";
    QTest::newRow("FlashAttention-2") << R"({"attentionKernel": "flash-attention-2"})"
                                      << "flash";
    QTest::newRow("no fused kernel") << R"({"flashAttention": false})"
                                     << "unfused";
}

void TestLaunchConfig::megatronAttentionBackend()
{
    QFETCH(QString, workload);
    QFETCH(QString, backend);
    const std::string patch = R"({"workload": )" + workload.toStdString() + "}";
    const LaunchConfig config = exportOfPatched("default", patch.c_str(), LaunchTarget::Megatron);
    const auto words = testing::shellWords(config.text);
    QVERIFY(words.has_value());
    QCOMPARE(testing::valueAfter(*words, "--attention-backend"), backend.toStdString());
}

// The design's name goes into the header comment; a newline in it must not start a command.
void TestLaunchConfig::designNameCannotBreakOutOfTheComment()
{
    Design design = testing::example("teaching-4gpu");
    design.name = "x\nrm -rf / # '\"$(whoami)";
    for (LaunchTarget target : {LaunchTarget::Torchrun, LaunchTarget::Megatron, LaunchTarget::Accelerate}) {
        const LaunchConfig config = exportOf(design, target);
        QVERIFY(config.ok());
        if (config.syntax == LaunchSyntax::Shell) {
            const auto words = testing::shellWords(config.text);
            QVERIFY(words.has_value());
            QVERIFY(!testing::hasWord(*words, "rm"));
        } else {
            QVERIFY(testing::yamlMap(config.text).has_value());
        }
    }
}

void TestLaunchConfig::quoting()
{
    // The SGLang rendezvous endpoint is a placeholder the shell expands; a model name with a blank would be
    // one word.
    const LaunchConfig config = exportOfPatched(
        "serving-70b-tp4x2",
        R"({"cluster": {"uniform": {"nodes": 2, "gpusPerNode": 2}}, "layout": {"tp": 2, "dp": 1, "pp": 2}})",
        LaunchTarget::Sglang);
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    QVERIFY(config.text.find("\"${MASTER_ADDR}:50000\"") != std::string::npos);
    const auto words = testing::shellWords(config.text);
    QCOMPARE(testing::valueAfter(*words, "--dist-init-addr"), std::string("${MASTER_ADDR}:50000"));
    QCOMPARE(testing::valueAfter(*words, "--pp-size"), std::string("2"));
    QCOMPARE(testing::valueAfter(*words, "--nnodes"), std::string("2"));
}

QTEST_GUILESS_MAIN(TestLaunchConfig)
#include "tst_launchconfig.moc"
