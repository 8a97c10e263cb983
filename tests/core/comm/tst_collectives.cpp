// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives step by step, their costs and per-GPU communication volumes, against the worked cases of
// docs/pipeline-and-collective-cases.md (§3–§6, cases 11–20; a "§" below is a section of that note) and
// the reference article's definitions («Wie Ranks kommunizieren»). Each row names its source.

#include "base/diagnostickinds.h"
#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "comm/collectiveio.h"
#include "comm/commvolume.h"
#include "comm/ddpbuckets.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

using namespace core;

namespace {

CollectiveSpec makeSpec(CollectiveOp op, CollectiveAlgorithm algorithm, int ranks, double bytes = 1e9,
                        int chunks = 0, int ranksPerNode = 0)
{
    CollectiveSpec spec;
    spec.op = op;
    spec.algorithm = algorithm;
    spec.ranks = ranks;
    spec.bytes = bytes;
    spec.chunks = chunks;
    spec.ranksPerNode = ranksPerNode;
    return spec;
}

bool near(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::max(std::abs(actual), std::abs(expected));
}

QByteArray describe(double actual, double expected)
{
    return QByteArray::number(actual, 'g', 12) + " vs expected " + QByteArray::number(expected, 'g', 12);
}

bool hasCode(const std::vector<Diagnostic>& diagnostics, std::string_view code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [code](const Diagnostic& d) { return d.code == code; });
}

QByteArray codes(const std::vector<Diagnostic>& diagnostics)
{
    QByteArray out;
    for (const Diagnostic& d : diagnostics)
        out += QByteArray::fromStdString(d.code + " (" + d.message() + "); ");
    return out;
}

// The chunk each rank sends in a step of a ring trace (the send tables of §3.1), checking that every
// rank sends exactly one chunk, to r + 1.
std::vector<int> ringSendTable(const CollectiveStep& step, int ranks)
{
    std::vector<int> table(static_cast<std::size_t>(ranks), -1);
    for (const CollectiveSend& s : step.sends) {
        if (s.to != (s.from + 1) % ranks || table[static_cast<std::size_t>(s.from)] != -1)
            return {};
        table[static_cast<std::size_t>(s.from)] = s.chunk;
    }
    return table;
}

CollectiveLinks oneLink(double alpha, double bandwidth)
{
    CollectiveLinks links;
    links.intraNode = linkCost(alpha, bandwidth);
    links.interNode = links.intraNode;
    return links;
}

// Case 17: NVLink-class inside nodes, a 50 GB/s per-GPU fabric between them.
CollectiveLinks twoTierLinks()
{
    CollectiveLinks links;
    links.intraNode = linkCost(2e-6, 300e9);
    links.interNode = linkCost(10e-6, 50e9);
    return links;
}

double sum(const std::vector<double>& values)
{
    double total = 0;
    for (double v : values)
        total += v;
    return total;
}

} // namespace

class TestCollectives : public QObject
{
    Q_OBJECT

private slots:
    void stableNames();
    void ringAllReduceNumbers();
    void ringSendTables_data();
    void ringSendTables();
    void reduceScatterOutputIsBlockSum();
    void finalStateMatchesDefinition_data();
    void finalStateMatchesDefinition();
    void doubleTreeLinks_data();
    void doubleTreeLinks();
    void doubleTreeProperties();
    void treePipelining_data();
    void treePipelining();
    void treeStepsOnFourRanks();
    void pairwisePeers_data();
    void pairwisePeers();
    void hierarchicalPhases();
    void sendRecv();
    void alphaBeta_data();
    void alphaBeta();
    void hierarchicalVersusFlatRing();
    void ncclModel_data();
    void ncclModel();
    void stepSecondsAddUpToFormula_data();
    void stepSecondsAddUpToFormula();
    void busBandwidth_data();
    void busBandwidth();
    void ringBusBandwidthIsLinkBandwidth();
    void diagnostics_data();
    void diagnostics();
    void diagnosticKindsRegistered();
    void largeInputsStayBounded();
    void json();
    void readSpec();
    void communicationVolume_data();
    void communicationVolume();
    void ddpBuckets();
    void ddpOverlapTimeline();
};

void TestCollectives::stableNames()
{
    // The CLI and JSON contract (brief): these names never change.
    QCOMPARE(enumNameList<CollectiveOp>(),
             std::string("allreduce|allgather|reducescatter|alltoall|sendrecv"));
    QCOMPARE(enumNameList<CollectiveAlgorithm>(), std::string("ring|tree|pairwise|hierarchical|direct"));
    QCOMPARE(enumNameList<CostModel>(), std::string("alpha-beta|nccl|nccl-efficiency"));
    QCOMPARE(enumFromName<CollectiveOp>("reducescatter"), std::optional{CollectiveOp::ReduceScatter});
    QVERIFY(!enumFromName<CollectiveAlgorithm>("butterfly"));
}

// Case 11: N = 4, one element per chunk, x_r[c] = 4r + c.
void TestCollectives::ringAllReduceNumbers()
{
    const CollectiveTrace trace
        = traceCollective(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4, 16));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(trace.steps.size(), std::size_t{6});
    RankBuffers input(4, std::vector<double>(4));
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            input[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 4 * r + c;
    const std::vector<RankBuffers> after = simulateCollective(trace, input);
    QCOMPARE(after.size(), std::size_t{6});
    const RankBuffers afterRs0{{0, 1, 16, 3}, {4, 5, 6, 10}, {12, 9, 10, 11}, {12, 22, 14, 15}};
    QCOMPARE(after[0], afterRs0);
    for (int r = 0; r < 4; ++r)
        QCOMPARE(after[2][static_cast<std::size_t>(r)][static_cast<std::size_t>(r)], 24.0 + 4 * r);
    for (int r = 0; r < 4; ++r)
        QCOMPARE(after[5][static_cast<std::size_t>(r)], (std::vector<double>{24, 28, 32, 36}));
    // After the reduce-scatter half, rank r's slot r holds all four contributions, the set the view colours.
    for (int r = 0; r < 4; ++r)
        QCOMPARE(trace.steps[2].after.contributors(r, r), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(trace.steps[0].after.contributors(0, 2), (std::vector<int>{0, 3}));
}

void TestCollectives::ringSendTables_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("phase");
    QTest::addColumn<bool>("reduces");
    QTest::addColumn<std::vector<int>>("chunks");
    using V = std::vector<int>;
    const int ar = static_cast<int>(CollectiveOp::AllReduce);
    const int ag = static_cast<int>(CollectiveOp::AllGather);
    const int rs = static_cast<int>(CollectiveOp::ReduceScatter);
    // §3.1 N = 4 send table (NCCL runRing labelling: rank r sends (r − 1 − t) mod N, then (r − u) mod N).
    QTest::newRow("§3.1 AR RS t=0") << ar << 0 << "reduce-scatter" << true << V{3, 0, 1, 2};
    QTest::newRow("§3.1 AR RS t=1") << ar << 1 << "reduce-scatter" << true << V{2, 3, 0, 1};
    QTest::newRow("§3.1 AR RS t=2") << ar << 2 << "reduce-scatter" << true << V{1, 2, 3, 0};
    QTest::newRow("§3.1 AR AG u=0") << ar << 3 << "all-gather" << false << V{0, 1, 2, 3};
    QTest::newRow("§3.1 AR AG u=1") << ar << 4 << "all-gather" << false << V{3, 0, 1, 2};
    QTest::newRow("§3.1 AR AG u=2") << ar << 5 << "all-gather" << false << V{2, 3, 0, 1};
    // Case 12.
    QTest::newRow("case 12 AG u=0") << ag << 0 << "all-gather" << false << V{0, 1, 2, 3};
    QTest::newRow("case 12 AG u=1") << ag << 1 << "all-gather" << false << V{3, 0, 1, 2};
    QTest::newRow("case 12 AG u=2") << ag << 2 << "all-gather" << false << V{2, 3, 0, 1};
    QTest::newRow("case 12 RS t=0") << rs << 0 << "reduce-scatter" << true << V{3, 0, 1, 2};
    QTest::newRow("case 12 RS t=1") << rs << 1 << "reduce-scatter" << true << V{2, 3, 0, 1};
    QTest::newRow("case 12 RS t=2") << rs << 2 << "reduce-scatter" << true << V{1, 2, 3, 0};
}

void TestCollectives::ringSendTables()
{
    QFETCH(int, op);
    QFETCH(int, step);
    QFETCH(QString, phase);
    QFETCH(bool, reduces);
    QFETCH(std::vector<int>, chunks);
    const CollectiveTrace trace
        = traceCollective(makeSpec(static_cast<CollectiveOp>(op), CollectiveAlgorithm::Ring, 4, 1e6));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(trace.steps.size(),
             std::size_t{static_cast<CollectiveOp>(op) == CollectiveOp::AllReduce ? 6u : 3u});
    const CollectiveStep& s = trace.steps[static_cast<std::size_t>(step)];
    QCOMPARE(s.index, step);
    QCOMPARE(QString::fromUtf8(enumName(s.phase).data()), phase);
    QCOMPARE(ringSendTable(s, 4), chunks);
    for (const CollectiveSend& send : s.sends) {
        QCOMPARE(send.reduces, reduces);
        QCOMPARE(send.toChunk, send.chunk);
    }
}

// Case 12: "rank r's RS output = Σ block r"; nccl-tests: o_K = Σ_i i_i[block K], and for
// all-gather o[K-th block] = i_K on every rank. Two chunks per block, to cover segments.
void TestCollectives::reduceScatterOutputIsBlockSum()
{
    const int n = 4;
    const int m = 2;
    RankBuffers input(n, std::vector<double>(n * m));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n * m; ++c)
            input[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 100 * (r + 1) + c;
    const CollectiveTrace rs
        = traceCollective(makeSpec(CollectiveOp::ReduceScatter, CollectiveAlgorithm::Ring, n, 1e6, n * m));
    const RankBuffers out = simulateCollective(rs, input).back();
    for (int r = 0; r < n; ++r)
        for (int c = r * m; c < (r + 1) * m; ++c)
            QCOMPARE(out[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)], 1000.0 + 4 * c);

    const CollectiveTrace ag
        = traceCollective(makeSpec(CollectiveOp::AllGather, CollectiveAlgorithm::Ring, n, 1e6, n * m));
    RankBuffers shards(n, std::vector<double>(n * m, -1)); // -1: not yet received
    for (int r = 0; r < n; ++r)
        for (int c = r * m; c < (r + 1) * m; ++c)
            shards[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 100 * (r + 1) + c;
    const RankBuffers gathered = simulateCollective(ag, shards).back();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n * m; ++c)
            QCOMPARE(gathered[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                     100.0 * (c / m + 1) + c);
}

void TestCollectives::finalStateMatchesDefinition_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("ranksPerNode");
    const auto add = [](CollectiveOp op, CollectiveAlgorithm a, int n, int chunks, int g) {
        QTest::addRow("%s %s n=%d chunks=%d g=%d (definition: reference article + nccl-tests PERFORMANCE.md)",
                      enumName(op).data(), enumName(a).data(), n, chunks, g)
            << static_cast<int>(op) << static_cast<int>(a) << n << chunks << g;
    };
    for (int n = 2; n <= 16; ++n) {
        for (int m : {1, 2, 3}) {
            add(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, n, m * n, 0);
            add(CollectiveOp::AllGather, CollectiveAlgorithm::Ring, n, m * n, 0);
            add(CollectiveOp::ReduceScatter, CollectiveAlgorithm::Ring, n, m * n, 0);
            add(CollectiveOp::AllToAll, CollectiveAlgorithm::Pairwise, n, m * n, 0);
        }
        for (int chunks : {1, 2, n, 2 * n + 1})
            add(CollectiveOp::AllReduce, CollectiveAlgorithm::Tree, n, chunks, 0);
        for (int g = 1; g <= n; ++g)
            if (n % g == 0)
                for (int m : {1, 2})
                    add(CollectiveOp::AllReduce, CollectiveAlgorithm::Hierarchical, n, m * n, g);
        add(CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, n, 3, 0);
        add(CollectiveOp::SendRecv, CollectiveAlgorithm::Ring, n, 2, 0);
    }
}

// Every op's final state against its definition, checked two ways: the sets of contributions (what the
// animation colours) and the numbers (which also catch a contribution added twice).
void TestCollectives::finalStateMatchesDefinition()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    QFETCH(int, chunks);
    QFETCH(int, ranksPerNode);
    CollectiveSpec spec = makeSpec(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm),
                                   ranks, 1e6, chunks, ranksPerNode);
    spec.source = ranks - 1; // a send that is not 0 → 1
    spec.destination = ranks / 3;
    const CollectiveTrace trace = traceCollective(spec);
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(trace.spec.chunks, chunks);
    const int n = ranks;
    const int m = chunks / n; // chunks per block, for block-structured ops
    const auto idx = [](int v) { return static_cast<std::size_t>(v); };

    // Step counts (§3): ring AR 2(N−1); AG, RS, pairwise N−1; hierarchical 2(g−1) + 2(k−1); sendrecv 1;
    // the pipelined tree K + 2H − 1 (K = ⌈C/2⌉ chunks on tree 0, H the deeper tree's height).
    std::size_t expectedSteps = 0;
    switch (spec.algorithm) {
    case CollectiveAlgorithm::Ring:
        expectedSteps = spec.op == CollectiveOp::AllReduce ? 2 * (n - 1)
            : spec.op == CollectiveOp::SendRecv            ? 1
                                                           : n - 1;
        break;
    case CollectiveAlgorithm::Pairwise:
        expectedSteps = idx(n - 1);
        break;
    case CollectiveAlgorithm::Hierarchical:
        expectedSteps = idx(2 * (ranksPerNode - 1) + 2 * (n / ranksPerNode - 1));
        break;
    case CollectiveAlgorithm::Direct:
        expectedSteps = 1;
        break;
    case CollectiveAlgorithm::Tree: {
        int height = 0;
        for (int t = 0; t < 2; ++t)
            for (int r = 0; r < n; ++r) {
                int depth = 0;
                for (int x = r; trace.trees[idx(t)][idx(x)].parent >= 0;
                     x = trace.trees[idx(t)][idx(x)].parent)
                    ++depth;
                height = std::max(height, depth);
            }
        expectedSteps = idx((chunks + 1) / 2 + 2 * height - 1);
        break;
    }
    }
    QCOMPARE(trace.steps.size(), expectedSteps);

    // Every send is well-formed; ring and pairwise ranks send and receive exactly one message per step.
    for (const CollectiveStep& step : trace.steps) {
        std::vector<std::set<int>> sendsTo(idx(n)), receivesFrom(idx(n));
        for (const CollectiveSend& s : step.sends) {
            QVERIFY(s.from >= 0 && s.from < n && s.to >= 0 && s.to < n && s.from != s.to);
            QVERIFY(s.chunk >= 0 && s.chunk < chunks && s.toChunk >= 0 && s.toChunk < chunks);
            sendsTo[idx(s.from)].insert(s.to);
            receivesFrom[idx(s.to)].insert(s.from);
            if (spec.algorithm == CollectiveAlgorithm::Tree) {
                const TreeNode& from = trace.trees[idx(s.channel)][idx(s.from)];
                QVERIFY(s.reduces ? from.parent == s.to : (from.child0 == s.to || from.child1 == s.to));
                QVERIFY(s.channel == (s.chunk < (chunks + 1) / 2 ? 0 : 1));
            }
        }
        if (spec.algorithm == CollectiveAlgorithm::Tree) {
            // A rank passes at most one chunk per tree and direction in a step (§3.3: chunks are pipelined).
            std::set<std::tuple<int, int, bool, int>> chunkPerLink;
            std::set<std::tuple<int, int, bool>> links;
            for (const CollectiveSend& s : step.sends) {
                chunkPerLink.insert({s.from, s.channel, s.reduces, s.chunk});
                links.insert({s.from, s.channel, s.reduces});
            }
            QCOMPARE(chunkPerLink.size(), links.size());
        }
        if (spec.algorithm == CollectiveAlgorithm::Ring || spec.algorithm == CollectiveAlgorithm::Pairwise) {
            for (int r = 0; r < n; ++r) {
                QCOMPARE(sendsTo[idx(r)].size(), std::size_t{1});
                QCOMPARE(receivesFrom[idx(r)].size(), std::size_t{1});
            }
        }
        if (spec.algorithm == CollectiveAlgorithm::Pairwise) {
            for (int r = 0; r < n; ++r) {
                QCOMPARE(*sendsTo[idx(r)].begin(), pairwiseSendPeer(n, r, step.index + 1));
                QCOMPARE(*receivesFrom[idx(r)].begin(), pairwiseReceivePeer(n, r, step.index + 1));
            }
        }
    }

    // The definitions, written here independently of the library.
    const CollectiveState& state = trace.finalState();
    std::vector<int> everyone(idx(n));
    for (int r = 0; r < n; ++r)
        everyone[idx(r)] = r;
    RankBuffers input(idx(n), std::vector<double>(idx(chunks)));
    const auto x = [](int r, int c) { return 1000.0 * (r + 1) + c; };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < chunks; ++c)
            input[idx(r)][idx(c)] = spec.op == CollectiveOp::AllGather && c / m != r ? -1.0 : x(r, c);
    const std::vector<RankBuffers> simulated = simulateCollective(trace, input);
    QCOMPARE(simulated.size(), trace.steps.size());
    const RankBuffers& out = simulated.back();
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < chunks; ++c) {
            double sumOverRanks = 0;
            for (int q = 0; q < n; ++q)
                sumOverRanks += x(q, c);
            const double value = out[idx(r)][idx(c)];
            switch (spec.op) {
            case CollectiveOp::AllReduce: // every rank holds every chunk summed over all ranks
                QCOMPARE(state.contributors(r, c), everyone);
                QCOMPARE(state.block(r, c), c);
                QCOMPARE(value, sumOverRanks);
                break;
            case CollectiveOp::ReduceScatter: // rank r holds block r summed
                if (c / m == r) {
                    QCOMPARE(state.contributors(r, c), everyone);
                    QCOMPARE(value, sumOverRanks);
                }
                break;
            case CollectiveOp::AllGather: // every rank holds every rank's block
                QCOMPARE(state.contributors(r, c), std::vector<int>{c / m});
                QCOMPARE(state.block(r, c), c);
                QCOMPARE(value, x(c / m, c));
                break;
            case CollectiveOp::AllToAll: { // rank r's slot j holds block r from rank j
                const int j = c / m;
                const int sourceChunk = r * m + c % m;
                QCOMPARE(state.contributors(r, c), std::vector<int>{j});
                QCOMPARE(state.block(r, c), sourceChunk);
                QCOMPARE(value, x(j, sourceChunk));
                break;
            }
            case CollectiveOp::SendRecv: {
                int from = r; // the ring shift: r holds r − 1's buffer; direct: only the destination changes
                if (spec.algorithm == CollectiveAlgorithm::Ring)
                    from = (r + n - 1) % n;
                else if (r == spec.destination)
                    from = spec.source;
                QCOMPARE(state.contributors(r, c), std::vector<int>{from});
                QCOMPARE(value, x(from, c));
                break;
            }
            }
        }
    }
}

void TestCollectives::doubleTreeLinks_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("tree");
    QTest::addColumn<int>("parent");
    QTest::addColumn<int>("child0");
    QTest::addColumn<int>("child1");
    // §3.3 n = 8 (NCCL trees.cc ncclGetBtree / ncclGetDtree), as (parent, child0, child1).
    const int table[8][2][3]
        = {{{-1, -1, 4}, {1, -1, -1}}, {{2, -1, -1}, {3, 2, 0}},  {{4, 1, 3}, {1, -1, -1}},
           {{2, -1, -1}, {7, 5, 1}},   {{0, 2, 6}, {5, -1, -1}},  {{6, -1, -1}, {3, 6, 4}},
           {{4, 5, 7}, {5, -1, -1}},   {{6, -1, -1}, {-1, -1, 3}}};
    for (int r = 0; r < 8; ++r)
        for (int t = 0; t < 2; ++t)
            QTest::addRow("§3.3 n=8 r%d tree%d", r, t)
                << 8 << r << t << table[r][t][0] << table[r][t][1] << table[r][t][2];
    // Case 15, n = 4: tree0 0→2→{1,3}; tree1 3→1→{2,0}.
    QTest::newRow("case 15 n=4 r0 tree0") << 4 << 0 << 0 << -1 << -1 << 2;
    QTest::newRow("case 15 n=4 r2 tree0") << 4 << 2 << 0 << 0 << 1 << 3;
    QTest::newRow("case 15 n=4 r1 tree0") << 4 << 1 << 0 << 2 << -1 << -1;
    QTest::newRow("case 15 n=4 r3 tree0") << 4 << 3 << 0 << 2 << -1 << -1;
    QTest::newRow("case 15 n=4 r3 tree1") << 4 << 3 << 1 << -1 << -1 << 1;
    QTest::newRow("case 15 n=4 r1 tree1") << 4 << 1 << 1 << 3 << 2 << 0;
    QTest::newRow("case 15 n=4 r2 tree1") << 4 << 2 << 1 << 1 << -1 << -1;
    QTest::newRow("case 15 n=4 r0 tree1") << 4 << 0 << 1 << 1 << -1 << -1;
}

void TestCollectives::doubleTreeLinks()
{
    QFETCH(int, ranks);
    QFETCH(int, rank);
    QFETCH(int, tree);
    QFETCH(int, parent);
    QFETCH(int, child0);
    QFETCH(int, child1);
    const TreeNode node = doubleBinaryTreeNode(ranks, rank)[static_cast<std::size_t>(tree)];
    QCOMPARE(node.parent, parent);
    QCOMPARE(node.child0, child0);
    QCOMPARE(node.child1, child1);
}

// §3.3: each tree spans all ranks; for even n every rank is a leaf in at least one tree (checked there for
// n = 4 and 8, here up to 64); for odd n that fails (n = 5: rank 0 is interior in both).
void TestCollectives::doubleTreeProperties()
{
    for (int n = 2; n <= 64; ++n) {
        std::vector<int> leafIn(static_cast<std::size_t>(n), 0);
        for (int t = 0; t < 2; ++t) {
            int roots = 0;
            for (int r = 0; r < n; ++r) {
                const TreeNode node = doubleBinaryTreeNode(n, r)[static_cast<std::size_t>(t)];
                if (node.parent < 0)
                    ++roots;
                else {
                    const TreeNode up = doubleBinaryTreeNode(n, node.parent)[static_cast<std::size_t>(t)];
                    QVERIFY2(up.child0 == r || up.child1 == r,
                             qPrintable(QString("n=%1 r=%2").arg(n).arg(r)));
                }
                for (int c : {node.child0, node.child1})
                    if (c >= 0)
                        QCOMPARE(doubleBinaryTreeNode(n, c)[static_cast<std::size_t>(t)].parent, r);
                if (node.child0 < 0 && node.child1 < 0)
                    ++leafIn[static_cast<std::size_t>(r)];
                int hops = 0; // reaches the root without a cycle
                for (int x = r; x >= 0 && hops <= n; ++hops)
                    x = doubleBinaryTreeNode(n, x)[static_cast<std::size_t>(t)].parent;
                QVERIFY(hops <= n);
            }
            QCOMPARE(roots, 1);
        }
        if (n % 2 == 0)
            for (int r = 0; r < n; ++r)
                QVERIFY2(leafIn[static_cast<std::size_t>(r)] >= 1,
                         qPrintable(QString("n=%1 r=%2").arg(n).arg(r)));
    }
    const std::array<TreeNode, 2> r0 = doubleBinaryTreeNode(5, 0);
    QVERIFY(r0[0].child0 >= 0 || r0[0].child1 >= 0);
    QVERIFY(r0[1].child0 >= 0 || r0[1].child1 >= 0);
    QCOMPARE(doubleBinaryTreeNode(5, 1)[1].parent, -1); // odd n: tree 1 is tree 0 shifted by one
}

void TestCollectives::treePipelining_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("steps");
    // Derived from the rules of §3.3 (both trees of height 2 for n = 4, 3 for n = 8): a pipelined tree
    // takes K + 2H − 1 steps for K chunks per tree, so more chunks cost few extra steps.
    QTest::newRow("n=4, 2 chunks: 2 up, 2 down") << 4 << 2 << 4;
    QTest::newRow("n=4, 4 chunks") << 4 << 4 << 5;
    QTest::newRow("n=8, 2 chunks: 3 up, 3 down") << 8 << 2 << 6;
    QTest::newRow("n=8, 16 chunks") << 8 << 16 << 13;
    QTest::newRow("n=8, 1 chunk: tree 1 idle") << 8 << 1 << 6;
}

void TestCollectives::treePipelining()
{
    QFETCH(int, ranks);
    QFETCH(int, chunks);
    QFETCH(int, steps);
    const CollectiveTrace trace
        = traceCollective(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Tree, ranks, 1e6, chunks));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(static_cast<int>(trace.steps.size()), steps);
}

// The N = 4 double tree with one chunk per tree, step by step (derived from §3.3: tree0 0→2→{1,3} carries
// chunk 0, tree1 3→1→{2,0} carries chunk 1).
void TestCollectives::treeStepsOnFourRanks()
{
    const CollectiveTrace trace
        = traceCollective(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Tree, 4, 1e6, 2));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(trace.steps.size(), std::size_t{4});
    using S = CollectiveSend;
    const std::vector<std::vector<S>> expected{
        {{1, 2, 0, 0, true, 0}, {3, 2, 0, 0, true, 0}, {0, 1, 1, 1, true, 1}, {2, 1, 1, 1, true, 1}},
        {{2, 0, 0, 0, true, 0}, {1, 3, 1, 1, true, 1}},
        {{0, 2, 0, 0, false, 0}, {3, 1, 1, 1, false, 1}},
        {{2, 1, 0, 0, false, 0}, {2, 3, 0, 0, false, 0}, {1, 0, 1, 1, false, 1}, {1, 2, 1, 1, false, 1}}};
    const std::vector<CollectivePhase> phases{CollectivePhase::TreeReduce, CollectivePhase::TreeReduce,
                                              CollectivePhase::TreeBroadcast, CollectivePhase::TreeBroadcast};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(trace.steps[i].sends, expected[i]);
        QCOMPARE(trace.steps[i].phase, phases[i]);
    }
    // After the reduce half the roots hold the sum of their tree's chunk.
    QCOMPARE(trace.steps[1].after.contributors(0, 0), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(trace.steps[1].after.contributors(3, 1), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(trace.steps[1].after.contributors(2, 0), (std::vector<int>{1, 2, 3}));
}

void TestCollectives::pairwisePeers_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("step");
    QTest::addColumn<std::vector<int>>("sendTo");
    QTest::addColumn<std::vector<int>>("receiveFrom");
    using V = std::vector<int>;
    // Case 16, N = 4 (power of two: MPICH's XOR rule, partner sends and receives).
    QTest::newRow("case 16 XOR k=1") << 4 << 1 << V{1, 0, 3, 2} << V{1, 0, 3, 2};
    QTest::newRow("case 16 XOR k=2") << 4 << 2 << V{2, 3, 0, 1} << V{2, 3, 0, 1};
    QTest::newRow("case 16 XOR k=3") << 4 << 3 << V{3, 2, 1, 0} << V{3, 2, 1, 0};
    // §3.4 rule for p not a power of two: send to (r + k) mod p, receive from (r − k) mod p (case 16's
    // non-pow2 table, here on N = 5 and 6 where the rule applies).
    QTest::newRow("§3.4 shift N=5 k=1") << 5 << 1 << V{1, 2, 3, 4, 0} << V{4, 0, 1, 2, 3};
    QTest::newRow("§3.4 shift N=5 k=3") << 5 << 3 << V{3, 4, 0, 1, 2} << V{2, 3, 4, 0, 1};
    QTest::newRow("§3.4 shift N=6 k=2") << 6 << 2 << V{2, 3, 4, 5, 0, 1} << V{4, 5, 0, 1, 2, 3};
}

void TestCollectives::pairwisePeers()
{
    QFETCH(int, ranks);
    QFETCH(int, step);
    QFETCH(std::vector<int>, sendTo);
    QFETCH(std::vector<int>, receiveFrom);
    const CollectiveTrace trace
        = traceCollective(makeSpec(CollectiveOp::AllToAll, CollectiveAlgorithm::Pairwise, ranks));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(static_cast<int>(trace.steps.size()), ranks - 1); // case 16: 3 steps for N = 4
    std::vector<int> sent(static_cast<std::size_t>(ranks), -1);
    std::vector<int> received(static_cast<std::size_t>(ranks), -1);
    for (const CollectiveSend& s : trace.steps[static_cast<std::size_t>(step - 1)].sends) {
        sent[static_cast<std::size_t>(s.from)] = s.to;
        received[static_cast<std::size_t>(s.to)] = s.from;
        QCOMPARE(s.chunk, s.to); // rank r's block j goes to rank j's slot r
        QCOMPARE(s.toChunk, s.from);
    }
    QCOMPARE(sent, sendTo);
    QCOMPARE(received, receiveFrom);
}

// §3.6 (Horovod NCCLHierarchicalAllreduce) on 2 nodes × 4: 3 intra-node reduce-scatter steps, an inter-node
// all-reduce of 2 steps among equal local ranks, 3 intra-node all-gather steps.
void TestCollectives::hierarchicalPhases()
{
    const CollectiveTrace trace
        = traceCollective(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Hierarchical, 8, 1e6, 8, 4));
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    std::vector<std::string> phases;
    for (const CollectiveStep& s : trace.steps)
        phases.emplace_back(enumName(s.phase));
    QCOMPARE(phases,
             (std::vector<std::string>{"intra-reduce-scatter", "intra-reduce-scatter", "intra-reduce-scatter",
                                       "inter-reduce-scatter", "inter-all-gather", "intra-all-gather",
                                       "intra-all-gather", "intra-all-gather"}));
    for (const CollectiveStep& s : trace.steps) {
        const bool inter
            = s.phase == CollectivePhase::InterReduceScatter || s.phase == CollectivePhase::InterAllGather;
        for (const CollectiveSend& send : s.sends) {
            QCOMPARE(send.from / 4 != send.to / 4, inter);
            if (inter)
                QCOMPARE(send.from % 4, send.to % 4); // same local rank
        }
    }
    // After the intra-node reduce-scatter, local rank l holds segment l (chunks 2l and 2l + 1) summed over
    // its own node only.
    const CollectiveState& afterIntra = trace.steps[2].after;
    for (int r = 0; r < 8; ++r) {
        const int node = r / 4;
        const std::vector<int> nodeRanks{4 * node, 4 * node + 1, 4 * node + 2, 4 * node + 3};
        QCOMPARE(afterIntra.contributors(r, 2 * (r % 4)), nodeRanks);
        QCOMPARE(afterIntra.contributors(r, 2 * (r % 4) + 1), nodeRanks);
    }
    // After the inter-node reduce-scatter, rank r holds chunk 2·(r mod 4) + node summed over all 8 ranks.
    for (int r = 0; r < 8; ++r)
        QVERIFY(trace.steps[3].after.holdsAll(r, 2 * (r % 4) + r / 4));
}

// §3.5: a send from one rank to another, and nccl-tests' ring shift; time α + n/B (case 13: 0.010005 s).
void TestCollectives::sendRecv()
{
    CollectiveSpec spec = makeSpec(CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, 4, 1e9);
    spec.source = 0;
    spec.destination = 3;
    const CollectiveTrace trace = traceCollective(spec);
    QVERIFY2(trace.valid(), codes(trace.diagnostics));
    QCOMPARE(trace.steps.size(), std::size_t{1});
    QCOMPARE(trace.steps[0].sends, (std::vector<CollectiveSend>{{0, 3, 0, 0, false, 0}}));
    const CollectiveLinks links = oneLink(5e-6, 100e9);
    const CollectiveCost cost = collectiveCost(spec, links);
    QVERIFY2(near(cost.timeSeconds, 0.010005), describe(cost.timeSeconds, 0.010005));
    QVERIFY(near(sum(stepSeconds(trace, links)), 0.010005));
    QCOMPARE(cost.busBandwidth, cost.algBandwidth);
}

void TestCollectives::alphaBeta_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<double>("gamma");
    QTest::addColumn<double>("seconds");
    const int ar = static_cast<int>(CollectiveOp::AllReduce);
    const int ring = static_cast<int>(CollectiveAlgorithm::Ring);
    // Case 13: N = 8, n = 1e9 B, α = 5 µs, B = 100 GB/s.
    QTest::newRow("case 13 ring AR = 0.01757 s") << ar << ring << 0.0 << 0.01757;
    QTest::newRow("case 13 ring AG = 0.008785 s")
        << static_cast<int>(CollectiveOp::AllGather) << ring << 0.0 << 0.008785;
    QTest::newRow("case 13 ring RS (γ=0) = 0.008785 s")
        << static_cast<int>(CollectiveOp::ReduceScatter) << ring << 0.0 << 0.008785;
    // §4.1 rows on the same inputs [derived]: γ = 1e-12 s/B adds (7/8)·1e9·γ = 0.875 ms to RS and AR;
    // pairwise all-to-all (p−1)α + ((p−1)/p)nβ; binomial tree 2·lg p·(α + nβ) + lg p·nγ.
    QTest::newRow("§4.1 ring AR with γ") << ar << ring << 1e-12 << 0.01757 + 0.000875;
    QTest::newRow("§4.1 ring RS with γ")
        << static_cast<int>(CollectiveOp::ReduceScatter) << ring << 1e-12 << 0.008785 + 0.000875;
    QTest::newRow("§4.1 pairwise all-to-all")
        << static_cast<int>(CollectiveOp::AllToAll) << static_cast<int>(CollectiveAlgorithm::Pairwise) << 0.0
        << 7 * 5e-6 + 0.875 * 1e9 / 100e9;
    QTest::newRow("§4.1 binomial tree AR with γ") << ar << static_cast<int>(CollectiveAlgorithm::Tree)
                                                  << 1e-12 << 6 * (5e-6 + 1e9 / 100e9) + 3 * 1e9 * 1e-12;
    QTest::newRow("§3.5 ring shift = p2p")
        << static_cast<int>(CollectiveOp::SendRecv) << ring << 0.0 << 0.010005;
}

void TestCollectives::alphaBeta()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(double, gamma);
    QFETCH(double, seconds);
    CollectiveLinks links = oneLink(5e-6, 100e9);
    links.gamma = gamma;
    const CollectiveCost cost = collectiveCost(
        makeSpec(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm), 8, 1e9), links);
    QVERIFY2(cost.valid(), codes(cost.diagnostics));
    QVERIFY2(near(cost.timeSeconds, seconds), describe(cost.timeSeconds, seconds));
    QVERIFY(near(cost.latencySeconds + cost.bandwidthSeconds + cost.reductionSeconds, cost.timeSeconds));
}

// Case 17: 2 nodes × 8 GPUs, n = 1e9 B, intra α = 2 µs at 300 GB/s, inter α = 10 µs at
// 50 GB/s per GPU: RS 2.9307 ms + inter AR 2.52 ms + AG 2.9307 ms = 8.381 ms; a flat 16-GPU ring
// bottlenecked at 50 GB/s: 37.8 ms.
void TestCollectives::hierarchicalVersusFlatRing()
{
    const CollectiveLinks links = twoTierLinks();
    const CollectiveSpec hierarchical
        = makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Hierarchical, 16, 1e9, 0, 8);
    const CollectiveCost cost = collectiveCost(hierarchical, links);
    QVERIFY2(cost.valid(), codes(cost.diagnostics));
    const double intraRs = 7 * 2e-6 + 7.0 / 8 * 1e9 / 300e9;
    const double interAr = 2 * 10e-6 + 2 * 0.5 * (1e9 / 8) / 50e9;
    QVERIFY2(std::abs(intraRs - 2.9307e-3) < 0.5e-7, describe(intraRs, 2.9307e-3));
    QVERIFY2(near(interAr, 2.52e-3), describe(interAr, 2.52e-3));
    QVERIFY2(near(cost.timeSeconds, 2 * intraRs + interAr),
             describe(cost.timeSeconds, 2 * intraRs + interAr));
    QVERIFY2(std::abs(cost.timeSeconds - 8.381e-3) < 0.5e-6, describe(cost.timeSeconds, 8.381e-3));
    QVERIFY(cost.crossesIntraNode && cost.crossesInterNode);
    // The trace priced step by step agrees.
    const CollectiveTrace trace = traceCollective(hierarchical);
    QVERIFY2(near(sum(stepSeconds(trace, links)), cost.timeSeconds),
             describe(sum(stepSeconds(trace, links)), cost.timeSeconds));

    const CollectiveCost flat
        = collectiveCost(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 16, 1e9, 0, 8), links);
    QVERIFY2(near(flat.timeSeconds, 37.8e-3), describe(flat.timeSeconds, 37.8e-3));
    // The same ring inside one node runs on NVLink alone.
    const CollectiveCost oneNode
        = collectiveCost(makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 8, 1e9, 0, 8), links);
    QVERIFY(near(oneNode.timeSeconds, 14 * 2e-6 + 2 * 7.0 / 8 * 1e9 / 300e9));
    QVERIFY(oneNode.crossesIntraNode && !oneNode.crossesInterNode);
}

void TestCollectives::ncclModel_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("ranksPerNode");
    QTest::addColumn<double>("seconds");
    const int ar = static_cast<int>(CollectiveOp::AllReduce);
    const int ring = static_cast<int>(CollectiveAlgorithm::Ring);
    const int tree = static_cast<int>(CollectiveAlgorithm::Tree);
    // §4.1 NCCL model (tuning.cc) on case 17's links, n = 1e9 B [derived]:
    // ring AR, 16 ranks on 2 nodes: nsteps 30, nInterSteps 2 → latency 28·2 µs + 2·10 µs; algBw = 50e9·16/30.
    QTest::newRow("NCCL ring AR 2×8")
        << ar << ring << 16 << 8 << 28 * 2e-6 + 2 * 10e-6 + 1e9 * 30 / (16 * 50e9);
    // ring AG: nsteps 15, nInterSteps 1; algBw = 50e9·16/15.
    QTest::newRow("NCCL ring AG 2×8") << static_cast<int>(CollectiveOp::AllGather) << ring << 16 << 8
                                      << 14 * 2e-6 + 1 * 10e-6 + 1e9 * 15 / (16 * 50e9);
    // tree AR: latency 2((16/2 − 1)·2 µs + lg 2 · 10 µs), algBw = 50e9 / 2.
    QTest::newRow("NCCL tree AR 2×8") << ar << tree << 16 << 8 << 2 * (7 * 2e-6 + 1 * 10e-6) + 1e9 / 25e9;
    // One node: the ring model equals α–β (case 13's formula on NVLink: 14·2 µs + 2·(7/8)·1e9/300e9).
    QTest::newRow("NCCL ring AR 1×8 = α–β") << ar << ring << 8 << 8 << 14 * 2e-6 + 2 * 7.0 / 8 * 1e9 / 300e9;
    // One node tree: a chain of 8 (2·7 intra latencies), algBw = 300e9 / 2.
    QTest::newRow("NCCL tree AR 1×8") << ar << tree << 8 << 8 << 2 * 7 * 2e-6 + 1e9 / 150e9;
}

void TestCollectives::ncclModel()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    QFETCH(int, ranksPerNode);
    QFETCH(double, seconds);
    const CollectiveCost cost
        = collectiveCost(makeSpec(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm),
                                  ranks, 1e9, 0, ranksPerNode),
                         twoTierLinks(), CostModel::Nccl);
    QVERIFY2(cost.valid(), codes(cost.diagnostics));
    QVERIFY2(near(cost.timeSeconds, seconds), describe(cost.timeSeconds, seconds));
}

void TestCollectives::stepSecondsAddUpToFormula_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("ranksPerNode");
    QTest::addColumn<bool>("pcieNodes");
    const auto add = [](CollectiveOp op, CollectiveAlgorithm a, int n, int g) {
        // NVLink nodes on a slower fabric, and PCIe nodes (links.json pcie4) on a faster NDR fabric
        // (ib-ndr-400), where the intra-node hop is the slow one.
        for (bool pcie : {false, true})
            QTest::addRow("%s %s n=%d g=%d %s (§4.1 α–β per step)", enumName(op).data(), enumName(a).data(),
                          n, g, pcie ? "PCIe nodes" : "NVLink nodes")
                << static_cast<int>(op) << static_cast<int>(a) << n << g << pcie;
    };
    for (const auto& [n, g] : std::vector<std::pair<int, int>>{
             {8, 0}, {16, 8}, {12, 4}, {12, 5}, {9, 8}, {16, 6}, {16, 1}, {7, 3}}) {
        add(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, n, g);
        add(CollectiveOp::AllGather, CollectiveAlgorithm::Ring, n, g);
        add(CollectiveOp::ReduceScatter, CollectiveAlgorithm::Ring, n, g);
        add(CollectiveOp::AllToAll, CollectiveAlgorithm::Pairwise, n, g);
        add(CollectiveOp::SendRecv, CollectiveAlgorithm::Ring, n, g);
        add(CollectiveOp::SendRecv, CollectiveAlgorithm::Direct, n, g);
        if (g > 0 && n % g == 0)
            add(CollectiveOp::AllReduce, CollectiveAlgorithm::Hierarchical, n, g);
    }
}

// Pricing the trace step by step (each send on the link it really crosses) gives the closed formula,
// which checks the formulas' link-class rules against the actual hops.
void TestCollectives::stepSecondsAddUpToFormula()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    QFETCH(int, ranksPerNode);
    QFETCH(bool, pcieNodes);
    CollectiveSpec spec = makeSpec(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm),
                                   ranks, 1e9, 0, ranksPerNode);
    spec.source = 1;
    spec.destination = ranks - 1;
    CollectiveLinks links = twoTierLinks();
    if (pcieNodes) {
        links.intraNode = linkCost(3e-6, 32e9);
        links.interNode = linkCost(5e-6, 50e9);
    }
    links.gamma = 2e-12;
    const CollectiveTrace trace = traceCollective(spec);
    const CollectiveCost cost = collectiveCost(spec, links);
    QVERIFY2(trace.valid() && cost.valid(), codes(trace.diagnostics) + codes(cost.diagnostics));
    const std::vector<double> seconds = stepSeconds(trace, links);
    QCOMPARE(seconds.size(), trace.steps.size());
    QVERIFY2(near(sum(seconds), cost.timeSeconds), describe(sum(seconds), cost.timeSeconds));
    QVERIFY(cost.timeSeconds > 0);
}

void TestCollectives::busBandwidth_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("countTimesTypeSize");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("algBandwidth");
    QTest::addColumn<double>("busBandwidth");
    // Case 14: nccl-tests with N = 8 and t = 10 ms.
    QTest::newRow("case 14 all_reduce S=1e9")
        << static_cast<int>(CollectiveOp::AllReduce) << 1e9 << 1e9 << 100e9 << 175e9;
    QTest::newRow("case 14 all_gather count·typesize=1.25e8")
        << static_cast<int>(CollectiveOp::AllGather) << 1.25e8 << 1e9 << 100e9 << 87.5e9;
    QTest::newRow("§4.2 reduce_scatter like all_gather")
        << static_cast<int>(CollectiveOp::ReduceScatter) << 1.25e8 << 1e9 << 100e9 << 87.5e9;
    QTest::newRow("case 14 alltoall same S")
        << static_cast<int>(CollectiveOp::AllToAll) << 1.25e8 << 1e9 << 100e9 << 87.5e9;
    // Case 14's broadcast row (busbw = algbw) has its counterpart here in sendrecv, factor 1 (§4.2).
    QTest::newRow("§4.2 sendrecv busbw = algbw")
        << static_cast<int>(CollectiveOp::SendRecv) << 1e9 << 1e9 << 100e9 << 100e9;
}

void TestCollectives::busBandwidth()
{
    QFETCH(int, op);
    QFETCH(double, countTimesTypeSize);
    QFETCH(double, bytes);
    QFETCH(double, algBandwidth);
    QFETCH(double, busBandwidth);
    const CollectiveOp o = static_cast<CollectiveOp>(op);
    QCOMPARE(ncclTestsBytes(o, countTimesTypeSize, 8), bytes);
    const BandwidthFigures figures = ncclTestsBandwidth(o, 8, bytes, 10e-3);
    QVERIFY2(near(figures.algBandwidth, algBandwidth), describe(figures.algBandwidth, algBandwidth));
    QVERIFY2(near(figures.busBandwidth, busBandwidth), describe(figures.busBandwidth, busBandwidth));
    QVERIFY(near(figures.busFactor, busBandwidth / algBandwidth));
}

// §4.2 rationale: an ideal ring moves every byte at link speed, so its bus bandwidth is the link's.
void TestCollectives::ringBusBandwidthIsLinkBandwidth()
{
    for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter})
        for (int n : {2, 3, 8, 16}) {
            const CollectiveCost cost
                = collectiveCost(makeSpec(op, CollectiveAlgorithm::Ring, n, 1e9), oneLink(0, 100e9));
            QVERIFY2(near(cost.busBandwidth, 100e9), describe(cost.busBandwidth, 100e9));
            QVERIFY(near(cost.algBandwidth * busBandwidthFactor(op, n), cost.busBandwidth));
        }
    const CollectiveCost single = collectiveCost(
        makeSpec(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 1, 1e9), oneLink(5e-6, 100e9));
    QVERIFY(single.valid());
    QCOMPARE(single.timeSeconds, 0.0);
    QCOMPARE(single.algBandwidth, 0.0); // nothing moves: no infinite bandwidth
}

void TestCollectives::diagnostics_data()
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

void TestCollectives::diagnostics()
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

void TestCollectives::diagnosticKindsRegistered()
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
void TestCollectives::largeInputsStayBounded()
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
void TestCollectives::json()
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

void TestCollectives::readSpec()
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

void TestCollectives::communicationVolume_data()
{
    QTest::addColumn<double>("actual");
    QTest::addColumn<double>("expected");
    const ActivationShape shape{2048, 1, 4096, 2};
    // Case 19: Ψ = 1e9, BF16, N = 8.
    QTest::newRow("case 19 DDP") << dataParallelSendBytes(1e9, 2, 8, 0) << 3.5e9;
    QTest::newRow("case 19 ZeRO-1") << dataParallelSendBytes(1e9, 2, 8, 1) << 3.5e9;
    QTest::newRow("case 19 ZeRO-2") << dataParallelSendBytes(1e9, 2, 8, 2) << 3.5e9;
    QTest::newRow("case 19 ZeRO-3 / FSDP") << dataParallelSendBytes(1e9, 2, 8, 3) << 5.25e9;
    QTest::newRow("§4.3 FSDP without reshard after forward")
        << dataParallelSendBytes(1e9, 2, 8, 3, false) << 3.5e9;
    // Case 20: s = 2048, b = 1, h = 4096, BF16, t = 8.
    QTest::newRow("case 20 TP message")
        << tpLayerCommunication(shape, 8, TpCommunication::AllReduce).messageBytes << 16777216.0;
    QTest::newRow("case 20 per-GPU send per AR")
        << collectiveSendBytes(CollectiveOp::AllReduce, 8, 16777216.0) << 29360128.0;
    QTest::newRow("case 20 per layer, 4 AR")
        << tpLayerCommunication(shape, 8, TpCommunication::AllReduce).sendBytes << 117440512.0;
    QTest::newRow("case 20 SP ideal, 4 AG + 4 RS")
        << tpLayerCommunication(shape, 8, TpCommunication::SequenceParallel).sendBytes << 117440512.0;
    QTest::newRow("case 20 SP Megatron, 6 AG + 4 RS")
        << tpLayerCommunication(shape, 8, TpCommunication::SequenceParallelMegatron).sendBytes << 146800640.0;
    QTest::newRow("case 20 PP boundary") << pipelineBoundaryBytes(shape, 1, false, 1) << 16777216.0;
    QTest::newRow("case 20 PP boundary, TP=8 + SP") << pipelineBoundaryBytes(shape, 8, true, 1) << 2097152.0;
    QTest::newRow("case 20 PP boundary, TP=8 + SP, CP=2")
        << pipelineBoundaryBytes(shape, 8, true, 2) << 1048576.0;
    QTest::newRow("§4.3 PP boundary, TP=8 without SP")
        << pipelineBoundaryBytes(shape, 8, false, 1) << 16777216.0;
    const ExpertAllToAll ep = expertAllToAll(4096, 2, 4096, 2, 8);
    QTest::newRow("case 20 EP dispatch payload") << ep.payloadBytes << 67108864.0;
    QTest::newRow("case 20 EP leaving the GPU") << ep.leavingBytes << 58720256.0;
    QTest::newRow("§4.3 EP all-to-alls per MoE layer") << double(ep.allToAllsPerLayer) << 4.0;
    // §4.3 PP crossings: p − 1, v·p − 1 interleaved, 2p − 1 V-shaped with the middle one local.
    QTest::newRow("§4.3 PP sends p=4") << double(pipelineBoundarySends(4, 1, false)) << 3.0;
    QTest::newRow("§4.3 PP sends p=4 v=2") << double(pipelineBoundarySends(4, 2, false)) << 7.0;
    QTest::newRow("§4.3 PP sends p=4 V-shape") << double(pipelineBoundarySends(4, 2, true)) << 6.0;
    // §4.3 CP ring [derived]: Llama 3.1 70B's 8 KV heads × 128, s = 8192, b = 1, BF16, CP = 4:
    // block = 2·2048·1·1024·2 = 8,388,608 B; forward 3 blocks, backward 3 KV + 3 dKV.
    const ContextParallelRing cp = contextParallelRing(8192, 1, 8, 128, 2, 4);
    QTest::newRow("§4.3 CP KV block") << cp.kvBlockBytes << 8388608.0;
    QTest::newRow("§4.3 CP forward") << cp.forwardSendBytes << 3 * 8388608.0;
    QTest::newRow("§4.3 CP backward") << cp.backwardSendBytes << 6 * 8388608.0;
    QTest::newRow("degree 0 gives 0") << dataParallelSendBytes(1e9, 2, 0, 0) << 0.0;
}

void TestCollectives::communicationVolume()
{
    QFETCH(double, actual);
    QFETCH(double, expected);
    QCOMPARE(actual, expected);
}

// Case 18 (§5.1, reducer.cpp compute_bucket_assignment_by_size).
void TestCollectives::ddpBuckets()
{
    QCOMPARE(kDdpBucketCapBytes, 26214400.0);
    QCOMPARE(kDdpFirstBucketBytes, 1048576.0);
    const double mib = 1024.0 * 1024.0;
    const std::vector<double> sizes{0.5 * mib, 0.75 * mib, 10 * mib, 20 * mib, 5 * mib};
    const std::vector<DdpBucket> buckets = assignDdpBuckets(sizes);
    QCOMPARE(buckets.size(), std::size_t{3});
    QCOMPARE(buckets[0], (DdpBucket{{0, 1}, 1.25 * mib}));
    QCOMPARE(buckets[1], (DdpBucket{{2, 3}, 30 * mib}));
    QCOMPARE(buckets[2], (DdpBucket{{4}, 5 * mib}));
    // The first iteration (bucket_size_limits = [sys.maxsize]): one bucket; no tensors: none.
    QCOMPARE(assignDdpBuckets(sizes, {}).size(), std::size_t{1});
    QVERIFY(assignDdpBuckets({}).empty());
}

// §5.1 simulation rule [derived]: AR_k starts at max(ready_k, end(AR_{k−1})); exposed = end(AR_last) − end
// of backward.
void TestCollectives::ddpOverlapTimeline()
{
    const DdpOverlap overlap = ddpOverlap({1, 2, 6}, {3, 1, 2}, 7);
    QCOMPARE(overlap.startSeconds, (std::vector<double>{1, 4, 6}));
    QCOMPARE(overlap.endSeconds, (std::vector<double>{4, 5, 8}));
    QCOMPARE(overlap.exposedSeconds, 1.0);
    QCOMPARE(ddpOverlap({1}, {1}, 5).exposedSeconds, 0.0);
}

QTEST_APPLESS_MAIN(TestCollectives)
#include "tst_collectives.moc"
