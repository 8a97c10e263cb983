// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/teachingexperts.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}

// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014): the
// same sequence on every platform, unlike the standard library's distributions.
class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed)
        : m_state(seed)
    { }
    double uniform() // in (0, 1)
    {
        m_state += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        return (static_cast<double>(z >> 11) + 0.5) / 9007199254740992.0; // 2^53
    }

private:
    std::uint64_t m_state;
};

} // namespace

int Routing::leavingAssignments() const
{
    int leaving = 0;
    for (std::size_t from = 0; from < sent.size(); ++from)
        for (std::size_t to = 0; to < sent[from].size(); ++to)
            if (from != to)
                leaving += sent[from][to];
    return leaving;
}

int expertCapacity(double factor, int tokens, int topK, int experts)
{
    if (factor <= 0 || experts <= 0)
        return 0;
    return static_cast<int>(std::ceil(factor * tokens * topK / experts));
}

Routing routeTokens(const RoutingConfig& config)
{
    Routing routing;
    routing.config = config;
    const int experts = std::max(config.experts, 1);
    const int ranks = std::clamp(config.epRanks, 1, experts);
    const int topK = std::clamp(config.topK, 1, experts);
    const int tokens = std::max(config.tokens, 0);
    routing.config.experts = experts;
    routing.config.epRanks = ranks;
    routing.config.topK = topK;
    routing.capacity = expertCapacity(config.capacityFactor, tokens, topK, experts);
    const int perRank = (experts + ranks - 1) / ranks;
    for (int e = 0; e < experts; ++e)
        routing.experts.push_back({e, e / perRank, 0, 0, 0, 0});
    routing.sent.assign(idx(ranks), std::vector<int>(idx(ranks), 0));

    SplitMix64 random(config.seed);
    const int tokensPerRank = (tokens + ranks - 1) / std::max(ranks, 1);
    for (int t = 0; t < tokens; ++t) {
        TokenRoute route;
        route.token = t;
        route.sourceRank = tokensPerRank > 0 ? t / tokensPerRank : 0;
        // Weighted sampling without replacement: keep the k largest u^(1/w) (Efraimidis & Spirakis 2006).
        std::vector<std::pair<double, int>> keys;
        for (int e = 0; e < experts; ++e) {
            const double weight = 1.0 / (1.0 + std::max(config.skew, 0.0) * e);
            keys.emplace_back(std::pow(random.uniform(), 1.0 / weight), e);
        }
        std::partial_sort(keys.begin(), keys.begin() + topK, keys.end(), std::greater<>());
        for (int k = 0; k < topK; ++k) {
            const int e = keys[idx(k)].second;
            ExpertLoad& load = routing.experts[idx(e)];
            ++load.assigned;
            const bool kept = routing.capacity == 0 || load.processed < routing.capacity;
            if (kept) {
                ++load.processed;
                ++routing.sent[idx(route.sourceRank)][idx(load.rank)];
            } else {
                ++load.dropped;
            }
            route.experts.push_back(e);
            route.kept.push_back(kept);
        }
        routing.tokens.push_back(std::move(route));
    }
    routing.assignments = tokens * topK;
    for (ExpertLoad& load : routing.experts) {
        if (routing.capacity > 0)
            load.padded = routing.capacity - load.processed;
        routing.dropped += load.dropped;
        routing.padded += load.padded;
    }
    return routing;
}

} // namespace core
