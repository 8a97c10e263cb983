// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration from nccl-tests: parsing its table and fitting a link's bandwidth and latency.

#include "design/designio.h"
#include "evaluate.h"
#include "comm/ncclimport.h"

#include <QFile>
#include <QTest>

using namespace core;

namespace {
std::string readData(const char* name)
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return file.readAll().toStdString();
}
} // namespace

class TestNcclImport : public QObject
{
    Q_OBJECT

private slots:
    void parsesTheTable();
    void fitsBandwidthAndLatency();
    void badInput();
    void calibratedLinksTravelWithTheDesign();
};

// tests/data/nccl-allreduce-8xh100.txt: all_reduce_perf's layout (nccl-tests doc/PERFORMANCE.md), made
// from a ring with 360 GB/s bus bandwidth and 2.5 µs per step, sizes 8 B to 8 GiB.
void TestNcclImport::parsesTheTable()
{
    const NcclTestTable table = parseNcclTests(readData("nccl-allreduce-8xh100.txt"));
    QVERIFY(table.diagnostics.empty());
    QCOMPARE(table.ranks, 8);
    QCOMPARE(table.rows.size(), std::size_t{31});
    QCOMPARE(table.rows.front().bytes, 8.0);
    QCOMPARE(table.rows.back().bytes, 8589934592.0);
    QCOMPARE(table.rows.back().seconds, 41791.63e-6);
    QCOMPARE(table.rows.back().busBandwidth, 359.70e9);
}

void TestNcclImport::fitsBandwidthAndLatency()
{
    const NcclTestTable table = parseNcclTests(readData("nccl-allreduce-8xh100.txt"));
    const LinkFit fit = fitLink(table, CollectiveOp::AllReduce, 8);
    QCOMPARE(fit.steps, 14); // 2(n − 1)
    QVERIFY2(std::abs(fit.bandwidth - 360e9) / 360e9 < 0.005, qPrintable(QString::number(fit.bandwidth)));
    QVERIFY2(std::abs(fit.latency - 2.5e-6) < 0.01e-6, qPrintable(QString::number(fit.latency)));
    LinkSpec nvlink;
    nvlink.id = "nvlink4";
    nvlink.linkClass = LinkClass::NvLink;
    const LinkSpec calibrated = calibratedLink(nvlink, fit, "measured");
    QCOMPARE(QString::fromStdString(calibrated.id), QStringLiteral("nvlink4"));
    QCOMPARE(calibrated.bandwidth, fit.bandwidth);
}

void TestNcclImport::badInput()
{
    const NcclTestTable empty = parseNcclTests("# nothing here\n\n");
    QCOMPARE(QString::fromStdString(empty.diagnostics.at(0).code), QStringLiteral("calibration-nccl-empty"));
    QCOMPARE(fitLink(empty, CollectiveOp::AllReduce, 8).bandwidth, 0.0);
    const NcclTestTable odd = parseNcclTests("  1024  256 float sum -1 12.0 0.08 0.15 0\nnot a row at all\n");
    QCOMPARE(odd.rows.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(odd.diagnostics.at(0).code), QStringLiteral("calibration-nccl-row"));
    QCOMPARE(QString::fromStdString(odd.diagnostics.at(0).args.at(0)), QStringLiteral("2"));
    QCOMPARE(fitLink(odd, CollectiveOp::AllReduce, 1).bandwidth, 0.0); // one rank has no ring
}

// A design carries its calibrated links (cluster.links): they survive a round trip, keep the uniform
// shorthand, and the evaluation's catalog uses them in place of the preset of the same id.
void TestNcclImport::calibratedLinksTravelWithTheDesign()
{
    Design design = *exampleDesign("default");
    LinkSpec measured = *Catalog::builtin().link("ib-ndr-400");
    measured.bandwidth = 38e9;
    measured.latency = 7e-6;
    measured.source = "nccl-tests all_reduce on 32 ranks";
    design.cluster.calibratedLinks.push_back(measured);
    const Json saved = designToJson(design);
    QVERIFY(saved["cluster"].contains("uniform"));
    QVERIFY(saved["cluster"]["links"].size() == 1);
    const LoadResult loaded = designFromJson(saved);
    QVERIFY(loaded.ok());
    QVERIFY(loaded.design->cluster == design.cluster);
    const Evaluation e = evaluate(*loaded.design);
    QCOMPARE(e.catalog->link("ib-ndr-400")->bandwidth, 38e9);
    QCOMPARE(Catalog::builtin().link("ib-ndr-400")->bandwidth, 50e9); // the presets themselves are untouched
    QVERIFY(e.catalog->link("nvlink4"));
}

QTEST_APPLESS_MAIN(TestNcclImport)
#include "tst_ncclimport.moc"
