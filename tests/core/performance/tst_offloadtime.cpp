// SPDX-License-Identifier: GPL-3.0-or-later
// What CPU offload costs a step (performance/offloadtime.h, docs/offload.md): the host figures of the GPU
// presets against their datasheets' arithmetic, the CPU optimizer's bytes against DeepSpeed's cpu_adam,
// and the step's parts on the FSDP example with the offload switched on.

#include "evaluate.h"
#include "memory/modelshard.h"
#include "performance/offloadtime.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

double h100HostLink()
{
    return Catalog::builtin().gpu("h100-sxm-80gb")->hostLinkBandwidth;
}

} // namespace

class TestOffloadTime : public QObject
{
    Q_OBJECT

private slots:
    void hostFiguresFollowTheDatasheets_data();
    void hostFiguresFollowTheDatasheets();
    void cpuAdamStreamsThirtyBytes();
    void optimizerOffloadIsTheHostsStep();
    void parameterOffloadStreamsEveryMicroBatch();
    void offloadIsSlowerThanTheGpuStep();
};

void TestOffloadTime::hostFiguresFollowTheDatasheets_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("linkGBps");
    QTest::addColumn<double>("memoryGBps");
    // PCIe: transfer rate × 16 lanes × 128/130 (PCI-SIG Gen3/4/5); host DRAM: sockets × channels × transfer
    // rate × 8 bytes / GPUs, of the DGX datasheet's CPUs (DGX-1: 2 × E5-2698 v4, 4 × DDR4-2400; DGX A100:
    // 2 × EPYC 7742, 8 × DDR4-3200; DGX H100: 2 × Xeon 8480C, 8 × DDR5-4800; DGX B200: 2 × Xeon 8570,
    // 8 × DDR5-5600). GB200: NVLink-C2C 900 GB/s both ways for one Grace and two GPUs, Grace LPDDR5X
    // 512 GB/s for two GPUs (NVIDIA GB200 NVL72 datasheet). DGX B300: 2 × Xeon 6776P, 8 × DDR5-6400, behind
    // PCIe 5.0 (heise.de on Intel's announcement), though the GPU itself negotiates PCIe 6.0. GB300: the same
    // Grace, one for two GPUs (NVIDIA's GB300 NVL72 reference architecture: 2 Grace and 4 GPUs a tray).
    const auto pcie = [](double gtPerSecond) { return gtPerSecond * 16 * 128.0 / 130.0 / 8; };
    const auto dram
        = [](double channels, double megaTransfers) { return 2 * channels * megaTransfers * 8 / 1000 / 8; };
    QTest::newRow("V100, DGX-1") << "v100-sxm2-32gb" << pcie(8) << dram(4, 2400);
    QTest::newRow("A100, DGX A100") << "a100-80gb" << pcie(16) << dram(8, 3200);
    QTest::newRow("H100, DGX H100") << "h100-sxm-80gb" << pcie(32) << dram(8, 4800);
    QTest::newRow("H200, DGX H200") << "h200-141gb" << pcie(32) << dram(8, 4800);
    QTest::newRow("B200, DGX B200") << "b200-180gb" << pcie(32) << dram(8, 5600);
    QTest::newRow("GB200, NVL72") << "gb200-186gb" << 900.0 / 2 / 2 << 512.0 / 2;
    QTest::newRow("B300, DGX B300") << "b300-270gb" << pcie(32) << dram(8, 6400);
    QTest::newRow("GB300, NVL72") << "gb300-279gb" << 900.0 / 2 / 2 << 512.0 / 2;
}

void TestOffloadTime::hostFiguresFollowTheDatasheets()
{
    QFETCH(QString, gpu);
    QFETCH(double, linkGBps);
    QFETCH(double, memoryGBps);
    const GpuSpec* spec = Catalog::builtin().gpu(gpu.toStdString());
    QVERIFY(spec);
    QVERIFY2(std::abs(spec->hostLinkBandwidth / 1e9 - linkGBps) < 0.01,
             qPrintable(QString::number(spec->hostLinkBandwidth / 1e9)));
    QVERIFY2(std::abs(spec->hostMemoryBandwidth / 1e9 - memoryGBps) < 0.01,
             qPrintable(QString::number(spec->hostMemoryBandwidth / 1e9)));
    QVERIFY(!spec->hostSource.empty());
}

void TestOffloadTime::cpuAdamStreamsThirtyBytes()
{
    // DeepSpeed csrc/includes/cpu_adam.h, Adam_Optimizer::Step_AVX: loads the FP32 gradient, parameter,
    // exp_avg and exp_avg_sq (16 bytes), stores the last three (12) and the 16-bit copy for the GPU (2).
    Design design = testing::example("fsdp-1node-8gpu");
    QCOMPARE(hostOptimizerBytesPerParameter(design), 30.0);
}

void TestOffloadTime::optimizerOffloadIsTheHostsStep()
{
    // DeepSpeed ZeRO-2 with offload_optimizer on one node of 8 H100: each GPU updates Ψ/8 of Llama 3.1 8B
    // on the host (30 bytes each at 70 % of its 76.8 GB/s share of DRAM) and uploads Ψ/8 BF16 weights
    // over PCIe Gen5 (63.02 GB/s × 0.88).
    const LoadResult loaded = testing::patched(
        "fsdp-1node-8gpu",
        R"({"workload": {"offload": "cpu"}, "layout": {"zeroStage": 2, "framework": "deepspeed",
                               "reshardAfterForward": null}})");
    QVERIFY2(loaded.design, qPrintable(testing::describe(loaded.diagnostics)));
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
    const double parameters = rankShard(*loaded.design, 0).total() / 8;
    const double cpu = parameters * 30 / (76.8e9 * kHostMemoryEfficiency);
    const double upload = parameters * 2 / (h100HostLink() * kHostLinkEfficiency);
    QVERIFY2(std::abs(e.performance->optimizerSeconds - (cpu + upload)) < 1e-6 * (cpu + upload),
             qPrintable(QStringLiteral("%1 s, expected %2 + %3")
                            .arg(e.performance->optimizerSeconds)
                            .arg(cpu)
                            .arg(upload)));
    // About 1 Gparam per GPU: some 0.5 s of CPU time and 36 ms of upload.
    QVERIFY(cpu > 0.4 && cpu < 0.7);
}

void TestOffloadTime::parameterOffloadStreamsEveryMicroBatch()
{
    // FSDP2 with CPUOffloadPolicy: the parameters come in for forward and backward of every micro-batch,
    // hidden under the compute unless the compute is shorter. With 8K tokens per micro-batch an 8B layer's
    // compute hides them: nothing is exposed but the CPU step.
    const LoadResult loaded
        = testing::patched("fsdp-1node-8gpu", R"({"workload": {"offload": "cpu-params"}})");
    QVERIFY2(loaded.design, qPrintable(testing::describe(loaded.diagnostics)));
    const Evaluation e = evaluate(*loaded.design);
    QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
    const double parameters = rankShard(*loaded.design, 0).total() / 8;
    const double cpu = parameters * 30 / (76.8e9 * kHostMemoryEfficiency);
    QVERIFY2(std::abs(e.performance->optimizerSeconds - cpu) < 1e-6 * cpu,
             qPrintable(QStringLiteral("%1 s, expected %2").arg(e.performance->optimizerSeconds).arg(cpu)));

    // With 128 tokens per micro-batch the compute is far shorter than fetching 2 × 2 bytes × Ψ/8 each time.
    const LoadResult shortSequence = testing::patched(
        "fsdp-1node-8gpu", R"({"workload": {"offload": "cpu-params", "sequenceLength": 128}})");
    QVERIFY(shortSequence.design);
    const Evaluation s = evaluate(*shortSequence.design);
    QVERIFY2(s.performance, qPrintable(testing::describe(s.diagnostics)));
    const double fetch = 2 * parameters * 2 / (h100HostLink() * kHostLinkEfficiency);
    const double microBatches = static_cast<double>(s.microBatches);
    QVERIFY(s.performance->optimizerSeconds > cpu + 0.5 * microBatches * fetch);
    QVERIFY(s.performance->optimizerSeconds < cpu + microBatches * fetch);
}

void TestOffloadTime::offloadIsSlowerThanTheGpuStep()
{
    // The optimizer in HBM (3.35 TB/s) against on the host: offload trades time for memory, never gains.
    const LoadResult gpu = testing::patched(
        "fsdp-1node-8gpu",
        R"({"layout": {"zeroStage": 2, "framework": "deepspeed", "reshardAfterForward": null}})");
    const LoadResult host = testing::patched(
        "fsdp-1node-8gpu",
        R"({"workload": {"offload": "cpu"}, "layout": {"zeroStage": 2, "framework": "deepspeed",
                               "reshardAfterForward": null}})");
    QVERIFY(gpu.design && host.design);
    const Evaluation a = evaluate(*gpu.design);
    const Evaluation b = evaluate(*host.design);
    QVERIFY(a.performance && b.performance && a.memory && b.memory);
    QVERIFY(b.performance->stepSeconds > a.performance->stepSeconds);
    QVERIFY(b.performance->optimizerSeconds > 10 * a.performance->optimizerSeconds);
    QVERIFY(b.memory->peakBytes < a.memory->peakBytes);
}

QTEST_APPLESS_MAIN(TestOffloadTime)
#include "tst_offloadtime.moc"
