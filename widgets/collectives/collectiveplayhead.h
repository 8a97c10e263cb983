// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the collective animation stands, as plain data that the view's frame timer drives and tests check
// without a window.
//
// The position runs from 0 (before the first step) to the step count (after the last). A whole number is
// a rest: that many steps are done. Between two whole numbers a step is in flight; its packets travel
// during the first kTravelShare of the step and the rest of it shows the step's result, so that a class
// sees where each chunk arrived before the next step starts.

namespace widgets {

class CollectivePlayhead
{
public:
    static constexpr double kTravelShare = 0.7;
    static constexpr double kDefaultSecondsPerStep = 1.5; // at speed 1×: slow enough to explain a step

    // Back to the start of a collective of `steps` steps, paused.
    void reset(int steps);

    int steps() const { return m_steps; }
    double position() const { return m_position; }
    // Steps finished: the state the buffers are in (or were in when the step in flight started).
    int completedSteps() const;
    // The step in flight (0-based), or -1 at rest. A step is in flight from the moment it is asked for
    // (stepForward, play), so that captions change with the click and not a frame later.
    int movingStep() const;
    // How far the step in flight has got, 0 ≤ progress < 1; 0 at rest.
    double progress() const;
    // The packets' share of the way, eased (0 at the start of a step, 1 once they arrived).
    double travel() const;
    // The packets of the step in flight have arrived: the view shows the step's result.
    bool arrived() const;
    // The step the view shows or explains: the one in flight, else the last one done; -1 before step 1.
    int shownStep() const;

    bool isPlaying() const { return m_playing; }
    // True while the position changes on its own: playing, or a single step animating.
    bool isMoving() const { return m_playing || m_position != m_target; }
    bool atStart() const { return m_position <= 0 && m_target <= 0; }
    bool atEnd() const { return m_position >= m_steps; }
    bool canStepBack() const { return m_position > 0 || m_target > 0; }
    bool canStepForward() const { return m_target < m_steps || m_position < m_target; }

    // Plays to the end; from the end it starts again at 0.
    void play();
    // Freezes where it is, a step in flight included.
    void pause();
    // Finishes a step in flight at once, then animates the next one and stops there.
    void stepForward();
    // Back to the previous rest, at once (a step in flight is undone).
    void stepBack();
    // Rests after `step` steps (clamped), paused.
    void seek(int step);

    double secondsPerStep() const { return m_secondsPerStep; }
    void setSecondsPerStep(double seconds);

    // Moves on by `seconds` of wall-clock time; returns whether it is still moving.
    bool advance(double seconds);

private:
    int m_steps = 0;
    double m_position = 0;
    double m_target = 0; // where a single step's animation stops
    bool m_playing = false;
    double m_secondsPerStep = kDefaultSecondsPerStep;
};

} // namespace widgets
