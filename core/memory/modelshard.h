// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What one rank holds of the model: the layers of its pipeline stage(s), the embedding on the first
// stage and the output head on the last, each divided by tensor parallelism, and the experts divided by
// expert parallelism (and expert TP). Every rank at the same pipeline position holds the same shard, so
// the result depends on the pipeline rank only.
//
// Megatron-LM's accounting (megatron/training/theoretical_memory_usage.py, "most loaded shard"): the
// TP-sharded part is divided by TP, the replicated part (norms, router, MLA's latent projections) is
// not, and expert weights are divided by EP × expert TP.

#include "design/design.h"

#include <vector>

namespace core {

struct StageLayers
{
    int stage = 0; // global stage index (0 … pp·v − 1)
    int firstLayer = 0;
    int layers = 0;
};

// Stages the model is cut into: PP × virtual stages, or PP for DualPipe, whose 2·PP global stages are the
// model's PP stages once in each direction (each rank holds two stages' weights: deepseek-ai/DualPipe
// README, "Parameter per device 2×").
int modelStageCount(const ParallelLayout& layout);
// Layers of every global stage: the explicit split (over modelStageCount stages), or an even one (the
// remainder, if any, goes to the first stages); under DualPipe stage p + k repeats the model's stage k.
std::vector<StageLayers> stageLayers(const Design& design);
// The global stages a pipeline rank runs: r, r+p, … (loop placement) or r and 2p−1−r (V placement of
// ZB-V, DualPipeV and DualPipe).
std::vector<int> stagesOfPipelineRank(const Design& design, int ppRank);

struct RankShard
{
    std::vector<int> stages;
    int layers = 0;
    int moeLayers = 0;
    // Of those, the ones that recompute their forward in full (ParallelLayout::recomputedLayers per chunk),
    // and of these the MoE layers.
    int recomputedLayers = 0;
    int recomputedMoeLayers = 0;
    // Of its layers, those whose activations go to host memory (ParallelLayout::activationOffloadLayers:
    // the model's first ones), and of these the MoE layers.
    int offloadedLayers = 0;
    int offloadedMoeLayers = 0;
    bool hasEmbedding = false;
    bool hasOutputHead = false;
    // Multi-token prediction depths on this rank (the last stage of a training design; not in `layers`),
    // each a layer of the model's last layer's kind (ModelArchitecture::mtpLayerIsMoe).
    int mtpLayers = 0;
    // Parameters held by one rank at this pipeline position.
    double dense = 0; // replicated across the data-parallel copies of this shard
    // Of `dense`, the weights of the layers' GEMMs (attention projections, dense MLP and shared experts, the
    // MLP biases counted with them): what Transformer Engine holds in FP8 under FP8 training. The rest
    // (embedding, norms, attention biases, router, output head) stays BF16. Every expert parameter counts
    // as a GEMM weight.
    double denseGemm = 0;
    double expert = 0; // replicated across the expert-data-parallel copies
    double largestLayer = 0; // the largest single layer on this rank (one FSDP unit)
    // Each of the rank's stages (global index, ascending) with its parameters, the embedding counted with the
    // model's first stage and the head with its last: what heldGradientShare weighs.
    std::vector<std::pair<int, double>> stageParameters;
    double total() const { return dense + expert; }
};

RankShard rankShard(const Design& design, int ppRank);

// Without gradient sync between micro-batches (FSDP2 under PP), the largest share of a rank's parameters
// whose unsharded gradients it holds at once: a stage accumulates them from its first backward to its last,
// which reduce-scatters them. 1 with one stage a rank, or with the sync on.
double heldGradientShare(const Design& design, const RankShard& shard);

// One transformer layer's parameters on a rank, as rankShard counts them and the data-parallel timelines
// reduce and gather them layer by layer.
struct LayerShard
{
    double attention = 0; // projections with their biases and QK norms (MLA: its replicated latent part)
    double attentionGemm = 0; // of `attention`, the projection matrices alone
    double mlp = 0; // the dense MLP, or the shared experts (with their biases)
    double experts = 0; // this rank's routed experts
    double router = 0; // replicated over TP
    double norms = 0; // replicated over TP
    double projection = 0; // a multi-token prediction depth's 2h → h projection
    // The GEMM weights that are not experts: what Transformer Engine holds in FP8 (RankShard::denseGemm).
    double denseGemm() const { return attentionGemm + mlp + projection; }
    double dense() const { return attention + mlp + router + norms + projection; }
    double total() const { return dense() + experts; }
};
// A layer of either kind (MoE or dense).
LayerShard layerShard(const Design& design, bool moe);
// A multi-token prediction depth: a layer of the model's last layer's kind, its projection and three norms
// (ModelArchitecture::mtpLayers).
LayerShard mtpDepthShard(const Design& design);

// The vocabulary's parameters in a rank's shard: the embedding where it holds the first stage or prediction
// depths (their copy of it), the final norm and output head where it holds the last stage;
// vocabulary-parallel over TP, on the padded vocabulary (paddedVocab), learned positions with the embedding.
// With tied embeddings the head is the embedding's own tensor where both are on the rank, and elsewhere a
// copy of it (Megatron-LM: the last stage's word_embeddings copy, its gradient all-reduced with the first
// stage's in finalize_model_grads). rankShard counts these; the data-parallel timelines reduce them.
struct VocabularyShard
{
    double embedding = 0;
    double finalNorm = 0;
    double outputHead = 0;
    double total() const { return embedding + finalNorm + outputHead; }
};
VocabularyShard vocabularyShard(const Design& design, const RankShard& shard);
// The word embedding's (and an untied head's) vocabulary-parallel shard: padded vocabulary × hidden / TP.
double wordEmbeddingShard(const Design& design);

// How many ranks hold identical copies of a dense / expert parameter, i.e. the groups ZeRO shards over:
// dense = DP × CP (× EP when EP is its own dimension); expert = DP × CP in the separate convention and
// world / (expert TP × EP × PP) in Megatron's. HSDP (shardGroup > 0) shards only inside its group.
int denseReplicas(const ParallelLayout& layout);
int expertReplicas(const ParallelLayout& layout);
int denseShardGroup(const ParallelLayout& layout);
int expertShardGroup(const ParallelLayout& layout);

// The parameters whose optimizer state a pipeline rank updates in the optimizer step: its shard of the
// stage's dense and expert parameters over the ZeRO group (all of them without ZeRO).
double optimizerShardParameters(const Design& design, int ppRank);

} // namespace core
