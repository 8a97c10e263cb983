// SPDX-License-Identifier: GPL-3.0-or-later
// The field mutation API used by undo commands and the inspector.

#include "design/designfield.h"
#include "design/designio.h"
#include "support/testdesigns.h"

#include <QTest>
#include <set>

using namespace core;

class TestDesignField : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldRoundTrips();
    void pointersAreUniqueAndMatchTheDocument();
    void wrongKindsAreRejected();
};

namespace {
std::vector<Field> allFields()
{
    std::vector<Field> fields;
    for (int f = 0; f <= int(kLastField); ++f)
        fields.push_back(Field(f));
    return fields;
}
} // namespace

void TestDesignField::everyFieldRoundTrips()
{
    const Design base = testing::example("mixtral-8x7b-ep8");
    for (Field field : allFields()) {
        Design design = base;
        const FieldValue value = getField(design, field);
        QVERIFY(setField(design, field, value));
        QVERIFY2(design == base, fieldPointer(field).data());
    }
    Design design = base;
    QVERIFY(setField(design, Field::Tp, FieldValue{std::int64_t{4}}));
    QCOMPARE(design.layout.tp(), 4);
    QVERIFY(setField(design, Field::Schedule, FieldValue{std::string("interleaved")}));
    QCOMPARE(design.layout.schedule, Schedule::Interleaved);
    QVERIFY(setField(design, Field::Order, FieldValue{std::string("tp-dp-pp")}));
    QCOMPARE(QString::fromStdString(orderToString(design.layout.order)), QStringLiteral("tp-cp-ep-dp-pp"));
    QVERIFY(setField(design, Field::LayersPerStage, FieldValue{std::string("1, 2,2 3")}));
    QCOMPARE(design.layout.layersPerStage, (std::vector<int>{1, 2, 2, 3}));
    QCOMPARE(std::get<std::string>(getField(design, Field::LayersPerStage)), std::string("1, 2, 2, 3"));
    QVERIFY(setField(design, Field::LayersPerStage, FieldValue{std::string("")}));
    QVERIFY(design.layout.layersPerStage.empty());
    QVERIFY(setField(design, Field::MoeCapacityFactor, FieldValue{std::int64_t{2}}));
    QCOMPARE(design.workload.moeCapacityFactor, 2.0);
}

void TestDesignField::pointersAreUniqueAndMatchTheDocument()
{
    Design design = testing::example("mixtral-8x7b-ep8");
    // The fabric's network cards and oversubscription are written only when they differ from the default.
    design.cluster.nicsPerNode = 4;
    design.cluster.oversubscription = 2;
    design.cluster.hostMemoryBytes = 1536.0 * 1024 * 1024 * 1024; // and the nodes' RAM when set
    // The framework's switches are written only when set.
    for (const LayoutSwitch& s : kLayoutSwitches)
        design.layout.*s.member = true;
    design.workload.fp8Recipe = Fp8Recipe::Mxfp8; // and the FP8 recipe when it is not delayed scaling
    design.workload.optimizerMoments = MomentDtype::Bf16; // and the moments' dtype when not FP32
    design.workload.attentionKernel = AttentionKernel::FlashAttention2; // and the kernel when not the best
    design.layout.recomputeLayers = 4; // and the recomputed layers when set
    design.layout.activationOffloadLayers = 2; // and the offloaded layers
    design.layout.cudaGraphs = CudaGraphs::Layers; // and CUDA graphs when on
    design.layout.moeDispatcher = MoeDispatcher::DeepEp; // and the MoE dispatcher when not alltoall
    design.layout.recomputeModules = {RecomputeModule::MoeAct}; // and selective recomputation's modules
    const Json document = designToJson(design);
    std::set<std::string> seen;
    for (Field field : allFields()) {
        const std::string pointer(fieldPointer(field));
        QVERIFY2(!pointer.empty(), "every field has a pointer");
        QVERIFY2(seen.insert(pointer).second, pointer.c_str());
        QCOMPARE(fieldAtPointer(pointer), std::optional<Field>(field));
        if (!pointer.starts_with("/model")) // the model is written as a preset name when unchanged
            QVERIFY2(document.contains(Json::json_pointer(pointer)), pointer.c_str());
    }
    QVERIFY(!fieldAtPointer("/layout/nonsense"));
}

void TestDesignField::wrongKindsAreRejected()
{
    Design design = testing::example("default");
    const Design before = design;
    QVERIFY(!setField(design, Field::Tp, FieldValue{std::string("eight")}));
    QVERIFY(!setField(design, Field::Schedule, FieldValue{std::string("zigzag")}));
    QVERIFY(!setField(design, Field::Order, FieldValue{std::string("tp-tp")}));
    QVERIFY(!setField(design, Field::SequenceParallel, FieldValue{std::int64_t{1}}));
    QVERIFY(!setField(design, Field::Tp, FieldValue{std::int64_t{1} << 40})); // does not fit an int
    QVERIFY(!setField(design, Field::LayersPerStage, FieldValue{std::string("1, two")}));
    QVERIFY(!setField(design, Field::LayersPerStage, FieldValue{std::string("-1")}));
    QVERIFY(design == before);
}

QTEST_APPLESS_MAIN(TestDesignField)
#include "tst_designfield.moc"
