// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal units are bytes, seconds and FLOPs, never pre-scaled, so that no formula hides a conversion
// factor. Shown values use decimal units by default (1 GB = 1e9 bytes), as the reference article and the
// papers do; binary units on request.

#include <string>

namespace core {

inline constexpr double kKB = 1e3;
inline constexpr double kMB = 1e6;
inline constexpr double kGB = 1e9;
inline constexpr double kTB = 1e12;
inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * 1024.0;
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

enum class ByteUnits { Decimal, Binary };

// "140 GB", "10.7 GB", "0.33 MB", "25 MiB": three significant digits, unit always attached.
std::string formatBytes(double bytes, ByteUnits units = ByteUnits::Decimal);
// "70.6 B", "12.9 B", "405 M": parameter counts with an SI-like suffix as the literature writes them.
std::string formatCount(double count);
// "1.23 ms", "4.5 s", "850 µs"
std::string formatSeconds(double seconds);
// Three significant digits, no trailing zeros: 0.333 → "0.333", 140 → "140", 1120.4 → "1120".
std::string formatNumber(double value, int significantDigits = 3);
// A share in per cent with one decimal, so that a column's figures line up: 0.434 → "43.4 %", 1 → "100.0 %".
std::string formatPercent(double share);

} // namespace core
