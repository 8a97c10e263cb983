// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Sizes, times and bandwidths as every view shows them: core's units (decimal by default, the unit always
// attached), as QStrings.

#include <QString>

namespace widgets {

QString bytesText(double bytes); // "72.3 GB"
QString secondsText(double seconds); // "1.2 ms"
QString bandwidthText(double bytesPerSecond); // "450 GB/s"

} // namespace widgets
