// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The measured GEMM throughput of one GPU and data type as a function of shape, built once from a table's
// rows and then looked up in well under a microsecond. The method, and why, is docs/kernel-model.md:
//  - two axes: x = log2(b·m·n), the output elements the GPU spreads over its SMs, and y = log2(k), the
//    depth each output tile accumulates; rows at the same (x, y) (b, m and n traded for one another)
//    are averaged in log space;
//  - the value on the grid of all measured x and y is ln(FLOP/s): throughput, not time, because it varies
//    slowly and bounded with shape where time spans six decades; a grid point without a row is
//    interpolated along x in its k column;
//  - the grid is made monotonic in x and in y: a GEMM larger than a measured one is at least as fast (it
//    can run as pieces of that one) and takes at least as long (throughput rises at most with the work);
//    where measurements break this, the faster one is kept (noise only slows kernels down);
//  - a shape between grid points is interpolated bilinearly in (x, y); beyond the largest measured x or y
//    the throughput stays at the edge (the plateau); m and n are padded up to an output tile (128), the
//    depth below the smallest measured one runs at that depth's throughput, and below the smallest x the
//    time stays that of the smallest kernel.

#include "compute/kerneltable.h"

#include <array>
#include <vector>

namespace core {

struct GemmLookup
{
    double seconds = 0;
    bool beyondTable = false; // larger than the largest measured x or k: the plateau
    bool belowTable
        = false; // smaller than the smallest measured m, n, k or x: as slow as the smallest kernel
    std::array<int, 4> corners{}; // the grid points interpolated between (repeated when fewer)
};

class GemmSurface
{
public:
    GemmSurface() = default;
    // Rows of one GPU and one data type; at least one.
    explicit GemmSurface(const std::vector<const GemmRow*>& rows);

    GemmLookup lookup(const GemmShape& shape) const;
    // Table lines of the rows the grid points rest on, ascending, without repeats.
    std::vector<int> lines(const std::array<int, 4>& corners) const;
    // The highest throughput on the grid: what the largest GEMMs reach, FLOP/s.
    double plateau() const;
    bool empty() const { return m_logFlops.empty(); }

private:
    std::size_t index(std::size_t i, std::size_t j) const { return i * m_y.size() + j; }
    void fillColumns(const std::vector<int>& counts);
    void makeMonotonic();

    std::vector<double> m_x; // log2(b·m·n) of the grid, ascending
    std::vector<double> m_y; // log2(k), ascending
    std::vector<double> m_logFlops; // ln(FLOP/s) at (x_i, y_j), index(i, j)
    std::vector<std::vector<int>> m_lines; // table lines each grid point rests on
    double m_minM = 1;
    double m_minN = 1;
    double m_minK = 1;
};

} // namespace core
