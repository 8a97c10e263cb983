// SPDX-License-Identifier: GPL-3.0-or-later
// Sliding-window attention: which layers are windowed, the (query, key) pairs and FLOPs a windowed layer
// computes, the KV cache it keeps, and what a training step and a serving replica make of it.
// Sources: Mistral 7B (arXiv:2310.06825, Table 1: window 4096, 32 layers, 8 KV heads of 128; §2 "Rolling
// Buffer Cache": "for a sequence length of 32k tokens, this reduces the cache memory usage by 8x"); gpt-oss
// (arXiv:2508.10925 §2: layers alternate between a banded window of 128 tokens and dense attention);
// Gemma 2 (arXiv:2408.00118 §2: local sliding window of 4096 tokens in every other layer); Gemma 3
// (arXiv:2503.19786 §2.1: five local layers to one global; google/gemma-3-1b-pt config: window 512).

#include "catalog/hfconfig.h"
#include "compute/attentionkernel.h"
#include "evaluate.h"
#include "pipeline/layerkernels.h"
#include "pipeline/stagetime.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace core;

namespace {

ModelArchitecture imported(const char* file)
{
    std::ifstream in(std::string(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/") + file);
    std::stringstream text;
    text << in.rdbuf();
    const HfImportResult result = importHfConfig(text.str());
    if (!result.model)
        qFatal("%s does not import", file);
    return *result.model;
}

// Pairs counted one query at a time: query j (1-based) of a causal window w sees min(j, w) keys.
double pairsOneByOne(double queries, double keys, double window)
{
    double pairs = 0;
    for (double j = keys - queries + 1; j <= keys; ++j)
        pairs += window > 0 ? std::min(j, window) : j;
    return pairs;
}

// One H100 serving one sequence of `context` tokens with `model`.
Design servingOn(const ModelArchitecture& model, std::int64_t context)
{
    Design d = testing::example("serving-70b-tp4x2");
    d.model = model;
    d.cluster = makeUniformCluster(1, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout = ParallelLayout{};
    d.workload.serving.concurrency = 1;
    d.workload.serving.contextLength = context;
    return d;
}

} // namespace

class TestSlidingWindow : public QObject
{
    Q_OBJECT

private slots:
    void importedPattern_data();
    void importedPattern();
    void pairsByBruteForce_data();
    void pairsByBruteForce();
    void flopsEqualUpToTheWindowThenLinear();
    void servingKvCacheCappedAtTheWindow_data();
    void servingKvCacheCappedAtTheWindow();
    void trainingStep();
    void designKeyRoundTripsAndIsChecked();
};

void TestSlidingWindow::importedPattern_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("tokens");
    QTest::addColumn<int>("period");
    QTest::addColumn<int>("slidingLayers");
    QTest::addColumn<int>("windowedOfAll");

    QTest::newRow("Mistral 7B: every layer, 4096") << "mistral-7b-v0.1.json" << qint64(4096) << 1 << 1 << 32;
    QTest::newRow("gpt-oss-20b: every other layer, 128") << "gpt-oss-20b.json" << qint64(128) << 2 << 1 << 12;
    QTest::newRow("Gemma 2 9B: every other layer, 4096") << "gemma-2-9b.json" << qint64(4096) << 2 << 1 << 21;
    // 26 layers: the global ones are 5, 11, 17 and 23 ((i + 1) % 6 == 0, transformers' Gemma3).
    QTest::newRow("Gemma 3 1B: five of six, 512") << "gemma-3-1b.json" << qint64(512) << 6 << 5 << 22;
}

void TestSlidingWindow::importedPattern()
{
    QFETCH(QString, file);
    QFETCH(qint64, tokens);
    QFETCH(int, period);
    QFETCH(int, slidingLayers);
    QFETCH(int, windowedOfAll);
    const ModelArchitecture m = imported(file.toUtf8().constData());
    QCOMPARE(m.slidingWindow.tokens, tokens);
    QCOMPARE(m.slidingWindow.period, period);
    QCOMPARE(m.slidingWindow.slidingLayers, slidingLayers);
    QCOMPARE(m.slidingLayerCount(0, m.layers), windowedOfAll);
    int oneByOne = 0;
    for (int layer = 0; layer < m.layers; ++layer)
        oneByOne += m.isSlidingLayer(layer) ? 1 : 0;
    QCOMPARE(oneByOne, windowedOfAll);
    QVERIFY(m.isSlidingLayer(0)); // every one of these starts with a windowed layer
    for (const std::string& note : m.notModelled)
        QVERIFY2(note.find("sliding") == std::string::npos, note.c_str());
}

void TestSlidingWindow::pairsByBruteForce_data()
{
    QTest::addColumn<double>("queries");
    QTest::addColumn<double>("keys");
    QTest::addColumn<double>("window");
    QTest::addColumn<double>("expected"); // 0: only against the count one by one

    QTest::newRow("s 1000 < w 4096: the causal triangle") << 1000.0 << 1000.0 << 4096.0 << 1000.0 * 1001 / 2;
    QTest::newRow("s = w = 4096") << 4096.0 << 4096.0 << 4096.0 << 4096.0 * 4097 / 2;
    // 4096·4097/2 + 4096·4096
    QTest::newRow("s 8192, w 4096") << 8192.0 << 8192.0 << 4096.0 << 25167872.0;
    QTest::newRow("s 32768, w 4096") << 32768.0 << 32768.0 << 4096.0 << 0.0;
    QTest::newRow("gpt-oss: s 5000, w 128") << 5000.0 << 5000.0 << 128.0 << 0.0;
    QTest::newRow("the last 100 queries of 8192, w 4096") << 100.0 << 8192.0 << 4096.0 << 409600.0;
    QTest::newRow("the last 3000 queries of 5000, w 4096") << 3000.0 << 5000.0 << 4096.0 << 0.0;
    QTest::newRow("no window") << 3000.0 << 3000.0 << 0.0 << 3000.0 * 3001 / 2;
}

void TestSlidingWindow::pairsByBruteForce()
{
    QFETCH(double, queries);
    QFETCH(double, keys);
    QFETCH(double, window);
    QFETCH(double, expected);
    const double pairs = attentionPairs(AttentionShape{1, 1, 128, queries, keys, true, window});
    QCOMPARE(pairs, pairsOneByOne(queries, keys, window));
    if (expected > 0)
        QCOMPARE(pairs, expected);
}

// Up to the window a windowed layer does what a full one does; beyond it each further token adds the same
// work (Mistral 7B §2: attention costs O(window) per token instead of O(sequence)).
void TestSlidingWindow::flopsEqualUpToTheWindowThenLinear()
{
    const ModelArchitecture windowed = imported("mistral-7b-v0.1.json");
    ModelArchitecture full = windowed;
    full.slidingWindow = {};
    const auto attention = [](const ModelArchitecture& m, std::int64_t s) {
        return layerForwardFlops(m, 0, s, 1, 1, 1, ExpertSplit{}).attention;
    };
    for (std::int64_t s : {1, 512, 4095, 4096})
        QCOMPARE(attention(windowed, s), attention(full, s));
    const double step = attention(windowed, 16384) - attention(windowed, 8192);
    QCOMPARE(attention(windowed, 24576) - attention(windowed, 16384), step);
    // 8192 more tokens, each attending to 4096 keys: 2·pairs·heads·(d_qk + d_v) FLOPs.
    QCOMPARE(step, 2.0 * 8192 * 4096 * 32 * (128 + 128));
    QVERIFY(attention(full, 32768) > 4 * attention(windowed, 32768));
    // A layer of the model is windowed or not by its index: gpt-oss's odd layers attend to everything.
    const ModelArchitecture oss = imported("gpt-oss-20b.json");
    QVERIFY(layerForwardFlops(oss, 0, 8192, 1, 1, 1, ExpertSplit{}).attention
            < layerForwardFlops(oss, 1, 8192, 1, 1, 1, ExpertSplit{}).attention);
    QCOMPARE(layersAttentionForwardFlops(oss, 0, 24, 8192, 1, 1, 1, true),
             12 * layerForwardFlops(oss, 0, 8192, 1, 1, 1, ExpertSplit{}).attention
                 + 12 * layerForwardFlops(oss, 1, 8192, 1, 1, 1, ExpertSplit{}).attention);
}

void TestSlidingWindow::servingKvCacheCappedAtTheWindow_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("context");
    QTest::addColumn<double>("bytes");

    // Mistral 7B: 32 layers × 2 × 8 KV heads × 128 × 2 bytes = 131,072 bytes per token, up to 4096 tokens.
    QTest::newRow("Mistral, 2048 tokens: below the window")
        << "mistral-7b-v0.1.json" << qint64(2048) << 131072.0 * 2048;
    QTest::newRow("Mistral, 4096 tokens") << "mistral-7b-v0.1.json" << qint64(4096) << 131072.0 * 4096;
    // §2: at 32k tokens the rolling buffer holds an eighth of the full cache.
    QTest::newRow("Mistral, 32768 tokens: 8x less")
        << "mistral-7b-v0.1.json" << qint64(32768) << 131072.0 * 32768 / 8;
    // gpt-oss-20b: 2 × 8 KV heads × 64 × 2 bytes = 2,048 bytes per token and layer; 12 full layers hold
    // 8192 tokens, 12 windowed ones 128.
    QTest::newRow("gpt-oss-20b, 8192 tokens")
        << "gpt-oss-20b.json" << qint64(8192) << 2048.0 * (12 * 8192 + 12 * 128);
}

void TestSlidingWindow::servingKvCacheCappedAtTheWindow()
{
    QFETCH(QString, file);
    QFETCH(qint64, context);
    QFETCH(double, bytes);
    const ModelArchitecture model = imported(file.toUtf8().constData());
    const Evaluation e = evaluate(servingOn(model, context));
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.memory->kvBytesPerSequence, bytes);
    QCOMPARE(e.memory->roleOf(0).figure(MemoryCategory::KvCache).bytes, bytes);
    // Decode reads less than a model without the window from the same context on.
    ModelArchitecture full = model;
    full.slidingWindow = {};
    const Evaluation f = evaluate(servingOn(full, context));
    QVERIFY2(e.serving && f.serving, qPrintable(testing::describe(e.diagnostics)));
    if (context > model.slidingWindow.tokens)
        QVERIFY(e.serving->interTokenLatency < f.serving->interTokenLatency);
}

// A training step: the same as full attention while the sequence fits the window; beyond it the attention
// kernels and the model FLOPs shrink by the pairs outside the window, and the saved activations do not
// change (FlashAttention saves no score matrix; Megatron's unfused path computes the whole square).
void TestSlidingWindow::trainingStep()
{
    Design full = testing::example("default"); // Llama 3.1 70B, 80 layers, 64 heads of 128, TP 8, PP 2
    Design windowed = full;
    windowed.model.slidingWindow = {4096, 1, 1};
    for (std::int64_t s : {std::int64_t(4096), std::int64_t(16384)}) {
        full.workload.sequenceLength = s;
        windowed.workload.sequenceLength = s;
        const Evaluation a = evaluate(full);
        const Evaluation b = evaluate(windowed);
        QVERIFY2(a.performance && b.performance, qPrintable(testing::describe(b.diagnostics)));
        QVERIFY(a.memory && b.memory);
        QCOMPARE(b.memory->roleOf(0).figure(MemoryCategory::Activations).bytes,
                 a.memory->roleOf(0).figure(MemoryCategory::Activations).bytes);
        if (s <= 4096) {
            QCOMPARE(b.performance->stepSeconds, a.performance->stepSeconds);
            QCOMPARE(b.performance->modelFlopsPerStep, a.performance->modelFlopsPerStep);
            continue;
        }
        QVERIFY(b.performance->stepSeconds < a.performance->stepSeconds);
        // Per GPU and micro-batch, over all stages: 80 layers × 2·(pairs saved)·64/8 heads·(128 + 128).
        const double saved = 16384.0 * 16385 / 2 - (4096.0 * 4097 / 2 + 12288.0 * 4096);
        double forwardA = 0, forwardB = 0;
        for (const StageWork& stage : a.schedule->times.stages)
            forwardA += stage.forwardFlops;
        for (const StageWork& stage : b.schedule->times.stages)
            forwardB += stage.forwardFlops;
        QVERIFY(std::abs((forwardA - forwardB) / (80 * 2 * saved * 8 * 256) - 1) < 1e-9);
        QVERIFY(b.performance->modelFlopsPerStep < a.performance->modelFlopsPerStep);
    }
    // The MFU's explanation says that the count differs from Megatron-LM's there, and only there.
    const std::string sentence = "The sliding-window layers count the band they compute";
    QVERIFY(evaluate(windowed).performance->mfuExplanation.note.find(sentence) != std::string::npos);
    QVERIFY(evaluate(full).performance->mfuExplanation.note.find(sentence) == std::string::npos);
}

void TestSlidingWindow::designKeyRoundTripsAndIsChecked()
{
    const LoadResult loaded = testing::patched(
        "default", R"({"model": {"preset": "llama-3.1-70b", "slidingWindow": {"tokens": 128, "period": 2,
                      "slidingLayers": 1}}})");
    QVERIFY2(loaded.design, qPrintable(testing::describe(loaded.diagnostics)));
    QCOMPARE(loaded.design->model.slidingWindow, (SlidingWindow{128, 2, 1}));
    const LoadResult again = designFromJson(designToJson(*loaded.design));
    QVERIFY(again.design);
    QCOMPARE(again.design->model.slidingWindow, loaded.design->model.slidingWindow);
    // Without a window nothing is written: older designs read and save the same.
    QVERIFY(designToJson(testing::example("default")).dump().find("slidingWindow") == std::string::npos);

    Design bad = *loaded.design;
    bad.model.slidingWindow.slidingLayers = 3;
    const Evaluation e = evaluate(bad);
    bool located = false;
    for (const Diagnostic& d : e.diagnostics)
        located = located || (d.isError() && d.path == "/model/slidingWindow/slidingLayers");
    QVERIFY2(located, qPrintable(testing::describe(e.diagnostics)));
}

QTEST_APPLESS_MAIN(TestSlidingWindow)
#include "tst_slidingwindow.moc"
