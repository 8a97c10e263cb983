// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the launch-file importers (launchimport.h): the design being built from the base, the
// diagnostics, where in the file the degrees came from, and the steps every format ends with — the model
// preset a name stands for, the data-parallel degree refitted to the cluster, the checks that the degrees
// fill it. Internal to core.

#include "launch/launchimport.h"
#include "launch/launchreader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core::launch {

struct ImportContext
{
    ImportContext(const Design& base, std::string_view tool)
        : base(base)
        , design(base)
        , tool(tool)
    { }

    const Design& base;
    Design design; // the base with what the file says
    std::string_view tool; // "Megatron-LM", for messages
    std::vector<Diagnostic> diagnostics;

    // What fitCluster checks: DP from the file or refitted, the processes the file starts.
    std::optional<std::string> dpWhere; // set when the file gives the data-parallel degree
    std::optional<std::int64_t> world;
    std::int64_t worldPerNode = 0; // processes per node, when the file says (torchrun --nproc-per-node)
    std::string worldWhere;
    std::string degreesWhere = "line 1"; // the first degree the file sets
    int degreesLine = 0;
    std::optional<std::vector<Dim>> frameworkOrder; // the tool's rank order (setOrder)

    bool failed() const { return hasErrors(diagnostics); }
    void add(const DiagnosticKind& kind, std::string where, std::vector<std::string> args = {})
    {
        diagnostics.push_back(makeDiagnostic(kind, std::move(where), std::move(args)));
    }
};

// The value of a setting as a whole number in [min, max]; an error at its line otherwise. A value that is
// a shell variable the file never sets ("$NNODES") is left unused (listed) rather than wrong. Nullopt when
// the setting is absent or its value unusable.
std::optional<std::int64_t> wholeNumber(ImportContext& context, const Setting* setting, std::int64_t min = 1,
                                        std::int64_t max = std::int64_t(1) << 24);
std::optional<double> realNumber(ImportContext& context, const Setting* setting, double min, double max);
// true/false (also True/False, 1/0, yes/no); an error otherwise.
std::optional<bool> boolean(ImportContext& context, const Setting* setting);
// One of `choices`; an error naming them otherwise.
std::optional<std::string> choice(ImportContext& context, const Setting* setting,
                                  std::initializer_list<std::string_view> choices);

// Sets the degree from the setting (1 when absent) and notes where the degrees start.
void readDegree(ImportContext& context, Dim dim, const Setting* setting);

// The model the file names, when it is a preset; a launch-model warning otherwise. True when set.
bool setModelByName(ImportContext& context, std::string_view name, const std::string& where);

// A BF16 run keeps the base's BF16 accounting (mixed or Megatron's FP32 main gradients); otherwise BF16
// mixed.
Precision bf16Precision(const Design& base);

// The framework's rank order, applied by fitCluster unless the base's order groups the ranks the same way
// (it differs only in dimensions of degree 1).
void setOrder(ImportContext& context, const std::vector<Dim>& frameworkOrder);

// DP from the cluster when the file does not give it; errors when the degrees and the processes the file
// starts do not fill the cluster's GPUs in service.
void fitCluster(ImportContext& context);

// The model chunks' layers as the design holds them, an even split as none (layersPerStage). A middle chunk
// without a layer, which the design's pipeline cannot have, is a launch-unsupported error at the setting
// that says the split (null: where the degrees are); the split is then left alone and false returned.
bool setLayerSplit(ImportContext& context, std::vector<int> layers, const Setting* setting);

// The global batch must be a whole number of micro-batches on every data-parallel replica.
void checkGlobalBatch(ImportContext& context, const std::string& where);

// The readers, one file each; each returns what it did not use.
std::vector<std::string> importMegatron(ImportContext& context, std::string_view text);
std::vector<std::string> importTorchtitan(ImportContext& context, std::string_view text);
std::vector<std::string> importAccelerate(ImportContext& context, std::string_view text);
std::vector<std::string> importDeepSpeed(ImportContext& context, std::string_view text);
std::vector<std::string> importVllm(ImportContext& context, std::string_view text);
std::vector<std::string> importSglang(ImportContext& context, std::string_view text);

// "TP=8 PP=4 CP=1 EP=1" of the design being built, for messages.
std::string degreesText(const ParallelLayout& layout, bool withDp);

} // namespace core::launch
