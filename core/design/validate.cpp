// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/validate.h"

#include "base/diagnostickinds.h"
#include "base/sizelimits.h"
#include "base/units.h"
#include "design/placementchecks.h"
#include "framework/frameworkchecks.h"
#include "framework/frameworkprofile.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>

namespace core {

namespace {

using Diagnostics = std::vector<Diagnostic>;

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

// Reports a value outside [min, max]; returns whether it is inside.
bool inRange(Diagnostics& out, const std::string& path, std::string_view label, std::int64_t value,
             std::int64_t min, std::int64_t max)
{
    if (value >= min && value <= max)
        return true;
    out.push_back(
        makeDiagnostic(diag::kValueRange, path, {std::string(label), str(min), str(max), str(value)}));
    return false;
}

// The same for a real-valued setting.
bool realInRange(Diagnostics& out, const std::string& path, std::string_view label, double value, double min,
                 double max)
{
    if (value >= min && value <= max)
        return true;
    out.push_back(
        makeDiagnostic(diag::kValueRange, path,
                       {std::string(label), formatNumber(min), formatNumber(max), formatNumber(value)}));
    return false;
}

std::string layoutPath(Dim dim)
{
    return "/layout/" + std::string(enumName(dim));
}

bool validateModel(const ModelArchitecture& m, Diagnostics& out)
{
    bool ok = true;
    ok &= inRange(out, "/model/layers", MW_TR_NOOP("DiagnosticArguments", "Layers"), m.layers, 1,
                  limits::kMaxLayers);
    ok &= inRange(out, "/model/hidden", MW_TR_NOOP("DiagnosticArguments", "Hidden size"), m.hidden, 1,
                  limits::kMaxHidden);
    ok &= inRange(out, "/model/heads", MW_TR_NOOP("DiagnosticArguments", "Attention heads"), m.heads, 1,
                  limits::kMaxHeads);
    ok &= inRange(out, "/model/headDim", MW_TR_NOOP("DiagnosticArguments", "Head dimension"), m.headDim, 1,
                  limits::kMaxHeadDim);
    ok &= inRange(out, "/model/vocab", MW_TR_NOOP("DiagnosticArguments", "Vocabulary"), m.vocab, 1,
                  limits::kMaxVocab);
    ok &= inRange(out, "/model/ffn", MW_TR_NOOP("DiagnosticArguments", "FFN size"), m.ffn, 0,
                  limits::kMaxFfn);
    ok &= inRange(out, "/model/maxContext", MW_TR_NOOP("DiagnosticArguments", "Context window"), m.maxContext,
                  0, limits::kMaxSequence);
    if (m.attention == AttentionKind::Standard) {
        ok &= inRange(out, "/model/kvHeads", MW_TR_NOOP("DiagnosticArguments", "Key/value heads"), m.kvHeads,
                      1, limits::kMaxHeads);
        if (ok && m.heads % m.kvHeads != 0) {
            out.push_back(
                makeDiagnostic(diag::kModelKvHeads, "/model/kvHeads", {str(m.heads), str(m.kvHeads)}));
            ok = false;
        }
    } else {
        const MlaConfig& mla = m.mla;
        ok &= inRange(out, "/model/mla/kvLoraRank", MW_TR_NOOP("DiagnosticArguments", "MLA key/value rank"),
                      mla.kvLoraRank, 1, limits::kMaxHidden);
        ok &= inRange(out, "/model/mla/qLoraRank", MW_TR_NOOP("DiagnosticArguments", "MLA query rank"),
                      mla.qLoraRank, 0, limits::kMaxHidden);
        ok &= inRange(out, "/model/mla/qkNopeHeadDim",
                      MW_TR_NOOP("DiagnosticArguments", "MLA head dimension"), mla.qkNopeHeadDim, 1,
                      limits::kMaxHeadDim);
        ok &= inRange(out, "/model/mla/qkRopeHeadDim",
                      MW_TR_NOOP("DiagnosticArguments", "MLA RoPE head dimension"), mla.qkRopeHeadDim, 0,
                      limits::kMaxHeadDim);
        ok &= inRange(out, "/model/mla/vHeadDim",
                      MW_TR_NOOP("DiagnosticArguments", "MLA value head dimension"), mla.vHeadDim, 1,
                      limits::kMaxHeadDim);
    }
    const MoeConfig& moe = m.moe;
    ok &= inRange(out, "/model/moe/experts", MW_TR_NOOP("DiagnosticArguments", "Experts"), moe.experts, 0,
                  limits::kMaxExperts);
    if (ok && moe.experts > 0) {
        ok &= inRange(out, "/model/moe/expertFfn", MW_TR_NOOP("DiagnosticArguments", "Expert FFN size"),
                      moe.expertFfn, 1, limits::kMaxFfn);
        ok &= inRange(out, "/model/moe/sharedExperts", MW_TR_NOOP("DiagnosticArguments", "Shared experts"),
                      moe.sharedExperts, 0, limits::kMaxExperts);
        ok &= inRange(out, "/model/moe/sharedExpertFfn",
                      MW_TR_NOOP("DiagnosticArguments", "Shared expert FFN size"), moe.sharedExpertFfn, 0,
                      limits::kMaxFfn);
        ok &= inRange(out, "/model/moe/firstDenseLayers",
                      MW_TR_NOOP("DiagnosticArguments", "Leading dense layers"), moe.firstDenseLayers, 0,
                      m.layers);
        ok &= inRange(out, "/model/moe/layerFrequency",
                      MW_TR_NOOP("DiagnosticArguments", "MoE layer frequency"), moe.layerFrequency, 1,
                      std::max(1, m.layers));
        if (moe.topK < 1 || moe.topK > moe.experts) {
            out.push_back(
                makeDiagnostic(diag::kModelTopK, "/model/moe/topK", {str(moe.topK), str(moe.experts)}));
            ok = false;
        }
        // Megatron-Core views the scores as [tokens, groups, experts / groups] (moe_utils.py
        // group_limited_topk): the groups divide the experts, and top-k comes from the chosen ones.
        if (ok && (moe.routerGroups != 0 || moe.routerGroupTopK != 0)) {
            const bool fits = moe.routerGroups >= 1 && moe.routerGroupTopK >= 1
                && moe.routerGroupTopK <= moe.routerGroups && moe.experts % moe.routerGroups == 0
                && moe.topK <= moe.routerGroupTopK * (moe.experts / moe.routerGroups);
            if (!fits) {
                out.push_back(makeDiagnostic(
                    diag::kModelRouterGroups,
                    moe.routerGroups < 1 || moe.experts % std::max(1, moe.routerGroups) != 0
                        ? "/model/moe/routerGroups"
                        : "/model/moe/routerGroupTopK",
                    {str(moe.experts), str(moe.routerGroups), str(moe.routerGroupTopK), str(moe.topK)}));
                ok = false;
            }
        }
    }
    const SlidingWindow& window = m.slidingWindow;
    ok &= inRange(out, "/model/slidingWindow/tokens", MW_TR_NOOP("DiagnosticArguments", "Sliding window"),
                  window.tokens, 0, limits::kMaxSequence);
    if (ok && window.tokens > 0) {
        ok &= inRange(out, "/model/slidingWindow/period",
                      MW_TR_NOOP("DiagnosticArguments", "Sliding window period"), window.period, 1,
                      std::max(1, m.layers));
        if (ok)
            ok &= inRange(out, "/model/slidingWindow/slidingLayers",
                          MW_TR_NOOP("DiagnosticArguments", "Sliding layers per period"),
                          window.slidingLayers, 1, window.period);
    }
    ok &= inRange(out, "/model/mtpLayers", MW_TR_NOOP("DiagnosticArguments", "Multi-token prediction layers"),
                  m.mtpLayers, 0, std::max(1, m.layers));
    if (!ok)
        return false;
    if (m.denseLayerCount() > 0 && m.ffn == 0) {
        out.push_back(makeDiagnostic(diag::kModelNoMlp, "/model/ffn", {str(m.denseLayerCount())}));
        return false;
    }
    const double total = countParameters(m).all.total();
    if (total > limits::kMaxParameters) {
        out.push_back(makeDiagnostic(diag::kModelTooLarge, "/model",
                                     {formatCount(total), formatCount(limits::kMaxParameters)}));
        return false;
    }
    for (std::size_t i = 0; i < m.notModelled.size(); ++i)
        out.push_back(makeDiagnostic(diag::kModelUnmodelled, "/model/notModelled/" + std::to_string(i),
                                     {m.notModelled[i]}));
    return true;
}

// Returns the GPU types the cluster holds (none when it is too large to walk).
std::set<std::string> validateCluster(const Cluster& cluster, const Catalog& catalog, Diagnostics& out)
{
    std::int64_t gpuCount = 0;
    for (const Node& node : cluster.nodes)
        gpuCount += static_cast<std::int64_t>(node.gpus.size());
    if (gpuCount > limits::kMaxGpus) {
        // Checked first and alone: every later check would walk all of them.
        out.push_back(makeDiagnostic(diag::kValueRange, "/cluster",
                                     {MW_TR_NOOP("DiagnosticArguments", "The cluster's GPU count"), "1",
                                      str(limits::kMaxGpus), str(gpuCount)}));
        return {};
    }
    // Each unknown reference once, at its first occurrence: a 4,096-GPU cluster of an unknown type
    // is one problem, not 4,096.
    std::set<std::string> reported;
    std::map<std::size_t, int> nodesByGpuCount;
    std::set<std::string> gpuTypes;
    int outOfService = 0;
    for (std::size_t n = 0; n < cluster.nodes.size(); ++n) {
        const Node& node = cluster.nodes[n];
        const std::string nodePath = "/cluster/nodes/" + std::to_string(n);
        const LinkSpec* link = catalog.link(node.intraLink);
        if (!link) {
            if (reported.insert("link:" + node.intraLink).second)
                out.push_back(makeDiagnostic(diag::kLinkUnknown, nodePath + "/intraLink",
                                             {node.intraLink, catalog.linkIds()}));
        } else if (link->linkClass == LinkClass::Fabric
                   && reported.insert("class:" + node.intraLink).second) {
            out.push_back(makeDiagnostic(diag::kLinkWrongClass, nodePath + "/intraLink",
                                         {node.intraLink, std::string(enumName(link->linkClass)),
                                          MW_TR_NOOP("DiagnosticArguments", "an intra-node link")}));
        }
        ++nodesByGpuCount[node.gpus.size()];
        for (std::size_t g = 0; g < node.gpus.size(); ++g) {
            const Gpu& gpu = node.gpus[g];
            gpuTypes.insert(gpu.type);
            if (!gpu.inService)
                ++outOfService;
            if (!catalog.gpu(gpu.type) && reported.insert("gpu:" + gpu.type).second)
                out.push_back(makeDiagnostic(diag::kGpuUnknown,
                                             nodePath + "/gpus/" + std::to_string(g) + "/type",
                                             {gpu.type, catalog.gpuIds()}));
        }
    }
    if (cluster.nodes.size() > 1) {
        const LinkSpec* fabric = catalog.link(cluster.fabric);
        if (!fabric)
            out.push_back(
                makeDiagnostic(diag::kLinkUnknown, "/cluster/fabric", {cluster.fabric, catalog.linkIds()}));
        else if (fabric->linkClass != LinkClass::Fabric)
            out.push_back(makeDiagnostic(diag::kLinkWrongClass, "/cluster/fabric",
                                         {cluster.fabric, std::string(enumName(fabric->linkClass)),
                                          MW_TR_NOOP("DiagnosticArguments", "the inter-node fabric")}));
    }
    if (cluster.nicsPerNode < 0 || cluster.nicsPerNode > limits::kMaxGpusPerNode)
        out.push_back(makeDiagnostic(diag::kValueRange, "/cluster/nicsPerNode",
                                     {MW_TR_NOOP("DiagnosticArguments", "Network cards per node"), "0",
                                      str(std::int64_t{limits::kMaxGpusPerNode}),
                                      str(std::int64_t{cluster.nicsPerNode})}));
    if (!(cluster.oversubscription >= 1 && cluster.oversubscription <= 64))
        out.push_back(makeDiagnostic(diag::kValueRange, "/cluster/oversubscription",
                                     {MW_TR_NOOP("DiagnosticArguments", "Fabric oversubscription"), "1", "64",
                                      formatNumber(cluster.oversubscription)}));
    // 0 (the GPUs' reference system) up to 1 PiB: far above any node, to catch a unit slip.
    if (!(cluster.hostMemoryBytes >= 0 && cluster.hostMemoryBytes <= limits::kMaxHostMemoryBytes))
        out.push_back(makeDiagnostic(diag::kValueRange, "/cluster/hostMemoryBytes",
                                     {MW_TR_NOOP("DiagnosticArguments", "Host RAM per node (bytes)"), "0",
                                      formatNumber(limits::kMaxHostMemoryBytes),
                                      formatNumber(cluster.hostMemoryBytes)}));
    if (cluster.inServiceGpuCount() == 0)
        out.push_back(makeDiagnostic(diag::kClusterEmpty, "/cluster"));
    if (nodesByGpuCount.size() > 1) {
        std::string counts;
        for (const auto& [gpus, nodes] : nodesByGpuCount)
            counts += (counts.empty() ? "" : ", ") + str(nodes) + " × " + str(static_cast<std::int64_t>(gpus))
                + " GPUs";
        out.push_back(makeDiagnostic(diag::kNodesNonUniform, "/cluster/nodes", {counts}));
    }
    if (gpuTypes.size() > 1) {
        std::string types;
        for (const std::string& t : gpuTypes)
            types += (types.empty() ? "" : ", ") + t;
        out.push_back(makeDiagnostic(diag::kMixedGpus, "/cluster/nodes", {types}));
    }
    if (outOfService > 0)
        out.push_back(makeDiagnostic(diag::kGpusOutOfService, "/cluster/nodes", {str(outOfService)}));
    return gpuTypes;
}

bool validateDegrees(const Design& design, Diagnostics& out, int inService)
{
    const ParallelLayout& layout = design.layout;
    bool ok = true;
    for (Dim dim : kAllDims) {
        const std::string label(enumName(dim));
        std::string upper = label;
        std::transform(upper.begin(), upper.end(), upper.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        ok &= inRange(out, layoutPath(dim), upper, layout.degree(dim), 1, limits::kMaxDegree);
    }
    ok &= inRange(out, "/layout/expertTp", MW_TR_NOOP("DiagnosticArguments", "Expert TP"), layout.expertTp, 0,
                  limits::kMaxDegree);
    if (!ok)
        return false;
    const std::int64_t world = layout.worldSize();
    if (world > limits::kMaxWorldSize) {
        // Past int64 the product saturates: the degrees' product names it then.
        const std::string needed
            = world == std::numeric_limits<std::int64_t>::max() ? worldSizeFormula(layout) : str(world);
        out.push_back(makeDiagnostic(diag::kWorldTooLarge, "/layout", {needed, str(limits::kMaxWorldSize)}));
        return false;
    }
    if (world > inService && inService > 0)
        out.push_back(makeDiagnostic(diag::kWorldExceedsGpus, "/layout",
                                     {str(world), worldSizeFormula(layout), str(inService)}));
    else if (world < inService)
        out.push_back(
            makeDiagnostic(diag::kWorldIdleGpus, "/layout",
                           {str(world), str(inService), worldSizeFormula(layout), str(inService - world)}));
    if (layout.expertMode == ExpertMode::Megatron) {
        const std::int64_t expertBlock = std::int64_t{layout.effectiveExpertTp()} * layout.ep() * layout.pp();
        if (world % expertBlock != 0) {
            out.push_back(makeDiagnostic(
                diag::kEpMegatronFold, "/layout/ep",
                {str(layout.effectiveExpertTp()), str(layout.ep()), str(layout.pp()), str(world)}));
            return false;
        }
    }
    return true;
}

void validateTensorParallel(const Design& design, Diagnostics& out)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& layout = design.layout;
    const int tp = layout.tp();
    if (layout.sequenceParallel && tp == 1)
        out.push_back(makeDiagnostic(diag::kSpWithoutTp, "/layout/sequenceParallel"));
    if (layout.tpCommOverlap && !(layout.sequenceParallel && tp > 1))
        out.push_back(makeDiagnostic(diag::kTpOverlapWithoutSp, "/layout/tpCommOverlap"));
    if (tp == 1 && layout.effectiveExpertTp() == 1)
        return;
    if (m.heads % tp != 0)
        out.push_back(makeDiagnostic(diag::kTpHeads, "/layout/tp", {str(tp), str(m.heads)}));
    if (m.attention == AttentionKind::Standard && m.kvHeads % tp != 0) {
        // Serving engines replicate KV heads when TP exceeds them (vLLM: num_kv_heads < tp_size requires
        // tp_size % num_kv_heads == 0); Megatron training requires num_query_groups % TP == 0.
        if (design.workload.mode == Mode::Serving && tp % m.kvHeads == 0)
            out.push_back(makeDiagnostic(diag::kTpKvReplicated, "/layout/tp",
                                         {str(tp), str(m.kvHeads), str(tp / m.kvHeads)}));
        else
            out.push_back(makeDiagnostic(diag::kTpKvHeads, "/layout/tp", {str(tp), str(m.kvHeads)}));
    }
    if (m.hidden % tp != 0)
        out.push_back(makeDiagnostic(diag::kTpHidden, "/layout/tp", {str(tp), str(m.hidden)}));
    if (m.denseLayerCount() > 0 && m.ffn % tp != 0)
        out.push_back(makeDiagnostic(diag::kTpFfn, "/layout/tp", {str(tp), str(m.ffn)}));
    if (m.moe.isMoe()) {
        const int etp = layout.expertMode == ExpertMode::Megatron ? layout.effectiveExpertTp() : tp;
        const std::string etpPath = layout.expertMode == ExpertMode::Megatron && layout.expertTp > 0
            ? "/layout/expertTp"
            : "/layout/tp";
        if (m.moe.expertFfn % etp != 0)
            out.push_back(makeDiagnostic(diag::kTpExpertFfn, etpPath, {str(etp), str(m.moe.expertFfn)}));
        if (m.moe.sharedExperts > 0 && m.moe.sharedExpertFfn % tp != 0)
            out.push_back(makeDiagnostic(diag::kTpFfn, "/layout/tp", {str(tp), str(m.moe.sharedExpertFfn)}));
    }
    if (tp > 1 && m.vocab % tp != 0) {
        // The framework pads the output layer (Megatron-LM: a multiple of make_vocab_size_divisible_by × TP).
        out.push_back(makeDiagnostic(diag::kTpVocabPadded, "/model/vocab",
                                     {str(m.vocab), str(paddedVocab(design)), str(tp),
                                      frameworkProfile(design).name, str(vocabPaddingMultiple(design))}));
    }
}

void validatePipeline(const Design& design, std::int64_t microBatches, Diagnostics& out)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& layout = design.layout;
    const int pp = layout.pp();
    const int v = layout.virtualStages;
    if (!inRange(out, "/layout/virtualStages", MW_TR_NOOP("DiagnosticArguments", "Virtual stages"), v, 1,
                 limits::kMaxVirtualStages))
        return;
    // More than a chunk holds recomputes the whole chunk, as Megatron's block method does.
    inRange(out, "/layout/recomputeLayers", MW_TR_NOOP("DiagnosticArguments", "Recomputed layers per chunk"),
            layout.recomputeLayers, 0, limits::kMaxLayers);
    inRange(out, "/layout/activationOffloadLayers",
            MW_TR_NOOP("DiagnosticArguments", "Layers with offloaded activations"),
            layout.activationOffloadLayers, 0, limits::kMaxLayers);
    // DualPipe cuts the model into PP stages and holds each twice (modelshard.h).
    const std::int64_t stages = layout.schedule == Schedule::DualPipe ? pp : std::int64_t{pp} * v;
    if (layout.layersPerStage.empty()) {
        if (stages > m.layers)
            out.push_back(makeDiagnostic(diag::kPpTooManyStages, "/layout/pp",
                                         {str(pp), str(v), str(stages), str(m.layers)}));
        else if (m.layers % stages != 0)
            out.push_back(makeDiagnostic(diag::kPpLayers, "/layout/pp", {str(m.layers), str(pp), str(v)}));
    } else {
        const auto& split = layout.layersPerStage;
        if (static_cast<std::int64_t>(split.size()) != stages) {
            out.push_back(
                makeDiagnostic(diag::kPpStageCount, "/layout/layersPerStage",
                               {str(static_cast<std::int64_t>(split.size())), str(pp), str(v), str(stages)}));
        } else {
            // In training the first model chunk may hold only the embedding and the last only the output
            // head and the loss, with any prediction depths: Megatron-LM's
            // account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split, or its
            // pipeline_model_parallel_layout "E|…|L" (Megatron-Bridge's Llama 3.1 405B recipes cut 126 layers
            // into 128 slots; its DeepSeek-V3 recipe for H100 ends in "mL"). DualPipe holds each stage twice,
            // from both ends, and serving engines split layers only.
            const bool endsMayBeEmpty
                = design.workload.mode == Mode::Training && layout.schedule != Schedule::DualPipe;
            std::int64_t sum = 0;
            for (std::size_t i = 0; i < split.size(); ++i) {
                const bool end = i == 0 || i + 1 == split.size();
                if (split[i] < 1 && !(split[i] == 0 && endsMayBeEmpty && end))
                    out.push_back(makeDiagnostic(diag::kPpEmptyStage,
                                                 "/layout/layersPerStage/" + std::to_string(i),
                                                 {str(static_cast<std::int64_t>(i)), str(split[i])}));
                sum += split[i];
            }
            if (sum != m.layers)
                out.push_back(
                    makeDiagnostic(diag::kPpStageSum, "/layout/layersPerStage", {str(sum), str(m.layers)}));
        }
    }

    const std::string scheduleName(enumName(layout.schedule));
    switch (layout.schedule) {
    case Schedule::Interleaved:
        if (v < 2)
            out.push_back(
                makeDiagnostic(diag::kScheduleVirtualStages, "/layout/virtualStages",
                               {scheduleName, MW_TR_NOOP("DiagnosticArguments", "at least 2"), str(v)}));
        break;
    case Schedule::ZbV:
    case Schedule::DualPipeV:
    case Schedule::DualPipe:
        if (v != 2)
            out.push_back(makeDiagnostic(diag::kScheduleVirtualStages, "/layout/virtualStages",
                                         {scheduleName, "2", str(v)}));
        break;
    default:
        if (v != 1)
            out.push_back(makeDiagnostic(diag::kScheduleVirtualStages, "/layout/virtualStages",
                                         {scheduleName, "1", str(v)}));
        break;
    }
    // deepseek-ai/DualPipe dualpipe.py: assert num_ranks % 2 == 0.
    if (layout.schedule == Schedule::DualPipe && pp % 2 != 0)
        out.push_back(makeDiagnostic(diag::kScheduleDualPipeRanks, "/layout/pp", {str(pp)}));
    if (pp == 1) {
        if (layout.schedule != Schedule::OneFOneB)
            out.push_back(makeDiagnostic(diag::kScheduleWithoutPp, "/layout/schedule", {scheduleName}));
        return;
    }
    if (design.workload.mode != Mode::Training || microBatches <= 0)
        return;
    if (layout.schedule == Schedule::Interleaved && microBatches % pp != 0)
        out.push_back(makeDiagnostic(diag::kScheduleInterleavedMicroBatches, "/workload/globalBatch",
                                     {str(microBatches), str(pp)}));
    else if (layout.schedule == Schedule::DualPipe && (microBatches < 2 * pp || microBatches % 2 != 0))
        out.push_back(makeDiagnostic(diag::kScheduleDualPipeBidirectionalMicroBatches, "/workload/globalBatch",
                                     {str(2 * pp), str(microBatches)}));
    else if (layout.schedule == Schedule::DualPipeV && microBatches < 2 * pp)
        out.push_back(makeDiagnostic(diag::kScheduleDualPipeMicroBatches, "/workload/globalBatch",
                                     {str(2 * pp), str(microBatches)}));
    else if (microBatches < pp)
        out.push_back(makeDiagnostic(diag::kScheduleFewMicroBatches, "/workload/globalBatch",
                                     {str(microBatches), str(pp)}));
}

void validateExperts(const Design& design, Diagnostics& out)
{
    const ModelArchitecture& m = design.model;
    const int ep = design.layout.ep();
    if (ep == 1)
        return;
    if (!m.moe.isMoe())
        out.push_back(makeDiagnostic(
            diag::kEpDenseModel, "/layout/ep",
            {str(ep), m.name.empty() ? MW_TR_NOOP("DiagnosticArguments", "the model") : m.name}));
    else if (m.moe.experts % ep != 0)
        out.push_back(makeDiagnostic(diag::kEpExperts, "/layout/ep", {str(ep), str(m.moe.experts)}));
}

void validateWorkload(const Design& design, std::int64_t microBatches, Diagnostics& out)
{
    const Workload& w = design.workload;
    const ParallelLayout& layout = design.layout;
    const ModelArchitecture& m = design.model;
    inRange(out, "/workload/sequenceLength", MW_TR_NOOP("DiagnosticArguments", "Sequence length"),
            w.sequenceLength, 1, limits::kMaxSequence);
    realInRange(out, "/workload/moeCapacityFactor", MW_TR_NOOP("DiagnosticArguments", "MoE capacity factor"),
                w.moeCapacityFactor, 0.0, 1000.0);
    // A token goes to an expert at most once, so the busiest expert gets at most every token: E / top-k
    // times the mean. 0 is the default.
    if (w.moeExpertLoadSkew != 0)
        realInRange(out, "/workload/moeExpertLoadSkew",
                    MW_TR_NOOP("DiagnosticArguments", "MoE expert load skew"), w.moeExpertLoadSkew, 1.0,
                    m.moe.isMoe()
                        ? std::max(1.0, static_cast<double>(m.moe.experts) / std::max(1, m.moe.topK))
                        : 1000.0);
    if (w.mode == Mode::Training) {
        // Both checked, so that both are reported.
        const bool globalOk
            = inRange(out, "/workload/globalBatch", MW_TR_NOOP("DiagnosticArguments", "Global batch"),
                      w.globalBatch, 1, limits::kMaxBatch);
        const bool microOk
            = inRange(out, "/layout/microBatch", MW_TR_NOOP("DiagnosticArguments", "Micro-batch"),
                      layout.microBatch, 1, limits::kMaxMicroBatch);
        const bool batchOk = globalOk && microOk;
        if (batchOk && microBatches == 0)
            out.push_back(
                makeDiagnostic(diag::kBatchDivisible, "/workload/globalBatch",
                               {str(w.globalBatch), str(layout.microBatch), str(layout.batchReplicas())}));
        if (m.maxContext > 0 && w.sequenceLength > m.maxContext)
            out.push_back(makeDiagnostic(diag::kSeqContext, "/workload/sequenceLength",
                                         {str(w.sequenceLength), str(m.maxContext)}));
        if (inRange(out, "/layout/zeroStage", MW_TR_NOOP("DiagnosticArguments", "ZeRO stage"),
                    layout.zeroStage, 0, 3)
            && layout.zeroStage > 0 && layout.dp() == 1)
            out.push_back(makeDiagnostic(diag::kZeroNoEffect, "/layout/zeroStage", {str(layout.zeroStage)}));
        if (w.offload == Offload::Cpu && layout.zeroStage == 0)
            out.push_back(makeDiagnostic(diag::kOffloadWithoutZero, "/workload/offload"));
        if (inRange(out, "/layout/shardGroup", MW_TR_NOOP("DiagnosticArguments", "HSDP shard group"),
                    layout.shardGroup, 0, limits::kMaxDegree)
            && layout.shardGroup > 0 && layout.dp() % layout.shardGroup != 0)
            out.push_back(makeDiagnostic(diag::kShardGroup, "/layout/shardGroup",
                                         {str(layout.shardGroup), str(layout.dp())}));
    } else {
        inRange(out, "/workload/serving/concurrency",
                MW_TR_NOOP("DiagnosticArguments", "Concurrent sequences"), w.serving.concurrency, 1,
                limits::kMaxConcurrency);
        inRange(out, "/workload/serving/contextLength", MW_TR_NOOP("DiagnosticArguments", "Context length"),
                w.serving.contextLength, 1, limits::kMaxSequence);
        if (m.maxContext > 0 && w.serving.contextLength > m.maxContext)
            out.push_back(makeDiagnostic(diag::kSeqContext, "/workload/serving/contextLength",
                                         {str(w.serving.contextLength), str(m.maxContext)}));
        if (layout.zeroStage != 0)
            out.push_back(makeDiagnostic(diag::kZeroServing, "/layout/zeroStage"));
        const std::int64_t context = w.serving.contextLength;
        if (inRange(out, "/workload/serving/outputLength", MW_TR_NOOP("DiagnosticArguments", "Output length"),
                    w.serving.outputLength, 1, std::max<std::int64_t>(context - 1, 1)))
            inRange(out, "/workload/serving/promptLength", MW_TR_NOOP("DiagnosticArguments", "Prompt length"),
                    w.serving.promptLength, 0, context - w.serving.outputLength);
    }

    const int cp = layout.cp();
    const std::int64_t seq = w.mode == Mode::Training ? w.sequenceLength : w.serving.contextLength;
    const std::string seqPath
        = w.mode == Mode::Training ? "/workload/sequenceLength" : "/workload/serving/contextLength";
    if (cp > 1 && seq % (2 * cp) != 0)
        out.push_back(makeDiagnostic(diag::kSeqCp, seqPath, {str(seq), str(2 * cp)}));
    else if (layout.sequenceParallel && layout.tp() > 1 && w.mode == Mode::Training
             && (seq / cp) % layout.tp() != 0)
        out.push_back(makeDiagnostic(diag::kSeqSp, seqPath, {str(seq / cp), str(layout.tp())}));
}

// The compute model's constants (computemodel.h): an efficiency above peak, or none at all, or a
// negative width would make every time meaningless. Zero efficiency is caught by the 0.01 floor.
void validateComputeModel(const ComputeModel& c, const Catalog& catalog, Diagnostics& out)
{
    for (const auto& [gpu, eta] : c.gemmEfficiencyByGpu) {
        const std::string path = jsonPointerAppend("/computeModel/gemmEfficiencyByGpu", gpu);
        if (!catalog.gpu(gpu))
            out.push_back(makeDiagnostic(diag::kGpuUnknown, path, {gpu, catalog.gpuIds()}));
        realInRange(out, path, MW_TR_NOOP("DiagnosticArguments", "GEMM efficiency"), eta, 0.01, 1.0);
    }
    realInRange(out, "/computeModel/gemmEfficiency", MW_TR_NOOP("DiagnosticArguments", "GEMM efficiency"),
                c.gemmEfficiency, 0.01, 1.0);
    realInRange(out, "/computeModel/gemmHalfWidth",
                MW_TR_NOOP("DiagnosticArguments", "GEMM half-efficiency width"), c.gemmHalfWidth, 0.0, 1e6);
    realInRange(out, "/computeModel/elementwisePasses",
                MW_TR_NOOP("DiagnosticArguments", "Elementwise passes"), c.elementwisePasses, 0.0, 1000.0);
}

// MXFP8 on GPUs whose tensor cores cannot take it (TE's check_mxfp8_support: compute capability 10.0).
// `gpuTypes`: the cluster's, as validateCluster collected them.
void validateFp8Recipe(const Workload& w, const std::set<std::string>& gpuTypes, const Catalog& catalog,
                       Diagnostics& out)
{
    if (w.mode != Mode::Training || w.precision != Precision::Fp8 || w.fp8Recipe != Fp8Recipe::Mxfp8)
        return;
    for (const std::string& type : gpuTypes)
        if (const GpuSpec* spec = catalog.gpu(type); spec && !spec->mxfp8)
            out.push_back(makeDiagnostic(diag::kFp8RecipeGpu, "/workload/fp8Recipe", {spec->name}));
}

} // namespace

bool validateFixedParts(const Design& design, const Catalog& catalog, std::vector<Diagnostic>& diagnostics)
{
    const bool modelOk = validateModel(design.model, diagnostics);
    const std::set<std::string> gpuTypes = validateCluster(design.cluster, catalog, diagnostics);
    validateComputeModel(design.compute, catalog, diagnostics);
    validateFp8Recipe(design.workload, gpuTypes, catalog, diagnostics);
    return modelOk;
}

DesignChecks validateLayoutParts(const Design& design, bool modelValid, std::vector<Diagnostic>& diagnostics,
                                 int inServiceGpus)
{
    const bool degreesOk = validateDegrees(
        design, diagnostics, inServiceGpus >= 0 ? inServiceGpus : design.cluster.inServiceGpuCount());
    if (degreesOk && modelValid) {
        const std::int64_t microBatches = microBatchesPerStep(design);
        validateTensorParallel(design, diagnostics);
        validatePipeline(design, microBatches, diagnostics);
        validateExperts(design, diagnostics);
        validateWorkload(design, microBatches, diagnostics);
        validateFramework(design, diagnostics);
    }
    return {degreesOk, modelValid};
}

DesignChecks validateDesign(const Design& design, const Catalog& catalog,
                            std::vector<Diagnostic>& diagnostics)
{
    return validateLayoutParts(design, validateFixedParts(design, catalog, diagnostics), diagnostics);
}

void validatePlacement(const Design& design, const Catalog& catalog, const LayoutMesh& mesh,
                       const RankPlacement& placement, std::vector<Diagnostic>& diagnostics)
{
    // The rules and why they matter: placementchecks.h.
    const PlacementChecks checks = checkPlacement(design, catalog, mesh, placement);
    if (checks.tp.spanning > 0)
        diagnostics.push_back(
            makeDiagnostic(diag::kTpSpansNodes, "/layout/tp",
                           {str(checks.tp.spanning), str(checks.tp.groups), checks.tp.example}));
    if (checks.tpOverPcie)
        diagnostics.push_back(makeDiagnostic(diag::kTpOverPcie, "/layout/tp", {str(design.layout.tp())}));
    if (checks.epSpansNodes)
        diagnostics.push_back(makeDiagnostic(diag::kEpSpansNodes, "/layout/order",
                                             {str(checks.ep.spanning), str(checks.ep.groups),
                                              checks.ep.example, str(checks.expertTpTimesEp)}));
}

} // namespace core
