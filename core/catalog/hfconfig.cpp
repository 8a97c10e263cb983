// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/hfconfig.h"

#include "base/importdiagnostics.h"
#include "base/jsonparse.h"
#include "base/units.h"

#include <algorithm>

namespace core {

namespace {

// The families config.json's "architectures" names; model_type spells the same in snake case.
enum class Family { Llama, Mistral, Qwen2, Qwen3, Qwen3Moe, Mixtral, DeepseekV3, GptOss, Gemma2, Gemma3 };

constexpr std::pair<std::string_view, Family> kArchitectures[]{
    {"LlamaForCausalLM", Family::Llama},           {"MistralForCausalLM", Family::Mistral},
    {"Qwen2ForCausalLM", Family::Qwen2},           {"Qwen3ForCausalLM", Family::Qwen3},
    {"Qwen3MoeForCausalLM", Family::Qwen3Moe},     {"MixtralForCausalLM", Family::Mixtral},
    {"DeepseekV3ForCausalLM", Family::DeepseekV3}, {"GptOssForCausalLM", Family::GptOss},
    {"Gemma2ForCausalLM", Family::Gemma2},         {"Gemma3ForCausalLM", Family::Gemma3}};

constexpr std::pair<std::string_view, Family> kModelTypes[]{{"llama", Family::Llama},
                                                            {"mistral", Family::Mistral},
                                                            {"qwen2", Family::Qwen2},
                                                            {"qwen3", Family::Qwen3},
                                                            {"qwen3_moe", Family::Qwen3Moe},
                                                            {"mixtral", Family::Mixtral},
                                                            {"deepseek_v3", Family::DeepseekV3},
                                                            {"gpt_oss", Family::GptOss},
                                                            {"gemma2", Family::Gemma2},
                                                            {"gemma3_text", Family::Gemma3}};

// Multimodal checkpoints whose language model is one of the families above, its config nested under
// "text_config" (transformers' Gemma3Config); the vision tower is not modelled.
constexpr std::pair<std::string_view, Family> kMultimodal[]{
    {"Gemma3ForConditionalGeneration", Family::Gemma3}};

std::string architectureList()
{
    std::string list;
    for (const auto& [name, family] : kArchitectures)
        list += (list.empty() ? "" : ", ") + std::string(name);
    for (const auto& [name, family] : kMultimodal)
        list += ", " + std::string(name) + " (its language model)";
    return list;
}

std::optional<Family> multimodalFamily(const Json& config)
{
    if (!config.is_object() || !config.contains("architectures") || !config["architectures"].is_array())
        return std::nullopt;
    for (const Json& a : config["architectures"])
        for (const auto& [name, family] : kMultimodal)
            if (a.is_string() && a.get<std::string>() == name)
                return family;
    return std::nullopt;
}

// transformers' Gemma3TextConfig defaults (models/gemma3/configuration_gemma3.py), which the published
// multimodal configs leave out: google/gemma-3-4b-it's text_config names six keys and takes the rest.
Json withGemma3TextDefaults(Json text)
{
    const std::pair<const char*, std::int64_t> defaults[]{
        {"vocab_size", 262208},      {"hidden_size", 2304},
        {"intermediate_size", 9216}, {"num_hidden_layers", 26},
        {"num_attention_heads", 8},  {"num_key_value_heads", 4},
        {"head_dim", 256},           {"max_position_embeddings", 131072},
        {"sliding_window", 4096}};
    for (const auto& [key, value] : defaults)
        if (!text.contains(key))
            text[key] = value;
    return text;
}

std::optional<Family> familyOf(ObjectReader& reader, ReadContext& context)
{
    std::vector<std::string> architectures;
    std::string modelType;
    reader.read("architectures", architectures);
    reader.read("model_type", modelType);
    for (const std::string& a : architectures)
        for (const auto& [name, family] : kArchitectures)
            if (a == name)
                return family;
    if (architectures.empty())
        for (const auto& [name, family] : kModelTypes)
            if (modelType == name)
                return family;
    const std::string named = !architectures.empty() ? architectures.front() : modelType;
    const std::string pointer = reader.pointerTo(!architectures.empty() ? "architectures" : "model_type");
    context.add(diag::kHfArchitecture, pointer, {"\"" + named + "\"", architectureList()});
    return std::nullopt;
}

// The phrases a feature that is not modelled is told in, "feature (what Meshwright does instead)", with
// %1 … for its numbers: the diagnostic's arguments and the model's notModelled entries (English there, as a
// saved design keeps them). The GUI translates both (widgets/common/catalogtext.cpp featureText).
namespace phrase {
constexpr const char* kSlidingWindowFrom
    = MW_TR_NOOP("DiagnosticArguments", "sliding-window attention of %1 tokens from layer %2");
constexpr const char* kWholeContext
    = MW_TR_NOOP("DiagnosticArguments", "every layer attends to the whole context");
constexpr const char* kLayerOrder
    = MW_TR_NOOP("DiagnosticArguments", "this order of sliding and full attention layers");
constexpr const char* kAttentionSinks
    = MW_TR_NOOP("DiagnosticArguments", "attention sinks (one learned logit per head)");
constexpr const char* kFewParameters
    = MW_TR_NOOP("DiagnosticArguments", "left out: a few parameters per layer, no FLOPs");
constexpr const char* kQuantisedAs = MW_TR_NOOP("DiagnosticArguments", "weights quantised as %1");
constexpr const char* kQuantised = MW_TR_NOOP("DiagnosticArguments", "quantised weights");
constexpr const char* kDesignPrecision
    = MW_TR_NOOP("DiagnosticArguments", "weights are held at the design's precision");
constexpr const char* kDenseBetween
    = MW_TR_NOOP("DiagnosticArguments", "dense layers between the sparse ones");
constexpr const char* kEveryLayerMoe
    = MW_TR_NOOP("DiagnosticArguments", "every layer is costed as a MoE layer");
constexpr const char* kFourNorms
    = MW_TR_NOOP("DiagnosticArguments", "RMSNorms after attention and after the MLP (four norms per layer)");
constexpr const char* kTwoNorms
    = MW_TR_NOOP("DiagnosticArguments",
                 "two norms per layer are counted: 2·hidden parameters and their elementwise work left out");
constexpr const char* kScoreSoftcap
    = MW_TR_NOOP("DiagnosticArguments", "attention score soft-capping (tanh at %1)");
constexpr const char* kLogitSoftcap
    = MW_TR_NOOP("DiagnosticArguments", "final logit soft-capping (tanh at %1)");
constexpr const char* kTanhLeftOut
    = MW_TR_NOOP("DiagnosticArguments", "left out: an elementwise tanh, no FLOPs or memory counted");
constexpr const char* kVisionTower
    = MW_TR_NOOP("DiagnosticArguments", "the vision tower (vision_config) and its projector");
constexpr const char* kLanguageOnly = MW_TR_NOOP(
    "DiagnosticArguments",
    "only the language model is counted: the images' parameters, memory and compute are left out");
constexpr const char* kField = MW_TR_NOOP("DiagnosticArguments", "field %1");
constexpr const char* kNotRead
    = MW_TR_NOOP("DiagnosticArguments", "Meshwright does not read it, and no figure includes it");
} // namespace phrase
constexpr const char* kNotModelledPhrases[]
    = {phrase::kSlidingWindowFrom, phrase::kWholeContext,  phrase::kLayerOrder,  phrase::kAttentionSinks,
       phrase::kFewParameters,     phrase::kQuantisedAs,   phrase::kQuantised,   phrase::kDesignPrecision,
       phrase::kDenseBetween,      phrase::kEveryLayerMoe, phrase::kFourNorms,   phrase::kTwoNorms,
       phrase::kScoreSoftcap,      phrase::kLogitSoftcap,  phrase::kTanhLeftOut, phrase::kVisionTower,
       phrase::kLanguageOnly,      phrase::kField,         phrase::kNotRead};

// Records a field Meshwright does not model: a warning at its pointer and a note on the model.
void notModelled(ReadContext& context, ModelArchitecture& model, const std::string& pointer, std::string field,
                 std::string instead)
{
    model.notModelled.push_back(argumentText(field) + " (" + argumentText(instead) + ")");
    context.add(diag::kHfNotModelled, pointer, {std::move(field), std::move(instead)});
}

// The repeating pattern of "layer_types": the shortest period whose first layers are the sliding ones.
std::optional<SlidingWindow> windowPattern(const std::vector<std::string>& layerTypes, std::int64_t window)
{
    const auto sliding = [&](std::size_t i) { return layerTypes[i] == "sliding_attention"; };
    for (std::size_t period = 1; period <= layerTypes.size(); ++period) {
        std::size_t prefix = 0;
        while (prefix < period && sliding(prefix))
            ++prefix;
        bool fits = true;
        for (std::size_t i = 0; i < layerTypes.size() && fits; ++i)
            fits = sliding(i) == (i % period < prefix);
        if (fits)
            return SlidingWindow{window, static_cast<int>(period), static_cast<int>(prefix)};
    }
    return std::nullopt;
}

// Sliding-window attention: Mistral's "sliding_window" on every layer; GPT-OSS and newer Gemma configs name
// each layer's kind in "layer_types"; older Gemma configs imply it (transformers' Gemma2: every even layer
// from the first is sliding; Gemma3: all but every "sliding_window_pattern"-th, 6 by default). Qwen2/3 switch
// it on with "use_sliding_window" for the layers from "max_window_layers" on (transformers' Qwen2Attention):
// a full prefix before the windowed layers is no repeating pattern, so it is named, not guessed.
void readSlidingWindow(ObjectReader& reader, ReadContext& context, ModelArchitecture& model, Family family)
{
    std::int64_t window = 0;
    if (const Json* value = reader.take("sliding_window"); value != nullptr && value->is_number_integer())
        window = value->get<std::int64_t>();
    bool used = window > 0;
    SlidingWindow pattern{window, 1, 1};
    if (family == Family::Qwen2 || family == Family::Qwen3 || family == Family::Qwen3Moe) {
        bool useSliding = false;
        int firstWindowed = 0;
        reader.read("use_sliding_window", useSliding);
        reader.read("max_window_layers", firstWindowed);
        used = used && useSliding && firstWindowed < model.layers;
        if (used && firstWindowed > 0) {
            notModelled(context, model, reader.pointerTo("max_window_layers"),
                        phraseArgument(phrase::kSlidingWindowFrom,
                                       {std::to_string(window), std::to_string(firstWindowed)}),
                        phrase::kWholeContext);
            return;
        }
    } else if (family == Family::Gemma2) {
        pattern = {window, 2, 1};
    } else if (family == Family::Gemma3) {
        int every = 6;
        reader.read("sliding_window_pattern", every);
        pattern = {window, std::max(every, 1), std::max(every, 1) - 1};
    }
    std::vector<std::string> layerTypes;
    reader.read("layer_types", layerTypes);
    if (!used || (model.maxContext > 0 && window >= model.maxContext))
        return;
    if (!layerTypes.empty()) {
        const std::optional<SlidingWindow> found = windowPattern(layerTypes, window);
        if (!found || layerTypes.size() != static_cast<std::size_t>(model.layers)) {
            notModelled(context, model, reader.pointerTo("layer_types"), phrase::kLayerOrder,
                        phrase::kWholeContext);
            return;
        }
        pattern = *found;
    }
    if (pattern.slidingLayers > 0)
        model.slidingWindow = pattern;
}

void readMoe(ObjectReader& reader, ModelArchitecture& model, Family family)
{
    MoeConfig& moe = model.moe;
    switch (family) {
    case Family::Mixtral:
    case Family::GptOss:
        reader.require("num_local_experts", moe.experts);
        if (!reader.read("num_experts_per_tok", moe.topK) || moe.topK == 0)
            reader.require("experts_per_token", moe.topK);
        else
            reader.take("experts_per_token");
        moe.expertFfn = model.ffn;
        break;
    case Family::Qwen3Moe:
        reader.require("num_experts", moe.experts);
        reader.require("num_experts_per_tok", moe.topK);
        reader.require("moe_intermediate_size", moe.expertFfn);
        break;
    case Family::DeepseekV3:
        reader.require("n_routed_experts", moe.experts);
        reader.require("num_experts_per_tok", moe.topK);
        reader.require("moe_intermediate_size", moe.expertFfn);
        reader.read("n_shared_experts", moe.sharedExperts);
        moe.sharedExpertFfn = moe.sharedExperts > 0 ? moe.expertFfn : 0;
        reader.read("first_k_dense_replace", moe.firstDenseLayers);
        reader.read("moe_layer_freq", moe.layerFrequency);
        // Group-limited routing (DeepSeek-V3: 4 of 8 groups); one group (Kimi K2's 1 of 1), or every group
        // chosen, routes over all experts.
        reader.read("n_group", moe.routerGroups);
        reader.read("topk_group", moe.routerGroupTopK);
        if (moe.routerGroups <= 1 || moe.routerGroupTopK == moe.routerGroups)
            moe.routerGroups = moe.routerGroupTopK = 0;
        break;
    default:
        break;
    }
}

void readMla(ObjectReader& reader, ModelArchitecture& model)
{
    model.attention = AttentionKind::Mla;
    MlaConfig& m = model.mla;
    if (const Json* q = reader.take("q_lora_rank"); q != nullptr && q->is_number_integer())
        m.qLoraRank = q->get<std::int64_t>(); // null: queries projected directly (DeepSeek-V2-Lite)
    reader.require("kv_lora_rank", m.kvLoraRank);
    reader.require("qk_nope_head_dim", m.qkNopeHeadDim);
    reader.require("qk_rope_head_dim", m.qkRopeHeadDim);
    reader.require("v_head_dim", m.vHeadDim);
    model.headDim = m.qkNopeHeadDim + m.qkRopeHeadDim;
}

// Fields that change cost but have no place in the model.
void readUnmodelled(ObjectReader& reader, ReadContext& context, ModelArchitecture& model, Family family)
{
    if (family == Family::GptOss)
        notModelled(context, model, "/architectures", phrase::kAttentionSinks, phrase::kFewParameters);
    if (const Json* q = reader.take("quantization_config"); q != nullptr && q->is_object())
        notModelled(context, model, reader.pointerTo("quantization_config"),
                    q->contains("quant_method") && (*q)["quant_method"].is_string()
                        ? phraseArgument(phrase::kQuantisedAs, {(*q)["quant_method"].get<std::string>()})
                        : std::string(phrase::kQuantised),
                    phrase::kDesignPrecision);
    if (family == Family::Qwen3Moe) {
        // Qwen3-MoE: layer i is sparse unless listed in mlp_only_layers, and only if (i + 1) % step == 0.
        int step = 1;
        std::vector<int> mlpOnly;
        reader.read("decoder_sparse_step", step);
        reader.read("mlp_only_layers", mlpOnly);
        if (step != 1 || !mlpOnly.empty())
            notModelled(context, model,
                        reader.pointerTo(step != 1 ? "decoder_sparse_step" : "mlp_only_layers"),
                        phrase::kDenseBetween, phrase::kEveryLayerMoe);
    }
    if (family == Family::Gemma2 || family == Family::Gemma3)
        notModelled(context, model, "/architectures", phrase::kFourNorms, phrase::kTwoNorms);
    // Soft-capping is a tanh on the scores inside the attention kernel (FlashAttention's softcap) or on
    // the final logits: no FLOPs or bytes Meshwright counts. null: switched off (Gemma 3).
    for (const char* key : {"attn_logit_softcapping", "final_logit_softcapping"})
        if (const Json* cap = reader.take(key); cap != nullptr && cap->is_number() && cap->get<double>() > 0)
            notModelled(context, model, reader.pointerTo(key),
                        phraseArgument(key == std::string("attn_logit_softcapping") ? phrase::kScoreSoftcap
                                                                                    : phrase::kLogitSoftcap,
                                       {formatNumber(cap->get<double>())}),
                        phrase::kTanhLeftOut);
    bool mlpBias = false;
    if (reader.read("mlp_bias", mlpBias) && mlpBias && model.bias != BiasKind::All)
        model.bias = BiasKind::All;
}

void readCommon(ObjectReader& reader, ModelArchitecture& model, Family family)
{
    reader.require("num_hidden_layers", model.layers);
    reader.require("hidden_size", model.hidden);
    reader.require("num_attention_heads", model.heads);
    reader.require("vocab_size", model.vocab);
    model.kvHeads = model.heads;
    reader.read("num_key_value_heads", model.kvHeads);
    if (family != Family::Mixtral || reader.has("intermediate_size"))
        reader.require("intermediate_size", model.ffn);
    model.headDim = model.heads > 0 ? model.hidden / model.heads : 0;
    // "head_dim": null (or absent) means hidden / heads; an integer is read like every other, so that one
    // past 2^53 is a located error rather than a model whose design does not load again.
    if (const Json* headDim = reader.take("head_dim"); headDim != nullptr && headDim->is_number_integer())
        reader.read("head_dim", model.headDim);
    // transformers' PretrainedConfig ties the embeddings unless the config says otherwise.
    model.tiedEmbeddings = true;
    reader.read("tie_word_embeddings", model.tiedEmbeddings);
    reader.read("max_position_embeddings", model.maxContext);
    // Multi-token prediction depths (DeepSeek-V3; catalog/model.h mtpLayers).
    reader.read("num_nextn_predict_layers", model.mtpLayers);
    bool attentionBias = family == Family::Qwen2;
    reader.read("attention_bias", attentionBias);
    model.bias = family == Family::GptOss ? BiasKind::All : attentionBias ? BiasKind::Qkv : BiasKind::None;
    model.qkNorm = family == Family::Qwen3 || family == Family::Qwen3Moe || family == Family::Gemma3;
    model.mlp = MlpKind::Gated;
    model.norm = NormKind::RmsNorm;
    model.positions = PositionEmbedding::Rope;
    // What does not change any figure: RoPE's scaling (positions only), the dtype the weights were saved in
    // (the design chooses its precision), norms' epsilon, initialisation, token ids.
    for (const char* key : {"rope_scaling", "rope_theta", "torch_dtype", "rms_norm_eps", "hidden_act",
                            "initializer_range", "bos_token_id", "eos_token_id", "pad_token_id", "use_cache",
                            "transformers_version", "attention_dropout", "model_type", "architectures",
                            "_name_or_path", "pretraining_tp", "initial_context_length", "tokenizer_class",
                            // Gemma: the query scale (a constant), the activation's name, the local layers'
                            // RoPE base, a duplicate of the window, the cache class transformers builds.
                            "query_pre_attn_scalar", "hidden_activation", "rope_local_base_freq",
                            "sliding_window_size", "cache_implementation"})
        reader.take(key);
    // Routing and training details that change no figure Meshwright computes.
    for (const char* key : {"norm_topk_prob", "router_aux_loss_coef", "output_router_logits", "routed_scaling_factor",
                            "scoring_func", "topk_method", "swiglu_limit", "ep_size", "aux_loss_alpha", "seq_aux"})
        reader.take(key);
}

} // namespace

bool isHfConfig(const Json& document)
{
    return document.is_object() && (document.contains("architectures") || document.contains("model_type"));
}

std::span<const char* const> hfNotModelledPhrases()
{
    return kNotModelledPhrases;
}

std::vector<std::string_view> hfArchitectures()
{
    std::vector<std::string_view> names;
    for (const auto& [name, family] : kArchitectures)
        names.push_back(name);
    return names;
}

namespace {

// Everything a family's config says, read from `reader` (the config, or a multimodal one's text_config).
void readModel(ObjectReader& reader, ReadContext& context, ModelArchitecture& model, Family family)
{
    readCommon(reader, model, family);
    if (family == Family::DeepseekV3)
        readMla(reader, model);
    readMoe(reader, model, family);
    readSlidingWindow(reader, context, model, family);
    readUnmodelled(reader, context, model, family);
}

// A multimodal checkpoint: its language model from "text_config", the wrapper's own keys taken, the
// vision tower named as left out.
bool readMultimodal(ObjectReader& reader, ReadContext& context, ModelArchitecture& model, Family family)
{
    for (const char* key : {"model_type", "boi_token_index", "eoi_token_index", "image_token_index",
                            "mm_tokens_per_image", "initializer_range", "bos_token_id", "eos_token_id",
                            "pad_token_id", "torch_dtype", "transformers_version"})
        reader.take(key);
    const Json* text = reader.take("text_config");
    if (text == nullptr) {
        reader.require("text_config", model.name); // absent: a located "missing" error
        return false;
    }
    const Json filled = text->is_object() ? withGemma3TextDefaults(*text) : *text;
    {
        ObjectReader inner(filled, reader.pointerTo("text_config"), context);
        if (!inner.valid())
            return false;
        readModel(inner, context, model, family);
    }
    if (const Json* vision = reader.take("vision_config"); vision != nullptr)
        notModelled(context, model, reader.pointerTo("vision_config"), phrase::kVisionTower,
                    phrase::kLanguageOnly);
    model.source = "Hugging Face config.json (" + model.name
        + ", its language model; absent text_config fields take transformers' Gemma3TextConfig defaults)";
    return true;
}

} // namespace

HfImportResult modelFromHfConfig(const Json& config)
{
    ReadContext context;
    context.reportUnknown = false;
    ModelArchitecture model;
    {
        ObjectReader reader(config, "", context);
        if (!reader.valid())
            return {std::nullopt, std::move(context.diagnostics)};
        std::vector<std::string> architectures;
        std::string nameOrPath;
        const std::optional<Family> multimodal = multimodalFamily(config);
        const auto family = multimodal ? multimodal : familyOf(reader, context);
        if (!family)
            return {std::nullopt, std::move(context.diagnostics)};
        reader.read("architectures", architectures);
        reader.read("_name_or_path", nameOrPath);
        model.name = !nameOrPath.empty() ? nameOrPath : architectures.empty() ? std::string("imported model") : architectures.front();
        if (multimodal) {
            if (!readMultimodal(reader, context, model, *family))
                return {std::nullopt, std::move(context.diagnostics)};
        } else {
            readModel(reader, context, model, *family);
            model.source = "Hugging Face config.json ("
                + (architectures.empty() ? model.name : architectures.front()) + ")";
        }
    }
    // Every field left is one this importer does not read: named, never silently dropped.
    for (auto it = context.unknown.begin(); it != context.unknown.end(); ++it)
        context.add(diag::kHfNotModelled, it.key(),
                    {phraseArgument(phrase::kField, {it.key()}), phrase::kNotRead});
    if (context.failed())
        return {std::nullopt, std::move(context.diagnostics)};
    return {std::move(model), std::move(context.diagnostics)};
}

HfImportResult importHfConfig(std::string_view text)
{
    // parseJson, not Json::parse: a number beyond the double range or a deep nesting is a located message.
    JsonParse parsed = parseJson(text);
    if (!parsed.ok())
        return {std::nullopt, {std::move(*parsed.error)}};
    return modelFromHfConfig(parsed.document);
}

} // namespace core
