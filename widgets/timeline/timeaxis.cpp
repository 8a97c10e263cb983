// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timeaxis.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace widgets {

void TimeAxis::setData(double start, double end)
{
    if (!std::isfinite(start))
        start = 0;
    if (!std::isfinite(end) || end <= start)
        end = start + 1;
    dataStart = start;
    dataEnd = end;
    fit();
}

void TimeAxis::fit()
{
    viewStart = dataStart;
    viewEnd = dataEnd;
}

void TimeAxis::setPixels(double left, double width)
{
    pixelLeft = left;
    pixelWidth = std::max(1.0, width);
}

double TimeAxis::toPixel(double time) const
{
    return pixelLeft + (time - viewStart) / span() * pixelWidth;
}

double TimeAxis::toTime(double pixel) const
{
    return viewStart + (pixel - pixelLeft) / pixelWidth * span();
}

double TimeAxis::secondsPerPixel() const
{
    return span() / pixelWidth;
}

void TimeAxis::zoom(double factor, double anchorPixel)
{
    if (!(factor > 0) || !std::isfinite(factor))
        return;
    const double anchor = toTime(anchorPixel);
    const double dataSpan = dataEnd - dataStart;
    const double newSpan = std::clamp(span() / factor, dataSpan * kMinimumSpanShare, dataSpan);
    // The anchor keeps its share of the view.
    const double share = (anchorPixel - pixelLeft) / pixelWidth;
    viewStart = anchor - share * newSpan;
    viewEnd = viewStart + newSpan;
    clampView();
}

void TimeAxis::pan(double pixels)
{
    const double shift = pixels * secondsPerPixel();
    viewStart += shift;
    viewEnd += shift;
    clampView();
}

void TimeAxis::setView(double start, double end)
{
    if (!(end > start))
        return;
    const double dataSpan = dataEnd - dataStart;
    const double wanted = std::clamp(end - start, dataSpan * kMinimumSpanShare, dataSpan);
    const double middle = (start + end) / 2;
    viewStart = middle - wanted / 2;
    viewEnd = middle + wanted / 2;
    clampView();
}

void TimeAxis::clampView()
{
    const double width = std::min(viewEnd - viewStart, dataEnd - dataStart);
    if (viewStart < dataStart)
        viewStart = dataStart;
    if (viewStart + width > dataEnd)
        viewStart = dataEnd - width;
    viewEnd = viewStart + width;
}

double TimeAxis::tickStep(double minimumPixels) const
{
    const double minimum = std::max(minimumPixels, 1.0) * secondsPerPixel();
    if (!(minimum > 0) || !std::isfinite(minimum))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(minimum)));
    for (double factor : {1.0, 2.0, 5.0})
        if (factor * magnitude >= minimum * (1 - 1e-12))
            return factor * magnitude;
    return 10 * magnitude;
}

std::vector<double> TimeAxis::ticks(double minimumPixels) const
{
    const double step = tickStep(minimumPixels);
    std::vector<double> out;
    // Multiples of the step, counted as integers so that they stay exact.
    const double first = std::ceil(viewStart / step - 1e-9);
    for (double k = first; k * step <= viewEnd * (1 + 1e-12) + 1e-300 && out.size() < 1000; k += 1)
        out.push_back(k * step);
    return out;
}

TimeUnit timeUnitFor(double spanSeconds)
{
    if (spanSeconds < 2e-3)
        return {1e6, QStringLiteral("µs")};
    if (spanSeconds < 1)
        return {1e3, QStringLiteral("ms")};
    return {1, QStringLiteral("s")};
}

QString formatTime(double seconds, const TimeUnit& unit, int decimals)
{
    QString number = QLocale().toString(seconds * unit.perSecond, 'f', decimals);
    const QChar point = QLocale().decimalPoint().front();
    if (number.contains(point)) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(point))
            number.chop(1);
    }
    if (number == QLatin1String("-0"))
        number = QStringLiteral("0");
    return number + QLatin1Char(' ') + unit.suffix;
}

} // namespace widgets
