// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One open design: the design itself, its undo stack, its file and whether it was changed since the last
// save (the modified flag is the undo stack's clean state, so that undoing back to the save clears it).
// Every change goes through an undo command, which calls the narrow mutation API below; after each change
// the document evaluates the design once and every view redraws from that snapshot. A design of many GPUs
// evaluates on a worker (document/evaluationrunner.h): until it is done the snapshot stays the last one
// evaluated, isEvaluating() is true, and cancelEvaluation() returns the design to that snapshot through
// the undo stack.

#include "common/designsnapshot.h"
#include "design/clusteredit.h"
#include "design/design.h"
#include "design/designfield.h"
#include "document/evaluationrunner.h"

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <optional>
#include <vector>

namespace app {

class Document : public QObject
{
    Q_OBJECT

public:
    // Evaluates `design` at once, or takes `evaluation` when the caller evaluated it already (an open that
    // showed its progress).
    explicit Document(core::Design design, std::shared_ptr<const core::Evaluation> evaluation = {},
                      QObject* parent = nullptr);

    const core::Design& design() const { return m_design; }
    // The last evaluated design and its evaluation; while isEvaluating(), design() is newer.
    const widgets::DesignSnapshot& snapshot() const { return m_snapshot; }
    bool isEvaluating() const { return m_runner.busy(); }
    // Stops the evaluation under way and undoes (or redoes) back to the design the snapshot shows.
    void cancelEvaluation();
    // Blocks until the evaluation under way is done and changed() was emitted (a screenshot, a test).
    void finishEvaluation() { m_runner.finish(); }
    QUndoStack* undoStack() { return &m_undoStack; }
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);
    bool isModified() const { return !m_undoStack.isClean(); }
    QString displayName() const;
    // Problems found when the file was read (unknown fields, kept on save).
    const std::vector<core::Diagnostic>& loadWarnings() const { return m_loadWarnings; }
    void setLoadWarnings(std::vector<core::Diagnostic> warnings) { m_loadWarnings = std::move(warnings); }

    // Edits: each pushes one undoable command, or nothing if it would change nothing.
    void editField(core::Field field, const core::FieldValue& value);
    // Several fields in one undo step (a schedule and the virtual stages it needs); the fields that
    // would not change are left out.
    void editFields(const std::vector<std::pair<core::Field, core::FieldValue>>& edits);
    void editModelPreset(const QString& presetId);
    void editClusterShape(int nodes, int gpusPerNode, const QString& gpuType, const QString& intraLink);
    // A gesture on the cluster canvas; false (and no command) when it would change nothing.
    bool editCluster(const core::ClusterEdit& edit);
    // Replaces the measured records and the one the views compare with (an index into `records`; none:
    // the newest) in one undo step (`text` names it: "Add record …").
    void editRecords(std::vector<core::MeasuredRecord> records, std::optional<int> compared,
                     const QString& text);
    // The same, keeping the compared record where it still exists (added records come after it).
    void editRecords(std::vector<core::MeasuredRecord> records, const QString& text);
    // Which record the views set beside the prediction, by its index; none: the newest. One undo step.
    void chooseComparedRecord(std::optional<int> index);
    // Keeps every TP group inside a node (core::suggestTpPlacementFix), or else every EP group
    // (core::suggestEpPlacementFix), in one undo step; false when no remedy helps.
    bool fixTpPlacement();

    // The mutation API the commands call. Each change re-evaluates and emits changed().
    void applyField(core::Field field, const core::FieldValue& value);
    void applyModel(const core::ModelArchitecture& model);
    void applyCluster(const core::Cluster& cluster, const std::vector<int>& placement);
    void applyClusterEdit(const core::ClusterEdit& edit);
    void applyRecords(const std::vector<core::MeasuredRecord>& records, std::optional<int> compared);

    // Saving writes atomically (QSaveFile); on failure `error` says why, with the path.
    bool save(const QString& path, QString* error);

    struct ReadResult
    {
        std::optional<core::Design> design;
        std::vector<core::Diagnostic> diagnostics; // errors when design is empty, else warnings
        QString fileError; // the file could not be read at all
    };
    // Reads and parses a file without touching any open document.
    static ReadResult read(const QString& path);

signals:
    void changed(); // a new snapshot
    void evaluationStarted(); // the design is evaluated on the worker; changed() follows, or cancel
    void evaluationEnded(); // done or cancelled: the snapshot is the design's
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    void reevaluate();
    // Pushes `command`; with Auto DP on, DP follows in the same step when `after` (the design as the
    // command leaves it) has room for another DP degree.
    void pushRefittingDp(QUndoCommand* command, const core::Design& after);

    void takeEvaluated(const widgets::DesignSnapshot& snapshot);

    core::Design m_design;
    widgets::DesignSnapshot m_snapshot;
    QUndoStack m_undoStack;
    EvaluationRunner m_runner;
    int m_evaluatedIndex = 0; // the undo index whose design the snapshot shows
    bool m_cancelling = false; // undoing back to the snapshot: nothing to evaluate
    QString m_filePath;
    std::vector<core::Diagnostic> m_loadWarnings;
};

} // namespace app
