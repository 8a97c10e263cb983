// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The collective animation: the figure of the reference article — one column per rank, one cell per chunk,
// each cell coloured by the ranks whose contributions it holds — as "before", "now" and "after" panels,
// with packets travelling between the columns and along the ring or tree links at every step, and the time
// of every step from the cost model. It paints a trace it is given; it computes nothing of its own.
//
// The view keeps the scene and the playhead; its parts paint from them, each in a file of its own: the
// state panels (collectivestatepanel.h) with their chunk cells (collectivecells.h), the topology
// (collectivetopology.h), the legend (collectivelegend.h) and the time strip (collectivetimestrip.h).
//
// A frame timer runs only while something moves (playing, or one step animating); paused, the view uses
// no CPU.

#include "collectives/collectivegeometry.h"
#include "collectives/collectiveplayhead.h"
#include "collectives/collectivescene.h"
#include "comm/collective.h"

#include <QElapsedTimer>
#include <QPixmap>
#include <QTimer>
#include <QWidget>
#include <array>
#include <memory>

namespace widgets {

class CollectiveView : public QWidget
{
    Q_OBJECT

public:
    explicit CollectiveView(QWidget* parent = nullptr);

    // Shows a new collective from its start, paused.
    void setScene(CollectiveScene scene);
    const CollectiveScene& scene() const { return m_scene; }
    // New words for the same columns (a language change): the animation keeps its place.
    void setLabels(const QStringList& heads, const QStringList& details, const QStringList& nodeNames);
    bool hasTrace() const;
    // The message shown instead of an animation ("" while a trace is shown).
    QString message() const;

    const CollectivePlayhead& playhead() const { return m_playhead; }
    bool isAnimating() const { return m_frames.isActive(); }
    // What the "now" panel shows at this moment.
    const core::CollectiveState& shownState() const;
    const CollectiveGeometry& sceneGeometry() const { return m_geometry; }
    // Speed factor: 1 = CollectivePlayhead::kDefaultSecondsPerStep per step.
    double speed() const { return m_speed; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Moves the animation on by `seconds`; the frame timer calls it, tests call it to skip ahead.
    void advance(double seconds);

public slots:
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void restart();
    void seek(int step);
    void setSpeed(double factor);

signals:
    // The step shown, the rest or flight of a step, or play/pause changed (not emitted on every frame).
    void stateChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    void playheadMoved(bool force = false);
    void startFrames();
    void onFrame();
    const core::CollectiveState& stateAfter(int steps) const;
    CollectivePaintContext paintContext() const;
    void paintMessage(QPainter& painter) const;
    // The time strip's segment of each step.
    std::vector<QRectF> timelineSegments() const;

    CollectiveScene m_scene;
    CollectiveGeometry m_geometry;
    CollectivePlayhead m_playhead;
    double m_speed = 1;
    QPixmap m_staticLayer; // the before and after panels and the legend, drawn once per scene and size
    QTimer m_frames;
    QElapsedTimer m_clock;
    // What stateChanged() last reported: shown step, step in flight, arrived, playing.
    std::array<int, 4> m_reported{-2, -2, -2, -2};
};

} // namespace widgets
