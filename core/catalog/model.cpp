// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/model.h"

#include <algorithm>

namespace core {

namespace {
double d(std::int64_t v)
{
    return static_cast<double>(v);
}
} // namespace

bool ModelArchitecture::isMoeLayer(int layer) const
{
    if (!moe.isMoe() || layer < moe.firstDenseLayers)
        return false;
    const int frequency = moe.layerFrequency > 0 ? moe.layerFrequency : 1;
    return (layer - moe.firstDenseLayers) % frequency == 0;
}

int ModelArchitecture::moeLayerCount() const
{
    if (!moe.isMoe() || layers <= moe.firstDenseLayers)
        return 0;
    const int frequency = moe.layerFrequency > 0 ? moe.layerFrequency : 1;
    const int candidates = layers - moe.firstDenseLayers;
    return (candidates + frequency - 1) / frequency;
}

bool ModelArchitecture::isSlidingLayer(int layer) const
{
    if (!slidingWindow.any())
        return false;
    const int period = std::max(slidingWindow.period, 1);
    return layer % period < slidingWindow.slidingLayers;
}

int ModelArchitecture::slidingLayerCount(int first, int count) const
{
    if (!slidingWindow.any() || count <= 0)
        return 0;
    // Whole periods at once, so that a huge layer count costs nothing; the rest layer by layer.
    const int period = std::max(slidingWindow.period, 1);
    const int perPeriod = std::min(slidingWindow.slidingLayers, period);
    int sliding = count / period * perPeriod;
    for (int layer = first + count / period * period; layer < first + count; ++layer)
        sliding += isSlidingLayer(layer) ? 1 : 0;
    return sliding;
}

double kvTokensOfLayers(const ModelArchitecture& model, int first, int count, double context)
{
    const int sliding = model.slidingLayerCount(first, count);
    const double windowed = std::min(context, d(model.slidingWindow.tokens));
    return (std::max(count, 0) - sliding) * context + sliding * windowed;
}

double normParameters(const ModelArchitecture& model)
{
    // RMSNorm has a scale per channel; LayerNorm a scale and a bias.
    return (model.norm == NormKind::LayerNorm ? 2.0 : 1.0) * d(model.hidden);
}

double attentionParameters(const ModelArchitecture& model)
{
    const double h = d(model.hidden);
    if (model.attention == AttentionKind::Mla) {
        // DeepSeek-V3 modeling: q_a_proj, q_a_layernorm, q_b_proj (or q_proj), kv_a_proj_with_mqa,
        // kv_a_layernorm, kv_b_proj, o_proj.
        const MlaConfig& m = model.mla;
        const double heads = model.heads;
        const double qkHead = d(m.qkNopeHeadDim + m.qkRopeHeadDim);
        double q = 0;
        if (m.qLoraRank > 0)
            q = h * d(m.qLoraRank) + d(m.qLoraRank) + d(m.qLoraRank) * heads * qkHead;
        else
            q = h * heads * qkHead;
        const double kv = h * d(m.kvLoraRank + m.qkRopeHeadDim) + d(m.kvLoraRank)
            + d(m.kvLoraRank) * heads * d(m.qkNopeHeadDim + m.vHeadDim);
        const double out = heads * d(m.vHeadDim) * h;
        return q + kv + out;
    }
    const double qWidth = static_cast<double>(model.heads) * d(model.headDim);
    const double kvWidth = static_cast<double>(model.kvHeads) * d(model.headDim);
    double params = h * qWidth + 2.0 * h * kvWidth + qWidth * h;
    if (model.bias != BiasKind::None)
        params += qWidth + 2.0 * kvWidth;
    if (model.bias == BiasKind::All)
        params += h;
    if (model.qkNorm)
        params += 2.0 * d(model.headDim);
    return params;
}

double mlpParameters(const ModelArchitecture& model, std::int64_t width)
{
    const double h = d(model.hidden);
    const double w = d(width);
    double params = (model.mlp == MlpKind::Gated ? 3.0 : 2.0) * h * w;
    if (model.bias == BiasKind::All)
        params += (model.mlp == MlpKind::Gated ? 2.0 : 1.0) * w + h;
    return params;
}

LayerParameters layerParameters(const ModelArchitecture& model, int layer)
{
    LayerParameters p;
    p.attention = attentionParameters(model);
    p.norms = 2.0 * normParameters(model);
    if (model.isMoeLayer(layer)) {
        p.experts = static_cast<double>(model.moe.experts) * mlpParameters(model, model.moe.expertFfn);
        p.mlp
            = static_cast<double>(model.moe.sharedExperts) * mlpParameters(model, model.moe.sharedExpertFfn);
        p.router = d(model.hidden) * static_cast<double>(model.moe.experts);
    } else {
        p.mlp = mlpParameters(model, model.ffn);
    }
    return p;
}

double embeddingParameters(const ModelArchitecture& model)
{
    double params = d(model.vocab) * d(model.hidden);
    if (model.positions == PositionEmbedding::Learned)
        params += d(model.maxContext) * d(model.hidden);
    return params;
}

double outputHeadParameters(const ModelArchitecture& model)
{
    return model.tiedEmbeddings ? 0.0 : d(model.vocab) * d(model.hidden);
}

MtpExtras mtpExtraParameters(const ModelArchitecture& model)
{
    const double h = d(model.hidden);
    return {2.0 * h * h, 3.0 * normParameters(model)};
}

double mtpDepthParameters(const ModelArchitecture& model, bool activeExperts)
{
    if (model.layers <= 0)
        return 0;
    const LayerParameters layer = layerParameters(model, model.layers - 1);
    const double experts = activeExperts && model.mtpLayerIsMoe()
        ? static_cast<double>(model.moe.topK) * mlpParameters(model, model.moe.expertFfn)
        : layer.experts;
    const MtpExtras extras = mtpExtraParameters(model);
    return layer.total() - layer.experts + experts + extras.projection + extras.norms;
}

ParameterCounts countParameters(const ModelArchitecture& model)
{
    ParameterCounts counts;
    ParameterBreakdown& all = counts.all;
    all.embedding = embeddingParameters(model);
    all.outputHead = outputHeadParameters(model);
    all.norms = normParameters(model); // final norm

    // Layers come in at most two kinds (dense, MoE); count each kind once instead of looping over layers,
    // so that absurd layer counts cost nothing.
    const int moeLayers = model.layers > 0 ? model.moeLayerCount() : 0;
    const int denseLayers = model.layers > 0 ? model.layers - moeLayers : 0;
    double activeExperts = 0;
    auto add = [&](const LayerParameters& layer, int count) {
        all.attention += count * layer.attention;
        all.mlp += count * layer.mlp;
        all.experts += count * layer.experts;
        all.router += count * layer.router;
        all.norms += count * layer.norms;
    };
    if (denseLayers > 0) {
        // The first dense layer index: 0 if the model has leading dense layers or no MoE at all;
        // otherwise one that the MoE frequency skips.
        int denseIndex = 0;
        while (denseIndex < model.layers && model.isMoeLayer(denseIndex))
            ++denseIndex;
        add(layerParameters(model, denseIndex), denseLayers);
    }
    if (moeLayers > 0) {
        add(layerParameters(model, model.moe.firstDenseLayers), moeLayers);
        activeExperts = static_cast<double>(moeLayers) * static_cast<double>(model.moe.topK)
            * mlpParameters(model, model.moe.expertFfn);
    }
    counts.active = all;
    counts.active.experts = activeExperts;
    all.mtp = model.mtpLayers * mtpDepthParameters(model);
    counts.active.mtp = model.mtpLayers * mtpDepthParameters(model, true);
    return counts;
}

double kvElementsPerTokenPerLayer(const ModelArchitecture& model)
{
    if (model.attention == AttentionKind::Mla)
        return d(model.mla.kvLoraRank + model.mla.qkRopeHeadDim);
    return 2.0 * static_cast<double>(model.kvHeads) * d(model.headDim);
}

} // namespace core
