// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/layerkernels.h"

#include "catalog/model.h"
#include "comm/groupcollective.h"
#include "design/fp8scaling.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "framework/oplevelpolicy.h"
#include "memory/activations.h"
#include "memory/memory.h"
#include "memory/modelshard.h"

#include <algorithm>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);

// An elementwise kernel's backward reads the incoming gradient and its saved input and writes one gradient
// where its forward read one tensor and wrote one: norms, GeLU/SwiGLU and softmax move 6 bytes per element
// backward for 4 forward, dropout 5 for 5 (its mask read back); 1.5 × the forward's traffic.
constexpr double kElementwiseBackwardFactor = 1.5;

// Every micro-batch's weight gradients are added to the gradient buffer that persists over the step: the
// buffer is read and written once per micro-batch, 2 × its bytes per weight. Megatron-LM keeps it in FP32
// (main_grad; with gradient_accumulation_fusion the weight-gradient GEMM's epilogue does it in place of
// writing its BF16 result, fused_weight_gradient_mlp_cuda.wgrad_gemm_accum_fp32; without, the
// param hook's main_grad.add_(grad) reads the BF16 gradient too), PyTorch's AccumulateGrad in the
// parameters' type. The measured GEMM tables write a BF16 result and count none of it.
constexpr double kAccumulatorPasses = 2;

double d(std::int64_t v)
{
    return static_cast<double>(v);
}

// The tokens of one micro-batch on a rank: b sequences of s/CP tokens.
double microBatchTokens(const Design& design)
{
    return d(design.workload.sequenceLength) / design.layout.cp()
        * static_cast<double>(design.layout.microBatch);
}

// A GEMM Y = X·W with X (m × k) and W (k × n), b of them, in its three passes: forward, data gradient
// dX = dY·Wᵀ (m × k over n), weight gradient dW = Xᵀ·dY (k × n over m).
LayerGemm timedGemm(std::string_view name, GemmShape forward, GemmDtype dtype, const GpuSpec& gpu,
                    const GemmModel& gemms, double scale, bool weightGradient = true)
{
    LayerGemm g;
    g.name = name;
    g.dtype = dtype;
    g.weightGradient = weightGradient;
    g.shapes[kF] = forward;
    g.shapes[kI] = GemmShape{forward.b, forward.m, forward.k, forward.n};
    g.shapes[kW] = GemmShape{forward.b, forward.k, forward.n, forward.m};
    for (std::size_t pass = 0; pass < kPassCount; ++pass)
        g.times[pass] = gemms.time(gpu, g.shapes[pass], dtype);
    g.trainingFactor = trainingGemmFactor(g.times[kF], gpu, gemms);
    for (GemmTime& t : g.times)
        t.seconds *= scale * g.trainingFactor;
    return g;
}

double seconds(const LayerGemm& g, std::size_t pass)
{
    return g.times[pass].seconds;
}

// A pass under TE's userbuffers overlap (layerkernels.h): a ring exchange (split_overlap_ag_p2p,
// split_overlap_rs_p2p) runs the GEMM as TP chunks of m/TP rows, a pipeline (split_overlap_rs) as 4 of
// m/4, round-robin on 3 compute streams: at most three chunks run at once, sharing the SMs as one GEMM of
// 3·m/C rows would, so a pass of C > 3 chunks is timed as C/3 such GEMMs; the small chunks reach a smaller
// share of the peak (the tables' shape curve). Pipeline and bulk GEMMs run on the SMs the collective's 16
// leave (cuBLASLt's SM-count target, _math_sms); a GPU whose SM count is not known keeps them all.
// PyTorch's fused ops (layerkernels.h) run TP chunks on 2 streams, on every SM.

void runUnderOverlap(LayerGemm& g, std::size_t pass, TpOverlapMethod method, int tp, const GpuSpec& gpu,
                     const GemmModel& gemms, double scale)
{
    using M = TpOverlapMethod;
    g.overlapMethod[pass] = method;
    g.splitChunks[pass] = overlapChunks(method, tp);
    // TE's pipeline and bulk collectives run on SMs; the ring exchange and PyTorch's pulls on copy engines.
    if ((method == M::Pipeline || method == M::Bulk) && gpu.smCount > kUserbufferCommSms)
        g.smShare[pass] = static_cast<double>(gpu.smCount - kUserbufferCommSms) / gpu.smCount;
    const int chunks = g.splitChunks[pass];
    const int streams = overlapStreams(method);
    const double groups = chunks > streams ? static_cast<double>(chunks) / streams : 1.0;
    GemmTime time = gemms.time(gpu, timedShape(g, pass), g.dtype);
    time.seconds *= scale * groups / g.smShare[pass] * g.trainingFactor;
    time.flops *= groups;
    time.bytes *= groups;
    g.times[pass] = time;
}

// An FP8 GEMM as training runs it: on a built-in table, the table's rows × kTrainingFp8TableRatio (TE's
// measured speedup over BF16, layerkernels.h); under MXFP8 cuBLAS's block-scaled kernels, the per-tensor
// time × their measured ratio (kMxfp8KernelRatio). Neither where FP8 was timed as BF16 (a GPU without FP8
// tensor cores).
void applyRecipe(LayerGemm& g, const Design& design, const GemmModel& gemms)
{
    if (g.dtype != GemmDtype::Fp8E4m3 || g.times[kF].fp8AsBf16)
        return;
    g.tableFp8Factor = trainingFp8Factor(g.times[kF], g.dtype, gemms);
    if (design.workload.fp8Recipe == Fp8Recipe::Mxfp8)
        g.recipeFactor = kMxfp8KernelRatio;
    for (GemmTime& t : g.times)
        t.seconds *= g.tableFp8Factor * g.recipeFactor;
}

// Head dimensions of the score (Q·Kᵀ) and value (P·V) products.
std::pair<double, double> headDims(const ModelArchitecture& model)
{
    if (model.attention == AttentionKind::Mla)
        return {d(model.mla.qkNopeHeadDim + model.mla.qkRopeHeadDim), d(model.mla.vHeadDim)};
    return {d(model.headDim), d(model.headDim)};
}

// The linear GEMMs of the layer in the order a TP region runs them, into the parts they belong to.
void addLinearGemms(LayerKernels& k, const Design& design, int layer, const GpuSpec& gpu,
                    const GemmModel& gemms, double tokens)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const double tp = l.tp();
    const double h = d(model.hidden);
    const GemmDtype dtype = linearDtype(design);
    const double scale = k.timeScale;
    const LayerParameters p = layerParameters(model, layer);
    const double vHeads = d(model.heads) * headDims(model).second;
    const double qkvWidth = std::max(0.0, p.attention - vHeads * h) / h; // (q + 2·kv)·d, MLA's latents
    const double gated = model.mlp == MlpKind::Gated ? 2.0 : 1.0;

    using M = TpOverlapMethod;
    using Methods = std::array<TpOverlapMethod, kPassCount>;
    const TpRegionMethods region = tpRegionMethods(design);
    const bool overlap = l.tpOverlapInEffect();
    auto add = [&](std::string_view name, GemmShape shape, GemmDtype type,
                   std::array<double, kPassCount>& into, Methods methods = {}) {
        LayerGemm g = timedGemm(name, shape, type, gpu, gemms, scale);
        for (std::size_t pass = 0; overlap && pass < kPassCount; ++pass)
            if (methods[pass] != M::None)
                runUnderOverlap(g, pass, methods[pass], l.tp(), gpu, gemms, scale);
        applyRecipe(g, design, gemms);
        for (std::size_t pass = 0; pass < kPassCount; ++pass) {
            into[pass] += seconds(g, pass);
            // reduce_partials: the TP partial products of the pass's output (m × n) read, the shard written.
            const GemmShape& out = g.shapes[pass];
            if (g.overlapMethod[pass] == M::FusedMatmulReduceScatter)
                k.tpReduceBytes[pass] += activationBytesPerElement(design.workload.precision) * out.b * out.m
                    * out.n * (1 + 1 / tp);
        }
        k.gemms.push_back(std::move(g));
    };
    add("qkv", {1, tokens, qkvWidth / tp, h}, dtype, k.parts.qkv, region.first);
    add("projection", {1, tokens, h, vHeads / tp}, dtype, k.parts.outProjection, region.last);
    if (!model.isMoeLayer(layer)) {
        const double ffn = d(model.ffn) / tp;
        add("fc1", {1, tokens, gated * ffn, h}, dtype, k.parts.fc1, region.first);
        add("fc2", {1, tokens, h, ffn}, dtype, k.parts.fc2, region.last);
        return;
    }
    const MoeConfig& moe = model.moe;
    // Megatron-LM keeps the router out of FP8 (a plain linear layer, not a TE module).
    // With sequence parallelism Megatron-Core routes each TP rank's sequence shard (ParallelLayout::
    // routerTokenShare, routedTokenShare).
    add("router", {1, tokens * l.routerTokenShare(), d(moe.experts), h}, GemmDtype::Bf16, k.parts.fc1);
    const double local = std::max(1.0, static_cast<double>(moe.experts) / std::max(1, l.ep()));
    // The busiest rank sets the pace: its experts' tokens (moeload.h).
    k.load = moeLoad(design);
    const double perExpert = tokens * l.routedTokenShare() * moe.topK / local * k.load.rank;
    const double expertTp = std::max(1, l.effectiveExpertTp());
    const double expertFfn = d(moe.expertFfn) / expertTp;
    add("experts-fc1", {local, perExpert, gated * expertFfn, h}, dtype, k.parts.fc1);
    add("experts-fc2", {local, perExpert, h, expertFfn}, dtype, k.parts.fc2);
    if (moe.sharedExperts > 0) {
        const double shared = static_cast<double>(moe.sharedExperts) * d(moe.sharedExpertFfn) / tp;
        add("shared-fc1", {1, tokens, gated * shared, h}, dtype, k.parts.fc1);
        add("shared-fc2", {1, tokens, h, shared}, dtype, k.parts.fc2);
    }
}

// Attention: FlashAttention forward and backward, or the unfused QKᵀ and AV batched GEMMs.
void addAttention(LayerKernels& k, const Design& design, const GpuSpec& gpu, const GemmModel& gemms)
{
    const ModelArchitecture& model = design.model;
    const ParallelLayout& l = design.layout;
    const double s = d(design.workload.sequenceLength);
    const double b = static_cast<double>(l.microBatch);
    const auto [qk, value] = headDims(model);
    const double heads = d(model.heads) / l.tp();
    k.flashAttention = design.workload.flashAttention;
    if (k.flashAttention) {
        // Context parallelism splits each sequence over CP ranks in load-balanced chunks (Megatron-LM
        // splits it in 2·CP and pairs the first with the last), so every rank computes 1/CP of the
        // causal triangle: the whole triangle for b/CP sequences.
        k.attention = AttentionShape{b / l.cp(), heads, (qk + value) / 2, s, s, true};
        const AttentionKernel kind = design.workload.attentionKernel;
        k.attentionForward = attentionTime(gpu, k.attention, AttentionPass::Forward, kind);
        k.attentionBackward = attentionTime(gpu, k.attention, AttentionPass::Backward, kind);
        k.parts.attentionForward = k.attentionForward.seconds * k.timeScale;
        k.parts.attentionBackward = k.attentionBackward.seconds * k.timeScale;
        k.windowedAttentionForward = k.parts.attentionForward;
        k.windowedAttentionBackward = k.parts.attentionBackward;
        if (model.slidingWindow.any()) {
            AttentionShape windowed = k.attention;
            windowed.window = static_cast<double>(model.slidingWindow.tokens);
            k.windowedAttentionForward
                = attentionTime(gpu, windowed, AttentionPass::Forward, kind).seconds * k.timeScale;
            k.windowedAttentionBackward
                = attentionTime(gpu, windowed, AttentionPass::Backward, kind).seconds * k.timeScale;
        }
        return;
    }
    // Megatron-LM's unfused path: baddbmm over the whole square, then the masked softmax.
    const double batch = b * heads;
    const double queries = s / l.cp();
    for (LayerGemm g : {timedGemm("attention-scores", {batch, queries, s, qk}, GemmDtype::Bf16, gpu, gemms,
                                  k.timeScale, false),
                        timedGemm("attention-values", {batch, queries, value, s}, GemmDtype::Bf16, gpu, gemms,
                                  k.timeScale, false)}) {
        k.parts.attentionForward += seconds(g, kF);
        k.parts.attentionBackward += seconds(g, kI) + seconds(g, kW); // both are input gradients
        k.gemms.push_back(std::move(g));
    }
    k.parts.attentionGemmForward = k.parts.attentionForward;
    k.parts.attentionGemmBackward = k.parts.attentionBackward;
    k.windowedAttentionForward = k.parts.attentionForward;
    k.windowedAttentionBackward = k.parts.attentionBackward;
}

// Elementwise traffic: what the layer saves for backward, as the memory model counts it, read and written
// `elementwisePasses` times; the FP8 casts of every FP8 GEMM's input (forward) and incoming gradient
// (backward).
void addElementwise(LayerKernels& k, const Design& design, int layer, const GpuSpec& gpu, double passes)
{
    const ModelArchitecture& model = design.model;
    // The layer's saved bytes with nothing recomputed, as the memory model counts them.
    ActivationConfig config = activationConfig(design);
    config.recompute = Recompute::None;
    // The passes move the BF16 tensors; what FP8 adds is the casts below, whatever copy backward keeps.
    config.linearInputBytes = 2;
    // The norms run on the sequence shard; a gathered input kept for backward is the all-gather's output.
    config.savesGatheredInput = false;
    // The routed copies at the capacity's bound, as moeRoutedCopyBytes counts them (the skew of the busiest
    // rank is the permutation's and the expert GEMMs', priced with k.load).
    config.expertRankLoad = design.workload.moeCapacityFactor > 0 ? design.workload.moeCapacityFactor : 1.0;
    const bool moeLayer = model.isMoeLayer(layer);
    const FrameworkProfile& profile = frameworkProfile(design);
    const LayerActivations saved = layerActivationBytes(model, moeLayer, config);
    const double tokens = config.tokens * config.microBatch;
    // The routed copies are the permutation's to move (moeload.h), not the elementwise passes': those of
    // the tokens this rank routes.
    const double routedTokens = tokens * design.layout.routedTokenShare();
    const double routed = moeLayer ? moeRoutedCopyBytes(design, routedTokens) : 0.0;
    const EagerBytes eager = profile.eagerElementwise && !switchOn(design, Switch::TorchCompile)
        ? eagerElementwiseBytes(design, layer)
        : EagerBytes{};
    k.eagerBytes = eager.forward;
    k.eagerBytesBackward = eager.backward;
    k.elementwiseBytes = passes * std::max(0.0, saved.total() - routed) + k.eagerBytes;
    if (moeLayer)
        k.permutation = moePermutationBytes(design, routedTokens, k.load);
    k.scoreBytes = passes * saved.scores;
    k.fp8Recipe = design.workload.fp8Recipe;
    k.castBytesPerElement = fp8CastBytesPerElement(design);
    const Fp8WeightCast weightCast = fp8WeightCastBytes(design);
    for (const LayerGemm& g : k.gemms) {
        if (g.dtype != GemmDtype::Fp8E4m3 || g.times[kF].fp8AsBf16)
            continue;
        const GemmShape& f = g.shapes[kF];
        const double weights = g.weightGradient ? f.b * f.k * f.n : 0.0; // attention's products have none
        k.castBytes += k.castBytesPerElement * f.b * f.m * f.k + weightCast.forward * weights;
        k.castBytesBackward += k.castBytesPerElement * f.b * f.m * f.n + weightCast.backward * weights;
        k.weightCastBytes += (weightCast.forward + weightCast.backward) * weights;
    }
    if (k.castBytes > 0 && profile.fp8Casts == Fp8Casts::Torchao)
        k.castSource = profile.fp8CastSource;
    const double bandwidth = elementwiseTime(gpu, 1).bandwidth;
    k.accumulatedGradientBytes = gradientAccumulationBytes(design, k.gemms);
    if (bandwidth > 0) {
        k.parts.gradientAccumulation = k.accumulatedGradientBytes / bandwidth;
        k.parts.elementwiseForward = (k.elementwiseBytes + k.castBytes + k.tpReduceBytes[kF]) / bandwidth;
        k.parts.elementwiseBackward = (kElementwiseBackwardFactor * (k.elementwiseBytes - k.eagerBytes)
                                       + k.eagerBytesBackward + k.castBytesBackward + k.tpReduceBytes[kI])
            / bandwidth;
        k.parts.scoreElementwise = k.scoreBytes / bandwidth;
        k.parts.permute
            = {k.permutation.permuteForward / bandwidth, k.permutation.permuteBackward / bandwidth, 0};
        k.parts.unpermute
            = {k.permutation.unpermuteForward / bandwidth, k.permutation.unpermuteBackward / bandwidth, 0};
    }
}

// Selective recomputation's modules beside core_attn (layout.h RecomputeModule, Megatron-Core
// transformer_config.py recompute_modules): the forward work each redoes before the input gradient.
// mla_up_proj: MLA's up-projections, their FLOPs' share of the QKV GEMM (the down-projections' and the
// up-projections' in one); layernorm: the two norms (read 2 bytes and write 2 an element); mlp (dense layers
// only, transformer_layer.py): FC1, FC2 and the activation (read the gate and up or GeLU input, write its
// output: 2·(2 gated, else 1) + 2 bytes per MLP element); moe: the whole block, router, experts and shared
// experts, permutation and unpermutation and, in layerpattern.cpp, its dispatch and combine; moe_act the
// routed experts' activation; shared_experts their two GEMMs.
void addSelectiveRecompute(LayerKernels& k, const Design& design, int layer, const GpuSpec& gpu,
                           double tokens)
{
    const ParallelLayout& l = design.layout;
    LayerPartTimes& t = k.parts;
    const bool opLevel = opLevelSelective(design);
    t.coreAttentionRecomputed = recomputesCoreAttention(design);
    if (l.recompute != Recompute::Selective)
        return;
    const ModelArchitecture& m = design.model;
    const bool moeLayer = m.isMoeLayer(layer);
    const double bandwidth = elementwiseTime(gpu, 1).bandwidth;
    const double h = d(m.hidden);
    const double replicated = l.sequenceParallel && l.tp() > 1 ? l.tp() : 1;
    const double activationBytes = (m.mlp == MlpKind::Gated ? 4.0 : 2.0) + 2.0; // per MLP element
    double gemm = 0, other = 0, flops = 0;
    const auto redo = [&](std::string_view prefix, double share = 1) {
        for (const LayerGemm& g : k.gemms)
            if (g.name.starts_with(prefix)) {
                gemm += share * seconds(g, kF);
                flops += share * g.times[kF].flops;
            }
    };
    const auto bytes = [&](double moved) { other += bandwidth > 0 ? moved / bandwidth : 0.0; };
    if (opLevel) {
        // torchtitan's op-level policy (framework/oplevelpolicy.h, memory/activations.cpp
        // opLevelActivations): the matrix products it counts even and every elementwise step of the layer;
        // attention's kernel is kept. A MoE block also redoes its router's gate, its routed experts and their
        // permutation, from the tokens its dispatch kept: the all-to-alls' outputs are kept, nothing is sent
        // again.
        for (const OpLevelProduct& p : opLevelProducts(m, moeLayer))
            if (!p.kept)
                redo(p.gemm, p.gemmShare);
        if (moeLayer) {
            redo("router");
            redo("experts-");
            other += t.permute[kF] + t.unpermute[kF];
        }
        other += t.elementwiseForward;
    }
    if (l.recomputesModule(RecomputeModule::MlaUpProj) && m.attention == AttentionKind::Mla) {
        const MlaConfig& a = m.mla;
        const double heads = d(m.heads);
        const double qIn = a.qLoraRank > 0 ? d(a.qLoraRank) : h;
        const double up = qIn * heads * d(a.qkNopeHeadDim + a.qkRopeHeadDim)
            + d(a.kvLoraRank) * heads * d(a.qkNopeHeadDim + a.vHeadDim);
        const double down
            = (a.qLoraRank > 0 ? h * d(a.qLoraRank) : 0.0) + h * d(a.kvLoraRank + a.qkRopeHeadDim);
        redo("qkv", up / (up + down));
    }
    if (l.recomputesModule(RecomputeModule::Layernorm))
        bytes(2 * (2.0 + 2.0) * tokens * h / replicated);
    if (!moeLayer && l.recomputesModule(RecomputeModule::Mlp)) {
        redo("fc1");
        redo("fc2");
        bytes(activationBytes * tokens * d(m.ffn) / l.tp());
    }
    if (moeLayer) {
        const double copies = tokens * l.routedTokenShare() * m.moe.topK * k.load.rank;
        const double routedAct
            = activationBytes * copies * d(m.moe.expertFfn) / std::max(1, l.effectiveExpertTp());
        if (l.recomputesModule(RecomputeModule::Moe)) {
            redo("router");
            redo("experts-");
            redo("shared-");
            other += t.permute[kF] + t.unpermute[kF];
            bytes(routedAct);
            t.moeBlockRecomputed = true;
        } else {
            if (l.recomputesModule(RecomputeModule::MoeAct))
                bytes(routedAct);
            if (l.recomputesModule(RecomputeModule::SharedExperts))
                redo("shared-");
        }
    }
    t.selectiveRecompute = gemm + other;
    t.selectiveRecomputeGemm = gemm;
    k.selectiveRecomputeFlops = flops;
}

} // namespace

double gradientAccumulationBytes(const Design& design, const std::vector<LayerGemm>& gemms)
{
    // Under ZeRO-2 and ZeRO-3 each micro-batch's gradients are reduce-scattered, and what accumulates is the
    // rank's shard (DeepSpeed stage_1_and_2.py into its partition; FSDP2 sharded gradients). FSDP2 without
    // gradient sync on every micro-batch accumulates the unsharded gradients until the last one.
    const ParallelLayout& l = design.layout;
    const bool sharded
        = l.zeroStage == 2 || (l.zeroStage >= 3 && switchOn(design, Switch::GradientSyncEveryMicroBatch));
    double weights = 0;
    for (const LayerGemm& g : gemms)
        if (g.weightGradient) {
            const bool expert = g.name.starts_with("experts");
            const int shard = !sharded ? 1 : expert ? expertShardGroup(l) : denseShardGroup(l);
            weights += g.shapes[kF].b * g.shapes[kF].k * g.shapes[kF].n / std::max(1, shard);
        }
    return weights * kAccumulatorPasses * frameworkStateBytes(design).gradients;
}

double LayerKernels::gemmFlopsPerSecond() const
{
    double flops = 0, time = 0;
    for (const LayerGemm& g : gemms)
        for (std::size_t pass = 0; pass < kPassCount; ++pass) {
            flops += g.times[pass].flops;
            time += g.times[pass].seconds;
        }
    return time > 0 ? flops / time : 0.0;
}

double fp8CastBytesPerElement(Fp8Recipe recipe, Fp8Casts casts)
{
    // Read the BF16 tensor (2 bytes), write its two FP8 copies (1 byte each) with their scales.
    const double cast = 2 + 2 * (1 + fp8ScaleBytes(recipe));
    switch (recipe) {
    case Fp8Recipe::Delayed:
        return cast; // the amax is recorded by the cast kernel itself (TE's cast_transpose)
    case Fp8Recipe::Tensorwise:
        return cast + 2; // the amax pass reads the BF16 tensor once more before the cast (TE's compute_amax)
    case Fp8Recipe::Mxfp8:
    case Fp8Recipe::Blockwise:
        // torchao casts the column-wise copy in a kernel of its own, reading the tensor again.
        return cast + (casts == Fp8Casts::Torchao ? 2.0 : 0.0);
    }
    return cast;
}

double fp8CastBytesPerElement(const Design& design)
{
    return fp8CastBytesPerElement(design.workload.fp8Recipe, frameworkProfile(design).fp8Casts);
}

Fp8WeightCast fp8WeightCastBytes(const Design& design)
{
    const FrameworkProfile& profile = frameworkProfile(design);
    const Fp8Recipe recipe = design.workload.fp8Recipe;
    // Transformer Engine's weight workspaces (Megatron-Core, the one profile that casts with TE) hold the
    // FP8 copies between micro-batches.
    if (profile.fp8Casts == Fp8Casts::TransformerEngine)
        return {};
    // torchao's float8 all-gather (gathersFp8Weights) casts the FP32 shard before each gather of the
    // weights, forward and, where they are resharded after it, backward: the amax read, then the cast's read
    // and its one-byte write (float8/fsdp_utils.py fsdp_pre_all_gather), a 1/N share of each weight element
    // on every rank. With precompute_float8_dynamic_scale_for_fsdp the amax is read once a step instead,
    // which a design does not say; counted as without it.
    if (gathersFp8Weights(design)) {
        const double perGather = (4.0 + 4.0 + 1.0) / denseShardGroup(design.layout);
        return {perGather, design.layout.reshardAfterForward ? perGather : 0.0};
    }
    // Otherwise torchao casts the gathered BF16 weight in every GEMM call, forward and backward
    // (float8/float8_linear.py matmul_with_hp_or_float8_args: the backward casts weight_hp_t again): read it,
    // write one copy with its scales, and under current per-tensor scaling read it once more for the amax.
    // A block-scaled weight is always gathered in BF16 ("All distributed communication for MXFP8 training
    // is currently done in high precision", torchtitan components/quantization/mxfp8.md).
    const double oneCopy = 2 + 1 + fp8ScaleBytes(recipe) + (recipe == Fp8Recipe::Tensorwise ? 2.0 : 0.0);
    return {oneCopy, oneCopy};
}

EagerBytes eagerElementwiseBytes(const Design& design, int layer)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& l = design.layout;
    const double tp = l.tp();
    const double tokens = microBatchTokens(design);
    const double shard = l.sequenceParallel && l.tp() > 1 ? tokens / tp : tokens;
    EagerBytes bytes;
    // Bytes per element beyond the fused kernel's, forward and backward (layerkernels.h).
    const auto add = [&bytes](double elements, double forward, double backward) {
        bytes.forward += forward * elements;
        bytes.backward += backward * elements;
    };
    if (m.norm == NormKind::RmsNorm)
        add(2 * shard * d(m.hidden), 32, 86);
    const double q = d(m.heads) * d(m.headDim) / tp;
    if (m.positions == PositionEmbedding::Rope && m.attention == AttentionKind::Standard)
        add(tokens * (q + std::max(1.0, d(m.kvHeads) / tp) * d(m.headDim)), 16, 14);
    if (m.attention == AttentionKind::Standard)
        add(tokens * q, 4, 0);
    if (m.mlp == MlpKind::Gated) {
        if (!m.isMoeLayer(layer)) {
            add(tokens * d(m.ffn) / tp, 4, 9);
        } else {
            const MoeConfig& moe = m.moe;
            const double expertTp = std::max(1, l.effectiveExpertTp());
            // The rank's routed copies: its experts' share of the tokens routed to them.
            add(tokens * l.routedTokenShare() * moe.topK * d(moe.expertFfn) / expertTp, 4, 9);
            add(tokens * static_cast<double>(moe.sharedExperts) * d(moe.sharedExpertFfn) / tp, 4, 9);
        }
    }
    return bytes;
}

GemmDtype linearDtype(const Design& design)
{
    return design.workload.precision == Precision::Fp8 ? GemmDtype::Fp8E4m3 : GemmDtype::Bf16;
}

TpRegionMethods tpRegionMethods(const Design& design)
{
    using M = TpOverlapMethod;
    // PyTorch's asynchronous TP fuses the first GEMM's forward with its all-gather and its data gradient
    // with the reduce-scatter, the last GEMM's the other way round; the weight gradients run alone.
    if (frameworkProfile(design).tpOverlap == TpOverlapRuntime::SymmetricMemory)
        return {{M::FusedAllGatherMatmul, M::FusedMatmulReduceScatter, M::None},
                {M::FusedMatmulReduceScatter, M::FusedAllGatherMatmul, M::None}};
    // TE: the first GEMM is fed by a ring exchange forward and runs its backward passes beside bulk
    // collectives; the last is drained by a pipeline forward, fed by a ring exchange in its data gradient,
    // and its weight gradient runs alone.
    return {{M::RingExchange, M::Bulk, M::Bulk}, {M::Pipeline, M::RingExchange, M::None}};
}

GemmShape timedShape(const LayerGemm& gemm, std::size_t pass)
{
    GemmShape shape = gemm.shapes[pass];
    const int chunks = gemm.splitChunks[pass];
    const int streams = overlapStreams(gemm.overlapMethod[pass]);
    if (chunks > streams)
        shape.m *= static_cast<double>(streams) / chunks;
    return shape;
}

double trainingGemmFactor(const GemmTime& t, const GpuSpec& gpu, const GemmModel& gemms)
{
    const bool benchmarked = t.basis == GemmBasis::Table ? !gemms.userTable(t)
                                                         : gemms.hasTable(gpu.id, GemmDtype::Bf16)
            || (!gpu.kernelsOf.empty() && gemms.hasTable(gpu.kernelsOf, GemmDtype::Bf16));
    return benchmarked ? 1 / kTrainingGemmShare : 1.0;
}

double trainingFp8Factor(const GemmTime& t, GemmDtype dtype, const GemmModel& gemms)
{
    const bool builtinFp8Rows
        = dtype == GemmDtype::Fp8E4m3 && !t.fp8AsBf16 && t.basis == GemmBasis::Table && !gemms.userTable(t);
    return builtinFp8Rows ? kTrainingFp8TableRatio : 1.0;
}

LayerKernels layerKernels(const Design& design, int layer, const GpuSpec& gpu, const GemmModel& gemms,
                          double timeScale, double elementwisePasses)
{
    LayerKernels k;
    k.timeScale = timeScale;
    const double tokens = microBatchTokens(design);
    addLinearGemms(k, design, layer, gpu, gemms, tokens);
    addAttention(k, design, gpu, gemms);
    addElementwise(k, design, layer, gpu,
                   elementwisePasses >= 0 ? elementwisePasses : design.compute.elementwisePasses);
    addSelectiveRecompute(k, design, layer, gpu, tokens);
    return k;
}

LayerGemm outputHeadGemm(const Design& design, const GpuSpec& gpu, const GemmModel& gemms, double timeScale)
{
    const ParallelLayout& l = design.layout;
    const double tokens = microBatchTokens(design);
    return timedGemm("output-head", {1, tokens, d(design.model.vocab) / l.tp(), d(design.model.hidden)},
                     GemmDtype::Bf16, gpu, gemms, timeScale);
}

LayerGemm mtpProjectionGemm(const Design& design, const GpuSpec& gpu, const GemmModel& gemms,
                            double timeScale)
{
    const ParallelLayout& l = design.layout;
    const double tokens = microBatchTokens(design);
    const double h = d(design.model.hidden);
    LayerGemm g = timedGemm("mtp-projection", {1, tokens, h / l.tp(), 2 * h}, linearDtype(design), gpu, gemms,
                            timeScale);
    applyRecipe(g, design, gemms);
    return g;
}

CrossEntropyBytes crossEntropyBytes(const LayerGemm& head, LossKernel kind)
{
    const bool fused = kind != LossKernel::Fp32;
    constexpr double kForwardBytes = 6 + 4 + 8 + 8 + 4 + 8, kBackwardBytes = 8 + 6;
    constexpr double kFusedForwardBytes = 2, kFusedBackwardBytes = 2 + 2;
    const GemmShape& f = head.shapes[kF];
    return {f.b * f.m * f.n, fused ? kFusedForwardBytes : kForwardBytes,
            fused ? kFusedBackwardBytes : kBackwardBytes};
}

EmbeddingBytes embeddingBytes(const LayerGemm& head)
{
    constexpr double kBf16 = 2;
    const GemmShape& f = head.shapes[kF];
    const double activations = f.b * f.m * f.k;
    return {2 * kBf16 * activations, kBf16 * f.n * f.k + 3 * kBf16 * activations};
}

double attentionForwardFlops(const ModelArchitecture& model, double sequence, double microBatch, int tp,
                             int cp, bool causal, double window)
{
    const auto [qk, value] = headDims(model);
    const double pairs = attentionPairs(AttentionShape{1, 0, 0, sequence, sequence, causal, window});
    return 2 * microBatch * pairs / std::max(1, cp) * model.heads * (qk + value) / std::max(1, tp);
}

double layersAttentionForwardFlops(const ModelArchitecture& model, int first, int count, double sequence,
                                   double microBatch, int tp, int cp, bool causal)
{
    const int sliding = model.slidingLayerCount(first, count);
    const double full = attentionForwardFlops(model, sequence, microBatch, tp, cp, causal);
    if (sliding == 0)
        return count * full;
    const double windowed = attentionForwardFlops(model, sequence, microBatch, tp, cp, causal,
                                                  static_cast<double>(model.slidingWindow.tokens));
    return (count - sliding) * full + sliding * windowed;
}

} // namespace core
