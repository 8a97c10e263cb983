// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/kernelterms.h"

#include "base/units.h"
#include "framework/frameworkprofile.h"

#include <algorithm>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);
constexpr std::array<std::string_view, kPassCount> kPassNames{"forward", "data gradient", "weight gradient"};

ModelTerm term(std::string id, double value, std::string unit, std::string formula, std::string source)
{
    return {std::move(id), value, std::move(unit), std::move(formula), std::move(source)};
}

std::string shapeText(const GemmShape& s)
{
    std::string out;
    if (s.b != 1)
        out = formatNumber(s.b) + " × ";
    return out + "(" + formatNumber(s.m) + " × " + formatNumber(s.k) + ") · (" + formatNumber(s.k) + " × "
        + formatNumber(s.n) + ")";
}

// How one time was found, in a few words.
std::string basis(const GemmTime& t, const GemmModel& gemms)
{
    std::string out;
    if (t.basis == GemmBasis::Roofline)
        out = "roofline fallback";
    else if (t.beyondTable)
        out = "table plateau";
    else if (t.belowTable)
        out = "below the table";
    else
        out = "table, interpolated";
    if (gemms.userTable(t))
        out += " (user table)";
    if (t.viaKernelsOf)
        out += " of " + std::string(gemms.tableGpu(t)) + " at this GPU's peak";
    if (t.hbmBound)
        out += ", HBM-bound";
    if (t.fp8AsBf16)
        out += ", FP8 as BF16";
    return out;
}

// What a GEMM's time in a training step is against the table's (layerkernels.h kTrainingGemmShare), for the
// GEMM's term and the step's source alike.
std::string trainingShareText(double trainingFactor)
{
    return "in a training step × " + formatNumber(trainingFactor, 4) + ": its GEMMs at "
        + formatNumber(kTrainingGemmShare, 3)
        + " of the rate the same GEMM reaches timed alone in a benchmark, as on A100 (the calibration runs' "
          "rate against its benchmark maximum; docs/kernel-model.md, \"A training step's GEMMs against a "
          "benchmark's\")";
}

// The FP8 recipe behind the casts' bytes, where there are casts: ", tensorwise scaling, 6 B per element".
std::string castText(const LayerKernels& k)
{
    if (k.castBytes <= 0)
        return {};
    return ", " + std::string(enumName(k.fp8Recipe)) + " scaling, " + formatNumber(k.castBytesPerElement, 5)
        + " B per element"
        + (k.weightCastBytes > 0
               ? ", with the weights' casts in every micro-batch " + formatBytes(k.weightCastBytes)
               : "");
}

// How TP overlap ran the pass (layerkernels.h): its chunks and the SMs it left the GEMM.
std::string overlapText(const LayerGemm& g, std::size_t pass, const GpuSpec& gpu)
{
    const int chunks = g.splitChunks[pass];
    const std::string inFlight = ", " + std::to_string(kUserbufferStreams) + " at a time";
    std::string text;
    switch (g.overlapMethod[pass]) {
    case TpOverlapMethod::None:
        return text;
    case TpOverlapMethod::RingExchange:
        return ", " + std::to_string(chunks) + " TP chunks on TE's ring exchange"
            + (chunks > 1 ? inFlight : "");
    case TpOverlapMethod::Pipeline:
        text = ", " + std::to_string(chunks) + " chunks of TE's pipelined reduce-scatter" + inFlight;
        break;
    case TpOverlapMethod::Bulk:
        text = ", beside TE's bulk collective";
        break;
    case TpOverlapMethod::FusedAllGatherMatmul:
    case TpOverlapMethod::FusedMatmulReduceScatter:
        return ", " + std::to_string(chunks) + " TP chunks of PyTorch's fused "
            + (g.overlapMethod[pass] == TpOverlapMethod::FusedAllGatherMatmul ? "all-gather-matmul"
                                                                              : "matmul-reduce-scatter")
            + (chunks > kSymmetricMemoryStreams
                   ? ", " + std::to_string(kSymmetricMemoryStreams) + " at a time"
                   : "")
            + ", on all SMs";
    }
    if (g.smShare[pass] < 1)
        return text + ", on " + std::to_string(gpu.smCount - kUserbufferCommSms) + " of "
            + std::to_string(gpu.smCount) + " SMs";
    return text + ", on all SMs (the GPU's SM count is not known)";
}

ModelTerm gemmTerm(const LayerGemm& g, const GpuSpec& gpu, const GemmModel& gemms, std::string_view prefix)
{
    // Built whole rather than assigned field by field: GCC 12 warns falsely (-Wrestrict, its bug 105651)
    // on assigning a literal to a string after the concatenation is inlined.
    ModelTerm t{"kernel." + std::string(prefix) + std::string(g.name), 0.0, std::string("s"), {}, {}};
    std::string formula = std::string(enumName(g.dtype)) + ": ";
    for (std::size_t pass = 0; pass < kPassCount; ++pass) {
        t.value += g.times[pass].seconds;
        if (pass > 0)
            formula += "; ";
        formula += std::string(g.weightGradient ? kPassNames[pass]
                                   : pass == 0  ? "forward"
                                                : "backward")
            + " " + shapeText(g.shapes[pass]) + " " + formatSeconds(g.times[pass].seconds) + " ("
            + basis(g.times[pass], gemms);
        formula += overlapText(g, pass, gpu);
        formula += ")";
    }
    if (g.trainingFactor != 1)
        formula += "; " + trainingShareText(g.trainingFactor);
    if (g.tableFp8Factor != 1)
        formula += "; FP8: the table's rows × " + formatNumber(g.tableFp8Factor, 4)
            + ", Transformer Engine's measured speedup over BF16 at training shapes ("
            + formatNumber(kTrainingFp8Speedup, 3)
            + ", its GEMM profiling guide) where the table's rows have " + formatNumber(kTableFp8Speedup, 3);
    if (g.recipeFactor != 1)
        formula += "; MXFP8: the per-tensor FP8 rows × " + formatNumber(g.recipeFactor, 4)
            + ", cuBLAS's block-scaled kernels at training shapes (Transformer Engine's GEMM profiling "
              "guide)";
    t.formula = formula;
    const Explanation x = gemms.explain(g.times[0], gpu, timedShape(g, 0), g.dtype);
    t.source = x.source + ". " + x.note;
    return t;
}

} // namespace

void appendKernelTerms(std::vector<ModelTerm>& terms, const LayerKernels& k, const GpuSpec& gpu,
                       const GemmModel& gemms, std::string_view prefix)
{
    for (const LayerGemm& g : k.gemms)
        terms.push_back(gemmTerm(g, gpu, gemms, prefix));
    const std::string p(prefix);
    if (k.flashAttention) {
        const Explanation x = explainAttention(k.attentionForward, gpu, k.attention);
        // The forward's explanation speaks for both passes but for the head dimension's factor, which
        // differs between them where the kernel's source measured both (attentionkernel.h).
        std::string note = x.note;
        if (k.attentionBackward.headDimFactor != k.attentionForward.headDimFactor)
            note += " Its backward runs at " + formatNumber(k.attentionBackward.headDimFactor * 100)
                + " % of its rate at 128.";
        terms.push_back(
            {"kernel." + p + "attention", k.parts.attentionForward + k.parts.attentionBackward, "s",
             "forward " + formatSeconds(k.parts.attentionForward) + " + backward (2.5 × its FLOPs) "
                 + formatSeconds(k.parts.attentionBackward) + "; " + x.formula,
             x.source + ". " + note});
    }
    const Explanation e = explainElementwise(elementwiseTime(gpu, k.elementwiseBytes + k.castBytes), gpu);
    terms.push_back(
        {"kernel." + p + "elementwise", k.parts.elementwiseForward + k.parts.elementwiseBackward, "s",
         "forward (elementwisePasses × saved activations"
             + (k.eagerBytes > 0 ? " + eager PyTorch kernels beyond fused ones " + formatBytes(k.eagerBytes)
                                 : "")
             + " + FP8 casts " + formatBytes(k.castBytes) + castText(k)
             + (k.tpReduceBytes[0] > 0
                    ? " + asynchronous TP's sums of partial products " + formatBytes(k.tpReduceBytes[0])
                    : "")
             + ") / (η_HBM · HBM), backward 1.5 × the forward's traffic (6 bytes per element for 4)"
             + (k.eagerBytes > 0 ? ", the eager kernels' gradients as autograd runs them "
                        + formatBytes(k.eagerBytesBackward)
                                 : "")
             + " + the gradients' casts"
             + (k.tpReduceBytes[1] > 0 ? " + asynchronous TP's sums " + formatBytes(k.tpReduceBytes[1]) : ""),
         e.source + ". " + e.note
             + (k.castSource.empty() ? "" : " FP8 casts: " + std::string(k.castSource))});
    if (k.permutation.total() > 0) {
        const MoePermutationBytes& m = k.permutation;
        const Explanation x = explainElementwise(elementwiseTime(gpu, m.total()), gpu);
        const double seconds = k.parts.permute[0] + k.parts.permute[1] + k.parts.unpermute[0] + k.parts.unpermute[1];
        terms.push_back({"kernel." + p + "moe-permutation", seconds, "s",
                         "forward: permute " + formatBytes(m.permuteForward) + " (gather the routed copies, read and "
                             "write A) + unpermute " + formatBytes(m.unpermuteForward)
                             + " (weighted scatter back, read A, write X); backward: "
                             + formatBytes(m.unpermuteBackward) + " (3A) + " + formatBytes(m.permuteBackward)
                             + " (A + X); each + 2A × load for the chunk sort with several local experts; "
                               "/ (η_HBM · HBM)",
                         "Megatron-Core moe_utils.py permute / unpermute / sort_chunks_by_idxs "
                         "(MoEAlltoAllTokenDispatcher); Transformer Engine moe_permute / moe_unpermute; "
                             + x.source + ". " + x.note});
        terms.push_back({"kernel." + p + "moe-load", k.load.rank, "",
                         describeMoeLoad(k.load) + "; the expert GEMMs and the EP all-to-alls of that "
                                                           "rank are priced at its tokens",
                         "capacity: Switch Transformer (Fedus et al. 2022, §2.2), GShard (Lepikhin et al. 2020), "
                         "Megatron-Core --moe-expert-capacity-factor / get_capacity; skew: workload.moeExpertLoadSkew"});
    }
    const Explanation a = explainElementwise(elementwiseTime(gpu, k.accumulatedGradientBytes), gpu);
    terms.push_back({"kernel." + p + "gradient-accumulation", k.parts.gradientAccumulation, "s",
                     "weights (under ZeRO-2/3 the rank's shard) × 2 × gradient bytes " + formatBytes(k.accumulatedGradientBytes)
                         + " / (η_HBM · HBM): the micro-batch's weight gradients added to the buffer",
                     "Megatron-LM main_grad accumulation (fused_weight_gradient_mlp_cuda."
                     "wgrad_gemm_accum_fp32, or the parameter hook's main_grad.add_); "
                         + a.source + ". " + a.note});
}

void appendEmbeddingTerm(std::vector<ModelTerm>& terms, const LayerGemm& head, const GpuSpec& gpu)
{
    const EmbeddingBytes lookup = embeddingBytes(head);
    const ElementwiseTime time = elementwiseTime(gpu, lookup.forward + lookup.backward);
    const Explanation e = explainElementwise(time, gpu);
    const std::string forward = "forward " + formatBytes(lookup.forward)
        + " (2 × tokens × hidden × 2 B: read each token's row, write its activation)";
    const std::string backward = "backward " + formatBytes(lookup.backward)
        + " (vocab/TP × hidden × 2 B zero-filled + 3 × tokens × hidden × 2 B)";
    terms.push_back({"kernel.embedding", time.seconds, "s",
                     forward + " + " + backward + " / (η_HBM · HBM), on the first stage",
                     "Megatron-Core VocabParallelEmbedding (F.embedding); PyTorch embedding_dense_backward. "
                         + e.source});
}

void appendHeadTerm(std::vector<ModelTerm>& terms, const LayerGemm& head, const GpuSpec& gpu,
                    const GemmModel& gemms, LossKernel kind)
{
    terms.push_back(gemmTerm(head, gpu, gemms, ""));
    const CrossEntropyBytes loss = crossEntropyBytes(head, kind);
    const ElementwiseTime time = elementwiseTime(gpu, loss.forward() + loss.backward());
    const Explanation e = explainElementwise(time, gpu);
    terms.push_back(
        {"kernel.cross-entropy", time.seconds, "s",
         "forward " + formatNumber(loss.forwardPerLogit) + " B + backward "
             + formatNumber(loss.backwardPerLogit) + " B per logit × " + formatNumber(loss.logits)
             + " logits (tokens × vocab/TP) / (η_HBM · HBM)",
         std::string(kind == LossKernel::TransformerEngine
                         ? "Transformer Engine's fused loss "
                           "(transformer_engine/pytorch/triton/cross_entropy.py: online softmax, "
                           "the gradient written in place of the BF16 logits; the "
                           "fusedCrossEntropy switch). "
                         : kind == LossKernel::Compiled
                         ? "PyTorch's cross_entropy compiled with the model (torchtitan compiles its "
                           "loss under --compile): counted as Transformer Engine's fused kernel, "
                           "the BF16 logits read and their BF16 gradient written (layerkernels.h). "
                         : "Megatron-LM core/tensor_parallel/cross_entropy.py "
                           "(VocabParallelCrossEntropy: FP32 max, exp, sum and softmax saved "
                           "for backward); PyTorch's eager cross_entropy over FP32 logits moves "
                           "about as much. ")
             + e.source});
}

namespace {

// The GEMM the layer's one-line summaries speak for: its first, or the head where a layer has none.
const LayerGemm& summaryGemm(const LayerKernels& k, const LayerGemm& head)
{
    return k.gemms.empty() ? head : k.gemms.front();
}

} // namespace

std::string gemmOrigin(const LayerKernels& k, const LayerGemm& head, const GemmModel& gemms)
{
    const GemmTime& t = summaryGemm(k, head).times[0];
    if (t.basis == GemmBasis::Roofline)
        return "a roofline, no measured table for this GPU";
    if (gemms.userTable(t))
        return "the design's own kernel table";
    return t.viaKernelsOf ? "measured kernel tables of its die (" + std::string(gemms.tableGpu(t)) + ")"
                          : std::string("measured kernel tables");
}

std::string kernelSourceSummary(const LayerKernels& k, const LayerGemm& head, const GpuSpec& gpu,
                                const GemmModel& gemms)
{
    std::string out;
    const LayerGemm& first = summaryGemm(k, head);
    const Explanation gemm = gemms.explain(first.times[0], gpu, first.shapes[0], first.dtype);
    out = "GEMMs: " + gemm.note + " (" + gemm.source + ")";
    if (first.trainingFactor != 1)
        out += ", " + trainingShareText(first.trainingFactor);
    if (k.flashAttention) {
        out += "; attention: " + std::string(k.attentionForward.kernel)
            + (k.attentionForward.fallback ? " (fallback efficiency)" : "") + " — "
            + std::string(k.attentionForward.source);
    } else {
        out += "; attention: unfused QKᵀ and AV GEMMs";
    }
    out += "; elementwise: HBM-bound at " + formatNumber(hbmEfficiency(gpu) * 100) + " % of " + gpu.name
        + "'s " + formatBytes(gpu.hbmBandwidth) + "/s";
    if (k.timeScale != 1)
        out += "; × " + formatNumber(k.timeScale) + " from the design's compute model";
    return out;
}

// The terms a person needs to redo the numbers; the kernel terms follow (kernelterms.h).
std::vector<ModelTerm> modelTerms(const Design& design, const StageTimes& out)
{
    std::vector<ModelTerm> terms;
    const ParallelLayout& l = design.layout;
    const LayerFlops dense = layerForwardFlops(design.model, 0, design.workload.sequenceLength, l.microBatch,
                                               l.tp(), l.cp(), expertSplit(l));
    const std::string narayanan
        = "Narayanan et al., SC'21, appendix; Megatron-LM num_floating_point_operations";
    terms.push_back(
        term("gpuPeakFlops", out.gpuPeakFlops, "FLOP/s", "dense BF16 peak of the slowest GPU", "GPU preset"));
    terms.push_back(term("gpuMemoryBandwidth", out.gpuMemoryBandwidth, "B/s",
                         "HBM bandwidth of the slowest GPU", "GPU preset"));
    terms.push_back(term("computeEfficiency", out.computeEfficiency, "",
                         "GEMM FLOPs / GEMM time / dense BF16 peak over one layer's forward, data- and "
                         "weight-gradient GEMMs",
                         "kernel model (docs/kernel-model.md): " + out.kernelSource));
    terms.push_back(term("layerLinearFlops", dense.linear, "FLOP",
                         "2·s/CP·b·((attention + MLP parameters)/TP + router + top-k experts/expert TP)",
                         narayanan));
    terms.push_back(
        term("layerAttentionFlops", dense.attention, "FLOP",
             design.model.isSlidingLayer(0)
                 ? "2·b·pairs/CP·heads·(d_qk + d_v)/TP, pairs = s(s + 1)/2 up to the sliding window w, "
                   "w(w + 1)/2 + (s − w)·w beyond it"
                 : "2·b·s(s + 1)/2/CP·heads·(d_qk + d_v)/TP (causal: the lower triangle)",
             "Dao 2023, FlashAttention-2 §4.1 (causal FLOPs); "
                 + std::string(design.model.isSlidingLayer(0) ? "Mistral 7B, arXiv:2310.06825 §2; " : "")
                 + narayanan));
    terms.push_back(term("backwardFactor", 2, "",
                         "data gradient dX = dY·Wᵀ and weight gradient dW = Xᵀ·dY, each as many FLOPs "
                         "as the forward GEMM, at their own shapes; attention backward 2.5 × forward",
                         "Narayanan et al., SC'21, appendix; Dao 2023 §4.1"));
    if (!out.stages.empty()) {
        const StageWork& first = out.stages.front();
        terms.push_back(term("layerForwardSeconds", first.denseLayer[kF].seconds, "s",
                             "Σ kernel times (GEMMs, attention, elementwise) + exposed TP/EP communication",
                             "kernel model (docs/kernel-model.md): " + out.kernelSource));
        terms.push_back(term("stageForwardSeconds", first.seconds[kF], "s", "layers × layer time (+ head)",
                             "this model"));
        const StageWork& last = out.stages.back();
        if (last.mtpLayers > 0)
            terms.push_back(term(
                "mtpSeconds", last.mtpSeconds[kF] + last.mtpSeconds[kI] + last.mtpSeconds[kW], "s",
                "depths × (a layer of the last layer's kind + the projection (T × 2h) · (2h × h/TP) "
                "+ the output head and its loss once more), forward, data and weight gradient, on "
                "the last stage for every micro-batch",
                frameworkProfile(design).mtpSource.empty() ? std::string("DeepSeek-V3, arXiv:2412.19437 §2.2")
                                                           : frameworkProfile(design).mtpSource));
        if (first.offloadedLayers > 0)
            terms.push_back(
                term("activationOffloadSeconds", first.offloadSeconds[kF] + first.offloadSeconds[kI], "s",
                     "Σ over the offloaded layers: max(0, activations / host copy bandwidth − the "
                     "layer's forward) + max(0, the same − its backward)",
                     frameworkProfile(design).activationOffloadSource));
    }
    terms.push_back(term("boundaryBytes", out.boundaryBytes, "B",
                         "[s/CP (/TP with SP), b, h] × bytes per value (2 in BF16)",
                         "Megatron-LM schedules.py get_tensor_shapes"));
    if (!out.boundarySeconds.empty())
        terms.push_back(term(
            "boundarySeconds", *std::max_element(out.boundarySeconds.begin(), out.boundarySeconds.end()), "s",
            "a 2-rank send on the two stages' GPUs: NCCL base latency + α + bytes / (η · bandwidth), "
            "across nodes on one GPU's network card",
            "NCCL src/graph/paths.cc (a peer's channels on its GPU's card); docs/collectives.md"));
    return terms;
}

} // namespace core
