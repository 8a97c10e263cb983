// meshwright-cli, run in-process: exit codes, the JSON contract, flags and bad input.

#include "catalog.h"
#include "cli.h"
#include "jsonreader.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <sstream>

using core::Json;

namespace {
struct Run
{
    int exitCode;
    std::string out;
    std::string err;
};

Run run(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

Json runJson(std::vector<std::string> args, int expectedExit = 0)
{
    const Run r = run(std::move(args));
    if (r.exitCode != expectedExit)
        qWarning("exit %d: %s %s", r.exitCode, r.out.c_str(), r.err.c_str());
    return Json::parse(r.out, nullptr, false);
}

// The seed's 512-GPU layout from flags (issue 2, "Done when"), followed by `extra`.
std::vector<std::string> seedFlags(std::vector<std::string> extra)
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
    void seedCommandFromTheIssue();
    void megatronDocumentedExample();
    void textReportIsReadable();
    void exitCodes_data();
    void exitCodes();
    void fileWithOverrides();
    void unreadableFileAsJson();
    void presetsList();
    void modelFromFile();
    void calibrateLinkFromNcclTests();

private:
    QTemporaryDir m_dir;
};

// Issue 2, "Done when": the seed's 512-GPU layout built from flags alone.
void TestCli::seedCommandFromTheIssue()
{
    const Json out = runJson(seedFlags({"--json"}));
    QVERIFY(!out.is_discarded());
    QVERIFY(out["worldSize"] == 512);
    QVERIFY(out["valid"] == true);
    QVERIFY(out["groups"]["tp"].size() == 64);
    QVERIFY(out["groups"]["tp"][1] == Json::parse("[8, 9, 10, 11, 12, 13, 14, 15]"));
    QVERIFY(out["groups"]["cp"][0] == Json::parse("[0, 8, 16, 24]"));
    QVERIFY(out["groups"]["dp"][0] == Json::parse("[0, 32, 64, 96]"));
    QVERIFY(out["groups"]["pp"][0] == Json::parse("[0, 128, 256, 384]"));
    QVERIFY(out["parameters"]["total"].get<double>() > 70.5e9);
    // Built from flags alone, the layout has no ZeRO, no sequence parallelism and no recomputation: valid,
    // but its activations do not fit (a warning, not an error).
    QVERIFY(out["diagnostics"].is_array() && out["diagnostics"].size() == 1);
    QVERIFY(hasCode(out, "memory-over-activations"));
    QVERIFY(out["memory"]["fits"] == false);
    const Json fits = runJson(seedFlags({"--zero", "1", "--sp", "--recompute", "selective", "--json"}));
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
    const Run r = run({"evaluate", "--example", "seed-70b-32k-512gpu"});
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
    QTest::newRow("unknown verb") << QStringList{"frobnicate"} << 2 << "unknown verb";
    QTest::newRow("no verb") << QStringList{} << 2 << "Usage";
    QTest::newRow("missing value") << QStringList{"evaluate", "--tp"} << 2 << "--tp needs a value";
    QTest::newRow("inline value") << QStringList{"evaluate", "--example=default", "--tp=8"} << 0 << "valid";
    QTest::newRow("help") << QStringList{"help"} << 0 << "evaluate";
    QTest::newRow("version") << QStringList{"--version"} << 0 << "meshwright-cli";
}

void TestCli::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mention);
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const Run r = run(argv);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2((r.out + r.err).find(mention.toStdString()) != std::string::npos, (r.out + r.err).c_str());
}

void TestCli::fileWithOverrides()
{
    QVERIFY(m_dir.isValid());
    const std::string path = m_dir.filePath(QStringLiteral("design.json")).toStdString();
    const Run exported = run({"evaluate", "--example", "default", "--json"});
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
}

void TestCli::unreadableFileAsJson()
{
    const std::string path = m_dir.filePath(QStringLiteral("broken.json")).toStdString();
    {
        std::ofstream file(path);
        file << "{\"format\": \"meshwright.design\",\n \"version\": 1,\n \"layout\": [}";
    }
    const Run r = run({"evaluate", path, "--json"});
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
    const Run text = run({"presets"});
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
    const Run r = run({"evaluate", "--model", path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.find("tiny.json#/model/layers") != std::string::npos, r.err.c_str());
}

// Issue 7: import an nccl-tests result table to set a link tier's bandwidth and latency.
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
    const Run wrote = run(
        {"calibrate-link", table, "--op", "allreduce", "--link", "nvlink4", "--design", input, "-o", output});
    QCOMPARE(wrote.exitCode, 0);
    std::ifstream written(output);
    const Json design = Json::parse(written);
    QVERIFY(design["cluster"]["links"][0]["id"] == "nvlink4");
    QCOMPARE(run({"evaluate", output}).exitCode, 0);
    // Bad input: no --link, an unknown link, a file that is not nccl-tests output.
    QCOMPARE(run({"calibrate-link", table, "--op", "allreduce"}).exitCode, 2);
    QCOMPARE(run({"calibrate-link", table, "--op", "allreduce", "--link", "warp-drive"}).exitCode, 2);
    QCOMPARE(run({"calibrate-link", input, "--op", "allreduce", "--link", "nvlink4"}).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
