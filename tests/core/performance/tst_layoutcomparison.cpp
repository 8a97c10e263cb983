// SPDX-License-Identifier: GPL-3.0-or-later
// Which published pairs of layouts speak for comparing two designs (performance/layoutcomparison.h), and
// when the model's ratio decides between them. The tolerances themselves are held to the pairs by
// tst_heldouttoday and tst_heldouttorchtitan (support/pairmisses.h).

#include "performance/layoutcomparison.h"
#include "support/testdesigns.h"

#include <QTest>
#include <functional>

using namespace core;

Q_DECLARE_METATYPE(core::Design)
Q_DECLARE_METATYPE(core::PairEvidence)
Q_DECLARE_METATYPE(core::PairGap)

class TestLayoutComparison : public QObject
{
    Q_OBJECT

private slots:
    void kinds_data();
    void kinds();
    void decided_data();
    void decided();
    void searchTiesCountWhatTheModelCannotTellApart();
};

namespace {

Design changed(Design d, const std::function<void(Design&)>& change)
{
    change(d);
    return d;
}

} // namespace

void TestLayoutComparison::kinds_data()
{
    QTest::addColumn<Design>("a");
    QTest::addColumn<Design>("b");
    QTest::addColumn<PairEvidence>("evidence");
    QTest::addColumn<PairGap>("gap");
    const Design seed = testing::example("seed-70b-32k-512gpu");
    QTest::newRow("the reference article's two layouts: CP 4 against CP 2 in Megatron-Core")
        << seed << testing::example("seed-70b-32k-512gpu-alt") << PairEvidence::None << PairGap::Context;
    QTest::newRow("Megatron-Core, PP 8 DP 2 against PP 4 DP 4") << seed << changed(seed, [](Design& d) {
        d.layout.setDegree(Dim::Pp, 8), d.layout.setDegree(Dim::Dp, 2);
    }) << PairEvidence::MegatronLayouts << PairGap::None;
    QTest::newRow("Megatron-Core, FP8 against BF16")
        << seed << changed(seed, [](Design& d) { d.workload.precision = Precision::Fp8; })
        << PairEvidence::MegatronLayouts << PairGap::None;
    QTest::newRow("the same model under another name")
        << seed << changed(seed, [](Design& d) { d.model.name = "my 70B", d.model.preset.clear(); })
        << PairEvidence::MegatronLayouts << PairGap::None;
    QTest::newRow("a longer context, Megatron-Core")
        << seed << changed(seed, [](Design& d) { d.workload.sequenceLength = 65536; }) << PairEvidence::None
        << PairGap::Context;
    QTest::newRow("other GPUs") << seed << changed(seed, [](Design& d) {
        d.cluster = makeUniformCluster(64, 8, "b200-180gb", "nvlink5", "ib-ndr-400");
    }) << PairEvidence::None << PairGap::Machines;
    QTest::newRow("another fabric") << seed
                                    << changed(seed, [](Design& d) { d.cluster.fabric = "ib-hdr-200"; })
                                    << PairEvidence::None << PairGap::Machines;
    QTest::newRow("another model") << seed << changed(seed, [](Design& d) { d.model.layers = 40; })
                                   << PairEvidence::None << PairGap::Model;
    const Design mixtral = testing::example("mixtral-8x7b-ep8");
    QTest::newRow("MoE layers launched eagerly")
        << mixtral << changed(mixtral, [](Design& d) { d.layout.microBatch = 2; })
        << PairEvidence::MegatronEagerMoe << PairGap::None;
    const auto graphed = [](Design& d) { d.layout.cudaGraphs = CudaGraphs::Layers; };
    QTest::newRow("MoE layers eager on one side")
        << changed(mixtral, graphed) << mixtral << PairEvidence::MegatronEagerMoe << PairGap::None;
    QTest::newRow("MoE layers graphed on both sides")
        << changed(mixtral, graphed)
        << changed(changed(mixtral, graphed), [](Design& d) { d.layout.microBatch = 2; })
        << PairEvidence::MegatronLayouts << PairGap::None;
    const Design fsdp = testing::dataParallel(Framework::Fsdp2, 3, Offload::None);
    QTest::newRow("FSDP2, TP 2 against FSDP alone") << fsdp << changed(fsdp, [](Design& d) {
        d.layout.setDegree(Dim::Tp, 2), d.layout.setDegree(Dim::Dp, 4);
    }) << PairEvidence::TorchtitanLayouts << PairGap::None;
    QTest::newRow("FSDP2, CP 2 against FSDP alone") << fsdp << changed(fsdp, [](Design& d) {
        d.layout.setDegree(Dim::Cp, 2), d.layout.setDegree(Dim::Dp, 4);
    }) << PairEvidence::TorchtitanContext << PairGap::None;
    QTest::newRow("FSDP2 against DeepSpeed")
        << fsdp << testing::dataParallel(Framework::DeepSpeed, 3, Offload::None) << PairEvidence::None
        << PairGap::Framework;
    QTest::newRow("DeepSpeed, ZeRO-3 against ZeRO-1")
        << testing::dataParallel(Framework::DeepSpeed, 3, Offload::None)
        << testing::dataParallel(Framework::DeepSpeed, 1, Offload::None) << PairEvidence::None
        << PairGap::Unpublished;
    const Design serving = testing::example("serving-70b-tp4x2");
    QTest::newRow("serving") << serving << serving << PairEvidence::None << PairGap::Serving;
}

void TestLayoutComparison::kinds()
{
    QFETCH(Design, a);
    QFETCH(Design, b);
    QFETCH(PairEvidence, evidence);
    QFETCH(PairGap, gap);
    const PairKind kind = pairKind(a, b);
    QCOMPARE(kind.evidence, evidence);
    QCOMPARE(kind.gap, gap);
    // Symmetric: which design is faster does not change what speaks for the pair.
    QCOMPARE(pairKind(b, a).evidence, evidence);
    QCOMPARE(pairKind(b, a).gap, gap);
}

void TestLayoutComparison::decided_data()
{
    QTest::addColumn<Design>("a");
    QTest::addColumn<Design>("b");
    QTest::addColumn<double>("faster");
    QTest::addColumn<double>("slower");
    QTest::addColumn<bool>("decided");
    const Design seed = testing::example("seed-70b-32k-512gpu");
    const Design fp8 = changed(seed, [](Design& d) { d.workload.precision = Precision::Fp8; });
    // Megatron-Core's pairs missed by up to 5 %: 8 % apart decides, 4 % does not.
    QTest::newRow("Megatron-Core, 8 % apart") << fp8 << seed << 108.0 << 100.0 << true;
    QTest::newRow("Megatron-Core, 4 % apart") << fp8 << seed << 104.0 << 100.0 << false;
    QTest::newRow("Megatron-Core, 5 % apart: not more than the largest miss")
        << fp8 << seed << 105.0 << 100.0 << false;
    // Nothing speaks for CP 4 against CP 2 in Megatron-Core: not even twice as fast decides.
    QTest::newRow("no pair, twice as fast")
        << seed << testing::example("seed-70b-32k-512gpu-alt") << 200.0 << 100.0 << false;
    const Design fsdp = testing::dataParallel(Framework::Fsdp2, 3, Offload::None);
    const Design cp
        = changed(fsdp, [](Design& d) { d.layout.setDegree(Dim::Cp, 2), d.layout.setDegree(Dim::Dp, 4); });
    QTest::newRow("torchtitan with CP, 30 % apart") << fsdp << cp << 130.0 << 100.0 << false;
    QTest::newRow("torchtitan with CP, 40 % apart") << fsdp << cp << 140.0 << 100.0 << true;
}

void TestLayoutComparison::decided()
{
    QFETCH(Design, a);
    QFETCH(Design, b);
    QFETCH(double, faster);
    QFETCH(double, slower);
    QFETCH(bool, decided);
    const LayoutComparison c = compareLayouts(a, faster, b, slower);
    QCOMPARE(c.ratio, faster / slower);
    QCOMPARE(c.tolerance, pairTolerance(c.evidence));
    QCOMPARE(c.decided(), decided);
}

// A search's candidates on the reference article's design (Megatron-Core, dense): the fastest, one 4 % behind
// (within the 5 % of Megatron-Core's pairs), one 10 % behind (decided), and one 1 % behind at another CP
// degree (no pair speaks for it, so not counted).
void TestLayoutComparison::searchTiesCountWhatTheModelCannotTellApart()
{
    const Design seed = testing::example("seed-70b-32k-512gpu");
    const auto candidate = [&](double tokensPerSecond, int cp) {
        SearchCandidate c;
        c.layout = seed.layout;
        c.layout.setDegree(Dim::Cp, cp);
        c.layout.setDegree(Dim::Dp, 16 / cp);
        c.precision = seed.workload.precision;
        c.globalBatch = seed.workload.globalBatch;
        c.tokensPerSecond = tokensPerSecond;
        return c;
    };
    SearchResult result;
    result.candidates = {candidate(104, 4), candidate(110, 4), candidate(114.4, 4), candidate(113, 2)};
    const SearchTies ties = searchTies(seed, result);
    QCOMPARE(ties.undecided, 1); // 110 against 114.4: 4 % behind
    QCOMPARE(ties.tolerance, pairTolerance(PairEvidence::MegatronLayouts));
    // The same candidates in a serving design's search: nothing said.
    QCOMPARE(searchTies(testing::example("serving-70b-tp4x2"), result).undecided, 0);
    // Alone, the fastest has nothing to be told from.
    result.candidates.resize(1);
    QCOMPARE(searchTies(seed, result).undecided, 0);
}

QTEST_APPLESS_MAIN(TestLayoutComparison)
#include "tst_layoutcomparison.moc"
