// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The mesh search: every valid layout of a design's model on its cluster, ranked by step time.
//
// It enumerates DP, TP, PP, CP and EP degrees that fill the GPUs in service, and for each set of degrees the
// ZeRO stage, micro-batch, schedule (1F1B, interleaved), virtual stages and recomputation. The reference
// article's topology recipe («Ein Layout aus der Topologie zusammensetzen») bounds the degrees: TP inside the
// fastest domain (a node), CP only where the sequence is long, EP only for MoE models, every degree dividing
// what it splits. Each candidate is evaluated by the same code as evaluate() — validation, memory, the
// simulated schedule and the performance model — with the mesh and placement built once per set of degrees
// (evaluateMesh) and no schedule for what does not fit. Candidates that fit are ranked by tokens per second
// (for training: by step time), then by peak memory. A serving design is searched over TP, PP, EP and
// replicas (the reference article, «Wählen Sie die kleinste Gruppe, die den Workload bewältigt»: replicas
// against TP against PP for the same GPUs), ranked by the group's throughput, with each candidate's
// latencies.

#include "base/diagnostic.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/designfield.h"
#include "performance/performance.h"

#include <functional>
#include <string>
#include <vector>

namespace core {

struct SearchSpace
{
    std::vector<int> zeroStages{0, 1, 2, 3};
    std::vector<int> microBatches{1, 2, 4, 8};
    std::vector<Recompute> recompute{Recompute::None, Recompute::Selective, Recompute::Full};
    std::vector<int> virtualStages{1, 2, 4}; // 1 = 1F1B; more = interleaved 1F1B with that many chunks
    // Context parallelism only for long sequences (the reference article: «Fügen Sie CP nur wegen der
    // Sequenzbeschränkung hinzu»).
    std::int64_t cpFromSequence = 32768;
};

struct SearchCandidate
{
    ParallelLayout layout;
    double stepSeconds = 0; // serving: the inter-token latency
    double tokensPerSecond = 0; // serving: the whole group's
    double timeToFirstToken = 0; // serving only
    double mfu = 0;
    double hfu = 0;
    double bubbleFraction = 0;
    ExposedCommunication exposed;
    double peakBytes = 0; // the fullest rank, reserve included
    double capacityBytes = 0; // that rank's GPU
    int warnings = 0; // diagnostics of severity warning (a TP group across nodes, …)
    std::string recipe; // why the degrees sit where they sit, in the reference article's topology recipe
};

struct SearchResult
{
    std::vector<SearchCandidate> candidates; // fitting, fastest first
    std::int64_t enumerated = 0; // combinations tried
    std::int64_t invalid = 0; // rejected by validation (divisibility, batch, schedule rules)
    std::int64_t notFitting = 0; // valid, but some rank exceeds its memory
    bool cancelled = false;
    // Errors no layout can fix (the model, the cluster), found before the search; it then tries nothing.
    std::vector<Diagnostic> diagnostics;
};

// Called after each set of degrees with (done, total); returning false cancels the search, which then
// returns what it has ranked so far.
using SearchProgress = std::function<bool(int done, int total)>;

SearchResult searchMeshes(const Design& design, const SearchSpace& space = {},
                          const SearchProgress& progress = {}, const Catalog& catalog = Catalog::builtin());

// The design with a candidate's layout in place of its own (sequence parallelism with TP, the design's
// order, expert mode and placement rules kept).
Design withCandidate(const Design& design, const SearchCandidate& candidate);

// The same as field edits (designfield.h), for a document that applies them as one undo step.
std::vector<std::pair<Field, FieldValue>> candidateFieldEdits(const SearchCandidate& candidate);

Json searchToJson(const SearchResult& result, std::size_t top);

} // namespace core
