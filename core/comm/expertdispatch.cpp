// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/expertdispatch.h"

#include <algorithm>
#include <cmath>

namespace core {

double missProbability(int experts, int topK, int held)
{
    if (held <= 0 || topK <= 0)
        return 1;
    double p = 1;
    for (int i = 0; i < topK; ++i) {
        const int left = experts - held - i;
        if (left <= 0)
            return 0;
        p *= static_cast<double>(left) / (experts - i);
    }
    return p;
}

namespace {

double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0));
}

} // namespace

double heldMissProbability(const MoeConfig& moe, int held)
{
    held = std::clamp(held, 0, moe.experts);
    // Groups that do not divide the experts are an error of the design (validate.cpp): routed over all.
    if (!moe.groupLimited() || moe.experts % moe.routerGroups != 0)
        return missProbability(moe.experts, moe.topK, held);
    const int groups = moe.routerGroups;
    const int chosen = moe.routerGroupTopK;
    const int perGroup = moe.experts / groups;
    // The held experts as whole groups, or as part of one: groups and a GPU's or a node's experts are both
    // runs of consecutive experts (Megatron-Core places expert e on EP rank e / (E/R)).
    const int heldGroups = std::max(1, held / perGroup);
    const int heldPerGroup = std::min(held, perGroup);
    double miss = 0;
    for (int j = 0; j <= std::min(heldGroups, chosen); ++j) {
        // j of the held groups among the token's chosen ones (hypergeometric), then its k experts drawn
        // from the chosen groups' experts miss the j·heldPerGroup held among them.
        const double groupsHit = choose(heldGroups, j) * choose(groups - heldGroups, chosen - j);
        miss += groupsHit * missProbability(chosen * perGroup, moe.topK, j * heldPerGroup);
    }
    return miss / choose(groups, chosen);
}

TokenCopies tokenCopies(MoeDispatcher dispatcher, const MoeConfig& moe, int groupSize, int perNode)
{
    TokenCopies out;
    if (groupSize < 2 || moe.experts < 1 || moe.topK < 1)
        return out;
    const int g = std::clamp(perNode, 1, groupSize);
    const double r = groupSize;
    if (dispatcher == MoeDispatcher::AllToAll) {
        // One copy per routed expert, spread evenly: (g − 1)/R of them stay on the node.
        out.nvlink = moe.topK * (g - 1) / r;
        out.network = moe.topK * (r - g) / r;
        return out;
    }
    // A GPU holds E/R experts, a node E·g/R. Each other node that holds one of the token's experts gets
    // it once over the network; each GPU of the group that holds one gets it once over NVLink, directly
    // on the own node and from its rail peer on the others, unless that peer is itself the GPU (the
    // forwarder sends to its node's other g − 1 GPUs): N·(g − 1)·P(a GPU is hit) with N = R/g nodes.
    const int perGpu = std::max(1, moe.experts / groupSize);
    const double gpuHit = 1 - heldMissProbability(moe, perGpu);
    const double nodeHit = 1 - heldMissProbability(moe, perGpu * g);
    const double nodes = r / g;
    out.network = (nodes - 1) * nodeHit;
    out.nvlink = nodes * (g - 1) * gpuHit;
    return out;
}

double expertDispatchSeconds(MoeDispatcher dispatcher, const MoeConfig& moe, double tokens, double tokenBytes,
                             const GroupLinks& links)
{
    if (links.ranks < 2 || !(tokens > 0) || !(tokenBytes > 0))
        return 0;
    if (dispatcher == MoeDispatcher::AllToAll)
        return collectiveSeconds(CollectiveOp::AllToAll, links.ranks, tokens * moe.topK * tokenBytes, links);
    const int perNode = links.ranksPerNode > 0 ? links.ranksPerNode : links.ranks;
    const TokenCopies copies = tokenCopies(dispatcher, moe, links.ranks, perNode);
    const auto part = [&](const LinkCost& link, double share, double count) {
        const double bytes = tokens * tokenBytes * count;
        if (!(bytes > 0))
            return 0.0;
        const double ramp = bytes / (bytes + ncclHalfBandwidthBytes(link));
        return link.alpha + bytes * link.beta / (share * ramp);
    };
    return kNcclBaseLatencySeconds
        + std::max(part(links.links.intraNode, kFlexNvlinkShare, copies.nvlink),
                   part(links.interNodePerGpu, kFlexNetworkShare, copies.network));
}

} // namespace core
