// SPDX-License-Identifier: GPL-3.0-or-later
// Undo round trips of every command: apply, undo, compare the serialized design with the original; redo
// gives the edited design back. And the document's files: save, read, modified state.

#include "document/commands.h"
#include "design/designio.h"
#include "document/document.h"
#include "support/guitestmain.h"
#include "support/writefailure.h"
#include "window/language.h"
#include "design/placementfix.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace app;
using core::Field;
using core::FieldValue;

Q_DECLARE_METATYPE(core::Field)
Q_DECLARE_METATYPE(core::ClusterEdit)

namespace {
bool hasCode(const std::vector<core::Diagnostic>& diagnostics, const char* code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [code](const core::Diagnostic& d) { return d.code == code; });
}

core::Design defaultDesign()
{
    return *core::exampleDesign("default");
}

// A value different from the current one, of the right kind, for any field.
FieldValue otherValue(const core::Design& design, Field field)
{
    const FieldValue current = core::getField(design, field);
    if (const auto* i = std::get_if<std::int64_t>(&current))
        return FieldValue{*i + 1};
    if (const auto* b = std::get_if<bool>(&current))
        return FieldValue{!*b};
    if (const auto* d = std::get_if<double>(&current))
        return FieldValue{*d + 0.5};
    const std::string text = std::get<std::string>(current);
    switch (field) {
    case Field::Name:
        return FieldValue{text + " (edited)"};
    case Field::Order:
        return FieldValue{std::string("dp-tp-cp-ep-pp")};
    case Field::Fabric:
        return FieldValue{std::string("roce-400")};
    case Field::Mode:
        return FieldValue{std::string("serving")};
    case Field::Precision:
        return FieldValue{std::string("megatron-bf16")};
    case Field::Fp8Recipe:
        return FieldValue{std::string("tensorwise")};
    case Field::Optimizer:
        return FieldValue{std::string("adam")};
    case Field::OptimizerMoments:
        return FieldValue{std::string("bf16")};
    case Field::Offload:
        return FieldValue{std::string("cpu")};
    case Field::AttentionKernel:
        return FieldValue{std::string("flash-attention-2")};
    case Field::KvDtype:
        return FieldValue{std::string("fp8")};
    case Field::ExpertMode:
        return FieldValue{std::string("megatron")};
    case Field::CudaGraphs:
        return FieldValue{std::string("layers")};
    case Field::MoeDispatcher:
        return FieldValue{std::string("hybridep")};
    case Field::Framework:
        return FieldValue{std::string("deepspeed")};
    case Field::Schedule:
        return FieldValue{std::string("gpipe")};
    case Field::Recompute:
        return FieldValue{std::string("full")};
    case Field::LayersPerStage:
        return FieldValue{std::string("30, 50")};
    case Field::RecomputeModules:
        return FieldValue{std::string("mlp, layernorm")};
    case Field::OverlapGradReduce: // a framework switch at its default: setting it is one step
    case Field::OverlapParamGather:
    case Field::GradientSyncEveryMicroBatch:
    case Field::OverlapMoeAllToAll:
    case Field::AsyncCheckpoint:
    case Field::GradReduceInFp32:
    case Field::FusedCrossEntropy:
    case Field::TorchCompile:
    case Field::Fp8ParamGather:
        return FieldValue{true};
    default:
        return current;
    }
}
} // namespace

class TestCommands : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fieldUndoRoundTrip_data();
    void fieldUndoRoundTrip();
    void modelPresetUndoRoundTrip();
    void clusterShapeUndoRoundTrip();
    void clusterEditUndoRoundTrip_data();
    void clusterEditUndoRoundTrip();
    void clusterEditThatChangesNothingPushesNothing();
    void tpPlacementFixIsOneUndoStep();
    void quickEditsOfOneFieldMerge();
    void editsOfDifferentFieldsStaySeparate();
    void invalidValuesMakeNoCommand();
    void saveAndReadBack();
    void failedSaveKeepsState();
    void fullDiskKeepsTheOldFile();
    void readReportsErrorsWithoutADesign();

private:
    QTemporaryDir m_dir;
    Language m_language;
};

// The English catalogue carries the plural forms of the undo texts ("Remove 1 node", "Remove 2 GPUs").
void TestCommands::initTestCase()
{
    m_language.applyStored(QStringLiteral("en"));
    QCOMPARE(m_language.effective(), QStringLiteral("en"));
}

void TestCommands::fieldUndoRoundTrip_data()
{
    QTest::addColumn<Field>("field");
    for (int f = 0; f <= int(core::kLastField); ++f)
        QTest::newRow(core::fieldPointer(Field(f)).data()) << Field(f);
}

void TestCommands::fieldUndoRoundTrip()
{
    QFETCH(Field, field);
    Document document(defaultDesign());
    const std::string before = core::saveDesign(document.design());
    QSignalSpy changed(&document, &Document::changed);
    const FieldValue value = otherValue(document.design(), field);
    QVERIFY2(value != core::getField(document.design(), field), "the test must really change the field");
    document.editField(field, value);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(changed.count(), 1);
    QVERIFY(document.isModified());
    QVERIFY(core::getField(document.design(), field) == value);
    const std::string after = core::saveDesign(document.design());
    QVERIFY(after != before);
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    QVERIFY(!document.isModified());
    document.undoStack()->redo();
    QCOMPARE(core::saveDesign(document.design()), after);
    // The snapshot the views draw from follows the design.
    QVERIFY(*document.snapshot().design == document.design());
}

void TestCommands::modelPresetUndoRoundTrip()
{
    Document document(defaultDesign());
    document.editField(Field::ModelLayers, FieldValue{std::int64_t{40}}); // a changed preset...
    const std::string before = core::saveDesign(document.design());
    document.editModelPreset(QStringLiteral("mixtral-8x7b")); // ...replaced by another one
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(QString::fromStdString(document.design().model.preset), QStringLiteral("mixtral-8x7b"));
    QVERIFY(document.snapshot().evaluation->parameters.all.total() < 50e9);
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    QCOMPARE(document.design().model.layers, 40);
    document.editModelPreset(QStringLiteral("no-such-model"));
    QCOMPARE(document.undoStack()->index(), 1); // nothing pushed
}

void TestCommands::clusterShapeUndoRoundTrip()
{
    core::Design design = defaultDesign();
    design.placement.resize(32);
    for (int rank = 0; rank < 32; ++rank)
        design.placement[std::size_t(rank)] = 31 - rank;
    Document document(design);
    const std::string before = core::saveDesign(document.design());
    document.editClusterShape(8, 8, QStringLiteral("h200-141gb"), QStringLiteral("nvlink4"));
    QCOMPARE(document.design().cluster.gpuCount(), 64);
    QVERIFY(document.design().placement.empty()); // ids renumbered: the explicit placement is dropped
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    QCOMPARE(document.design().placement.size(), std::size_t{32});
    // The same shape again changes nothing and pushes nothing.
    document.editClusterShape(4, 8, QStringLiteral("h100-sxm-80gb"), QStringLiteral("nvlink4"));
    QCOMPARE(document.undoStack()->index(), 0);
}

// Every cluster gesture of the canvas on the default example, 4 nodes × 8 H100 (GPU ids 8n … 8n+7
// on node n): one undo step, the design changes, undo restores the saved text exactly, redo repeats it.
void TestCommands::clusterEditUndoRoundTrip_data()
{
    using namespace core::edit;
    QTest::addColumn<core::ClusterEdit>("edit");
    QTest::addColumn<QString>("text");
    QTest::newRow("add a GPU") << core::ClusterEdit{AddGpus{1, 3, "h200-141gb", 1}}
                               << QStringLiteral("Add 1 H200 SXM 141 GB GPU to node 1");
    QTest::newRow("add a node with a GPU") << core::ClusterEdit{AddGpus{-1, -1, "b200-180gb", 1}}
                                           << QStringLiteral("Add a node with 1 B200 (HGX) 180 GB GPU");
    QTest::newRow("move a GPU") << core::ClusterEdit{MoveGpus{{0}, 1, 0}}
                                << QStringLiteral("Move 1 GPU to node 1");
    QTest::newRow("remove GPUs") << core::ClusterEdit{Remove{{}, {5, 6}}} << QStringLiteral("Remove 2 GPUs");
    QTest::newRow("remove a node") << core::ClusterEdit{Remove{{3}, {}}} << QStringLiteral("Remove 1 node");
    QTest::newRow("add K nodes") << core::ClusterEdit{AddNodes{4, 8, "h100-sxm-80gb", "nvlink4"}}
                                 << QStringLiteral("Add 4 nodes of 8 × H100 SXM5 80 GB");
    QTest::newRow("duplicate a node")
        << core::ClusterEdit{DuplicateNodes{{2}}} << QStringLiteral("Duplicate 1 node");
    QTest::newRow("GPU out of service")
        << core::ClusterEdit{SetInService{{9}, false}} << QStringLiteral("Take 1 GPU out of service");
    QTest::newRow("node out of service")
        << core::ClusterEdit{SetInService{{16, 17, 18, 19, 20, 21, 22, 23}, false}}
        << QStringLiteral("Take 8 GPUs out of service");
    QTest::newRow("slow a node's link")
        << core::ClusterEdit{SetIntraLink{{0}, "pcie4"}}
        << QStringLiteral("Set the link of 1 node to PCIe 4.0 x16 (no NVLink)");
    QTest::newRow("swap two ranks") << core::ClusterEdit{PlaceRank{0, 31}}
                                    << QStringLiteral("Place rank 0 on GPU 31");
}

void TestCommands::clusterEditUndoRoundTrip()
{
    QFETCH(core::ClusterEdit, edit);
    QFETCH(QString, text);
    Document document(defaultDesign());
    const std::string before = core::saveDesign(document.design());
    QSignalSpy changed(&document, &Document::changed);
    QVERIFY(document.editCluster(edit));
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->text(0), text);
    QCOMPARE(changed.count(), 1);
    const std::string after = core::saveDesign(document.design());
    QVERIFY(after != before);
    const auto* command = dynamic_cast<const ClusterEditCommand*>(document.undoStack()->command(0));
    QVERIFY(command);
    QVERIFY(command->edit() == edit); // the command holds the edit itself, by ids and values
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    QVERIFY(!document.isModified());
    document.undoStack()->redo();
    QCOMPARE(core::saveDesign(document.design()), after);
    QVERIFY(*document.snapshot().design == document.design());
}

void TestCommands::clusterEditThatChangesNothingPushesNothing()
{
    Document document(defaultDesign());
    QVERIFY(!document.editCluster(core::edit::AutoPlace{})); // already the default placement
    QVERIFY(!document.editCluster(core::edit::MoveGpus{{99}, 0, 0})); // no GPU 99
    QVERIFY(!document.editCluster(core::edit::SetInService{{1}, true})); // already in service
    QCOMPARE(document.undoStack()->count(), 0);
    // Swap, then auto-place: the placement goes back to the default.
    const std::string before = core::saveDesign(document.design());
    QVERIFY(document.editCluster(core::edit::PlaceRank{2, 20}));
    QVERIFY(document.snapshot().evaluation->explicitPlacement);
    QVERIFY(document.editCluster(core::edit::AutoPlace{}));
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(core::saveDesign(document.design()), before);
}

// DP first in the order splits every TP group across two nodes; the fix puts TP first: one undo step.
void TestCommands::tpPlacementFixIsOneUndoStep()
{
    Document document(defaultDesign());
    document.editField(Field::Order, FieldValue{std::string("dp-tp-cp-ep-pp")});
    QVERIFY(hasCode(document.snapshot().evaluation->diagnostics, "tp-spans-nodes"));
    const std::string before = core::saveDesign(document.design());
    QVERIFY(document.fixTpPlacement());
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(core::orderToString(document.design().layout.order), std::string("tp-dp-cp-ep-pp"));
    QVERIFY(!hasCode(document.snapshot().evaluation->diagnostics, "tp-spans-nodes"));
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    QVERIFY(core::suggestTpPlacementFix(document.design()).has_value()); // offered again after undo
}

void TestCommands::quickEditsOfOneFieldMerge()
{
    Document document(defaultDesign());
    const std::string before = core::saveDesign(document.design());
    document.editField(Field::Dp, FieldValue{std::int64_t{3}});
    document.editField(Field::Dp, FieldValue{std::int64_t{4}});
    document.editField(Field::Dp, FieldValue{std::int64_t{5}});
    QCOMPARE(document.undoStack()->count(), 1); // one gesture, one undo step
    QCOMPARE(document.design().layout.dp(), 5);
    document.undoStack()->undo();
    QCOMPARE(core::saveDesign(document.design()), before);
    // Going back to where the gesture started leaves nothing to undo.
    document.undoStack()->redo();
    document.editField(Field::Dp, FieldValue{std::int64_t{2}});
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(!document.isModified());
}

void TestCommands::editsOfDifferentFieldsStaySeparate()
{
    Document document(defaultDesign());
    document.editField(Field::Tp, FieldValue{std::int64_t{4}});
    document.editField(Field::Dp, FieldValue{std::int64_t{4}});
    document.editField(Field::Tp, FieldValue{std::int64_t{2}});
    QCOMPARE(document.undoStack()->count(), 3);
    QCOMPARE(document.undoStack()->text(0), QStringLiteral("Set TP to 4"));
}

void TestCommands::invalidValuesMakeNoCommand()
{
    Document document(defaultDesign());
    document.editField(Field::Schedule, FieldValue{std::string("zigzag")});
    document.editField(Field::Order, FieldValue{std::string("tp-tp")});
    document.editField(Field::Tp, FieldValue{std::int64_t{8}}); // unchanged
    QCOMPARE(document.undoStack()->count(), 0);
    // Out-of-range numbers are accepted as edits and reported by validation, never crash.
    document.editField(Field::Tp, FieldValue{std::int64_t{0}});
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(!document.snapshot().evaluation->valid());
}

void TestCommands::saveAndReadBack()
{
    QVERIFY(m_dir.isValid());
    Document document(defaultDesign());
    document.editField(Field::Pp, FieldValue{std::int64_t{4}});
    QSignalSpy modified(&document, &Document::modifiedChanged);
    const QString path = m_dir.filePath(QStringLiteral("design.json"));
    QString error;
    QVERIFY2(document.save(path, &error), qPrintable(error));
    QVERIFY(!document.isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(document.filePath(), path);
    QCOMPARE(document.displayName(), QStringLiteral("design.json"));
    const Document::ReadResult read = Document::read(path);
    QVERIFY(read.design);
    QVERIFY(*read.design == document.design());
}

void TestCommands::failedSaveKeepsState()
{
    Document document(defaultDesign());
    document.editField(Field::Pp, FieldValue{std::int64_t{4}});
    QString error;
    const QString path = m_dir.filePath(QStringLiteral("missing-dir/design.json"));
    QVERIFY(!document.save(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(document.isModified());
    QVERIFY(document.filePath().isEmpty());
}

void TestCommands::fullDiskKeepsTheOldFile()
{
    // The write fails after the file was opened, as on a full disk. QSaveFile buffers the write and
    // fails in its final flush, which Qt 6.4's commit() reported as success, renaming an empty file over
    // the old design.
    const QString path = m_dir.filePath(QStringLiteral("full-disk.json"));
    Document document(defaultDesign());
    QString error;
    QVERIFY2(document.save(path, &error), qPrintable(error));
    QFile old(path);
    QVERIFY(old.open(QIODevice::ReadOnly));
    const QByteArray before = old.readAll();
    old.close();
    document.editField(Field::Pp, FieldValue{std::int64_t{4}});
    QVERIFY(document.isModified());
    bool saved = true;
    {
        const testing::WriteLimit fullDisk(64);
        QVERIFY(fullDisk.active());
        saved = document.save(path, &error);
    }
    QVERIFY(!saved);
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(document.isModified());
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), before);
    // No temporary file is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("full-disk*")}, QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("full-disk.json")});
}

void TestCommands::readReportsErrorsWithoutADesign()
{
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "meshwright.design", "version": 99})");
    file.close();
    const Document::ReadResult read = Document::read(path);
    QVERIFY(!read.design);
    QCOMPARE(QString::fromStdString(read.diagnostics.at(0).code), QStringLiteral("io-version-newer"));
    const Document::ReadResult missing = Document::read(m_dir.filePath(QStringLiteral("nope.json")));
    QVERIFY(!missing.fileError.isEmpty());
}

MESHWRIGHT_GUI_TEST_MAIN(TestCommands)
#include "tst_commands.moc"
