// SPDX-License-Identifier: GPL-3.0-or-later
// The serving performance model (core/servingperformance.h): the decode roofline by hand, and how TP,
// PP, replicas and the batch move latency and throughput the way the reference article teaches.

#include "evaluate.h"
#include "report/evaluationio.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

// Llama 3.1 8B served on one H100: 4 sequences, a 2,048-token prompt and 256 output tokens.
Design oneGpu8b()
{
    Design d = testing::example("serving-70b-tp4x2");
    d.model = *Catalog::builtin().model("llama-3.1-8b");
    d.cluster = makeUniformCluster(1, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout = ParallelLayout{};
    d.workload.serving.concurrency = 4;
    d.workload.serving.contextLength = 4096;
    d.workload.serving.promptLength = 2048;
    d.workload.serving.outputLength = 256;
    return d;
}

Design withDegrees(Design d, int tp, int pp, int dp)
{
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.setDegree(Dim::Dp, dp);
    return d;
}

ServingPerformance servingOf(const Design& d)
{
    const Evaluation e = evaluate(d);
    if (!e.valid() || !e.serving)
        qFatal("serving design invalid: %s", qPrintable(testing::describe(e.diagnostics)));
    return *e.serving;
}

} // namespace

class TestServingPerformance : public QObject
{
    Q_OBJECT

private slots:
    void decodeRooflineByHand();
    void tensorParallelShortensTheToken();
    void pipelineParallelDoesNot();
    void replicasMultiplyThroughput();
    void batchingIsNearlyFreeWhileMemoryBound();
    void moeReadsOnlyRoutedExperts();
    void requestShapeIsValidated();
    void jsonContract();
};

// One GPU, memory-bound: a decode step reads every weight (8.03 B × 2 bytes) and the KV cache of 4
// sequences at their mean length 2,048 + 128 tokens (128 KiB per token: 32 layers × 8 KV heads × 128 ×
// 2 × 2 bytes) once, at 3.35 TB/s.
void TestServingPerformance::decodeRooflineByHand()
{
    const Design d = oneGpu8b();
    const Evaluation e = evaluate(d);
    QVERIFY(e.serving);
    const ServingPerformance& s = *e.serving;
    const double weights = e.parameters.all.total() * 2;
    const double kv = 4 * (2048 + 128) * (32 * 8 * 128 * 2 * 2.0);
    const double bytes = weights + kv;
    QVERIFY(s.decodeMemoryBound);
    QVERIFY2(std::abs(s.decodeBytesPerStep / bytes - 1) < 1e-9,
             qPrintable(QStringLiteral("%1 against %2").arg(s.decodeBytesPerStep).arg(bytes)));
    const double hbm = Catalog::builtin().gpu("h100-sxm-80gb")->hbmBandwidth;
    QVERIFY(std::abs(s.interTokenLatency / (bytes / hbm) - 1) < 1e-9);
    QCOMPARE(s.requestSeconds, s.timeToFirstToken + 256 * s.interTokenLatency);
    QCOMPARE(s.replicaTokensPerSecond, 4 / s.interTokenLatency);
    // Prefill is compute-bound: 2 FLOPs per parameter and token at least.
    const double peak = Catalog::builtin().gpu("h100-sxm-80gb")->bf16Flops;
    QVERIFY(s.timeToFirstToken > 2 * e.parameters.all.total() * 2048 / peak);
}

// The reference article: TP splits every layer, so each GPU reads less per token.
void TestServingPerformance::tensorParallelShortensTheToken()
{
    const ServingPerformance one = servingOf(oneGpu8b());
    const ServingPerformance two = servingOf(withDegrees(oneGpu8b(), 2, 1, 1));
    QVERIFY(two.interTokenLatency < one.interTokenLatency);
    QVERIFY(two.interTokenLatency > one.interTokenLatency / 2); // plus the all-reduces
    QVERIFY(two.timeToFirstToken < one.timeToFirstToken);
}

// A token passes every stage in turn: PP holds a larger model but does not shorten the token's path.
void TestServingPerformance::pipelineParallelDoesNot()
{
    const ServingPerformance one = servingOf(oneGpu8b());
    const ServingPerformance two = servingOf(withDegrees(oneGpu8b(), 1, 2, 1));
    QVERIFY(two.interTokenLatency >= one.interTokenLatency * 0.999);
    const ServingPerformance tp = servingOf(withDegrees(oneGpu8b(), 2, 1, 1));
    QVERIFY(tp.interTokenLatency < two.interTokenLatency);
}

// Independent replicas: the same latency, the group's throughput times the replicas.
void TestServingPerformance::replicasMultiplyThroughput()
{
    const ServingPerformance one = servingOf(oneGpu8b());
    const ServingPerformance four = servingOf(withDegrees(oneGpu8b(), 1, 1, 4));
    QCOMPARE(four.replicas, std::int64_t{4});
    QCOMPARE(four.interTokenLatency, one.interTokenLatency);
    QCOMPARE(four.groupTokensPerSecond, 4 * one.groupTokensPerSecond);
}

// While decoding is memory-bound, 32 sequences cost far less than 32 times one (the weights are read once).
void TestServingPerformance::batchingIsNearlyFreeWhileMemoryBound()
{
    Design single = oneGpu8b();
    single.workload.serving.concurrency = 1;
    Design many = oneGpu8b();
    many.workload.serving.concurrency = 32;
    const ServingPerformance a = servingOf(single), b = servingOf(many);
    QVERIFY(b.interTokenLatency > a.interTokenLatency);
    QVERIFY(b.interTokenLatency < 4 * a.interTokenLatency);
    QVERIFY(b.replicaTokensPerSecond > 8 * a.replicaTokensPerSecond);
}

// Mixtral 8x7B: one sequence routes to 2 of 8 experts per layer; 64 sequences reach nearly all.
void TestServingPerformance::moeReadsOnlyRoutedExperts()
{
    Design d = testing::example("serving-70b-tp4x2");
    d.model = *Catalog::builtin().model("mixtral-8x7b");
    d.layout = ParallelLayout{};
    d.layout.setDegree(Dim::Tp, 2);
    d.layout.setDegree(Dim::Dp, 4);
    d.workload.serving.contextLength = 4096;
    d.workload.serving.concurrency = 1;
    const double one = servingOf(d).decodeBytesPerStep;
    d.workload.serving.concurrency = 64;
    const double many = servingOf(d).decodeBytesPerStep;
    QVERIFY(one < 0.5 * many);
}

void TestServingPerformance::requestShapeIsValidated()
{
    Design d = oneGpu8b();
    d.workload.serving.outputLength = 5000; // longer than the 4,096-token context
    Evaluation e = evaluate(d);
    QVERIFY(testing::hasCode(e.diagnostics, "value-range"));
    QVERIFY(!e.serving);
    d = oneGpu8b();
    d.workload.serving.promptLength = 4000; // 4,000 + 256 > 4,096
    e = evaluate(d);
    QVERIFY(testing::hasCode(e.diagnostics, "value-range"));
    // The request shape round-trips, and is not written when it is the default.
    QVERIFY(designToJson(d).at("workload").at("serving").contains("promptLength"));
    QVERIFY(!designToJson(testing::example("serving-70b-tp4x2"))
                 .at("workload")
                 .at("serving")
                 .contains("promptLength"));
    const LoadResult back = designFromJson(designToJson(d));
    QVERIFY(back.design);
    QCOMPARE(back.design->workload.serving.promptLength, std::int64_t{4000});
    QCOMPARE(back.design->workload.serving.outputLength, std::int64_t{256});
}

void TestServingPerformance::jsonContract()
{
    const Design d = testing::example("serving-70b-tp4x2");
    const Json json = evaluationToJson(d, evaluate(d));
    QVERIFY(json.contains("serving"));
    QVERIFY(!json.contains("performance"));
    for (const char* key : {"promptTokens", "outputTokens", "batchPerReplica", "replicas",
                            "timeToFirstTokenSeconds", "interTokenLatencySeconds", "requestSeconds",
                            "replicaTokensPerSecond", "tokensPerSecond", "decodeMemoryBound", "explanations"})
        QVERIFY2(json.at("serving").contains(key), key);
}

QTEST_GUILESS_MAIN(TestServingPerformance)
#include "tst_servingperformance.moc"
