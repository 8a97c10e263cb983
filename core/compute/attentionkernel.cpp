// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/attentionkernel.h"

#include "base/units.h"
#include "compute/gpupeaks.h"

#include <algorithm>
#include <array>

namespace core {

namespace {

// Long-sequence efficiency η∞ of the FlashAttention kernel each GPU runs, causal, head dimension 128, of
// the dense BF16 peak: the published TFLOP/s at 16K tokens × (16384 + 512) / 16384 (the saturation above)
// / the peak. docs/kernel-model.md tabulates the published curves.
struct PublishedKernel
{
    // The kernel's rate at another head dimension against its rate at 128, forward and backward; 1 where
    // the source has no measurement of that pass.
    struct HeadDimRate
    {
        double headDim = 0; // 0: unused
        double forward = 1;
        double backward = 1;
    };

    // The GPU preset whose published kernel it is; GPUs that run its kernels reach it through
    // GpuSpec::kernelsOf.
    std::string_view gpu;
    double forward;
    double backward;
    std::string_view kernel;
    std::string_view source;
    std::array<HeadDimRate, 2> headDims{};
    std::string_view headDimSource{};
};

// Blackwell Ultra's cuDNN at DeepSeek's 192/128, the same day and harness as its row below
// (dsv3/gb300/dsv3_20260724_041345.csv: 1,937 TFLOP/s forward at 8K, causal; the backward in 11.220 ms,
// 1,225 TFLOP/s counted as 2.5 × the forward, where cuDNN counts 2.6 ×), and at head dimension 64
// FlashAttention-4's own ratio on GB300 (pull request 2605, one harness: 1,215 against 1,749 forward at
// 16K without a causal mask); no backward at 64 is published.
// GB300's row, which B300 shares (below): 1,991 and 1,448 TFLOP/s of 2,500 at 8K, × (8192 + 512) / 8192.
constexpr double kBlackwellUltraForward = 0.846;
constexpr double kBlackwellUltraBackward = 0.615;
constexpr std::array<PublishedKernel::HeadDimRate, 2> kBlackwellUltraHeadDims{
    {{64, 1215.0 / 1749, 1}, {160, 1937.0 / 1991, 1225.0 / 1448}}};
constexpr std::string_view kBlackwellUltraHeadDimSource
    = "NVIDIA/cudnn-frontend dsv3/gb300/dsv3_20260724_041345.csv: DeepSeek's 192/128 (160 as counted) 1,937 "
      "TFLOP/s forward and 1,225 backward at 8K, causal, against llama3.1's 1,991 and 1,448; head dim 64: "
      "FlashAttention-4 on GB300 (Dao-AILab/flash-attention pull request 2605), 1,215 against 1,749 forward "
      "at 16K, its backward not published";

// The fastest kernel published for each GPU.
const std::array<PublishedKernel, 5>& bestKernels()
{
    static const std::array<PublishedKernel, 5> table{{
        // Forward and backward together: 189 TFLOP/s at 16K of 312 (Figure 4d, causal, head dim 128;
        // assets/flash2_a100_fwd_bwd_benchmark.png in Dao-AILab/flash-attention).
        {"a100-80gb",
         0.625,
         0.625,
         "FlashAttention-2",
         "Dao 2023, FlashAttention-2, Figure 4d: 189 TFLOP/s forward + backward at 16K on A100 (causal, head "
         "dim 128)",
         {{{64, 171.0 / 189, 171.0 / 189}}},
         "Dao 2023, Figure 4c against 4d: 171 against 189 TFLOP/s forward + backward at 16K "
         "(causal, head dim 64 and 128)"},
        // Forward 616 TFLOP/s at 16K (Figure 5d, causal, head dim 128), backward 561 (§4.1's backward
        // benchmark, head dim 128) of 989.
        {"h100-sxm-80gb",
         0.642,
         0.585,
         "FlashAttention-3",
         "Shah et al. 2024, FlashAttention-3, §4.1: 616 TFLOP/s forward (causal), 561 backward at 16K on "
         "H100 (head dim 128)",
         {{{64, 473.0 / 616, 474.0 / 561}, {256, 642.0 / 616, 1}}},
         "Shah et al. 2024, Figure 5: 473, 616 and 642 TFLOP/s forward at 16K (causal, head dim 64, 128, "
         "256); Figure 6: 474 against 561 backward (head dim 64 and 128, without a causal mask, the only "
         "published; none at 256)"},
        // Forward 1,418 TFLOP/s and backward 1,209 (two-CTA, the default for head dim 128) at 8K, causal,
        // head dim 128 on B200, of 2,250: × (8192 + 512) / 8192.
        {"b200-180gb",
         0.670,
         0.571,
         "FlashAttention-4",
         "Dao-AILab/flash-attention pull request 2280 (2026-02-27): FlashAttention-4 on B200, causal, "
         "head dim 128, 8K tokens: 1,418 TFLOP/s forward, 1,209 backward",
         {{{64, 879.0 / 1330, 1}, {160, 1494.1 / 1418.1, 971.1 / 1208.6}}},
         "Dao-AILab/flash-attention pull request 2605: head dim 64 forward 879 against 1,330 TFLOP/s at 16K "
         "(without a causal mask, one harness), its backward not published; pull request 2270: DeepSeek's "
         "192/128 (160 as counted) 1,494.1 forward and 971.1 backward at 8K, causal, against pull request "
         "2280's 1,418.1 and 1,208.6"},
        // Blackwell Ultra computes the softmax's exponent twice as fast as B200 (32 a clock and SM for 16:
        // FlashAttention-4, arXiv 2603.05451, §2.2). NVIDIA's cuDNN training benchmark measured it on GB300
        // beside GB200, same day and harness, at the same 2.5 PFLOP/s peak: forward 1,991 against 1,646,
        // backward 1,448 against 1,344 TFLOP/s at 8K (causal, head dim 128, 64 query and 8 KV heads, batch
        // 2; FLOPs counted as here), of 2,500: × (8192 + 512) / 8192. GB200's row there is within 5 % of
        // what B200's FlashAttention-4 gives it.
        {"gb300-279gb", kBlackwellUltraForward, kBlackwellUltraBackward, "cuDNN fused attention",
         "NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/results/llama3.1/gb300/"
         "llama3.1_20260724_040919.csv (cuDNN 9.26): GB300, causal, head dim 128, 8K tokens: 1,991 TFLOP/s "
         "forward, 1,448 backward",
         kBlackwellUltraHeadDims, kBlackwellUltraHeadDimSource},
        // B300 is the same Blackwell Ultra SM at a lower clock and peak, so the same share of it: NVIDIA's
        // cuDNN prefill of GPT-OSS 120B (head dim 64, attention sinks, 8K) ran 1,110 TFLOP/s on B300 and 925
        // on B200 at the same 2.25 PFLOP/s peak (benchmark/attention_inference results, cuDNN 9.25 and 9.27),
        // 1.20 times, as GB300's forward is 1.21 times GB200's.
        {"b300-270gb", kBlackwellUltraForward, kBlackwellUltraBackward, "cuDNN fused attention",
         "GB300's measurement (NVIDIA/cudnn-frontend sdpa_benchmark_training, cuDNN 9.26: causal, head dim "
         "128, 8K tokens, 1,991 TFLOP/s forward, 1,448 backward of 2,500), the same Blackwell Ultra SM; on "
         "B300 itself cuDNN's GPT-OSS prefill ran 1.20 times B200's",
         kBlackwellUltraHeadDims, kBlackwellUltraHeadDimSource},
    }};
    return table;
}

// FlashAttention-2 where its curve is published: A100 (the row above) and H100, where FlashAttention-3's
// paper measured it beside its own kernel.
const std::array<PublishedKernel, 2>& flashAttention2Kernels()
{
    static const std::array<PublishedKernel, 2> table{{
        bestKernels()[0],
        // Forward 335 TFLOP/s at 16K (Figure 5d, causal, head dim 128: 191, 260, 298, 319, 333, 335 from 512
        // to 16K), backward 322 (the backward benchmark, head dim 128: 214 … 322) of 989: "FlashAttention-2
        // achieving only 35 % utilization on the H100" (abstract).
        {"h100-sxm-80gb",
         0.349,
         0.336,
         "FlashAttention-2",
         "Shah et al. 2024, FlashAttention-3, §4.1: FlashAttention-2 on H100 at 16K, 335 TFLOP/s forward "
         "(causal), 322 backward (head dim 128)",
         {{{64, 299.0 / 335, 291.0 / 322}, {256, 298.0 / 335, 1}}},
         "Shah et al. 2024, Figures 5 and 6: FlashAttention-2 at 16K, 299, 335 and 298 TFLOP/s forward "
         "(causal, head dim 64, 128, 256), 291 against 322 backward (64 and 128, without a causal mask)"},
    }};
    return table;
}

template<std::size_t N>
const PublishedKernel* kernelIn(const std::array<PublishedKernel, N>& table, std::string_view gpu)
{
    if (gpu.empty())
        return nullptr;
    for (const PublishedKernel& kernel : table)
        if (kernel.gpu == gpu)
            return &kernel;
    return nullptr;
}

const PublishedKernel* kernelFor(const GpuSpec& gpu, AttentionKernel kind)
{
    // A GPU without a row of its own that runs another's kernels (GpuSpec::kernelsOf: A100 40 GB A100 80
    // GB's, H200, H800 and H100 PCIe H100's, GB200 B200's) runs that GPU's kernel at the same share of its
    // own peak; B300 and GB300 have rows of their own (their exponent unit is not B200's).
    const auto find = [&](const auto& table) {
        const PublishedKernel* kernel = kernelIn(table, gpu.id);
        return kernel ? kernel : kernelIn(table, gpu.kernelsOf);
    };
    return kind == AttentionKernel::FlashAttention2 ? find(flashAttention2Kernels()) : find(bestKernels());
}

// The kernel's rate at head dimension d against its rate at 128: linear in d between the dimensions its
// source measured (128 itself at 1), the nearest one's beyond them.
double headDimFactor(const PublishedKernel& kernel, double d, AttentionPass pass)
{
    std::array<std::pair<double, double>, 3> points{}; // (head dimension, factor), ascending
    std::size_t n = 0;
    points[n++] = {128, 1};
    // Each in its place as it comes (std::sort here has GCC 12 warn of its 16-element threshold).
    for (const PublishedKernel::HeadDimRate& rate : kernel.headDims) {
        if (!(rate.headDim > 0))
            continue;
        std::size_t at = n++;
        for (; at > 0 && points[at - 1].first > rate.headDim; --at)
            points[at] = points[at - 1];
        points[at] = {rate.headDim, pass == AttentionPass::Forward ? rate.forward : rate.backward};
    }
    if (!(d > points[0].first))
        return points[0].second;
    for (std::size_t i = 1; i < n; ++i)
        if (d <= points[i].first) {
            const auto [d0, f0] = points[i - 1];
            const auto [d1, f1] = points[i];
            return f0 + (f1 - f0) * (d - d0) / (d1 - d0);
        }
    return points[n - 1].second;
}

} // namespace

double attentionPairs(const AttentionShape& shape)
{
    const double queries = std::max(0.0, shape.queries);
    const double keys = std::max(queries, shape.keys);
    const double window = shape.window;
    if (!shape.causal)
        return queries * (window > 0 ? std::min(keys, window) : keys);
    if (window <= 0 || window >= keys)
        return queries * (keys - queries) + queries * (queries + 1) / 2;
    // Query j (1-based over the keys) sees min(j, w) keys; the queries are j = s_k − s_q + 1 … s_k.
    const double first = keys - queries + 1;
    if (first >= window)
        return queries * window;
    return (first + window) * (window - first + 1) / 2 + (keys - window) * window;
}

double attentionFlops(const AttentionShape& shape, AttentionPass pass)
{
    const double forward = 4.0 * shape.batch * shape.heads * shape.headDim * attentionPairs(shape);
    return pass == AttentionPass::Forward ? forward : 2.5 * forward;
}

AttentionTime attentionTime(const GpuSpec& gpu, const AttentionShape& shape, AttentionPass pass,
                            AttentionKernel kind)
{
    AttentionTime out;
    out.flops = attentionFlops(shape, pass);
    if (const PublishedKernel* kernel = kernelFor(gpu, kind)) {
        out.headDimFactor = headDimFactor(*kernel, shape.headDim, pass);
        out.longSequenceEfficiency
            = (pass == AttentionPass::Forward ? kernel->forward : kernel->backward) * out.headDimFactor;
        out.kernel = kernel->kernel;
        out.source = kernel->source;
        if (shape.headDim != 128)
            out.headDimSource = kernel->headDimSource;
    } else {
        out.longSequenceEfficiency = kAttentionFallbackEfficiency;
        out.fallback = true;
        out.kernel = kind == AttentionKernel::FlashAttention2 ? "FlashAttention-2" : "FlashAttention";
        out.source
            = "fallback: the lower end of FlashAttention-2's 50-73 % of the A100 peak (Dao 2023, abstract)";
    }
    // Under a window each query's inner loop runs over at most the window's keys: the kernel is as efficient
    // as on a sequence of that length.
    double keys = std::max(shape.queries, shape.keys);
    if (shape.window > 0)
        keys = std::min(keys, shape.window);
    out.efficiency = keys > 0 ? out.longSequenceEfficiency * keys / (keys + kAttentionHalfTokens) : 0.0;
    const double rate = out.efficiency * gpu.bf16Flops;
    out.seconds = rate > 0 ? out.flops / rate : 0.0;
    return out;
}

Explanation explainAttention(const AttentionTime& time, const GpuSpec& gpu, const AttentionShape& shape)
{
    Explanation x;
    x.formula = shape.causal
        ? "t = 4·b·h·d·(s_q·(s_k − s_q) + s_q·(s_q + 1)/2) × pass / (η∞ · s_k/(s_k + 512) · peak)"
        : "t = 4·b·h·d·s_q·s_k × pass / (η∞ · s_k/(s_k + 512) · peak)";
    x.input("sequences b", shape.batch)
        .input("query heads h", shape.heads)
        .input("head dimension d", shape.headDim)
        .input("queries s_q", shape.queries, "tokens")
        .input("keys s_k", shape.keys, "tokens")
        .input("η∞", time.longSequenceEfficiency)
        .input("dense BF16 peak", gpu.bf16Flops, "FLOP/s");
    if (time.headDimFactor != 1)
        x.input("of η∞, the kernel's rate at d against d = 128", time.headDimFactor);
    if (shape.window > 0) {
        x.input("sliding window w", shape.window, "tokens");
        x.formula += "; a query sees at most w keys, and s_k is at most w in the efficiency";
    }
    x.source = std::string(time.source);
    if (!time.headDimSource.empty())
        x.source += "; head dimension: " + std::string(time.headDimSource);
    x.note = std::string(time.kernel) + " on " + gpu.name + " at " + formatNumber(time.efficiency * 100)
        + " % of the BF16 peak" + (shape.causal ? ", causal: only the lower triangle is computed." : ".");
    if (time.headDimFactor != 1)
        x.note += " At head dimension " + formatNumber(shape.headDim) + " it runs at "
            + formatNumber(time.headDimFactor * 100) + " % of its rate at 128.";
    else if (shape.headDim != 128 && !time.fallback)
        x.note += " No rate of it at head dimension " + formatNumber(shape.headDim)
            + " is published: taken as at 128.";
    if (time.fallback)
        x.note += " No published curve of this kernel for this GPU: fallback efficiency.";
    return x;
}

ElementwiseTime elementwiseTime(const GpuSpec& gpu, double bytes)
{
    ElementwiseTime out;
    out.bytes = std::max(0.0, bytes);
    out.bandwidth = gpu.hbmBandwidth * hbmEfficiency(gpu);
    out.seconds = out.bandwidth > 0 ? out.bytes / out.bandwidth : 0.0;
    return out;
}

Explanation explainElementwise(const ElementwiseTime& time, const GpuSpec& gpu)
{
    Explanation x;
    x.formula = "t = bytes / (η_HBM · HBM bandwidth)";
    x.input("bytes read and written", time.bytes, "bytes")
        .input("η_HBM", hbmEfficiency(gpu))
        .input("HBM bandwidth", gpu.hbmBandwidth, "bytes/s");
    x.source = "HBM bandwidth: " + gpu.source + "; " + hbmEfficiencySource(gpu);
    x.note = "Bound by HBM bandwidth on " + gpu.name + ".";
    return x;
}

} // namespace core
