// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives step by step (rings, double binary trees, pairwise exchanges, the hierarchical ring), against
// the worked cases of docs/pipeline-and-collective-cases.md (§3–§6, cases 11–20; a "§" below is a section of
// that note) and the reference article's definitions («Wie Ranks kommunizieren»). Each row names its source.
// Their costs are tst_collectivecost's, their refusals tst_collectivebadinput's.

#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "support/collectivetest.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

using namespace core;
using namespace testing::collectives;

namespace {

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

QTEST_APPLESS_MAIN(TestCollectives)
#include "tst_collectives.moc"
