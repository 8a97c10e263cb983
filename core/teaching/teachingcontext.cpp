// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/teachingcontext.h"

#include "comm/commvolume.h"

#include <algorithm>
#include <numeric>

namespace core {

namespace {
std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}
} // namespace

double causalPairs(std::int64_t q0, std::int64_t q1, std::int64_t k0, std::int64_t k1)
{
    // Query i sees keys k0 … min(i, k1−1): Σ over i of max(0, min(i, k1−1) − k0 + 1), summed in closed form
    // over the queries inside the key range (a triangle) and those past it (full rows).
    double pairs = 0;
    const std::int64_t triangleEnd = std::min(q1, k1); // queries i < k1 see i − k0 + 1 keys (if i ≥ k0)
    const std::int64_t a = std::max(q0, k0);
    if (triangleEnd > a) {
        const double first = static_cast<double>(a - k0 + 1);
        const double last = static_cast<double>(triangleEnd - 1 - k0 + 1);
        pairs += (first + last) * static_cast<double>(triangleEnd - a) / 2;
    }
    const std::int64_t fullStart = std::max(q0, k1);
    if (q1 > fullStart && k1 > k0)
        pairs += static_cast<double>(q1 - fullStart) * static_cast<double>(k1 - k0);
    return pairs;
}

double ContextSplit::imbalance() const
{
    if (pairsOfRank.empty())
        return 1;
    const double total = std::accumulate(pairsOfRank.begin(), pairsOfRank.end(), 0.0);
    const double busiest = *std::max_element(pairsOfRank.begin(), pairsOfRank.end());
    return total > 0 ? busiest / (total / static_cast<double>(pairsOfRank.size())) : 1;
}

ContextSplit contextSplit(const ModelArchitecture& model, std::int64_t sequence, int cp, bool loadBalanced,
                          double bytesPerElement)
{
    ContextSplit split;
    split.cp = std::max(cp, 1);
    split.loadBalanced = loadBalanced;
    split.sequence = sequence;
    const int count = loadBalanced ? 2 * split.cp : split.cp;
    const std::int64_t size = sequence / count;
    for (int c = 0; c < count; ++c) {
        // Balanced: chunk c belongs to rank c for the first half and to 2·CP−1−c for the second.
        const int rank = !loadBalanced || c < split.cp ? c : count - 1 - c;
        split.chunks.push_back({c, c * size, size, rank});
    }
    std::vector<std::vector<ContextChunk>> chunksOf(idx(split.cp));
    for (const ContextChunk& chunk : split.chunks)
        chunksOf[idx(chunk.rank)].push_back(chunk);

    split.pairsOfRank.assign(idx(split.cp), 0);
    for (int step = 0; step < split.cp; ++step) {
        ContextRingStep s;
        s.step = step;
        s.sends = step + 1 < split.cp;
        for (int r = 0; r < split.cp; ++r) {
            const int owner = ((r - step) % split.cp + split.cp) % split.cp;
            double pairs = 0;
            for (const ContextChunk& q : chunksOf[idx(r)])
                for (const ContextChunk& k : chunksOf[idx(owner)])
                    pairs += causalPairs(q.firstToken, q.firstToken + q.tokens, k.firstToken,
                                         k.firstToken + k.tokens);
            s.kvOwner.push_back(owner);
            s.pairs.push_back(pairs);
            split.pairsOfRank[idx(r)] += pairs;
        }
        split.steps.push_back(std::move(s));
    }
    split.kvBlockBytes = contextParallelRing(sequence, 1, std::max(model.kvHeads, 1),
                                             static_cast<int>(model.headDim), bytesPerElement, split.cp)
                             .kvBlockBytes;
    return split;
}

} // namespace core
