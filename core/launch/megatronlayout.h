// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Megatron-LM's --pipeline-model-parallel-layout: the model chunks of every pipeline stage, written as a
// string ("Et|(tt|)*30L": the embedding and one layer, thirty chunks of two layers, the loss alone). Its
// grammar is Megatron-Core's PipelineParallelLayerLayout.parse_str_to_list
// (megatron/core/transformer/pipeline_parallel_layer_layout.py): commas are cosmetic and dropped, "(…)*n"
// repeats a group and then "x*n" one character, "|" ends a chunk; E is the embedding, t a transformer
// layer, m a multi-token prediction depth, L the loss. Chunk i of the list is stage i % PP's virtual stage
// i / PP, so the list runs in model order and its length over PP is the virtual-stage count. Internal to
// core's launch import and export.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace core::launch {

// What one model chunk holds.
struct LayoutChunk
{
    int embeddings = 0; // E
    int layers = 0; // t
    int mtpDepths = 0; // m
    int losses = 0; // L
    bool mtpBeforeLayer = false; // an m written before a t of the same chunk
};

struct ParsedLayout
{
    std::vector<LayoutChunk> chunks;
    char first = 0, last = 0; // the first and the last layer character, over all chunks
    // Empty when the string parses; otherwise why not, as a phrase argument (base/diagnostic.h
    // phraseArgument) for the launch-unsupported diagnostic.
    std::string problem;
};

ParsedLayout parseMegatronLayout(std::string_view text);

// The string for a design's split: the first chunk opens with E, the last holds the prediction depths
// and L; runs of equal middle chunks are written as "(…|)*n", runs of three or more layers as "t*n".
std::string megatronLayout(std::span<const int> layersPerChunk, int mtpDepths);

} // namespace core::launch
