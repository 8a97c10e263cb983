// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The layout inspector: every choice of the design as a form — model, cluster, parallel degrees,
// sharding, batch, pipeline, workload. It shows the current design and emits intents; the application
// turns each intent into an undoable command. A field with a diagnostic is marked and tells why.

#include "design/designfield.h"
#include "common/designsnapshot.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace widgets {

class LayoutInspector : public QWidget
{
    Q_OBJECT

public:
    explicit LayoutInspector(QWidget* parent = nullptr);

    // As wide as the narrowest form: the dock opens so, and the canvas keeps the rest.
    QSize sizeHint() const override;

    void setSnapshot(const DesignSnapshot& snapshot);
    // The editor of a field, or nullptr (for tests and for "show me the field").
    QWidget* editorFor(core::Field field) const;
    QComboBox* modelPresetBox() const { return m_modelPreset; }
    QComboBox* gpuBox() const { return m_gpu; }
    QSpinBox* nodesBox() const { return m_nodes; }
    QSpinBox* hostRamBox() const { return m_hostRam; } // GiB per node; 0: the GPUs' reference system
    // Scrolls to and focuses the editor of the field at a JSON pointer; false if there is none.
    bool focusField(const QString& jsonPointer);

signals:
    void fieldEdited(core::Field field, const core::FieldValue& value);
    void modelPresetChosen(const QString& presetId);
    void clusterShapeEdited(int nodes, int gpusPerNode, const QString& gpuType, const QString& intraLink);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Binding
    {
        core::Field field;
        QWidget* editor = nullptr;
        QLabel* label = nullptr;
        QFormLayout* form = nullptr;
    };
    enum class Choices {
        Schedule,
        Recompute,
        Mode,
        Precision,
        Fp8Recipe,
        AttentionKernel,
        Optimizer,
        OptimizerMoments,
        Offload,
        KvDtype,
        ExpertMode,
        ZeroStage,
        Order,
        Fabric,
        Framework,
        CudaGraphs,
        MoeDispatcher
    };

    void build();
    void buildModelGroup(const core::Catalog& catalog);
    void retranslate();
    QFormLayout* addGroup(QGroupBox*& box);
    QLabel* addNote(QGroupBox* box, bool aboveRows);
    void routeWheelToPanel();
    QSpinBox* addInteger(QFormLayout* form, core::Field field, int min, int max);
    QComboBox* addChoice(QFormLayout* form, core::Field field, Choices choices);
    void addCheck(QFormLayout* form, core::Field field);
    void addText(QFormLayout* form, core::Field field);
    void fillChoices(QComboBox* box, Choices choices); // layoutchoices.cpp
    void showValues();
    void showRowsFor(const core::Design& design);
    void markDiagnostics();
    void emitClusterShape();
    void setRowVisible(core::Field field, bool visible);

    DesignSnapshot m_snapshot;
    std::vector<Binding> m_bindings;
    std::vector<std::pair<QComboBox*, Choices>> m_choiceBoxes;
    QGroupBox* m_modelGroup = nullptr;
    QGroupBox* m_clusterGroup = nullptr;
    QGroupBox* m_parallelGroup = nullptr;
    QGroupBox* m_batchGroup = nullptr;
    QGroupBox* m_trainingGroup = nullptr;
    QGroupBox* m_servingGroup = nullptr;
    QComboBox* m_modelPreset = nullptr;
    QLabel* m_modelPresetLabel = nullptr;
    QLabel* m_modelNote = nullptr;
    QComboBox* m_gpu = nullptr;
    QLabel* m_gpuLabel = nullptr;
    QSpinBox* m_nodes = nullptr;
    QLabel* m_nodesLabel = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QLabel* m_gpusPerNodeLabel = nullptr;
    QComboBox* m_intraLink = nullptr;
    QLabel* m_intraLinkLabel = nullptr;
    QSpinBox* m_hostRam = nullptr; // GiB per node; 0: the GPUs' reference system
    QLabel* m_hostRamLabel = nullptr;
    QLabel* m_clusterNote = nullptr;
    QLabel* m_worldLabel = nullptr;
};

} // namespace widgets
