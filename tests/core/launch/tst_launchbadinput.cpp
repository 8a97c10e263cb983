// SPDX-License-Identifier: GPL-3.0-or-later
// Launch files Meshwright cannot read as they are: each gets a located message (its line, or its JSON
// pointer) and no design, never a crash; every prefix of a real file is read or refused the same way.

#include "evaluate.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/launchtest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <string>
#include <tuple>

using namespace core;
using testing::targetOf;

Q_DECLARE_METATYPE(core::LaunchFormat)

class TestLaunchBadInput : public QObject
{
    Q_OBJECT

private slots:
    void badInput_data();
    void badInput();
    void everyPrefixIsHandled();
};

void TestLaunchBadInput::badInput_data()
{
    QTest::addColumn<core::LaunchFormat>("format");
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("where");
    const auto row = [](const char* name, LaunchFormat format, const char* base, const char* text,
                        const char* code, const char* where) {
        QTest::newRow(name) << format << QString::fromLatin1(base) << QString::fromLatin1(text)
                            << QString::fromLatin1(code) << QString::fromLatin1(where);
    };
    using F = LaunchFormat;
    row("megatron empty", F::Megatron, "default", " \n\n", "launch-empty", "line 1");
    row("megatron open quote", F::Megatron, "default", "torchrun pretrain_gpt.py \\\n  --seq-length '8192\n",
        "launch-syntax", "line 2");
    row("megatron open array", F::Megatron, "default", "#!/bin/bash\nARGS=(\n  --micro-batch-size 1\n",
        "launch-syntax", "line 2");
    // A default's } escaped or quoted closes nothing, as in bash: here nothing closes the ${.
    row("megatron default never closed", F::Megatron, "default",
        "TP=${TP:-'8}'\ntorchrun pretrain_gpt.py --tensor-model-parallel-size $TP\n", "launch-syntax",
        "line 1");
    row("megatron not a number", F::Megatron, "default",
        "--micro-batch-size 1\n--tensor-model-parallel-size x\n", "io-value", "line 2");
    row("megatron unknown fp8 recipe", F::Megatron, "default",
        "--bf16\n--fp8-format hybrid\n--fp8-recipe nvfp4\n", "io-value", "line 3");
    row("megatron tp 3 on 32 gpus", F::Megatron, "default", "--tensor-model-parallel-size 3\n",
        "launch-cluster", "line 1");
    // Four processes on each of two nodes of eight GPUs: not the cluster, and not one it can become.
    row("megatron 8 processes on 32 gpus", F::Megatron, "default",
        "torchrun --nproc-per-node 4 --nnodes 2 \\\n pretrain_gpt.py --tensor-model-parallel-size 4\n",
        "launch-world", "line 1");
    row("megatron batch conflict", F::Megatron, "default",
        "--tensor-model-parallel-size 8\n--pipeline-model-parallel-size 2\n--global-batch-size 101\n",
        "launch-conflict", "line 3");
    row("megatron first stage", F::Megatron, "default",
        "--pipeline-model-parallel-size 2\n--decoder-first-pipeline-num-layers 90\n", "launch-conflict",
        "line 2");
    // --pipeline-model-parallel-layout (Megatron-Core's PipelineParallelLayerLayout): Llama 3.1 70B's 80
    // layers over PP 2, written wrong in each way Megatron-Core or the design refuses.
    for (const auto& [name, layout, code] :
         {std::tuple{"unknown character", "Et*40|t*40Lx", "launch-unsupported"},
          std::tuple{"no loss", "Et*40|t*40", "launch-unsupported"},
          std::tuple{"embedding second", "t*40|Et*40L", "launch-unsupported"},
          std::tuple{"layers missing", "Et*40|t*39L", "launch-conflict"},
          std::tuple{"three chunks on two stages", "Et*40|t*40|L", "launch-conflict"},
          std::tuple{"depth the model lacks", "Et*40|t*40mL", "launch-conflict"},
          std::tuple{"empty middle chunk", "Et*40||t*40|L", "launch-unsupported"},
          std::tuple{"unrolls without end", "E(t|)*999999999L", "launch-unsupported"}})
        row((std::string("megatron layout, ") + name).c_str(), F::Megatron, "default",
            (std::string("--pipeline-model-parallel-size 2\n--pipeline-model-parallel-layout '") + layout
             + "'\n")
                .c_str(),
            code, "line 2");
    row("megatron layout and first stage", F::Megatron, "default",
        "--pipeline-model-parallel-size 2\n--pipeline-model-parallel-layout 'Et*40|t*40L'\n"
        "--decoder-first-pipeline-num-layers 40\n",
        "launch-conflict", "line 3");
    row("megatron layout and other virtual stages", F::Megatron, "default",
        "--pipeline-model-parallel-size 2\n--pipeline-model-parallel-layout 'Et*20|(t*20|)*2,t*20L'\n"
        "--num-virtual-stages-per-pipeline-rank 4\n",
        "launch-conflict", "line 3");
    // A flag without its number (fuzzing found the conflict message reading the missing value).
    row("megatron first-stage layers without a value", F::Megatron, "default",
        "--decoder-first-pipeline-num-layers --bf16\n", "io-value", "line 1");
    row("toml open section", F::Torchtitan, "default", "[parallelism\ntensor_parallel_degree = 8\n",
        "launch-syntax", "line 1");
    row("toml no value", F::Torchtitan, "default", "[parallelism]\ntensor_parallel_degree =\n",
        "launch-syntax", "line 2");
    row("toml key twice", F::Torchtitan, "default",
        "[parallelism]\ntensor_parallel_degree = 8\ntensor_parallel_degree = 4\n", "launch-syntax", "line 3");
    row("toml open string", F::Torchtitan, "default", "[model]\nname = \"llama3\n", "launch-syntax",
        "line 2");
    // An array may span lines (TOML 1.0); one the file never closes is an error at its key.
    row("toml open array", F::Torchtitan, "default",
        "[parallelism]\npipeline_parallel_degree = 2\nmodule_fqns_per_model_part = [\n  "
        "[\"tok_embeddings\"],\n",
        "launch-syntax", "line 3");
    row("toml open string in an array", F::Torchtitan, "default", "[model]\nconverters = [\n  \"float8,\n]\n",
        "launch-syntax", "line 2");
    row("toml open inline table", F::Torchtitan, "default", "[model]\nextra = { a = 1\n", "launch-syntax",
        "line 2");
    row("toml degrees overfill", F::Torchtitan, "default",
        "[parallelism]\ntensor_parallel_degree = 8\ndata_parallel_shard_degree = 8\n", "launch-degrees",
        "line 3");
    row("toml bad schedule", F::Torchtitan, "default",
        "[parallelism]\npipeline_parallel_degree = 2\npipeline_parallel_schedule = \"Zigzag\"\n", "io-value",
        "line 3");
    row("yaml tab", F::Accelerate, "fsdp-1node-8gpu",
        "distributed_type: FSDP\nfsdp_config:\n\tfsdp_version: 2\n", "launch-syntax", "line 3");
    row("yaml no colon", F::Accelerate, "fsdp-1node-8gpu", "distributed_type FSDP\n", "launch-syntax",
        "line 1");
    row("yaml bad indentation", F::Accelerate, "fsdp-1node-8gpu",
        "fsdp_config:\n    fsdp_version: 2\n  fsdp_offload_params: false\n", "launch-syntax", "line 3");
    row("yaml deepspeed", F::Accelerate, "fsdp-1node-8gpu", "distributed_type: DEEPSPEED\nnum_processes: 8\n",
        "launch-unsupported", "line 1");
    row("yaml 16 processes on 8", F::Accelerate, "fsdp-1node-8gpu",
        "distributed_type: FSDP\nnum_processes: 16\n", "launch-world", "line 2");
    row("yaml sizes do not multiply", F::Accelerate, "fsdp-1node-8gpu",
        "distributed_type: FSDP\nnum_processes: 8\nparallelism_config:\n  parallelism_config_dp_shard_size: "
        "2\n"
        "  parallelism_config_tp_size: 2\n",
        "launch-degrees", "line 4");
    row("yaml no distributed_type", F::Accelerate, "fsdp-1node-8gpu", "num_processes: 8\n", "launch-empty",
        "line 1");
    row("json truncated", F::DeepSpeed, "default", "{\"train_batch_size\": 8,\n \"zero_optimization\": {",
        "io-parse", "");
    row("json array", F::DeepSpeed, "default", "[1, 2]", "launch-syntax", "");
    row("json batch conflict", F::DeepSpeed, "default",
        "{\"train_batch_size\": 100, \"train_micro_batch_size_per_gpu\": 3, \"gradient_accumulation_steps\": "
        "1}",
        "launch-conflict", "/train_batch_size");
    row("json batch overfills", F::DeepSpeed, "default",
        "{\"train_batch_size\": 64, \"train_micro_batch_size_per_gpu\": 1, \"gradient_accumulation_steps\": "
        "1}",
        "launch-degrees", "/train_batch_size");
    row("json stage 5", F::DeepSpeed, "default", "{\"zero_optimization\": {\"stage\": 5}}", "io-value",
        "/zero_optimization/stage");
    row("json stage text", F::DeepSpeed, "default", "{\"zero_optimization\": {\"stage\": \"three\"}}",
        "io-value", "/zero_optimization/stage");
    row("vllm no command", F::Vllm, "serving-70b-tp4x2", "python serve.py --tp 4\n", "launch-empty",
        "line 1");
    row("vllm no model", F::Vllm, "serving-70b-tp4x2", "vllm serve --tensor-parallel-size 4\n",
        "launch-empty", "line 1");
    row("vllm tp 3 on 8", F::Vllm, "serving-70b-tp4x2", "vllm serve meta-llama/Llama-3.1-8B \\\n -tp 3\n",
        "launch-cluster", "line 2");
    row("vllm overfill", F::Vllm, "serving-70b-tp4x2",
        "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 4 \\\n --data-parallel-size 4\n",
        "launch-degrees", "line 2");
    row("sglang ep beside tp", F::Sglang, "serving-70b-tp4x2",
        "python -m sglang.launch_server --model-path mistralai/Mixtral-8x7B-v0.1 --tp 4 \\\n  --ep-size 3\n",
        "launch-conflict", "line 2");
}

void TestLaunchBadInput::badInput()
{
    QFETCH(core::LaunchFormat, format);
    QFETCH(QString, base);
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, where);
    const Design design = testing::example(base.toStdString());
    const LaunchImport imported = importLaunch(format, text.toStdString(), design);
    QVERIFY(!imported.ok());
    const auto it = std::find_if(imported.diagnostics.begin(), imported.diagnostics.end(),
                                 [&](const Diagnostic& d) { return d.isError(); });
    QVERIFY(it != imported.diagnostics.end());
    QCOMPARE(QString::fromStdString(it->code), code);
    QCOMPARE(QString::fromStdString(it->path), where);
    QVERIFY(it->message().find('%') == std::string::npos);
}

void TestLaunchBadInput::everyPrefixIsHandled()
{
    // Every truncation of every export gives a design or a located error, never a crash or an unlocated one.
    const Design design = testing::example("default");
    const Design serving = testing::example("serving-70b-tp4x2");
    for (LaunchFormat format : {LaunchFormat::Megatron, LaunchFormat::DeepSpeed, LaunchFormat::Vllm}) {
        const Design& base = format == LaunchFormat::Vllm ? serving : design;
        const std::string text = launchConfig(base, evaluate(base), targetOf(format)).text;
        QVERIFY(!text.empty());
        for (std::size_t length = 0; length < text.size(); length += 7) {
            const LaunchImport imported = importLaunch(format, text.substr(0, length), base);
            for (const Diagnostic& d : imported.diagnostics)
                QVERIFY2(!d.isError() || !d.path.empty() || d.code == "io-parse" || d.code == "launch-syntax",
                         qPrintable(QString::fromStdString(d.code + " at length " + std::to_string(length))));
        }
    }
}

QTEST_GUILESS_MAIN(TestLaunchBadInput)
#include "tst_launchbadinput.moc"
