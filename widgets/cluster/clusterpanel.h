// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The "Ranks" tab: the cluster canvas with its controls. Which dimension colours the GPUs (and whose
// traffic the links show), whether a drag moves GPUs or ranks, auto-placement, the palette of GPU types,
// "add K nodes of G GPUs", the traffic per dimension and link class, a warning with a one-click fix where a
// TP group spans nodes, what breaks when GPUs go out of service, and a line about the hovered GPU. The
// panel only shows: the what-if's costs come computed from the application (setWhatIfFigures).

#include "cluster/whatif.h"
#include "common/designsnapshot.h"
#include "common/rebuildwhenshown.h"
#include "design/clusteredit.h"
#include "design/designfield.h"

#include <QWidget>
#include <optional>

class QButtonGroup;
class QLabel;
class QLayout;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace widgets {

class ClusterCanvas;
class GpuPalette;

class ClusterPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ClusterPanel(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    // The canvas, the texts and the table as they show the current snapshot: rebuilt first when the tab was
    // hidden since the edit.
    ClusterCanvas* canvas() const { return m_rebuild->current(m_canvas); }
    GpuPalette* gpuPalette() const { return m_palette; }
    void setColorDimension(core::Dim dim);
    // Colours `dim` and selects its group `groupIndex` on the canvas, for a view that plays that group
    // (the Collectives tab); not echoed back as groupSelected.
    void showGroup(core::Dim dim, int groupIndex);
    QString statusText() const;
    QString trafficText() const; // the chosen dimension's traffic in one line
    QString whatIfText() const;
    // The colour key over the canvas (rich text), with the note of a colouring switch after an edit.
    QString legendText() const;
    // The costs of the what-if for the snapshot shown (figures of another design are ignored); until they
    // arrive the what-if says it is computing them.
    void setWhatIfFigures(const WhatIfFigures& figures);
    bool whatIfComputing() const;
    QPushButton* fixButton() const { return m_rebuild->current(m_fix); }
    QPushButton* autoPlaceButton() const { return m_rebuild->current(m_autoPlace); }
    QToolButton* learnButton() const { return m_learn; }
    QTableWidget* trafficTable() const { return m_rebuild->current(m_table); }
    QSpinBox* addNodeCountBox() const { return m_addCount; }
    QSpinBox* addGpusPerNodeBox() const { return m_addGpus; }
    QPushButton* addNodesButton() const { return m_addNodes; }

signals:
    void clusterEditRequested(const core::ClusterEdit& edit);
    void fieldEdited(core::Field field, const core::FieldValue& value);
    void tpFixRequested();
    void groupSelected(core::Dim dim, int groupIndex);
    // The user asked how the coloured dimension splits the model (the Learn window's teaching view).
    void lessonRequested(core::Dim dim);

protected:
    void changeEvent(QEvent* event) override;

private:
    static QString positionName(core::Dim dim);
    QLayout* createHeader();
    QWidget* createWarningBar();
    QWidget* createSideColumn(QWidget* parent);
    void connectControls();
    void retranslate();
    void rebuild();
    void refresh();
    void updateStatus();
    void updateAddSuffixes();
    void updateLegend();
    void updateTraffic();
    void updateWarning();
    void updateWhatIf();
    void updateLearnButton();

    DesignSnapshot m_snapshot;
    RebuildWhenShown* m_rebuild = nullptr; // the canvas and its texts wait while the tab is hidden
    std::optional<WhatIfFigures> m_whatIfFigures; // for m_snapshot's design, once computed
    QString m_lastClusterType;
    ClusterCanvas* m_canvas = nullptr;
    GpuPalette* m_palette = nullptr;
    QLabel* m_colorLabel = nullptr;
    QButtonGroup* m_dimButtons = nullptr;
    QLabel* m_modeLabel = nullptr;
    QToolButton* m_moveGpus = nullptr;
    QToolButton* m_swapRanks = nullptr;
    QPushButton* m_autoPlace = nullptr;
    QToolButton* m_fit = nullptr;
    QToolButton* m_learn = nullptr;
    QLabel* m_traffic = nullptr;
    QLabel* m_legend = nullptr;
    QString m_colouringNote; // the last edit switched the canvas between groups and positions
    QWidget* m_warningBar = nullptr;
    QLabel* m_warning = nullptr;
    QPushButton* m_fix = nullptr;
    QLabel* m_paletteLabel = nullptr;
    QLabel* m_addLabel = nullptr;
    QSpinBox* m_addCount = nullptr;
    QLabel* m_addTimes = nullptr;
    QSpinBox* m_addGpus = nullptr;
    QPushButton* m_addNodes = nullptr;
    QLabel* m_tableLabel = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_totals = nullptr;
    QLabel* m_whatIfLabel = nullptr;
    QLabel* m_whatIf = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace widgets
