// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// DualPipe's two copies of every stage, and what summing their gradients sends. Under DualPipe pipeline
// rank r holds model stage r for one direction and stage PP−1−r for the other (deepseek-ai/DualPipe
// examples/example_dualpipe.py: nn.Sequential(full_modules[rank], full_modules[pp_size - 1 - rank])), so
// every stage's weights sit on ranks r and PP−1−r and both copies' gradients are summed once per step
// (DeepSeek-V3 technical report, arXiv 2412.19437, §3.2.1). DualPipe.step() does not sum them; the example
// does after step() returns (p0.grad += p1all[pp_size - 1 - rank]). One function gives the bytes, so that
// the traffic (comm/traffic.h) and the step's time (pipeline/steptimeline.h, StageCopySync) agree.
//
// What is summed is what the optimizer reads. Without ZeRO every rank updates its whole copy from whole
// gradients (DDP all-reduces them): the pair sums the whole buffer. With the gradients reduce-scattered
// over the data-parallel group (ZeRO 1–3 in Meshwright's volume model, Megatron's distributed optimizer,
// FSDP) a rank ends its backward holding only its partition, and updates only that (Rajbhandari et al.,
// ZeRO, SC'20 §7.2.1: "each process only stores the portion of the gradients, that is required to update
// its corresponding parameter partition"). Its partner PP−1−r at the same data-parallel position holds the
// same partition of the same stages — FSDP2 shards every parameter on dim 0 (fully_shard), and torchtitan
// shards each stage module on its own (torchtitan/distributed/pipeline_parallel.py: parallelize_fn per
// model part) — so the pair sums the partitions: Ψ_rank/N, not Ψ_rank. deepseek-ai/DualPipe itself has no
// data parallelism, and DeepSeek-V3 ran DualPipe with ZeRO-1 (§3.2), which this covers.

#include "design/design.h"
#include "design/mesh.h"
#include "design/rankinfo.h"

#include <array>
#include <vector>

namespace core {

// What two pipeline ranks hold twice and sum the gradients of once per step: every stage under DualPipe
// (above), or the word embedding where the last stage keeps a copy of it — tied embeddings (its output head)
// or multi-token prediction depths (their input embedding) — and the first and last stage sit on different
// pipeline ranks. Megatron-LM all-reduces that copy's gradient between the first and last stage after the
// data-parallel reduction (distributed/finalize_model_grads.py, _allreduce_word_embedding_grads over the
// embedding group), the whole main_grad even under the distributed optimizer, Megatron-FSDP its shard;
// DeepSpeed's pipeline engine likewise for tied modules (_exec_reduce_tied_grads). V placements (ZB-V,
// DualPipeV) put both ends on rank 0: one tensor, nothing to sum.
enum class PipelineCopies { None, Stages, Embedding };
PipelineCopies pipelineCopies(const Design& design);
inline bool hasStageCopies(const Design& design)
{
    return pipelineCopies(design) != PipelineCopies::None;
}
// The pipeline rank holding the other copy of rank r's: PP − 1 − r for stages; the other end for the
// embedding, −1 for the ranks between.
int stageCopyPartner(const Design& design, int pipelineRank);
// The gradient elements pipeline rank r sums with its partner once per step: stages: both stages' parameters
// on the rank, divided by the ZeRO group each is sharded over (optimizerShardParameters); the embedding: its
// vocabulary-parallel shard (padded vocabulary × hidden / TP), under FSDP divided by the shard group; 0
// without copies.
double stageCopyParameters(const Design& design, int pipelineRank);
// Their bytes, e_g each (gradientBytesPerElement). An all-reduce of two ranks sends 2(2−1)/2 = 1× its
// buffer per rank (commvolume.h), so this is also what the rank sends its partner.
double stageCopyBytes(const Design& design, int pipelineRank);
// The pairs of global ranks that sum their copies: pipeline group by pipeline group (the mesh's order),
// pipeline ranks r and PP−1−r for r < PP/2 (stages) or 0 and PP−1 (the embedding), the lower first; empty
// without copies. Pair i is the group "pp:i" that the Collectives tab plays (comm/groupcollective.h).
std::vector<std::array<int, 2>> stageCopyPairs(const Design& design, const LayoutMesh& mesh,
                                               const std::vector<RankInfo>& ranks);

} // namespace core
