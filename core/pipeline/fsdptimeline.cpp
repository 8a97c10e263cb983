// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/fsdptimeline.h"

#include "comm/groupcollective.h"
#include "comm/overlapslowdown.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "memory/modelshard.h"

#include <algorithm>
#include <span>

namespace core {

namespace {

constexpr std::size_t kF = static_cast<std::size_t>(Pass::Forward);
constexpr std::size_t kI = static_cast<std::size_t>(Pass::InputGrad);
constexpr std::size_t kW = static_cast<std::size_t>(Pass::WeightGrad);

// What a parameter all-gather of a layer moves: the GEMM weights (under FP8 possibly one byte each) and the
// rest (biases, norms, router) in the compute precision.
double gatherBytes(const LayerShard& shard, const GatherBytes& bytes)
{
    return bytes.of(shard.denseGemm() + shard.experts, shard.total() - shard.denseGemm() - shard.experts);
}

// The data-parallel group of a rank, and with an HSDP shard group the first `shardGroup` ranks of it.
std::span<const int> shardGroupOf(const Design& design, const PlacedLayout& placed, int rank)
{
    std::span<const int> group = placed.mesh.groupOfRank(Dim::Dp, rank);
    const int shard = design.layout.shardGroup;
    if (shard > 0 && static_cast<std::size_t>(shard) < group.size()) {
        const auto self = std::find(group.begin(), group.end(), rank);
        const std::size_t first = static_cast<std::size_t>(self - group.begin())
            / static_cast<std::size_t>(shard) * static_cast<std::size_t>(shard);
        group = group.subspan(first, static_cast<std::size_t>(shard));
    }
    return group;
}

// The links of a rank's shard group: the placement's table holds the whole data-parallel group's.
GroupLinks shardGroupLinks(const Design& design, const PlacedLayout& placed, int rank)
{
    const std::span<const int> group = shardGroupOf(design, placed, rank);
    if (group.size() == placed.mesh.groupOfRank(Dim::Dp, rank).size())
        return rankGroupLinks(design, placed, Dim::Dp, rank);
    return groupLinks(design, placed, group);
}

// A rank's FSDP units in forward order with their compute times, and the root (embedding, head) if any.
struct FsdpWork
{
    int unit;
    double forward;
    double backward;
};
struct FsdpRankWork
{
    std::vector<FsdpWork> layers;
    int root = -1;
    double headForward = 0;
    double headBackward = 0;
};

// One FSDP micro-batch on a rank's units: which collectives it runs (FsdpPass), the compute, and
// when the last of them ends; `spans` (when given) receives every stream's spans in issue order.
struct FsdpPassTimes
{
    double compute = 0; // as the compute would take alone
    double copies = 0; // in and out of the collective buffers, on the compute stream (FsdpUnit)
    double slowdown = 0; // what the collectives beside it added (comm/overlapslowdown.h)
    double makespan = 0;
    double exposed() const { return std::max(0.0, makespan - compute - copies - slowdown); }
};

FsdpPassTimes simulateFsdpPass(const std::vector<FsdpUnit>& units, const FsdpRankWork& work,
                               const FsdpPass& pass, bool overlapReduce, std::vector<FsdpSpan>* spans)
{
    FsdpPassTimes out;
    double compute = 0; // compute stream free at
    // FSDP2 issues all-gathers and reduce-scatters on two CUDA streams, but both move their bytes over
    // the same links of the shard group: run concurrently they share the bandwidth, and for the time
    // they take together that is the same as running one after the other. So one link queue, in issue
    // order, serves both; each keeps its own lane in the view. The compute beside it runs slower.
    double linkFree = 0;
    std::vector<TimeInterval> linkBusy;
    std::size_t linkPast = 0; // linkBusy before it ended before the compute stream's clock
    const auto unitAt = [&](int unit) -> const FsdpUnit& { return units[static_cast<std::size_t>(unit)]; };
    const auto record = [&](FsdpStream stream, int unit, bool backward, double start, double end) {
        if (spans)
            spans->push_back({stream, unit, backward, start, end});
    };
    const auto queue = [&](FsdpStream stream, int unit, bool backward, double issued, double seconds) {
        const double start = std::max(issued, linkFree);
        linkFree = start + seconds;
        linkBusy.push_back({start, linkFree});
        record(stream, unit, backward, start, linkFree);
    };
    auto allGather = [&](int unit, double issued, bool backward) {
        if (!(backward ? pass.regather : pass.gatherForward))
            return 0.0;
        queue(FsdpStream::AllGather, unit, backward, issued, unitAt(unit).gatherSeconds);
        return linkFree;
    };
    // A unit's compute starts when the stream is free and its parameters are gathered; it ends once it has
    // done `seconds` of work and `copies` of copying beside whatever the link queue holds by then (the next
    // unit's gather is issued at its start, so callers queue that before finishing).
    auto begin = [&](double ready) { return std::max(compute, ready); };
    auto finish = [&](int unit, double start, double seconds, bool backward, double copies) {
        // Compute only moves forward: spans that ended before it are skipped once, not at every unit.
        while (linkPast < linkBusy.size() && linkBusy[linkPast].end <= start)
            ++linkPast;
        compute = contendedEnd(start, seconds + copies, std::span(linkBusy).subspan(linkPast));
        out.compute += seconds;
        out.copies += copies;
        out.slowdown += compute - start - seconds - copies;
        if (seconds + copies > 0)
            record(FsdpStream::Compute, unit, backward, start, compute);
    };
    // The copy out of the all-gather buffer follows the gather on the compute stream, the copy into the
    // reduce-scatter buffer precedes the reduce-scatter: right after the unit's backward when that is where
    // it is issued (`deferredIssue` false), else before each reduce-scatter issued after the backward.
    const auto copyOut = [&](int unit, bool backward) {
        return (backward ? pass.regather : pass.gatherForward) ? unitAt(unit).copyOutSeconds : 0.0;
    };
    const auto copyIn = [&](int unit, bool deferredIssue) {
        return pass.reduce && overlapReduce != deferredIssue ? unitAt(unit).copyInSeconds : 0.0;
    };
    std::vector<int> deferred; // reduce-scatters issued after the backward (overlapGradReduce off)
    auto reduceScatter = [&](int unit, double issued) {
        if (!pass.reduce)
            return;
        if (!overlapReduce) {
            deferred.push_back(unit);
            return;
        }
        queue(FsdpStream::ReduceScatter, unit, true, issued, unitAt(unit).reduceSeconds);
    };

    // Forward: the root's all-gather first (the embedding runs before layer 0), then each layer's,
    // the next one issued as the current one starts computing.
    const double rootReady = work.root >= 0 ? allGather(work.root, 0, false) : 0;
    if (!work.layers.empty()) {
        double ready = allGather(work.layers.front().unit, 0, false);
        for (std::size_t i = 0; i < work.layers.size(); ++i) {
            const FsdpWork& layer = work.layers[i];
            const double started = begin(std::max(ready, rootReady));
            if (i + 1 < work.layers.size())
                ready = allGather(work.layers[i + 1].unit, started, false);
            finish(layer.unit, started, layer.forward, false, copyOut(layer.unit, false));
        }
    }
    if (work.root >= 0)
        finish(work.root, begin(rootReady), work.headForward, false, copyOut(work.root, false));

    // Backward: the head (root, still gathered), then the layers from the last.
    if (work.root >= 0)
        finish(work.root, begin(0), work.headBackward, true, 0);
    if (!work.layers.empty()) {
        double ready = allGather(work.layers.back().unit, compute, true);
        for (std::size_t k = work.layers.size(); k-- > 0;) {
            const double started = begin(ready);
            if (k > 0)
                ready = allGather(work.layers[k - 1].unit, started, true);
            const int unit = work.layers[k].unit;
            finish(unit, started, work.layers[k].backward, true, copyOut(unit, true) + copyIn(unit, false));
            reduceScatter(unit, compute);
        }
    }
    if (work.root >= 0) {
        finish(work.root, begin(0), 0, true, copyIn(work.root, false));
        reduceScatter(work.root, compute);
    }
    for (int unit : deferred) {
        finish(unit, begin(0), 0, true, copyIn(unit, true));
        queue(FsdpStream::ReduceScatter, unit, true, compute, unitAt(unit).reduceSeconds);
    }
    out.makespan = std::max(compute, linkFree);
    return out;
}

} // namespace

FsdpLayerTimeline fsdpLayerTimeline(const Design& design, const PlacedLayout& placed, const StageTimes& times,
                                    int pipelineRank)
{
    FsdpLayerTimeline out;
    out.pipelineRank = pipelineRank;
    out.reshardAfterForward = design.layout.reshardAfterForward;
    const RankGroups& pipelines = placed.mesh.groupsOf(Dim::Pp);
    if (pipelines.empty() || pipelineRank < 0
        || static_cast<std::size_t>(pipelineRank) >= pipelines.front().size())
        return out;
    const int global = pipelines.front()[static_cast<std::size_t>(pipelineRank)];
    out.shardRanks = static_cast<int>(shardGroupOf(design, placed, global).size());
    const GroupLinks links = shardGroupLinks(design, placed, global);
    const double gradBytes = gradientBytesPerElement(design);
    const GatherBytes gathered = parameterGatherBytes(design);
    auto gather = [&](double bytes) {
        return collectiveSeconds(CollectiveOp::AllGather, out.shardRanks, bytes, links);
    };
    auto reduce = [&](double params) {
        return collectiveSeconds(CollectiveOp::ReduceScatter, out.shardRanks, params * gradBytes, links);
    };
    // A unit with its collectives and, where the framework copies (FrameworkProfile::shardCopies), its
    // copies at the stage's streaming bandwidth: the gathered bytes read and written, and the unsharded
    // gradients (in the compute precision) read and written in the reduction's type.
    const bool copies = frameworkProfile(design).shardCopies;
    const double computeBytes = activationBytesPerElement(design.workload.precision);
    auto unit = [&](int layer, double params, double gatheredBytes, double bandwidth) {
        FsdpUnit u{layer, params, gather(gatheredBytes), reduce(params)};
        if (copies && bandwidth > 0) {
            u.copyOutSeconds = 2 * gatheredBytes / bandwidth;
            u.copyInSeconds = params * (computeBytes + gradBytes) / bandwidth;
        }
        return u;
    };

    // Units in forward order, with their compute times; the root first when the rank has one.
    FsdpRankWork work;
    const double rootParams = vocabularyShard(design, rankShard(design, pipelineRank)).total();
    double rootBandwidth = 0;
    for (const StageWork& stage : times.stages) {
        if (stage.rank != pipelineRank)
            continue;
        rootBandwidth = stage.copyBandwidth;
        work.headForward += stage.headSeconds[kF];
        work.headBackward += stage.headSeconds[kI] + stage.headSeconds[kW];
        for (int i = 0; i < stage.layers; ++i) {
            const int layer = stage.firstLayer + i;
            const bool moe = design.model.isMoeLayer(layer);
            const auto& pattern = moe ? stage.moeLayer : stage.denseLayer;
            const LayerShard shard = layerShard(design, moe);
            const double params = shard.total();
            out.units.push_back(unit(layer, params, gatherBytes(shard, gathered), stage.copyBandwidth));
            work.layers.push_back({static_cast<int>(out.units.size()) - 1, pattern[kF].seconds,
                                   pattern[kI].seconds + pattern[kW].seconds});
        }
        // Each multi-token prediction depth is a unit after the layers, numbered after them as DeepSeek-V3's
        // checkpoint stores its depth (model.layers.61); its time holds the head's second use.
        for (int depth = 0; depth < stage.mtpLayers; ++depth) {
            const LayerShard shard = mtpDepthShard(design);
            const double params = shard.total();
            out.units.push_back(
                unit(design.model.layers + depth, params, gatherBytes(shard, gathered), stage.copyBandwidth));
            work.layers.push_back({static_cast<int>(out.units.size()) - 1,
                                   stage.mtpSeconds[kF] / stage.mtpLayers,
                                   (stage.mtpSeconds[kI] + stage.mtpSeconds[kW]) / stage.mtpLayers});
        }
    }
    if (rootParams > 0) {
        out.units.push_back(unit(-1, rootParams, gathered.of(0, rootParams), rootBandwidth));
        work.root = static_cast<int>(out.units.size()) - 1;
    }

    const bool overlapReduce = switchOn(design, Switch::OverlapGradReduce);
    const auto simulate = [&](const FsdpPass& pass, std::vector<FsdpSpan>* spans) {
        return simulateFsdpPass(out.units, work, pass, overlapReduce, spans);
    };

    // The micro-batch shown is one that synchronises: every one by default, the last one without.
    out.gradientSyncEveryMicroBatch = switchOn(design, Switch::GradientSyncEveryMicroBatch);
    out.overlapGradReduce = overlapReduce;
    out.microBatches = static_cast<int>(std::max<std::int64_t>(1, placed.microBatches));
    const std::int64_t m = out.microBatches;
    const FsdpPass shown = fsdpPass(design, m - 1, m);
    const FsdpPassTimes last = simulate(shown, &out.spans);
    out.computeSeconds = last.compute;
    out.copySeconds = last.copies;
    out.slowdownSeconds = last.slowdown;
    out.makespan = last.makespan;
    out.exposedSeconds = last.exposed();
    // The step: the first micro-batch, the m − 2 alike between, and the last (the one shown).
    out.stepExposedSeconds = out.exposedSeconds;
    out.stepSlowdownSeconds = out.slowdownSeconds;
    out.stepCopySeconds = out.copySeconds;
    const auto add = [&](const FsdpPass& pass, double times) {
        const FsdpPassTimes t = pass == shown ? last : simulate(pass, nullptr);
        out.stepExposedSeconds += times * t.exposed();
        out.stepSlowdownSeconds += times * t.slowdown;
        out.stepCopySeconds += times * t.copies;
    };
    if (m > 1) {
        add(fsdpPass(design, 0, m), 1);
        add(fsdpPass(design, 1, m), static_cast<double>(m - 2));
    }
    return out;
}

} // namespace core
