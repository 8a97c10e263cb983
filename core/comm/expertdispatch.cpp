// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/expertdispatch.h"

#include <algorithm>

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
    const double gpuHit = 1 - missProbability(moe.experts, moe.topK, perGpu);
    const double nodeHit = 1 - missProbability(moe.experts, moe.topK, std::min(moe.experts, perGpu * g));
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
