// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document.h"

#include "catalog/catalog.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "design/designio.h"
#include "design/fieldtext.h"
#include "design/layoutarithmetic.h"
#include "design/placementfix.h"
#include "document/commands.h"
#include "document/savefile.h"
#include "evaluate.h"

#include <QFile>
#include <QFileInfo>

namespace app {

using widgets::qs;
using widgets::ss;

namespace {
QString valueText(const core::FieldValue& value)
{
    return std::visit(
        [](const auto& v) -> QString {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::string>)
                return qs(v);
            else if constexpr (std::is_same_v<T, bool>)
                return v ? Document::tr("on") : Document::tr("off");
            else
                return QString::number(v);
        },
        value);
}

QString gpuName(const core::Catalog& catalog, const std::string& type)
{
    const core::GpuSpec* spec = catalog.gpu(type);
    return spec ? qs(spec->name) : qs(type);
}

QString linkName(const core::Catalog& catalog, const std::string& id)
{
    const core::LinkSpec* link = catalog.link(id);
    return link ? qs(link->name) : qs(id);
}

int count(const std::vector<int>& ids)
{
    return static_cast<int>(ids.size());
}

// The undo text of a cluster gesture: "Undo Move 1 GPU to node 3". Presets are named as the design's
// evaluation knows them (`catalog`: the built-in ones with the design's calibrated links).
QString clusterEditText(const core::ClusterEdit& edit, const core::Catalog& catalog)
{
    using namespace core::edit;
    if (const auto* e = std::get_if<AddGpus>(&edit))
        return e->nodeId < 0
            ? Document::tr("Add a node with %Ln %1 GPU(s)", nullptr, e->count).arg(gpuName(catalog, e->type))
            : Document::tr("Add %Ln %1 GPU(s) to node %2", nullptr, e->count)
                  .arg(gpuName(catalog, e->type))
                  .arg(e->nodeId);
    if (const auto* e = std::get_if<MoveGpus>(&edit))
        return Document::tr("Move %Ln GPU(s) to node %1", nullptr, count(e->gpuIds)).arg(e->nodeId);
    if (const auto* e = std::get_if<Remove>(&edit)) {
        if (e->gpuIds.empty())
            return Document::tr("Remove %Ln node(s)", nullptr, count(e->nodeIds));
        if (e->nodeIds.empty())
            return Document::tr("Remove %Ln GPU(s)", nullptr, count(e->gpuIds));
        return Document::tr("Remove nodes and GPUs");
    }
    if (const auto* e = std::get_if<AddNodes>(&edit))
        return Document::tr("Add %Ln node(s) of %1 × %2", nullptr, e->count)
            .arg(e->gpusPerNode)
            .arg(gpuName(catalog, e->gpuType));
    if (const auto* e = std::get_if<DuplicateNodes>(&edit))
        return Document::tr("Duplicate %Ln node(s)", nullptr, count(e->nodeIds));
    if (const auto* e = std::get_if<SetInService>(&edit))
        return e->inService ? Document::tr("Return %Ln GPU(s) to service", nullptr, count(e->gpuIds))
                            : Document::tr("Take %Ln GPU(s) out of service", nullptr, count(e->gpuIds));
    if (const auto* e = std::get_if<SetIntraLink>(&edit))
        return Document::tr("Set the link of %Ln node(s) to %1", nullptr, count(e->nodeIds))
            .arg(linkName(catalog, e->link));
    if (const auto* e = std::get_if<PlaceRank>(&edit))
        return Document::tr("Place rank %1 on GPU %2").arg(e->rank).arg(e->gpuId);
    return Document::tr("Auto-place the ranks");
}
} // namespace

Document::Document(core::Design design, std::shared_ptr<const core::Evaluation> evaluation, QObject* parent)
    : QObject(parent)
    , m_design(std::move(design))
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    // A command evaluated at once (inside push, undo or redo) leaves the snapshot at the stack's new index.
    connect(&m_undoStack, &QUndoStack::indexChanged, this, [this](int index) {
        if (!m_runner.busy())
            m_evaluatedIndex = index;
    });
    connect(&m_runner, &EvaluationRunner::evaluated, this, &Document::takeEvaluated);
    if (evaluation)
        m_snapshot = {std::make_shared<const core::Design>(m_design), std::move(evaluation)};
    else
        m_snapshot = {std::make_shared<const core::Design>(m_design),
                      std::make_shared<const core::Evaluation>(core::evaluate(m_design))};
}

void Document::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(path);
}

QString Document::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return m_design.name.empty() ? tr("Untitled") : qs(m_design.name);
}

void Document::reevaluate()
{
    if (m_cancelling)
        return; // back to the snapshot's design, which is evaluated
    auto design = std::make_shared<const core::Design>(m_design);
    if (evaluatesInBackground(m_design)) {
        const bool started = !m_runner.busy();
        m_runner.request(std::move(design));
        if (started)
            emit evaluationStarted();
        return;
    }
    const bool wasBusy = m_runner.busy();
    m_runner.cancel(); // a small design after a large one: the large one's result is stale
    auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(*design));
    m_snapshot = {std::move(design), std::move(evaluation)};
    emit changed();
    if (wasBusy)
        emit evaluationEnded();
}

void Document::takeEvaluated(const widgets::DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_evaluatedIndex = m_undoStack.index();
    emit changed();
    emit evaluationEnded();
}

void Document::cancelEvaluation()
{
    if (!m_runner.busy())
        return;
    m_runner.cancel();
    m_cancelling = true;
    m_undoStack.setIndex(m_evaluatedIndex);
    m_cancelling = false;
    m_design = *m_snapshot.design;
    emit changed(); // the views show the snapshot's values again, not the ones typed since
    emit evaluationEnded();
}

void Document::editField(core::Field field, const core::FieldValue& value)
{
    const core::FieldValue old = core::getField(m_design, field);
    if (old == value)
        return;
    // Only values the core accepts become commands, so undo always restores something valid.
    core::Design probe = m_design;
    if (!core::setField(probe, field, value))
        return;
    const QString text = tr("Set %1 to %2").arg(widgets::fieldLabel(field), valueText(value));
    if (field == core::Field::Dp && m_design.layout.autoDp) {
        // Setting DP by hand fixes it: Auto DP goes off in the same step.
        m_undoStack.beginMacro(tr("%1 (Auto DP off)").arg(text));
        m_undoStack.push(new SetFieldCommand(this, core::Field::AutoDp, true, false, text));
        m_undoStack.push(new SetFieldCommand(this, field, old, value, text));
        m_undoStack.endMacro();
        return;
    }
    pushRefittingDp(new SetFieldCommand(this, field, old, value, text), probe);
}

void Document::pushRefittingDp(QUndoCommand* command, const core::Design& after)
{
    const int dp = core::autoDpDegree(after);
    if (!after.layout.autoDp || dp == after.layout.dp()) {
        m_undoStack.push(command);
        return;
    }
    const QString dpText = tr("Set %1 to %2").arg(widgets::fieldLabel(core::Field::Dp)).arg(dp);
    m_undoStack.beginMacro(tr("%1; Auto DP: DP %2 takes the free GPUs").arg(command->text()).arg(dp));
    m_undoStack.push(command);
    m_undoStack.push(new SetFieldCommand(this, core::Field::Dp, std::int64_t{after.layout.dp()},
                                         std::int64_t{dp}, dpText));
    m_undoStack.endMacro();
}

void Document::editFields(const std::vector<std::pair<core::Field, core::FieldValue>>& edits)
{
    std::vector<std::pair<core::Field, core::FieldValue>> changes;
    core::Design probe = m_design;
    for (const auto& [field, value] : edits)
        if (core::getField(probe, field) != value && core::setField(probe, field, value))
            changes.emplace_back(field, value);
    if (changes.size() == 1)
        return editField(changes.front().first, changes.front().second);
    if (changes.empty())
        return;
    // One step named by all it changes: "Set TP to 2, CP to 4, ZeRO stage to 1, Schedule to 1f1b". A
    // gesture that sets the degrees itself (a search result) leaves DP as it chose.
    QStringList parts;
    for (const auto& [field, value] : changes)
        parts << tr("%1 to %2").arg(widgets::fieldLabel(field), valueText(value));
    m_undoStack.beginMacro(tr("Set %1").arg(parts.join(QStringLiteral(", "))));
    for (const auto& [field, value] : changes)
        m_undoStack.push(new SetFieldCommand(this, field, core::getField(m_design, field), value,
                                             tr("Set %1 to %2").arg(widgets::fieldLabel(field), valueText(value))));
    m_undoStack.endMacro();
}

void Document::editModelPreset(const QString& presetId)
{
    // Model presets ship with the program: the built-in catalogue.
    const core::ModelArchitecture* preset = core::Catalog::builtin().model(ss(presetId));
    if (!preset || *preset == m_design.model)
        return;
    m_undoStack.push(
        new SetModelCommand(this, m_design.model, *preset, tr("Choose model %1").arg(qs(preset->name))));
}

void Document::editClusterShape(int nodes, int gpusPerNode, const QString& gpuType, const QString& intraLink)
{
    core::Cluster cluster
        = core::makeUniformCluster(nodes, gpusPerNode, ss(gpuType), ss(intraLink), m_design.cluster.fabric);
    if (cluster == m_design.cluster)
        return;
    core::Design after = m_design;
    after.cluster = cluster;
    after.placement.clear();
    // GPU ids are renumbered, so an explicit placement no longer applies.
    pushRefittingDp(
        new SetClusterCommand(this, m_design.cluster, m_design.placement, std::move(cluster), {},
                              tr("Cluster of %1 × %2 GPUs")
                                  .arg(widgets::integerText(nodes), widgets::integerText(gpusPerNode))),
        after);
}

bool Document::editCluster(const core::ClusterEdit& edit)
{
    core::Design probe = m_design;
    if (!core::applyClusterEdit(probe, edit))
        return false;
    pushRefittingDp(new ClusterEditCommand(this, edit, m_design.cluster, m_design.placement,
                                           clusterEditText(edit, *m_snapshot.evaluation->catalog)),
                    probe);
    return true;
}

bool Document::fixTpPlacement()
{
    // TP first: it talks in every layer; then EP's all-to-all of every MoE layer.
    std::optional<core::TpPlacementFix> fix = core::suggestTpPlacementFix(m_design);
    const bool tp = fix.has_value();
    if (!fix)
        fix = core::suggestEpPlacementFix(m_design);
    if (!fix)
        return false;
    if (fix->remedy == core::TpPlacementRemedy::AutoPlace)
        return editCluster(core::edit::AutoPlace{});
    // New order and default placement together: one gesture, one undo step.
    m_undoStack.beginMacro(tp ? tr("Keep TP inside nodes: TP first in the order")
                              : tr("Keep EP inside nodes: EP right after TP in the order"));
    editField(core::Field::Order, core::FieldValue{core::orderToString(fix->order)});
    editCluster(core::edit::AutoPlace{});
    m_undoStack.endMacro();
    return true;
}

void Document::applyField(core::Field field, const core::FieldValue& value)
{
    core::setField(m_design, field, value);
    reevaluate();
}

void Document::editRecords(std::vector<core::MeasuredRecord> records, std::optional<int> compared,
                           const QString& text)
{
    if (compared && (*compared < 0 || *compared >= static_cast<int>(records.size())))
        compared.reset();
    if (records == m_design.records && compared == m_design.comparedRecord)
        return;
    m_undoStack.push(new SetRecordsCommand(this, {m_design.records, m_design.comparedRecord},
                                           {std::move(records), compared}, text));
}

void Document::editRecords(std::vector<core::MeasuredRecord> records, const QString& text)
{
    editRecords(std::move(records), m_design.comparedRecord, text);
}

void Document::chooseComparedRecord(std::optional<int> index)
{
    const auto& records = m_design.records;
    const bool named = index && *index >= 0 && *index < static_cast<int>(records.size());
    const QString text = named ? tr("Compare with record %1").arg(qs(records[std::size_t(*index)].name))
                               : tr("Compare with the newest record");
    editRecords(records, index, text);
}

void Document::applyRecords(const std::vector<core::MeasuredRecord>& records, std::optional<int> compared)
{
    m_design.records = records;
    m_design.comparedRecord = compared;
    reevaluate();
}

void Document::applyModel(const core::ModelArchitecture& model)
{
    m_design.model = model;
    reevaluate();
}

void Document::applyCluster(const core::Cluster& cluster, const std::vector<int>& placement)
{
    m_design.cluster = cluster;
    m_design.placement = placement;
    reevaluate();
}

void Document::applyClusterEdit(const core::ClusterEdit& edit)
{
    core::applyClusterEdit(m_design, edit);
    reevaluate();
}

bool Document::save(const QString& path, QString* error)
{
    const std::string text = core::saveDesign(m_design);
    if (!saveFileAtomically(path, QByteArray::fromStdString(text), error))
        return false;
    setFilePath(path);
    m_undoStack.setClean();
    return true;
}

Document::ReadResult Document::read(const QString& path)
{
    ReadResult result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.fileError = tr("Cannot open %1: %2").arg(path, file.errorString());
        return result;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        result.fileError = tr("Cannot read %1: %2").arg(path, file.errorString());
        return result;
    }
    core::LoadResult loaded
        = core::loadDesign(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    result.diagnostics = std::move(loaded.diagnostics);
    result.design = std::move(loaded.design);
    return result;
}

} // namespace app
