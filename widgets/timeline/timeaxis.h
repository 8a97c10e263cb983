// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Time ↔ pixel, zoom and pan of a horizontal time axis, as a plain value without a window (after
// KDAB hotspot's TimeLineData, src/models/timelinedelegate.h), so that the maths is tested on its own. Times
// are seconds (or any unit), pixels are device-independent x coordinates.

#include <QString>
#include <vector>

namespace widgets {

struct TimeAxis
{
    // The data's extent: the view never leaves it.
    double dataStart = 0;
    double dataEnd = 1;
    // The visible part of it.
    double viewStart = 0;
    double viewEnd = 1;
    // Where the axis lies on screen.
    double pixelLeft = 0;
    double pixelWidth = 1;

    // Zoom stops when the view spans this share of the data (1 = all of it, so at most 10⁶ times in).
    static constexpr double kMinimumSpanShare = 1e-6;

    // Shows all of [start, end]; an empty or reversed range becomes [start, start + 1].
    void setData(double start, double end);
    void fit();
    void setPixels(double left, double width);

    double toPixel(double time) const;
    double toTime(double pixel) const;
    double secondsPerPixel() const;
    double span() const { return viewEnd - viewStart; }

    // factor > 1 zooms in, < 1 out; the time under `anchorPixel` stays where it is (within the limits).
    void zoom(double factor, double anchorPixel);
    // Moves the view by `pixels` (positive: later times come into view), stopping at the data's ends.
    void pan(double pixels);
    // Shows [start, end] (clamped to the data and the minimum span).
    void setView(double start, double end);

    // Tick positions at a round step (1, 2 or 5 × 10ⁿ) at least `minimumPixels` apart, inside the view.
    double tickStep(double minimumPixels) const;
    std::vector<double> ticks(double minimumPixels) const;

private:
    void clampView();
};

// How to show times of a given span: "µs", "ms" or "s", and the factor from seconds to it.
struct TimeUnit
{
    double perSecond = 1;
    QString suffix;
};
TimeUnit timeUnitFor(double spanSeconds);
// "12.5 ms" in the unit, with up to `decimals` digits after the point and no trailing zeros.
QString formatTime(double seconds, const TimeUnit& unit, int decimals = 3);

} // namespace widgets
