// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The memory tab: does every GPU fit, with headroom? The bars per GPU, the reference article's ZeRO view
// (training) or the serving controls with the largest concurrency that fits, and the explanation behind any
// segment.

#include "common/designsnapshot.h"
#include "common/rebuildwhenshown.h"
#include "design/designfield.h"
#include "memory/memory.h"

#include <QWidget>

class QCheckBox;
class QToolButton;
class QComboBox;
class QLabel;
class QSpinBox;
class QSplitter;
class QStackedWidget;

namespace widgets {

class ExplanationDialog;
class MemoryBars;
class ZeroView;

class MemoryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryPanel(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    // The parts as they show the current snapshot (rebuilt first if the tab was hidden since the edit).
    MemoryBars* bars() const { return m_rebuild->current(m_bars); }
    ZeroView* zeroView() const { return m_rebuild->current(m_zero); }
    QString statusText() const;
    ExplanationDialog* explanationDialog() const { return m_dialog; }
    // Opens the explanation of one category of one rank.
    void explain(int rank, core::MemoryCategory category);
    // Opens the explanation of a serving figure: "kvBytesPerSequence" or "maxConcurrentSequences".
    void explainServing(const QString& figure);
    // The serving engine's start-up arithmetic as one paragraph (docs/frameworks.md); empty without one.
    static QString servingBudgetText(const core::MemoryReport& memory);
    QLabel* servingSummary() const { return m_rebuild->current(m_servingSummary); }
    // Training: the CPU memory per node that offload needs, against the nodes' RAM (hostmemory.h).
    QLabel* hostMemoryLabel() const { return m_rebuild->current(m_host); }
    static QString hostMemoryText(const core::MemoryReport& memory);

    QToolButton* learnButton() const { return m_learn; }

signals:
    void fieldEdited(core::Field field, const core::FieldValue& value);
    // "How does ZeRO/FSDP split?": the teaching view of sharded data parallelism (Learn menu).
    void shardingLessonRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuild();
    void refresh();

    DesignSnapshot m_snapshot;
    RebuildWhenShown* m_rebuild = nullptr; // the bars, the ZeRO view and the texts wait while hidden
    QLabel* m_status = nullptr;
    QCheckBox* m_everyGpu = nullptr;
    QToolButton* m_learn = nullptr;
    MemoryBars* m_bars = nullptr;
    QStackedWidget* m_side = nullptr;
    ZeroView* m_zero = nullptr;
    QWidget* m_serving = nullptr;
    QLabel* m_concurrencyLabel = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QLabel* m_contextLabel = nullptr;
    QSpinBox* m_context = nullptr;
    QLabel* m_kvLabel = nullptr;
    QComboBox* m_kvDtype = nullptr;
    QLabel* m_servingSummary = nullptr;
    QLabel* m_host = nullptr;
    ExplanationDialog* m_dialog = nullptr;
};

} // namespace widgets
