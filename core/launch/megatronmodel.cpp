// SPDX-License-Identifier: GPL-3.0-or-later
// The model of a Megatron-LM script (importmegatron.cpp reads the rest): the preset it names or shapes, its
// multi-token prediction depths and its group-limited routing.
#include "launch/megatronmodel.h"

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "base/sizelimits.h"
#include "catalog/catalog.h"

namespace core::launch {

namespace {

// The shape a script gives, as Megatron-LM builds it (readModelShape): the FFN and the query groups with
// their defaults applied.
struct ModelShape
{
    std::int64_t layers = 0, hidden = 0, heads = 0, kvHeads = 0, ffn = 0;
};

// What a dense model's flags say beyond its shape, each absent flag Megatron-LM's default
// (megatron/training/arguments.py, core_transformer_config_from_args): head dimension h / heads unless
// --kv-channels, GELU unless --swiglu, LayerNorm, biases on every linear layer, hidden and attention dropout
// 0.1, learned absolute positions, the output layer tied to the embedding. The vocabulary is --vocab-size
// (NullTokenizer), GPT-2's 50,257 for GPT2BPETokenizer, else the base's, with a warning.
ModelArchitecture modelFromFlags(ImportContext& context, const Settings& flags, const ModelShape& shape)
{
    ModelArchitecture m;
    m.name = "Megatron-LM " + std::to_string(shape.layers) + " × " + std::to_string(shape.hidden); // no words
    m.source = "the launch script's flags; Megatron-LM's defaults (arguments.py) for the rest";
    m.layers = static_cast<int>(shape.layers);
    m.hidden = shape.hidden;
    m.heads = static_cast<int>(shape.heads);
    m.kvHeads = static_cast<int>(shape.kvHeads);
    m.ffn = shape.ffn;
    m.headDim = wholeNumber(context, flags.take("--kv-channels"))
                    .value_or(shape.hidden / std::max<std::int64_t>(shape.heads, 1));
    m.mlp = flags.take("--swiglu") ? MlpKind::Gated : MlpKind::Plain;
    const auto norm = choice(context, flags.take("--normalization"), {"LayerNorm", "RMSNorm"});
    m.norm = norm == "RMSNorm" ? NormKind::RmsNorm : NormKind::LayerNorm;
    m.qkNorm = flags.take("--qk-layernorm") != nullptr;
    m.bias = !flags.take("--disable-bias-linear") ? BiasKind::All
        : flags.take("--add-qkv-bias")            ? BiasKind::Qkv
                                                  : BiasKind::None;
    m.tiedEmbeddings = !flags.take("--untie-embeddings-and-output-weights");
    m.dropout = realNumber(context, flags.take("--hidden-dropout"), 0, 1).value_or(0.1) > 0
        || realNumber(context, flags.take("--attention-dropout"), 0, 1).value_or(0.1) > 0;
    const Setting* positions = flags.take("--position-embedding-type");
    m.positions = !positions || positions->value.value_or("") == "learned_absolute"
        ? PositionEmbedding::Learned
        : PositionEmbedding::Rope;
    m.maxContext = wholeNumber(context, flags.take("--max-position-embeddings")).value_or(0);
    const Setting* tokenizer = flags.take("--tokenizer-type");
    if (const auto vocab = wholeNumber(context, flags.take("--vocab-size")))
        m.vocab = *vocab;
    else if (tokenizer && tokenizer->value == "GPT2BPETokenizer")
        m.vocab = 50257; // GPT-2's byte-pair vocabulary
    else {
        m.vocab = context.base.model.vocab;
        context.add(
            diag::kLaunchApproximated, tokenizer ? tokenizer->where() : "line 1",
            {MW_TR_NOOP("DiagnosticArguments", "the vocabulary"),
             phraseArgument(MW_TR_NOOP("DiagnosticArguments", "%1 tokens, the base design's"),
                            {std::to_string(m.vocab)}),
             MW_TR_NOOP("DiagnosticArguments", "the file gives neither --vocab-size nor a known tokenizer")});
    }
    return m;
}

// The model: the preset the tokenizer names, else the preset with the file's shape (the shape flags that
// disagree with it are warnings), else a dense model built from the file's flags. Returns whether the file
// named, shaped or built the model.
bool readModelShape(ImportContext& context, const Settings& flags)
{
    const Setting* tokenizer = flags.take("--tokenizer-model");
    bool named = false;
    if (tokenizer && tokenizer->value && !modelPresetOfName(*tokenizer->value).empty())
        named = setModelByName(context, *tokenizer->value, tokenizer->where());
    const Setting* layers = flags.take("--num-layers");
    const Setting* hidden = flags.take("--hidden-size");
    const Setting* heads = flags.take("--num-attention-heads");
    const Setting* ffn = flags.take("--ffn-hidden-size");
    const Setting* groups = flags.take("--num-query-groups");
    const Setting* experts = flags.take("--num-experts");
    const auto value = [&context](const Setting* s) { return wholeNumber(context, s); };
    const auto nLayers = value(layers), nHidden = value(hidden), nHeads = value(heads),
               nGroups = value(groups), nExperts = value(experts);
    auto nFfn = value(ffn);
    // Without --ffn-hidden-size Megatron-LM sizes the FFN itself (arguments.py): 4h, or with --swiglu
    // int(4h · 2/3 / 64) · 64. A MoE model's FFN flag sizes only its dense layers, which it may not have.
    if (!ffn && nHidden && !experts)
        nFfn = flags.take("--swiglu") ? *nHidden * 8 / 3 / 64 * 64 : 4 * *nHidden;
    // Query groups as Megatron-LM builds them: --num-query-groups only with --group-query-attention (1 when
    // it gives none), else one a head. Latent attention has none to compare.
    const auto nKv = flags.take("--group-query-attention") ? std::optional(nGroups.value_or(1)) : nHeads;
    const auto matches = [&](const ModelArchitecture& m) {
        return (!nLayers || *nLayers == m.layers) && (!nHidden || *nHidden == m.hidden)
            && (!nHeads || *nHeads == m.heads) && (!nFfn || *nFfn == m.ffn || m.ffn == 0)
            && (!nKv || *nKv == m.kvHeads || m.attention == AttentionKind::Mla)
            && (!nExperts || *nExperts == m.moe.experts);
    };
    // The flags that describe the architecture further: they belong to the model read here.
    for (std::string_view flag : {"--group-query-attention",
                                  "--kv-channels",
                                  "--max-position-embeddings",
                                  "--position-embedding-type",
                                  "--normalization",
                                  "--qk-layernorm",
                                  "--swiglu",
                                  "--disable-bias-linear",
                                  "--add-qkv-bias",
                                  "--untie-embeddings-and-output-weights",
                                  "--attention-dropout",
                                  "--hidden-dropout",
                                  "--multi-latent-attention",
                                  "--q-lora-rank",
                                  "--kv-lora-rank",
                                  "--qk-head-dim",
                                  "--qk-pos-emb-head-dim",
                                  "--v-head-dim",
                                  "--moe-router-topk",
                                  "--moe-ffn-hidden-size",
                                  "--moe-shared-expert-intermediate-size",
                                  "--moe-layer-freq",
                                  "--tokenizer-type",
                                  "--vocab-size",
                                  "--rotary-base"})
        flags.take(flag);
    if (context.failed())
        return false;
    if (named) {
        if (!matches(context.design.model))
            context.add(
                diag::kLaunchApproximated, tokenizer->where(),
                {MW_TR_NOOP("DiagnosticArguments", "the file's --num-layers, --hidden-size and head counts"),
                 phraseArgument(MW_TR_NOOP("DiagnosticArguments", "those of %1"),
                                {context.design.model.name}),
                 MW_TR_NOOP("DiagnosticArguments",
                            "--tokenizer-model names that checkpoint, whose shape differs")});
        return true;
    }
    if (!nLayers && !nHidden && !nHeads)
        return false; // the file says nothing of the model: the base's stays
    if (matches(context.design.model))
        return true;
    for (const ModelArchitecture& model : Catalog::builtin().models())
        if (nLayers && nHidden && nHeads && matches(model)) {
            context.design.model = model;
            return true;
        }
    std::string shape = std::to_string(nLayers.value_or(0)) + " layers, hidden "
        + std::to_string(nHidden.value_or(0)) + ", " + std::to_string(nHeads.value_or(0)) + " heads";
    // A dense shape no preset has is the file's own model; experts and latent attention need more of it
    // than the flags read here, and keep the base's.
    if (nLayers && nHidden && nHeads && nFfn && !experts && !flags.take("--multi-latent-attention")) {
        context.design.model
            = modelFromFlags(context, flags, {*nLayers, *nHidden, *nHeads, nKv.value_or(*nHeads), *nFfn});
        context.add(diag::kLaunchApproximated, layers->where(),
                    {shape, MW_TR_NOOP("DiagnosticArguments", "a model of its own"),
                     MW_TR_NOOP("DiagnosticArguments",
                                "no built-in preset has that shape; Megatron-LM's defaults stand for the "
                                "architecture flags the file leaves out")});
        return !context.failed();
    }
    context.add(diag::kLaunchModel,
                (layers       ? layers
                     : hidden ? hidden
                              : heads)
                    ->where(),
                {shape, context.base.model.name});
    return false;
}

} // namespace

// A preset such as DeepSeek-V3 carries its checkpoint's depth and groups; the file's flags replace them.
void readMegatronModel(ImportContext& context, const Settings& flags)
{
    const Setting* mtp = flags.take("--mtp-num-layers");
    const Setting* groups = flags.take("--moe-router-num-groups");
    const Setting* groupTopK = flags.take("--moe-router-group-topk");
    for (std::string_view flag : {"--mtp-loss-scaling-factor"})
        flags.take(flag);
    const bool fromFile = readModelShape(context, flags);
    ModelArchitecture& model = context.design.model;
    if (const auto depths = wholeNumber(context, mtp, 0, 64))
        model.mtpLayers = static_cast<int>(*depths);
    else if (fromFile && !mtp)
        model.mtpLayers = 0;
    if (groups || groupTopK || fromFile)
        for (auto [setting, count] :
             {std::pair{groups, &model.moe.routerGroups}, std::pair{groupTopK, &model.moe.routerGroupTopK}})
            *count = static_cast<int>(wholeNumber(context, setting, 0, limits::kMaxExperts).value_or(0));
    // 0 is Megatron-Core's None: TransformerConfig and moe_utils.py test both flags for truth. A flag set to
    // 0 (or unreadable, already an error at its line) counts as absent.
    if (model.moe.routerGroups == 0)
        groups = nullptr;
    if (model.moe.routerGroupTopK == 0)
        groupTopK = nullptr;
    // Alone, each flag is Megatron-Core's: the groups without a count chosen limit nothing (moe_utils.py
    // routes by groups only `if group_topk`), a count without groups is refused (TransformerConfig).
    if (groups && !groupTopK) {
        context.add(diag::kLaunchApproximated, groups->where(),
                    {groups->name, MW_TR_NOOP("DiagnosticArguments", "routing over all experts"),
                     MW_TR_NOOP("DiagnosticArguments",
                                "without --moe-router-group-topk Megatron-Core does not limit the groups")});
        model.moe.routerGroups = 0;
    } else if (groupTopK && !groups) {
        context.add(
            diag::kLaunchUnsupported, groupTopK->where(),
            {groupTopK->name, groupTopK->value.value_or(""),
             MW_TR_NOOP("DiagnosticArguments",
                        "Megatron-Core refuses group-limited routing without --moe-router-num-groups")});
    }
}

} // namespace core::launch
