// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A table of measured GEMM kernel times: one row per GPU type, data type and shape. The built-in table is
// resources/presets/gemm-h100-b200.csv (OpenXLA's published H100 and B200 measurements); a user's own
// table, for example a GEMM sweep on their cluster, has the same columns and is read by the same function.
// Columns (docs/kernel-model.md): gpu (a GPU preset id), dtype, b, m, n, k (b independent products
// (m × k) · (k × n)), seconds (the kernel's median time); tflops and note may follow and are not read.

#include "base/diagnostic.h"
#include "base/enumnames.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The operand type of a GEMM as the tables name it. Both write a BF16 result (XLA's matmul_perf_table_gen
// times e4m3 × e4m3 → bf16).
enum class GemmDtype { Bf16, Fp8E4m3 };

template<> struct EnumNames<GemmDtype>
{
    static constexpr std::array table{std::pair{GemmDtype::Bf16, std::string_view{"bf16"}},
                                      std::pair{GemmDtype::Fp8E4m3, std::string_view{"fp8-e4m3"}}};
};

constexpr double operandBytes(GemmDtype dtype)
{
    return dtype == GemmDtype::Fp8E4m3 ? 1.0 : 2.0;
}
inline constexpr double kGemmOutputBytes = 2.0; // BF16 result

// b independent products (m × k) · (k × n). Sizes are doubles so that averages (tokens per expert) can be
// asked for; the tables hold whole numbers.
struct GemmShape
{
    double b = 1;
    double m = 0;
    double n = 0;
    double k = 0;

    double flops() const { return 2.0 * b * m * n * k; }
    // Both operands read and the result written once: what the GEMM must move through HBM at least.
    double bytes(GemmDtype dtype) const
    {
        return operandBytes(dtype) * b * k * (m + n) + kGemmOutputBytes * b * m * n;
    }
    bool operator==(const GemmShape&) const = default;
};

struct GemmRow
{
    std::string gpu; // GPU preset id, e.g. "h100-sxm-80gb"
    GemmDtype dtype = GemmDtype::Bf16;
    GemmShape shape;
    double seconds = 0; // median kernel time
    int line = 0; // 1-based line in the table's text, so that an explanation can name the row

    double flopsPerSecond() const { return shape.flops() / seconds; }
};

struct KernelTable
{
    std::string source; // where the text came from: "presets/gemm-h100-b200.csv" or the user's file name
    std::vector<GemmRow> rows;
};

struct KernelTableRead
{
    KernelTable table; // no rows when a diagnostic is an error: a bad table loads nothing
    std::vector<Diagnostic> diagnostics;
};

// Reads a table from CSV text (RFC 4180 quoting; blank lines and lines starting with '#' are skipped).
// `source` names the text in the diagnostics and in every explanation built on its rows. Every problem is
// reported with the source, its line and the column; any error leaves the table empty.
KernelTableRead readKernelTable(std::string_view text, std::string source);

// The built-in table's name among the embedded presets.
inline constexpr std::string_view kBuiltinGemmTable = "presets/gemm-h100-b200.csv";

namespace diag {

inline constexpr DiagnosticKind kKernelTableColumns{
    "kernel-table-columns", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "%1, line %2: the header lacks the column(s) %3; a kernel table needs gpu, dtype, b, m, n, k "
               "and seconds.")};
inline constexpr DiagnosticKind kKernelTableFields{
    "kernel-table-fields", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2: %3 fields, but the header on line %4 names %5 columns.")};
inline constexpr DiagnosticKind kKernelTableQuote{
    "kernel-table-quote", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2: a quoted field is not closed.")};
inline constexpr DiagnosticKind kKernelTableSize{
    "kernel-table-size", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2, column %3: \"%4\" is not a positive whole number.")};
inline constexpr DiagnosticKind kKernelTableTime{
    "kernel-table-time", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2, column seconds: \"%3\" is not a positive time in seconds.")};
inline constexpr DiagnosticKind kKernelTableGpu{
    "kernel-table-gpu", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2, column gpu: the GPU preset id is missing.")};
inline constexpr DiagnosticKind kKernelTableDtype{
    "kernel-table-dtype", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2, column dtype: unknown data type \"%3\" (known: %4).")};
inline constexpr DiagnosticKind kKernelTableDuplicate{
    "kernel-table-duplicate", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1, line %2: the shape %3 was already measured on line %4.")};
inline constexpr DiagnosticKind kKernelTableEmpty{"kernel-table-empty", Severity::Error,
                                                  MW_TR_NOOP("Diagnostics", "%1 holds no GEMM rows.")};

} // namespace diag

} // namespace core
