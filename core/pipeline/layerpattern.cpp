// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/layerpattern.h"

#include "comm/overlapslowdown.h"

#include <algorithm>

namespace core {

namespace {

// Builds a LayerPattern piece by piece: compute advances the layer's clock, an exposed collective too,
// an overlapped one runs beside the compute that follows it and is waited for only where it outlasts it.
class PatternBuilder
{
public:
    void compute(double seconds)
    {
        m_pattern.seconds += seconds;
        m_pattern.computeSeconds += seconds;
    }
    // Compute on GEMM kernels.
    void gemm(double seconds)
    {
        compute(seconds);
        m_pattern.gemmSeconds += seconds;
    }
    // Of the compute added just before, `seconds` ran on GEMM kernels.
    void gemmShare(double seconds) { m_pattern.gemmSeconds += seconds; }
    void exposed(CommKind kind, CollectiveOp op, double seconds)
    {
        if (seconds <= 0)
            return;
        m_pattern.bands.push_back({kind, m_pattern.seconds, m_pattern.seconds + seconds, true});
        wait(op, seconds);
    }
    // A collective that overlaps `work` seconds of compute: the compute runs, and whatever the
    // collective takes beyond it is waited for.
    void overlapped(CommKind kind, CollectiveOp op, double seconds, double work)
    {
        overlappedWithVisible(kind, op, seconds, work, std::max(0.0, seconds - work), true);
    }
    // A collective cut into `chunks` pieces pipelined with the GEMM it feeds or drains
    // (TransformerEngine's split-pipelined userbuffers overlap): the first (or last) piece cannot hide,
    // the rest hide under the other chunks of the GEMM. The GEMM's time already runs on the SMs the
    // collective leaves (layerkernels.cpp, the userbuffers' SM share), so no slowdown is added.
    void pipelined(CommKind kind, CollectiveOp op, double seconds, double gemm, int chunks)
    {
        const double k = std::max(1, chunks);
        m_pattern.gemmSeconds += gemm;
        overlappedWithVisible(kind, op, seconds, gemm, std::max(seconds / k, seconds - gemm * (k - 1) / k),
                              false);
    }
    // A collective on its own stream under `work` seconds of compute that ran elsewhere in the pass: its
    // band starts here, and only what it takes beyond that compute is waited for.
    void hidden(CommKind kind, CollectiveOp op, double seconds, double work)
    {
        if (seconds <= 0)
            return;
        const double start = m_pattern.seconds;
        const double visible = std::max(0.0, seconds - work - slowdown(seconds, work));
        m_pattern.bands.push_back({kind, start, start + seconds, visible > 0});
        if (visible > 0)
            wait(op, visible);
    }
    // `other` run by `share` of the layers this pattern stands for: its times, and its bands' durations,
    // scaled by that share (1: every layer runs it).
    void append(const LayerPattern& other, double share)
    {
        if (share <= 0)
            return;
        for (CommBand band : other.bands) {
            band.start = m_pattern.seconds + band.start * share;
            band.end = m_pattern.seconds + band.end * share;
            m_pattern.bands.push_back(band);
        }
        m_pattern.seconds += other.seconds * share;
        m_pattern.computeSeconds += other.computeSeconds * share;
        m_pattern.gemmSeconds += other.gemmSeconds * share;
        m_pattern.slowdownSeconds += other.slowdownSeconds * share;
        m_pattern.exposed.add(other.exposed, share);
    }
    LayerPattern take() { return std::move(m_pattern); }

private:
    // `work` seconds of compute beside a collective of `seconds` run slower (comm/overlapslowdown.h): the
    // layer takes that much longer, as compute, and the collective has as much longer to hide under.
    double slowdown(double seconds, double work)
    {
        const double extra = overlapSlowdownSeconds(seconds, work);
        m_pattern.seconds += extra;
        m_pattern.computeSeconds += extra;
        m_pattern.slowdownSeconds += extra;
        return extra;
    }
    void wait(CollectiveOp op, double seconds)
    {
        m_pattern.seconds += seconds;
        m_pattern.exposed.add(op, seconds);
    }
    void overlappedWithVisible(CommKind kind, CollectiveOp op, double seconds, double work, double visible,
                               bool slows)
    {
        const double start = m_pattern.seconds;
        compute(work);
        if (seconds <= 0)
            return;
        if (slows)
            visible = std::max(0.0, visible - slowdown(seconds, work));
        // Exposed when the layer waits for some of it, as hidden() marks its bands: a CP ring shorter than
        // the attention it overlaps runs while the GPU computes.
        m_pattern.bands.push_back({kind, start, start + seconds, visible > 0});
        if (visible > 0)
            wait(op, visible);
    }

    LayerPattern m_pattern;
};

// What the input gradient redoes first: the forward, for the share of the layers that recompute it in
// full; under selective recomputation the modules it names (LayerPartTimes), a recomputed MoE block with
// its dispatch and combine again, exposed.
void recomputeForward(PatternBuilder& input, const LayerPattern& forward, const LayerPartTimes& t,
                      const LayerComm& c, bool moe, Recompute recompute, double recomputedShare)
{
    if (recompute == Recompute::Full) {
        input.append(forward, recomputedShare);
        return;
    }
    if (recompute != Recompute::Selective)
        return;
    if (t.coreAttentionRecomputed) {
        input.compute(t.attentionForward + t.scoreElementwise);
        input.gemmShare(t.attentionGemmForward);
    }
    input.compute(t.selectiveRecompute);
    input.gemmShare(t.selectiveRecomputeGemm);
    if (moe && t.moeBlockRecomputed)
        for (int direction = 0; direction < 2; ++direction)
            input.exposed(CommKind::ExpertParallel, CollectiveOp::AllToAll, c.epAllToAll);
}

} // namespace

std::array<LayerPattern, kPassCount> layerPatterns(const LayerPartTimes& t, const LayerComm& c, TpOverlap tp,
                                                   bool moe, Recompute recompute, double recomputedShare)
{
    // A TP region: its first GEMM, what lies between, its last GEMM. Without overlap the all-gather comes
    // before and the reduce-scatter (or all-reduce) after, exposed; with it they hide under those GEMMs.
    // The MoE block keeps its collectives exposed (stagetime.h).
    // `reduceScatterChunks`: the pieces the closing reduce-scatter is pipelined in. The all-gather moves
    // the input in forward and the gradient in backward (`gather`: LayerComm's time of the one or the
    // other, which differ under FP8).
    auto region = [&](PatternBuilder& b, double firstGemm, const auto& between, double lastGemm,
                      bool overlappable, int reduceScatterChunks, double gather) {
        if (tp.overlap && overlappable) {
            b.pipelined(CommKind::TensorParallel, CollectiveOp::AllGather, gather, firstGemm, tp.chunks);
            between(b);
            b.pipelined(CommKind::TensorParallel, CollectiveOp::ReduceScatter, c.tpReduceScatter, lastGemm,
                        reduceScatterChunks);
            return;
        }
        if (tp.sp)
            b.exposed(CommKind::TensorParallel, CollectiveOp::AllGather, gather);
        b.gemm(firstGemm);
        between(b);
        b.gemm(lastGemm);
        if (tp.sp)
            b.exposed(CommKind::TensorParallel, CollectiveOp::ReduceScatter, c.tpReduceScatter);
        else
            b.exposed(CommKind::TensorParallel, CollectiveOp::AllReduce, c.tpAllReduce);
    };
    constexpr std::size_t kF = 0, kI = 1, kW = 2;
    auto dispatch = [&](PatternBuilder& b) {
        b.exposed(CommKind::ExpertParallel, CollectiveOp::AllToAll, c.epAllToAll);
    };
    auto none = [](PatternBuilder&) {};
    // The MLP's TP region, its GEMMs in the pass's order; a MoE block sends its tokens to the experts and
    // back inside it, with its collectives exposed (stagetime.h).
    // `dense`: the computation of the same layer and pass that hides the all-to-alls with tp.epOverlap.
    // `before` and `after`: the token permutation ahead of the dispatch and the unpermutation after the
    // combine (in the backward their gradients, in reverse order).
    auto mlpRegion = [&](PatternBuilder& b, double firstGemm, double lastGemm, double dense, double before,
                         double after, int reduceScatterChunks, double gather) {
        if (!moe) {
            region(b, firstGemm, none, lastGemm, true, reduceScatterChunks, gather);
            return;
        }
        const auto experts = [&](PatternBuilder& inner) {
            inner.compute(before);
            if (tp.epOverlap) {
                inner.hidden(CommKind::ExpertParallel, CollectiveOp::AllToAll, 2 * c.epAllToAll, dense);
                inner.gemm(firstGemm + lastGemm);
            } else {
                dispatch(inner);
                inner.gemm(firstGemm + lastGemm);
                dispatch(inner);
            }
            inner.compute(after);
        };
        region(b, 0, experts, 0, false, 1, c.tpAllGather);
    };

    // Forward: norm, (AG) QKV, attention, out-projection (RS | AR); (AG) [dispatch] MLP [combine] (RS | AR).
    PatternBuilder forward;
    forward.compute(t.elementwiseForward);
    region(
        forward, t.qkv[kF],
        [&](PatternBuilder& b) {
            b.overlapped(CommKind::ContextParallel, CollectiveOp::SendRecv, c.cpRingForward,
                         t.attentionForward);
            b.gemmShare(t.attentionGemmForward);
        },
        t.outProjection[kF], true, tp.forwardReduceScatterChunks, c.tpInputAllGather);
    mlpRegion(forward, t.fc1[kF], t.fc2[kF],
              t.elementwiseForward + t.qkv[kF] + t.attentionForward + t.outProjection[kF], t.permute[kF],
              t.unpermute[kF], tp.forwardReduceScatterChunks, c.tpInputAllGather);
    const LayerPattern forwardPattern = forward.take();

    // Input gradient: the recomputed forward first, then the layer backwards with the mirrored
    // collectives (f ↔ g of Megatron's mappings.py: the backward of an all-reduce is an all-reduce, of an
    // all-gather a reduce-scatter and vice versa). The all-gather of the incoming gradient now feeds the
    // region's last GEMM (its dgrad), the reduce-scatter drains the first.
    PatternBuilder input;
    recomputeForward(input, forwardPattern, t, c, moe, recompute, recomputedShare);
    input.compute(t.elementwiseBackward);
    mlpRegion(input, t.fc2[kI], t.fc1[kI],
              t.elementwiseBackward + t.outProjection[kI] + t.attentionBackward + t.qkv[kI], t.unpermute[kI],
              t.permute[kI], tp.chunks, c.tpGradientAllGather);
    region(
        input, t.outProjection[kI],
        [&](PatternBuilder& b) {
            b.overlapped(CommKind::ContextParallel, CollectiveOp::SendRecv, c.cpRingBackward,
                         t.attentionBackward);
            b.gemmShare(t.attentionGemmBackward);
        },
        t.qkv[kI], true, tp.chunks, c.tpGradientAllGather);

    // Weight gradient: the linear layers once more; with SP Megatron all-gathers their inputs again
    // (LinearWithGradAccumulationAndAsyncCommunication keeps them sharded). With overlap TE gathers them
    // under the dgrad GEMMs in bulk; here each hides under the wgrad GEMM it feeds. torchtitan's kept the
    // gathered input (tp.weightGradientGather off).
    PatternBuilder weight;
    // A MoE block's gather is its dispatcher's, in the activations' precision.
    auto gatherFor = [&](double gemm, bool dense) {
        const double gather = dense ? c.tpInputAllGather : c.tpAllGather;
        if (!tp.sp || !tp.weightGradientGather)
            weight.gemm(gemm);
        else if (tp.overlap && dense)
            weight.pipelined(CommKind::TensorParallel, CollectiveOp::AllGather, gather, gemm, tp.chunks);
        else {
            weight.exposed(CommKind::TensorParallel, CollectiveOp::AllGather, gather);
            weight.gemm(gemm);
        }
    };
    gatherFor(t.mlp(kW), !moe);
    gatherFor(t.attentionProjections(kW), true);
    weight.compute(t.gradientAccumulation);
    return {forwardPattern, input.take(), weight.take()};
}

} // namespace core
