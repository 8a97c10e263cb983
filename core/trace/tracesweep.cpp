// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/tracesweep.h"

#include <algorithm>

namespace core {

namespace {

// A boundary of a kernel (`kind` −1 … 6) or of a window (`kind` kWindow); `delta` +1 opens, −1 closes.
constexpr int kWindow = kTraceCollectiveCount;

struct Boundary
{
    double time;
    int kind;
    int delta;
    bool gemm = false;
};

} // namespace

TraceSweep sweepKernels(const std::vector<TraceInterval>& kernels, const std::vector<TraceWindow>& windows)
{
    std::vector<Boundary> boundaries;
    boundaries.reserve(2 * (kernels.size() + windows.size()));
    for (const TraceInterval& k : kernels) {
        if (!(k.end > k.start))
            continue; // a zero-length kernel occupies no time
        boundaries.push_back({k.start, k.kind, +1, k.gemm});
        boundaries.push_back({k.end, k.kind, -1, k.gemm});
    }
    for (const TraceWindow& w : windows) {
        if (!(w.end > w.start))
            continue;
        boundaries.push_back({w.start, kWindow, +1});
        boundaries.push_back({w.end, kWindow, -1});
    }
    std::sort(boundaries.begin(), boundaries.end(),
              [](const Boundary& a, const Boundary& b) { return a.time < b.time; });

    TraceSweep result;
    int compute = 0, gemms = 0, windowsOpen = 0;
    std::array<int, kTraceCollectiveCount> open{};
    double previous = boundaries.empty() ? 0 : boundaries.front().time;
    for (const Boundary& b : boundaries) {
        const double length = b.time - previous;
        if (length > 0) {
            int communicating = 0;
            for (int kind = 0; kind < kTraceCollectiveCount; ++kind) {
                if (open[kind] == 0)
                    continue;
                ++communicating;
                result.communication[kind] += length;
                if (windowsOpen > 0)
                    result.communicationInWindows[kind] += length;
                if (compute == 0) {
                    result.exposed[kind] += length;
                    if (windowsOpen > 0)
                        result.exposedInWindows[kind] += length;
                }
            }
            if (gemms > 0) {
                result.gemm += length;
                if (windowsOpen > 0)
                    result.gemmInWindows += length;
            }
            if (compute > 0 || communicating > 0) {
                result.busy += length;
                if (windowsOpen > 0)
                    result.busyInWindows += length;
            }
        }
        previous = b.time;
        if (b.kind == kWindow)
            windowsOpen += b.delta;
        else if (b.kind < 0) {
            compute += b.delta;
            if (b.gemm)
                gemms += b.delta;
        } else
            open[b.kind] += b.delta;
    }
    return result;
}

} // namespace core
