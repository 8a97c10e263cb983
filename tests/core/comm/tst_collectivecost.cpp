// SPDX-License-Identifier: GPL-3.0-or-later
// What collectives cost and how much each GPU moves: α–β and NCCL's costs by message size, the hierarchical
// ring against the flat one, bus bandwidth, per-GPU communication volumes and DDP's buckets, against the
// worked cases of docs/pipeline-and-collective-cases.md (§4–§6, cases 15–20; a "§" below is a section of
// that note). Each row names its source.

#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "comm/commvolume.h"
#include "comm/ddpbuckets.h"
#include "support/collectivetest.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace core;
using namespace testing::collectives;

class TestCollectiveCost : public QObject
{
    Q_OBJECT

private slots:
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
    void communicationVolume_data();
    void communicationVolume();
    void ddpBuckets();
    void ddpOverlapTimeline();
};

void TestCollectiveCost::alphaBeta_data()
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

void TestCollectiveCost::alphaBeta()
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
void TestCollectiveCost::hierarchicalVersusFlatRing()
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

void TestCollectiveCost::ncclModel_data()
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

void TestCollectiveCost::ncclModel()
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

void TestCollectiveCost::stepSecondsAddUpToFormula_data()
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
void TestCollectiveCost::stepSecondsAddUpToFormula()
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

void TestCollectiveCost::busBandwidth_data()
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

void TestCollectiveCost::busBandwidth()
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
void TestCollectiveCost::ringBusBandwidthIsLinkBandwidth()
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

void TestCollectiveCost::communicationVolume_data()
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

void TestCollectiveCost::communicationVolume()
{
    QFETCH(double, actual);
    QFETCH(double, expected);
    QCOMPARE(actual, expected);
}

// Case 18 (§5.1, reducer.cpp compute_bucket_assignment_by_size).
void TestCollectiveCost::ddpBuckets()
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
void TestCollectiveCost::ddpOverlapTimeline()
{
    const DdpOverlap overlap = ddpOverlap({1, 2, 6}, {3, 1, 2}, 7);
    QCOMPARE(overlap.startSeconds, (std::vector<double>{1, 4, 6}));
    QCOMPARE(overlap.endSeconds, (std::vector<double>{4, 5, 8}));
    QCOMPARE(overlap.exposedSeconds, 1.0);
    QCOMPARE(ddpOverlap({1}, {1}, 5).exposedSeconds, 0.0);
}

QTEST_APPLESS_MAIN(TestCollectiveCost)
#include "tst_collectivecost.moc"
