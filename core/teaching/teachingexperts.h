// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Expert parallelism, token by token: a router sends every token to its top-k experts; the experts live on
// different EP ranks, so the tokens travel there with an all-to-all (dispatch) and back with another
// (combine). With a capacity factor c every expert takes at most
//   capacity = ⌈c × tokens × k / experts⌉
// tokens (GShard, Lepikhin et al. 2020 §2.2; Megatron-Core moe_expert_capacity_factor): assignments beyond
// it are dropped, unused slots below it are padded (moe_pad_expert_input_to_capacity). Dropless routing
// (c = 0 here, Megatron's default) processes every assignment and lets the per-expert counts vary. The
// reference article («Expert Parallelism für MoE-Models») names exactly these: tokens per expert,
// capacity overflow, dropped tokens and padding.
//
// The router is a deterministic stand-in for a learned one: each token draws its top-k experts without
// replacement with weights that favour low-numbered experts, from a SplitMix64 stream started at a fixed
// value (RoutingConfig::seed), so the same value gives the same routing on every machine and the imbalance a
// real router shows early in training is visible.

#include <cstdint>
#include <vector>

namespace core {

struct RoutingConfig
{
    int tokens = 32; // tokens in the batch, spread evenly over the EP ranks
    int experts = 8;
    int topK = 2;
    int epRanks = 4;
    double capacityFactor = 1.0; // 0 = dropless
    std::uint64_t seed = 1;
    double skew = 0.6; // router preference: expert e has weight 1/(1 + skew·e)
    bool operator==(const RoutingConfig&) const = default;
};

struct TokenRoute
{
    int token = 0;
    int sourceRank = 0;
    std::vector<int> experts; // top-k, in the router's order of preference
    std::vector<bool> kept; // per chosen expert: false when the expert was full (dropped)
};

struct ExpertLoad
{
    int expert = 0;
    int rank = 0; // EP rank holding it
    int assigned = 0; // tokens the router sent
    int processed = 0; // min(assigned, capacity), or assigned when dropless
    int dropped = 0;
    int padded = 0; // empty slots computed anyway when padding to capacity
};

struct Routing
{
    RoutingConfig config;
    int capacity = 0; // per expert; 0 when dropless
    std::vector<TokenRoute> tokens;
    std::vector<ExpertLoad> experts;
    // Assignments sent from each source rank to each destination rank in the dispatch all-to-all (kept
    // ones only: a dropped assignment is not sent).
    std::vector<std::vector<int>> sent;
    int dropped = 0;
    int padded = 0;
    int assignments = 0; // tokens × k
    bool dropless() const { return capacity == 0; }
    // Assignments that leave their rank in the dispatch.
    int leavingAssignments() const;
};

// ⌈factor × tokens × topK / experts⌉; 0 for a factor ≤ 0 (dropless).
int expertCapacity(double factor, int tokens, int topK, int experts);

// Routes tokens in order; when an expert is full the later tokens' assignments are dropped (Megatron's
// moe_token_drop_policy "position"; its default "probs" drops the lowest router probabilities instead).
Routing routeTokens(const RoutingConfig& config);

} // namespace core
