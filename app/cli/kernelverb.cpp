// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/kernelverb.h"

#include "base/jsonparse.h"
#include "base/jsonreader.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "compute/attentionkernel.h"
#include "compute/gemmmodel.h"
#include "pipeline/layerkernels.h"

#include <iomanip>
#include <optional>
#include <sstream>

namespace cli {

using namespace core;

namespace {

inline constexpr std::string_view kKernelFormat = "meshwright.kernel";
inline constexpr int kKernelVersion = 1;

struct KernelFlags
{
    std::string gpu;
    std::optional<GemmShape> gemm;
    GemmDtype dtype = GemmDtype::Bf16;
    bool attention = false;
    AttentionShape attentionShape;
    AttentionPass pass = AttentionPass::Forward;
    bool json = false;
};

GemmDtype readDtype(const std::string& text)
{
    if (text == "fp8") // Transformer Engine's and the README's short name for E4M3 GEMMs
        return GemmDtype::Fp8E4m3;
    if (const auto dtype = enumFromName<GemmDtype>(text))
        return *dtype;
    throw UsageError("--dtype: '" + text + "' is not a data type (bf16, fp8 or fp8-e4m3)");
}

KernelFlags readFlags(Arguments& args)
{
    constexpr std::int64_t kMaxDim = std::int64_t{1} << 24; // far beyond any kernel, and exact as a double
    KernelFlags flags;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--gpu")
            flags.gpu = args.value(arg);
        else if (arg == "--gemm") {
            GemmShape shape;
            shape.b = double(args.integer("--gemm B", 1, kMaxDim));
            shape.m = double(args.integer("--gemm M", 1, kMaxDim));
            shape.n = double(args.integer("--gemm N", 1, kMaxDim));
            shape.k = double(args.integer("--gemm K", 1, kMaxDim));
            flags.gemm = shape;
        } else if (arg == "--dtype")
            flags.dtype = readDtype(args.value(arg));
        else if (arg == "--attention")
            flags.attention = true;
        else if (arg == "--batch")
            flags.attentionShape.batch = double(args.integer(arg, 1, kMaxDim));
        else if (arg == "--heads")
            flags.attentionShape.heads = double(args.integer(arg, 1, kMaxDim));
        else if (arg == "--head-dim")
            flags.attentionShape.headDim = double(args.integer(arg, 1, kMaxDim));
        else if (arg == "--seq-len")
            flags.attentionShape.queries = flags.attentionShape.keys = double(args.integer(arg, 1, kMaxDim));
        else if (arg == "--no-causal")
            flags.attentionShape.causal = false;
        else if (arg == "--backward")
            flags.pass = AttentionPass::Backward;
        else if (arg == "--json")
            flags.json = true;
        else
            throw UsageError("kernel: unknown argument '" + arg + "'");
    }
    if (flags.gpu.empty())
        throw UsageError("kernel: --gpu ID is required (see `presets`)");
    if (flags.gemm.has_value() == flags.attention)
        throw UsageError("kernel: give either --gemm B M N K or --attention");
    if (flags.attention) {
        const AttentionShape& a = flags.attentionShape;
        if (a.heads <= 0 || a.headDim <= 0 || a.queries <= 0)
            throw UsageError("kernel --attention: --heads, --head-dim and --seq-len are required");
    }
    return flags;
}

std::string basisText(const GemmModel& model, const GemmTime& t)
{
    if (t.basis == GemmBasis::Roofline)
        return "roofline fallback: no measured table for this GPU and data type";
    std::string text = model.userTable(t) ? "your table " : "measured table ";
    text += model.tableSource(t);
    text += t.beyondTable ? ", beyond its largest shapes (plateau)"
        : t.belowTable    ? ", below its smallest shapes"
                          : ", interpolated";
    if (t.viaKernelsOf) {
        const GpuSpec* die = Catalog::builtin().gpu(model.tableGpu(t));
        text += "; the rows of " + (die ? die->name : std::string(model.tableGpu(t)))
            + ", whose kernels this GPU runs, × " + formatNumber(t.kernelsScale, 4)
            + (t.measuredSpeed ? " (1 / its speed over them, measured on both)" : " (the peaks' ratio)");
    }
    return text;
}

void writeExplanation(std::ostream& out, const Explanation& e)
{
    out << "Formula   " << e.formula << "\n";
    for (const ExplanationInput& input : e.inputs)
        out << "  " << input.name << " = " << input.value << (input.unit.empty() ? "" : " ") << input.unit
            << "\n";
    out << "Source    " << e.source << "\n";
    if (!e.note.empty())
        out << "Note      " << e.note << "\n";
}

} // namespace

std::string kernelHelp()
{
    return "  kernel --gpu ID --gemm B M N K [--dtype bf16|fp8] [--json]\n"
           "  kernel --gpu ID --attention --heads H --head-dim D --seq-len S [--batch B] [--no-causal]\n"
           "         [--backward] [--json]\n"
           "      The modelled time of one kernel on one GPU: a GEMM B × (M × K) · (K × N) from the "
           "measured\n"
           "      tables (or a roofline where the GPU has none), or one FlashAttention call; with its "
           "source.\n";
}

int kernelVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    (void)err;
    const KernelFlags flags = readFlags(args);
    // A preset id typed on the command line names a built-in GPU.
    const GpuSpec* gpu = Catalog::builtin().gpu(flags.gpu);
    if (!gpu)
        throw UsageError("--gpu: unknown GPU '" + flags.gpu + "' (presets: " + Catalog::builtin().gpuIds()
                         + ")");

    Json report{{"format", kKernelFormat}, {"version", kKernelVersion}, {"gpu", gpu->id}};
    Explanation explanation;
    double seconds = 0, flops = 0;
    std::string headline, basis;
    double trainingFactor = 1; // what a training layer's GEMM takes beyond this time (layerkernels.h)
    double stepShareFactor = 1, fp8Factor = 1; // its two parts
    if (flags.gemm) {
        const GemmModel& model = GemmModel::builtin();
        const GemmTime t = model.time(*gpu, *flags.gemm, flags.dtype);
        seconds = t.seconds;
        flops = t.flops;
        basis = basisText(model, t);
        explanation = model.explain(t, *gpu, *flags.gemm, flags.dtype);
        const GemmShape& s = *flags.gemm;
        std::ostringstream shape;
        shape << s.b << " × (" << s.m << " × " << s.k << ") · (" << s.k << " × " << s.n << ") "
              << enumName(flags.dtype);
        headline = "GEMM " + shape.str();
        report["kind"] = "gemm";
        report["shape"] = {{"b", s.b}, {"m", s.m}, {"n", s.n}, {"k", s.k}};
        report["dtype"] = enumName(flags.dtype);
        report["basis"] = t.basis == GemmBasis::Table ? "table" : "roofline";
        report["tableGpu"] = std::string(model.tableGpu(t));
        report["fp8AsBf16"] = t.fp8AsBf16;
        if (t.fp8AsBf16)
            basis += "; this GPU has no FP8 tensor cores, so the GEMM is timed as BF16";
        stepShareFactor = trainingGemmFactor(t, *gpu, model);
        fp8Factor = trainingFp8Factor(t, flags.dtype, model);
        trainingFactor = stepShareFactor * fp8Factor;
        report["trainingFactor"] = trainingFactor;
    } else {
        const AttentionTime t = attentionTime(*gpu, flags.attentionShape, flags.pass);
        seconds = t.seconds;
        flops = t.flops;
        basis = std::string(t.kernel)
            + (t.fallback ? " (fallback efficiency: no published kernel for this GPU)" : "");
        explanation = explainAttention(t, *gpu, flags.attentionShape);
        const AttentionShape& a = flags.attentionShape;
        std::ostringstream shape;
        shape << (flags.pass == AttentionPass::Forward ? "forward" : "backward") << ", " << a.batch << " × "
              << a.heads << " heads × " << a.headDim << ", " << a.queries << " tokens"
              << (a.causal ? ", causal" : "");
        headline = "Attention " + shape.str();
        report["kind"] = "attention";
        report["shape"] = {{"batch", a.batch},
                           {"heads", a.heads},
                           {"headDim", a.headDim},
                           {"seqLen", a.queries},
                           {"causal", a.causal}};
        report["pass"] = flags.pass == AttentionPass::Forward ? "forward" : "backward";
        report["basis"] = t.fallback ? "fallback" : "published";
        report["efficiency"] = t.efficiency;
    }
    const double tflops = seconds > 0 ? flops / seconds / 1e12 : 0;
    if (flags.json) {
        report["seconds"] = seconds;
        report["flops"] = flops;
        report["tflops"] = tflops;
        report["explanation"] = explanationToJson(explanation);
        out << jsonText(report) << "\n";
        return kExitOk;
    }
    out << headline << " on " << gpu->name << "\n"
        << "Time      " << formatSeconds(seconds) << " · " << std::fixed << std::setprecision(0) << tflops
        << " TFLOP/s\n"
        << std::defaultfloat << std::setprecision(6) << "From      " << basis << "\n";
    if (trainingFactor != 1)
        out << "Training  × " << formatNumber(trainingFactor, 4)
            << " in a training layer (docs/kernel-model.md)\n";
    if (stepShareFactor != 1)
        out << "          × " << formatNumber(stepShareFactor, 4) << ": a training step's GEMMs run at "
            << formatNumber(kTrainingGemmShare, 3) << " of a benchmark's rate (as on A100)\n";
    if (fp8Factor != 1)
        out << "          × " << formatNumber(fp8Factor, 4)
            << ": Transformer Engine's FP8 GEMMs at training shapes run "
            << formatNumber(kTrainingFp8Speedup, 3) << " times its BF16 ones, these rows "
            << formatNumber(kTableFp8Speedup, 3) << " times theirs\n";
    writeExplanation(out, explanation);
    return kExitOk;
}

} // namespace cli
