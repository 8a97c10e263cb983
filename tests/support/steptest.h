// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the step-timeline suites share (tst_steptimeline, tst_dataparallelsync, tst_stepcurves): a tiny dense
// design whose numbers can be redone by hand, relative comparison, and the spans of an FSDP stream.

#include "design/designio.h"
#include "pipeline/steptimeline.h"
#include "support/testdesigns.h"

#include <QtGlobal>
#include <algorithm>
#include <cmath>

namespace testing::step {

using namespace core;

// A small dense model whose numbers can be redone by hand: h = 1024, 8 heads of 128, a plain MLP of 4096,
// no biases; A100s (312 TFLOP/s) in one node over NVLink 3.
inline const char* const kTinyModel
    = R"({"name": "Tiny", "layers": 4, "hidden": 1024, "ffn": 4096, "heads": 8,
    "kvHeads": 8, "headDim": 128, "vocab": 1000, "mlp": "plain"})";

inline Design tinyDesign(const char* layoutPatch = "{}", int layers = 4, const char* modelPatch = "{}")
{
    Json document = testing::exampleJson("teaching-4gpu");
    Json model = Json::parse(kTinyModel);
    model["layers"] = layers;
    model.merge_patch(Json::parse(modelPatch));
    document["model"] = model;
    document["workload"] = Json::parse(R"({"mode": "training", "sequenceLength": 1024, "globalBatch": 8,
        "precision": "bf16-mixed", "optimizer": "adamw"})");
    document["layout"] = Json::parse(R"({"tp": 1, "pp": 4, "cp": 1, "dp": 1, "ep": 1, "microBatch": 1,
        "schedule": "1f1b", "recompute": "none", "sequenceParallel": false, "zeroStage": 0})");
    document["layout"].merge_patch(Json::parse(layoutPatch));
    const LoadResult loaded = designFromJson(document);
    if (!loaded.design)
        qFatal("tiny design does not load: %s", qPrintable(testing::describe(loaded.diagnostics)));
    return *loaded.design;
}

inline bool near(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

inline int countSpans(const FsdpLayerTimeline& t, FsdpStream stream, bool backward)
{
    int n = 0;
    for (const FsdpSpan& s : t.spans)
        n += s.stream == stream && s.backward == backward;
    return n;
}

} // namespace testing::step
