// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// torchtitan 0.2's pipeline split (torchtitan/distributed/pipeline_parallel.py of v0.2.0), for its launch
// import and export: how many model chunks a job config makes and which layers each holds. Internal to
// core's launch code.
//
// Chunks: module_fqns_per_model_part's length when given; else ceil((layers + first_stage_less_layers +
// last_stage_less_layers) / pipeline_parallel_layers_per_stage) when that is given; else one a rank for
// single-stage schedules and two for looped ones. Layers: generate_llm_fqn_per_model_part, which counts the
// embedding as `inputWeight` layers and the norm and output as `outputWeight` (both 1 by default), deals
// the sum out evenly, the remainder one each to the first chunks, and gives the first and the last chunk
// their weight fewer.

#include <string>
#include <string_view>
#include <vector>

namespace core::launch {

struct TitanSplit
{
    std::vector<int> layers; // per chunk, in model order
    // Empty when torchtitan would build it; otherwise why not, as a phrase argument (base/diagnostic.h
    // phraseArgument), as its ValueError says.
    std::string problem;
};

TitanSplit torchtitanGeneratedSplit(int chunks, int layers, int inputWeight = 1, int outputWeight = 1);

// The chunks a rank holds by default for a schedule name: 1 for the single-stage schedules (1F1B, GPipe:
// PipelineScheduleSingle), 2 for the looped ones.
int torchtitanChunksPerRank(std::string_view schedule);

// module_fqns_per_model_part as the one-line TOML array the job config holds ([["tok_embeddings",
// "layers.0"], ["layers.1", "norm", "output"]]): each chunk's layers, which must run 0, 1, 2 … in order, with
// the embedding in the first chunk and the norm and output in the last. Problem set otherwise.
TitanSplit torchtitanModuleSplit(std::string_view array, int layers);

// The same array for a split (one line).
std::string torchtitanModuleArray(const std::vector<int>& layersPerChunk);

} // namespace core::launch
