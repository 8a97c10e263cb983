// SPDX-License-Identifier: GPL-3.0-or-later
// GEMM kernels in a PyTorch profiler trace (core/trace/profilertrace.h isGemmKernel): kernel names of
// cuBLAS, cuBLASLt and CUTLASS against those that only look like them, the union of GEMM intervals drawn
// by hand, and the two HTA fixture traces against an independent computation in this test (the whole
// document parsed at once, the rule written again as regular expressions, intervals merged), which
// tests/data/traces/expected_figures.py prints too.

#include "base/jsonparse.h"
#include "trace/profilertrace.h"

#include <QTest>
#include <algorithm>
#include <regex>
#include <zlib.h>

using namespace core;

namespace {

const std::string kTraces = MESHWRIGHT_SOURCE_DIR "/tests/data/traces/";

std::string kernel(const std::string& name, double ts, double dur)
{
    return Json{{"ph", "X"}, {"cat", "kernel"}, {"name", name},
                {"ts", ts},  {"dur", dur},      {"args", {{"device", 0}}}}
        .dump();
}

std::string gunzip(const std::string& path)
{
    gzFile file = gzopen(path.c_str(), "rb");
    std::string text;
    if (!file)
        return text;
    char buffer[1 << 16];
    int n = 0;
    while ((n = gzread(file, buffer, sizeof buffer)) > 0)
        text.append(buffer, static_cast<std::size_t>(n));
    gzclose(file);
    return text;
}

using Intervals = std::vector<std::pair<double, double>>;

Intervals merged(Intervals v)
{
    std::sort(v.begin(), v.end());
    Intervals out;
    for (const auto& [s, e] : v) {
        if (!(e > s))
            continue;
        if (!out.empty() && s <= out.back().second)
            out.back().second = std::max(out.back().second, e);
        else
            out.push_back({s, e});
    }
    return out;
}

double length(const Intervals& v)
{
    double sum = 0;
    for (const auto& [s, e] : v)
        sum += e - s;
    return sum;
}

double overlap(const Intervals& a, const Intervals& b)
{
    double sum = 0;
    for (const auto& [s, e] : a)
        for (const auto& [bs, be] : b)
            sum += std::max(0.0, std::min(e, be) - std::max(s, bs));
    return sum;
}

struct GemmFigures
{
    int kernels = 0;
    double seconds = 0, perStep = 0;
};

// The rule again, as regular expressions: not NCCL or attention; "gemm" (FBGEMM's name removed), "_xmma_",
// "cutlass", or a name starting with "nvjet".
GemmFigures independentGemmFigures(const std::string& path)
{
    const std::regex notGemm("nccl|flash|fmha|attn|attention|sdpa", std::regex::icase);
    const std::regex gemm("gemm|_xmma_|cutlass|^(void )?nvjet", std::regex::icase);
    const std::regex fbgemm("fbgemm", std::regex::icase);
    const Json trace = Json::parse(gunzip(path));
    double device = 1e9;
    for (const Json& e : trace["traceEvents"])
        if (e.value("ph", "") == "X" && e.value("cat", "") == "kernel")
            device = std::min(device, e["args"]["device"].get<double>());
    Intervals gemms, steps;
    GemmFigures out;
    std::vector<std::string> stepNames;
    for (const Json& e : trace["traceEvents"]) {
        if (e.value("ph", "") != "X")
            continue;
        const std::string name = e.value("name", "");
        const double ts = e["ts"].get<double>(), dur = e["dur"].get<double>();
        if (e.value("cat", "") == "kernel" && e["args"]["device"].get<double>() == device
            && !std::regex_search(name, notGemm)
            && std::regex_search(std::regex_replace(name, fbgemm, ""), gemm)) {
            ++out.kernels;
            gemms.push_back({ts, ts + dur});
        } else if (name.starts_with("ProfilerStep#") && e.value("cat", "") != "gpu_user_annotation"
                   && std::find(stepNames.begin(), stepNames.end(), name) == stepNames.end()) {
            stepNames.push_back(name);
            steps.push_back({ts, ts + dur});
        }
    }
    const Intervals merged_ = merged(gemms);
    out.seconds = length(merged_) * 1e-6;
    out.perStep = overlap(merged_, merged(steps)) * 1e-6 / static_cast<double>(steps.size());
    return out;
}

} // namespace

class TestTraceGemms : public QObject
{
    Q_OBJECT

private slots:
    void kernelNames_data();
    void kernelNames();
    void unionOfGemms_data();
    void unionOfGemms();
    void realTraces_data();
    void realTraces();
};

void TestTraceGemms::kernelNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("gemm");

    // cuBLAS and cuBLASLt: the fixtures' names, Hopper's xmma and nvjet kernels, Volta's.
    QTest::newRow("cuBLAS ampere sgemm") << "ampere_sgemm_128x64_nn" << true;
    QTest::newRow("cuBLAS ampere bf16")
        << "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn" << true;
    QTest::newRow("cuBLAS volta") << "volta_sgemm_128x64_nt" << true;
    QTest::newRow("cuBLAS sm80 xmma")
        << "sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize96x128x32_stage4" << true;
    QTest::newRow("cuBLASLt sm90 xmma FP8")
        << "sm90_xmma_gemm_e4m3bf16_e4m3f32_f32_tn_n_tilesize128x128x128_warpgroupsize1x1x1_cublas" << true;
    QTest::newRow("cuBLAS nvjet") << "nvjet_hsh_256x128_64x4_2x1_v_bz_coopA_NNT" << true;
    QTest::newRow("cuBLAS nvjet, void") << "void nvjet_tst_128x256_64x4_1x2_h_bz_coopA_TNT" << true;
    QTest::newRow("cuDNN implicit GEMM")
        << "sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw" << true;
    // CUTLASS, by its procedural names and its templates.
    QTest::newRow("CUTLASS 2") << "void "
                                  "cutlass::Kernel<cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4>("
                                  "cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4::Params)"
                               << true;
    QTest::newRow("CUTLASS 3")
        << "cutlass3x_sm90_tensorop_s64x128x16gemm_f16_f16_f32_f32_128x128x64_2x1x1_0_ntn_align8" << true;
    QTest::newRow("CUTLASS grouped")
        << "void "
           "cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_128x2_tn_align8>(Params)"
        << true;
    QTest::newRow("CUTLASS, no gemm in the name")
        << "void cutlass::Kernel2<cutlass_tensorop_s1688wgrad_optimized_tf32_256x64>(Params)" << true;
    // What only looks like one.
    QTest::newRow("NCCL") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)"
                          << false;
    QTest::newRow("NCCL, unknown kind")
        << "ncclDevKernel_Generic_cutlass(ncclDevKernelArgsStorage<4096ul>)" << false;
    QTest::newRow("FlashAttention 2")
        << "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4>, true>(Flash_fwd_params)" << false;
    QTest::newRow("FlashAttention 3 on CUTLASS")
        << "void cutlass::device_kernel<flash::enable_sm90_or_later<flash::FlashAttnFwdSm90<>>>(Params)"
        << false;
    QTest::newRow("PyTorch mem-efficient attention")
        << "fmha_cutlassF_bf16_aligned_64x64_rf_sm80(PyTorchMemEffAttention::AttentionKernel<>::Params)"
        << false;
    QTest::newRow("cuDNN SDPA") << "cudnn_generated_fort_native_sdpa_sm90_knob_7_64x128x128_4x1x1_kernel0_0"
                                << false;
    QTest::newRow("FBGEMM library") << "void fbgemm_gpu::permute_2D_data_kernel<false, int, int>(int, int)"
                                    << false;
    QTest::newRow("elementwise")
        << "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>(int)"
        << false;
    QTest::newRow("cuBLAS GEMV")
        << "void gemv2T_kernel_val<int, int, float, float, float, 128, 16, 4, 4, false>(Params)" << false;
    QTest::newRow("Triton matmul") << "triton_tem_fused_mm_0" << false;
}

void TestTraceGemms::kernelNames()
{
    QFETCH(QString, name);
    QFETCH(bool, gemm);
    QCOMPARE(isGemmKernel(name.toStdString()), gemm);
}

// Intervals in µs, drawn on paper: G GEMM, E elementwise, A all-reduce; one step window [0, 100) of two
// steps whose second is [200, 300).
void TestTraceGemms::unionOfGemms_data()
{
    QTest::addColumn<QString>("kernels"); // "kind start end; …" with kind g, e or a
    QTest::addColumn<double>("gemmSeconds");
    QTest::addColumn<double>("gemmPerStep");
    QTest::addColumn<int>("gemmKernels");

    QTest::newRow("GEMMs alone") << "g 0 10; g 20 50" << 40.0 << 20.0 << 2;
    QTest::newRow("two streams overlap: counted once") << "g 0 30; g 20 50" << 50.0 << 25.0 << 2;
    QTest::newRow("elementwise and NCCL are not GEMMs") << "g 0 10; e 5 40; a 30 90" << 10.0 << 5.0 << 1;
    QTest::newRow("outside the steps: the total only") << "g 0 10; g 120 170; g 250 260" << 70.0 << 10.0 << 3;
    QTest::newRow("no GEMM") << "e 0 10; a 10 20" << 0.0 << 0.0 << 0;
}

void TestTraceGemms::unionOfGemms()
{
    QFETCH(QString, kernels);
    QFETCH(double, gemmSeconds);
    QFETCH(double, gemmPerStep);
    QFETCH(int, gemmKernels);
    std::string events
        = R"({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "ts": 0, "dur": 100},)"
          R"({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "ts": 200, "dur": 100})";
    for (const QString& k : kernels.split(QLatin1Char(';'))) {
        const QStringList parts = k.trimmed().split(QLatin1Char(' '));
        const double start = parts[1].toDouble(), end = parts[2].toDouble();
        const std::string name = parts[0] == QLatin1String("g") ? "sm90_xmma_gemm_bf16bf16_bf16f32"
            : parts[0] == QLatin1String("e")                    ? "vectorized_elementwise_kernel"
                                                                : "ncclKernel_AllReduce_RING_LL_Sum_bf16";
        events += ','; // appended apart: GCC 12's false -Wrestrict on "literal" + string (DEVELOPERS.md)
        events += kernel(name, start, end - start);
    }
    std::string text = R"({"traceEvents": [)";
    text += events;
    text += "]}";
    const TraceLoadResult result = readTraceText(text);
    QVERIFY(result.summary);
    QCOMPARE(result.summary->gemmKernels, gemmKernels);
    QCOMPARE(result.summary->gemmSeconds, gemmSeconds * 1e-6);
    QCOMPARE(result.summary->gemmSecondsPerStep, gemmPerStep * 1e-6);
}

// The fixtures' GEMMs: CUTLASS and cuBLAS kernels of a ResNet (A100 DDP) and a recommendation model (the
// 128-rank job, whose FBGEMM kernels are not GEMMs). Rows from tests/data/traces/expected_figures.py.
void TestTraceGemms::realTraces_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<double>("perStep");

    QTest::newRow("A100 2-rank DDP") << "a100-2rank-ddp-allreduce.json.gz" << 537 << 0.038963068
                                     << 0.012987689;
    QTest::newRow("128-rank job, rank 0")
        << "128rank-sampled-rank0.json.gz" << 350 << 0.067294000 << 0.033647000;
}

void TestTraceGemms::realTraces()
{
    QFETCH(QString, file);
    QFETCH(int, kernels);
    QFETCH(double, seconds);
    QFETCH(double, perStep);
    const std::string path = kTraces + file.toStdString();
    const GemmFigures expected = independentGemmFigures(path);
    QCOMPARE(expected.kernels, kernels);
    QVERIFY(std::abs(expected.seconds - seconds) < 2e-9); // the script prints nanoseconds
    QVERIFY(std::abs(expected.perStep - perStep) < 2e-9);

    const TraceLoadResult result = readTraceFile(path);
    QVERIFY(result.summary);
    QCOMPARE(result.summary->gemmKernels, kernels);
    QVERIFY(std::abs(result.summary->gemmSeconds - expected.seconds) < 1e-12);
    QVERIFY(std::abs(result.summary->gemmSecondsPerStep - expected.perStep) < 1e-12);
}

QTEST_APPLESS_MAIN(TestTraceGemms)
#include "tst_tracegemms.moc"
