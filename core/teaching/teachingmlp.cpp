// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/teachingmlp.h"

#include "comm/commvolume.h"

#include <algorithm>

namespace core {

MlpSplit mlpSplit(const ModelArchitecture& model, int tp, bool sequenceParallel, std::int64_t tokens,
                  double bytesPerElement)
{
    MlpSplit split;
    split.tp = std::max(tp, 1);
    split.sequenceParallel = sequenceParallel && split.tp > 1;
    split.gated = model.mlp == MlpKind::Gated;
    split.tokens = tokens;
    split.hidden = model.hidden;
    // A MoE model's experts are MLPs of the expert width; the split inside an expert is the same.
    split.ffn = model.ffn > 0 ? model.ffn : model.moe.expertFfn;
    const std::int64_t t = split.tp;
    const std::int64_t h = split.hidden;
    const std::int64_t f = split.ffn;
    const std::int64_t columns = split.gated ? 2 * f : f;

    split.input = {tokens, h};
    split.inputPerRank = split.sequenceParallel ? MatrixShape{tokens / t, h} : split.input;
    split.firstWeight = {h, columns};
    split.firstWeightPerRank = {h, columns / t};
    split.intermediatePerRank = {tokens, f / t};
    split.secondWeight = {f, h};
    split.secondWeightPerRank = {f / t, h};
    split.partialOutput = {tokens, h};
    split.outputPerRank = split.sequenceParallel ? MatrixShape{tokens / t, h} : split.input;

    // The parameter count is model.h's, so biases and the gated third matrix are counted once, there.
    split.weightBytesWhole = mlpParameters(model, f) * bytesPerElement;
    split.weightBytesPerRank = split.weightBytesWhole / static_cast<double>(t);

    const double activation = split.input.elements() * bytesPerElement;
    if (t > 1) {
        if (split.sequenceParallel) {
            split.forward.push_back({CollectiveOp::AllGather, true, activation,
                                     collectiveSendBytes(CollectiveOp::AllGather, split.tp, activation)});
            split.forward.push_back({CollectiveOp::ReduceScatter, false, activation,
                                     collectiveSendBytes(CollectiveOp::ReduceScatter, split.tp, activation)});
        } else {
            split.forward.push_back({CollectiveOp::AllReduce, false, activation,
                                     collectiveSendBytes(CollectiveOp::AllReduce, split.tp, activation)});
        }
    }
    return split;
}

} // namespace core
