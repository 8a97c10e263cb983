// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Undo commands. Each holds plain values (field ids, old and new values, never pointers into the design
// or to views) and calls the document's mutation API. One user gesture is one command: repeated edits
// of the same field in quick succession (holding a spin-box arrow) merge into one.

#include "catalog/model.h"
#include "design/cluster.h"
#include "design/clusteredit.h"
#include "design/designfield.h"
#include "design/measuredrecord.h"

#include <QElapsedTimer>
#include <QUndoCommand>

namespace app {

class Document;

// Merge ids come from this one enum, never from a type hash: QUndoCommand::id() must be stable and unique
// across all command types, which a hash of a type name does not promise.
enum class CommandId { SetField = 1 };

class SetFieldCommand : public QUndoCommand
{
public:
    SetFieldCommand(Document* document, core::Field field, core::FieldValue oldValue,
                    core::FieldValue newValue, const QString& text);
    void undo() override;
    void redo() override;
    int id() const override { return static_cast<int>(CommandId::SetField); }
    bool mergeWith(const QUndoCommand* other) override;

    core::Field field() const { return m_field; }
    // Edits of the same field closer together than this merge into one undo step.
    static constexpr qint64 kMergeWindowMs = 1500;

private:
    Document* m_document;
    core::Field m_field;
    core::FieldValue m_old;
    core::FieldValue m_new;
    QElapsedTimer m_lastEdit;
};

class SetModelCommand : public QUndoCommand
{
public:
    SetModelCommand(Document* document, core::ModelArchitecture oldModel, core::ModelArchitecture newModel,
                    const QString& text);
    void undo() override;
    void redo() override;

private:
    Document* m_document;
    core::ModelArchitecture m_old;
    core::ModelArchitecture m_new;
};

// Replaces the cluster (and the placement, whose GPU ids belong to it) in one step.
class SetClusterCommand : public QUndoCommand
{
public:
    SetClusterCommand(Document* document, core::Cluster oldCluster, std::vector<int> oldPlacement,
                      core::Cluster newCluster, std::vector<int> newPlacement, const QString& text);
    void undo() override;
    void redo() override;

private:
    Document* m_document;
    core::Cluster m_oldCluster, m_newCluster;
    std::vector<int> m_oldPlacement, m_newPlacement;
};

// One gesture on the cluster canvas: the edit itself, by stable ids and values, and the cluster
// and placement it replaced, so that undo restores them exactly. A drag is one command, made at the drop.
class ClusterEditCommand : public QUndoCommand
{
public:
    ClusterEditCommand(Document* document, core::ClusterEdit edit, core::Cluster clusterBefore,
                       std::vector<int> placementBefore, const QString& text);
    void undo() override;
    void redo() override;

    const core::ClusterEdit& edit() const { return m_edit; }

private:
    Document* m_document;
    core::ClusterEdit m_edit;
    core::Cluster m_clusterBefore;
    std::vector<int> m_placementBefore;
};

// The design's measured records and the one the views compare with: what a records command replaces.
struct RecordSet
{
    std::vector<core::MeasuredRecord> records;
    std::optional<int> compared;
};

// Replaces the design's measured records (one added or removed) or the record the views compare with, in
// one step.
class SetRecordsCommand : public QUndoCommand
{
public:
    SetRecordsCommand(Document* document, RecordSet before, RecordSet after, const QString& text);
    void undo() override;
    void redo() override;

private:
    Document* m_document;
    RecordSet m_old;
    RecordSet m_new;
};

} // namespace app
