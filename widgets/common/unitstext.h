// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Sizes, times, bandwidths and counts as every view shows them: core's units (decimal by default, the unit
// always attached, three significant digits) written with the default QLocale, which follows the chosen
// language: "2.41 TB" and "8,192" in English, "2,41 TB" and "8.192" in German. core/base/units.h writes the
// same figures for the command line and the report, always in English.

#include "base/units.h"

#include <QString>

namespace widgets {

QString bytesText(double bytes, core::ByteUnits units = core::ByteUnits::Decimal); // "72.3 GB"
QString secondsText(double seconds); // "1.2 ms"
QString bandwidthText(double bytesPerSecond); // "450 GB/s"
QString countText(double count); // "70.6 B", "3.45 M": parameters, tokens per second
// Significant digits, no trailing zeros: 0.333 → "0.333", 1120.4 → "1,120".
QString numberText(double value, int significantDigits = 3);
QString integerText(long long value); // "8,192"
QString fixedText(double value, int decimals); // 27.27, 1 → "27.3"; German "27,3"
QString percentText(double share, int decimals = 1); // 0.521 → "52.1 %"

} // namespace widgets
