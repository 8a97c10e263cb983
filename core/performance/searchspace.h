// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the mesh search (search.h) enumerates, apart from running it: the sets of degrees that fill the
// GPUs, the ways a pipeline splits the layers, the global batch each candidate runs under the batch policy,
// how many combinations that makes, and the sentence of the topology recipe each candidate gets.

#include "catalog/catalog.h"
#include "design/design.h"
#include "performance/search.h"

#include <cstdint>
#include <string>
#include <vector>

namespace core {

struct SearchDegrees
{
    int tp = 1, cp = 1, ep = 1, pp = 1, dp = 1;
};

// The in-service GPUs of the largest node (the fastest domain, which bounds TP).
int largestNode(const Cluster& cluster);

// The degrees that fill `world` GPUs, bounded by the reference article's topology recipe.
std::vector<SearchDegrees> enumerateDegrees(const Design& design, const SearchSpace& space, int world);

// What the last stage runs besides its layers, in units of one decoder layer's forward: the output head,
// 2·h·V FLOPs per token (the logits GEMM, Megatron's vocabulary-parallel output layer), and in training
// each multi-token prediction depth (catalog/model.h mtpLayers: a layer of the last layer's kind, its
// 2·2h·h projection and the head again), against the layer's forward FLOPs per token (layerForwardFlops);
// all split the same way over TP and CP. The embedding is a table look-up and costs no FLOPs.
double lastStageExtraInLayers(const Design& design);

// The layers of each of `stages` pipeline stages that balance the stages' time when the last stage also
// runs the output head (`headLayers`, in layers) and the first the embedding (`embeddingLayers`): the split
// whose slowest stage is fastest; among equally fast splits, the one whose stages' loads vary least, then
// the one with the fewest layers on the first stage, then on the last: the first stage holds the most
// micro-batches in flight under 1F1B (and the embedding), the last the logits. For Llama 3.1 405B (126 layers) on 16 stages this is the Llama 3 paper's
// split (Llama Team 2024, §3.3.2: one layer fewer on the first and on the last stage), Megatron-LM's
// --decoder-first-pipeline-num-layers 7 --decoder-last-pipeline-num-layers 7. Empty when stages < 2 or
// the layers do not fill every stage.
std::vector<int> balancedLayerSplit(int layers, int stages, double headLayers, double embeddingLayers = 0);

// The splits the search tries for PP × V stages: the even split (empty layersPerStage) when the stages
// divide the layers; for V = 1, also the balanced split when it differs. A pipeline that does not divide
// the layers gets the balanced split only (V = 1), or the even split, which validation then rejects.
std::vector<std::vector<int>> pipelineSplits(const Design& design, const SearchSpace& space, int pp, int v);

// A pipeline schedule with the chunks per rank it runs.
struct ScheduleChoice
{
    Schedule schedule = Schedule::OneFOneB;
    int virtualStages = 1;
};
// The schedules a candidate tries, in the space's order: 1F1B alone without a pipeline (PP 1) or outside
// training; else each schedule of the space that the framework running `layout` runs
// (FrameworkProfile::runsSchedule, frameworkOf at these degrees and ZeRO stage), interleaved once per
// virtual-stage count above 1, the V-shaped ones and DualPipe with 2.
std::vector<ScheduleChoice> scheduleChoices(const ParallelLayout& layout, Mode mode,
                                            const SearchSpace& space);
// The pipeline splits a schedule tries: pipelineSplits() for PP × V stages; DualPipe, whose ranks each hold a
// stage from both ends of the model, the even split of its PP model stages only.
std::vector<std::vector<int>> scheduleSplits(const Design& design, const SearchSpace& space, int pp,
                                             const ScheduleChoice& choice);

// The global batch a candidate runs: the design's (exact), or the nearest multiple of `perStep`
// (micro-batch × replicas) at or below it (round-down), or the nearest either way (nearest, ties down).
// A batch smaller than one `perStep`, and exact, stay as they are: validation rejects what does not divide.
std::int64_t candidateBatch(BatchPolicy policy, std::int64_t globalBatch, std::int64_t perStep);

// The space with the design's precision and offload where it lists none, and FP8 left out unless every
// GPU in service has FP8 tensor cores (FP8 elsewhere runs as BF16: no gain, only risk).
SearchSpace resolvedSpace(const Design& design, const SearchSpace& space, const Catalog& catalog);
// Whether a candidate can run an offload kind: its framework (at these degrees and this ZeRO stage,
// frameworkOf) offloads that kind, and ZeRO shards what leaves (the optimizer needs ZeRO ≥ 1, the
// parameters ZeRO-3: DeepSpeed offload_param, FSDP2 CPUOffloadPolicy). No offload always runs.
bool offloadRuns(const ParallelLayout& layout, Mode mode, Offload offload);

// Combinations the search would try: every set of degrees times its variants.
std::int64_t countCombinations(const Design& design, const SearchSpace& space,
                               const Catalog& catalog = Catalog::builtin());
// The variants of one set of degrees: ZeRO × (offloads that run × schedule choices × their splits) ×
// precision × micro-batch × recomputation, in a resolved space.
std::int64_t variantCount(const Design& design, const SearchSpace& space, const SearchDegrees& degrees);

// The reference article's topology recipe, said for one candidate: where each group runs and why.
struct RecipeContext
{
    int perNode = 1;
    std::string intraLink; // the first node's link, by name
    std::string fabric;
};
RecipeContext recipeContext(const Design& design, const Catalog& catalog);
std::vector<RecipeSentence> recipeSentences(const Design& design, const SearchCandidate& candidate,
                                            const RecipeContext& context);
// The sentences in English, one space apart.
std::string recipeText(const std::vector<RecipeSentence>& sentences);

} // namespace core
