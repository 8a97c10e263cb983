// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The architecture of a decoder-only transformer, dense or mixture-of-experts, and its parameter count.
// Field names follow the Hugging Face config.json conventions where one exists (hidden = hidden_size,
// ffn = intermediate_size, kvHeads = num_key_value_heads, …).

#include "base/enumnames.h"

#include <cstdint>
#include <string>
#include <vector>

namespace core {

// Gated = SwiGLU/GeGLU with three matrices (gate, up, down); Plain = GeLU MLP with two.
enum class MlpKind { Gated, Plain };
enum class NormKind { RmsNorm, LayerNorm };
// Which linear layers carry a bias: none (Llama), only the QKV projection (Qwen2), all (GPT-2/3).
enum class BiasKind { None, Qkv, All };
// Standard multi-head attention covers MHA, GQA and MQA through kvHeads; MLA is DeepSeek's latent attention.
enum class AttentionKind { Standard, Mla };
enum class PositionEmbedding { Rope, Learned };

template<> struct EnumNames<MlpKind>
{
    static constexpr std::array table{std::pair{MlpKind::Gated, std::string_view{"gated"}},
                                      std::pair{MlpKind::Plain, std::string_view{"plain"}}};
};
template<> struct EnumNames<NormKind>
{
    static constexpr std::array table{std::pair{NormKind::RmsNorm, std::string_view{"rmsnorm"}},
                                      std::pair{NormKind::LayerNorm, std::string_view{"layernorm"}}};
};
template<> struct EnumNames<BiasKind>
{
    static constexpr std::array table{std::pair{BiasKind::None, std::string_view{"none"}},
                                      std::pair{BiasKind::Qkv, std::string_view{"qkv"}},
                                      std::pair{BiasKind::All, std::string_view{"all"}}};
};
template<> struct EnumNames<AttentionKind>
{
    static constexpr std::array table{std::pair{AttentionKind::Standard, std::string_view{"standard"}},
                                      std::pair{AttentionKind::Mla, std::string_view{"mla"}}};
};
template<> struct EnumNames<PositionEmbedding>
{
    static constexpr std::array table{std::pair{PositionEmbedding::Rope, std::string_view{"rope"}},
                                      std::pair{PositionEmbedding::Learned, std::string_view{"learned"}}};
};

// Multi-head latent attention (DeepSeek-V2 §2.1, HF DeepseekV3Config names).
struct MlaConfig
{
    std::int64_t qLoraRank = 0; // 0: queries are projected directly, without the low-rank step
    std::int64_t kvLoraRank = 0;
    std::int64_t qkNopeHeadDim = 0;
    std::int64_t qkRopeHeadDim = 0;
    std::int64_t vHeadDim = 0;
    bool operator==(const MlaConfig&) const = default;
};

struct MoeConfig
{
    int experts = 0; // routed experts per MoE layer; 0 = dense model
    int topK = 0;
    std::int64_t expertFfn = 0;
    int sharedExperts = 0; // always-active experts per MoE layer (DeepSeek, Qwen2-MoE)
    std::int64_t sharedExpertFfn = 0;
    // Which layers are MoE: layer i (0-based) is MoE when i >= firstDenseLayers and
    // (i - firstDenseLayers) % layerFrequency == 0. Mixtral/Qwen3: 0 and 1; DeepSeek-V3: 3 and 1.
    int firstDenseLayers = 0;
    int layerFrequency = 1;
    // Group-limited routing: the experts in `routerGroups` equal groups of consecutive experts, a token's
    // top-k drawn from the `routerGroupTopK` groups its router scores highest. DeepSeek-V2's device-limited
    // routing (arXiv:2405.04434 §2.1.3) and DeepSeek-V3's node-limited routing (arXiv:2412.19437 §2.1.2: 8
    // groups, 4 a token, "at most 4 nodes" with EP over 8 nodes); Hugging Face n_group and topk_group,
    // Megatron-LM --moe-router-num-groups and --moe-router-group-topk (moe_utils.py group_limited_topk).
    // 0: routed over all experts.
    int routerGroups = 0;
    int routerGroupTopK = 0;

    bool isMoe() const { return experts > 0; }
    bool groupLimited() const
    {
        return routerGroups > 1 && routerGroupTopK > 0 && routerGroupTopK < routerGroups;
    }
    bool operator==(const MoeConfig&) const = default;
};

// Sliding-window attention (Mistral 7B, arXiv:2310.06825 §2; GPT-OSS and Gemma 2/3 alternate it with full
// attention): in every `period` consecutive layers the first `slidingLayers` let a query attend to itself
// and at most `tokens` − 1 preceding tokens (transformers' sliding-window mask, kv > q − window), and keep at
// most `tokens` tokens of KV cache; the other layers attend to the whole context. tokens 0: no window.
struct SlidingWindow
{
    std::int64_t tokens = 0;
    int period = 1;
    int slidingLayers = 1;

    bool any() const { return tokens > 0 && slidingLayers > 0; }
    bool operator==(const SlidingWindow&) const = default;
};

struct ModelArchitecture
{
    std::string preset; // id of the preset this came from; empty for a custom architecture
    std::string name;
    int layers = 0;
    std::int64_t hidden = 0;
    std::int64_t ffn = 0; // dense MLP width (unused when every layer is MoE)
    int heads = 0;
    int kvHeads = 0;
    std::int64_t headDim = 0;
    std::int64_t vocab = 0;
    bool tiedEmbeddings = false;
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RmsNorm;
    BiasKind bias = BiasKind::None;
    bool qkNorm = false; // per-head RMSNorm on queries and keys (Qwen3)
    // Dropout after attention and MLP (GPT-2/3, Megatron's default 0.1); modern LLMs train without it, which
    // also removes the dropout masks from the saved activations.
    bool dropout = false;
    PositionEmbedding positions = PositionEmbedding::Rope;
    std::int64_t maxContext = 0; // 0 = unknown
    AttentionKind attention = AttentionKind::Standard;
    MlaConfig mla;
    MoeConfig moe;
    SlidingWindow slidingWindow;
    // Multi-token prediction depths (DeepSeek-V3 Technical Report, arXiv:2412.19437 §2.2: D = 1; Hugging
    // Face num_nextn_predict_layers; Megatron-LM --mtp-num-layers). Each depth predicts one token further:
    // the next token's embedding and the previous depth's hidden state, each RMS-normed, concatenated and
    // projected 2h → h, one transformer layer of the kind of the model's last layer, a final norm, and the
    // shared output head and loss. Training only: Megatron-Core builds them on the last pipeline stage
    // (multi_token_prediction.py, mtp_on_this_rank), which then holds the embedding too; inference engines
    // load them only for speculative decoding, which Meshwright does not model.
    int mtpLayers = 0;
    // Features of the real architecture that Meshwright does not model yet; shown as a warning.
    std::vector<std::string> notModelled;
    std::string source;

    bool operator==(const ModelArchitecture&) const = default;

    bool isMoeLayer(int layer) const;
    int moeLayerCount() const;
    int denseLayerCount() const { return layers - moeLayerCount(); }
    // The multi-token prediction layers are of the last layer's kind (Megatron-LM's
    // num_floating_point_operations: last_layer_is_moe; DeepSeek-V3's MTP layer is a MoE layer).
    bool mtpLayerIsMoe() const { return layers > 0 && isMoeLayer(layers - 1); }
    bool isSlidingLayer(int layer) const;
    // Windowed layers among [first, first + count).
    int slidingLayerCount(int first, int count) const;
    // The keys a query of `layer` may attend to: the window on a sliding layer, 0 (unbounded) otherwise.
    std::int64_t attentionWindow(int layer) const { return isSlidingLayer(layer) ? slidingWindow.tokens : 0; }
};

// Parameters of one transformer layer by component (counts, not bytes).
struct LayerParameters
{
    double attention = 0; // projections (and their biases, q/k norms, MLA's latent norms)
    double mlp = 0; // dense MLP, or the shared experts of a MoE layer
    double experts = 0; // all routed experts of the layer
    double router = 0;
    double norms = 0; // the two pre-norms
    double total() const { return attention + mlp + experts + router + norms; }
};

struct ParameterBreakdown
{
    double embedding = 0; // token embeddings (+ learned positions)
    double attention = 0;
    double mlp = 0; // dense MLPs and shared experts
    double experts = 0; // routed experts
    double router = 0;
    double norms = 0; // per-layer norms and the final norm
    double outputHead = 0; // 0 when the output head is tied to the embedding
    // The multi-token prediction depths' own parameters (their layers, projections and norms; the
    // embedding and output head they share are counted once, above).
    double mtp = 0;
    double total() const { return embedding + attention + mlp + experts + router + norms + outputHead + mtp; }
};

// `all` counts every stored parameter; `active` counts what one token uses: every non-expert parameter
// and top-k of the routed experts (the convention behind "Mixtral 8x7B: 46.7B total, 12.9B active").
struct ParameterCounts
{
    ParameterBreakdown all;
    ParameterBreakdown active;
};

double attentionParameters(const ModelArchitecture& model);
double mlpParameters(const ModelArchitecture& model, std::int64_t width);
double normParameters(const ModelArchitecture& model); // one norm of width `hidden`
LayerParameters layerParameters(const ModelArchitecture& model, int layer);
double embeddingParameters(const ModelArchitecture& model);
double outputHeadParameters(const ModelArchitecture& model);
// What a multi-token prediction depth holds beside its transformer layer: the projection of the normed
// hidden state and next-token embedding, 2h × h (split by TP as a column-parallel linear), and three norms
// (enorm, hnorm, final norm; replicated).
struct MtpExtras
{
    double projection = 0;
    double norms = 0;
};
MtpExtras mtpExtraParameters(const ModelArchitecture& model);
// One multi-token prediction depth's own parameters: its transformer layer (with every routed expert, or
// `activeExperts` top-k of them) and its extras.
double mtpDepthParameters(const ModelArchitecture& model, bool activeExperts = false);
ParameterCounts countParameters(const ModelArchitecture& model);

// Key/value cache elements one token adds in one layer: 2·kvHeads·headDim for standard attention
// (the reference article, «Memory Budgets für Training und Inference»), kvLoraRank + qkRopeHeadDim for
// MLA (DeepSeek-V2 Table 1).
double kvElementsPerTokenPerLayer(const ModelArchitecture& model);
// Tokens of KV cache layers [first, first + count) hold together when each sequence has `context` tokens:
// `context` per full layer, at most the window per sliding one (Mistral's rolling buffer cache, §2).
double kvTokensOfLayers(const ModelArchitecture& model, int first, int count, double context);

} // namespace core
