// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The collective animation (issue 5): the seed's figure — one column per rank, one cell per chunk, each
// cell coloured by the ranks whose contributions it holds — as "before", "now" and "after" panels, with
// packets travelling between the columns and along the ring or tree links at every step, and the time of
// every step from the cost model. It paints a trace it is given; it computes nothing of its own.
//
// A frame timer runs only while something moves (playing, or one step animating); paused, the view uses
// no CPU.

#include "comm/collective.h"
#include "collectives/collectivegeometry.h"
#include "collectives/collectiveplayhead.h"

#include <QElapsedTimer>
#include <QPixmap>
#include <QTimer>
#include <QWidget>
#include <memory>

namespace widgets {

// What the view shows. Columns are the collective's positions 0…n−1 (for a group of the design, its ranks
// in ring order).
struct CollectiveScene
{
    std::shared_ptr<const core::CollectiveTrace> trace; // null or invalid: `message` is shown instead
    std::vector<double> stepSeconds; // per step, from the cost model
    QString costModel; // names the model the times come from, for the time strip's title
    QStringList heads; // per column, e.g. "rank 8"
    QStringList details; // per column, e.g. "node 1 · GPU 0"; empty for none
    QStringList discLabels; // per column, the number in the topology's disc
    std::vector<int> rankIds; // per column, the rank number cells name contributors by; empty = columns
    std::vector<int> nodeOfColumn; // per column, an index into nodeNames; empty: no nodes drawn
    QStringList nodeNames;
    QString message; // why there is nothing to animate (a diagnostic)
};

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
    enum class PanelRole { Before, Now, After };

    void relayout();
    void playheadMoved(bool force = false);
    void startFrames();
    void onFrame();
    const core::CollectiveState& stateAfter(int steps) const;
    QString stepTitle() const;

    void paintPanel(QPainter& painter, const CollectiveGeometry::Panel& panel,
                    const core::CollectiveState& state, PanelRole role) const;
    void paintCell(QPainter& painter, const QRectF& rect, const core::CollectiveState& state, int rank,
                   int slot, bool faded) const;
    void paintPackets(QPainter& painter) const;
    void paintTopology(QPainter& painter) const;
    void paintTimeline(QPainter& painter) const;
    double layoutLegend(QPainter* painter, const QRectF& area) const;
    void paintMessage(QPainter& painter) const;
    // The timeline's segment of each step.
    std::vector<QRectF> timelineSegments() const;
    QRectF timelineBar() const;

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

// Rank colours: distinct hues for up to 16 ranks (Tableau's first, then evenly spaced).
QColor rankColor(int rank, int ranks);

} // namespace widgets
