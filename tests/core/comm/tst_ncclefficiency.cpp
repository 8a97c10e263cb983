// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives as NCCL runs them (collectivecost.h ncclCollective, grouplinks.h rails): checked against
// measured nccl rows inside one node (tests/data/collectives-h100-b200-1node.csv, OpenXLA's public
// collective performance table) and published multi-node nccl-tests figures.

#include "catalog/catalog.h"
#include "comm/collectivecost.h"
#include "comm/grouplinks.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "support/testdesigns.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

using namespace core;

namespace {

struct MeasuredRow
{
    std::string gpu;
    CollectiveOp op = CollectiveOp::AllReduce;
    int ranks = 0;
    double bytes = 0;
    double seconds = 0;
};

std::vector<MeasuredRow> readMeasured()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/collectives-h100-b200-1node.csv"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read collectives-h100-b200-1node.csv");
    std::istringstream in(file.readAll().toStdString());
    std::string line;
    std::getline(in, line); // gpu,op,ranks,groups_in_node,bytes,seconds,algbw_GBps,busbw_GBps
    std::vector<MeasuredRow> rows;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::istringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');)
            cells.push_back(cell);
        if (cells.size() < 6)
            continue;
        MeasuredRow row;
        row.gpu = cells[0];
        std::string op = cells[1];
        op.erase(std::remove(op.begin(), op.end(), '-'), op.end()); // "all-reduce" → "allreduce"
        row.op = *enumFromName<CollectiveOp>(op);
        row.ranks = std::stoi(cells[2]);
        row.bytes = std::stod(cells[4]);
        row.seconds = std::stod(cells[5]);
        rows.push_back(row);
    }
    return rows;
}

// The table times a whole XLA executable: its launch adds to NCCL's own time. The smallest messages take
// about 26 µs where nccl-tests reports 10–20 µs on such nodes (the table's notes): 10 µs of launch.
constexpr double kXlaLaunchSeconds = 10e-6;

double modelled(const MeasuredRow& row)
{
    const LinkSpec* nvlink = Catalog::builtin().link(row.gpu == "b200" ? "nvlink5" : "nvlink4");
    CollectiveLinks links;
    links.intraNode = linkCost(*nvlink);
    CollectiveSpec spec;
    spec.op = row.op;
    spec.ranks = row.ranks;
    spec.bytes = row.bytes;
    return kXlaLaunchSeconds + ncclCollective(spec, links).seconds;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n == 0 ? 0 : (n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
}

// Relative errors |model / measured − 1| of the rows of at least `minBytes`, for `gpu` and `op` when set.
std::vector<double> errors(const std::vector<MeasuredRow>& rows, double minBytes, const std::string& gpu = {},
                           std::optional<CollectiveOp> op = {})
{
    std::vector<double> out;
    for (const MeasuredRow& row : rows)
        if (row.bytes >= minBytes && (gpu.empty() || row.gpu == gpu) && (!op || row.op == *op))
            out.push_back(std::abs(modelled(row) / row.seconds - 1));
    return out;
}

double shareWithin(const std::vector<double>& errs, double limit)
{
    return errs.empty() ? 0
                        : static_cast<double>(std::count_if(errs.begin(), errs.end(),
                                                            [limit](double e) { return e <= limit; }))
            / static_cast<double>(errs.size());
}

GroupLinks linksOf(int nodes, int gpusPerNode, int membersPerNode, int nics, double oversubscription,
                   FabricTopology topology, const std::string& fabric = "ib-ndr-400")
{
    Cluster cluster = makeUniformCluster(nodes, gpusPerNode, "h100-sxm-80gb", "nvlink4", fabric);
    cluster.nicsPerNode = nics;
    cluster.oversubscription = oversubscription;
    cluster.fabricTopology = topology;
    std::vector<int> nodeIndices;
    for (int n = 0; n < nodes; ++n)
        nodeIndices.insert(nodeIndices.end(), static_cast<std::size_t>(membersPerNode), n);
    return groupLinksOnNodes(ClusterLinkSpecs(cluster, Catalog::builtin()), nodeIndices);
}

} // namespace

class TestNcclEfficiency : public QObject
{
    Q_OBJECT

private slots:
    void measuredOneNode_data();
    void measuredOneNode();
    void measuredOneNodeOverall();
    void efficiencyRisesWithSize();
    void railsFollowMembersPerNode_data();
    void railsFollowMembersPerNode();
    void multiNodePublished_data();
    void multiNodePublished();
    void treeForSmallMessagesAcrossManyNodes();
    void placementTableCarriesRails_data();
    void placementTableCarriesRails();
};

// Per GPU and op, the rows of 1 MB and more: the median error. The table's own noise is large (a b200
// 4-rank all-gather of 8 MiB takes longer than one of 16 MiB), so single rows are bounded as a share below.
void TestNcclEfficiency::measuredOneNode_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("maxMedian");
    for (const char* gpu : {"h100-sxm", "b200"})
        for (CollectiveOp op :
             {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter, CollectiveOp::AllToAll})
            QTest::addRow("%s %s", gpu, std::string(enumName(op)).c_str())
                << QString::fromLatin1(gpu) << static_cast<int>(op)
                // All-to-all is NCCL's point-to-point sends, which its ring model does not cover: looser,
                // at what the model reaches (H100 15 %, B200 28 %; docs/collectives.md, "How well it holds",
                // says why it is not tuned further).
                << (op != CollectiveOp::AllToAll ? 0.15 : std::string_view(gpu) == "b200" ? 0.30 : 0.16);
}

void TestNcclEfficiency::measuredOneNode()
{
    QFETCH(QString, gpu);
    QFETCH(int, op);
    QFETCH(double, maxMedian);
    const std::vector<MeasuredRow> rows = readMeasured();
    const std::vector<double> errs = errors(rows, 1e6, gpu.toStdString(), static_cast<CollectiveOp>(op));
    QVERIFY(errs.size() >= 20);
    QVERIFY2(median(errs) <= maxMedian, qPrintable(QString::number(median(errs))));
}

// Over all rows of 1 MB and more (234 of the table's 418): the median error and the share within 20 %;
// from 64 MB, where the launch and the table's noise no longer dominate, most rows within 20 %.
void TestNcclEfficiency::measuredOneNodeOverall()
{
    const std::vector<MeasuredRow> rows = readMeasured();
    QCOMPARE(rows.size(), std::size_t{418});
    const std::vector<double> fromOneMb = errors(rows, 1e6);
    QVERIFY2(median(fromOneMb) <= 0.12, qPrintable(QString::number(median(fromOneMb))));
    QVERIFY2(shareWithin(fromOneMb, 0.20) >= 0.70, qPrintable(QString::number(shareWithin(fromOneMb, 0.20))));
    const std::vector<double> from64Mb = errors(rows, 64e6);
    QVERIFY2(median(from64Mb) <= 0.10, qPrintable(QString::number(median(from64Mb))));
    QVERIFY2(shareWithin(from64Mb, 0.20) >= 0.85, qPrintable(QString::number(shareWithin(from64Mb, 0.20))));
}

// η(p, S) = e · p/(p + 1) · S/(S + S½): half of the large-message share at S½, e · 8/9 for 8 ranks. S½ is
// the link's bandwidth-delay product from its preset (links.json): NVLink 4 450 GB/s × 2 µs, NVLink 5
// 900 GB/s × 2 µs, an NDR card 50 GB/s × 5 µs.
void TestNcclEfficiency::efficiencyRisesWithSize()
{
    QCOMPARE(ncclEfficiency(8, 1e6), kNcclBusEfficiency * 8.0 / 9.0 * 0.5);
    QVERIFY(std::abs(ncclEfficiency(8, 1e12) - kNcclBusEfficiency * 8.0 / 9.0) < 1e-6);
    QVERIFY(ncclEfficiency(2, 1e9) < ncclEfficiency(8, 1e9));
    const struct
    {
        const char* link;
        double halfBytes;
    } ramps[] = {{"nvlink4", 0.9e6}, {"nvlink5", 1.8e6}, {"ib-ndr-400", 0.25e6}};
    for (const auto& ramp : ramps) {
        const double half = ncclHalfBandwidthBytes(linkCost(*Catalog::builtin().link(ramp.link)));
        QVERIFY2(std::abs(half / ramp.halfBytes - 1) < 1e-9, ramp.link);
        QCOMPARE(ncclEfficiency(8, half, half), kNcclBusEfficiency * 8.0 / 9.0 * 0.5);
    }
    QCOMPARE(ncclHalfBandwidthBytes(LinkCost{}), kNcclHalfBandwidthBytes); // a link without α or β
    // H100, 8 ranks, 1 GiB all-reduce: the measured 4.72 ms against the model's.
    CollectiveLinks links;
    links.intraNode = linkCost(*Catalog::builtin().link("nvlink4"));
    CollectiveSpec spec;
    spec.ranks = 8;
    spec.bytes = 1073741824;
    const double seconds = ncclCollective(spec, links).seconds + kXlaLaunchSeconds;
    QVERIFY2(std::abs(seconds / 4.7209e-3 - 1) < 0.20, qPrintable(QString::number(seconds)));
}

// A ring's inter-node hop runs on min(members per node, cards per node) cards; cards shared by more GPUs
// than they serve give each its share; the spine's oversubscription applies where the group crosses it.
void TestNcclEfficiency::railsFollowMembersPerNode_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<int>("membersPerNode");
    QTest::addColumn<int>("nics");
    QTest::addColumn<double>("oversubscription");
    QTest::addColumn<int>("topology");
    QTest::addColumn<double>("rails");
    QTest::addColumn<double>("ringGBps"); // the ring's inter-node bandwidth per hop
    QTest::addColumn<double>("perGpuGBps");
    const int rail = static_cast<int>(FabricTopology::RailOptimized);
    const int fat = static_cast<int>(FabricTopology::FatTree);
    // DGX H100: 8 × NDR 400 Gb/s = 50 GB/s cards, one per GPU.
    QTest::newRow("FSDP 8 per node, 2 nodes") << 2 << 8 << 8 << 0 << 1.0 << rail << 8.0 << 400.0 << 50.0;
    QTest::newRow("DP 1 per node (TP 8)") << 4 << 8 << 1 << 0 << 1.0 << rail << 1.0 << 50.0 << 50.0;
    QTest::newRow("4 per node") << 4 << 8 << 4 << 0 << 1.0 << rail << 4.0 << 200.0 << 50.0;
    QTest::newRow("4 cards for 8 GPUs") << 2 << 8 << 8 << 4 << 1.0 << rail << 4.0 << 200.0 << 25.0;
    QTest::newRow("4 cards, 1 per node") << 2 << 8 << 1 << 4 << 1.0 << rail << 0.5 << 25.0 << 25.0;
    QTest::newRow("fat tree 2:1") << 2 << 8 << 8 << 0 << 2.0 << fat << 8.0 << 200.0 << 25.0;
    QTest::newRow("rails 2:1 inside one unit") << 32 << 8 << 8 << 0 << 2.0 << rail << 8.0 << 400.0 << 50.0;
    QTest::newRow("rails 2:1 across units") << 33 << 8 << 8 << 0 << 2.0 << rail << 8.0 << 200.0 << 25.0;
}

void TestNcclEfficiency::railsFollowMembersPerNode()
{
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    QFETCH(int, membersPerNode);
    QFETCH(int, nics);
    QFETCH(double, oversubscription);
    QFETCH(int, topology);
    QFETCH(double, rails);
    QFETCH(double, ringGBps);
    QFETCH(double, perGpuGBps);
    const GroupLinks links = linksOf(nodes, gpusPerNode, membersPerNode, nics, oversubscription,
                                     static_cast<FabricTopology>(topology));
    QCOMPARE(links.rails, rails);
    QCOMPARE(links.ranksPerNode, membersPerNode);
    QVERIFY(std::abs(1 / links.links.interNode.beta - ringGBps * 1e9) < 1);
    QVERIFY(std::abs(1 / links.interNodePerGpu.beta - perGpuGBps * 1e9) < 1);
}

// Published multi-node nccl-tests figures of large messages: the model's bus bandwidth against each, held
// out (no constant was chosen from them) and reported. Only figures NVIDIA's NCCL team gave or that users
// measured with NCCL's defaults on the stated hardware; the node count where the source does not give it is
// the smallest it can be (2). "cards": network cards per node, 0 = one per GPU.
// - 2 × DGX H100, 8 × NDR 400 Gb/s: NVIDIA expects 46–48 GB/s per card (github.com/NVIDIA/nccl-tests/
//   issues/290), 8 cards → 368–384 GB/s all-reduce bus bandwidth; the midpoint 376.
// - DGX A100, 8 × HDR 200 Gb/s: "we measure 192GB/s AllReduce BusBW" (NVIDIA, github.com/NVIDIA/nccl/issues/
//   812, 2023-03-31; ring, node count not given).
// - 2 × HGX A100 with 4 × HDR 200 Gb/s per node (two GPUs per card): 91 GB/s all-reduce bus bandwidth at
//   1–8 GB (github.com/NVIDIA/nccl-tests/issues/100, 2022-01-17).
// - 2 × A100 with 4 × HDR per node: 86 GB/s at 4 GB (github.com/NVIDIA/nccl-tests/issues/175, 2023-10-29; the
//   user expected 96–100).
// - 3 × A100 40 GB with 4 × HDR per node: peak about 96 GB/s, sizes up to 128 MB (github.com/NVIDIA/
//   nccl-tests/issues/119, 2022-11-17).
// - 32 × H100 with 8 × RoCE 400 Gb/s per node, 2 GiB, one iteration with 16 channels forced: all-reduce
//   340 GB/s, all-gather 200 GB/s bus bandwidth (github.com/NVIDIA/nccl/issues/1218, 2024-03-12).
// - 6 × H100 with 8 × NDR 400 Gb/s, all-to-all: "Alltoall cannot aggregate the bandwidth of multiple NICs, so
//   the performance you should see is the performance of a single NIC", 48–49 GB/s (NVIDIA,
//   github.com/NVIDIA/nccl-tests/issues/267, 2024-11-19 and 2025-01-23); the midpoint 48.5.
void TestNcclEfficiency::multiNodePublished_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("intra");
    QTest::addColumn<QString>("fabric");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("cards");
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("busGBps");
    const double gib = 1024.0 * 1024 * 1024;
    const struct
    {
        const char* name;
        const char* gpu;
        const char* intra;
        const char* fabric;
        int nodes, cards;
        CollectiveOp op;
        double bytes, busGBps;
    } rows[] = {
        {"2 x DGX H100, NDR (nccl-tests#290)", "h100-sxm-80gb", "nvlink4", "ib-ndr-400", 2, 0,
         CollectiveOp::AllReduce, 8 * gib, 376.0},
        {"DGX A100, 8 x HDR (nccl#812)", "a100-80gb", "nvlink3", "ib-hdr-200", 2, 0, CollectiveOp::AllReduce,
         8 * gib, 192.0},
        {"2 x HGX A100, 4 x HDR (nccl-tests#100)", "a100-80gb", "nvlink3", "ib-hdr-200", 2, 4,
         CollectiveOp::AllReduce, 8 * gib, 91.0},
        {"2 x A100, 4 x HDR (nccl-tests#175)", "a100-80gb", "nvlink3", "ib-hdr-200", 2, 4,
         CollectiveOp::AllReduce, 4 * gib, 86.0},
        {"3 x A100 40GB, 4 x HDR, 128 MiB (nccl-tests#119)", "a100-40gb", "nvlink3", "ib-hdr-200", 3, 4,
         CollectiveOp::AllReduce, 128.0 * 1024 * 1024, 96.0},
        {"6 x H100, 8 x NDR, all-to-all (nccl-tests#267)", "h100-sxm-80gb", "nvlink4", "ib-ndr-400", 6, 0,
         CollectiveOp::AllToAll, 8 * gib, 48.5},
        {"32 x H100, 8 x RoCE 400, all-reduce 2 GiB (nccl#1218)", "h100-sxm-80gb", "nvlink4", "roce-400", 32,
         0, CollectiveOp::AllReduce, 2 * gib, 340.0},
        {"32 x H100, 8 x RoCE 400, all-gather 2 GiB (nccl#1218)", "h100-sxm-80gb", "nvlink4", "roce-400", 32,
         0, CollectiveOp::AllGather, 2 * gib, 200.0},
    };
    for (const auto& r : rows)
        QTest::newRow(r.name) << QString::fromLatin1(r.gpu) << QString::fromLatin1(r.intra)
                              << QString::fromLatin1(r.fabric) << r.nodes << r.cards << static_cast<int>(r.op)
                              << r.bytes << r.busGBps;
}

void TestNcclEfficiency::multiNodePublished()
{
    QFETCH(QString, gpu);
    QFETCH(QString, intra);
    QFETCH(QString, fabric);
    QFETCH(int, nodes);
    QFETCH(int, cards);
    QFETCH(int, op);
    QFETCH(double, bytes);
    QFETCH(double, busGBps);
    Cluster cluster
        = makeUniformCluster(nodes, 8, gpu.toStdString(), intra.toStdString(), fabric.toStdString());
    cluster.nicsPerNode = cards;
    const int ranks = 8 * nodes;
    std::vector<int> nodeIndices(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r)
        nodeIndices[static_cast<std::size_t>(r)] = r / 8;
    const GroupLinks links = groupLinksOnNodes(ClusterLinkSpecs(cluster, Catalog::builtin()), nodeIndices);
    const auto collective = static_cast<CollectiveOp>(op);
    const double seconds = collectiveSeconds(collective, ranks, bytes, links);
    const double bus = ncclTestsBandwidth(collective, ranks, bytes, seconds).busBandwidth;
    const double error = bus / (busGBps * 1e9) - 1;
    qInfo("model %.1f GB/s bus bandwidth, published %.1f, %+.1f %%", bus / 1e9, busGBps, 100 * error);
    // +55 %: one iteration (-n 1) with 16 channels forced (NCCL_MIN/MAX_NCHANNELS), and the all-reduce of the
    // same run on the same cards is met within 1 %; the thread gives no cause. Reported, not tuned.
    QEXPECT_FAIL("32 x H100, 8 x RoCE 400, all-gather 2 GiB (nccl#1218)", "a single user-run iteration",
                 Continue);
    QVERIFY2(std::abs(error) <= 0.20, qPrintable(QString::number(bus / 1e9)));
    // A ring across nodes runs on min(8, cards) cards: the pricing of the whole ring at one card's bandwidth
    // was 8 × slower across the nodes.
    if (cards == 0 && collective == CollectiveOp::AllReduce)
        QVERIFY(bus > 5 * Catalog::builtin().link(fabric.toStdString())->bandwidth);
}

// NCCL's tuning picks the double binary tree for small all-reduces across many nodes (the ring pays
// 2(p − 1) hops of latency) and the ring for large ones (tree: 0.9 of the bandwidth).
void TestNcclEfficiency::treeForSmallMessagesAcrossManyNodes()
{
    const GroupLinks links = linksOf(64, 8, 8, 0, 1.0, FabricTopology::RailOptimized);
    CollectiveSpec spec;
    spec.ranks = 512;
    spec.ranksPerNode = 8;
    spec.bytes = 1e6;
    QCOMPARE(ncclCollective(spec, links.links).algorithm, CollectiveAlgorithm::Tree);
    const GroupLinks eight = linksOf(8, 8, 8, 0, 1.0, FabricTopology::RailOptimized);
    spec.ranks = 64;
    spec.bytes = 1e9;
    QCOMPARE(ncclCollective(spec, eight.links).algorithm, CollectiveAlgorithm::Ring);
    spec.ranks = 8;
    spec.ranksPerNode = 0;
    spec.bytes = 1e6;
    QCOMPARE(ncclCollective(spec, links.links).algorithm, CollectiveAlgorithm::Ring); // one node: no tree
}

// The evaluation's per-placement table of group links (PlacedGroupLinks, built once per cluster and shared
// by the search's layouts) gives a design's FSDP group the same rails as the links looked up without it:
// 4 × DGX H100, DP 32 with 8 members per node, crosses the nodes on min(8, cards) NDR cards.
void TestNcclEfficiency::placementTableCarriesRails_data()
{
    QTest::addColumn<int>("nics");
    QTest::addColumn<double>("rails");
    QTest::newRow("one card per GPU") << 0 << 8.0;
    QTest::newRow("4 cards per node") << 4 << 4.0;
}

void TestNcclEfficiency::placementTableCarriesRails()
{
    QFETCH(int, nics);
    QFETCH(double, rails);
    const std::string patch = R"({"cluster": {"nicsPerNode": )" + std::to_string(nics)
        + R"(, "uniform": {"nodes": 4}}, "layout": {"dp": 32}})";
    const LoadResult loaded = testing::patched("fsdp-1node-8gpu", patch.c_str());
    QVERIFY(loaded.design);
    const Design& design = *loaded.design;
    const Evaluation e = evaluate(design);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QVERIFY(e.groupLinks);
    const GroupLinks fromTable = rankGroupLinks(design, e, Dim::Dp, 0);
    PlacedLayout withoutTable = e;
    withoutTable.groupLinks.reset();
    QVERIFY(fromTable == groupLinks(design, withoutTable, withoutTable.mesh.groupOfRank(Dim::Dp, 0)));
    QCOMPARE(fromTable.ranksPerNode, 8);
    QCOMPARE(fromTable.rails, rails);
    // ib-ndr-400: 50 GB/s per card.
    QVERIFY(std::abs(1 / fromTable.links.interNode.beta - rails * 50e9) < 1);
}

QTEST_GUILESS_MAIN(TestNcclEfficiency)
#include "tst_ncclefficiency.moc"
