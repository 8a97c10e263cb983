// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli, run in-process: exit codes, the JSON contract, flags and bad input.

#include "base/jsonreader.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "performance/computecalibration.h"
#include "support/clirun.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using core::Json;

namespace {
using Run = testing::CliRun;
using testing::runCli;
using testing::runJson;

// The reference article's 512-GPU layout (TP=8, PP=4, CP=4, DP=4) from flags, followed by `extra`.
std::vector<std::string> articleFlags(std::vector<std::string> extra)
{
    std::vector<std::string> args{"evaluate",
                                  "--model",
                                  "llama-3.1-70b",
                                  "--gpu",
                                  "h100-sxm-80gb",
                                  "--nodes",
                                  "64",
                                  "--gpus-per-node",
                                  "8",
                                  "--tp",
                                  "8",
                                  "--pp",
                                  "4",
                                  "--cp",
                                  "4",
                                  "--dp",
                                  "4",
                                  "--seq-len",
                                  "32768"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

bool hasCode(const Json& report, const std::string& code)
{
    for (const Json& d : report["diagnostics"])
        if (d["code"] == code)
            return true;
    return false;
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void articleLayoutFromFlags();
    void megatronDocumentedExample();
    void textReportIsReadable();
    void exitCodes_data();
    void exitCodes();
    void fileWithOverrides();
    void unreadableFileAsJson();
    void presetsList();
    void modelFromFile();
    void calibrateLinkFromNcclTests();
    void searchListsRankedCandidates();
    void evaluateSummarisesLargeLayouts();
    void calibrateComputeWritesTheDesign();
    void importReadsBackTheExport();

private:
    QTemporaryDir m_dir;
};

// The reference article's 512-GPU layout built from flags alone.
void TestCli::articleLayoutFromFlags()
{
    // Built from flags alone, the layout has no ZeRO, no sequence parallelism and no recomputation: its
    // activations do not fit, so it cannot run — an error (exit code 1, valid: false) naming the largest
    // part; the step's schedule and performance stay, as figures of a layout that cannot run.
    const Run failing = runCli(articleFlags({"--json"}));
    QCOMPARE(failing.exitCode, 1);
    const Json out = Json::parse(failing.out, nullptr, false);
    QVERIFY(!out.is_discarded());
    QVERIFY(out["worldSize"] == 512);
    QVERIFY(out["valid"] == false);
    QVERIFY(out["schedule"].is_object());
    QVERIFY(out["performance"]["stepSeconds"].get<double>() > 0);
    QVERIFY(out["groups"]["tp"].size() == 64);
    QVERIFY(out["groups"]["tp"][1] == Json::parse("[8, 9, 10, 11, 12, 13, 14, 15]"));
    QVERIFY(out["groups"]["cp"][0] == Json::parse("[0, 8, 16, 24]"));
    QVERIFY(out["groups"]["dp"][0] == Json::parse("[0, 32, 64, 96]"));
    QVERIFY(out["groups"]["pp"][0] == Json::parse("[0, 128, 256, 384]"));
    QVERIFY(out["parameters"]["total"].get<double>() > 70.5e9);
    QVERIFY(out["diagnostics"].is_array() && out["diagnostics"].size() == 1);
    QVERIFY(hasCode(out, "memory-does-not-fit"));
    QVERIFY(out["diagnostics"][0]["severity"] == "error");
    QVERIFY(out["diagnostics"][0]["message"].get<std::string>().find("Activations") != std::string::npos);
    QVERIFY(out["memory"]["fits"] == false);
    const Json fits = runJson(articleFlags({"--zero", "1", "--sp", "--recompute", "selective", "--json"}));
    QVERIFY(fits["memory"]["fits"] == true);
    QVERIFY(fits["diagnostics"].empty());
    // A diagnostic carries severity, code, message and path.
    const Json broken = runJson({"evaluate", "--example", "default", "--tp", "3", "--json"}, 1);
    QVERIFY(hasCode(broken, "tp-heads"));
    const Json& d = broken["diagnostics"][0];
    QVERIFY(d["severity"] == "error");
    QVERIFY(d["path"] == "/layout/tp");
    QVERIFY(d["message"].is_string() && !d["message"].get<std::string>().empty());
}

// Megatron-LM parallel_state.py docstring: 16 GPUs, TP=2, PP=4 → DP=2, with order tp-dp-pp.
void TestCli::megatronDocumentedExample()
{
    const Json out = runJson({"evaluate", "--nodes", "2", "--gpus-per-node", "8", "--tp", "2", "--pp", "4",
                              "--order", "tp-dp-pp", "--global-batch", "16", "--json"});
    QVERIFY(out["worldSize"] == 16);
    QVERIFY(out["groups"]["dp"] == Json::parse("[[0,2],[1,3],[4,6],[5,7],[8,10],[9,11],[12,14],[13,15]]"));
    QVERIFY(out["groups"]["pp"] == Json::parse("[[0,4,8,12],[1,5,9,13],[2,6,10,14],[3,7,11,15]]"));
    QVERIFY(out["ranks"][5]["coords"] == Json::parse(R"({"dp": 0, "tp": 1, "pp": 1, "cp": 0, "ep": 0})"));
}

void TestCli::textReportIsReadable()
{
    const Run r = runCli({"evaluate", "--example", "seed-70b-32k-512gpu"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.find("world size 512 = DP 4 × TP 8 × PP 4 × CP 4 × EP 1") != std::string::npos);
    QVERIFY(r.out.find("70.6 B parameters") != std::string::npos);
    QVERIFY(r.out.find("first 64 of 512") != std::string::npos);
    QVERIFY(r.out.find("The design is valid.") != std::string::npos);
}

void TestCli::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mention"); // in stdout or stderr
    QTest::newRow("valid") << QStringList{"evaluate", "--example", "default"} << 0 << "valid";
    QTest::newRow("design errors") << QStringList{"evaluate", "--example", "default", "--tp", "3"} << 1
                                   << "tp-heads";
    QTest::newRow("missing file") << QStringList{"evaluate", "/no/such/design.json"} << 2 << "io-file";
    QTest::newRow("not a number") << QStringList{"evaluate", "--tp", "eight"} << 2
                                  << "--tp needs a whole number";
    QTest::newRow("zero degree") << QStringList{"evaluate", "--pp", "0"} << 2 << "--pp must be between 1";
    QTest::newRow("unknown flag") << QStringList{"evaluate", "--turbo"} << 2 << "unknown argument '--turbo'";
    QTest::newRow("unknown gpu") << QStringList{"evaluate", "--gpu", "h900"} << 2 << "unknown GPU 'h900'";
    QTest::newRow("unknown model") << QStringList{"evaluate", "--model", "gpt-5"} << 2
                                   << "unknown preset 'gpt-5'";
    QTest::newRow("bad order") << QStringList{"evaluate", "--order", "tp-tp"} << 2 << "--order";
    QTest::newRow("bad schedule") << QStringList{"evaluate", "--schedule", "zigzag"} << 2 << "1f1b";
    // A named framework runs only the schedules of its profile (docs/frameworks.md); Auto models any.
    QTest::newRow("framework lacks the schedule")
        << QStringList{"evaluate",      "--example",  "default", "--framework",
                       "megatron-core", "--schedule", "zb-h1"}
        << 1 << "framework-schedule  /layout/schedule";
    QTest::newRow("framework lacks the schedule, JSON")
        << QStringList{"evaluate",      "--example",  "default", "--framework",
                       "megatron-core", "--schedule", "zb-h1",   "--json"}
        << 1 << "Frameworks that run it: PyTorch FSDP2 / DDP.";
    QTest::newRow("DualPipe under a named framework") << QStringList{
        "evaluate", "--example",        "default", "--framework", "megatron-core", "--schedule",
        "dualpipe", "--virtual-stages", "2"} << 1 << "and no other framework does";
    QTest::newRow("Auto models any schedule")
        << QStringList{"evaluate", "--example", "default", "--schedule", "zb-h1"} << 0 << "valid";
    QTest::newRow("unknown verb") << QStringList{"frobnicate"} << 2 << "unknown verb";
    QTest::newRow("no verb") << QStringList{} << 2 << "Usage";
    QTest::newRow("missing value") << QStringList{"evaluate", "--tp"} << 2 << "--tp needs a value";
    QTest::newRow("inline value") << QStringList{"evaluate", "--example=default", "--tp=8"} << 0 << "valid";
    // A switch given a value is refused, never read as the bare switch: a trailing --sp=false turned
    // sequence parallelism on, --json=yes was accepted.
    QTest::newRow("--sp=false last") << QStringList{"evaluate", "--example", "default", "--sp=false"} << 2
                                     << "--sp takes no value (given '--sp=false')";
    QTest::newRow("--sp=false first")
        << QStringList{"evaluate", "--sp=false", "--example", "default"} << 2 << "--sp takes no value";
    QTest::newRow("--json=yes") << QStringList{"evaluate", "--example", "default", "--json=yes"} << 2
                                << "--json takes no value";
    QTest::newRow("schedule --json=1")
        << QStringList{"schedule", "--stages=2", "--micro-batches=4", "--json=1"} << 2
        << "--json takes no value";
    QTest::newRow("schedule inline values")
        << QStringList{"schedule", "--kind=zb-h1", "--stages=2", "--micro-batches=4", "--forward=1.5"} << 0
        << "zb-h1 schedule";
    // 1e308 made the makespan infinite and the text ruler loop for ever.
    QTest::newRow("schedule --forward 1e308")
        << QStringList{"schedule", "--stages",   "2",    "--micro-batches", "2", "--forward",
                       "1e308",    "--backward", "1e308"}
        << 1 << "value-range  --forward";
    QTest::newRow("search --top=1") << QStringList{"search", "--example=teaching-4gpu", "--top=1"} << 0
                                    << "1.";
    QTest::newRow("help") << QStringList{"help"} << 0 << "evaluate";
    QTest::newRow("verb --help") << QStringList{"evaluate", "--help"} << 0 << "--tp-comm-overlap";
    QTest::newRow("verb -h") << QStringList{"collective", "-h"} << 0 << "--algo";
    QTest::newRow("version") << QStringList{"--version"} << 0 << "meshwright-cli";
}

void TestCli::exitCodes()
{
    testing::checkExitCodeRow();
}

void TestCli::fileWithOverrides()
{
    QVERIFY(m_dir.isValid());
    const std::string path = m_dir.filePath(QStringLiteral("design.json")).toStdString();
    const Run exported = runCli({"evaluate", "--example", "default", "--json"});
    QCOMPARE(exported.exitCode, 0);
    // Write the default example's document (not its evaluation) by round-tripping through the library.
    {
        std::ofstream file(path);
        file << R"({"format": "meshwright.design", "version": 1, "name": "t", "model": "llama-3.1-8b",
                    "cluster": {"fabric": "ib-ndr-400", "uniform": {"nodes": 2, "gpusPerNode": 8,
                                "gpu": "a100-80gb", "intraLink": "nvlink3"}},
                    "layout": {"tp": 4, "dp": 4}, "futureKey": true})";
    }
    Json out = runJson({"evaluate", path, "--json"});
    QVERIFY(out["worldSize"] == 16);
    QVERIFY(hasCode(out, "io-unknown-key")); // reported, not silently dropped
    out = runJson({"evaluate", path, "--tp", "8", "--dp", "2", "--json"});
    QVERIFY(out["worldSize"] == 16);
    QVERIFY(out["groups"]["tp"][0].size() == 8);
    // Overriding the cluster keeps the rest of the file.
    out = runJson({"evaluate", path, "--nodes", "4", "--json"});
    QVERIFY(out["gpus"]["total"] == 32);
    QVERIFY(hasCode(out, "world-size-idle-gpus"));
    // TP communication overlap: with SP it shortens the step; without, a warning says it does nothing.
    const Json exposed = runJson({"evaluate", "--example", "default", "--json"});
    const Json overlapped = runJson({"evaluate", "--example", "default", "--tp-comm-overlap", "--json"});
    QVERIFY(overlapped["performance"]["stepSeconds"].get<double>()
            < exposed["performance"]["stepSeconds"].get<double>());
    QVERIFY(hasCode(runJson({"evaluate", "--example", "default", "--no-sp", "--tp-comm-overlap", "--json"}),
                    "tp-overlap-without-sp"));
    // The framework's switches (docs/frameworks.md): Megatron-LM --overlap-grad-reduce hides the gradient
    // reduction under backward; --no-ddp-overlap exposes DDP's; a switch the framework lacks is refused.
    const auto step = [](const Json& out) { return out["performance"]["stepSeconds"].get<double>(); };
    const Json megatron = runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--framework", "megatron-core",
                                   "--zero", "1", "--json"});
    QVERIFY(step(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--framework", "megatron-core", "--zero",
                          "1", "--overlap-grad-reduce", "--overlap-param-gather", "--json"}))
            < step(megatron));
    QVERIFY(step(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--zero", "0", "--no-ddp-overlap", "--json"}))
            > step(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--zero", "0", "--json"})));
    // FSDP2 with gradient sync on the last micro-batch only: less data-parallel time (the accumulation of
    // whole gradients costs HBM time instead, so the step itself may not shrink).
    const auto dataParallel = [](const Json& out) { return out["performance"]["dataParallelSeconds"].get<double>(); };
    QVERIFY(dataParallel(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--grad-sync-once-per-step",
                                  "--no-reshard-after-forward", "--json"}))
            < dataParallel(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--no-reshard-after-forward",
                                    "--json"})));
    QVERIFY(hasCode(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--overlap-param-gather", "--json"}),
                    "framework-switch"));
    // Megatron-Core overlaps the all-to-all only without full recomputation, which the example runs.
    QVERIFY(hasCode(runJson({"evaluate", "--example", "mixtral-8x7b-ep8", "--overlap-moe-a2a", "--recompute",
                             "selective", "--json"}),
                    "framework-switch")
            == false);
    QVERIFY(hasCode(runJson({"evaluate", "--example", "mixtral-8x7b-ep8", "--overlap-moe-a2a", "--json"}),
                    "framework-switch"));
    // --async-checkpoint: the node's host memory holds the checkpoint staging (FSDP2: 12 bytes per
    // parameter of the replica the node holds); DeepSpeed has no such switch.
    const Json staged = runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--async-checkpoint", "--json"});
    const double need = staged["memory"]["host"]["groups"][0]["needBytes"].get<double>();
    QVERIFY2(need > 12 * 8.0e9 && need < 12 * 8.1e9, qPrintable(QString::number(need)));
    QVERIFY(hasCode(runJson({"evaluate", "--example", "fsdp-1node-8gpu", "--framework", "deepspeed", "--zero",
                             "2", "--async-checkpoint", "--json"}),
                    "framework-switch"));
    // --no-grad-reduce-in-fp32: Megatron-Core's gradient buffer in BF16 and the optimizer's FP32 copy of its
    // shard, 4 + 16/d bytes per parameter instead of 6 + 12/d; at DP 4 one byte less per parameter of the
    // peak rank (70B at TP 4 × PP 2: 8.8 B). FP32 training cannot reduce in 16 bits.
    const std::vector<std::string> dp4{"evaluate", "--example", "default", "--tp",
                                       "4",        "--dp",      "4",       "--json"};
    const double fp32Peak = runJson(dp4, 1)["memory"]["peakBytes"].get<double>(); // 132 GB: does not fit
    std::vector<std::string> bf16 = dp4;
    bf16.insert(bf16.end() - 1, "--no-grad-reduce-in-fp32");
    const double bf16Peak = runJson(bf16, 1)["memory"]["peakBytes"].get<double>();
    QVERIFY2(fp32Peak - bf16Peak > 8.8e9 && fp32Peak - bf16Peak < 9.4e9,
             qPrintable(QString::number(fp32Peak - bf16Peak)));
    QVERIFY(hasCode(runJson({"evaluate", "--example", "default", "--precision", "fp32",
                             "--no-grad-reduce-in-fp32", "--json"},
                            1),
                    "framework-switch"));
    // --fp8-recipe: current scaling reads every FP8 GEMM input once more for its amax, so the step is
    // slower than with delayed scaling; MXFP8 on the example's H100s is refused; an unknown recipe is a
    // usage error.
    const std::vector<std::string> fp8{"evaluate",    "--example", "fsdp-1node-8gpu",
                                       "--precision", "fp8",       "--json"};
    std::vector<std::string> current = fp8;
    current.insert(current.end() - 1, {"--fp8-recipe", "tensorwise"});
    QVERIFY(runJson(current)["performance"]["stepSeconds"].get<double>()
            > runJson(fp8)["performance"]["stepSeconds"].get<double>());
    std::vector<std::string> mx = fp8;
    mx.insert(mx.end() - 1, {"--fp8-recipe", "mxfp8"});
    QVERIFY(hasCode(runJson(mx, 1), "fp8-recipe-gpu"));
    QCOMPARE(runCli({"evaluate", "--example", "default", "--fp8-recipe", "nvfp4"}).exitCode, 2);
    // --recompute-layers: full recomputation of only the first layers of each chunk costs less time than of
    // every layer; a negative count is a usage error.
    const std::vector<std::string> full{"evaluate", "--example", "default", "--recompute", "full", "--json"};
    std::vector<std::string> partial = full;
    partial.insert(partial.end() - 1, {"--recompute-layers", "10"});
    QVERIFY(runJson(partial)["performance"]["stepSeconds"].get<double>()
            < runJson(full)["performance"]["stepSeconds"].get<double>());
    QCOMPARE(runCli({"evaluate", "--example", "default", "--recompute-layers", "-1"}).exitCode, 2);
    // --offload-activation-layers: the first layers' activations go to host memory, which fills, and
    // Megatron-Core's rule against pipeline parallelism is an error at the field.
    const std::vector<std::string> fsdp{"evaluate",    "--example", "fsdp-1node-8gpu",
                                        "--recompute", "none",      "--json"};
    std::vector<std::string> offloading = fsdp;
    offloading.insert(offloading.end() - 1,
                      {"--framework", "megatron-core", "--offload-activation-layers", "8"});
    const Json offloaded = runJson(offloading);
    std::vector<std::string> plain = fsdp;
    plain.insert(plain.end() - 1, {"--framework", "megatron-core"});
    QVERIFY(offloaded["memory"]["peakBytes"].get<double>()
            < runJson(plain)["memory"]["peakBytes"].get<double>());
    QVERIFY(hasCode(runJson({"evaluate", "--example", "default", "--recompute", "none",
                             "--offload-activation-layers", "4", "--json"},
                            1),
                    "activation-offload-pipeline"));
    // --fused-cross-entropy: Transformer Engine's fused loss moves 6 bytes a logit for the FP32 loss's 52,
    // so the last stage, and with it the step, gets shorter.
    const std::vector<std::string> defaultJson{"evaluate", "--example", "default", "--json"};
    std::vector<std::string> fusedLoss = defaultJson;
    fusedLoss.insert(fusedLoss.end() - 1, "--fused-cross-entropy");
    QVERIFY(runJson(fusedLoss)["performance"]["stepSeconds"].get<double>()
            < runJson(defaultJson)["performance"]["stepSeconds"].get<double>());
    // FSDP2 has no such switch: setting it there is refused at the field.
    std::vector<std::string> fsdpLoss = fp8;
    fsdpLoss.insert(fsdpLoss.end() - 1, "--fused-cross-entropy");
    QVERIFY(hasCode(runJson(fsdpLoss, 1), "framework-switch"));
}

void TestCli::unreadableFileAsJson()
{
    const std::string path = m_dir.filePath(QStringLiteral("broken.json")).toStdString();
    {
        std::ofstream file(path);
        file << "{\"format\": \"meshwright.design\",\n \"version\": 1,\n \"layout\": [}";
    }
    const Run r = runCli({"evaluate", path, "--json"});
    QCOMPARE(r.exitCode, 2);
    const Json out = Json::parse(r.out);
    QVERIFY(out["valid"] == false);
    QVERIFY(hasCode(out, "io-parse"));
    QVERIFY(out["diagnostics"][0]["message"].get<std::string>().find("line 3") != std::string::npos);
}

void TestCli::presetsList()
{
    const Json out = runJson({"presets", "--json"});
    std::vector<std::string> models, gpus;
    for (const Json& m : out["models"])
        models.push_back(m["id"]);
    for (const Json& g : out["gpus"])
        gpus.push_back(g["id"]);
    for (const char* id :
         {"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "mixtral-8x7b", "gpt-3-175b", "qwen3-235b-a22b"})
        QVERIFY2(std::find(models.begin(), models.end(), id) != models.end(), id);
    for (const char* id : {"a100-40gb", "a100-80gb", "h100-sxm-80gb", "h200-141gb", "b200-180gb"})
        QVERIFY2(std::find(gpus.begin(), gpus.end(), id) != gpus.end(), id);
    QVERIFY(out["links"].size() >= 8);
    QVERIFY(out["examples"].size() >= 6);
    const Run text = runCli({"presets"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.find("46.7 B parameters, 12.9 B active") != std::string::npos);
}

void TestCli::modelFromFile()
{
    const std::string path = m_dir.filePath(QStringLiteral("tiny.json")).toStdString();
    {
        std::ofstream file(path);
        file << R"({"name": "Tiny", "layers": 8, "hidden": 512, "ffn": 2048, "heads": 8, "vocab": 32000})";
    }
    Json out = runJson(
        {"evaluate", "--model", path, "--nodes", "1", "--gpus-per-node", "4", "--tp", "2", "--json"});
    QVERIFY(out["valid"] == true);
    QVERIFY(out["worldSize"] == 4); // DP fills the cluster: 4 GPUs / TP 2 = DP 2
    QVERIFY(out["groups"]["dp"][0] == Json::parse("[0, 2]"));
    // A model file with a mistake names the file and the field.
    {
        std::ofstream file(path);
        file << R"({"name": "Tiny", "layers": "eight", "hidden": 512, "heads": 8, "vocab": 32000})";
    }
    const Run r = runCli({"evaluate", "--model", path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.find("tiny.json#/model/layers") != std::string::npos, r.err.c_str());
    // Malformed JSON is located (it said only "not valid JSON"); a number past the double range, deep
    // nesting and a byte that is not UTF-8 do not abort, also with --json and a file name that is not
    // UTF-8.
    const std::string odd = m_dir.filePath(QStringLiteral("tiny")).toStdString() + "\xFF.json";
    const std::vector<std::pair<std::string, std::string>> cases{
        {R"({"name": "Tiny",
  "layers": })",
         "Malformed JSON at line 2, column 13"},
        {R"({"name": "Tiny", "layers": 1e400})", "the number 1e400 is beyond the range of a double"},
        {"{\"x\": " + std::string(100000, '['), "nest deeper than 256 levels"},
        {"{\"name\": \"Ti\xC3(\"}", "invalid UTF-8: byte 0xC3 at byte offset 12"},
    };
    for (const auto& [text, message] : cases) {
        for (const std::string& file : {path, odd}) {
            {
                std::ofstream out(file, std::ios::binary);
                out << text;
            }
            const Run bad = runCli({"evaluate", "--model", file, "--json"});
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2((bad.out + bad.err).find(message) != std::string::npos, (bad.out + bad.err).c_str());
        }
    }
}

// Import an nccl-tests result table to set a link tier's bandwidth and latency.
void TestCli::calibrateLinkFromNcclTests()
{
    const std::string table = MESHWRIGHT_SOURCE_DIR "/tests/data/nccl-allreduce-8xh100.txt";
    const Json fit = runJson({"calibrate-link", table, "--op", "allreduce", "--link", "nvlink4", "--json"});
    QVERIFY(fit["ranks"] == 8);
    QVERIFY(std::abs(fit["link"]["bandwidthGBps"].get<double>() - 360) < 2);
    QVERIFY(std::abs(fit["link"]["latencyUs"].get<double>() - 2.5) < 0.01);
    // Into a design: written atomically, and evaluate sees the measured link.
    const std::string input = m_dir.filePath(QStringLiteral("base.json")).toStdString();
    const std::string output = m_dir.filePath(QStringLiteral("calibrated.json")).toStdString();
    {
        std::ofstream file(input);
        file << core::Catalog::builtin().example("default")->text;
    }
    const Run wrote = runCli(
        {"calibrate-link", table, "--op", "allreduce", "--link", "nvlink4", "--design", input, "-o", output});
    QCOMPARE(wrote.exitCode, 0);
    std::ifstream written(output);
    const Json design = Json::parse(written);
    QVERIFY(design["cluster"]["links"][0]["id"] == "nvlink4");
    QCOMPARE(runCli({"evaluate", output}).exitCode, 0);
    // Bad input: no --link, an unknown link, a file that is not nccl-tests output.
    QCOMPARE(runCli({"calibrate-link", table, "--op", "allreduce"}).exitCode, 2);
    QCOMPARE(runCli({"calibrate-link", table, "--op", "allreduce", "--link", "warp-drive"}).exitCode, 2);
    QCOMPARE(runCli({"calibrate-link", input, "--op", "allreduce", "--link", "nvlink4"}).exitCode, 2);
}

// The search: Llama 3.1 70B on 64 nodes × 8 H100, ranked valid candidates; and its bad input.
void TestCli::searchListsRankedCandidates()
{
    const Json json = runJson({"search", "--example", "default", "--nodes", "64", "--top", "5", "--json"});
    QCOMPARE(json.at("format").get<std::string>(), std::string("meshwright.search"));
    QCOMPARE(json.at("gpus").get<int>(), 512);
    const Json& candidates = json.at("candidates");
    QCOMPARE(candidates.size(), std::size_t{5});
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Json& c = candidates.at(i);
        QCOMPARE(c.at("tp").get<int>() * c.at("pp").get<int>() * c.at("dp").get<int>() * c.at("cp").get<int>()
                     * c.at("ep").get<int>(),
                 512);
        QVERIFY(c.at("peakBytes").get<double>() <= c.at("capacityBytes").get<double>());
        if (i > 0)
            QVERIFY(candidates.at(i - 1).at("stepSeconds").get<double>()
                    <= c.at("stepSeconds").get<double>());
    }
    const Run text = runCli({"search", "--example", "default", "--top", "3"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.find("  1. TP ") != std::string::npos);
    QCOMPARE(runCli({"search", "--example", "default", "--top", "0"}).exitCode, 2);
    const Run serving = runCli({"search", "--example", "serving-70b-tp4x2", "--top", "2"});
    QCOMPARE(serving.exitCode, 0);
    QVERIFY(serving.out.find("tokens/s for the group") != std::string::npos);
    const Run tooBig
        = runCli({"search", "--example", "default", "--model", "llama-3.1-405b", "--nodes", "1"});
    QCOMPARE(tooBig.exitCode, 1);
    QVERIFY(tooBig.err.find("no layout fits") != std::string::npos);
    // What limits it, and the combination closest to fitting.
    QVERIFY(tooBig.err.find(" by memory") != std::string::npos);
    QVERIFY(tooBig.err.find("Closest: TP ") != std::string::npos);

    // The new flags: threads, a limit, the batch policy, the ranking; each bad value a usage error.
    const Json limited = runJson({"search", "--example", "default", "--limit", "50", "--threads", "1", "--batch",
                                  "round-down", "--rank-by", "headroom", "--json"});
    QCOMPARE(limited.at("enumerated").get<int>(), 50);
    QVERIFY(limited.at("limited").get<bool>());
    QCOMPARE(limited.at("batch").get<std::string>(), std::string("round-down"));
    QCOMPARE(limited.at("rankBy").get<std::string>(), std::string("headroom"));
    QVERIFY(limited.at("combinations").get<int>() > 50);
    QCOMPARE(runCli({"search", "--example", "default", "--batch", "some"}).exitCode, 2);
    QCOMPARE(runCli({"search", "--example", "default", "--rank-by", "luck"}).exitCode, 2);
    QCOMPARE(runCli({"search", "--example", "default", "--threads", "0"}).exitCode, 2);
    // What else to try: offload kinds and precisions, as lists; a candidate says which it runs.
    const Json tried = runJson({"search", "--example", "fsdp-1node-8gpu", "--offloads=none,cpu-params",
                                "--precisions", "bf16-mixed,fp8", "--json", "--top", "500"});
    std::set<std::string> kinds;
    for (const Json& c : tried.at("candidates"))
        kinds.insert(c.at("precision").get<std::string>() + "/" + c.at("offload").get<std::string>());
    QVERIFY(kinds.count("fp8/none") && kinds.count("bf16-mixed/none") && kinds.count("fp8/cpu-params"));
    QCOMPARE(tried.at("candidates").front().at("precision").get<std::string>(), std::string("fp8"));
    const Run unknownKind = runCli({"search", "--example", "default", "--offloads", "none,disk"});
    QCOMPARE(unknownKind.exitCode, 2);
    QVERIFY(unknownKind.err.find("--offloads takes a list of none, cpu or cpu-params, not 'disk'")
            != std::string::npos);
    QCOMPARE(runCli({"search", "--example", "default", "--precisions", "fp8,fp8"}).exitCode, 2);
    // A search that cannot finish quickly says how many combinations it holds before it starts.
    const Run huge = runCli({"search", "--example", "default", "--nodes", "16384", "--limit", "1"});
    QVERIFY(huge.err.find("combinations on 131072 GPUs; trying the first 1 (--limit)") != std::string::npos);
}

// Past 4,096 ranks evaluate --json lists one rank per memory role and two groups per dimension, and
// says so; --all-ranks lists every one.
void TestCli::evaluateSummarisesLargeLayouts()
{
    const std::vector<std::string> big{"evaluate", "--model",      "llama-3.1-70b", "--gpu", "h100-sxm-80gb",
                                       "--nodes",  "1024",         "--gpus-per-node", "8",   "--tp",
                                       "8",        "--pp",         "4",             "--global-batch", "2048",
                                       "--zero",   "1",            "--sp",          "--recompute", "selective",
                                       "--json"};
    const Json summary = runJson(big);
    QCOMPARE(summary.at("ranksListed").get<std::string>(), std::string("first of each role"));
    QCOMPARE(summary.at("ranks").size(), std::size_t{4}); // one per pipeline stage on one GPU type
    QCOMPARE(summary.at("memory").at("ranks").size(), std::size_t{4});
    QCOMPARE(summary.at("groups").at("dp").size(), std::size_t{2});
    QCOMPARE(summary.at("ranks").at(1).at("coords").at("pp").get<int>(), 1);
    std::vector<std::string> all = big;
    all.push_back("--all-ranks");
    const Json every = runJson(all);
    QCOMPARE(every.at("ranksListed").get<std::string>(), std::string("all"));
    QCOMPARE(every.at("ranks").size(), std::size_t{8192});
    QCOMPARE(every.at("groups").at("tp").size(), std::size_t{1024});
    QCOMPARE(every.at("memory").at("peakBytes").get<double>(), summary.at("memory").at("peakBytes").get<double>());
}

// Measured layer times set the compute efficiency; predicted against measured afterwards.
void TestCli::calibrateComputeWritesTheDesign()
{
    const QString path = m_dir.filePath(QStringLiteral("calibrated.json"));
    const Json json = runJson({"calibrate-compute", "--example", "default", "--forward", "0.006",
                               "--backward", "0.012", "-o", path.toStdString(), "--json"});
    const double eta = json.at("gemmEfficiency").get<double>();
    QVERIFY(eta > 0.01 && eta < 1);
    // The previous efficiency is the design's own, also when -o wrote the fitted one.
    QCOMPARE(json.at("previousGemmEfficiency").get<double>(),
             testing::example("default").compute.gemmEfficiency);
    QVERIFY(json.at("previousGemmEfficiency").get<double>() != eta);
    const double after = json.at("predictedAfter").at("forward").get<double>()
        + json.at("predictedAfter").at("backward").get<double>();
    QVERIFY(std::abs(after / 0.018 - 1) < 0.001);
    const Json design = runJson({"evaluate", path.toStdString(), "--json"});
    QVERIFY(design.at("valid").get<bool>());
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const Json document = Json::parse(saved.readAll().toStdString());
    QCOMPARE(document.at("computeModel").at("gemmEfficiency").get<double>(), eta);
    QCOMPARE(runCli({"calibrate-compute", "--example", "default"}).exitCode, 2); // no times
    QCOMPARE(runCli({"calibrate-compute", "--example", "default", "--forward", "1e-9", "--backward", "1e-9"})
                 .exitCode,
             1);
}

// export then import gives the example's layout back; a file whose degrees do not fill the cluster exits 2
// with the line.
void TestCli::importReadsBackTheExport()
{
    const QString args = m_dir.filePath(QStringLiteral("megatron-args.sh"));
    QCOMPARE(runCli({"export", "--format", "megatron", "--example", "seed-70b-32k-512gpu", "-o",
                     args.toStdString()})
                 .exitCode,
             0);
    const QString out = m_dir.filePath(QStringLiteral("imported.json"));
    const Run imported = runCli({"import", "--format", "megatron", args.toStdString(), "--example",
                                 "seed-70b-32k-512gpu", "-o", out.toStdString()});
    QCOMPARE(imported.exitCode, 0);
    QVERIFY2(imported.err.find("--master-addr (line 16)") != std::string::npos, imported.err.c_str());
    QVERIFY(runJson({"evaluate", out.toStdString(), "--json"}).at("valid").get<bool>());
    QFile saved(out);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const Json document = Json::parse(saved.readAll().toStdString());
    // The design is named for the file it came from and the model it trains, not for the base.
    QCOMPARE(document.at("name").get<std::string>(), std::string("megatron-args.sh: Llama 3.1 70B"));
    QVERIFY2(document.at("description")
                 .get<std::string>()
                 .starts_with("Imported from megatron-args.sh (megatron)"),
             document.at("description").get<std::string>().c_str());
    const Json layout = document.at("layout");
    QCOMPARE(layout.at("tp").get<int>(), 8);
    QCOMPARE(layout.at("pp").get<int>(), 4);
    QCOMPARE(layout.at("cp").get<int>(), 4);
    QCOMPARE(layout.at("dp").get<int>(), 4);
    QCOMPARE(layout.at("framework").get<std::string>(), std::string("megatron-core"));

    const QString bad = m_dir.filePath(QStringLiteral("bad.toml"));
    std::ofstream(bad.toStdString()) << "[parallelism]\ntensor_parallel_degree = 3\n";
    const Run refused = runCli({"import", bad.toStdString(), "--example", "default"});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.find("launch-cluster  line 2") != std::string::npos, refused.err.c_str());
    QCOMPARE(runCli({"import", "--format", "yaml", bad.toStdString()}).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
