// SPDX-License-Identifier: GPL-3.0-or-later
// The GPU and link presets against their published figures, each row naming its source: capacities in the
// bytes CUDA reports, dense BF16 and FP8 peaks, HBM bandwidth; the preset file format; and what follows
// from the figures (a fit verdict near the limit, a GB200 NVL72 rack as one NVLink domain of 72 GPUs).

#include "base/diagnostickinds.h"
#include "catalog/catalog.h"
#include "catalog/presetio.h"
#include "compute/gpupeaks.h"
#include "design/designio.h"
#include "evaluate.h"
#include "support/kerneltest.h"

#include <QTest>
#include <algorithm>

using namespace core;
using testing::gpu;

Q_DECLARE_METATYPE(std::string)

class TestHardware : public QObject
{
    Q_OBJECT

private slots:
    void gpuPresets_data();
    void gpuPresets();
    void capacityIsNotTheRoundFigure();
    void linkPresets_data();
    void linkPresets();
    void gpuPeaksComeFromThePreset();
    void presetFile_data();
    void presetFile();
    void fitVerdictNearTheLimit();
    void nvl72RackIsOneNode();
    void nvl72ExpertGroupStaysOnNvlink();
};

namespace {

bool hasCode(const std::vector<Diagnostic>& diagnostics, std::string_view code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Diagnostic& d) { return d.code == code; });
}

Evaluation evaluateText(const std::string& text)
{
    const LoadResult loaded = loadDesign(text);
    if (!loaded.ok()) {
        for (const Diagnostic& d : loaded.diagnostics)
            qWarning("%s: %s", d.path.c_str(), d.message().c_str());
        qFatal("design does not load");
    }
    return evaluate(*loaded.design);
}

} // namespace

void TestHardware::gpuPresets_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("memoryBytes");
    QTest::addColumn<double>("bf16TFlops");
    QTest::addColumn<double>("fp8TFlops");
    QTest::addColumn<double>("hbmGBps");
    QTest::addColumn<QString>("intraLink");
    QTest::addColumn<int>("smCount"); // the whitepapers' SM counts (gpus.json smSource); 0: not known
    // CUDA totalGlobalMem in a PyTorch profiler trace's deviceProperties (HolisticTraceAnalysis test data);
    // NVIDIA A100 datasheet: 312 TFLOP/s BF16 dense, no FP8 tensor cores, 1,555 GB/s.
    QTest::newRow("A100 40 GB") << "a100-40gb" << 42297524224.0 << 312.0 << 0.0 << 1555.0 << "nvlink3" << 108;
    // deviceQuery, driver 12.5 (thamada/nvidia-smi); A100 datasheet: 2,039 GB/s for the 80 GB SXM4.
    QTest::newRow("A100 80 GB") << "a100-80gb" << 85100068864.0 << 312.0 << 0.0 << 2039.0 << "nvlink3" << 108;
    // deviceQuery, driver 12.7 (thamada/nvidia-smi); H100 datasheet: 1,979 BF16 / 3,958 FP8 with sparsity.
    QTest::newRow("H100 SXM") << "h100-sxm-80gb" << 85045477376.0 << 989.0 << 1979.0 << 3350.0 << "nvlink4"
                              << 132;
    // H100 datasheet, PCIe: 1,513 BF16 / 3,026 FP8 with sparsity, 2 TB/s; memory as the SXM (derived).
    QTest::newRow("H100 PCIe") << "h100-pcie-80gb" << 85045477376.0 << 756.0 << 1513.0 << 2000.0 << "pcie5"
                               << 114;
    // PyTorch total_memory=143156MB (MiB); H200 product brief: 4.8 TB/s, H100 SXM compute.
    QTest::newRow("H200") << "h200-141gb" << 143156.0 * 1048576 << 989.0 << 1979.0 << 4800.0 << "nvlink4"
                          << 132;
    // PyTorch total_memory=182631MB (MiB); HGX B200: 2.25 PFLOP/s BF16 dense, 72 PFLOP/s FP8 sparse for 8;
    // HBM from the bus CUDA reports (pytorch/ao pull request 4002: 7,680 bits × 3,996 MHz × 2).
    QTest::newRow("B200") << "b200-180gb" << 182631.0 * 1048576 << 2250.0 << 4500.0
                          << 7680.0 / 8 * 3996 * 2 / 1000 << "nvlink5" << 148;
    // H800 SXM5: H100 SXM5 chip and memory, NVLink at 400 GB/s total.
    QTest::newRow("H800") << "h800-sxm-80gb" << 85045477376.0 << 989.0 << 1979.0 << 3350.0 << "nvlink4-h800"
                          << 132;
    // GB200 NVL72 ÷ 72: 360 PFLOP/s BF16 and 720 FP8 with sparsity; memory derived from B200 (nvidia-smi's
    // 189,471 MiB × CUDA's 182,631 / nvidia-smi's 183,359 on B200); HBM at B200's memory clock on 31/32 of
    // the stacks where B200 has 30/32 (189,471 and 183,359 MiB lie 993 and 961 MiB under 31/32 and 30/32 of
    // 192 GiB): a 7,936-bit bus; 152 SMs (ByteDance-Seed/VeOmni pull request 986).
    QTest::newRow("GB200") << "gb200-186gb" << 188718.0 * 1048576 << 2500.0 << 5000.0
                           << 7936.0 / 8 * 3996 * 2 / 1000 << "nvlink5" << 152;
    // CUDA's 267.69 GiB on a B300 SXM6 AC (ademeure/QuickRunCUDA's cudaDeviceProp dump) to the MiB; HGX B300:
    // 36 PFLOP/s BF16 and 72 FP8 with sparsity for 8; 148 SMs and B200's bus and memory clock (the same
    // dump).
    QTest::newRow("B300") << "b300-270gb" << 274115.0 * 1048576 << 2250.0 << 4500.0
                          << 7680.0 / 8 * 3996 * 2 / 1000 << "nvlink5" << 148;
    // PyTorch's 276.50 GiB on a GB300 (stas00/ml-engineering debug/pytorch.md) to the MiB; GB300 NVL72 ÷ 72:
    // 180 PFLOP/s BF16 and 360 FP8 dense; 152 SMs (sgl-project/sglang pull request 34299); GB200's 31/32 of
    // the stacks (284,208 MiB in nvidia-smi, 1,488 under 31/32 of 288 GiB) at B300's memory clock.
    QTest::newRow("GB300") << "gb300-279gb" << 283136.0 * 1048576 << 2500.0 << 5000.0
                           << 7936.0 / 8 * 3996 * 2 / 1000 << "nvlink5" << 152;
    // deviceQuery under CUDA 9.0 and 11.2; V100 datasheet: 125 TFLOP/s FP16 tensor (no BF16, no FP8),
    // 900 GB/s HBM2, NVLink 2 at 300 GB/s.
    QTest::newRow("V100 16 GB") << "v100-sxm2-16gb" << 16945512448.0 << 125.0 << 0.0 << 900.0 << "nvlink2"
                                << 80;
    QTest::newRow("V100 32 GB") << "v100-sxm2-32gb" << 34089730048.0 << 125.0 << 0.0 << 900.0 << "nvlink2"
                                << 80;
}

void TestHardware::gpuPresets()
{
    QFETCH(QString, id);
    QFETCH(double, memoryBytes);
    QFETCH(double, bf16TFlops);
    QFETCH(double, fp8TFlops);
    QFETCH(double, hbmGBps);
    QFETCH(QString, intraLink);
    QFETCH(int, smCount);
    const GpuSpec& spec = gpu(qPrintable(id));
    QCOMPARE(spec.memoryBytes, memoryBytes);
    QCOMPARE(spec.bf16Flops, bf16TFlops * 1e12);
    QCOMPARE(spec.fp8Flops, fp8TFlops * 1e12);
    QCOMPARE(spec.hbmBandwidth, hbmGBps * 1e9);
    QCOMPARE(QString::fromStdString(spec.defaultIntraLink), intraLink);
    QVERIFY(!spec.source.empty());
    QVERIFY(!spec.memorySource.empty());
    QCOMPARE(spec.smCount, smCount);
    QCOMPARE(spec.smSource.empty(), smCount == 0);
    // The measured HBM share: B200's table row, and GB200 and B300 on its memory; the others take H100's (0
    // here).
    const bool blackwell = id == QLatin1String("b200-180gb") || id == QLatin1String("gb200-186gb")
        || id == QLatin1String("b300-270gb") || id == QLatin1String("gb300-279gb");
    QCOMPARE(spec.hbmEfficiency, blackwell ? 0.68 : 0.0);
    QCOMPARE(spec.hbmEfficiencySource.empty(), !blackwell);
    // The measured speed over the GPU whose kernels it runs: GB200's over B200's (stas00/ml-engineering's
    // maximum achievable matmul FLOPS, 1,822.0 / 1,745.0 BF16 and 3,615.6 / 3,432.5 FP8), which GB300 takes;
    // every other GPU its peaks' ratio (0 here).
    const bool gbPart = id == QLatin1String("gb200-186gb") || id == QLatin1String("gb300-279gb");
    QCOMPARE(spec.kernelsSpeedBf16, gbPart ? 1.0441 : 0.0);
    QCOMPARE(spec.kernelsSpeedFp8, gbPart ? 1.0533 : 0.0);
    QCOMPARE(spec.kernelsSpeedSource.empty(), !gbPart);
}

// Every GPU has more bytes than its round decimal figure (CUDA's total is what the driver leaves of a
// binary-sized HBM), and less than the binary figure's next step: 80 GB → between 80e9 and 80 GiB × 1.1.
void TestHardware::capacityIsNotTheRoundFigure()
{
    const std::vector<std::pair<const char*, double>> nominal{
        {"a100-40gb", 40},   {"a100-80gb", 80},    {"h100-sxm-80gb", 80},  {"h100-pcie-80gb", 80},
        {"h200-141gb", 141}, {"b200-180gb", 180},  {"h800-sxm-80gb", 80},  {"gb200-186gb", 186},
        {"b300-270gb", 270}, {"gb300-279gb", 279}, {"v100-sxm2-16gb", 16}, {"v100-sxm2-32gb", 32}};
    QCOMPARE(Catalog::builtin().gpus().size(), nominal.size());
    for (const auto& [id, gigabytes] : nominal) {
        const double bytes = gpu(id).memoryBytes;
        QVERIFY2(bytes > gigabytes * 1e9 && bytes < gigabytes * 1.1 * 1024 * 1024 * 1024, id);
    }
}

void TestHardware::linkPresets_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("gigabytesPerSecond"); // per GPU and direction
    // NVIDIA V100 datasheet: 300 GB/s total = 6 links × 25 GB/s per direction.
    QTest::newRow("NVLink 2") << "nvlink2" << 150.0;
    // NVIDIA A100 datasheet: 600 GB/s total.
    QTest::newRow("NVLink 3") << "nvlink3" << 300.0;
    // NVIDIA H100 datasheet: 900 GB/s total.
    QTest::newRow("NVLink 4") << "nvlink4" << 450.0;
    // NVIDIA H800: 400 GB/s total (DeepSeek-V3 report Sec. 3.2.2 achieves 160 GB/s of it).
    QTest::newRow("NVLink 4, H800") << "nvlink4-h800" << 200.0;
    // NVIDIA HGX B200 and GB200 NVL72: 1.8 TB/s total per GPU.
    QTest::newRow("NVLink 5") << "nvlink5" << 900.0;
}

void TestHardware::linkPresets()
{
    QFETCH(QString, id);
    QFETCH(double, gigabytesPerSecond);
    const LinkSpec* link = Catalog::builtin().link(id.toStdString());
    QVERIFY(link);
    QCOMPARE(link->linkClass, LinkClass::NvLink);
    QCOMPARE(link->bandwidth, gigabytesPerSecond * 1e9);
}

// The peaks a kernel runs against are the preset's, whatever its id: a user's GPU with an FP8 peak gets
// it, a copy of a built-in GPU with another peak gets that one.
void TestHardware::gpuPeaksComeFromThePreset()
{
    for (const GpuSpec& spec : Catalog::builtin().gpus()) {
        const GpuPeaks peaks = gpuPeaks(spec);
        QCOMPARE(peaks.bf16Flops, spec.bf16Flops);
        QCOMPARE(peaks.fp8Flops, spec.fp8Flops);
        QCOMPARE(peaks.hbmBandwidth, spec.hbmBandwidth);
        QCOMPARE(peaks.fp8Source.empty(), spec.fp8Flops == 0);
    }
    GpuSpec changed = gpu("h100-sxm-80gb");
    changed.fp8Flops = 1234e12;
    changed.source = "a user's measurement";
    QCOMPARE(gpuPeaks(changed).fp8Flops, 1234e12);
    QCOMPARE(gpuPeaks(changed).fp8Source, std::string("a user's measurement"));
    // V100 has no FP8 tensor cores: an FP8 GEMM runs at the 16-bit peak.
    const GpuPeaks v100 = gpuPeaks(gpu("v100-sxm2-32gb"));
    QVERIFY(!v100.hasFp8());
    QCOMPARE(v100.flops(GemmDtype::Fp8E4m3), 125e12);
    QCOMPARE(gpuPeaks(gpu("gb200-186gb")).flops(GemmDtype::Fp8E4m3), 5000e12);
}

void TestHardware::presetFile_data()
{
    QTest::addColumn<std::string>("json");
    QTest::addColumn<double>("memoryBytes");
    QTest::addColumn<double>("fp8Flops");
    QTest::addColumn<std::string>("errorCode");
    QTest::addColumn<std::string>("errorPath");
    const std::string head = R"({"id": "x", "name": "X", "bf16TFlops": 100, "hbmBandwidthGBps": 1000, )";
    QTest::newRow("bytes win over the round figure")
        << head + R"("memoryBytes": 85045477376, "memoryGB": 80, "fp8TFlops": 200})" << 85045477376.0
        << 200e12 << std::string() << std::string();
    QTest::newRow("a file with only memoryGB reads decimal GB, no FP8 peak")
        << head + R"("memoryGB": 80})" << 80e9 << 0.0 << std::string() << std::string();
    QTest::newRow("no capacity at all") << head + R"("fp8TFlops": 200})" << 0.0 << 200e12
                                        << std::string("io-missing") << std::string("/gpu/memoryGB");
    QTest::newRow("negative FP8 peak") << head + R"("memoryGB": 80, "fp8TFlops": -1})" << 80e9 << -1e12
                                       << std::string("value-range") << std::string("/gpu/fp8TFlops");
    QTest::newRow("zero bytes") << head + R"("memoryBytes": 0})" << 0.0 << 0.0 << std::string("value-range")
                                << std::string("/gpu/memoryBytes");
    QTest::newRow("bytes as text") << head + R"("memoryBytes": "85 GB"})" << 0.0 << 0.0
                                   << std::string("io-type") << std::string("/gpu/memoryBytes");
    // The SM count (TE's TP overlap leaves its GEMMs all but 16): optional, a whole positive number.
    QTest::newRow("SM count with its source")
        << head + R"("memoryGB": 80, "smCount": 132, "smSource": "H100 whitepaper"})" << 80e9 << 0.0
        << std::string() << std::string();
    QTest::newRow("negative SM count") << head + R"("memoryGB": 80, "smCount": -4})" << 80e9 << 0.0
                                       << std::string("value-range") << std::string("/gpu/smCount");
    QTest::newRow("SM count as a fraction") << head + R"("memoryGB": 80, "smCount": 131.5})" << 80e9 << 0.0
                                            << std::string("io-type") << std::string("/gpu/smCount");
    // The measured share of HBM bandwidth a streaming kernel reaches: optional, a fraction.
    QTest::newRow("HBM efficiency with its source")
        << head + R"("memoryGB": 80, "hbmEfficiency": 0.7, "hbmEfficiencySource": "a sweep"})" << 80e9 << 0.0
        << std::string() << std::string();
    QTest::newRow("HBM efficiency as a percentage")
        << head + R"("memoryGB": 80, "hbmEfficiency": 68})" << 80e9 << 0.0 << std::string("value-range")
        << std::string("/gpu/hbmEfficiency");
    // How many times as fast as its kernelsOf GPU it runs the same GEMMs, where both were measured: optional,
    // a positive ratio.
    QTest::newRow("measured kernel speed with its source") << head
            + R"("memoryGB": 80, "kernelsOf": "h100-sxm-80gb", "kernelsSpeedBf16": 1.04, "kernelsSpeedFp8": 1.05,
            "kernelsSpeedSource": "one benchmark on both"})"
                                                           << 80e9 << 0.0 << std::string() << std::string();
    QTest::newRow("negative kernel speed")
        << head + R"("memoryGB": 80, "kernelsSpeedFp8": -1.05})" << 80e9 << 0.0 << std::string("value-range")
        << std::string("/gpu/kernelsSpeedFp8");
    QTest::newRow("kernel speed as text")
        << head + R"("memoryGB": 80, "kernelsSpeedBf16": "1.04x"})" << 80e9 << 0.0 << std::string("io-type")
        << std::string("/gpu/kernelsSpeedBf16");
}

void TestHardware::presetFile()
{
    QFETCH(std::string, json);
    QFETCH(double, memoryBytes);
    QFETCH(double, fp8Flops);
    QFETCH(std::string, errorCode);
    QFETCH(std::string, errorPath);
    ReadContext context;
    GpuSpec spec;
    readGpu(Json::parse(json), "/gpu", context, spec);
    QCOMPARE(spec.memoryBytes, memoryBytes);
    QCOMPARE(spec.fp8Flops, fp8Flops);
    if (errorCode.empty()) {
        QVERIFY(!context.failed());
        // What is written reads back the same.
        ReadContext again;
        GpuSpec copy;
        readGpu(gpuToJson(spec), "", again, copy);
        QVERIFY(!again.failed());
        QCOMPARE(copy, spec);
    } else {
        QVERIFY(context.failed());
        const auto it = std::find_if(context.diagnostics.begin(), context.diagnostics.end(),
                                     [&](const Diagnostic& d) { return d.code == errorCode; });
        QVERIFY2(it != context.diagnostics.end(), errorCode.c_str());
        QCOMPARE(it->path, errorPath);
    }
}

// Llama 3.1 8B, 12,288-token sequences, FSDP (ZeRO-3) over 8 H100s, no recomputation, compiled (the loss
// keeps 4 bytes a logit): the peak lies between 80e9 bytes and the 85,045,477,376 CUDA reports. Priced at
// the round figure the design would not fit; at the bytes a process can allocate, it does.
void TestHardware::fitVerdictNearTheLimit()
{
    const Evaluation e
        = evaluateText(R"({"format": "meshwright.design", "version": 1, "model": "llama-3.1-8b",
        "workload": {"mode": "training", "sequenceLength": 12288, "globalBatch": 8, "precision": "bf16-mixed",
                     "optimizer": "adamw"},
        "cluster": {"fabric": "ib-ndr-400",
                    "uniform": {"nodes": 1, "gpusPerNode": 8, "gpu": "h100-sxm-80gb", "intraLink": "nvlink4"}},
        "layout": {"tp": 1, "pp": 1, "cp": 1, "dp": 8, "ep": 1, "order": "tp-cp-ep-dp-pp", "zeroStage": 3,
                   "microBatch": 1, "recompute": "none", "torchCompile": true}})");
    QVERIFY(!hasCode(e.diagnostics, "memory-does-not-fit"));
    QVERIFY(e.memory);
    const double capacity = gpu("h100-sxm-80gb").memoryBytes;
    QVERIFY2(e.memory->peakBytes > 80e9 && e.memory->peakBytes < capacity,
             qPrintable(QString::number(e.memory->peakBytes)));
    QCOMPARE(e.memory->roleOf(e.memory->peakRank).capacityBytes, capacity);
    QVERIFY(e.memory->fits);
}

// A GB200 NVL72 rack is one NVLink domain: a node of 72 GPUs. The example puts a whole 405B replica in
// each rack (TP 8 × PP 9) and only data parallelism between racks.
void TestHardware::nvl72RackIsOneNode()
{
    const std::optional<Design> design = exampleDesign("gb200-nvl72-405b");
    QVERIFY(design);
    const Evaluation e = evaluate(*design);
    for (const Diagnostic& d : e.diagnostics)
        if (d.isError())
            qWarning("%s: %s", d.path.c_str(), d.message().c_str());
    QVERIFY(e.valid());
    QCOMPARE(e.gpusInCluster, 144);
    QVERIFY(!hasCode(e.diagnostics, diag::kTpSpansNodes.code));
    QVERIFY(e.traffic);
    const auto on = [&](Dim dim, LinkClass link) {
        return e.traffic->dims[static_cast<std::size_t>(dim)].bytesOn(link);
    };
    QVERIFY(on(Dim::Tp, LinkClass::NvLink) > 0);
    QCOMPARE(on(Dim::Tp, LinkClass::Fabric), 0.0);
    QVERIFY(on(Dim::Pp, LinkClass::NvLink) > 0);
    QCOMPARE(on(Dim::Pp, LinkClass::Fabric), 0.0);
    QCOMPARE(on(Dim::Dp, LinkClass::NvLink), 0.0);
    QVERIFY(on(Dim::Dp, LinkClass::Fabric) > 0);
    QVERIFY(e.memory && e.memory->fits);
    QVERIFY(e.performance);
}

// Mixtral 8x7B with EP 8 × DP 9 on one NVL72 rack: the expert all-to-all never leaves NVLink.
void TestHardware::nvl72ExpertGroupStaysOnNvlink()
{
    const Evaluation e
        = evaluateText(R"({"format": "meshwright.design", "version": 1, "model": "mixtral-8x7b",
        "workload": {"mode": "training", "sequenceLength": 4096, "globalBatch": 72, "precision": "bf16-mixed",
                     "optimizer": "adamw"},
        "cluster": {"fabric": "ib-ndr-400",
                    "uniform": {"nodes": 1, "gpusPerNode": 72, "gpu": "gb200-186gb", "intraLink": "nvlink5"}},
        "layout": {"tp": 1, "pp": 1, "cp": 1, "dp": 9, "ep": 8, "order": "tp-cp-ep-dp-pp", "zeroStage": 1,
                   "microBatch": 1}})");
    QVERIFY(e.valid());
    QVERIFY(!hasCode(e.diagnostics, diag::kEpSpansNodes.code));
    QVERIFY(e.traffic);
    const DimensionTraffic& ep = e.traffic->dims[static_cast<std::size_t>(Dim::Ep)];
    QVERIFY(ep.bytesOn(LinkClass::NvLink) > 0);
    QCOMPARE(ep.bytesOn(LinkClass::Fabric), 0.0);
}

QTEST_APPLESS_MAIN(TestHardware)
#include "tst_hardware.moc"
