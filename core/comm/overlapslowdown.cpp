// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/overlapslowdown.h"

#include <algorithm>

namespace core {

double contendedEnd(double start, double work, std::span<const TimeInterval> busy)
{
    const double rate = 1 / (1 + kOverlapComputeSlowdown);
    double clock = start;
    double left = std::max(0.0, work);
    for (const TimeInterval& b : busy) {
        if (left <= 0)
            break;
        if (b.end <= clock)
            continue;
        if (b.start > clock) { // alone until the collective starts
            const double alone = std::min(left, b.start - clock);
            clock += alone;
            left -= alone;
            if (left <= 0)
                break;
        }
        const double slowed = std::min(left / rate, b.end - clock);
        clock += slowed;
        left -= slowed * rate;
    }
    return clock + std::max(0.0, left);
}

double overlapSlowdownSeconds(double comm, double work)
{
    if (comm <= 0 || work <= 0)
        return 0;
    const TimeInterval busy{0, comm};
    return contendedEnd(0, work, std::span(&busy, 1)) - work;
}

double concurrentSeconds(std::span<const TimeInterval> a, std::span<const TimeInterval> b)
{
    double both = 0;
    std::size_t j = 0;
    for (const TimeInterval& x : a) {
        while (j < b.size() && b[j].end <= x.start)
            ++j;
        for (std::size_t k = j; k < b.size() && b[k].start < x.end; ++k)
            both += std::max(0.0, std::min(x.end, b[k].end) - std::max(x.start, b[k].start));
    }
    return both;
}

} // namespace core
