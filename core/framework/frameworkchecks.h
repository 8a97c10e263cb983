// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the design's framework cannot run, each as an error at the field that asks for it: a training
// framework asked to serve, a ZeRO stage it does not offer or not with pipeline parallelism, a parallel
// dimension it lacks, an offload kind it does not have, a pipeline schedule it does not run when the design
// names the framework (frameworkprofile.h names the sources).

#include "base/diagnostic.h"
#include "design/design.h"

#include <vector>

namespace core {

void validateFramework(const Design& design, std::vector<Diagnostic>& out);

// Megatron-Core's layout rules for activation offloading (TransformerConfig.__post_init__): one pipeline
// stage and no recomputation. validateFramework reports each that fails (with the layer count and the
// framework); the search keeps a design's offloading only on candidates that pass.
bool layoutAllowsActivationOffload(const ParallelLayout& layout);

// Why the design's framework cannot run its CUDA graphs (layout.cudaGraphs), or empty where it can: a
// framework without them (frameworks.json cudaGraphs), a serving design, and Megatron-Core's rules
// (TransformerConfig.__post_init__ of core_v0.19.0; its MoE README, "CUDA Graph"): per-layer graphs without
// full recomputation, without activation offloading and, Transformer Engine's graph of the router, without a
// recomputed MoE layer. validateFramework reports it at /layout/cudaGraphs (and warns where the whole
// iteration's graph meets a dropless MoE model, whose padding the design does not model); the search keeps a
// design's graphs only on candidates without one.
std::string cudaGraphConflict(const Design& design);
// Why the design's framework cannot send its MoE tokens with the design's dispatcher (layout.moeDispatcher),
// or empty where it can (or where no MoE layer sends any: EP 1): a serving design, a framework without
// DeepEP and HybridEP (frameworks.json flexDispatchers), and DeepEP over more than 8 GPUs of a node
// (NVLink domains beyond a node: HybridEP only). validateFramework reports it at /layout/moeDispatcher;
// the search falls back to the alltoall dispatcher on candidates with one.
std::string moeDispatcherConflict(const Design& design);
// A CUDA graph of the whole iteration over a dropless MoE model, whose expert padding the design cannot say
// (Megatron-Core's capacity factor or HybridEP's per-rank capacity): the validation's warning and the
// Megatron-LM export's note.
bool wholeIterationOverDroplessExperts(const Design& design);

} // namespace core
