// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/modelshard.h"

#include "design/layoutarithmetic.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "pipeline/pipelineschedule.h"

#include <algorithm>
#include <limits>
#include <map>

namespace core {

namespace {
bool vPlacement(Schedule schedule)
{
    return schedule == Schedule::ZbV || schedule == Schedule::DualPipeV || schedule == Schedule::DualPipe;
}

} // namespace

int modelStageCount(const ParallelLayout& layout)
{
    const int pp = std::max(layout.pp(), 1);
    return layout.schedule == Schedule::DualPipe ? pp : pp * std::max(layout.virtualStages, 1);
}

std::vector<StageLayers> stageLayers(const Design& design)
{
    const ParallelLayout& layout = design.layout;
    const int modelStages = modelStageCount(layout);
    std::vector<StageLayers> model(static_cast<std::size_t>(modelStages));
    const bool explicitSplit = static_cast<int>(layout.layersPerStage.size()) == modelStages;
    int next = 0;
    for (int s = 0; s < modelStages; ++s) {
        int count = 0;
        if (explicitSplit)
            count = std::max(0, layout.layersPerStage[static_cast<std::size_t>(s)]);
        else
            count = design.model.layers / modelStages + (s < design.model.layers % modelStages ? 1 : 0);
        model[static_cast<std::size_t>(s)] = {s, next, count};
        next += count;
    }
    if (layout.schedule != Schedule::DualPipe)
        return model;
    // DualPipe: global stage p + k is the model's stage k again, for the micro-batches of the other direction.
    std::vector<StageLayers> result = model;
    for (int k = 0; k < modelStages; ++k)
        result.push_back({modelStages + k, model[static_cast<std::size_t>(k)].firstLayer,
                          model[static_cast<std::size_t>(k)].layers});
    return result;
}

std::vector<int> stagesOfPipelineRank(const Design& design, int ppRank)
{
    const ParallelLayout& layout = design.layout;
    const int p = std::max(layout.pp(), 1);
    const int v = std::max(layout.virtualStages, 1);
    if (vPlacement(layout.schedule) && v == 2)
        return {ppRank, 2 * p - 1 - ppRank};
    std::vector<int> stages;
    for (int chunk = 0; chunk < v; ++chunk)
        stages.push_back(chunk * p + ppRank);
    return stages;
}

int denseReplicas(const ParallelLayout& layout)
{
    int replicas = layout.dp() * layout.cp();
    if (layout.expertMode == ExpertMode::Separate)
        replicas *= layout.ep();
    return replicas;
}

int expertReplicas(const ParallelLayout& layout)
{
    if (layout.expertMode == ExpertMode::Separate)
        return layout.dp() * layout.cp();
    const std::int64_t block = std::int64_t{layout.effectiveExpertTp()} * layout.ep() * layout.pp();
    return block > 0 ? static_cast<int>(layout.worldSize() / block) : 1;
}

int denseShardGroup(const ParallelLayout& layout)
{
    return layout.shardGroup > 0 ? std::min(layout.shardGroup, denseReplicas(layout)) : denseReplicas(layout);
}

int expertShardGroup(const ParallelLayout& layout)
{
    return layout.shardGroup > 0 ? std::min(layout.shardGroup, expertReplicas(layout))
                                 : expertReplicas(layout);
}

double optimizerShardParameters(const Design& design, int ppRank)
{
    const ParallelLayout& l = design.layout;
    const RankShard shard = rankShard(design, ppRank);
    return shard.dense / (l.zeroStage >= 1 ? denseShardGroup(l) : 1)
        + shard.expert / (l.zeroStage >= 1 ? expertShardGroup(l) : 1);
}

namespace {

// One layer's attention parameters on a rank of TP `tp`: all of them, and the projection matrices alone
// (without biases and norms), what FP8 training holds in FP8.
struct AttentionShard
{
    double all = 0;
    double gemm = 0;
};

AttentionShard attentionShard(const ModelArchitecture& m, double tp)
{
    const double h = static_cast<double>(m.hidden);
    // Attention: query and output projections split by heads; key/value projections split by KV heads,
    // and replicated once TP exceeds them. MLA's down-projections and their norms are replicated.
    const double headDim = static_cast<double>(m.headDim);
    double attention = 0;
    if (m.attention == AttentionKind::Mla) {
        const MlaConfig& a = m.mla;
        const double heads = m.heads;
        const double latent = (a.qLoraRank > 0 ? h * a.qLoraRank + a.qLoraRank : 0.0)
            + h * static_cast<double>(a.kvLoraRank + a.qkRopeHeadDim) + a.kvLoraRank;
        const double qIn = a.qLoraRank > 0 ? static_cast<double>(a.qLoraRank) : h;
        const double sharded = qIn * heads * static_cast<double>(a.qkNopeHeadDim + a.qkRopeHeadDim)
            + static_cast<double>(a.kvLoraRank) * heads * static_cast<double>(a.qkNopeHeadDim + a.vHeadDim)
            + heads * static_cast<double>(a.vHeadDim) * h;
        attention = latent + sharded / tp;
    } else {
        const double q = m.heads * headDim;
        const double kv = m.kvHeads * headDim;
        const double kvShards = std::min<double>(tp, std::max(m.kvHeads, 1));
        attention = (2.0 * h * q) / tp + (2.0 * h * kv) / kvShards;
        if (m.bias != BiasKind::None)
            attention += q / tp + 2.0 * kv / kvShards;
        if (m.bias == BiasKind::All)
            attention += h; // the output projection's bias is added after the all-reduce: replicated
        if (m.qkNorm)
            attention += 2.0 * headDim;
    }
    // The projection matrices alone, without biases and norms (MLA's latent norms are in `latent`).
    double attentionGemm = 0;
    if (m.attention == AttentionKind::Mla) {
        const MlaConfig& a = m.mla;
        attentionGemm = attention - (a.qLoraRank > 0 ? a.qLoraRank : 0) - a.kvLoraRank;
    } else {
        const double kvShards = std::min<double>(tp, std::max(m.kvHeads, 1));
        attentionGemm = 2.0 * h * m.heads * headDim / tp + 2.0 * h * m.kvHeads * headDim / kvShards;
    }
    return {attention, attentionGemm};
}

} // namespace

LayerShard layerShard(const Design& design, bool moe)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& layout = design.layout;
    const double tp = std::max(layout.tp(), 1);
    const double etp
        = layout.expertMode == ExpertMode::Megatron ? std::max(layout.effectiveExpertTp(), 1) : tp;
    const double ep = std::max(layout.ep(), 1);
    const auto [attention, attentionGemm] = attentionShard(m, tp);
    LayerShard out;
    out.attention = attention;
    out.attentionGemm = attentionGemm;
    out.norms = 2.0 * normParameters(m);
    if (moe) {
        out.mlp = m.moe.sharedExperts * mlpParameters(m, m.moe.sharedExpertFfn) / tp;
        out.router = static_cast<double>(m.hidden) * m.moe.experts; // replicated
        out.experts = m.moe.experts * mlpParameters(m, m.moe.expertFfn) / (ep * etp);
    } else {
        out.mlp = mlpParameters(m, m.ffn) / tp;
    }
    return out;
}

LayerShard mtpDepthShard(const Design& design)
{
    LayerShard out = layerShard(design, design.model.mtpLayerIsMoe());
    const MtpExtras extras = mtpExtraParameters(design.model);
    out.projection = extras.projection / std::max(design.layout.tp(), 1);
    out.norms += extras.norms;
    return out;
}

RankShard rankShard(const Design& design, int ppRank)
{
    const ModelArchitecture& m = design.model;
    const ParallelLayout& layout = design.layout;
    const LayerShard dense = layerShard(design, false);
    const LayerShard moe = layerShard(design, true);

    RankShard shard;
    // One layer's parameters on this rank, added to the shard.
    const auto add = [&](const LayerShard& layer) {
        shard.dense += layer.dense();
        shard.denseGemm += layer.denseGemm();
        shard.expert += layer.experts;
        shard.largestLayer = std::max(shard.largestLayer, layer.total());
    };
    shard.stages = stagesOfPipelineRank(design, ppRank);
    const std::vector<StageLayers> layers = stageLayers(design);
    const int lastStage = static_cast<int>(layers.size()) - 1;
    for (int stage : shard.stages) {
        if (stage < 0 || stage > lastStage)
            continue;
        const double before = shard.total();
        const StageLayers& s = layers[static_cast<std::size_t>(stage)];
        const int recomputed = layout.recomputedLayers(s.layers);
        for (int layer = s.firstLayer; layer < s.firstLayer + s.layers; ++layer) {
            // Every layer of one kind has the same size; the loop is over at most a few hundred layers.
            if (layer < s.firstLayer + recomputed) {
                ++shard.recomputedLayers;
                shard.recomputedMoeLayers += m.isMoeLayer(layer) ? 1 : 0;
            }
            if (layer < layout.activationOffloadLayers) {
                ++shard.offloadedLayers;
                shard.offloadedMoeLayers += m.isMoeLayer(layer) ? 1 : 0;
            }
            add(m.isMoeLayer(layer) ? moe : dense);
            shard.moeLayers += m.isMoeLayer(layer) ? 1 : 0;
        }
        shard.layers += s.layers;
        shard.stageParameters.emplace_back(stage, shard.total() - before);
        // DualPipe's reverse direction enters at stage p and leaves at the last: both ends of the model
        // again, on ranks p − 1 and 0.
        const bool dualPipe = design.layout.schedule == Schedule::DualPipe;
        const int p = std::max(design.layout.pp(), 1);
        if (stage == 0 || (dualPipe && stage == p))
            shard.hasEmbedding = true;
        if (stage == lastStage || (dualPipe && stage == p - 1))
            shard.hasOutputHead = true;
    }
    const double beforeEnds = shard.total();
    // Multi-token prediction on the last stage (training only): per depth a layer of the last layer's
    // kind, the column-parallel projection 2h → h/TP and three norms; the stage then holds the embedding
    // too (Megatron-Core gpt_model.py builds it where pre_process or mtp_process).
    if (shard.hasOutputHead && trainedMtpLayers(design) > 0) {
        shard.mtpLayers = trainedMtpLayers(design);
        for (int depth = 0; depth < shard.mtpLayers; ++depth)
            add(mtpDepthShard(design));
    }
    const VocabularyShard vocabulary = vocabularyShard(design, shard);
    shard.dense += vocabulary.total();
    // The embedding belongs to the model's first stage, the head, the final norm and the prediction depths to
    // its last, where the rank holds them.
    if (!shard.stageParameters.empty()) {
        auto& first = shard.stageParameters.front();
        auto& last = shard.stageParameters.back();
        (first.first == 0 || last.first != lastStage ? first : last).second += vocabulary.embedding;
        last.second += shard.total() - beforeEnds - vocabulary.embedding;
    }
    return shard;
}

// The largest share of a pipeline rank's parameters whose gradients accumulate at once when FSDP2 does not
// sync between micro-batches. PyTorch's pipeline stage turns the sync off for every backward of a stage but
// its last, which reduce-scatters and frees that stage's unsharded gradients (torch/distributed/pipelining/
// stage.py, backward_maybe_with_nosync with last_backward counted per stage): a stage holds them from its
// first weight-gradient pass to its last. In the rank's order of the schedule the model simulates, the
// stages whose spans overlap are held together; under interleaved 1F1B with as many micro-batches as ranks,
// torchtitan's default, a rank runs every backward of its later stage before the first of its earlier one,
// so it holds one stage's at a time (the published Llama 3.1 405B runs took 9.8 GiB less under interleaved
// 1F1B than under 1F1B: torchtitan, arXiv:2410.06511, Table 5).
double heldGradientShare(const Design& design, const RankShard& shard)
{
    const ParallelLayout& l = design.layout;
    const std::vector<std::pair<int, double>>& stageParameters = shard.stageParameters;
    if (stageParameters.size() <= 1 || design.workload.mode != Mode::Training
        || switchOn(design, Switch::GradientSyncEveryMicroBatch))
        return 1;
    ScheduleSpec spec;
    spec.kind = l.schedule;
    spec.ranks = std::max(l.pp(), 1);
    spec.virtualStages = std::max(l.virtualStages, 1);
    spec.microBatches = static_cast<int>(
        std::min<std::int64_t>(microBatchesPerStep(design), std::numeric_limits<int>::max()));
    const std::vector<std::vector<PipelineOp>> order = scheduleOrder(spec); // empty where the spec is refused
    const int ppRank = shard.stages.front(); // a rank's first stage is its index (stagesOfPipelineRank)
    if (ppRank < 0 || ppRank >= static_cast<int>(order.size()))
        return 1;
    // Each stage's span in the rank's order: its first and last pass that computes weight gradients.
    std::map<int, std::pair<std::size_t, std::size_t>> spans;
    const std::vector<PipelineOp>& ops = order[static_cast<std::size_t>(ppRank)];
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const PipelineOp& op = ops[i];
        int stage = -1;
        if (op.kind == PipelineOpKind::Backward || op.kind == PipelineOpKind::BackwardWeight)
            stage = op.stage;
        else if (op.kind == PipelineOpKind::ForwardBackward)
            stage = op.backwardStage;
        if (stage < 0)
            continue;
        const auto [it, inserted] = spans.try_emplace(stage, i, i);
        it->second.second = i;
    }
    const auto parametersOf = [&](int stage) {
        const auto it = std::find_if(stageParameters.begin(), stageParameters.end(),
                                     [&](const auto& entry) { return entry.first == stage; });
        return it == stageParameters.end() ? 0.0 : it->second;
    };
    double total = 0;
    for (const auto& [stage, parameters] : stageParameters)
        total += parameters;
    double most = 0;
    for (const auto& [stage, span] : spans) {
        // The peak is at some stage's first pass: count every stage whose span covers it.
        double held = 0;
        for (const auto& [other, otherSpan] : spans)
            held += otherSpan.first <= span.first && span.first <= otherSpan.second ? parametersOf(other)
                                                                                    : 0.0;
        most = std::max(most, held);
    }
    return total > 0 && !spans.empty() ? std::min(1.0, most / total) : 1.0;
}

double wordEmbeddingShard(const Design& design)
{
    return static_cast<double>(paddedVocab(design)) * static_cast<double>(design.model.hidden)
        / std::max(design.layout.tp(), 1);
}

VocabularyShard vocabularyShard(const Design& design, const RankShard& shard)
{
    const bool embeddingHere = shard.hasEmbedding || shard.mtpLayers > 0;
    const ModelArchitecture& m = design.model;
    const double h = static_cast<double>(m.hidden);
    const double vocab = wordEmbeddingShard(design);
    VocabularyShard out;
    if (embeddingHere)
        out.embedding = vocab
            + (m.positions == PositionEmbedding::Learned ? static_cast<double>(m.maxContext) * h : 0.0);
    if (shard.hasOutputHead) {
        out.finalNorm = normParameters(m);
        if (!m.tiedEmbeddings || !embeddingHere)
            out.outputHead = vocab;
    }
    return out;
}

} // namespace core
