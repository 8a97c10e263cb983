// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli --model with a Hugging Face config.json: the architecture is imported (told apart from a
// Meshwright model file by its keys), what it cannot model is warned about, and a config without the
// fields a model needs is a located message with exit code 2; a design written with it keeps the
// architecture, not the path.

#include "cli/cli.h"
#include "report/evaluationio.h"
#include "support/clirun.h"

#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>
#include <sstream>

using testing::runCli;

class TestModelCli : public QObject
{
    Q_OBJECT

private slots:
    void huggingFaceConfig();
    void brokenConfigExitsTwo();
    void designKeepsTheArchitectureNotThePath();
};

// meta-llama/Llama-3.1-8B's card: 8.03B parameters.
void TestModelCli::huggingFaceConfig()
{
    const auto run = runCli({"evaluate", "--model", MESHWRIGHT_SOURCE_DIR "/tests/data/hf/llama-3.1-8b.json", "--json"});
    QVERIFY2(run.exitCode == cli::kExitOk || run.exitCode == cli::kExitDesignErrors, run.err.c_str());
    const core::Json json = core::Json::parse(run.out);
    const double total = json["parameters"]["total"].get<double>();
    QVERIFY2(std::abs(total / 8.03e9 - 1) < 0.005, std::to_string(total).c_str());

    // Mistral's sliding window is modelled (no warning); gpt-oss's attention sinks are named as not modelled.
    const auto mistral = runCli({"evaluate", "--model", MESHWRIGHT_SOURCE_DIR "/tests/data/hf/mistral-7b-v0.1.json"});
    QVERIFY2(mistral.out.find("hf-not-modelled") == std::string::npos, mistral.out.c_str());
    const auto oss = runCli({"evaluate", "--model", MESHWRIGHT_SOURCE_DIR "/tests/data/hf/gpt-oss-20b.json"});
    QVERIFY2(oss.out.find("hf-not-modelled") != std::string::npos, oss.out.c_str());
}

void TestModelCli::brokenConfigExitsTwo()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("config.json").toStdString();
    std::ofstream(path) << R"({"architectures": ["BertForMaskedLM"], "hidden_size": 768})";
    const auto run = runCli({"evaluate", "--model", path});
    QCOMPARE(run.exitCode, cli::kExitUsage);
    QVERIFY2(run.err.find("hf-architecture") != std::string::npos, run.err.c_str());
    QVERIFY2(run.err.find("BertForMaskedLM") != std::string::npos, run.err.c_str());
    // A known architecture without a field its model needs: the key that is missing.
    std::ofstream(path) << R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
                              "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64})";
    const auto missing = runCli({"evaluate", "--model", path});
    QCOMPARE(missing.exitCode, cli::kExitUsage);
    QVERIFY2(missing.err.find("/hidden_size") != std::string::npos, missing.err.c_str());
}

// The design keeps the architecture, not a path (README, "Importing a Hugging Face config.json"): a design
// written with --model config.json (here by import -o, over a Megatron-LM argument file of degrees only)
// holds the model's fields and not the file's path, and evaluates the same after the config is gone.
void TestModelCli::designKeepsTheArchitectureNotThePath()
{
    QTemporaryDir dir;
    const std::string config = dir.filePath("config.json").toStdString();
    {
        std::ifstream in(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/mistral-7b-v0.1.json"); // no preset
        std::ofstream(config) << in.rdbuf();
    }
    const std::string args = dir.filePath("args.sh").toStdString();
    std::ofstream(args) << "--tensor-model-parallel-size 8 --pipeline-model-parallel-size 1\n";
    const std::string design = dir.filePath("design.json").toStdString();
    const auto imported = runCli(
        {"import", "--format", "megatron", args, "--example", "default", "--model", config, "-o", design});
    QVERIFY2(imported.exitCode == cli::kExitOk, imported.err.c_str());
    const auto before = runCli({"evaluate", design, "--json"});
    QVERIFY(std::filesystem::remove(config));
    std::ifstream in(design);
    std::stringstream saved;
    saved << in.rdbuf();
    const std::string text = saved.str();
    QVERIFY2(text.find(dir.path().toStdString()) == std::string::npos, text.c_str()); // no path
    const core::Json model = core::Json::parse(text).at("model");
    QVERIFY2(model.is_object(), text.c_str());
    QCOMPARE(model.at("layers").get<int>(), 32);
    QCOMPARE(model.at("hidden").get<int>(), 4096);
    const auto after = runCli({"evaluate", design, "--json"});
    QCOMPARE(after.exitCode, before.exitCode);
    QVERIFY(core::Json::parse(after.out).at("parameters") == core::Json::parse(before.out).at("parameters"));
}

QTEST_APPLESS_MAIN(TestModelCli)
#include "tst_modelcli.moc"
