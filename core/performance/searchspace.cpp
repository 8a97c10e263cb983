// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/searchspace.h"

#include "base/diagnostic.h"
#include "compute/gpupeaks.h"
#include "design/layoutarithmetic.h"
#include "framework/frameworkprofile.h"
#include "pipeline/stagetime.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace core {

namespace {

std::vector<int> powersOfTwoUpTo(std::int64_t limit)
{
    std::vector<int> out;
    for (std::int64_t x = 1; x <= limit; x *= 2)
        out.push_back(static_cast<int>(x));
    return out;
}

std::string linkName(const Catalog& catalog, const std::string& id)
{
    const LinkSpec* link = catalog.link(id);
    return link ? link->name : id;
}

} // namespace

int largestNode(const Cluster& cluster)
{
    int largest = 0;
    for (const Node& node : cluster.nodes)
        largest = std::max(largest,
                           static_cast<int>(std::count_if(node.gpus.begin(), node.gpus.end(),
                                                          [](const Gpu& g) { return g.inService; })));
    return largest;
}

std::vector<SearchDegrees> enumerateDegrees(const Design& design, const SearchSpace& space, int world)
{
    const ModelArchitecture& m = design.model;
    const bool separateEp = design.layout.expertMode == ExpertMode::Separate;
    std::vector<int> cps{1};
    if (design.workload.mode == Mode::Training && design.workload.sequenceLength >= space.cpFromSequence)
        cps = powersOfTwoUpTo(16);
    std::vector<int> eps{1};
    if (m.moe.isMoe())
        for (int ep : powersOfTwoUpTo(m.moe.experts))
            if (ep > 1 && m.moe.experts % ep == 0)
                eps.push_back(ep);
    std::vector<SearchDegrees> out;
    for (int tp : powersOfTwoUpTo(std::max(largestNode(design.cluster), 1)))
        for (int cp : cps)
            for (int ep : eps) {
                const std::int64_t split = std::int64_t{tp} * cp * (separateEp ? ep : 1);
                if (world % split != 0)
                    continue;
                const std::int64_t rest = world / split;
                for (std::int64_t pp = 1; pp <= std::min<std::int64_t>(rest, m.layers); ++pp) {
                    if (rest % pp != 0)
                        continue;
                    const int dp = static_cast<int>(rest / pp);
                    if (!separateEp && (std::int64_t{dp} * cp) % ep != 0)
                        continue; // Megatron's EP is carved out of DP × CP
                    out.push_back({tp, cp, ep, static_cast<int>(pp), dp});
                }
            }
    return out;
}

double lastStageExtraInLayers(const Design& design)
{
    const ModelArchitecture& m = design.model;
    int dense = 0;
    while (dense < m.layers && m.isMoeLayer(dense))
        ++dense;
    const std::int64_t sequence = std::max<std::int64_t>(design.workload.sequenceLength, 1);
    const auto forward = [&](int layer) {
        return layerForwardFlops(m, std::clamp(layer, 0, std::max(m.layers - 1, 0)), sequence, 1, 1, 1,
                                 ExpertSplit{})
            .total();
    };
    const double layer = forward(dense);
    const double s = static_cast<double>(sequence), h = static_cast<double>(m.hidden);
    const double head = 2.0 * s * h * static_cast<double>(m.vocab);
    // Each prediction depth: a layer of the last layer's kind, its projection (2h → h) and the head again.
    const double depths = trainedMtpLayers(design);
    const double extra
        = head * (1 + depths) + depths * (forward(m.layers - 1) + 2.0 * s * mtpExtraParameters(m).projection);
    return layer > 0 ? extra / layer : 0;
}

std::vector<int> balancedLayerSplit(int layers, int stages, double headLayers, double embeddingLayers)
{
    if (stages < 2 || layers < stages)
        return {};
    const int middle = stages - 2;
    // The slowest stage sets the pipeline's pace; among splits as fast, the one whose loads vary least
    // (their sum of squares, the total being fixed), then the fewest layers first and last.
    constexpr double kSame = 1e-9;
    double bestLoad = 0, bestSquares = 0;
    int bestFirst = 0, bestLast = 0;
    for (int first = 1; first <= layers; ++first)
        for (int last = 1; first + last + middle <= layers; ++last) {
            const int rest = layers - first - last;
            if (middle == 0 && rest != 0)
                continue;
            const int base = middle == 0 ? 0 : rest / middle;
            const int wider = middle == 0 ? 0 : rest % middle; // stages with base + 1 layers
            const double head = first + embeddingLayers;
            const double tail = last + headLayers;
            const double load = std::max({head, tail, double(wider > 0 ? base + 1 : base)});
            const double squares = head * head + tail * tail + double(middle - wider) * base * base
                + double(wider) * (base + 1) * (base + 1);
            const bool better = bestFirst == 0 || load < bestLoad - kSame
                || (load < bestLoad + kSame && squares < bestSquares - kSame);
            if (better) {
                bestLoad = load;
                bestSquares = squares;
                bestFirst = first;
                bestLast = last;
            }
        }
    std::vector<int> split(static_cast<std::size_t>(stages));
    split.front() = bestFirst;
    split.back() = bestLast;
    if (middle > 0) {
        // The middle stages share the rest evenly; the later ones take the remainder, since the earlier
        // ones hold more micro-batches in flight.
        const int rest = layers - bestFirst - bestLast;
        for (int s = 0; s < middle; ++s)
            split[static_cast<std::size_t>(s + 1)] = rest / middle + (s >= middle - rest % middle ? 1 : 0);
    }
    return split;
}

std::vector<std::vector<int>> pipelineSplits(const Design& design, const SearchSpace& space, int pp, int v)
{
    const int layers = design.model.layers;
    const std::int64_t stages = std::int64_t{pp} * v;
    if (pp <= 1 || stages > layers)
        return {{}};
    const bool even = layers % stages == 0;
    if (v != 1 || !space.unevenPipeline)
        return {{}};
    std::vector<int> balanced = balancedLayerSplit(layers, pp, lastStageExtraInLayers(design));
    if (!even)
        return {std::move(balanced)};
    const std::vector<int> evenSplit(static_cast<std::size_t>(pp), layers / pp);
    if (balanced.empty() || balanced == evenSplit)
        return {{}};
    return {{}, std::move(balanced)};
}

std::int64_t candidateBatch(BatchPolicy policy, std::int64_t globalBatch, std::int64_t perStep)
{
    if (policy == BatchPolicy::Exact || perStep <= 0 || globalBatch <= 0)
        return globalBatch;
    const std::int64_t below = globalBatch / perStep;
    // A layout whose one step of micro-batches already exceeds the batch would multiply it: left invalid.
    if (below < 1)
        return globalBatch;
    if (policy == BatchPolicy::RoundDown)
        return below * perStep;
    const std::int64_t above = below + 1;
    const std::int64_t nearest
        = globalBatch - below * perStep <= above * perStep - globalBatch ? below : above;
    return nearest * perStep;
}

SearchSpace resolvedSpace(const Design& design, const SearchSpace& space, const Catalog& catalog)
{
    SearchSpace out = space;
    if (out.offloads.empty() || design.workload.mode != Mode::Training)
        out.offloads = {design.workload.offload};
    if (out.precisions.empty() || design.workload.mode != Mode::Training)
        out.precisions = {design.workload.precision};
    if (out.precisions.size() < 2)
        return out;
    // Each GPU type once: a cluster of 131,072 GPUs has one or two.
    bool fp8 = true;
    const std::string* last = nullptr;
    for (const Node& node : design.cluster.nodes)
        for (const Gpu& gpu : node.gpus) {
            if (!gpu.inService || (last && *last == gpu.type))
                continue;
            last = &gpu.type;
            const GpuSpec* spec = catalog.gpu(gpu.type);
            fp8 = fp8 && spec && gpuPeaks(*spec).hasFp8();
        }
    if (!fp8)
        std::erase(out.precisions, Precision::Fp8);
    return out;
}

bool offloadRuns(const ParallelLayout& layout, Mode mode, Offload offload)
{
    if (offload == Offload::None)
        return true;
    const FrameworkProfile& profile = frameworkProfile(frameworkOf(layout, mode));
    if (offload == Offload::Cpu)
        return layout.zeroStage >= 1 && profile.offloadOptimizer;
    return layout.zeroStage >= 3 && profile.offloadParameters;
}

std::vector<ScheduleChoice> scheduleChoices(const ParallelLayout& layout, Mode mode, const SearchSpace& space)
{
    if (mode != Mode::Training || layout.pp() <= 1)
        return {{Schedule::OneFOneB, 1}};
    const FrameworkProfile& profile = frameworkProfile(frameworkOf(layout, mode));
    std::vector<ScheduleChoice> out;
    for (Schedule schedule : space.schedules) {
        if (!profile.runsSchedule(schedule))
            continue;
        switch (schedule) {
        case Schedule::Interleaved:
            for (int v : space.virtualStages)
                if (v > 1)
                    out.push_back({schedule, v});
            break;
        case Schedule::ZbV:
        case Schedule::DualPipeV:
        case Schedule::DualPipe:
            out.push_back({schedule, 2});
            break;
        case Schedule::GPipe:
        case Schedule::OneFOneB:
        case Schedule::ZbH1:
            out.push_back({schedule, 1});
            break;
        }
    }
    return out;
}

std::vector<std::vector<int>> scheduleSplits(const Design& design, const SearchSpace& space, int pp,
                                             const ScheduleChoice& choice)
{
    if (choice.schedule == Schedule::DualPipe)
        return {{}};
    return pipelineSplits(design, space, pp, choice.virtualStages);
}

std::int64_t variantCount(const Design& design, const SearchSpace& space, const SearchDegrees& degrees)
{
    if (design.workload.mode != Mode::Training)
        return 1;
    // The framework, and so what it can offload and which schedules it runs, may follow the degrees and
    // the ZeRO stage (frameworkOf).
    ParallelLayout layout = design.layout;
    layout.setDegree(Dim::Tp, degrees.tp);
    layout.setDegree(Dim::Cp, degrees.cp);
    layout.setDegree(Dim::Ep, degrees.ep);
    layout.setDegree(Dim::Pp, degrees.pp);
    layout.setDegree(Dim::Dp, degrees.dp);
    std::int64_t variants = 0; // ZeRO stage × offload × schedule × split that run
    for (int zero : space.zeroStages) {
        layout.zeroStage = zero;
        std::int64_t offloads = 0;
        for (Offload offload : space.offloads)
            offloads += offloadRuns(layout, Mode::Training, offload) ? 1 : 0;
        std::int64_t splits = 0;
        for (const ScheduleChoice& choice : scheduleChoices(layout, Mode::Training, space))
            splits += static_cast<std::int64_t>(scheduleSplits(design, space, degrees.pp, choice).size());
        variants += offloads * splits;
    }
    return variants
        * static_cast<std::int64_t>(space.precisions.size() * space.microBatches.size()
                                    * space.recompute.size());
}

std::int64_t countCombinations(const Design& design, const SearchSpace& space, const Catalog& catalog)
{
    const SearchSpace resolved = resolvedSpace(design, space, catalog);
    std::int64_t total = 0;
    for (const SearchDegrees& degrees :
         enumerateDegrees(design, resolved, design.cluster.inServiceGpuCount()))
        total += variantCount(design, resolved, degrees);
    return total;
}

RecipeContext recipeContext(const Design& design, const Catalog& catalog)
{
    RecipeContext out;
    out.perNode = std::max(largestNode(design.cluster), 1);
    out.intraLink = design.cluster.nodes.empty() ? std::string("the node's link")
                                                 : linkName(catalog, design.cluster.nodes.front().intraLink);
    out.fabric = linkName(catalog, design.cluster.fabric);
    return out;
}

namespace {
// The pipeline sentence with its schedule, whole, so that a translation can order its words freely.
const char* pipelineSentence(Schedule schedule)
{
    switch (schedule) {
    case Schedule::Interleaved:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (interleaved, %3 chunks per rank) sends only activations between "
                          "stages, so it may cross %2.");
    case Schedule::ZbH1:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (ZB-H1: weight gradients fill the bubble, 1F1B's memory) sends only "
                          "activations between stages, so it may cross %2.");
    case Schedule::ZbV:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (ZB-V: two chunks per rank in a V, weight gradients fill the bubble) "
                          "sends only activations between stages, so it may cross %2.");
    case Schedule::DualPipeV:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (DualPipeV: two chunks per rank in a V, one micro-batch's forward "
                          "overlapped with another's backward) sends only activations between "
                          "stages, so it may cross %2.");
    case Schedule::DualPipe:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (DualPipe: micro-batches enter from both ends, every stage held "
                          "twice and its gradients summed across the pair) sends only activations "
                          "between stages, so it may cross %2.");
    case Schedule::GPipe:
        return MW_TR_NOOP("Recipes",
                          "PP %1 (GPipe) sends only activations between stages, so it may cross %2.");
    case Schedule::OneFOneB:
        break;
    }
    return MW_TR_NOOP("Recipes", "PP %1 (1F1B) sends only activations between stages, so it may cross %2.");
}

} // namespace

std::vector<RecipeSentence> recipeSentences(const Design& design, const SearchCandidate& candidate,
                                            const RecipeContext& context)
{
    const ParallelLayout& l = candidate.layout;
    const bool training = design.workload.mode == Mode::Training;
    std::vector<RecipeSentence> out;
    const auto n = [](auto value) { return std::to_string(value); };
    if (l.tp() > 1)
        out.push_back(
            l.tp() <= context.perNode
                ? RecipeSentence{MW_TR_NOOP("Recipes", "TP %1 inside one node over %2 (the fastest domain)."),
                                 {n(l.tp()), context.intraLink}}
                : RecipeSentence{MW_TR_NOOP("Recipes", "TP %1 spans nodes: its all-reduces cross %2."),
                                 {n(l.tp()), context.fabric}});
    if (l.cp() > 1)
        out.push_back({MW_TR_NOOP("Recipes", "CP %1 splits the %2-token sequence."),
                       {n(l.cp()), n(design.workload.sequenceLength)}});
    if (l.ep() > 1)
        out.push_back({MW_TR_NOOP("Recipes", "EP %1 spreads the %2 experts."),
                       {n(l.ep()), n(design.model.moe.experts)}});
    if (l.dp() > 1 && !training) {
        out.push_back(
            {MW_TR_NOOP(
                 "Recipes",
                 "%1 independent replicas serve their own requests: throughput adds up, latency stays."),
             {n(l.dp())}});
    } else if (l.dp() > 1) {
        static constexpr std::array kZero{
            MW_TR_NOOP("Recipes", "DP %1 replicates the model (DDP)."),
            MW_TR_NOOP("Recipes", "DP %1 with ZeRO-1 shards the optimizer."),
            MW_TR_NOOP("Recipes", "DP %1 with ZeRO-2 shards optimizer and gradients."),
            MW_TR_NOOP("Recipes", "DP %1 with FSDP (ZeRO-3) shards all model states.")};
        out.push_back({kZero[static_cast<std::size_t>(std::clamp(l.zeroStage, 0, 3))], {n(l.dp())}});
    }
    if (l.pp() > 1 && !training)
        out.push_back({MW_TR_NOOP("Recipes",
                                  "PP %1 holds a larger model, but a token passes its stages in turn: it "
                                  "adds latency, not speed."),
                       {n(l.pp())}});
    else if (l.pp() > 1)
        out.push_back({pipelineSentence(l.schedule), {n(l.pp()), context.fabric, n(l.virtualStages)}});
    // Selective recomputation names its modules when they are not Megatron-Core's default (core_attn).
    const bool defaultModules = l.recomputeModules.empty()
        || l.recomputeModules == std::vector<RecomputeModule>{RecomputeModule::CoreAttn};
    const bool opLevel = opLevelSelective(l, design.workload.mode);
    if (l.recompute == Recompute::Full)
        out.push_back({MW_TR_NOOP("Recipes", "Full recomputation to fit the activations."), {}});
    else if (opLevel)
        out.push_back(
            {MW_TR_NOOP("Recipes",
                        "Selective recomputation as torchtitan runs it: every second matrix product "
                        "and the elementwise steps."),
             {}});
    else if (l.recompute == Recompute::Selective && defaultModules)
        out.push_back({MW_TR_NOOP("Recipes", "Selective recomputation of attention."), {}});
    else if (l.recompute == Recompute::Selective)
        out.push_back({MW_TR_NOOP("Recipes", "Selective recomputation of %1."),
                       {recomputeModuleList(l.recomputeModules)}});
    if (training && l.ep() > 1 && design.layout.overlapMoeAllToAll.value_or(false)
        && l.overlapMoeAllToAll == false)
        out.push_back({MW_TR_NOOP("Recipes",
                                  "The expert all-to-all runs exposed here: Megatron-Core overlaps it only "
                                  "with virtual stages under PP and without full recomputation."),
                       {}});
    if (training && design.layout.cudaGraphs != CudaGraphs::None && l.cudaGraphs == CudaGraphs::None)
        out.push_back(
            {MW_TR_NOOP("Recipes",
                        "Every kernel launched without the design's CUDA graphs here: its framework "
                        "does not run them with this recomputation or offloading."),
             {}});
    if (training && candidate.precision == Precision::Fp8)
        out.push_back({MW_TR_NOOP("Recipes", "FP8 GEMMs on the FP8 tensor cores."), {}});
    if (training && candidate.offload == Offload::Cpu)
        out.push_back(
            {MW_TR_NOOP("Recipes", "The optimizer states in host memory, stepped by the CPU."), {}});
    else if (training && candidate.offload == Offload::CpuParameters)
        out.push_back(
            {MW_TR_NOOP("Recipes",
                        "Parameters and optimizer states in host memory, fetched for every micro-batch."),
             {}});
    if (out.empty())
        out.push_back({MW_TR_NOOP("Recipes", "One GPU holds the whole model."), {}});
    return out;
}

std::string recipeText(const std::vector<RecipeSentence>& sentences)
{
    std::string text;
    for (const RecipeSentence& s : sentences) {
        if (!text.empty())
            text += ' ';
        text += fillTemplate(s.text, s.args);
    }
    return text;
}

} // namespace core
