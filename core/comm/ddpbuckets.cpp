// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/ddpbuckets.h"

#include <algorithm>

namespace core {

std::vector<DdpBucket> assignDdpBuckets(const std::vector<double>& tensorBytes,
                                        const std::vector<double>& limits)
{
    std::vector<DdpBucket> buckets;
    DdpBucket current;
    std::size_t limitIndex = 0;
    for (std::size_t i = 0; i < tensorBytes.size(); ++i) {
        current.tensors.push_back(static_cast<int>(i));
        current.bytes += tensorBytes[i];
        if (limits.empty() || current.bytes < limits[limitIndex])
            continue;
        buckets.push_back(std::move(current));
        current = {};
        if (limitIndex + 1 < limits.size())
            ++limitIndex;
    }
    if (!current.tensors.empty())
        buckets.push_back(std::move(current));
    return buckets;
}

DdpOverlap ddpOverlap(const std::vector<double>& bucketReadySeconds,
                      const std::vector<double>& allReduceSeconds, double backwardEndSeconds)
{
    DdpOverlap out;
    const std::size_t count = std::min(bucketReadySeconds.size(), allReduceSeconds.size());
    double previousEnd = 0;
    for (std::size_t k = 0; k < count; ++k) {
        const double start = k == 0 ? bucketReadySeconds[k] : std::max(bucketReadySeconds[k], previousEnd);
        previousEnd = start + allReduceSeconds[k];
        out.startSeconds.push_back(start);
        out.endSeconds.push_back(previousEnd);
    }
    if (count > 0)
        out.exposedSeconds = std::max(0.0, previousEnd - backwardEndSeconds);
    return out;
}

} // namespace core
