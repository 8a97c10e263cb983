// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/units.h"

#include <cmath>
#include <cstdio>

namespace core {

std::string formatNumber(double value, int significantDigits)
{
    if (!std::isfinite(value))
        return value > 0 ? "inf" : (value < 0 ? "-inf" : "nan");
    if (value == 0.0)
        return "0";
    const double magnitude = std::floor(std::log10(std::fabs(value)));
    int decimals = significantDigits - 1 - static_cast<int>(magnitude);
    if (decimals < 0)
        decimals = 0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (!text.empty() && text.back() == '0')
            text.pop_back();
        if (!text.empty() && text.back() == '.')
            text.pop_back();
    }
    return text;
}

std::string formatPercent(double share)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", 100 * share);
    return buffer;
}

std::string formatBytes(double bytes, ByteUnits units)
{
    struct Step
    {
        double size;
        const char* name;
    };
    static constexpr Step decimal[] = {{kTB, "TB"}, {kGB, "GB"}, {kMB, "MB"}, {kKB, "kB"}};
    static constexpr Step binary[] = {{kGiB * 1024.0, "TiB"}, {kGiB, "GiB"}, {kMiB, "MiB"}, {kKiB, "KiB"}};
    const auto& steps = units == ByteUnits::Decimal ? decimal : binary;
    for (const Step& step : steps)
        if (std::fabs(bytes) >= step.size)
            return formatNumber(bytes / step.size) + " " + step.name;
    return formatNumber(bytes) + " B";
}

std::string formatCount(double count)
{
    struct Step
    {
        double size;
        const char* name;
    };
    static constexpr Step steps[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}};
    for (const Step& step : steps)
        if (std::fabs(count) >= step.size)
            return formatNumber(count / step.size) + " " + step.name;
    return formatNumber(count);
}

std::string formatSeconds(double seconds)
{
    const double magnitude = std::fabs(seconds);
    if (magnitude >= 1.0 || magnitude == 0.0)
        return formatNumber(seconds) + " s";
    if (magnitude >= 1e-3)
        return formatNumber(seconds * 1e3) + " ms";
    if (magnitude >= 1e-6)
        return formatNumber(seconds * 1e6) + " µs";
    return formatNumber(seconds * 1e9) + " ns";
}

} // namespace core
