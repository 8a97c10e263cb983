// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/gemmmodel.h"

#include "base/units.h"
#include "catalog/catalog.h"
#include "catalog/embeddedfiles.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

// "lines 12, 14, 40 and 42" — at most eight named, then how many more.
std::string describeLines(const std::vector<int>& lines)
{
    constexpr std::size_t kNamed = 8;
    std::string out = lines.size() == 1 ? "line " : "lines ";
    for (std::size_t i = 0; i < lines.size() && i < kNamed; ++i) {
        if (i > 0)
            out += i + 1 == lines.size() ? " and " : ", ";
        out += std::to_string(lines[i]);
    }
    if (lines.size() > kNamed)
        out += " and " + std::to_string(lines.size() - kNamed) + " more";
    return out;
}

std::string tflops(double flopsPerSecond)
{
    return formatNumber(flopsPerSecond / 1e12) + " TFLOP/s";
}

// How many times as fast as its kernelsOf GPU this one runs that GPU's GEMMs, measured; 0: not measured.
double kernelsSpeed(const GpuSpec& gpu, GemmDtype dtype)
{
    return dtype == GemmDtype::Fp8E4m3 ? gpu.kernelsSpeedFp8 : gpu.kernelsSpeedBf16;
}

} // namespace

const GemmModel& GemmModel::builtin()
{
    static const GemmModel model = [] {
        GemmModel m;
        for (const EmbeddedFile& file : embeddedFiles())
            if (file.path == kBuiltinGemmTable) {
                KernelTableRead read = readKernelTable(file.text, std::string(kBuiltinGemmTable));
                m.m_problems = std::move(read.diagnostics);
                m.addTable(read.table, false);
            }
        if (m.m_entries.empty() && m.m_problems.empty())
            m.m_problems.push_back(
                makeDiagnostic(diag::kKernelTableEmpty, "", {std::string(kBuiltinGemmTable)}));
        return m;
    }();
    return model;
}

void GemmModel::addTable(const KernelTable& table, bool user)
{
    std::vector<std::pair<std::string, GemmDtype>> pairs;
    for (const GemmRow& row : table.rows)
        if (std::find(pairs.begin(), pairs.end(), std::pair{row.gpu, row.dtype}) == pairs.end())
            pairs.emplace_back(row.gpu, row.dtype);
    for (const auto& [gpu, dtype] : pairs) {
        std::vector<const GemmRow*> rows;
        for (const GemmRow& row : table.rows)
            if (row.gpu == gpu && row.dtype == dtype)
                rows.push_back(&row);
        Entry entry{gpu, dtype, table.source, user, GemmSurface(rows)};
        // The table's GPU's own peak, for a GPU that runs its kernels at another peak (GpuSpec::kernelsOf).
        if (const GpuSpec* spec = Catalog::builtin().gpu(gpu))
            entry.peak = gpuPeaks(*spec).flops(dtype);
        const int at = find(gpu, dtype);
        if (at >= 0)
            m_entries[static_cast<std::size_t>(at)] = std::move(entry);
        else
            m_entries.push_back(std::move(entry));
    }
}

int GemmModel::find(std::string_view gpu, GemmDtype dtype) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].dtype == dtype && m_entries[i].gpu == gpu)
            return static_cast<int>(i);
    return -1;
}

const GemmModel::Entry* GemmModel::entryOf(const GemmTime& time) const
{
    if (time.entry < 0 || static_cast<std::size_t>(time.entry) >= m_entries.size())
        return nullptr;
    return &m_entries[static_cast<std::size_t>(time.entry)];
}

GemmTime GemmModel::time(const GpuSpec& gpu, const GemmShape& shape, GemmDtype dtype) const
{
    GemmTime out;
    out.flops = shape.flops();
    if (out.flops <= 0)
        return out;
    const GpuPeaks peaks = gpuPeaks(gpu);
    GemmDtype runAs = dtype;
    if (dtype == GemmDtype::Fp8E4m3 && !peaks.hasFp8() && !hasTable(gpu.id, dtype)) {
        runAs = GemmDtype::Bf16;
        out.fp8AsBf16 = true;
    }
    out.bytes = shape.bytes(runAs);
    out.entry = find(gpu.id, runAs);
    if (out.entry < 0 && !gpu.kernelsOf.empty()) {
        const int sibling = find(gpu.kernelsOf, runAs);
        const double peak = peaks.flops(runAs);
        const double siblingPeak = sibling >= 0 ? m_entries[static_cast<std::size_t>(sibling)].peak : 0.0;
        const double measured = kernelsSpeed(gpu, runAs);
        if (sibling >= 0 && (measured > 0 || (siblingPeak > 0 && peak > 0))) {
            out.entry = sibling;
            out.viaKernelsOf = true;
            out.measuredSpeed = measured > 0;
            out.kernelsScale = measured > 0 ? 1 / measured : siblingPeak / peak;
        }
    }
    if (const Entry* entry = entryOf(out)) {
        const GemmLookup lookup = entry->surface.lookup(shape);
        out.basis = GemmBasis::Table;
        out.seconds = lookup.seconds * out.kernelsScale;
        out.corners = lookup.corners;
        out.beyondTable = lookup.beyondTable;
        out.belowTable = lookup.belowTable;
    } else {
        double peak = peaks.flops(runAs) * kGemmRooflineEfficiency;
        out.basis = GemmBasis::Roofline;
        out.shapeReference = shapeReference(runAs, peak);
        if (out.shapeReference >= 0) {
            const GemmSurface& reference = m_entries[static_cast<std::size_t>(out.shapeReference)].surface;
            const GemmLookup lookup = reference.lookup(shape);
            if (lookup.seconds > 0 && reference.plateau() > 0)
                peak *= std::min(1.0, out.flops / lookup.seconds / reference.plateau());
        }
        out.seconds = peak > 0 ? out.flops / peak : 0.0;
        if (out.seconds < kMinKernelSeconds) {
            out.seconds = kMinKernelSeconds;
            out.minimumTime = true;
        }
    }
    const double bandwidth = peaks.hbmBandwidth * peaks.hbmEfficiency;
    if (bandwidth > 0 && out.bytes / bandwidth > out.seconds) {
        out.seconds = out.bytes / bandwidth;
        out.hbmBound = true;
        out.minimumTime = false;
    }
    return out;
}

int GemmModel::shapeReference(GemmDtype dtype, double rooflineFlops) const
{
    int best = -1;
    double distance = 0;
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& entry = m_entries[i];
        if (entry.user || entry.dtype != dtype || entry.surface.empty() || rooflineFlops <= 0)
            continue;
        const double d = std::abs(std::log(entry.surface.plateau() / rooflineFlops));
        if (best < 0 || d < distance) {
            best = static_cast<int>(i);
            distance = d;
        }
    }
    return best;
}

double GemmModel::plateau(std::string_view gpu, GemmDtype dtype) const
{
    const int at = find(gpu, dtype);
    return at >= 0 ? m_entries[static_cast<std::size_t>(at)].surface.plateau() : 0.0;
}

std::string_view GemmModel::tableSource(const GemmTime& time) const
{
    const Entry* entry = entryOf(time);
    return entry ? std::string_view(entry->source) : std::string_view{};
}

std::string_view GemmModel::tableGpu(const GemmTime& time) const
{
    const Entry* entry = entryOf(time);
    return entry ? std::string_view(entry->gpu) : std::string_view{};
}

bool GemmModel::userTable(const GemmTime& time) const
{
    const Entry* entry = entryOf(time);
    return entry && entry->user;
}

std::vector<int> GemmModel::rows(const GemmTime& time) const
{
    const Entry* entry = entryOf(time);
    return entry ? entry->surface.lines(time.corners) : std::vector<int>{};
}

Explanation GemmModel::explain(const GemmTime& time, const GpuSpec& gpu, const GemmShape& shape,
                               GemmDtype dtype) const
{
    Explanation x;
    x.input("batch b", shape.b)
        .input("rows m", shape.m)
        .input("columns n", shape.n)
        .input("depth k", shape.k);
    const std::string runAs(enumName(time.fp8AsBf16 ? GemmDtype::Bf16 : dtype));
    std::string note;
    if (const Entry* entry = entryOf(time)) {
        x.formula = "t = 2·b·m·n·k / T(b·m·n, k)";
        x.input("T, throughput from the table", time.flopsPerSecond(), "FLOP/s");
        x.source = (entry->user ? "user table " : "measured table ") + entry->source + ", "
            + describeLines(rows(time));
        note = "Measured " + runAs + " GEMMs on " + gpu.name + (entry->user ? " (a user table)" : "") + ": ";
        if (time.viaKernelsOf) {
            // The other GPU's rows, at the speed measured on both or else at the peaks' ratio.
            const GpuSpec* sibling = Catalog::builtin().gpu(entry->gpu);
            const std::string how = time.measuredSpeed
                ? " " + formatNumber(1 / time.kernelsScale, 4) + " times as fast, as measured on both: "
                : ", at the same share of its own peak: ";
            note = "Measured " + runAs + " GEMMs of " + (sibling ? sibling->name : entry->gpu)
                + ", whose kernels " + gpu.name + " runs" + how;
            x.source += "; why its kernels: " + gpu.kernelsSource;
            if (time.measuredSpeed) {
                x.formula = "t = 2·b·m·n·k / T(b·m·n, k) / s, s = " + gpu.id + "'s speed over " + entry->gpu
                    + ", measured";
                x.input("s, measured speed ratio", 1 / time.kernelsScale);
                x.source += "; its speed: " + gpu.kernelsSpeedSource;
            } else {
                x.formula = "t = 2·b·m·n·k / T(b·m·n, k) × peak of " + entry->gpu + " / peak of " + gpu.id;
                x.input("peak ratio", time.kernelsScale);
            }
        }
        if (time.beyondTable)
            note += "beyond the table's largest shapes, at its plateau.";
        else if (time.belowTable)
            note += "smaller than the table's smallest shapes, no faster than its smallest kernel.";
        else
            note += "interpolated in log space between the measured shapes.";
    } else {
        const GpuPeaks peaks = gpuPeaks(gpu);
        x.formula = "t = max(2·b·m·n·k / (η · peak · r), bytes / (η_HBM · HBM), 5 µs)";
        x.input("dense peak", peaks.flops(time.fp8AsBf16 ? GemmDtype::Bf16 : dtype), "FLOP/s")
            .input("η", kGemmRooflineEfficiency);
        x.source = "roofline fallback: peaks from the GPU preset (" + gpu.source
            + "); η from the public H100 and B200 GEMM tables (docs/kernel-model.md)";
        note = "No measured " + runAs + " GEMM table for " + gpu.name + ": roofline fallback at "
            + tflops(peaks.flops(time.fp8AsBf16 ? GemmDtype::Bf16 : dtype) * kGemmRooflineEfficiency) + ".";
        if (time.shapeReference >= 0) {
            const Entry& reference = m_entries[static_cast<std::size_t>(time.shapeReference)];
            const double r = time.seconds > 0 && !time.hbmBound && !time.minimumTime
                ? time.flopsPerSecond() / (peaks.flops(time.fp8AsBf16 ? GemmDtype::Bf16 : dtype) * kGemmRooflineEfficiency)
                : 0.0;
            x.input("r, shape factor from the reference table", r);
            note += " Shape dependence r from the measured " + std::string(enumName(reference.dtype)) + " table of "
                + reference.gpu + " (" + reference.source + "), relative to its plateau.";
        }
        if (time.minimumTime)
            note += " The shortest kernel time binds.";
    }
    if (time.hbmBound) {
        const GpuPeaks peaks = gpuPeaks(gpu);
        x.input("bytes moved", time.bytes, "bytes").input("η_HBM", peaks.hbmEfficiency);
        note += " Bound by HBM: operands and result at " + formatNumber(peaks.hbmEfficiency * 100) + " % of "
            + formatBytes(peaks.hbmBandwidth) + "/s (" + hbmEfficiencySource(gpu) + ").";
    }
    if (time.fp8AsBf16)
        note += " " + gpu.name + " has no FP8 tensor cores known to Meshwright: timed as BF16.";
    x.note = note;
    return x;
}

} // namespace core
