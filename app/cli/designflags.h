// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The flags that build a design without a file, or override fields of one (meshwright-cli evaluate and
// every later verb that takes a design).

#include "cli/arguments.h"
#include "design/design.h"
#include "base/diagnostic.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cli {

struct DesignFlags
{
    std::optional<std::string> file; // positional DESIGN.json
    std::optional<std::string> example; // --example ID
    std::optional<std::string> model; // preset id or a JSON file holding a model
    std::optional<std::int64_t> layers, hidden, ffn, heads, kvHeads, vocab;
    std::optional<std::string> gpu, intraLink, fabric;
    std::optional<int> nodes, gpusPerNode, nicsPerNode;
    std::optional<double> oversubscription;
    std::optional<double> hostMemoryGiB; // --host-memory: RAM per node in GiB; 0: the GPUs' reference system
    std::optional<core::FabricTopology> fabricTopology;
    std::array<std::optional<int>, core::kDimCount> degrees;
    std::optional<std::vector<core::Dim>> order;
    std::optional<core::Framework> framework;
    std::optional<int> vocabDivisibleBy;
    std::optional<core::ExpertMode> expertMode;
    std::optional<int> expertTp;
    std::optional<int> zeroStage;
    std::optional<bool> sequenceParallel;
    std::optional<bool> tpCommOverlap;
    std::optional<bool> reshardAfterForward;
    // The framework's switches (core/framework/frameworkswitches.h), by Switch.
    std::optional<bool> overlapGradReduce, overlapParamGather, gradientSyncEveryMicroBatch,
        overlapMoeAllToAll, asyncCheckpoint, gradReduceInFp32, fusedCrossEntropy, torchCompile,
        fp8ParamGather;
    std::optional<int> microBatch, virtualStages, recomputeLayers, activationOffloadLayers;
    std::optional<std::int64_t> globalBatch, sequenceLength;
    std::optional<double> moeCapacityFactor, moeExpertLoadSkew;
    std::optional<core::Schedule> schedule;
    std::optional<core::Recompute> recompute;
    std::optional<core::CudaGraphs> cudaGraphs;
    std::optional<core::MoeDispatcher> moeDispatcher;
    std::optional<core::Mode> mode;
    std::optional<core::Precision> precision;
    std::optional<core::Fp8Recipe> fp8Recipe;
    std::optional<core::Optimizer> optimizer;
    std::optional<core::MomentDtype> optimizerMoments;
    std::optional<core::Offload> offload;
    std::optional<int> concurrency;
    std::optional<std::int64_t> context;
    std::optional<std::int64_t> promptLength, outputLength;
    std::optional<core::KvDtype> kvDtype;

    // Reads `flag` (and its value) if it is a design flag; false if it is not one.
    bool consume(const std::string& flag, Arguments& args);
    bool consumeToggle(const std::string& flag); // the on/off flags: --sp / --no-sp and the like
};

// The flags' help text, for usage().
std::string designFlagsHelp();

struct BuiltDesign
{
    std::optional<core::Design> design;
    std::vector<core::Diagnostic> diagnostics; // load problems (exit code 2 when design is empty)
};

// The file, the example or a blank design, with the flags applied on top.
BuiltDesign buildDesign(const DesignFlags& flags);

} // namespace cli
