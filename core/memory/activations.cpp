// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/activations.h"

#include "design/design.h"
#include "framework/frameworkprofile.h"
#include "framework/oplevelpolicy.h"
#include "pipeline/moeload.h"

#include <algorithm>

namespace core {

namespace {
struct AttentionWidths
{
    double q = 0, k = 0, v = 0, o = 0;
    double kvShards = 1; // how many ways TP splits K and V
};

AttentionWidths widths(const ModelArchitecture& m, int tp)
{
    AttentionWidths w;
    if (m.attention == AttentionKind::Mla) {
        // Training runs MLA unabsorbed: full per-head keys (nope + rope) and values are materialised.
        const double heads = m.heads;
        w.q = heads * static_cast<double>(m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim);
        w.k = w.q;
        w.v = heads * static_cast<double>(m.mla.vHeadDim);
        w.o = w.v;
        w.kvShards = tp;
        return w;
    }
    w.q = static_cast<double>(m.heads) * static_cast<double>(m.headDim);
    w.o = w.q;
    w.k = static_cast<double>(m.kvHeads) * static_cast<double>(m.headDim);
    w.v = w.k;
    w.kvShards = std::min<double>(tp, std::max(m.kvHeads, 1));
    return w;
}

// torchtitan's op-level policy (framework/oplevelpolicy.h): the outputs of the matrix products it counts odd;
// the attention kernel's output and log-sum-exp (FP32 per head and query); with TP the reduce-scatters'
// outputs (wo's, and w2's or the MoE block's, on the sequence shard). In a MoE layer also topk's (the FP32
// scores and int64 indices of every routed copy) and, with EP, the two all-to-alls' (the copies the rank's
// experts receive, and its own tokens' copies sent back): all_to_all_single is in its save list (each MoE
// model's parallelize.py before March 2026, _get_default_save_ops since). Every other op is recomputed
// from the block's input, which the checkpoint keeps. With TP a column-parallel product's output is the
// rank's share of its width, a row-parallel one's the partial sum of every token before its reduce-scatter,
// MLA's down-projections' (NoParallel) the whole width.
LayerActivations opLevelActivations(const ModelArchitecture& m, bool moeLayer, const ActivationConfig& c,
                                    const AttentionWidths& w)
{
    const double sb = c.tokens * c.microBatch;
    const double h = static_cast<double>(m.hidden);
    const double t = std::max(c.tp, 1);
    const double replicated = c.sequenceParallel ? t : 1.0;
    const double scattered = t > 1 ? 2.0 * sb * h / replicated : 0.0; // a reduce-scatter's output
    LayerActivations out;
    out.norms = 2.0 * sb * h / replicated;
    out.attention = 2.0 * w.o / t * sb + scattered; // the kernel's output, wo's reduce-scatter
    out.scores = 4.0 * static_cast<double>(m.heads) * sb / t;
    out.mlp = scattered;
    for (const OpLevelProduct& p : opLevelProducts(m, moeLayer)) {
        if (!p.kept)
            continue;
        const double shards = p.split == ProductSplit::Columns ? t
            : p.split == ProductSplit::KvColumns               ? w.kvShards
                                                               : 1.0;
        const bool attention = p.gemm == "qkv" || p.gemm == "projection";
        (attention ? out.attention : out.mlp) += 2.0 * p.width / shards * sb;
    }
    if (moeLayer) {
        const double copies = static_cast<double>(m.moe.topK) * c.routedTokenShare;
        out.mlp += 12.0 * static_cast<double>(m.moe.topK) * sb; // topk on the gathered tokens
        if (c.expertAllToAll)
            out.mlp += 2.0 * h * copies * (c.expertRankLoad + 1.0) * sb;
    }
    return out;
}

} // namespace

LayerActivations layerActivationBytes(const ModelArchitecture& m, bool moeLayer, const ActivationConfig& c)
{
    const double s = c.tokens;
    const double b = c.microBatch;
    const double sb = s * b;
    const double h = static_cast<double>(m.hidden);
    const double t = std::max(c.tp, 1);
    // What TP alone leaves whole on every rank, sequence parallelism splits along the sequence.
    const double replicated = c.sequenceParallel ? t : 1.0;

    LayerActivations out;
    if (c.recompute == Recompute::Full) {
        // Only the layer's input survives the forward pass; with SP it is the sequence-sharded input.
        out.norms = 2.0 * sb * h / replicated;
        return out;
    }
    const AttentionWidths w = widths(m, c.tp);
    if (c.opLevel && c.recompute == Recompute::Selective)
        return opLevelActivations(m, moeLayer, c, w);
    // One-byte dropout masks exist only where the model uses dropout (the paper's GPT does, Llama does not).
    const double mask = m.dropout ? 1.0 : 0.0;
    // A saved linear input: 2 bytes, or 1 when FP8 keeps the quantised copy; that copy of the attention
    // output is one byte more beside the BF16 output FlashAttention's backward reads.
    const double in = c.linearInputBytes;
    const double quantisedCopy = in < 2.0 ? in : 0.0;
    out.norms = 2.0 * 2.0 * sb * h / replicated;
    // The norms' outputs: the QKV input and the MLP's (or MoE block's) input, unless recomputed; kept
    // sharded, or as gathered where the framework saves the all-gather's output.
    const double normOutput = c.recomputes(RecomputeModule::Layernorm) ? 0.0 : 1.0;
    const double linearInput = c.savesGatheredInput ? 1.0 : replicated;
    const double normOutputBytes = c.savesGatheredInput ? c.gatheredInputBytes : in;
    // Q, K and V, unless MLA's up-projections make them again.
    const double qkv
        = c.recomputes(RecomputeModule::MlaUpProj) && m.attention == AttentionKind::Mla ? 0.0 : 1.0;
    out.attention = normOutput * normOutputBytes * sb * h / linearInput
        + mask * sb * h / replicated // QKV input, mask
        + (qkv * 2.0 * w.q + (2.0 + quantisedCopy) * w.o) * sb / t // Q, attention output
        + qkv * (2.0 * w.k + 2.0 * w.v) * sb / w.kvShards; // K, V
    const double heads = m.heads;
    if (!c.recomputes(RecomputeModule::CoreAttn)) {
        if (c.flashAttention)
            out.scores = 4.0 * heads * sb / t; // FP32 log-sum-exp per head and query
        else
            out.scores = (2.0 + 3.0 * mask) * heads * sb * std::max(c.attendedTokens, s)
                / t; // softmax (+ dropout mask and output)
    }

    // Bytes saved per unit of the MLP width: the activation's input in BF16 (gate and up, or GeLU's input)
    // and the second linear's input.
    const double perWidth = 2.0 * (m.mlp == MlpKind::Gated ? 2.0 : 1.0) + in;
    if (!moeLayer) {
        // A recomputed dense MLP keeps only its input.
        const double inner = c.recomputes(RecomputeModule::Mlp) ? 0.0 : 1.0;
        out.mlp = normOutput * normOutputBytes * sb * h / linearInput + mask * sb * h / replicated
            + inner * perWidth * sb * static_cast<double>(m.ffn) / t;
        return out;
    }
    const double etp = std::max(c.expertTp, 1);
    // The routed copies of the tokens this rank's experts see (ParallelLayout::routedTokenShare).
    const double copies = static_cast<double>(m.moe.topK) * c.expertRankLoad * c.routedTokenShare;
    // The MoE input stays BF16 (the router, a BF16 linear, keeps it); the permuted tokens are the experts'
    // FP8 GEMM input.
    const double input = (normOutput * 2.0 * sb * h + mask * sb * h) / replicated; // MoE input, dropout mask
    if (c.recomputes(RecomputeModule::Moe)) {
        out.mlp = input; // a recomputed MoE block keeps only its input
        return out;
    }
    // The routed experts' saved widths: the activation's input, and its output unless moe_act recomputes it.
    const double routedPerWidth = perWidth - (c.recomputes(RecomputeModule::MoeAct) ? in : 0.0);
    const double shared = c.recomputes(RecomputeModule::SharedExperts) ? 0.0 : 1.0;
    out.mlp = input
        + 4.0 * sb * static_cast<double>(m.moe.experts) / replicated // router probabilities (FP32)
        + copies * sb * (in * h + 2.0 * h) // permuted tokens and expert outputs
        + copies * routedPerWidth * sb * static_cast<double>(m.moe.expertFfn) / etp
        + shared * m.moe.sharedExperts * perWidth * sb * static_cast<double>(m.moe.sharedExpertFfn) / t
        + (m.moe.sharedExperts > 0 ? shared * quantisedCopy * sb * h / replicated : 0.0); // shared FP8 input
    return out;
}

ActivationConfig activationConfig(const Design& d)
{
    const ParallelLayout& l = d.layout;
    const Workload& w = d.workload;
    ActivationConfig config;
    config.tokens = static_cast<double>(w.sequenceLength) / std::max(l.cp(), 1);
    config.attendedTokens = static_cast<double>(w.sequenceLength);
    config.microBatch = std::max(l.microBatch, 1);
    config.tp = std::max(l.tp(), 1);
    config.expertTp = l.expertMode == ExpertMode::Megatron ? l.effectiveExpertTp() : config.tp;
    config.sequenceParallel = l.sequenceParallel && l.tp() > 1;
    config.recompute = l.recompute;
    config.recomputeModules = 0;
    for (const auto& [module, name] : EnumNames<RecomputeModule>::table)
        if (l.recomputesModule(module))
            config.recomputeModules |= 1u << static_cast<unsigned>(module);
    config.opLevel = opLevelSelective(d);
    if (config.opLevel)
        config.recomputeModules = 0;
    config.flashAttention = w.flashAttention;
    config.expertRankLoad = moeLoad(d).rank;
    config.routedTokenShare = l.routedTokenShare();
    config.expertAllToAll = l.ep() > 1;
    if (w.precision == Precision::Fp8 && frameworkProfile(d).fp8SavesQuantizedInputs)
        config.linearInputBytes = 1;
    config.savesGatheredInput = config.sequenceParallel && frameworkProfile(d).tpSavesGatheredInput;
    config.gatheredInputBytes = quantisedTpGatherBytes(d).value_or(config.linearInputBytes);
    return config;
}

double korthikantiLayerBytes(KorthikantiForm form, double s, double b, double h, double a, double t)
{
    const double sbh = s * b * h;
    switch (form) {
    case KorthikantiForm::NoParallelism:
        return sbh * (34.0 + 5.0 * a * s / h);
    case KorthikantiForm::TensorParallel:
        return sbh * (10.0 + 24.0 / t + 5.0 * a * s / (h * t));
    case KorthikantiForm::TensorSequenceParallel:
        return sbh * (34.0 / t + 5.0 * a * s / (h * t));
    case KorthikantiForm::TensorSelective:
        return sbh * (10.0 + 24.0 / t);
    case KorthikantiForm::TensorSequenceSelective:
        return sbh * 34.0 / t;
    case KorthikantiForm::FullRecompute:
        return 2.0 * sbh;
    }
    return 0;
}

} // namespace core
