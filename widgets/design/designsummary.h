// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The key figures of the design at a glance: model size, world size and how it factors, the cluster,
// the batch as the pipeline sees it, how fast a training step runs (core/performance.h), and what the
// measured record the design compares with says against it.

#include "common/designsnapshot.h"

#include <QFrame>

class QLabel;

namespace widgets {

class ExplanationDialog;

// Whether the layout can run, in one line for the headline and the status bar: its errors, that a rank
// does not fit in its GPU (naming the fullest and its capacity), or that it is valid — with the GPUs it
// leaves idle.
// RunsTight: valid, but some rank is over its capacity by the fragmentation allowance alone (memory-tight).
enum class Verdict { Runs, RunsWithIdleGpus, RunsTight, DoesNotFit, HasErrors };
Verdict layoutVerdict(const core::Evaluation& evaluation);
QString layoutVerdictText(const core::Evaluation& evaluation);

class DesignSummary : public QFrame
{
    Q_OBJECT

public:
    explicit DesignSummary(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    // The texts shown, for tests.
    QString modelText() const;
    QString layoutText() const;
    QString clusterText() const;
    QString performanceText() const;
    // The design's compared measured record beside the prediction; empty without a record.
    QString measuredText() const;
    // The headline's verdict as its style shows it: "runs", "idle" (a warning), "fails" (red).
    QString verdictStyle() const;
    // Opens the explanation of a headline figure: "step", "mfu", "ttft", "itl", "throughput".
    void explain(const QString& figure);
    ExplanationDialog* explanationDialog() const { return m_dialog; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    void refreshPerformance();
    void refreshMeasured();

    DesignSnapshot m_snapshot;
    QLabel* m_model = nullptr;
    QLabel* m_layout = nullptr;
    QLabel* m_cluster = nullptr;
    QLabel* m_workload = nullptr;
    QLabel* m_performance = nullptr;
    QLabel* m_measured = nullptr;
    ExplanationDialog* m_dialog = nullptr;
};

} // namespace widgets
