// SPDX-License-Identifier: GPL-3.0-or-later
// A Megatron-LM script of a dense model no preset has: the model is built from its flags, Megatron-LM's
// defaults (megatron/training/arguments.py) standing for the ones it leaves out, with a located warning
// that says so; the export of such a model reads back as the same architecture.
#include "evaluate.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

const Diagnostic* find(const LaunchImport& imported, std::string_view code, std::string_view text)
{
    for (const Diagnostic& d : imported.diagnostics)
        if (d.code == code && d.message().find(text) != std::string::npos)
            return &d;
    return nullptr;
}

} // namespace

class TestMegatronModelFlags : public QObject
{
    Q_OBJECT

private slots:
    void defaultsStandForWhatIsLeftOut();
    void flagsSayTheRest();
    void vocabulary();
    void exportReadsBack();
};

// Megatron-LM's own memory test gpt3_7b_tp4_pp1_memory_speed (core_v0.19.0 model_config.yaml) gives only the
// shape, GQA, untied embeddings and the vocabulary: an FFN of 4h with GELU, LayerNorm, biases, dropout and
// learned positions are Megatron-LM's defaults (tst_megatronfunctional builds the same by hand). Its layout
// fits one node of H100, as it ran.
void TestMegatronModelFlags::defaultsStandForWhatIsLeftOut()
{
    const LaunchImport imported
        = importLaunch(LaunchFormat::Megatron,
                       "--num-layers 32\n--hidden-size 4096\n--num-attention-heads 32\n"
                       "--group-query-attention\n--num-query-groups 8\n"
                       "--untie-embeddings-and-output-weights\n--seq-length 8192\n"
                       "--max-position-embeddings 8192\n--tokenizer-type NullTokenizer\n"
                       "--vocab-size 131073\n--tensor-model-parallel-size 4\n"
                       "--use-distributed-optimizer\n--micro-batch-size 2\n"
                       "--global-batch-size 8\n--bf16\n",
                       testing::example("fsdp-1node-8gpu"));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    const ModelArchitecture& m = imported.design->model;
    QCOMPARE(m.preset, std::string());
    QCOMPARE(m.layers, 32);
    QCOMPARE(m.hidden, std::int64_t(4096));
    QCOMPARE(m.ffn, std::int64_t(4 * 4096));
    QCOMPARE(m.heads, 32);
    QCOMPARE(m.kvHeads, 8);
    QCOMPARE(m.headDim, std::int64_t(128));
    QCOMPARE(m.vocab, std::int64_t(131073));
    QVERIFY(!m.tiedEmbeddings);
    QVERIFY(m.mlp == MlpKind::Plain);
    QVERIFY(m.norm == NormKind::LayerNorm);
    QVERIFY(m.bias == BiasKind::All);
    QVERIFY(m.dropout);
    QVERIFY(m.positions == PositionEmbedding::Learned);
    QCOMPARE(m.maxContext, std::int64_t(8192));
    const Diagnostic* said = find(imported, "launch-approximated", "a model of its own");
    QVERIFY2(said && said->path == "line 1", qPrintable(testing::describe(imported.diagnostics)));
    const Evaluation e = evaluate(*imported.design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
}

// Each architecture flag as Megatron-LM reads it.
void TestMegatronModelFlags::flagsSayTheRest()
{
    const LaunchImport imported = importLaunch(
        LaunchFormat::Megatron,
        "--num-layers 20\n--hidden-size 2560\n--num-attention-heads "
        "20\n--group-query-attention\n--kv-channels 64\n"
        "--swiglu\n--normalization RMSNorm\n--qk-layernorm\n--disable-bias-linear\n--add-qkv-bias\n"
        "--position-embedding-type rope\n--attention-dropout 0.0\n--hidden-dropout 0.0\n--vocab-size 32000\n",
        testing::example("fsdp-1node-8gpu"));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    const ModelArchitecture& m = imported.design->model;
    QCOMPARE(m.kvHeads, 1); // --group-query-attention without --num-query-groups: one group
    QCOMPARE(m.headDim, std::int64_t(64));
    QCOMPARE(m.ffn, std::int64_t(2560 * 8 / 3 / 64 * 64)); // 6,784
    QVERIFY(m.mlp == MlpKind::Gated);
    QVERIFY(m.norm == NormKind::RmsNorm);
    QVERIFY(m.qkNorm);
    QVERIFY(m.bias == BiasKind::Qkv);
    QVERIFY(m.tiedEmbeddings);
    QVERIFY(!m.dropout);
    QVERIFY(m.positions == PositionEmbedding::Rope);

    // A normalization Megatron-LM does not have is an error at its line, and nothing is imported.
    const LaunchImport bad = importLaunch(LaunchFormat::Megatron,
                                          "--num-layers 20\n--hidden-size 2560\n--num-attention-heads 20\n"
                                          "--normalization BatchNorm\n",
                                          testing::example("fsdp-1node-8gpu"));
    QVERIFY(!bad.ok());
    QVERIFY(testing::hasCode(bad.diagnostics, "io-value"));
}

// GPT-2's tokenizer has 50,257 tokens; a script that names no vocabulary keeps the base's, and says so.
void TestMegatronModelFlags::vocabulary()
{
    const std::string shape = "--num-layers 12\n--hidden-size 768\n--num-attention-heads 12\n";
    const LaunchImport gpt2
        = importLaunch(LaunchFormat::Megatron, shape + "--tokenizer-type GPT2BPETokenizer\n",
                       testing::example("fsdp-1node-8gpu"));
    QVERIFY2(gpt2.ok(), qPrintable(testing::describe(gpt2.diagnostics)));
    QCOMPARE(gpt2.design->model.vocab, std::int64_t(50257));
    QVERIFY(!find(gpt2, "launch-approximated", "the vocabulary"));
    const LaunchImport none
        = importLaunch(LaunchFormat::Megatron, shape, testing::example("fsdp-1node-8gpu"));
    QVERIFY(none.ok());
    QCOMPARE(none.design->model.vocab, testing::example("fsdp-1node-8gpu").model.vocab);
    QVERIFY(find(none, "launch-approximated", "the vocabulary"));
}

// A custom model's Megatron-LM arguments (launchmegatron.cpp) read back as the same architecture.
void TestMegatronModelFlags::exportReadsBack()
{
    Design design = testing::example("default");
    for (const auto& [mlp, norm, bias, positions, dropout] :
         {std::tuple{MlpKind::Plain, NormKind::LayerNorm, BiasKind::All, PositionEmbedding::Learned, true},
          std::tuple{MlpKind::Gated, NormKind::RmsNorm, BiasKind::Qkv, PositionEmbedding::Rope, false}}) {
        ModelArchitecture m = design.model;
        m.preset.clear();
        m.name = "A model of our own";
        m.layers = 24;
        m.hidden = 2048;
        m.ffn = 5504;
        m.heads = 16;
        m.kvHeads = 8; // TP 8 divides the query groups
        m.headDim = 128;
        m.vocab = 65536;
        m.tiedEmbeddings = mlp == MlpKind::Plain;
        m.mlp = mlp;
        m.norm = norm;
        m.bias = bias;
        m.positions = positions;
        m.dropout = dropout;
        m.maxContext = 8192;
        design.model = m;
        const LaunchConfig exported = launchConfig(design, evaluate(design), LaunchTarget::Megatron);
        const LaunchImport back = importLaunch(LaunchFormat::Megatron, exported.text, design);
        QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
        ModelArchitecture read = back.design->model;
        read.name = m.name;
        read.source = m.source;
        QVERIFY2(read == m, exported.text.c_str());
    }
}

QTEST_APPLESS_MAIN(TestMegatronModelFlags)
#include "tst_megatronmodelflags.moc"
