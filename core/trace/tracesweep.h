// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One sweep over a device's kernel intervals: busy time (their union), GEMM time (the union of its GEMM
// kernels), each collective kind's time (the
// union of its NCCL kernels) and its exposed time (an NCCL kernel of that kind runs and no kernel that is
// not an NCCL kernel does), over the whole trace and inside the step windows. Holistic Trace Analysis
// counts exposed communication the same way: communication kernels not overlapped by computation
// (github.com/facebookresearch/HolisticTraceAnalysis, hta/analyzers/breakdown_analysis.py).

#include "trace/profilertrace.h"

#include <vector>

namespace core {

// Times in microseconds, as the trace writes them.
struct TraceInterval
{
    double start = 0, end = 0;
    int kind = -1; // a TraceCollective as int, or -1 for a kernel that is not an NCCL kernel
    bool gemm = false; // a GEMM kernel (isGemmKernel), never an NCCL one
};

struct TraceWindow
{
    double start = 0, end = 0;
};

struct TraceSweep
{
    double busy = 0;
    TraceSeconds communication{}, exposed{};
    double busyInWindows = 0;
    TraceSeconds communicationInWindows{}, exposedInWindows{};
    double gemm = 0, gemmInWindows = 0; // the union of the GEMM kernels
};

// Results in microseconds. Overlapping windows count their overlap once.
TraceSweep sweepKernels(const std::vector<TraceInterval>& kernels, const std::vector<TraceWindow>& windows);

} // namespace core
