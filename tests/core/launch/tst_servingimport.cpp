// SPDX-License-Identifier: GPL-3.0-or-later
// Serving commands as today's vLLM and SGLang take them (checked against vLLM's vllm/utils/argparse_utils.py,
// vllm/config/cache.py and vllm/config/parallel.py, and SGLang's python/sglang/srt/server_args.py and
// sglang/srt/utils/common.py, of September 2026): token counts with units, each tool's own (vLLM's 32k is
// 32,000 and 32K 32,768; SGLang's 32k is 32,000, 32Ki 32,768 and 32K no count), vLLM's context length "auto",
// the KV cache types each names, the short and alias forms of expert parallelism, and on/off options that
// take no value, so that the model after one stays the model.

#include "evaluate.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

Q_DECLARE_METATYPE(core::LaunchFormat)
Q_DECLARE_METATYPE(core::KvDtype)

class TestServingImport : public QObject
{
    Q_OBJECT
private slots:
    void commands_data();
    void commands();
    void expertsAndSwitches_data();
    void expertsAndSwitches();
    void replicasSpanningNodes();
};

namespace {
constexpr const char* kVllm = "vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 8 ";
constexpr const char* kSglang
    = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp 8 ";
} // namespace

void TestServingImport::commands_data()
{
    QTest::addColumn<core::LaunchFormat>("format");
    QTest::addColumn<QString>("command");
    QTest::addColumn<qint64>("context"); // 0: the base design's (8,192), kept
    QTest::addColumn<core::KvDtype>("kv");
    QTest::addColumn<QString>("code"); // a diagnostic the import must give, or empty for none
    const auto vllm = [](const char* rest) { return QString(kVllm) + rest; };
    const auto sglang = [](const char* rest) { return QString(kSglang) + rest; };
    QTest::newRow("vLLM plain") << LaunchFormat::Vllm << vllm("--max-model-len 32768") << qint64(32768)
                                << KvDtype::Bf16 << "";
    QTest::newRow("vLLM 32k") << LaunchFormat::Vllm << vllm("--max-model-len 32k") << qint64(32000)
                              << KvDtype::Bf16 << "";
    QTest::newRow("vLLM 32K") << LaunchFormat::Vllm << vllm("--max-model-len 32K") << qint64(32768)
                              << KvDtype::Bf16 << "";
    QTest::newRow("vLLM 25.6k") << LaunchFormat::Vllm << vllm("--max-model-len=25.6k") << qint64(25600)
                                << KvDtype::Bf16 << "";
    QTest::newRow("vLLM 1.5K: no decimals with binary units")
        << LaunchFormat::Vllm << vllm("--max-model-len 1.5K") << qint64(0) << KvDtype::Bf16 << "io-value";
    QTest::newRow("vLLM 32Ki: no such unit")
        << LaunchFormat::Vllm << vllm("--max-model-len 32Ki") << qint64(0) << KvDtype::Bf16 << "io-value";
    QTest::newRow("vLLM auto") << LaunchFormat::Vllm << vllm("--max-model-len auto") << qint64(0)
                               << KvDtype::Bf16 << "launch-approximated";
    QTest::newRow("vLLM -1") << LaunchFormat::Vllm << vllm("--max-model-len -1") << qint64(0) << KvDtype::Bf16
                             << "launch-approximated";
    QTest::newRow("vLLM fp8") << LaunchFormat::Vllm << vllm("--kv-cache-dtype fp8") << qint64(0)
                              << KvDtype::Fp8 << "";
    QTest::newRow("vLLM fp8_inc") << LaunchFormat::Vllm << vllm("--kv-cache-dtype fp8_inc") << qint64(0)
                                  << KvDtype::Fp8 << "";
    QTest::newRow("vLLM bfloat16") << LaunchFormat::Vllm << vllm("--kv-cache-dtype bfloat16") << qint64(0)
                                   << KvDtype::Bf16 << "";
    QTest::newRow("vLLM nvfp4: not a type of the design")
        << LaunchFormat::Vllm << vllm("--kv-cache-dtype nvfp4") << qint64(0) << KvDtype::Bf16 << "io-value";
    QTest::newRow("SGLang 128k") << LaunchFormat::Sglang << sglang("--context-length 128k") << qint64(128000)
                                 << KvDtype::Bf16 << "";
    QTest::newRow("SGLang 128Ki") << LaunchFormat::Sglang << sglang("--context-length 128Ki")
                                  << qint64(131072) << KvDtype::Bf16 << "";
    QTest::newRow("SGLang 128K: units are case-sensitive")
        << LaunchFormat::Sglang << sglang("--context-length 128K") << qint64(0) << KvDtype::Bf16
        << "io-value";
    QTest::newRow("SGLang bf16") << LaunchFormat::Sglang << sglang("--kv-cache-dtype bf16") << qint64(0)
                                 << KvDtype::Bf16 << "";
    QTest::newRow("SGLang mxfp8") << LaunchFormat::Sglang << sglang("--kv-cache-dtype mxfp8") << qint64(0)
                                  << KvDtype::Fp8 << "";
}

void TestServingImport::commands()
{
    QFETCH(core::LaunchFormat, format);
    QFETCH(QString, command);
    QFETCH(qint64, context);
    QFETCH(core::KvDtype, kv);
    QFETCH(QString, code);
    const Design base = testing::example("serving-70b-tp4x2");
    const LaunchImport imported = importLaunch(format, command.toStdString() + "\n", base);
    if (code.isEmpty())
        QVERIFY2(imported.ok() && imported.diagnostics.empty(),
                 qPrintable(testing::describe(imported.diagnostics)));
    else
        QVERIFY2(testing::hasCode(imported.diagnostics, code.toStdString()),
                 qPrintable(testing::describe(imported.diagnostics)));
    if (!imported.design)
        return;
    QCOMPARE(imported.design->model.preset, std::string("llama-3.1-70b"));
    QCOMPARE(imported.design->workload.serving.contextLength,
             context > 0 ? context : base.workload.serving.contextLength);
    QCOMPARE(imported.design->workload.serving.kvDtype, kv);
}

void TestServingImport::expertsAndSwitches_data()
{
    QTest::addColumn<core::LaunchFormat>("format");
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("ep"); // 0: over all DP × TP ranks (vLLM's expert parallelism)
    QTest::newRow("vLLM -ep, after a --no- option") << LaunchFormat::Vllm
                                                    << "vllm serve --no-enable-prefix-caching "
                                                       "mistralai/Mixtral-8x7B-v0.1 -tp 8 -ep"
                                                    << 0;
    QTest::newRow("vLLM --async-scheduling before the model")
        << LaunchFormat::Vllm << "vllm serve --async-scheduling mistralai/Mixtral-8x7B-v0.1 -tp 8" << 1;
    QTest::newRow("vLLM expert parallelism turned off again")
        << LaunchFormat::Vllm
        << "vllm serve mistralai/Mixtral-8x7B-v0.1 -tp 8 --enable-expert-parallel --no-enable-expert-parallel"
        << 1;
    QTest::newRow("SGLang --ep") << LaunchFormat::Sglang
                                 << "python -m sglang.launch_server --model-path mistralai/Mixtral-8x7B-v0.1 "
                                    "--enable-torch-compile --tp 8 --ep 2"
                                 << 2;
}

void TestServingImport::expertsAndSwitches()
{
    QFETCH(core::LaunchFormat, format);
    QFETCH(QString, command);
    QFETCH(int, ep);
    const LaunchImport imported
        = importLaunch(format, command.toStdString() + "\n", testing::example("serving-70b-tp4x2"));
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    const ParallelLayout& l = imported.design->layout;
    QCOMPARE(imported.design->model.preset, std::string("mixtral-8x7b"));
    QCOMPARE(l.tp(), 8);
    QCOMPARE(l.ep(), ep > 0 ? ep : l.dp() * l.tp());
    QVERIFY(l.ep() > 1 || ep == 1);
}

// Replicas larger than a node: one is started over Ray with its executor; several need vLLM's Ray data
// parallelism with the span strategy (vllm-project/vllm pull request 26367, docs/serving/
// data_parallel_deployment.md). The launcher's flags read back as nothing the design holds.
void TestServingImport::replicasSpanningNodes()
{
    for (const int replicas : {1, 2}) {
        const std::string patch = R"({"cluster": {"uniform": {"nodes": )" + std::to_string(2 * replicas)
            + R"(, "gpusPerNode": 8, "gpu": "h100-sxm-80gb", "intraLink": "nvlink4"}}, "layout": {"tp": 16, "dp": )"
            + std::to_string(replicas) + "}}";
        const LoadResult loaded = testing::patched("serving-70b-tp4x2", patch.c_str());
        QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
        const LaunchConfig config
            = launchConfig(*loaded.design, evaluate(*loaded.design), LaunchTarget::Vllm);
        QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
        const auto words = testing::shellWords(config.text).value();
        QCOMPARE(testing::valueAfter(words, "--distributed-executor-backend"), std::string("ray"));
        QCOMPARE(testing::hasWord(words, "--data-parallel-backend"), replicas > 1);
        QCOMPARE(testing::hasWord(words, "VLLM_RAY_DP_PACK_STRATEGY=span"), replicas > 1);
        const LaunchImport back = importLaunch(LaunchFormat::Vllm, config.text, *loaded.design);
        QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
        for (const std::string& unused : back.unusedSettings)
            QVERIFY2(false, unused.c_str()); // every word of the export is read
        QCOMPARE(back.design->layout.tp(), 16);
        QCOMPARE(back.design->layout.dp(), replicas);
    }
}

QTEST_GUILESS_MAIN(TestServingImport)
#include "tst_servingimport.moc"
