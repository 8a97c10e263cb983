// SPDX-License-Identifier: GPL-3.0-or-later
// What the collective model does with input it cannot price (comm/collective.h checkCollective): each
// diagnostic code from a spec that raises it, bounded work for huge inputs, and the JSON contract of
// `meshwright-cli collective --json` and the spec it reads back (docs/pipeline-and-collective-cases.md).

#include "base/diagnostickinds.h"
#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "comm/collectiveio.h"
#include "support/collectivetest.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <set>

using namespace core;
using namespace testing::collectives;

class TestCollectiveBadInput : public QObject
{
    Q_OBJECT

private slots:
    void diagnostics_data();
    void diagnostics();
    void diagnosticKindsRegistered();
    void largeInputsStayBounded();
    void json();
    void readSpec();
};

void TestCollectiveBadInput::diagnostics_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("expected");
    QTest::addColumn<bool>("costOnly"); // checked on collectiveCost rather than traceCollective
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("ranksPerNode");
    QTest::addColumn<int>("destination");
    QTest::addColumn<double>("intraBandwidth");
    QTest::addColumn<double>("gamma");
    const int ar = static_cast<int>(CollectiveOp::AllReduce);
    const int ag = static_cast<int>(CollectiveOp::AllGather);
    const int rs = static_cast<int>(CollectiveOp::ReduceScatter);
    const int a2a = static_cast<int>(CollectiveOp::AllToAll);
    const int p2p = static_cast<int>(CollectiveOp::SendRecv);
    const int ring = static_cast<int>(CollectiveAlgorithm::Ring);
    const int tree = static_cast<int>(CollectiveAlgorithm::Tree);
    const int pairwise = static_cast<int>(CollectiveAlgorithm::Pairwise);
    const int hier = static_cast<int>(CollectiveAlgorithm::Hierarchical);
    const int direct = static_cast<int>(CollectiveAlgorithm::Direct);
    const double nan = std::nan("");
    const double inf = std::numeric_limits<double>::infinity();
    // Each code with an input that raises it and a near miss that must not (brief: bad input).
    // clang-format off
    QTest::newRow("ranks 0")                  << "collective-ranks" << true << false << ar << ring << 0 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ranks -3")                 << "collective-ranks" << true << false << ar << ring << -3 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ranks 1 is no error")      << "collective-ranks" << false << false << ar << ring << 1 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("single rank")              << "collective-single-rank" << true << false << ar << tree << 1 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("two ranks not single")     << "collective-single-rank" << false << false << ar << tree << 2 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("cost ranks 262145")        << "collective-ranks-too-many" << true << true << ar << ring << 262145 << 1e9 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("cost ranks 262144")        << "collective-ranks-too-many" << false << true << ar << ring << 262144 << 1e9 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("trace ranks 1025")         << "collective-trace-ranks" << true << false << ar << tree << 1025 << 1e6 << 2 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("trace ranks 1024 tree")    << "collective-trace-ranks" << false << false << ar << tree << 1024 << 1e6 << 2 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("trace 128-rank ring")      << "collective-trace-too-large" << true << false << ar << ring << 128 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("trace huge chunk count")   << "collective-trace-too-large" << true << false << ar << tree << 4 << 1e12 << 2000000000 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("trace 64-rank ring fits")  << "collective-trace-too-large" << false << false << ar << ring << 64 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes 0")                  << "collective-bytes" << true << false << ar << ring << 4 << 0.0 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes -5")                 << "collective-bytes" << true << false << ar << ring << 4 << -5.0 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes NaN")                << "collective-bytes" << true << false << ar << ring << 4 << nan << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes inf")                << "collective-bytes" << true << true << ar << ring << 4 << inf << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes 1e19")               << "collective-bytes" << true << true << ar << ring << 4 << 1e19 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("bytes 4")                  << "collective-bytes" << false << false << ar << ring << 4 << 4.0 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("chunks -1")                << "collective-chunks" << true << false << ar << ring << 4 << 1e6 << -1 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("chunks 0 = default")       << "collective-chunks" << false << false << ar << ring << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ring 6 chunks on 4")       << "collective-chunks-uneven" << true << false << ar << ring << 4 << 1e6 << 6 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ring 2 chunks on 4")       << "collective-chunks-uneven" << true << false << ag << ring << 4 << 1e6 << 2 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("pairwise 5 chunks on 4")   << "collective-chunks-uneven" << true << false << a2a << pairwise << 4 << 1e6 << 5 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ring 8 chunks on 4")       << "collective-chunks-uneven" << false << false << ar << ring << 4 << 1e6 << 8 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("tree 3 chunks on 4")       << "collective-chunks-uneven" << false << false << ar << tree << 4 << 1e6 << 3 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("4 chunks of 3 bytes")      << "collective-chunks-exceed-bytes" << true << false << ar << ring << 4 << 3.0 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("4 chunks of 4 bytes")      << "collective-chunks-exceed-bytes" << false << false << ar << ring << 4 << 4.0 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("tree all-gather")          << "collective-algorithm" << true << false << ag << tree << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ring all-to-all")          << "collective-algorithm" << true << false << a2a << ring << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("pairwise all-reduce")      << "collective-algorithm" << true << false << ar << pairwise << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("hierarchical RS")          << "collective-algorithm" << true << false << rs << hier << 4 << 1e6 << 0 << 2 << 1 << 1e11 << 0.0;
    QTest::newRow("direct all-reduce")        << "collective-algorithm" << true << true << ar << direct << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("tree all-reduce")          << "collective-algorithm" << false << false << ar << tree << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("ranks per node -1")        << "collective-ranks-per-node" << true << false << ar << ring << 4 << 1e6 << 0 << -1 << 1 << 1e11 << 0.0;
    QTest::newRow("ranks per node 0")         << "collective-ranks-per-node" << false << false << ar << ring << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("hierarchical 12 on 8")     << "collective-hierarchical-nodes" << true << false << ar << hier << 12 << 1e6 << 0 << 8 << 1 << 1e11 << 0.0;
    QTest::newRow("hierarchical 16 on 8")     << "collective-hierarchical-nodes" << false << false << ar << hier << 16 << 1e6 << 0 << 8 << 1 << 1e11 << 0.0;
    QTest::newRow("ring 12 on 8 is fine")     << "collective-hierarchical-nodes" << false << true << ar << ring << 12 << 1e6 << 0 << 8 << 1 << 1e11 << 0.0;
    QTest::newRow("send to itself")           << "collective-peers" << true << false << p2p << direct << 4 << 1e6 << 0 << 0 << 0 << 1e11 << 0.0;
    QTest::newRow("send past the last rank")  << "collective-peers" << true << false << p2p << direct << 4 << 1e6 << 0 << 0 << 4 << 1e11 << 0.0;
    QTest::newRow("send on one rank")         << "collective-peers" << true << true << p2p << direct << 1 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    QTest::newRow("send 0 → 3")               << "collective-peers" << false << false << p2p << direct << 4 << 1e6 << 0 << 0 << 3 << 1e11 << 0.0;
    QTest::newRow("zero intra bandwidth")     << "collective-link" << true << true << ar << ring << 4 << 1e6 << 0 << 0 << 1 << 0.0 << 0.0;
    QTest::newRow("zero intra, one per node") << "collective-link" << false << true << ar << ring << 4 << 1e6 << 0 << 1 << 1 << 0.0 << 0.0;
    QTest::newRow("negative γ")               << "value-range" << true << true << ar << ring << 4 << 1e6 << 0 << 0 << 1 << 1e11 << -1.0;
    QTest::newRow("zero γ")                   << "value-range" << false << true << ar << ring << 4 << 1e6 << 0 << 0 << 1 << 1e11 << 0.0;
    // clang-format on
}

void TestCollectiveBadInput::diagnostics()
{
    QFETCH(QString, code);
    QFETCH(bool, expected);
    QFETCH(bool, costOnly);
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    QFETCH(double, bytes);
    QFETCH(int, chunks);
    QFETCH(int, ranksPerNode);
    QFETCH(int, destination);
    QFETCH(double, intraBandwidth);
    QFETCH(double, gamma);
    CollectiveSpec spec = makeSpec(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm),
                                   ranks, bytes, chunks, ranksPerNode);
    spec.source = 0;
    spec.destination = destination;
    const std::string wanted = code.toStdString();
    QVERIFY2(diag::findKind(wanted), "the code is registered in diagnostickinds.cpp");
    if (costOnly) {
        CollectiveLinks links = twoTierLinks();
        links.intraNode = linkCost(2e-6, intraBandwidth);
        links.gamma = gamma;
        const CollectiveCost cost = collectiveCost(spec, links);
        QVERIFY2(hasCode(cost.diagnostics, wanted) == expected, codes(cost.diagnostics));
        if (!cost.valid()) {
            QCOMPARE(cost.timeSeconds, 0.0);
            QCOMPARE(cost.busBandwidth, 0.0);
        }
        QVERIFY(std::isfinite(cost.timeSeconds));
        return;
    }
    const CollectiveTrace trace = traceCollective(spec);
    QVERIFY2(hasCode(trace.diagnostics, wanted) == expected, codes(trace.diagnostics));
    if (expected)
        for (const Diagnostic& d : trace.diagnostics)
            if (d.code == wanted)
                QVERIFY2(!d.path.empty() && d.message().find('%') == std::string::npos, d.message().c_str());
    if (!trace.valid()) {
        QVERIFY(trace.steps.empty());
        QVERIFY(simulateCollective(trace, {}).empty());
    }
}

void TestCollectiveBadInput::diagnosticKindsRegistered()
{
    const std::vector<std::string_view> collectiveCodes{"collective-ranks",
                                                        "collective-single-rank",
                                                        "collective-ranks-too-many",
                                                        "collective-trace-ranks",
                                                        "collective-trace-too-large",
                                                        "collective-bytes",
                                                        "collective-chunks",
                                                        "collective-chunks-uneven",
                                                        "collective-chunks-exceed-bytes",
                                                        "collective-algorithm",
                                                        "collective-ranks-per-node",
                                                        "collective-hierarchical-nodes",
                                                        "collective-peers",
                                                        "collective-link"};
    std::set<std::string_view> all;
    for (const DiagnosticKind& kind : diag::allKinds())
        QVERIFY2(all.insert(kind.code).second, kind.code.data()); // codes are unique
    for (std::string_view code : collectiveCodes)
        QVERIFY2(all.count(code) == 1, code.data());
    QCOMPARE(diag::findKind("collective-single-rank")->severity, Severity::Info);
}

// Never crash, never hang: the largest accepted inputs finish quickly and stay finite.
void TestCollectiveBadInput::largeInputsStayBounded()
{
    const CollectiveLinks links = twoTierLinks();
    for (CollectiveAlgorithm a :
         {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Tree, CollectiveAlgorithm::Hierarchical}) {
        const CollectiveCost cost
            = collectiveCost(makeSpec(CollectiveOp::AllReduce, a, 262144, 1e18, 0, 8), links);
        QVERIFY2(cost.valid(), codes(cost.diagnostics));
        QVERIFY(std::isfinite(cost.timeSeconds) && cost.timeSeconds > 0);
    }
    // Pairwise on 2^18 ranks with 6 GPUs per node: the per-step scan is skipped above 4,096 ranks.
    for (int n : {262144, 262143}) {
        const CollectiveCost cost = collectiveCost(
            makeSpec(CollectiveOp::AllToAll, CollectiveAlgorithm::Pairwise, n, 1e18, 0, 6), links);
        QVERIFY2(cost.valid(), codes(cost.diagnostics));
        QVERIFY(std::isfinite(cost.timeSeconds) && cost.timeSeconds > 0);
    }
    // The widest trace: 1,024 ranks on a double tree.
    const CollectiveTrace wide
        = traceCollective(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Tree, 1024, 1e6, 2));
    QVERIFY2(wide.valid(), codes(wide.diagnostics));
    for (int r = 0; r < 1024; r += 97)
        QVERIFY(wide.finalState().holdsAll(r, 0) && wide.finalState().holdsAll(r, 1));
    QVERIFY(wide.finalState().contributors(5, 1).size() == 1024);
}

// The CLI contract: timeSeconds, algBandwidth, busBandwidth, steps[] {index, sends[] {from, to, chunk}}.
void TestCollectiveBadInput::json()
{
    const CollectiveSpec spec = makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4, 1e9);
    const CollectiveLinks links = oneLink(5e-6, 100e9);
    const CollectiveCost cost = collectiveCost(spec, links);
    const CollectiveTrace trace = traceCollective(spec);
    const Json out = collectiveToJson(spec, CostModel::AlphaBeta, cost, &trace, links);
    QCOMPARE(out.at("format").get<std::string>(), std::string(kCollectiveFormat));
    QCOMPARE(out.at("op").get<std::string>(), std::string("allreduce"));
    QCOMPARE(out.at("algorithm").get<std::string>(), std::string("ring"));
    QCOMPARE(out.at("model").get<std::string>(), std::string("alpha-beta"));
    QCOMPARE(out.at("ranks").get<int>(), 4);
    QCOMPARE(out.at("chunks").get<int>(), 4);
    const double time = 6 * 5e-6 + 2 * 0.75 * 1e9 / 100e9;
    QVERIFY(near(out.at("timeSeconds").get<double>(), time));
    QVERIFY(near(out.at("algBandwidth").get<double>(), 1e9 / time));
    QVERIFY(near(out.at("busBandwidth").get<double>(), 1.5 * 1e9 / time));
    QCOMPARE(out.at("busFactor").get<double>(), 1.5);
    const Json& steps = out.at("steps");
    QCOMPARE(steps.size(), std::size_t{6});
    QCOMPARE(steps[0].at("index").get<int>(), 0);
    QCOMPARE(steps[0].at("phase").get<std::string>(), std::string("reduce-scatter"));
    QCOMPARE(steps[5].at("phase").get<std::string>(), std::string("all-gather"));
    QVERIFY(near(steps[0].at("seconds").get<double>(), 5e-6 + 0.25e9 / 100e9));
    const Json& sends = steps[0].at("sends");
    QCOMPARE(sends.size(), std::size_t{4});
    QCOMPARE(sends[0].at("from").get<int>(), 0);
    QCOMPARE(sends[0].at("to").get<int>(), 1);
    QCOMPARE(sends[0].at("chunk").get<int>(), 3);
    QCOMPARE(sends[0].at("reduce").get<bool>(), true);
    QVERIFY(out.at("diagnostics").empty());

    // Without a trace (e.g. beyond the trace limit) the costs stand alone; errors are listed.
    const CollectiveSpec bad = makeSpec(CollectiveOp::AllGather, CollectiveAlgorithm::Tree, 4, 1e9);
    const Json refused = collectiveToJson(bad, CostModel::Nccl, collectiveCost(bad, links), nullptr, links);
    QVERIFY(refused.at("steps").empty());
    QCOMPARE(refused.at("diagnostics").size(), std::size_t{1});
    QCOMPARE(refused.at("diagnostics")[0].at("code").get<std::string>(), std::string("collective-algorithm"));
}

void TestCollectiveBadInput::readSpec()
{
    ReadContext context;
    const CollectiveSpec spec = readCollectiveSpec(
        Json::parse(R"({"op": "alltoall", "ranks": 8, "bytes": 1e9, "chunks": 16, "ranksPerNode": 4})"),
        context);
    QVERIFY2(context.diagnostics.empty(), codes(context.diagnostics));
    QCOMPARE(spec.op, CollectiveOp::AllToAll);
    QCOMPARE(spec.algorithm, CollectiveAlgorithm::Pairwise); // the op's default
    QCOMPARE(spec.ranks, 8);
    QCOMPARE(spec.bytes, 1e9);
    QCOMPARE(spec.chunks, 16);
    QCOMPARE(spec.ranksPerNode, 4);

    ReadContext bad;
    readCollectiveSpec(Json::parse(R"({"algorithm": "butterfly", "ranks": "eight", "bytes": 1})"), bad);
    QVERIFY2(hasCode(bad.diagnostics, "io-missing"), codes(bad.diagnostics)); // no op
    QVERIFY2(hasCode(bad.diagnostics, "io-value"), codes(bad.diagnostics)); // butterfly
    QVERIFY2(hasCode(bad.diagnostics, "io-type"), codes(bad.diagnostics)); // "eight"
}

QTEST_APPLESS_MAIN(TestCollectiveBadInput)
#include "tst_collectivebadinput.moc"
