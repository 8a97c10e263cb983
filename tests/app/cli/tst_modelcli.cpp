// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli --model with a Hugging Face config.json: the architecture is imported (told apart from a
// Meshwright model file by its keys), what it cannot model is warned about, and a config without the
// fields a model needs is a located message with exit code 2.

#include "cli/cli.h"
#include "report/evaluationio.h"
#include "support/clirun.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>

using testing::runCli;

class TestModelCli : public QObject
{
    Q_OBJECT

private slots:
    void huggingFaceConfig();
    void brokenConfigExitsTwo();
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
}

QTEST_APPLESS_MAIN(TestModelCli)
#include "tst_modelcli.moc"
