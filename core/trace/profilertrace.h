// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a PyTorch profiler trace says about one training run (docs/trace-import.md). torch.profiler writes
// a Chrome trace (https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU):
// an object whose "traceEvents" array holds complete events ("ph": "X") with a start "ts" and a duration
// "dur" in microseconds, a category "cat" ("kernel" for GPU kernels, "user_annotation" for
// record_function ranges such as the "ProfilerStep#N" that prof.step() opens) and "args" (the kernel's
// "device"); Kineto adds "deviceProperties" (name, totalGlobalMem) and "distributedInfo" (rank, world
// size, process groups) at the top level, and "[memory]" instant events when profile_memory is on.
//
// The file is read as a stream (nlohmann's SAX interface over zlib), so memory grows with the number of
// kernels, never with the size of the file.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "base/jsonreader.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// The collective kinds NCCL names in its kernels (ncclKernel_AllReduce_RING_LL_Sum_float,
// ncclDevKernel_SendRecv(…): NCCL src/device/generate.py). SendRecv, Send and Recv are point-to-point.
enum class TraceCollective { AllReduce, AllGather, ReduceScatter, AllToAll, PointToPoint, Broadcast, Reduce };
inline constexpr int kTraceCollectiveCount = 7;

template<> struct EnumNames<TraceCollective>
{
    static constexpr std::array table{std::pair{TraceCollective::AllReduce, std::string_view{"allReduce"}},
                                      std::pair{TraceCollective::AllGather, std::string_view{"allGather"}},
                                      std::pair{TraceCollective::ReduceScatter, std::string_view{"reduceScatter"}},
                                      std::pair{TraceCollective::AllToAll, std::string_view{"allToAll"}},
                                      std::pair{TraceCollective::PointToPoint, std::string_view{"p2p"}},
                                      std::pair{TraceCollective::Broadcast, std::string_view{"broadcast"}},
                                      std::pair{TraceCollective::Reduce, std::string_view{"reduce"}}};
};

// The kind of an NCCL kernel from its name; nullopt for a kernel that is not NCCL's. An NCCL kernel whose
// kind is not one of the seven (a future one) counts as point-to-point only if it says Send or Recv;
// otherwise as no collective, so it is compute: never a guess of a kind.
std::optional<TraceCollective> ncclKernelKind(std::string_view kernelName);

// Whether a kernel is a GEMM, from its name (case-insensitive), the rule written once: cuBLAS, cuBLASLt and
// CUTLASS matrix-multiply kernels. A name is a GEMM when it contains "gemm" (cuBLAS's
// "ampere_sgemm_128x64_nn", "volta_sgemm_…", "sm80_xmma_gemm_…", "sm90_xmma_gemm_…"; CUTLASS's procedural
// names "cutlass_80_tensorop_s1688gemm_…", "cutlass3x_sm90_tensorop_…gemm…"), "_xmma_" (cuBLAS's and cuDNN's
// tensor-core kernels), "cutlass" (CUTLASS kernels whose name holds no "gemm": "cutlass::Kernel2<…>") or
// starts with "nvjet" (cuBLAS 12.x on Hopper and Blackwell). Sources: the two HTA fixture traces
// (tests/data/traces: "ampere_sgemm_128x64_nn", "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_…>",
// "sm80_xmma_fprop_implicit_gemm_…"); CUTLASS media/docs/profiler.md (its kernels' procedural names);
// DeepGEMM tests/test_bf16.py ("cuBLAS uses different kernels by shape: nvjet/cutlass *gemm* for general
// shapes", timed by those names in a Kineto profile). Never a GEMM: NCCL's kernels; attention kernels built
// from the same templates ("flash", "fmha", "attn", "attention", "sdpa": FlashAttention 2 and 3, whose
// Hopper kernels are cutlass::device_kernel<flash::…>, PyTorch's fmha_cutlassF_…, cuDNN's SDPA); and "gemm"
// inside FBGEMM's library name ("fbgemm_gpu::permute_2D_data_kernel", in the 128-rank fixture). Not
// recognised, so counted as other compute: cuBLAS's GEMV and split-K reduction kernels ("gemv2T_kernel",
// "splitKreduce_kernel") and Triton's matmuls ("triton_tem_fused_mm_…").
bool isGemmKernel(std::string_view kernelName);

struct TraceProcessGroup
{
    std::string name, description;
    int size = 0;
    std::vector<int> ranks;
};

using TraceSeconds = std::array<double, kTraceCollectiveCount>;

struct TraceSummary
{
    // The device with the lowest id that ran kernels; the figures below are this device's.
    int device = -1;
    std::string deviceName;
    std::optional<double> deviceMemoryBytes; // deviceProperties' totalGlobalMem
    std::optional<int> rank, worldSize;
    std::string backend, ncclVersion;
    std::vector<TraceProcessGroup> processGroups;
    std::string date; // ISO 8601 day of baseTimeNanoseconds, when the trace has it

    // ProfilerStep#N annotations: how many, and their mean duration.
    int steps = 0;
    double stepSeconds = 0;
    // Over the whole trace: the union of the device's kernel intervals, the union of each kind's NCCL
    // kernels, and the time each kind runs while no kernel other than an NCCL kernel runs.
    std::int64_t kernels = 0;
    double kernelSeconds = 0;
    TraceSeconds communicationSeconds{}, exposedCommunicationSeconds{};
    // The device's GEMM kernels (isGemmKernel): how many, and the union of their intervals, over the whole
    // trace and inside the step windows per step (what calibrate-compute fits η_max to).
    std::int64_t gemmKernels = 0;
    double gemmSeconds = 0;
    double gemmSecondsPerStep = 0;
    // The same inside the ProfilerStep windows, divided by the number of steps: what a record holds.
    double kernelSecondsPerStep = 0;
    TraceSeconds communicationSecondsPerStep{}, exposedCommunicationSecondsPerStep{};
    // Peaks of "[memory]" events on the device or of a torch.cuda.memory_stats() JSON.
    std::optional<double> peakAllocatedBytes, peakReservedBytes;
};

// Called with the fraction of the file read; returning false cancels the import.
using TraceProgress = std::function<bool(double fraction)>;

struct TraceLoadResult
{
    std::optional<TraceSummary> summary;
    std::vector<Diagnostic> diagnostics; // located: a line and column, or the key of the trace
    bool cancelled = false;
};

// A trace file, plain or gzip-compressed (recognised by its bytes, not its name).
TraceLoadResult readTraceFile(const std::string& path, const TraceProgress& progress = {});
// A trace held in memory (uncompressed).
TraceLoadResult readTraceText(std::string_view text);

// Adds the peaks of a torch.cuda.memory_stats() dictionary written as JSON ("allocated_bytes.all.peak",
// "reserved_bytes.all.peak"); a missing or mistyped key is a located error in `diagnostics`.
void applyMemoryStats(TraceSummary& summary, std::string_view memoryStatsText, std::vector<Diagnostic>& diagnostics);

} // namespace core
