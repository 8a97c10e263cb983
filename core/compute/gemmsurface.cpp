// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/gemmsurface.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

namespace {

constexpr double kLn2 = 0.69314718055994530942;
// log2 values closer than this lie on one grid line (the tables hold whole numbers).
constexpr double kSameLine = 1e-6;

std::vector<double> gridLines(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    std::vector<double> out;
    for (const double v : values)
        if (out.empty() || v - out.back() > kSameLine)
            out.push_back(v);
    return out;
}

std::size_t lineOf(const std::vector<double>& grid, double v)
{
    return static_cast<std::size_t>(std::lower_bound(grid.begin(), grid.end(), v - kSameLine) - grid.begin());
}

// The grid segment [i, i + 1] that holds v (v within the grid), and v's fraction along it.
std::pair<std::size_t, double> segment(const std::vector<double>& grid, double v)
{
    if (grid.size() < 2)
        return {0, 0.0};
    const auto above = std::upper_bound(grid.begin(), grid.end(), v);
    std::size_t i = above == grid.begin() ? 0 : static_cast<std::size_t>(above - grid.begin()) - 1;
    i = std::min(i, grid.size() - 2);
    return {i, std::clamp((v - grid[i]) / (grid[i + 1] - grid[i]), 0.0, 1.0)};
}

std::vector<int> merged(const std::vector<int>& a, const std::vector<int>& b)
{
    std::vector<int> out = a;
    out.insert(out.end(), b.begin(), b.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

GemmSurface::GemmSurface(const std::vector<const GemmRow*>& rows)
{
    if (rows.empty())
        return;
    constexpr double inf = std::numeric_limits<double>::infinity();
    m_minM = m_minN = m_minK = inf;
    std::vector<double> xs;
    std::vector<double> ys;
    for (const GemmRow* row : rows) {
        const GemmShape& s = row->shape;
        xs.push_back(std::log2(s.b * s.m * s.n));
        ys.push_back(std::log2(s.k));
        m_minM = std::min(m_minM, s.m);
        m_minN = std::min(m_minN, s.n);
        m_minK = std::min(m_minK, s.k);
    }
    m_x = gridLines(xs);
    m_y = gridLines(ys);
    m_logFlops.assign(m_x.size() * m_y.size(), 0.0);
    m_lines.assign(m_logFlops.size(), {});
    std::vector<int> counts(m_logFlops.size(), 0);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const std::size_t at = index(lineOf(m_x, xs[r]), lineOf(m_y, ys[r]));
        m_logFlops[at] += std::log(rows[r]->flopsPerSecond());
        ++counts[at];
        m_lines[at].push_back(rows[r]->line);
    }
    for (std::size_t at = 0; at < counts.size(); ++at)
        if (counts[at] > 0) {
            m_logFlops[at] /= counts[at];
            std::sort(m_lines[at].begin(), m_lines[at].end());
        }
    fillColumns(counts);
    makeMonotonic();
}

// A grid point without a row takes its value from the measured points of its k column: linear in x
// between the nearest below and above; beyond the column's largest x, that point's throughput (the
// plateau); below its smallest, that kernel's time (throughput falls with the work).
void GemmSurface::fillColumns(const std::vector<int>& counts)
{
    for (std::size_t j = 0; j < m_y.size(); ++j) {
        std::vector<std::size_t> measured;
        for (std::size_t i = 0; i < m_x.size(); ++i)
            if (counts[index(i, j)] > 0)
                measured.push_back(i);
        // Every column has a measured point: its y came from a row.
        for (std::size_t i = 0; i < m_x.size(); ++i) {
            const std::size_t at = index(i, j);
            if (counts[at] > 0)
                continue;
            const auto upper = std::upper_bound(measured.begin(), measured.end(), i);
            if (upper == measured.end()) {
                const std::size_t lo = index(measured.back(), j);
                m_logFlops[at] = m_logFlops[lo];
                m_lines[at] = m_lines[lo];
            } else if (upper == measured.begin()) {
                const std::size_t hi = index(*upper, j);
                m_logFlops[at] = m_logFlops[hi] - (m_x[*upper] - m_x[i]) * kLn2;
                m_lines[at] = m_lines[hi];
            } else {
                const std::size_t iLo = *(upper - 1);
                const std::size_t iHi = *upper;
                const double t = (m_x[i] - m_x[iLo]) / (m_x[iHi] - m_x[iLo]);
                m_logFlops[at] = (1 - t) * m_logFlops[index(iLo, j)] + t * m_logFlops[index(iHi, j)];
                m_lines[at] = merged(m_lines[index(iLo, j)], m_lines[index(iHi, j)]);
            }
        }
    }
}

// Two orders the measurements must respect: a GEMM larger in one dimension than another is at least as
// fast (it can run as pieces of the smaller one) and takes at least as long (its throughput rises at most
// as fast as its work: ln T grows by at most ln 2 per doubling). Where two grid points break one, the
// faster is kept and the other raised to meet it: timing noise (clocks, interference, launch jitter) only
// ever slows a kernel down. Raising only, a pass up (throughput) and a pass down (time) repeat until
// nothing moves, one round on the public tables. A raised point rests on the rows of the one that raised
// it.
void GemmSurface::makeMonotonic()
{
    const auto raise = [this](std::size_t at, std::size_t from, double drop) {
        if (m_logFlops[from] - drop > m_logFlops[at] + 1e-12) {
            m_logFlops[at] = m_logFlops[from] - drop;
            m_lines[at] = m_lines[from];
            return true;
        }
        return false;
    };
    const std::size_t nx = m_x.size();
    const std::size_t ny = m_y.size();
    constexpr int kMaxRounds = 100;
    for (int round = 0; round < kMaxRounds; ++round) {
        bool moved = false;
        for (std::size_t i = 0; i < nx; ++i)
            for (std::size_t j = 0; j < ny; ++j) {
                if (i > 0)
                    moved |= raise(index(i, j), index(i - 1, j), 0.0);
                if (j > 0)
                    moved |= raise(index(i, j), index(i, j - 1), 0.0);
            }
        for (std::size_t i = nx; i-- > 0;)
            for (std::size_t j = ny; j-- > 0;) {
                if (i + 1 < nx)
                    moved |= raise(index(i, j), index(i + 1, j), (m_x[i + 1] - m_x[i]) * kLn2);
                if (j + 1 < ny)
                    moved |= raise(index(i, j), index(i, j + 1), (m_y[j + 1] - m_y[j]) * kLn2);
            }
        if (!moved)
            break;
    }
}

namespace {
constexpr double kOutputTile = 128; // CUTLASS's and cuBLAS's common tile edge on Ampere, Hopper, Blackwell
} // namespace

GemmLookup GemmSurface::lookup(const GemmShape& shape) const
{
    GemmLookup out;
    out.corners.fill(-1);
    if (empty() || shape.b <= 0 || shape.m <= 0 || shape.n <= 0 || shape.k <= 0)
        return out;
    // m and n padded up to an output tile (128, or the smallest measured size if smaller): a kernel
    // computes whole tiles. The depth is not padded: a kernel steps through k 32 or 64 at a time, so a
    // shallower GEMM (attention's Q·Kᵀ over a head dimension of 128) does less work, at the throughput of
    // the smallest measured depth (the HBM bound of the caller takes over where its output dominates).
    const double m = std::max(shape.m, std::min(m_minM, kOutputTile));
    const double n = std::max(shape.n, std::min(m_minN, kOutputTile));
    const double k = shape.k;
    out.belowTable = m > shape.m || n > shape.n || k < m_minK;
    double x = std::log2(shape.b * m * n);
    double y = std::log2(k);
    double below = 0; // doublings of work under the grid, at the smallest kernel's time
    if (x < m_x.front()) {
        below += m_x.front() - x;
        x = m_x.front();
    }
    y = std::max(y, m_y.front());
    out.belowTable = out.belowTable || below > 0;
    out.beyondTable = x > m_x.back() || y > m_y.back();
    x = std::min(x, m_x.back());
    y = std::min(y, m_y.back());
    const auto [i, tx] = segment(m_x, x);
    const auto [j, ty] = segment(m_y, y);
    const std::size_t i1 = std::min(i + 1, m_x.size() - 1);
    const std::size_t j1 = std::min(j + 1, m_y.size() - 1);
    const std::array<std::size_t, 4> at{index(i, j), index(i1, j), index(i, j1), index(i1, j1)};
    const std::array<double, 4> weight{(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty};
    double logFlops = -below * kLn2;
    for (std::size_t c = 0; c < 4; ++c) {
        logFlops += weight[c] * m_logFlops[at[c]];
        out.corners[c] = weight[c] > 0 ? static_cast<int>(at[c]) : -1;
    }
    out.seconds = 2.0 * shape.b * m * n * k / std::exp(logFlops);
    return out;
}

std::vector<int> GemmSurface::lines(const std::array<int, 4>& corners) const
{
    std::vector<int> out;
    for (const int corner : corners)
        if (corner >= 0 && static_cast<std::size_t>(corner) < m_lines.size())
            out = merged(out, m_lines[static_cast<std::size_t>(corner)]);
    return out;
}

double GemmSurface::plateau() const
{
    return empty() ? 0.0 : std::exp(*std::max_element(m_logFlops.begin(), m_logFlops.end()));
}

} // namespace core
