// SPDX-License-Identifier: GPL-3.0-or-later
// A layer's kernels (core/pipeline/layerkernels.h) against shapes worked out by hand from Megatron-LM's
// splits, priced by the measured tables (resources/presets/gemm-h100-b200.csv, OpenXLA's public H100 and
// B200 rows); FP8 against BF16; causal attention FLOPs; where every time says it came from; a user's own
// table carried by the design.

#include "evaluate.h"
#include "pipeline/kernelterms.h"
#include "pipeline/layerkernels.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/kerneltest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <cmath>

Q_DECLARE_METATYPE(core::Fp8Recipe)

using namespace core;
using testing::gemm;
using testing::gpu;

namespace {

constexpr std::size_t kF = 0, kI = 1, kW = 2;

// The reference article's 512-GPU example (Llama 3.1 70B: h 8,192, 64 query and 8 KV heads of 128, gated
// MLP of 28,672; sequence 32,768, TP 8, CP 4, micro-batch 1) on H100 or B200.
Design seed(const char* gpu, const char* intra)
{
    Design d = testing::example("seed-70b-32k-512gpu");
    d.cluster = makeUniformCluster(64, 8, gpu, intra, "ib-ndr-400");
    return d;
}

double gemmSum(const LayerKernels& k)
{
    double sum = 0;
    for (const LayerGemm& g : k.gemms)
        for (std::size_t pass = 0; pass < kPassCount; ++pass)
            sum += g.times[pass].seconds;
    return sum;
}

// The table's own rows, cut to one GPU and data type, with every time multiplied: a user's sweep of a
// slower (or differently clocked) GPU of the same type.
std::string scaledTable(const char* gpuId, const char* dtype, double factor)
{
    const GemmModel& builtin = GemmModel::builtin();
    std::string csv = "gpu,dtype,b,m,n,k,seconds\n";
    for (int m : {256, 1024, 4096})
        for (int n : {256, 1024, 4096})
            for (int k : {256, 1024, 4096}) {
                const GemmShape shape{1, double(m), double(n), double(k)};
                const GemmTime t = builtin.time(gpu(gpuId), shape, GemmDtype::Bf16);
                csv += std::string(gpuId) + "," + dtype + ",1," + std::to_string(m) + "," + std::to_string(n)
                    + "," + std::to_string(k) + "," + std::to_string(t.seconds * factor) + "\n";
            }
    return csv;
}

} // namespace

class TestLayerKernels : public QObject
{
    Q_OBJECT

private slots:
    void shapesByHand_data();
    void shapesByHand();
    void fp8FasterByTheTablesRatio_data();
    void fp8FasterByTheTablesRatio();
    void fp8RecipeCasts_data();
    void fp8RecipeCasts();
    void torchaoCasts_data();
    void torchaoCasts();
    void eagerElementwiseKernels_data();
    void eagerElementwiseKernels();
    void crossEntropyFusedOrNot();
    void causalFlopsFrom8KTo128K();
    void tpOverlapSplitsTheGemms();
    void tpOverlapHidesAllButAChunk();
    void explanationNamesTheTableRow();
    void attentionTermSaysBothPassesHeadDimension();
    void fallbackSaysSo();
    void userTableRoundTripsAndChangesTheTime();
    void badUserTableIsALocatedError();
};

// Megatron's splits (layerkernels.h), by hand for the 70B design at 32K tokens: T = 32,768 / CP 4 = 8,192
// tokens; QKV (64 + 2·8)·128 / TP 8 = 1,280 columns; projection 64·128 / 8 = 1,024 deep; FC1 2·28,672 / 8 =
// 7,168; FC2 3,584 deep. Data gradient (m × k over n), weight gradient (k × n over m). Each time is the
// table's for that shape.
void TestLayerKernels::shapesByHand_data()
{
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("k");
    for (const char* id : {"h100-sxm-80gb", "b200-180gb"}) {
        QTest::addRow("%s qkv", id) << id << "qkv" << 1280.0 << 8192.0;
        QTest::addRow("%s projection", id) << id << "projection" << 8192.0 << 1024.0;
        QTest::addRow("%s fc1", id) << id << "fc1" << 7168.0 << 8192.0;
        QTest::addRow("%s fc2", id) << id << "fc2" << 8192.0 << 3584.0;
    }
}

void TestLayerKernels::shapesByHand()
{
    QFETCH(QString, gpuId);
    QFETCH(QString, name);
    QFETCH(double, n);
    QFETCH(double, k);
    const Design d = seed(gpuId == QStringLiteral("b200-180gb") ? "b200-180gb" : "h100-sxm-80gb",
                          gpuId == QStringLiteral("b200-180gb") ? "nvlink5" : "nvlink4");
    const GpuSpec& g = gpu(qPrintable(gpuId));
    const GemmModel& model = GemmModel::builtin();
    const LayerKernels kernels = layerKernels(d, 0, g, model, 1.0);
    const LayerGemm& gm = gemm(kernels, name.toStdString());
    const double tokens = 8192;
    QCOMPARE(gm.shapes[kF], (GemmShape{1, tokens, n, k}));
    QCOMPARE(gm.shapes[kI], (GemmShape{1, tokens, k, n}));
    QCOMPARE(gm.shapes[kW], (GemmShape{1, k, n, tokens}));
    for (std::size_t pass = 0; pass < kPassCount; ++pass) {
        const GemmTime t = model.time(g, gm.shapes[pass], GemmDtype::Bf16);
        QCOMPARE(t.basis, GemmBasis::Table);
        // A training step runs the table's GEMM at kTrainingGemmShare of its benchmarked rate.
        QCOMPARE(gm.trainingFactor, 1 / kTrainingGemmShare);
        QCOMPARE(gm.times[pass].seconds, t.seconds / kTrainingGemmShare);
        // Each pass does the forward's FLOPs.
        QCOMPARE(gm.times[pass].flops, 2 * tokens * n * k);
    }
    // The parts add the GEMMs up: QKV and projection, FC1 and FC2.
    const LayerPartTimes& parts = kernels.parts;
    QCOMPARE(parts.qkv[kW], gemm(kernels, "qkv").times[kW].seconds);
    QCOMPARE(parts.mlp(kI), gemm(kernels, "fc1").times[kI].seconds + gemm(kernels, "fc2").times[kI].seconds);
    // FlashAttention forward: causal, 64/8 heads, b/CP sequences of the whole 32K.
    QCOMPARE(kernels.attention.heads, 8.0);
    QVERIFY(kernels.attention.causal);
    QCOMPARE(kernels.attentionForward.flops, 4 * 0.25 * 8 * 128 * (32768.0 * 32769 / 2));
    QCOMPARE(kernels.attentionBackward.flops, 2.5 * kernels.attentionForward.flops);
}

// FP8 (Transformer Engine on H100, MXFP8 on B200): the linear layers' GEMMs at FP8. Large GEMMs run at the
// kernel model's large-shape rates, so the layer's GEMMs speed up by about their ratio (H100: the roofline's
// 1,484 against the BF16 table's 804, the table has no H100 FP8 rows; B200: 3,280 / 1,540 TFLOP/s, both
// tables' plateaus); the FP8 casts add HBM traffic.
void TestLayerKernels::fp8FasterByTheTablesRatio_data()
{
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<QString>("intra");
    QTest::newRow("H100") << "h100-sxm-80gb"
                          << "nvlink4";
    QTest::newRow("B200") << "b200-180gb"
                          << "nvlink5";
}

void TestLayerKernels::fp8FasterByTheTablesRatio()
{
    QFETCH(QString, gpuId);
    QFETCH(QString, intra);
    const std::string id = gpuId.toStdString();
    Design bf16 = seed(id.c_str(), qPrintable(intra));
    Design fp8 = bf16;
    fp8.workload.precision = Precision::Fp8;
    const GemmModel& model = GemmModel::builtin();
    const LayerKernels a = layerKernels(bf16, 0, gpu(id.c_str()), model, 1.0);
    const LayerKernels b = layerKernels(fp8, 0, gpu(id.c_str()), model, 1.0);
    QCOMPARE(gemm(b, "qkv").dtype, GemmDtype::Fp8E4m3);
    const double ratio = gemmSum(a) / gemmSum(b);
    const GemmShape large{1, 65536, 65536, 16384};
    const double tables = model.time(gpu(id.c_str()), large, GemmDtype::Fp8E4m3).flopsPerSecond()
        / model.time(gpu(id.c_str()), large, GemmDtype::Bf16).flopsPerSecond();
    qInfo("%s: layer GEMMs %.2f× faster in FP8, large GEMMs %.2f×", qPrintable(gpuId), ratio, tables);
    QVERIFY(ratio > 1.5);
    QVERIFY(std::abs(ratio / tables - 1) < 0.2);
    QCOMPARE(a.castBytes, 0.0);
    QVERIFY(b.castBytes > 0 && b.parts.elementwiseForward > a.parts.elementwiseForward);
    // The step is faster, and MFU against the FP8 peak is stated beside the BF16 one.
    const Evaluation ea = evaluate(bf16), eb = evaluate(fp8);
    QVERIFY(ea.performance && eb.performance);
    QVERIFY(eb.performance->stepSeconds < ea.performance->stepSeconds);
    QVERIFY(eb.performance->mfuFp8Peak > 0 && eb.performance->mfuFp8Peak < eb.performance->mfu);
}

// The published comparison for Llama 3.1 405B (h 16,384, 128 heads of 128): the forward FLOPs of a layer per
// token rise 2.16× from 8K to 128K tokens when attention is counted over the whole square (Megatron's
// num_floating_point_operations), 1.60× when causal.
void TestLayerKernels::causalFlopsFrom8KTo128K()
{
    const ModelArchitecture& m = *Catalog::builtin().model("llama-3.1-405b");
    auto perToken = [&](std::int64_t s, bool causal) {
        return layerForwardFlops(m, 0, s, 1, 1, 1, ExpertSplit{}, causal).total() / static_cast<double>(s);
    };
    const double square = perToken(131072, false) / perToken(8192, false);
    const double causal = perToken(131072, true) / perToken(8192, true);
    qInfo("non-causal %.3f×, causal %.3f×", square, causal);
    QVERIFY(std::abs(square - 2.16) < 0.01);
    QVERIFY(std::abs(causal - 1.60) < 0.01);
}

// Every kernel time of the timeline's layer names where it came from: the H100 table and its lines.
void TestLayerKernels::explanationNamesTheTableRow()
{
    const Evaluation e = evaluate(seed("h100-sxm-80gb", "nvlink4"));
    QVERIFY(e.schedule);
    const std::vector<ModelTerm>& terms = e.schedule->times.terms;
    int kernels = 0;
    for (const ModelTerm& t : terms) {
        if (!t.id.starts_with("kernel."))
            continue;
        ++kernels;
        if (t.id == "kernel.gradient-accumulation") {
            // HBM traffic, named as such with its source.
            QVERIFY2(t.source.find("main_grad") != std::string::npos, t.source.c_str());
            QVERIFY(t.value > 0);
            continue;
        }
        if (t.id == "kernel.cross-entropy") {
            // HBM traffic too, with Megatron's loss as its source.
            QVERIFY2(t.source.find("cross_entropy.py") != std::string::npos, t.source.c_str());
            QVERIFY(t.value > 0);
            continue;
        }
        if (t.id == "kernel.embedding") {
            // HBM traffic of the lookup and its dense gradient, with PyTorch's kernel as its source.
            QVERIFY2(t.source.find("embedding_dense_backward") != std::string::npos, t.source.c_str());
            QVERIFY(t.value > 0);
            continue;
        }
        if (t.id == "kernel.attention" || t.id == "kernel.elementwise")
            continue;
        QVERIFY2(t.source.find("measured table presets/gemm-h100-b200.csv, line") != std::string::npos,
                 t.source.c_str());
        QVERIFY2(t.formula.find("table") != std::string::npos, t.formula.c_str());
        // And that a training step runs it at kTrainingGemmShare of the table's benchmarked rate.
        QVERIFY2(
            t.formula.find("in a training step × 1.159: its GEMMs at 0.863 of the rate the same GEMM reaches")
                != std::string::npos,
            t.formula.c_str());
    }
    // qkv, projection, fc1, fc2, attention, elementwise, gradient accumulation, embedding, output head,
    // cross-entropy
    QCOMPARE(kernels, 10);
    QVERIFY(e.schedule->times.kernelSource.find("FlashAttention-3") != std::string::npos);
    // The layer's time and the GEMM efficiency name it as their source.
    for (const char* id : {"computeEfficiency", "layerForwardSeconds"}) {
        const auto it = std::ranges::find(e.schedule->times.terms, std::string(id), &ModelTerm::id);
        QVERIFY(it != e.schedule->times.terms.end());
        QVERIFY2(it->source.ends_with(e.schedule->times.kernelSource), it->source.c_str());
    }
    QVERIFY(e.performance->step.source.find("presets/gemm-h100-b200.csv") != std::string::npos);
    // The step's explanation says the table's rate is a benchmark's, which a training step reaches κ of.
    QVERIFY2(
        e.performance->step.source.find("in a training step × 1.159: its GEMMs at 0.863 of the rate the same")
            != std::string::npos,
        e.performance->step.source.c_str());
}

// At a head dimension whose rate FlashAttention-3's paper gives apart for its passes (64: 0.768 forward,
// 0.845 backward), the layer's attention term says both: the term times both passes.
void TestLayerKernels::attentionTermSaysBothPassesHeadDimension()
{
    Design d = seed("h100-sxm-80gb", "nvlink4");
    d.model.headDim = 64;
    const Evaluation e = evaluate(d);
    QVERIFY(e.schedule);
    const auto& terms = e.schedule->times.terms;
    const auto it = std::find_if(terms.begin(), terms.end(),
                                 [](const ModelTerm& t) { return t.id == "kernel.attention"; });
    QVERIFY(it != terms.end());
    QVERIFY2(it->source.find("At head dimension 64 it runs at 76.8 % of its rate at 128.")
                 != std::string::npos,
             it->source.c_str());
    QVERIFY2(it->source.find("Its backward runs at 84.5 % of its rate at 128.") != std::string::npos,
             it->source.c_str());
}

// A100 has no table: the roofline, shaped by the nearest measured table, and the explanation says so.
void TestLayerKernels::fallbackSaysSo()
{
    const Evaluation e = evaluate(seed("a100-80gb", "nvlink3"));
    QVERIFY(e.schedule);
    const std::string& source = e.schedule->times.kernelSource;
    QVERIFY2(source.find("No measured bf16 GEMM table for A100") != std::string::npos, source.c_str());
    QVERIFY2(source.find("roofline fallback") != std::string::npos, source.c_str());
    QVERIFY2(source.find("in a training step") == std::string::npos,
             source.c_str()); // the roofline is κ's source
    // The command line's one-line summary says the same (textreport.cpp).
    QCOMPARE(e.schedule->times.gemmOrigin, std::string("a roofline, no measured table for this GPU"));
    QCOMPARE(evaluate(seed("h100-sxm-80gb", "nvlink4")).schedule->times.gemmOrigin,
             std::string("measured kernel tables"));
    QCOMPARE(evaluate(seed("gb200-186gb", "nvlink5")).schedule->times.gemmOrigin,
             std::string("measured kernel tables of its die (b200-180gb)"));
}

// A user's table in the design: it survives a round trip, replaces the built-in H100 table (a table twice
// as slow makes the step slower), and the explanation names it.
void TestLayerKernels::userTableRoundTripsAndChangesTheTime()
{
    Design d = seed("h100-sxm-80gb", "nvlink4");
    const Evaluation before = evaluate(d);
    d.kernelTables.push_back({"h100-sweep.csv", scaledTable("h100-sxm-80gb", "bf16", 2.0)});
    const LoadResult again = designFromJson(designToJson(d));
    QVERIFY2(again.ok(), qPrintable(testing::describe(again.diagnostics)));
    QCOMPARE(again.design->kernelTables, d.kernelTables);
    QVERIFY(*again.design == d);
    const Evaluation after = evaluate(*again.design);
    QVERIFY(before.performance && after.performance);
    qInfo("step %.2f s with the built-in table, %.2f s with the user's", before.performance->stepSeconds,
          after.performance->stepSeconds);
    QVERIFY(after.performance->stepSeconds > 1.3 * before.performance->stepSeconds);
    QVERIFY2(after.schedule->times.kernelSource.find("user table h100-sweep.csv") != std::string::npos,
             after.schedule->times.kernelSource.c_str());
    // A user's table is taken as the user's training GEMMs: no step share.
    QVERIFY2(after.schedule->times.kernelSource.find("in a training step") == std::string::npos,
             after.schedule->times.kernelSource.c_str());
    QCOMPARE(after.schedule->times.gemmOrigin, std::string("the design's own kernel table"));
}

// A table with a problem: the design does not load, and the error names the table, its line and the
// field's JSON pointer.
void TestLayerKernels::badUserTableIsALocatedError()
{
    Json document = testing::exampleJson("seed-70b-32k-512gpu");
    document["kernelTables"]
        = Json::array({{{"source", "sweep.csv"},
                        {"csv", "gpu,dtype,b,m,n,k,seconds\nh100-sxm-80gb,bf16,1,256,256,256,-1\n"}}});
    const LoadResult bad = designFromJson(document);
    QVERIFY(!bad.ok());
    QVERIFY(testing::hasCode(bad.diagnostics, "kernel-table-time"));
    const auto at = std::find_if(bad.diagnostics.begin(), bad.diagnostics.end(),
                                 [](const Diagnostic& x) { return x.code == "kernel-table-time"; });
    QVERIFY(at != bad.diagnostics.end());
    const Diagnostic& d = *at;
    QCOMPARE(QString::fromStdString(d.path), QStringLiteral("/kernelTables/0/csv"));
    QVERIFY2(d.message().find("sweep.csv, line 2") != std::string::npos, d.message().c_str());
    // Missing columns and duplicate shapes too.
    document["kernelTables"][0]["csv"] = "gpu,dtype,b,m,n\n";
    QVERIFY(testing::hasCode(designFromJson(document).diagnostics, "kernel-table-columns"));
    document["kernelTables"][0]["csv"] = "gpu,dtype,b,m,n,k,seconds\nh100-sxm-80gb,bf16,1,256,256,256,1e-"
                                         "5\nh100-sxm-80gb,bf16,1,256,256,256,2e-5\n";
    QVERIFY(testing::hasCode(designFromJson(document).diagnostics, "kernel-table-duplicate"));
}

// Megatron-LM --tp-comm-overlap without a userbuffers config runs Transformer Engine's defaults
// (transformer_engine/pytorch/module/base.py initialize_ub: `methods`, get_default_config): a ring exchange
// feeds QKV and FC1 forward and the projection's and FC2's data gradients (TP chunks of T/TP tokens, no
// SMs taken: the copy engines move the data); a pipelined reduce-scatter drains the projection and FC2
// forward (num_splits 4, num_sm 16, set_sm_margin); bulk collectives run beside QKV's and FC1's data and
// weight gradients (num_sm 16, set_sm_margin). Chunks go three at a time onto TE's compute streams
// (NVTE_COMM_OVERLAP_MAX_STREAMS = 3), so at TP 8 a forward QKV costs 8/3 GEMMs of 3,072 tokens; an H100's
// GEMM beside a 16-SM collective runs on 116 of its 132 SMs (H100 whitepaper, Table 3).
void TestLayerKernels::tpOverlapSplitsTheGemms()
{
    Design d = seed("h100-sxm-80gb", "nvlink4");
    d.layout.tpCommOverlap = true;
    const GpuSpec& g = gpu("h100-sxm-80gb");
    QCOMPARE(g.smCount, 132);
    const GemmModel& model = GemmModel::builtin();
    const LayerKernels kernels = layerKernels(d, 0, g, model, 1.0);
    const double tokens = 8192;
    using M = TpOverlapMethod;
    struct Expected
    {
        const char* name;
        std::array<M, kPassCount> method;
        std::array<int, kPassCount> chunks;
    };
    const Expected table[] = {
        {"qkv", {M::RingExchange, M::Bulk, M::Bulk}, {8, 1, 1}},
        {"projection", {M::Pipeline, M::RingExchange, M::None}, {4, 8, 1}},
        {"fc1", {M::RingExchange, M::Bulk, M::Bulk}, {8, 1, 1}},
        {"fc2", {M::Pipeline, M::RingExchange, M::None}, {4, 8, 1}},
    };
    for (const Expected& e : table) {
        const LayerGemm& gm = gemm(kernels, e.name);
        QCOMPARE(gm.shapes[kF].m, tokens); // the shape stays the GEMM's
        for (std::size_t pass = 0; pass < kPassCount; ++pass) {
            const QByteArray where = QByteArray(e.name) + " pass " + QByteArray::number(int(pass));
            QVERIFY2(gm.overlapMethod[pass] == e.method[pass], where);
            QVERIFY2(gm.splitChunks[pass] == e.chunks[pass], where);
            const bool margin = e.method[pass] == M::Pipeline || e.method[pass] == M::Bulk;
            QVERIFY2(gm.smShare[pass] == (margin ? 116.0 / 132 : 1.0), where);
            GemmShape inFlight = gm.shapes[pass];
            double groups = 1;
            if (e.chunks[pass] > 3) {
                inFlight.m = gm.shapes[pass].m * 3 / e.chunks[pass];
                groups = e.chunks[pass] / 3.0;
            }
            QCOMPARE(timedShape(gm, pass), inFlight);
            const double alone = model.time(g, gm.shapes[pass], GemmDtype::Bf16).seconds;
            QVERIFY2(qFuzzyCompare(gm.times[pass].seconds,
                                   groups * model.time(g, inFlight, GemmDtype::Bf16).seconds
                                       / gm.smShare[pass] / kTrainingGemmShare),
                     where);
            // Chunks and a margin cost the GEMM time; a pass alone runs as the whole GEMM.
            if (e.method[pass] == M::None)
                QVERIFY2(qFuzzyCompare(gm.times[pass].seconds, alone / kTrainingGemmShare), where);
            else
                QVERIFY2(gm.times[pass].seconds > alone / kTrainingGemmShare, where);
        }
    }
    // The layer's explanation says how each pass ran.
    std::vector<ModelTerm> terms;
    appendKernelTerms(terms, kernels, g, model, "");
    auto formula = [&](const char* id) {
        const auto it
            = std::find_if(terms.begin(), terms.end(), [&](const ModelTerm& t) { return t.id == id; });
        return it == terms.end() ? std::string() : it->formula;
    };
    const std::string qkv = formula("kernel.qkv");
    QVERIFY2(qkv.find("8 TP chunks on TE's ring exchange, 3 at a time") != std::string::npos, qkv.c_str());
    QVERIFY2(qkv.find("beside TE's bulk collective, on 116 of 132 SMs") != std::string::npos, qkv.c_str());
    const std::string projection = formula("kernel.projection");
    QVERIFY2(projection.find("4 chunks of TE's pipelined reduce-scatter, 3 at a time, on 116 of 132 SMs")
                 != std::string::npos,
             projection.c_str());
    // A GPU whose SM count is not known keeps every SM, and the explanation says why.
    GpuSpec unknown = g;
    unknown.smCount = 0;
    const LayerKernels unknownKernels = layerKernels(d, 0, unknown, model, 1.0);
    QCOMPARE(gemm(unknownKernels, "qkv").smShare[kI], 1.0);
    std::vector<ModelTerm> unknownTerms;
    appendKernelTerms(unknownTerms, unknownKernels, unknown, model, "");
    QVERIFY(unknownTerms.front().formula.find("the GPU's SM count is not known") != std::string::npos);
    // Without the overlap every GEMM runs whole on every SM.
    Design plain = seed("h100-sxm-80gb", "nvlink4");
    const LayerKernels plainKernels = layerKernels(plain, 0, g, model, 1.0);
    const LayerGemm& plainQkv = gemm(plainKernels, "qkv");
    QCOMPARE(plainQkv.splitChunks[kF], 1);
    QVERIFY(plainQkv.overlapMethod[kI] == M::None);
    QCOMPARE(plainQkv.smShare[kI], 1.0);
    // At TP 2 the ring exchange's two chunks run at once: the forward QKV costs what the whole GEMM does.
    Design tp2 = d;
    tp2.layout.setDegree(Dim::Tp, 2);
    tp2.layout.setDegree(Dim::Dp, 16);
    const LayerKernels tp2Kernels = layerKernels(tp2, 0, g, model, 1.0);
    const LayerGemm& whole = gemm(tp2Kernels, "qkv");
    QCOMPARE(whole.splitChunks[kF], 2);
    QCOMPARE(whole.times[kF].seconds,
             model.time(g, whole.shapes[kF], GemmDtype::Bf16).seconds / kTrainingGemmShare);
}

// Under the overlap a collective pipelined with a GEMM long enough to hide it shows one chunk: an
// all-gather on the ring exchange one of TP, the forward's reduce-scatter one of TE's 4 pipeline splits.
void TestLayerKernels::tpOverlapHidesAllButAChunk()
{
    LayerPartTimes t;
    for (auto* part : {&t.qkv, &t.outProjection, &t.fc1, &t.fc2})
        part->fill(1.0); // seconds: far longer than the collectives
    LayerComm c;
    c.tpAllGather = c.tpInputAllGather = c.tpGradientAllGather = 0.008;
    c.tpReduceScatter = 0.004;
    const TpOverlap tp{.sp = true, .overlap = true, .chunks = 8, .forwardReduceScatterChunks = 4};
    const auto patterns = layerPatterns(t, c, tp, false, Recompute::None, 0);
    const ExposedCommunication& forward = patterns[kF].exposed;
    QCOMPARE(forward.allGather, 2 * 0.008 / 8); // QKV's and FC1's gathers
    QCOMPARE(forward.reduceScatter, 2 * 0.004 / 4); // the projection's and FC2's reduce-scatters
    // The backward's reduce-scatters drain the data gradients chunk by chunk, TP of them.
    QCOMPARE(patterns[kI].exposed.reduceScatter, 2 * 0.004 / 8);
}

// Transformer Engine's FP8 recipes cast every FP8 GEMM input the same way (read BF16, write the FP8 copy and
// its transpose: 4 bytes an element) and differ in how they find the scale: delayed scaling records the
// amax in the cast kernel (TE's DelayedScaling, Megatron-LM's default), current scaling reads the tensor
// once more for its amax first (Float8CurrentScaling), MXFP8 writes an E8M0 scale per 32 values with each
// copy (MXFP8BlockScaling), blockwise an FP32 scale per 128 (Float8BlockScaling).
void TestLayerKernels::fp8RecipeCasts_data()
{
    QTest::addColumn<Fp8Recipe>("recipe");
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<double>("bytesPerElement");
    QTest::newRow("delayed, H100") << Fp8Recipe::Delayed << "h100-sxm-80gb" << 4.0;
    QTest::newRow("current scaling, H100") << Fp8Recipe::Tensorwise << "h100-sxm-80gb" << 6.0;
    QTest::newRow("blockwise, H100") << Fp8Recipe::Blockwise << "h100-sxm-80gb" << 4.0625;
    QTest::newRow("MXFP8, B200") << Fp8Recipe::Mxfp8 << "b200-180gb" << 4.0625;
}

void TestLayerKernels::fp8RecipeCasts()
{
    QFETCH(Fp8Recipe, recipe);
    QFETCH(QString, gpuId);
    QFETCH(double, bytesPerElement);
    const std::string id = gpuId.toStdString();
    Design delayed = seed(id.c_str(), "nvlink4");
    delayed.workload.precision = Precision::Fp8;
    Design d = delayed;
    d.workload.fp8Recipe = recipe;
    QCOMPARE(fp8CastBytesPerElement(d), bytesPerElement);
    const GemmModel& model = GemmModel::builtin();
    const LayerKernels base = layerKernels(delayed, 0, gpu(id.c_str()), model, 1.0);
    const LayerKernels k = layerKernels(d, 0, gpu(id.c_str()), model, 1.0);
    QVERIFY(base.castBytes > 0);
    QCOMPARE(k.castBytes, base.castBytes * bytesPerElement / 4);
    QCOMPARE(k.castBytesBackward, base.castBytesBackward * bytesPerElement / 4);
    // The GEMMs take the same per-tensor FP8 rows; MXFP8's block-scaled kernels run them 5.1 % longer, the
    // ratio Transformer Engine's GEMM profiling guide measured over a training layer's twelve GEMMs
    // (pre-quantized, 7.161 against 6.812 ms per layer on B300).
    const double ratio = recipe == Fp8Recipe::Mxfp8 ? 7.161 / 6.812 : 1.0;
    QCOMPARE(kMxfp8KernelRatio, 7.161 / 6.812);
    for (std::size_t pass = 0; pass < kPassCount; ++pass)
        QCOMPARE(gemm(k, "fc1").times[pass].seconds, gemm(base, "fc1").times[pass].seconds * ratio);
    QCOMPARE(gemm(k, "fc1").recipeFactor, ratio);
    // Every FP8 linear GEMM of the layer takes it, QKV as FC1.
    QCOMPARE(gemm(k, "qkv").recipeFactor, ratio);
    // The explanation names the recipe and its bytes.
    std::vector<ModelTerm> terms;
    appendKernelTerms(terms, k, gpu(id.c_str()), model, "");
    const auto it = std::find_if(terms.begin(), terms.end(),
                                 [](const ModelTerm& t) { return t.id == "kernel.elementwise"; });
    QVERIFY(it != terms.end());
    const std::string named = std::string(enumName(recipe)) + " scaling, ";
    QVERIFY2(it->formula.find(named) != std::string::npos, it->formula.c_str());
    // Megatron-Core keeps its FP8 weights between micro-batches: no weight casts, no torchao source.
    QCOMPARE(k.weightCastBytes, 0.0);
    QVERIFY(it->source.find("_to_mxfp8_dim1_kernel_wrapper") == std::string::npos);
    // The FC1 term says when its time is the per-tensor rows × the block-scaled ratio.
    const auto fc1
        = std::find_if(terms.begin(), terms.end(), [](const ModelTerm& t) { return t.id == "kernel.fc1"; });
    QVERIFY(fc1 != terms.end());
    QCOMPARE(fc1->formula.find("MXFP8: the per-tensor FP8 rows × 1.051") != std::string::npos,
             recipe == Fp8Recipe::Mxfp8);
    // A recipe the design's GPUs run evaluates; MXFP8 on H100 would be refused (tst_validate).
    const Evaluation e = evaluate(d);
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
}

// torchao's casts (FSDP2's profile: torchtitan's float8 and mx converters), as its own roofline counts its
// kernels (testing/training/roofline_utils.py get_tensor_memory_traffic_ovhd_s): a tensorwise input or
// gradient an amax pass and one cast writing both copies (6 bytes an element, as Transformer Engine's
// current scaling); an MXFP8 one two casts, row-wise and column-wise, each reading the BF16 tensor (6 and
// the scales, where TE's one kernel moves 4); an MXFP8 weight, gathered in BF16, cast in every micro-batch,
// row-wise in the forward and column-wise in the backward (3 and the scales each). A tensorwise weight's
// cast depends on torchtitan's FP8 all-gather, which a design does not carry: not counted. Llama 3.1 8B's
// layer on 8,192 tokens, TP 1: FP8 GEMM inputs Σ m·k = 8,192 × 26,624, gradients Σ m·n = 8,192 × 43,008,
// weights Σ k·n = 4,096 × 53,248 (QKV, projection, FC1 with the gate, FC2).
void TestLayerKernels::torchaoCasts_data()
{
    QTest::addColumn<Fp8Recipe>("recipe");
    QTest::addColumn<double>("input"); // bytes per element of the inputs and the gradients
    QTest::addColumn<double>("weightForward");
    QTest::addColumn<double>("weightBackward");
    QTest::addColumn<bool>("float8AllGather"); // the design's fp8ParamGather
    // The gathered BF16 weight cast in each GEMM call, forward and backward: the amax read (2), the cast's
    // read (2) and write (1) (float8_linear.py matmul_with_hp_or_float8_args).
    QTest::newRow("tensorwise") << Fp8Recipe::Tensorwise << 6.0 << 5.0 << 5.0 << false;
    // enable_fsdp_float8_all_gather: the FP32 shard, an eighth, cast before each of the two gathers: the
    // amax read (4), the cast's read (4) and write (1) (fsdp_utils.py fsdp_pre_all_gather).
    QTest::newRow("tensorwise, float8 all-gather")
        << Fp8Recipe::Tensorwise << 6.0 << 9.0 / 8 << 9.0 / 8 << true;
    QTest::newRow("MXFP8") << Fp8Recipe::Mxfp8 << 6.0625 << 3.03125 << 3.03125 << false;
    // MXFP8 weights are gathered in BF16 whatever the switch says (torchtitan mxfp8.md).
    QTest::newRow("MXFP8, float8 all-gather set") << Fp8Recipe::Mxfp8 << 6.0625 << 3.03125 << 3.03125 << true;
}

void TestLayerKernels::torchaoCasts()
{
    QFETCH(Fp8Recipe, recipe);
    QFETCH(double, input);
    QFETCH(double, weightForward);
    QFETCH(double, weightBackward);
    QFETCH(bool, float8AllGather);
    Design d = testing::example("fsdp-1node-8gpu");
    d.cluster = makeUniformCluster(1, 8, "b200-180gb", "nvlink5", "ib-ndr-400");
    d.workload.precision = Precision::Fp8;
    d.workload.fp8Recipe = recipe;
    d.layout.fp8ParamGather = float8AllGather;
    QCOMPARE(frameworkProfile(d).fp8Casts, Fp8Casts::Torchao);
    QCOMPARE(fp8CastBytesPerElement(d), input);
    const LayerKernels k = layerKernels(d, 0, gpu("b200-180gb"), GemmModel::builtin(), 1.0);
    const double inputs = 8192.0 * 26624, gradients = 8192.0 * 43008, weights = 4096.0 * 53248;
    QCOMPARE(k.castBytes, input * inputs + weightForward * weights);
    QCOMPARE(k.castBytesBackward, input * gradients + weightBackward * weights);
    QCOMPARE(k.weightCastBytes, (weightForward + weightBackward) * weights);
    // The elementwise term names torchao's kernels and the weights' share.
    std::vector<ModelTerm> terms;
    appendKernelTerms(terms, k, gpu("b200-180gb"), GemmModel::builtin(), "");
    const auto it = std::find_if(terms.begin(), terms.end(),
                                 [](const ModelTerm& t) { return t.id == "kernel.elementwise"; });
    QVERIFY(it != terms.end());
    QVERIFY2(it->source.find("_to_mxfp8_dim1_kernel_wrapper") != std::string::npos, it->source.c_str());
    QCOMPARE(it->formula.find("with the weights' casts in every micro-batch") != std::string::npos,
             weightForward > 0);
    // Megatron-Core on the same design casts with Transformer Engine and keeps its FP8 weights.
    d.layout.framework = Framework::MegatronCore;
    d.layout.zeroStage = 1;
    d.layout.fp8ParamGather.reset();
    const LayerKernels te = layerKernels(d, 0, gpu("b200-180gb"), GemmModel::builtin(), 1.0);
    QCOMPARE(te.weightCastBytes, 0.0);
    QCOMPARE(te.castBytes, fp8CastBytesPerElement(recipe, Fp8Casts::TransformerEngine) * inputs);
}

// The loss over the logits, bound by HBM: Megatron's VocabParallelCrossEntropy in FP32 moves 38 bytes a
// logit forward and 14 backward; Transformer Engine's fused kernel on the BF16 logits 2 and 4 (the
// fusedCrossEntropy switch, Megatron-LM --cross-entropy-loss-fusion --cross-entropy-fusion-impl te). The
// last stage's forward and input-gradient passes carry it; Llama 3.1 70B's head at TP 8 on 32,768 tokens
// has 32,768 × 16,032 logits. torchtitan's loss compiled with the model is counted as the fused kernel;
// eager, as the FP32 one.
void TestLayerKernels::crossEntropyFusedOrNot()
{
    Design d = seed("h100-sxm-80gb", "nvlink4");
    const LayerGemm head = outputHeadGemm(d, gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    const CrossEntropyBytes plain = crossEntropyBytes(head, LossKernel::Fp32),
                            fused = crossEntropyBytes(head, LossKernel::TransformerEngine);
    QCOMPARE(plain.logits, head.shapes[kF].m * head.shapes[kF].n);
    QCOMPARE(plain.forward(), 38 * plain.logits);
    QCOMPARE(plain.backward(), 14 * plain.logits);
    QCOMPARE(fused.forward(), 2 * fused.logits);
    QCOMPARE(fused.backward(), 4 * fused.logits);
    // Through the step: the switch shortens the last stage by the bytes it saves over the HBM's rate.
    const Evaluation unfusedE = evaluate(d);
    d.layout.fusedCrossEntropy = true;
    const Evaluation fusedE = evaluate(d);
    QVERIFY(unfusedE.schedule && fusedE.schedule);
    const StageWork& a = unfusedE.schedule->times.stages.back();
    const StageWork& b = fusedE.schedule->times.stages.back();
    const double hbm = kHbmEfficiency * gpu("h100-sxm-80gb").hbmBandwidth;
    QVERIFY(qFuzzyCompare(a.headSeconds[kF] - b.headSeconds[kF], (38 - 2) * plain.logits / hbm));
    QVERIFY(qFuzzyCompare(a.headSeconds[kI] - b.headSeconds[kI], (14 - 4) * plain.logits / hbm));
    QCOMPARE(a.headSeconds[kW], b.headSeconds[kW]);
    const auto loss = std::find_if(fusedE.schedule->times.terms.begin(), fusedE.schedule->times.terms.end(),
                                   [](const ModelTerm& t) { return t.id == "kernel.cross-entropy"; });
    QVERIFY(loss != fusedE.schedule->times.terms.end());
    QVERIFY2(loss->source.find("triton/cross_entropy.py") != std::string::npos, loss->source.c_str());
    QCOMPARE(lossKernel(d), LossKernel::TransformerEngine);
    // torchtitan's PyTorch loss: FP32 in eager mode, compiled with the model under torchCompile.
    Design titan = d;
    titan.layout.fusedCrossEntropy.reset();
    titan.layout.framework = Framework::Fsdp2;
    QCOMPARE(lossKernel(titan), LossKernel::Fp32);
    titan.layout.torchCompile = true;
    QCOMPARE(lossKernel(titan), LossKernel::Compiled);
    const CrossEntropyBytes compiled = crossEntropyBytes(head, lossKernel(titan));
    QCOMPARE(compiled.forward(), fused.forward());
    QCOMPARE(compiled.backward(), fused.backward());
}

// Eager PyTorch runs each elementwise step of a Llama layer as its own kernel (torchtitan
// models/llama/model.py, Hugging Face models/llama/modeling_llama.py): per token, the two RMSNorms through
// FP32 32 bytes an element beyond a fused norm, rotary embeddings through FP32 16 beyond a fused kernel on q
// and k, the attention output's contiguous copy 4 on q, SwiGLU's silu and product apart 4 on the MLP's width.
// Llama 3.1 8B (h 4,096, 32 query and 8 KV heads of 128, MLP 14,336) at 8,192 tokens: 417,792 bytes a token.
// Backward, their gradients as autograd runs them (PyTorch's derivatives.yaml) beyond the fused backward's:
// each norm 86 bytes an element, rotary 14, the copy none (its gradient passes through), SwiGLU 9: 905,216.
void TestLayerKernels::eagerElementwiseKernels_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<double>("forwardPerToken");
    QTest::addColumn<double>("backwardPerToken");
    QTest::newRow("Llama 3.1 8B") << "llama-3.1-8b" << 1
                                  << (2 * 32.0 * 4096 + 16.0 * 5120 + 4.0 * 4096 + 4.0 * 14336)
                                  << (2 * 86.0 * 4096 + 14.0 * 5120 + 9.0 * 14336);
    // TP 2 with sequence parallelism: the norms on half the tokens, the widths halved (4 of the 8 KV heads).
    QTest::newRow("Llama 3.1 8B, TP 2")
        << "llama-3.1-8b" << 2 << (2 * 32.0 * 4096 / 2 + 16.0 * (2048 + 512) + 4.0 * 2048 + 4.0 * 7168)
        << (2 * 86.0 * 4096 / 2 + 14.0 * (2048 + 512) + 9.0 * 7168);
    // LayerNorm is one native kernel, positions are learned, the MLP is not gated: only the copy is left,
    // whose gradient needs no kernel.
    QTest::newRow("GPT-3 175B") << "gpt-3-175b" << 1 << 4.0 * 96 * 128 << 0.0;
}

void TestLayerKernels::eagerElementwiseKernels()
{
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(double, forwardPerToken);
    QFETCH(double, backwardPerToken);
    Design d = testing::example("fsdp-1node-8gpu");
    d.model = *Catalog::builtin().model(model.toStdString());
    d.workload.sequenceLength = 8192;
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Dp, 8 / tp);
    d.layout.sequenceParallel = tp > 1;
    QCOMPARE(eagerElementwiseBytes(d, 0).forward, 8192 * forwardPerToken);
    QCOMPARE(eagerElementwiseBytes(d, 0).backward, 8192 * backwardPerToken);
    // Only a framework whose model code runs eager adds them: FSDP2 and DeepSpeed do, Megatron-Core not.
    for (const Framework framework : {Framework::Fsdp2, Framework::DeepSpeed, Framework::MegatronCore}) {
        d.layout.framework = framework;
        const LayerKernels k = layerKernels(d, 0, gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
        const bool eager = framework != Framework::MegatronCore;
        QCOMPARE(k.eagerBytes, eager ? 8192 * forwardPerToken : 0.0);
        QCOMPARE(k.eagerBytesBackward, eager ? 8192 * backwardPerToken : 0.0);
    }
    // torch.compile fuses them (torchtitan --compile.enable): none left.
    d.layout.framework = Framework::Fsdp2;
    d.layout.torchCompile = true;
    const LayerKernels compiled = layerKernels(d, 0, gpu("h100-sxm-80gb"), GemmModel::builtin(), 1.0);
    QCOMPARE(compiled.eagerBytes + compiled.eagerBytesBackward, 0.0);
}

QTEST_APPLESS_MAIN(TestLayerKernels)
#include "tst_layerkernels.moc"
