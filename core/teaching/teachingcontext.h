// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Context parallelism as Megatron-Core and TransformerEngine run it for causal attention: the sequence is
// cut into 2·CP chunks and CP rank r keeps chunks r and 2·CP−1−r, so that every rank gets one early and
// one late chunk and the causal mask leaves each rank the same work (TransformerEngine
// get_batch_on_this_cp_rank / Megatron-LM utils.get_batch_on_this_cp_rank, "load balancing"). Attention
// then runs as a ring (AttnFuncWithCPAndKVP2P): in step i rank r computes its queries against the key/value
// block that started on rank r−i and passes that block on to r+1; CP steps, CP−1 sends.

#include "catalog/model.h"

#include <cstdint>
#include <vector>

namespace core {

struct ContextChunk
{
    int index = 0; // position in the sequence, 0 … 2·CP−1 (0 … CP−1 without load balancing)
    std::int64_t firstToken = 0;
    std::int64_t tokens = 0;
    int rank = 0;
};

struct ContextRingStep
{
    int step = 0;
    std::vector<int> kvOwner; // rank → whose key/value block it computes with in this step
    std::vector<double> pairs; // rank → query–key pairs the causal mask leaves in this step
    bool sends = false; // whether the block moves on to r+1 after this step (all but the last)
};

struct ContextSplit
{
    int cp = 1;
    bool loadBalanced = true;
    std::int64_t sequence = 0;
    std::vector<ContextChunk> chunks; // in sequence order
    std::vector<ContextRingStep> steps; // CP steps
    std::vector<double> pairsOfRank; // all steps
    double kvBlockBytes = 0; // what one send carries (commvolume.h contextParallelRing)
    // The busiest rank's work over the average: 1 is perfect balance (the step lasts as long as it).
    double imbalance() const;
};

// Query–key pairs (i, j) with query i in [q0, q1) and key j in [k0, k1) that the causal mask keeps (j ≤ i).
double causalPairs(std::int64_t q0, std::int64_t q1, std::int64_t k0, std::int64_t k1);

// `sequence` tokens on `cp` ranks; without load balancing, contiguous chunks of s/CP (the naïve split the
// balanced one fixes). Per micro-batch of one sequence, one layer.
ContextSplit contextSplit(const ModelArchitecture& model, std::int64_t sequence, int cp, bool loadBalanced,
                          double bytesPerElement = 2);

} // namespace core
