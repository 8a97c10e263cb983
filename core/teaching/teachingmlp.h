// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Megatron's MLP split on TP ranks (Shoeybi et al. 2019, §3, Figure 3a; the reference article, «Tensor
// Parallelism»): the first weight matrix A is cut by columns, so every rank applies GeLU to its own
// columns without communication; the second matrix B is cut by rows, so every rank produces a partial sum
// of the output, and one all-reduce adds them — one all-reduce per MLP in the forward pass instead of one
// per matrix multiplication. With sequence parallelism (Korthikanti et al. 2022, §4.2.2) the all-reduce
// becomes a reduce-scatter after the MLP and an all-gather before it, and the region outside keeps only
// s/t tokens per rank.

#include "catalog/model.h"
#include "comm/collective.h"

#include <cstdint>
#include <vector>

namespace core {

struct MatrixShape
{
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    double elements() const { return static_cast<double>(rows) * static_cast<double>(cols); }
    bool operator==(const MatrixShape&) const = default;
};

struct MlpCollective
{
    CollectiveOp op = CollectiveOp::AllReduce;
    bool beforeMlp = false; // the all-gather of SP runs before the first matmul, the rest after the second
    double bytes = 0; // S: the whole s×h activation, as CollectiveSpec::bytes
    double sendBytesPerGpu = 0; // ring: what one GPU sends (commvolume.h)
};

struct MlpSplit
{
    int tp = 2;
    bool sequenceParallel = false;
    bool gated = false; // SwiGLU: gate and up projections, both cut by columns
    std::int64_t tokens = 0, hidden = 0, ffn = 0;
    MatrixShape inputPerRank; // X as the rank holds it: s×h, or s/t×h with SP
    MatrixShape input; // X as the matmul reads it: s×h on every rank
    MatrixShape firstWeight; // A: h×f (h×2f gated)
    MatrixShape firstWeightPerRank; // A_i: h×f/t (columns)
    MatrixShape intermediatePerRank; // GeLU(X·A_i): s×f/t
    MatrixShape secondWeight; // B: f×h
    MatrixShape secondWeightPerRank; // B_i: f/t×h (rows)
    MatrixShape partialOutput; // Y_i = GeLU(X·A_i)·B_i: s×h, a partial sum
    MatrixShape outputPerRank; // after the collective: s×h, or s/t×h with SP
    std::vector<MlpCollective> forward; // in order
    double weightBytesPerRank = 0;
    double weightBytesWhole = 0;
};

// One micro-batch of `tokens` tokens through one MLP of `model` on `tp` ranks, activations and weights of
// `bytesPerElement` bytes.
MlpSplit mlpSplit(const ModelArchitecture& model, int tp, bool sequenceParallel, std::int64_t tokens,
                  double bytesPerElement = 2);

} // namespace core
