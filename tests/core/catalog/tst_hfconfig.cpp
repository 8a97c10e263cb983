// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json import: every supported architecture's parameter count equals its model card's
// within 0.5 %, fields Meshwright cannot model are named with what it does instead, and bad input gets a
// located message.

#include "catalog/hfconfig.h"

#include <QTest>
#include <fstream>
#include <sstream>

using namespace core;

namespace {

std::string fixture(const QString& name)
{
    std::ifstream in(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/" + name.toStdString());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool hasCodeAt(const std::vector<Diagnostic>& diagnostics, const std::string& code, const std::string& path)
{
    for (const Diagnostic& d : diagnostics)
        if (d.code == code && d.path == path)
            return true;
    return false;
}

} // namespace

class TestHfConfig : public QObject
{
    Q_OBJECT

private slots:
    void parameterCountMatchesTheCard_data();
    void parameterCountMatchesTheCard();
    void commonFields_data();
    void commonFields();
    void unmodelledFieldsAreNamed_data();
    void unmodelledFieldsAreNamed();
    void unmodelledFieldsArePhrases();
    void windowSwitchedOff();
    void gemmaNamesOnlyWhatItLeavesOut_data();
    void gemmaNamesOnlyWhatItLeavesOut();
    void badInput_data();
    void badInput();
    void detection();
};

void TestHfConfig::parameterCountMatchesTheCard_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("active"); // 0: dense, not checked separately

    // Card numbers: the Hub's safetensors count or the card's own statement, as each names it.
    QTest::newRow("Llama 3.1 8B (HF card: 8.03B params)") << "llama-3.1-8b.json" << 8.03e9 << 0.0;
    QTest::newRow("Mistral 7B v0.1 (HF card: 7.24B params)") << "mistral-7b-v0.1.json" << 7.24e9 << 0.0;
    QTest::newRow("Qwen2.5 7B (card: Number of Parameters 7.61B)") << "qwen2.5-7b.json" << 7.61e9 << 0.0;
    QTest::newRow("Qwen3 8B (card: Number of Parameters 8.2B)") << "qwen3-8b.json" << 8.2e9 << 0.0;
    QTest::newRow("Qwen3 30B-A3B (card: 30.5B total, 3.3B activated)") << "qwen3-30b-a3b.json" << 30.5e9 << 3.3e9;
    QTest::newRow("Mixtral 8x7B (Mistral AI: 46.7B total, 12.9B per token)") << "mixtral-8x7b-v0.1.json" << 46.7e9
                                                                             << 12.9e9;
    // DeepSeek-V3's card: 685B, the 671B main model and 14B of its multi-token prediction module, which the
    // checkpoint stores with its own copies of the embedding and the output head (129,280 × 7,168 each);
    // training shares them with the main model, and so does the count. The 37B activated are the main
    // model's (the active count below leaves the MTP depth out).
    QTest::newRow("DeepSeek-V3 (arXiv:2412.19437: 671B + 14B MTP, 37B activated)")
        << "deepseek-v3.json" << 685e9 - 2 * 129280.0 * 7168 << 37e9;
    // The gpt-oss card counts active parameters without the embedding table (a lookup, not a product);
    // Meshwright's active count includes it: 201,088 × 2,880 = 0.579B added to the card's figure.
    QTest::newRow("gpt-oss-20b (arXiv:2508.10925 Table 1: 20.91B, 3.61B active)") << "gpt-oss-20b.json" << 20.91e9
                                                                                 << 3.61e9 + 0.579e9;
    QTest::newRow("gpt-oss-120b (arXiv:2508.10925 Table 1: 116.83B, 5.13B active)") << "gpt-oss-120b.json"
                                                                                   << 116.83e9 << 5.13e9 + 0.579e9;
    // Gemma 2 (arXiv:2408.00118 Table 2) gives the non-embedding parameters; the embedding is the config's
    // vocabulary × hidden (the table counts a padded vocabulary of 256,128). Meshwright counts two of the
    // four RMSNorms per layer (0.004 % of the model).
    QTest::newRow("Gemma 2 9B (arXiv:2408.00118: 8,324,201,984 non-embedding)")
        << "gemma-2-9b.json" << 8324201984.0 + 256000.0 * 3584 << 0.0;
    QTest::newRow("Gemma 2 27B (arXiv:2408.00118: 26,047,480,320 non-embedding)")
        << "gemma-2-27b.json" << 26047480320.0 + 256000.0 * 4608 << 0.0;
    QTest::newRow("Gemma 3 1B (arXiv:2503.19786 Table 1: 302M embedding + 698M non-embedding)")
        << "gemma-3-1b.json" << 302e6 + 698e6 << 0.0;
    // The multimodal checkpoints: their language model (the same Table 1 leaves the 417M vision encoder
    // apart, and so does the import, with a warning at /vision_config).
    QTest::newRow("Gemma 3 4B-it (arXiv:2503.19786 Table 1: 675M embedding + 3,209M non-embedding)")
        << "gemma-3-4b-it.json" << 675e6 + 3209e6 << 0.0;
    QTest::newRow("Gemma 3 27B-it (arXiv:2503.19786 Table 1: 1,416M embedding + 25,600M non-embedding)")
        << "gemma-3-27b-it.json" << 1416e6 + 25600e6 << 0.0;
}

void TestHfConfig::parameterCountMatchesTheCard()
{
    QFETCH(QString, file);
    QFETCH(double, total);
    QFETCH(double, active);
    const HfImportResult result = importHfConfig(fixture(file));
    QVERIFY2(result.model, result.diagnostics.empty() ? "" : result.diagnostics.front().message().c_str());
    const ParameterCounts counts = countParameters(*result.model);
    const double error = std::abs(counts.all.total() / total - 1);
    QVERIFY2(error < 0.005, qPrintable(QStringLiteral("%1 counted, %2 off").arg(counts.all.total()).arg(error)));
    if (active > 0) {
        // The cards round the active count to two or three digits: within 2 %.
        const double activeError = std::abs((counts.active.total() - counts.active.mtp) / active - 1);
        QVERIFY2(activeError < 0.02,
                 qPrintable(QStringLiteral("%1 active, %2 off").arg(counts.active.total()).arg(activeError)));
    }
    for (const Diagnostic& d : result.diagnostics)
        QVERIFY2(!d.isError(), d.message().c_str());
}

// The common fields of a config.json, as the fixtures hold them: head_dim (absent: hidden / heads; Gemma's
// apart from it), tie_word_embeddings (absent: tied, as transformers' PretrainedConfig),
// max_position_embeddings. The checkpoint's torch_dtype and RoPE's scaling change no figure (the design
// chooses its precision; scaling moves positions only): read without a message.
void TestHfConfig::commonFields_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("maxContext");

    QTest::newRow("Llama 3.1 8B: no head_dim, llama3 rope_scaling")
        << "llama-3.1-8b.json" << 128 << false << 131072;
    QTest::newRow("Qwen3 8B: head_dim 128, untied") << "qwen3-8b.json" << 128 << false << 40960;
    QTest::newRow("Gemma 3 1B: head_dim 256 of hidden 1152, tied by default")
        << "gemma-3-1b.json" << 256 << true << 32768;
    QTest::newRow("Gemma 2 9B: float32 checkpoint") << "gemma-2-9b.json" << 256 << true << 8192;
}

void TestHfConfig::commonFields()
{
    QFETCH(QString, file);
    QFETCH(int, headDim);
    QFETCH(bool, tied);
    QFETCH(int, maxContext);
    const HfImportResult result = importHfConfig(fixture(file));
    QVERIFY(result.model);
    QCOMPARE(result.model->headDim, std::int64_t(headDim));
    QCOMPARE(result.model->tiedEmbeddings, tied);
    QCOMPARE(result.model->maxContext, std::int64_t(maxContext));
    for (const Diagnostic& d : result.diagnostics)
        QVERIFY2(d.path != "/torch_dtype" && d.path != "/rope_scaling", d.message().c_str());
}

void TestHfConfig::unmodelledFieldsAreNamed_data()
{
    QTest::addColumn<QString>("file"); // a fixture's name or a config's text
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("named");

    QTest::newRow("Gemma 2's attention soft-capping") << "gemma-2-9b.json"
                                                      << "/attn_logit_softcapping"
                                                      << "attention score soft-capping (tanh at 50)";
    QTest::newRow("Gemma 2's final soft-capping") << "gemma-2-27b.json"
                                                  << "/final_logit_softcapping"
                                                  << "final logit soft-capping (tanh at 30)";
    QTest::newRow("Gemma's post-norms") << "gemma-3-1b.json"
                                        << "/architectures"
                                        << "four norms per layer";
    QTest::newRow("Qwen2's window after full layers")
        << R"({"architectures": ["Qwen2ForCausalLM"], "num_hidden_layers": 28, "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64, "sliding_window": 4096,
        "use_sliding_window": true, "max_window_layers": 21})"
        << "/max_window_layers"
        << "sliding-window attention of 4096 tokens from layer 21";
    QTest::newRow("an irregular order of layers")
        << R"({"architectures": ["GptOssForCausalLM"], "num_hidden_layers": 4, "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64, "sliding_window": 128,
        "num_local_experts": 4, "num_experts_per_tok": 2,
        "layer_types": ["full_attention", "sliding_attention", "full_attention", "full_attention"]})"
        << "/layer_types"
        << "this order of sliding and full attention layers";
    QTest::newRow("GPT-OSS's MXFP4 experts") << "gpt-oss-20b.json" << "/quantization_config" << "mxfp4";
    QTest::newRow("GPT-OSS's attention sinks") << "gpt-oss-20b.json"
                                               << "/architectures"
                                               << "attention sinks";
}

void TestHfConfig::unmodelledFieldsAreNamed()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, named);
    const HfImportResult result
        = importHfConfig(file.startsWith(QLatin1Char('{')) ? file.toStdString() : fixture(file));
    QVERIFY(result.model);
    QVERIFY(hasCodeAt(result.diagnostics, "hf-not-modelled", path.toStdString()));
    bool noted = false;
    for (const std::string& note : result.model->notModelled)
        noted = noted || QString::fromStdString(note).contains(named);
    QVERIFY2(noted, qPrintable(named));
}

// Qwen2.5's config carries a window but switches it off (use_sliding_window false): no warning, no note.
void TestHfConfig::windowSwitchedOff()
{
    const HfImportResult result = importHfConfig(fixture("qwen2.5-7b.json"));
    QVERIFY(result.model);
    QVERIFY(result.diagnostics.empty());
    QVERIFY(result.model->notModelled.empty());
}

// Every other Gemma field is read or changes no figure: the warnings are exactly the features left out.
void TestHfConfig::gemmaNamesOnlyWhatItLeavesOut_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<qint64>("headDim"); // not hidden / heads: 224 and 288

    QTest::newRow("Gemma 2 9B") << "gemma-2-9b.json"
                                << QStringList{"/architectures", "/attn_logit_softcapping",
                                               "/final_logit_softcapping"}
                                << qint64(256);
    QTest::newRow("Gemma 3 1B (soft-capping null)")
        << "gemma-3-1b.json" << QStringList{"/architectures"} << qint64(256);
    // The multimodal config: its text_config's absent fields take transformers' Gemma3TextConfig
    // defaults (head_dim 256, 8 heads, 4 KV heads, vocabulary 262,208) without a warning; the vision tower
    // is named.
    QTest::newRow("Gemma 3 4B-it (text_config with defaults)")
        << "gemma-3-4b-it.json" << QStringList{"/architectures", "/vision_config"} << qint64(256);
    QTest::newRow("Gemma 3 27B-it") << "gemma-3-27b-it.json"
                                    << QStringList{"/architectures", "/vision_config"} << qint64(128);
}

void TestHfConfig::gemmaNamesOnlyWhatItLeavesOut()
{
    QFETCH(QString, file);
    QFETCH(QStringList, paths);
    QFETCH(qint64, headDim);
    const HfImportResult result = importHfConfig(fixture(file));
    QVERIFY(result.model);
    QStringList warned;
    for (const Diagnostic& d : result.diagnostics)
        warned << QString::fromStdString(d.path);
    warned.sort();
    paths.sort();
    QCOMPARE(warned, paths);
    QCOMPARE(result.model->headDim, std::int64_t(headDim));
    QVERIFY(result.model->tiedEmbeddings);
}

void TestHfConfig::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");

    QTest::newRow("malformed") << "{\"architectures\": [" << "io-parse" << "";
    QTest::newRow("unknown architecture") << R"({"architectures": ["BertForMaskedLM"], "hidden_size": 768})"
                                          << "hf-architecture" << "/architectures";
    QTest::newRow("unknown model_type") << R"({"model_type": "t5"})" << "hf-architecture" << "/model_type";
    QTest::newRow("no hidden size") << R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64})"
                                    << "io-missing" << "/hidden_size";
    QTest::newRow("mistyped layers") << R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": "32",
        "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64})"
                                     << "io-type" << "/num_hidden_layers";
    QTest::newRow("DeepSeek without MLA ranks") << R"({"architectures": ["DeepseekV3ForCausalLM"], "num_hidden_layers": 2,
        "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64,
        "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32})"
                                                << "io-missing" << "/kv_lora_rank";
    // Found by fuzzing (tests/fuzz/regressions/hfconfig): nlohmann's out_of_range escaped the importer.
    QTest::newRow("number beyond the double range") << R"({"architectures": ["LlamaForCausalLM"], "rope_theta": 1e400})"
                                                    << "io-parse" << "";
    // Found by fuzzing: a head_dim past 2^53 was taken as is, and the design holding the model did not load.
    QTest::newRow("head_dim of 2^63 - 1") << R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
        "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64,
        "head_dim": 9223372036854775807})"
                                          << "io-too-large" << "/head_dim";
    QTest::newRow("nested 300 deep") << QString("{\"architectures\": ") + QString(300, '[') + QString(300, ']') + "}"
                                     << "io-parse" << "";
    QTest::newRow("multimodal without text_config")
        << R"({"architectures": ["Gemma3ForConditionalGeneration"]})"
        << "io-missing"
        << "/text_config";
    QTest::newRow("multimodal text_config not an object")
        << R"({"architectures": ["Gemma3ForConditionalGeneration"], "text_config": [1]})"
        << "io-type"
        << "/text_config";
    QTest::newRow("multimodal text_config with mistyped layers")
        << R"({"architectures": ["Gemma3ForConditionalGeneration"], "text_config": {"num_hidden_layers": "34"}})"
        << "io-type"
        << "/text_config/num_hidden_layers";
}

void TestHfConfig::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, path);
    const HfImportResult result = importHfConfig(text.toStdString());
    QVERIFY(!result.model);
    QVERIFY(hasCodeAt(result.diagnostics, code.toStdString(), path.toStdString()));
}

void TestHfConfig::detection()
{
    QVERIFY(isHfConfig(Json::parse(fixture("llama-3.1-8b.json"))));
    QVERIFY(isHfConfig(Json::parse(R"({"model_type": "llama"})")));
    QVERIFY(!isHfConfig(Json::parse(R"({"layers": 32, "hidden": 4096})")));
    QVERIFY(!isHfConfig(Json::parse(R"({"model": {"preset": "llama-3.1-8b"}})")));
    QCOMPARE(hfArchitectures().size(), std::size_t(10));
    QVERIFY(importHfConfig(R"({"model_type": "gemma3_text", "num_hidden_layers": 2, "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64})")
                .model->qkNorm);
}

// What is not modelled is said in phrases the GUI translates (core::phraseArgument), with their numbers as
// arguments of their own; the message, the command line's and the model's list say them in English.
void TestHfConfig::unmodelledFieldsArePhrases()
{
    const HfImportResult result = importHfConfig(fixture(QStringLiteral("gemma-2-9b.json")));
    QVERIFY(result.model);
    const auto softcap
        = std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                       [](const Diagnostic& d) { return d.path == "/attn_logit_softcapping"; });
    QVERIFY(softcap != result.diagnostics.end());
    QCOMPARE(
        softcap->message(),
        std::string("The config's attention score soft-capping (tanh at 50) is not modelled: left out: an "
                    "elementwise tanh, no FLOPs or memory counted."));
    const std::optional<Phrase> phrase = phraseOf(softcap->args.at(0));
    QVERIFY(phrase);
    QCOMPARE(phrase->text, std::string("attention score soft-capping (tanh at %1)"));
    QCOMPARE(phrase->args, (std::vector<std::string>{"50"}));
    QVERIFY(!phraseOf(softcap->args.at(1))); // words without numbers: marked where written, kept as they are
    QVERIFY(std::find(result.model->notModelled.begin(), result.model->notModelled.end(),
                      "attention score soft-capping (tanh at 50) (left out: an elementwise tanh, no FLOPs or "
                      "memory counted)")
            != result.model->notModelled.end());
    // A key holding the phrase's separators cannot split its phrase: they are dropped.
    const HfImportResult odd = importHfConfig(
        R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64, "a\u001eb\u001fc": 1})");
    QVERIFY(odd.model);
    const auto field = std::find_if(odd.diagnostics.begin(), odd.diagnostics.end(),
                                    [](const Diagnostic& d) { return d.code == "hf-not-modelled"; });
    QVERIFY(field != odd.diagnostics.end());
    QCOMPARE(phraseOf(field->args.at(0))->args, std::vector<std::string>{"/abc"});
    QVERIFY(field->message().starts_with("The config's field /abc is not modelled"));
}

QTEST_APPLESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
