// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The time of one GEMM on one GPU, from the measured table of that GPU type and data type where there is
// one (GemmSurface), else from the table of the GPU whose kernels it runs (GpuSpec::kernelsOf: GB200, on
// B200's die, B300 and GB300 run B200's) at the same share of its own peak, else from a roofline fallback;
// every result says which, and which table rows it rests on, so that an explanation can state it
// (docs/kernel-model.md).
//
// The fallback, for a GPU without a table: t = max(2·b·m·n·k / (η · dense peak · r(shape)),
// bytes / (η_HBM · HBM), 5 µs), with η = kGemmRooflineEfficiency and r(shape) = T_ref(shape) / T_ref,max of
// the nearest built-in table of the same data type (the one whose plateau is closest to η · peak, in log):
// a GPU without a measurement loses to tile and wave quantisation at small shapes as the measured one does,
// and reaches η · peak where the measured one reaches its plateau. Both bounds apply to the table too: a GEMM
// cannot move its operands faster than HBM streams them (the tables start at 256 in every dimension, so a
// thin GEMM such as a router's, n = experts, lies outside them).

#include "base/explanation.h"
#include "catalog/hardware.h"
#include "compute/gemmsurface.h"
#include "compute/gpupeaks.h"
#include "compute/kerneltable.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The share of the dense peak large GEMMs reach on a GPU without a table, chosen once: the public tables'
// plateaus are 805 of 989 TFLOP/s on H100 BF16 (81 %), 1,540 of 2,250 on B200 BF16 (68 %) and 3,280 of
// 4,500 on B200 FP8 (73 %; the H100 FP8 rows are left out, docs/kernel-model.md); their mean, 0.74,
// rounded. The principle: the dense peak assumes the boost clock, which the power limit cuts under
// sustained tensor-core load, and tile and wave quantisation waste a few percent more.
inline constexpr double kGemmRooflineEfficiency = 0.75;

enum class GemmBasis { Table, Roofline };

struct GemmTime
{
    double seconds = 0;
    double flops = 0; // 2·b·m·n·k of the shape asked for
    double bytes = 0; // operands read and result written once
    GemmBasis basis = GemmBasis::Roofline;
    int entry = -1; // the model's table (GemmModel::tableSource), -1 for the roofline
    // The table is of the GPU whose kernels this one runs (GpuSpec::kernelsOf): its times × kernelsScale,
    // 1 / the speed ratio measured on both where there is one (measuredSpeed: GpuSpec::kernelsSpeedBf16,
    // kernelsSpeedFp8), else its peak / this GPU's peak (1 where the peaks agree, as H200's and H100's).
    // kernelsScale 1 and viaKernelsOf false: the GPU's own table, or the roofline.
    bool viaKernelsOf = false;
    bool measuredSpeed = false;
    double kernelsScale = 1;
    std::array<int, 4> corners{-1, -1, -1, -1}; // grid points of that table (GemmModel::rows)
    bool beyondTable = false; // larger than the table's largest shapes: its plateau
    bool belowTable = false; // smaller than its smallest shapes: no faster than its smallest kernel
    bool hbmBound = false; // the HBM bound set the time
    bool minimumTime = false; // the roofline's shortest kernel set the time
    bool fp8AsBf16 = false; // FP8 asked for on a GPU without FP8 tensor cores: timed as BF16
    // The roofline's shape dependence: the built-in table whose efficiency curve, relative to its plateau,
    // scales the fallback (-1: none, the flat roofline).
    int shapeReference = -1;

    double flopsPerSecond() const { return seconds > 0 ? flops / seconds : 0.0; }
};

class GemmModel
{
public:
    GemmModel() = default; // no tables: every GPU takes the roofline
    // The tables shipped with the application: resources/presets/gemm-h100-b200.csv.
    static const GemmModel& builtin();

    // Adds every (GPU, data type) the table holds, replacing what the model had for the pair: a user's
    // own table for a GPU type takes the place of the built-in one. `user` marks it in explanations.
    void addTable(const KernelTable& table, bool user);

    GemmTime time(const GpuSpec& gpu, const GemmShape& shape, GemmDtype dtype) const;

    bool hasTable(std::string_view gpu, GemmDtype dtype) const { return find(gpu, dtype) >= 0; }
    // The largest throughput of a table (FLOP/s): what large GEMMs reach; 0 without a table.
    double plateau(std::string_view gpu, GemmDtype dtype) const;
    // Where a table-based time comes from: the table's source and whether a user supplied it.
    std::string_view tableSource(const GemmTime& time) const;
    bool userTable(const GemmTime& time) const;
    // The GPU whose table a table-based time rests on (another than the one asked for under kernelsOf).
    std::string_view tableGpu(const GemmTime& time) const;
    // The table lines of the rows a table-based time rests on, ascending.
    std::vector<int> rows(const GemmTime& time) const;
    // Formula, inputs, source and a note that says which table rows, which fallback or which user table.
    Explanation explain(const GemmTime& time, const GpuSpec& gpu, const GemmShape& shape,
                        GemmDtype dtype) const;

    // Problems found reading the built-in table; empty in a correct build (a test checks).
    const std::vector<Diagnostic>& problems() const { return m_problems; }

private:
    struct Entry
    {
        std::string gpu;
        GemmDtype dtype = GemmDtype::Bf16;
        std::string source;
        bool user = false;
        GemmSurface surface;
        double peak = 0; // the dense peak of the table's GPU for its data type (built-in presets); 0: unknown
    };
    int find(std::string_view gpu, GemmDtype dtype) const;
    int shapeReference(GemmDtype dtype, double rooflineFlops) const;
    const Entry* entryOf(const GemmTime& time) const;

    std::vector<Entry> m_entries; // a few: searched in order
    std::vector<Diagnostic> m_problems;
};

} // namespace core
