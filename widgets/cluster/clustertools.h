// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The gestures of the cluster canvas, one tool each: moving GPUs, placing a rank on another GPU, the rubber
// band, panning, and a GPU type dragged in from the palette. The canvas makes a tool when a gesture starts
// (a press, a drag entering it), forwards the pointer to it while it lasts and drops it when it ends; a
// tool shows its progress on the overlay and ends in one intent (clusterEditRequested) or a selection.

#include "cluster/clusteritems.h"
#include "design/clusteredit.h"

#include <QPoint>
#include <QPointF>
#include <QString>
#include <memory>
#include <vector>

namespace widgets {

class ClusterCanvas;

class CanvasTool
{
public:
    explicit CanvasTool(ClusterCanvas& canvas)
        : m_canvas(canvas)
    { }
    virtual ~CanvasTool() = default;
    CanvasTool(const CanvasTool&) = delete;
    CanvasTool& operator=(const CanvasTool&) = delete;

    // The pointer moved with the gesture under way (`at` in viewport pixels).
    virtual void move(QPoint at, QPointF scenePos) = 0;
    // The gesture ends at `scenePos`; false when it did nothing and the view may handle the release itself.
    virtual bool finish(QPointF scenePos) = 0;
    // Escape, or the drag left the canvas: nothing happens, the overlay forgets the gesture.
    virtual void cancel();

protected:
    // What the tools may read and do on the canvas (a friend of it: friendship is not inherited).
    ClusterCanvas& canvas() const { return m_canvas; }
    const ClusterViewState& state() const;
    ClusterViewState& mutableState();
    OverlayItem& overlay() const;
    int gpuIdAt(int nodeIndex, int slot) const;
    void notifySelection();
    void setHoveredRank(int rank);
    void requestEdit(const core::ClusterEdit& edit);

private:
    ClusterCanvas& m_canvas;
};

// A press on a GPU (the click has selected it): past the drag distance it becomes a drag of the selected
// GPUs, or of the rank on it (in the "ranks" mode, or with Shift in the other).
class GpuPressTool : public CanvasTool
{
public:
    GpuPressTool(ClusterCanvas& canvas, QPoint pressAt, QPointF pressScene, ClusterGeometry::Hit hit,
                 bool swapRanks);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;
    void cancel() override;

private:
    QPoint m_pressAt;
    QPointF m_pressScene;
    ClusterGeometry::Hit m_hit;
    bool m_swapRanks;
    std::unique_ptr<CanvasTool> m_drag; // once the pointer has moved far enough
};

// Drags the selected GPUs to a node and slot, or out of every node to remove them.
class MoveGpusTool : public CanvasTool
{
public:
    MoveGpusTool(ClusterCanvas& canvas, QPointF pressScene, std::vector<int> gpus);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;

private:
    QPointF m_pressScene;
    std::vector<int> m_gpus; // in cluster order, so that a group keeps its order when it moves
};

// Drags a rank onto another GPU: swaps it with the rank there, or places it on an idle GPU.
class PlaceRankTool : public CanvasTool
{
public:
    PlaceRankTool(ClusterCanvas& canvas, QPointF pressScene, ClusterGeometry::Hit hit, int rank);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;

private:
    QPointF m_pressScene;
    ClusterGeometry::Hit m_hit;
    int m_rank;
};

// Selects the GPUs a rectangle drawn from empty space touches.
class RubberBandTool : public CanvasTool
{
public:
    RubberBandTool(ClusterCanvas& canvas, QPointF pressScene);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;

private:
    QPointF m_pressScene;
};

// The middle button drags the picture.
class PanTool : public CanvasTool
{
public:
    PanTool(ClusterCanvas& canvas, QPoint pressAt);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;
    void cancel() override;

private:
    QPoint m_last;
};

// A GPU type dragged in from the palette (gpupalette.h): into a node it adds one GPU there, onto empty
// space a new node with it.
class PaletteDropTool : public CanvasTool
{
public:
    PaletteDropTool(ClusterCanvas& canvas, QString type);
    void move(QPoint at, QPointF scenePos) override;
    bool finish(QPointF scenePos) override;

private:
    QString m_type; // the preset id
};

} // namespace widgets
