// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation as a whole: its JSON contract and its speed.

#include "evaluate.h"
#include "report/evaluationio.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

class TestEvaluate : public QObject
{
    Q_OBJECT

private slots:
    void jsonContract();
    void evaluateIsPure();
    void invalidDegreesGiveNoMesh();
    void benchmarkEvaluate512();
    void benchmarkEvaluate4096();
};

void TestEvaluate::jsonContract()
{
    const Design design = testing::example("seed-70b-32k-512gpu");
    const Json out = evaluationToJson(design, evaluate(design));
    COMPARE_JSON(out["worldSize"], Json(512));
    QVERIFY(out["parameters"]["total"].is_number_integer());
    QVERIFY(out["parameters"]["active"].is_number_integer());
    QVERIFY(out["diagnostics"].is_array());
    QCOMPARE(out["ranks"].size(), std::size_t{512});
    const Json& rank9 = out["ranks"][9];
    for (const char* key : {"rank", "node", "gpu", "coords"})
        QVERIFY2(rank9.contains(key), key);
    COMPARE_JSON(rank9["coords"], Json::parse(R"({"dp": 0, "tp": 1, "pp": 0, "cp": 1, "ep": 0})"));
    COMPARE_JSON(rank9["node"], Json(1));
    for (const char* dim : {"tp", "pp", "dp", "cp", "ep"})
        QVERIFY2(out["groups"][dim].is_array(), dim);
    QCOMPARE(out["groups"]["tp"].size(), std::size_t{64});
    COMPARE_JSON(out["groups"]["pp"][0], Json::parse("[0, 128, 256, 384]"));
}

void TestEvaluate::evaluateIsPure()
{
    const Design design = testing::example("mixtral-8x7b-ep8");
    const Json a = evaluationToJson(design, evaluate(design));
    const Json b = evaluationToJson(design, evaluate(design));
    COMPARE_JSON(a, b);
}

void TestEvaluate::invalidDegreesGiveNoMesh()
{
    Design design = testing::example("default");
    design.layout.setDegree(Dim::Tp, 0);
    const Evaluation e = evaluate(design);
    QVERIFY(!e.valid());
    QVERIFY(!e.hasMesh);
    QVERIFY(e.ranks.empty());
    QCOMPARE(e.worldSize, std::int64_t{0});
}

void TestEvaluate::benchmarkEvaluate512()
{
    const Design design = testing::example("seed-70b-32k-512gpu");
    QBENCHMARK
    {
        const Evaluation e = evaluate(design);
        QCOMPARE(e.ranks.size(), std::size_t{512});
    }
}

void TestEvaluate::benchmarkEvaluate4096()
{
    Design design = testing::example("seed-70b-32k-512gpu");
    design.cluster = makeUniformCluster(512, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    design.layout.setDegree(Dim::Dp, 32);
    design.workload.globalBatch = 2048;
    QBENCHMARK
    {
        const Evaluation e = evaluate(design);
        QCOMPARE(e.ranks.size(), std::size_t{4096});
    }
}

QTEST_APPLESS_MAIN(TestEvaluate)
#include "tst_evaluate.moc"
