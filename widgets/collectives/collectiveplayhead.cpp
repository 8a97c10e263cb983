// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectiveplayhead.h"

#include <algorithm>
#include <cmath>

namespace widgets {

void CollectivePlayhead::reset(int steps)
{
    m_steps = std::max(steps, 0);
    m_position = 0;
    m_target = 0;
    m_playing = false;
}

int CollectivePlayhead::completedSteps() const
{
    return static_cast<int>(std::floor(m_position));
}

int CollectivePlayhead::movingStep() const
{
    const int done = completedSteps();
    if (done >= m_steps)
        return -1;
    // Asked to move (even before the first frame), or frozen half-way by a pause.
    return isMoving() || m_position > done ? done : -1;
}

double CollectivePlayhead::progress() const
{
    return movingStep() >= 0 ? m_position - completedSteps() : 0.0;
}

double CollectivePlayhead::travel() const
{
    if (movingStep() < 0)
        return 0;
    const double t = std::min(progress() / kTravelShare, 1.0);
    // Smoothstep: packets leave and arrive gently, which the eye follows better than a constant speed.
    return t * t * (3 - 2 * t);
}

bool CollectivePlayhead::arrived() const
{
    return movingStep() >= 0 && progress() >= kTravelShare;
}

int CollectivePlayhead::shownStep() const
{
    const int moving = movingStep();
    return moving >= 0 ? moving : completedSteps() - 1;
}

void CollectivePlayhead::play()
{
    if (m_steps == 0)
        return;
    if (atEnd()) {
        m_position = 0;
        m_target = 0;
    }
    m_playing = true;
}

void CollectivePlayhead::pause()
{
    m_playing = false;
    m_target = m_position;
}

void CollectivePlayhead::stepForward()
{
    m_playing = false;
    // A step in flight (or one already asked for) finishes at once; the next one animates.
    const double from = std::max(std::ceil(m_position), m_target);
    m_position = std::min(from, static_cast<double>(m_steps));
    m_target = std::min(m_position + 1, static_cast<double>(m_steps));
}

void CollectivePlayhead::stepBack()
{
    m_playing = false;
    const double rest = std::ceil(m_position) - 1;
    m_position = std::max(rest, 0.0);
    m_target = m_position;
}

void CollectivePlayhead::seek(int step)
{
    m_playing = false;
    m_position = std::clamp(step, 0, m_steps);
    m_target = m_position;
}

void CollectivePlayhead::setSecondsPerStep(double seconds)
{
    if (std::isfinite(seconds) && seconds > 0)
        m_secondsPerStep = seconds;
}

bool CollectivePlayhead::advance(double seconds)
{
    if (!(seconds > 0))
        return isMoving();
    const double delta = seconds / m_secondsPerStep;
    if (m_playing) {
        m_position = std::min(m_position + delta, static_cast<double>(m_steps));
        m_target = m_position;
        if (atEnd())
            m_playing = false;
    } else if (m_position < m_target) {
        m_position = std::min(m_position + delta, m_target);
    } else {
        m_target = m_position;
    }
    return isMoving();
}

} // namespace widgets
