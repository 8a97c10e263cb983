// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/commands.h"

#include "document/document.h"

namespace app {

SetFieldCommand::SetFieldCommand(Document* document, core::Field field, core::FieldValue oldValue,
                                 core::FieldValue newValue, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_field(field)
    , m_old(std::move(oldValue))
    , m_new(std::move(newValue))
{
    m_lastEdit.start();
}

void SetFieldCommand::undo()
{
    m_document->applyField(m_field, m_old);
}

void SetFieldCommand::redo()
{
    m_document->applyField(m_field, m_new);
}

bool SetFieldCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const SetFieldCommand*>(other);
    if (next->m_field != m_field || m_lastEdit.elapsed() > kMergeWindowMs)
        return false;
    m_new = next->m_new;
    m_lastEdit.start();
    // Back where it started: the command becomes obsolete and the stack drops it.
    setObsolete(m_new == m_old);
    return true;
}

SetModelCommand::SetModelCommand(Document* document, core::ModelArchitecture oldModel,
                                 core::ModelArchitecture newModel, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_old(std::move(oldModel))
    , m_new(std::move(newModel))
{ }

void SetModelCommand::undo()
{
    m_document->applyModel(m_old);
}

void SetModelCommand::redo()
{
    m_document->applyModel(m_new);
}

SetClusterCommand::SetClusterCommand(Document* document, core::Cluster oldCluster,
                                     std::vector<int> oldPlacement, core::Cluster newCluster,
                                     std::vector<int> newPlacement, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_oldCluster(std::move(oldCluster))
    , m_newCluster(std::move(newCluster))
    , m_oldPlacement(std::move(oldPlacement))
    , m_newPlacement(std::move(newPlacement))
{ }

void SetClusterCommand::undo()
{
    m_document->applyCluster(m_oldCluster, m_oldPlacement);
}

void SetClusterCommand::redo()
{
    m_document->applyCluster(m_newCluster, m_newPlacement);
}

ClusterEditCommand::ClusterEditCommand(Document* document, core::ClusterEdit edit,
                                       core::Cluster clusterBefore, std::vector<int> placementBefore,
                                       const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_edit(std::move(edit))
    , m_clusterBefore(std::move(clusterBefore))
    , m_placementBefore(std::move(placementBefore))
{ }

void ClusterEditCommand::undo()
{
    m_document->applyCluster(m_clusterBefore, m_placementBefore);
}

void ClusterEditCommand::redo()
{
    m_document->applyClusterEdit(m_edit);
}

SetRecordsCommand::SetRecordsCommand(Document* document, RecordSet before, RecordSet after,
                                     const QString& text)
    : m_document(document)
    , m_old(std::move(before))
    , m_new(std::move(after))
{
    setText(text);
}

void SetRecordsCommand::undo()
{
    m_document->applyRecords(m_old.records, m_old.compared);
}

void SetRecordsCommand::redo()
{
    m_document->applyRecords(m_new.records, m_new.compared);
}

} // namespace app
