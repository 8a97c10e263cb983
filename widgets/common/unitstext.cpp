// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/unitstext.h"

#include "common/qtconvert.h"
#include "base/units.h"

namespace widgets {

QString bytesText(double bytes)
{
    return qs(core::formatBytes(bytes));
}

QString secondsText(double seconds)
{
    return qs(core::formatSeconds(seconds));
}

QString bandwidthText(double bytesPerSecond)
{
    return qs(core::formatBytes(bytesPerSecond)) + QStringLiteral("/s");
}

} // namespace widgets
