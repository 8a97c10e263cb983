// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference article's six layouts on four GPUs («Was jede Strategie aufteilt und kommuniziert»: DDP,
// FSDP/ZeRO, TP, PP, CP, EP) and the serving table of the reference article on serving («Was speichert
// jede GPU?»: TP, PP, DP replicas, EP), as numbers for a chosen model: what each GPU stores (whole, a shard,
// some layers, its own batch, or nothing) with the bytes the memory model gives, and which collective runs in
// which phase with the bytes the traffic model gives. Each lesson is an ordinary design with one dimension
// set to 4 and evaluated by core::evaluate, so every number here is the same number the memory bars and
// traffic views show.

#include "base/enumnames.h"
#include "catalog/catalog.h"
#include "comm/collective.h"
#include "design/design.h"

#include <array>
#include <string_view>
#include <vector>

namespace core {

inline constexpr int kTeachingGpus = 4;

enum class Strategy { Ddp, Fsdp, Tp, Pp, Cp, Ep, ServingTp, ServingPp, ServingReplicas, ServingEp };
inline constexpr std::array<Strategy, 6> kTrainingStrategies{Strategy::Ddp, Strategy::Fsdp, Strategy::Tp,
                                                             Strategy::Pp,  Strategy::Cp,   Strategy::Ep};
inline constexpr std::array<Strategy, 4> kServingStrategies{Strategy::ServingTp, Strategy::ServingPp,
                                                            Strategy::ServingReplicas, Strategy::ServingEp};

template<> struct EnumNames<Strategy>
{
    static constexpr std::array table{std::pair{Strategy::Ddp, std::string_view{"ddp"}},
                                      std::pair{Strategy::Fsdp, std::string_view{"fsdp"}},
                                      std::pair{Strategy::Tp, std::string_view{"tp"}},
                                      std::pair{Strategy::Pp, std::string_view{"pp"}},
                                      std::pair{Strategy::Cp, std::string_view{"cp"}},
                                      std::pair{Strategy::Ep, std::string_view{"ep"}},
                                      std::pair{Strategy::ServingTp, std::string_view{"serving-tp"}},
                                      std::pair{Strategy::ServingPp, std::string_view{"serving-pp"}},
                                      std::pair{Strategy::ServingReplicas, std::string_view{"serving-dp"}},
                                      std::pair{Strategy::ServingEp, std::string_view{"serving-ep"}}};
};

bool isServing(Strategy strategy);
// The dimension the strategy sets to 4 (DDP and FSDP: DP; serving replicas: DP).
Dim strategyDimension(Strategy strategy);

// The rows of the reference article's figure.
enum class StateKind { Weights, Gradients, Optimizer, Activations, KvCache, Experts };
inline constexpr int kStateKindCount = 6;

// How much of a state a GPU holds. Layers: a pipeline stage's consecutive layers; OwnBatch: activations of
// its own micro-batches (the state exists on every GPU, for different data); DenseWhole: EP's mix, the
// dense part (attention, norms, embeddings) whole and its share of the experts.
enum class Holding { None, Whole, Shard, Layers, OwnBatch, DenseWhole };

struct HeldState
{
    StateKind kind = StateKind::Weights;
    Holding holding = Holding::None;
    // From the memory model. Experts: this GPU's expert weights, part of Weights. Activations in serving:
    // the runtime workspace with them (the reference article's inference peak has "runtime workspace" in
    // their place).
    double bytes = 0;
};

struct GpuHoldings
{
    int rank = 0;
    std::array<HeldState, kStateKindCount> states;
    double totalBytes = 0; // the memory model's peak, all categories
    int firstLayer = 0, layers = 0; // transformer layers this GPU computes
    int firstExpert = 0, experts = 0; // routed experts per MoE layer it holds (0 for a dense model)
    // Micro-batches whose activations it holds at its peak, in whole-stage units (memory.h): 1 without a
    // pipeline; under 1F1B p − r on stage r, so the first stage holds p of them.
    double inFlight = 0;
    const HeldState& state(StateKind kind) const { return states[static_cast<std::size_t>(kind)]; }
};

enum class StepPhase { Forward, Backward, Optimizer };

struct PhaseCollective
{
    StepPhase phase = StepPhase::Forward;
    CollectiveOp op = CollectiveOp::AllReduce;
    Dim dim = Dim::Dp;
    double bytesPerGpu = 0; // per training step, the busiest GPU; 0 in serving (no step)
    // What travels, as a key the views translate: "gradients", "weights", "activations", "partial-sums",
    // "kv-blocks", "tokens".
    std::string_view payload;
};

struct StrategyLesson
{
    Strategy strategy = Strategy::Ddp;
    Design design; // the four-GPU design the numbers come from
    std::vector<GpuHoldings> gpus; // one per rank
    std::vector<PhaseCollective> collectives;
    double peakBytes = 0; // the fullest GPU
    double capacityBytes = 0;
    bool fits = false;
    double modelStateBytes = 0; // weights + gradients + optimizer of the fullest GPU
    double sendBytesPerGpu = 0; // all collectives of a training step, busiest GPU
    double bubbleFraction = 0; // pipeline idle share (performance model); 0 without a pipeline
    double idealBubbleFraction = 0; // GPipe's (p−1)/(m+p−1); 0 without a pipeline
    std::int64_t microBatches = 0; // per pipeline and step
    // The same model as a full replica on every GPU (DDP in training, serving replicas), the baseline of
    // "what the split saves": a substituted EP model is compared with itself.
    double replicaPeakBytes = 0;
    double replicaModelStateBytes = 0;
    double parameters = 0; // of the whole model
    bool substitutedModel = false; // EP on a dense model: a MoE preset stands in
    // Why the activations shrink as they do (Korthikanti et al. 2022, "Reducing Activation
    // Recomputation in Large Transformer Models", §4.2): what the full replica keeps on a GPU (one
    // micro-batch through every layer), and for TP the same split with sequence parallelism as well.
    double replicaActivationBytes = 0;
    double sequenceParallelActivationBytes = 0; // TP in training only, else 0
};

// Idle share of a balanced GPipe-style schedule's forward pass, p stages and m micro-batches (Huang et al.
// 2019, GPipe §2.3; the reference article, «Pipeline Parallelism»: "(p - 1) / (m + p - 1)", 4 stages and
// 4 micro-batches leave 3/7 idle).
double idealBubbleFraction(int stages, std::int64_t microBatches);

// The model EP lessons use when the chosen model is dense: the reference article's example, Mixtral 8x7B
// («Expert Parallelism für MoE-Models»: 46.7B stored, 12.9B used per token), or where a catalog lacks it
// the smallest MoE preset.
const ModelArchitecture* teachingMoeModel(const Catalog& catalog = Catalog::builtin());

// The four-GPU design of a strategy: the base's model, workload and GPU type, one node of four GPUs, only
// the strategy's dimension at 4 (FSDP: ZeRO-3; everything else: no ZeRO, no SP, no recomputation, so that
// each split is seen alone, as in the reference article's six separate panels).
Design strategyDesign(const Design& base, Strategy strategy, const Catalog& catalog = Catalog::builtin());
StrategyLesson strategyLesson(const Design& base, Strategy strategy,
                              const Catalog& catalog = Catalog::builtin());

// Which model a view's lessons teach with. The six panels teach by contrast — this split fits, that one
// does not — so the design's own model teaches only when at least one of its panels fits four of its
// GPUs; a 70B model fits none, every panel would be red, and the smallest dense preset of the catalog
// teaches instead (the reference article's examples are 7B/8B models). A preset the user chose overrides
// both.
enum class TeachingModelReason {
    Design, // the design's model, some panel fits
    DesignFitsNowhere, // the design's model fits no panel: the small preset stands in
    Chosen // the user's choice
};

struct StrategyLessons
{
    std::vector<StrategyLesson> lessons; // one per strategy, in the given order
    TeachingModelReason reason = TeachingModelReason::Design;
    ModelArchitecture model; // what the lessons teach with (EP on a dense model still shows a MoE preset)
    std::string designModelName;
};

// The smallest dense preset of the catalog: the stand-in for a model too large for four GPUs.
const ModelArchitecture* teachingDenseModel(const Catalog& catalog = Catalog::builtin());

// The lessons of `strategies` for `base`, with the model chosen as above; `chosenPreset` empty (or not a
// preset of the catalog) chooses automatically.
StrategyLessons strategyLessons(const Design& base, const std::vector<Strategy>& strategies,
                                std::string_view chosenPreset = {},
                                const Catalog& catalog = Catalog::builtin());

} // namespace core
