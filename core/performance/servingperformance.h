// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How fast a serving design answers: time to first token, inter-token latency, and the tokens per second
// of one replica and of the whole serving group (the reference article: "Durchsatz für die gesamte
// Gruppe berichten").
//
// One replica is a TP × PP (× CP, × EP) group; DP replicas serve independently. Per pipeline stage:
//  - prefill of one prompt of P tokens: max(compute, reading the stage's weights once), compute from
//    Megatron's layer FLOPs at the compute model's efficiency (computemodel.h), plus the TP all-reduces of
//    P·h activations per layer and the send to the next stage;
//  - one decode step for the batch B of sequences in flight: max(compute, reading the stage's weights and
//    the KV cache of B sequences at their mean length P + O/2) at the GPU's HBM bandwidth — the roofline
//    of decoding, which is memory-bound unless B is large — plus the per-layer TP all-reduces of B·h
//    activations (latency-bound), EP's all-to-all, and the send to the next stage.
// A token passes every stage in turn, so TTFT and the inter-token latency are sums over stages: pipeline
// parallelism lets a replica hold a larger model but does not shorten a token's path; TP does.
// MoE decode reads only the experts the batch routes to: E·(1 − (1 − k/E)^B) of them, uniform routing.

#include "base/explanation.h"
#include "base/jsonreader.h"
#include "catalog/catalog.h"
#include "design/design.h"

#include <optional>

namespace core {

struct MemoryReport; // memory.h
struct PlacedLayout; // placedlayout.h

struct ServingPerformance
{
    std::int64_t promptTokens = 0; // P
    std::int64_t outputTokens = 0; // O
    int batch = 0; // B: sequences in flight per replica (the design's concurrency)
    std::int64_t replicas = 0;
    double timeToFirstToken = 0; // prefill of one prompt on an idle replica
    double interTokenLatency = 0; // one decode step of the whole batch
    double requestSeconds = 0; // TTFT + O × ITL
    double replicaTokensPerSecond = 0; // decode: B / ITL
    double groupTokensPerSecond = 0; // × replicas
    bool decodeMemoryBound = false; // on the slowest stage
    double decodeBytesPerStep = 0; // weights and KV cache read by the slowest stage's GPU per step
    Explanation ttft;
    Explanation itl;
    Explanation throughput;
};

// The serving figures from the placed layout and the memory report (its KV cache per rank).
// Precondition: the design has no errors; evaluate() asks only then. nullopt unless the design serves and
// the first rank's GPU is a known preset with a peak and a bandwidth.
std::optional<ServingPerformance> estimateServing(const Design& design, const PlacedLayout& placed,
                                                  const MemoryReport& memory);

Json servingPerformanceToJson(const ServingPerformance& serving);

} // namespace core
