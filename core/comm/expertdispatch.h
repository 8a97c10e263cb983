// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A MoE layer's dispatch of its tokens to their experts, and the combine that brings them back, as each of
// Megatron-Core's token dispatchers sends them (layout.h MoeDispatcher; docs/collectives.md, "The MoE token
// dispatchers"):
//   alltoall (MoEAlltoAllTokenDispatcher) permutes the tokens by expert and sends one copy a routed expert,
//   T·k·h·e per GPU, spread evenly over the group: an NCCL all-to-all;
//   DeepEP and HybridEP (the flex dispatcher) send a token once to each GPU that holds one of its experts,
//   and to another node once: over that node's network card of the same rail, whose GPU forwards it over
//   NVLink to the GPUs of its node that need it (deepseek-ai/DeepEP csrc/kernels/legacy/internode.cu,
//   SourceMeta's is_token_in_nvl_rank bits; get_dispatch_layout's num_tokens_per_rank and
//   num_tokens_per_rdma_rank). Network and NVLink run at once, so the busier of the two sets the time, each
//   at the share of the link HybridEP's own benchmark reaches (the constants below), times the message-size
//   ramp every transfer has (collectivecost.h ncclSizeFactor's S/(S + S½)).
// The combine returns as many bytes the same way. Routing is uniform: a token's k experts are k distinct
// experts drawn at random, as the balanced routers of the published runs make them on average, from the
// groups it is limited to where the model limits it (DeepSeek-V3's node-limited routing).

#include "catalog/model.h"
#include "comm/grouplinks.h"
#include "design/layout.h"

namespace core {

// The share of NVLink's bandwidth the flex dispatchers reach: HybridEP's benchmark (deepseek-ai/DeepEP
// docs/README_Hybrid-EP.md, 4,096 tokens of 7,168 values a GPU, top-8 of 8 experts a GPU under a uniform
// router, BF16, 16 SMs, the torch API) dispatches and combines at 533 GB/s on 8 B200 and 544 GB/s on 8 GB200,
// the mean of the two; those figures count a GPU's tokens to itself, 1/8 of them, so NVLink carries 467 and
// 476 GB/s of NVLink 5's 900: 0.52. Checked on GB200 with 16 to 36 GPUs in one NVLink domain, which no
// constant came from (tst_expertdispatch).
inline constexpr double kFlexNvlinkShare = 0.52;
// The share of a GPU's network card: the same benchmark on H100 across 4 and 8 nodes (32 and 64 GPUs, one
// 400 Gb/s card each): 47.4 and 41.2 GB/s dispatching, 52.5 and 46.6 combining, counting a token once for
// every node of its experts, the own node included; of those 2.71 of 3.61 and 4.60 of 5.26 cross the
// network, 37.5 and 38.4 GB/s of 50: 0.76. Its 2-node row and DeepEP's own figures on H800 check it.
inline constexpr double kFlexNetworkShare = 0.76;

// The copies of one token that leave its GPU in one dispatch.
struct TokenCopies
{
    double nvlink = 0; // over the intra-node link: to the node's other GPUs, and forwarded on arrival
    double network = 0; // over the GPU's network card
    bool operator==(const TokenCopies&) const = default;
};

// The probability that none of a token's `topK` distinct experts, drawn uniformly from `experts`, is one of
// `held` given ones: C(E − held, k) / C(E, k).
double missProbability(int experts, int topK, int held);

// The probability that a token misses every one of `held` consecutive experts (a GPU's or a node's): as
// above, or under group-limited routing (MoeConfig::groupLimited) the token's k experts drawn uniformly
// from the experts of its M chosen groups, the M drawn uniformly from G, as a balanced router makes them on
// average: Σ_j P(j of the held groups chosen) · C(M·E/G − j·s, k)/C(M·E/G, k), s the held experts a group.
// DeepSeek-V3's 4 of 8 groups on EP 64 over 8 nodes send a token to 3.2 other nodes, not 4.6.
double heldMissProbability(const MoeConfig& moe, int held);

// The copies under `dispatcher` in a group of `groupSize` GPUs, `perNode` of them on each node (the
// group's size where it sits on one node), each holding experts / groupSize of the experts.
TokenCopies tokenCopies(MoeDispatcher dispatcher, const MoeConfig& moe, int groupSize, int perNode);

// The seconds of one dispatch (or combine) of `tokens` tokens of `tokenBytes` each per GPU on a group's
// links: the NCCL all-to-all of their copies for alltoall (comm/grouplinks.h collectiveSeconds); for the
// flex dispatchers the busier of the NVLink and the network part, each at its share above.
double expertDispatchSeconds(MoeDispatcher dispatcher, const MoeConfig& moe, double tokens, double tokenBytes,
                             const GroupLinks& links);

} // namespace core
