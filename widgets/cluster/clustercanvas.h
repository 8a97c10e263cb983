// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The cluster canvas: nodes as boxes with their GPU slots and intra-node link, the fabric
// between them, every GPU labelled with its rank and coloured by its group in the chosen dimension, and
// the chosen dimension's traffic on the links it crosses.
//
// It is a view: every gesture becomes an intent (clusterEditRequested with a core::ClusterEdit, or
// fieldEdited), which the application turns into one undo command; the canvas never edits the design.
// Gestures: drag a GPU to another node or slot (moves it), out of every node (removes it), or with the
// "ranks" mode (or Shift) onto another GPU (swaps the two ranks' placements); drop a GPU type from the
// palette into a node (adds one); rubber band and Ctrl+click select; Delete removes the selection; Ctrl+A
// selects every GPU; Ctrl+wheel zooms; Ctrl+0 fits the cluster in view; a click on a GPU selects its group.
// Each gesture in progress is a tool (clustertools.h) the canvas forwards the pointer to; the context menu,
// the tooltips and the traffic paths are built in files of their own.

#include "cluster/clusteritems.h"
#include "common/designsnapshot.h"
#include "design/clusteredit.h"
#include "design/designfield.h"

#include <QGraphicsView>
#include <memory>
#include <vector>

namespace widgets {

class CanvasTool;

class ClusterCanvas : public QGraphicsView
{
    Q_OBJECT

public:
    enum class EditMode {
        MoveGpus, // a drag moves GPUs between nodes
        SwapRanks // a drag puts a rank on another GPU
    };

    explicit ClusterCanvas(QWidget* parent = nullptr);
    ~ClusterCanvas() override;

    void setSnapshot(const DesignSnapshot& snapshot);
    void setColorDimension(core::Dim dim);
    core::Dim colorDimension() const { return m_state.dim; }
    void setEditMode(EditMode mode) { m_editMode = mode; }
    EditMode editMode() const { return m_editMode; }

    const ClusterGeometry& clusterGeometry() const { return m_state.geometry; }
    // The rank on a GPU slot (−1 for an idle, out-of-service or missing slot).
    int rankAt(int nodeIndex, int slot) const { return m_state.rankAt(nodeIndex, slot); }
    int hoveredRank() const { return m_state.hoveredRank; }
    // Where a GPU slot's centre is, in viewport pixels (for tests and tooltips).
    QPoint viewportPointOf(int nodeIndex, int slot) const;
    QPoint viewportPointOfNodeTitle(int nodeIndex) const;

    std::vector<int> selectedGpus() const; // sorted ids
    std::vector<int> selectedNodes() const; // sorted ids
    void selectAll();
    void clearSelection();
    // Selects a group of the colour dimension (−1: none) and tells who follows (groupSelected).
    void selectGroup(int groupIndex);
    int selectedGroup() const { return m_state.selectedGroup; }
    // Marks ranks that are no group of the colour dimension's mesh as the selected group (a DualPipe pair of
    // stage copies, which the Collectives tab plays as PP group); from code, so it tells no one.
    void showRanks(std::vector<int> ranks);
    const std::vector<int>& shownRanks() const { return m_state.selectedRanks; }
    // Whether a rank is drawn as a member of the selected group (a mesh group or shown ranks).
    bool inSelectedGroup(int rank) const
    {
        const auto r = static_cast<std::size_t>(rank);
        return r < m_state.inSelectedGroup.size() && m_state.inSelectedGroup[r];
    }
    // Whether the GPUs are coloured by their position in the group (scattered groups) instead of by group,
    // and the colour a rank gets (an index into the group palette).
    bool colorsByPosition() const { return m_state.colorByPosition; }
    int colorIndexOf(int rank) const { return m_state.colorOf(rank); }
    int colourCount() const { return static_cast<int>(m_state.groupFill.size()); }
    // A rank's peak memory over its GPU's capacity, as its tile's bar shows it (0 without a memory report).
    double memoryShareOf(int rank) const
    {
        return rank >= 0 && rank < static_cast<int>(m_state.memoryShare.size())
            ? m_state.memoryShare[static_cast<std::size_t>(rank)]
            : 0.0;
    }
    void fitCluster();
    double zoom() const;
    int nodeItemCount() const { return static_cast<int>(m_nodeItems.size()); }
    // Whether a node carries the placement warning badge (core::checkPlacement).
    bool nodeWarned(int nodeIndex) const
    {
        return nodeIndex >= 0 && nodeIndex < static_cast<int>(m_state.placementWarned.size())
            && m_state.placementWarned[static_cast<std::size_t>(nodeIndex)] != 0;
    }

signals:
    void clusterEditRequested(const core::ClusterEdit& edit);
    void fieldEdited(core::Field field, const core::FieldValue& value);
    void groupSelected(core::Dim dim, int groupIndex);
    void rankHovered(int rank); // −1 when the pointer leaves the ranks
    void selectionChanged();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class CanvasTool; // a gesture reads and selects through the canvas (clustertools.h)

    void removeNodeItems();
    void rebuildItems();
    void refreshDerivedState();
    void refreshFocus();
    void setHoveredRank(int rank);
    void updatePaths();
    void cancelGesture();
    int gpuIdAt(int nodeIndex, int slot) const;
    void zoomBy(double factor);
    void notifySelection();

    ClusterViewState m_state;
    QGraphicsScene* m_scene = nullptr;
    std::vector<NodeItem*> m_nodeItems;
    FabricItem* m_fabric = nullptr;
    OverlayItem* m_overlay = nullptr;
    std::vector<int> m_nodeSizes; // GPUs per node the items were built for
    EditMode m_editMode = EditMode::MoveGpus;
    bool m_autoFit = true;
    std::unique_ptr<CanvasTool> m_tool; // the gesture in progress: a drag, a rubber band, a pan, a drop
};

} // namespace widgets
