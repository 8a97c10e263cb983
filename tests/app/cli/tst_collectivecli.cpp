// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli collective, run in-process: the worked cases' times and bandwidths (cases 13, 14 and 17 of
// docs/pipeline-and-collective-cases.md), the JSON contract, groups of a design on their real links, and
// bad input.

#include "base/jsonreader.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "comm/stagecopy.h"
#include "design/designfield.h"
#include "design/designio.h"
#include "support/clirun.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <fstream>
#include <sstream>

using core::Json;

namespace {
using Run = testing::CliRun;
using testing::runCli;

std::vector<std::string> argv(const QStringList& args)
{
    std::vector<std::string> out;
    for (const QString& a : args)
        out.push_back(a.toStdString());
    return out;
}

Json runJson(std::vector<std::string> args, int expectedExit = 0)
{
    args.push_back("--json");
    const Run r = runCli(args);
    if (r.exitCode != expectedExit)
        qWarning("exit %d: %s %s", r.exitCode, r.out.c_str(), r.err.c_str());
    return Json::parse(r.out, nullptr, false);
}

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

std::vector<int> column(const Json& sends, const char* key)
{
    std::vector<int> out;
    for (const Json& s : sends)
        out.push_back(s[key].get<int>());
    return out;
}
} // namespace

class TestCollectiveCli : public QObject
{
    Q_OBJECT

private slots:
    void workedCases_data();
    void workedCases();
    void jsonContract();
    void textExplainsTheBandwidths();
    void textNotes_data();
    void textNotes();
    void groupOfADesign();
    void dualPipeStageCopyPair();
    void groupPricedAsTheStepTime_data();
    void groupPricedAsTheStepTime();
    void designFromAFile();
    void badInput_data();
    void badInput();
    void badInputAsJson();
    void helpListsTheVerb();

private:
    QTemporaryDir m_dir;
};

void TestCollectiveCli::workedCases_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<double>("algBandwidth"); // 0: not checked
    QTest::addColumn<double>("busBandwidth");
    QTest::addColumn<double>("tolerance"); // absolute, seconds
    const QStringList case13{"--ranks", "8", "--bytes", "1e9", "--alpha", "5e-6", "--bandwidth", "100e9"};
    // Case 13: N = 8, n = 1e9 B, α = 5 µs, B = 100 GB/s.
    QTest::newRow("case 13 ring AR = 0.01757 s")
        << (QStringList{"collective", "--op", "allreduce"} + case13) << 0.01757 << 0.0 << 0.0 << 1e-9;
    QTest::newRow("case 13 ring AG = 0.008785 s")
        << (QStringList{"collective", "--op", "allgather"} + case13) << 0.008785 << 0.0 << 0.0 << 1e-9;
    QTest::newRow("case 13 ring RS = 0.008785 s")
        << (QStringList{"collective", "--op", "reducescatter", "--algo", "ring"} + case13) << 0.008785 << 0.0
        << 0.0 << 1e-9;
    QTest::newRow("case 13 p2p = 0.010005 s")
        << QStringList{"collective", "--op",    "sendrecv", "--ranks",     "2",    "--bytes",
                       "1e9",        "--alpha", "5e-6",     "--bandwidth", "100e9"}
        << 0.010005 << 1e9 / 0.010005 << 1e9 / 0.010005 << 1e-9;
    // Case 14: t = 10 ms on 8 ranks. A ring at 175 GB/s all-reduces 1e9 B in exactly 10 ms.
    QTest::newRow("case 14 all_reduce: algbw 100, busbw 175")
        << QStringList{"collective", "--op",    "allreduce", "--ranks",     "8",    "--bytes",
                       "1e9",        "--alpha", "0",         "--bandwidth", "175e9"}
        << 0.01 << 100e9 << 175e9 << 1e-12;
    QTest::newRow("case 14 all_gather S = 1e9: algbw 100, busbw 87.5")
        << QStringList{"collective", "--op",    "allgather", "--ranks",     "8",     "--bytes",
                       "1e9",        "--alpha", "0",         "--bandwidth", "87.5e9"}
        << 0.01 << 100e9 << 87.5e9 << 1e-12;
    QTest::newRow("case 14 alltoall same S: busbw 87.5")
        << QStringList{"collective", "--op",    "alltoall", "--ranks",     "8",     "--bytes",
                       "1e9",        "--alpha", "0",        "--bandwidth", "87.5e9"}
        << 0.01 << 100e9 << 87.5e9 << 1e-12;
    // Case 17: 2 nodes × 8 GPUs, intra α = 2 µs, 300 GB/s; inter α = 10 µs, 50 GB/s.
    const QStringList case17{
        "--ranks",     "16",    "--ranks-per-node", "8",     "--bytes",           "1e9", "--alpha", "2e-6",
        "--bandwidth", "300e9", "--inter-alpha",    "10e-6", "--inter-bandwidth", "50e9"};
    QTest::newRow("case 17 hierarchical = 8.381 ms")
        << (QStringList{"collective", "--op", "allreduce", "--algo", "hierarchical"} + case17) << 8.381e-3
        << 0.0 << 0.0 << 5e-7;
    QTest::newRow("case 17 flat ring at 50 GB/s = 37.8 ms")
        << (QStringList{"collective", "--op", "allreduce", "--algo", "ring"} + case17) << 37.8e-3 << 0.0
        << 0.0 << 1e-9;
}

void TestCollectiveCli::workedCases()
{
    QFETCH(QStringList, args);
    QFETCH(double, seconds);
    QFETCH(double, algBandwidth);
    QFETCH(double, busBandwidth);
    QFETCH(double, tolerance);
    const Json out = runJson(argv(args));
    QVERIFY(!out.is_discarded());
    const double time = out["timeSeconds"].get<double>();
    QVERIFY2(std::abs(time - seconds) <= tolerance, qPrintable(QString::number(time, 'g', 12)));
    if (algBandwidth > 0) {
        QCOMPARE(out["algBandwidth"].get<double>(), algBandwidth);
        QCOMPARE(out["busBandwidth"].get<double>(), busBandwidth);
    }
}

// The JSON keys: timeSeconds, algBandwidth, busBandwidth, steps[] {index, sends[] {from, to, chunk}}; the
// steps are there with --steps only. Ring all-reduce on 4 ranks follows NCCL's send table (runRing in
// src/device/all_reduce.h).
void TestCollectiveCli::jsonContract()
{
    const std::vector<std::string> base{"collective", "--op", "allreduce",   "--ranks", "4",
                                        "--bytes",    "4e6",  "--bandwidth", "100e9"};
    Json out = runJson(base);
    QVERIFY(out["format"] == "meshwright.collective");
    for (const char* key :
         {"timeSeconds", "algBandwidth", "busBandwidth", "busFactor", "steps", "diagnostics"})
        QVERIFY2(out.contains(key), key);
    QVERIFY(out["steps"].empty());
    std::vector<std::string> withSteps = base;
    withSteps.push_back("--steps");
    out = runJson(withSteps);
    const Json& steps = out["steps"];
    QCOMPARE(steps.size(), std::size_t{6});
    const std::vector<std::vector<int>> nccl{{3, 0, 1, 2}, {2, 3, 0, 1}, {1, 2, 3, 0},
                                             {0, 1, 2, 3}, {3, 0, 1, 2}, {2, 3, 0, 1}};
    for (std::size_t t = 0; t < 6; ++t) {
        QCOMPARE(steps[t]["index"].get<int>(), static_cast<int>(t));
        const Json& sends = steps[t]["sends"];
        QCOMPARE(column(sends, "from"), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(column(sends, "to"), (std::vector<int>{1, 2, 3, 0}));
        QCOMPARE(column(sends, "chunk"), nccl[t]);
        QVERIFY(steps[t]["seconds"].get<double>() > 0);
    }
    QVERIFY(steps[0]["phase"] == "reduce-scatter");
    QVERIFY(steps[3]["phase"] == "all-gather");
    // "after": [rank][slot] → the ranks summed into the slot. Step 1: rank 1 added rank 0's chunk 3 to its
    // own and keeps its chunk 1 alone; after the reduce-scatter (step 3) each rank holds one full sum;
    // after the all-gather every slot holds all four.
    QCOMPARE(steps[0]["after"].size(), std::size_t{4});
    QCOMPARE(steps[0]["after"][1].size(), std::size_t{4});
    QCOMPARE(steps[0]["after"][1][3].get<std::vector<int>>(), (std::vector<int>{0, 1}));
    QCOMPARE(steps[0]["after"][1][1].get<std::vector<int>>(), (std::vector<int>{1}));
    for (int r = 0; r < 4; ++r) {
        int full = 0;
        for (const Json& slot : steps[2]["after"][static_cast<std::size_t>(r)])
            full += slot.size() == 4 ? 1 : 0;
        QCOMPARE(full, 1);
        for (const Json& slot : steps[5]["after"][static_cast<std::size_t>(r)])
            QCOMPARE(slot.get<std::vector<int>>(), (std::vector<int>{0, 1, 2, 3}));
    }
}

void TestCollectiveCli::textExplainsTheBandwidths()
{
    const Run r = runCli({"collective", "--op", "allreduce", "--ranks", "8", "--bytes", "1e9", "--alpha", "0",
                          "--bandwidth", "175e9", "--steps"});
    QCOMPARE(r.exitCode, 0);
    for (const char* text : {"Time                 10 ms", "Algorithm bandwidth  100 GB/s",
                             "Bus bandwidth        175 GB/s", "algbw × 2(n-1)/n = algbw × 1.75",
                             "They differ because", "Steps (8 chunks of 125 MB", " 14  all-gather", "0→1:+7"})
        QVERIFY2(r.out.find(text) != std::string::npos, (std::string(text) + "\n" + r.out).c_str());
}

// The text says why algbw and busbw differ, or that they are equal (factor 1); with --steps each step has
// a row of what the buffers hold after it, and the pipelined tree, whose steps do not add up to the
// binomial formula shown as the time, says so (as the GUI does).
void TestCollectiveCli::textNotes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");
    const QStringList link{"--bytes", "1e9", "--alpha", "5e-6", "--bandwidth", "100e9"};
    QTest::newRow("sendrecv: equal, factor 1")
        << (QStringList{"collective", "--op", "sendrecv", "--ranks", "2"} + link)
        << QStringList{"They are equal because the whole message crosses the link once"}
        << QStringList{"They differ"};
    QTest::newRow("ring all-reduce --steps: after rows, steps add up")
        << (QStringList{"collective", "--op", "allreduce", "--ranks", "4", "--steps"} + link)
        << QStringList{"They differ because", "after  0:[0|0|0+3|0] 1:[1|1|1|0+1]",
                       "after  0:[Σ|Σ|Σ|Σ] 1:[Σ|Σ|Σ|Σ] 2:[Σ|Σ|Σ|Σ] 3:[Σ|Σ|Σ|Σ]"}
        << QStringList{"binomial"};
    QTest::newRow("tree all-reduce --steps: the binomial formula noted")
        << (QStringList{"collective", "--op", "allreduce", "--algo", "tree", "--ranks", "8", "--steps"}
            + link)
        << QStringList{"The steps add up to", "MPICH's binomial-tree formula"} << QStringList{};
    QTest::newRow("tree all-reduce without --steps: no note")
        << (QStringList{"collective", "--op", "allreduce", "--algo", "tree", "--ranks", "8"} + link)
        << QStringList{} << QStringList{"binomial", "after  "};
}

void TestCollectiveCli::textNotes()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    const Run r = runCli(argv(args));
    QCOMPARE(r.exitCode, 0);
    for (const QString& text : present)
        QVERIFY2(r.out.find(text.toStdString()) != std::string::npos, qPrintable(text + "\n" + qs(r.out)));
    for (const QString& text : absent)
        QVERIFY2(r.out.find(text.toStdString()) == std::string::npos, qPrintable(text + "\n" + qs(r.out)));
}

// The default design: TP groups stay on NVLink inside a node, DP groups pair ranks on two nodes over
// InfiniBand. The group brings its ranks, links and message.
// Under DualPipe, "pp:i" is pair i of a stage's two copies (core/comm/stagecopy.h): pipeline ranks 0 and
// PP−1 of the first pipeline, all-reducing the bytes the step prices. Refused as a usage error before.
void TestCollectiveCli::dualPipeStageCopyPair()
{
    const Json pair = runJson(
        {"collective", "--example", "seed-70b-32k-512gpu", "--schedule", "dualpipe", "--group", "pp:0"});
    QVERIFY(!pair.is_discarded());
    QVERIFY(pair["op"] == "allreduce");
    QVERIFY(pair["ranks"] == 2);
    QCOMPARE(column(pair["group"]["members"], "rank"), (std::vector<int>{0, 384}));
    core::Design design = *core::exampleDesign("seed-70b-32k-512gpu");
    QVERIFY(core::setField(design, core::Field::Schedule, core::FieldValue{std::string("dualpipe")}));
    QCOMPARE(pair["bytes"].get<double>(), core::stageCopyBytes(design, 0));
    // PP 4: two pairs per pipeline, 128 pipelines.
    const Run past = runCli(
        {"collective", "--example", "seed-70b-32k-512gpu", "--schedule", "dualpipe", "--group", "pp:256"});
    QCOMPARE(past.exitCode, 2);
    QVERIFY2(past.err.find("the design has 256 pp pairs of stage copies (pp:0 to pp:255)")
                 != std::string::npos,
             past.err.c_str());
}

void TestCollectiveCli::groupOfADesign()
{
    const Json tp = runJson({"collective", "--example", "default", "--group", "tp:1", "--steps"});
    QVERIFY(!tp.is_discarded());
    QVERIFY(tp["op"] == "allgather"); // sequence parallelism: the all-gather (Korthikanti et al. 2022, sec. 4.2.2)
    QVERIFY(tp["ranks"] == 8);
    QVERIFY(tp["ranksPerNode"] == 0);
    QCOMPARE(tp["bytes"].get<double>(), 8192.0 * 8192 * 2); // s·b·h·e
    QVERIFY(tp["group"]["dimension"] == "tp");
    QVERIFY(tp["group"]["message"] == "tp-activations");
    QVERIFY(tp["group"]["intraLink"] == "nvlink4");
    QVERIFY(tp["group"]["interLink"].is_null());
    QCOMPARE(tp["group"]["members"][0]["rank"].get<int>(), 8);
    QCOMPARE(tp["group"]["members"][0]["node"].get<int>(), 1);
    QCOMPARE(tp["steps"].size(), std::size_t{7});

    const Json dp = runJson({"collective", "--example", "default", "--group", "dp:0"});
    QVERIFY(dp["op"] == "reducescatter"); // ZeRO-1
    QVERIFY(dp["ranks"] == 2);
    QVERIFY(dp["ranksPerNode"] == 1);
    QVERIFY(dp["group"]["interLink"] == "ib-ndr-400");
    QCOMPARE(column(dp["group"]["members"], "rank"), (std::vector<int>{0, 8}));
    QCOMPARE(column(dp["group"]["members"], "node"), (std::vector<int>{0, 1}));

    // The same 1 GB all-reduce: the group on the fabric takes longer than the one on NVLink, though it has
    // fewer ranks.
    const Json tpGb = runJson({"collective", "--example", "default", "--group", "tp:0", "--bytes", "1e9"});
    const Json dpGb = runJson(
        {"collective", "--example", "default", "--group", "dp:0", "--op", "allreduce", "--bytes", "1e9"});
    QCOMPARE(tpGb["bytes"].get<double>(), 1e9);
    QVERIFY(dpGb["timeSeconds"].get<double>() > 4 * tpGb["timeSeconds"].get<double>());

    const Run text = runCli({"collective", "--example", "default", "--group", "dp:0"});
    QCOMPARE(text.exitCode, 0);
    for (const char* line : {"Group dp:0 of \"Llama 3.1 70B on 4 × 8 H100\": 2 ranks on 2 nodes",
                             "position  1  rank     8  node    1  GPU 0", "between nodes: InfiniBand NDR",
                             "the gradients of one rank's model shard"})
        QVERIFY2(text.out.find(line) != std::string::npos, (std::string(line) + "\n" + text.out).c_str());
}

// A design's group is priced as the step time prices it unless --cost says otherwise. DP group 0 of the
// default design: ranks 0 and 8, one per node, 1 GB all-reduced on one InfiniBand NDR card (50 GB/s, 5 µs:
// links.json). NCCL's ring: base latency 8.4 µs (tuning.cc) + 2 steps of α + (S/2) / (η B), η = 2/3 · S / (S +
// αB) (docs/collectives.md); α–β: 2 (α + (S/2) / B).
void TestCollectiveCli::groupPricedAsTheStepTime_data()
{
    QTest::addColumn<QStringList>("cost");
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("seconds");
    const double bytes = 1e9, alpha = 5e-6, bandwidth = 50e9;
    const double eta = 2.0 / 3.0 * bytes / (bytes + alpha * bandwidth);
    const double ring = 8.4e-6 + 2 * (alpha + bytes / 2 / (eta * bandwidth));
    QTest::newRow("default") << QStringList{} << "nccl-efficiency" << ring;
    QTest::newRow("--cost nccl-efficiency")
        << QStringList{"--cost", "nccl-efficiency"} << "nccl-efficiency" << ring;
    QTest::newRow("--cost alpha-beta") << QStringList{"--cost", "alpha-beta"} << "alpha-beta"
                                       << 2 * (alpha + bytes / 2 / bandwidth);
}

void TestCollectiveCli::groupPricedAsTheStepTime()
{
    QFETCH(QStringList, cost);
    QFETCH(QString, model);
    QFETCH(double, seconds);
    std::vector<std::string> args{"collective", "--example", "default", "--group", "dp:0",
                                  "--op",       "allreduce", "--bytes", "1e9"};
    for (const QString& flag : cost)
        args.push_back(flag.toStdString());
    const Json out = runJson(args);
    QVERIFY(!out.is_discarded());
    QCOMPARE(QString::fromStdString(out["model"].get<std::string>()), model);
    QVERIFY2(std::abs(out["timeSeconds"].get<double>() / seconds - 1) < 1e-9,
             qPrintable(QString::number(out["timeSeconds"].get<double>(), 'g', 12)));
}

void TestCollectiveCli::designFromAFile()
{
    QVERIFY(m_dir.isValid());
    const std::string path = m_dir.filePath(QStringLiteral("design.json")).toStdString();
    {
        std::ofstream file(path);
        file << core::Catalog::builtin().example("teaching-4gpu")->text;
    }
    const Json out = runJson({"collective", "--design", path, "--zero", "0", "--group", "dp:1"});
    QVERIFY(out["op"] == "allreduce"); // ZeRO-0: DDP
    QCOMPARE(column(out["group"]["members"], "rank"), (std::vector<int>{1, 3}));
    // Design flags override the file, as with evaluate.
    const Json zero3 = runJson({"collective", "--design", path, "--zero", "3", "--group", "dp:1"});
    QVERIFY(zero3["op"] == "reducescatter");
}

void TestCollectiveCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mention");
    const QStringList ok{"--ranks", "4", "--bytes", "1e6", "--bandwidth", "1e9"};
    const QStringList ar{"collective", "--op", "allreduce"};
    QTest::newRow("N = 1") << QStringList{"collective", "--op", "allreduce",   "--ranks", "1",
                                          "--bytes",    "1e6",  "--bandwidth", "1e9"}
                           << 2 << "--ranks 1: a collective needs at least two ranks";
    QTest::newRow("zero bytes") << (ar + QStringList{"--ranks", "4", "--bytes", "0", "--bandwidth", "1e9"})
                                << 1 << "collective-bytes";
    QTest::newRow("more chunks than bytes")
        << (ar + QStringList{"--ranks", "4", "--bytes", "3", "--bandwidth", "1e9"}) << 1
        << "4 chunks cannot cut a buffer of 3 bytes";
    QTest::newRow("chunks not a multiple of ranks")
        << (ar + ok + QStringList{"--chunks", "6"}) << 1 << "collective-chunks-uneven";
    QTest::newRow("trace too large") << (ar + ok + QStringList{"--ranks", "2000", "--steps"}) << 1
                                     << "collective-trace-ranks";
    QTest::newRow("algorithm does not apply")
        << (QStringList{"collective", "--op", "allgather", "--algo", "tree"} + ok) << 1
        << "collective-algorithm";
    QTest::newRow("hierarchical needs whole nodes")
        << (QStringList{"collective", "--op", "allreduce", "--algo", "hierarchical", "--ranks-per-node", "3"}
            + ok)
        << 1 << "collective-hierarchical-nodes";
    QTest::newRow("group that does not exist")
        << QStringList{"collective", "--example", "default", "--group", "tp:4"} << 2
        << "there is no group tp:4; the design has 4 tp groups (tp:0 to tp:3)";
    QTest::newRow("group of one rank")
        << QStringList{"collective", "--example", "default", "--group", "cp:0"} << 2 << "has a single rank";
    QTest::newRow("pipeline group") << QStringList{"collective", "--example", "default", "--group", "pp:0"}
                                    << 2 << "point to point";
    QTest::newRow("group without index") << QStringList{"collective", "--example", "default", "--group", "tp"}
                                         << 2 << "--group needs a dimension and a group index";
    QTest::newRow("unknown op") << QStringList{"collective", "--op", "broadcast"} << 2
                                << "--op must be one of";
    QTest::newRow("no op") << (QStringList{"collective"} + ok) << 2 << "--op is required";
    QTest::newRow("no bandwidth") << (ar + QStringList{"--ranks", "4", "--bytes", "1e6"}) << 2
                                  << "--bandwidth BYTES_PER_S is required";
    QTest::newRow("zero bandwidth") << (ar
                                        + QStringList{"--ranks", "4", "--bytes", "1e6", "--bandwidth", "0"})
                                    << 2 << "--bandwidth must be more than zero";
    QTest::newRow("inter link without nodes")
        << (ar + ok + QStringList{"--inter-bandwidth", "5e9"}) << 2 << "need --ranks-per-node";
    QTest::newRow("ranks with a group")
        << QStringList{"collective", "--example", "default", "--group", "tp:0", "--ranks", "4"} << 2
        << "--ranks comes from the group";
    QTest::newRow("links with a group")
        << QStringList{"collective", "--example", "default", "--group", "tp:0", "--bandwidth", "1e9"} << 2
        << "the group's own links are used";
    QTest::newRow("design without a group")
        << (ar + ok + QStringList{"--example", "default"}) << 2 << "needs --group";
    QTest::newRow("missing design file")
        << QStringList{"collective", "--design", "/no/such/design.json", "--group", "tp:0"} << 2 << "io-file";
    QTest::newRow("design without groups")
        << QStringList{"collective", "--example", "default", "--tp", "65536",
                       "--dp",       "65536",     "--group", "tp:0"}
        << 1 << "world-size-too-large";
}

void TestCollectiveCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mention);
    const Run r = runCli(argv(args));
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2((r.out + r.err).find(mention.toStdString()) != std::string::npos, (r.out + r.err).c_str());
}

// With --json a collective that cannot run still answers with the contract, its diagnostics filled in.
void TestCollectiveCli::badInputAsJson()
{
    const Json out = runJson(
        {"collective", "--op", "allreduce", "--ranks", "4", "--bytes", "0", "--bandwidth", "1e9"}, 1);
    QVERIFY(!out.is_discarded());
    QCOMPARE(out["timeSeconds"].get<double>(), 0.0);
    QVERIFY(out["diagnostics"][0]["code"] == "collective-bytes");
    QVERIFY(out["diagnostics"][0]["path"] == "/bytes");
}

void TestCollectiveCli::helpListsTheVerb()
{
    const Run r = runCli({"help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.find("collective --op allreduce|allgather|reducescatter|alltoall|sendrecv")
            != std::string::npos);
    QVERIFY(r.out.find("--group tp|dp|cp|ep|pp:INDEX") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestCollectiveCli)
#include "tst_collectivecli.moc"
