// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The kernel times of a layer as model terms (stagetime.h ModelTerm), each saying which table and rows,
// which fallback or which user table it came from (GemmModel::explain, explainAttention), so that the
// timeline's and the summary's times can be traced to a measurement.

#include "pipeline/layerkernels.h"
#include "pipeline/stagetime.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

// The terms a person needs to redo the step's numbers (FLOPs, the first stage's times, the multi-token
// prediction on the last, the pipeline boundary); the kernel terms follow them.
std::vector<ModelTerm> modelTerms(const Design& design, const StageTimes& out);
// One term per GEMM ("kernel.qkv", … with `prefix` before the name: "kernel.moe.experts-fc1"), the
// attention products ("kernel.attention") and the elementwise traffic ("kernel.elementwise"): seconds
// over the three passes.
void appendKernelTerms(std::vector<ModelTerm>& terms, const LayerKernels& kernels, const GpuSpec& gpu,
                       const GemmModel& gemms, std::string_view prefix);
// The embedding's lookup, forward and backward, on the first stage (layerkernels.h embeddingBytes).
void appendEmbeddingTerm(std::vector<ModelTerm>& terms, const LayerGemm& head, const GpuSpec& gpu);
// The output head's GEMM and the loss over its logits (crossEntropyBytes, fused or not).
void appendHeadTerm(std::vector<ModelTerm>& terms, const LayerGemm& head, const GpuSpec& gpu,
                    const GemmModel& gemms, LossKernel loss);
// Where the layer's GEMM times come from, in a few words: "measured kernel tables" (of another GPU's die, for
// a GPU that runs its kernels), "the design's own kernel table" or "a roofline, no measured table for this
// GPU" (the command line's one-line summary).
std::string gemmOrigin(const LayerKernels& kernels, const LayerGemm& head, const GemmModel& gemms);
// One sentence: where the GEMM, attention and elementwise times of the layer come from.
std::string kernelSourceSummary(const LayerKernels& kernels, const LayerGemm& head, const GpuSpec& gpu,
                                const GemmModel& gemms);

} // namespace core
