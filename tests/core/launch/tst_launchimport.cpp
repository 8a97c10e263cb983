// SPDX-License-Identifier: GPL-3.0-or-later
// Importing launch configurations: exporting a built-in example and importing the text into a base whose
// carried fields were changed gives the example back (what the export notes as approximated excepted);
// launch files written as the tools' own examples are (Megatron-LM's examples/llama scripts, torchtitan's
// train_configs/llama3_70b.toml, DeepSpeed's ZeRO-3 config docs, the vLLM and SGLang server docs) give the
// degrees their documentation implies. Feature round trips: tst_launchroundtrips; bad input:
// tst_launchbadinput.

#include "base/jsonparse.h"
#include "design/designio.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "launch/launchreader.h"
#include "launch/torchtitanstages.h"
#include "support/launchtest.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;
using testing::targetOf;

Q_DECLARE_METATYPE(core::LaunchFormat)

namespace {

// A word as bash prints it (`printf '[%s]\n' WORD`), for the data functions of the shell-reading tests.
struct ShellWordRow
{
    const char* name;
    const char* word;
    const char* expected;
};

void addShellWordRows(std::initializer_list<ShellWordRow> rows)
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("expected");
    for (const auto& [name, word, expected] : rows)
        QTest::newRow(name) << QString(word) << QString(expected);
}

// The one word `echo WORD` gives after the `assignments` lines, as the shell reader reads it.
void compareShellWord(const std::string& assignments)
{
    QFETCH(QString, word);
    QFETCH(QString, expected);
    const launch::ShellReadResult read
        = launch::readShell(assignments + "echo " + word.toStdString() + "\n", "bash");
    QVERIFY(!read.error);
    QCOMPARE(read.commands.size(), std::size_t(1));
    QCOMPARE(read.commands[0].words.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(read.commands[0].words[1].text), expected);
}

Framework frameworkOf(LaunchFormat format)
{
    switch (format) {
    case LaunchFormat::Megatron:
        return Framework::MegatronCore;
    case LaunchFormat::Torchtitan:
    case LaunchFormat::Accelerate:
        return Framework::Fsdp2;
    case LaunchFormat::DeepSpeed:
        return Framework::DeepSpeed;
    case LaunchFormat::Vllm:
        return Framework::Vllm;
    case LaunchFormat::Sglang:
        return Framework::Sglang;
    }
    return Framework::Auto;
}

// The base of a round trip: the example with every field the format carries set to something else, so
// that only the import can bring them back.
Design scrambled(Design design, LaunchFormat format)
{
    ParallelLayout& layout = design.layout;
    Workload& workload = design.workload;
    // What Megatron-LM's arguments and torchtitan's TOML both carry.
    const auto scrambleTraining = [&](int zeroStage) {
        layout.degrees = {1, 1, 1, 1, 1};
        layout.zeroStage = zeroStage;
        layout.microBatch = 3;
        layout.virtualStages = 3;
        layout.recompute = layout.recompute == Recompute::Full ? Recompute::None : Recompute::Full;
        workload.globalBatch = 7;
        workload.sequenceLength = 123;
        workload.precision = Precision::Fp32;
    };
    switch (format) {
    case LaunchFormat::Megatron:
        // Megatron's other rank order, where it groups ranks differently (PP and DP both > 1).
        if (layout.pp() > 1 && layout.dp() > 1)
            layout.order = layout.order == std::vector<Dim>{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp}
                ? std::vector<Dim>{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Pp, Dim::Dp}
                : std::vector<Dim>{Dim::Tp, Dim::Cp, Dim::Ep, Dim::Dp, Dim::Pp};
        layout.sequenceParallel = !layout.sequenceParallel;
        scrambleTraining(2);
        break;
    case LaunchFormat::Accelerate:
        layout.degrees = {1, 1, 1, 1, 1};
        layout.zeroStage = 0;
        layout.recompute = Recompute::None;
        workload.precision = Precision::Fp32;
        break;
    case LaunchFormat::DeepSpeed:
        layout.setDegree(Dim::Dp, 1);
        layout.zeroStage = layout.zeroStage == 0 ? 1 : 0;
        layout.microBatch = 3;
        workload.globalBatch = 7;
        workload.precision = Precision::Fp32;
        break;
    case LaunchFormat::Torchtitan:
        scrambleTraining(0);
        break;
    case LaunchFormat::Vllm:
    case LaunchFormat::Sglang:
        layout.degrees = {1, 1, 1, 1, 1};
        workload.mode = Mode::Training;
        workload.serving.concurrency = 3;
        workload.serving.contextLength = 99;
        break;
    }
    return design;
}

} // namespace

class TestLaunchImport : public QObject
{
    Q_OBJECT

private slots:
    void exportThenImport_data();
    void exportThenImport();
    void realLaunchFiles_data();
    void realLaunchFiles();
    void servingConcurrency_data();
    void servingConcurrency();
    void unusedSettingsAreListed();
    void modelWarnings();
    void torchtitanFloat8Recipe_data();
    void torchtitanFloat8Recipe();
    void shardingGroupsAndAutoValues();
    void launcherSizesTheCluster();
    void formatFromFile_data();
    void formatFromFile();
    void modelNames_data();
    void modelNames();
    void torchtitanFlavors_data();
    void torchtitanFlavors();
    void torchtitanPipelineSplit_data();
    void torchtitanPipelineSplit();
    void torchtitanDocstringSplit();
    void accelerateShardingStrategy_data();
    void accelerateShardingStrategy();
    void literalDollarInADefault_data();
    void literalDollarInADefault();
    void defaultsAsBashReadsThem_data();
    void defaultsAsBashReadsThem();
    void arithmeticAsBashReadsIt_data();
    void arithmeticAsBashReadsIt();
    void substitutionsStayOneWord();
};

void TestLaunchImport::exportThenImport_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<core::LaunchFormat>("format");
    int rows = 0;
    for (const ExampleDesign& example : Catalog::builtin().examples())
        for (LaunchFormat format : enumValues<LaunchFormat>()) {
            const Design design = testing::example(example.id);
            if (!launchConfig(design, evaluate(design), targetOf(format)).ok())
                continue; // the export says why (tst_launchconfig)
            QTest::addRow("%s %s", example.id.c_str(), std::string(enumName(format)).c_str())
                << QString::fromStdString(example.id) << format;
            ++rows;
        }
    if (rows < 15)
        qFatal("only %d round trips", rows);
}

void TestLaunchImport::exportThenImport()
{
    QFETCH(QString, example);
    QFETCH(core::LaunchFormat, format);
    const Design original = testing::example(example.toStdString());
    const LaunchConfig config = launchConfig(original, evaluate(original), targetOf(format));
    const Design base = scrambled(original, format);
    QVERIFY(!(base == original));
    const LaunchImport imported = importLaunch(format, config.text, base);
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QVERIFY2(!hasErrors(imported.diagnostics), qPrintable(testing::describe(imported.diagnostics)));

    Design expected = original;
    expected.layout.framework = frameworkOf(format);
    // A switch the importing framework defaults differently comes back set, so that the design runs as
    // before (FSDP2's overlapped reduction as Megatron-LM's --overlap-grad-reduce): the effective values
    // must match.
    for (Switch s : kAllSwitches)
        if ((imported.design->layout.*switchMember(s)).has_value()
            && switchOn(*imported.design, s) == switchOn(original, s))
            expected.layout.*switchMember(s) = imported.design->layout.*switchMember(s);
    // What the export approximated (its notes' fields) comes back as the approximation.
    Json want = designToJson(expected), got = designToJson(*imported.design);
    for (const Diagnostic& note : config.notes) {
        if (!note.path.starts_with("/layout/") && !note.path.starts_with("/workload/"))
            continue;
        std::vector<std::string> paths{note.path};
        if (note.path == "/layout/zeroStage") // FSDP2 without resharding stands for ZeRO-1 and -2
            paths.push_back("/layout/reshardAfterForward");
        for (const std::string& path : paths) {
            const Json::json_pointer pointer(path);
            if (got.contains(pointer))
                want[pointer] = got[pointer];
        }
    }
    const QStringList gotLines = QString::fromStdString(jsonText(got)).split(QLatin1Char('\n'));
    const QStringList wantLines = QString::fromStdString(jsonText(want)).split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::min(gotLines.size(), wantLines.size()); ++i)
        QCOMPARE(gotLines[i], wantLines[i]);
    QCOMPARE(gotLines.size(), wantLines.size());
    QVERIFY2(evaluate(*imported.design).valid(),
             qPrintable(testing::describe(evaluate(*imported.design).diagnostics)));
}

void TestLaunchImport::realLaunchFiles_data()
{
    QTest::addColumn<core::LaunchFormat>("format");
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // "tp pp cp ep dp zero micro global seq recompute model framework"

    // Megatron-LM examples/llama/train_llama3_70b style: variables, arrays, continuations; 64 nodes of 8.
    // DP = 512 / (8 × 4 × 2) = 8; the model by its shape (Llama 3.1 70B: 80 × 8192, 64 heads, 8 groups).
    QTest::newRow("megatron llama3 70b script")
        << LaunchFormat::Megatron << "seed-70b-32k-512gpu"
        << R"(#!/bin/bash
export CUDA_DEVICE_MAX_CONNECTIONS=1
GPUS_PER_NODE=8
NUM_NODES=64
TP=8; PP=4; CP=2
DISTRIBUTED_ARGS=(
    --nproc_per_node $GPUS_PER_NODE
    --nnodes $NUM_NODES
    --master_addr ${MASTER_ADDR:-localhost}
    --master_port 6000
)
MODEL_ARGS=(
    --use-mcore-models
    --num-layers 80
    --hidden-size 8192
    --ffn-hidden-size 28672
    --num-attention-heads 64
    --group-query-attention
    --num-query-groups 8
    --seq-length 8192
    --max-position-embeddings 131072
    --position-embedding-type rope
    --swiglu
    --normalization RMSNorm
    --untie-embeddings-and-output-weights
    --disable-bias-linear
)
TRAINING_ARGS=(
    --micro-batch-size 1
    --global-batch-size 1024
    --lr 1.5e-4 --min-lr 1.5e-5
    --bf16
    --recompute-granularity selective
    --use-distributed-optimizer
)
MODEL_PARALLEL_ARGS=(
    --tensor-model-parallel-size $TP
    --pipeline-model-parallel-size $PP
    --context-parallel-size $CP
    --sequence-parallel
)
torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \
    ${MODEL_ARGS[@]} \
    ${TRAINING_ARGS[@]} \
    ${MODEL_PARALLEL_ARGS[@]} \
    --tokenizer-type HuggingFaceTokenizer --tokenizer-model /models/tokenizer  # a local tokenizer
)"
        << "8 4 2 1 8 1 1 1024 8192 selective llama-3.1-70b megatron-core";

    // Megatron-LM's Megatron-FSDP guide style (docs/discussions/megatron-fsdp-user-guide, its DeepSeek-V3
    // sbatch script): variables with quoted defaults, the FSDP flags appended to the array inside an if, the
    // command inside a string. ZeRO-3 from the sharding strategy, BF16 gradient reduction.
    QTest::newRow("megatron Megatron-FSDP script")
        << LaunchFormat::Megatron << "gb200-nvl72-405b"
        << R"(#!/bin/bash
USE_FSDP=${USE_FSDP:-1}
STRATEGY=${STRATEGY:-"optim_grads_params"}
EP=${EP:-8}
MBS=${MBS:-'1'}
ARGS=(
    --tensor-model-parallel-size 1
    --expert-model-parallel-size ${EP}
    --use-distributed-optimizer
    --micro-batch-size ${MBS}
    --global-batch-size 1152
    --seq-length 4096
    --recompute-granularity selective
    --recompute-modules mlp moe mla_up_proj layernorm
    --tokenizer-type HuggingFaceTokenizer
    --tokenizer-model deepseek-ai/DeepSeek-V3
    --mtp-num-layers 1
    --bf16
)
if [ "${USE_FSDP}" = 1 ]; then
    ARGS=(
        "${ARGS[@]}"
        --use-megatron-fsdp
        --data-parallel-sharding-strategy ${STRATEGY}
        --no-gradient-accumulation-fusion
        --grad-reduce-in-bf16
    )
fi
CMD="cd /megatron; python pretrain_gpt.py ${ARGS[@]}"
)"
        << "1 1 1 8 18 3 1 1152 4096 selective deepseek-v3 megatron-core";

    // A SLURM script's nested defaults (bash: ${A:-${B:-x}} is A, else B, else x; ${A:-$B} likewise), one of
    // them quoted inside: the degrees come out of the innermost defaults, the unset SLURM variables' own.
    QTest::newRow("megatron SLURM script, nested defaults")
        << LaunchFormat::Megatron << "default"
        << R"(#!/bin/bash
GPUS_PER_NODE=${GPUS_PER_NODE:-8}
NNODES=${NNODES:-${SLURM_NNODES:-4}}
TP=${TP:-$GPUS_PER_NODE}
PP=${PP:-"${PIPELINE_STAGES:-2}"}
GBS=${GBS:-${SLURM_GBS:-${DEFAULT_GBS:-64}}}
torchrun --nproc-per-node ${GPUS_PER_NODE} --nnodes ${NNODES} pretrain_gpt.py \
    --tensor-model-parallel-size ${TP} --pipeline-model-parallel-size $PP \
    --micro-batch-size 1 --global-batch-size ${GBS} --seq-length 4096 --bf16 \
    --use-distributed-optimizer --tokenizer-model meta-llama/Llama-3.1-70B
)"
        << "8 2 1 1 2 1 1 64 4096 none llama-3.1-70b megatron-core";

    QTest::newRow("megatron argument file, interleaved")
        << LaunchFormat::Megatron << "default"
        << R"(--tensor-model-parallel-size 8
--pipeline-model-parallel-size 2
--num-layers-per-virtual-pipeline-stage 10
--micro-batch-size 2
--global-batch-size 64
--seq-length 4096
--bf16 --use-distributed-optimizer
--recompute-granularity full --recompute-method uniform --recompute-num-layers 1
--tokenizer-model meta-llama/Llama-3.1-70B-Instruct
)"
        << "8 2 1 1 2 1 2 64 4096 full llama-3.1-70b megatron-core";

    // torchtitan/models/llama3/train_configs/llama3_70b.toml as published (a preset for 64 A100s), here on
    // the 32 GPUs of the default example: data_parallel_shard_degree = -1 takes 32 / 8 = 4.
    QTest::newRow("torchtitan llama3_70b.toml") << LaunchFormat::Torchtitan << "default"
                                                << R"(# torchtitan Config.toml
# NOTE: this toml config is a preset for 64 A100 GPUs.

[job]
dump_folder = "./outputs"
description = "Llama 3 70B training"

[model]
name = "llama3"
flavor = "70B"
hf_assets_path = "./assets/hf/Llama-3.1-70B"
# converters = ["float8"]

[optimizer]
name = "AdamW"
lr = 1.5e-4
eps = 1e-8

[training]
local_batch_size = 8
seq_len = 8192
max_norm = 1.0  # grad norm clipping
steps = 1000
dataset = "c4"

[parallelism]
data_parallel_replicate_degree = 1
data_parallel_shard_degree = -1
tensor_parallel_degree = 8  # 8-way TP
pipeline_parallel_degree = 1
context_parallel_degree = 1

[activation_checkpoint]
mode = "full"

[compile]
enable=false
components = ["model", "loss"]
)"
                                                << "8 1 1 1 4 3 8 32 8192 full llama-3.1-70b fsdp2";

    QTest::newRow("torchtitan hsdp pipeline") << LaunchFormat::Torchtitan << "default"
                                              << R"([model]
name = "llama3"
flavor = "8B"
[training]
local_batch_size = 16
global_batch_size = 64
seq_len = 4096
[parallelism]
data_parallel_replicate_degree = 2
data_parallel_shard_degree = 4
tensor_parallel_degree = 2
pipeline_parallel_degree = 2
pipeline_parallel_schedule = "Interleaved1F1B"
pipeline_parallel_microbatch_size = 2
)"
                                              // No [activation_checkpoint]: torchtitan's default, every
                                              // second layer recomputed in full.
                                              << "2 2 1 1 8 3 2 64 4096 full llama-3.1-8b fsdp2";

    // The ZeRO-3 config of DeepSpeed's config-json docs with CPU offload; 64 = 4 × 2 × 8 ranks.
    QTest::newRow("deepspeed zero-3 offload") << LaunchFormat::DeepSpeed << "fsdp-1node-8gpu"
                                              << R"({
  "train_batch_size": 64,
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 2,
  "optimizer": {"type": "AdamW", "params": {"lr": 0.0001}},
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 3,
    "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "offload_param": {"device": "cpu", "pin_memory": true},
    "overlap_comm": true,
    "stage3_max_live_parameters": 1e9
  },
  "gradient_clipping": 1.0
})"
                                              << "1 1 1 1 8 3 4 64 8192 full llama-3.1-8b deepspeed";

    // Accelerate's FSDP1 example config (docs/usage_guides/fsdp.md), on one node of eight.
    QTest::newRow("accelerate fsdp1") << LaunchFormat::Accelerate << "fsdp-1node-8gpu"
                                      << R"(compute_environment: LOCAL_MACHINE
debug: false
distributed_type: FSDP
downcast_bf16: 'no'
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_backward_prefetch_policy: BACKWARD_PRE
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_activation_checkpointing: false
machine_rank: 0
main_training_function: main
mixed_precision: bf16
num_machines: 1
num_processes: 8
use_cpu: false
)"
                                      << "1 1 1 1 8 3 1 64 8192 none llama-3.1-8b fsdp2";

    QTest::newRow("vllm serve") << LaunchFormat::Vllm << "serving-70b-tp4x2"
                                << R"(vllm serve meta-llama/Llama-3.1-8B-Instruct \
  --tensor-parallel-size 2 \
  --max-model-len 32768 \
  --max-num-seqs 64 \
  --gpu-memory-utilization 0.9)"
                                << "2 1 1 1 4 0 1 32 8192 none llama-3.1-8b vllm";

    QTest::newRow("sglang")
        << LaunchFormat::Sglang << "serving-70b-tp4x2"
        << R"(python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct \
    --tp 4 --dp 2 --context-length 16384 --max-running-requests 48 --port 30000)"
        << "4 1 1 1 2 0 1 32 8192 none llama-3.1-70b sglang";
}

void TestLaunchImport::realLaunchFiles()
{
    QFETCH(core::LaunchFormat, format);
    QFETCH(QString, base);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const LaunchImport imported
        = importLaunch(format, text.toStdString(), testing::example(base.toStdString()));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    const Design& d = *imported.design;
    const ParallelLayout& l = d.layout;
    const QString got = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12")
                            .arg(l.tp())
                            .arg(l.pp())
                            .arg(l.cp())
                            .arg(l.ep())
                            .arg(l.dp())
                            .arg(l.zeroStage)
                            .arg(l.microBatch)
                            .arg(d.workload.globalBatch)
                            .arg(d.workload.sequenceLength)
                            .arg(QString::fromStdString(std::string(enumName(l.recompute))))
                            .arg(QString::fromStdString(d.model.preset))
                            .arg(QString::fromStdString(std::string(enumName(l.framework))));
    QCOMPARE(got, expected);
    // The imported layout runs, or fails only in memory: a serving engine's cap on sequences in flight
    // (vLLM's --max-num-seqs, SGLang's --max-running-requests) at its full context length can exceed the
    // KV cache the GPUs hold, and then the evaluation says how many fit (memory-does-not-fit).
    const core::Evaluation e = evaluate(d);
    QVERIFY2(e.valid() || (d.workload.mode == core::Mode::Serving && e.failsOnlyInMemory()),
             qPrintable(testing::describe(e.diagnostics)));
}

// The sequences an engine runs at once: the command's flag, or the engine's own default when it has a fixed
// one (vLLM 0.10 engine/arg_utils.py _set_default_args_v1: max_num_seqs = 1024 on a GPU of at least 70 GiB
// other than the A100, as the example's H100, else 256). SGLang derives its cap from the memory when
// --max-running-requests is not given, so the base design's concurrency stays.
void TestLaunchImport::servingConcurrency_data()
{
    QTest::addColumn<core::LaunchFormat>("format");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("concurrency");
    QTest::newRow("vllm --max-num-seqs 64")
        << LaunchFormat::Vllm << "vllm serve meta-llama/Llama-3.1-8B -tp 8 --max-num-seqs 64" << 64;
    QTest::newRow("vllm default") << LaunchFormat::Vllm << "vllm serve meta-llama/Llama-3.1-8B -tp 8" << 1024;
    QTest::newRow("sglang --max-running-requests 48")
        << LaunchFormat::Sglang
        << "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B --tp 8 "
           "--max-running-requests 48"
        << 48;
    QTest::newRow("sglang default")
        << LaunchFormat::Sglang
        << "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B --tp 8"
        << 32; // the base design's
}

void TestLaunchImport::servingConcurrency()
{
    QFETCH(core::LaunchFormat, format);
    QFETCH(QString, text);
    QFETCH(int, concurrency);
    const LaunchImport imported
        = importLaunch(format, text.toStdString(), testing::example("serving-70b-tp4x2"));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->workload.serving.concurrency, concurrency);
}

void TestLaunchImport::unusedSettingsAreListed()
{
    const LaunchImport megatron
        = importLaunch(LaunchFormat::Megatron, "--tensor-model-parallel-size 8\n--lr 3e-4\n--foo\n",
                       testing::example("default"));
    QVERIFY(megatron.ok());
    QCOMPARE(megatron.unusedSettings, (std::vector<std::string>{"--lr (line 2)", "--foo (line 3)"}));
    const LaunchImport ds
        = importLaunch(LaunchFormat::DeepSpeed,
                       R"({"train_micro_batch_size_per_gpu": 1, "zero_optimization": {"stage": 1,
                                         "reduce_bucket_size": 5e8}, "steps_per_print": 10, "_comment": ["x"]})",
                       testing::example("default"));
    QVERIFY2(ds.ok(), qPrintable(testing::describe(ds.diagnostics)));
    QCOMPARE(ds.unusedSettings,
             (std::vector<std::string>{"/zero_optimization/reduce_bucket_size", "/steps_per_print"}));
    const LaunchImport vllm
        = importLaunch(LaunchFormat::Vllm, "vllm serve mistralai/Mixtral-8x7B-v0.1 -tp 8 --swap-space 4\n",
                       testing::example("serving-70b-tp4x2"));
    QVERIFY2(vllm.ok(), qPrintable(testing::describe(vllm.diagnostics)));
    QCOMPARE(vllm.design->model.preset, std::string("mixtral-8x7b"));
    QCOMPARE(vllm.unusedSettings, (std::vector<std::string>{"--swap-space (line 1)"}));
}

// torchtitan's float8 converter scales per tensor unless its recipe_name says otherwise ([float8], later
// [quantize.linear.float8]; torchao's Float8LinearRecipeName): row-wise recipes are read as tensorwise with a
// warning at their line, an unknown name is an error there, and the key is used either way.
void TestLaunchImport::torchtitanFloat8Recipe_data()
{
    QTest::addColumn<QString>("section");
    QTest::addColumn<QString>("recipe"); // empty: not set
    QTest::addColumn<QString>("code"); // the diagnostic at the recipe's line, or empty
    QTest::newRow("unset") << "float8"
                           << ""
                           << "";
    QTest::newRow("tensorwise") << "float8"
                                << "tensorwise"
                                << "";
    QTest::newRow("rowwise") << "float8"
                             << "rowwise"
                             << "launch-approximated";
    QTest::newRow("rowwise_with_gw_hp, later section") << "quantize.linear.float8"
                                                       << "rowwise_with_gw_hp"
                                                       << "launch-approximated";
    QTest::newRow("unknown") << "float8"
                             << "blockwise"
                             << "io-value";
}

void TestLaunchImport::torchtitanFloat8Recipe()
{
    QFETCH(QString, section);
    QFETCH(QString, recipe);
    QFETCH(QString, code);
    std::string text = "[model]\nname = \"llama3\"\nflavor = \"8B\"\nconverters = [\"float8\"]\n";
    if (!recipe.isEmpty())
        text += QStringLiteral("[%1]\nrecipe_name = \"%2\"\n").arg(section, recipe).toStdString();
    text += "[activation_checkpoint]\nmode = \"full\"\n";
    const LaunchImport imported = importLaunch(LaunchFormat::Torchtitan, text, testing::example("default"));
    QVERIFY(imported.unusedSettings.empty());
    if (code.isEmpty()) {
        QVERIFY2(imported.ok() && imported.diagnostics.empty(),
                 qPrintable(testing::describe(imported.diagnostics)));
        QVERIFY(imported.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
        return;
    }
    QCOMPARE(imported.diagnostics.size(), std::size_t(1));
    QCOMPARE(imported.diagnostics.front().code, code.toStdString());
    QCOMPARE(imported.diagnostics.front().path, std::string("line 6"));
    if (code == "launch-approximated") {
        QVERIFY(imported.ok());
        QVERIFY(imported.design->workload.precision == Precision::Fp8);
        QVERIFY(imported.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
    }
}

void TestLaunchImport::modelWarnings()
{
    // The tokenizer names Llama 3.1 8B, the shape is 70B's: the preset wins, with a warning at the tokenizer.
    const LaunchImport named = importLaunch(LaunchFormat::Megatron,
                                            "--num-layers 80\n--hidden-size 8192\n--num-attention-heads "
                                            "64\n--tokenizer-model meta-llama/Llama-3.1-8B\n",
                                            testing::example("default"));
    QVERIFY(named.ok());
    QCOMPARE(named.design->model.preset, std::string("llama-3.1-8b"));
    QCOMPARE(named.diagnostics.size(), std::size_t(1));
    QCOMPARE(named.diagnostics.front().code, std::string("launch-approximated"));
    QCOMPARE(named.diagnostics.front().path, std::string("line 4"));
    // A MoE shape no preset has keeps the base's model (a dense one is built from its flags:
    // tst_megatronmodelflags).
    const LaunchImport unknown
        = importLaunch(LaunchFormat::Megatron,
                       "--num-layers 12\n--hidden-size 768\n--num-attention-heads 12\n--num-experts 6\n",
                       testing::example("default"));
    QVERIFY(unknown.ok());
    QCOMPARE(unknown.design->model.preset, std::string("llama-3.1-70b"));
    QCOMPARE(unknown.diagnostics.front().code, std::string("launch-model"));
    QCOMPARE(unknown.diagnostics.front().path, std::string("line 1"));
    // Without --ffn-hidden-size Megatron-LM builds an FFN of 4h, with --swiglu int(4h · 2/3 / 64) · 64
    // (arguments.py): Llama 3.1 8B's attention shape so is not Llama 3.1 8B (Megatron-LM's functional test
    // gpt3_7b_tp4_pp1_memory_speed gives no FFN); with its 14,336 it is.
    const std::string llamaShape = "--num-layers 32\n--hidden-size 4096\n--num-attention-heads 32\n"
                                   "--group-query-attention\n--num-query-groups 8\n";
    for (const auto& [mlp, width] : {std::pair{"", 16384}, std::pair{"--swiglu\n", 10880}}) {
        const LaunchImport defaultFfn
            = importLaunch(LaunchFormat::Megatron, llamaShape + mlp, testing::example("default"));
        QVERIFY(defaultFfn.ok());
        QCOMPARE(defaultFfn.design->model.preset, std::string());
        QCOMPARE(defaultFfn.design->model.ffn, std::int64_t(width));
    }
    const LaunchImport statedFfn
        = importLaunch(LaunchFormat::Megatron, llamaShape + "--swiglu\n--ffn-hidden-size 14336\n",
                       testing::example("default"));
    QVERIFY2(statedFfn.ok() && statedFfn.diagnostics.empty(),
             qPrintable(testing::describe(statedFfn.diagnostics)));
    QCOMPARE(statedFfn.design->model.preset, std::string("llama-3.1-8b"));
    // Without --group-query-attention Megatron-LM gives every head its own keys and values, whatever
    // --num-query-groups says: that is no Llama 3.1 8B either.
    std::string noGqa = llamaShape + "--swiglu\n--ffn-hidden-size 14336\n";
    noGqa.erase(noGqa.find("--group-query-attention\n"), std::string("--group-query-attention\n").size());
    const LaunchImport multiHead = importLaunch(LaunchFormat::Megatron, noGqa, testing::example("default"));
    QVERIFY(multiHead.ok());
    QCOMPARE(multiHead.design->model.preset, std::string());
    QCOMPARE(multiHead.design->model.kvHeads, 32);
    // A torchtitan flavor without a preset (launch/torchtitanflavors.h) keeps the base's model.
    const LaunchImport other
        = importLaunch(LaunchFormat::Torchtitan, "[model]\nname = \"deepseek_v3\"\nflavor = \"16B\"\n",
                       testing::example("default"));
    QVERIFY(other.ok());
    QCOMPARE(other.diagnostics.front().code, std::string("launch-model"));
    QCOMPARE(other.diagnostics.front().path, std::string("line 2"));
}

void TestLaunchImport::shardingGroupsAndAutoValues()
{
    // Accelerate's parallelism_config: 2 replicas of 4-way sharding on 8 GPUs is HSDP with groups of 4.
    const LaunchImport hsdp = importLaunch(LaunchFormat::Accelerate,
                                           "distributed_type: FSDP\nnum_processes: 8\nparallelism_config:\n"
                                           "  parallelism_config_dp_replicate_size: 2\n"
                                           "  parallelism_config_dp_shard_size: 4\n",
                                           testing::example("fsdp-1node-8gpu"));
    QVERIFY2(hsdp.ok(), qPrintable(testing::describe(hsdp.diagnostics)));
    QCOMPARE(hsdp.design->layout.dp(), 8);
    QCOMPARE(hsdp.design->layout.zeroStage, 3);
    QCOMPARE(hsdp.design->layout.shardGroup, 4);
    // DeepSpeed's "auto" (the Hugging Face Trainer fills it in) is listed and leaves the base's batch.
    const Design base = testing::example("fsdp-1node-8gpu");
    const LaunchImport automatic = importLaunch(
        LaunchFormat::DeepSpeed,
        R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto", "zero_optimization": {"stage": 2}})",
        base);
    QVERIFY2(automatic.ok(), qPrintable(testing::describe(automatic.diagnostics)));
    QCOMPARE(automatic.design->workload.globalBatch, base.workload.globalBatch);
    QCOMPARE(automatic.design->layout.zeroStage, 2);
    QCOMPARE(automatic.unusedSettings,
             (std::vector<std::string>{"/train_batch_size", "/train_micro_batch_size_per_gpu"}));
}

// torchrun's --nnodes × --nproc-per-node (Accelerate's num_machines) is the cluster the run starts on: a
// plain uniform base with that many GPUs per node becomes that many nodes, with a warning that says so;
// DP then fills it. The base's GPU type, links and fabric stay.
void TestLaunchImport::launcherSizesTheCluster()
{
    const Design base = testing::example("default"); // 4 nodes of 8 H100
    const LaunchImport megatron = importLaunch(
        LaunchFormat::Megatron,
        "torchrun --nproc-per-node 8 --nnodes 16 \\\n  pretrain_gpt.py --tensor-model-parallel-size 8 \\\n"
        "  --pipeline-model-parallel-size 2 --global-batch-size 256 --sequence-parallel \\\n"
        "  --recompute-activations --use-distributed-optimizer\n",
        base);
    QVERIFY2(megatron.ok(), qPrintable(testing::describe(megatron.diagnostics)));
    QVERIFY(testing::hasCode(megatron.diagnostics, "launch-cluster-resized"));
    QCOMPARE(megatron.design->cluster.nodes.size(), std::size_t{16});
    QCOMPARE(megatron.design->cluster.inServiceGpuCount(), 128);
    QCOMPARE(megatron.design->cluster.nodes.front().gpus.front().type,
             base.cluster.nodes.front().gpus.front().type);
    QCOMPARE(megatron.design->cluster.fabric, base.cluster.fabric);
    QCOMPARE(megatron.design->layout.dp(), 8); // 128 / (TP 8 × PP 2)
    QVERIFY(evaluate(*megatron.design).valid());

    const Design fsdp = testing::example("fsdp-1node-8gpu");
    const LaunchImport accelerate = importLaunch(
        LaunchFormat::Accelerate, "distributed_type: FSDP\nnum_machines: 2\nnum_processes: 16\n", fsdp);
    QVERIFY2(accelerate.ok(), qPrintable(testing::describe(accelerate.diagnostics)));
    QCOMPARE(accelerate.design->cluster.inServiceGpuCount(), 16);
    QCOMPARE(accelerate.design->layout.dp(), 16);

    // The same file on a cluster with a GPU out of service is not resized: the error says why.
    Design worn = base;
    worn.cluster.nodes.front().gpus.front().inService = false;
    const LaunchImport refused = importLaunch(
        LaunchFormat::Megatron, "torchrun --nproc-per-node 8 --nnodes 16 pretrain_gpt.py\n", worn);
    QVERIFY(!refused.ok());
    QVERIFY(testing::hasCode(refused.diagnostics, "launch-world"));
}

void TestLaunchImport::formatFromFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("format");
    QTest::newRow("json") << "ds_config.json"
                          << "{}"
                          << "deepspeed";
    QTest::newRow("toml") << "llama3_70b.toml"
                          << "[job]"
                          << "torchtitan";
    QTest::newRow("yaml") << "fsdp.yaml"
                          << "distributed_type: FSDP"
                          << "accelerate";
    QTest::newRow("vllm") << "serve.sh"
                          << "vllm serve x"
                          << "vllm";
    QTest::newRow("sglang") << "serve.sh"
                            << "python -m sglang.launch_server"
                            << "sglang";
    QTest::newRow("megatron") << "train.sh"
                              << "torchrun pretrain_gpt.py"
                              << "megatron";
    QTest::newRow("empty") << "train.sh"
                           << "  \n"
                           << "";
}

void TestLaunchImport::formatFromFile()
{
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(QString, format);
    const auto guessed = guessLaunchFormat(name.toStdString(), text.toStdString());
    QCOMPARE(guessed ? QString::fromStdString(std::string(enumName(*guessed))) : QString(), format);
}

void TestLaunchImport::modelNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("preset");
    QTest::newRow("preset id") << "llama-3.1-405b"
                               << "llama-3.1-405b";
    QTest::newRow("hub id") << "meta-llama/Llama-3.1-70B"
                            << "llama-3.1-70b";
    QTest::newRow("instruct") << "meta-llama/Llama-3.1-8B-Instruct"
                              << "llama-3.1-8b";
    QTest::newRow("meta prefix") << "meta-llama/Meta-Llama-3.1-70B-Instruct"
                                 << "llama-3.1-70b";
    QTest::newRow("local path") << "/models/Qwen3-235B-A22B/"
                                << "qwen3-235b-a22b";
    QTest::newRow("mixtral") << "mistralai/Mixtral-8x7B-v0.1"
                             << "mixtral-8x7b";
    QTest::newRow("version after instruct") << "mistralai/Mixtral-8x7B-Instruct-v0.1"
                                            << "mixtral-8x7b";
    QTest::newRow("llama 3.0 is another model") << "meta-llama/Meta-Llama-3-70B"
                                                << "";
    QTest::newRow("unknown") << "my-org/my-model"
                             << "";
}

void TestLaunchImport::modelNames()
{
    QFETCH(QString, name);
    QFETCH(QString, preset);
    QCOMPARE(QString::fromStdString(modelPresetOfName(name.toStdString())), preset);
}

// torchtitan 0.2's [model] name and flavor (torchtitan/models/llama3, qwen3, deepseek_v3 __init__.py) for
// the presets with those dimensions: the export writes them and the import reads them back; a flavor
// without a preset (DeepSeek-V3's 16B) keeps the base's model and says so.
void TestLaunchImport::torchtitanFlavors_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("flavor");
    QTest::addColumn<QString>("preset");
    QTest::newRow("Llama 3.1 8B") << "llama3"
                                  << "8B"
                                  << "llama-3.1-8b";
    QTest::newRow("lower case") << "llama3"
                                << "405b"
                                << "llama-3.1-405b";
    QTest::newRow("Qwen3 30B-A3B") << "qwen3"
                                   << "30B-A3B"
                                   << "qwen3-30b-a3b";
    QTest::newRow("Qwen3 235B-A22B") << "qwen3"
                                     << "235B-A22B"
                                     << "qwen3-235b-a22b";
    QTest::newRow("DeepSeek-V3") << "deepseek_v3"
                                 << "671B"
                                 << "deepseek-v3";
    QTest::newRow("no preset") << "deepseek_v3"
                               << "16B"
                               << "";
}

void TestLaunchImport::torchtitanFlavors()
{
    QFETCH(QString, name);
    QFETCH(QString, flavor);
    QFETCH(QString, preset);
    const std::string text
        = "[model]\nname = \"" + name.toStdString() + "\"\nflavor = \"" + flavor.toStdString() + "\"\n";
    const LaunchImport imported = importLaunch(LaunchFormat::Torchtitan, text, testing::example("default"));
    QVERIFY(imported.ok());
    if (preset.isEmpty()) {
        QCOMPARE(imported.design->model.preset, testing::example("default").model.preset);
        QCOMPARE(imported.diagnostics.front().code, std::string("launch-model"));
        return;
    }
    QCOMPARE(QString::fromStdString(imported.design->model.preset), preset);
    // The export of a design with that preset names the same model, and needs no placeholder.
    const LaunchConfig exported
        = launchConfig(*imported.design, evaluate(*imported.design), LaunchTarget::Torchtitan);
    const std::string expected = "name = \"" + name.toStdString() + "\"\nflavor = \"";
    QVERIFY2(exported.text.find(expected) != std::string::npos, exported.text.c_str());
    QVERIFY(exported.text.find("\"MODEL\"") == std::string::npos);
}

// torchtitan 0.2's pipeline split (torchtitan/distributed/pipeline_parallel.py, launch/torchtitanstages.h)
// on Llama 3.1 70B's 80 layers at TP 8: the chunks from the schedule, layers_per_stage or the explicit
// module lists; the layers as generate_llm_fqn_per_model_part deals them, the embedding and the output
// counted as a layer each (first_stage_less_layers, last_stage_less_layers). What torchtitan refuses, at
// the key's line.
void TestLaunchImport::torchtitanPipelineSplit_data()
{
    QTest::addColumn<QString>("keys"); // under [parallelism], after TP 8
    QTest::addColumn<int>("virtualStages"); // 0: refused
    QTest::addColumn<std::vector<int>>("layersPerStage");
    QTest::addColumn<QString>("code"); // when refused
    // 82 effective layers over 2 chunks: 41 each, the first and the last one fewer: even.
    QTest::newRow("1F1B, PP 2") << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
                                << 1 << std::vector<int>{} << "";
    // Over 4: 21, 21, 20, 20, then the ends one fewer.
    QTest::newRow("1F1B, PP 4") << "pipeline_parallel_degree = 4\npipeline_parallel_schedule = \"1F1B\"\n"
                                << 1 << std::vector<int>{20, 21, 20, 19} << "";
    // Looped: two chunks a rank by default, 82 over 8: 11, 11, 10 …, the ends one fewer.
    QTest::newRow("Interleaved1F1B, PP 4")
        << "pipeline_parallel_degree = 4\npipeline_parallel_schedule = \"Interleaved1F1B\"\n"
        << 2 << std::vector<int>{10, 11, 10, 10, 10, 10, 10, 9} << "";
    // layers_per_stage 7: ceil(82 / 7) = 12 chunks, three a rank.
    QTest::newRow("layers per stage 7")
        << "pipeline_parallel_degree = 4\npipeline_parallel_schedule = \"Interleaved1F1B\"\n"
           "pipeline_parallel_layers_per_stage = 7\n"
        << 3 << std::vector<int>{6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 5} << "";
    // The docstring's weights: embedding and output as 2 layers each.
    QTest::newRow("heavier ends")
        << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
           "pipeline_parallel_first_stage_less_layers = 2\npipeline_parallel_last_stage_less_layers = 2\n"
        << 1 << std::vector<int>{} << "";
    QTest::newRow("explicit modules")
        << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
           "module_fqns_per_model_part = "
            + QString::fromStdString(launch::torchtitanModuleArray({30, 50})) + "\n"
        << 1 << std::vector<int>{30, 50} << "";
    // The same list over lines, as a person writes it (TOML 1.0: comments, CRLF and a trailing comma in an
    // array), then a key after it.
    {
        std::string lines = launch::torchtitanModuleArray({30, 50});
        lines.replace(lines.find("], ["), 4, "],\r\n  # the second stage\n  [");
        lines.insert(lines.size() - 1, ",\n");
        QTest::newRow("explicit modules over lines")
            << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
               "module_fqns_per_model_part = [  # two stages\n  "
                + QString::fromStdString(lines.substr(1)) + "\npipeline_parallel_microbatch_size = 1\n"
            << 1 << std::vector<int>{30, 50} << "";
    }
    // ceil(82 / 6) = 14 chunks do not divide over PP 4.
    QTest::newRow("chunks that do not divide")
        << "pipeline_parallel_degree = 4\npipeline_parallel_schedule = \"Interleaved1F1B\"\n"
           "pipeline_parallel_layers_per_stage = 6\n"
        << 0 << std::vector<int>{} << "launch-conflict";
    QTest::newRow("modules out of order")
        << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
           "module_fqns_per_model_part = [[\"tok_embeddings\", \"layers.1\"], [\"layers.0\", \"norm\", "
           "\"output\"]]\n"
        << 0 << std::vector<int>{} << "launch-unsupported";
    QTest::newRow("an empty middle chunk")
        << "pipeline_parallel_degree = 3\npipeline_parallel_schedule = \"1F1B\"\n"
           "module_fqns_per_model_part = "
            + QString::fromStdString(launch::torchtitanModuleArray({40, 0, 40})) + "\n"
        << 0 << std::vector<int>{} << "launch-unsupported";
    QTest::newRow("output in the first chunk")
        << "pipeline_parallel_degree = 2\npipeline_parallel_schedule = \"1F1B\"\n"
           "module_fqns_per_model_part = [[\"tok_embeddings\", \"output\"], [\"norm\"]]\n"
        << 0 << std::vector<int>{} << "launch-unsupported";
}

void TestLaunchImport::torchtitanPipelineSplit()
{
    QFETCH(QString, keys);
    QFETCH(int, virtualStages);
    QFETCH(std::vector<int>, layersPerStage);
    QFETCH(QString, code);
    const Design base = testing::example("default");
    const std::string toml = "[parallelism]\ntensor_parallel_degree = 8\n" + keys.toStdString();
    const LaunchImport imported = importLaunch(LaunchFormat::Torchtitan, toml, base);
    if (virtualStages == 0) {
        QVERIFY(!imported.ok());
        QVERIFY2(testing::hasCode(imported.diagnostics, code.toStdString()),
                 qPrintable(testing::describe(imported.diagnostics)));
        QCOMPARE(imported.diagnostics.front().path, std::string("line 5"));
        return;
    }
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->layout.virtualStages, virtualStages);
    QCOMPARE(imported.design->layout.layersPerStage, layersPerStage);
    // Written back, torchtitan makes the same chunks: nothing where its default does, the module lists
    // otherwise.
    const Design& design = *imported.design;
    const LaunchConfig config = launchConfig(design, evaluate(design), targetOf(LaunchFormat::Torchtitan));
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    QVERIFY(config.text.find("pipeline_parallel_layers_per_stage") == std::string::npos);
    const LaunchImport back = importLaunch(LaunchFormat::Torchtitan, config.text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.virtualStages, virtualStages);
    QCOMPARE(back.design->layout.layersPerStage, layersPerStage);
}

// generate_llm_fqn_per_model_part's docstring: 2 stages, 3 layers, the embedding and the output weighted 2
// each: 7 effective layers, 4 and 3, so 2 layers and 1. More chunks than effective layers is its ValueError.
void TestLaunchImport::torchtitanDocstringSplit()
{
    QCOMPARE(launch::torchtitanGeneratedSplit(2, 3, 2, 2).layers, (std::vector<int>{2, 1}));
    QVERIFY(launch::torchtitanGeneratedSplit(2, 3, 2, 2).problem.empty());
    QVERIFY(!launch::torchtitanGeneratedSplit(10, 3).problem.empty());
    QVERIFY(!launch::torchtitanGeneratedSplit(4, 6, 3, 1).problem.empty()); // the input weight exceeds 2
    QCOMPARE(launch::torchtitanModuleSplit(launch::torchtitanModuleArray({1, 0, 2}), 3).layers,
             (std::vector<int>{1, 0, 2}));
}

// Accelerate's FSDP1 sharding strategy, under fsdp_sharding_strategy or, as `accelerate config` writes it
// from 1.6 on, under fsdp_reshard_after_forward (commands/config/cluster.py; utils/dataclasses.py takes a
// torch ShardingStrategy by name or number there): ZeRO stage, resharding and the HSDP group of a node. FSDP2
// takes a bool.
void TestLaunchImport::accelerateShardingStrategy_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<bool>("reshard");
    QTest::addColumn<int>("shardGroup");
    QTest::newRow("reshard_after_forward: FULL_SHARD")
        << "fsdp_reshard_after_forward: FULL_SHARD" << 3 << true << 0;
    QTest::newRow("reshard_after_forward: SHARD_GRAD_OP")
        << "fsdp_reshard_after_forward: SHARD_GRAD_OP" << 3 << false << 0;
    QTest::newRow("reshard_after_forward: NO_SHARD")
        << "fsdp_reshard_after_forward: NO_SHARD" << 0 << true << 0;
    QTest::newRow("reshard_after_forward: HYBRID_SHARD")
        << "fsdp_reshard_after_forward: HYBRID_SHARD" << 3 << true << 8;
    QTest::newRow("reshard_after_forward: HYBRID_SHARD_ZERO2")
        << "fsdp_reshard_after_forward: HYBRID_SHARD_ZERO2" << 3 << false << 8;
    QTest::newRow("reshard_after_forward: 2") << "fsdp_reshard_after_forward: 2" << 3 << false << 0;
    QTest::newRow("sharding_strategy: 5") << "fsdp_sharding_strategy: 5" << 3 << false << 8;
    QTest::newRow("FSDP2: false") << "fsdp_version: 2\n  fsdp_reshard_after_forward: false" << 3 << false
                                  << 0;
}

void TestLaunchImport::accelerateShardingStrategy()
{
    QFETCH(QString, entry);
    QFETCH(int, zeroStage);
    QFETCH(bool, reshard);
    QFETCH(int, shardGroup);
    const std::string text = "distributed_type: FSDP\nfsdp_config:\n  " + entry.toStdString()
        + "\nmixed_precision: bf16\nnum_machines: 2\nnum_processes: 16\n";
    const LaunchImport imported
        = importLaunch(LaunchFormat::Accelerate, text, testing::example("fsdp-1node-8gpu"));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QVERIFY2(!testing::hasCode(imported.diagnostics, "io-value"),
             qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->layout.zeroStage, zeroStage);
    QCOMPARE(imported.design->layout.reshardAfterForward, reshard);
    QCOMPARE(imported.design->layout.shardGroup, shardGroup);
    const LaunchImport wrong
        = importLaunch(LaunchFormat::Accelerate,
                       "distributed_type: FSDP\nfsdp_config:\n  fsdp_reshard_after_forward: HALF_SHARD\n",
                       testing::example("fsdp-1node-8gpu"));
    QVERIFY(testing::hasCode(wrong.diagnostics, "io-value"));
}

// In a default, bash takes a backslashed or single-quoted $ as written: TP=${TP:-\$X} is the text "$X", not
// X's value, and a flag given it reads an unset variable (the design's TP stays 1).
void TestLaunchImport::literalDollarInADefault_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<int>("tp");
    QTest::newRow("expanded") << "TP=${TP:-$X}" << 4;
    QTest::newRow("backslashed") << "TP=${TP:-\\$X}" << 1;
    QTest::newRow("single-quoted") << "TP=${TP:-'$X'}" << 1;
    QTest::newRow("double-quoted") << "TP=${TP:-\"$X\"}" << 4;
    // A default nested in a default reads its own quotes and backslashes, once.
    QTest::newRow("nested, expanded") << "TP=${TP:-${Y:-$X}}" << 4;
    QTest::newRow("nested, backslashed") << "TP=${TP:-${Y:-\\$X}}" << 1;
    QTest::newRow("nested, single-quoted") << "TP=${TP:-${Y:-'$X'}}" << 1;
    QTest::newRow("nested, double-quoted") << "TP=${TP:-\"${Y:-\"$X\"}\"}" << 4;
}

void TestLaunchImport::literalDollarInADefault()
{
    QFETCH(QString, assignment);
    QFETCH(int, tp);
    const std::string text = "X=4\n" + assignment.toStdString()
        + "\ntorchrun pretrain_gpt.py --tensor-model-parallel-size $TP --bf16\n";
    const LaunchImport imported = importLaunch(LaunchFormat::Megatron, text, testing::example("default"));
    QVERIFY2(imported.design, qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->layout.tp(), tp);
}

// A default's backslashes and quotes, unquoted and inside double quotes: each expected word is what bash
// 5.2 prints for `printf '[%s]\n' WORD` with A and B unset (Debian 12's bash, checked by hand).
void TestLaunchImport::defaultsAsBashReadsThem_data()
{
    addShellWordRows({
        {"unquoted backslash", R"(${A:-\x})", "x"},
        {"backslash in double quotes", R"("${A:-\x}")", R"(\x)"},
        {"backslash in the default's double quotes", R"(${A:-"\x"})", R"(\x)"},
        {"backslashed $ in the default's double quotes", R"(${A:-"\$y"})", "$y"},
        {"backslashed $ in double quotes", R"("${A:-\$y}")", "$y"},
        {"single quotes in double quotes stay", R"("${A:-'q'}")", "'q'"},
        {"single quotes unquoted go", R"(${A:-'q'})", "q"},
        {"nested in double quotes", R"("${A:-${B:-\x}}")", R"(\x)"},
        {"nested unquoted", R"(${A:-${B:-\x}})", "x"},
        {"nested in the default's double quotes", R"(${A:-"${B:-\x}"})", R"(\x)"},
        {"backslashed backslash", R"(${A:-"a\\b"})", R"(a\b)"},
        {"Windows path in double quotes", R"("${A:-C:\data}")", R"(C:\data)"},
        {"escaped blank unquoted", R"(${A:-a\ b})", "a b"},
        {"escaped blank in double quotes", R"("${A:-a\ b}")", R"(a\ b)"},
        // Where the default ends, as bash finds its }.
        {"escaped } unquoted", R"(${A:-a\}b})", "a}b"},
        {"escaped } in double quotes", R"("${A:-a\}b}")", "a}b"},
        {"} in the default's double quotes", R"(${A:-"a}b"})", "a}b"},
        {"} in the default's single quotes", R"(${A:-'a}b'})", "a}b"},
        {"} in the default's double quotes, double-quoted", R"("${A:-"x}y"}")", "x}y"},
        {"a bare { is not counted", R"(${A:-x{y})", "x{y"},
        {"escaped } nested", R"(${A:-${B:-c\}d}e})", "c}de"},
    });
}

void TestLaunchImport::defaultsAsBashReadsThem()
{
    compareShellWord("");
}

// $(( … )) with NNODES=4 and GPUS=8 set by the file: each expected word is what Debian 12's bash 5.2 prints
// for `printf '[%s]\n' WORD` (checked by hand). What the file alone cannot give stays as written, one word:
// an unset variable (bash would take 0), division by zero, an overflow, an octal literal, an operator sizes
// do not need.
void TestLaunchImport::arithmeticAsBashReadsIt_data()
{
    addShellWordRows({
        {"product of variables", "$((NNODES * GPUS * 4))", "128"},
        {"parentheses", "$(( (2 + 6) / 3 ))", "2"},
        {"remainder", "$((7 % 4))", "3"},
        {"unary minus", "$((-3 + 5))", "2"},
        {"division truncates towards zero", "$((-7 / 2))", "-3"},
        {"difference", "$((2-3))", "-1"},
        {"$NAME and ${NAME}", "$(( $NNODES * ${GPUS} ))", "32"},
        {"in double quotes", "\"--x=$((2*3))\"", "--x=6"},
        {"unset variable", "$((UNSET * 2))", "$((UNSET * 2))"},
        {"division by zero", "$((4 / (GPUS - 8)))", "$((4 / (GPUS - 8)))"},
        {"overflow", "$((9223372036854775807 + 1))", "$((9223372036854775807 + 1))"},
        {"octal", "$((010 * 2))", "$((010 * 2))"},
        {"power", "$((2 ** 3))", "$((2 ** 3))"},
        {"comparison", "$((GPUS > 4))", "$((GPUS > 4))"},
    });
}

void TestLaunchImport::arithmeticAsBashReadsIt()
{
    compareShellWord("NNODES=4\nGPUS=8\n");
}

// A launch script derives sizes as SLURM scripts do: the batch from $(( … )) is read, a size from a command's
// output ($( … ), which only running it would give) is one unread word — the flag it feeds listed as not
// used, never split into commands of its own; an unclosed one is a located syntax error; parentheses nested
// deeper than the evaluator goes stay as written.
void TestLaunchImport::substitutionsStayOneWord()
{
    const std::string text = "GPUS_PER_NODE=8\n"
                             "NNODES=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | wc -l)\n"
                             "torchrun --nnodes $NNODES --nproc-per-node $GPUS_PER_NODE pretrain_gpt.py \\\n"
                             "  --tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 \\\n"
                             "  --micro-batch-size 1 --global-batch-size $(( 16 * GPUS_PER_NODE )) \\\n"
                             "  --data-path $(ls /data | head -1) --bf16\n";
    const launch::ShellReadResult read = launch::readShell(text, "Megatron-LM");
    QVERIFY(!read.error);
    QCOMPARE(read.commands.size(), std::size_t(1));
    const LaunchImport imported = importLaunch(LaunchFormat::Megatron, text, testing::example("default"));
    QVERIFY2(imported.design, qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->workload.globalBatch, std::int64_t{128});
    QCOMPARE(imported.design->layout.tp(), 2);
    for (const char* unread : {"--nnodes (line 3)", "--data-path (line 6)"})
        QVERIFY2(std::ranges::find(imported.unusedSettings, std::string(unread))
                     != imported.unusedSettings.end(),
                 unread);

    for (const char* unclosed : {"echo $((1 + 2\n", "echo $(date\n"}) {
        const launch::ShellReadResult bad = launch::readShell(unclosed, "bash");
        QVERIFY2(bad.error && bad.error->path == "line 1", unclosed);
    }
    const std::string deep = "echo $((" + std::string(200, '(') + "1" + std::string(200, ')') + "))\n";
    const launch::ShellReadResult nested = launch::readShell(deep, "bash");
    QVERIFY(!nested.error);
    QVERIFY(nested.commands[0].words[1].text.starts_with("$(("));
}

QTEST_GUILESS_MAIN(TestLaunchImport)
#include "tst_launchimport.moc"
