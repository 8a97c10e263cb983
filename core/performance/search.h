// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The mesh search: every valid layout of a design's model on its cluster, ranked by step time.
//
// It enumerates DP, TP, PP, CP and EP degrees that fill the GPUs in service, and for each set of degrees the
// ZeRO stage, micro-batch, pipeline schedule (1F1B, interleaved, zero-bubble, DualPipe: those the framework
// runs), virtual stages and recomputation. The reference
// article's topology recipe («Ein Layout aus der Topologie zusammensetzen») bounds the degrees: TP inside the
// fastest domain (a node), CP only where the sequence is long, EP only for MoE models, every degree dividing
// what it splits. Each candidate is evaluated by the same code as evaluate() — validation, memory, the
// simulated schedule and the performance model — with the mesh and placement built once per set of degrees
// (evaluateMesh) and no schedule for what does not fit. Candidates that fit are ranked by tokens per second
// (for training: by step time), then by peak memory, or by memory headroom or tokens per GPU; the Pareto
// set of step time and headroom is marked. A pipeline that the stages do not divide evenly gets the split
// that balances the stages' time, output head included (searchspace.h). The sets of degrees run on a pool
// of threads; the result is the same as on one. A serving design is searched over TP, PP, EP and
// replicas (the reference article, «Wählen Sie die kleinste Gruppe, die den Workload bewältigt»: replicas
// against TP against PP for the same GPUs), ranked by the group's throughput, with each candidate's
// latencies.

#include "base/diagnostic.h"
#include "base/enumnames.h"
#include "catalog/catalog.h"
#include "design/design.h"
#include "design/designfield.h"
#include "performance/performance.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace core {

// Which global batch a candidate runs (searchspace.h, candidateBatch): the design's, or the nearest
// multiple of micro-batch × replicas below it, or the nearest either way. Calculon's search rounds the
// batch to what the data-parallel degree divides; Meshwright does so only when asked.
enum class BatchPolicy { Exact, RoundDown, Nearest };
// The order of the candidates that fit: most tokens per second (shortest step), most memory headroom, or
// most tokens per second per GPU.
enum class SearchRank { Time, Headroom, TokensPerGpu };

template<> struct EnumNames<BatchPolicy>
{
    static constexpr std::array table{std::pair{BatchPolicy::Exact, std::string_view{"exact"}},
                                      std::pair{BatchPolicy::RoundDown, std::string_view{"round-down"}},
                                      std::pair{BatchPolicy::Nearest, std::string_view{"nearest"}}};
};
template<> struct EnumNames<SearchRank>
{
    static constexpr std::array table{std::pair{SearchRank::Time, std::string_view{"time"}},
                                      std::pair{SearchRank::Headroom, std::string_view{"headroom"}},
                                      std::pair{SearchRank::TokensPerGpu, std::string_view{"tokens-per-gpu"}}};
};

struct SearchSpace
{
    std::vector<int> zeroStages{0, 1, 2, 3};
    std::vector<int> microBatches{1, 2, 4, 8};
    std::vector<Recompute> recompute{Recompute::None, Recompute::Selective, Recompute::Full};
    std::vector<int> virtualStages{1, 2, 4}; // chunks per rank the interleaved schedule tries (those > 1)
    // Pipeline schedules to try with PP > 1, each where the candidate's framework runs it
    // (FrameworkProfile::schedules: Megatron-Core 1F1B and interleaved, DeepSpeed 1F1B, torchtitan all but
    // DualPipe) and the design's rules allow it (validation rejects a DualPipe with odd PP, too few
    // micro-batches, …). Interleaved runs each of virtualStages above 1; ZB-V, DualPipeV and DualPipe two
    // chunks per rank. GPipe is left out by default: 1F1B's bubble with every micro-batch's activations
    // held at once, never faster nor smaller.
    std::vector<Schedule> schedules{Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZbH1,
                                    Schedule::ZbV,      Schedule::DualPipeV,   Schedule::DualPipe};
    // Context parallelism only for long sequences (the reference article: «Fügen Sie CP nur wegen der
    // Sequenzbeschränkung hinzu»).
    std::int64_t cpFromSequence = 32768;
    // Pipelines with fewer layers on the first and last stage where that balances the stages (V = 1).
    bool unevenPipeline = true;
    BatchPolicy batch = BatchPolicy::Exact;
    // Offload kinds and training precisions to try; empty: the design's own. A kind the framework cannot
    // offload, FP8 on GPUs without FP8 tensor cores and parameter offload below ZeRO-3 are left out
    // (searchspace.h, workloadVariants); CPU offload is priced on the host (offloadtime.h).
    std::vector<Offload> offloads;
    std::vector<Precision> precisions;
};

struct SearchOptions
{
    int threads = 0; // 0: std::thread::hardware_concurrency()
    std::int64_t limit = 0; // the most combinations to try, in the search's order; 0: all
    SearchRank rankBy = SearchRank::Time;
};

// One sentence of a candidate's recipe: a text marked MW_TR_NOOP("Recipes", …) with %1 … and its
// arguments, so that the window says it in its language (widgets/performance/recipetext.h);
// SearchCandidate::recipe is the same in English.
struct RecipeSentence
{
    const char* text = "";
    std::vector<std::string> args;
};

struct SearchCandidate
{
    ParallelLayout layout;
    Precision precision = Precision::Bf16Mixed; // the workload's, which the search may vary
    Offload offload = Offload::None;
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
    std::int64_t globalBatch = 0; // the batch it runs (the design's unless the batch policy rounds it)
    bool pareto = false; // no other candidate is both faster and leaves more memory free
    std::string recipe; // why the degrees sit where they sit, in the reference article's topology recipe
    std::vector<RecipeSentence> recipeSentences; // the same, sentence by sentence, for translation

    double headroomBytes() const { return capacityBytes - peakBytes; }
};

struct SearchResult
{
    std::vector<SearchCandidate> candidates; // fitting, fastest first
    std::int64_t enumerated = 0; // combinations tried
    std::int64_t invalid = 0; // rejected by validation (divisibility, batch, schedule rules)
    std::int64_t notFitting = 0; // valid, but some rank exceeds its memory
    bool cancelled = false;
    std::int64_t combinations = 0; // what the space holds (enumerated falls short of it with a limit)
    bool limited = false; // the limit stopped the search before the end of the space
    BatchPolicy batch = BatchPolicy::Exact;
    SearchRank rankBy = SearchRank::Time;
    // Why combinations were rejected: the first error's code ("batch-divisible", …) or "memory", with
    // counts, most frequent first.
    std::vector<std::pair<std::string, std::int64_t>> rejectedBy;
    // The valid combination that comes closest to fitting (least peak memory over capacity); set when
    // something did not fit.
    std::optional<SearchCandidate> closest;
    // Errors no layout can fix (the model, the cluster), found before the search; it then tries nothing.
    std::vector<Diagnostic> diagnostics;
};

// Called with (done, total) sets of degrees after each one and, while one runs, every 50 ms, one call at a
// time but from any of the search's threads; returning false cancels the search, which stops within one
// candidate's evaluation and returns what it has ranked so far.
using SearchProgress = std::function<bool(int done, int total)>;

SearchResult searchMeshes(const Design& design, const SearchSpace& space = {},
                          const SearchProgress& progress = {}, const Catalog& catalog = Catalog::builtin());
SearchResult searchMeshes(const Design& design, const SearchSpace& space, const SearchOptions& options,
                          const SearchProgress& progress = {}, const Catalog& catalog = Catalog::builtin());

// The design with a candidate's layout in place of its own (sequence parallelism with TP, the design's
// order, expert mode and placement rules kept).
Design withCandidate(const Design& design, const SearchCandidate& candidate);

// The same as field edits (designfield.h), for a document that applies them as one undo step.
std::vector<std::pair<Field, FieldValue>> candidateFieldEdits(const SearchCandidate& candidate);

Json searchToJson(const SearchResult& result, std::size_t top);

} // namespace core
