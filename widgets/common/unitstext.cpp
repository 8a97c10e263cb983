// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/unitstext.h"

#include <QLocale>
#include <cmath>

namespace widgets {

namespace {

struct Step
{
    double size;
    const char* name;
};

// A value scaled by the largest step it reaches, with the step's name (the steps of core/base/units.cpp).
template<std::size_t N> QString scaled(double value, const Step (&steps)[N], const char* baseName)
{
    for (const Step& step : steps)
        if (std::fabs(value) >= step.size)
            return numberText(value / step.size) + QLatin1Char(' ') + QLatin1String(step.name);
    const QString number = numberText(value);
    return *baseName ? number + QLatin1Char(' ') + QLatin1String(baseName) : number;
}

} // namespace

QString numberText(double value, int significantDigits)
{
    const QLocale locale;
    if (!std::isfinite(value))
        return value != value ? QStringLiteral("—")
                              : (value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞"));
    if (value == 0.0)
        return locale.toString(0);
    const double magnitude = std::floor(std::log10(std::fabs(value)));
    const int decimals = std::max(0, significantDigits - 1 - static_cast<int>(magnitude));
    QString text = locale.toString(value, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(locale.zeroDigit()))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

QString integerText(long long value)
{
    return QLocale().toString(value);
}

QString fixedText(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

QString percentText(double share, int decimals)
{
    return QLocale().toString(100 * share, 'f', decimals) + QStringLiteral(" %");
}

QString bytesText(double bytes, core::ByteUnits units)
{
    static constexpr Step decimal[]
        = {{core::kTB, "TB"}, {core::kGB, "GB"}, {core::kMB, "MB"}, {core::kKB, "kB"}};
    static constexpr Step binary[]
        = {{core::kGiB * 1024.0, "TiB"}, {core::kGiB, "GiB"}, {core::kMiB, "MiB"}, {core::kKiB, "KiB"}};
    return units == core::ByteUnits::Decimal ? scaled(bytes, decimal, "B") : scaled(bytes, binary, "B");
}

QString countText(double count)
{
    static constexpr Step steps[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}};
    return scaled(count, steps, "");
}

QString secondsText(double seconds)
{
    const double magnitude = std::fabs(seconds);
    if (magnitude >= 1.0 || magnitude == 0.0)
        return numberText(seconds) + QStringLiteral(" s");
    if (magnitude >= 1e-3)
        return numberText(seconds * 1e3) + QStringLiteral(" ms");
    if (magnitude >= 1e-6)
        return numberText(seconds * 1e6) + QStringLiteral(" µs");
    return numberText(seconds * 1e9) + QStringLiteral(" ns");
}

QString bandwidthText(double bytesPerSecond)
{
    return bytesText(bytesPerSecond) + QStringLiteral("/s");
}

} // namespace widgets
